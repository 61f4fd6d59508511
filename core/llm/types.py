"""Provider-neutral message, tool and completion types.

Every provider converts these to and from its own wire format; nothing outside
``core/llm/providers`` sees a vendor type. Messages serialise to plain JSON so that
they can key the response cache and be written to traces.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

from core.text import scrub_text

Role = Literal["user", "assistant"]


@dataclass(frozen=True)
class ToolSpec:
    """A tool offered to the model: a name, what it does, and a JSON schema of its input."""

    name: str
    description: str
    input_schema: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "description": self.description, "input_schema": self.input_schema}


@dataclass
class ToolCall:
    """A tool call the model made. ``arguments`` is ``{}`` and ``parse_error`` is set when
    the model's arguments were not a JSON object (a malformed call the loop reports back)."""

    id: str
    name: str
    arguments: dict[str, Any]
    parse_error: str | None = None

    def __post_init__(self) -> None:
        # Model output: made writable as UTF-8 where it enters (see core.text).
        self.id, self.name, self.arguments = scrub_text(self.id), scrub_text(self.name), scrub_text(self.arguments)
        self.parse_error = scrub_text(self.parse_error)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "name": self.name, "arguments": self.arguments}
        if self.parse_error:
            out["parse_error"] = self.parse_error
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ToolCall:
        return cls(data["id"], data["name"], dict(data.get("arguments") or {}), data.get("parse_error"))


def decode_tool_arguments(raw: Any) -> tuple[dict[str, Any], str | None]:
    """A tool call's arguments as an object, however they arrive: an object; a JSON text of
    one (OpenAI always sends text, and some gateways pass Anthropic's ``input`` on as text);
    or such a text encoded twice. Nothing (``None``, ``""``) is a call without arguments.
    Anything else is ``({}, the problem)``, which the tool loop tells the model."""
    value = raw
    for _ in range(3):
        if isinstance(value, dict):
            return dict(value), None
        if value is None or (isinstance(value, str) and not value.strip()):
            return {}, None
        if not isinstance(value, str):
            break
        try:
            value = json.loads(value)
        except ValueError as exc:  # not JSON, or an integer of over 4,300 digits
            return {}, f"arguments are not valid JSON ({getattr(exc, 'msg', exc)}): {str(raw)[:200]}"
    shown = raw if isinstance(raw, str) else json.dumps(raw, default=str)
    return {}, f"arguments are not a JSON object: {shown[:200]}"


@dataclass
class ToolResult:
    tool_call_id: str
    content: str
    is_error: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"tool_call_id": self.tool_call_id, "content": self.content, "is_error": self.is_error}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ToolResult:
        return cls(data["tool_call_id"], data["content"], bool(data.get("is_error")))


@dataclass
class Message:
    """One conversation turn. A user turn carries text and/or tool results; an assistant
    turn carries text and/or tool calls.

    ``stable_chars`` marks the first characters of ``text`` as a prefix that other calls
    repeat word for word (the section index, shared by every turn, item and question on one
    filing): providers with a prompt cache put a cache breakpoint after it."""

    role: Role
    text: str = ""
    tool_calls: list[ToolCall] = field(default_factory=list)
    tool_results: list[ToolResult] = field(default_factory=list)
    stable_chars: int = 0

    @classmethod
    def user(cls, text: str, stable_chars: int = 0) -> Message:
        return cls("user", text, stable_chars=stable_chars)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"role": self.role, "text": self.text}
        if self.tool_calls:
            out["tool_calls"] = [c.to_dict() for c in self.tool_calls]
        if self.tool_results:
            out["tool_results"] = [r.to_dict() for r in self.tool_results]
        if self.stable_chars:
            out["stable_chars"] = self.stable_chars
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Message:
        return cls(
            data["role"],
            data.get("text", ""),
            [ToolCall.from_dict(c) for c in data.get("tool_calls", [])],
            [ToolResult.from_dict(r) for r in data.get("tool_results", [])],
            int(data.get("stable_chars", 0) or 0),
        )


@dataclass
class Usage:
    """Token usage. ``total`` counts every token the model processed or produced,
    cached reads and writes included. ``estimated`` marks counts that were computed
    by the harness (the offline model) rather than reported by a provider."""

    input: int = 0
    output: int = 0
    cache_read: int = 0
    cache_write: int = 0
    estimated: bool = False

    @property
    def total(self) -> int:
        return self.input + self.output + self.cache_read + self.cache_write

    def add(self, other: Usage) -> None:
        self.input += other.input
        self.output += other.output
        self.cache_read += other.cache_read
        self.cache_write += other.cache_write
        self.estimated = self.estimated or other.estimated

    def to_dict(self) -> dict[str, Any]:
        return {
            "input": self.input,
            "output": self.output,
            "cache_read": self.cache_read,
            "cache_write": self.cache_write,
            "total": self.total,
            "estimated": self.estimated,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Usage:
        return cls(
            int(data.get("input", 0)),
            int(data.get("output", 0)),
            int(data.get("cache_read", 0)),
            int(data.get("cache_write", 0)),
            bool(data.get("estimated", False)),
        )


@dataclass
class CompletionRequest:
    """Everything a provider needs for one call. ``role`` names the agent role
    (scorer, answerer, agent, extractor, synthesizer, planner, executor, judge, ...):
    usage is split by it, and the offline policy reads it to know which part it plays.
    ``prompt_cache`` asks a provider that has a prompt cache to mark the stable prefix
    (system prompt, tools, a message's ``stable_chars``, the conversation so far)."""

    system: str
    messages: list[Message]
    tools: list[ToolSpec] = field(default_factory=list)
    max_tokens: int = 2048
    temperature: float = 0.0
    role: str = "agent"
    prompt_cache: bool = False

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "system": self.system,
            "messages": [m.to_dict() for m in self.messages],
            "tools": [t.to_dict() for t in self.tools],
            "max_tokens": self.max_tokens,
            "temperature": self.temperature,
            "role": self.role,
        }
        if self.prompt_cache:
            # Part of the response-cache key: a reply's recorded usage (cache reads and
            # writes) is only true of calls made the same way.
            out["prompt_cache"] = True
        return out


@dataclass
class Completion:
    """A model's reply. ``cached``: replayed from the response cache; ``batch``: answered
    through a provider's batch API (billed at the batch discount)."""

    text: str
    tool_calls: list[ToolCall]
    usage: Usage
    stop_reason: str = "end_turn"
    model: str = ""
    cached: bool = False
    batch: bool = False

    def __post_init__(self) -> None:
        # Model output: made writable as UTF-8 where it enters (see core.text).
        self.text, self.stop_reason, self.model = scrub_text(self.text), scrub_text(self.stop_reason), scrub_text(self.model)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "text": self.text,
            "tool_calls": [c.to_dict() for c in self.tool_calls],
            "usage": self.usage.to_dict(),
            "stop_reason": self.stop_reason,
            "model": self.model,
        }
        if self.batch:
            out["batch"] = True
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Completion:
        return cls(
            data.get("text", ""),
            [ToolCall.from_dict(c) for c in data.get("tool_calls", [])],
            Usage.from_dict(data.get("usage", {})),
            data.get("stop_reason", "end_turn"),
            data.get("model", ""),
            batch=bool(data.get("batch", False)),
        )

    def to_message(self) -> Message:
        return Message("assistant", self.text, list(self.tool_calls))
