"""The model client every retriever, indexer and judge talks to.

``ModelClient`` wraps one provider with the same machinery whatever the provider: the
response cache, retries, adaptive concurrency, usage and cost accounting, budgets and
trace events, and whether requests ask for the provider's prompt cache. ``RunModel`` is a
client bound to one run: it knows the run's number (part of the cache key), its meter, its
budget and its trace, so retrievers only ever say *what* to ask. Budgets hold per call
(``core.llm.budget``): a call reserves what it could use before it is sent and settles what
it used when it returns. Replies a batch already gave (``prefilled``, see
``core.llm.batch``) are served like fresh calls, at the batch price.
"""
from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from core.llm.base import ModelSpec, Provider, ProviderError, ProviderSettings
from core.llm.budget import BudgetExceeded, RunBudget, SpendLedger, SweepBudgetExhausted
from core.llm.cache import ResponseCache, cache_key
from core.llm.pricing import FREE, cost_of, price_for
from core.llm.retry import AdaptiveLimiter, RetryPolicy
from core.llm.tokens import estimate_request_tokens
from core.llm.types import Completion, CompletionRequest, Message, ToolSpec, Usage
from core.redact import redact_text
from core.trace import Trace

__all__ = ["BudgetExceeded", "ModelClient", "RunBudget", "RunMeter", "RunModel", "SpendLedger", "SweepBudgetExhausted"]


