"""Reading structured replies from models: JSON objects, however a model wraps them.

Malformed model JSON is a fact of life (PageIndex's users report crashes and endless loops
on it): ``parse_json_object`` tolerates code fences, prose around the object, trailing
commas and Python-style literals; ``ask_json`` sends a reply that still does not parse back
once with the parse error, and a second failure raises ``MalformedOutput`` for the caller
to turn into a recorded failure.
"""
from __future__ import annotations

import json
import re
from typing import Any

from core.llm.client import RunModel
from core.llm.types import Message


class MalformedOutput(ValueError):
    """The model's reply was not the JSON object asked for."""


def parse_json_object(text: str) -> dict[str, Any]:
    """The first JSON object in a model reply, tolerating code fences, prose around it,
    trailing commas and Python-style literals; raises MalformedOutput otherwise."""
    candidates = re.findall(r"```(?:json)?\s*(\{.*?\})\s*```", text, re.S)
    start = text.find("{")
    if start != -1:
        depth, in_string, escape = 0, False, False
        for i in range(start, len(text)):
            ch = text[i]
            if in_string:
                if escape:
                    escape = False
                elif ch == "\\":
                    escape = True
                elif ch == '"':
                    in_string = False
            elif ch == '"':
                in_string = True
            elif ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth == 0:
                    candidates.append(text[start : i + 1])
                    break
    for candidate in candidates:
        for attempt in (candidate, _repair(candidate)):
            try:
                value = json.loads(attempt)
            except json.JSONDecodeError:
                continue
            if isinstance(value, dict):
                return value
    raise MalformedOutput(f"expected a JSON object, got: {text[:200]!r}")


def _repair(text: str) -> str:
    text = re.sub(r",\s*([}\]])", r"\1", text)
    text = re.sub(r"\bTrue\b", "true", text)
    text = re.sub(r"\bFalse\b", "false", text)
    text = re.sub(r"\bNone\b", "null", text)
    return text


REPAIR_PROMPT = "Your reply was not a valid JSON object ({error}). Reply again with only the JSON object."


async def ask_json(
    llm: RunModel, system: str, prompt: str, *, role: str, max_tokens: int = 1500, attempts: int = 2
) -> dict[str, Any]:
    messages = [Message.user(prompt)]
    for attempt in range(1, attempts + 1):
        completion = await llm.complete(system, messages, role=role, max_tokens=max_tokens)
        try:
            return parse_json_object(completion.text)
        except MalformedOutput as exc:
            llm.trace.event("malformed_output", role=role, attempt=attempt, error=str(exc))
            if attempt == attempts:
                raise
            messages = messages + [completion.to_message(), Message.user(REPAIR_PROMPT.format(error=exc))]
    raise AssertionError("unreachable")
