"""Write a sweep's report: an interactive page that opens from disk, plus CSV, Parquet and
Markdown.

``render_report`` is a pure function of the sweep folder, the verdicts and (optionally) the
questions, a baseline and a gate result. The folder holds ``index.html`` (a fixed shell
under a strict Content-Security-Policy), ``data.js`` (every table and figure, see
``export``), ``details/<n>.js`` (run details and traces, loaded when a run is opened, see
``details``), the viewer's scripts (viewer-core.js, run-view.js, viewer.js) and style and
the vendored libraries in ``static/``.
The page renders model text with ``textContent`` only. Its size grows with the runs by a
few hundred bytes per run in ``data.js`` and about 1-2 kB per run of compressed detail.
"""
from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import jinja2
import pandas as pd

from core.text import scrub_text
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
from harness.errored_runs import errors_of_errored_runs, token_figures, with_token_figures
from harness.gate import GateResult
from harness.judge import LABELS
from harness.judge.verdict import Verdict
from harness.report import export, rows
from harness.report import fmt as f
from harness.report.details import DetailWriter, write_verdicts
from harness.stats.cells import cell_stats, failure_causes, judge_summary, question_table, type_stats
from harness.stats.compare import Comparison, ModeComparison
from harness.stats.completeness import Completeness, completeness
from harness.stats.frame import Sweep, with_verdicts

TEMPLATES = Path(__file__).parent / "templates"
STATIC = Path(__file__).parent / "static"
DATA_VERSION = 1


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


def _provider_faults_text(stats: pd.DataFrame) -> str:
    """What summary.md says under its cells table when a provider ended some runs: which
    runs the per-run figures are over (``harness.errored_runs.measured_runs``)."""
    faulted = [(s["cell"], int(s["provider_fault_runs"]), int(s["runs"])) for _, s in stats.iterrows() if s.get("provider_fault_runs")]
    if not faulted:
        return ""
    cells = ", ".join(f"{md_escape(cell)} {n} of {runs}" for cell, n, runs in faulted)
    return (f"Mean tokens, p95, duration and evidence hit leave out the runs a provider fault ended ({cells}): they "
            "measure the provider, not the mode. Reliability and accuracy count them, and the cost includes what they spent.")


