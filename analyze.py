"""analyze.py: judge a sweep's answers, compare it, gate it, and build its report.

    python analyze.py                                  # latest sweep, with the judge stored with it (else numeric check only)
    python analyze.py bench_runs/<ts> --judge          # hybrid judge (default model: see --judge-model)
    python analyze.py --judge-model offline            # the rule-based judge that needs no key
    python analyze.py RUN_DIR --baseline OTHER_RUN_DIR # what changed
    python analyze.py RUN_DIR --gate budgets.toml      # CI: exit 1 when a cell breaks a budget
    python analyze.py calibrate-judge LABELS.jsonl     # how far to trust a judge
    python analyze.py label [RUN_DIR]                  # label a sweep's answers yourself, for calibrate-judge
    python analyze.py history                          # figures per cell across sweeps (and a trend gate)
    python analyze.py view [RUN_DIR|REPORT|TRACE]      # open a report, a sweep's report or an ask --trace
    python analyze.py prune --keep 10                  # delete all but the newest reports

The CLI only parses options into an AnalyzeConfig and calls harness.analyze_sweep.
"""
from __future__ import annotations

from core.interrupt import exit_if_interrupted_while_starting

if __name__ == "__main__":
    exit_if_interrupted_while_starting()  # a Ctrl-C before the command runs: "interrupted", 130

import sys
from pathlib import Path

import click

from core.errors import UserError
from harness.cli_main import run_command
from harness.cli_paths import any_path, file_path, folder_path
from harness.judge import MAX_JUDGE_RUNS
from harness.judge.labels import HALVES


