"""bench.py: run retrieval sweeps over FinanceBench, fetch filings, build indexes.

    python bench.py                                   # offline sweep on the bundled sample
    python bench.py --runs 3 --modes agent,iterative  # any models x modes x questions x runs
    python bench.py --preset seeds                    # the seed benchmark: haiku+sonnet, 3 modes, 3M, 3 runs
    python bench.py download --test-set full --from ../shared/financebench/pdfs
    python bench.py index data/pdfs/3M_2022_10K.pdf
    python bench.py index data/pdfs/3M_2022_10K.pdf --show   # print the tree (an index .json works too)

The CLI only parses options into a SweepConfig and calls the harness.
"""
from __future__ import annotations

from core.interrupt import exit_if_interrupted_while_starting

if __name__ == "__main__":
    exit_if_interrupted_while_starting()  # a Ctrl-C before the command runs: "interrupted", 130

import shlex
import signal
import sys
from pathlib import Path

import click

from core import paths
from core.errors import UserError
from harness.cli_main import run_command
from harness.cli_paths import any_path, file_path, folder_path
from harness.config import Budgets, SweepConfig
from harness.presets import PRESETS, apply_preset
from retrievers import MODES
from retrievers.base import ModeOptions


def _split(value: str) -> list[str]:
    return [part.strip() for part in value.split(",") if part.strip()]


def _fail(error: UserError) -> None:
    from core.redact import redact_text

    click.echo(f"error: {redact_text(str(error))}", err=True)
    sys.exit(error.exit_code)


class _Terminated(KeyboardInterrupt):
    """SIGTERM (a CI timeout, ``docker stop``) before the runs start, while indexes build:
    stopped as Ctrl-C is, and said so, rather than killed without a word. Once runs start,
    the sweep's own handler takes over."""

    exit_code = 128 + signal.SIGTERM  # what run_command exits with, should one get that far


def _on_sigterm(signum: int, frame: object) -> None:
    raise _Terminated


def _signal_of(stop: KeyboardInterrupt) -> int:
    return signal.SIGTERM if isinstance(stop, _Terminated) else signal.SIGINT


def _interrupted(what: str, signum: int = signal.SIGINT) -> None:
    click.echo(f"interrupted: {what}", err=True)
    sys.exit(128 + signum)  # the shell's code for death by that signal: 130 for Ctrl-C, 143 for SIGTERM


def _prices_option(what: str, more: str = ""):
    return click.option("--prices", "prices_file", type=file_path(), default=None,
                        help=f"TOML file of USD prices per million tokens for {what} the built-in table lacks or prices differently: "
                             f"one table per model name or whole spec, e.g. [\"gpt-4.1\"] input = 2.0, output = 8.0, cache_read = 0.5.{more}")


def _given_prices(prices_file: Path | None):
    """The prices of ``--prices`` in effect (none given: the built-in table alone)."""
    from core.llm.price_file import read_prices
    from core.llm.pricing import given_prices

    return given_prices(read_prices(prices_file) if prices_file is not None else {})


