"""The sub-agent loop: a multi-turn tool-use conversation with a structured exit.

The model works with its tools until it calls ``return`` with input that satisfies the
agent's result schema (validation errors go back to it to fix, within the turn limit) or
``fail`` with a reason. Every turn, tool call and token is counted; the loop never runs
past ``max_turns`` whatever the model does.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from core.llm.client import RunModel
from core.llm.types import Message, ToolResult, ToolSpec
from core.reply_parsing import MalformedOutput, parse_json_object
from core.schema_check import validate
from retrievers.tools import Tools

FAIL_SPEC = ToolSpec(
    "fail",
    "End the task without a result when the document does not contain what it needs. Say why and "
    "what you tried.",
    {"type": "object", "properties": {"reason": {"type": "string"}}, "required": ["reason"]},
)

NUDGE = (
    "Use your tools to read the document, then call `return` with your result, or `fail` with a reason. "
    "Do not answer in plain text."
)


def return_spec(schema: dict[str, Any], description: str) -> ToolSpec:
    return ToolSpec("return", description, schema)


@dataclass
class SubAgent:
    name: str  # also the usage role
    system: str
    result_schema: dict[str, Any]
    return_description: str = "Return your result. Its input must match the schema exactly."
    max_turns: int = 8
    allow_fail: bool = True
    strict_numbers: bool = False  # an integer is not a float, nor a float an integer (the seeds' signatures)


@dataclass
class SubAgentOutcome:
    status: str  # returned | failed | exhausted
    result: dict[str, Any] | None = None
    reason: str = ""
    turns: int = 0
    tool_calls: int = 0
    validation_errors: int = 0
    messages: list[Message] = field(default_factory=list)


async def run_subagent(agent: SubAgent, task: str, llm: RunModel, tools: Tools, outcome: SubAgentOutcome | None = None) -> SubAgentOutcome:
    """Run the agent's tool loop on ``task``. ``outcome``, when given, is filled in as the
    loop goes, so a caller still knows the turns taken when a budget cuts the loop short."""
    trace = llm.trace
    offered = tools.specs + [return_spec(agent.result_schema, agent.return_description)]
    if agent.allow_fail:
        offered.append(FAIL_SPEC)
    messages = [Message.user(task)]
    if outcome is None:
        outcome = SubAgentOutcome("exhausted")
    outcome.status, outcome.messages = "exhausted", messages
    trace.event("subagent_start", agent=agent.name, max_turns=agent.max_turns)
    for turn in range(1, agent.max_turns + 1):
        completion = await llm.complete(agent.system, messages, tools=offered, role=agent.name, max_tokens=2048)
        outcome.turns = turn  # counted once the call is made: a call a budget refused is no turn
        messages.append(completion.to_message())
        if not completion.tool_calls:
            # A plain-text reply that is a valid result is accepted rather than wasting a turn.
            accepted = _accept_text(completion.text, agent.result_schema, agent.strict_numbers)
            if accepted is not None:
                outcome.status, outcome.result = "returned", accepted
                break
            messages.append(Message.user(NUDGE))
            continue
        results: list[ToolResult] = []
        finished = False
        for call in completion.tool_calls:
            if call.parse_error:
                results.append(ToolResult(call.id, f"Your arguments were not valid JSON ({call.parse_error}). Call {call.name} again.", True))
                continue
            if call.name == "return":
                errors = validate(call.arguments, agent.result_schema, strict_numbers=agent.strict_numbers)
                if errors:
                    outcome.validation_errors += 1
                    trace.event("return_rejected", agent=agent.name, errors=errors)
                    results.append(ToolResult(call.id, "Result rejected: " + "; ".join(errors[:10]) + ". Fix it and call return again.", True))
                    continue
                outcome.status, outcome.result = "returned", call.arguments
                finished = True
                break
            if call.name == "fail" and agent.allow_fail:
                outcome.status, outcome.reason = "failed", str(call.arguments.get("reason") or "no reason given")
                finished = True
                break
            outcome.tool_calls += 1
            content, is_error = tools.call(call.name, call.arguments)
            results.append(ToolResult(call.id, content, is_error))
        if finished:
            break
        messages.append(Message("user", "", tool_results=results))
    if outcome.status == "exhausted":
        outcome.reason = f"turn limit of {agent.max_turns} reached without a result"
    trace.event(
        "subagent_end",
        agent=agent.name,
        status=outcome.status,
        turns=outcome.turns,
        tool_calls=outcome.tool_calls,
        reason=outcome.reason,
        result=json.dumps(outcome.result)[:1500] if outcome.result else None,
    )
    return outcome


def _accept_text(text: str, schema: dict[str, Any], strict_numbers: bool) -> dict[str, Any] | None:
    try:
        value = parse_json_object(text)
    except MalformedOutput:
        return None
    return value if not validate(value, schema, strict_numbers=strict_numbers) else None
