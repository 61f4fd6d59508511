"""Which judge an analysis uses, and judging a sweep's answers with it.

Without a judge option the analysis uses the judge that last judged the sweep (its verdicts
are kept in the sweep folder, ``verdicts/<judge>.jsonl``), calling no model, else the
numeric check alone. A model judge's stored verdicts are reused; the rule-based offline
judge is simply run again, on every core for a big sweep.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from core.errors import UserError
from core.llm.base import ProviderSettings
from core.llm.client import RunMeter
from core.llm.pricing import given_prices
from core.llm.registry import check_model, parse_model_spec
from harness.analyze_config import AnalyzeConfig
from harness.dataset import Question
from harness.gate import GateBudgets
from harness.judge.batching import BATCHES
from harness.judge.calibration_record import calibration_text, stored_calibration
from harness.judge.service import (
    DEFAULT_JUDGE_MODEL,
    OFFLINE_JUDGE,
    JudgeItem,
    JudgeOutcome,
    JudgeSettings,
    check_judge,
    items_from_records,
    judge_items,
    judge_name,
)
from harness.judge.store import judge_id, latest_stored, read_verdicts, verdicts_path, write_verdicts
from harness.judge.verdict import Verdict
from harness.progress import Progress
from harness.stats.cells import judge_summary
from harness.stats.frame import Sweep

AUTO_JUDGE = "auto"  # the model judge when its key is set, else the rule-based offline judge


def resolve_judge(judge_model: str | None, provider: ProviderSettings | None = None) -> str:
    """``auto``: the default model judge when its key is set, else the rule-based offline judge."""
    if judge_model != AUTO_JUDGE:
        return judge_model or ""
    try:
        check_model(parse_model_spec(DEFAULT_JUDGE_MODEL), provider or ProviderSettings())
    except UserError:
        return OFFLINE_JUDGE
    return DEFAULT_JUDGE_MODEL


def check_report_judge(judge_model: str | None, provider: ProviderSettings) -> None:
    """Fail before a sweep starts when the judge its end-of-sweep report asks for cannot
    run (its key or base URL missing, an unknown model): found after the sweep, the runs
    would have been paid for first."""
    if judge_model:
        check_judge(JudgeSettings(judge_model=resolve_judge(judge_model, provider), provider=provider))


@dataclass
class JudgePlan:
    """The judge an analysis will use, the verdicts it may reuse and whether it may call a model."""

    model: str  # "" numeric only, "offline", or a model spec
    stored: dict[str, Verdict]
    calls_allowed: bool
    source: str  # how the judge was chosen, for the console
    stored_as: str = ""  # the stored verdicts' judge id (verdicts/<id>.jsonl), when they came from a file

    @property
    def judge(self) -> str:
        """The judge's id: its verdicts file's name in a sweep folder."""
        return self.stored_as or judge_id(self.model or None)


def plan_judge(sweep: Sweep, config: AnalyzeConfig) -> JudgePlan:
    """The judge asked for, else the one stored with the sweep, else the numeric check alone."""
    if config.judge_model:
        model = resolve_judge(config.judge_model, config.provider)
        # --no-cache judges again; otherwise what this model judge already decided is kept.
        # The offline judge is simply run again: it costs nothing, and a stored file is then
        # a record of its verdicts, never a source of them.
        reuse = config.cache and model != OFFLINE_JUDGE
        stored = read_verdicts(verdicts_path(sweep.path, judge_id(model, config.judge_runs))) if reuse else {}
        source = "requested"
        if config.judge_model == AUTO_JUDGE:
            source = "auto: its key is set" if model != OFFLINE_JUDGE else f"auto: no key for {DEFAULT_JUDGE_MODEL}"
        return JudgePlan(model, stored, True, source)
    found = latest_stored(sweep.path)
    if found is None:
        return JudgePlan("", {}, False, "no judge requested, none stored with the sweep")
    stored_as, model, stored = found
    if model == OFFLINE_JUDGE:  # needs no key: run it again rather than trust a file
        return JudgePlan(model, {}, True, "the judge stored with the sweep, run again")
    # A model judge's verdicts are reused; an answer it has not judged stays unjudged rather
    # than costing a call nobody asked for.
    return JudgePlan(model, stored, False, "the judge stored with the sweep", stored_as)


def plan_baseline_judge(baseline: Sweep, plan: JudgePlan, config: AnalyzeConfig) -> JudgePlan:
    """The judge of a ``--baseline``: the one this sweep is judged by. Each side judged by
    the judge last stored with it compared two judges, not two sweeps: the same answers
    judged by the offline rules and by a model read as a significant fall in accuracy.

    A judge asked for judges both. This sweep's stored model judge calls no model for the
    baseline either: what it stored there is reused, and an answer it never judged there
    stays unjudged (``baseline_unjudged_advice`` says how to judge it). The offline judge
    and the numeric check cost nothing and are run on the baseline as they are on this sweep."""
    if config.judge_model:
        return plan_judge(baseline, config)
    if plan.model in ("", OFFLINE_JUDGE):
        return JudgePlan(plan.model, {}, plan.calls_allowed, "this sweep's judge, run on the baseline too")
    stored = read_verdicts(verdicts_path(baseline.path, plan.judge))
    return JudgePlan(plan.model, stored, False, "this sweep's judge: its verdicts stored with the baseline", plan.judge)


def baseline_unjudged_advice(baseline: Sweep, plan: JudgePlan, unjudged: int) -> str:
    """Why a baseline judged with this sweep's stored model judge has answers without a verdict."""
    return (f"the baseline {baseline.path} has {unjudged} answers {plan.model} never judged, so its accuracy is not compared: "
            f"judge both with one judge (--judge-model {plan.model}, or --judge-model offline)")


