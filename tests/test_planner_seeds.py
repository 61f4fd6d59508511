"""The planner as the seeds ran it (the default) and each relaxation behind its option:
tool-only fetch tasks, computed tasks whose expressions the harness evaluates, strict
signatures, and tasks that fail with a reason."""
from __future__ import annotations

import json

import pytest
from conftest import run_mode

from core.errors import UserError
from core.protocol import parse_inputs, read_block, read_blocks
from retrievers.base import ModeOptions
from retrievers.planner import planner_system

QUESTION = "What is ACME's FY2022 capex as a % of net sales?"
ANALYST = {"prompt": "Extract data.", "tools": ["fetch_section", "grep_section"]}
AGENTS = {"document_analyst": ANALYST, "reader": {"prompt": "Read figures off the text.", "tools": []},
          "calculator": {"prompt": "Compute.", "tools": []}, "synthesizer": {"prompt": "Answer.", "tools": []}}
FETCH_CAPEX = {"id": "fetch_cash_flow", "agent": "document_analyst", "input": "capex 2022 from consolidated_statement_of_cash_flows", "signature": "{capex_2022 :float, page :int}"}
FETCH_SALES = {"id": "fetch_income", "agent": "document_analyst", "input": "net sales 2022 from consolidated_statement_of_income", "signature": "{revenue_2022 :float, page :int}"}
COMPUTE = {"id": "compute", "agent": "calculator", "depends_on": ["fetch_cash_flow", "fetch_income"], "input": "capex as % of sales", "output": "expression",
           "signature": "{capex_pct :float, note :string?}"}
FINAL = {"id": "final_answer", "type": "synthesis_gate", "agent": "synthesizer", "depends_on": ["compute"], "input": "Answer", "signature": "{answer :string, sources [:string]}"}
DATA = {"fetch_cash_flow": {"capex_2022": 1749.0, "page": 5}, "fetch_income": {"revenue_2022": 34229.0, "page": 4}}


def task_id(request) -> str:
    return read_blocks(request.messages[0].text, "task")[0][0]["id"]


def model(plan, tasks, seen=None):
    """A scripted model: the planner writes ``plan``; tasks[task_id] answers a task (a
    function of the request, or a result dict returned after one fetch); the gate passes."""

    def respond(request):
        if seen is not None:
            seen.append(request)
        if request.role == "planner":
            return json.dumps(plan)
        if request.role == "quality_gate":
            return json.dumps({"sufficient": True})
        answer = tasks[task_id(request)]
        if callable(answer):
            return answer(request)
        if request.tools and len(request.messages) == 1:
            return {"tool_calls": [{"name": "fetch_section", "arguments": {"node_id": "consolidated_statement_of_cash_flows"}}]}
        return {"tool_calls": [{"name": "return", "arguments": answer}]} if request.tools else json.dumps(answer)

    return respond


def final(request):
    return json.dumps({"answer": f"Capex was {json.loads(read_block(request.messages[0].text, 'dependencies'))['compute']['capex_pct']:.2f}% of sales (p. 4, p. 5)",
                       "sources": ["p. 4", "p. 5"]})


def test_a_fetch_task_is_the_tool_call_itself_with_no_model_call(tiny_index):
    plan = {"agents": AGENTS, "tasks": [
        {"id": "read_cash_flow", "fetch": ["consolidated_statement_of_cash_flows"]},
        {"id": "extract", "agent": "reader", "depends_on": ["read_cash_flow"], "input": "capex 2022", "signature": "{capex_2022 :float, page :int}"},
        {**FINAL, "depends_on": ["extract"]},
    ]}
    text_seen = []

    def extract(request):
        text_seen.append(json.loads(read_block(request.messages[0].text, "dependencies"))["read_cash_flow"]["sections"][0]["content"])
        return json.dumps({"capex_2022": 1749.0, "page": 5})

    seen: list = []
    answer = {"answer": "$1,749 million (p. 5)", "sources": ["p. 5"]}
    result, meter, tools, _ = run_mode("planner", tiny_index, QUESTION, script=model(plan, {"extract": extract, "final_answer": answer}, seen))
    assert result.status == "ok" and result.tasks_executed == 3
    assert "read_cash_flow" not in [task_id(r) for r in seen if r.role == "executor"]  # no model ran the fetch
    assert tools.stats.fetch == 1 and tools.pages_fetched == {5}
    assert "Purchases of property" in text_seen[0]  # the section's text reached the task that depends on it
    assert result.plan["tasks"][0]["kind"] == "fetch"

    # Relaxed (--fetch-by-model): a model runs the fetch task with the tools, and the planner is not told about fetch tasks.
    seen = []
    relaxed = {**plan, "tasks": [{**plan["tasks"][0], "signature": "{capex_2022 :float, page :int}"}, *plan["tasks"][1:]]}

    def by_model(request):
        if len(request.messages) == 1:
            assert "consolidated_statement_of_cash_flows" in read_block(request.messages[0].text, "task")
            return {"tool_calls": [{"name": "fetch_section", "arguments": {"node_id": "consolidated_statement_of_cash_flows"}}]}
        return {"tool_calls": [{"name": "return", "arguments": {"capex_2022": 1749.0, "page": 5}}]}

    result, *_ = run_mode("planner", tiny_index, QUESTION, options=ModeOptions(tool_fetch_tasks=False), script=model(relaxed, {
        "read_cash_flow": by_model, "extract": {"capex_2022": 1749.0, "page": 5}, "final_answer": answer}, seen))
    assert result.status == "ok" and [task_id(r) for r in seen if r.role == "executor"].count("read_cash_flow") == 2
    assert '"fetch":' not in seen[0].system


