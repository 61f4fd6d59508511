"""The gold's own figures exchanged: on the wrong year, or a change on the wrong item."""
from __future__ import annotations

import pytest

from harness.judge.amounts import parse_quantities, question_unit
from harness.judge.number_evidence import number_evidence
from harness.judge.number_swaps import one_calendar_shift, value_years, year_spellings
from harness.judge.offline_judge import heuristic_verdict

CVS_Q = "Is CVS Health a capital-intensive business based on FY2022 data?"
CVS_GOLD = (
    "Yes, CVS Health requires an extensive asset base to operate, which is evident from its ROA of only 1.82% in 2022 "
    "and 3.39% in 2021, though it should be noted that a significant portion of this asset base is goodwill."
)
STORES_Q = "Was there any change in the number of Best Buy stores between Q2 of FY2024 and FY2023?"
STORES_GOLD = "Yes, there is decline in number stores by 1.32% from 982 stores in Q2 FY 2023 to 969 by the end of Q2 FY2024."
MARGIN_Q = "What drove operating margin change as of FY2022 for 3M?"
MARGIN_GOLD = "Operating Margin for 3M in FY2022 has decreased by 1.7% primarily due to: \n-Decrease in gross Margin\n-litigation charges"
DEBT_Q = "Has Microsoft increased its debt on balance sheet between FY2023 and the FY2022 period?"
DEBT_GOLD = "No. Microsoft decreased its debt by $2.5bn in FY 2023 vs FY 2022."


def _years(text: str) -> list[int | None]:
    values = parse_quantities(text)
    return value_years(text, values)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ROA was 1.82% in 2022 and 3.39% in 2021.", [2022, 2021]),
        ("In 2022, ROA was 1.82% and in 2021 3.39%.", [2022, 2021]),
        ("FY2022 ROA: 1.82%; FY2021 ROA: 3.39%", [2022, 2021]),
        # A year that heads the next value ("2021: ...") is not the year of the value before it.
        ("ROA: 2022: 1.82%, 2021: 3.39%.", [2022, 2021]),
        ("Stores fell 1.32% from 982 stores in Q2 FY 2023 to 969 by the end of Q2 FY2024.", [None, 2023, 2024]),
        # A year already tied to the value before it, or a span of years, ties no other value.
        ("ROA was 1.82% in 2022, compared with 3.39%.", [2022, None]),
        ("From 2021 to 2022, ROA fell from 3.39% to 1.82%.", [None, None]),
        ("ROA fell to 1.82% from 3.39% between 2021 and 2022.", [None, None]),
        # Where a change starts is of the period before the year that leads in.
        ("In 2022, ROA fell from 3.39% to 1.82%.", [None, None]),
        ("ROA declined in 2022 from 3.39% to 1.82%.", [None, None]),
        ("In 2022, ROA was lower than 3.39%.", [None]),
        ("In 2022 ROA was down compared to 3.39%.", [None]),
    ],
)
def test_the_year_a_value_is_stated_for(text: str, expected: list[int | None]) -> None:
    assert _years(text) == expected


def test_two_values_on_each_others_years_are_a_swap() -> None:
    swapped = "Yes. CVS Health is capital-intensive: its ROA was only 3.39% in 2022 and 1.82% in 2021."
    evidence = number_evidence(CVS_GOLD, swapped, question_unit(CVS_Q), CVS_Q)
    assert (evidence["found"], evidence["swapped"]) == (0, 2)
    verdict = heuristic_verdict(CVS_Q, CVS_GOLD, swapped)
    assert verdict.label == "incorrect" and "another year" in verdict.rationale
    right = "Yes. CVS Health is capital-intensive: its ROA was only 1.82% in 2022 and 3.39% in 2021."
    assert heuristic_verdict(CVS_Q, CVS_GOLD, right).label == "correct"


def test_a_swap_is_decisive_beside_a_figure_found() -> None:
    # The change (1.32%) is right; the two levels sit on each other's years.
    swapped = "Yes, the store count declined 1.32%, from 969 stores in Q2 FY2023 to 982 stores in Q2 FY2024."
    evidence = number_evidence(STORES_GOLD, swapped, question_unit(STORES_Q), STORES_Q)
    assert (evidence["found"], evidence["swapped"]) == (1, 2)
    assert heuristic_verdict(STORES_Q, STORES_GOLD, swapped).label == "incorrect"


