"""Scheduling a sweep's runs: one pool of workers per model, as many as its provider's
concurrency, handing out runs longest-first, every model call held to ``--max-cost``.

Nothing here grows with the sweep beyond the plan itself: finished records go to disk and
into a ``SweepTally`` of counts, and the spend is a running total in the ``SpendLedger``,
so the thousandth run and the hundred-thousandth cost the same to schedule.
"""
from __future__ import annotations

import asyncio
import heapq
from collections import Counter, deque
from collections.abc import Iterable
from dataclasses import dataclass, field

from core.llm.base import ProviderError
from core.llm.budget import SpendLedger
from core.llm.cache import ResponseCache
from core.llm.client import ModelClient
from core.llm.registry import open_client
from core.records import STATUSES, STOPPED, RunRecord
from harness.progress import Progress
from harness.runner.execute import RunSettings, run_one
from harness.runner.halt import ModelHalts
from harness.runner.plan import RunSpec, SweepPlan, provider_settings
from harness.sweepdir import RecordWriter, SweepDir
from retrievers.index.tree import DocumentIndex


@dataclass
class SweepTally:
    """What a sweep's runs.jsonl holds, as counts kept while runs finish (one per run id:
    a run recorded twice, by a resume that redid it, counts as its later record)."""

    planned: int
    statuses: dict[str, str] = field(default_factory=dict)  # run_id -> status
    costs: dict[str, float | None] = field(default_factory=dict)  # run_id -> cost_usd
    tokens: dict[str, int] = field(default_factory=dict)  # run_id -> total tokens

    def add(self, record: RunRecord) -> None:
        self.statuses[record.run_id] = record.status
        self.costs[record.run_id] = record.cost_usd
        self.tokens[record.run_id] = record.usage.total

    def forget(self, run_id: str) -> None:
        """Take a run out (--retry-errors sets its error aside to run it again)."""
        for held in (self.statuses, self.costs, self.tokens):
            held.pop(run_id, None)

    @property
    def finished(self) -> int:
        return len(self.statuses)

    def counts(self) -> dict[str, int]:
        counted = Counter(self.statuses.values())
        return {status: counted.get(status, 0) for status in STATUSES}

    def summary(self) -> dict[str, int | float | None]:
        costs = list(self.costs.values())
        return {
            "planned": self.planned,
            "finished": self.finished,
            **self.counts(),
            "cost_usd": None if any(c is None for c in costs) else round(sum(c or 0.0 for c in costs), 6),
            "tokens": sum(self.tokens.values()),
        }


@dataclass
class SweepOutcome:
    sweep: SweepDir
    tally: SweepTally
    ledger: SpendLedger
    stopped_by_signal: int = 0  # SIGINT or SIGTERM: the sweep was interrupted (the manifest says so)
    stopped_reason: str = ""
    budget_stopped: int = 0  # runs the --max-cost stopped in this invocation (stopped_runs.jsonl)
    halts: ModelHalts = field(default_factory=ModelHalts)  # models whose remaining runs were not started

    @property
    def interrupted(self) -> bool:
        return bool(self.stopped_by_signal)

    @property
    def records(self) -> list[RunRecord]:
        """The sweep's records, read from runs.jsonl (they are not kept in memory)."""
        return list({r.run_id: r for r in self.sweep.each_record()}.values())


