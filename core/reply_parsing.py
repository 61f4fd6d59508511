"""Reading structured replies from models: JSON objects, however a model wraps them.

Malformed model JSON is a fact of life (PageIndex's users report crashes and endless loops
on it). ``parse_json_object`` reads what current models write: the object in a markdown
fence or with prose before and after it, trailing commas, single quotes, Python-style
literals, comments. It never completes a cut-off object: a guessed ending could be a wrong
answer. ``ask_json`` is the one rule every role follows: a reply that cannot be read (not
JSON, empty, cut off at ``max_tokens``, or not a valid reply for the role, as its ``read``
function says) is sent back once with the problem (and, when cut off, a request to be
shorter); a second unreadable reply raises ``MalformedOutput`` naming the role and the
problem, which fails the run with that reason (never a crash, never a silent default).
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any, TypeVar, overload

from core.llm.client import RunModel
from core.llm.types import Completion, Message
from core.protocol.replies import MalformedOutput

__all__ = ["MalformedOutput", "ask_json", "cut_off_note", "parse_json_object", "reply_problem"]

T = TypeVar("T")

_FENCE = re.compile(r"(?:```|~~~)[ \t]*[A-Za-z0-9_+-]*[ \t]*\n?(.*?)(?:```|~~~)", re.S)
_WORDS = {"True": "true", "False": "false", "None": "null"}
_SPACE_AND_COMMENTS = re.compile(r"^(?:\s+|//[^\n]*|/\*.*?\*/)*", re.S)


def parse_json_object(text: str) -> dict[str, Any]:
    """The first JSON object in a model reply, tolerating code fences, prose around it,
    trailing commas, single quotes, Python-style literals and comments; raises
    MalformedOutput otherwise."""
    text = text.lstrip("\ufeff")
    if not text.strip():
        raise MalformedOutput("the reply was empty")
    spans, unclosed = _objects(text)
    if unclosed:  # an object cut short: an earlier one (an example?) is not safely the reply
        raise MalformedOutput(f"the JSON object is not closed (cut off?): {text[-200:]!r}")
    for value in _parsed_objects(text, spans):
        return value
    raise MalformedOutput(f"expected a JSON object, got: {text[:200]!r}")


def _parsed_objects(text: str, spans: list[str]) -> Iterator[dict[str, Any]]:
    """The JSON objects of a reply that parse, fenced ones first, then ``spans`` (its
    balanced ``{...}``), each read as it is or with its slips mended (``_normalised``)."""
    for candidate in [o for fenced in _FENCE.findall(text) for o in _objects(fenced)[0]] + spans:
        for attempt in (candidate, _normalised(candidate)):
            try:
                value = json.loads(attempt)
            # Nested past Python's limit, or an integer of over 4,300 digits (a plain
            # ValueError, not a JSONDecodeError): unreadable too.
            except (ValueError, RecursionError):
                continue
            if isinstance(value, dict):
                yield value
                break


def _objects(text: str, limit: int = 8) -> tuple[list[str], bool]:
    """Balanced ``{...}`` spans, in order, from each opening brace that is not inside an
    earlier one (strings in either quote style are skipped). A brace that never closes
    ends the search: everything after it is inside an object cut short, and reading an
    inner object of it instead would be a silent wrong answer."""
    found: list[str] = []
    position = 0
    while len(found) < limit:
        start = text.find("{", position)
        if start == -1:
            break
        end = _closing(text, start)
        if end is None:
            return found, True
        found.append(text[start : end + 1])
        position = end + 1
    return found, False


def _closing(text: str, start: int) -> int | None:
    depth, quote, escape = 0, "", False
    for i in range(start, len(text)):
        ch = text[i]
        if quote:
            if escape:
                escape = False
            elif ch == "\\":
                escape = True
            elif ch == quote:
                quote = ""
        elif ch in "\"'":
            # An apostrophe between letters ("3M's") is prose, not a quote.
            if ch == "'" and 0 < i < len(text) - 1 and text[i - 1].isalnum() and text[i + 1].isalnum():
                continue
            quote = ch
        elif ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return i
    return None


def _normalised(text: str) -> str:
    """The object as strict JSON: single-quoted strings re-quoted, Python's True/False/None,
    comments and trailing commas dropped; string contents are never touched."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == '"':
            end = i + 1
            while end < n and text[end] != '"':
                end += 2 if text[end] == "\\" else 1
            out.append(text[i : end + 1])
            i = end + 1
        elif ch == "'":
            end, chars = i + 1, []
            while end < n and text[end] != "'":
                if text[end] == "\\" and end + 1 < n:
                    chars.append(text[end + 1] if text[end + 1] in "'\\" else text[end : end + 2])
                    end += 2
                else:
                    chars.append(text[end])
                    end += 1
            out.append(json.dumps("".join(chars), ensure_ascii=False))
            i = end + 1
        elif text.startswith("//", i):
            i = text.find("\n", i) if "\n" in text[i:] else n
        elif text.startswith("/*", i):
            close = text.find("*/", i + 2)
            i = n if close == -1 else close + 2
        elif ch == ",":
            rest = _SPACE_AND_COMMENTS.sub("", text[i + 1 : i + 400], count=1)
            if not rest.startswith(("}", "]")):
                out.append(ch)
            i += 1
        elif ch.isalpha():
            word = re.match(r"[A-Za-z_]+", text[i:])
            token = word.group(0) if word else ch
            out.append(_WORDS.get(token, token))
            i += len(token)
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def cut_off_note(max_tokens: int) -> str:
    return (
        f"Your reply was cut off at the {max_tokens}-token limit before it was complete. Reply again, shorter: "
        "only what is needed, with brief text fields."
    )


