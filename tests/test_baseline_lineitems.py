"""Which table rows name the figure a question asks for, and where that figure is printed."""
from __future__ import annotations

import pytest

from baseline.lineitems import canonical, label_score
from baseline.statements import (
    BALANCE,
    CASH_FLOW,
    INCOME,
    named_statements,
    preferred_statements,
    statement_kind,
)


def score(question_term: str, label: str) -> float:
    return label_score(label, canonical(question_term).split("|"), question_term)


@pytest.mark.parametrize(
    "term, label",
    [
        ("capex", "Purchases of property, plant and equipment (PP&E)"),
        ("capex", "Capital expenditures, net of construction payables"),
        ("revenue", "Total net revenues"),
        ("net income", "Net earnings attributable to General Mills"),
        ("PP&E", "Property and equipment, net"),
        ("cash from operations", "Cash provided (used) by operations"),
        ("D&A", "Depreciation and amortization"),
    ],
)
def test_rows_that_name_the_figure(term, label):
    assert score(term, label) > 0


@pytest.mark.parametrize(
    "term, label",
    [
        ("capex", "Cash interest payments"),
        ("revenue", "Cost of sales"),
        ("revenue", "Deferred revenues"),
        ("net income", "Net income attributable to noncontrolling interest"),
        ("total assets", "Total current assets"),
        ("operating income", "Operating income margin"),
        ("PP&E", "Accumulated depreciation"),
        ("dividends", "Cash dividends declared per share"),
    ],
)
def test_rows_whose_extra_words_change_the_meaning(term, label):
    assert score(term, label) == 0


def test_the_net_row_beats_the_gross_row_for_ppe():
    assert score("PP&E", "Property, plant and equipment — net") > score("PP&E", "Property, plant and equipment")


def test_company_measures_are_not_mapped_to_gaap_lines():
    assert canonical("Adjusted EBIT") == "adjusted ebit"
    assert canonical("unadjusted operating income").startswith("operating income")


def test_statements_named_by_a_question_and_by_titles():
    assert named_statements("relying on the balance sheet and the P&L statement") == [BALANCE, INCOME]
    assert preferred_statements(canonical("d&a"), "D&A (from cash flow statement)")[0] == CASH_FLOW
    assert statement_kind("consolidated_statements_of_cash_flows") == CASH_FLOW
    assert statement_kind("Condensed Consolidated Statements of Earnings") == INCOME
    assert statement_kind("note_9_supplemental_cash_flow_information") == ""
    assert statement_kind("consolidated_statements_of_comprehensive_income") == ""
    assert statement_kind("off_balance_sheet_arrangements") == ""
