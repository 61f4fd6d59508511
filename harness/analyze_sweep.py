"""The analysis of a sweep: judge, aggregate, compare, gate, report.

Reads only the sweep folder (and the questions file for gold answers): judging again, or
rendering again, makes no model call of the runs. The verdicts are written back into the
sweep folder (``verdicts/<judge>.jsonl``), so a sweep and its judgement travel together; a
later analysis with the same model judge reuses them (the rule-based offline judge is simply
run again). Without a judge option the analysis uses the judge that last judged the sweep,
calling no model, else the numeric check alone. The report folder is named after the
sweep and the judge: ``reports/<sweep>__<judge>__<UTC time>/``.
"""
from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import sys
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from core import paths
from core.errors import UserError
from core.files import new_stamped_folder, write_json_atomic
from core.llm.base import ProviderSettings
from core.llm.client import RunMeter
from core.llm.pricing import format_cost
from core.llm.registry import check_model, parse_model_spec
from core.redact import redact_data
from harness.criteria import CriteriaRow, evaluate_criteria
from harness.dataset import HF_PREFIX, Question, load_questions
from harness.gate import GateBudgets, GateResult, evaluate_gate, load_budgets, write_junit
from harness.history import default_db, history_frame, record_sweep
from harness.judge.batching import BATCHES, check_batch_judge
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
    judge_version,
)
from harness.judge.store import judge_id, latest_stored, read_verdicts, verdicts_path, write_verdicts
from harness.judge.verdict import Verdict
from harness.progress import Progress
from harness.report import fmt as f
from harness.report import render_report
from harness.report.history_page import write_history_page
from harness.report.render import start_details
from harness.report.rows import overall_verdict
from harness.seeds_results import write_bench_results
from harness.stats.cells import cell_stats, failure_causes, judge_summary, question_table
from harness.stats.compare import Comparison, ModeComparison, compare, mode_comparisons
from harness.stats.completeness import Completeness, completeness
from harness.stats.frame import Sweep, load_sweep
from harness.stats.summary import build_summary
from harness.sweepdir import SweepDir, sweep_folders

AUTO_JUDGE = "auto"  # the model judge when its key is set, else the rule-based offline judge


@dataclass
class AnalyzeConfig:
    run_dir: Path | None = None  # None: the latest sweep under runs_dir
    judge_model: str | None = None  # None: the sweep's stored judge, else the numeric check only
    judge_runs: int = 1
    baseline: Path | None = None
    gate: Path | None = None
    junit: Path | None = None
    runs_dir: Path = paths.RUNS_DIR
    reports_dir: Path = paths.REPORTS_DIR
    out_dir: Path | None = None
    questions_file: Path | None = None  # None: the file the sweep used
    cache: bool = True
    batch: bool = False  # the judge model's calls through its batch API, batch ids kept in the sweep folder
    cache_dir: Path = paths.CACHE_DIR
    provider: ProviderSettings = field(default_factory=ProviderSettings)
    history_db: Path | None = field(default_factory=default_db)  # None: not recorded
    gate_present_only: bool = False  # gate only the budgeted cells the sweep has


@dataclass
class AnalyzeOutcome:
    sweep: Sweep
    report: Path
    stats: pd.DataFrame
    criteria: list[CriteriaRow]
    judging: JudgeOutcome
    judge: dict = field(default_factory=dict)  # who judged, as summary.json names it
    comparison: Comparison | None = None
    modes: list[ModeComparison] = field(default_factory=list)
    gate: GateResult | None = None
    junit: Path | None = None
    summary: Path | None = None
    stored_verdicts: Path | None = None
    coverage: Completeness | None = None  # the records against the runs the manifest planned


def latest_sweep(runs_dir: Path) -> Path:
    sweeps = sweep_folders(runs_dir)
    if not sweeps:
        raise UserError(f"no sweep found in {runs_dir}", "run `python bench.py` first, or pass a RUN_DIR")
    return sweeps[-1]


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


def _questions(sweep: Sweep, override: Path | None, log: Callable[[str], None]) -> dict[str, Question]:
    """The questions and golds the sweep's answers are judged against: ``override``, else the
    file the sweep ran on. A sweep of the bundled questions judged where that path is not
    (a sweep folder copied from another machine) uses this checkout's bundled copy; any
    other missing file is an error, since judging against golds the sweep never used would
    give figures that look right and are not."""
    bundled = paths.QUESTIONS_DIR / "financebench_open_source.jsonl"
    path = override or Path(sweep.manifest.get("config", {}).get("questions_file") or bundled)
    try:
        usable = path.is_file() or str(path).startswith(HF_PREFIX)
    except OSError:  # e.g. a name too long for the file system
        usable = False
    if not usable and override is None:
        if path.name != bundled.name:
            raise UserError(
                f"the questions file sweep {sweep.sweep_id} ran on is not here: {str(path)[:200]}",
                "pass that file with --questions (its golds are what the answers are judged against)",
            )
        log(f"note: the sweep's questions file {str(path)[:200]} is not here; judging against the bundled {bundled}")
        path = bundled
    return {q.id: q for q in load_questions(path)}


