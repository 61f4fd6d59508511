"""The report's data: the sweep's frames as one JSON document the page reads (``data.js``).

Every figure comes from ``harness.stats`` and ``harness.criteria``; the page formats and
filters, it never computes a statistic. Tables are exported column by column from the
frames, so a column added to the run frame or to ``cell_stats`` reaches the page without
a change here (new run columns appear in the grid's column chooser, new cell figures in
"all cell figures").
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

import pandas as pd

from harness.criteria import ACCURACY_MIN, MEAN_TOKENS_MAX, RELIABILITY_MIN, CriteriaRow
from harness.dataset import Question
from harness.errored_runs import NO_ANSWER_MARK, NO_ANSWER_MEANING, every_run_errored, is_errored, shown_verdicts, token_figures
from harness.report import fmt as f
from harness.report.rows import MARKS
from harness.stats.frame import Sweep, with_verdicts
from harness.stats.summary import plain_value

ANSWER_PREVIEW = 400  # the grid's answer column; the run view shows it whole
ERROR_PREVIEW = 200
# Columns the run grid leaves out: read in the run view, or not about the run.
NOT_IN_GRID = frozenset({"trace_path", "judge_rationale", "judge_samples", "record_version"})
# Run-grid columns shown at first, with titles; every other column is in the column chooser.
SHOWN = {
    "run_id": "run", "cell": "cell", "question_id": "question", "status": "status", "verdict": "verdict", "answer": "answer",
    "tokens_total": "tokens", "cost_usd": "cost", "duration_ms": "duration", "tool_calls": "tool calls",
    "evidence_hit": "evidence hit", "provenance_ok": "provenance",
}
# Titles of columns the chooser offers (any other column is titled by its name).
TITLES = {"question_type": "question type", "run_number": "#", "error": "error", "iterations": "iterations"}
REFERENCES = (("seed agent", 80_000, 0.30, 0.30), ("seed planner", 11_000, 0.27, 0.44))


def json_value(value: Any) -> Any:
    """A frame value for the page: ``plain_value``, with lists, infinities as null and
    floats to 6 places (the page shows no more, and data.js stays small)."""
    if isinstance(value, (list, tuple)):
        return [json_value(v) for v in value]
    value = plain_value(value)
    if isinstance(value, float):
        return None if math.isinf(value) else round(value, 6)
    return value


def _kind(series: pd.Series) -> str:
    if pd.api.types.is_bool_dtype(series):
        return "bool"
    if pd.api.types.is_integer_dtype(series):
        return "int"
    if pd.api.types.is_float_dtype(series):
        return "float"
    return "text"


def frame_table(df: pd.DataFrame, columns: Sequence[str] | None = None) -> dict[str, Any]:
    """``{"columns": [{key, kind}], "rows": [[...], ...]}``, column order as given."""
    columns = list(columns if columns is not None else df.columns)
    kinds = [{"key": c, "kind": _kind(df[c])} for c in columns]
    body = df[columns].astype(object).where(df[columns].notna(), None).values.tolist() if len(df) else []
    return {"columns": kinds, "rows": [[json_value(v) for v in row] for row in body]}


def _cut(value: Any, limit: int) -> Any:
    return value[:limit] + "…" if isinstance(value, str) and len(value) > limit else value


def runs_table(runs: pd.DataFrame, chunk_of: dict[str, int]) -> dict[str, Any]:
    """The run grid: one row per run, every scalar column of the run frame (long texts cut)
    plus the number of the detail chunk that holds the run's full detail."""
    frame = shown_verdicts(runs.drop(columns=[c for c in NOT_IN_GRID if c in runs.columns]))
    for column, limit in (("answer", ANSWER_PREVIEW), ("error", ERROR_PREVIEW)):
        if column in frame.columns:
            frame[column] = frame[column].map(lambda v, n=limit: _cut(v, n))
    frame["chunk"] = frame["run_id"].map(chunk_of).fillna(-1).astype("int64")
    order = [c for c in SHOWN if c in frame.columns] + [c for c in frame.columns if c not in SHOWN]
    table = frame_table(frame, order)
    for column in table["columns"]:
        column["title"] = SHOWN.get(column["key"]) or TITLES.get(column["key"]) or column["key"].replace("_", " ")
        column["shown"] = column["key"] in SHOWN
    return table


