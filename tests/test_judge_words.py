"""One list of the words that say a figure went up or down, read alike by every reading."""
from __future__ import annotations

import pytest

from harness.judge.amounts import parse_quantities
from harness.judge.number_swaps import item_words
from harness.judge.numeric_check import stated_direction
from harness.judge.verdict_polarity import direction_of

RISING = ["increased", "improving", "grew", "growing", "raised", "risen", "rose", "higher", "expanded", "expansion", "gained", "jumped", "climbed", "up"]
FALLING = ["decreased", "declined", "dropped", "fell", "falling", "lowered", "shrank", "deteriorated", "reduced", "contracted", "worsened", "slipped", "slid", "down"]


@pytest.mark.parametrize(("word", "side"), [(w, "up") for w in RISING] + [(w, "down") for w in FALLING])
def test_a_word_of_direction_reads_the_same_way_everywhere(word: str, side: str) -> None:
    text = f"Operating margin {word} 1.7%."
    value = parse_quantities(text)[0]
    # Beside a value: the direction it went.
    assert stated_direction(text, value) == side
    # In a verdict on a question about one side: yes for that side, no for the other.
    assert direction_of(text, "Did operating margin increase?") == ("yes" if side == "up" else "no")
    # In a change: no item of its own.
    assert item_words(text, value, [value]) == {"operat", "margin"}


@pytest.mark.parametrize(
    ("text", "side"),
    [("Free cash flow was positive at 1.7%.", "up"), ("Working capital was negative at 1.7%.", "down"), ("A deficit of 1.7%.", "down")],
)
def test_a_sign_reads_as_a_direction_beside_a_value_and_in_a_verdict(text: str, side: str) -> None:
    value = parse_quantities(text)[0]
    assert stated_direction(text, value) == side
    assert direction_of(text, "Is it positive?") == ("yes" if side == "up" else "no")


def test_plain_reads_full_width_and_invisible_characters_as_a_reader_does() -> None:
    from harness.judge.words import plain

    assert plain("＄１，５７７ million") == "$1,577 million"
    assert plain("$1,5\u200b77\u00ad million\ufeff") == "$1,577 million"
    text = "Capex was $1,577 million."
    assert plain(text) is text  # ASCII is returned as it is, not copied


def test_a_sentence_that_opens_by_denying_states_only_what_follows_its_turn() -> None:
    from harness.judge.claims import without_disowned_claims

    assert without_disowned_claims("It is not true that capex was $1,577 million.").strip() == ""
    assert without_disowned_claims("It is not true that capex was $1,400 million; in fact it was $1,577 million.").strip() == "in fact it was $1,577 million."
    assert without_disowned_claims("Revenue grew. It is false that margins fell, but costs rose.") == "Revenue grew.  costs rose."
    text = "It is true that capex was $1,577 million."
    assert without_disowned_claims(text) is text


def test_a_sentence_that_supposes_attributes_or_asks_its_claim_states_nothing() -> None:
    from harness.judge.claims import without_disowned_claims

    assert without_disowned_claims("Suppose capex was $1,577 million.").strip() == ""
    assert without_disowned_claims("Some analysts claim that capex was $1,577 million, but the filing says otherwise.").strip() == "the filing says otherwise."
    assert without_disowned_claims("Is it true that capex was $1,577 million?").strip() == ""
    # An answer's own reasoning is no such frame.
    text = "Assuming the cash flow statement is right, capex was $1,577 million. Analysts say it rose."
    assert without_disowned_claims(text) == text