def test_one_value_on_the_other_year_counts_when_the_answer_uses_the_gold_years() -> None:
    answer = "Yes. CVS Health is capital-intensive: in 2022 its ROA was only 3.39%, and in 2021 it was 2.10%."
    assert heuristic_verdict(CVS_Q, CVS_GOLD, answer).label == "incorrect"


def test_calendar_years_for_fiscal_ones_are_no_swap() -> None:
    # Q2 FY2024 ended in July 2023: every year shifts alike, and 2024 is never named.
    answer = "Yes, the store count fell 1.32%, from 982 stores in July 2022 to 969 stores in July 2023."
    assert number_evidence(STORES_GOLD, answer, question_unit(STORES_Q), STORES_Q)["swapped"] == 0
    assert heuristic_verdict(STORES_Q, STORES_GOLD, answer).label == "correct"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1.82% in 2022 and 3.39% in 2021", {2022: {"plain "}, 2021: {"plain "}}),
        ("982 stores in Q2 FY 2023 to 969 by the end of Q2 FY2024", {2023: {"fiscal part"}, 2024: {"fiscal part"}}),
        ("982 stores in July 2022, $1.3 billion as of December 31, 2023", {2022: {"plain month"}, 2023: {"plain month"}}),
        ("fiscal 2021 and the second quarter of 2023", {2021: {"fiscal "}, 2023: {"plain part"}}),
    ],
)
def test_how_a_text_writes_its_years(text: str, expected: dict[int, set[str]]) -> None:
    assert year_spellings(text) == expected


@pytest.mark.parametrize(
    "answer",
    [
        "Yes. CVS Health is capital-intensive: its ROA was only 3.39% in 2022.",
        "Yes, CVS Health is capital-intensive; in 2021 its ROA was just 1.82%.",
    ],
)
def test_one_value_on_the_golds_other_year_written_as_the_gold_writes_it(answer: str) -> None:
    # Only one year is named, but it is written as the gold writes its years.
    evidence = number_evidence(CVS_GOLD, answer, question_unit(CVS_Q), CVS_Q)
    assert evidence["swapped"] == 1
    verdict = heuristic_verdict(CVS_Q, CVS_GOLD, answer)
    assert verdict.label == "incorrect" and "another year" in verdict.rationale


def test_one_fiscal_quarter_value_on_the_golds_other_quarter() -> None:
    wrong = "Yes, Best Buy's store count declined by 1.32%, to 982 stores by the end of Q2 FY2024."
    assert heuristic_verdict(STORES_Q, STORES_GOLD, wrong).label == "incorrect"
    right = "Yes, Best Buy's store count declined by 1.32%, to 969 stores by the end of Q2 FY2024."
    assert heuristic_verdict(STORES_Q, STORES_GOLD, right).label == "correct"


def test_one_value_on_its_own_year_or_on_a_calendar_year_is_no_swap() -> None:
    right = "Yes. CVS Health is capital-intensive: its ROA was only 1.82% in 2022."
    assert number_evidence(CVS_GOLD, right, question_unit(CVS_Q), CVS_Q)["swapped"] == 0
    assert heuristic_verdict(CVS_Q, CVS_GOLD, right).label == "correct"
    # The value the change starts from is not the lead-in year's.
    right = "Yes. CVS Health is capital-intensive: its ROA declined in 2022 from 3.39% to 1.82%."
    assert number_evidence(CVS_GOLD, right, question_unit(CVS_Q), CVS_Q)["swapped"] == 0
    assert heuristic_verdict(CVS_Q, CVS_GOLD, right).label == "correct"
    # Q2 FY2024 ended in July 2023: a month before the year says it is a calendar date.
    calendar = "Yes, Best Buy had 969 stores in July 2023, 1.32% fewer than a year before."
    assert number_evidence(STORES_GOLD, calendar, question_unit(STORES_Q), STORES_Q)["swapped"] == 0
    assert heuristic_verdict(STORES_Q, STORES_GOLD, calendar).label == "correct"


def test_a_change_on_another_item_is_a_swap() -> None:
    wrong = "3M's operating margin decreased by 0.6% in FY2022, while its gross margin decreased by 1.7%, on litigation charges."
    assert number_evidence(MARGIN_GOLD, wrong, question_unit(MARGIN_Q), MARGIN_Q)["swapped"] == 1
    assert heuristic_verdict(MARGIN_Q, MARGIN_GOLD, wrong).label == "incorrect"
    right = "3M's operating margin decreased by 1.7% in FY2022, as gross margin decreased by 0.6% and litigation charges weighed."
    assert heuristic_verdict(MARGIN_Q, MARGIN_GOLD, right).label == "correct"