@click.group(invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.option("--preset", type=click.Choice(sorted(PRESETS)), default=None, help="A named benchmark: 'seeds' reproduces the seed benchmark (LLM-built trees with haiku; haiku and sonnet; agent, planner, iterative; the 3M questions; 3 runs). Options given explicitly override it.")
@click.option("--models", default="offline", show_default=True, help="Comma-separated model specs: offline, anthropic:<model>, bedrock:<id|haiku|sonnet>, openai:<model>[@<base_url>], scripted:<script> (e.g. scripted:plumbing, exact replies for CI).")
@click.option("--modes", default="simple,agent,planner,iterative", show_default=True, help=f"Comma-separated retrieval modes: {', '.join(MODES)}.")
@click.option("--runs", default=1, show_default=True, type=int, help="Runs per (model, mode, question).")
@click.option("--test-set", default="sample", show_default=True, help="sample, full, dev, test (the baseline's split by company), 3M_2022_10K, or any document-name prefix.")
@click.option("--question", "question_filter", default=None, help="Keep only questions whose id contains this text.")
@click.option("--questions", "questions_file", type=any_path(), default=None, help="FinanceBench-format questions: a JSONL file (default: the bundled one) or hf:NAME[@SPLIT], e.g. hf:PatronusAI/financebench.")
@click.option("--pdf-dir", type=any_path(), default=paths.PDF_DIR, show_default=True, help="Folder of <doc_name>.pdf files.")
@click.option("--runs-dir", type=folder_path(), default=paths.RUNS_DIR, show_default=True, help="Where sweep folders are written.")
@click.option("--index-dir", type=folder_path(), default=paths.INDEX_DIR, show_default=True, help="Index cache folder.")
@click.option("--index-model", default=None, help="Build the section trees with this model (as `bench.py index --model`) instead of the structural indexer; built once, then cached.")
@click.option("--reports-dir", type=folder_path(), default=paths.REPORTS_DIR, show_default=True, help="Where the end-of-sweep report is written.")
@click.option("--concurrency", type=int, default=None, help="Model calls in flight per provider (default: per provider, e.g. 8 for anthropic).")
@click.option("--top-k", type=int, default=4, show_default=True, help="simple mode: sections read.")
@click.option("--max-turns", type=int, default=12, show_default=True, help="agent mode, and each tool task of a plan: tool-loop turns.")
@click.option("--max-iterations", type=int, default=4, show_default=True, help="iterative mode: extraction/synthesis iterations (the last one's synthesis is the last chance).")
@click.option("--extractor-turns", type=click.IntRange(1), default=10, show_default=True, help="iterative mode: turns per extraction (the seeds' implementation: 10; the design's plan: 4).")
@click.option("--extraction-cache/--no-extraction-cache", default=True, show_default=True, help="iterative mode: a section part an earlier extraction read, for any item, is answered with its findings.")
@click.option("--folded-index/--full-index", "compact_index", default=True, show_default=True, help="iterative mode: extraction turns see the section index folded to ~1.8k tokens, or in full.")
@click.option("--quality-gate/--no-quality-gate", default=True, show_default=True, help="planner mode: an LLM sufficiency check before the final synthesis (the seeds' default).")
@click.option("--self-failure/--no-self-failure", default=True, show_default=True, help="planner mode: tasks may fail with a reason the replanner sees (the seeds').")
@click.option("--strict-signatures/--lenient-signatures", default=True, show_default=True, help="planner mode: 42 is not a :float, as in the seeds; lenient accepts it.")
@click.option("--compute-by-expression/--compute-by-model", "expression_tasks", default=True, show_default=True, help="planner mode: computed tasks write expressions the harness evaluates (the seeds'), or give numbers they computed.")
@click.option("--fetch-by-tool/--fetch-by-model", "tool_fetch_tasks", default=True, show_default=True, help="planner mode: fetch tasks run the tool without a model call (the seeds'), or through a model.")
@click.option("--max-replans", type=int, default=2, show_default=True, help="planner mode: replans after a failed task or gate.")
@click.option("--openai-base-url", default=None, help="OpenAI-compatible server for openai:<model> (else OPENAI_BASE_URL).")
@click.option("--openai-api-key", default=None, help="Key for that server (else OPENAI_API_KEY; a local server needs none).")
@click.option("--no-cache", is_flag=True, help="Bypass the on-disk caches: model responses, and the end-of-sweep judge's verdicts.")
@click.option("--no-prompt-cache", is_flag=True, help="Do not mark prompt prefixes for the provider's prompt cache (Anthropic, Bedrock), to compare costs; OpenAI-compatible servers cache on their own either way.")
@click.option("--batch", is_flag=True, help="simple mode only: send the runs' calls through Anthropic's Message Batches API (half price; results within 24 h, usually minutes). Batch ids are kept in the sweep folder: after an interruption, --resume polls the same batches.")
@click.option("--cache-dir", type=folder_path(), default=paths.CACHE_DIR, show_default=True, help="Where the response cache (responses.sqlite) lives.")
@click.option("--resume", type=folder_path(), default=None, help="Finish an interrupted sweep in this folder without repeating finished runs.")
@click.option("--retry-errors", type=folder_path(), default=None, help="Rerun only the runs of this sweep that ended in error (their old records are kept in retried_errors.jsonl).")
@click.option("--max-cost", type=float, default=None, help="Cap on the sweep's spend in USD, held per model call: each call reserves what it could cost first; at the cap every run stops (resume with a higher cap).")
@_prices_option("models (OpenAI models, a self-hosted server at 0)",
                " Kept in the manifest; without a price a model's cost is 'unknown' and --max-cost refuses it.")
@click.option("--retries", type=int, default=5, show_default=True, help="Retries of a model call after rate limits, overload, 5xx, timeouts or dropped connections (exponential backoff with jitter; retry-after honoured).")
@click.option("--timeout", "timeout_s", type=float, default=120.0, show_default=True, help="Seconds a model call may wait for the server (to connect, for each read); a whole attempt gets twice this. Then it is retried.")
@click.option("--max-run-seconds", type=float, default=None, help="End a run as error after this much wall time (a model call in flight is cut off).")
@click.option("--max-run-tokens", type=int, default=None, help="End a run as error before a model call that could take it past this many tokens (the call's prompt plus its maximum output).")
@click.option("--max-run-turns", type=int, default=None, help="End a run as error once it has made this many model calls (turns across all of its agents, replans and iterations included).")
@click.option("--report/--no-report", default=True, show_default=True, help="Judge the answers and write the report when the sweep ends.")
@click.option("--judge-model", default="auto", show_default=True, help="Judge for the end-of-sweep report: 'auto' (the model judge anthropic:claude-sonnet-4-5 when ANTHROPIC_API_KEY is set, else the rule-based offline judge), 'offline', a model spec, or 'none' (numeric check only).")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
@click.pass_context
def cli(ctx: click.Context, **opts) -> None:
    """Sweep models x modes x FinanceBench questions x runs and record every run.

    Writes bench_runs/<UTC timestamp>/ with manifest.json, runs.jsonl (one record per
    finished run, appended as it finishes) and traces/<run_id>.jsonl, then judges the
    answers (see --judge-model) and writes reports/<sweep>__<judge>__<UTC time>/.
    `python analyze.py` judges and reports again, compares and gates.
    """
    # Every command (a sweep before its runs start, download, index, ask) stops on SIGTERM as
    # on Ctrl-C, cleaning up what it was writing; a sweep's runs install their own handler.
    signal.signal(signal.SIGTERM, _on_sigterm)
    if ctx.invoked_subcommand is not None:
        return
    from harness.runner.sweep import check_output_folder, run_sweep

    explicit = {name for name in opts if ctx.get_parameter_source(name) not in (click.core.ParameterSource.DEFAULT, None)}
    opts = apply_preset(opts["preset"], opts, explicit)
    config = SweepConfig(
        models=_split(opts["models"]),
        modes=_split(opts["modes"]),
        runs=opts["runs"],
        test_set=opts["test_set"],
        question_filter=opts["question_filter"],
        pdf_dir=opts["pdf_dir"],
        runs_dir=opts["runs_dir"],
        index_dir=opts["index_dir"],
        index_model=opts["index_model"],
        preset=opts["preset"],
        concurrency=opts["concurrency"],
        options=ModeOptions(
            top_k=opts["top_k"], max_turns=opts["max_turns"], max_iterations=opts["max_iterations"],
            extractor_turns=opts["extractor_turns"], extraction_cache=opts["extraction_cache"], compact_index=opts["compact_index"],
            quality_gate=opts["quality_gate"], self_failure=opts["self_failure"], strict_signatures=opts["strict_signatures"],
            expression_tasks=opts["expression_tasks"], tool_fetch_tasks=opts["tool_fetch_tasks"], max_replans=opts["max_replans"],
        ),
        openai_base_url=opts["openai_base_url"],
        openai_api_key=opts["openai_api_key"],
        timeout_s=opts["timeout_s"],
        max_attempts=opts["retries"] + 1,
        budgets=Budgets(max_cost_usd=opts["max_cost"], max_run_seconds=opts["max_run_seconds"], max_run_tokens=opts["max_run_tokens"],
                        max_run_llm_calls=opts["max_run_turns"]),
    )
    if opts["questions_file"]:
        config.questions_file = opts["questions_file"]
    config.cache_path = None if opts["no_cache"] else opts["cache_dir"] / "responses.sqlite"
    config.prompt_cache, config.batch = not opts["no_prompt_cache"], opts["batch"]
    from harness.runner.plan import provider_settings
    from harness.runner.resume import config_of

    judge = None if opts["judge_model"] == "none" else opts["judge_model"]
    target = opts["retry_errors"] or opts["resume"]
    try:
        if opts["prices_file"] is not None:
            from core.llm.price_file import read_prices

            config.prices = read_prices(opts["prices_file"])
        if opts["resume"] and opts["retry_errors"]:
            raise UserError("--resume and --retry-errors both name a sweep", "use one: --retry-errors also finishes unfinished runs")
        if opts["report"]:
            # The judge reaches the provider, and prices its calls, as the sweep's runs do: a
            # resumed sweep's own settings.
            run_config = config_of(target, config) if target else config
            judge_settings = provider_settings(run_config)
            from harness.analyze_sweep import check_report_judge

            check_report_judge(judge, judge_settings)
            check_output_folder(opts["reports_dir"], "--reports-dir")  # not found out after the whole sweep has run
            from harness.history import check_history_db, default_db

            check_history_db(default_db())  # $PAGEINDEX_HISTORY_DB naming another tool's database, likewise
        # A resume names the options it ignores, as they were typed: "--full-index", not the
        # "--folded-index" its on/off pair is declared by.
        given = {p.name: (p.secondary_opts[0] if getattr(p, "secondary_opts", None) and opts.get(p.name) is False else p.opts[0])
                 for p in ctx.command.params if p.name in explicit}
        outcome = run_sweep(config, resume=target, retry_errors=bool(opts["retry_errors"]), show_progress=not opts["no_progress"], given=given)
    except UserError as error:
        _fail(error)
    except KeyboardInterrupt as stop:
        if target is not None:  # a resume: the runs recorded before are still there
            _interrupted(f"before this resume started a run; what the sweep recorded is kept: resume with "
                         f"`python bench.py --resume {shlex.quote(str(target))}`", _signal_of(stop))
        _interrupted("before any run started; nothing was recorded", _signal_of(stop))
    from core.llm.pricing import format_cost

    counts, ledger = outcome.tally.counts(), outcome.ledger
    click.echo(f"sweep: {outcome.sweep.path}")
    click.echo(f"runs: {outcome.tally.finished} recorded (ok {counts['ok']}, fail {counts['fail']}, error {counts['error']})")
    spent = format_cost(None if ledger.unknown else ledger.spent) + (" or more (a price is unknown)" if ledger.unknown else "")
    cap = f" of --max-cost ${ledger.cap:.2f}" if ledger.cap is not None else ""
    click.echo(f"spent: {spent}{cap} (the whole sweep, model calls not replayed from the cache)")
    if outcome.interrupted:
        _interrupted(f"resume with `python bench.py --resume {shlex.quote(str(outcome.sweep.path))}`", outcome.stopped_by_signal)
    if outcome.stopped_reason:
        click.echo(f"stopped: {outcome.stopped_reason}; {outcome.budget_stopped} run(s) stopped mid-way are done again by "
                   f"`python bench.py --resume {shlex.quote(str(outcome.sweep.path))} --max-cost N` with a higher N", err=True)
    halted = outcome.halts.console_lines(outcome.sweep.path)
    if halted:
        for line in halted:
            click.echo(line, err=True)
        sys.exit(1)  # an unfinished sweep: no report, and no CI job passes on it
    if opts["report"] and outcome.tally.finished:
        from harness.analyze_sweep import AnalyzeConfig, analyze, console_lines

        try:
            analysis = analyze(
                AnalyzeConfig(run_dir=outcome.sweep.path, judge_model=judge, reports_dir=opts["reports_dir"], cache_dir=opts["cache_dir"],
                              provider=judge_settings, cache=not opts["no_cache"], prices=run_config.prices),
                show_progress=not opts["no_progress"],
            )
        except UserError as error:
            click.echo(f"no report written; the sweep is complete: python analyze.py {shlex.quote(str(outcome.sweep.path))}", err=True)
            _fail(error)
        except KeyboardInterrupt as stop:
            _interrupted(f"no report written; the sweep is complete: python analyze.py {shlex.quote(str(outcome.sweep.path))}",
                         _signal_of(stop))
        for line in console_lines(analysis)[1:]:  # the sweep line is already printed
            click.echo(line)
    else:
        click.echo(f"judge and report: python analyze.py {shlex.quote(str(outcome.sweep.path))} --judge  (--judge-model offline without a key)")
    from harness.runner.halt import all_errors_line

    nothing_answered = all_errors_line(counts, outcome.sweep.each_record())
    if nothing_answered:
        click.echo(f"error: {nothing_answered}", err=True)
        sys.exit(1)


@cli.command()
@click.option("--test-set", default="full", show_default=True, help="Which questions' filings to fetch.")
@click.option("--from", "from_dir", type=any_path(), default=None, help="Copy from this local folder instead of downloading.")
@click.option("--base-url", default=None, help="Mirror with the upstream layout (<base-url>/<doc_name>.pdf).")
@click.option("--pdf-dir", type=any_path(), default=paths.PDF_DIR, show_default=True, help="Folder the PDFs are written to (files already there are kept).")
def download(test_set: str, from_dir: Path | None, base_url: str | None, pdf_dir: Path) -> None:
    """Fetch the missing PDFs of a test set, verifying each is a readable PDF."""
    from harness.dataset import load_questions, select_questions
    from harness.documents import UPSTREAM_BASE_URL
    from harness.documents import download as fetch_all

    try:
        questions = select_questions(load_questions(), test_set)
        report = fetch_all(
            [q.doc_name for q in questions],
            pdf_dir,
            from_dir=from_dir,
            base_url=base_url or UPSTREAM_BASE_URL,
            on_progress=lambda name, status: click.echo(f"  {status:8s} {name}"),
        )
    except UserError as error:
        _fail(error)
    click.echo(
        f"{len(report.present)} present, {len(report.fetched)} fetched, {len(report.copied)} copied, {len(report.failed)} failed"
    )
    for name, reason in report.failed.items():
        click.echo(f"failed: {name}: {reason}", err=True)
    if report.failed:
        sys.exit(1)


@cli.command()
@click.argument("pdfs", nargs=-1, type=any_path())
@click.option("--show", is_flag=True, help="Print each tree (built first if needed); an argument may also be an index .json from data/indexes/.")
@click.option("--model", default=None, help="Build the tree with a model: it parses the table of contents and writes the summaries (e.g. offline, anthropic:claude-haiku-4-5). Default: no model.")
@click.option("--rebuild", is_flag=True, help="Rebuild even when the cached index is current.")
@click.option("--index-dir", type=any_path(), default=paths.INDEX_DIR, show_default=True)
@_prices_option("a --model")
def index(pdfs: tuple[Path, ...], show: bool, model: str | None, rebuild: bool, index_dir: Path, prices_file: Path | None) -> None:
    """Build (or load from cache) the section tree of each PDF.

    Without --model the tree comes from the PDF outline, else the filing's own structure
    (Items, statements, Notes; its printed table of contents where the body heads only the
    later Items), else the headings its layout shows (size, weight,
    capitals, section numbers), else page windows, with extractive summaries. With --model
    the model reads the printed table of contents and summarises every section (in
    parallel); malformed model output falls back to the structural tree with a warning.
    """
    from retrievers.index import (
        format_tree,
        index_path,
        load_index_file,
        load_or_build_index,
    )

    def build(pdf: Path, rebuild: bool):
        if model is None:
            return load_or_build_index(pdf, index_dir, rebuild=rebuild), index_path(pdf, index_dir)
        from retrievers.index.llm_tree import build_llm_index

        built = build_llm_index(pdf, model, index_dir, rebuild=rebuild, warn=lambda m: click.echo(f"warning: {m}", err=True))
        return built, index_path(pdf, index_dir, built.meta.get("variant", ""))

    try:
        if not pdfs:
            raise UserError("no PDF given", "pass one or more PDF paths, e.g. `python bench.py index data/pdfs/3M_2022_10K.pdf --show`")
        from core.llm.pricing import format_cost
        from retrievers.index import check_pdf

        # Every PDF opened first (cheap: no text is read), so that a corrupt or encrypted one
        # among several stops the command before any index is written.
        for pdf in pdfs:
            if not (show and pdf.suffix == ".json"):
                check_pdf(pdf)
        with _given_prices(prices_file):
            for pdf in pdfs:
                if show and pdf.suffix == ".json":
                    click.echo(format_tree(load_index_file(pdf)))
                    continue
                built, path = build(pdf, rebuild)
                if show:
                    click.echo(format_tree(built))
                line = f"{pdf}: {built.page_count} pages, {len(built.all_nodes())} nodes ({built.source}) -> {path}"
                if model is not None:
                    meta = built.meta
                    cost = format_cost(meta.get("cost_usd"))
                    line += f"; {meta.get('llm_calls', 0)} model calls, {meta.get('usage', {}).get('total', 0)} tokens, cost {cost}"
                click.echo(line)
    except UserError as error:
        _fail(error)


@cli.command()
@click.argument("question")
@click.option("--pdf", type=any_path(), required=True, help="The filing to ask about.")
@click.option("--mode", default="agent", show_default=True, help=f"One of {', '.join(MODES)}.")
@click.option("--model", default="offline", show_default=True, help="A model spec, e.g. anthropic:claude-haiku-4-5.")
@click.option("--trace", "keep_trace", is_flag=True, help="Keep the trace under bench_runs/ask/ and print its path.")
@click.option("--max-iterations", type=int, default=4, show_default=True, help="iterative mode: iterations.")
@click.option("--no-cache", is_flag=True, help="Bypass the on-disk response cache.")
@click.option("--index-dir", type=any_path(), default=paths.INDEX_DIR, show_default=True, help="Index cache folder.")
@_prices_option("a --model")
def ask(question: str, pdf: Path, mode: str, model: str, keep_trace: bool, max_iterations: int, no_cache: bool,
        index_dir: Path, prices_file: Path | None) -> None:
    """Answer one question about one PDF, with cited pages (indexes the PDF if needed)."""
    from harness.ask import ask as ask_question

    try:
        with _given_prices(prices_file):
            outcome = ask_question(
                question, pdf, mode=mode, model=model, options=ModeOptions(max_iterations=max_iterations),
                trace_dir=paths.RUNS_DIR / "ask" if keep_trace else None,
                cache_path=None if no_cache else paths.CACHE_DIR / "responses.sqlite", index_dir=index_dir,
            )
    except UserError as error:
        _fail(error)
    record = outcome
    from core.text import terminal_safe

    if record.status == "ok":
        click.echo(terminal_safe(record.answer))  # a model's text: no escape sequence reaches the terminal
        click.echo(terminal_safe(f"sources: {', '.join(record.sources) or 'none cited'}"))
    else:
        click.echo(terminal_safe(f"no answer: {record.reason}"))
    from core.llm.pricing import format_cost

    estimated = " (estimated)" if record.usage.estimated else ""
    cost = format_cost(record.cost_usd)
    click.echo(f"{mode} / {model}: {record.llm_calls} model calls, {record.usage.total} tokens{estimated}, cost {cost}, pages read {record.pages_fetched[:20]}")
    if record.trace_path:
        click.echo(f"trace: {record.trace_path}")
    if record.status != "ok":
        sys.exit(1)


if __name__ == "__main__":
    run_command(cli)
