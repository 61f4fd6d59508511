"""The CI regression gate: budgets from a TOML file, checked against ``cell_stats``.

Budgets file (``budgets.toml`` at the repo root is the project's own)::

    [defaults]                 # every cell of the sweep
    min_reliability = 0.8      # rates are fractions in [0, 1]
    max_mean_tokens = 30000

    [cells."offline/simple"]   # one model/mode cell; overrides the defaults key by key
    min_accuracy = 0.2

``min_*`` passes when the cell's figure is at least the limit, ``max_*`` when it is at most
the limit. A figure that cannot be measured (accuracy without verdicts, cost with an unknown
price, tokens of a cell whose every run ended in error) fails its check with a message saying
why: a gate that cannot see must not pass.
A cell named in the budgets but absent from the sweep fails too (the gate checked nothing
there), and so does a gate that has nothing to check at all: a budgets file without a limit
is refused, and a sweep none of whose cells is budgeted fails.
Exit codes, as the CLI maps them: 0 pass, 1 a check failed, 2 a bad budgets file (UserError).
"""
from __future__ import annotations

import math
import tomllib
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from core.errors import UserError
from harness.errored_runs import all_errored

# Budgets on what a cell spent: a cell whose every run ended in error spent little or nothing
# because it did nothing, which no spending budget may pass as frugal.
SPENDING_KEYS = frozenset({"max_mean_tokens", "min_mean_tokens", "max_p95_tokens", "max_cost_usd"})

# budget key -> (cell_stats column, kind, what it measures)
BUDGET_KEYS: dict[str, tuple[str, str, str]] = {
    "min_accuracy": ("accuracy", "rate", "accuracy (mean over questions of the share of runs judged correct)"),
    "min_reliability": ("reliability", "rate", "share of runs that produced an answer"),
    "max_mean_tokens": ("tokens_mean", "count", "mean tokens per run"),
    "min_mean_tokens": ("tokens_mean", "count", "mean tokens per run"),  # with max_: an exact count of calls, e.g. for a scripted model
    "min_questions": ("questions", "count", "questions the cell ran"),  # a sweep that skipped absent filings must not pass on a subset
    "max_p95_tokens": ("tokens_p95", "count", "95th percentile of tokens per run"),
    "max_cost_usd": ("cost_sum", "usd", "total cost of the cell's runs in USD"),
    "min_evidence_hit_rate": ("evidence_hit_rate", "rate", "share of runs that fetched a gold evidence page"),
    "min_provenance_rate": ("provenance_rate", "rate", "share of answers with numbers whose numbers all trace to a page"),
}
TABLES = ("defaults", "cells")


@dataclass
class GateBudgets:
    defaults: dict[str, float] = field(default_factory=dict)
    cells: dict[str, dict[str, float]] = field(default_factory=dict)  # "model/mode" -> limits

    def for_cell(self, cell: str) -> dict[str, float]:
        return {**self.defaults, **self.cells.get(cell, {})}


@dataclass
class GateCheck:
    cell: str
    criterion: str  # a budget key, or "present"
    limit: float | None
    actual: float | None
    passed: bool
    message: str = ""


@dataclass
class GateResult:
    checks: list[GateCheck]

    @property
    def passed(self) -> bool:
        return all(c.passed for c in self.checks)

    @property
    def failures(self) -> list[GateCheck]:
        return [c for c in self.checks if not c.passed]

    @property
    def exit_code(self) -> int:
        return 0 if self.passed else 1

    def summary(self) -> str:
        """One line per failed check, then the verdict; fit for a CI log."""
        lines = [f"FAIL {c.cell} {c.criterion}: {c.message}" for c in self.failures]
        lines.append(f"gate {'passed' if self.passed else 'FAILED'}: {len(self.checks) - len(self.failures)}/{len(self.checks)} checks passed")
        return "\n".join(lines)


def _allowed() -> str:
    return ", ".join(BUDGET_KEYS)


