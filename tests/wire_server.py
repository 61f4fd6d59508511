"""A local HTTP server that speaks the Anthropic Messages, Bedrock invoke and OpenAI
chat-completions wire protocols, so tests drive the real vendor SDKs end to end.

Endpoints (POST, JSON):

* ``/v1/messages``                      Anthropic Messages  (``anthropic_url`` = ``url``)
* ``/model/{model_id}/invoke``          Bedrock InvokeModel (``bedrock_url`` = ``url``)
* ``/v1/chat/completions``, ``/chat/completions``  OpenAI (``openai_url`` = ``url + "/v1"``)

Script it with provider-neutral replies, rendered in the wire format of the request::

    server.queue(Reply(tool_calls=[ToolUse("fetch", {"node": "0003"})]), Reply("The answer is 42."))
    server.queue(Fault.rate_limit(retry_after=2), Reply("ok"))    # 429 first, then a reply
    server.responder = lambda req: Reply(f"{len(req.json['messages'])} messages")
    server.inject_faults(0.2, seed=1)   # 20% of requests fail with a mix of faults

Each request is answered by, in order: an injected fault (``inject_faults``), the next queued
item (``queue``), ``responder(request)`` (a ``Reply``, ``Fault``, raw ``dict`` body or ``str``
text; ``None`` falls through), else ``Reply("ok")``. Every request is recorded in
``server.requests`` (``RecordedRequest``: api, path, headers, json, and what was served).
Faults: ``Fault.status(code, message, retry_after)`` with the vendor's error JSON and an optional ``retry-after``
(shortcuts ``rate_limit``, ``overloaded``, ``server_error``, ``bad_request``, ``auth``),
``Fault.timeout(seconds)`` (answers only after a delay), ``Fault.drop()`` (closes the socket
without a response), ``Fault.trickle(seconds)`` (a 200 whose body comes one byte every
``seconds``, never ending) and ``Fault.raw(body)`` (any status, body and content type).
Malformed tool input: ``ToolUse("grep", '{"pattern": ')`` sends the string as is.
Request bodies that a real server would refuse (no messages, a tool call left unanswered, a
tool result naming no call, an empty text block, misplaced prompt-cache markers) get a 400
before any script runs; ``server.strict = False`` turns that off. A responder that raises
is answered with a 500 naming the exception.

``server.prompt_cache = PromptCache()`` bills cached prefixes as the vendors do
(``tests/wire_cache.py``); ``server.batches`` serves Anthropic's Message Batches API
(``tests/wire_batches.py``).
"""
from __future__ import annotations

import itertools
import json
import random
import re
import socket
import threading
import time
import urllib.parse
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from wire_batches import BatchDesk
from wire_cache import PromptCache
from wire_rules import ANTHROPIC, BEDROCK, OPENAI, validate


@dataclass
class ToolUse:
    """A tool call in a scripted reply. ``arguments`` may be a string: it is sent verbatim
    (OpenAI ``arguments``; Anthropic ``input`` becomes that string), to script malformed calls."""

    name: str
    arguments: dict[str, Any] | str = field(default_factory=dict)
    id: str | None = None


@dataclass
class Reply:
    """A successful model answer. Usage defaults to rough counts from the request and reply
    sizes; ``input`` is the uncached part (OpenAI's ``prompt_tokens`` adds the cache counts).
    ``reports_usage=False`` leaves usage out of the reply, as some servers do.
    ``stop_reason`` uses Anthropic's words and is translated for OpenAI."""

    text: str = ""
    tool_calls: list[ToolUse] = field(default_factory=list)
    input_tokens: int | None = None
    output_tokens: int | None = None
    cache_read: int = 0
    cache_write: int = 0
    stop_reason: str | None = None
    model: str | None = None
    reports_usage: bool = True


