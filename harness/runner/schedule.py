"""Scheduling a sweep's runs: one pool of workers per model, as many as its provider's
concurrency, handing out runs longest-first and stopping before ``--max-cost`` is passed.
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from core.llm.cache import ResponseCache
from core.llm.client import ModelClient
from core.llm.registry import open_client
from core.records import RunRecord
from harness.progress import Progress
from harness.runner.execute import RunSettings, run_one
from harness.runner.plan import RunSpec, SweepPlan, provider_settings
from harness.sweepdir import RecordWriter, SweepDir
from retrievers.index.tree import DocumentIndex


@dataclass
class SweepOutcome:
    sweep: SweepDir
    records: list[RunRecord] = field(default_factory=list)
    interrupted: bool = False
    stopped_reason: str = ""


async def run_all(
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
        clients[model] = open_client(spec, settings, cache=cache, retry=config.retry_policy(), concurrency=config.concurrency,
                                     prompt_cache=config.prompt_cache)
        limiter = clients[model].limiter
        limits[model] = limiter.maximum if limiter is not None else 1
    writer = RecordWriter(sweep.runs_path)
    run_settings = RunSettings(config.options, config.budgets)
    progress: Progress | None = None
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
                record = await run_one(spec, clients[spec.model], indexes[spec.question.doc_name], run_settings,
                                       trace_path=sweep.trace_path(spec.run_id), trace_root=sweep.path)
            finally:
                spend.in_flight -= 1
            writer.append(record)
            outcome.records.append(record)
            queue.learn(record)
            if progress is not None:
                progress.advance(record.status)

    tasks: list[asyncio.Task] = []
    try:
        if config.batch and todo:
            from harness.runner.batch import prefill_runs

            await prefill_runs(todo, clients, indexes, run_settings, sweep)
        progress = Progress(total=len(plan.runs), done=already, enabled=show_progress)
        tasks = [asyncio.create_task(worker(model)) for model in plan.specs for _ in range(limits[model])]
        done_tasks, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
        for task in done_tasks:
            error = task.exception()
            if error is not None:
                raise error  # a write failed: stop the sweep, nothing more is lost
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if progress is not None:
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
