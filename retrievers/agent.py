"""Agent mode, the seeds' default: one sub-agent with fetch and grep answers the question.

It sees the section index, reads what it wants, and returns an answer with cited pages.
Simple to reason about, but raw text piles up in one context (the seeds measured ~80k
tokens a run): the iterative mode exists to fix that.
"""
from __future__ import annotations

from core.protocol import QUESTION, Decision, block
from core.results import RetrievalResult
from retrievers.answers import normalise_sources
from retrievers.base import RetrievalContext
from retrievers.index.tree import DocumentIndex
from retrievers.section_index import indexed_prompt, section_index
from retrievers.subagent import SubAgent, run_subagent

SYSTEM = """You are a financial analyst answering a question about one long financial filing.
You see the filing's section index (node_id, pages, title, summary) and have two tools:
- grep_section(node_id or "all", pattern): find where a phrase or number appears, with offsets;
- fetch_section(node_id, offset): read 5,000-6,000 characters of a section; continue at the hint's offset.
Grep to locate, then fetch around the match. Read the statements' table headers for units and years.
Compute derived figures yourself from the numbers you read, showing the arithmetic.
When you have the answer, call `return` with {"answer": ..., "sources": ["p. 51", ...], "confidence": "high|medium|low"},
citing the pages ([Page N] markers) your numbers come from. If the filing does not contain what the
question needs, call `fail` with the reason; never guess."""

RESULT_SCHEMA = {
    "type": "object",
    "properties": {
        "answer": {"type": "string", "description": "The answer, with figures, units and any arithmetic."},
        "sources": {"type": "array", "items": {"type": ["string", "integer"]}, "description": "Cited pages, e.g. \"p. 51\"."},
        "confidence": {"type": "string", "enum": ["high", "medium", "low"]},
    },
    "required": ["answer", "sources"],
}


class AgentRetriever:
    name = "agent"

    async def retrieve(self, index: DocumentIndex, question: str, ctx: RetrievalContext) -> RetrievalResult:
        agent = SubAgent("agent", SYSTEM, RESULT_SCHEMA, "Return the final answer with cited pages.", ctx.options.max_turns)
        task = indexed_prompt(
            section_index(index), block(QUESTION, question), "Answer the question from the filing. Use the tools, then call return (or fail)."
        )
        outcome = await run_subagent(agent, task, ctx.llm, ctx.tools)
        if outcome.status != "returned" or not outcome.result:
            return RetrievalResult("fail", reason=outcome.reason, turns=outcome.turns)
        returned = Decision.from_dict(outcome.result)
        return RetrievalResult(
            "ok", answer=returned.answer, sources=normalise_sources(returned.sources), confidence=returned.confidence, turns=outcome.turns
        )
