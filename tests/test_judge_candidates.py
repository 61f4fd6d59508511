"""Candidates laid out for the reader to choose from, or put in the answer's place by an
afterthought, are no answer; a total with the parts that add up to it is one."""
from __future__ import annotations

from harness.judge.amounts import parse_quantities
from harness.judge.candidate_values import afterthought_values, candidate_values
from harness.judge.numeric_check import numeric_check
from harness.judge.offline_judge import heuristic_verdict
from harness.judge.refusal import sentence_spans

BACKLOG_Q = "What was Granthorpe Engineering's backlog at the end of FY2022?"
BACKLOG_GOLD = "Backlog was $14.3 billion at the end of FY2022, up about 9% from $13.1 billion a year earlier."
CAPEX_Q = "What was the company's FY2022 capital expenditure in USD millions?"


def _judge(question: str, gold: str, answer: str) -> str:
    decided = numeric_check(question, gold, answer)
    return decided.label or heuristic_verdict(question, gold, answer, decided=decided).label


def test_a_menu_of_measures_under_it_depends_is_refused() -> None:
    answer = (
        "Granthorpe discloses more than one backlog measure, so the answer depends on the definition:\n\n"
        "- Funded backlog: $9.8 billion\n- Total backlog: $14.3 billion\n- Backlog converting within 12 months: $6.4 billion"
    )
    assert heuristic_verdict(BACKLOG_Q, BACKLOG_GOLD, answer).label == "incorrect"
    quantities = parse_quantities(answer)
    assert candidate_values(answer, quantities, sentence_spans(answer)) == {0, 1, 2}


def test_a_hedge_that_spans_the_answers_own_values_takes_them_back() -> None:
    answer = (
        "Total backlog was $14.3 billion at the end of FY2022, up about 9% from $13.1 billion.\n"
        "Funded backlog was $9.8 billion.\n\n"
        "Depending on which measure is used, backlog was between $9.8 billion and $14.3 billion."
    )
    assert heuristic_verdict(BACKLOG_Q, BACKLOG_GOLD, answer).label == "incorrect"
    # The same answer committing to the gold's figure, without the spanning hedge, is right.
    committed = answer.split("\n\n")[0]
    assert heuristic_verdict(BACKLOG_Q, BACKLOG_GOLD, committed).label == "correct"


def test_a_range_of_other_values_spans_nothing_the_answer_states() -> None:
    # A forecast of 18%-20% is no span over the 17.9% and 20.4% reported: they are within
    # rounding of its bounds, not the same values.
    gold = "The effective tax rate was 17.9% in FY2022, below the 21% statutory rate."
    answer = (
        "The effective tax rate was 17.9% in FY2022, down from 20.4% in FY2021, below the 21% statutory rate.\n\n"
        "The company expects 18%-20% in FY2023, depending on the mix of foreign earnings."
    )
    quantities = parse_quantities(answer)
    assert candidate_values(answer, quantities, sentence_spans(answer)) == set()
    assert heuristic_verdict("What was the effective tax rate in FY2022?", gold, answer).label == "correct"


def test_a_total_then_its_parts_commits_to_the_total() -> None:
    listed = (
        "Capital expenditure was $1,577 million in FY2022, made up of:\n"
        "- Purchases of property and equipment: $1,200 million\n- Capitalised software: $377 million"
    )
    bracketed = "Capital expenditure was $1,577 million in FY2022 ($1,200 million of equipment and $377 million of software)."
    assert _judge(CAPEX_Q, "1577", listed) == "correct"
    assert _judge(CAPEX_Q, "1577", bracketed) == "correct"
    # The parts named as the answer are refused: they are not the total asked.
    assert _judge(CAPEX_Q, "1200", listed) != "correct"


def test_parts_that_do_not_add_up_or_are_offered_as_alternatives_stay_a_list() -> None:
    not_adding = "Capital expenditure was $1,577 million in FY2022 ($1,200 million of equipment and $410 million of software)."
    alternatives = "Capital expenditure was $1,577 million in FY2022 ($1,200 million or $377 million)."
    hedged = "Capital expenditure could be $1,577 million ($1,200 million of equipment and $377 million of software)."
    for answer in (not_adding, alternatives, hedged):
        assert _judge(CAPEX_Q, "1577", answer) != "correct", answer


MARGIN_Q = "Why did the company's operating margin change in FY2022?"
MARGIN_GOLD = (
    "Operating margin fell from 21.0% to 18.5% in FY2022, mainly because raw material and freight costs rose faster "
    "than prices; restructuring charges of $240 million added to the decline."
)


def test_an_afterthought_that_puts_another_value_in_the_answers_place_takes_it_back() -> None:
    for afterthought in (
        "Possibly it was $250 million.", "Perhaps they were $300 million.", "It may have been 19.5%.",
        "Then again, it may have been 17.5% in FY2022.", "The figure was probably $260 million.",
    ):
        assert _judge(MARGIN_Q, MARGIN_GOLD, f"{MARGIN_GOLD} {afterthought}") == "incorrect", afterthought
    answer = f"{MARGIN_GOLD} Possibly it was $250 million."
    quantities = parse_quantities(answer)
    assert candidate_values(answer, quantities, sentence_spans(answer)) == set()  # no menu, no span
    assert afterthought_values(answer, quantities, sentence_spans(answer), MARGIN_GOLD) == {len(quantities) - 1}


def test_a_doubt_about_another_time_or_a_comparison_is_no_afterthought() -> None:
    assert _judge(MARGIN_Q, MARGIN_GOLD, MARGIN_GOLD) == "correct"
    for remark in (
        "It may be 19.5% next year.", "It might be 19.5% in FY2023.", "It could be $50 million higher after adjustments.",
        "It was $240 million, or 1.2% of sales.", "It may reach 20% once prices catch up.",
    ):
        assert _judge(MARGIN_Q, MARGIN_GOLD, f"{MARGIN_GOLD} {remark}") == "correct", remark