def judge_sweep(sweep: Sweep, questions: dict[str, Question], plan: JudgePlan, config: AnalyzeConfig, show_progress: bool) -> JudgeOutcome:
    """Every answer of the sweep judged against the golds in ``questions``, in run order."""
    settings = JudgeSettings(
        judge_model=plan.model or None,
        judge_runs=config.judge_runs,
        verdict_cache=config.cache_dir / "verdicts.sqlite" if config.cache else None,
        response_cache=config.cache_dir / "responses.sqlite" if config.cache else None,
        provider=config.provider,
        batch=config.batch,
        batch_store=sweep.path / BATCHES,
        allow_model_calls=plan.calls_allowed,
    )
    records = list(sweep.raw.values())
    items = items_from_records(records, questions)
    workers = os.cpu_count() or 1
    if plan.model in ("", OFFLINE_JUDGE) and len(items) >= PARALLEL_JUDGE_MIN and workers > 1:
        # No model to call: the numeric check and the offline rules are pure CPU and
        # deterministic, so a big sweep's answers are judged on every core.
        parts = [items[i::workers * 4] for i in range(workers * 4)]
        order = {item.item_id: n for n, item in enumerate(items)}
        with ProcessPoolExecutor(max_workers=workers) as pool:
            verdicts = [v for part in pool.map(_judge_part, [(part, settings) for part in parts]) for v in part]
        return JudgeOutcome(sorted(verdicts, key=lambda v: order[v.run_id]), RunMeter(), settings.judge_model)
    model_judge = bool(plan.model) and plan.model != OFFLINE_JUDGE and plan.calls_allowed
    progress = Progress(len(records), enabled=show_progress and model_judge, unit="answer", desc="judge")
    try:
        with given_prices(config.prices):  # what the judge model's calls cost, when the table has no price for it
            return judge_items(items, settings, on_done=progress.advance, stored=plan.stored)
    finally:
        progress.close()


PARALLEL_JUDGE_MIN = 2000  # below this a process pool costs more than it saves


def _judge_part(job: tuple[list[JudgeItem], JudgeSettings]) -> list[Verdict]:
    items, settings = job
    return judge_items(items, settings).verdicts


def store_verdicts(sweep: Sweep, plan: JudgePlan, config: AnalyzeConfig, verdicts: list[Verdict], log: Callable[[str], None]) -> Path | None:
    """Keep the verdicts beside the runs; a read-only sweep folder costs the reuse, not the report."""
    if not plan.model:
        return None  # the numeric check alone is recomputed in an instant
    try:
        return write_verdicts(sweep.path, judge_id(plan.model, config.judge_runs), verdicts)
    except OSError as exc:
        log(f"warning: could not keep the verdicts in {sweep.path}: {exc}")
        return None


def check_gate_can_see(budgets: GateBudgets, plan: JudgePlan) -> None:
    """A gate on accuracy with nothing to judge the answers would fail every cell as if it
    were bad: stop before judging and say what to pass instead."""
    needs_accuracy = "min_accuracy" in budgets.defaults or any("min_accuracy" in cell for cell in budgets.cells.values())
    if needs_accuracy and not plan.model:
        raise UserError(
            "the budgets set min_accuracy but no judge was given and none is stored with the sweep",
            "pass --judge (or --judge-model offline without a key)",
        )


def judge_description(plan: JudgePlan, judging: JudgeOutcome, config: AnalyzeConfig) -> dict:
    """Who judged and what it cost, as summary.json, the report and the console name it."""
    summary = judge_summary(judging.verdicts)
    # How far its verdicts can be trusted, as measured against people (None: not measured at
    # this version of the judge); shown beside every accuracy figure it produced.
    calibration = stored_calibration(plan.model or None)
    return {
        "id": judge_id(plan.model or None, config.judge_runs),
        "name": judge_name(plan.model or None),
        "model": plan.model or None,
        "chosen": plan.source,
        "runs": config.judge_runs,
        **{k: summary[k] for k in ("verdicts", "methods", "labels", "unjudged", "tokens", "cost_usd", "cached")},
        "calibration": calibration,
        "calibration_text": calibration_text(calibration, plan.model or None),
    }
