"""Replies as current models write them, one corpus per role (tests/data/replies/<role>.jsonl),
read by the parser each role really uses.

A case says what its reply reads as (``expect``), or why it cannot be read
(``unreadable``: it is then re-asked once, and a second unreadable reply fails with the role
and the problem), or, for the tool loops, why the loop rejects it (``rejected``), or, for the
planner, why a readable plan cannot run (``plan_error``: the planner replans).
"""
from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from core.llm.base import ProviderSettings
from core.llm.client import ModelClient, RunMeter
from core.llm.providers._anthropic_wire import completion_from_message
from core.llm.providers.openai_compat import completion_from_response
from core.llm.providers.scripted import register_script
from core.llm.registry import create_provider, parse_model_spec
from core.llm.types import Completion, Usage
from core.protocol import Decision, GateVerdict, JudgeVerdict, read_summary_text_reply, read_toc_entries_reply
from core.reply_parsing import MalformedOutput, ask_json, reply_problem
from core.trace import Trace, read_trace
from retrievers import agent, iterative, simple
from retrievers.index.toc import parse_entries
from retrievers.planner.plan import PlanError, parse_plan
from retrievers.subagent import SubAgent, run_subagent
from retrievers.tools import SectionTools

CORPUS = Path(__file__).parent / "data" / "replies"


def _as_is(reply: dict[str, Any]) -> dict[str, Any]:
    return reply


# role -> (the reader its retriever passes to ask_json, a view of what it read, a valid reply)
JSON_ROLES: dict[str, tuple[Any, Any, str]] = {
    "scorer": (simple.read_scores_reply, lambda v: [[n, s] for n, s in v], '{"scores": {"consolidated_statement_of_cash_flows": 9}}'),
    "answerer": (Decision.read, lambda d: {"status": d.status, "answer": d.answer, "sources": d.sources, "reason": d.reason},
                 '{"status": "answer", "answer": "42", "sources": ["p. 5"]}'),
    "synthesizer": (iterative.read_synthesis, lambda d: {"status": d.status, "answer": d.answer, "needs": d.needs, "reason": d.reason, "sources": d.sources},
                    '{"status": "fail", "reason": "not in the filing"}'),
    "quality_gate": (GateVerdict.read, lambda g: {"sufficient": g.sufficient, "missing": g.missing, "reason": g.reason}, '{"sufficient": true}'),
    "judge": (JudgeVerdict.read, lambda v: v.to_dict(), '{"label": "correct", "rationale": "same figure"}'),
    "planner": (_as_is, lambda p: {"tasks": [t.id for t in parse_plan(p).tasks]}, '{"tasks": []}'),
    "executor": (_as_is, lambda v: v, '{"capex_2022": 1749}'),
    "toc_parser": (read_toc_entries_reply, lambda r: [[e.title, e.printed, e.level] for e in parse_entries(r)[0]],
                   '{"entries": [{"title": "Item 1. Business", "page": 4, "level": 0}]}'),
    "summarizer": (read_summary_text_reply, lambda s: s, '{"summary": "Cash flows for 2020-2022."}'),
}
TOOL_ROLES = {"agent": agent.RESULT_SCHEMA, "extractor": iterative.EXTRACTION_SCHEMA}


