"""Ready-made rows for the index page: every table as headers + cells of text.

A cell is ``{"text", "href", "css", "hint"}``. ``href`` is only ever one of the page's own
routes (``fmt.route``: ``#runs?cell=...``, ``#question?id=...``); model output only ever
lands in ``text``, which the page sets as text.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pandas as pd

from harness.criteria import CRITERIA, CRITERION_TITLES, REFERENCE_ROWS, CriteriaRow
from harness.errored_runs import token_figures
from harness.gate import BUDGET_KEYS, GateResult, format_limit
from harness.report import fmt as f
from harness.stats.cells import JUDGED_REFUSAL
from harness.stats.compare import Comparison, ModeComparison
from harness.stats.completeness import Completeness, completeness
from harness.stats.frame import Sweep

MARKS = {"correct": "✓", "incorrect": "✗", "refusal": "⊘", "unjudged": "?"}
# What a criterion's figure links to: the cell's runs, sorted so the runs behind the figure
# come first (unanswered runs for reliability, wrong ones for accuracy...).
CRITERION_SORT = {"reliability": "status", "accuracy": "verdict", "tokens": "-tokens_total", "provenance": "provenance_ok"}


def cell(text: Any, *, href: str = "", css: str = "", hint: str = "") -> dict[str, str]:
    return {"text": "" if text is None else str(text), "href": href, "css": css, "hint": hint}


def table(columns: Sequence[str | tuple[str, str]], rows: list[list[dict[str, str]]]) -> dict[str, Any]:
    cols = [{"title": c, "hint": ""} if isinstance(c, str) else {"title": c[0], "hint": c[1]} for c in columns]
    return {"columns": cols, "rows": rows}


_REPLAYED = "replayed calls from the response cache or took a batch's replies, which took none of the model's time and made no attempt"
_FAULTED = "ended by a provider fault, which measures the provider, not the mode"


def _over(count: int, runs: int, why: list[str]) -> str:
    """Which runs a cell's figure is over, when not all of them, and why the others are not."""
    if count == runs:
        return ""
    if not count:
        return f"not measured: every run {' or '.join(why)}"
    return f"over {count} of {runs} runs; the others {' or '.join(why)}"


def _faulted(s: pd.Series) -> int:
    return int(s.get("provider_fault_runs", 0) or 0)


def measured_hint(s: pd.Series) -> str:
    """Whose runs a per-run mean (tokens, cost per run, pages, evidence, behaviour) is over:
    not those a provider fault ended (``harness.errored_runs.measured_runs``)."""
    return _over(int(s["runs"]) - _faulted(s), int(s["runs"]), [_FAULTED])


def duration_hint(s: pd.Series) -> str:
    """Whose durations a cell's figure is over, when not every run's: the runs whose model
    calls were all live (``RunRecord.calls_all_live``), of those no provider fault ended."""
    live, runs, faulted = int(s.get("duration_runs", s["runs"])), int(s["runs"]), _faulted(s)
    why = ([f"{runs - faulted - live} {_REPLAYED}"] if runs - faulted - live else []) + ([f"{faulted} {_FAULTED}"] if faulted else [])
    return _over(live, runs, why) if why else ""


def retries_hint(s: pd.Series) -> str:
    """Whose retries a cell's figure is over: every run whose calls were all live (a run a
    provider fault ended included: its retries are the provider's flakiness)."""
    return _over(int(s.get("retry_runs", s["runs"])), int(s["runs"]), [_REPLAYED])


def accuracy_text(s: pd.Series) -> str:
    """The accuracy figure, or plainly that the cell is not judged (never unjudged as wrong)."""
    if s.get("judged"):
        return f.pct(s["accuracy"])
    unjudged = s.get("unjudged")
    return "not judged" + (f" ({int(unjudged)} of {int(s['runs'])} unjudged)" if not f.missing(unjudged) and unjudged else "")


