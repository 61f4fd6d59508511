"""The offline policy: a deterministic, non-LLM model that plays every role.

It reads the same prompts a real model reads (the tagged blocks the retrievers write) and
answers in the same formats (JSON replies, tool calls), so runs with it take exactly the
path runs with a real model take. It exists so that the whole harness runs and is tested
without an API key, and so that every report has a no-LLM floor. It never sees gold
answers, justifications or evidence: they are never in a prompt it is given.
"""
from __future__ import annotations

import json
from collections.abc import Callable

from baseline import planning, roles, toc_roles
from core.llm.types import CompletionRequest, ToolCall

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
    "toc_parser": toc_roles.toc_parser,
    "summarizer": toc_roles.summarizer,
}


def respond(request: CompletionRequest) -> Reply:
    handler = ROLE_HANDLERS.get(request.role)
    if handler is None:
        return json.dumps({"status": "fail", "reason": f"the offline model cannot play the role {request.role!r}"}), []
    return handler(request)
