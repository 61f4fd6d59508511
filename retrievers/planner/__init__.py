"""Planner mode, the baseline the iterative mode must beat (the seeds' MetaPlanner).

One planner call sees the question and the section index and writes the whole plan:
agents with prompts and tools, tasks with dependencies, signatures and verification,
ending in ``final_answer``. An executor runs it; a failed task (or a failed quality gate)
triggers a replan, bounded by ``max_replans``. A plan that cannot be parsed counts as a
failed plan and is replanned too, never a crash.
"""
from __future__ import annotations

import json

from core.protocol import PREVIOUS_PLAN, QUESTION, SECTIONS, Decision, TaskResult, block
from core.reply_parsing import MalformedOutput, ask_json
from core.results import RetrievalResult
from retrievers.answers import normalise_sources
from retrievers.base import RetrievalContext
from retrievers.index.tree import DocumentIndex
from retrievers.planner.executor import Execution, PlanExecutor, TaskOutcome
from retrievers.planner.plan import Plan, PlanError, parse_plan, plan_summary
from retrievers.section_index import section_index

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
  (number? (get data/result "capex_2022")).
Reply with only the JSON object.

Example:
{"agents": {"document_analyst": {"prompt": "You extract data from a filing. Grep first, then fetch at the offset.", "tools": ["fetch_section", "grep_section"]},
            "calculator": {"prompt": "You compute ratios from the inputs, showing the arithmetic.", "tools": []},
            "synthesizer": {"prompt": "You answer the question from the results, citing pages.", "tools": []}},
 "tasks": [{"id": "fetch_cash_flow", "agent": "document_analyst", "depends_on": [], "input": "From consolidated_statement_of_cash_flows extract FY2022 capital expenditures.", "signature": "{capex_2022 :float, unit :string, page :int}", "verification": "(number? (get data/result \\"capex_2022\\"))"},
           {"id": "fetch_income_statement", "agent": "document_analyst", "depends_on": [], "input": "From consolidated_statement_of_income extract FY2022 net sales.", "signature": "{revenue_2022 :float, unit :string, page :int}"},
           {"id": "compute", "agent": "calculator", "depends_on": ["fetch_cash_flow", "fetch_income_statement"], "input": "Compute capex as a % of revenue.", "signature": "{capex_to_revenue_pct :float}"},
           {"id": "final_answer", "type": "synthesis_gate", "agent": "synthesizer", "depends_on": ["compute", "fetch_cash_flow", "fetch_income_statement"], "input": "Answer the question.", "signature": "{answer :string, sources [:string]}"}]}"""

REPLAN_NOTE = """The previous plan failed. Write a new complete plan that avoids the failure.
Failed: {failed_task}. Reason: {reason}"""


class PlannerRetriever:
    name = "planner"

    async def retrieve(self, index: DocumentIndex, question: str, ctx: RetrievalContext) -> RetrievalResult:
        sections = section_index(index)
        reuse: dict[str, TaskOutcome] = {}
        replans = 0
        executed = 0
        turns = 0
        failure: tuple[str, str] | None = None
        previous: str | None = None
        plan: Plan | None = None
        while True:
            plan, raw, error = await self._plan(question, sections, ctx, failure, previous)
            if plan is None:
                failure, previous = ("plan", error), raw
            else:
                ctx.trace.event("plan", plan=plan.raw, replan=replans)
                execution = await PlanExecutor(plan, question, sections, ctx, reuse).run()
                executed += execution.executed
                turns += execution.turns
                if execution.status == "ok":
                    result = self._answer(execution, plan, replans, executed)
                    result.turns = turns
                    return result
                failure, previous = (execution.failed_task, execution.reason), json.dumps(plan.raw)
            if replans >= ctx.options.max_replans:
                break
            replans += 1
            ctx.trace.event("replan", number=replans, failed_task=failure[0], reason=failure[1])
        return RetrievalResult(
            "fail",
            reason=f"plan failed at {failure[0]}: {failure[1]}" + (f" (after {replans} replans)" if replans else ""),
            replans=replans,
            tasks_executed=executed,
            turns=turns,
            **self._plan_fields(plan),
        )

    async def _plan(self, question: str, sections: str, ctx: RetrievalContext, failure: tuple[str, str] | None, previous: str | None):
        parts = [block(QUESTION, question), block(SECTIONS, sections)]
        if failure is not None:
            parts.append(block(PREVIOUS_PLAN, previous or "(unreadable)"))
            parts.append(REPLAN_NOTE.format(failed_task=failure[0], reason=failure[1]))
        try:
            data = await ask_json(ctx.llm, PLANNER_SYSTEM, "\n\n".join(parts), role="planner", max_tokens=4000)
            return parse_plan(data), json.dumps(data), ""
        except (MalformedOutput, PlanError) as exc:
            ctx.trace.event("plan_rejected", error=str(exc))
            return None, None, f"the plan could not be used: {exc}"

    @staticmethod
    def _plan_fields(plan: Plan | None) -> dict:
        if plan is None:
            return {}
        return {"planned_tasks": len(plan.tasks), "agent_types": sorted(plan.agents), "plan": plan_summary(plan)}

    def _answer(self, execution: Execution, plan: Plan, replans: int, executed: int) -> RetrievalResult:
        final = execution.final or {}
        returned = Decision.from_dict(final)  # the final task's answer fields, as an answering role writes them
        answer = returned.answer or "; ".join(f"{k}: {v}" for k, v in final.items() if k not in ("sources",))
        sources = normalise_sources(returned.sources)
        if not sources:  # cite the pages the data tasks reported
            pages = sorted({page for o in execution.outcomes.values() if o.result and (page := TaskResult.from_dict(o.result).page) is not None})
            sources = [f"p. {p}" for p in pages]
        return RetrievalResult(
            "ok", answer=answer, sources=sources, confidence=returned.confidence,
            replans=replans, tasks_executed=executed, **self._plan_fields(plan),
        )