def _token_cells(s: Any) -> list[dict[str, str]]:
    """Mean, median and p95 tokens; dashes for a cell whose every run ended in an error
    (``token_figures``: a dead endpoint spends nothing, and "0" would read as a frugal mode)."""
    tokens = token_figures(s)
    if tokens["tokens_mean"] is None:
        return [cell(f.DASH, hint=measured_hint(s) or "every run ended in an error before spending a token")] * 3
    hint = measured_hint(s)
    return [cell(f.tokens(tokens["tokens_mean"]) + (" (est.)" if s["tokens_estimated"] else ""), hint=hint),
            cell(f.tokens(tokens["tokens_median"]), hint=hint), cell(f.tokens(tokens["tokens_p95"]), hint=hint)]


def _setting_text(value: Any) -> str:
    """A setting of the sweep as a reader wants it: a dash for one not set (not JSON's
    "null"), and a table of settings without the ones not set ("budgets": only the limits given)."""
    if isinstance(value, dict):
        value = {k: v for k, v in value.items() if v is not None}
    return f.DASH if value is None or value == {} else f.as_text(value, 300)


def header_rows(sweep: Sweep, judge: dict[str, Any], judge_name: str = "", judge_trust: str = "",
                coverage: Completeness | None = None) -> dict[str, Any]:
    """The report's header: what ran, who judged, and (``judge_trust``) how far the judge's
    verdicts agree with people's, as its stored calibration says."""
    m = sweep.manifest
    config = m.get("config") or {}
    env = m.get("environment") or {}
    config_rows = [(str(k), _setting_text(v)) for k, v in config.items()]
    packages = env.get("packages") or {}
    env_rows = [(str(k), f.as_text(v, 300)) for k, v in env.items() if k not in ("packages", "indexes")]
    if packages:
        env_rows.append(("packages", ", ".join(f"{k} {v}" for k, v in sorted(packages.items()))))
    indexes = env.get("indexes") or {}
    if indexes:
        env_rows.append(("indexes", f"{len(indexes)}: " + ", ".join(sorted(indexes))))
    judge_rows = []
    if judge["verdicts"]:
        judge_rows = [
            ("verdicts", f"{judge['verdicts']} ({', '.join(f'{k} {v}' for k, v in judge['methods'].items())})"),
            ("labels", ", ".join(f"{k} {v}" for k, v in judge["labels"].items())),
            ("judge models", ", ".join(judge["judge_models"]) or f.DASH),
            ("agreement across judge samples", f.pct(judge["agreement_mean"]) + (f" over {judge['agreement_runs']} runs" if judge["agreement_runs"] else "")),
            ("judge tokens (not in the runs' figures)", f"{judge['tokens']:,}"),
            ("judge cost", f.usd(judge["cost_usd"], judge["cost_usd"] is not None)),
            ("cached verdicts", str(judge["cached"])),
        ]
        if judge_trust:
            judge_rows.append(("agreement with people", judge_trust))
    brief = [
        ("models", ", ".join(map(str, config.get("models") or [])) or f.DASH),
        ("modes", ", ".join(map(str, config.get("modes") or [])) or f.DASH),
        ("runs per question", str(config.get("runs", f.DASH))),
        ("runs recorded", (coverage or completeness(sweep)).text()),
        ("test set", str(config.get("test_set", f.DASH))),
        ("git commit", str(env.get("git_commit") or f.DASH)),
        ("indexer", str(env.get("indexer_version") or f.DASH) + (f" (trees by {config['index_model']})" if config.get("index_model") else "")),
        ("judge", judge_name or ", ".join(judge["judge_models"]) or ("not judged" if not judge["verdicts"] else "numeric check only")),
    ]
    return {
        "brief": brief,
        "sweep_id": sweep.sweep_id,
        "status": str(m.get("status", "")),
        "created_at": str(m.get("created_at", "")),
        "finished_at": str(m.get("finished_at", "") or f.DASH),
        "runs": len(sweep.records),
        "questions": len(m.get("questions") or sweep.records["question_id"].unique()),
        "skipped": [f"{s.get('question_id', '?')}: {s.get('reason', '')}" for s in m.get("skipped") or [] if isinstance(s, dict)],
        "config": config_rows,
        "environment": env_rows,
        "judge": judge_rows,
        "judged": bool(judge["verdicts"]) and not judge.get("unjudged"),
        "unjudged": int(judge.get("unjudged") or 0) if judge["verdicts"] else len(sweep.records),
        "judge_name": judge_name,
        "judge_trust": judge_trust if judge["verdicts"] else "",
    }