class DefaultToReport(click.Group):
    """``analyze.py [RUN_DIR] [options]`` runs ``report``; named subcommands run themselves;
    ``analyze.py --help`` lists them all."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args in (["--help"], ["-h"]):
            return super().parse_args(ctx, args)
        if not args or args[0] not in self.commands:
            args = ["report", *args]
        return super().parse_args(ctx, args)


def _check_writable(flag: str, path: Path | None) -> None:
    """UserError before any work when the file or folder ``flag`` names could not be written
    (a read-only mount, no such place): it failed with a traceback after the whole analysis."""
    from core.files import unwritable

    if path is None:
        return
    where = path.parent  # a file, or a page folder written beside its name first
    problem = unwritable(where)
    if problem:
        raise UserError(f"cannot write {flag} {path}: {problem} in {where}", f"pass {flag} in a folder you can write to")


def _fail(error: UserError) -> None:
    from core.redact import redact_text

    click.echo(f"error: {redact_text(str(error))}", err=True)
    sys.exit(error.exit_code)


@click.group(cls=DefaultToReport, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
def cli() -> None:
    """Judge, compare, gate and report benchmark sweeps.

    With no command (or a RUN_DIR first) this runs `report`: `analyze.py [RUN_DIR] --judge`
    is `analyze.py report [RUN_DIR] --judge`. `analyze.py COMMAND --help` explains each.
    """


def _check_named_db(db: Path | None) -> None:
    """A database named with --db must exist: a mistyped path would be created, seeded with
    the bundled history and shown as if it were the user's. (The default one is created.)
    It must be a history database too: another tool's would get the history's tables."""
    from harness.history import check_history_db

    if db is not None and not db.is_file():
        raise UserError(f"no history database at {db}", "check the path; leave --db out for data/history.sqlite")
    if db is not None:
        check_history_db(db)


@cli.command()
@click.argument("run_dir", required=False, type=folder_path())
@click.option("--judge", is_flag=True, help="Judge what the numeric check cannot decide with a model (hybrid judge).")
@click.option("--judge-model", default=None, help="Judge model spec (implies --judge). Default: anthropic:claude-sonnet-4-5; 'offline' is the rule-based judge (no model, no key); 'auto' picks the model judge when its key is set, else 'offline'; scripted:judge replies by script. Without --judge/--judge-model the verdicts stored with the sweep are used, else the numeric check alone.")
@click.option("--judge-runs", default=1, show_default=True, type=click.IntRange(1, MAX_JUDGE_RUNS),
              help=f"Judge each answer K times (1 to {MAX_JUDGE_RUNS}) and report agreement; each sample is a model call per answer.")
@click.option("--batch", is_flag=True, help="Send the judge model's calls through Anthropic's Message Batches API (half price; results within 24 h, usually minutes), with progress while it runs. Batch ids are kept in the sweep folder: if interrupted, run the same command again to pick the batch up; what the batch cannot answer is judged live.")
@click.option("--baseline", type=folder_path(), default=None, help="Another sweep to compare against.")
@click.option("--gate", type=file_path(), default=None, help="Budgets TOML: exit 1 when a cell breaks one; writes JUnit XML. Budgets on accuracy need a judge (--judge, or verdicts stored with the sweep): without one the gate stops up front (exit 2).")
@click.option("--junit", type=file_path(), default=None, help="Where to write the gate's JUnit XML (default: in the report folder).")
@click.option("--out", "out_dir", type=folder_path(), default=None, help="Report folder (default: reports/<sweep>__<judge>__<UTC time>).")
@click.option("--reports-dir", type=folder_path(), default=None,
              help="Where the report folder is made when --out is not given (default: reports/; as bench.py --reports-dir).")
@click.option("--questions", "questions_file", type=file_path(), default=None, help="Questions file with the gold answers (default: the one the sweep used).")
@click.option("--runs-dir", type=folder_path(), default=None, help="Where to look for the latest sweep (default: bench_runs/).")
@click.option("--no-cache", is_flag=True, help="Judge again instead of reusing cached verdicts or those stored with the sweep.")
@click.option("--cache-dir", type=folder_path(), default=None, help="Where verdicts.sqlite and responses.sqlite live (default: data/cache).")
@click.option("--gate-present-only", is_flag=True, help="Gate only the budgeted cells this sweep has (else a budgeted cell it lacks fails).")
@click.option("--history-db", type=file_path(), default=None,
              help="History database the sweep's figures are recorded in (default: $PAGEINDEX_HISTORY_DB or data/history.sqlite).")
@click.option("--no-history", is_flag=True, help="Do not record this analysis in the history database.")
@click.option("--prices", "prices_file", type=file_path(), default=None,
              help="TOML file of USD prices per million tokens for a judge model the built-in table lacks (as bench.py --prices); else its cost is 'unknown'.")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
def report(run_dir, judge, judge_model, judge_runs, batch, baseline, gate, junit, out_dir, reports_dir, questions_file, runs_dir, no_cache, cache_dir,
           gate_present_only, history_db, no_history, prices_file, no_progress) -> None:
    """Judge a sweep (latest under bench_runs/ by default) and write
    reports/<sweep>__<judge>__<UTC time>/: index.html (an interactive viewer that opens from
    disk: criteria, comparisons, charts, every run with filters, search and its trace),
    summary.json (every figure, machine-readable), summary.md, runs.csv, runs.parquet and
    verdicts.jsonl. The verdicts are also kept in the sweep folder (verdicts/<judge>.jsonl)
    and reused by later analyses with the same judge; the sweep's figures are recorded in the
    history database (`analyze.py history`)."""
    from harness.analyze_sweep import AnalyzeConfig, analyze
    from harness.judge.service import DEFAULT_JUDGE_MODEL

    if judge_model is None and judge:
        judge_model = DEFAULT_JUDGE_MODEL
    config = AnalyzeConfig(
        run_dir=run_dir, judge_model=judge_model, judge_runs=judge_runs, baseline=baseline, gate=gate,
        junit=junit, out_dir=out_dir, questions_file=questions_file, cache=not no_cache, batch=batch,
    )
    if runs_dir is not None:
        config.runs_dir = runs_dir
    if reports_dir is not None:
        config.reports_dir = reports_dir
    if cache_dir is not None:
        config.cache_dir = cache_dir
    config.gate_present_only = gate_present_only
    if no_history:
        config.history_db = None
    elif history_db is not None:
        config.history_db = history_db
    try:
        if gate is None and (junit is not None or gate_present_only):
            # Without a gate they do nothing: a CI job waiting for the JUnit file, or believing
            # the sweep gated, must not be told nothing.
            flag = "--junit" if junit is not None else "--gate-present-only"
            raise UserError(f"{flag} works with --gate, which was not given", "add --gate budgets.toml (the repo root has one)")
        _check_writable("--junit", junit)
        _check_writable("--out", out_dir)
        if reports_dir is not None:
            from harness.runner.sweep import check_output_folder

            check_output_folder(reports_dir, "--reports-dir")  # as bench.py checks it
        if prices_file is not None:
            from core.llm.price_file import read_prices

            config.prices = read_prices(prices_file)
        outcome = analyze(config, show_progress=not no_progress)
    except UserError as error:
        if judge_model == DEFAULT_JUDGE_MODEL and "ANTHROPIC_API_KEY" in str(error):
            error = UserError(str(error), "or judge with no key: --judge-model offline")
        _fail(error)
    except KeyboardInterrupt:
        click.echo("interrupted: no report written (verdicts already judged are cached)", err=True)
        if batch:
            click.echo("a batch already sent keeps running: run the same command again to pick it up", err=True)
        sys.exit(130)
    _print_summary(outcome)
    if outcome.gate is not None:
        click.echo(outcome.gate.summary())
        click.echo(f"junit: {outcome.junit}")
        sys.exit(outcome.gate.exit_code)


def _print_summary(outcome) -> None:
    from harness.analyze_sweep import console_lines

    for line in console_lines(outcome):
        click.echo(line)


@cli.command("calibrate-judge")
@click.argument("labels", type=file_path())
@click.option("--judge-model", default="offline", show_default=True, help="Judge model spec for what the numeric check leaves undecided.")
@click.option("--no-cache", is_flag=True, help="Judge again instead of reusing cached verdicts.")
@click.option("--show-disagreements", type=click.IntRange(min=0), default=0, show_default=True, help="Print this many answers where the judge and the person disagree, with the judge's rationale.")
@click.option("--by-reason", type=click.IntRange(min=0), default=0, show_default=True, help="Print the judge's reasons (its rules, with the quoted values taken out) that people disagree with, this many with the most disagreements first, with counts per half: which rules to trust on these labels. With --json, every reason is listed.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (n, binary_agreement, three_way_agreement, kappa_binary, false_correct_rate, false_correct, per half) instead of the table.")
@click.option("--save", is_flag=True, help="Also store the figures in data/judge_calibration.json (the held-out half's for the offline judge, whose rules were written on the tune half; both halves' for a model judge, written on neither), where every report of this judge (at this rules version) reads how far to trust it.")
def calibrate_judge(labels: Path, judge_model: str, no_cache: bool, show_disagreements: int, by_reason: int, as_json: bool, save: bool) -> None:
    """Judge human-labelled answers (FinanceBench human-labels format) and report agreement
    with the people: 3-way and correct-vs-not, Cohen's kappa, the false-correct rate (answers
    people marked incorrect or refusal that the judge calls correct), the confusion matrix,
    overall and on the two fixed halves of the questions, against the goals (read on the
    halves the judge was not tuned on)."""
    import json

    from harness.judge.calibration import calibrate, format_report, report_json
    from harness.judge.calibration_record import calibration_entry, save_calibration
    from harness.judge.service import JudgeSettings
    from harness.progress import Progress

    settings = JudgeSettings(judge_model=judge_model)
    if no_cache:
        settings.verdict_cache = settings.response_cache = None
    progress = Progress(None, unit="answer", desc="judge", enabled=judge_model != "offline" and not as_json)
    try:
        result = calibrate(labels, settings, on_done=progress.advance)
    except UserError as error:
        _fail(error)
    finally:
        progress.close()
    if as_json:
        click.echo(json.dumps(report_json(result, labels, with_reasons=by_reason > 0), indent=2))
    else:
        click.echo(format_report(result, show_disagreements, by_reason))
    if save:
        stored = save_calibration(calibration_entry(result, labels))
        click.echo(f"calibration stored: {stored}", err=as_json)  # --json keeps stdout one JSON object


@cli.command()
@click.argument("run_dir", required=False, type=folder_path())
@click.option("--out", type=file_path(), default=None,
              help="Labels file to add to (FinanceBench's human-labels format; made when missing). Default: data/human_labels.jsonl.")
@click.option("--half", type=click.Choice(["all", *HALVES]), default="all", show_default=True,
              help="Only answers to questions of this half (calibrate-judge reads the offline judge's figures on heldout).")
@click.option("--limit", type=click.IntRange(min=1), default=None, help="Stop after this many labels.")
@click.option("--labeller", default=None, help="Your name, stored with each label (default: $USER).")
@click.option("--questions", "questions_file", type=file_path(), default=None, help="Questions file with the gold answers (default: the one the sweep used).")
@click.option("--runs-dir", type=folder_path(), default=None, help="Where to look for the latest sweep (default: bench_runs/).")
def label(run_dir, out, half, limit, labeller, questions_file, runs_dir) -> None:
    """Label a sweep's answers yourself (latest under bench_runs/ by default), to measure a
    judge on them with `analyze.py calibrate-judge LABELS`.

    Shows each answer with its question, gold answer and justification, and not the judge's
    verdict or the model that answered; type c, i or r (correct, incorrect, refusal), s to
    skip or q to stop. Each label is saved as it is typed: run the command again to go on
    where you stopped. An answer given on several runs is asked once; an answer another
    --labeller labelled is asked again (calibrate-judge reports how often people agree). Whoever writes the
    offline judge's rules labels the tune half only (--half tune): the heldout half's labels
    are the judge's honest test."""
    import os

    from core import paths
    from harness.analyze_sweep import latest_sweep, load_finished_sweep, sweep_questions
    from harness.labelling import KEYS, answers_to_label, label_session, open_label_file

    out = out or paths.PROJECT_ROOT / "data" / "human_labels.jsonl"

    def ask(prompt: str) -> str:
        try:
            return click.prompt(prompt, type=click.Choice(list(KEYS)), show_choices=False)
        except click.Abort:  # end of input or Ctrl-C: every label typed is already saved
            click.echo()
            return "q"

    try:
        sweep = load_finished_sweep(run_dir or latest_sweep(runs_dir or paths.RUNS_DIR))
        questions = sweep_questions(sweep, questions_file, lambda message: click.echo(message, err=True))
        labeller = labeller or os.environ.get("USER", "")
        with open_label_file(out, labeller) as labels:
            if labels.repaired:
                click.echo(f"note: dropped a half-written last line of {out}", err=True)
            items = answers_to_label(list(sweep.raw.values()), questions, labels.labelled, half)
            click.echo(f"{len(items)} answer(s) of sweep {sweep.sweep_id} to label ({half} half); {len(labels.rows)} label(s) already in {out}, "
                       f"{len(labels.labelled)} of them yours")
            why = label_session(items, labels, ask=ask, show=click.echo, labeller=labeller, sweep_id=sweep.sweep_id, limit=limit)
            total = len(labels.rows) + labels.added
    except UserError as error:
        _fail(error)
    stopped = {"done": "every answer seen", "quit": "stopped", "limit": f"--limit {limit} reached"}[why]
    click.echo(f"{stopped}: {labels.added} label(s) added; {out} holds {total}. "
               f"Measure the judge on them: python analyze.py calibrate-judge {out}")


