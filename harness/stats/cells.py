"""Statistics over one sweep: the figures the criteria table, the gate and the report show.

``load_sweep`` reads a sweep folder into a ``Sweep`` (manifest + one DataFrame row per run);
``cell_stats`` aggregates per model x mode, ``type_stats`` per model x mode x question type,
``question_table`` per question x cell, and ``judge_summary`` keeps what the judge itself
cost apart from what the runs cost. Verdicts are optional everywhere: without them the
accuracy columns are NaN and nothing pretends the answers were judged.

Definitions (the report and the README repeat them):
- accuracy = the mean over the cell's questions of the share of that question's runs
  judged ``correct`` (= correct runs / all runs when every question has the same number of
  runs); a refusal, a fail and an error count as not correct. Only a cell whose every run
  has a verdict has an accuracy: with any answer unjudged it is NaN ("not judged") and
  ``unjudged`` says how many; an unjudged answer is never counted as wrong.
- accuracy_low/high: 95% interval clustered by question (``intervals.clustered_interval``):
  reruns of a question are not new samples.
- consistency = share of questions whose runs all got the same verdict; within_variance =
  mean over questions of the (unbiased) variance of correct across its runs. Both need
  two or more runs per question, and both leave out runs that ended in an error: a
  provider error is not the model answering differently.
- reliability = runs that produced an answer / all runs: status ``ok`` and, when verdicts
  exist, not judged a ``refusal`` (a refusal is not an answer).
- refusal_rate = runs where the model declined / all runs: judged a ``refusal``, or
  status ``fail`` (the retriever gave up, saying why: "no passage addresses the
  question"); errored_rate = runs that ended in an error / all runs. An errored run
  carries a ``refusal`` verdict from the judge (method ``status``), as FinanceBench scores
  a missing answer, but a provider error or a crash is not the model declining, so the two
  are counted apart (``harness.errored_runs`` says how such a run counts and shows).
- the per-run means of what a run spent and did (tokens, their share under the 25k target,
  cost per run, duration, pages read, evidence hit, calls, turns, tools, iterations,
  findings) are over the cell's ``measured_runs``: not those a provider fault ended
  (``provider_fault_runs`` of them: a rate limit or an outage that outlasted the retries, or
  any provider error before a token was spent; ``RunRecord.ended_by_provider``), which
  measure the provider. A third of the runs dying at their first call would
  otherwise show the mode a third cheaper, faster and worse at finding the evidence.
  Accuracy, reliability and the errored rate count every run; the cost sum is all spent.
- duration_ms_mean/p95 and retries_mean are over the runs whose every model call was made
  live (``duration_runs`` of them, ``RunRecord.calls_all_live``): a call replayed from the response cache or answered by
  a batch took none of the model's time in this run and made no attempt, so a rerun of a
  cached sweep would show the replay's milliseconds as the model's latency and no retries.
  A cell with no such run has neither.
- p95 uses linear interpolation between order statistics (pandas' default quantile).
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from core.records import ToolStats
from harness.criteria import TOKENS_PER_RUN
from harness.errored_runs import errored_runs, provider_ended
from harness.intervals import clustered_interval, consistency, pooled_clustered_interval, wilson_interval
from harness.judge import LABELS, majority_label
from harness.judge.verdict import Verdict
from harness.stats.frame import cell_name, role_columns, with_verdicts

__all__ = ["cell_stats", "type_stats", "question_table", "question_scores", "majority_label", "judge_summary", "wilson_interval"]

TOOL_STATS = tuple(ToolStats.__dataclass_fields__)
# Verdict methods that do not come from a judge pass over the answers: a sweep with only
# these was not judged (fail/error runs are "status" refusals whatever the judge).
PARTIAL_METHODS = frozenset({"numeric", "status", "none", ""})
CELL_KEYS = ["model", "mode"]


def _rate(mask: pd.Series, denominator: pd.Series | None = None) -> float:
    if denominator is None:
        return float(mask.mean()) if len(mask) else math.nan
    total = int(denominator.sum())
    return float((mask & denominator).sum() / total) if total else math.nan


def _p95(values: pd.Series) -> float:
    return float(values.quantile(0.95)) if len(values) else math.nan


def _verdicts_by_question(group: pd.DataFrame) -> dict[str, list[Any]]:
    """question_id -> its runs' verdicts in row order, questions in sorted order (as a
    groupby gives them). Plain lists: a pandas group per question cost more than the few
    values each holds, and a big sweep has thousands of questions x cells."""
    out: dict[str, list[Any]] = {}
    for question_id, label in zip(group["question_id"].tolist(), group["verdict"].tolist()):
        if not pd.isna(question_id):  # as groupby: a run without a question is in no group
            out.setdefault(str(question_id), []).append(label)
    return {question_id: out[question_id] for question_id in sorted(out)}


def question_scores(group: pd.DataFrame) -> dict[str, tuple[float, int]]:
    """question_id -> (share of its runs judged correct, runs); the unit statistics sample."""
    return {q: (sum(label == "correct" for label in labels) / len(labels), len(labels))
            for q, labels in _verdicts_by_question(group).items()}


def _labels_by_question(group: pd.DataFrame) -> dict[str, list[str | None]]:
    return {q: [x if isinstance(x, str) else None for x in labels] for q, labels in _verdicts_by_question(group).items()}


def _group_row(group: pd.DataFrame, roles: list[str], has_verdicts: bool) -> dict[str, Any]:
    n = len(group)
    ok = group["status"] == "ok"
    labels = group["verdict"]
    errored = errored_runs(group["status"])  # not a refusal: see harness.errored_runs
    refused = ~errored & ((labels == "refusal") | (group["status"] == "fail"))  # the model declined or gave up
    answered = ok & ~refused
    correct = int((labels == "correct").sum())
    unjudged = int((~labels.isin(LABELS)).sum())
    judged = has_verdicts and n > 0 and unjudged == 0
    scores = question_scores(group)
    accuracy = clustered_interval([s for s, _ in scores.values()], [k for _, k in scores.values()]) if judged else None
    answered_by_question = group.assign(_answered=answered).groupby("question_id")["_answered"]
    # Reliability is a share of runs (pooled), so its interval is the pooled share's: the
    # interval of the mean over questions left out the figure shown beside it when questions
    # had unequal runs (10 answered of 10 and 0 of 1: 90.9%, "9.5%-90.5%").
    reliability = pooled_clustered_interval([(int(a), int(n)) for a, n in zip(answered_by_question.sum(), answered_by_question.size())])
    # Over the runs that answered or declined: an errored run has no verdict of its own, and a
    # provider's flakiness is no inconsistency of the model (nor three errors a consistent one).
    agree, within = consistency(_labels_by_question(group[~errored])) if judged else (math.nan, math.nan)
    methods = sorted(set(group.loc[labels.notna(), "verdict_method"].dropna()))
    # The runs the mode's per-run figures are over: not those a provider fault ended, which
    # measure the provider (``measured_runs``).
    faulted = provider_ended(group)
    measured = group[~faulted]
    m = len(measured)
    evidence = measured["evidence_hit"]
    provenance = group["provenance_ok"]
    # Only provenance checked against the pages' text counts (older records trusted findings).
    verified = group["provenance_verified"].fillna(False).astype(bool) if "provenance_verified" in group else pd.Series(False, index=group.index)
    provenance_counted = ok & provenance.notna() & verified
    findings_checked = pd.to_numeric(group.get("provenance_findings_checked", pd.Series(0, index=group.index)), errors="coerce").fillna(0)
    findings_verified = pd.to_numeric(group.get("provenance_findings_verified", pd.Series(0, index=group.index)), errors="coerce").fillna(0)
    cost_known = bool(group["cost_known"].all())
    # Runs whose model calls were all made in them (RunRecord.calls_all_live): only their
    # durations are the model's time, and only their retries the provider's (a faulted
    # run's retries included: they are the provider's flakiness).
    all_live = group["calls_all_live"].astype(bool)
    live = group[all_live]
    durations = group.loc[all_live & ~faulted, "duration_ms"]
    row: dict[str, Any] = {
        "runs": n,
        "questions": group["question_id"].nunique(),
        "runs_per_question": n / group["question_id"].nunique() if n else math.nan,
        "ok": int(ok.sum()),
        "fail": int((group["status"] == "fail").sum()),
        "error": int(errored.sum()),
        "answered": int(answered.sum()),
        "reliability": float(answered.mean()) if n else math.nan,
        "reliability_low": reliability.low,
        "reliability_high": reliability.high,
        "ok_rate": float(ok.mean()) if n else math.nan,
        "judged": judged,
        "judge_methods": ", ".join(methods),
        "correct": correct if has_verdicts else math.nan,
        "unjudged": unjudged if has_verdicts else n,
        "accuracy": accuracy.mean if accuracy else math.nan,
        "accuracy_low": accuracy.low if accuracy else math.nan,
        "accuracy_high": accuracy.high if accuracy else math.nan,
        "accuracy_effective_n": accuracy.effective_n if accuracy else math.nan,
        "refusal_rate": float(refused.mean()) if judged else math.nan,
        "errored_rate": float(errored.mean()) if n else math.nan,
        # Self-agreement of a judge sampled K times (--judge-runs); NaN with one sample.
        "judge_agreement": float(group["judge_agreement"].mean()) if group["judge_agreement"].notna().any() else math.nan,
        "consistency": agree,
        "within_variance": within,
        "measured_runs": m,
        "provider_fault_runs": n - m,
        "tokens_mean": float(measured["tokens_total"].mean()) if m else math.nan,
        "tokens_median": float(measured["tokens_total"].median()) if m else math.nan,
        "tokens_p95": _p95(measured["tokens_total"]),
        "tokens_estimated": bool(group["tokens_estimated"].any()),
        "cost_known": cost_known,
        "cost_sum": float(group["cost_usd"].sum()) if cost_known else math.nan,
        "cost_mean": float(measured["cost_usd"].mean()) if cost_known and m else math.nan,
        "duration_ms_mean": float(durations.mean()) if len(durations) else math.nan,
        "duration_ms_p95": _p95(durations),
        "duration_runs": len(durations),
        "retry_runs": len(live),
        "evidence_runs": int(evidence.notna().sum()),
        "evidence_hit_rate": float(evidence.dropna().astype(bool).mean()) if evidence.notna().any() else math.nan,
        # Read beside the evidence hit: a run that fetches every page always "hits".
        "pages_read_mean": float(measured["pages_fetched_count"].mean()) if m else math.nan,
        "provenance_runs": int(provenance_counted.sum()),
        "provenance_rate": _rate(provenance.fillna(False).astype(bool), provenance_counted),
        "provenance_unverified_runs": int((ok & provenance.notna() & ~verified).sum()),
        "findings_checked": int(findings_checked.sum()),
        "findings_verified_rate": float(findings_verified.sum() / findings_checked.sum()) if findings_checked.sum() else math.nan,
        "tokens_under_budget": float((measured["tokens_total"] < TOKENS_PER_RUN).mean()) if m else math.nan,
    }
    for column in ("llm_calls", "turns", "tool_calls", "iterations", "findings_count", "failed_searches_count", "replans"):
        row[f"{column}_mean"] = float(measured[column].mean()) if m else math.nan
    # A replayed call made no attempt, so retries, like durations, are the live runs' alone.
    row["retries_mean"] = float(live["retries"].mean()) if len(live) else math.nan
    for name in TOOL_STATS:
        row[f"tool_{name}_mean"] = float(measured[f"tool_{name}"].mean()) if m else math.nan
    for column in roles:
        row[f"{column}_mean"] = float(measured[column].mean()) if m else math.nan
    return row


def _grouped(df: pd.DataFrame, verdicts: Sequence[Verdict] | None, keys: list[str]) -> pd.DataFrame:
    judged = bool(verdicts)
    merged = with_verdicts(df, verdicts)
    roles = role_columns(merged)
    rows = []
    for values, group in merged.groupby(keys, sort=True, dropna=False):
        values = values if isinstance(values, tuple) else (values,)
        row = dict(zip(keys, values))
        row["cell"] = cell_name(row["model"], row["mode"])
        row.update(_group_row(group, roles, judged))
        rows.append(row)
    if not rows:  # a sweep with no finished run: keep the columns readers index by
        return pd.DataFrame(columns=keys + ["cell"] + list(_group_row(merged, roles, judged).keys()))
    return pd.DataFrame(rows)


def cell_stats(df: pd.DataFrame, verdicts: Sequence[Verdict] | None = None) -> pd.DataFrame:
    """One row per model x mode with every figure of the cell table (see module doc)."""
    return _grouped(df, verdicts, CELL_KEYS)


def type_stats(df: pd.DataFrame, verdicts: Sequence[Verdict] | None = None) -> pd.DataFrame:
    """``cell_stats`` split further by FinanceBench question type."""
    return _grouped(df, verdicts, CELL_KEYS + ["question_type"])


def question_table(df: pd.DataFrame, verdicts: Sequence[Verdict] | None = None) -> pd.DataFrame:
    """One row per question x cell: run ids, statuses and verdict labels in run order,
    share correct (NaN unjudged) and the majority label."""
    keys = ["question_id", "model", "mode"]
    merged = with_verdicts(df, verdicts).sort_values(keys + ["run_number"])
    merged = merged[merged[keys].notna().all(axis=1)]  # as groupby would: a run without a key is in no group
    # Plain lists walked in the sorted order: one pandas group per question x cell costs
    # far more than the handful of values each group holds.
    columns = {name: merged[name].tolist() for name in keys + ["question_type", "run_id", "status", "verdict"]}
    starts = [i for i in range(len(merged)) if i == 0 or any(columns[k][i] != columns[k][i - 1] for k in keys)]
    rows = []
    for start, end in zip(starts, starts[1:] + [len(merged)]):
        question_id, model, mode = (columns[k][start] for k in keys)
        labels = [label if isinstance(label, str) else None for label in columns["verdict"][start:end]]
        judged = any(label is not None for label in labels)
        correct = sum(label == "correct" for label in labels)
        runs = end - start
        rows.append(
            {
                "question_id": question_id,
                "question_type": columns["question_type"][start],
                "model": model,
                "mode": mode,
                "cell": cell_name(model, mode),
                "runs": runs,
                "run_ids": columns["run_id"][start:end],
                "statuses": columns["status"][start:end],
                "labels": labels,
                "correct_share": correct / runs if judged else math.nan,
                "majority": majority_label(labels) if judged else None,
            }
        )
    return pd.DataFrame(rows)


def judge_summary(verdicts: Sequence[Verdict] | None) -> dict[str, Any]:
    """What the judge did and cost, kept apart from the runs' own tokens and cost."""
    verdicts = list(verdicts or [])
    agreements = [v.agreement for v in verdicts if v.agreement is not None]
    costs = [v.cost_usd for v in verdicts]
    methods: dict[str, int] = {}
    labels: dict[str, int] = {}
    for v in verdicts:
        methods[v.method] = methods.get(v.method, 0) + 1
        labels[v.label] = labels.get(v.label, 0) + 1
    return {
        "verdicts": len(verdicts),
        "methods": dict(sorted(methods.items())),
        "labels": dict(sorted(labels.items())),
        "judge_models": sorted({v.judge_model for v in verdicts if v.judge_model}),
        "full_judge": bool({v.method for v in verdicts} - PARTIAL_METHODS),
        "unjudged": sum(v.label not in LABELS for v in verdicts),
        "agreement_mean": sum(agreements) / len(agreements) if agreements else None,
        "agreement_runs": len(agreements),
        "tokens": sum(v.usage_total or 0 for v in verdicts),
        "cost_usd": None if any(c is None for c in costs) else round(sum(c or 0.0 for c in costs), 6),
        "cached": sum(bool(v.cached) for v in verdicts),
    }


