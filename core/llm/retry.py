"""Retry policy and adaptive concurrency, shared by every provider.

Retries use exponential backoff with full jitter, honour a server's ``retry-after``, and
are bounded both by attempts and by elapsed time. The limiter halves a provider's
concurrency on a rate limit and grows it back one slot at a time while calls succeed
(additive increase, multiplicative decrease), so a sweep settles just under the quota.
"""
from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field

from core.llm.base import ProviderError


@dataclass
class RetryPolicy:
    max_attempts: int = 6
    base_delay_s: float = 1.0
    max_delay_s: float = 60.0
    max_elapsed_s: float = 600.0
    # Seeded per policy so that jitter is reproducible within a process, never global.
    rng: random.Random = field(default_factory=lambda: random.Random(20231101))

    def delay(self, attempt: int, error: ProviderError) -> float:
        """Seconds to wait before attempt ``attempt + 1`` (attempt counts from 1)."""
        backoff = min(self.max_delay_s, self.base_delay_s * (2 ** (attempt - 1)))
        wait = self.rng.uniform(0, backoff)
        if error.retry_after is not None:
            wait = max(wait, error.retry_after)
        return wait

    def should_retry(self, attempt: int, error: ProviderError, started: float, wait: float) -> bool:
        if not error.retryable or attempt >= self.max_attempts:
            return False
        return time.monotonic() - started + wait <= self.max_elapsed_s


class AdaptiveLimiter:
    """A semaphore whose size moves between 1 and ``maximum``."""

    def __init__(self, maximum: int, grow_after: int = 8):
        self.maximum = max(1, maximum)
        self.limit = self.maximum
        self.grow_after = grow_after
        self.in_flight = 0
        self._successes = 0
        self._cond = asyncio.Condition()

    async def __aenter__(self) -> AdaptiveLimiter:
        async with self._cond:
            await self._cond.wait_for(lambda: self.in_flight < self.limit)
            self.in_flight += 1
        return self

    async def __aexit__(self, *exc: object) -> None:
        async with self._cond:
            self.in_flight -= 1
            self._cond.notify_all()

    async def record(self, rate_limited: bool) -> None:
        async with self._cond:
            if rate_limited:
                if self.limit > 1:
                    self.limit = max(1, self.limit // 2)
                self._successes = 0
            else:
                self._successes += 1
                if self._successes >= self.grow_after and self.limit < self.maximum:
                    self.limit += 1
                    self._successes = 0
            self._cond.notify_all()
