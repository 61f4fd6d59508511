"""The sweep runner: models x modes x questions x runs, concurrently, resumably.

Everything that can be wrong with the input is checked before the sweep's folder exists
(questions, test set, modes, model specs and keys, every PDF), so a bad input never leaves
half a sweep behind. Records are appended as runs finish; ``--resume`` reruns only what
is not recorded yet.
"""
from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import sys
import time
import traceback
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

from harness.config import SweepConfig
from harness.dataset import Question, load_questions, select_questions
from harness.documents import pdf_path, split_available
from harness.environment import describe
from harness.errors import UserError
from harness.llm.base import ModelSpec, ProviderError, ProviderSettings
from harness.llm.cache import ResponseCache
from harness.llm.client import BudgetExceeded, ModelClient, RunBudget, RunMeter
from harness.llm.pricing import price_for
from harness.llm.registry import check_model, open_client, parse_model_spec
from harness.metrics import evidence_hit
from harness.progress import Progress
from harness.provenance import check_provenance
from harness.records import RunRecord, UsageTotals
from harness.sweepdir import MANIFEST_VERSION, RecordWriter, SweepDir, record_line, write_text_atomic
from harness.trace import Trace
from retrievers import check_modes, get_retriever
from retrievers.base import RetrievalContext
from retrievers.index import INDEXER_VERSION
from retrievers.index.llm_tree import LlmIndexOptions
from retrievers.index.tree import DocumentIndex, slugify
from retrievers.indexing import ensure_indexes
from retrievers.prompting import MalformedOutput
from retrievers.tools import SectionTools



@dataclass(frozen=True)
class RunSpec:
    run_id: str
    question: Question
    model: str
    mode: str
    run_number: int


@dataclass
class SweepPlan:
    config: SweepConfig
    questions: list[Question]
    skipped: list[Question]
    specs: dict[str, ModelSpec]
    runs: list[RunSpec]


@dataclass
class SweepOutcome:
    sweep: SweepDir
    records: list[RunRecord] = field(default_factory=list)
    interrupted: bool = False
    stopped_reason: str = ""


def run_id_for(model: str, mode: str, question_id: str, run_number: int) -> str:
    return f"{slugify(model)}__{mode}__{question_id}__r{run_number}"


def provider_settings(config: SweepConfig) -> ProviderSettings:
    return ProviderSettings(
        openai_base_url=config.openai_base_url, openai_api_key=config.openai_api_key, timeout_s=config.timeout_s
    )


def plan_sweep(config: SweepConfig, warn: Callable[[str], None]) -> SweepPlan:
    """Validate the whole input and list the runs; raises UserError, writes nothing."""
    if config.runs < 1:
        raise UserError(f"--runs must be at least 1, got {config.runs}", "pass --runs 1 or more")
    if not config.models or not config.modes:
        raise UserError("no models or no modes to run", "pass --models and --modes, e.g. --models offline --modes simple")
    check_modes(config.modes)
    settings = provider_settings(config)
    specs = {}
    for text in config.models:
        spec = parse_model_spec(text)
        check_model(spec, settings)
        specs[text] = spec
    priced = dict(specs)
    if config.index_model is not None:
        priced[config.index_model] = parse_model_spec(config.index_model)
        check_model(priced[config.index_model], settings)
    if config.budgets.max_cost_usd is not None:
        unpriced = [text for text, spec in priced.items() if price_for(spec) is None]
        if unpriced:
            raise UserError(
                f"--max-cost cannot be enforced: no price is known for {', '.join(unpriced)}",
                "add the model to harness/llm/pricing.py or drop --max-cost",
            )
    chosen = select_questions(load_questions(config.questions_file), config.test_set, config.question_filter)
    questions, skipped = split_available(chosen, config.pdf_dir)
    for question in skipped:
        warn(f"skipping {question.id}: {pdf_path(config.pdf_dir, question.doc_name)} is absent (python bench.py download fetches it)")
    if not questions:
        raise UserError(
            f"none of the {len(chosen)} questions in test set {config.test_set!r} has its PDF in {config.pdf_dir}",
            f"run `python bench.py download --test-set {config.test_set}` or pick --test-set sample",
        )
    runs = [
        RunSpec(run_id_for(model, mode, q.id, n), q, model, mode, n)
        for model in config.models
        for mode in config.modes
        for q in questions
        for n in range(1, config.runs + 1)
    ]
    return SweepPlan(config, questions, skipped, specs, runs)