@dataclass(frozen=True)
class FailureCause:
    """Runs that gave no answer for one reason."""

    status: str  # "error" or "fail"
    cause: str  # the runs' error kind ("provider:connection"), or else their message
    by_kind: bool  # grouped by error kind, so their messages may differ
    runs: int
    cells: tuple[str, ...]
    example: str  # one run's message, whole

    @property
    def cut(self) -> bool:
        """A message cause cut short (the runs share its first 80 characters)."""
        return not self.by_kind and len(self.example) > len(self.cause)

    @property
    def shown_cause(self) -> str:
        """The cause as printed: a message cut short ends in "…"."""
        return self.cause + ("…" if self.cut else "")

    @property
    def label(self) -> str:
        return f"{self.status} {self.cause}" if self.by_kind else f"{self.status}: {self.shown_cause}"


# The cause of runs that finished with an answer the judge reads as a refusal ("I cannot
# answer from the filing: ..."): no answer to reliability, as a fail or an error is.
JUDGED_REFUSAL = "refusal"
JUDGED_REFUSAL_CAUSE = "(answered, but judged a refusal)"


def failure_causes(records: pd.DataFrame, most: int = 3, verdicts: Sequence[Verdict] | None = None) -> list[FailureCause]:
    """Why runs gave no answer, commonest first. A provider error is grouped by its kind (its
    messages differ by attempt counts and request ids); a fail, or an error of no kind, by its
    message, which names what the run could not find or what went wrong; with ``verdicts``,
    the runs that answered with what the judge reads as a refusal are one more cause
    (``JUDGED_REFUSAL``), their answer as the example."""
    missed = records[records["status"] != "ok"] if len(records) else records
    groups: dict[tuple[str, str, bool], list[tuple[str, str]]] = {}
    for status, kind, message, cell in zip(missed["status"], missed["error_kind"].fillna(""), missed["error"].fillna(""),
                                           missed["cell"]):
        key = (str(status), str(kind), True) if kind else (str(status), str(message)[:80] or "no message", False)
        groups.setdefault(key, []).append((str(message), str(cell)))
    refused = judged_refusals(records, verdicts)
    for answer, cell in zip(refused["answer"].fillna(""), refused["cell"]):
        groups.setdefault((JUDGED_REFUSAL, JUDGED_REFUSAL_CAUSE, True), []).append((str(answer), str(cell)))
    ranked = sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))
    return [FailureCause(status, cause, by_kind, len(runs), tuple(sorted({cell for _, cell in runs})), runs[0][0])
            for (status, cause, by_kind), runs in ranked[:most]]


def judged_refusals(records: pd.DataFrame, verdicts: Sequence[Verdict] | None) -> pd.DataFrame:
    """The runs that finished (status ok) with an answer the judge labelled a refusal."""
    refusals = {v.run_id for v in verdicts or () if v.label == "refusal"}
    if not refusals or not len(records):
        return records.iloc[0:0]
    return records[(records["status"] == "ok") & records["run_id"].isin(refusals)]
