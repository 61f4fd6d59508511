"""Write a sweep's report: a static site that opens from disk, plus CSV, Parquet and Markdown.

``render_report`` is a pure function of the sweep folder, the verdicts and (optionally) the
questions, a baseline comparison and a gate result. Templates only print: every figure is
formatted in ``rows``/``runpage`` first. Autoescaping is on for HTML and model text only
ever lands in element text, never in attributes that load or link anything.
"""
from __future__ import annotations

import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import jinja2
import pandas as pd

from harness.criteria import (
    ACCURACY_MIN,
    MEAN_TOKENS_MAX,
    PROVENANCE_MIN,
    RELIABILITY_MIN,
    criteria_markdown,
    evaluate_criteria,
    md_escape,
)
from harness.dataset import Question
from harness.gate import GateResult
from harness.judge import LABELS
from harness.judge.verdict import Verdict
from harness.report import charts, rows
from harness.report import fmt as f
from harness.report.runpage import run_context
from harness.stats.cells import cell_stats, judge_summary, question_table, type_stats
from harness.stats.compare import Comparison, ModeComparison
from harness.stats.frame import Sweep, with_verdicts

TEMPLATES = Path(__file__).parent / "templates"


def _environment(autoescape: bool) -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=autoescape,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


# A spreadsheet runs a cell that starts with one of these as a formula: model text such as
# "=HYPERLINK(...)" in runs.csv would execute when a user opens it.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: Any) -> Any:
    """Text that a spreadsheet would evaluate, prefixed with an apostrophe so it stays text."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _write_tables(runs: pd.DataFrame, out_dir: Path) -> None:
    # runs.parquet keeps every value as recorded; only the CSV, made for spreadsheets, is escaped.
    runs.to_parquet(out_dir / "runs.parquet", index=False)
    safe = runs.copy()
    for name in safe.columns:
        if not pd.api.types.is_numeric_dtype(safe[name]):
            safe[name] = safe[name].map(spreadsheet_safe)
    safe.to_csv(out_dir / "runs.csv", index=False)


def _summary_md(
    sweep: Sweep, stats: pd.DataFrame, criteria: list, judged: bool,
    comparison: Comparison | None, gate_result: GateResult | None,
) -> dict[str, Any]:
    cell_rows = [
        [md_escape(s["cell"]), str(s["runs"]), rows.accuracy_text(s) + (f" ({f.ci(s['accuracy_low'], s['accuracy_high'])})" if s["judged"] else ""),
         f.pct(s["reliability"]), f.tokens(s["tokens_mean"]), f.tokens(s["tokens_p95"]),
         f.usd(s["cost_sum"], bool(s["cost_known"])), f.seconds(s["duration_ms_mean"]), f.pct(s["evidence_hit_rate"])]
        for _, s in stats.iterrows()
    ]
    flips = []
    changes = []
    if comparison is not None:
        flips = [[md_escape(x.question_id), md_escape(x.cell), x.direction, x.before, x.after] for x in comparison.flips]
        changes = [
            [md_escape(c.cell),
             f"{f.pct(c.accuracy.before)} → {f.pct(c.accuracy.after)} ({f.signed_pct(c.accuracy.diff)}, paired CI {f.signed_pct(c.accuracy.low)} … "
             f"{f.signed_pct(c.accuracy.high)}, p = {c.accuracy.p_value:.3g})"
             if c.accuracy else "not judged",
             f"{f.pct(c.reliability.before)} → {f.pct(c.reliability.after)}" if c.reliability else f.DASH,
             f"{f.tokens(c.tokens_before)} → {f.tokens(c.tokens_after)}"]
            for c in comparison.cells
        ]
    gate = None
    if gate_result is not None:
        gate = {
            "passed": gate_result.passed,
            "total": len(gate_result.checks),
            "failures": [[md_escape(c.cell), c.criterion, md_escape(c.message)] for c in gate_result.failures],
        }
    return {
        "sweep_id": md_escape(sweep.sweep_id),
        "runs": len(sweep.records),
        "judged": judged,
        "criteria": criteria_markdown(criteria),
        "cells": cell_rows,
        "baseline_id": md_escape(comparison.baseline_id) if comparison else "",
        "changes": changes,
        "flips": flips,
        "gate": gate,
    }


def _neighbours(run_ids: list[str]) -> dict[str, dict[str, str]]:
    nav = {}
    for i, run_id in enumerate(run_ids):
        nav[run_id] = {
            "prev": f.run_file(run_ids[i - 1]) if i > 0 else "",
            "next": f.run_file(run_ids[i + 1]) if i + 1 < len(run_ids) else "",
        }
    return nav


def render_report(
    sweep: Sweep,
    verdicts: Sequence[Verdict] | None,
    out_dir: Path | str,
    *,
    baseline_comparison: Comparison | None = None,
    gate_result: GateResult | None = None,
    questions: Sequence[Question] | None = None,
    judge: dict[str, Any] | None = None,
    mode_comparisons: Sequence[ModeComparison] = (),
) -> Path:
    """Write index.html, runs/<run>.html, summary.md, runs.csv, runs.parquet and charts/
    into ``out_dir``; returns the path of index.html. ``judge`` names who judged (as
    summary.json does); ``mode_comparisons`` are the paired comparisons of the sweep's modes."""
    out_dir = Path(out_dir)
    (out_dir / "runs").mkdir(parents=True, exist_ok=True)
    verdicts = list(verdicts or [])
    judged = bool(verdicts) and not any(v.label not in LABELS for v in verdicts)
    stats = cell_stats(sweep.records, verdicts)
    by_type = type_stats(sweep.records, verdicts)
    qtable = question_table(sweep.records, verdicts)
    runs = with_verdicts(sweep.records, verdicts)
    criteria = evaluate_criteria(stats)
    judge_figures = judge_summary(verdicts)
    judge_title = (judge or {}).get("name", "")
    cells = list(stats["cell"]) if not stats.empty else []

    _write_tables(runs, out_dir)
    shutil.copyfile(TEMPLATES / "style.css", out_dir / "style.css")
    drawn = charts.draw_all(stats, sweep.records, qtable, out_dir)

    html = _environment(autoescape=True)
    outcome_table, behaviour_table = rows.cell_tables(stats)
    context = {
        "page_title": f"Sweep {sweep.sweep_id}",
        "css_href": "style.css",
        "header": rows.header_rows(sweep, judge_figures, judge_title),
        "thresholds": f"reliability > {RELIABILITY_MIN:.0%}, accuracy > {ACCURACY_MIN:.0%} (judged cells only), "
                      f"mean tokens < {MEAN_TOKENS_MAX / 1000:.0f}k, provenance: {PROVENANCE_MIN:.0%} of answers that state a number have every number "
                      "traced to a page the run read",
        "criteria": rows.criteria_table(criteria),
        "gate": rows.gate_table(gate_result) if gate_result is not None else None,
        "comparison": rows.comparison_tables(baseline_comparison) if baseline_comparison is not None else None,
        "modes": rows.mode_table(mode_comparisons) if mode_comparisons else None,
        "outcome_table": outcome_table,
        "behaviour_table": behaviour_table,
        "charts": drawn,
        "type_table": rows.type_table(by_type),
        "grid": rows.question_grid(qtable, cells),
        "run_sections": rows.runs_by_cell(runs, stats),
    }
    index = out_dir / "index.html"
    index.write_text(html.get_template("index.html").render(**context), encoding="utf-8")

    by_verdict = {v.run_id: v for v in verdicts}
    by_question = {q.id: q for q in questions or []}
    order = list(runs.sort_values(["model", "mode", "question_id", "run_number"])["run_id"])
    nav = _neighbours(order)
    template = html.get_template("run.html")
    for run_id in order:
        record = sweep.raw[run_id]
        page = run_context(record, sweep.path, verdict=by_verdict.get(run_id), question=by_question.get(record.question_id), nav=nav[run_id])
        page_html = template.render(page_title=f"Run {run_id}", css_href="../style.css", run=page, sweep_id=sweep.sweep_id)
        (out_dir / "runs" / f.run_file(run_id)).write_text(page_html, encoding="utf-8")

    markdown = _environment(autoescape=False)  # Markdown: every user string passed through md_escape
    summary = _summary_md(sweep, stats, criteria, judged, baseline_comparison, gate_result)
    summary["judge_name"] = md_escape(judge_title)
    (out_dir / "summary.md").write_text(markdown.get_template("summary.md").render(**summary), encoding="utf-8")
    return index
