"""The model client every retriever, indexer and judge talks to.

``ModelClient`` wraps one provider with the same machinery whatever the provider: the
response cache, retries, adaptive concurrency, usage and cost accounting, budgets and
trace events, and whether requests ask for the provider's prompt cache. ``RunModel`` is a
client bound to one run: it knows the run's number (part of the cache key), its meter and
its trace, so retrievers only ever say *what* to ask. Replies a batch already gave
(``prefilled``, see ``core.llm.batch``) are served like fresh calls, at the batch price.
"""
from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from core.llm.base import ModelSpec, Provider, ProviderError
from core.llm.cache import ResponseCache, cache_key
from core.llm.pricing import cost_of
from core.llm.retry import AdaptiveLimiter, RetryPolicy
from core.llm.types import Completion, CompletionRequest, Message, ToolSpec, Usage
from core.trace import Trace


class CallCapture(Protocol):
    """A client's capture mode (``core.llm.batch.Capture``): answers a call from replies at
    hand, or records the request and stops the caller."""

    def serve(self, client: ModelClient, key: str, request: CompletionRequest) -> Completion: ...


class BudgetExceeded(Exception):
    """A per-run limit (tokens, model calls, wall time) ended the run."""


@dataclass
class RunBudget:
    max_tokens: int | None = None
    max_llm_calls: int | None = None
    deadline: float | None = None  # time.monotonic() value


@dataclass
class RunMeter:
    """Usage, cost and call counts of one run (or of one analysis, for the judge)."""

    usage: Usage = field(default_factory=Usage)
    by_role: dict[str, Usage] = field(default_factory=dict)
    llm_calls: int = 0
    cached_calls: int = 0
    batch_calls: int = 0  # answered through a batch API, at its discount
    retries: int = 0
    cost_usd: float | None = 0.0  # priced usage of every call; None once a price is unknown
    spent_usd: float | None = 0.0  # the same for calls not served from the cache

    def add(self, role: str, usage: Usage, cost: float | None, cached: bool, batch: bool = False) -> None:
        self.usage.add(usage)
        self.by_role.setdefault(role, Usage(estimated=usage.estimated)).add(usage)
        self.llm_calls += 1
        self.cached_calls += int(cached)
        self.batch_calls += int(batch)
        self.cost_usd = None if cost is None or self.cost_usd is None else self.cost_usd + cost
        if not cached:
            self.spent_usd = None if cost is None or self.spent_usd is None else self.spent_usd + cost

    def by_role_dict(self) -> dict[str, dict[str, int]]:
        return {
            role: {"input": u.input, "output": u.output, "cache_read": u.cache_read, "cache_write": u.cache_write, "total": u.total}
            for role, u in sorted(self.by_role.items())
        }


