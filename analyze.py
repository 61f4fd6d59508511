"""analyze.py: judge a sweep's answers, compare it, gate it, and build its report.

    python analyze.py                                  # latest sweep, with the judge stored with it (else numeric check only)
    python analyze.py bench_runs/<ts> --judge          # hybrid judge (default model: see --judge-model)
    python analyze.py --judge-model offline            # the rule-based judge that needs no key
    python analyze.py RUN_DIR --baseline OTHER_RUN_DIR # what changed
    python analyze.py RUN_DIR --gate budgets.toml      # CI: exit 1 when a cell breaks a budget
    python analyze.py calibrate-judge LABELS.jsonl     # how far to trust a judge

The CLI only parses options into an AnalyzeConfig and calls harness.analyze_sweep.
"""
from __future__ import annotations

import sys
from pathlib import Path

import click

from core.errors import UserError


class DefaultToReport(click.Group):
    """``analyze.py [RUN_DIR] [options]`` runs ``report``; named subcommands run themselves."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args or args[0] not in self.commands:
            args = ["report", *args]
        return super().parse_args(ctx, args)


def _fail(error: UserError) -> None:
    from core.redact import redact_text

    click.echo(f"error: {redact_text(str(error))}", err=True)
    sys.exit(error.exit_code)


@click.group(cls=DefaultToReport, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
def cli() -> None:
    """Judge, compare, gate and report benchmark sweeps (default command: report)."""


@cli.command()
@click.argument("run_dir", required=False, type=click.Path(path_type=Path, file_okay=False))
@click.option("--judge", is_flag=True, help="Judge what the numeric check cannot decide with a model (hybrid judge).")
@click.option("--judge-model", default=None, help="Judge model spec (implies --judge). Default: anthropic:claude-sonnet-4-5; 'offline' is the rule-based judge (no model, no key); 'auto' picks the model judge when its key is set, else 'offline'; scripted:judge replies by script. Without --judge/--judge-model the verdicts stored with the sweep are used, else the numeric check alone.")
@click.option("--judge-runs", default=1, show_default=True, type=int, help="Judge each answer K times and report agreement.")
@click.option("--batch", is_flag=True, help="Send the judge model's calls through Anthropic's Message Batches API (half price; results within 24 h, usually minutes), with progress while it runs. Batch ids are kept in the sweep folder: if interrupted, run the same command again to pick the batch up; what the batch cannot answer is judged live.")
@click.option("--baseline", type=click.Path(path_type=Path, file_okay=False), default=None, help="Another sweep to compare against.")
@click.option("--gate", type=click.Path(path_type=Path, dir_okay=False), default=None, help="Budgets TOML: exit 1 when a cell breaks one; writes JUnit XML. Budgets on accuracy need a judge (--judge, or verdicts stored with the sweep): without one the gate stops up front (exit 2).")
@click.option("--junit", type=click.Path(path_type=Path, dir_okay=False), default=None, help="Where to write the gate's JUnit XML (default: in the report folder).")
@click.option("--out", "out_dir", type=click.Path(path_type=Path, file_okay=False), default=None, help="Report folder (default: reports/<sweep>__<judge>__<UTC time>).")
@click.option("--questions", "questions_file", type=click.Path(path_type=Path, dir_okay=False), default=None, help="Questions file with the gold answers (default: the one the sweep used).")
@click.option("--runs-dir", type=click.Path(path_type=Path, file_okay=False), default=None, help="Where to look for the latest sweep (default: bench_runs/).")
@click.option("--no-cache", is_flag=True, help="Judge again instead of reusing cached verdicts or those stored with the sweep.")
@click.option("--cache-dir", type=click.Path(path_type=Path, file_okay=False), default=None, help="Where verdicts.sqlite and responses.sqlite live (default: data/cache).")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
def report(run_dir, judge, judge_model, judge_runs, batch, baseline, gate, junit, out_dir, questions_file, runs_dir, no_cache, cache_dir, no_progress) -> None:
    """Judge a sweep (latest under bench_runs/ by default) and write
    reports/<sweep>__<judge>__<UTC time>/: index.html (criteria, comparisons, charts, one page
    per run with its trace), summary.json (every figure, machine-readable), summary.md,
    runs.csv, runs.parquet and verdicts.jsonl. The verdicts are also kept in the sweep
    folder (verdicts/<judge>.jsonl) and reused by later analyses with the same judge.
    `analyze.py calibrate-judge --help` measures a judge against human labels."""
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
    if cache_dir is not None:
        config.cache_dir = cache_dir
    try:
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
@click.argument("labels", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--judge-model", default="offline", show_default=True, help="Judge model spec for what the numeric check leaves undecided.")
@click.option("--no-cache", is_flag=True, help="Judge again instead of reusing cached verdicts.")
@click.option("--show-disagreements", type=int, default=0, show_default=True, help="Print this many answers where the judge and the person disagree, with the judge's rationale.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (n, binary_agreement, three_way_agreement, kappa_binary, false_correct_rate, false_correct, per half) instead of the table.")
def calibrate_judge(labels: Path, judge_model: str, no_cache: bool, show_disagreements: int, as_json: bool) -> None:
    """Judge human-labelled answers (FinanceBench human-labels format) and report agreement
    with the people: 3-way and correct-vs-not, Cohen's kappa, the false-correct rate (answers
    people marked incorrect or refusal that the judge calls correct), the confusion matrix,
    overall and on the two fixed halves of the questions, against the goals."""
    import json

    from harness.judge.calibration import calibrate, format_report, report_json
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
        click.echo(json.dumps(report_json(result, labels), indent=2))
    else:
        click.echo(format_report(result, show_disagreements))


if __name__ == "__main__":
    cli()