@cli.command()
@click.option("--db", "--history-db", "db", type=file_path(), default=None, help="History database (default: $PAGEINDEX_HISTORY_DB or data/history.sqlite, created and seeded when missing; a file named here must exist, so that a mistyped path is not taken for an empty history).")
@click.option("--cell", "cells", multiple=True, help="Only this model/mode cell (repeatable).")
@click.option("--test-set", default=None, help="Only sweeps of this test set (figures of different test sets do not compare).")
@click.option("--last", type=int, default=None, help="Only the last N sweeps.")
@click.option("--out", "out_dir", type=folder_path(), default=None, help="Where the history page goes (default: reports/history).")
@click.option("--png", type=file_path(), default=None, help="Also draw the chart as a PNG file.")
@click.option("--gate-accuracy-drop", type=float, default=None, help="Exit 1 when a cell's accuracy in the newest sweep is more than this many points (0.05 = 5 pp) below the median of its previous sweeps (exactly this many passes).")
@click.option("--gate-token-rise", type=float, default=None, help="Exit 1 when a cell's mean tokens rose by more than this ratio (0.2 = 20%) over that median.")
@click.option("--window", type=int, default=3, show_default=True, help="How many previous sweeps the trend gate's median uses.")
@click.option("--junit", type=file_path(), default=None, help="Write the trend gate's result as JUnit XML.")
def history(db, cells, test_set, last, out_dir, png, gate_accuracy_drop, gate_token_rise, window, junit) -> None:
    """Accuracy, reliability, tokens and cost per cell across analysed sweeps and commits.

    Prints one line per sweep and cell, writes the history page (charts over sweeps) and,
    with --gate-accuracy-drop / --gate-token-rise, gates the newest sweep on the trend."""
    from core import paths
    from core.whole_folders import check_replaceable
    from harness.gate import write_junit
    from harness.history import default_db, history_frame, trend_gate
    from harness.report import fmt as f
    from harness.report.history_page import question_set_names, write_history_page, write_history_png
    from harness.report.pages import is_history_page

    try:
        if window < 1:
            raise UserError(f"--window must be at least 1, got {window}", "pass --window 3 (the previous three sweeps)")
        if last is not None and last < 1:
            raise UserError(f"--last must be at least 1, got {last}", "pass --last 10 for the ten newest sweeps, or leave it out for all")
        # A fraction: "5" for five points would allow a 500-point drop, a gate that never fails.
        if gate_accuracy_drop is not None and not 0 <= gate_accuracy_drop <= 1:
            raise UserError(f"--gate-accuracy-drop is a fraction from 0 to 1, got {gate_accuracy_drop}", "pass 0.05 for a drop of five points")
        if gate_token_rise is not None and not 0 <= gate_token_rise < float("inf"):  # nan fails both comparisons
            raise UserError(f"--gate-token-rise must be a finite number, 0 or more, got {gate_token_rise}", "pass 0.2 for a rise of 20%")
        if junit is not None and gate_accuracy_drop is None and gate_token_rise is None:
            raise UserError("--junit writes the trend gate's result, and no gate was asked for",
                            "add --gate-accuracy-drop 0.05 and/or --gate-token-rise 0.2")
        _check_named_db(db)
        db = db or default_db()
        out_dir = out_dir or paths.REPORTS_DIR / "history"
        for flag, path in (("--out", out_dir), ("--junit", junit), ("--png", png)):
            _check_writable(flag, path)
        check_replaceable(out_dir, is_history_page, "--out", "a history page")  # before the table is printed
        frame = history_frame(db, cells=list(cells) or None, last=last, test_set=test_set)
    except UserError as error:
        _fail(error)
    if frame.empty:
        if cells or test_set:  # the filter matched nothing; the database may hold sweeps
            click.echo(f"no sweep in {db} matches --cell {' '.join(cells) or '(any)'} --test-set {test_set or '(any)'}: "
                       "`python analyze.py history` without them lists what there is")
        else:
            click.echo(f"no sweep in {db} yet: run `python bench.py` (or `python analyze.py RUN_DIR`) to record one")
        if gate_accuracy_drop is not None or gate_token_rise is not None:
            # A gate with no sweep to look at checked nothing: a CI job with a mistyped
            # --test-set or --cell must not pass.
            click.echo("trend gate FAILED: no sweep to gate")
            if junit is not None:  # the CI job reading it learns why, as from any failed gate
                click.echo(f"junit: {write_junit(trend_gate(frame, max_accuracy_drop=gate_accuracy_drop, max_token_rise=gate_token_rise), junit)}")
            sys.exit(1)
        return
    click.echo(f"{frame['sweep_id'].nunique()} sweeps in {db} (oldest first)")
    # The questions column: accuracy over the bundled sample and over the test split do not compare.
    set_names = question_set_names(frame)
    click.echo(f"{'sweep':22s} {'commit':9s} {'source':8s} {'questions':14s} {'cell':28s} {'runs':>6s} {'accuracy':>9s} {'reliab.':>8s} {'tokens':>8s} {'cost':>9s}")
    for _, r in frame.iterrows():
        questions = set_names.get(r["question_set"], "-")
        click.echo(f"{str(r['sweep_id'])[:22]:22s} {str(r['git_commit'] or '-')[:9]:9s} {r['source']:8s} {questions[:14]:14s} {str(r['cell'])[:28]:28s} "
                   f"{f.num(r['runs']):>6s} {f.pct(r['accuracy']):>9s} {f.pct(r['reliability']):>8s} {f.tokens(r['tokens_mean']):>8s} {f.usd(r['cost_sum']):>9s}")
    try:
        page = write_history_page(frame, out_dir, db)
    except UserError as error:  # something else was put there meanwhile
        _fail(error)
    click.echo(f"history page: {page}")
    if png is not None:
        click.echo(f"chart: {write_history_png(frame, png)}")
    if gate_accuracy_drop is None and gate_token_rise is None:
        return
    result = trend_gate(frame, max_accuracy_drop=gate_accuracy_drop, max_token_rise=gate_token_rise, window=window)
    for check in result.checks:
        click.echo(f"{'ok  ' if check.passed else 'FAIL'} {check.cell} {check.criterion}: {check.message}")
    click.echo(f"trend gate {'passed' if result.passed else 'FAILED'}: newest sweep {frame['sweep_id'].iloc[-1]}")
    if junit is not None:
        click.echo(f"junit: {write_junit(result, junit)}")
    sys.exit(result.exit_code)


