"""Sending many independent jobs' model calls through a provider's batch API.

A batch API (Anthropic's Message Batches) answers many requests in one job at half the
price, within hours rather than seconds, and a job's next request may depend on its last
reply. So the jobs (a sweep's simple-mode runs, a judge's verdicts) are run in rounds:

1. *capture*: every job runs with its client in capture mode; a call that has a reply
   already (from an earlier round, or the response cache) is answered, the first one that
   has none is recorded and stops the job (``DeferredCall``);
2. the recorded requests go out as one batch (resumed if a stored batch already holds
   them), which is polled, with progress, until it ends; each reply is kept on the client;
3. repeat until a round records nothing. Then the jobs run for real: every call is served
   from the batch's replies, metered and traced like any call, and billed at the batch
   price. An item the batch could not answer (errored, expired, canceled) is made live.

The batch ids are written (atomically) to a store in the sweep folder as soon as a batch
is created and before it is polled, so an interrupted process resumes polling the same
batch instead of paying for a second one. A request's ``custom_id`` is its response-cache
key, so a stored batch is matched to requests by what they ask, not by position.
"""
from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from core.files import write_json_atomic
from core.llm.base import ProviderError
from core.llm.types import Completion, CompletionRequest

if TYPE_CHECKING:
    from core.llm.client import ModelClient

BatchOutcome = Completion | str  # the reply, or why the batch has none for the request


@dataclass
class BatchStatus:
    batch_id: str
    ended: bool
    counts: dict[str, int] = field(default_factory=dict)  # processing, succeeded, errored, canceled, expired

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    @property
    def done(self) -> int:
        return self.total - self.counts.get("processing", 0)


class BatchAPI(Protocol):
    """A provider's batch endpoint (``provider.batches``; ``None`` where it has none)."""

    max_requests: int

    async def submit(self, requests: dict[str, CompletionRequest]) -> str: ...

    async def status(self, batch_id: str) -> BatchStatus: ...

    async def results(self, batch_id: str, requests: Mapping[str, CompletionRequest]) -> dict[str, BatchOutcome]:
        """The outcome of each of ``requests`` (by ``custom_id``) the batch holds. A reply
        that reports no usage gets an estimate from its request, marked so, as a live
        call's does: counted as 0 tokens it would cost $0 and pass every budget."""
        ...


def batch_api(client: ModelClient) -> BatchAPI | None:
    return getattr(client.provider, "batches", None)


class DeferredCall(BaseException):  # noqa: N818 - a signal, not an error
    """Raised inside a job in capture mode at its first call without a reply. A
    ``BaseException``, like cancellation, so that no ``except Exception`` of a retriever or
    of the run wrapper records it as the run's error."""

    def __init__(self, batchable: bool):
        super().__init__("deferred to a batch" if batchable else "left to a live call")
        self.batchable = batchable


class Capture:
    """The client's capture mode for one round: which requests the jobs still need."""

    def __init__(self, live: set[str]):
        self.live = live  # keys a batch could not answer: the real run calls them live
        self.requests: dict[str, CompletionRequest] = {}

    def serve(self, client: ModelClient, key: str, request: CompletionRequest) -> Completion:
        reply = client.prefilled.get(key) or (client.cache.get(key) if client.cache else None)
        if reply is not None:
            return reply
        if key in self.live:
            raise DeferredCall(batchable=False)
        self.requests[key] = request
        raise DeferredCall(batchable=True)


@dataclass
class BatchPolicy:
    first_poll_s: float = 10.0
    max_poll_s: float = 60.0
    # A round after the first that is smaller than this share of the first (a few re-asks)
    # goes live: half the price of so little is not worth another wait of minutes to hours.
    # simple mode's second round (every answerer) is as large as its first, so it is batched.
    live_share: float = 0.1


DEFAULT_POLICY = BatchPolicy()


