"""The scripted provider: a test double that takes the same path as real providers.

``scripted:<name>`` replays a script:

- registered in-process under ``name`` (tests): a list of replies (each a ``Completion``, a
  string, or a dict with ``text``/``tool_calls``/``usage``), consumed in order, or a
  function of the ``CompletionRequest`` returning one of those; a ``ProviderError`` reply is
  raised, so tests can script faults;
- else a script file: ``scripted:plumbing`` is ``core/llm/providers/scripts/plumbing.json``
  (the built-in scripts), ``scripted:path/to/script.json`` any other file. A script file
  gives, per role, rules tried in order; the first whose conditions hold replies::

      {"description": "...", "usage": {"input": 1000, "output": 100},
       "roles": {"agent": [{"when": {"turn": 1}, "tool_calls": [{"name": "fetch_section", "arguments": {"node_id": "{section}"}}]},
                           {"tool_calls": [{"name": "return", "arguments": {"answer": "...", "sources": ["p. 1"]}}]}]}}

  Conditions (all must hold): ``turn`` (the model call's number within its conversation,
  from 1), ``contains`` / ``lacks`` (text, or a list of texts, the prompt must or must not
  contain: its user turns and tool results). A reply is ``text``, ``json`` (an object
  written as the reply's text) and/or ``tool_calls``; ``{question}`` and ``{section}`` (the
  first node id of the prompt's section index) are filled in. Usage is the reply's, else
  the script's, else estimated. A file script is a pure function of the request, so its
  replies are exact and repeatable: CI gates plumbing on them.
"""
from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from core.errors import UserError
from core.llm.base import ModelSpec, ProviderError, ProviderSettings
from core.llm.tokens import estimate_request_tokens, estimate_tokens
from core.llm.types import Completion, CompletionRequest, ToolCall, Usage
from core.protocol import QUESTION, SECTIONS, parse_section_index, read_block

Reply = Completion | str | dict | ProviderError
Script = list | Callable[[CompletionRequest], Reply]
SCRIPTS_DIR = Path(__file__).resolve().parent / "scripts"
_SCRIPTS: dict[str, Script] = {}

_TOP_KEYS = {"description", "usage", "roles"}
_RULE_KEYS = {"when", "text", "json", "tool_calls", "usage"}
_WHEN_KEYS = {"turn", "contains", "lacks"}


def register_script(name: str, script: Script) -> None:
    _SCRIPTS[name] = list(script) if isinstance(script, (list, tuple)) else script


def unregister_script(name: str) -> None:
    _SCRIPTS.pop(name, None)


def script_path(name: str) -> Path:
    """The file ``scripted:<name>`` names: a path when it looks like one, else a built-in script."""
    if name.endswith(".json") or "/" in name or "\\" in name:
        return Path(name).expanduser()
    return SCRIPTS_DIR / f"{name}.json"


def _texts(value: Any, where: str, path: Path) -> tuple[str, ...]:
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
        raise UserError(f"{path}: {where} must be a text or a list of texts", "see core/llm/providers/scripted.py for the script format")
    return tuple(items)


