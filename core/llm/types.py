"""Provider-neutral message, tool and completion types.

Every provider converts these to and from its own wire format; nothing outside
``core/llm/providers`` sees a vendor type. Messages serialise to plain JSON so that
they can key the response cache and be written to traces.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

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

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "name": self.name, "arguments": self.arguments}
        if self.parse_error:
            out["parse_error"] = self.parse_error
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ToolCall:
        return cls(data["id"], data["name"], dict(data.get("arguments") or {}), data.get("parse_error"))


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
    turn carries text and/or tool calls."""

    role: Role
    text: str = ""
    tool_calls: list[ToolCall] = field(default_factory=list)
    tool_results: list[ToolResult] = field(default_factory=list)

    @classmethod
    def user(cls, text: str) -> Message:
        return cls("user", text)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"role": self.role, "text": self.text}
        if self.tool_calls:
            out["tool_calls"] = [c.to_dict() for c in self.tool_calls]
        if self.tool_results:
            out["tool_results"] = [r.to_dict() for r in self.tool_results]
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Message:
        return cls(
            data["role"],
            data.get("text", ""),
            [ToolCall.from_dict(c) for c in data.get("tool_calls", [])],
            [ToolResult.from_dict(r) for r in data.get("tool_results", [])],
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
    usage is split by it, and the offline policy reads it to know which part it plays."""

    system: str
    messages: list[Message]
    tools: list[ToolSpec] = field(default_factory=list)
    max_tokens: int = 2048
    temperature: float = 0.0
    role: str = "agent"

    def to_dict(self) -> dict[str, Any]:
        return {
            "system": self.system,
            "messages": [m.to_dict() for m in self.messages],
            "tools": [t.to_dict() for t in self.tools],
            "max_tokens": self.max_tokens,
            "temperature": self.temperature,
            "role": self.role,
        }


@dataclass
class Completion:
    text: str
    tool_calls: list[ToolCall]
    usage: Usage
    stop_reason: str = "end_turn"
    model: str = ""
    cached: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "tool_calls": [c.to_dict() for c in self.tool_calls],
            "usage": self.usage.to_dict(),
            "stop_reason": self.stop_reason,
            "model": self.model,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Completion:
        return cls(
            data.get("text", ""),
            [ToolCall.from_dict(c) for c in data.get("tool_calls", [])],
            Usage.from_dict(data.get("usage", {})),
            data.get("stop_reason", "end_turn"),
            data.get("model", ""),
        )

    def to_message(self) -> Message:
        return Message("assistant", self.text, list(self.tool_calls))
