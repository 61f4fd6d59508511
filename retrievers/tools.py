"""The section tools every mode gives its agents: ``fetch_section`` and ``grep_section``.

Results are explicit dictionaries with fixed keys, in ``core.protocol``'s shapes (the seeds
lost turns when agents had to guess result keys). Fetches page through a section
5,000-6,000 characters at a time with a continuation hint; greps return up to five matches
with the offset to fetch from, so an agent can grep, then fetch exactly there. The tools also keep the run's tallies: pages
shown to the model (for evidence recall), call counts and grep-then-fetch patterns.
"""
from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

import regex as timed_re

from core.llm.types import ToolSpec
from core.protocol import FetchResult, GrepMatch, GrepResult, ToolError
from core.records import ToolStats
from core.trace import Trace
from retrievers.index.tree import DocumentIndex, Node, SectionText

CHUNK_TARGET = 5500
CHUNK_MIN = 5000
CHUNK_MAX = 6000
MAX_MATCHES = 5
MAX_MATCHES_PER_SECTION = 2  # with node_id "all": spread the five over sections, not one long note
CONTEXT_CHARS = 160
ALL = "all"
# The model writes grep's pattern, and a repeat inside a repeat ("(\\w+\\s?)+:") backtracks
# for minutes over a 10-K, inside the event loop, where no run's wall-time budget or Ctrl-C
# can stop it. The ``regex`` package (re's syntax) takes a time limit; ``re`` does not.
GREP_SECONDS = 2.0

FETCH_SPEC = ToolSpec(
    "fetch_section",
    "Read a section of the document by its node_id. Returns JSON with keys: node_id, title, pages "
    "[start, end], content (5,000-6,000 characters starting at `offset`, with [Page N] markers), "
    "total_chars, offset, truncated (true when more text follows) and hint (how to continue). "
    "Unknown ids are matched to the closest section and say so in `hint`.",
    {
        "type": "object",
        "properties": {
            "node_id": {"type": "string", "description": "A node_id from the section index."},
            "offset": {"type": "integer", "minimum": 0, "description": "Character offset to start at (default 0)."},
        },
        "required": ["node_id"],
    },
)

GREP_SPEC = ToolSpec(
    "grep_section",
    "Search a section (or the whole document with node_id \"all\") for a case-insensitive regular "
    "expression or plain phrase. Returns JSON with keys: node_id, pattern, total_matches and matches "
    "(up to 5, at most 2 per section when searching \"all\", each with node_id, title, page, offset "
    "and context). Fetch the match's node_id at its offset to read around it.",
    {
        "type": "object",
        "properties": {
            "node_id": {"type": "string", "description": "A node_id from the section index, or \"all\"."},
            "pattern": {"type": "string", "description": "Regular expression or phrase, case-insensitive."},
        },
        "required": ["node_id", "pattern"],
    },
)


class Tools(Protocol):
    """What an agent's tool loop needs: the tools' specs and a way to call one."""

    @property
    def specs(self) -> list[ToolSpec]: ...

    def call(self, name: str, arguments: dict[str, Any]) -> tuple[str, bool]: ...


