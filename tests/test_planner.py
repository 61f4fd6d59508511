"""Planner mode: plans, parallel execution, signatures, verification, replans."""
import asyncio
import json

import pytest
from conftest import run_mode

from core.reply_parsing import MalformedOutput
from core.schema_check import validate
from core.trace import read_trace
from retrievers.base import ModeOptions
from retrievers.planner.plan import PlanError, parse_plan, parse_signature, verify

QUESTION = "Is ACME a capital-intensive business based on FY2022 data?"


def plan(*tasks, agents=None):
    return {
        "agents": agents or {
            "document_analyst": {"prompt": "Extract data.", "tools": ["fetch_section", "grep_section"]},
            "calculator": {"prompt": "Compute.", "tools": []},
            "synthesizer": {"prompt": "Answer.", "tools": []},
        },
        "tasks": list(tasks),
    }


FETCH_CAPEX = {"id": "fetch_cash_flow", "agent": "document_analyst", "depends_on": [], "input": "capex 2022 from consolidated_statement_of_cash_flows", "signature": "{capex_2022 :float, page :int}"}
FETCH_SALES = {"id": "fetch_income", "agent": "document_analyst", "depends_on": [], "input": "net sales 2022 from consolidated_statement_of_income", "signature": "{revenue_2022 :float, page :int}"}
FINAL = {"id": "final_answer", "type": "synthesis_gate", "agent": "synthesizer", "depends_on": ["fetch_cash_flow", "fetch_income"], "input": "Answer", "signature": "{answer :string, sources [:string]}"}
RESULTS = {"fetch_cash_flow": {"capex_2022": 1749.0, "page": 5}, "fetch_income": {"revenue_2022": 34229.0, "page": 4}}


def task_id(request):
    from core.protocol import read_blocks

    return read_blocks(request.messages[0].text, "task")[0][0]["id"]


def scripted(plans, *, delay=0.0, results=RESULTS, final=None):
    plans = iter(plans)

    async def respond(request):
        if request.role == "planner":
            return json.dumps(next(plans))
        if request.role == "quality_gate":
            return json.dumps({"sufficient": True})
        tid = task_id(request)
        if tid == "final_answer":
            return json.dumps(final or {"answer": "No: capex is 5.1% of sales (p. 4, p. 5)", "sources": ["p. 4", "p. 5"]})
        if len(request.messages) == 1:  # first turn of a data task: fetch, slowly
            await asyncio.sleep(delay)
            return {"tool_calls": [{"name": "fetch_section", "arguments": {"node_id": "consolidated_statement_of_cash_flows"}}]}
        await asyncio.sleep(delay)
        outcome = results[tid]
        if isinstance(outcome, str):
            return {"tool_calls": [{"name": "fail", "arguments": {"reason": outcome}}]}
        return {"tool_calls": [{"name": "return", "arguments": outcome}]}

    return respond


def test_parallel_fetches_overlap_in_time(tiny_index, tmp_path):
    trace = tmp_path / "t.jsonl"
    result, *_ = run_mode("planner", tiny_index, QUESTION, script=scripted([plan(FETCH_CAPEX, FETCH_SALES, FINAL)], delay=0.05), trace_path=trace)
    assert result.status == "ok" and result.answer.startswith("No:") and result.sources == ["p. 4", "p. 5"]
    assert result.planned_tasks == 3 and result.tasks_executed == 3 and result.replans == 0
    assert result.turns == 2 + 2 + 1  # two tool tasks of two turns each, one single-turn synthesis
    assert result.agent_types == ["calculator", "document_analyst", "synthesizer"]
    events = read_trace(trace)
    spans = {}
    for event in events:
        if event["event"] in ("task_start", "task_end"):
            spans.setdefault(event["task_id"], {})[event["event"]] = event["ms"]
    a, b = spans["fetch_cash_flow"], spans["fetch_income"]
    assert a["task_start"] < b["task_end"] and b["task_start"] < a["task_end"]  # they overlap
    assert spans["final_answer"]["task_start"] >= max(a["task_end"], b["task_end"])


