"""The gold's answer spelt another way is the gold's answer: a share in words ("about one third
of sales") is the percent it stands for, a firm's legal form ("LLP", "Inc.") is no part of
its name an answer must repeat, an ISO date ("2027-06-15") is a date, and a count written out
in brackets ("9.8 thousand homes (9,840)") says it again. None of these readings may credit
what it did not before: another share, a share of a change, another firm, another date."""
from __future__ import annotations

import pytest

from harness.judge.amounts import fractions_as_percents, parse_quantities
from harness.judge.answer_reading import _gold_terms
from harness.judge.offline_judge import heuristic_verdict


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("About one third of sales.", "About 33% of sales."),
        ("roughly a quarter of revenue", "roughly 25% of revenue"),
        ("two-thirds of its debt", "67% of its debt"),
        ("three quarters of the stores", "75% of the stores"),
        ("three fifths of the fleet", "60% of the fleet"),
        ("one half of the loans", "50% of the loans"),
        # Spans of time, a bracketed exact figure, and what is no share stay as written.
        ("in a quarter of 2022", "in a quarter of 2022"),
        ("one quarter of the fiscal year", "one quarter of the fiscal year"),
        ("a quarter of fiscal 2022", "a quarter of fiscal 2022"),
        ("a third of its FY2022 sales", "33% of its FY2022 sales"),
        ("About one quarter (24.6%) of sales", "About one quarter (24.6%) of sales"),
        ("half of sales", "half of sales"),
        ("two third of", "two third of"),
        # Beside a figure of its own the share is a detail: a second figure would make a
        # one-figure gold a list that an answer holding both figures meets.
        ("Fuel rose 61% and made up about a third of costs.", "Fuel rose 61% and made up about a third of costs."),
        ("the third quarter of 2022", "the third quarter of 2022"),
    ],
)
def test_a_share_in_words_reads_as_its_percent(text: str, read: str) -> None:
    assert fractions_as_percents(text) == read


SHARE_Q = "What share of Juniper Foods' FY2022 sales came from online channels?"
SHARE_GOLD = "About one third of sales."


@pytest.mark.parametrize(
    "answer",
    [
        "Roughly 33% of Juniper Foods' FY2022 sales were made through online channels.",
        "About a third of its FY2022 sales came from online channels.",
        "Online channels accounted for 33.3% of FY2022 sales.",
    ],
)
def test_the_share_in_figures_or_other_words_is_credited(answer: str) -> None:
    assert heuristic_verdict(SHARE_Q, SHARE_GOLD, answer).label == "correct"


@pytest.mark.parametrize(
    "answer",
    [
        "Roughly 25% of Juniper Foods' FY2022 sales were made through online channels.",
        "About a quarter of its FY2022 sales came from online channels.",
        "About two thirds of its FY2022 sales came from online channels.",
        "Online sales were 36% of the total.",
        # A share of the growth, not of the sales.
        "About a third of Juniper Foods' FY2022 sales growth came from online channels.",
        "33% of the increase in sales came from online channels.",
    ],
)
def test_another_share_or_a_share_of_a_change_is_not(answer: str) -> None:
    assert heuristic_verdict(SHARE_Q, SHARE_GOLD, answer).label != "correct"


FIRM_Q = "What is the name of Bluebell Media's auditor as of FY2021?"
FIRM_GOLD = "Harcourt & Lowe LLP"


@pytest.mark.parametrize(
    "answer",
    [
        "Harcourt and Lowe audits Bluebell Media's FY2021 financial statements.",
        "Harcourt & Lowe audits Bluebell Media's FY2021 financial statements.",
        "Its auditor is Harcourt & Lowe LLP.",
    ],
)
def test_the_firm_without_its_legal_form_is_credited(answer: str) -> None:
    assert heuristic_verdict(FIRM_Q, FIRM_GOLD, answer).label == "correct"


@pytest.mark.parametrize(
    "answer",
    [
        "Its auditor is Whitford LLP.",
        "Harcourt audits Bluebell Media.",
        "Lowe LLP audits Bluebell Media.",
        "Bluebell Media's auditor is an LLP.",
    ],
)
def test_another_firm_or_half_the_name_is_not(answer: str) -> None:
    assert heuristic_verdict(FIRM_Q, FIRM_GOLD, answer).label != "correct"


def test_a_legal_form_is_dropped_only_after_a_name() -> None:
    assert "llp" not in _gold_terms(FIRM_Q, FIRM_GOLD)
    assert "limite" not in _gold_terms("Who owns the mine?", "Kallan Mining Limited")
    # "limited" after no name is a word of the gold's claim, which an answer must state.
    assert "limite" in _gold_terms("What constrains its liquidity?", "Its liquidity is limited by covenants.")


DATE_Q = "What is the maturity date of Vireo Pharma's convertible notes?"
DATE_GOLD = "The notes mature on June 15, 2027."


@pytest.mark.parametrize("answer", ["Maturity: 2027-06-15.", "The notes mature on 2027-06-15."])
def test_an_iso_date_is_the_gold_date(answer: str) -> None:
    assert heuristic_verdict(DATE_Q, DATE_GOLD, answer).label == "correct"


