"""A full agent-mode run through the real Anthropic and OpenAI SDKs against a local server
that speaks their wire protocols, including a malformed tool call along the way."""
from __future__ import annotations

import json

import pytest
from conftest import run_mode
from wire_server import Reply, ToolUse

from core.trace import read_trace

QUESTION = "What is ACME's FY2022 capital expenditure amount in USD millions?"


@pytest.mark.parametrize("model", ["anthropic:claude-haiku-4-5", "openai:gpt-test"])
def test_agent_mode_end_to_end(wire_server, monkeypatch, tmp_path, model):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-fake-key")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", wire_server.url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-openai-fake-key")
    monkeypatch.setenv("OPENAI_BASE_URL", wire_server.openai_url)
    wire_server.queue(
        Reply(tool_calls=[ToolUse("grep_section", '{"node_id": "all", "pattern": ')], input_tokens=900, output_tokens=20),
        Reply(tool_calls=[ToolUse("grep_section", {"node_id": "all", "pattern": "purchases of property"})], input_tokens=950, output_tokens=25),
        Reply(tool_calls=[ToolUse("fetch_section", {"node_id": "consolidated_statement_of_cash_flows", "offset": 0})], input_tokens=1200, output_tokens=25),
        Reply(tool_calls=[ToolUse("return", {"answer": "Capital expenditures were $1,749 million (p. 5).", "sources": ["p. 5"], "confidence": "high"})], input_tokens=1800, output_tokens=40),
    )
    trace = tmp_path / "trace.jsonl"
    result, meter, tools, _ = run_mode("agent", _index(), QUESTION, model, trace_path=trace)

    assert result.status == "ok" and "$1,749 million" in result.answer and result.sources == ["p. 5"]
    assert result.turns == 4 and meter.llm_calls == 4
    assert meter.usage.input == 900 + 950 + 1200 + 1800 and meter.usage.output == 110 and not meter.usage.estimated
    assert set(meter.by_role) == {"agent"}
    if model.startswith("anthropic"):
        assert meter.cost_usd == pytest.approx((4850 * 1.0 + 110 * 5.0) / 1e6)
    else:
        assert meter.cost_usd is None  # no price for an arbitrary OpenAI-compatible model
    assert tools.pages_fetched == {5} and tools.stats.grep_then_fetch == 1

    # What the SDK put on the wire: the tools, and the malformed call answered as an error.
    first = wire_server.requests[0].json
    names = [t["name"] if "name" in t else t["function"]["name"] for t in first["tools"]]
    assert names == ["fetch_section", "grep_section", "return", "fail"]
    second = json.dumps(wire_server.requests[1].json)
    assert "not valid JSON" in second
    fourth = json.dumps(wire_server.requests[3].json)
    assert "1,749" in fourth  # the fetched page went back to the model as a tool result

    events = [e["event"] for e in read_trace(trace)]
    assert events.count("model_call_end") == 4 and events.count("tool_call_end") == 2


def _index():
    from conftest import make_tiny_index

    return make_tiny_index()
