"""Values given "respectively" go with the item in the same place of a list."""
from __future__ import annotations

from harness.judge.amounts import parse_quantities
from harness.judge.offline_judge import heuristic_verdict
from harness.judge.respectively import respective_values

REVENUE_Q = "What is Harlow Industries' FY2021 total revenue in USD millions?"
SERVICES_Q = "What was Harlow Industries' services revenue in FY2021?"


def kept(sentence: str, question: str, asked: frozenset[int]) -> list[float] | None:
    values = parse_quantities(sentence)
    paired = respective_values(sentence, 0, values, question, asked)
    return None if paired is None else [q.number for q in values if q not in paired.dropped]


def test_each_value_goes_with_its_year() -> None:
    sentence = "Revenue was $4,500 million, $4,650 million and $4,812 million in FY2019, FY2020 and FY2021 respectively."
    assert kept(sentence, REVENUE_Q, frozenset({2021})) == [4812.0]
    assert kept(sentence, REVENUE_Q, frozenset({2019})) == [4500.0]


def test_each_value_goes_with_its_name_and_only_a_name_the_question_says_in_full_is_asked() -> None:
    sentence = "Product, services and licensing contributed $3,100 million, $1,200 million and $512 million respectively."
    assert kept(sentence, SERVICES_Q, frozenset({2021})) == [1200.0]
    assert kept(sentence, REVENUE_Q, frozenset({2021})) == []  # parts of the total, none of them asked
    # "liabilities" alone is not "content liabilities".
    parts = "Content liabilities, accounts payable and accrued expenses were $4,173 million, $359 million and $315 million respectively."
    assert kept(parts, "What were total current liabilities in FY2017?", frozenset({2017})) == []


def test_values_before_the_list_stay_and_nothing_is_paired_without_respectively_or_with_lists_of_other_lengths() -> None:
    sentence = "Revenue was $4,812 million; product and services gave $3,100 million and $1,712 million respectively."
    assert kept(sentence, REVENUE_Q, frozenset({2021})) == [4812.0]
    assert kept("Revenue was $4,500 million and $4,812 million in FY2020 and FY2021.", REVENUE_Q, frozenset({2021})) is None
    assert kept("Revenue was $4,500 million, $4,650 million and $4,812 million in FY2020 and FY2021 respectively.",
                REVENUE_Q, frozenset({2021})) is None


def test_the_judge_reads_a_respectively_list() -> None:
    gold = "$4,812"
    right = "Total revenue was $4,500 million, $4,650 million and $4,812 million in FY2019, FY2020 and FY2021 respectively."
    wrong = "Total revenue was $4,812 million, $4,650 million and $4,500 million in FY2019, FY2020 and FY2021 respectively."
    parts = "Total revenue for FY2021 was $4,812 million. Product, services and licensing contributed $3,100 million, $1,200 million and $512 million respectively."
    assert heuristic_verdict(REVENUE_Q, gold, right).label == "correct"
    assert heuristic_verdict(REVENUE_Q, gold, wrong).label == "incorrect"
    assert heuristic_verdict(REVENUE_Q, gold, parts).label == "correct"


def test_the_values_beside_a_respectively_list_are_read_for_their_period_and_scope() -> None:
    # Pairing the list decides nothing of the sentence's other values: another year's revenue
    # or another company's stays no answer.
    gold = "$4,812"
    for wrong in (
        "Revenue was $4,812 million in FY2019; product and services gave $3,100 million and $1,712 million respectively.",
        "For Amazon, revenue was $4,812 million; product and services gave $3,100 million and $1,712 million respectively.",
    ):
        assert heuristic_verdict(REVENUE_Q, gold, wrong).label == "incorrect", wrong
    right = "Revenue was $4,812 million in FY2021; product and services gave $3,100 million and $1,712 million respectively."
    assert heuristic_verdict(REVENUE_Q, gold, right).label == "correct"