async def run_all(
    plan: SweepPlan,
    todo: list[RunSpec],
    indexes: dict[str, DocumentIndex],
    sweep: SweepDir,
    outcome: SweepOutcome,
    cache: ResponseCache | None,
    show_progress: bool,
    known_seconds: dict[tuple[str, str], float],
) -> None:
    config = plan.config
    settings = provider_settings(config)
    ledger = outcome.ledger
    clients: dict[str, ModelClient] = {}
    limits: dict[str, int] = {}
    for model, spec in plan.specs.items():
        clients[model] = open_client(spec, settings, cache=cache, retry=config.retry_policy(), concurrency=config.concurrency, ledger=ledger,
                                     prompt_cache=config.prompt_cache)
        limiter = clients[model].limiter
        limits[model] = limiter.maximum if limiter is not None else 1
    writer = RecordWriter(sweep.runs_path)
    stopped = RecordWriter(sweep.stopped_path)
    run_settings = RunSettings(config.options, config.budgets)
    progress: Progress | None = None
    queues = {model: RunQueue([r for r in todo if r.model == model], known_seconds) for model in plan.specs}

    halts = outcome.halts

    async def worker(model: str) -> None:
        queue = queues[model]

        def on_provider_error(error: ProviderError) -> None:
            halts.provider_error(model, plan.specs[model], error)

        while ledger.room_for_runs() and not halts.stops(model) and (spec := queue.take()) is not None:
            record = await run_one(spec, clients[spec.model], indexes[spec.question.doc_name], run_settings,
                                   trace_path=sweep.trace_path(spec.run_id), trace_root=sweep.path, on_provider_error=on_provider_error)
            if record.status == STOPPED:
                stopped.append(record)  # its spend is kept; --resume does the run again
                outcome.budget_stopped += 1
                continue
            writer.append(record)
            outcome.tally.add(record)
            halts.finished(record)
            queue.learn(record.question_id, record.mode, record.duration_ms / 1000)
            if progress is not None:
                progress.advance(record.status)

    tasks: list[asyncio.Task] = []
    try:
        if config.batch and todo:
            from harness.runner.batch import prefill_runs

            await prefill_runs(todo, clients, indexes, run_settings, sweep)
        progress = Progress(total=len(plan.runs), done=outcome.tally.finished, enabled=show_progress)
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
        stopped.close()
        for client in clients.values():
            await client.aclose()
        outcome.stopped_reason = ledger.exhausted


class RunQueue:
    """The runs one model still has to do, handed out longest-first once that is known.

    A run's length is learned from finished runs of the same question and mode (earlier
    runs, or a resumed sweep's records): those go first, longest first, so the last wave of
    a sweep is not one long run holding up the end. Runs of unknown length come in plan
    order, preferring questions not already in flight so that lengths are learned early.
    Taking a run costs the same however many are left (a heap of known lengths, a queue of
    unknown ones), so a 100k-run sweep is not quadratic.
    """

    def __init__(self, runs: Iterable[RunSpec], known_seconds: dict[tuple[str, str], float] | None = None):
        self.groups: dict[tuple[str, str], deque[RunSpec]] = {}  # (question, mode) -> its runs, plan order
        for run in runs:
            self.groups.setdefault((run.question.id, run.mode), deque()).append(run)
        self.order = {key: position for position, key in enumerate(self.groups)}
        self.in_flight: Counter[tuple[str, str]] = Counter()
        self.seconds: dict[tuple[str, str], float] = {}
        self.unknown: dict[tuple[str, str], None] = dict.fromkeys(self.groups)  # an ordered set
        self.known: list[tuple[float, int, tuple[str, str]]] = []  # heap of (-seconds, plan position, key)
        for (question_id, mode), seconds in (known_seconds or {}).items():
            self._know((question_id, mode), seconds)

    def learn(self, question_id: str, mode: str, seconds: float) -> None:
        key = (question_id, mode)
        self.in_flight[key] = max(0, self.in_flight[key] - 1)
        self._know(key, seconds)

    def _know(self, key: tuple[str, str], seconds: float) -> None:
        if seconds <= self.seconds.get(key, -1.0):
            return
        self.seconds[key] = seconds
        self.unknown.pop(key, None)
        if self.groups.get(key):
            heapq.heappush(self.known, (-seconds, self.order[key], key))

    def take(self) -> RunSpec | None:
        while self.known:
            negative, _, key = self.known[0]
            if not self.groups[key] or -negative != self.seconds[key]:
                heapq.heappop(self.known)  # stale: the group is done, or its length grew since
                continue
            return self._take_from(key)
        # Unknown lengths in plan order, skipping questions in flight: the scan passes at
        # most one key per run in flight, since finished groups leave ``unknown`` at once.
        for key in self.unknown:
            if not self.in_flight[key]:
                return self._take_from(key)
        first = next(iter(self.unknown), None)
        return self._take_from(first) if first is not None else None

    def _take_from(self, key: tuple[str, str]) -> RunSpec:
        run = self.groups[key].popleft()
        self.in_flight[key] += 1
        if not self.groups[key]:
            self.unknown.pop(key, None)
        return run
