"""Replies as real models send them, over the wire through the real SDKs, and what a run
records when a role's reply still cannot be read after its one re-ask."""
from __future__ import annotations

import json

import pytest
from conftest import make_tiny_index, run_mode
from wire_server import Reply, ToolUse

from core.llm.providers.scripted import register_script
from core.trace import read_trace
from harness.config import SweepConfig
from harness.runner.sweep import run_sweep

QUESTION = "What is ACME's FY2022 capital expenditure amount in USD millions?"
ANSWER = {"answer": "Capital expenditures were $1,749 million (p. 5).", "sources": ["p. 5"], "confidence": "high"}


def test_an_agent_meets_an_empty_reply_text_input_a_cut_off_call_and_text_beside_its_answer(wire_server, monkeypatch, tmp_path):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-fake")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", wire_server.url)
    wire_server.queue(
        Reply(""),  # an empty text block: no content at all
        Reply(tool_calls=[ToolUse("fetch_section", json.dumps({"node_id": "consolidated_statement_of_cash_flows"}))]),  # input as JSON text
        Reply("Let me return the figure with a long explanation", tool_calls=[ToolUse("return", {"answer": "Capital"})], stop_reason="max_tokens"),
        Reply("The statement of cash flows shows it.", tool_calls=[ToolUse("return", ANSWER)]),
    )
    trace = tmp_path / "trace.jsonl"
    result, meter, tools, _ = run_mode("agent", make_tiny_index(), QUESTION, "anthropic:claude-haiku-4-5", trace_path=trace)

    assert result.status == "ok" and result.answer == ANSWER["answer"] and meter.llm_calls == 4
    assert tools.pages_fetched == {5}  # the call whose input came as text was decoded and run
    bodies = [r.json for r in wire_server.requests]
    # Every request the API would accept: no empty text block after the empty reply.
    assert all(b.get("text") for body in bodies for m in body["messages"] for b in m["content"] if b["type"] == "text")
    second = json.dumps(bodies[1])
    assert "the reply was empty" in second
    fourth = bodies[3]["messages"][-1]["content"][0]
    assert fourth["type"] == "tool_result" and fourth["is_error"] and "cut off" in fourth["content"] and "shorter" in fourth["content"]
    ends = [e for e in read_trace(trace) if e["event"] == "model_call_end"]
    assert ends[-1]["text"] == "The statement of cash flows shows it."  # text beside the call is kept
    assert [e["attempt"] for e in read_trace(trace) if e["event"] == "malformed_output"] == [1, 1]


def unreadable_role(role: str, mode_replies):
    """A scripted model that answers every role as ``mode_replies`` does, except ``role``,
    which always replies with prose."""

    def respond(request):
        if request.role == role:
            return "I think the figures are sufficient, but let me explain my reasoning first."
        return mode_replies(request)

    return respond


def normal_replies(request):
    if request.role == "scorer":
        return json.dumps({"scores": {"consolidated_statement_of_cash_flows": 9}})
    if request.role in ("answerer", "synthesizer"):
        return json.dumps({"status": "answer", **ANSWER})
    if request.role == "extractor":
        return {"tool_calls": [{"name": "return", "arguments": {"findings": [{"label": "capex", "value": 1749, "unit": "millions_usd", "page": 5,
                                                                              "section": "Consolidated Statement of Cash Flows"}],
                                                                "sections_searched": ["consolidated_statement_of_cash_flows"]}}]}
    raise AssertionError(f"no reply for {request.role}")


@pytest.mark.parametrize("mode, role", [("simple", "scorer"), ("simple", "answerer"), ("iterative", "synthesizer")])
def test_a_role_that_cannot_be_read_twice_ends_the_run_as_an_error_naming_it(tmp_path, mode, role):
    register_script("unreadable", unreadable_role(role, normal_replies))
    config = SweepConfig(models=["scripted:unreadable"], modes=[mode], test_set="3M_2022_10K", question_filter="00499",
                         runs_dir=tmp_path / "runs", index_dir=tmp_path / "idx", cache_path=None)
    outcome = run_sweep(config, show_progress=False, warn=lambda message: None)
    (record,) = outcome.records
    assert record.status == "error" and record.error_kind == "malformed_output"
    assert f"the {role}'s reply could not be read, even after a re-ask: expected a JSON object" in record.error
    calls = [e for e in read_trace(outcome.sweep.path / record.trace_path) if e["event"] == "model_call_end" and e["role"] == role]
    assert len(calls) == 2  # asked, re-asked once, never a third time