def _load(path: Path) -> Sweep:
    SweepDir.open(path).read_manifest()  # a clear error for a folder that is not a sweep
    sweep = load_sweep(path)
    if sweep.records.empty:
        raise UserError(f"{path} has no finished runs", "let the sweep finish (or resume it with `python bench.py --resume`)")
    return sweep


@dataclass
class _JudgePlan:
    model: str  # "" numeric only, "offline", or a model spec
    stored: dict[str, Verdict]
    calls_allowed: bool
    source: str  # how the judge was chosen, for the console


def _plan(sweep: Sweep, config: AnalyzeConfig) -> _JudgePlan:
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
        return _JudgePlan(model, stored, True, source)
    found = latest_stored(sweep.path)
    if found is None:
        return _JudgePlan("", {}, False, "numeric check only (no judge requested, none stored with the sweep)")
    _, model, stored = found
    if model == OFFLINE_JUDGE:  # needs no key: run it again rather than trust a file
        return _JudgePlan(model, {}, True, "the judge stored with the sweep, run again")
    # A model judge's verdicts are reused; an answer it has not judged stays unjudged rather
    # than costing a call nobody asked for.
    return _JudgePlan(model, stored, False, "the judge stored with the sweep")


def _judge(sweep: Sweep, questions: dict[str, Question], plan: _JudgePlan, config: AnalyzeConfig, show_progress: bool) -> JudgeOutcome:
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
        return judge_items(items, settings, on_done=progress.advance, stored=plan.stored)
    finally:
        progress.close()


PARALLEL_JUDGE_MIN = 2000  # below this a process pool costs more than it saves


def _judge_part(job: tuple[list[JudgeItem], JudgeSettings]) -> list[Verdict]:
    items, settings = job
    return judge_items(items, settings).verdicts


def _store(sweep: Sweep, plan: _JudgePlan, config: AnalyzeConfig, verdicts: list[Verdict], log: Callable[[str], None]) -> Path | None:
    """Keep the verdicts beside the runs; a read-only sweep folder costs the reuse, not the report."""
    if not plan.model:
        return None  # the numeric check alone is recomputed in an instant
    try:
        return write_verdicts(sweep.path, judge_id(plan.model, config.judge_runs), verdicts)
    except OSError as exc:
        log(f"warning: could not keep the verdicts in {sweep.path}: {exc}")
        return None


def _check_gate_can_see(budgets: GateBudgets, plan: _JudgePlan) -> None:
    """A gate on accuracy with nothing to judge the answers would fail every cell as if it
    were bad: stop before judging and say what to pass instead."""
    needs_accuracy = "min_accuracy" in budgets.defaults or any("min_accuracy" in cell for cell in budgets.cells.values())
    if needs_accuracy and not plan.model:
        raise UserError(
            "the budgets set min_accuracy but no judge was given and none is stored with the sweep",
            "pass --judge (or --judge-model offline without a key)",
        )


def report_folder(reports_dir: Path, sweep_id: str, judge: str) -> Path:
    """``<reports>/<sweep>__<judge>__<UTC time>/``: filesystem-safe, never overwriting."""
    safe = re.sub(r"[^A-Za-z0-9._-]+", "-", f"{sweep_id}__{judge}").strip("-.")[:120]
    return new_stamped_folder(reports_dir, prefix=f"{safe}__")


def _judge_description(plan: _JudgePlan, judging: JudgeOutcome, config: AnalyzeConfig) -> dict:
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


