"""The sub-agent loop: structured exit, validation feedback, turn limit, counting."""
import asyncio
import json

from core.llm.base import ProviderSettings
from core.llm.client import ModelClient, RunMeter
from core.llm.providers.scripted import register_script
from core.llm.registry import create_provider, parse_model_spec
from core.trace import Trace, read_trace
from retrievers.subagent import SubAgent, run_subagent
from retrievers.tools import SectionTools

SCHEMA = {"type": "object", "properties": {"answer": {"type": "string"}, "page": {"type": "integer"}}, "required": ["answer", "page"]}


def run(index, script, *, max_turns=5, trace_path=None):
    register_script("sub", script)
    provider = create_provider(parse_model_spec("scripted:sub"), ProviderSettings())
    meter, trace = RunMeter(), Trace(trace_path)
    llm = ModelClient(provider).bind(meter=meter, trace=trace)
    tools = SectionTools(index, trace)
    outcome = asyncio.run(run_subagent(SubAgent("agent", "system", SCHEMA, max_turns=max_turns), "task", llm, tools))
    trace.close()
    return outcome, meter, provider


def call(name, **arguments):
    return {"tool_calls": [{"name": name, "arguments": arguments}]}


def test_validation_errors_go_back_to_the_model_to_fix(tiny_index):
    replies = [call("grep_section", node_id="all", pattern="Net sales"), call("return", answer="34,229"), call("return", answer="34,229", page=4)]
    outcome, meter, provider = run(tiny_index, replies)
    assert outcome.status == "returned" and outcome.result == {"answer": "34,229", "page": 4}
    assert outcome.turns == 3 and outcome.tool_calls == 1 and outcome.validation_errors == 1
    feedback = provider.requests[2].messages[-1].tool_results[0]
    assert feedback.is_error and "result.page is required" in feedback.content
    assert meter.llm_calls == 3 and meter.usage.total > 0


def test_fail_tool_ends_with_the_reason(tiny_index):
    outcome, *_ = run(tiny_index, [call("fail", reason="no segment note in this filing")])
    assert outcome.status == "failed" and outcome.reason == "no segment note in this filing"


def test_turn_limit_is_never_exceeded(tiny_index):
    outcome, meter, _ = run(tiny_index, lambda request: call("grep_section", node_id="all", pattern="sales"), max_turns=4)
    assert outcome.status == "exhausted" and "turn limit of 4" in outcome.reason
    assert meter.llm_calls == 4 and outcome.tool_calls == 4


def test_malformed_tool_arguments_are_reported_back(tiny_index):
    replies = [
        {"tool_calls": [{"name": "fetch_section", "arguments": {}, "parse_error": "Expecting value: line 1 column 12"}]},
        call("return", answer="ok", page=1),
    ]
    outcome, _, provider = run(tiny_index, replies)
    result = provider.requests[1].messages[-1].tool_results[0]
    assert result.is_error and "not valid JSON" in result.content
    assert outcome.status == "returned"


def test_plain_text_is_nudged_unless_it_is_a_valid_result(tiny_index):
    outcome, _, provider = run(tiny_index, ["I think it is 42.", json.dumps({"answer": "42", "page": 2})])
    assert outcome.status == "returned" and outcome.result["page"] == 2
    assert "call `return`" in provider.requests[1].messages[-1].text


def test_trace_records_calls_and_tools(tiny_index, tmp_path):
    path = tmp_path / "trace.jsonl"
    run(tiny_index, [call("fetch_section", node_id="consolidated_balance_sheet"), call("return", answer="46,455", page=6)], trace_path=path)
    kinds = [e["event"] for e in read_trace(path)]
    assert kinds == ["subagent_start", "model_call_start", "model_call_end", "tool_call_start", "tool_call_end", "model_call_start", "model_call_end", "subagent_end"]
    end = [e for e in read_trace(path) if e["event"] == "model_call_end"][0]
    assert end["usage"]["total"] > 0 and end["tool_calls"][0]["name"] == "fetch_section"
    tool_end = [e for e in read_trace(path) if e["event"] == "tool_call_end"][0]
    assert tool_end["pages"] == [6, 6] and len(tool_end["result"]) <= 1500
