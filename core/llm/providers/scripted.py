"""The scripted provider: a test double that takes the same path as real providers.

``scripted:<name>`` replays the script registered under ``name``: either a list of
replies (each a ``Completion``, a string, or a dict with ``text``/``tool_calls``), consumed
in order, or a function of the ``CompletionRequest`` returning one of those. A reply may
also be a ``ProviderError`` instance, which is raised, so tests can script faults.
"""
from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable

from core.errors import UserError
from core.llm.base import ModelSpec, ProviderError, ProviderSettings
from core.llm.tokens import estimate_request_tokens, estimate_tokens
from core.llm.types import Completion, CompletionRequest, ToolCall, Usage

Reply = Completion | str | dict | ProviderError
Script = list | Callable[[CompletionRequest], Reply]
_SCRIPTS: dict[str, Script] = {}


def register_script(name: str, script: Script) -> None:
    _SCRIPTS[name] = list(script) if isinstance(script, (list, tuple)) else script


def unregister_script(name: str) -> None:
    _SCRIPTS.pop(name, None)


def check(spec: ModelSpec, settings: ProviderSettings) -> None:
    if spec.model not in _SCRIPTS:
        raise UserError(f"no script registered as {spec.model!r}", "register it with register_script() before the sweep")


def create(spec: ModelSpec, settings: ProviderSettings) -> ScriptedProvider:
    check(spec, settings)
    return ScriptedProvider(spec, _SCRIPTS[spec.model])


def _to_completion(reply: Reply, request: CompletionRequest, ids: itertools.count[int]) -> Completion:
    if isinstance(reply, ProviderError):
        raise reply
    if isinstance(reply, Completion):
        return reply
    if isinstance(reply, str):
        reply = {"text": reply}
    calls = [
        ToolCall(str(c.get("id") or f"call_{next(ids)}"), c["name"], dict(c.get("arguments") or {}), c.get("parse_error"))
        for c in reply.get("tool_calls", [])
    ]
    text = str(reply.get("text", ""))
    usage = reply.get("usage")
    if usage is None:
        usage = Usage(estimate_request_tokens(request), estimate_tokens(text) + 20 * len(calls), estimated=True)
    elif isinstance(usage, dict):
        usage = Usage.from_dict(usage)
    return Completion(text, calls, usage, "tool_use" if calls else "end_turn", "scripted")


class ScriptedProvider:
    deterministic = False

    def __init__(self, spec: ModelSpec, script: Script):
        self.spec = spec
        self.script = script
        self.requests: list[CompletionRequest] = []
        self._ids = itertools.count(1)
        self._lock = asyncio.Lock()

    async def complete(self, request: CompletionRequest) -> Completion:
        self.requests.append(request)
        if callable(self.script):
            reply = self.script(request)
            if asyncio.iscoroutine(reply):
                reply = await reply
        else:
            async with self._lock:
                if not self.script:
                    raise ProviderError("bad_request", "scripted provider ran out of replies")
                reply = self.script.pop(0)
        return _to_completion(reply, request, self._ids)

    async def aclose(self) -> None:
        return None
