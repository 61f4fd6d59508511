"""What the real APIs refuse with a 400, so the wire server refuses it too (``validate``)."""
from __future__ import annotations

from typing import Any

from wire_cache import breakpoint_problem

ANTHROPIC, BEDROCK, OPENAI = "anthropic", "bedrock", "openai"


def validate(api: str, body: Any) -> str | None:
    """The 400 message a real server would give for this body, or ``None``. Checks the
    shape and the tool-call pairing both APIs enforce: every tool call is answered right
    after the assistant turn that made it, and every answer names such a call."""
    if not isinstance(body, dict):
        return "body is not a JSON object"
    if body.get("stream"):
        return "streaming is not supported by the wire server"
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        return "messages: must be a non-empty list"
    if api != BEDROCK and not isinstance(body.get("model"), str):
        return "model: field required"
    if api == OPENAI:
        return _validate_openai(messages)
    if not isinstance(body.get("max_tokens"), int):
        return "max_tokens: field required"
    return breakpoint_problem(body) or _validate_anthropic(messages)


def _validate_anthropic(messages: list[Any]) -> str | None:
    pending: set[str] = set()
    for i, message in enumerate(messages):
        role, content = (message.get("role"), message.get("content")) if isinstance(message, dict) else (None, None)
        if role not in ("user", "assistant") or not isinstance(content, (str, list)):
            return f"messages.{i}: needs role user|assistant and content"
        if isinstance(content, list) and not all(isinstance(b, dict) and "type" in b for b in content):
            return f"messages.{i}.content: every block needs a type"
        if content == [] or any(b.get("type") == "text" and not b.get("text") for b in content if isinstance(b, dict)):
            return f"messages.{i}: text content blocks must be non-empty"
        blocks = content if isinstance(content, list) else [{"type": "text", "text": content}]
        answered = {b.get("tool_use_id") for b in blocks if b.get("type") == "tool_result"}
        if pending - answered:
            missing = sorted(pending - answered)
            return f"messages.{i}: tool_use ids were found without tool_result blocks immediately after: {missing}"
        if answered - pending:
            return f"messages.{i}: unexpected tool_use_id found in tool_result blocks: {sorted(answered - pending)}"
        pending = {b.get("id") for b in blocks if b.get("type") == "tool_use"} if role == "assistant" else set()
    return None


def _validate_openai(messages: list[Any]) -> str | None:
    pending: set[str] = set()
    for i, message in enumerate(messages):
        if not isinstance(message, dict):
            return f"messages.[{i}]: must be an object"
        role = message.get("role")
        if role == "tool":
            if message.get("tool_call_id") not in pending:
                return f"messages.[{i}]: 'tool' message does not answer a preceding 'tool_calls' entry"
            pending.discard(message.get("tool_call_id"))
            continue
        if pending:
            missing = sorted(pending)
            return f"messages.[{i}]: assistant 'tool_calls' must be followed by tool messages for {missing}"
        if role not in ("system", "developer", "user", "assistant"):
            return f"messages.[{i}]: unknown role {role!r}"
        pending = {c.get("id") for c in message.get("tool_calls") or []} if role == "assistant" else set()
    return None