def test_failed_task_triggers_one_replan_that_sees_the_reason(tiny_index):
    seen_replans = []
    base = scripted([plan(FETCH_CAPEX, FETCH_SALES, FINAL), plan(FETCH_CAPEX, FETCH_SALES, FINAL)], results={**RESULTS, "fetch_income": "no income statement in that section"})
    attempts = {"fetch_income": 0}

    async def respond(request):
        if request.role == "planner" and "previous_plan" in request.messages[0].text:
            seen_replans.append(request.messages[0].text)
        if request.role == "executor" and task_id(request) == "fetch_income" and len(request.messages) > 1:
            attempts["fetch_income"] += 1
            if attempts["fetch_income"] > 1:
                return {"tool_calls": [{"name": "return", "arguments": RESULTS["fetch_income"]}]}
        return await base(request)

    result, *_ = run_mode("planner", tiny_index, QUESTION, script=respond)  # tasks may fail by default, as in the seeds
    assert result.status == "ok" and result.replans == 1
    assert len(seen_replans) == 1 and "no income statement in that section" in seen_replans[0]
    # the capex task succeeded the first time and is reused, not run again
    assert result.tasks_executed == 4


def test_signatures_are_strict_as_in_the_seeds_and_lenient_on_request():
    schema = parse_signature("{capex_2022 :float, page :int, items [:string], metrics {ratio :float, note :string?}}")
    lenient = {"capex_2022": 1749, "page": 5.0, "items": ["a"], "metrics": {"ratio": 1}}
    assert validate(lenient, schema) == []
    assert validate(lenient, schema, strict_numbers=True) == [
        "result.capex_2022 must be float, got integer", "result.page must be integer, got float", "result.metrics.ratio must be float, got integer",
    ]
    assert validate({"capex_2022": 1749.0, "page": 5, "items": ["a"], "metrics": {"ratio": 1.0}}, schema, strict_numbers=True) == []
    assert validate({"capex_2022": "1,749", "page": 5, "items": [], "metrics": {"ratio": 1.0}}, schema) == ["result.capex_2022 must be number, got str"]
    assert "result.metrics.note" not in " ".join(validate({"capex_2022": 1.0, "page": 5, "items": [], "metrics": {"ratio": 2}}, schema))


def test_verification_predicates():
    result = {"capex_2022": 1749, "label": "capex"}
    assert verify('(and (number? (get data/result "capex_2022")) (> (get data/result "capex_2022") 0))', result)
    assert not verify('(number? (get data/result "label"))', result)
    with pytest.raises(PlanError):
        verify('(launch-missiles data/result)', result)


def test_a_plan_that_reads_but_cannot_run_is_replanned_then_failed(tiny_index):
    replies = iter(['{"tasks": []}', '{"agents": {}, "tasks": [{"id": "x"}]}'])
    result, meter, *_ = run_mode("planner", tiny_index, QUESTION, script=lambda request: next(replies) if request.role == "planner" else "", options=ModeOptions(max_replans=1))
    assert result.status == "fail" and "could not be used" in result.reason
    assert result.replans == 1 and meter.llm_calls == 2


def test_a_plan_that_is_not_json_is_reasked_once_then_fails_the_run(tiny_index):
    replies = iter(["{\"agents\": {", "not json at all", '{"tasks": []}'])
    with pytest.raises(MalformedOutput, match="the planner's reply could not be read, even after a re-ask"):
        run_mode("planner", tiny_index, QUESTION, script=lambda request: next(replies) if request.role == "planner" else "", options=ModeOptions(max_replans=1))
    assert next(replies) == '{"tasks": []}'  # two planner calls, no replan on an unreadable reply


def test_plan_validation_errors_name_the_problem():
    with pytest.raises(PlanError, match="no 'final_answer'"):
        parse_plan(plan(FETCH_CAPEX))
    with pytest.raises(PlanError, match="unknown tasks"):
        parse_plan(plan({**FETCH_CAPEX, "depends_on": ["ghost"]}, FINAL, FETCH_SALES))
    with pytest.raises(PlanError, match="cycle"):
        parse_plan(plan({**FETCH_CAPEX, "depends_on": ["final_answer"]}, FETCH_SALES, FINAL))
    with pytest.raises(PlanError, match="unknown type"):
        parse_plan(plan({**FETCH_CAPEX, "signature": "{x :decimal}"}, FETCH_SALES, FINAL))


