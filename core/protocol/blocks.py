"""Tagged blocks: ``<question>...</question>``, one piece of data per block, and the names
of every block a prompt carries."""
from __future__ import annotations

import html
import json
import re
from typing import Any

QUESTION = "question"
SECTIONS = "sections"  # the section index
DOCUMENTS = "documents"  # simple mode: the sections read, one DOCUMENT block each
DOCUMENT = "document"
SHOPPING_ITEM = "shopping_item"  # iterative extraction: what to look for
FINDINGS = "findings"
FAILED_SEARCHES = "failed_searches"
LOOP = "loop"
TASK = "task"  # planner: a task's input
SIGNATURE = "signature"
DEPENDENCIES = "dependencies"
RESULTS = "results"  # planner quality gate: every task's result
INPUTS = "inputs"  # planner computed task: the numbers its expressions may use
PREVIOUS_PLAN = "previous_plan"
TOC = "toc"  # LLM indexing: table-of-contents text
SECTION = "section"  # LLM indexing: one section's text to summarise
SUBSECTIONS = "subsections"

_ATTR = re.compile(r'(\w+)="([^"]*)"')


def block(name: str, body: str, **attrs: object) -> str:
    """``<name a="1">body</name>``; closing tags inside the body are neutralised so the
    body cannot end its own block early."""
    attr_text = "".join(f' {k}="{html.escape(str(v), quote=True)}"' for k, v in attrs.items())
    safe = str(body).replace(f"</{name}>", f"<\\/{name}>")
    return f"<{name}{attr_text}>\n{safe}\n</{name}>"


def read_blocks(text: str, name: str) -> list[tuple[dict[str, str], str]]:
    pattern = re.compile(rf"<{name}((?:\s+\w+=\"[^\"]*\")*)\s*>\n?(.*?)\n?</{name}>", re.S)
    out = []
    for match in pattern.finditer(text):
        attrs = {k: html.unescape(v) for k, v in _ATTR.findall(match.group(1))}
        out.append((attrs, match.group(2).replace(f"<\\/{name}>", f"</{name}>")))
    return out


def read_block(text: str, name: str) -> str | None:
    found = read_blocks(text, name)
    return found[0][1] if found else None


def pages_attr(start: int, end: int) -> str:
    return f"{start}-{end}"


def read_pages(text: str) -> tuple[int, int]:
    # A run of digits too long to be a page (int() refuses over 4,300) is no page number.
    numbers = [int(n) for n in re.findall(r"\d+", text or "") if len(n) <= 9]
    return (numbers[0], numbers[-1]) if numbers else (1, 1)


def json_or(text: str | None, default: Any) -> Any:
    try:
        return json.loads(text) if text else default
    except ValueError:  # not JSON, or an integer of over 4,300 digits
        return default