@dataclass
class Fault:
    """A failure served instead of a reply; build one with the class methods."""

    kind: str  # "status" | "timeout" | "drop" | "trickle" | "raw"
    http_status: int = 200
    message: str | None = None
    retry_after: str | None = None
    seconds: float = 0.0
    body: bytes = b""
    content_type: str = "application/json"

    @classmethod
    def status(cls, code: int, message: str | None = None, retry_after: float | str | None = None) -> Fault:
        """An HTTP error with the vendor's error body (``message`` inside) and, if given,
        a ``retry-after`` header (seconds, or an HTTP date string)."""
        return cls("status", code, message, None if retry_after is None else str(retry_after))

    @classmethod
    def rate_limit(cls, retry_after: float | str | None = 1, message: str | None = None) -> Fault:
        return cls.status(429, message, retry_after)

    @classmethod
    def overloaded(cls, message: str | None = None) -> Fault:
        return cls.status(529, message)

    @classmethod
    def server_error(cls, status: int = 500, message: str | None = None) -> Fault:
        return cls.status(status, message)

    @classmethod
    def bad_request(cls, message: str = "invalid request (scripted)") -> Fault:
        return cls.status(400, message)

    @classmethod
    def auth(cls, status: int = 401, message: str | None = None) -> Fault:
        return cls.status(status, message)

    @classmethod
    def timeout(cls, seconds: float = 5.0) -> Fault:
        """Hold the request ``seconds`` before answering: longer than the client's timeout."""
        return cls("timeout", seconds=seconds)

    @classmethod
    def drop(cls) -> Fault:
        """Close the connection without sending a response."""
        return cls("drop")

    @classmethod
    def trickle(cls, seconds: float = 0.2) -> Fault:
        """Send 200 and a long content-length, then one byte every ``seconds`` until the client
        hangs up: each byte restarts the client's read timeout, so only a limit on the whole
        call ends it."""
        return cls("trickle", seconds=seconds)

    @classmethod
    def raw(cls, body: bytes | str, status: int = 200, content_type: str = "application/json") -> Fault:
        return cls("raw", status, body=body.encode() if isinstance(body, str) else body, content_type=content_type)


DEFAULT_FAULT_MIX: tuple[Fault, ...] = (
    Fault.rate_limit(retry_after=0),
    Fault.overloaded(),
    Fault.server_error(),
    Fault.drop(),
)

Served = Reply | Fault | dict
Responder = Callable[["RecordedRequest"], Served | str | None]


@dataclass
class RecordedRequest:
    api: str  # "anthropic" | "bedrock" | "openai" | "unknown"
    method: str
    path: str
    headers: dict[str, str]  # lower-case names
    json: Any
    model: str | None
    served: Served | None = None  # what the server answered with
    at: float = 0.0  # time.monotonic() on arrival


_ANTHROPIC_TYPES = {
    400: "invalid_request_error", 401: "authentication_error", 403: "permission_error", 404: "not_found_error",
    413: "request_too_large", 429: "rate_limit_error", 529: "overloaded_error",
}
_BEDROCK_TYPES = {
    400: "ValidationException", 401: "UnrecognizedClientException", 403: "AccessDeniedException",
    404: "ResourceNotFoundException", 408: "ModelTimeoutException", 429: "ThrottlingException",
    503: "ServiceUnavailableException", 529: "ServiceUnavailableException",
}
_OPENAI_TYPES = {
    400: ("invalid_request_error", None), 401: ("invalid_request_error", "invalid_api_key"),
    403: ("permission_error", None), 404: ("invalid_request_error", "model_not_found"),
    429: ("requests", "rate_limit_exceeded"),
}
_DEFAULT_MESSAGES = {
    400: "Invalid request.", 401: "Invalid API key.", 403: "Permission denied.", 404: "Not found.",
    429: "Rate limit exceeded.", 500: "Internal server error.", 503: "Service unavailable.", 529: "Overloaded.",
}
_OPENAI_STOP = {"end_turn": "stop", "tool_use": "tool_calls", "max_tokens": "length", "stop_sequence": "stop"}
_AMZN_NAMESPACE = "http://internal.amazon.com/coral/com.amazon.bedrock/"
_BEDROCK_PATH = re.compile(r"^/model/(?P<model>[^/]+)/invoke$")