@dataclass
class SectionTools:
    index: DocumentIndex
    trace: Trace
    stats: ToolStats = field(default_factory=ToolStats)
    pages_fetched: set[int] = field(default_factory=set)
    calls: int = 0
    _recent_greps: set[str] = field(default_factory=set)

    @property
    def specs(self) -> list[ToolSpec]:
        return [FETCH_SPEC, GREP_SPEC]

    def _text(self, node: Node) -> SectionText:
        return self.index.section_text(node)

    def _resolve(self, node_id: str) -> tuple[Node | None, str]:
        node = self.index.node(node_id)
        if node is not None:
            return node, ""
        close = self.index.closest_node(node_id)
        if close is None:
            return None, ""
        self.stats.unknown_node += 1
        return close, f"No section has node_id {node_id!r}; showing the closest match {close.node_id!r}. "

    def fetch_section(self, node_id: str, offset: int = 0) -> dict[str, Any]:
        node, note = self._resolve(str(node_id))
        if node is None:
            return ToolError(f"unknown node_id {node_id!r}", "use a node_id from the section index").to_dict()
        section = self._text(node)
        total = len(section.text)
        offset = max(0, min(int(offset or 0), max(total - 1, 0)))
        end = _chunk_end(section.text, offset)
        content = section.text[offset:end]
        shown = section.pages_in(offset, end)
        self.pages_fetched.update(shown)
        self.stats.fetch += 1
        if offset > 0:
            self.stats.fetch_paginated += 1
        if node.node_id in self._recent_greps:
            self.stats.grep_then_fetch += 1
            self._recent_greps.discard(node.node_id)
        truncated = end < total
        hint = note + (
            f"More text follows: call fetch_section with node_id {node.node_id!r} and offset {end}."
            if truncated
            else "End of section."
        )
        return FetchResult(node.node_id, node.title, (node.start_page, node.end_page), content, total, offset, truncated, hint).to_dict()

    def grep_section(self, node_id: str, pattern: str) -> dict[str, Any]:
        if isinstance(pattern, int) and not isinstance(pattern, bool):
            pattern = str(pattern)  # a year or a figure sent as a JSON number: its digits
        if not isinstance(pattern, str) or not pattern.strip():
            # A null searched as "None", or a list as the character class "['a']", would
            # answer with matches for something the model never asked about.
            return ToolError(f"pattern must be a phrase or regular expression as text, got {json.dumps(pattern)[:80]}",
                             "pass the words to search for as a string, e.g. \"capital expenditures\"").to_dict()
        try:
            regex = timed_re.compile(str(pattern), timed_re.I)
        except timed_re.error:
            regex = timed_re.compile(re.escape(str(pattern)), timed_re.I)
        # Searching lower-cased text with a lower-cased pattern is several times faster than
        # IGNORECASE; it is only equivalent when the pattern has no upper-case escapes.
        lowered_regex = None
        if not re.search(r"\\[A-Z]", regex.pattern):
            try:
                lowered_regex = timed_re.compile(regex.pattern.lower())
            except timed_re.error:
                lowered_regex = None
        if str(node_id).lower() == ALL:
            scopes, note = self.index.leaves(), ""
        else:
            node, note = self._resolve(str(node_id))
            if node is None:
                return ToolError(f"unknown node_id {node_id!r}", "use a node_id from the section index or \"all\"").to_dict()
            scopes = [node]
        matches: list[GrepMatch] = []
        total = 0
        per_section = MAX_MATCHES_PER_SECTION if len(scopes) > 1 else MAX_MATCHES
        deadline = time.monotonic() + GREP_SECONDS
        try:
            for scope in scopes:
                total += self._grep_scope(scope, regex, lowered_regex, matches, per_section, deadline)
        except TimeoutError:
            self.stats.grep += 1
            self.stats.grep_without_matches += 1
            return ToolError(
                f"the pattern {str(pattern)[:200]!r} took over {GREP_SECONDS:g} s to search: a repeat inside a repeat, "
                "such as (\\w+\\s?)+, makes a regular expression try every way to split the text",
                "search for a plain phrase, or a pattern without nested repeats",
            ).to_dict()
        self.stats.grep += 1
        if total:
            self.stats.grep_with_matches += 1
        else:
            self.stats.grep_without_matches += 1
        hint = note or ("" if total else "No matches: try a shorter or different phrase, or another section.")
        return GrepResult(str(node_id), str(pattern), total, matches, hint).to_dict()

    def _grep_scope(self, scope: Node, regex: Any, lowered_regex: Any, matches: list[GrepMatch], per_section: int, deadline: float) -> int:
        """Add up to ``per_section`` of ``scope``'s matches to ``matches``; returns how many it
        holds in all. Raises TimeoutError past ``deadline``."""
        section = self._text(scope)
        total = shown_here = 0
        searched = section.lowered if lowered_regex is not None else None
        timeout = max(deadline - time.monotonic(), 0.001)
        if lowered_regex is not None and searched is not None:
            finder = lowered_regex.finditer(searched, timeout=timeout)
        else:
            finder = regex.finditer(section.text, timeout=timeout)
        for found in finder:
            if found.end() == found.start():
                continue
            total += 1
            if len(matches) < MAX_MATCHES and shown_here < per_section:
                shown_here += 1
                start = max(0, found.start() - CONTEXT_CHARS)
                context = section.text[start : found.end() + CONTEXT_CHARS].replace("\n", " ")
                matches.append(GrepMatch(scope.node_id, scope.title, section.page_at(found.start()), max(0, found.start() - 500), context))
                self._recent_greps.add(scope.node_id)
        return total

    def call(self, name: str, arguments: dict[str, Any]) -> tuple[str, bool]:
        """Run a tool call from a model; returns (JSON content, is_error)."""
        self.calls += 1
        self.trace.event("tool_call_start", tool=name, arguments=arguments)
        try:
            if name == "fetch_section":
                result = self.fetch_section(arguments.get("node_id", ""), arguments.get("offset", 0) or 0)
            elif name == "grep_section":
                result = self.grep_section(arguments.get("node_id", ALL), arguments.get("pattern", ""))
            else:
                result = ToolError(f"unknown tool {name!r}", "use fetch_section or grep_section").to_dict()
        except (TypeError, ValueError, OverflowError) as exc:  # OverflowError: an offset of Infinity, which JSON as Python reads it allows
            result = ToolError(f"bad arguments for {name}: {exc}", "check the tool's input schema").to_dict()
        is_error = "error" in result
        text = json.dumps(result, ensure_ascii=False)
        self.trace.event(
            "tool_call_end",
            tool=name,
            is_error=is_error,
            pages=result.get("pages"),
            total_matches=result.get("total_matches"),
            result=text[:1500],
        )
        return text, is_error


def _chunk_end(text: str, offset: int) -> int:
    """End of a 5,000-6,000 character window, cut at a line break when there is one."""
    if len(text) - offset <= CHUNK_MAX:
        return len(text)
    cut = text.rfind("\n", offset + CHUNK_MIN, offset + CHUNK_MAX)
    return cut + 1 if cut != -1 else offset + CHUNK_TARGET