def analyze(config: AnalyzeConfig, *, show_progress: bool = True, log: Callable[[str], None] = lambda m: print(m, file=sys.stderr)) -> AnalyzeOutcome:
    run_dir = config.run_dir or latest_sweep(config.runs_dir)
    sweep = _load(run_dir)
    sweep.manifest = redact_data(sweep.manifest)  # a sweep written before redaction shows none either
    budgets = load_budgets(config.gate) if config.gate else None  # a bad budgets file fails before any judging
    plan = _plan(sweep, config)
    if config.batch:  # before any judging: a batch needs a model judge that may be called
        check_batch_judge(plan.model if plan.calls_allowed else None, OFFLINE_JUDGE)
    if budgets:
        _check_gate_can_see(budgets, plan)
    questions = _questions(sweep, config.questions_file, log)
    target = config.out_dir or report_folder(config.reports_dir, sweep.sweep_id, judge_id(plan.model or None, config.judge_runs))
    history_page = target.parent / "history" / "index.html" if config.history_db is not None else None
    progress = Progress(len(sweep.records), enabled=show_progress, unit="run", desc="report")
    with written_whole(target, made_for_it=config.out_dir is None) as out_dir:
        # The run details (traces) do not depend on the verdicts: written while the answers are judged.
        details = start_details(sweep, out_dir, progress.advance_by)
        try:
            judging = _judge(sweep, questions, plan, config, show_progress)
            stored_path = _store(sweep, plan, config, judging.verdicts, log)
            comparison = None
            baseline = baseline_judging = None
            if config.baseline:
                baseline = _load(config.baseline)
                baseline_plan = _plan(baseline, config)
                log(f"judging the baseline {baseline.path} ({judge_name(baseline_plan.model or None)})")
                baseline_judging = _judge(baseline, {**_questions(baseline, config.questions_file, log), **questions}, baseline_plan, config, show_progress)
                _store(baseline, baseline_plan, config, baseline_judging.verdicts, log)
                comparison = compare(sweep, baseline, judging.verdicts, baseline_judging.verdicts)
            stats = cell_stats(sweep.records, judging.verdicts)
            modes = mode_comparisons(sweep.records, judging.verdicts, sweep.manifest.get("config", {}).get("modes") or (), stats=stats)
            criteria = evaluate_criteria(stats)
            gate = evaluate_gate(stats, budgets, present_only=config.gate_present_only) if budgets else None
            judge = _judge_description(plan, judging, config)
            coverage = completeness(sweep)
            if gate and config.junit is None:
                write_junit(gate, out_dir / "gate.xml")
            report = render_report(
                sweep, judging.verdicts, out_dir, baseline_comparison=comparison, gate_result=gate,
                questions=list(questions.values()), judge=judge, mode_comparisons=modes,
                baseline=baseline, baseline_verdicts=baseline_judging.verdicts if baseline_judging else None,
                history_page=history_page, details=details, stats=stats, coverage=coverage,
            )
        except BaseException:
            try:
                details.wait()  # the writer must stop before its folder goes
            except BaseException:  # noqa: BLE001 - the first error is the one to report
                pass
            raise
        finally:
            progress.close()
        write_bench_results(sweep, judging.verdicts, questions, out_dir, judge["name"])  # the seed benchmark's layout
        with (out_dir / "verdicts.jsonl").open("w", encoding="utf-8") as handle:
            for verdict in judging.verdicts:
                handle.write(json.dumps(verdict.to_dict()) + "\n")
        summary = build_summary(
            sweep_id=sweep.sweep_id, judge=judge, stats=stats, criteria=criteria, modes=modes, comparison=comparison, gate=gate,
        )
        summary["completeness"] = coverage.to_dict()
        write_json_atomic(out_dir / "summary.json", summary)
    if config.history_db is not None and history_page is not None:
        # Recorded once the report is whole; the history page sits beside the report folders.
        record_sweep(config.history_db, sweep.sweep_id, sweep.manifest, stats, question_table(sweep.records, judging.verdicts),
                     judge=judge["name"] if plan.model else "", judge_version=judge_version(plan.model or None),
                     report=target / "index.html", sweep_path=sweep.path)
        write_history_page(history_frame(config.history_db), history_page.parent, config.history_db)
    junit = None
    if gate:
        junit = write_junit(gate, config.junit) if config.junit else target / "gate.xml"
    return AnalyzeOutcome(sweep, target / report.relative_to(out_dir), stats, criteria, judging, judge, comparison, modes, gate, junit,
                          target / "summary.json", stored_path, coverage)