def all_json_objects(text: str) -> list[dict[str, Any]]:
    """Every JSON object in a model reply that parses (fenced ones and the rest), in order."""
    return list(_parsed_objects(text, _objects(text.lstrip("\ufeff"))[0]))


def _conflict(text: str, keys: tuple[str, ...]) -> str:
    """What is wrong with a reply whose JSON objects give more than one value for ``keys``
    (a draft verdict, then the final one): empty when they agree. Reading the first object
    alone would take the draft."""
    values = {str(value).strip().lower().strip(".") for obj in all_json_objects(text)
              for key in keys if (value := obj.get(key)) not in (None, "")}
    if len(values) > 1:
        return f"the reply gives more than one {keys[0]} ({', '.join(sorted(values))}); give one JSON object with one {keys[0]}"
    return ""


def reply_problem(completion: Completion, read: Callable[[dict[str, Any]], T], one_of: tuple[str, ...] = ()) -> tuple[T | None, str]:
    """``(value, "")`` when the reply reads as the role's JSON reply, else ``(None, the problem)``.
    ``one_of``: keys (a verdict's "label", or its "verdict") that every object of the reply
    must give the same value, if it gives one."""
    try:
        problem = _conflict(completion.text, one_of) if one_of else ""
        if not problem:
            return read(parse_json_object(completion.text)), ""
    except MalformedOutput as exc:
        problem = str(exc)
    if completion.stop_reason == "max_tokens":
        problem = f"the reply was cut off at the token limit ({problem})"
    return None, problem


@overload
async def ask_json(
    llm: RunModel, system: str, prompt: str | Message, *, role: str, max_tokens: int = 1500, read: None = None,
    one_of: tuple[str, ...] = (),
) -> dict[str, Any]: ...


@overload
async def ask_json(
    llm: RunModel, system: str, prompt: str | Message, *, role: str, max_tokens: int = 1500, read: Callable[[dict[str, Any]], T],
    one_of: tuple[str, ...] = (),
) -> T: ...


async def ask_json(
    llm: RunModel,
    system: str,
    prompt: str | Message,
    *,
    role: str,
    max_tokens: int = 1500,
    read: Callable[[dict[str, Any]], Any] | None = None,
    one_of: tuple[str, ...] = (),
) -> Any:
    """Ask for a JSON reply and read it with ``read`` (which raises ``MalformedOutput`` for
    a reply that is not a valid one for the role; default: any JSON object); one re-ask,
    then ``MalformedOutput``. ``one_of``: see ``reply_problem``."""
    reader = read or (lambda reply: reply)
    messages = [prompt if isinstance(prompt, Message) else Message.user(prompt)]
    problem = ""
    for attempt in (1, 2):
        completion = await llm.complete(system, messages, role=role, max_tokens=max_tokens)
        value, problem = reply_problem(completion, reader, one_of)
        if not problem:
            return value
        llm.trace.event("malformed_output", role=role, attempt=attempt, error=problem, stop_reason=completion.stop_reason)
        if completion.stop_reason == "max_tokens":
            again = cut_off_note(max_tokens)
        else:
            again = f"Your reply could not be read: {problem}. Reply again with only the JSON object."
        messages = messages + [completion.to_message(), Message.user(again)]
    raise MalformedOutput(f"the {role}'s reply could not be read, even after a re-ask: {problem}")
