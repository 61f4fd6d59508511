"""The gold copied with one word turned to its opposite (``turned_copy``): refused, while
answers that only share a connective with the gold, deny, pair or also say the gold's word
are left to the other readings."""
from __future__ import annotations

import pytest

from harness.judge.offline_judge import heuristic_verdict
from harness.judge.turned_copy import turned_word, turned_year

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


AGENDA_GOLD = ("Bexley agreed to acquire Norcroft Therapeutics for $28.50 per share in cash, filed under Item 1.01; the deal "
               "was expected to close in Q4 2023.")


@pytest.mark.parametrize(
    ("gold", "answer", "question", "moved"),
    [
        # The gold copied with a year moved to one it does not name: another time for the same claim.
        (AGENDA_GOLD, AGENDA_GOLD.replace("Q4 2023", "Q4 2021"), "", ("2023", "2021")),
        ("New base rates, effective March 2022, added about $48 million.",
         "New base rates, effective March 2020, added about $48 million.", "", ("2022", "2020")),
        # Not where the answer also gives the gold's year, nor for a year the question asks of.
        ("Yes, it paid $0.40 per share; no, it was not raised (also $0.40 in FY2021).",
         "Yes, it paid $0.40 per share in FY2022; the same $0.40 it paid in FY2021.", "Did it pay a dividend in FY2022?", None),
        ("Restructuring costs in FY2022 amounted to $411 million.",
         "$411 million. Restructuring costs in FY2022 were $411 million (versus $247 million in FY2021).", "", None),
        ("It paid $0.40 in FY2021.", "It paid $0.40 in FY2022.", "Did it pay a dividend in FY2022?", None),
        # Nor a year among other words.
        ("The deal closed in 2023.", "Revenue grew in 2021 after the merger.", "", None),
    ],
)
def test_a_year_moved_in_a_copy_of_the_gold(gold: str, answer: str, question: str, moved: tuple[str, str] | None) -> None:
    assert turned_year(gold, answer, question) == moved


def test_a_copy_with_its_year_moved_is_refused() -> None:
    question = "What was the key agenda of Bexley Pharma's 8-K filing dated August 14, 2023?"
    assert heuristic_verdict(question, AGENDA_GOLD, AGENDA_GOLD).label == "correct"
    verdict = heuristic_verdict(question, AGENDA_GOLD, AGENDA_GOLD.replace("Q4 2023", "Q4 2021"))
    assert verdict.label == "incorrect" and "2021" in verdict.rationale
