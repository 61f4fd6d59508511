"""The analysis of a sweep: judge, aggregate, compare, gate, report.

Reads only the sweep folder (and the questions file for gold answers): judging again, or
rendering again, makes no model call of the runs. The verdicts are written back into the
sweep folder (``verdicts/<judge>.jsonl``), so a sweep and its judgement travel together
(``harness.sweep_judging`` chooses the judge and runs it). The report folder is named after
the sweep and the judge: ``reports/<sweep>__<judge>__<UTC time>/``; ``harness.analyze_console``
says on the console what the analysis found.
"""
from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

from core import paths
from core.errors import UserError
from core.files import new_stamped_folder, write_json_atomic
from core.redact import redact_data
from core.whole_folders import check_replaceable, written_whole
from harness.analyze_config import AnalyzeConfig, AnalyzeOutcome
from harness.analyze_console import comparison_lines, console_lines
from harness.criteria import evaluate_criteria
from harness.dataset import HF_PREFIX, Question, load_questions
from harness.gate import evaluate_gate, load_budgets, write_junit
from harness.history import check_history_db, history_frame, record_sweep
from harness.judge.batching import check_batch_judge
from harness.judge.service import OFFLINE_JUDGE, judge_name, judge_version
from harness.judge.store import judge_id
from harness.progress import Progress
from harness.report import render_report
from harness.report.history_page import write_history_page
from harness.report.pages import is_history_page, is_report
from harness.report.render import start_details
from harness.seeds_results import write_bench_results
from harness.stats.cells import cell_stats, judge_summary, question_table
from harness.stats.compare import compare, mode_comparisons
from harness.stats.completeness import completeness
from harness.stats.frame import Sweep, load_sweep
from harness.stats.summary import build_summary
from harness.sweep_judging import (
    AUTO_JUDGE,
    baseline_unjudged_advice,
    check_gate_can_see,
    check_report_judge,
    judge_description,
    judge_sweep,
    plan_baseline_judge,
    plan_judge,
    resolve_judge,
    store_verdicts,
)
from harness.sweepdir import SweepDir, sweep_folders

# Importable from here as before: the CLIs and the tests name them through this module.
__all__ = [
    "AUTO_JUDGE", "AnalyzeConfig", "AnalyzeOutcome", "analyze", "check_report_judge", "comparison_lines", "console_lines",
    "latest_sweep", "load_finished_sweep", "report_folder", "resolve_judge", "sweep_questions", "written_whole",
]


def latest_sweep(runs_dir: Path) -> Path:
    sweeps = sweep_folders(runs_dir)
    if not sweeps:
        raise UserError(f"no sweep found in {runs_dir}", "run `python bench.py` first, or pass a RUN_DIR")
    return sweeps[-1]


def sweep_questions(sweep: Sweep, override: Path | None, log: Callable[[str], None]) -> dict[str, Question]:
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


def load_finished_sweep(path: Path) -> Sweep:
    SweepDir.open(path).read_manifest()  # a clear error for a folder that is not a sweep
    sweep = load_sweep(path)
    if sweep.records.empty:
        raise UserError(f"{path} has no finished runs", "let the sweep finish (or resume it with `python bench.py --resume`)")
    return sweep


def report_folder(reports_dir: Path, sweep_id: str, judge: str) -> Path:
    """``<reports>/<sweep>__<judge>__<UTC time>/``: filesystem-safe, never overwriting."""
    safe = re.sub(r"[^A-Za-z0-9._-]+", "-", f"{sweep_id}__{judge}").strip("-.")[:120]
    return new_stamped_folder(reports_dir, prefix=f"{safe}__")


