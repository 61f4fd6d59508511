"""The sub-agent loop: a multi-turn tool-use conversation with a structured exit.

The model works with its tools until it calls ``return`` with input that satisfies the
agent's result schema (validation errors go back to it to fix, within the turn limit) or
``fail`` with a reason. Every turn, tool call and token is counted; the loop never runs
past ``max_turns`` whatever the model does.

A turn that cannot be read (a reply cut off at ``max_tokens``, a tool call whose arguments
are not a JSON object, an empty reply) is answered with what was wrong; a second such turn
in a row fails the run with that reason (``MalformedOutput``), the rule every role follows.
Text the model writes beside its tool calls stays in the conversation and the trace.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from core.llm.client import RunModel
from core.llm.types import Completion, Message, ToolCall, ToolResult, ToolSpec
from core.reply_parsing import MalformedOutput, cut_off_note, parse_json_object
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


async def run_subagent(
    agent: SubAgent, task: str | Message, llm: RunModel, tools: Tools, outcome: SubAgentOutcome | None = None
) -> SubAgentOutcome:
    """Run the agent's tool loop on ``task``. ``outcome``, when given, is filled in as the
    loop goes, so a caller still knows the turns taken when a budget cuts the loop short."""
    trace = llm.trace
    offered = tools.specs + [return_spec(agent.result_schema, agent.return_description)]
    if agent.allow_fail:
        offered.append(FAIL_SPEC)
    max_tokens = 2048
    messages = [task if isinstance(task, Message) else Message.user(task)]
    if outcome is None:
        outcome = SubAgentOutcome("exhausted")
    outcome.status, outcome.messages = "exhausted", messages
    trace.event("subagent_start", agent=agent.name, max_turns=agent.max_turns)
    unreadable = ""  # what was wrong with the previous turn, if it could not be read
    for turn in range(1, agent.max_turns + 1):
        completion = await llm.complete(agent.system, messages, tools=offered, role=agent.name, max_tokens=max_tokens)
        outcome.turns = turn  # counted once the call is made: a call a budget refused is no turn
        messages.append(completion.to_message())
        problem = _unreadable(completion)
        if problem:
            trace.event("malformed_output", role=agent.name, attempt=2 if unreadable else 1, error=problem, stop_reason=completion.stop_reason)
            if unreadable:
                raise MalformedOutput(f"the {agent.name}'s reply could not be read, even after a re-ask: {problem}")
            unreadable = problem
            note = cut_off_note(max_tokens) if completion.stop_reason == "max_tokens" else f"Your reply could not be read: {problem}."
            messages.append(_answer_unread(completion.tool_calls, note))
            continue
        unreadable = ""
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
            if call.name == "return":
                arguments = decode_string_fields(call.arguments, agent.result_schema)
                errors = validate(arguments, agent.result_schema, strict_numbers=agent.strict_numbers)
                if errors:
                    outcome.validation_errors += 1
                    trace.event("return_rejected", agent=agent.name, errors=errors)
                    results.append(ToolResult(call.id, "Result rejected: " + "; ".join(errors[:10]) + ". Fix it and call return again.", True))
                    continue
                outcome.status, outcome.result = "returned", arguments
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


def _unreadable(completion: Completion) -> str:
    """Why a turn cannot be acted on, or "" when it can."""
    if completion.stop_reason == "max_tokens":
        return "the reply was cut off at the token limit"
    broken = [c for c in completion.tool_calls if c.parse_error]
    if broken:
        return f"the arguments of {broken[0].name} were not valid JSON ({broken[0].parse_error})"
    if not completion.tool_calls and not completion.text.strip():
        return "the reply was empty"
    return ""


def _answer_unread(calls: list[ToolCall], note: str) -> Message:
    """The turn after an unreadable one: every tool call in it is answered (the APIs require
    it) with the problem and none is run, since its arguments may be cut short."""
    if not calls:
        return Message.user(f"{note} {NUDGE}")
    results = [ToolResult(c.id, f"{note} Call {c.name} again." if not c.parse_error else f"{note} Call {c.name} again with valid JSON arguments.", True)
               for c in calls]
    return Message("user", "", tool_results=results)


def decode_string_fields(arguments: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    """Arguments whose array or object fields arrived as JSON text (models do this with
    nested schemas), decoded where the text holds exactly the type the schema asks for."""
    properties = schema.get("properties") or {}
    decoded = dict(arguments)
    for name, value in arguments.items():
        wanted = (properties.get(name) or {}).get("type")
        kinds = {wanted} if isinstance(wanted, str) else set(wanted or ())
        if not isinstance(value, str) or not kinds & {"array", "object"} or "string" in kinds:
            continue
        try:
            parsed = json.loads(value)
        except ValueError:  # not JSON, or an integer of over 4,300 digits
            continue
        if ("array" in kinds and isinstance(parsed, list)) or ("object" in kinds and isinstance(parsed, dict)):
            decoded[name] = parsed
    return decoded


def _accept_text(text: str, schema: dict[str, Any], strict_numbers: bool) -> dict[str, Any] | None:
    try:
        value = parse_json_object(text)
    except MalformedOutput:
        return None
    return value if not validate(value, schema, strict_numbers=strict_numbers) else None