def test_a_computed_task_writes_expressions_and_the_harness_does_the_arithmetic(tiny_index):
    replies = iter([
        json.dumps({"capex_pct": 5.11}),  # a value computed by the model: refused
        json.dumps({"capex_pct": "100 * capex_2022 / revenue_2022", "note": "capex over net sales"}),
    ])
    seen: list = []
    plan = {"agents": AGENTS, "tasks": [FETCH_CAPEX, FETCH_SALES, COMPUTE, FINAL]}
    result, *_ = run_mode("planner", tiny_index, QUESTION, script=model(plan, {**DATA, "compute": lambda r: next(replies), "final_answer": final}, seen))
    assert result.status == "ok" and result.answer.startswith("Capex was 5.11% of sales")
    compute = [r for r in seen if r.role == "executor" and task_id(r) == "compute"]
    assert len(compute) == 2
    assert parse_inputs(read_block(compute[0].messages[0].text, "inputs"))["capex_2022"] == 1749.0
    assert "Do NOT calculate values yourself" in compute[0].system
    assert "capex_pct must be an expression over the inputs" in compute[1].messages[-1].text
    final_request = next(r for r in seen if r.role == "executor" and task_id(r) == "final_answer")
    computed = json.loads(read_block(final_request.messages[0].text, "dependencies"))["compute"]
    assert computed == {"capex_pct": 100 * 1749.0 / 34229.0, "note": "capex over net sales"}  # the harness's arithmetic


def test_computed_task_errors_go_back_to_the_model_then_fail_the_task_with_the_reason(tiny_index):
    plan = {"agents": AGENTS, "tasks": [FETCH_CAPEX, FETCH_SALES, COMPUTE, FINAL]}
    bad = iter([json.dumps({"capex_pct": "100 * capex / sales"}), json.dumps({"capex_pct": "1749 / 34229"})] * 3)
    seen: list = []
    result, *_ = run_mode("planner", tiny_index, QUESTION, options=ModeOptions(max_replans=0),
                          script=model(plan, {**DATA, "compute": lambda r: next(bad), "final_answer": final}, seen))
    assert result.status == "fail" and "plan failed at compute" in result.reason and "it uses no input" in result.reason
    second = [r for r in seen if r.role == "executor" and task_id(r) == "compute"][1]
    assert "unknown input 'capex'" in second.messages[-1].text


def test_compute_by_model_takes_the_models_numbers_as_they_are(tiny_index):
    plan = {"agents": AGENTS, "tasks": [FETCH_CAPEX, FETCH_SALES, {k: v for k, v in COMPUTE.items() if k != "output"} | {"output": "expression"}, FINAL]}
    seen: list = []
    result, *_ = run_mode("planner", tiny_index, QUESTION, options=ModeOptions(expression_tasks=False),
                          script=model(plan, {**DATA, "compute": {"capex_pct": 5.11}, "final_answer": final}, seen))
    assert result.status == "ok" and result.answer.startswith("Capex was 5.11%")
    compute = next(r for r in seen if r.role == "executor" and task_id(r) == "compute")
    assert '"output": "expression"' not in seen[0].system and read_block(compute.messages[0].text, "inputs") is None
    assert "Do NOT calculate" not in compute.system


def test_an_integer_for_a_float_is_rejected_as_in_the_seeds_and_accepted_when_lenient(tiny_index):
    plan = {"agents": AGENTS, "tasks": [FETCH_CAPEX, {**FINAL, "depends_on": ["fetch_cash_flow"]}]}
    answers = {"fetch_cash_flow": {"capex_2022": 1749, "page": 5}, "final_answer": {"answer": "$1,749 million (p. 5)", "sources": ["p. 5"]}}
    seen: list = []
    result, *_ = run_mode("planner", tiny_index, QUESTION, options=ModeOptions(max_turns=3, max_replans=0), script=model(plan, answers, seen))
    assert result.status == "fail" and "plan failed at fetch_cash_flow" in result.reason
    rejections = [r.messages[-1].tool_results[0].content for r in seen if r.role == "executor" and r.messages[-1].tool_results and "rejected" in r.messages[-1].tool_results[0].content]
    assert rejections and "result.capex_2022 must be float, got integer" in rejections[0]

    result, *_ = run_mode("planner", tiny_index, QUESTION, options=ModeOptions(strict_signatures=False), script=model(plan, answers))
    assert result.status == "ok"


