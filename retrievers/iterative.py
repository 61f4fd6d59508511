"""Iterative mode: an extraction agent and a synthesis agent in a loop, one shopping item
at a time (``shared/seeds/iterative_retrieval_design.md`` is the specification).

- The first shopping item is the question itself: no planning call.
- Extraction is a multi-turn sub-agent with fetch/grep and a fresh context every iteration;
  it returns structured findings with provenance, or fails with a reason. Raw text never
  survives an iteration: only findings do.
- Synthesis is single-turn with no tools. It sees the question, the numbered findings and
  the failed searches, never PDF text, and answers, asks for one more item, or fails.
- Findings are append-only; failed extractions are kept as {item, reason, sections_tried}.
- The synthesis of the last iteration carries the last-chance flag: it may answer from what
  was found or fail with a reason, and is not offered another search. Nothing forces an
  answer.
- Extraction turns see the section index folded to a token budget (ids and pages, the
  outline unfolded level by level), since an extraction resends it on every turn.
- The extraction cache (design phase 3): a chunk of a section an earlier extraction read,
  for any item, is answered with that extraction's findings; asking again reads the text.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.llm.types import ToolSpec
from core.protocol import (
    FAILED_SEARCHES,
    FINDINGS,
    LOOP,
    QUESTION,
    SHOPPING_ITEM,
    AlreadyExtracted,
    Decision,
    ExtractionReturn,
    block,
    format_failed_searches,
    format_findings,
    format_loop_state,
    tool_result_json,
)
from core.reply_parsing import ask_json
from core.results import FailedSearch, Finding, RetrievalResult
from retrievers.answers import normalise_sources
from retrievers.base import RetrievalContext
from retrievers.index.tree import DocumentIndex
from retrievers.section_index import folded_section_index, indexed_prompt, section_index
from retrievers.subagent import SubAgent, SubAgentOutcome, run_subagent
from retrievers.tools import SectionTools

EXTRACTOR_SYSTEM = """You are a data extraction agent working on one long financial filing.
You get a shopping item (what to look for), the question it serves, and the section index (a section
marked [+N subsections] has parts not listed: grep it to find them, each match names its part).
Tools: grep_section(node_id or "all", pattern) to locate text; fetch_section(node_id, offset) to read it
(5,000-6,000 characters per call; when truncated is true, continue at the hint's offset rather than guess).
Fetch the 1-3 most promising sections. Extract every relevant data point, not only the shopping item:
numbers as raw numeric values with their unit and scale from the table header (e.g. millions_usd, percent),
the 1-based page from the [Page N] marker, the section title, and a context sentence saying exactly what
the value is (metric, period, segment). Report values as printed on the page; leave arithmetic to the
synthesis agent. Then call `return` with {"findings": [...], "sections_searched": [...]}.
If nothing relevant is in the sections you read, call `fail` with the reason and the sections you tried."""

FINDING_SCHEMA = {
    "type": "object",
    "properties": {
        "label": {"type": "string"},
        "value": {"type": ["number", "string"]},
        "unit": {"type": ["string", "null"]},
        "page": {"type": ["integer", "string"]},
        "section": {"type": "string"},
        "context": {"type": ["string", "null"]},
    },
    "required": ["label", "value", "page", "section"],
}
EXTRACTION_SCHEMA = {
    "type": "object",
    "properties": {
        "findings": {"type": "array", "items": FINDING_SCHEMA},
        "sections_searched": {"type": "array", "items": {"type": "string"}},
    },
    "required": ["findings", "sections_searched"],
}

SYNTHESIS_SYSTEM = """You are the synthesis agent of an iterative retrieval loop over one financial filing.
You see the question, the numbered findings extracted so far (each with value, unit, page, section and
context) and the searches that failed. You never see the document itself and have no tools.
Decide one of:
- {"status": "answer", "answer": "...", "sources": ["p. 27", ...], "confidence": "high|medium|low"}:
  the findings suffice. Compute derived figures yourself from the findings' values, checking units and
  scale, and show the arithmetic. Cite the pages of the findings you used.
- {"status": "needs", "needs": "...", "reason": "..."}: exactly one more thing to look for, as specific as
  possible ("Consumer segment operating income for 2022", not "segment data"). Never repeat a failed
  search; if a figure is not stated, ask for its components (e.g. operating income and revenue).
- {"status": "fail", "reason": "..."}: the data is genuinely not in the filing.
Reply with only the JSON object."""

LAST_CHANCE = (
    "This is the last chance: no more searches are possible. Answer from the findings if they support an "
    "answer, or fail with the reason. Do not reply with needs."
)


def read_synthesis(reply: dict[str, Any]) -> Decision:
    return Decision.read(reply, ("answer", "needs", "fail"))


@dataclass
class LoopState:
    findings: list[Finding] = field(default_factory=list)
    failed_searches: list[FailedSearch] = field(default_factory=list)
    iteration: int = 0
    turns: int = 0  # extraction turns of the finished extractions
    extraction: SubAgentOutcome | None = None  # the extraction under way
    # Extraction cache (design phase 3): (node_id, offset) read by an earlier extraction, for
    # whatever item -> the numbers of the findings that extraction returned.
    extracted: dict[tuple[str, int], list[int]] = field(default_factory=dict)
    cache_hits: int = 0

    def result(self, status: str = "fail", **fields: Any) -> RetrievalResult:
        """The loop's outcome so far; also what a run cut short by a budget records."""
        turns = self.turns + (self.extraction.turns if self.extraction is not None else 0)
        return RetrievalResult(
            status, turns=turns, iterations=self.iteration, findings=list(self.findings),
            failed_searches=list(self.failed_searches), extra={"extraction_cache_hits": self.cache_hits}, **fields,
        )


class CachedSectionTools:
    """Section tools for one extraction. They note every section the extraction tried
    (fetched or grepped), and a chunk an earlier extraction already read, for any item, is
    answered with that extraction's findings instead of its text; asking for the same chunk
    again in this extraction reads the text (the earlier findings may lack what this item
    needs)."""

    def __init__(self, tools: SectionTools, state: LoopState, enabled: bool) -> None:
        self.tools = tools
        self.state = state
        self.enabled = enabled
        self.fetched: list[tuple[str, int]] = []  # chunks read (or answered from the cache)
        self.tried: list[str] = []  # sections fetched or grepped, in order
        self._answered_from_cache: set[tuple[str, int]] = set()

    @property
    def specs(self) -> list[ToolSpec]:
        return self.tools.specs

    def _note(self, section: str) -> None:
        if section and section not in self.tried:
            self.tried.append(section)

    def call(self, name: str, arguments: dict[str, Any]) -> tuple[str, bool]:
        wanted = str(arguments.get("node_id", "") or "")
        if name == "grep_section":
            scope = wanted if wanted.lower() == "all" else getattr(self.tools.index.node(wanted) or self.tools.index.closest_node(wanted), "node_id", "")
            self._note("all" if scope.lower() == "all" else scope)
            return self.tools.call(name, arguments)
        if name != "fetch_section":
            return self.tools.call(name, arguments)
        node = self.tools.index.node(wanted) or self.tools.index.closest_node(wanted)
        if node is None:
            return self.tools.call(name, arguments)
        try:
            chunk = (node.node_id, max(0, int(arguments.get("offset", 0) or 0)))
        except (TypeError, ValueError):
            return self.tools.call(name, arguments)
        self._note(node.node_id)
        earlier = self.state.extracted.get(chunk) if self.enabled else None
        if earlier is not None and chunk not in self._answered_from_cache:
            self._answered_from_cache.add(chunk)
            self.state.cache_hits += 1
            self.tools.trace.event("extraction_cache_hit", node_id=node.node_id, offset=chunk[1], findings=earlier)
            reply = AlreadyExtracted(
                node.node_id, [self.state.findings[i - 1] for i in earlier],
                "An earlier extraction read this part of the section and found the findings above. If they lack "
                "what you need, call fetch_section again with the same node_id and offset to read the text.",
                offset=chunk[1],
            )
            return tool_result_json(reply), False
        self.fetched.append(chunk)
        return self.tools.call(name, arguments)


class IterativeRetriever:
    name = "iterative"

    async def retrieve(self, index: DocumentIndex, question: str, ctx: RetrievalContext) -> RetrievalResult:
        state = LoopState()
        ctx.progress = state.result  # a run cut short by a budget still records the loop state
        sections = folded_section_index(index) if ctx.options.compact_index else section_index(index)
        item = question
        max_iterations = max(1, ctx.options.max_iterations)
        for iteration in range(1, max_iterations + 1):
            state.iteration = iteration
            last_chance = iteration == max_iterations
            ctx.trace.event("iteration_start", iteration=iteration, item=item)
            await self._extract(item, question, sections, state, ctx)
            # The final iteration's synthesis is the last chance: it may answer from what was
            # found or fail, and is not offered another search.
            reply = await self._synthesize(question, state, ctx, last_chance=last_chance)
            ctx.trace.event("iteration_end", iteration=iteration, status=reply.status or None, needs=reply.needs or None)
            result = self._finish(reply, state)
            if result is not None:
                return result
            if last_chance:  # a last-chance reply asking for more is not an answer
                return state.result("fail", reason=f"no answer after {max_iterations} iterations; still needed: {reply.needs or None}")
            item = reply.needs or question
        raise AssertionError("unreachable: the last iteration always returns")

    async def _extract(self, item: str, question: str, sections: str, state: LoopState, ctx: RetrievalContext) -> None:
        agent = SubAgent("extractor", EXTRACTOR_SYSTEM, EXTRACTION_SCHEMA, "Return the findings and the sections you searched.", ctx.options.extractor_turns)
        task = indexed_prompt(sections, block(SHOPPING_ITEM, item), block(QUESTION, question), "Extract findings for the shopping item.")
        tools = CachedSectionTools(ctx.tools, state, ctx.options.extraction_cache)
        state.extraction = SubAgentOutcome("exhausted")
        outcome = await run_subagent(agent, task, ctx.llm, tools, state.extraction)  # a fresh context every iteration
        state.turns += outcome.turns
        state.extraction = None
        returned = ExtractionReturn.from_dict(outcome.result or {})
        tried = list(dict.fromkeys(tools.tried + [s for s in returned.sections_searched if s]))
        new = [self._clean_finding(f, state.iteration) for f in returned.findings] if outcome.status == "returned" else []
        if not new:
            failed = FailedSearch(item, outcome.reason or "the extraction returned no findings", tried)
            state.failed_searches.append(failed)
            ctx.trace.event("extraction_failed", iteration=state.iteration, **failed.to_dict())
            return
        first = len(state.findings) + 1
        state.findings.extend(new)
        numbers = list(range(first, first + len(new)))
        for chunk in tools.fetched:
            state.extracted[chunk] = numbers
        ctx.trace.event("extraction", iteration=state.iteration, item=item, findings=[f.to_dict() for f in new], sections_searched=tried)

    @staticmethod
    def _clean_finding(finding: Finding, iteration: int) -> Finding:
        finding.iteration = iteration
        page = finding.page_number
        if page is not None:
            finding.page = page
        return finding

    async def _synthesize(self, question: str, state: LoopState, ctx: RetrievalContext, *, last_chance: bool) -> Decision:
        parts = [
            block(QUESTION, question),
            block(FINDINGS, format_findings(state.findings)),
            block(FAILED_SEARCHES, format_failed_searches(state.failed_searches)),
            block(LOOP, format_loop_state(state.iteration, ctx.options.max_iterations, last_chance)),
        ]
        if last_chance:
            parts.append(LAST_CHANCE)
        # An unreadable decision is re-asked once, then fails the run (MalformedOutput):
        # searching again on a guess would hide it.
        reply = await ask_json(ctx.llm, SYNTHESIS_SYSTEM, "\n\n".join(parts), role="synthesizer", max_tokens=1500, read=read_synthesis)
        ctx.trace.event("synthesis", iteration=state.iteration, last_chance=last_chance, status=reply.status or None, answer=reply.answer or None,
                        needs=reply.needs or None, reason=reply.reason or None, sources=reply.sources or None)
        return reply

    def _finish(self, reply: Decision, state: LoopState) -> RetrievalResult | None:
        if reply.status == "answer" and reply.answer:
            return state.result("ok", answer=reply.answer, sources=normalise_sources(reply.sources), confidence=reply.confidence)
        if reply.status == "fail":
            return state.result("fail", reason=reply.reason or "synthesis failed without a reason")
        return None  # needs (or a reply that neither answers nor fails): search on
