"""Budgets that hold per model call: a run's tokens, calls and wall time, and a sweep's spend.

A budget checked only between runs (or between a run's calls, against what has already
come back) is passed by every call in flight. So every call first *reserves* what it could
cost, and is refused when that reservation does not fit; when it returns, the reservation
is settled with what it actually cost. A run's token budget reserves the call's estimated
prompt plus its maximum output. The sweep's ``SpendLedger`` is shared by all runs of all
models: it reserves the call's estimated price (prompt and maximum output priced by the
price table, and never less than the dearest call of that model so far), so the cap is
passed by at most one call per concurrency slot, and only when a call costs more than any
before it.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass

from core.llm.tokens import estimate_request_tokens
from core.llm.types import CompletionRequest


class BudgetExceeded(Exception):
    """A per-run limit (tokens, model calls, wall time) ended the run."""


class SweepBudgetExhausted(BudgetExceeded):
    """The sweep's ``--max-cost`` has no room for another call: every run stops, and the
    runs it stopped are done again by ``--resume`` with a higher cap."""


@dataclass
class RunBudget:
    max_tokens: int | None = None
    max_llm_calls: int | None = None
    deadline: float | None = None  # time.monotonic() value

    def admit(self, request: CompletionRequest, used_tokens: int, reserved_tokens: int, calls_started: int) -> int:
        """Tokens to reserve for ``request``; raises BudgetExceeded when it cannot be made."""
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise BudgetExceeded("wall-time budget reached")
        if self.max_llm_calls is not None and calls_started >= self.max_llm_calls:
            raise BudgetExceeded(f"model-call budget of {self.max_llm_calls} reached")
        if self.max_tokens is None:
            return 0
        need = estimate_request_tokens(request) + request.max_tokens
        if used_tokens + reserved_tokens + need > self.max_tokens:
            raise BudgetExceeded(
                f"token budget of {self.max_tokens} reached ({used_tokens} used, "
                f"{reserved_tokens} held by calls in flight, the next call could use {need})"
            )
        return need


class SpendLedger:
    """What a sweep has spent (USD, calls not served from the cache) and what calls in
    flight have reserved, against an optional cap. Used from one event loop."""

    def __init__(self, cap: float | None, spent: float = 0.0):
        if cap is not None and not (math.isfinite(cap) and cap > 0):
            # Every comparison with NaN is false: such a cap would never be reached.
            raise ValueError(f"a spend cap must be a finite number above 0, not {cap}")
        self.cap = cap
        self.spent = spent
        self.reserved = 0.0
        self.unknown = False  # a call of a model without a price was made: spent is a floor
        self.exhausted = ""  # why no more calls are made, once the cap has no room
        self._dearest: dict[str, float] = {}  # model label -> the dearest single call so far

    def room_for_runs(self) -> bool:
        """Whether a new run may start: the cap has not been refused or reached."""
        if self.cap is not None and not self.exhausted and self.spent >= self.cap:
            self.exhausted = self._reached(0.0)
        return not self.exhausted

    def reserve(self, model: str, estimate: float | None) -> float:
        """Hold what a call could cost; SweepBudgetExhausted when it does not fit."""
        amount = max(estimate or 0.0, self._dearest.get(model, 0.0))
        if self.cap is not None and (self.exhausted or self.spent + self.reserved + amount > self.cap):
            self.exhausted = self.exhausted or self._reached(amount)
            raise SweepBudgetExhausted(self.exhausted)
        self.reserved += amount
        return amount

    def settle(self, model: str, reserved: float, actual: float | None) -> None:
        """Replace a reservation by what the call cost (None: no price is known)."""
        self.reserved = max(0.0, self.reserved - reserved)
        if actual is None:
            self.unknown = True
            return
        self.spent += actual
        self._dearest[model] = max(self._dearest.get(model, 0.0), actual)

    def _reached(self, next_call: float) -> str:
        shown = f"${self.spent:.4f} spent" + (f", ${self.reserved:.4f} held by calls in flight" if self.reserved else "")
        if next_call:
            shown += f", the next call could cost ${next_call:.4f}"
        return f"--max-cost ${self.cap:.2f} reached: {shown}"
