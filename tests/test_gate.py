"""The CI gate: budgets file validation, pass/fail per cell, exit codes, JUnit XML."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from sweep_factory import make_record, verdicts_for, write_sweep

from core.errors import UserError
from core.paths import PROJECT_ROOT
from harness.gate import (
    BUDGET_KEYS,
    GateBudgets,
    evaluate_gate,
    load_budgets,
    write_junit,
)
from harness.stats.cells import cell_stats
from harness.stats.frame import load_sweep


def _budgets(tmp_path: Path, text: str) -> GateBudgets:
    path = tmp_path / "budgets.toml"
    path.write_text(text)
    return load_budgets(path)


def _stats(tmp_path, verdicts: bool = True, **fields):
    records = [make_record("q1", tokens=1000, **fields), make_record("q2", tokens=3000, **fields),
               make_record("q3", status="fail", tokens=2000, **fields),
               make_record("q1", mode="iterative", tokens=20_000, **fields)]
    sweep = load_sweep(write_sweep(tmp_path, records))
    return cell_stats(sweep.records, verdicts_for(records) if verdicts else None)


def test_the_repo_budgets_file_is_valid() -> None:
    budgets = load_budgets(PROJECT_ROOT / "budgets.toml")
    assert budgets.defaults and all(k in BUDGET_KEYS for k in budgets.defaults)


def test_cell_tables_override_defaults(tmp_path) -> None:
    budgets = _budgets(tmp_path, """
[defaults]
min_reliability = 0.8
max_mean_tokens = 30000