class BatchStore:
    """The batches a sweep folder has created: ``{"batches": [{id, model, purpose,
    custom_ids, created_at, status}]}``, rewritten atomically at every change. A change is
    merged into what is on disk under a lock, so two processes batching in the same folder
    (an analysis beside a resumed sweep) never drop each other's batch ids."""

    def __init__(self, path: Path):
        self.path = path
        self.batches: list[dict[str, Any]] = self._read()

    def _read(self) -> list[dict[str, Any]]:
        if not self.path.is_file():
            return []
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            return [b for b in data.get("batches", []) if isinstance(b, dict) and b.get("id")]
        except (OSError, json.JSONDecodeError, AttributeError):
            return []  # unreadable: a new batch is cheaper than a wrong one

    def holding(self, model: str, keys: set[str]) -> list[dict[str, Any]]:
        """Stored batches of ``model`` that hold any of ``keys``, newest first."""
        found = [b for b in self.batches if b.get("model") == model and b.get("status") != "gone" and keys & set(b.get("custom_ids", []))]
        return sorted(found, key=lambda b: str(b.get("created_at", "")), reverse=True)

    def add(self, batch_id: str, model: str, purpose: str, keys: Sequence[str]) -> None:
        created = datetime.now(UTC).isoformat(timespec="seconds")
        entry = {"id": batch_id, "model": model, "purpose": purpose, "custom_ids": list(keys), "created_at": created, "status": "submitted"}
        self._update(entry)

    def mark(self, batch_id: str, status: str) -> None:
        entry = next((b for b in self.batches if b["id"] == batch_id), None)
        if entry is not None:
            self._update({**entry, "status": status})

    def _update(self, entry: dict[str, Any]) -> None:
        import fcntl

        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.path.with_name(self.path.name + ".lock"), "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            merged = {b["id"]: b for b in self._read()}
            merged[entry["id"]] = entry
            self.batches = list(merged.values())
            write_json_atomic(self.path, {"batches": self.batches})


Job = Callable[[], Awaitable[Any]]
Report = Callable[[str], None]


async def prefill_by_batch(
    client: ModelClient, jobs: Sequence[Job], store: BatchStore, *, purpose: str,
    policy: BatchPolicy | None = None, report: Report = lambda _: None,
) -> dict[str, int]:
    """Fill ``client.prefilled`` with batch replies to every call the jobs would make (see
    the module docstring); the jobs are then run for real by the caller. Returns counts of
    requests batched, answered, and left to live calls."""
    api = batch_api(client)
    if api is None:
        raise ValueError(f"{client.spec.label} has no batch API")
    policy = policy or DEFAULT_POLICY
    live: set[str] = set()
    counts = {"rounds": 0, "batched": 0, "answered": 0, "live": 0}
    first = 0
    while True:
        capture = Capture(live)
        client.capture = capture
        try:
            await asyncio.gather(*(_attempt(job) for job in jobs))
        finally:
            client.capture = None
        wanted = capture.requests
        if not wanted:
            break
        first = first or len(wanted)
        if counts["rounds"] and len(wanted) < policy.live_share * first:
            report(f"{len(wanted)} follow-up request(s) go live rather than wait for another batch")
            live |= set(wanted)
            counts["live"] += len(wanted)
            break
        counts["rounds"] += 1
        counts["batched"] += len(wanted)
        outcomes = await collect(client, api, wanted, store, purpose, policy, report)
        for key, outcome in outcomes.items():
            if isinstance(outcome, Completion):
                client.prefilled[key] = outcome
                counts["answered"] += 1
            else:
                live.add(key)
                counts["live"] += 1
        failed = [o for o in outcomes.values() if not isinstance(o, Completion)]
        if failed:
            report(f"{len(failed)} request(s) the batch did not answer go live (first: {failed[0]})")
    return counts


async def _attempt(job: Job) -> None:
    try:
        await job()
    except DeferredCall:
        pass
    except Exception:  # noqa: BLE001 - the real run meets the same error and records it
        pass


