"""Anthropic's Message Batches API for the wire server (``server.batches``).

* ``POST /v1/messages/batches``             create: ``{"requests": [{"custom_id", "params"}]}``
* ``GET  /v1/messages/batches/{id}``        retrieve: processing status and request counts
* ``GET  /v1/messages/batches/{id}/results`` the results as JSON lines, once ended

Each request of a batch is answered when the batch is created, by the server's usual
script (queue, responder, prompt cache), as if it had been sent to ``/v1/messages``; a
request a real server would refuse is ``errored`` with the 400 message. Script the rest::

    server.batches.polls_until_ended = 3    # retrieves that still say in_progress (default 1)
    server.batches.hold = True              # every batch stays in progress until released
    server.batches.outcome = lambda custom_id, params: "expired" if ... else "succeeded"
    # an outcome is one of OUTCOMES, or "malformed": succeeded with a message that is no reply
    server.batches.refuse = lambda method, path, headers: (401, "bad key ...") or None
    # an error answer of the batches endpoints themselves (create, retrieve, results), or
    # Fault.trickle(seconds): a 200 whose body never ends

``server.batches.created`` lists every batch created (its id and custom ids), so tests can
check that an interrupted client resumed a batch rather than creating a second one;
``server.batches.forget()`` makes every batch unknown (a 404), as old batches become.
"""
from __future__ import annotations

import itertools
import json
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from wire_server import WireServer

OUTCOMES = ("succeeded", "errored", "canceled", "expired")
_ID_PATH = re.compile(r"^/v1/messages/batches/(?P<id>[^/]+)(?P<results>/results)?$")
_CUSTOM_ID = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")


@dataclass
class FakeBatch:
    id: str
    custom_ids: list[str]
    results: list[dict[str, Any]]
    created_at: str
    polls: int = 0
    ended: bool = False
    counts: dict[str, int] = field(default_factory=dict)


class BatchDesk:
    def __init__(self, server: WireServer):
        self.server = server
        self.polls_until_ended = 1
        self.hold = False
        self.outcome: Callable[[str, dict[str, Any]], str] = lambda custom_id, params: "succeeded"
        self.refuse: Callable[[str, str, dict[str, str]], Any] = lambda method, path, headers: None
        self.created: list[FakeBatch] = []
        self._batches: dict[str, FakeBatch] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()

    def create(self, body: Any, headers: dict[str, str]) -> tuple[int, dict[str, Any]]:
        requests = body.get("requests") if isinstance(body, dict) else None
        if not isinstance(requests, list) or not requests:
            return 400, _error("invalid_request_error", "requests: must be a non-empty list")
        ids = [r.get("custom_id") if isinstance(r, dict) else None for r in requests]
        if not all(isinstance(i, str) and _CUSTOM_ID.match(i) for i in ids):
            return 400, _error("invalid_request_error", "custom_id: must match ^[a-zA-Z0-9_-]{1,64}$")
        if len(set(ids)) != len(ids):
            return 400, _error("invalid_request_error", "custom_id: must be unique within a batch")
        results = [self._answer(r["custom_id"], r.get("params"), headers) for r in requests]
        now = datetime.now(UTC)
        batch = FakeBatch(f"msgbatch_wire{next(self._ids):04d}", list(ids), results, now.isoformat())
        with self._lock:
            self._batches[batch.id] = batch
            self.created.append(batch)
        return 200, self._view(batch)

    def _answer(self, custom_id: str, params: Any, headers: dict[str, str]) -> dict[str, Any]:
        from wire_server import ANTHROPIC, Fault, RecordedRequest, Reply, validate

        kind = self.outcome(custom_id, params if isinstance(params, dict) else {})
        if kind == "malformed":  # succeeded, with a message no Messages reply has (content is no list)
            return {"custom_id": custom_id, "result": {"type": "succeeded", "message": {"type": "message", "content": "oops"}}}
        if kind != "succeeded":
            if kind == "errored":
                return {"custom_id": custom_id, "result": {"type": "errored", "error": _error("api_error", "scripted item error")}}
            return {"custom_id": custom_id, "result": {"type": kind}}
        problem = validate(ANTHROPIC, params) if self.server.strict else None
        if problem is not None:
            return {"custom_id": custom_id, "result": {"type": "errored", "error": _error("invalid_request_error", problem)}}
        request = RecordedRequest(ANTHROPIC, "POST", f"/v1/messages/batches#{custom_id}", headers, params, params.get("model"))
        served = self.server._choose(request)
        request.served = served
        if isinstance(served, Fault):  # a fault scripted for a live call is the item's error
            message = served.message or f"{served.kind} fault"
            return {"custom_id": custom_id, "result": {"type": "errored", "error": _error("api_error", message)}}
        reply = served if isinstance(served, Reply) else Reply(str(served))
        return {"custom_id": custom_id, "result": {"type": "succeeded", "message": self.server._render_reply(reply, request)}}

    def retrieve(self, batch_id: str) -> tuple[int, dict[str, Any]]:
        with self._lock:
            batch = self._batches.get(batch_id)
            if batch is None:
                return 404, _error("not_found_error", f"no message batch {batch_id}")
            batch.polls += 1
            if not self.hold and batch.polls > self.polls_until_ended:
                batch.ended = True
            return 200, self._view(batch)

    def results(self, batch_id: str) -> tuple[int, bytes | dict[str, Any]]:
        with self._lock:
            batch = self._batches.get(batch_id)
        if batch is None:
            return 404, _error("not_found_error", f"no message batch {batch_id}")
        if not batch.ended:
            return 400, _error("invalid_request_error", f"batch {batch_id} is still in progress")
        return 200, "".join(json.dumps(r) + "\n" for r in batch.results).encode()

    def forget(self) -> None:
        """Drop every batch, as the API does once a batch's results are past their 29 days."""
        with self._lock:
            self._batches.clear()

    def _view(self, batch: FakeBatch) -> dict[str, Any]:
        counts = dict.fromkeys(("processing",) + OUTCOMES, 0)
        if batch.ended:
            for result in batch.results:
                counts[result["result"]["type"]] += 1
        else:
            counts["processing"] = len(batch.results)
        created = datetime.fromisoformat(batch.created_at)
        return {
            "id": batch.id, "type": "message_batch", "processing_status": "ended" if batch.ended else "in_progress",
            "request_counts": counts, "created_at": batch.created_at, "expires_at": (created + timedelta(hours=24)).isoformat(),
            "ended_at": datetime.now(UTC).isoformat() if batch.ended else None, "archived_at": None, "cancel_initiated_at": None,
            "results_url": f"{self.server.url}/v1/messages/batches/{batch.id}/results" if batch.ended else None,
        }

    def route(self, method: str, path: str, body: Any, headers: dict[str, str]) -> tuple[int, bytes | dict[str, Any]] | None:
        """The answer to a batch request, or None when the path is not the batches API."""
        if path.startswith("/v1/messages/batches"):
            refused = self.refuse(method, path, headers)
            if refused is not None and not isinstance(refused, tuple):
                return 0, refused  # a Fault the server plays (a trickle)
            if refused is not None:
                status, message = refused
                return status, _error("authentication_error" if status == 401 else "api_error", message)
        if method == "POST" and path == "/v1/messages/batches":
            return self.create(body, headers)
        match = _ID_PATH.match(path)
        if method == "GET" and match:
            return self.results(match["id"]) if match["results"] else self.retrieve(match["id"])
        return None


def _error(kind: str, message: str) -> dict[str, Any]:
    return {"type": "error", "error": {"type": kind, "message": message}}
