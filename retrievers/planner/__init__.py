"""Planner mode, the baseline the iterative mode must beat (the seeds' MetaPlanner).

One planner call sees the question and the section index and writes the whole plan:
agents with prompts and tools, tasks with dependencies, signatures and verification,
ending in ``final_answer``. An executor runs it; a failed task (or a failed quality gate)
triggers a replan, bounded by ``max_replans``. A plan that reads but cannot run counts as a
failed plan and is replanned too; a reply that is not JSON even after a re-ask fails the run.

By default it behaves as the seeds' planner did, so that its figures compare like for like
with their 27-44%: fetch tasks run without a model, computed tasks write expressions the
harness evaluates, signatures are strict and tasks may fail with a reason. ``ModeOptions``
relaxes each (``--lenient-signatures``, ``--no-self-failure``, ``--compute-by-model``,
``--fetch-by-model``); the planner prompt then no longer offers what was turned off.
"""
from __future__ import annotations

import json

from core.protocol import PREVIOUS_PLAN, QUESTION, Decision, TaskResult, block
from core.reply_parsing import ask_json
from core.results import RetrievalResult
from retrievers.answers import normalise_sources
from retrievers.base import ModeOptions, RetrievalContext
from retrievers.index.tree import DocumentIndex
from retrievers.planner.executor import Execution, PlanExecutor, PlannerState, TaskOutcome
from retrievers.planner.plan import Plan, PlanError, parse_plan
from retrievers.section_index import indexed_prompt, section_index

PLANNER_SYSTEM = """You plan how to answer a question about one long financial filing.
You see the question and the filing's section index. Write a plan as a JSON object:
{"agents": {"<name>": {"prompt": "<system prompt you write for this agent>", "tools": [...]}},
 "tasks": [{"id": "...", "agent": "<name>", "depends_on": ["<task id>", ...], "input": "<what to do>",
            "signature": "{field :type, ...}", "verification": "<optional predicate>"}]}
Rules:
- Use an agent with tools ["fetch_section", "grep_section"] (e.g. "document_analyst") for data extraction;
  name the node_ids to read in the task input. Tasks without dependencies run in parallel.
- If ratios or derived values are needed, add an agent without tools to compute them from its
  dependencies' results.
- End with a task with id "final_answer" (type "synthesis_gate") whose signature includes
  answer :string and sources [:string] (cited pages, e.g. "p. 51").
- Signature types: :string :int :float :bool :any :map, lists as [:type], nested maps as {...};
  a trailing ? marks an optional field. Verification, when useful, is a predicate such as
  (number? (get data/result "capex_2022")).{extra_rules}
Reply with only the JSON object.

Example:
{example}"""

FETCH_RULE = """
- A task that only reads sections declares "fetch": ["<node_id>", ...] (or {"node_id": ..., "offset": N})
  and no input: it runs the tool itself, without a model, and passes each section's first 5,000-6,000
  characters (with [Page N] markers) to the tasks that depend on it."""
EXPRESSION_RULE = """
- A task that computes declares "output": "expression": its agent writes an arithmetic expression for each
  numeric field over its dependencies' numbers, and the harness evaluates it (no mental arithmetic)."""
FAIL_RULE = """
- Tell extraction agents to call fail with the reason when the data is not in the filing: the plan is
  then revised with that reason."""

_AGENTS = {
    "document_analyst": {"prompt": "You extract data from a filing. Grep first, then fetch at the offset.", "tools": ["fetch_section", "grep_section"]},
    "calculator": {"prompt": "You compute ratios from the inputs, showing the arithmetic.", "tools": []},
    "synthesizer": {"prompt": "You answer the question from the results, citing pages.", "tools": []},
}
_FETCH_CAPEX = {"id": "fetch_cash_flow", "agent": "document_analyst", "depends_on": [], "input": "From consolidated_statement_of_cash_flows extract FY2022 capital expenditures.",
                "signature": "{capex_2022 :float, unit :string, page :int}", "verification": '(number? (get data/result "capex_2022"))'}
_FETCH_SALES = {"id": "fetch_income_statement", "agent": "document_analyst", "depends_on": [], "input": "From consolidated_statement_of_income extract FY2022 net sales.",
                "signature": "{revenue_2022 :float, unit :string, page :int}"}
_READ_SALES = {"id": "read_income_statement", "fetch": ["consolidated_statement_of_income"]}
_EXTRACT_SALES = {"id": "extract_income_statement", "agent": "reader", "depends_on": ["read_income_statement"], "input": "Extract FY2022 net sales from the statement.",
                  "signature": "{revenue_2022 :float, unit :string, page :int}"}
_COMPUTE = {"id": "compute", "agent": "calculator", "depends_on": ["fetch_cash_flow", "fetch_income_statement"], "input": "Compute capex as a % of revenue.",
            "signature": "{capex_to_revenue_pct :float}"}