def test_tasks_fail_with_a_reason_by_default_and_only_when_allowed(tiny_index):
    plan = {"agents": AGENTS, "tasks": [FETCH_CAPEX, FETCH_SALES, COMPUTE, FINAL]}
    seen: list = []
    result, *_ = run_mode("planner", tiny_index, QUESTION, options=ModeOptions(max_replans=1), script=model(
        plan, {**DATA, "compute": lambda r: json.dumps({"fail": "net sales are for a different year"}), "final_answer": final}, seen))
    assert result.status == "fail" and result.replans == 1 and "net sales are for a different year" in result.reason
    replan = [r for r in seen if r.role == "planner"][1]
    assert "net sales are for a different year" in replan.messages[0].text
    tool_task = next(r for r in seen if r.role == "executor" and r.tools)
    assert "fail" in [t.name for t in tool_task.tools]

    seen = []
    run_mode("planner", tiny_index, QUESTION, options=ModeOptions(self_failure=False, max_replans=0), script=model(
        plan, {**DATA, "compute": lambda r: json.dumps({"fail": "no"}), "final_answer": final}, seen))
    tool_task = next(r for r in seen if r.role == "executor" and r.tools)
    assert "fail" not in [t.name for t in tool_task.tools]
    assert "rejected" in [r for r in seen if r.role == "executor" and task_id(r) == "compute"][-1].messages[-1].text  # not a failure: a bad result


def test_the_planner_prompt_offers_only_what_the_options_allow():
    seeds = planner_system(ModeOptions())
    assert '"fetch": ["<node_id>"' in seeds and '"output": "expression"' in seeds and "call fail with the reason" in seeds
    relaxed = planner_system(ModeOptions(tool_fetch_tasks=False, expression_tasks=False, self_failure=False))
    assert '"fetch"' not in relaxed and '"output"' not in relaxed and "call fail" not in relaxed
    assert seeds[:60] == relaxed[:60]  # the wire test server tells roles apart by this prefix


def test_a_sweep_recorded_before_these_options_resumes_as_it_started():
    from harness.config import SweepConfig

    old = SweepConfig().to_dict()
    old["options"] = {k: v for k, v in old["options"].items() if k not in ("strict_signatures", "expression_tasks", "tool_fetch_tasks", "compact_index")}
    old["options"]["self_failure"] = False
    resumed = SweepConfig.from_manifest(old).options
    assert (resumed.strict_signatures, resumed.expression_tasks, resumed.tool_fetch_tasks, resumed.compact_index, resumed.self_failure) == (False,) * 5
    assert SweepConfig.from_manifest(SweepConfig().to_dict()).options == ModeOptions()  # a new sweep resumes with what it recorded

    newer = SweepConfig().to_dict()
    newer["options"]["warp_drive"] = True
    with pytest.raises(UserError, match="warp_drive"):
        SweepConfig.from_manifest(newer)


def test_the_offline_answer_task_fails_with_its_reason_where_tasks_may_fail():
    # Where the executor offers failure it replied "I cannot answer from the filing: ...", and
    # the run was recorded as answered (status ok) while the agent and iterative modes, on
    # the same question, gave up with status fail.
    from baseline.planning import _plain_task
    from core.llm.types import CompletionRequest, Message
    from core.protocol import DEPENDENCIES, SIGNATURE, TASK_FAIL_REPLY, block
    from retrievers.planner.executor import PLAIN_FAILURE_RULES

    assert TASK_FAIL_REPLY in PLAIN_FAILURE_RULES  # what the offline model reads the offer by
    prompt = "\n".join([block("question", "What was ACME's FY2022 interest coverage ratio?"),
                        block(SIGNATURE, "{answer :string, sources [:string]}"), block(DEPENDENCIES, "{}")])
    offered = CompletionRequest(system="Answer." + PLAIN_FAILURE_RULES, messages=[Message.user(prompt)], role="executor")
    reply = json.loads(_plain_task(offered)[0])
    assert set(reply) == {"fail"} and reply["fail"]
    not_offered = CompletionRequest(system="Answer. Return your best result.", messages=[Message.user(prompt)], role="executor")
    reply = json.loads(_plain_task(not_offered)[0])
    assert reply["answer"].startswith("I cannot answer from the filing")
