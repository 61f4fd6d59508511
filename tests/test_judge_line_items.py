"""A value said to be another line item than the one asked is not the answer: "$742 million of
total debt" to a question about cash, "Dividends paid: $742" to one about capex."""
from __future__ import annotations

import pytest

from harness.judge.line_items import another_line_item, value_item
from harness.judge.numeric_check import numeric_check
from harness.judge.offline_judge import heuristic_verdict

CASH_Q = "How much cash did Ostrava Mining hold at the end of FY2021?"
CASH_GOLD = "Ostrava Mining held $742 million of cash and cash equivalents at year end FY2021."
CAPEX_Q = "What is the FY2021 capital expenditure amount (in USD millions) for Brindle Foods? Give a response by relying on the cash flow statement."


@pytest.mark.parametrize("answer", [
    "Ostrava Mining held $742 million of total debt at year end FY2021.",
    "Ostrava Mining's inventories stood at $742 million at the end of FY2021.",
    "At the end of FY2021 Ostrava Mining had $742 million in accounts receivable.",
    "Total debt: $742 million (FY2021 year end).",
])
def test_a_worded_golds_figure_on_another_item_is_not_credited(answer):
    assert heuristic_verdict(CASH_Q, CASH_GOLD, answer).label != "correct"


@pytest.mark.parametrize("answer", [
    "Ostrava Mining held $742 million of cash at year end FY2021.",
    "After repaying $200 million of debt, Ostrava held $742 million of cash at the end of FY2021.",
    "Total debt of $1.2 billion was offset by cash of $742 million at the end of FY2021.",
    "Cash: $742 million (FY2021 year end).",
    "Ostrava ended FY2021 with $742 million in cash, cash equivalents and restricted cash.",
])
def test_the_asked_item_and_a_label_naming_it_beside_another_are_credited(answer):
    assert heuristic_verdict(CASH_Q, CASH_GOLD, answer).label == "correct"


@pytest.mark.parametrize("answer, credited", [
    ("Dividends paid: $742 million.", False),
    ("Share repurchases were $742 million in FY2021.", False),
    ("Capital expenditures were $742 million in FY2021.", True),
    ("Capex (cash used for capital expenditures): $742 million.", True),
    ("Brindle spent $742 million on capital expenditures in FY2021.", True),
    ("Purchases of property, plant and equipment: $742 million.", True),  # no item of the list: not read
])
def test_a_single_figure_on_another_item(answer, credited):
    assert (numeric_check(CAPEX_Q, "$742.00", answer).label == "correct") is credited


def test_the_item_after_a_value_is_read_before_the_clause_leading_to_it():
    assert value_item("After paying dividends, Ostrava held ", " million of cash.") == {"cash"}
    assert value_item("Total debt was ", " million.") == {"debt"}
    assert value_item("It held ", " million.") == set()


def test_only_a_question_of_one_item_is_read():
    # "Capex as a % of revenue" asks two items: a label naming either is no other item.
    assert not another_line_item("Revenue was ", "", "what is capex as a % of revenue?")
    assert not another_line_item("Net debt was ", "", "what is the net debt?")
    assert another_line_item("Notes payable and cash were ", "", "how much cash?") is False
    assert another_line_item("Notes payable were ", "", "how much cash?") is True
    assert another_line_item("Notes payable were ", "", "what is total debt?") is False