class CallCapture(Protocol):
    """A client's capture mode (``core.llm.batch.Capture``): answers a call from replies at
    hand, or records the request and stops the caller."""

    def serve(self, client: ModelClient, key: str, request: CompletionRequest) -> Completion: ...


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
    calls_started: int = 0  # calls admitted, finished or not: the call budget counts these
    tokens_reserved: int = 0  # tokens held by this run's calls in flight

    def add(self, role: str, usage: Usage, cost: float | None, cached: bool, batch: bool = False) -> None:
        self.usage.add(usage)
        self.by_role.setdefault(role, Usage(estimated=usage.estimated)).add(usage)
        self.llm_calls += 1
        self.cached_calls += int(cached)
        self.batch_calls += int(batch)
        self.cost_usd = None if cost is None or self.cost_usd is None else self.cost_usd + cost
        if not cached:
            self.spent_usd = None if cost is None or self.spent_usd is None else self.spent_usd + cost

    def merge(self, other: RunMeter) -> None:
        """Add the calls ``other`` metered: a part of the work measured apart (one judged
        answer), so that calls made at the same time are never counted in each other's part."""
        self.usage.add(other.usage)
        for role, usage in other.by_role.items():
            self.by_role.setdefault(role, Usage(estimated=usage.estimated)).add(usage)
        self.llm_calls += other.llm_calls
        self.cached_calls += other.cached_calls
        self.batch_calls += other.batch_calls
        self.retries += other.retries
        self.cost_usd = None if other.cost_usd is None or self.cost_usd is None else self.cost_usd + other.cost_usd
        self.spent_usd = None if other.spent_usd is None or self.spent_usd is None else self.spent_usd + other.spent_usd

    def admit(self, request: CompletionRequest, budget: RunBudget) -> int:
        """Count the call and reserve its tokens, or raise BudgetExceeded; returns the
        tokens reserved, to be given back to ``release`` when the call is over."""
        tokens = budget.admit(request, self.usage.total, self.tokens_reserved, self.calls_started)
        self.calls_started += 1
        self.tokens_reserved += tokens
        return tokens

    def release(self, tokens: int) -> None:
        self.tokens_reserved -= tokens

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
        ledger: SpendLedger | None = None,
        prompt_cache: bool = True,
        call_timeout_s: float = ProviderSettings().call_timeout_s,
    ):
        self.provider = provider
        self.cache = cache if not getattr(provider, "deterministic", False) else None
        self.retry = retry or RetryPolicy()
        self.limiter = limiter
        self.ledger = ledger  # the sweep's spend, shared with every other client of the sweep
        self.prompt_cache = prompt_cache
        self.call_timeout_s = call_timeout_s  # one attempt's whole time (ProviderSettings.call_timeout_s)
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
        self,
        request: CompletionRequest,
        *,
        meter: RunMeter,
        trace: Trace,
        run_number: int = 1,
        call_id: int | None = None,
        budget: RunBudget | None = None,
    ) -> Completion:
        if self.capture is not None:  # a dry run: no budget, no meter, no trace
            return self.capture.serve(self, cache_key(self.spec, request, run_number), request)
        # Yield to the event loop before every call: a CPU-bound provider (the offline
        # policy) never awaits anything, and without this a Ctrl-C or a cancelled run would
        # wait for the whole run to finish.
        await asyncio.sleep(0)
        budget = budget or RunBudget()
        reserved_tokens = meter.admit(request, budget)
        try:
            return await self._complete(request, meter, trace, run_number, call_id, budget)
        finally:
            meter.release(reserved_tokens)

    async def _complete(
        self, request: CompletionRequest, meter: RunMeter, trace: Trace, run_number: int, call_id: int | None, budget: RunBudget
    ) -> Completion:
        call_id = call_id if call_id is not None else next(self._ids)
        key = cache_key(self.spec, request, run_number)
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
            if self.ledger is not None:
                # Paid for when the batch ran, not through _attempt: the sweep's spend counts
                # it here, once, as a resume would count it from the records.
                self.ledger.settle(self.spec.label, 0.0, cost_of(self.spec, completion.usage, batch=True))
        if completion is None and self.cache:
            completion = self.cache.get(key)
        retries = 0
        if completion is None:
            completion, retries = await self._call_with_retries(request, trace, call_id, meter, budget)
        if self.cache and not completion.cached:
            self.cache.put(key, self.spec.label, completion)
        cost = cost_of(self.spec, completion.usage, batch=completion.batch)
        meter.add(request.role, completion.usage, cost, completion.cached, completion.batch)
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

    async def _call_with_retries(
        self, request: CompletionRequest, trace: Trace, call_id: int, meter: RunMeter, budget: RunBudget
    ) -> tuple[Completion, int]:
        """The provider's reply, retrying transient errors; every attempt, failed or not,
        is counted in ``meter.retries`` beyond the first."""
        started = time.monotonic()
        attempt = 0
        while True:
            attempt += 1
            try:
                if self.limiter is not None:
                    async with self.limiter:
                        completion = await self._attempt(request, budget)
                    await self.limiter.record(rate_limited=False)
                else:
                    completion = await self._attempt(request, budget)
                meter.retries += attempt - 1
                return completion, attempt - 1
            except ProviderError as error:
                if self.limiter is not None and error.kind == "rate_limit":
                    await self.limiter.record(rate_limited=True)
                wait = self.retry.delay(attempt, error)
                out_of_time = budget.deadline is not None and time.monotonic() + wait >= budget.deadline
                if out_of_time or not self.retry.should_retry(attempt, error, started, wait):
                    trace.event("model_call_error", call_id=call_id, attempt=attempt, kind=error.kind, error=redact_text(str(error)))
                    error.attempts = attempt  # type: ignore[attr-defined]
                    meter.retries += attempt - 1
                    raise
                trace.event(
                    "retry", call_id=call_id, attempt=attempt, kind=error.kind, status=error.status, wait_s=round(wait, 3),
                    error=redact_text(str(error)),
                )
                await asyncio.sleep(wait)
            except BaseException:
                meter.retries += attempt - 1
                raise

    async def _attempt(self, request: CompletionRequest, budget: RunBudget) -> Completion:
        """One request to the provider, inside the sweep's spend ledger and the run's
        deadline. Made inside the limiter, so a reservation is held only by a call that is
        really being sent: at most one per concurrency slot."""
        hold = self.ledger.reserve(self.spec.label, self._estimated_cost(request)) if self.ledger is not None else 0.0
        cost: float | None = 0.0
        try:
            completion = await self._send(request, budget.deadline)
            cost = cost_of(self.spec, completion.usage)
            return completion
        finally:
            if self.ledger is not None:
                self.ledger.settle(self.spec.label, hold, cost)

    async def _send(self, request: CompletionRequest, deadline: float | None) -> Completion:
        """One attempt, cut off at the run's deadline or after ``call_timeout_s``, whichever
        comes first. Past its own time the attempt fails as a timeout, which is retried like
        a read timeout: a server that trickles once may answer the next time, and the
        retry policy bounds the attempts and the time they take together."""
        now = time.monotonic()
        call_end = now + self.call_timeout_s
        run_ends_first = deadline is not None and deadline <= call_end
        window = asyncio.timeout((min(deadline, call_end) if deadline is not None else call_end) - now)
        try:
            async with window:
                return await self.provider.complete(request)
        except TimeoutError as exc:
            if window.expired() and run_ends_first:
                raise BudgetExceeded("wall-time budget reached during a model call") from None
            if window.expired():
                raise ProviderError(
                    "timeout", f"no complete reply within {self.call_timeout_s:g} s: the server kept the connection open "
                    "without finishing its reply"
                ) from None
            raise ProviderError("timeout", f"request timed out: {type(exc).__name__} {exc}".strip()) from exc
        except (ConnectionError, EOFError) as exc:
            # A provider that lets a socket error through (not translated by its SDK):
            # the connection dropped, which is worth a retry, not the end of the sweep.
            raise ProviderError("connection", f"connection dropped: {type(exc).__name__} {exc}".strip()) from exc

    def _estimated_cost(self, request: CompletionRequest) -> float | None:
        """What the call could cost, for the ledger's reservation; None (reserve only the
        dearest call so far) where no estimate is needed: only a cap reads reservations,
        and a free model (the offline policy of every CI sweep) costs nothing. Estimating
        the prompt walks the whole conversation, on every call."""
        price = price_for(self.spec)
        if price is None or price == FREE or self.ledger is None or self.ledger.cap is None:
            return None
        return price.cost(Usage(input=estimate_request_tokens(request), output=request.max_tokens))

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
    closed: bool = False  # set when the run has ended: a task still running makes no more calls

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
        if self.closed:
            raise BudgetExceeded("the run has already ended")
        request = CompletionRequest(system, list(messages), list(tools), max_tokens, temperature, role, self.client.prompt_cache)
        return await self.client.complete(
            request, meter=self.meter, trace=self.trace, run_number=self.run_number, call_id=next(self._calls), budget=self.budget
        )

    def close(self) -> None:
        self.closed = True