def criteria_table(rows: list[CriteriaRow]) -> dict[str, Any]:
    body = []
    for row in rows:
        runs = f.route("runs", cell=row.cell)
        line = [cell(row.cell, href=runs, hint="the cell's runs"), cell(row.runs, href=runs, hint="the cell's runs")]
        for name in CRITERIA:
            check = row.checks[name]
            unsure = "" if check.settled else " · its 95% interval reaches across the target: more questions could turn this"
            line.append(cell(check.shown + check.unsure, href=f.route("runs", cell=row.cell, sort=CRITERION_SORT[name]),
                             css="status-" + f.slug(check.status),
                             hint=f"{check.status}{check.unsure}: {check.note}".strip(": ") + unsure + " · click for the runs"))
        line.append(cell(row.verdict, href=runs, css="status-" + f.slug(row.verdict.split(" ")[0])))
        body.append(line)
    for ref in REFERENCE_ROWS:
        body.append([cell(ref["label"], css="reference"), cell("")] + [cell(ref[c], css="reference") for c in CRITERIA] + [cell("", css="reference")])
    return table(["cell", "runs"] + [CRITERION_TITLES[c] for c in CRITERIA] + ["overall"], body)


def _role_text(row: pd.Series) -> str:
    roles = [(c[len("tokens_"):-len("_mean")], row[c]) for c in row.index if c.startswith("tokens_") and c.endswith("_mean")
             and c not in ("tokens_mean",) and not f.missing(row[c]) and row[c] > 0]
    return " · ".join(f"{role} {f.tokens(v)}" for role, v in roles) or f.DASH


def _judged_refusals(s: pd.Series) -> str:
    """The finished runs a judge read as refusals (no answer to reliability), or ""."""
    refused = int(s["ok"]) - int(s["answered"])
    return f"{refused} answered, but judged a refusal" if refused else ""


