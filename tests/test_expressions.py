"""The computed tasks' expression language: arithmetic evaluated by the harness, safely."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.protocol import format_inputs, parse_inputs
from retrievers.planner.expressions import ExpressionError, evaluate, numeric_inputs, parse_expression

INPUTS = {"capex_2022": 1749.0, "revenue_2022": 34229.0, "fetch.capex": 1749.0, "a": 3, "b": 4}


def value(text: str, inputs=INPUTS):
    return evaluate(parse_expression(text), inputs)


def test_arithmetic_precedence_functions_and_names():
    assert value("100 * capex_2022 / revenue_2022") == pytest.approx(100 * 1749 / 34229)
    assert value("a + b * 2") == 11 and value("(a + b) * 2") == 14 and value("-a - -b") == 1 and value("a - b - 1") == -2
    assert value("avg(a, b, 5)") == 4.0 and value("sum(a, b)") == 7.0 and value("max(a, b) - min(a, b)") == 1.0
    assert value("abs(a - b)") == 1.0 and value("round(100 * a / 7, 1)") == 42.9 and value("round(2.6)") == 3.0
    assert value("fetch.capex / 1e3") == 1.749 and value(".5 * b") == 2.0
    assert parse_expression("capex_2022 / revenue_2022 + capex_2022").names == ("capex_2022", "revenue_2022")


def test_integers_stay_integers_except_through_division():
    assert isinstance(value("a + b"), int) and isinstance(value("a * b"), int)
    assert isinstance(value("b / 2"), float) and isinstance(value("a + 0.0"), float)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("__import__('os').system('true')", "unexpected"),
        ("capex_2022 ** 2", "unexpected"),
        ("open(capex_2022)", "unknown function 'open'"),
        ("capex_2022.__class__", "unknown input"),
        ("ghost / 2", "unknown input 'ghost'"),
        ("a / (b - 4)", "division by zero"),
        ("1e308 * 1e308 + a", "not a finite number"),
        ("(" * 60 + "a" + ")" * 60, "nests deeper"),
        ("a +", "ends early"),
        ("a b", "after a complete expression"),
        ("max()", "at least one value"),
        ("abs(a, b)", "wrong number of arguments"),
        ("round(a, 1.5)", "whole n"),
        ("", "empty"),
        ("a + " * 400 + "a", "longer than"),
    ],
)
def test_hostile_or_broken_expressions_fail_with_a_reason(text, message):
    with pytest.raises(ExpressionError, match=message):
        value(text)


@pytest.mark.parametrize("text", ["1000000000000 * 1000000000000 * 1000000000000", "abs(" + "9" * 400 + ")", "9" * 400 + " / 3"])
def test_huge_numbers_are_refused_not_computed(text):
    with pytest.raises(ExpressionError, match="too large"):
        value(text)


@given(st.text(max_size=80))
def test_any_text_either_evaluates_to_a_finite_number_or_raises_expression_error(text):
    try:
        result = value(text, {"x": 2.0})
    except ExpressionError:
        return
    assert isinstance(result, (int, float))


def test_dependency_results_become_named_inputs_short_names_when_unambiguous():
    usable, shown = numeric_inputs({
        "fetch_cash_flow": {"capex_2022": 1749.0, "page": 52, "unit": "millions", "ok": True},
        "fetch_income": {"revenue_2022": 34229.0, "page": 48, "lines": [{"label": "x", "value": 1.5}]},
    })
    assert shown == {"capex_2022": 1749.0, "fetch_cash_flow.page": 52, "revenue_2022": 34229.0, "fetch_income.page": 48, "lines.0.value": 1.5}
    assert usable["fetch_cash_flow.capex_2022"] == usable["capex_2022"] == 1749.0
    assert "page" not in usable and "ok" not in str(shown)  # ambiguous names need their task; booleans are not numbers
    assert parse_inputs(format_inputs(shown)) == shown