def questions_map(ids: Iterable[str], questions: dict[str, Question], from_traces: dict[str, str]) -> dict[str, Any]:
    """Per question id: text, type, document, and the gold answer (for the reader; the
    retrievers never see this file)."""
    out: dict[str, Any] = {}
    for qid in ids:
        q = questions.get(qid)
        if q is None:
            out[qid] = {"text": from_traces.get(qid, ""), "type": "", "doc": "", "gold": "", "justification": "", "evidence_pages": ""}
            continue
        out[qid] = {"text": q.text or from_traces.get(qid, ""), "type": q.question_type, "doc": q.doc_name, "gold": q.gold.answer,
                    "justification": q.gold.justification, "evidence_pages": ", ".join(map(str, q.gold.evidence_pages))}
    return out


def run_mark(label: Any, status: Any) -> str:
    """A run's mark in the questions view: its verdict's (✓ ✗ ⊘ ?, · not judged), ⊘ for a
    run that gave up (the model giving up is a refusal), and for a run that ended in an
    error the no-answer mark, whatever its status verdict says."""
    if is_errored(status):
        return NO_ANSWER_MARK
    if status == "fail":
        return MARKS["refusal"]
    return MARKS.get(label, "?") if isinstance(label, str) else "·"


def question_grid(qtable: pd.DataFrame, cells: list[str]) -> dict[str, Any]:
    """Questions x cells from ``question_table``: one text of ``run_mark`` per run and the
    majority label's style; ``no_answer``: the errored run's mark and its meaning, for the
    legend."""
    rows: list[list[Any]] = []
    legend = [NO_ANSWER_MARK, NO_ANSWER_MEANING]
    if qtable.empty:
        return {"cells": cells, "rows": rows, "no_answer": legend}
    position = {name: i for i, name in enumerate(cells)}
    for question_id, group in qtable.groupby("question_id", sort=True):
        marks: list[Any] = [None] * len(cells)
        for row in group.itertuples(index=False):
            texts = [run_mark(label, status) for label, status in zip(row.labels, row.statuses)]
            majority = "" if every_run_errored(row.statuses) or not isinstance(row.majority, str) else row.majority
            marks[position[row.cell]] = ["".join(texts), f.label_class(majority) if majority else "none"]
        rows.append([str(question_id), str(group["question_type"].iloc[0]), marks])
    return {"cells": cells, "rows": rows, "no_answer": legend}


def chart_data(stats: pd.DataFrame) -> dict[str, Any]:
    """The charts' figures per cell; a cell's token figures as ``token_figures`` gives them
    (null for a cell whose every run ended in error: no bar, no point)."""
    columns = ["cell", "accuracy", "accuracy_low", "accuracy_high", "tokens_mean", "tokens_median", "tokens_p95", "reliability", "runs"]

    def figures(row: pd.Series) -> dict[str, Any]:
        shown = {**row.to_dict(), **token_figures(row)}
        return {k: json_value(shown[k]) for k in columns}

    return {
        "cells": [figures(row) for _, row in stats.iterrows()],
        "targets": {"accuracy": ACCURACY_MIN, "reliability": RELIABILITY_MIN, "tokens": MEAN_TOKENS_MAX},
        "references": [{"label": label, "tokens": t, "low": lo, "high": hi} for label, t, lo, hi in REFERENCES],
    }


def failed_criteria(criteria: list[CriteriaRow]) -> dict[str, list[str]]:
    """Cell -> the criteria it fails (the run grid's "failed criterion" filter)."""
    return {row.cell: [name for name, check in row.checks.items() if check.status == "fail"] for row in criteria}


def baseline_runs(baseline: Sweep, verdicts: Sequence[Any] | None, question_ids: set[str]) -> dict[str, Any]:
    """The baseline's runs of the questions this sweep asked, for the side-by-side view."""
    frame = shown_verdicts(with_verdicts(baseline.records, verdicts))
    frame = frame[frame["question_id"].isin(question_ids)].copy()
    frame["answer"] = frame["answer"].map(lambda v: _cut(v, ANSWER_PREVIEW * 2))
    keep = [c for c in ("run_id", "question_id", "cell", "run_number", "status", "verdict", "tokens_total", "answer", "error") if c in frame.columns]
    frame["error"] = frame["error"].map(lambda v: _cut(v, ERROR_PREVIEW))
    return {"sweep_id": baseline.sweep_id, **frame_table(frame, keep)}