@cli.command()
@click.argument("target", required=False, type=any_path())
@click.option("--no-open", is_flag=True, help="Only print the page's path.")
@click.option("--reports-dir", type=folder_path(), default=None, help="Where reports are (default: reports/).")
def view(target: Path | None, no_open: bool, reports_dir: Path | None) -> None:
    """Open a report in the browser: the latest one (no TARGET), a report folder, the report
    of a sweep folder (built when it has none), the history page (TARGET `history`), or a
    trace file (`bench.py ask --trace` prints its path) rendered as a page."""
    from harness.viewing import find_page

    try:
        page = find_page(target, reports_dir)
    except UserError as error:
        _fail(error)
    click.echo(str(page))
    if not no_open:
        import webbrowser

        if not webbrowser.open(page.resolve().as_uri()):
            click.echo("(no browser found: open the path above)", err=True)


@cli.command()
@click.option("--keep", type=int, default=10, show_default=True, help="How many of the newest reports to keep.")
@click.option("--reports-dir", type=folder_path(), default=None, help="Where reports are (default: reports/).")
@click.option("--history-keep", type=int, default=None, help="Also forget all but the newest N sweeps in the history database.")
@click.option("--db", "--history-db", "db", type=file_path(), default=None, help="History database (with --history-keep).")
@click.option("--dry-run", is_flag=True, help="Only list what would be deleted.")
def prune(keep: int, reports_dir: Path | None, history_keep: int | None, db: Path | None, dry_run: bool) -> None:
    """Delete old report folders (the newest --keep stay; the history page and anything that
    is not a report are never touched)."""
    from harness.viewing import prune_reports

    try:
        if keep < 0:
            raise UserError(f"--keep must be 0 or more, got {keep}", "pass --keep 10 to keep the ten newest reports")
        if history_keep is not None and history_keep < 0:
            raise UserError(f"--history-keep must be 0 or more, got {history_keep}", "pass --history-keep 50 to keep the fifty newest sweeps")
        if history_keep is not None:
            _check_named_db(db)  # before any report is deleted
        removed, kept = prune_reports(reports_dir, keep, dry_run=dry_run)
        for folder in removed:
            click.echo(f"{'would delete' if dry_run else 'deleted'} {folder}")
        click.echo(f"{len(removed)} report(s) {'to delete' if dry_run else 'deleted'}, {kept} kept (--keep {keep})")
        if history_keep is not None:
            from harness.history import default_db
            from harness.history import prune as prune_history

            gone = prune_history(db or default_db(), history_keep, dry_run=dry_run)
            if dry_run:
                for sweep_id in gone:
                    click.echo(f"would forget sweep {sweep_id}")
            click.echo(f"history: {len(gone)} sweep(s) {'to forget' if dry_run else 'forgotten'}, newest {history_keep} kept")
    except UserError as error:
        _fail(error)


if __name__ == "__main__":
    run_command(cli)