class ModelClient:
    def __init__(
        self,
        provider: Provider,
        *,
        cache: ResponseCache | None = None,
        retry: RetryPolicy | None = None,
        limiter: AdaptiveLimiter | None = None,
        prompt_cache: bool = True,
    ):
        self.provider = provider
        self.cache = cache if not getattr(provider, "deterministic", False) else None
        self.retry = retry or RetryPolicy()
        self.limiter = limiter
        self.prompt_cache = prompt_cache
        self.prefilled: dict[str, Completion] = {}  # response-cache key -> a batch's reply
        self.capture: CallCapture | None = None  # set while a batch round records requests
        self._served: set[str] = set()  # prefilled replies already used once
        self._ids = itertools.count(1)

    @property
    def spec(self) -> ModelSpec:
        return self.provider.spec

    def bind(self, *, meter: RunMeter, trace: Trace, run_number: int = 1, budget: RunBudget | None = None) -> RunModel:
        return RunModel(self, meter, trace, run_number, budget or RunBudget())

    async def complete(
        self, request: CompletionRequest, *, meter: RunMeter, trace: Trace, run_number: int = 1, call_id: int | None = None
    ) -> Completion:
        key = cache_key(self.spec, request, run_number)
        if self.capture is not None:
            return self.capture.serve(self, key, request)  # no meter, no trace: a dry run
        call_id = call_id if call_id is not None else next(self._ids)
        trace.event(
            "model_call_start",
            call_id=call_id,
            role=request.role,
            model=self.spec.label,
            messages=len(request.messages),
            tools=[t.name for t in request.tools],
            prompt=request.messages[-1].text if request.messages else "",
        )
        started = time.monotonic()
        completion = self.prefilled.get(key)
        if completion is not None and key in self._served:
            # A second identical request: the batch answered it once, so it replays, like
            # a reply from the response cache (its cost counted, nothing spent).
            completion = Completion.from_dict(completion.to_dict())
            completion.cached = True
        elif completion is not None:
            self._served.add(key)
        if completion is None and self.cache:
            completion = self.cache.get(key)
        retries = 0
        if completion is None:
            completion, retries = await self._call_with_retries(request, trace, call_id)
        if self.cache and not completion.cached:
            self.cache.put(key, self.spec.label, completion)
        cost = cost_of(self.spec, completion.usage, batch=completion.batch)
        meter.add(request.role, completion.usage, cost, completion.cached, completion.batch)
        meter.retries += retries
        trace.event(
            "model_call_end",
            call_id=call_id,
            role=request.role,
            duration_ms=round((time.monotonic() - started) * 1000, 1),
            usage=completion.usage.to_dict(),
            cost_usd=cost,
            cached=completion.cached,
            batch=completion.batch,
            retries=retries,
            stop_reason=completion.stop_reason,
            text=completion.text,
            tool_calls=[c.to_dict() for c in completion.tool_calls],
        )
        return completion

    async def _call_with_retries(self, request: CompletionRequest, trace: Trace, call_id: int) -> tuple[Completion, int]:
        started = time.monotonic()
        attempt = 0
        while True:
            attempt += 1
            try:
                if self.limiter is not None:
                    async with self.limiter:
                        completion = await self.provider.complete(request)
                    await self.limiter.record(rate_limited=False)
                else:
                    completion = await self.provider.complete(request)
                return completion, attempt - 1
            except ProviderError as error:
                if self.limiter is not None and error.kind == "rate_limit":
                    await self.limiter.record(rate_limited=True)
                wait = self.retry.delay(attempt, error)
                if not self.retry.should_retry(attempt, error, started, wait):
                    trace.event("model_call_error", call_id=call_id, attempt=attempt, kind=error.kind, error=str(error))
                    error.attempts = attempt  # type: ignore[attr-defined]
                    raise
                trace.event(
                    "retry", call_id=call_id, attempt=attempt, kind=error.kind, status=error.status, wait_s=round(wait, 3), error=str(error)
                )
                await asyncio.sleep(wait)

    async def aclose(self) -> None:
        await self.provider.aclose()


@dataclass
class RunModel:
    """A model client bound to one run. This is the ``llm`` retrievers receive."""

    client: ModelClient
    meter: RunMeter
    trace: Trace
    run_number: int = 1
    budget: RunBudget = field(default_factory=RunBudget)
    _calls: itertools.count[int] = field(default_factory=lambda: itertools.count(1))  # call ids per run

    @property
    def spec(self) -> ModelSpec:
        return self.client.spec

    async def complete(
        self,
        system: str,
        messages: Sequence[Message],
        *,
        tools: Sequence[ToolSpec] = (),
        max_tokens: int = 2048,
        role: str = "agent",
        temperature: float = 0.0,
    ) -> Completion:
        self._check_budget()
        request = CompletionRequest(system, list(messages), list(tools), max_tokens, temperature, role, self.client.prompt_cache)
        return await self.client.complete(request, meter=self.meter, trace=self.trace, run_number=self.run_number, call_id=next(self._calls))

    def _check_budget(self) -> None:
        budget = self.budget
        if budget.max_tokens is not None and self.meter.usage.total >= budget.max_tokens:
            raise BudgetExceeded(f"token budget of {budget.max_tokens} reached ({self.meter.usage.total} used)")
        if budget.max_llm_calls is not None and self.meter.llm_calls >= budget.max_llm_calls:
            raise BudgetExceeded(f"model-call budget of {budget.max_llm_calls} reached")
        if budget.deadline is not None and time.monotonic() >= budget.deadline:
            raise BudgetExceeded("wall-time budget reached")