_FINAL = {"id": "final_answer", "type": "synthesis_gate", "agent": "synthesizer", "depends_on": ["compute", "fetch_cash_flow", "fetch_income_statement"],
          "input": "Answer the question.", "signature": "{answer :string, sources [:string]}"}


def _example(options: ModeOptions) -> str:
    agents = dict(_AGENTS)
    tasks = [_FETCH_CAPEX]
    compute = dict(_COMPUTE)
    final = dict(_FINAL)
    if options.tool_fetch_tasks:
        agents["reader"] = {"prompt": "You read figures off the statement text in your dependencies.", "tools": []}
        tasks += [_READ_SALES, _EXTRACT_SALES]
        compute["depends_on"] = ["fetch_cash_flow", "extract_income_statement"]
        final["depends_on"] = ["compute", "fetch_cash_flow", "extract_income_statement"]
    else:
        tasks.append(_FETCH_SALES)
    if options.expression_tasks:
        compute["output"] = "expression"
        agents["calculator"] = {"prompt": "You compute ratios: write each as an expression over the inputs.", "tools": []}
    example = {"agents": agents, "tasks": [*tasks, compute, final]}
    return json.dumps(example, indent=None).replace('"tasks": [', '\n "tasks": [').replace("}, {\"id\"", "},\n           {\"id\"")


def planner_system(options: ModeOptions) -> str:
    """The planner's instructions, offering only the task kinds the options allow."""
    rules = (FETCH_RULE if options.tool_fetch_tasks else "") + (EXPRESSION_RULE if options.expression_tasks else "") + (FAIL_RULE if options.self_failure else "")
    return PLANNER_SYSTEM.replace("{extra_rules}", rules).replace("{example}", _example(options))


REPLAN_NOTE = """The previous plan failed. Write a new complete plan that avoids the failure.
Failed: {failed_task}. Reason: {reason}"""


class PlannerRetriever:
    name = "planner"

    async def retrieve(self, index: DocumentIndex, question: str, ctx: RetrievalContext) -> RetrievalResult:
        sections = section_index(index)
        system = planner_system(ctx.options)
        reuse: dict[str, TaskOutcome] = {}
        state = PlannerState()
        ctx.progress = state.result  # a run cut short by a budget still records how far it got
        failure: tuple[str, str] = ("plan", "")
        previous: str | None = None
        first = True
        while True:
            plan, raw, error = await self._plan(question, sections, system, ctx, None if first else failure, previous)
            first = False
            if plan is None:
                failure, previous = ("plan", error), raw
            else:
                state.plan = plan
                ctx.trace.event("plan", plan=plan.raw, replan=state.replans)
                execution = await PlanExecutor(plan, question, sections, ctx, reuse, state).run()
                if execution.status == "ok":
                    return self._answer(execution, state)
                failure, previous = (execution.failed_task, execution.reason), json.dumps(plan.raw)
            if state.replans >= ctx.options.max_replans:
                break
            state.replans += 1
            ctx.trace.event("replan", number=state.replans, failed_task=failure[0], reason=failure[1])
        replanned = f" (after {state.replans} replans)" if state.replans else ""
        return state.result("fail", reason=f"plan failed at {failure[0]}: {failure[1]}{replanned}")

    async def _plan(self, question: str, sections: str, system: str, ctx: RetrievalContext, failure: tuple[str, str] | None,
                    previous: str | None) -> tuple[Plan | None, str | None, str]:
        parts = [block(QUESTION, question)]
        if failure is not None:
            parts.append(block(PREVIOUS_PLAN, previous or "(unreadable)"))
            parts.append(REPLAN_NOTE.format(failed_task=failure[0], reason=failure[1]))
        # A reply that is not JSON is re-asked once, then fails the run (MalformedOutput);
        # a plan that reads but cannot run is a failed plan, and is replanned.
        data = await ask_json(ctx.llm, system, indexed_prompt(sections, *parts), role="planner", max_tokens=4000)
        try:
            return parse_plan(data), json.dumps(data), ""
        except PlanError as exc:
            ctx.trace.event("plan_rejected", error=str(exc))
            return None, None, f"the plan could not be used: {exc}"

    @staticmethod
    def _answer(execution: Execution, state: PlannerState) -> RetrievalResult:
        final = execution.final or {}
        returned = Decision.from_dict(final)  # the final task's answer fields, as an answering role writes them
        answer = returned.answer or "; ".join(f"{k}: {v}" for k, v in final.items() if k not in ("sources",))
        sources = normalise_sources(returned.sources)
        if not sources:  # cite the pages the data tasks reported
            pages = sorted({page for o in execution.outcomes.values() if o.result and (page := TaskResult.from_dict(o.result).page) is not None})
            sources = [f"p. {p}" for p in pages]
        return state.result("ok", answer=answer, sources=sources, confidence=returned.confidence)