def cell_tables(stats: pd.DataFrame) -> tuple[dict[str, Any], dict[str, Any]]:
    """(outcomes and cost, behaviour and tool use), one row per model x mode."""
    outcome, behaviour = [], []
    for _, s in stats.iterrows():
        link = cell(s["cell"], href=f.route("runs", cell=s["cell"]))
        refused = _judged_refusals(s)
        outcome.append([
            link, cell(s["runs"]),
            cell(accuracy_text(s), hint=f"judged by {s['judge_methods']}" if s.get("judge_methods") else ""),
            cell(f.ci(s["accuracy_low"], s["accuracy_high"]), hint=f"over {s['questions']} questions (effective n {f.num(s['accuracy_effective_n'], 1)})"),
            cell(f.pct(s["reliability"]), hint=f"ok {s['ok']}{f' ({refused})' if refused else ''}, fail {s['fail']}, error {s['error']}"),
            cell(f.pct(s["refusal_rate"]), hint=f"{s['fail']} gave up (status fail){f', {refused}' if refused else ''}"),
            cell(f.pct(s["errored_rate"]), hint=f"error {s['error']}"),
            cell(f.pct(s["consistency"])), cell(f.pct(s["judge_agreement"])),
            *_token_cells(s),
            cell(_role_text(s), css="wrap"),
            cell(f.usd(s["cost_sum"], bool(s["cost_known"]))), cell(f.usd(s["cost_mean"], bool(s["cost_known"])), hint=measured_hint(s)),
            *(cell(f.seconds(s[key]), hint=duration_hint(s)) for key in ("duration_ms_mean", "duration_ms_p95")),
        ])
        behaviour.append([
            link, *(cell(f.mean(s[f"{name}_mean"]), hint=measured_hint(s))
                    for name in ("llm_calls", "turns", "tool_calls", "iterations", "findings_count", "failed_searches_count", "replans")),
            cell(f.mean(s["retries_mean"]), hint=retries_hint(s)),
            cell(f.pct(s["evidence_hit_rate"]), hint=f"over {s['evidence_runs']} runs with gold evidence pages"
                 + (f" (not the {_faulted(s)} a provider fault ended)" if _faulted(s) else "")),
            cell(f.mean(s["pages_read_mean"]), hint=measured_hint(s)),
            cell(f.pct(s["provenance_rate"]), hint=f"over {s['provenance_runs']} answers stating a number"),
            cell(f.mean(s["tool_fetch_mean"])), cell(f.mean(s["tool_fetch_paginated_mean"])),
            cell(f.mean(s["tool_grep_with_matches_mean"])), cell(f.mean(s["tool_grep_without_matches_mean"])),
            cell(f.mean(s["tool_grep_then_fetch_mean"])),
        ])
    outcome_cols: list[str | tuple[str, str]] = ["cell", "runs", ("accuracy", "mean over questions of the share of runs judged correct"),
                    ("95% CI", "clustered by question: reruns are not new samples"), ("reliability", "answered / all runs"),
                    ("refusals", "runs where the model declined: judged a refusal, or gave up (status fail)"),
                    ("errored", "runs that ended in an error (a provider error, a crash, a budget): no answer, and not a refusal"), ("consistency", "questions whose runs all got the same verdict (2+ runs each)"),
                    ("judge agreement", "share of judge samples agreeing with the majority label (--judge-runs)"),
                    "tokens mean", "median", "p95", "mean tokens by role", "cost", "cost / run",
                    ("duration", "mean wall time of a run, over the runs whose model calls were all live (none replayed from the response cache)"), "p95"]
    behaviour_cols: list[str | tuple[str, str]] = ["cell", "LLM calls", "turns", "tool calls", "iterations", "findings", "failed searches", "replans",
                      "retries", ("evidence hit", "fetched a gold evidence page"),
                      ("pages read", "mean pages a run fetched: read the evidence hit beside it, as reading every page always hits"),
                      ("provenance", "answers whose every number is on (or one step from) a page the run read"),
                      "fetches", "paginated", "greps hit", "greps missed", "grep→fetch"]
    return table(outcome_cols, outcome), table(behaviour_cols, behaviour)


def type_table(stats: pd.DataFrame) -> dict[str, Any]:
    rows = [
        [cell(s["cell"], href=f.route("runs", cell=s["cell"], type=s["question_type"])), cell(s["question_type"]), cell(s["runs"]),
         cell(accuracy_text(s)), cell(f.ci(s["accuracy_low"], s["accuracy_high"])), cell(f.pct(s["reliability"])),
         cell(f.tokens(token_figures(s)["tokens_mean"])), cell(f.pct(s["evidence_hit_rate"]))]  # a dash where nothing was spent
        for _, s in stats.iterrows()
    ]
    return table(["cell", "question type", "runs", "accuracy", "95% CI", "reliability", "tokens mean", "evidence hit"], rows)


def failure_table(causes: Sequence[Any]) -> dict[str, Any] | None:
    """Why runs gave no answer (``FailureCause`` rows, commonest first), each linked to its
    runs: a fail's reason is searched for, an error kind's runs are all the errors."""
    if not causes:
        return None
    body = []
    for found in causes:
        words = "" if found.by_kind or not found.example else " ".join(found.cause.split()[:6])
        if found.status == JUDGED_REFUSAL:  # finished runs, told apart by their verdict
            runs = f.route("runs", status="ok", verdict="refusal")
        else:
            runs = f.route("runs", status=found.status, q=words)
        body.append([cell(found.runs, href=runs, hint="these runs"), cell(found.status), cell(found.shown_cause, href=runs, hint="these runs"),
                     cell(", ".join(found.cells)),
                     # a fail's cause is its message already; an error kind's runs say more
                     cell(found.example if found.by_kind or found.cut else f.DASH, hint="one run's message")])
    return table(["runs", "status", "cause", "cells", "one run's message"], body)