async def collect(
    client: ModelClient, api: BatchAPI, wanted: dict[str, CompletionRequest], store: BatchStore,
    purpose: str, policy: BatchPolicy, report: Report,
) -> dict[str, BatchOutcome]:
    """Replies to ``wanted`` from the stored batches that hold them, and from new batches
    for the rest; every request gets a reply or the reason it has none."""
    model = client.spec.label
    outcomes: dict[str, BatchOutcome] = {}
    pending = dict(wanted)
    for entry in store.holding(model, set(pending)):
        mine = set(pending) & set(entry["custom_ids"])
        if not mine:
            continue
        report(f"resuming batch {entry['id']} ({len(mine)} of its requests are needed)")
        try:
            got = await _finish(client, api, entry["id"], {key: pending[key] for key in mine}, store, policy, report)
        except ProviderError as error:
            if error.kind != "bad_request":
                raise
            report(f"batch {entry['id']} is no longer available ({error}); sending its requests again")
            store.mark(entry["id"], "gone")
            continue
        for key in mine:
            outcomes[key] = got.get(key, "missing from the batch's results")
            del pending[key]
    keys = list(pending)
    for start in range(0, len(keys), api.max_requests):
        chunk = {k: pending[k] for k in keys[start : start + api.max_requests]}
        batch_id = await _retrying(client, lambda chunk=chunk: api.submit(chunk))  # type: ignore[misc]
        store.add(batch_id, model, purpose, list(chunk))  # before polling: a rerun resumes it
        report(f"created batch {batch_id} with {len(chunk)} requests (id kept in {store.path})")
        got = await _finish(client, api, batch_id, chunk, store, policy, report)
        for key in chunk:
            outcomes[key] = got.get(key, "missing from the batch's results")
    return outcomes


async def _finish(
    client: ModelClient, api: BatchAPI, batch_id: str, requests: Mapping[str, CompletionRequest], store: BatchStore,
    policy: BatchPolicy, report: Report,
) -> dict[str, BatchOutcome]:
    """Poll until the batch ends (progress at every check), then fetch the results of
    ``requests``."""
    wait = policy.first_poll_s
    started = time.monotonic()
    while True:
        status = await _retrying(client, lambda: api.status(batch_id))
        counts = ", ".join(f"{n} {k}" for k, n in status.counts.items() if n and k != "processing")
        elapsed = time.monotonic() - started
        if status.ended:
            report(f"batch {batch_id}: ended, {status.done}/{status.total} done ({counts or 'none'}) after {elapsed:.0f} s")
            break
        report(f"batch {batch_id}: {status.done}/{status.total} done ({counts or 'none yet'}); next check in {wait:.0f} s")
        await asyncio.sleep(wait)
        wait = min(policy.max_poll_s, wait * 1.5)
    # The results are one download of every item's reply: a long batch's take longer.
    scale = max(1.0, len(requests) / RESULTS_PER_CALL_TIMEOUT)
    results = await _retrying(client, lambda: api.results(batch_id, requests), timeout_s=client.call_timeout_s * scale)
    store.mark(batch_id, "ended")
    return results


# Items whose results one call's time (``ModelClient.call_timeout_s``) is given to download.
RESULTS_PER_CALL_TIMEOUT = 1000


async def _retrying(client: ModelClient, call: Callable[[], Awaitable[Any]], *, timeout_s: float | None = None) -> Any:
    """A batch endpoint call under the client's retry policy (rate limits, 5xx, drops),
    each attempt cut off after ``timeout_s`` (default: a model call's whole time), as a live
    call is: a server that trickles its answer a byte at a time never lets the read timeout
    fire, and would hold the sweep for ever."""
    limit = timeout_s or client.call_timeout_s
    started = time.monotonic()
    attempt = 0
    while True:
        attempt += 1
        try:
            window = asyncio.timeout(limit)
            try:
                async with window:
                    return await call()
            except TimeoutError:
                if not window.expired():
                    raise  # not our cut-off: something inside timed out on its own
                raise ProviderError("timeout", f"no complete answer from the batch endpoint within {limit:g} s: the server "
                                    "kept the connection open without finishing it") from None
        except ProviderError as error:
            wait = client.retry.delay(attempt, error)
            if not client.retry.should_retry(attempt, error, started, wait):
                raise
            await asyncio.sleep(wait)
