"""The analysis of a sweep: judge, aggregate, compare, gate, report.

Reads only the sweep folder (and the questions file for gold answers): judging again, or
rendering again, makes no model call of the runs.
"""
from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from core import paths
from core.errors import UserError
from core.files import new_stamped_folder
from core.llm.base import ProviderSettings
from harness.criteria import CriteriaRow, evaluate_criteria
from harness.dataset import HF_PREFIX, Question, load_questions
from harness.gate import GateResult, evaluate_gate, load_budgets, write_junit
from harness.history import default_db, history_frame, record_sweep
from harness.judge.service import (
    JudgeOutcome,
    JudgeSettings,
    items_from_records,
    judge_items,
)
from harness.progress import Progress
from harness.report import render_report
from harness.report.history_page import write_history_page
from harness.report.render import start_details
from harness.stats.cells import cell_stats, question_table
from harness.stats.compare import Comparison, compare
from harness.stats.frame import Sweep, load_sweep
from harness.sweepdir import SweepDir


@dataclass
class AnalyzeConfig:
    run_dir: Path | None = None  # None: the latest sweep under runs_dir
    judge_model: str | None = None  # None: the numeric check only
    judge_runs: int = 1
    baseline: Path | None = None
    gate: Path | None = None
    junit: Path | None = None
    runs_dir: Path = paths.RUNS_DIR
    reports_dir: Path = paths.REPORTS_DIR
    out_dir: Path | None = None
    questions_file: Path | None = None  # None: the file the sweep used
    cache: bool = True
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
    comparison: Comparison | None = None
    gate: GateResult | None = None
    junit: Path | None = None


def latest_sweep(runs_dir: Path) -> Path:
    sweeps = sorted(p for p in runs_dir.glob("*") if (p / "manifest.json").is_file()) if runs_dir.is_dir() else []
    if not sweeps:
        raise UserError(f"no sweep found in {runs_dir}", "run `python bench.py` first, or pass a RUN_DIR")
    return sweeps[-1]


def _questions(sweep: Sweep, override: Path | None) -> dict[str, Question]:
    path = override or Path(sweep.manifest.get("config", {}).get("questions_file") or paths.QUESTIONS_DIR / "financebench_open_source.jsonl")
    if not path.is_file() and not str(path).startswith(HF_PREFIX):
        path = paths.QUESTIONS_DIR / "financebench_open_source.jsonl"
    return {q.id: q for q in load_questions(path)}


def _load(path: Path) -> Sweep:
    SweepDir.open(path).read_manifest()  # a clear error for a folder that is not a sweep
    sweep = load_sweep(path)
    if sweep.records.empty:
        raise UserError(f"{path} has no finished runs", "let the sweep finish (or resume it with `python bench.py --resume`)")
    return sweep


def _judge(sweep: Sweep, questions: dict[str, Question], config: AnalyzeConfig, show_progress: bool) -> JudgeOutcome:
    settings = JudgeSettings(
        judge_model=config.judge_model,
        judge_runs=config.judge_runs,
        verdict_cache=config.cache_dir / "verdicts.sqlite" if config.cache else None,
        response_cache=config.cache_dir / "responses.sqlite" if config.cache else None,
        provider=config.provider,
    )
    records = list(sweep.raw.values())
    progress = Progress(len(records), enabled=show_progress and bool(config.judge_model), unit="answer", desc="judge")
    try:
        return judge_items(items_from_records(records, questions), settings, on_done=progress.advance)
    finally:
        progress.close()


def analyze(config: AnalyzeConfig, *, show_progress: bool = True, log: Callable[[str], None] = lambda m: print(m, file=sys.stderr)) -> AnalyzeOutcome:
    run_dir = config.run_dir or latest_sweep(config.runs_dir)
    sweep = _load(run_dir)
    budgets = load_budgets(config.gate) if config.gate else None  # a bad budgets file fails before any judging
    questions = _questions(sweep, config.questions_file)
    fresh = config.out_dir is None or not config.out_dir.exists()
    out_dir = config.out_dir or new_stamped_folder(config.reports_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    progress = Progress(len(sweep.records), enabled=show_progress, unit="run", desc="report")
    # The run details (traces) do not depend on the verdicts: written while the answers are judged.
    details = start_details(sweep, out_dir, progress.advance_by)
    try:
        judging = _judge(sweep, questions, config, show_progress)
        comparison = None
        baseline = baseline_judging = None
        if config.baseline:
            baseline = _load(config.baseline)
            log(f"judging the baseline {baseline.path}")
            baseline_judging = _judge(baseline, {**_questions(baseline, config.questions_file), **questions}, config, show_progress)
            comparison = compare(sweep, baseline, judging.verdicts, baseline_judging.verdicts)
        stats = cell_stats(sweep.records, judging.verdicts)
        gate = evaluate_gate(stats, budgets, present_only=config.gate_present_only) if budgets else None
        history_page = None
        if config.history_db is not None:
            record_sweep(config.history_db, sweep.sweep_id, sweep.manifest, stats, question_table(sweep.records, judging.verdicts),
                         judge=judging.judge_model or "", report=out_dir / "index.html", sweep_path=sweep.path)
            # Beside the report folders (reports/<ts>/ and reports/history/), so the report links to it.
            history_page = write_history_page(history_frame(config.history_db), out_dir.parent / "history", config.history_db)
        junit = write_junit(gate, config.junit or out_dir / "gate.xml") if gate else None
        report = render_report(
            sweep, judging.verdicts, out_dir, baseline_comparison=comparison, gate_result=gate, questions=list(questions.values()),
            baseline=baseline, baseline_verdicts=baseline_judging.verdicts if baseline_judging else None,
            history_page=history_page, details=details,
        )
    except BaseException:
        try:
            details.wait()  # the writer must stop before its folder goes
        except BaseException:  # noqa: BLE001 - the first error is the one to report
            pass
        if fresh:
            shutil.rmtree(out_dir, ignore_errors=True)  # no half-written report left behind
        raise
    finally:
        progress.close()
    with (out_dir / "verdicts.jsonl").open("w", encoding="utf-8") as handle:
        for verdict in judging.verdicts:
            handle.write(json.dumps(verdict.to_dict()) + "\n")
    return AnalyzeOutcome(sweep, report, stats, evaluate_criteria(stats), judging, comparison, gate, junit)