def paired_text(change: Any) -> tuple[str, str, str]:
    """(change, 95% interval, test) of a ``PairedChange``, or dashes."""
    if change is None:
        return f.DASH, f.DASH, f.DASH
    test = f"p = {f.p_value(change.p_value)} ({change.gained} gained, {change.lost} lost of {change.n_questions})"
    return f.signed_pct(change.diff), f"{f.signed_bound(change.low)} … {f.signed_bound(change.high)}", test


def comparison_tables(comparison: Comparison) -> dict[str, Any]:
    rows = []
    for c in comparison.cells:
        acc = c.accuracy
        diff, interval, test = paired_text(acc)
        rel = c.reliability
        why_not = "not judged" if c.shared_questions else "no question in common"
        rows.append([
            cell(c.cell, href=f.route("runs", cell=c.cell)), cell(f"{c.runs_before} → {c.runs_after}", hint="all the cell's runs in each sweep"),
            cell(c.shared_questions),
            cell(f.pct(acc.before) if acc else why_not, hint=_on_shared(acc)), cell(f.pct(acc.after) if acc else why_not, hint=_on_shared(acc)),
            cell(diff, css=_change_css(acc)), cell(interval), cell(test),
            cell(f"{f.pct(rel.before)} → {f.pct(rel.after)}" if rel else f.DASH),
            cell(f.signed_pct(rel.diff) if rel else f.DASH, css=_change_css(rel)),
            cell(f"{f.tokens(c.tokens_before)} → {f.tokens(c.tokens_after)}"),
            cell(f.signed_num(c.tokens_diff) + ("" if f.missing(c.tokens_pct) else f" ({c.tokens_pct * 100:+.1f}%)")),
        ])
    flips = [
        [cell(fl.question_id, href=f.route("question", id=fl.question_id, cell=fl.cell), hint="this question's runs, now and in the baseline"),
         cell(fl.cell, href=f.route("runs", cell=fl.cell)),
         cell(fl.direction, css="correct" if fl.direction == "gained" else "incorrect"),
         cell(f"{fl.before} ({f.pct(fl.before_share, 0)})"), cell(f"{fl.after} ({f.pct(fl.after_share, 0)})"),
         cell("side by side", href=f.route("question", id=fl.question_id, cell=fl.cell))]
        for fl in comparison.flips
    ]
    return {
        "baseline_id": comparison.baseline_id,
        "judged": comparison.judged,
        "judge": comparison.judge,
        # The accuracies are paired on the shared questions, not the cells' own: said in the
        # titles, since a baseline sharing 5 of 20 questions shows 0% -> 100% beside a 60% cell.
        "cells": table(["cell", ("runs (whole cells)", "all runs of the cell in each sweep, not only on the shared questions"),
                        ("shared questions", "questions the cell ran in both sweeps: the accuracies and changes are on these only"),
                        ("accuracy before, on shared questions", "the baseline's accuracy on the questions both sweeps ran, not its cell's own"),
                        ("after, on shared questions", "this sweep's accuracy on the questions both sweeps ran, not its cell's own"),
                        "change", ("95% CI (paired)", "on the questions both sweeps ran"),
                        ("McNemar / sign test", "exact two-sided test on the questions that changed"),
                        "reliability", "change", ("mean tokens", "per run, on the questions both sweeps ran"), "change"], rows),
        "flips": table(["question", "cell", "flip", "before (share correct)", "after", "runs"], flips),
        # not flips: one side gave no answer (every run ended in an error)
        "no_answer": table(["question", "cell", "before", "after"], [
            [cell(n.question_id, href=f.route("question", id=n.question_id, cell=n.cell), hint="this question's runs, now and in the baseline"),
             cell(n.cell, href=f.route("runs", cell=n.cell)), cell(n.before, css=f.label_class(n.before)), cell(n.after, css=f.label_class(n.after))]
            for n in comparison.no_answer]),
        "only_current": comparison.only_current,
        "only_baseline": comparison.only_baseline,
    }


