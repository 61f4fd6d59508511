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


SUBSCRIBERS_Q = "What is Xylo Music's FY2021 paid subscriber count (in millions)?"


@pytest.mark.parametrize("answer, credited", [
    ("Xylo Music had 48.2 million monthly active users in FY2021, of whom 21.5 million were paid subscribers.", False),
    ("Xylo Music had 48.2 million MAUs in FY2021.", False),
    ("Xylo Music had 48.2 million paid subscribers in FY2021.", True),
    ("Xylo had 48.2 million paying members at the end of FY2021.", True),
    ("Paid subscribers: 48.2 million.", True),
])
def test_a_count_is_of_the_noun_right_after_it(answer, credited):
    # A platform's users and its paying subscribers are counted side by side; the noun right
    # after a count says which it is.
    assert (heuristic_verdict(SUBSCRIBERS_Q, "48.2", answer).label == "correct") is credited


def test_a_figure_with_its_item_right_after_it():
    assert value_item("", " million monthly active users in FY2021") == {"users"}
    assert value_item("", " million paid subscribers") == {"subscribers"}
    assert value_item("", " million of cash") == {"cash"}


@pytest.mark.parametrize("question, gold, answer, credited", [
    # A share of units is not a share of revenue, nor a margin another item's growth.
    ("What percentage of Coral Devices' FY2022 revenue came from China?", "About one quarter (24.6%).",
     "China accounted for 24.6% of Coral Devices' FY2022 unit shipments but only 19% of revenue.", False),
    ("What percentage of Coral Devices' FY2022 revenue came from China?", "About one quarter (24.6%).",
     "China accounted for 24.6% of Coral Devices' FY2022 revenue.", True),
    ("What does Lumen Optics expect for FY2023 revenue growth?", "Lumen Optics expects revenue growth of 4% to 6% in FY2023.",
     "Lumen Optics expects an FY2023 operating margin of 4% to 6%, with revenue roughly flat.", False),
    ("What does Lumen Optics expect for FY2023 revenue growth?", "Lumen Optics expects revenue growth of 4% to 6% in FY2023.",
     "Lumen Optics guides to FY2023 revenue growth of 4% to 6%.", True),
    # A margin asked as "operating income % margin" is the margin, not operating income.
    ("What is Walmart's FY2019 operating income % margin?", "4.3%", "Walmart's FY2019 operating income margin was 4.3%.", True),
])
def test_units_and_margins_are_items_of_their_own(question, gold, answer, credited):
    assert (heuristic_verdict(question, gold, answer).label == "correct") is credited


def test_a_possessive_name_before_the_item_is_passed_over_but_not_lower_case_words():
    assert value_item("", " of Coral Devices' FY2022 unit shipments") == {"volume"}
    # "cash proceeds from Kenvue's debt offering": the proceeds are cash, not debt.
    assert value_item("", " in cash proceeds from Kenvue's debt offering") == {"cash"}


# A sentence's own words label its figures; the sentence before labels only a figure its own
# sentence leaves unlabelled ("Around 37% came ...") or one that points back to it ("The
# remaining 37%").
DEBT_Q = "What is Halden Marine's total debt as of FY2022 year end?"
DEBT_GOLD = "Total debt was $3.10 billion at FY2022 year end, of which $0.4 billion is current."
SHARE_Q = "What share of Pellow Tools' FY2022 revenue came from international markets?"
SHARE_GOLD = "International markets accounted for 37% of Pellow's FY2022 revenue."


@pytest.mark.parametrize("question, gold, answer, credited", [
    # The sentence after the current portion names another debt: the facility is no rival of it.
    (DEBT_Q, DEBT_GOLD, "Total debt is $3.10 billion, with $400 million (the 2024 notes) classified as current. "
     "The company's $1.5 billion revolving credit facility was undrawn at year end.", True),
    # Its wrong twins: the gold's current portion given to a facility or a term loan, the
    # current label on another value.
    (DEBT_Q, DEBT_GOLD, "Total debt is $3.10 billion, of which $250 million is current. "
     "The company's $400 million revolving credit facility was undrawn at year end.", False),
    (DEBT_Q, DEBT_GOLD, "Total debt is $3.10 billion, of which $250 million is current. Its $400 million term loan is long-term.", False),
    # A sentence that leaves its figure unlabelled, or points back, reads the one before.
    (SHARE_Q, SHARE_GOLD, "Pellow Tools generated 63% of its FY2022 revenue in the United States. The remaining 37% came from international markets.", True),
    (SHARE_Q, SHARE_GOLD, "Pellow's international business expanded in FY2022. It made up 37% of FY2022 revenue.", True),
    (SHARE_Q, SHARE_GOLD, "Pellow Tools generated 63% of its FY2022 revenue from international markets. The other 37% came from the United States.", False),
])
def test_a_sentence_labels_its_own_figures(question, gold, answer, credited):
    assert (heuristic_verdict(question, gold, answer).label == "correct") is credited