def test_the_company_name_is_no_item() -> None:
    # "Microsoft" stands beside one change and not the other: it names neither item.
    wrong = "No. Microsoft's cash decreased by $2.5 billion in FY2023, while its debt decreased by $1.0 billion."
    assert heuristic_verdict(DEBT_Q, DEBT_GOLD, wrong).label == "incorrect"
    right = "No. Microsoft's debt decreased by $2.5 billion in FY2023, while its cash increased by $1.0 billion."
    assert heuristic_verdict(DEBT_Q, DEBT_GOLD, right).label == "correct"


def test_the_levels_a_change_is_taken_from_are_no_rival_item() -> None:
    answer = "Operating margin fell from 19.1% to 17.4%, a decrease of 1.7%, on lower gross margin and litigation charges."
    evidence = number_evidence(MARGIN_GOLD, answer, question_unit(MARGIN_Q), MARGIN_Q)
    assert (evidence["found"], evidence["swapped"]) == (1, 0)


REVENUE_Q = "Has Best Buy's revenue declined between FY2022 and FY2023?"
REVENUE_GOLD = "Yes. Best Buy's revenue declined from $51.8 billion in FY2022 to $46.3 billion in FY2023."


@pytest.mark.parametrize(
    ("question", "gold", "answer"),
    [
        # Q2 FY2024 ended in July 2023 and FY2024 on February 3, 2024: every value one year
        # before the gold's fiscal year, as the calendar counts it.
        (STORES_Q, STORES_GOLD, (
            "Yes. Best Buy's store count fell 1.32%, from 982 stores in July 2022 to 969 stores in July 2023, and it "
            "planned to operate about 960 stores by February 3, 2024."
        )),
        (STORES_Q, STORES_GOLD, "Yes. Best Buy had 969 stores in 2023, down 1.32% from 982 stores in 2022, after 978 stores at February 3, 2024."),
        # Fiscal 2023 ended on January 28, 2023: its calendar year is 2022.
        (REVENUE_Q, REVENUE_GOLD, "Yes. Best Buy's revenue declined 10.6% to $46.3 billion in 2022; inventories were $5.1 billion at January 28, 2023."),
        (REVENUE_Q, REVENUE_GOLD, (
            "Yes. Best Buy's revenue declined 10.6% to $46.3 billion in 2022 from $51.8 billion in 2021; inventories were "
            "$5.1 billion at January 28, 2023."
        )),
    ],
)
def test_calendar_years_one_off_the_golds_fiscal_years_are_no_swap(question: str, gold: str, answer: str) -> None:
    assert number_evidence(gold, answer, question_unit(question), question)["swapped"] == 0
    verdict = heuristic_verdict(question, gold, answer)
    assert verdict.label == "correct", verdict.rationale


BOEING_Q = "Does Boeing have an improving gross margin profile as of FY2022? If gross margin is not a useful metric for a company like this, then state that and explain why."
BOEING_GOLD = (
    "Yes. Boeing has an improving gross margin profile as of FY2022. Gross profit improved from $3,017 million in FY2021 to "
    "$3,502 million in FY2022. Gross margin % improved from 4.8% in FY2021 to 5.3% in FY2022."
)


@pytest.mark.parametrize(
    ("question", "gold", "answer"),
    [
        # One value a year before its fiscal year, the other a year after: no one shift of
        # the calendar puts both on their own years.
        (BOEING_Q, BOEING_GOLD, "Yes. Gross margin improved from 5.3% in 2021 to 4.8% in 2022, as gross profit rose to $3,502 million."),
        (REVENUE_Q, REVENUE_GOLD, (
            "Yes. Best Buy's revenue declined to $51.8 billion in 2023, from $46.3 billion in 2022; inventories were "
            "$5.1 billion at January 28, 2023."
        )),
        # The answer writes fiscal years itself: its plain year is not a calendar count of them.
        (BOEING_Q, BOEING_GOLD, (
            "Yes. Gross profit rose from $3,017 million in FY2021 to $3,502 million in FY2022, and gross margin reached "
            "4.8% in 2022."
        )),
        (REVENUE_Q, REVENUE_GOLD, "Yes. Best Buy's revenue declined 10.6% to $46.3 billion in 2022; it expects about $44 billion in fiscal 2023."),
        # The gold writes plain years: the answer's plain years are counted as the gold counts them.
        (CVS_Q, CVS_GOLD, "Yes. CVS Health is capital-intensive: its ROA was only 3.39% in 2022."),
    ],
)
def test_a_year_no_single_calendar_shift_explains_is_still_a_swap(question: str, gold: str, answer: str) -> None:
    assert number_evidence(gold, answer, question_unit(question), question)["swapped"] >= 1
    assert heuristic_verdict(question, gold, answer).label == "incorrect"


