"""``summary.json``: every figure of a report, machine-readable, from one function.

A report's HTML and Markdown are for people; ``summary.json`` is for programs (a CI step,
a dashboard, the report viewer). It is built here, from the statistics frame and the
comparisons, never inside a template, so every reader sees the same figures. A figure that
was not measured is ``null``, never 0: ``accuracy`` is null for a cell whose answers are
not all judged, and ``judged`` says so; the token figures are null for a cell whose every
run ended in an error (``errored_rate`` 1), which spent nothing because it did nothing.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pandas as pd

from harness.criteria import CriteriaRow
from harness.errored_runs import token_figures
from harness.gate import GateResult
from harness.stats.compare import Comparison, ModeComparison

SCHEMA = "pageindex-bench/summary/v1"
STATISTICS = {
    "unit": "question",
    "accuracy": "mean over questions of the share of each question's runs judged correct",
    "accuracy_ci": "95% Wilson score interval at the question-clustered effective sample size "
                   "(Miller 2024, Adding Error Bars to Evals): reruns of a question are not new samples",
    "consistency": "share of questions whose runs all got the same verdict (two or more runs per question)",
    "paired": "changes on shared questions: Tango's score interval (widened to the exact test's own) and exact McNemar test "
              "when every question's runs agree; clustered interval with Student's t (n - 1 df) and exact sign test when they do not",
    "significant": "the exact test gives p < 0.05 and the 95% interval excludes 0",
}


def plain_value(value: Any) -> Any:
    """JSON-safe: NaN and missing become null; numpy scalars become Python numbers."""
    if value is None or value is pd.NA:
        return None
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


def _pair(low: Any, high: Any) -> list[Any] | None:
    low, high = plain_value(low), plain_value(high)
    return None if low is None or high is None else [low, high]


def cell_summary(row: pd.Series | dict[str, Any], criteria: CriteriaRow | None = None) -> dict[str, Any]:
    """One cell of ``summary.json`` from one row of ``cell_stats``."""
    s = dict(row)
    judged = bool(s.get("judged"))
    tokens = token_figures(s)
    out = {
        "model": s["model"],
        "mode": s["mode"],
        "cell": s["cell"],
        "n_questions": int(s["questions"]),
        "n_runs": int(s["runs"]),
        "runs_per_question": plain_value(s.get("runs_per_question")),
        "judged": judged,
        "judge_methods": s.get("judge_methods") or None,
        "unjudged": plain_value(s.get("unjudged")),
        "correct": plain_value(s.get("correct")) if judged else None,
        "accuracy": plain_value(s.get("accuracy")) if judged else None,
        "accuracy_ci": _pair(s.get("accuracy_low"), s.get("accuracy_high")) if judged else None,
        "accuracy_effective_n": plain_value(s.get("accuracy_effective_n")) if judged else None,
        "reliability": plain_value(s.get("reliability")),
        "reliability_ci": _pair(s.get("reliability_low"), s.get("reliability_high")),
        "refusal_rate": plain_value(s.get("refusal_rate")),
        "errored_rate": plain_value(s.get("errored_rate")),
        "consistency": plain_value(s.get("consistency")),
        "within_variance": plain_value(s.get("within_variance")),
        # The runs the per-run means (tokens, cost per run, duration, pages, evidence) are over:
        # not those a provider fault ended, which measure the provider (measured_runs).
        "provider_fault_runs": plain_value(s.get("provider_fault_runs", 0)),
        "mean_tokens": plain_value(tokens["tokens_mean"]),
        "median_tokens": plain_value(tokens["tokens_median"]),
        "p95_tokens": plain_value(tokens["tokens_p95"]),
        "tokens_estimated": bool(s.get("tokens_estimated")),
        "cost_usd": plain_value(s.get("cost_sum")) if s.get("cost_known") else None,
        "mean_duration_ms": plain_value(s.get("duration_ms_mean")),
        # The runs that figure is over: those whose model calls were all live (RunRecord.calls_all_live).
        "duration_runs": plain_value(s.get("duration_runs", s["runs"])),
        "evidence_hit_rate": plain_value(s.get("evidence_hit_rate")),
        "mean_pages_read": plain_value(s.get("pages_read_mean")),
        "provenance_rate": plain_value(s.get("provenance_rate")),
        "judge_agreement": plain_value(s.get("judge_agreement")),
    }
    if criteria is not None:
        out["criteria"] = {name: check.status for name, check in criteria.checks.items()}
        # The verdicts whose 95% interval reaches across their target (shown with a "?").
        out["criteria_unsettled"] = [name for name, check in criteria.checks.items() if not check.settled]
    return out


def _baseline(comparison: Comparison) -> dict[str, Any]:
    return {
        "sweep_id": comparison.baseline_id,
        "judged": comparison.judged,
        "judge": comparison.judge or None,  # one judge for both sides
        "cells": [
            {
                "cell": c.cell, "model": c.model, "mode": c.mode, "runs_before": c.runs_before, "runs_after": c.runs_after,
                "accuracy_change": c.accuracy.to_dict() if c.accuracy else None,
                "reliability_change": c.reliability.to_dict() if c.reliability else None,
                "mean_tokens_before": plain_value(c.tokens_before), "mean_tokens_after": plain_value(c.tokens_after),
                "shared_questions": c.shared_questions,
            }
            for c in comparison.cells
        ],
        "flips": [
            {"question_id": f.question_id, "cell": f.cell, "direction": f.direction, "before": f.before, "after": f.after}
            for f in comparison.flips
        ],
        "only_current": comparison.only_current,
        "only_baseline": comparison.only_baseline,
    }


def _clean(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: _clean(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_clean(v) for v in data]
    return plain_value(data)


def build_summary(
    *,
    sweep_id: str,
    judge: dict[str, Any],
    stats: pd.DataFrame,
    criteria: Sequence[CriteriaRow] = (),
    modes: Sequence[ModeComparison] = (),
    comparison: Comparison | None = None,
    gate: GateResult | None = None,
) -> dict[str, Any]:
    """The whole ``summary.json`` object (see the module doc)."""
    by_cell = {row.cell: row for row in criteria}
    cells = [cell_summary(row, by_cell.get(str(row["cell"]))) for _, row in stats.iterrows()]
    return _clean({
        "schema": SCHEMA,
        "sweep_id": sweep_id,
        "judge": judge,
        "statistics": STATISTICS,
        "cells": cells,
        "mode_comparisons": [m.to_dict() for m in modes],
        "baseline": _baseline(comparison) if comparison is not None else None,
        "gate": None if gate is None else {
            "passed": gate.passed,
            "checks": len(gate.checks),
            "failures": [{"cell": c.cell, "criterion": c.criterion, "message": c.message} for c in gate.failures],
        },
    })