def _tokens(value: Any) -> int:
    return max(1, len(json.dumps(value, default=str)) // 4)


class WireServer:
    """The server; use as a context manager or call ``start()``/``stop()``."""

    def __init__(self) -> None:
        self.requests: list[RecordedRequest] = []
        self.responder: Responder | None = None
        # Answer 400, as the real APIs do, to bodies that break their rules (see ``validate``).
        self.strict = True
        self.prompt_cache: PromptCache | None = None  # None: input tokens from the body's size
        self.batches = BatchDesk(self)
        self._queue: deque[Served] = deque()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._ids = itertools.count(1)
        self._fault_rate = 0.0
        self._fault_mix: tuple[Fault, ...] = DEFAULT_FAULT_MIX
        self._fault_rng = random.Random(0)
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle ---------------------------------------------------------------------
    def start(self) -> WireServer:
        handler = type("Handler", (_Handler,), {"wire": self})
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()  # wakes handlers held by Fault.timeout
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> WireServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def url(self) -> str:
        assert self._httpd is not None, "server not started"
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}"

    anthropic_url = url
    bedrock_url = url

    @property
    def openai_url(self) -> str:
        return self.url + "/v1"

    # -- scripting ---------------------------------------------------------------------
    def wait_for_requests(self, count: int, within: float = 10.0) -> None:
        """Wait until ``count`` requests have reached the server. A client that gave up on a
        request (its timeout) may return before the server's thread has taken it, and on a
        loaded machine its next request would then take the first one's place in the queue."""
        deadline = time.monotonic() + within
        while len(self.requests) < count:
            if time.monotonic() > deadline:
                raise AssertionError(f"the server received {len(self.requests)} of {count} requests within {within} s")
            time.sleep(0.01)

    def queue(self, *items: Served | str) -> None:
        """Append replies/faults, served in order (a ``str`` is ``Reply(text)``)."""
        with self._lock:
            self._queue.extend(Reply(i) if isinstance(i, str) else i for i in items)

    def inject_faults(self, rate: float, faults: Sequence[Fault] = DEFAULT_FAULT_MIX, seed: int = 0) -> None:
        """Serve a fault, drawn from ``faults``, for a ``rate`` share of requests (seeded);
        a faulted request does not consume the queue. ``rate=0`` turns this off."""
        with self._lock:
            self._fault_rate = rate
            self._fault_mix = tuple(faults)
            self._fault_rng = random.Random(seed)

    def reset(self) -> None:
        with self._lock:
            self._queue.clear()
            self.requests.clear()
            self.responder = None
            self._fault_rate = 0.0

    @property
    def pending(self) -> int:
        """Queued items not served yet."""
        return len(self._queue)

    def requests_for(self, api: str) -> list[RecordedRequest]:
        return [r for r in self.requests if r.api == api]

    @property
    def last(self) -> RecordedRequest:
        return self.requests[-1]

    # -- serving -----------------------------------------------------------------------
    def _record(self, request: RecordedRequest) -> None:
        with self._lock:
            self.requests.append(request)

    def _choose(self, request: RecordedRequest) -> Served:
        with self._lock:
            self.requests.append(request)
            if self._fault_rate and self._fault_rng.random() < self._fault_rate:
                return self._fault_rng.choice(self._fault_mix)
            if self._queue:
                return self._queue.popleft()
            responder = self.responder
        if responder is not None:
            try:
                answer = responder(request)
            except Exception as exc:  # surface the test's bug in the client's error message
                return Fault.server_error(500, f"wire_server responder raised {type(exc).__name__}: {exc}")
            if isinstance(answer, str):
                return Reply(answer)
            if answer is not None:
                return answer
        return Reply("ok")

    def _render_reply(self, reply: Reply, request: RecordedRequest) -> dict[str, Any]:
        n = next(self._ids)
        model = reply.model or request.model or "wire-model"
        output = reply.output_tokens
        if output is None:
            output = _tokens([reply.text, [(c.name, c.arguments) for c in reply.tool_calls]])
        input_tokens = reply.input_tokens if reply.input_tokens is not None else _tokens(request.json)
        if reply.input_tokens is None and self.prompt_cache is not None:
            bill = self.prompt_cache.bill(request.api, request.json, model)
            input_tokens = bill.input
            reply = Reply(**{**reply.__dict__, "cache_read": bill.cache_read, "cache_write": bill.cache_write})
        if request.api == OPENAI:
            message: dict[str, Any] = {"role": "assistant", "content": reply.text or None, "refusal": None}
            if reply.tool_calls:
                message["tool_calls"] = [
                    {
                        "id": c.id or f"call_{n}_{i}",
                        "type": "function",
                        "function": {
                            "name": c.name,
                            "arguments": c.arguments if isinstance(c.arguments, str) else json.dumps(c.arguments),
                        },
                    }
                    for i, c in enumerate(reply.tool_calls)
                ]
            stop = reply.stop_reason or ("tool_use" if reply.tool_calls else "end_turn")
            prompt = input_tokens + reply.cache_read + reply.cache_write
            details: dict[str, int] = {"cached_tokens": reply.cache_read}
            if reply.cache_write:
                details["cache_write_tokens"] = reply.cache_write
            body = {
                "id": f"chatcmpl-wire{n}",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": model,
                "choices": [
                    {"index": 0, "message": message, "finish_reason": _OPENAI_STOP.get(stop, stop), "logprobs": None}
                ],
                "usage": {
                    "prompt_tokens": prompt,
                    "completion_tokens": output,
                    "total_tokens": prompt + output,
                    "prompt_tokens_details": details,
                },
            }
            if not reply.reports_usage:
                del body["usage"]
            return body
        content: list[dict[str, Any]] = [{"type": "text", "text": reply.text}] if reply.text else []
        content += [
            {"type": "tool_use", "id": c.id or f"toolu_wire{n}_{i}", "name": c.name, "input": c.arguments}
            for i, c in enumerate(reply.tool_calls)
        ]
        body = {
            "id": f"msg_wire{n}",
            "type": "message",
            "role": "assistant",
            "model": model,
            "content": content,
            "stop_reason": reply.stop_reason or ("tool_use" if reply.tool_calls else "end_turn"),
            "stop_sequence": None,
            "usage": {
                "input_tokens": input_tokens,
                "output_tokens": output,
                "cache_read_input_tokens": reply.cache_read,
                "cache_creation_input_tokens": reply.cache_write,
            },
        }
        if not reply.reports_usage:
            del body["usage"]
        return body

    @staticmethod
    def _render_error(api: str, status: int, message: str | None) -> tuple[dict[str, Any], dict[str, str]]:
        text = message or _DEFAULT_MESSAGES.get(status, f"HTTP {status}.")
        if api == BEDROCK:
            name = _BEDROCK_TYPES.get(status, "InternalServerException")
            return {"message": text}, {"x-amzn-ErrorType": f"{name}:{_AMZN_NAMESPACE}"}
        if api == OPENAI:
            kind, code = _OPENAI_TYPES.get(status, ("server_error", None))
            return {"error": {"message": text, "type": kind, "param": None, "code": code}}, {}
        kind = _ANTHROPIC_TYPES.get(status, "api_error")
        return {"type": "error", "error": {"type": kind, "message": text}, "request_id": "req_wire"}, {}


