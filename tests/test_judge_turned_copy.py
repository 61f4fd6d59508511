"""The gold copied with one word turned to its opposite (``turned_copy``): refused, while
answers that only share a connective with the gold, deny, pair or also say the gold's word
are left to the other readings."""
from __future__ import annotations

import pytest

from harness.judge.offline_judge import heuristic_verdict
from harness.judge.turned_copy import turned_word

RISK_Q = "What risks does Larch Bank face from its commercial real estate loans?"
RISK_GOLD = "Office loans are 12% of its book and vacancy rates are rising, so credit losses on them may increase."
USE_Q = "Is Kelp Foods' operating margin a useful metric? If not, explain why."
USE_GOLD = (
    "Operating margin is not a useful metric for Kelp Foods because most of its income comes from a one-off "
    "asset sale; operating cash flow is more telling."
)
TAX_Q = "Why did Fir Chemicals' effective tax rate drop in FY2022?"
TAX_GOLD = (
    "The rate dropped because of a one-time tax benefit from an internal restructuring and more profits earned "
    "in lower-tax countries."
)


@pytest.mark.parametrize(
    ("question", "gold", "answer", "turned"),
    [
        (RISK_Q, RISK_GOLD, RISK_GOLD.replace("may increase", "may decrease"), ("increase", "decrease")),
        (USE_Q, USE_GOLD, USE_GOLD.replace("more telling", "less telling"), ("more", "less")),
        (TAX_Q, TAX_GOLD, TAX_GOLD.replace("more profits", "less profits").replace("lower-tax", "higher-tax"), ("more", "less")),
        (
            "How did Birch Retail's gross margin change in FY2022?",
            "Gross margin fell because of higher freight costs.",
            "Gross margin fell because of lower freight costs.",
            ("higher", "lower"),
        ),
    ],
)
def test_the_gold_with_one_word_turned_is_refused(question: str, gold: str, answer: str, turned: tuple[str, str]) -> None:
    assert turned_word(gold, answer) == turned
    verdict = heuristic_verdict(question, gold, answer)
    assert verdict.label == "incorrect", verdict.rationale
    assert "turned" in verdict.rationale


def test_the_gold_itself_and_its_paraphrase_are_still_credited() -> None:
    assert turned_word(RISK_GOLD, RISK_GOLD) is None
    assert heuristic_verdict(RISK_Q, RISK_GOLD, RISK_GOLD).label == "correct"
    paraphrase = "Rising vacancy rates on office loans, 12% of its book, may increase credit losses on them."
    assert turned_word(RISK_GOLD, paraphrase) is None


@pytest.mark.parametrize(
    ("gold", "answer", "why"),
    [
        # One side alone: "due to" is shared, the things are not.
        (
            "Operating margin decreased by 1.7% primarily due to: decrease in gross margin",
            "Operating margin fell, due to increased litigation costs and a decrease in gross margin.",
            "one side",
        ),
        ("Revenue grew, partially offset by higher costs.", "Revenue grew 5%, partially offset by lower volumes.", "a qualifier's thing differs"),
        ("Costs decreased in FY2022.", "Costs did not increase in FY2022.", "a denial"),
        ("It reports unrealized gains and losses on investments.", "It reports unrealized losses and gains on investments.", "a pair"),
        (
            "Revenue rose on higher volumes.",
            "Revenue rose on higher volumes in Asia, though lower volumes in Europe.",
            "the gold's word too",
        ),
    ],
)
def test_words_shared_without_a_turn_are_not_read_as_one(gold: str, answer: str, why: str) -> None:
    assert turned_word(gold, answer) is None, why


def test_articles_do_not_hide_a_turn() -> None:
    assert turned_word("There was an increase in revenue in FY2022.", "There was a decrease in revenue in FY2022.") == (
        "increase",
        "decrease",
    )


RISKS_Q = "What are the main risks facing Pembury Pharma as of FY2022?"
RISKS_GOLD = ("Pembury Pharma's main risks are the loss of U.S. patent exclusivity in 2024 for its top-selling drug Cardalin, "
              "which accounted for 41% of FY2022 revenue, and its dependence on a single contract manufacturer in Ireland.")


@pytest.mark.parametrize(
    ("answer", "credited"),
    [
        (RISKS_GOLD, True),
        (RISKS_GOLD.replace("U.S.", "US"), True),
        # The answer's "U.S." is read as "United States": the gold's must be too, or the copy
        # with a word turned shares none of the words around the turn.
        (RISKS_GOLD.replace("the loss of", "the gain of"), False),
        (RISKS_GOLD.replace("the loss of", "the gain of").replace("U.S.", "United States"), False),
    ],
)
def test_the_golds_abbreviations_are_read_as_the_answers_are(answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(RISKS_Q, RISKS_GOLD, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale
