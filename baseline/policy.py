"""The rule-based baseline: a deterministic, non-LLM model that plays every role.

It reads the same prompts a real model reads and answers in the same formats, both through
``core.protocol``, so runs with it take exactly the path runs with a real model take. It
exists so that the whole harness runs and is tested without an API key, and so that every
report has a no-LLM baseline. Its rules are general financial knowledge (line-item
synonyms, textbook formulas, table parsing, lexical search, ordinary question forms); it
never sees gold answers, justifications or evidence: they are never in a prompt it is given.
"""
from __future__ import annotations

import json
from collections.abc import Callable

from baseline import indexing, planning, roles
from core.llm.types import CompletionRequest, ToolCall
from core.protocol import Decision

Reply = tuple[str, list[ToolCall]]

ROLE_HANDLERS: dict[str, Callable[[CompletionRequest], Reply]] = {
    "scorer": roles.score_sections,
    "answerer": roles.answer_from_documents,
    "agent": roles.agent_turn,
    "extractor": roles.extractor_turn,
    "synthesizer": roles.synthesize,
    "planner": planning.write_plan,
    "executor": planning.run_task,
    "quality_gate": planning.quality_gate,
    "toc_parser": indexing.toc_parser,
    "summarizer": indexing.summarizer,
}


def respond(request: CompletionRequest) -> Reply:
    handler = ROLE_HANDLERS.get(request.role)
    if handler is None:
        return json.dumps(Decision("fail", reason=f"the offline baseline cannot play the role {request.role!r}").to_dict()), []
    return handler(request)