class _Handler(BaseHTTPRequestHandler):
    wire: WireServer
    protocol_version = "HTTP/1.1"

    def setup(self) -> None:
        super().setup()
        # Headers and body go out in separate writes; without this, Nagle's algorithm and
        # delayed ACKs add ~40 ms to some responses.
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def log_message(self, format: str, *args: Any) -> None:  # keep pytest output clean
        pass

    def do_GET(self) -> None:
        path = urllib.parse.urlsplit(self.path).path
        if self._batch_route("GET", path, None):
            return
        self._send_json(404, {"error": {"type": "not_found_error", "message": f"no GET {self.path}"}})

    def _batch_route(self, method: str, path: str, body: Any) -> bool:
        headers = {k.lower(): v for k, v in self.headers.items()}
        answer = self.wire.batches.route(method, path, body, headers)
        if answer is None:
            return False
        self.wire._record(RecordedRequest("batches", method, path, headers, body, None, at=time.monotonic()))
        status, payload = answer
        if isinstance(payload, Fault) and payload.kind == "trickle":
            self._trickle(payload.seconds)
        elif isinstance(payload, bytes):
            self._send(status, payload, "application/binary")
        else:
            self._send_json(status, payload)
        return True

    def do_POST(self) -> None:
        raw = self.rfile.read(int(self.headers.get("content-length") or 0))
        path = urllib.parse.urlsplit(self.path).path
        if path.startswith("/v1/messages/batches"):
            if self._batch_route("POST", path, json.loads(raw) if raw else None):
                return
        api, model = "unknown", None
        if path == "/v1/messages":
            api = ANTHROPIC
        elif path in ("/v1/chat/completions", "/chat/completions"):
            api = OPENAI
        elif match := _BEDROCK_PATH.match(path):
            api, model = BEDROCK, urllib.parse.unquote(match.group("model"))
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            body = raw.decode("utf-8", "replace")
        if api != BEDROCK and isinstance(body, dict):
            model = body.get("model")
        request = RecordedRequest(
            api, "POST", path, {k.lower(): v for k, v in self.headers.items()}, body, model, at=time.monotonic()
        )
        if api == "unknown":
            self.wire._record(request)
            return self._send_json(404, {"error": {"type": "not_found_error", "message": f"no route {path}"}})
        problem = validate(api, body) if self.wire.strict else None
        if problem is not None:
            request.served = Fault.bad_request(problem)
            self.wire._record(request)
            error, headers = WireServer._render_error(api, 400, problem)
            return self._send_json(400, error, headers)
        served = self.wire._choose(request)
        request.served = served
        self._serve(request, served)

    def _serve(self, request: RecordedRequest, served: Served) -> None:
        if isinstance(served, dict):
            return self._send_json(200, served)
        if isinstance(served, Reply):
            return self._send_json(200, self.wire._render_reply(served, request))
        if served.kind == "drop":
            self.close_connection = True
            try:
                self.connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            return
        if served.kind == "timeout":
            if self.wire._stop.wait(served.seconds):
                self.close_connection = True
                return
            return self._send_json(200, self.wire._render_reply(Reply("late"), request))
        if served.kind == "trickle":
            return self._trickle(served.seconds)
        if served.kind == "raw":
            return self._send(served.http_status, served.body, served.content_type)
        error, headers = WireServer._render_error(request.api, served.http_status, served.message)
        if served.retry_after is not None:
            headers["retry-after"] = served.retry_after
        self._send_json(served.http_status, error, headers)

    def _trickle(self, seconds: float) -> None:
        self.close_connection = True
        try:
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", "100000")
            self.end_headers()
            self.wfile.flush()
            while not self.wire._stop.wait(seconds):
                self.wfile.write(b" ")
                self.wfile.flush()
        except OSError:
            pass  # the client gave up on the reply: what the fault is for

    def _send_json(self, status: int, body: Any, headers: dict[str, str] | None = None) -> None:
        self._send(status, json.dumps(body).encode(), "application/json", headers)

    def _send(self, status: int, payload: bytes, content_type: str, headers: dict[str, str] | None = None) -> None:
        try:
            self.send_response(status)
            self.send_header("content-type", content_type)
            self.send_header("content-length", str(len(payload)))
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(payload)
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True  # the client gave up (its timeout): nothing to answer