def analyze(config: AnalyzeConfig, *, show_progress: bool = True, log: Callable[[str], None] = lambda m: print(m, file=sys.stderr)) -> AnalyzeOutcome:
    run_dir = config.run_dir or latest_sweep(config.runs_dir)
    # A judge asked for that cannot run (its key missing, an unknown model) stops the command
    # before the sweep is read, which takes seconds for a big one.
    check_report_judge(config.judge_model, config.provider)
    sweep = load_finished_sweep(run_dir)
    sweep.manifest = redact_data(sweep.manifest)  # a sweep written before redaction shows none either
    budgets = load_budgets(config.gate) if config.gate else None  # a bad budgets file fails before any judging
    if config.history_db is not None:
        check_history_db(config.history_db)  # another tool's database fails before the report is written
    plan = plan_judge(sweep, config)
    if config.batch:  # before any judging: a batch needs a model judge that may be called
        check_batch_judge(plan.model if plan.calls_allowed else None, OFFLINE_JUDGE)
    if budgets:
        check_gate_can_see(budgets, plan)
    questions = sweep_questions(sweep, config.questions_file, log)
    target = config.out_dir or report_folder(config.reports_dir, sweep.sweep_id, judge_id(plan.model or None, config.judge_runs))
    history_page = target.parent / "history" / "index.html" if config.history_db is not None else None
    if history_page is not None:  # beside the report: a "history" folder of the user's is not replaced
        try:
            check_replaceable(history_page.parent, is_history_page, "--out", "a history page")
        except UserError:
            raise UserError(f"the history page goes beside the report, in {history_page.parent}, which holds other files: "
                            "nothing was written", "pass --no-history, or an --out in a folder without such a 'history' folder") from None
    progress = Progress(len(sweep.records), enabled=show_progress, unit="run", desc="report")
    # Only a report (or a new or empty folder) is replaced: --out naming another folder is refused.
    new = config.out_dir is None
    with written_whole(target, replaceable=is_report, flag="--out", what="a report", made_for_it=new, clean_up=new) as out_dir:
        # The run details (traces) do not depend on the verdicts: written while the answers are judged.
        details = start_details(sweep, out_dir, progress.advance_by)
        try:
            judging = judge_sweep(sweep, questions, plan, config, show_progress)
            stored_path = store_verdicts(sweep, plan, config, judging.verdicts, log)
            comparison = None
            baseline = baseline_judging = None
            if config.baseline:
                baseline = load_finished_sweep(config.baseline)
                baseline_plan = plan_baseline_judge(baseline, plan, config)
                log(f"judging the baseline {baseline.path} ({judge_name(baseline_plan.model or None)}: {baseline_plan.source})")
                baseline_judging = judge_sweep(baseline, {**sweep_questions(baseline, config.questions_file, log), **questions}, baseline_plan, config, show_progress)
                unjudged = judge_summary(baseline_judging.verdicts)["unjudged"]
                if config.judge_model:  # a judge asked for; this sweep's stored judge must not become the baseline's
                    store_verdicts(baseline, baseline_plan, config, baseline_judging.verdicts, log)
                elif baseline_plan.model and unjudged:
                    log(baseline_unjudged_advice(baseline, baseline_plan, unjudged))
                comparison = compare(sweep, baseline, judging.verdicts, baseline_judging.verdicts, judge_name(baseline_plan.model or None))
            stats = cell_stats(sweep.records, judging.verdicts)
            modes = mode_comparisons(sweep.records, judging.verdicts, sweep.manifest.get("config", {}).get("modes") or (), stats=stats)
            criteria = evaluate_criteria(stats)
            gate = evaluate_gate(stats, budgets, present_only=config.gate_present_only) if budgets else None
            judge = judge_description(plan, judging, config)
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
        short = list(coverage.short_cells)
        stored = record_sweep(config.history_db, sweep.sweep_id, sweep.manifest, stats, question_table(sweep.records, judging.verdicts),
                              judge=judge["name"] if plan.model else "", judge_version=judge_version(plan.model or None),
                              report=target / "index.html", sweep_path=sweep.path, leave_out=short)
        if short:
            kept = f"recorded its {stored} whole cell{'s' if stored != 1 else ''} only" if stored else "nothing recorded"
            log(f"history: {kept}; left out, as their figures cover part of their runs: {', '.join(short)} "
                f"(a trend compares whole cells: finish the sweep with bench.py --resume, then analyse it again)")
        write_history_page(history_frame(config.history_db), history_page.parent, config.history_db)
    junit = None
    if gate:
        junit = write_junit(gate, config.junit) if config.junit else target / "gate.xml"
    return AnalyzeOutcome(sweep, target / report.relative_to(out_dir), stats, criteria, judging, judge, comparison, modes, gate, junit,
                          target / "summary.json", stored_path, coverage)