def test_quality_gate_rejection_triggers_a_replan(tiny_index):
    gate_calls = []
    base = scripted([plan(FETCH_CAPEX, FETCH_SALES, FINAL)] * 2)

    async def respond(request):
        if request.role == "quality_gate":
            gate_calls.append(1)
            return json.dumps({"sufficient": len(gate_calls) > 1, "missing": "revenue", "reason": "cannot confirm"})
        return await base(request)

    result, *_ = run_mode("planner", tiny_index, QUESTION, script=respond, options=ModeOptions(quality_gate=True))
    assert result.status == "ok" and result.replans == 1 and len(gate_calls) == 2


def test_offline_planner_runs_end_to_end(tiny_index):
    result, meter, tools, _ = run_mode("planner", tiny_index, "What is ACME's FY2022 capital expenditure amount (in USD millions)? Use the cash flow statement.")
    assert result.status == "ok" and "1,749" in result.answer
    assert {"planner", "executor"} <= set(meter.by_role)
    assert result.planned_tasks >= 2 and "document_analyst" in result.agent_types


def test_a_task_is_not_reused_when_a_dependency_changed_after_a_replan(tiny_index):
    fetch_v1 = {**FETCH_CAPEX, "input": "capex 2022 (v1)"}
    fetch_v2 = {**FETCH_CAPEX, "input": "capex 2022 (v2), purchases of PP&E"}
    compute = {"id": "compute", "agent": "calculator", "depends_on": ["fetch_cash_flow"], "input": "capex / 34229", "signature": "{ratio :float}"}
    final = {**FINAL, "depends_on": ["compute"]}
    plans = iter([plan(fetch_v1, compute, final), plan(fetch_v2, compute, final)])
    gates = iter([{"sufficient": False, "missing": "the right capex line"}, {"sufficient": True}])
    seen_by_compute = []

    async def respond(request):
        from core.protocol import read_block

        text = request.messages[0].text
        if request.role == "planner":
            return json.dumps(next(plans))
        if request.role == "quality_gate":
            return json.dumps(next(gates))
        tid = task_id(request)
        if tid == "final_answer":
            return json.dumps({"answer": "No (p. 5)", "sources": ["p. 5"]})
        if tid == "compute":
            capex = json.loads(read_block(text, "dependencies"))["fetch_cash_flow"]["capex_2022"]
            seen_by_compute.append(capex)
            return json.dumps({"ratio": capex / 34229})
        if len(request.messages) == 1:
            return {"tool_calls": [{"name": "fetch_section", "arguments": {"node_id": "consolidated_statement_of_cash_flows"}}]}
        capex = 1749.0 if "(v1)" in text else 1800.0
        return {"tool_calls": [{"name": "return", "arguments": {"capex_2022": capex, "page": 5}}]}

    result, *_ = run_mode("planner", tiny_index, QUESTION, script=respond)
    assert result.status == "ok" and result.replans == 1
    # The replanned fetch returned a new capex, so the unchanged compute task ran again on it.
    assert seen_by_compute == [1749, 1800]


def test_an_unreadable_quality_gate_is_reasked_once_then_fails_the_run_rather_than_passing(tiny_index):
    base = scripted([plan(FETCH_CAPEX, FETCH_SALES, FINAL)])
    gate_calls = []

    async def respond(request):
        if request.role == "quality_gate":
            gate_calls.append(request)
            return "The results look sufficient to me."
        return await base(request)

    with pytest.raises(MalformedOutput, match="the quality_gate's reply could not be read, even after a re-ask"):
        run_mode("planner", tiny_index, QUESTION, script=respond, options=ModeOptions(quality_gate=True))
    assert len(gate_calls) == 2 and "could not be read" in gate_calls[1].messages[-1].text


def test_brackets_nested_thousands_deep_are_a_plan_error_not_a_recursion_error() -> None:
    # A model that repeats "[" or "(" ten thousand times must get its plan sent back with the
    # reason, as any unreadable plan is, not end the run in a RecursionError.
    from retrievers.planner.plan import MAX_NESTING, PlanError, parse_plan, verify

    deep = "[" * 3000 + ":int" + "]" * 3000
    plan = {"tasks": [{"id": "final_answer", "input": "x", "signature": "{answer :string}"}, {"id": "t1", "input": "y", "signature": deep}]}
    with pytest.raises(PlanError, match=f"nests deeper than {MAX_NESTING} levels"):
        parse_plan(plan)
    with pytest.raises(PlanError, match="verification nests deeper"):
        verify("(" * 3000 + "= 1 1" + ")" * 3000, {})
    assert verify("(= 1 1)", {}) is True