def _index_entry(index: DocumentIndex) -> dict:
    entry = {"pdf_sha256": index.pdf_sha256, "source": index.source, "indexer_version": index.indexer_version, "nodes": len(index.all_nodes())}
    meta = index.meta
    if meta.get("variant"):
        # A model-built tree: what building it cost (when it was built, not when it was
        # reused from the cache) and whether it fell back to the structural tree.
        entry.update(
            variant=meta["variant"], model=meta.get("model"), fallback=meta.get("fallback"), cache=meta.get("cache"),
            build={"llm_calls": meta.get("llm_calls", 0), "tokens": (meta.get("usage") or {}).get("total", 0),
                   "cost_usd": meta.get("cost_usd"), "spent_usd": meta.get("spent_usd")},
        )
    return entry


def _environment(indexes: dict[str, DocumentIndex]) -> dict:
    """Where the sweep ran: machine, packages, git commit, and the index of every document."""
    return {
        **describe(),
        "indexer_version": INDEXER_VERSION,
        "indexes": {name: _index_entry(ix) for name, ix in sorted(indexes.items())},
    }


def _manifest(plan: SweepPlan, sweep: SweepDir, environment: dict, status: str, created_at: str, **extra: object) -> dict:
    return {
        "version": MANIFEST_VERSION,
        "sweep_id": sweep.path.name,
        "created_at": created_at,
        "status": status,
        "config": plan.config.to_dict(),
        "environment": environment,
        "questions": [q.id for q in plan.questions],
        "skipped": [{"question_id": q.id, "doc_name": q.doc_name, "reason": "pdf absent"} for q in plan.skipped],
        "runs": [{"run_id": r.run_id, "question_id": r.question.id, "model": r.model, "mode": r.mode, "run_number": r.run_number} for r in plan.runs],
        **extra,
    }


def run_sweep(
    config: SweepConfig,
    *,
    resume: Path | None = None,
    retry_errors: bool = False,
    show_progress: bool = True,
    warn: Callable[[str], None] = lambda m: print(f"warning: {m}", file=sys.stderr),
) -> SweepOutcome:
    if resume is not None:
        sweep = SweepDir.open(resume)
        manifest = sweep.read_manifest()
        given = config
        config = SweepConfig.from_manifest(manifest["config"], openai_api_key=given.openai_api_key, cache_path=given.cache_path)
        for name, value in given.budgets.to_dict().items():  # budgets given now override the sweep's
            if value is not None:
                setattr(config.budgets, name, value)
    plan = plan_sweep(config, warn)
    check_output_folder(sweep.path if resume is not None else config.runs_dir)
    indexes = ensure_indexes(
        {q.doc_name: pdf_path(config.pdf_dir, q.doc_name) for q in plan.questions}, config.index_dir, workers=config.index_workers,
        index_model=config.index_model, settings=provider_settings(config), response_cache=config.cache_path, warn=warn,
        index_options=LlmIndexOptions(calls_in_flight=config.concurrency, retry=config.retry_policy()),
    )
    done: dict[str, RunRecord] = {}
    if resume is not None:
        previous = sweep.read_records(repair=True)
        if retry_errors:
            kept = [r for r in previous if r.status != "error"]
            _archive_errors(sweep, [r for r in previous if r.status == "error"])
            _rewrite_records(sweep, kept)
            previous = kept
        done = {r.run_id: r for r in previous}
        created_at = manifest.get("created_at") or datetime.now(timezone.utc).isoformat(timespec="seconds")
    else:
        sweep = SweepDir.create(config.runs_dir)
        created_at = datetime.now(timezone.utc).isoformat(timespec="seconds")
    environment = _environment(indexes)  # probed once: it runs git and reads package versions
    about: dict[str, object] = {}
    if resume is not None and manifest.get("environment"):
        # The sweep's environment stays the one its first runs ran in; a resume adds its own.
        about["resumed_environment"] = environment
        environment = manifest["environment"]

    def write_manifest(status: str, **extra: object) -> None:
        sweep.write_manifest(_manifest(plan, sweep, environment, status, created_at, **about, **extra))

    write_manifest("running")
    todo = [r for r in plan.runs if r.run_id not in done]
    outcome = SweepOutcome(sweep, list(done.values()))
    try:
        asyncio.run(_run_all(plan, todo, indexes, sweep, outcome, show_progress, len(done)))
    except KeyboardInterrupt:
        outcome.interrupted = True
    except (OSError, sqlite3.OperationalError) as exc:
        # The disk filled up or the folder became unwritable: stop at once, keep what was
        # recorded, and say how to go on. The manifest update may fail for the same reason.
        try:
            write_manifest("failed", error=str(exc), summary=_summary(outcome.records, len(plan.runs)))
        except OSError:
            pass
        raise UserError(
            f"cannot write the sweep in {sweep.path}: {exc}; {len(outcome.records)} runs are safely recorded",
            f"free some space or fix permissions, then resume with `python bench.py --resume {sweep.path}`",
        ) from None
    status = "interrupted" if outcome.interrupted else ("stopped" if outcome.stopped_reason else "complete")
    write_manifest(
        status,
        finished_at=datetime.now(timezone.utc).isoformat(timespec="seconds"),
        summary=_summary(outcome.records, len(plan.runs)),
        stopped_reason=outcome.stopped_reason,
    )
    return outcome


