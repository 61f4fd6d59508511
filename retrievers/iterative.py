"""Iterative mode: an extraction agent and a synthesis agent in a loop, one shopping item
at a time (``shared/seeds/iterative_retrieval_design.md`` is the specification).

- The first shopping item is the question itself: no planning call.
- Extraction is a multi-turn sub-agent with fetch/grep and a fresh context every iteration;
  it returns structured findings with provenance, or fails with a reason. Raw text never
  survives an iteration: only findings do.
- Synthesis is single-turn with no tools. It sees the question, the numbered findings and
  the failed searches, never PDF text, and answers, asks for one more item, or fails.
- Findings are append-only; failed extractions are kept as {item, reason, sections_tried}.
- After ``max_iterations`` a last-chance synthesis may answer from what was found or fail
  with a reason. Nothing forces an answer.
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
    SECTIONS,
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
from core.reply_parsing import MalformedOutput, ask_json
from core.results import FailedSearch, Finding, RetrievalResult
from retrievers.answers import normalise_sources
from retrievers.base import RetrievalContext
from retrievers.index.tree import DocumentIndex
from retrievers.section_index import section_index
from retrievers.subagent import SubAgent, run_subagent
from retrievers.tools import SectionTools

EXTRACTOR_SYSTEM = """You are a data extraction agent working on one long financial filing.
You get a shopping item (what to look for), the question it serves, and the section index.
Tools: grep_section(node_id or "all", pattern) to locate text; fetch_section(node_id, offset) to read it
(5,000-6,000 characters per call; when truncated is true, continue at the hint's offset rather than guess).
Fetch the 1-3 most promising sections. Extract every relevant data point, not only the shopping item:
numbers as raw numeric values with their unit and scale from the table header (e.g. millions_usd, percent),
the 1-based page from the [Page N] marker, the section title, and a context sentence saying exactly what
the value is (metric, period, segment). Then call `return` with {"findings": [...], "sections_searched": [...]}.
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


@dataclass
class LoopState:
    findings: list[Finding] = field(default_factory=list)
    failed_searches: list[FailedSearch] = field(default_factory=list)
    iteration: int = 0
    # Extraction cache (design phase 3): item -> node_id -> finding numbers from that section.
    extracted: dict[str, dict[str, list[int]]] = field(default_factory=dict)
    cache_hits: int = 0


class CachedSectionTools:
    """Section tools for one extraction: a section already extracted for the same shopping
    item is not fetched again; the tool returns that section's earlier findings instead."""

    def __init__(self, tools: SectionTools, state: LoopState, item: str, enabled: bool) -> None:
        self.tools = tools
        self.state = state
        self.item_key = " ".join(item.lower().split())
        self.enabled = enabled
        self.fetched: list[str] = []

    @property
    def specs(self) -> list[ToolSpec]:
        return self.tools.specs

    def call(self, name: str, arguments: dict[str, Any]) -> tuple[str, bool]:
        if name == "fetch_section":
            node = self.tools.index.node(str(arguments.get("node_id", ""))) or self.tools.index.closest_node(str(arguments.get("node_id", "")))
            earlier = self.state.extracted.get(self.item_key, {}).get(node.node_id) if (node and self.enabled) else None
            if node is not None and earlier is not None:
                self.state.cache_hits += 1
                self.tools.trace.event("extraction_cache_hit", item=self.item_key, node_id=node.node_id, findings=earlier)
                reply = AlreadyExtracted(
                    node.node_id, [self.state.findings[i - 1] for i in earlier],
                    "This section was already extracted for this item; its findings are above. Read a different section or return.",
                )
                return tool_result_json(reply), False
            if node is not None:
                self.fetched.append(node.node_id)
        return self.tools.call(name, arguments)


class IterativeRetriever:
    name = "iterative"

    async def retrieve(self, index: DocumentIndex, question: str, ctx: RetrievalContext) -> RetrievalResult:
        state = LoopState()
        sections = section_index(index)
        item = question
        max_iterations = max(1, ctx.options.max_iterations)
        turns = 0
        for iteration in range(1, max_iterations + 1):
            state.iteration = iteration
            ctx.trace.event("iteration_start", iteration=iteration, item=item)
            turns += await self._extract(item, question, sections, state, ctx)
            reply = await self._synthesize(question, state, ctx, last_chance=False)
            ctx.trace.event("iteration_end", iteration=iteration, status=reply.status or None, needs=reply.needs or None)
            result = self._finish(reply, state, turns)
            if result is not None:
                return result
            item = reply.needs or question
        reply = await self._synthesize(question, state, ctx, last_chance=True)
        result = self._finish(reply, state, turns)
        if result is None:  # a last-chance reply asking for more is not an answer
            result = self._result("fail", state, turns, reason=f"no answer after {max_iterations} iterations; still needed: {reply.needs or None}")
        return result

    async def _extract(self, item: str, question: str, sections: str, state: LoopState, ctx: RetrievalContext) -> int:
        agent = SubAgent("extractor", EXTRACTOR_SYSTEM, EXTRACTION_SCHEMA, "Return the findings and the sections you searched.", ctx.options.extractor_turns)
        task = "\n\n".join(
            [block(SHOPPING_ITEM, item), block(QUESTION, question), block(SECTIONS, sections), "Extract findings for the shopping item."]
        )
        tools = CachedSectionTools(ctx.tools, state, item, ctx.options.extraction_cache)
        outcome = await run_subagent(agent, task, ctx.llm, tools)  # a fresh context every iteration
        returned = ExtractionReturn.from_dict(outcome.result or {})
        tried = sorted(set(tools.fetched) | set(returned.sections_searched))
        new = [self._clean_finding(f, state.iteration) for f in returned.findings] if outcome.status == "returned" else []
        if not new:
            failed = FailedSearch(item, outcome.reason or "the extraction returned no findings", tried)
            state.failed_searches.append(failed)
            ctx.trace.event("extraction_failed", iteration=state.iteration, **failed.to_dict())
            return outcome.turns
        first = len(state.findings) + 1
        state.findings.extend(new)
        numbers = list(range(first, first + len(new)))
        key = " ".join(item.lower().split())
        for node_id in tools.fetched:
            state.extracted.setdefault(key, {})[node_id] = numbers
        ctx.trace.event("extraction", iteration=state.iteration, item=item, findings=[f.to_dict() for f in new], sections_searched=tried)
        return outcome.turns

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
        try:
            reply = Decision.from_dict(await ask_json(ctx.llm, SYNTHESIS_SYSTEM, "\n\n".join(parts), role="synthesizer", max_tokens=1500), default_status="")
        except MalformedOutput as exc:
            reply = Decision("needs" if not last_chance else "fail", needs=question, reason=f"synthesis reply unreadable: {exc}")
        ctx.trace.event("synthesis", iteration=state.iteration, last_chance=last_chance, status=reply.status or None, answer=reply.answer or None,
                        needs=reply.needs or None, reason=reply.reason or None, sources=reply.sources or None)
        return reply

    def _finish(self, reply: Decision, state: LoopState, turns: int) -> RetrievalResult | None:
        if reply.status == "answer" and reply.answer:
            return self._result("ok", state, turns, answer=reply.answer, sources=normalise_sources(reply.sources), confidence=reply.confidence)
        if reply.status == "fail":
            return self._result("fail", state, turns, reason=reply.reason or "synthesis failed without a reason")
        return None  # needs (or a reply that neither answers nor fails): search on

    @staticmethod
    def _result(status: str, state: LoopState, turns: int, **fields: Any) -> RetrievalResult:
        return RetrievalResult(
            status, turns=turns, iterations=state.iteration, findings=state.findings, failed_searches=state.failed_searches,
            extra={"extraction_cache_hits": state.cache_hits}, **fields
        )