[cells."offline/simple"]
max_mean_tokens = 1500
""")
    assert budgets.for_cell("offline/simple") == {"min_reliability": 0.8, "max_mean_tokens": 1500.0}
    assert budgets.for_cell("offline/iterative") == {"min_reliability": 0.8, "max_mean_tokens": 30000.0}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[defaults]\nmin_acuracy = 0.5\n", "unknown budget key 'min_acuracy' in defaults"),
        ('[cells."offline/simple"]\nmax_tokens = 5\n', "unknown budget key 'max_tokens'"),
        ("min_accuracy = 0.5\n", "unknown top-level key 'min_accuracy'"),
        ("[default]\nmin_accuracy = 0.5\n", "unknown top-level key 'default'"),
        ("[defaults]\nmin_accuracy = 50\n", "is not a fraction"),
        ("[defaults]\nmax_mean_tokens = -1\n", "must be a non-negative number"),
        ("[defaults]\nmax_mean_tokens = true\n", "must be a non-negative number"),
        ("[defaults]\nmax_mean_tokens = '25k'\n", "must be a non-negative number"),
        ("[cells.simple]\nmin_accuracy = 0.5\n", "is not model/mode"),
        ("[defaults\n", "not valid TOML"),
        # Limits that check nothing: every sweep would pass them.
        ("[defaults]\nmax_mean_tokens = inf\n", "checks nothing"),
        ('[cells."offline/simple"]\nmax_cost_usd = +inf\n', "checks nothing"),
        ("[defaults]\nmin_questions = 44.5\n", "not a whole number"),
        ("", "sets no budget"),
        ('[defaults]\n[cells."offline/simple"]\n', "sets no budget"),
    ],
)
def test_bad_budgets_are_user_errors(tmp_path, text: str, expected: str) -> None:
    with pytest.raises(UserError) as info:
        _budgets(tmp_path, text)
    assert expected in str(info.value)
    assert info.value.exit_code == 2


def test_a_typo_names_the_allowed_keys(tmp_path) -> None:
    with pytest.raises(UserError) as info:
        _budgets(tmp_path, "[defaults]\nmax_mean_token = 1\n")
    assert all(key in str(info.value) for key in BUDGET_KEYS)


def test_missing_budgets_file(tmp_path) -> None:
    with pytest.raises(UserError, match="budgets file not found"):
        load_budgets(tmp_path / "nope.toml")


def test_gate_passes_and_fails_per_cell(tmp_path) -> None:
    stats = _stats(tmp_path)
    budgets = GateBudgets(
        defaults={"min_reliability": 0.6, "max_mean_tokens": 25_000},
        cells={"offline/simple": {"max_mean_tokens": 1500, "min_accuracy": 0.5, "max_cost_usd": 1.0}},
    )
    result = evaluate_gate(stats, budgets)
    by_key = {(c.cell, c.criterion): c for c in result.checks}
    assert by_key[("offline/simple", "min_reliability")].passed  # 2/3 >= 0.6
    assert by_key[("offline/simple", "min_accuracy")].passed  # 2/3 correct
    failed = by_key[("offline/simple", "max_mean_tokens")]
    assert not failed.passed and failed.actual == 2000 and failed.limit == 1500
    assert "2,000" in failed.message and "1,500" in failed.message
    assert by_key[("offline/iterative", "max_mean_tokens")].passed
    assert not result.passed and result.exit_code == 1
    assert [(c.cell, c.criterion) for c in result.failures] == [("offline/simple", "max_mean_tokens")]
    assert "FAIL offline/simple max_mean_tokens" in result.summary()


def test_gate_passes_with_exit_code_zero(tmp_path) -> None:
    result = evaluate_gate(_stats(tmp_path), GateBudgets(defaults={"max_mean_tokens": 50_000}))
    assert result.passed and result.exit_code == 0 and len(result.checks) == 2


def test_accuracy_budget_without_verdicts_fails_clearly(tmp_path) -> None:
    result = evaluate_gate(_stats(tmp_path, verdicts=False), GateBudgets(defaults={"min_accuracy": 0.1}))
    assert not result.passed
    assert all("not judged" in c.message for c in result.checks)


def test_unknown_cost_fails_a_cost_budget(tmp_path) -> None:
    result = evaluate_gate(_stats(tmp_path, cost_usd=None), GateBudgets(defaults={"max_cost_usd": 100.0}))
    assert not result.passed and "cost unknown" in result.checks[0].message


def test_a_budgeted_cell_missing_from_the_sweep_fails(tmp_path) -> None:
    result = evaluate_gate(_stats(tmp_path), GateBudgets(cells={"anthropic:haiku/agent": {"min_reliability": 0.5}}))
    assert not result.passed
    assert result.checks[-1].criterion == "present" and "no runs" in result.checks[-1].message
    assert "--gate-present-only" in result.checks[-1].message  # says how to gate only the cells present
    both = GateBudgets(cells={"anthropic:haiku/agent": {"min_reliability": 0.5}, "offline/simple": {"min_reliability": 0.5}})
    present = evaluate_gate(_stats(tmp_path), both, present_only=True)
    assert present.passed and not [c for c in present.checks if c.cell == "anthropic:haiku/agent"]
    assert [(c.cell, c.criterion) for c in present.checks] == [("offline/simple", "min_reliability")]


def test_a_gate_with_nothing_to_check_fails(tmp_path) -> None:
    # --gate-present-only on a sweep none of whose cells is budgeted (another model's sweep):
    # zero checks would read as a pass in CI.
    budgets = GateBudgets(cells={"anthropic:haiku/agent": {"min_reliability": 0.5}})
    result = evaluate_gate(_stats(tmp_path), budgets, present_only=True)
    assert not result.passed and result.exit_code == 1
    assert "checked nothing" in result.failures[0].message
    assert "offline/simple" in result.failures[0].message  # names the cells it had


def test_junit_xml_has_one_testcase_per_check_and_failures(tmp_path) -> None:
    budgets = GateBudgets(defaults={"min_reliability": 0.9, "max_mean_tokens": 25_000})
    result = evaluate_gate(_stats(tmp_path), budgets)
    path = write_junit(result, tmp_path / "out" / "gate.xml")
    root = ET.parse(path).getroot()
    suite = root.find("testsuite")
    cases = suite.findall("testcase")
    assert len(cases) == 4 and suite.get("tests") == "4" and suite.get("failures") == "1"
    names = {(c.get("classname"), c.get("name")) for c in cases}
    assert ("gate.offline/simple", "min_reliability") in names and ("gate.offline/iterative", "max_mean_tokens") in names
    failures = [(c.get("classname"), c.find("failure")) for c in cases if c.find("failure") is not None]
    assert len(failures) == 1
    classname, failure = failures[0]
    assert classname == "gate.offline/simple" and "66.7%" in failure.get("message")


def test_an_accuracy_of_exactly_the_budget_meets_it(tmp_path) -> None:
    # 5 questions x 3 runs, 2 + 3 + 1 + 0 + 0 = 6 of 15 correct: exactly 40%.
    correct = {"q0": 2, "q1": 3, "q2": 1, "q3": 0, "q4": 0}
    records = [make_record(q, run_number=r + 1) for q in correct for r in range(3)]
    labels = {rec.run_id: "correct" if rec.run_number <= correct[rec.question_id] else "incorrect" for rec in records}
    stats = cell_stats(load_sweep(write_sweep(tmp_path, records)).records, verdicts_for(records, labels))
    assert stats.iloc[0]["accuracy"] == 0.4
    check = evaluate_gate(stats, GateBudgets(defaults={"min_accuracy": 0.4})).checks[0]
    assert check.passed, check.message


def test_a_cell_whose_every_run_errored_passes_no_spending_budget(tmp_path) -> None:
    # A dead endpoint spends 0 tokens and $0: that is no cell within its budget.
    records = [make_record(q, status="error", tokens=0) for q in ("q1", "q2")]
    stats = cell_stats(load_sweep(write_sweep(tmp_path, records)).records, None)
    budgets = GateBudgets(defaults={"max_mean_tokens": 25_000, "max_p95_tokens": 30_000, "max_cost_usd": 0.0})
    result = evaluate_gate(stats, budgets)
    assert not result.passed and len(result.failures) == 3
    assert all("every run of the cell ended in error" in c.message for c in result.failures)
    # One run that answered is enough for the budgets to measure the cell.
    mixed = [*records, make_record("q3", tokens=900)]
    assert evaluate_gate(cell_stats(load_sweep(write_sweep(tmp_path / "m", mixed)).records, None), budgets).passed


def test_a_cell_cut_short_by_its_run_budget_fails_a_maximum_with_what_it_spent(tmp_path) -> None:
    # Every run stopped by --max-run-tokens after spending 40k: a floor on a finished run's
    # spend, already past the budget. The message gives the figure, not "not measured".
    records = [make_record(q, status="error", tokens=40_000, error_kind="budget") for q in ("q1", "q2")]
    stats = cell_stats(load_sweep(write_sweep(tmp_path, records)).records, None)
    over = evaluate_gate(stats, GateBudgets(defaults={"max_mean_tokens": 25_000})).checks[0]
    assert not over.passed and over.actual == 40_000 and "40,000 misses ≤ 25,000" in over.message
    # Under the budget it still fails: a finished run would have spent more than the floor.
    under = evaluate_gate(stats, GateBudgets(defaults={"max_mean_tokens": 50_000})).checks[0]
    assert not under.passed and "not measured" in under.message and "cut short at 40,000" in under.message
