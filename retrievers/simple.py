"""Simple mode: score every section, read the top-k, answer once.

Two model calls and no tool loop: predictable and cheap, good for single-hop lookups.
The sections are read by the harness through the same ``fetch_section`` tool the agents
use, so pages read and tool counts are recorded the same way.
"""
from __future__ import annotations

from core.protocol import (
    DOCUMENTS,
    QUESTION,
    Decision,
    Document,
    FetchResult,
    ToolError,
    block,
    format_documents,
    read_scores_reply,
    read_tool_result,
)
from core.reply_parsing import ask_json
from core.results import RetrievalResult
from retrievers.answers import answer_from_decision
from retrievers.base import RetrievalContext
from retrievers.index.tree import DocumentIndex
from retrievers.section_index import indexed_prompt, section_index

SCORER_SYSTEM = """You choose which sections of a long financial filing to read to answer a question.
You see the question and the document's section index (node_id, pages, title, summary).
Reply with only a JSON object mapping the node_ids worth reading to a relevance score from 0 to 10,
at most 10 entries, most relevant first: {"scores": {"<node_id>": 9, "<node_id>": 6}}"""

ANSWERER_SYSTEM = """You answer a question about a financial filing from excerpts of that filing.
Use only the excerpts. Give the figures with their units, show any arithmetic, and cite the pages
you used (the excerpts carry [Page N] markers). If the excerpts do not contain what the question
needs, do not guess: decline with a reason.
Reply with only a JSON object:
{"status": "answer", "answer": "<answer>", "sources": ["p. 51"], "confidence": "high|medium|low"}
or {"status": "fail", "reason": "<what is missing>"}"""


class SimpleRetriever:
    name = "simple"

    async def retrieve(self, index: DocumentIndex, question: str, ctx: RetrievalContext) -> RetrievalResult:
        chosen = await self._choose_sections(index, question, ctx)
        if not chosen:  # the scorer read the index and found nothing worth reading: no blind guess
            return RetrievalResult("fail", reason="the scorer found no section relevant to the question", turns=1)
        documents = [self._read(node_id, ctx) for node_id in chosen[: ctx.options.top_k]]
        prompt = "\n\n".join(
            [
                block(QUESTION, question),
                block(DOCUMENTS, format_documents(documents)),
                "Answer the question from the documents, as the JSON object described.",
            ]
        )
        decision = await ask_json(ctx.llm, ANSWERER_SYSTEM, prompt, role="answerer", max_tokens=1500, read=Decision.read)
        result = answer_from_decision(decision)
        result.turns = 1
        return result

    async def _choose_sections(self, index: DocumentIndex, question: str, ctx: RetrievalContext) -> list[str]:
        # An unreadable reply is re-asked once, then fails the run: reading the first
        # sections instead would answer from a guess the record would not show.
        prompt = indexed_prompt(section_index(index), block(QUESTION, question), "Score the sections as described.")
        ranked = await ask_json(ctx.llm, SCORER_SYSTEM, prompt, role="scorer", max_tokens=800, read=read_scores_reply)
        chosen = [node_id for node_id, score in ranked if score > 0]
        ctx.trace.event("sections_chosen", node_ids=chosen[: ctx.options.top_k])
        return chosen

    def _read(self, node_id: str, ctx: RetrievalContext) -> Document:
        parts: list[str] = []
        offset = 0
        first: FetchResult | None = None
        while True:
            content, _ = ctx.tools.call("fetch_section", {"node_id": node_id, "offset": offset})
            result = read_tool_result(content)
            if not isinstance(result, FetchResult):
                error = result.error if isinstance(result, ToolError) else "unreadable"
                return Document(node_id, node_id, 0, 0, error)
            first = first or result
            parts.append(result.content)
            offset = result.offset + len(result.content)
            if not result.truncated or offset >= ctx.options.section_chars:
                break
        return Document(first.node_id, first.title, first.pages[0], first.pages[1], "".join(parts))
