"""How the baseline moves through a filing: the statements a question needs, fetched
together in one turn, nothing fetched twice, and an answer as soon as the needs are met."""
from __future__ import annotations

import json

from conftest import run_mode

from baseline.navigation import LoopView, catalog, next_calls, rank_sections
from baseline.policy import respond
from baseline.question import plan_question
from core.llm.types import CompletionRequest, Message, ToolCall, ToolResult
from core.protocol import QUESTION, SECTIONS, FetchResult, block, tool_result_json
from retrievers.section_index import section_index

TURNOVER = (
    "What is ACME's FY2022 fixed asset turnover ratio? Fixed asset turnover ratio is defined as: FY2022 revenue / "
    "(average PP&E between FY2021 and FY2022). Round your answer to two decimal places."
)
CAPEX = "What is ACME's FY2022 capital expenditure amount (in USD millions)? Use the cash flow statement."


def agent_request(index, question, messages=()):
    task = f"{block(QUESTION, question)}\n\n{block(SECTIONS, section_index(index))}"
    return CompletionRequest("system", [Message.user(task), *messages], role="agent")


def test_sections_rank_by_the_statement_a_figure_is_printed_on(tiny_index):
    sections = catalog(section_index(tiny_index))
    capex = plan_question(CAPEX).needs[0]
    assert rank_sections(capex, CAPEX, sections)[0][0] == "consolidated_statement_of_cash_flows"
    ppe = plan_question(TURNOVER).need("property_plant_and_equipment_net_2022")
    assert rank_sections(ppe, TURNOVER, sections)[0][0] == "consolidated_balance_sheet"


def test_the_first_turn_fetches_every_statement_a_ratio_needs_at_once(tiny_index):
    _, calls = respond(agent_request(tiny_index, TURNOVER))
    fetched = [c.arguments["node_id"] for c in calls if c.name == "fetch_section"]
    assert fetched == ["consolidated_statement_of_income", "consolidated_balance_sheet"]
    assert len({c.id for c in calls}) == len(calls)  # each call its own id


def test_the_agent_answers_once_the_figures_are_read(tiny_index):
    _, first = respond(agent_request(tiny_index, TURNOVER))
    results = []
    for call in first:
        from core.trace import Trace
        from retrievers.tools import SectionTools

        content, is_error = SectionTools(tiny_index, Trace(None)).call(call.name, call.arguments)
        results.append(ToolResult(call.id, content, is_error))
    request = agent_request(tiny_index, TURNOVER, [Message("assistant", "", first), Message("user", "", tool_results=results)])
    view = LoopView.read(request)
    assert next_calls(plan_question(TURNOVER).needs, view) == []  # nothing more to fetch
    _, calls = respond(request)
    assert [c.name for c in calls] == ["return"] and calls[0].arguments["answer"].endswith("= 3.68.")


def test_each_mode_reads_only_the_statements_and_answers(tiny_index):
    for mode in ("simple", "agent", "iterative", "planner"):
        result, meter, tools, _ = run_mode(mode, tiny_index, TURNOVER)
        assert result.status == "ok" and result.answer.endswith("= 3.68."), mode
        assert {4, 6} <= tools.pages_fetched, mode
        if mode != "simple":
            assert tools.stats.fetch == 2 and tools.stats.grep == 0, mode  # no refetch, no wasted grep
    result, *_ = run_mode("agent", tiny_index, TURNOVER)
    assert result.turns == 2  # fetch both statements, then return
    result, meter, *_ = run_mode("iterative", tiny_index, TURNOVER)
    assert result.iterations == 1 and set(meter.by_role) == {"extractor", "synthesizer"}


def test_the_planner_extracts_every_figure_in_one_task(tiny_index):
    result, *_ = run_mode("planner", tiny_index, TURNOVER)
    extraction = [t for t in result.plan["tasks"] if t["agent"] == "document_analyst"]
    assert len(extraction) == 1 and "compute" in [t["id"] for t in result.plan["tasks"]]
    assert result.replans == 0


def test_a_passage_question_reads_a_few_sections_in_one_turn(tiny_index):
    _, calls = respond(agent_request(tiny_index, "Why did ACME's Consumer segment sales decrease organically in 2022?"))
    fetched = [c.arguments["node_id"] for c in calls if c.name == "fetch_section"]
    assert fetched and "item_7_performance_by_business_segment" in fetched and len(fetched) <= 3


def test_a_drivers_question_reads_the_statement_and_the_discussion_together(tiny_index):
    _, calls = respond(agent_request(tiny_index, "What drove the operating margin change in 2022 for ACME?"))
    fetched = [c.arguments["node_id"] for c in calls if c.name == "fetch_section"]
    assert "consolidated_statement_of_income" in fetched and "item_7_results_of_operations" in fetched


def test_the_policy_is_deterministic(tiny_index):
    request = agent_request(tiny_index, TURNOVER)
    assert json.dumps([c.to_dict() for c in respond(request)[1]]) == json.dumps([c.to_dict() for c in respond(request)[1]])


def test_tool_call_ids_stay_unique_across_turns(tiny_index):
    first = [ToolCall("baseline_fetch_section_1", "fetch_section", {"node_id": "consolidated_statement_of_income"})]
    content = tool_result_json(FetchResult("consolidated_statement_of_income", "Consolidated Statement of Income", (4, 4), "[Page 4]\nNet sales $ 34,229", 30, 0, False))
    request = agent_request(tiny_index, TURNOVER, [Message("assistant", "", first), Message("user", "", tool_results=[ToolResult(first[0].id, content)])])
    _, calls = respond(request)
    assert all(c.id != "baseline_fetch_section_1" for c in calls)


def test_a_passage_task_that_finds_nothing_says_what_it_looked_for(tiny_index):
    # The reason is what a report's "why runs gave no answer" table lists: it read
    # "no Which region had ..." when the passage sought was named by its question bare.
    question = "Which region had the worst topline performance for ACME during FY2022?"
    result, *_ = run_mode("planner", tiny_index, question)
    assert result.status == "fail"
    assert f"could not find a passage on {question!r} in " in result.reason, result.reason