def _limits(table: Any, where: str, path: Path) -> dict[str, float]:
    if not isinstance(table, dict):
        raise UserError(f"{path}: {where} must be a table of limits", f"write e.g. [{where}] then min_reliability = 0.9")
    limits: dict[str, float] = {}
    for key, value in table.items():
        if key not in BUDGET_KEYS:
            raise UserError(f"{path}: unknown budget key {key!r} in {where}", f"allowed keys: {_allowed()}")
        if isinstance(value, bool) or not isinstance(value, (int, float)) or math.isnan(value) or value < 0:
            raise UserError(f"{path}: {where}.{key} must be a non-negative number, got {value!r}", f"e.g. {key} = {_example(key)}")
        if math.isinf(value):
            # An infinite limit passes every cell: a check that cannot fail.
            raise UserError(f"{path}: {where}.{key} = {value} checks nothing", f"leave {key} out for no limit, or e.g. {key} = {_example(key)}")
        if key == "min_questions" and value != int(value):
            raise UserError(f"{path}: {where}.{key} = {value} is not a whole number of questions", f"e.g. {key} = {int(value) + 1}")
        if BUDGET_KEYS[key][1] == "rate" and value > 1:
            raise UserError(
                f"{path}: {where}.{key} = {value} is not a fraction", f"rates are in [0, 1]: write {value / 100:g} for {value:g}%"
            )
        limits[key] = float(value)
    return limits


def _example(key: str) -> str:
    return {"rate": "0.9", "count": "25000", "usd": "1.0"}[BUDGET_KEYS[key][1]]