MIN_FREE_BYTES = 5 * 1024 * 1024


def check_output_folder(folder: Path) -> None:
    """Fail before any work when the sweep could not be written: an unwritable folder or
    a nearly full disk (records and traces need room)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / f".write-probe-{os.getpid()}"
        probe.write_bytes(b"ok")
        probe.unlink()
    except OSError as exc:
        raise UserError(f"cannot write to {folder}: {exc.strerror or exc}", "fix its permissions or pass --runs-dir elsewhere") from None
    free = shutil.disk_usage(folder).free
    if free < MIN_FREE_BYTES:
        raise UserError(
            f"only {free / 1e6:.1f} MB free where the sweep would be written ({folder})",
            "free some space or pass --runs-dir on another disk",
        )


def _archive_errors(sweep: SweepDir, records: list[RunRecord]) -> None:
    """Keep the records of runs about to be retried: their errors are history worth having."""
    archive = RecordWriter(sweep.path / "retried_errors.jsonl")
    try:
        for record in records:
            archive.append(record)
    finally:
        archive.close()


def _rewrite_records(sweep: SweepDir, records: list[RunRecord]) -> None:
    write_text_atomic(sweep.runs_path, "".join(record_line(r) for r in records))


def _summary(records: list[RunRecord], planned: int) -> dict:
    counts = {"planned": planned, "finished": len(records), "ok": 0, "fail": 0, "error": 0}
    for record in records:
        counts[record.status] = counts.get(record.status, 0) + 1
    known = [r.cost_usd for r in records]
    counts["cost_usd"] = None if any(c is None for c in known) else round(sum(c or 0 for c in known), 6)
    counts["tokens"] = sum(r.usage.total for r in records)
    return counts


async def _run_all(
    plan: SweepPlan,
    todo: list[RunSpec],
    indexes: dict[str, DocumentIndex],
    sweep: SweepDir,
    outcome: SweepOutcome,
    show_progress: bool,
    already: int,
) -> None:
    config = plan.config
    cache = ResponseCache(config.cache_path) if config.cache_path else None
    settings = provider_settings(config)
    clients: dict[str, ModelClient] = {}
    limits: dict[str, int] = {}
    for model, spec in plan.specs.items():
        clients[model] = open_client(spec, settings, cache=cache, retry=config.retry_policy(), concurrency=config.concurrency)
        limits[model] = clients[model].limiter.maximum
    writer = RecordWriter(sweep.runs_path)
    progress = Progress(total=len(plan.runs), done=already, enabled=show_progress)
    # Trees built by a model for this sweep were paid for by it: they count against --max-cost.
    index_spend = sum(ix.meta.get("spent_usd") or 0.0 for ix in indexes.values() if ix.meta.get("cache") == "built")
    spend = SpendGuard(config.budgets.max_cost_usd, outcome.records, index_spend)
    queues = {model: RunQueue([r for r in todo if r.model == model], outcome.records) for model in plan.specs}

    async def worker(model: str) -> None:
        queue = queues[model]
        while (spec := queue.take()) is not None:
            reason = spend.refuse()
            if reason:
                outcome.stopped_reason = outcome.stopped_reason or reason
                return
            spend.in_flight += 1
            try:
                record = await execute_run(spec, clients[spec.model], indexes[spec.question.doc_name], sweep, config)
            finally:
                spend.in_flight -= 1
            writer.append(record)
            outcome.records.append(record)
            queue.learn(record)
            progress.advance(record.status)

    tasks = [asyncio.create_task(worker(model)) for model in plan.specs for _ in range(limits[model])]
    try:
        done_tasks, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
        for task in done_tasks:
            if task.exception() is not None:
                raise task.exception()  # a write failed: stop the sweep, nothing more is lost
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        progress.close()
        writer.close()
        for client in clients.values():
            await client.aclose()
        if cache:
            cache.close()


class RunQueue:
    """The runs one model still has to do, handed out longest-first once that is known.

    A run's length is learned from finished runs of the same question and mode (earlier
    runs, or a resumed sweep's records): those go first, longest first, so the last wave of
    a sweep is not one long run holding up the end. Runs of unknown length come in plan
    order, preferring questions not already in flight so that lengths are learned early.
    """

    def __init__(self, runs: list[RunSpec], finished: list[RunRecord]):
        self.pending = list(runs)
        self.in_flight: dict[tuple[str, str], int] = {}
        self.seconds: dict[tuple[str, str], float] = {}
        for record in finished:
            self.learn(record)

    def learn(self, record: RunRecord) -> None:
        key = (record.question_id, record.mode)
        self.seconds[key] = max(self.seconds.get(key, 0.0), record.duration_ms / 1000)
        self.in_flight[key] = max(0, self.in_flight.get(key, 0) - 1)

    def take(self) -> RunSpec | None:
        if not self.pending:
            return None
        known = [r for r in self.pending if (r.question.id, r.mode) in self.seconds]
        if known:
            chosen = max(known, key=lambda r: self.seconds[(r.question.id, r.mode)])
        else:
            fresh = [r for r in self.pending if not self.in_flight.get((r.question.id, r.mode))]
            chosen = (fresh or self.pending)[0]
        self.pending.remove(chosen)
        key = (chosen.question.id, chosen.mode)
        self.in_flight[key] = self.in_flight.get(key, 0) + 1
        return chosen


class SpendGuard:
    """Stops starting runs when the sweep's spend would pass ``--max-cost``: what was spent
    plus, for every run in flight and the next one, the mean spend of the runs so far."""

    def __init__(self, max_cost: float | None, records: list[RunRecord], spent_before: float = 0.0):
        self.max_cost = max_cost
        self.records = records
        self.spent_before = spent_before  # e.g. building the sweep's indexes with a model
        self.in_flight = 0

    def spent(self) -> float:
        return self.spent_before + sum(r.spent_usd or 0.0 for r in self.records)

    def refuse(self) -> str:
        if self.max_cost is None:
            return ""
        spent = self.spent()
        per_run = (spent - self.spent_before) / len(self.records) if self.records else 0.0
        projected = spent + (self.in_flight + 1) * per_run
        if projected > self.max_cost:
            return f"--max-cost ${self.max_cost:.2f} reached: ${spent:.4f} spent, about ${per_run:.4f} a run"
        return ""


async def execute_run(spec: RunSpec, client: ModelClient, index: DocumentIndex, sweep: SweepDir, config: SweepConfig) -> RunRecord:
    """One run, always ending in a record: ok, fail (declined with a reason) or error."""
    trace_path = sweep.trace_path(spec.run_id)
    trace_path.unlink(missing_ok=True)  # a resumed run starts its trace afresh
    trace = Trace(trace_path)
    meter = RunMeter()
    budgets = config.budgets
    deadline = time.monotonic() + budgets.max_run_seconds if budgets.max_run_seconds else None
    llm = client.bind(
        meter=meter,
        trace=trace,
        run_number=spec.run_number,
        budget=RunBudget(budgets.max_run_tokens, budgets.max_run_llm_calls, deadline),
    )
    tools = SectionTools(index, trace)
    ctx = RetrievalContext(llm, tools, trace, config.options)
    started_at = datetime.now(timezone.utc).isoformat(timespec="milliseconds")
    started = time.monotonic()
    trace.event("run_start", run_id=spec.run_id, question_id=spec.question.id, model=spec.model, mode=spec.mode, question=spec.question.text)
    record = RunRecord(
        run_id=spec.run_id,
        question_id=spec.question.id,
        doc_name=spec.question.doc_name,
        model=spec.model,
        mode=spec.mode,
        run_number=spec.run_number,
        status="error",
        question_type=spec.question.question_type,
        trace_path=str(trace_path.relative_to(sweep.path)),
        started_at=started_at,
    )
    try:
        retriever = get_retriever(spec.mode)
        coro = retriever.retrieve(index, spec.question.text, ctx)
        timeout = budgets.max_run_seconds
        result = await (asyncio.wait_for(coro, timeout) if timeout else coro)
        record.status = "ok" if result.status == "ok" else "fail"
        record.answer = result.answer
        record.sources = result.sources
        record.error = result.reason if record.status == "fail" else ""
        record.confidence = result.confidence
        record.turns = result.turns
        record.iterations = result.iterations
        record.findings = result.findings
        record.findings_count = len(result.findings)
        record.failed_searches = result.failed_searches
        record.failed_searches_count = len(result.failed_searches)
        record.replans = result.replans
        record.tasks_executed = result.tasks_executed
        record.planned_tasks = result.planned_tasks
        record.agent_types = result.agent_types
        record.plan = result.plan
        record.extra = result.extra
    except ProviderError as exc:
        record.error, record.error_kind = f"provider error after {getattr(exc, 'attempts', 1)} attempt(s): {exc}", f"provider:{exc.kind}"
    except BudgetExceeded as exc:
        record.error, record.error_kind = str(exc), "budget"
    except asyncio.TimeoutError:
        record.error, record.error_kind = f"run exceeded its wall-time budget of {budgets.max_run_seconds} s", "budget"
    except MalformedOutput as exc:
        record.error, record.error_kind = f"model output could not be parsed: {exc}", "malformed_output"
    except (OSError, sqlite3.OperationalError):
        trace.close()
        raise  # the disk, not the run: the sweep must stop
    except asyncio.CancelledError:
        trace.close()  # interrupted: no record, the run is done again on resume
        raise
    except Exception as exc:  # noqa: BLE001 - a bug in one run must not end the sweep
        record.error, record.error_kind = f"{type(exc).__name__}: {exc}", "internal"
        trace.event("exception", traceback=traceback.format_exc())
    record.duration_ms = round((time.monotonic() - started) * 1000)
    record.finished_at = datetime.now(timezone.utc).isoformat(timespec="milliseconds")
    record.usage = UsageTotals(
        meter.usage.input, meter.usage.output, meter.usage.cache_read, meter.usage.cache_write,
        meter.usage.total, meter.usage.estimated, meter.by_role_dict(),
    )
    record.cost_usd = None if meter.cost_usd is None else round(meter.cost_usd, 6)
    record.spent_usd = None if meter.spent_usd is None else round(meter.spent_usd, 6)
    record.llm_calls, record.cached_calls, record.retries = meter.llm_calls, meter.cached_calls, meter.retries
    record.tool_calls = tools.calls
    record.tool_stats = tools.stats
    record.pages_fetched = sorted(tools.pages_fetched)
    record.evidence_pages = spec.question.gold.evidence_pages
    record.evidence_hit = evidence_hit(record.pages_fetched, spec.question.gold)
    record.provenance = check_provenance(record.answer, record.sources, record.findings, record.pages_fetched, index)
    trace.event("run_end", status=record.status, answer=record.answer, error=record.error, usage=record.usage.__dict__)
    trace.close()
    return record