def load(role: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (CORPUS / f"{role}.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]


def cases(roles, kind: str | None = None) -> list[Any]:
    return [pytest.param(role, case, id=f"{role}: {case['case']}") for role in roles for case in load(role) if kind is None or kind in case]


def test_every_role_has_a_corpus_with_both_kinds_of_reply():
    for role in list(JSON_ROLES) + list(TOOL_ROLES):
        kinds = {k for case in load(role) for k in ("expect", "unreadable")}
        assert kinds == {"expect", "unreadable"}, role
    cut = {role for role in list(JSON_ROLES) + list(TOOL_ROLES) for case in load(role) if case.get("stop_reason") == "max_tokens"}
    assert cut == set(JSON_ROLES) | set(TOOL_ROLES)  # every role meets a reply cut off at max_tokens


def completion(case: dict[str, Any]) -> Completion:
    return Completion(case["text"], [], Usage(), case.get("stop_reason", "end_turn"))


@pytest.mark.parametrize("role,case", cases(JSON_ROLES))
def test_every_json_reply_reads_as_expected_or_says_why_not(role, case):
    read, view, _ = JSON_ROLES[role]
    value, problem = reply_problem(completion(case), read)
    if "expect" in case:
        assert problem == "" and view(value) == case["expect"]
    elif "plan_error" in case:
        assert problem == ""
        with pytest.raises(PlanError, match=case["plan_error"]):
            parse_plan(value)
    else:
        assert value is None and case["unreadable"] in problem


def scripted_llm(name: str, replies: list[Any], trace_path: Path | None = None):
    register_script(name, list(replies))
    provider = create_provider(parse_model_spec(f"scripted:{name}"), ProviderSettings())
    meter, trace = RunMeter(), Trace(trace_path)
    return ModelClient(provider).bind(meter=meter, trace=trace), provider, trace


@pytest.mark.parametrize("role,case", cases(JSON_ROLES, "unreadable"))
def test_an_unreadable_reply_is_reasked_once_then_fails_naming_the_role(role, case):
    read, view, valid = JSON_ROLES[role]
    llm, provider, _ = scripted_llm("corpus", [completion(case), valid])
    value = asyncio.run(ask_json(llm, "system", "prompt", role=role, read=read, max_tokens=300))
    assert value == read(json.loads(valid)) or view(value) == view(read(json.loads(valid)))
    reask = provider.requests[1].messages[-1].text
    assert len(provider.requests) == 2
    if case.get("stop_reason") == "max_tokens":
        assert "cut off at the 300-token limit" in reask and "shorter" in reask
    else:
        assert case["unreadable"] in reask

    llm, provider, _ = scripted_llm("corpus", [completion(case), completion(case), valid])
    with pytest.raises(MalformedOutput, match=f"the {role}'s reply could not be read, even after a re-ask"):
        asyncio.run(ask_json(llm, "system", "prompt", role=role, read=read))
    assert len(provider.requests) == 2  # never a third ask


def tool_turn(case: dict[str, Any]) -> Completion:
    """The turn as the provider's own decoder reads it off the wire."""
    if "openai" in case:
        from openai.types.chat import ChatCompletion

        finish = "length" if case.get("stop_reason") == "max_tokens" else "tool_calls"
        return completion_from_response(ChatCompletion.model_validate({
            "id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": "m",
            "choices": [{"index": 0, "message": {"role": "assistant", **case["openai"]}, "finish_reason": finish}],
        }))
    stop = case.get("stop_reason") or ("tool_use" if any(b["type"] == "tool_use" for b in case["content"]) else "end_turn")
    return completion_from_message({"content": case["content"], "stop_reason": stop, "usage": {"input_tokens": 10, "output_tokens": 10}})


VALID_RETURN = {
    "agent": {"tool_calls": [{"name": "return", "arguments": {"answer": "42", "sources": ["p. 5"]}}]},
    "extractor": {"tool_calls": [{"name": "return", "arguments": {"findings": [], "sections_searched": []}}]},
}


def run_loop(role: str, replies: list[Any], index, trace_path: Path | None = None):
    llm, provider, trace = scripted_llm("corpus_loop", replies, trace_path)
    tools = SectionTools(index, trace)
    try:
        outcome = asyncio.run(run_subagent(SubAgent(role, "system", TOOL_ROLES[role], max_turns=4), "task", llm, tools))
    finally:
        trace.close()
    return outcome, provider


@pytest.mark.parametrize("role,case", cases(TOOL_ROLES))
def test_every_tool_turn_is_acted_on_reasked_or_rejected(role, case, tiny_index, tmp_path):
    turn = tool_turn(case)
    trace_path = tmp_path / "trace.jsonl"
    outcome, provider = run_loop(role, [turn, VALID_RETURN[role]], tiny_index, trace_path)
    assert outcome.status == "returned"
    if "expect" in case:
        assert outcome.turns == 1 and outcome.result == case["expect"]
        if case.get("kept_text"):  # text beside a tool call stays in the conversation and the trace
            assert outcome.messages[1].text == case["kept_text"]
            ends = [e for e in read_trace(trace_path) if e["event"] == "model_call_end"]
            assert ends[0]["text"] == case["kept_text"]
        return
    assert outcome.turns == 2
    answer = provider.requests[1].messages[-1]
    told = answer.text + " ".join(r.content for r in answer.tool_results)
    if "rejected" in case:
        assert outcome.validation_errors == 1 and "Result rejected" in told and case["rejected"] in told
        return
    assert case["unreadable"] in told or (case.get("stop_reason") == "max_tokens" and "shorter" in told)
    assert all(r.is_error for r in answer.tool_results)  # a cut-off or broken call is never run
    with pytest.raises(MalformedOutput, match=f"the {role}'s reply could not be read, even after a re-ask"):
        run_loop(role, [turn, turn, VALID_RETURN[role]], tiny_index)


def test_a_reply_nested_past_pythons_limit_is_unreadable_not_a_crash():
    value, problem = reply_problem(Completion('{"a": ' * 5000 + "1" + "}" * 5000, [], Usage()), _as_is)
    assert value is None and problem