def _summary_md(
    sweep: Sweep, stats: pd.DataFrame, criteria: list, judged: bool,
    comparison: Comparison | None, gate_result: GateResult | None, coverage: Completeness,
) -> dict[str, Any]:
    cell_rows = [
        [md_escape(s["cell"]), str(s["runs"]), rows.accuracy_text(s) + (f" ({f.ci(s['accuracy_low'], s['accuracy_high'])})" if s["judged"] else ""),
         # dashes for a cell whose every run errored (token_figures), as the page's cells table shows it
         f.pct(s["reliability"]), *(f.DASH if t is None else f.tokens(t) for t in (token_figures(s)[k] for k in ("tokens_mean", "tokens_p95"))),
         f.usd(s["cost_sum"], bool(s["cost_known"])), f.seconds(s["duration_ms_mean"]), f.pct(s["evidence_hit_rate"])]
        for _, s in stats.iterrows()
    ]
    flips = []
    no_answer = []
    changes = []
    if comparison is not None:
        flips = [[md_escape(x.question_id), md_escape(x.cell), x.direction, x.before, x.after] for x in comparison.flips]
        no_answer = [f"{md_escape(x.question_id)} in {md_escape(x.cell)} ({x.before} → {x.after})" for x in comparison.no_answer]
        changes = [
            [md_escape(c.cell),
             f"{f.pct(c.accuracy.before)} → {f.pct(c.accuracy.after)} on the {c.accuracy.n_questions} shared questions "
             f"({f.signed_pct(c.accuracy.diff)}, paired CI {f.signed_bound(c.accuracy.low)} … "
             f"{f.signed_bound(c.accuracy.high)}, p = {f.p_value(c.accuracy.p_value)})"
             if c.accuracy else ("not judged" if c.shared_questions else "no question in common"),
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
        "incomplete": "" if coverage.complete else md_escape(coverage.text()),
        "judged": judged,
        "criteria": criteria_markdown(criteria),
        "criteria_unsure": any(not check.settled for row in criteria for check in row.checks.values()),
        "cells": cell_rows,
        "provider_faults": _provider_faults_text(stats),
        "baseline_id": md_escape(comparison.baseline_id) if comparison else "",
        "baseline_judge": md_escape(comparison.judge) if comparison else "",
        "changes": changes,
        "flips": flips,
        "no_answer": no_answer,
        "gate": gate,
    }


def start_details(sweep: Sweep, out_dir: Path, on_progress: Callable[[int], None] = lambda n: None) -> DetailWriter:
    """Start writing the run details (the slow part of a big report) in the background;
    they do not depend on the verdicts, so the caller may judge meanwhile."""
    frame = sweep.records
    order = list(frame.sort_values(["model", "mode", "question_id", "run_number"])["run_id"]) if len(frame) else []
    return DetailWriter([sweep.raw[run_id] for run_id in order], sweep.path, out_dir, on_done=on_progress)


def write_static(out_dir: Path) -> None:
    """The viewer's script, style and vendored libraries, copied beside the page."""
    target = out_dir / "static"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(STATIC, target)


def write_data(out_dir: Path, data: dict[str, Any]) -> None:
    """``data.js``: one assignment the page's first script reads. A script file, not JSON
    fetched at run time: a page opened from disk may load scripts beside it, not fetch."""
    text = scrub_text(json.dumps(data, ensure_ascii=False, separators=(",", ":"), default=str))  # see core.text
    (out_dir / "data.js").write_text(f"window.BENCH_REPORT={text};\n", encoding="utf-8")


def write_page(out_dir: Path, title: str, no_script: str = "read summary.md and runs.csv beside it") -> Path:
    """The page, and ``no_script``: where a reader without JavaScript finds what it shows (the
    files beside a sweep's report, by default)."""
    index = out_dir / "index.html"
    page = _environment(autoescape=True).get_template("index.html").render(page_title=title, no_script=no_script)
    index.write_text(page, encoding="utf-8")
    return index


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
    baseline: Sweep | None = None,
    baseline_verdicts: Sequence[Verdict] | None = None,
    history_page: Path | None = None,
    details: DetailWriter | None = None,
    on_progress: Callable[[int], None] = lambda n: None,
    stats: pd.DataFrame | None = None,
    coverage: Completeness | None = None,
) -> Path:
    """Write the report into ``out_dir``; returns the path of index.html.

    ``judge`` names who judged (as summary.json does); ``mode_comparisons`` are the paired
    comparisons of the sweep's modes; ``baseline`` and its verdicts feed the side-by-side
    view; ``details``: the writer ``start_details`` started (else one is started here);
    ``on_progress(k)`` is called as the details of k more runs are written; ``stats``: the
    ``cell_stats`` of the same runs and verdicts, and ``coverage`` their ``completeness``,
    when the caller has them already."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    verdicts = list(verdicts or [])
    judged = bool(verdicts) and not any(v.label not in LABELS for v in verdicts)
    stats = cell_stats(sweep.records, verdicts) if stats is None else stats
    coverage = completeness(sweep) if coverage is None else coverage
    by_type = type_stats(sweep.records, verdicts)
    qtable = question_table(sweep.records, verdicts)
    runs = with_verdicts(sweep.records, verdicts)
    criteria = evaluate_criteria(stats)
    judge_figures = judge_summary(verdicts)
    judge_title = (judge or {}).get("name", "")
    cells = list(stats["cell"]) if not stats.empty else []
    by_question = {q.id: q for q in questions or []}

    writer = details or start_details(sweep, out_dir, on_progress)
    _write_tables(runs, out_dir)
    write_static(out_dir)
    chunk_of, trace_questions = writer.wait()
    write_verdicts(chunk_of, {v.run_id: v.to_dict() for v in verdicts}, out_dir, errors_of_errored_runs(runs))

    outcome_table, behaviour_table = rows.cell_tables(stats)
    question_ids = list(dict.fromkeys(runs["question_id"])) if len(runs) else []
    data: dict[str, Any] = {
        "version": DATA_VERSION,
        "kind": "sweep",
        "title": f"Sweep {sweep.sweep_id}",
        "header": rows.header_rows(sweep, judge_figures, judge_title, (judge or {}).get("calibration_text", ""), coverage),
        "thresholds": f"reliability > {RELIABILITY_MIN:.0%}, accuracy > {ACCURACY_MIN:.0%} (judged cells only), "
                      f"mean tokens < {MEAN_TOKENS_MAX / 1000:.0f}k, provenance: {PROVENANCE_MIN:.0%} of answers that state a number have every number "
                      "traced to a page the run read",
        "verdict": rows.overall_verdict(criteria, gate_result),
        "criteria": rows.criteria_table(criteria),
        "failed_criteria": export.failed_criteria(criteria),
        "gate": rows.gate_table(gate_result) if gate_result is not None else None,
        "comparison": rows.comparison_tables(baseline_comparison) if baseline_comparison is not None else None,
        "modes": rows.mode_table(mode_comparisons) if mode_comparisons else None,
        "outcome_table": outcome_table,
        "behaviour_table": behaviour_table,
        "type_table": rows.type_table(by_type),
        "failures": rows.failure_table(failure_causes(sweep.records, most=10, verdicts=verdicts)),
        "cell_figures": export.frame_table(with_token_figures(stats)),
        "charts": export.chart_data(stats),
        "grid": export.question_grid(qtable, cells),
        "runs": export.runs_table(runs, chunk_of),
        "questions": export.questions_map(question_ids, by_question, trace_questions),
        "baseline_runs": export.baseline_runs(baseline, baseline_verdicts, set(question_ids)) if baseline is not None else None,
        "history": os.path.relpath(history_page, out_dir) if history_page is not None else "",
    }
    write_data(out_dir, data)
    index = write_page(out_dir, data["title"])

    markdown = _environment(autoescape=False)  # Markdown: every user string passed through md_escape
    summary = _summary_md(sweep, stats, criteria, judged, baseline_comparison, gate_result, coverage)
    summary["judge_name"] = md_escape(judge_title)
    summary["judge_trust"] = md_escape((judge or {}).get("calibration_text", "")) if judged else ""
    (out_dir / "summary.md").write_text(markdown.get_template("summary.md").render(**summary), encoding="utf-8")
    return index


def render_trace(trace_path: Path, out_dir: Path) -> Path:
    """A viewer page for one trace file (``bench.py ask --trace``): its timeline, answer and
    usage, read from the trace alone. Returns the page's index.html; UserError, with nothing
    written, for a file whose records are not trace events."""
    from harness.report.details import chunk_script
    from harness.report.run_detail import TRACE_FILE, trace_only_detail

    detail = trace_only_detail(trace_path)
    if not detail["timeline"]:  # e.g. only the ends of tool calls whose starts were lost
        from core.errors import UserError

        raise UserError(f"{trace_path} has nothing to show: no call or event starts in it", TRACE_FILE)
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "details").mkdir(exist_ok=True)
    (out_dir / "details" / "0.js").write_text(chunk_script(0, {detail["run_id"]: detail}), encoding="utf-8")
    write_static(out_dir)
    data: dict[str, Any] = {"version": DATA_VERSION, "kind": "trace", "title": f"Trace {trace_path.name}", "lede": str(trace_path), "history": "", "questions": {}}
    write_data(out_dir, data)
    return write_page(out_dir, data["title"], f"read the trace file itself, {trace_path}, one JSON event per line")