def load_budgets(path: Path | str) -> GateBudgets:
    """Read and validate a budgets TOML file; any unknown key or bad value is a UserError."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UserError(f"budgets file not found: {path}", "pass --gate budgets.toml (the repo root has one)") from None
    except IsADirectoryError:  # --gate "" names the current folder
        raise UserError(f"--gate {path} is a folder, not a budgets file", "pass --gate budgets.toml (the repo root has one)") from None
    except UnicodeDecodeError as exc:
        raise UserError(f"{path}: not UTF-8 text (byte {exc.start}), so not a budgets file", "pass a TOML file such as budgets.toml") from None
    except OSError as exc:
        raise UserError(f"cannot read the budgets file {path}: {exc.strerror or exc}", "check the path and its permissions") from None
    except tomllib.TOMLDecodeError as exc:
        raise UserError(f"{path}: not valid TOML ({exc})", "fix the syntax; see budgets.toml at the repo root") from None
    for key in data:
        if key not in TABLES:
            hint = f"put {key} under [defaults]" if key in BUDGET_KEYS else f"allowed tables: {', '.join(TABLES)}"
            raise UserError(f"{path}: unknown top-level key {key!r}", f"{hint}; allowed budget keys: {_allowed()}")
    budgets = GateBudgets(defaults=_limits(data.get("defaults", {}), "defaults", path))
    cells = data.get("cells", {})
    if not isinstance(cells, dict):
        raise UserError(f"{path}: cells must be tables", 'write [cells."offline/simple"]')
    for cell, table in cells.items():
        if "/" not in cell:
            raise UserError(f"{path}: cell {cell!r} is not model/mode", 'name cells like [cells."offline/simple"]')
        budgets.cells[cell] = _limits(table, f'cells."{cell}"', path)
    if not budgets.defaults and not any(budgets.cells.values()):
        # An empty file (or empty tables) would pass every sweep, whatever its figures.
        raise UserError(f"{path}: sets no budget, so a gate would pass any sweep",
                        "add limits under [defaults] or [cells.\"model/mode\"]; see budgets.toml at the repo root")
    return budgets


def format_limit(key: str, value: float) -> str:
    """A limit or figure of budget ``key`` as people read it (50.0%, 25,000, $1.0000)."""
    kind = BUDGET_KEYS[key][1]
    if kind == "rate":
        return f"{value * 100:.1f}%"
    if kind == "usd":
        return f"${value:,.2f}" if value >= 1 else f"${value:.4f}"
    return f"{value:,.0f}"


def _unmeasured(key: str) -> str:
    if key == "min_accuracy":
        return "not judged: some answers have no verdict (run analyze with --judge)"
    if key == "max_cost_usd":
        return "cost unknown: a model's price is missing from the pricing table"
    if key == "min_evidence_hit_rate":
        return "not measured: no question of this cell has gold evidence pages"
    if key == "min_provenance_rate":
        return "not measured: no answered run states a number"
    return "not measured"


def evaluate_gate(stats: pd.DataFrame, budgets: GateBudgets, *, present_only: bool = False) -> GateResult:
    """Check every cell of ``stats`` (analysis.cell_stats) against its budgets.

    ``present_only``: a budgeted cell the sweep does not have is skipped instead of failing
    (a sweep of some modes gated with the full budgets file)."""
    checks: list[GateCheck] = []
    rows = {str(r["cell"]): r for _, r in stats.iterrows()}
    for cell, row in rows.items():
        for key, limit in budgets.for_cell(cell).items():
            column = BUDGET_KEYS[key][0]
            value = row.get(column)
            actual = None if value is None or pd.isna(value) else float(value)
            if key in SPENDING_KEYS and all_errored(row):
                # Every run was cut short: what it spent is a floor on a finished run's spend,
                # so it can show a cell over a maximum, never within one (or over a minimum).
                if key.startswith("max_") and actual is not None and actual > limit:
                    checks.append(GateCheck(cell, key, limit, actual, False,
                                            f"{BUDGET_KEYS[key][2]} {format_limit(key, actual)} misses ≤ {format_limit(key, limit)}, "
                                            "though every run of the cell ended in error, cut short"))
                else:
                    checks.append(GateCheck(cell, key, limit, actual or None, False, "not measured: every run of the cell ended in error"
                                            + ("" if not actual else f", cut short at {format_limit(key, actual)}")))
                continue
            if actual is None:
                checks.append(GateCheck(cell, key, limit, None, False, _unmeasured(key)))
                continue
            passed = actual >= limit if key.startswith("min_") else actual <= limit
            relation = "≥" if key.startswith("min_") else "≤"
            message = f"{BUDGET_KEYS[key][2]} {format_limit(key, actual)} {'meets' if passed else 'misses'} {relation} {format_limit(key, limit)}"
            checks.append(GateCheck(cell, key, limit, actual, passed, message))
    for cell in budgets.cells:
        if cell not in rows and not present_only:
            checks.append(GateCheck(cell, "present", None, None, False,
                                    f"cell {cell} is budgeted but the sweep has no runs for it (--gate-present-only gates only the cells the sweep has)"))
    if not checks:
        # --gate-present-only with none of the budgeted cells in the sweep (another model's
        # sweep, a mistyped cell name): passing would tell CI the sweep was checked.
        checks.append(GateCheck("(sweep)", "present", None, None, False,
                                f"none of the sweep's cells ({', '.join(rows) or 'none'}) has a budget, so the gate checked nothing "
                                f"-- add [defaults] limits or a [cells.\"model/mode\"] table for them"))
    return GateResult(checks)


def write_junit(result: GateResult, path: Path | str) -> Path:
    """JUnit XML: one testcase per cell x criterion, a <failure> for each failed check."""
    path = Path(path)
    suite = ET.Element(
        "testsuite", name="pageindex-bench gate", tests=str(len(result.checks)), failures=str(len(result.failures)), errors="0"
    )
    for check in result.checks:
        case = ET.SubElement(suite, "testcase", classname=f"gate.{check.cell}", name=check.criterion)
        if not check.passed:
            failure = ET.SubElement(case, "failure", message=check.message, type="BudgetExceeded")
            failure.text = f"limit={check.limit} actual={check.actual}"
        else:
            ET.SubElement(case, "system-out").text = check.message
    root = ET.Element("testsuites", tests=suite.get("tests", "0"), failures=suite.get("failures", "0"))
    root.append(suite)
    path.parent.mkdir(parents=True, exist_ok=True)
    ET.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)
    return path
