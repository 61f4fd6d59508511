"""Anthropic's Message Batches API: many Messages requests in one job, at half the price.

A batch is created with every request under a ``custom_id``, processed within 24 hours
(usually much sooner), then its results are streamed as JSON lines, one per request:
``succeeded`` with the message, or ``errored`` / ``canceled`` / ``expired`` without one.
The requests are the ones ``messages.create`` would send (``request_params``), so a
batched reply is the reply the live call would give, and it is read as one
(``completion_for``: a reply without usage gets an estimate from its request). The SDK is
imported by the caller.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.llm.base import ProviderError
from core.llm.batch import BatchOutcome, BatchStatus
from core.llm.providers._anthropic_wire import _field, completion_for, provider_error, request_params
from core.llm.providers._http import as_provider_error, mask_error
from core.llm.types import CompletionRequest
from core.redact import mask_credentials

COUNTS = ("processing", "succeeded", "errored", "canceled", "expired")


class MessageBatches:
    """The ``core.llm.batch.BatchAPI`` of an ``AsyncAnthropic`` client."""

    max_requests = 10_000  # the API takes up to 100,000 (and 256 MB): smaller batches finish sooner

    def __init__(self, client: Any, model: str, credentials: tuple[str, ...] = ()):
        self._client = client
        self._model = model
        self._credentials = credentials  # masked in every error, as MessagesProvider does

    async def submit(self, requests: dict[str, CompletionRequest]) -> str:
        items = [{"custom_id": custom_id, "params": request_params(r, self._model)} for custom_id, r in requests.items()]
        batch = await self._call(self._client.messages.batches.create(requests=items))
        return str(batch.id)

    async def status(self, batch_id: str) -> BatchStatus:
        batch = await self._call(self._client.messages.batches.retrieve(batch_id))
        counts = _field(batch, "request_counts")
        return BatchStatus(
            batch_id,
            ended=str(_field(batch, "processing_status")) == "ended",
            counts={name: int(_field(counts, name, 0) or 0) for name in COUNTS},
        )

    async def results(self, batch_id: str, requests: Mapping[str, CompletionRequest]) -> dict[str, BatchOutcome]:
        outcomes: dict[str, BatchOutcome] = {}
        try:
            stream = await self._client.messages.batches.results(batch_id)
            async for item in stream:
                request = requests.get(str(item.custom_id))
                if request is None:  # a stored batch's item the caller no longer needs
                    continue
                outcome = _outcome(request, item.result)
                outcomes[str(item.custom_id)] = mask_credentials(outcome, self._credentials) if isinstance(outcome, str) else outcome
        except Exception as exc:
            raise self._translated(exc) from None
        return outcomes

    async def _call(self, awaitable: Any) -> Any:
        try:
            return await awaitable
        except Exception as exc:
            raise self._translated(exc) from None

    def _translated(self, exc: Exception) -> ProviderError:
        # Raised from None: chained to the SDK's exception, its text would hold the body unmasked.
        error = as_provider_error(exc, provider_error, self._credentials)
        return error if error is not None else mask_error(ProviderError("malformed", f"{type(exc).__name__}: {exc}"), self._credentials)


def _outcome(request: CompletionRequest, result: Any) -> BatchOutcome:
    kind = str(_field(result, "type"))
    if kind == "succeeded":
        try:
            completion = completion_for(request, _field(result, "message"))
        except ProviderError as unreadable:
            # One item's unreadable reply is that item's: called live like an errored one,
            # not a failure of the whole results call, which fetched every item again.
            return f"malformed reply: {unreadable}"
        completion.batch = True
        return completion
    if kind == "errored":
        error = _field(_field(result, "error"), "error")
        return f"errored: {_field(error, 'type', 'error')}: {_field(error, 'message', '')}".rstrip(": ")
    if kind == "expired":
        return "expired: the batch ended before this request was processed"
    return f"{kind}: no reply"