def console_lines(outcome: AnalyzeOutcome) -> list[str]:
    """What an analysis says on the console: who judged, what is unjudged, the criteria."""
    judging = outcome.judging
    methods = ", ".join(f"{k} {v}" for k, v in sorted(judging.by_method.items()))
    coverage = outcome.coverage or completeness(outcome.sweep)
    lines = [
        f"sweep: {outcome.sweep.path} ({len(outcome.sweep.records)} runs)",
        *([coverage.text()] if not coverage.complete else []),
        f"judge: {outcome.judge['name']} ({outcome.judge['chosen']})",
        *([f"judge calibration: {outcome.judge['calibration_text']}"] if outcome.judge.get("calibration_text") else []),
        f"verdicts by method: {methods}",
    ]
    if outcome.judge.get("unjudged"):
        lines.append(
            f"not judged: {outcome.judge['unjudged']} answers (their cells show 'not judged'); "
            "judge them with --judge, or --judge-model offline without a key"
        )
        # Why, when a judge was asked and failed (a rejected key, a dead endpoint): the cause
        # is otherwise only in the verdict files.
        reasons = Counter(v.rationale for v in judging.verdicts if v.label == "unjudged" and v.method != "none" and v.rationale)
        for reason, count in reasons.most_common(2):
            lines.append(f"  {count:4d} x {reason[:160]}")
    if judging.judge_model and judging.meter.llm_calls:
        meter = judging.meter
        lines.append(
            f"judge {judging.judge_model}: {meter.llm_calls} calls, {meter.usage.total} tokens, "
            f"cost {format_cost(meter.cost_usd)} (not counted in the runs' figures)"
        )
    missed = int((outcome.sweep.records["status"] != "ok").sum()) if len(outcome.sweep.records) else 0
    if missed:
        # Why runs gave no answer, before any figure they lower: a dead endpoint, a budget, a search that found nothing.
        lines.append(f"runs without an answer: {missed} of {len(outcome.sweep.records)}, commonest causes first:")
        for found in failure_causes(outcome.sweep.records):
            shown = found.example if len(found.example) <= 110 else found.example[:109] + "…"
            detail = f": {shown}" if found.by_kind else ""  # an error's kind, then one of its messages
            lines.append(f"  {found.runs:4d} x {found.label}{detail}")
        if (outcome.sweep.records["status"] == "error").any():
            lines.append(f"  (an error is a run the harness could not finish, a provider fault or a budget: `python bench.py "
                         f"--retry-errors {shlex.quote(str(outcome.sweep.path))}` runs them again)")
    for row in outcome.criteria:
        checks = "  ".join(f"{name} {check.shown} [{check.status}{check.unsure}]" for name, check in row.checks.items())
        lines.append(f"  {row.cell:40s} {checks}")
    if outcome.comparison is not None:
        lines += comparison_lines(outcome.comparison)
    verdict = overall_verdict(outcome.criteria, outcome.gate)
    lines.append(f"verdict: {verdict['headline']}")
    if outcome.gate is not None and outcome.gate.passed != all(r.verdict != "fail" for r in outcome.criteria):
        lines.append(f"  {verdict['explanation']}")
    if outcome.stored_verdicts:
        lines.append(f"verdicts kept with the sweep: {outcome.stored_verdicts}")
    lines.append(f"report: {outcome.report}")
    return lines


@contextmanager
def written_whole(target: Path, *, made_for_it: bool) -> Iterator[Path]:
    """A folder beside ``target`` to write a report into, renamed onto ``target`` once the
    report is complete: a Ctrl-C or a crash while writing leaves the previous report (or
    none), never half of one. ``made_for_it``: ``target`` is an empty folder made to hold
    this report, removed again if the report is not written."""
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.parent / f".{target.name}.partial-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    partial.mkdir()
    try:
        yield partial
        if target.is_dir() and any(target.iterdir()):
            previous = target.parent / f".{target.name}.previous-{os.getpid()}-{uuid.uuid4().hex[:8]}"
            target.rename(previous)
            partial.rename(target)
            shutil.rmtree(previous, ignore_errors=True)
        else:
            partial.replace(target)  # onto an empty folder or none
    except BaseException:
        shutil.rmtree(partial, ignore_errors=True)
        if made_for_it:
            try:
                target.rmdir()
            except OSError:
                pass
        raise


def comparison_lines(comparison: Comparison) -> list[str]:
    """What ``--baseline`` says on the console: each shared cell's paired change, or why
    nothing could be compared (the report has the table and the questions that flipped)."""
    head = f"vs baseline {comparison.baseline_id}:"
    if not comparison.cells:
        return [f"{head} no cell in common (here only {', '.join(comparison.only_current) or '-'}; "
                f"in the baseline only {', '.join(comparison.only_baseline) or '-'}): nothing compared"]
    lines = [head]
    for change in comparison.cells:
        if not change.shared_questions:
            lines.append(f"  {change.cell:40s} not compared: no question in common")
            continue
        tokens = (f"tokens {f.num(change.tokens_before)} -> {f.num(change.tokens_after)} ({f.signed_num(change.tokens_diff)}) "
                  f"on the {change.shared_questions} shared question{'' if change.shared_questions == 1 else 's'}")
        paired = change.accuracy
        if paired is None or not comparison.judged:
            accuracy = "accuracy not compared (a side is not judged)"
        else:
            accuracy = (f"accuracy {f.pct(paired.before)} -> {f.pct(paired.after)} ({f.signed_pct(paired.diff)}, 95% "
                        f"{f.signed_bound(paired.low)} to {f.signed_bound(paired.high)}; {paired.gained} gained, {paired.lost} lost, "
                        f"p={f.p_value(paired.p_value)}, {paired.n_questions} shared question{'' if paired.n_questions == 1 else 's'})")
        lines.append(f"  {change.cell:40s} {accuracy}; {tokens}")
    if comparison.only_current or comparison.only_baseline:
        lines.append(f"  not compared: here only {', '.join(comparison.only_current) or '-'}; "
                     f"in the baseline only {', '.join(comparison.only_baseline) or '-'}")
    return lines
