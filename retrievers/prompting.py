"""Prompt pieces shared by the modes: the section index and JSON replies.

Every mode shows the model the same section index, one line per node, indented by depth:
``- <node_id> (pp. 27-28)[: <title>] -- <summary>``.
"""
from __future__ import annotations

import json
import re
from typing import Any

from retrievers.index.tree import DocumentIndex, slugify

SECTION_LINE = re.compile(
    r"^(?P<indent>\s*)- (?P<node_id>\S+) \(pp?\. (?P<start>\d+)(?:-(?P<end>\d+))?\)(?:: (?P<title>.*?))?(?: -- (?P<summary>.*))?$"
)
SUMMARY_CHARS = 100


def section_index(index: DocumentIndex, *, summary_chars: int = SUMMARY_CHARS) -> str:
    """The index every mode shows its models. Ids are full descriptive slugs of the titles,
    so a title is only repeated when the id does not already say it; summaries are cut to
    ``summary_chars`` because the index rides along in every turn of every agent."""
    lines = []
    for node, depth in index.walk():
        pages = f"p. {node.start_page}" if node.start_page == node.end_page else f"pp. {node.start_page}-{node.end_page}"
        line = f"{'  ' * depth}- {node.node_id} ({pages})"
        if slugify(node.title) not in node.node_id:
            line += f": {node.title}"
        summary = " ".join(node.summary.split())
        if summary_chars and summary:
            line += f" -- {summary[:summary_chars]}"
        lines.append(line)
    return "\n".join(lines)


def parse_section_index(text: str) -> list[dict[str, Any]]:
    out = []
    for line in text.splitlines():
        match = SECTION_LINE.match(line)
        if match:
            start = int(match["start"])
            node_id = match["node_id"]
            out.append(
                {
                    "node_id": node_id,
                    "depth": len(match["indent"]) // 2,
                    "start_page": start,
                    "end_page": int(match["end"] or start),
                    "title": match["title"] or node_id.replace("_", " "),
                    "summary": match["summary"] or "",
                }
            )
    return out


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
