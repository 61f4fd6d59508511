"""How the baseline moves through a filing with fetch_section and grep_section.

A tool-using role is a pure function of its conversation: ``LoopView`` rereads the first
prompt and every tool result (in ``core.protocol``'s shapes), and ``next_calls`` picks the
next tool calls toward the needs not yet met. Sections are ranked per need by what a
reader would use: the statement the figure is printed on (and the one the question names),
BM25 over titles and summaries, and grep hits. Independent calls go out in one turn (the
statements of a ratio's numerator and denominator together), nothing is fetched twice, and
the loop stops as soon as every need is met or its sections are exhausted.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from baseline.needs import PASSAGE, VALUE, Need
from baseline.reading import PASSAGE_SECTIONS, Source, best_for, settled
from baseline.statements import statement_kind
from baseline.text import BM25, terms
from core.llm.types import CompletionRequest, ToolCall
from core.protocol import (
    QUESTION,
    SECTIONS,
    SHOPPING_ITEM,
    SIGNATURE,
    TASK,
    AlreadyExtracted,
    FetchResult,
    GrepResult,
    parse_section_index,
    read_block,
    read_tool_result,
)

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
    parent: bool


def catalog(index_text: str) -> list[Section]:
    parsed = parse_section_index(index_text)
    return [Section(s.node_id, s.title, s.summary, s.start_page, s.end_page, i + 1 < len(parsed) and parsed[i + 1].depth > s.depth)
            for i, s in enumerate(parsed)]


@dataclass
class LoopView:
    """What the conversation so far shows: the task and every tool call with its result."""

    question: str
    item: str
    sections: str
    signature: str
    fetched: list[FetchResult] = field(default_factory=list)
    greps: list[tuple[str, GrepResult]] = field(default_factory=list)  # (pattern asked, result)
    calls_made: int = 0

    @classmethod
    def read(cls, request: CompletionRequest) -> LoopView:
        first = request.messages[0].text if request.messages else ""
        view = cls(
            read_block(first, QUESTION) or "",
            read_block(first, SHOPPING_ITEM) or read_block(first, TASK) or "",
            read_block(first, SECTIONS) or "",
            read_block(first, SIGNATURE) or "",
        )
        calls: dict[str, ToolCall] = {}
        for message in request.messages:
            for call in message.tool_calls:
                calls[call.id] = call
                view.calls_made += 1
            for result in message.tool_results:
                asked = calls.get(result.tool_call_id)
                data = read_tool_result(result.content) if asked is not None else None
                if asked is None or data is None:
                    continue
                if isinstance(data, FetchResult):
                    view.fetched.append(data)
                elif isinstance(data, AlreadyExtracted):  # read before, for the same item: counts as read
                    view.fetched.append(FetchResult(data.node_id, data.node_id, (0, 0), "", 0, 0, False))
                elif isinstance(data, GrepResult):
                    view.greps.append((str(asked.arguments.get("pattern", "")), data))
        return view

    def sources(self) -> list[Source]:
        """(title, text, first page) of everything read."""
        return [(r.title, r.content, r.pages[0]) for r in self.fetched if r.content]

    def read_chunks(self) -> set[tuple[str, int]]:
        return {(r.node_id, r.offset) for r in self.fetched}

    def fetched_ids(self) -> list[str]:
        return list(dict.fromkeys(r.node_id for r in self.fetched))

    def call(self, name: str, arguments: dict[str, object], extra: int = 0) -> ToolCall:
        return ToolCall(f"baseline_{name}_{self.calls_made + extra + 1}", name, dict(arguments))


# --- ranking sections for a need ----------------------------------------------------------

_DRIVERS = re.compile(r"(?i)\bwhat drove|drivers?\b|\bwhy\b|primarily due|what caused")
_DISCUSSION = re.compile(r"(?i)discussion|results of operations|overview|highlights|performance")
_BACK_MATTER = re.compile(r"(?i)exhibit|signature|certification|power of attorney")
_COMMON = {"what", "which", "does", "have", "were", "that", "this", "from", "with", "into", "company", "during", "based", "their",
           "there", "been", "about", "would", "could", "should"}


def grep_pattern(need: Need) -> str:
    """A grep for the need: its figure's names followed by a number, or a passage's rarest words."""
    if need.kind == VALUE:
        return need.grep_pattern
    found = [w for w in re.findall(r"[A-Za-z][A-Za-z&'-]{3,}", need.phrase) if w.lower() not in _COMMON and not w[0].isupper()]
    return "|".join(re.escape(w) for w in sorted(set(found), key=lambda w: (-len(w), w))[:3]) or "the"


def _grep_hits(need: Need, view: LoopView) -> dict[str, tuple[int, int]]:
    """node_id -> (matches, offset of the first) from greps for this need."""
    hits: dict[str, tuple[int, int]] = {}
    for pattern, result in view.greps:
        if pattern != grep_pattern(need):
            continue
        for match in result.matches:
            count, offset = hits.get(match.node_id, (0, match.offset))
            hits[match.node_id] = (count + 1, offset)
    return hits


def rank_sections(need: Need, question: str, sections: list[Section], hits: dict[str, tuple[int, int]] | None = None) -> list[tuple[str, float, int]]:
    """(node_id, score, offset) best first, for one need."""
    if not sections:
        return []
    hits = hits or {}
    docs = [terms(f"{s.title} {s.title} {s.summary}") for s in sections]
    query = need.terms if need.kind == VALUE else terms(need.phrase) + terms(question)
    raw = BM25(docs).scores(query)
    top = max(raw) or 1.0
    names = [a.lower() for a in need.alternatives] if need.kind == VALUE else []
    ranked = []
    for section, score in zip(sections, raw):
        total = 2.0 * score / top
        kind = statement_kind(section.title)
        if need.kind == VALUE and need.statements and kind:
            total += 4.0 if kind == need.statements[0] else (2.5 if kind in need.statements else 0.3)
        if names and any(n in section.summary.lower() for n in names):
            total += 1.5  # the summary lists the row
        if need.kind == PASSAGE:
            if _DRIVERS.search(question) and _DISCUSSION.search(f"{section.node_id} {section.title}"):
                total += 1.5  # what drove a change is explained in the discussion of results
            if _BACK_MATTER.search(section.title):
                total -= 1.0
        count, offset = hits.get(section.node_id, (0, 0))
        if count:
            total += 1.0 + 0.3 * min(count, 3)
        if section.parent:
            total -= 3.0
        elif section.end - section.start > 15:
            total -= 1.0
        if total > 0.2:
            ranked.append((section.node_id, total, offset))
    ranked.sort(key=lambda item: -item[1])
    return ranked


# --- choosing the next calls ---------------------------------------------------------------

def _strong(need: Need, score: float) -> bool:
    return score >= (4.0 if need.kind == VALUE else 2.5)  # a figure: its statement; prose: a good title match


Select = Callable[[set[str], set[str], set[str]], list[Need]]
Step = tuple[str, int, float]  # (node_id, offset, score)


def next_calls(needs: list[Need], view: LoopView, max_fetches: int = MAX_FETCHES, select: Select | None = None) -> list[ToolCall]:
    """The next tool calls toward the needs not yet met; [] when done or out of budget.

    ``select(met, found, exhausted)`` narrows the needs to pursue (a formula needs only one
    branch of an alternative); ``found`` have some value, ``exhausted`` have had their tries."""
    read = len(view.fetched)
    if read >= max_fetches:
        return []
    sources = view.sources()
    sections = catalog(view.sections)
    by_id = {s.node_id: s for s in sections}
    chunks = view.read_chunks()
    truncated = {(r.node_id, r.offset): r for r in view.fetched if r.truncated}
    grepped = {pattern for pattern, _ in view.greps}
    met: set[str] = set()
    found: set[str] = set()
    exhausted: set[str] = set()
    rankings: dict[str, list[tuple[str, float, int]]] = {}
    for need in needs:
        candidates = best_for(need, sources)
        if settled(need, sources, candidates):
            met.add(need.key)
            continue
        if candidates:
            found.add(need.key)
        ranked = rank_sections(need, view.question, sections, _grep_hits(need, view))
        rankings[need.key] = ranked
        tried = [node for node, _, _ in ranked[:8] if any(node == c[0] for c in chunks)]
        unread = [r for r in ranked if not any(r[0] == c[0] for c in chunks)]
        if len(tried) >= TRIES_PER_NEED or (not unread and grep_pattern(need) in grepped):
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
            unread = [r for r in ranked if r[0] in by_id and not any(r[0] == c[0] for c in chunks)]
            if unread and any(unread[0][0] == c[0] for c in planned_chunks):
                continue  # its best section is already being fetched for another need this turn
            if unread:
                node_id, score, offset = unread[0]
                step = (node_id, offset if offset and (by_id[node_id].end - by_id[node_id].start) > 3 else 0, score)
        pattern = grep_pattern(need)
        if (step is None or not _strong(need, step[2])) and pattern not in grepped and pattern not in {c.arguments.get("pattern") for c in planned}:
            planned.append(view.call("grep_section", {"node_id": "all", "pattern": pattern}, len(planned)))
            if step is not None and step[2] < 1.0:
                continue  # a poor guess: let the grep choose
        if step is not None and (step[0], step[1]) not in planned_chunks:
            planned.append(view.call("fetch_section", {"node_id": step[0], "offset": step[1]}, len(planned)))
            planned_chunks.add((step[0], step[1]))
        if need.kind == PASSAGE:  # prose: read the best few sections at once
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


def _continuation(need: Need, ranked: list[tuple[str, float, int]], truncated: dict[tuple[str, int], FetchResult], chunks: set[tuple[str, int]]) -> Step | None:
    """The next chunk of a top-ranked statement already read in part."""
    for node_id, score, _ in ranked[:2]:
        if not _strong(need, score):
            continue
        for (node, offset), result in truncated.items():
            following = offset + len(result.content)
            if node == node_id and (node, following) not in chunks:
                return (node, following, score)
    return None
