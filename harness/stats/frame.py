"""A sweep as a table: one row per run, with columns that come from the record's types.

``load_sweep`` reads a sweep folder into a ``Sweep`` (manifest + one DataFrame row per run).
A row is the record's JSON form flattened: scalars as they are, lists as text (so
``runs.csv`` and ``runs.parquet`` hold the same scalar columns), nested records under a
prefix (``usage`` as ``tokens_*``, tokens by role as ``tokens_<role>``, ``tool_stats`` as
``tool_*``, ``provenance`` as ``provenance_*``). Findings, failed searches and plans stay
in the records (``Sweep.raw``); the row keeps their counts.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from core.records import RunRecord
from harness.judge.verdict import Verdict
from harness.sweepdir import SweepDir

# Nested parts of a record and the prefix of their columns.
PREFIXES = {"usage": "tokens", "tool_stats": "tool", "provenance": "provenance"}
# Parts kept in the records only: lists of objects and free-form mode data.
NOT_COLUMNS = frozenset({"findings", "failed_searches", "plan", "extra", "record_version"})
# How list fields read as text.
LIST_SEPARATORS = {"sources": "; "}


@dataclass
class Sweep:
    """A sweep folder read into memory: its manifest, a run frame and the raw records."""

    path: Path
    manifest: dict[str, Any]
    records: pd.DataFrame
    raw: dict[str, RunRecord] = field(default_factory=dict)  # run_id -> record, for run pages
    # Records of runs the manifest never planned (pasted in from another sweep), left out.
    unplanned: list[str] = field(default_factory=list)

    @property
    def sweep_id(self) -> str:
        return str(self.manifest.get("sweep_id") or self.path.name)


def cell_name(model: str, mode: str) -> str:
    """The cell key used by the criteria table, the gate's budgets and the report."""
    return f"{model}/{mode}"


def _text(values: list[Any], key: str) -> str:
    return LIST_SEPARATORS.get(key, ", ").join(str(v) for v in values)


def _flatten(record: RunRecord) -> dict[str, Any]:
    row: dict[str, Any] = {"cell": cell_name(record.model, record.mode)}
    for key, value in record.to_dict().items():
        if key in NOT_COLUMNS:
            continue
        if key in PREFIXES:
            for sub, sub_value in value.items():
                if sub == "by_role":
                    for role, counts in (sub_value or {}).items():
                        row[f"tokens_{role}"] = int((counts or {}).get("total", 0))
                else:
                    row[f"{PREFIXES[key]}_{sub}"] = _text(sub_value, sub) if isinstance(sub_value, list) else sub_value
        elif isinstance(value, list):
            row[key] = _text(value, key)
        elif not isinstance(value, dict):
            row[key] = value
    row["question_type"] = record.question_type or "unknown"
    row["tokens_estimated"] = bool(record.usage.estimated)
    # None stays visible as cost_known=False; NaN alone would be summed away silently.
    row["cost_known"] = record.cost_usd is not None
    row["cost_usd"] = math.nan if record.cost_usd is None else float(record.cost_usd)
    row["spent_usd"] = math.nan if record.spent_usd is None else float(record.spent_usd)
    row["pages_fetched_count"] = len(record.pages_fetched)
    row["calls_all_live"] = record.calls_all_live  # only then is its duration the model's time
    row["ended_by_provider"] = record.ended_by_provider  # then its per-run figures are the provider's
    return row


def records_frame(records: Iterable[RunRecord]) -> pd.DataFrame:
    """One row per run with nested fields flattened (tokens_<role>, tool_<stat>, ...)."""
    rows = [_flatten(r) for r in records]
    df = pd.DataFrame(rows)
    if df.empty:
        df = pd.DataFrame(columns=list(_flatten(RunRecord("", "", "", "", "", 0, "ok")).keys()))
    for column in role_columns(df):
        df[column] = df[column].fillna(0).astype("int64")  # a run that never used a role used 0 of it
    for column in ("evidence_hit", "provenance_ok"):
        df[column] = df[column].astype("boolean")
    for column in ("provenance_numbers", "provenance_traced", "provenance_derived"):
        df[column] = pd.to_numeric(df[column], errors="coerce").astype("Int64")
    return df


def role_columns(df: pd.DataFrame) -> list[str]:
    """The tokens_<role> columns (by_role), not the input/output/cache/total ones."""
    fixed = {"tokens_total", "tokens_input", "tokens_output", "tokens_cache_read", "tokens_cache_write", "tokens_estimated"}
    return sorted(c for c in df.columns if c.startswith("tokens_") and c not in fixed)


def load_sweep(path: Path | str) -> Sweep:
    """Read ``manifest.json`` and ``runs.jsonl`` of a sweep folder (UserError if it is not one)."""
    folder = SweepDir.open(Path(path))
    manifest = folder.read_manifest()
    # A run recorded twice (a resumed sweep that redid it) counts once: the later record. A
    # run is its model, mode, question and run number, whatever run id a record carries (a
    # hand-merged file may hold one run under two ids, and it is still one sample).
    records = list({(r.model, r.mode, r.question_id, r.run_number): r for r in folder.read_records()}.values())
    planned = _planned_runs(manifest)
    unplanned = [] if planned is None else [r.run_id for r in records if (r.model, r.mode, r.question_id, r.run_number) not in planned]
    if unplanned:
        left_out = set(unplanned)
        records = [r for r in records if r.run_id not in left_out]
    return Sweep(folder.path, manifest, records_frame(records), {r.run_id: r for r in records}, unplanned)


def _planned_runs(manifest: dict[str, Any]) -> set[tuple[str, str, str, Any]] | None:
    """The runs the sweep planned (model, mode, question, run number), or None when its
    manifest lists none to hold the records to."""
    runs = manifest.get("runs")
    if not isinstance(runs, list) or not runs:
        return None
    return {(str(r.get("model")), str(r.get("mode")), str(r.get("question_id")), r.get("run_number"))
            for r in runs if isinstance(r, dict)}


def verdict_frame(verdicts: Sequence[Verdict] | None) -> pd.DataFrame:
    columns = ["run_id", "verdict", "verdict_method", "judge_model", "judge_rationale", "judge_agreement", "judge_samples"]
    rows = [
        [v.run_id, v.label, v.method, v.judge_model, v.rationale, v.agreement, ", ".join(v.samples)]
        for v in verdicts or []
    ]
    return pd.DataFrame(rows, columns=columns).drop_duplicates("run_id", keep="last")


def with_verdicts(df: pd.DataFrame, verdicts: Sequence[Verdict] | None) -> pd.DataFrame:
    """The run frame with verdict columns merged in; a run without a verdict gets None."""
    merged = df.drop(columns=[c for c in verdict_frame(None).columns if c != "run_id" and c in df.columns])
    merged = merged.merge(verdict_frame(verdicts), on="run_id", how="left")
    merged["verdict"] = merged["verdict"].astype(object).where(merged["verdict"].notna(), None)
    merged["judge_agreement"] = pd.to_numeric(merged["judge_agreement"], errors="coerce")
    return merged