@pytest.mark.parametrize(
    "answer",
    [
        "Maturity: 2027-06-16.",
        "Maturity: 2025-06-15.",
        "Maturity: 2027-15-06.",  # no month 15
        "Maturity: 2027-06-15 or 2028-06-15.",
        "The notes were issued 2027-06-15.",  # the date of another event
        "The notes do not mature on 2027-06-15.",
    ],
)
def test_another_iso_date_or_event_is_not(answer: str) -> None:
    assert heuristic_verdict(DATE_Q, DATE_GOLD, answer).label != "correct"


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("Backlog: about 9.8 thousand homes (9,840).", [9.8, 9840.0]),
        # Not the scaled figure's digits, or money whose bracket is a loss: a negative stays.
        ("Backlog of 9.8 thousand homes (9,950).", [9.8, -9950.0]),
        ("Revenue was $4.8 billion (4,812).", [4.8, -4812.0]),
        ("Backlog: 9.8 thousand homes. Loss: (9,840).", [9.8, -9840.0]),
    ],
)
def test_a_count_written_out_in_brackets_says_it_again(text: str, numbers: list[float]) -> None:
    assert [q.number for q in parse_quantities(text)] == numbers


def test_the_count_so_restated_is_credited() -> None:
    question, gold = "What was Dovecote Homes' FY2022 order backlog in homes?", "9,840 homes"
    assert heuristic_verdict(question, gold, "Backlog: about 9.8 thousand homes (9,840).").label == "correct"
    assert heuristic_verdict(question, gold, "Backlog: about 9.9 thousand homes (9,940).").label != "correct"


DEAL_Q = "When did Umber Rail complete its acquisition of Northline Freight?"
DEAL_GOLD = "On March 3, 2022."


@pytest.mark.parametrize(("answer", "credited"), [
    ("The acquisition of Northline Freight closed on 03/03/2022.", True),  # US style, and "closed" for "complete"
    ("Umber Rail completed the acquisition on 3/3/2022.", True),
    ("The acquisition of Northline Freight was announced on 03/03/2022.", False),  # another event
    ("The acquisition of Northline Freight closed on 03/04/2022.", False),  # month first: March 4
    ("The acquisition closed on 04/03/2022.", False),  # April 3 in the US style, not March 4
])
def test_a_slash_date_is_read_month_first_and_a_closing_completes(answer: str, credited: bool) -> None:
    assert (heuristic_verdict(DEAL_Q, DEAL_GOLD, answer).label == "correct") is credited


@pytest.mark.parametrize(("text", "scale", "counted"), [
    ("1.2 Moz", 1e6, True),
    ("410 MBoe/d", 1e3, True),
    ("430 kboe/d", 1e3, True),
    ("500 MW", 1.0, False),
])
def test_a_glued_unit_of_the_trades(text: str, scale: float, counted: bool) -> None:
    (q,) = parse_quantities(text)
    assert (q.scale, q.counted) == (scale, counted)


@pytest.mark.parametrize(("text", "read"), [
    ("Asia-Pacific", "Asia Pacific"),
    ("Coca-Cola's", "Coca Cola's"),
    ("Non-GAAP", "Non-GAAP"),
    ("COVID-19", "COVID-19"),
    ("year-over-year", "year-over-year"),
])
def test_a_name_joined_by_a_hyphen_is_read_as_its_words(text: str, read: str) -> None:
    from harness.judge.amounts import figures_written_plainly

    assert figures_written_plainly(text) == read


def test_a_percent_after_an_accounting_bracket_is_its_unit() -> None:
    (q,) = parse_quantities("a change of (1.3) percentage points")
    assert (q.number, q.percent) == (-1.3, True)
    (q,) = parse_quantities("$(473) million")
    assert (q.number, q.scale) == (-473.0, 1e6)


QUARTER_QUESTION = "Which quarter of FY2022 had the highest revenue for Vantor Software?"
QUARTER_GOLD = "The fourth quarter"


@pytest.mark.parametrize(
    "answer",
    [
        "Q4 FY2022 was Vantor Software's highest-revenue quarter.",
        "Revenue peaked in Q4 ($412 million).",
        # The gold's own "fourth" is its name, not a rank below the first.
        "The fourth quarter of FY2022 was the highest.",
    ],
)
def test_a_quarter_by_its_code_is_the_quarter_in_words(answer: str) -> None:
    assert heuristic_verdict(QUARTER_QUESTION, QUARTER_GOLD, answer).label == "correct"


@pytest.mark.parametrize(
    "answer",
    [
        "Q3 FY2022 was Vantor Software's highest-revenue quarter.",
        "Q3 FY2022 was the highest; Q4 was second.",
        "Q4 was the second highest quarter.",
        "The fourth quarter had the second highest revenue.",
        "The fourth quarter had the lowest revenue.",
    ],
)
def test_another_quarter_or_a_rank_below_is_not(answer: str) -> None:
    assert heuristic_verdict(QUARTER_QUESTION, QUARTER_GOLD, answer).label != "correct"