class ScriptFile:
    """A script file: per role, rules tried in order (see the module docstring)."""

    def __init__(self, path: Path):
        self.path = path
        builtin = ", ".join(sorted(p.stem for p in SCRIPTS_DIR.glob("*.json")))
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise UserError(f"no script {path.stem!r}: {path} does not exist", f"use a built-in script ({builtin}) or scripted:path/to/script.json") from None
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise UserError(f"{path}: not a readable JSON script ({exc})", "fix the file; see core/llm/providers/scripts/ for examples") from None
        if not isinstance(data, dict) or not isinstance(data.get("roles"), dict) or set(data) - _TOP_KEYS:
            raise UserError(f"{path}: a script is an object with \"roles\" (and optionally \"description\", \"usage\")",
                            "see core/llm/providers/scripts/plumbing.json")
        self.usage = self._usage(data.get("usage"), "usage")
        self.roles: dict[str, list[dict[str, Any]]] = {}
        for role, rules in data["roles"].items():
            if not isinstance(rules, list) or not rules:
                raise UserError(f"{path}: roles.{role} must be a non-empty list of rules", "e.g. [{\"text\": \"...\"}]")
            self.roles[role] = [self._rule(rule, f"roles.{role}[{i}]") for i, rule in enumerate(rules)]

    def _usage(self, value: Any, where: str) -> dict[str, int] | None:
        if value is None:
            return None
        counts = [value.get(k, 0) for k in ("input", "output")] if isinstance(value, dict) else []
        if not counts or set(value) - {"input", "output"} or not all(isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in counts):
            raise UserError(f"{self.path}: {where} must be {{\"input\": N, \"output\": N}}", "give whole token counts")
        return {"input": int(value.get("input", 0)), "output": int(value.get("output", 0))}

    def _rule(self, rule: Any, where: str) -> dict[str, Any]:
        if not isinstance(rule, dict) or set(rule) - _RULE_KEYS or not set(rule) & {"text", "json", "tool_calls"}:
            raise UserError(f"{self.path}: {where} needs text, json or tool_calls (and only {', '.join(sorted(_RULE_KEYS))})",
                            "see core/llm/providers/scripts/plumbing.json")
        when = rule.get("when", {})
        if not isinstance(when, dict) or set(when) - _WHEN_KEYS or not isinstance(when.get("turn", 1), int):
            raise UserError(f"{self.path}: {where}.when may hold turn (a number), contains and lacks", "e.g. {\"turn\": 1, \"contains\": \"last_chance=true\"}")
        calls = rule.get("tool_calls", [])
        if not isinstance(calls, list) or not all(isinstance(c, dict) and isinstance(c.get("name"), str) and isinstance(c.get("arguments", {}), dict)
                                                  and not set(c) - {"name", "arguments"} for c in calls):
            raise UserError(f"{self.path}: {where}.tool_calls must be a list of {{\"name\": ..., \"arguments\": {{...}}}}", "name every call")
        return {
            "turn": when.get("turn"),
            "contains": _texts(when.get("contains", []), f"{where}.when.contains", self.path),
            "lacks": _texts(when.get("lacks", []), f"{where}.when.lacks", self.path),
            "text": json.dumps(rule["json"]) if "json" in rule else str(rule.get("text", "")),
            "tool_calls": calls,
            "usage": self._usage(rule.get("usage"), f"{where}.usage") or self.usage,
        }

    def __call__(self, request: CompletionRequest) -> Reply:
        rules = self.roles.get(request.role)
        if rules is None:
            raise ProviderError("bad_request", f"script {self.path.stem!r} has no replies for the role {request.role!r}")
        prompt = "\n".join([m.text for m in request.messages if m.role == "user"] + [r.content for m in request.messages for r in m.tool_results])
        turn = 1 + sum(1 for m in request.messages if m.role == "assistant")
        for rule in rules:
            if rule["turn"] not in (None, turn) or not all(t in prompt for t in rule["contains"]) or any(t in prompt for t in rule["lacks"]):
                continue
            first = request.messages[0].text if request.messages else ""
            sections = parse_section_index(read_block(first, SECTIONS) or "")
            fill = {"{question}": read_block(first, QUESTION) or "", "{section}": sections[0].node_id if sections else ""}
            calls = [{"id": f"scripted_{turn}_{i}", **call} for i, call in enumerate(_filled(rule["tool_calls"], fill), 1)]
            reply: dict[str, Any] = {"text": _filled(rule["text"], fill), "tool_calls": calls}
            if rule["usage"] is not None:
                reply["usage"] = dict(rule["usage"])
            return reply
        raise ProviderError("bad_request", f"script {self.path.stem!r} has no reply for this {request.role} call (turn {turn})")


def _filled(value: Any, fill: dict[str, str]) -> Any:
    if isinstance(value, str):
        for key, text in fill.items():
            value = value.replace(key, text)
        return value
    if isinstance(value, list):
        return [_filled(v, fill) for v in value]
    if isinstance(value, dict):
        return {k: _filled(v, fill) for k, v in value.items()}
    return value


def _script(name: str) -> Script:
    return _SCRIPTS[name] if name in _SCRIPTS else ScriptFile(script_path(name))


def check(spec: ModelSpec, settings: ProviderSettings) -> None:
    _script(spec.model)  # a missing or malformed script stops the sweep before any run


def create(spec: ModelSpec, settings: ProviderSettings) -> ScriptedProvider:
    return ScriptedProvider(spec, _script(spec.model))


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
    def __init__(self, spec: ModelSpec, script: Script):
        self.spec = spec
        self.script = script
        # A file script is a pure function of the request: caching its replies would only
        # hide an edit to the file.
        self.deterministic = isinstance(script, ScriptFile)
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
