"""How the offline policy moves through a filing with fetch_section and grep_section.

A tool-using role is a pure function of its conversation: ``LoopView`` rereads the first
prompt and every tool result, and ``next_calls`` picks the next tool calls toward the
needs not yet met. Sections are ranked per need by what a reader would use: the statement
the figure is printed on (and the one the question names), the rows a statement's summary
lists, BM25 over titles and summaries, and grep hits. Independent calls go out in one
turn (the statements of a ratio's numerator and denominator together), nothing is fetched
twice, and the loop stops as soon as every need is met or its sections are exhausted.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from baseline.analyst import PASSAGE_SECTIONS, best_for, confident
from baseline.question import Need
from baseline.statements import statement_kind
from baseline.text import BM25, terms
from core.llm.types import CompletionRequest, ToolCall
from core.protocol import parse_section_index, read_block

MAX_FETCHES = 6  # sections (or chunks) read in one conversation
TRIES_PER_NEED = 3
CALLS_PER_TURN = 4


@dataclass
class Section:
    node_id: str
    title: str
    summary: str
    start: int
    end: int
    depth: int
    parent: bool


def catalog(index_text: str) -> list[Section]:
    parsed = parse_section_index(index_text)
    out = []
    for i, s in enumerate(parsed):
        parent = i + 1 < len(parsed) and parsed[i + 1].depth > s.depth
        out.append(Section(s.node_id, s.title, s.summary, s.start_page, s.end_page, s.depth, parent))
    return out


@dataclass
class LoopView:
    """What the conversation so far shows: the task and every tool call with its result."""

    question: str
    item: str
    sections: str
    signature: str
    fetched: list[dict[str, Any]] = field(default_factory=list)
    greps: list[tuple[dict[str, Any], dict[str, Any]]] = field(default_factory=list)
    calls_made: int = 0
    rejected: int = 0

    @classmethod
    def read(cls, request: CompletionRequest) -> LoopView:
        first = request.messages[0].text if request.messages else ""
        view = cls(
            read_block(first, "question") or "",
            read_block(first, "shopping_item") or read_block(first, "task") or "",
            read_block(first, "sections") or "",
            read_block(first, "signature") or "",
        )
        calls: dict[str, ToolCall] = {}
        for message in request.messages:
            for call in message.tool_calls:
                calls[call.id] = call
                view.calls_made += 1
            for result in message.tool_results:
                call = calls.get(result.tool_call_id)
                if call is None:
                    continue
                if call.name == "return" and result.is_error:
                    view.rejected += 1
                    continue
                try:
                    data = json.loads(result.content)
                except json.JSONDecodeError:
                    continue
                if call.name == "fetch_section" and "content" in data:
                    view.fetched.append(data)
                elif call.name == "fetch_section" and data.get("already_extracted"):
                    view.fetched.append({**data, "content": "", "offset": 0, "truncated": False, "title": data.get("node_id", "")})
                elif call.name == "grep_section":
                    view.greps.append((call.arguments, data))
        return view

    def documents(self) -> list[tuple[str, str, int]]:
        """(title, text, first page) of everything read, grep contexts included."""
        docs = []
        for r in self.fetched:
            if r.get("content"):
                pages = r.get("pages") or [1, 1]
                docs.append((str(r.get("title", r.get("node_id", ""))), str(r["content"]), int(pages[0])))
        return docs

    def read_chunks(self) -> set[tuple[str, int]]:
        return {(r["node_id"], int(r.get("offset", 0) or 0)) for r in self.fetched}

    def fetched_ids(self) -> list[str]:
        out: list[str] = []
        for r in self.fetched:
            if r["node_id"] not in out:
                out.append(r["node_id"])
        return out

    def call(self, name: str, arguments: dict[str, Any], extra: int = 0) -> ToolCall:
        return ToolCall(f"offline_{name}_{self.calls_made + extra + 1}", name, arguments)


# --- ranking sections for a need ----------------------------------------------------------

def _grep_hits(need: Need, view: LoopView) -> dict[str, tuple[int, int]]:
    """node_id -> (matches, offset of the first) from greps for this need."""
    hits: dict[str, tuple[int, int]] = {}
    for arguments, result in view.greps:
        if arguments.get("pattern") != grep_pattern(need, view.question):
            continue
        for match in result.get("matches", []):
            count, offset = hits.get(match["node_id"], (0, int(match.get("offset", 0))))
            hits[match["node_id"]] = (count + 1, offset)
    return hits


def rank_sections(need: Need, question: str, sections: list[Section], hits: dict[str, tuple[int, int]] | None = None) -> list[tuple[str, float, int]]:
    """(node_id, score, offset) best first, for one need."""
    if not sections:
        return []
    hits = hits or {}
    docs = [terms(f"{s.title} {s.title} {s.summary}") for s in sections]
    query = need.terms if need.kind == "value" else terms(need.phrase) + terms(question)
    if need.kind == "rows":
        query = terms(need.phrase) + terms(" ".join(need.statements).replace("_", " "))
    if need.kind == "table":
        query = terms(need.phrase) * 2 + terms(question) + (terms("sales change growth") if need.key.endswith("change") else [])
    raw = BM25(docs).scores(query)
    top = max(raw) or 1.0
    names = [a.lower() for a in need.alternatives] if need.kind == "value" else []
    ranked = []
    for section, score in zip(sections, raw):
        total = 2.0 * score / top
        kind = statement_kind(section.title)
        if need.kind in ("value", "rows") and need.statements:
            if kind == need.statements[0]:
                total += 4.0
            elif kind in need.statements:
                total += 2.5
            elif kind:
                total += 0.3
        summary = section.summary.lower()
        if names and summary.startswith("table rows") and any(n in summary for n in names):
            total += 1.5
        if need.kind == "passage":
            if _DRIVERS.search(question) and _DISCUSSION.search(f"{section.node_id} {section.title}"):
                total += 1.5  # what drove a change is explained in the discussion of results
            if summary.startswith("table rows") or re.search(r"(?i)exhibit|signature|certification|power of attorney", section.title):
                total -= 1.0
        count, offset = hits.get(section.node_id, (0, 0))
        if count:
            total += 1.0 + 0.3 * min(count, 3)
        if section.parent:
            total -= 1.0 if need.kind == "table" else 3.0
        elif section.end - section.start > 15:
            total -= 1.0
        if total > 0.2:
            ranked.append((section.node_id, total, offset))
    ranked.sort(key=lambda item: -item[1])
    return ranked


_DRIVERS = re.compile(r"(?i)\bwhat drove|drivers?\b|\bwhy\b|primarily due|what caused")
_DISCUSSION = re.compile(r"(?i)discussion|results of operations|overview|highlights|performance")
_COMMON = {"what", "which", "does", "have", "were", "that", "this", "from", "with", "into", "company", "during", "based", "their",
           "there", "been", "about", "would", "could", "should"}


def grep_pattern(need: Need, question: str) -> str:
    if need.kind == "value":
        return need.grep_pattern
    words = [w for w in re.findall(r"[A-Za-z][A-Za-z&'-]{3,}", need.phrase) if w.lower() not in _COMMON and not w[0].isupper()]
    words = sorted(set(words), key=lambda w: (-len(w), w))[:3]
    return "|".join(re.escape(w) for w in words) or "the"


# --- choosing the next calls ---------------------------------------------------------------

def _strong(need: Need, score: float) -> bool:
    return score >= (4.0 if need.kind in ("value", "rows") else 2.5)  # prose and tables: a good title match


Select = Callable[[set[str], set[str], set[str]], list[Need]]


def next_calls(needs: list[Need], view: LoopView, max_fetches: int = MAX_FETCHES, select: Select | None = None) -> list[ToolCall]:
    """The next tool calls toward the needs not yet met; [] when done or out of budget.

    ``select(met, found, exhausted)`` narrows the needs to pursue (a formula needs only one
    branch of an alternative); ``found`` have some value, ``exhausted`` have had their tries."""
    read = len(view.fetched)
    if read >= max_fetches:
        return []
    documents = view.documents()
    sections = catalog(view.sections)
    by_id = {s.node_id: s for s in sections}
    chunks = view.read_chunks()
    truncated = {(r["node_id"], int(r.get("offset", 0) or 0)): r for r in view.fetched if r.get("truncated")}
    grepped = {a.get("pattern") for a, _ in view.greps}
    met: set[str] = set()
    found: set[str] = set()
    exhausted: set[str] = set()
    rankings: dict[str, list[tuple[str, float, int]]] = {}
    for need in needs:
        candidates = best_for(need, documents)
        if confident(need, documents, candidates):
            met.add(need.key)
            continue
        if candidates:
            found.add(need.key)
        ranked = rank_sections(need, view.question, sections, _grep_hits(need, view))
        rankings[need.key] = ranked
        tried = [node for node, _, _ in ranked[:8] if any(node == c[0] for c in chunks)]
        unread = [r for r in ranked if not any(r[0] == c[0] for c in chunks)]
        if len(tried) >= TRIES_PER_NEED or (not unread and grep_pattern(need, view.question) in grepped):
            exhausted.add(need.key)
    active = select(met, found, exhausted) if select else [n for n in needs if n.key not in met and n.key not in exhausted]
    planned: list[ToolCall] = []
    planned_chunks: set[tuple[str, int]] = set()
    for need in active:
        if len(planned) >= CALLS_PER_TURN or read + _fetches(planned) >= max_fetches:
            break
        if need.key in met or need.key in exhausted or need.key not in rankings:
            continue
        ranked = rankings[need.key]
        step = _continuation(need, ranked, truncated, chunks)
        if step is None:
            unread = [r for r in ranked if by_id.get(r[0]) is not None and not any(r[0] == c[0] for c in chunks)]
            if unread and any(unread[0][0] == c[0] for c in planned_chunks):
                continue  # its best section is already being fetched for another need this turn
            for node_id, score, offset in unread:
                step = (node_id, offset if offset and (by_id[node_id].end - by_id[node_id].start) > 3 else 0, score)
                break
        pattern = grep_pattern(need, view.question)
        weak = step is None or not _strong(need, step[2])
        if weak and pattern not in grepped and pattern not in {c.arguments.get("pattern") for c in planned}:
            planned.append(view.call("grep_section", {"node_id": "all", "pattern": pattern}, len(planned)))
            if step is not None and step[2] < 1.0:
                continue  # a poor guess: let the grep choose
        if step is not None and (step[0], step[1]) not in planned_chunks:
            planned.append(view.call("fetch_section", {"node_id": step[0], "offset": step[1]}, len(planned)))
            planned_chunks.add((step[0], step[1]))
        if need.kind in ("passage", "table"):  # prose and ranking tables: read the best few sections at once
            wanted = PASSAGE_SECTIONS - len([c for c in chunks if c[1] == 0])
            for node_id, score, _ in ranked:
                if _fetches(planned) >= wanted or len(planned) >= CALLS_PER_TURN or read + _fetches(planned) >= max_fetches:
                    break
                if any(node_id == c[0] for c in chunks | planned_chunks) or score < 1.0:
                    continue
                planned.append(view.call("fetch_section", {"node_id": node_id, "offset": 0}, len(planned)))
                planned_chunks.add((node_id, 0))
    return planned


def _fetches(calls: list[ToolCall]) -> int:
    return sum(1 for c in calls if c.name == "fetch_section")


def _continuation(need: Need, ranked, truncated: dict[tuple[str, int], dict], chunks: set[tuple[str, int]]):
    """The next chunk of a top-ranked statement already read in part."""
    for node_id, score, _ in ranked[: 3 if need.kind == "table" else 2]:
        if not _strong(need, score) and need.kind != "table":
            continue
        for (node, offset), result in truncated.items():
            if node != node_id:
                continue
            following = offset + len(result.get("content", ""))
            if (node, following) not in chunks:
                return (node, following, score)
    return None
