"""The offline policy served over the OpenAI and Anthropic wire protocols.

A responder for ``tests/wire_server.WireServer`` that rebuilds the provider-neutral request
from the JSON a real SDK sent and answers with the offline policy, so whole sweeps can run
through real SDKs, real HTTP, and injected faults. The wire carries no role, so the role
is read off the system prompt each mode sends.
"""
from __future__ import annotations

import json
from typing import Any

from wire_server import RecordedRequest, Reply, ToolUse

from baseline.policy import respond
from core.llm.types import CompletionRequest, Message, ToolCall, ToolResult, ToolSpec
from harness.judge.rubric import JUDGE_SYSTEM
from retrievers import agent, iterative, simple
from retrievers.index.llm_tree import SUMMARY_SYSTEM, TOC_SYSTEM
from retrievers.planner import PLANNER_SYSTEM
from retrievers.planner.executor import GATE_SYSTEM

ROLES = [
    (simple.SCORER_SYSTEM[:60], "scorer"),
    (simple.ANSWERER_SYSTEM[:60], "answerer"),
    (agent.SYSTEM[:60], "agent"),
    (iterative.EXTRACTOR_SYSTEM[:60], "extractor"),
    (iterative.SYNTHESIS_SYSTEM[:60], "synthesizer"),
    (PLANNER_SYSTEM[:60], "planner"),
    (GATE_SYSTEM[:60], "quality_gate"),
    (JUDGE_SYSTEM[:60], "judge"),
    (TOC_SYSTEM[:60], "toc_parser"),
    (SUMMARY_SYSTEM[:60], "summarizer"),
]


def role_of(system: str) -> str:
    for prefix, role in ROLES:
        if system.startswith(prefix):
            return role
    return "executor" if "one task of a plan" in system else "agent"


def _openai_request(body: dict[str, Any]) -> CompletionRequest:
    system = ""
    messages: list[Message] = []
    for item in body["messages"]:
        role = item["role"]
        if role == "system":
            system = item["content"]
        elif role == "user":
            messages.append(Message.user(item.get("content") or ""))
        elif role == "assistant":
            calls = [
                ToolCall(c["id"], c["function"]["name"], _args(c["function"].get("arguments")))
                for c in item.get("tool_calls") or []
            ]
            messages.append(Message("assistant", item.get("content") or "", calls))
        elif role == "tool":
            result = ToolResult(item["tool_call_id"], item.get("content") or "")
            if messages and messages[-1].role == "user" and messages[-1].tool_results:
                messages[-1].tool_results.append(result)
            else:
                messages.append(Message("user", "", tool_results=[result]))
    tools = [ToolSpec(t["function"]["name"], t["function"].get("description", ""), t["function"].get("parameters", {})) for t in body.get("tools") or []]
    return CompletionRequest(system, messages, tools, role=role_of(system))


def _anthropic_request(body: dict[str, Any]) -> CompletionRequest:
    system = body.get("system") or ""
    if isinstance(system, list):
        system = "".join(block.get("text", "") for block in system)
    messages: list[Message] = []
    for item in body["messages"]:
        content = item["content"]
        if isinstance(content, str):
            messages.append(Message(item["role"], content))
            continue
        text = "".join(b.get("text", "") for b in content if b.get("type") == "text")
        calls = [ToolCall(b["id"], b["name"], b.get("input") or {}) for b in content if b.get("type") == "tool_use"]
        results = [
            ToolResult(b["tool_use_id"], b["content"] if isinstance(b["content"], str) else "".join(x.get("text", "") for x in b["content"]), bool(b.get("is_error")))
            for b in content
            if b.get("type") == "tool_result"
        ]
        messages.append(Message(item["role"], text, calls, results))
    tools = [ToolSpec(t["name"], t.get("description", ""), t.get("input_schema", {})) for t in body.get("tools") or []]
    return CompletionRequest(system, messages, tools, role=role_of(system))


def _args(raw: Any) -> dict[str, Any]:
    if isinstance(raw, dict):
        return raw
    try:
        value = json.loads(raw or "{}")
    except json.JSONDecodeError:
        return {}
    return value if isinstance(value, dict) else {}


def request_of(request: RecordedRequest) -> CompletionRequest:
    """The provider-neutral request a real SDK sent, with its role read off the system prompt."""
    return _anthropic_request(request.json) if request.api in ("anthropic", "bedrock") else _openai_request(request.json)


def offline_responder(request: RecordedRequest) -> Reply:
    """Answer any Anthropic or OpenAI request as the offline model would; a judge request as
    the rule-based offline judge would."""
    completion_request = request_of(request)
    if completion_request.role == "judge":
        return Reply(_judge(completion_request.messages[0].text))
    text, calls = respond(completion_request)
    return Reply(text, [ToolUse(c.name, c.arguments, c.id) for c in calls])


def _judge(prompt: str) -> str:
    from core.protocol import read_block
    from harness.judge.offline_judge import heuristic_verdict

    def part(name: str) -> str:
        return read_block(prompt, name) or ""

    ruled = heuristic_verdict(part("question"), part("gold_answer"), part("answer"), part("gold_justification"))
    return json.dumps({"label": ruled.label, "rationale": ruled.rationale})