def mode_table(modes: Sequence[ModeComparison]) -> dict[str, Any]:
    """Each pair of modes of a model, paired on the questions both ran."""
    rows = []
    for m in modes:
        diff, interval, test = paired_text(m.accuracy)
        rows.append([
            cell(m.model), cell(f"{m.mode} vs {m.versus}"), cell(m.accuracy.n_questions if m.accuracy else m.shared_questions),
            cell(f"{f.pct(m.accuracy.after)} vs {f.pct(m.accuracy.before)}" if m.accuracy else "not judged", hint=_on_shared(m.accuracy)),
            cell(diff, css=_change_css(m.accuracy)), cell(interval), cell(test),
        ])
    return table(["model", "modes", ("shared questions", "questions both modes ran: the accuracies and changes are on these only"),
                  ("accuracy on shared questions", "each mode's accuracy on the questions both ran, not its cell's own"),
                  "change", ("95% CI (paired)", "on the questions both modes ran"),
                  ("McNemar / sign test", "exact two-sided test on the questions that changed")], rows)


def _on_shared(change: Any) -> str:
    return f"on the {change.n_questions} shared questions only" if change is not None else ""


def _change_css(change: Any) -> str:
    if change is None or not change.significant:
        return ""
    return "correct" if change.diff > 0 else "incorrect"


def gate_table(result: GateResult) -> dict[str, Any]:
    rows = []
    for c in result.checks:
        known = c.criterion in BUDGET_KEYS
        limit = format_limit(c.criterion, c.limit) if known and c.limit is not None else f.DASH
        actual = format_limit(c.criterion, c.actual) if known and c.actual is not None else f.DASH
        rows.append([
            cell(c.cell, href=f.route("runs", cell=c.cell)), cell(c.criterion), cell(limit), cell(actual),
            cell("pass" if c.passed else "FAIL", css="status-pass" if c.passed else "status-fail"), cell(c.message, css="wrap"),
        ])
    return {"passed": result.passed, "table": table(["cell", "budget", "limit", "actual", "result", "detail"], rows)}


def overall_verdict(criteria: list[CriteriaRow], gate: GateResult | None) -> dict[str, str]:
    """One headline for the sweep, and why the design criteria and the CI gate can differ.

    They answer different questions: the criteria are the design's absolute targets, the
    gate checks budgets.toml, limits set just below what the cells measured before, so it
    catches a regression. A cell can miss a target and still pass the gate."""
    decided = [r for r in criteria if r.verdict != "undecided"]
    meets = [r.cell for r in criteria if r.verdict == "pass"]
    misses = [r.cell for r in criteria if r.verdict == "fail"]
    design = (f"design targets met by {len(meets)} of {len(criteria)} cells" if decided
              else "design targets undecided (judge the answers)")
    if gate is None:
        return {"headline": design[0].upper() + design[1:], "css": "status-fail" if misses else ("status-pass" if decided else "status-undecided"),
                "explanation": "No CI gate was checked (analyze.py --gate budgets.toml)."}
    failed = len(gate.failures)
    gate_text = "CI gate passed" if gate.passed else f"CI gate FAILED ({failed} of {len(gate.checks)} checks failed)"
    explanation = ("The gate and the design criteria answer different questions. The gate checks the limits in the "
                   "budgets file, set just below what each cell measured before, so it fails when a cell got worse. "
                   "The criteria are the design's absolute targets (> 90% reliability, > 50% accuracy, < 25k tokens, "
                   "provenance). ")
    if gate.passed and misses:
        explanation += (f"Here no cell regressed, but {len(misses)} cell(s) miss a design target "
                        f"({', '.join(misses)}): not worse than before, not good enough yet.")
    elif not gate.passed and not misses:
        explanation += "Here every decided cell meets the design targets, but a budget is stricter than a target, or a budgeted cell is missing."
    elif not gate.passed:
        explanation += "Here both fail: see the gate's failed checks for what got worse."
    else:
        explanation += "Here both pass."
    return {"headline": f"{gate_text}; {design}", "css": "status-pass" if gate.passed else "status-fail", "explanation": explanation}