@pytest.mark.parametrize(
    ("placements", "expected"),
    [
        ([(2022, 2023, False), (2021, 2022, False)], True),  # every value a year back
        ([(2023, 2022, False)], True),  # a year forward
        # A January-March date may stand for the year before it: February 3, 2024 closes FY2024.
        ([(2023, 2024, False), (2024, 2024, True)], True),
        ([(2021, 2022, False), (2022, 2021, False)], False),  # one back, one forward
        ([(2022, 2022, False), (2021, 2022, False)], False),  # one on its own year, one back
        ([(2020, 2022, False)], False),  # two years off
        ([], False),
    ],
)
def test_one_calendar_shift_for_every_value(placements: list[tuple[int, int, bool]], expected: bool) -> None:
    assert one_calendar_shift(placements) is expected


PEPSICO_Q = (
    "What is the quantity of restructuring costs directly outlined in Pepsico's income statements for FY2022? "
    "If restructuring costs are not explicitly outlined then state 0."
)
PEPSICO_GOLD = "Pepsico's restructuring costs in FY2022 amounted to $411 million ."


@pytest.mark.parametrize("answer", [
    "Pepsico's restructuring costs amounted to $247 million in FY2022, against $411 million in FY2021.",
    "FY2021: $411 million; FY2022: $247 million.",
    # The value tied to no year, its sentence naming only the gold's year beside the aside.
    "Restructuring costs were $247 million, as the FY2022 income statement shows (FY2021: $411 million).",
])
def test_a_one_figure_golds_figure_on_the_year_before_with_another_on_its_own_is_a_swap(answer: str) -> None:
    # The columns of two years read the wrong way round: the gold's figure is right for a
    # year the question does not ask about, and the answer gives the asked year another.
    evidence = number_evidence(PEPSICO_GOLD, answer, question_unit(PEPSICO_Q), PEPSICO_Q)
    assert (evidence["found"], evidence["swapped"]) == (0, 1)
    assert heuristic_verdict(PEPSICO_Q, PEPSICO_GOLD, answer).label == "incorrect"


@pytest.mark.parametrize("answer", [
    "Pepsico's restructuring costs in FY2022 amounted to $411 million (FY2021: $247 million).",
    "FY2021: $247 million; FY2022: $411 million.",
    "Restructuring costs rose from $247 million in FY2021 to $411 million in FY2022.",
    # A calendar count of fiscal years names no value for the gold's year as it writes it.
    "Restructuring costs were $411 million in 2021 and $247 million in 2020.",
])
def test_the_golds_figure_on_its_own_year_or_counted_by_the_calendar_is_no_swap(answer: str) -> None:
    evidence = number_evidence(PEPSICO_GOLD, answer, question_unit(PEPSICO_Q), PEPSICO_Q)
    assert evidence["swapped"] == 0


MARGIN_LEVEL_Q = "What was Wexford Beverages' FY2022 operating margin?"
MARGIN_LEVEL_GOLD = "Operating margin was 14.2% in FY2022, down from 15.9% in FY2021."


def test_the_level_a_change_started_from_is_context_to_a_question_of_the_level_reached() -> None:
    # The question asks one year's level: the year before is the gold's context, and an
    # answer of the asked level alone leaves it out without contradicting it.
    assert heuristic_verdict(MARGIN_LEVEL_Q, MARGIN_LEVEL_GOLD, "Operating margin was 14.2% in FY2022.").label == "correct"
    # Another level it started from does contradict it, and the context's figure is no answer.
    for wrong in ("Operating margin was 14.2% in FY2022, down from 16.4% in FY2021.", "Operating margin was 15.9% in FY2022."):
        assert heuristic_verdict(MARGIN_LEVEL_Q, MARGIN_LEVEL_GOLD, wrong).label == "incorrect", wrong
    # A question that asks how the figure compares needs the year before.
    compare_q = "What was Nettle Robotics' FY2021 revenue, and how did it compare with FY2020?"
    compare_gold = "Revenue was $1.35 billion in FY2021, up 18% from $1.14 billion in FY2020."
    answer = "Nettle Robotics' FY2021 revenue was $1.35 billion, which was slightly lower than FY2020 revenue of $1.41 billion."
    assert heuristic_verdict(compare_q, compare_gold, answer).label == "incorrect"
