"""Runs a plan's task graph: independent tasks concurrently, each result checked against
its signature and verification, an optional quality gate before the final synthesis.

What runs a task (``plan.task_kind``), with the seeds' behaviour by default:
- a fetch task: the harness calls fetch_section itself, no model (``tool_fetch_tasks``);
- a computed task: the model writes expressions, the harness evaluates them
  (``expression_tasks``);
- any other task: a sub-agent with the agent's tools, or one model call without tools.
Results must match their signatures strictly (``strict_signatures``) and a task may fail
with a reason (``self_failure``); each relaxation is an option.
"""
from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from core.llm.types import Message
from core.protocol import (
    DEPENDENCIES,
    INPUTS,
    QUESTION,
    RESULTS,
    SIGNATURE,
    TASK,
    TASK_FAIL_REPLY,
    GateVerdict,
    block,
    format_inputs,
    format_task_results,
)
from core.reply_parsing import MalformedOutput, ask_json, cut_off_note, reply_problem
from core.results import RetrievalResult
from core.schema_check import validate
from retrievers.base import ModeOptions, RetrievalContext
from retrievers.planner.expressions import ExpressionError, evaluate, numeric_inputs, parse_expression
from retrievers.planner.plan import FINAL_TASK, Plan, PlanError, Task, plan_summary, task_kind, verify
from retrievers.section_index import indexed_prompt
from retrievers.subagent import SubAgent, SubAgentOutcome, run_subagent

TASK_RULES = """
You are one task of a plan that answers a question about a financial filing.
Give your result as a JSON object matching the task's signature exactly (field names and types).
Numbers are plain numbers (no units or commas inside them); say the unit and page in their own fields
when the signature has them."""
TOOL_RULES = """
Use grep_section / fetch_section to read the filing (5,000-6,000 characters per fetch; continue at the
hint's offset when truncated), then call `return` with the result."""
SELF_FAILURE_RULES = " If the filing does not contain the data, call `fail` with the reason."
PLAIN_FAILURE_RULES = f" If your inputs do not allow the result, reply {TASK_FAIL_REPLY} instead."
NO_FAILURE_RULES = " Return your best result; the plan cannot continue without it."
EXPRESSION_RULES = """
You compute; the harness does the arithmetic. For every numeric field of the signature, give an
arithmetic expression over the names in <inputs> (e.g. "100 * capex_2022 / revenue_2022"), not a number:
+ - * / ( ), numbers, and min max abs round avg sum. Do NOT calculate values yourself: the expressions are
evaluated for you. Give any other field (text, true/false) as a plain JSON value.
Reply with only the JSON object."""
STRICT_RULES = " Types are checked strictly: a :float is written with a decimal point (1749.0), an :int without."
MAX_FETCH_SECTIONS = 8

GATE_SYSTEM = """You are a quality gate before the final synthesis of a plan over a financial filing.
You see the question and the results of the data tasks. Decide whether they are sufficient to answer.
Reply with only JSON: {"sufficient": true} or {"sufficient": false, "missing": "...", "reason": "..."}"""


@dataclass
class TaskOutcome:
    task_id: str
    status: str  # ok | failed
    result: dict[str, Any] | None = None
    reason: str = ""
    reused: bool = False
    turns: int = 0


@dataclass
class Execution:
    status: str  # ok | failed
    final: dict[str, Any] | None = None
    failed_task: str = ""
    reason: str = ""
    outcomes: dict[str, TaskOutcome] = field(default_factory=dict)
    executed: int = 0

    @property
    def turns(self) -> int:
        return sum(o.turns for o in self.outcomes.values() if not o.reused)


@dataclass
class PlannerState:
    """The planner's counters as they stand; also what a run cut short by a budget records."""

    replans: int = 0
    executed: int = 0  # tasks run (not reused), in every plan
    turns: int = 0  # model turns of finished tasks
    plan: Plan | None = None
    running: list[SubAgentOutcome] = field(default_factory=list)  # tool tasks under way

    def result(self, status: str = "fail", **fields: Any) -> RetrievalResult:
        planned: dict[str, Any] = {}
        if self.plan is not None:
            planned = {"planned_tasks": len(self.plan.tasks), "agent_types": sorted(self.plan.agents), "plan": plan_summary(self.plan)}
        turns = self.turns + sum(o.turns for o in self.running)
        return RetrievalResult(status, replans=self.replans, tasks_executed=self.executed, turns=turns, **planned, **fields)


class PlanExecutor:
    def __init__(self, plan: Plan, question: str, sections: str, ctx: RetrievalContext, reuse: dict[str, TaskOutcome], state: PlannerState):
        self.plan = plan
        self.question = question
        self.sections = sections
        self.ctx = ctx
        self.options: ModeOptions = ctx.options
        self.reuse = reuse  # outcomes of identical tasks from an earlier plan
        self.state = state

    async def run(self) -> Execution:
        execution = Execution("ok")
        for wave in self.plan.waves():
            if self.options.quality_gate and any(t.id == FINAL_TASK for t in wave):
                verdict = await self._quality_gate(execution)
                if not verdict.sufficient:
                    reason = f"quality gate: {verdict.missing} {verdict.reason}".strip()
                    return Execution("failed", failed_task="quality_gate", reason=reason, outcomes=execution.outcomes, executed=execution.executed)
            outcomes = await self._run_wave(wave, execution)
            for outcome in outcomes:
                execution.outcomes[outcome.task_id] = outcome
                execution.executed += 0 if outcome.reused else 1
            failed = [o for o in outcomes if o.status != "ok"]
            if failed:
                first = failed[0]
                return Execution("failed", failed_task=first.task_id, reason=first.reason, outcomes=execution.outcomes, executed=execution.executed)
        execution.final = execution.outcomes[FINAL_TASK].result
        return execution

    async def _run_wave(self, wave: list[Task], execution: Execution) -> list[TaskOutcome]:
        """The wave's tasks concurrently. When one raises (a budget cut, a provider error),
        the others are cancelled rather than left making calls after the run has ended."""
        try:
            async with asyncio.TaskGroup() as group:
                running = [group.create_task(self._run_task(task, execution)) for task in wave]
        except BaseExceptionGroup as failed:
            raise failed.exceptions[0] from None
        return [task.result() for task in running]

    async def _run_task(self, task: Task, execution: Execution) -> TaskOutcome:
        trace = self.ctx.trace
        agent = self.plan.agents[task.agent]
        kind = task_kind(task)
        dependencies = {d: execution.outcomes[d].result for d in task.depends_on}
        computed = kind == "computed" and self.options.expression_tasks
        usable, shown = numeric_inputs(dependencies) if computed else ({}, {})
        tool_run = kind == "fetch" and self.options.tool_fetch_tasks
        parts = [
            block(QUESTION, self.question),
            block(TASK, self._task_text(task), id=task.id),
            block(SIGNATURE, task.signature or "{}"),
            block(DEPENDENCIES, format_task_results(dependencies)) if dependencies else "",
            block(INPUTS, format_inputs(shown)) if computed else "",
        ]
        # A task that reads the filing sees the index first, the prefix every such task shares.
        reads = bool(agent.tools) and not computed
        prompt = indexed_prompt(self.sections, *parts) if reads else Message.user("\n\n".join(p for p in parts if p))
        # A task is reused after a replan only when everything that shapes its result is the
        # same: the agent's instructions and tools, and its prompt, which holds the input,
        # the signature and the results of the tasks it depends on.
        key = json.dumps([agent.prompt, agent.tools, prompt.text, task.verification, kind, task.fetch])
        earlier = self.reuse.get(key)
        if earlier is not None and earlier.status == "ok":
            trace.event("task_reused", task_id=task.id)
            return TaskOutcome(task.id, "ok", earlier.result, reused=True)
        runner = "tool" if tool_run else ("expression" if computed else "model")
        trace.event("task_start", task_id=task.id, agent=task.agent, depends_on=task.depends_on, tools=agent.tools, runner=runner)
        turns = 0
        result: dict[str, Any] | None
        try:
            schema = task.schema
            if tool_run:
                result, reason = self._fetch(task), ""
            elif computed:
                result, reason, turns = await self._run_computed_task(agent.prompt, schema, prompt, usable)
            elif agent.tools or kind == "fetch":
                result, reason, turns = await self._run_tool_task(agent.prompt, schema, prompt)
            else:
                result, reason, turns = await self._run_plain_task(agent.prompt, schema, prompt)
            if result is not None and task.verification:
                try:
                    if not verify(task.verification, result):
                        result, reason = None, f"verification failed: {task.verification}"
                except PlanError as exc:
                    result, reason = None, f"verification unreadable: {exc}"
        except PlanError as exc:  # an unreadable reply (MalformedOutput) fails the run instead
            result, reason = None, str(exc)
        outcome = TaskOutcome(task.id, "ok" if result is not None else "failed", result, reason, turns=turns)
        self.state.executed += 1
        self.state.turns += turns
        trace.event("task_end", task_id=task.id, status=outcome.status, reason=reason, result=json.dumps(result)[:1500] if result else None)
        self.reuse[key] = outcome
        return outcome

    def _task_text(self, task: Task) -> str:
        if not task.fetch or self.options.tool_fetch_tasks:
            return task.input
        listed = ", ".join(f"{node} (offset {offset})" if offset else node for node, offset in task.fetch)
        return f"{task.input}\nRead these sections: {listed}.".strip()

    def _fetch(self, task: Task) -> dict[str, Any]:
        """A fetch task: the tool calls themselves, no model. Each section's first chunk (or
        the chunk at the offset given) with its pages, truncation flag and hint."""
        sections = []
        for node_id, offset in task.fetch[:MAX_FETCH_SECTIONS]:
            content, is_error = self.ctx.tools.call("fetch_section", {"node_id": node_id, "offset": offset})
            if is_error:
                raise PlanError(f"fetch of {node_id!r} failed: {json.loads(content).get('error')}")
            sections.append(json.loads(content))
        return {"sections": sections}

    def _failure_rules(self, *, tools: bool) -> str:
        if not self.options.self_failure:
            return NO_FAILURE_RULES
        return SELF_FAILURE_RULES if tools else PLAIN_FAILURE_RULES

    def _strict_rules(self) -> str:
        return STRICT_RULES if self.options.strict_signatures else ""

    def _check(self, result: Any, schema: dict[str, Any]) -> list[str]:
        return validate(result, schema, strict_numbers=self.options.strict_signatures)

    async def _run_tool_task(self, prompt: str, schema: dict[str, Any], task_text: Message) -> tuple[dict | None, str, int]:
        system = (prompt + TASK_RULES + self._strict_rules() + TOOL_RULES + self._failure_rules(tools=True)).strip()
        agent = SubAgent("executor", system, schema, "Return the task's result.", self.options.max_turns,
                         allow_fail=self.options.self_failure, strict_numbers=self.options.strict_signatures)
        running = SubAgentOutcome("exhausted")
        self.state.running.append(running)
        # Cut short (a budget), the task stays listed as running, so the run's record counts its turns.
        outcome = await run_subagent(agent, task_text, self.ctx.llm, self.ctx.tools, running)
        self.state.running.remove(running)
        if outcome.status == "returned":
            return outcome.result, "", outcome.turns
        return None, outcome.reason, outcome.turns

    async def _ask(self, system: str, task_text: Message, accept: Callable[[dict[str, Any]], tuple[dict | None, str]]) -> tuple[dict | None, str, int]:
        """One model call, and one more to fix what ``accept`` rejected (the task then fails
        and the plan is replanned); a reply that still cannot be read fails the run, as for
        every role (``MalformedOutput``)."""
        messages = [task_text]
        problem, unreadable, max_tokens = "", False, 1500
        for turn in range(1, 3):
            completion = await self.ctx.llm.complete(system, messages, role="executor", max_tokens=max_tokens)
            reply, problem = reply_problem(completion, lambda reply: reply)
            unreadable = reply is None
            if reply is not None:
                if self.options.self_failure and set(reply) == {"fail"}:
                    return None, f"the task failed: {reply['fail']}", turn
                result, problem = accept(reply)
                if result is not None:
                    return result, "", turn
            if unreadable and completion.stop_reason == "max_tokens":
                again = cut_off_note(max_tokens)
            else:
                again = f"Your result was rejected: {problem}. Reply again with only the JSON object."
            messages = messages + [completion.to_message(), Message.user(again)]
        if unreadable:
            raise MalformedOutput(f"the executor's reply could not be read, even after a re-ask: {problem}")
        return None, problem, 2

    async def _run_plain_task(self, prompt: str, schema: dict[str, Any], task_text: Message) -> tuple[dict | None, str, int]:
        system = (prompt + TASK_RULES + self._strict_rules() + self._failure_rules(tools=False) + "\nReply with only the JSON object.").strip()

        def accept(reply: dict[str, Any]) -> tuple[dict | None, str]:
            errors = self._check(reply, schema)
            return (reply, "") if not errors else (None, "result did not match the signature: " + "; ".join(errors[:10]))

        return await self._ask(system, task_text, accept)

    async def _run_computed_task(self, prompt: str, schema: dict[str, Any], task_text: Message, inputs: dict[str, float]) -> tuple[dict | None, str, int]:
        system = (prompt + TASK_RULES + self._failure_rules(tools=False) + EXPRESSION_RULES).strip()
        numeric = {name for name, sub in (schema.get("properties") or {}).items() if sub.get("type") in ("number", "integer")}

        def accept(reply: dict[str, Any]) -> tuple[dict | None, str]:
            result, problems = computed_result(reply, numeric, inputs)
            if problems:
                return None, "; ".join(problems[:10])
            errors = self._check(result, schema)
            return (result, "") if not errors else (None, "the computed result did not match the signature: " + "; ".join(errors[:10]))

        result, reason, turns = await self._ask(system, task_text, accept)
        if result is not None:
            self.ctx.trace.event("task_computed", expressions={k: v for k, v in result.items() if k in numeric}, inputs=len(inputs))
        return result, reason, turns

    async def _quality_gate(self, execution: Execution) -> GateVerdict:
        results = {k: o.result for k, o in execution.outcomes.items()}
        prompt = "\n\n".join([block(QUESTION, self.question), block(RESULTS, format_task_results(results))])
        # An unreadable verdict is re-asked once, then fails the run: passing it by default
        # would let a plan through that nothing checked.
        verdict = await ask_json(self.ctx.llm, GATE_SYSTEM, prompt, role="quality_gate", max_tokens=500, read=GateVerdict.read)
        self.ctx.trace.event("quality_gate", sufficient=verdict.sufficient, missing=verdict.missing or None, reason=verdict.reason or None)
        return verdict


def computed_result(reply: dict[str, Any], numeric: set[str], inputs: dict[str, float]) -> tuple[dict[str, Any], list[str]]:
    """Evaluate a computed task's reply: each numeric field's expression becomes its value;
    other fields pass as given. An expression must use at least one input: a bare number (or
    arithmetic on numbers alone) is a value the model computed, which is what this output
    exists to prevent."""
    result: dict[str, Any] = {}
    problems: list[str] = []
    for name, value in reply.items():
        if name not in numeric:
            result[name] = value
            continue
        if not isinstance(value, str):
            problems.append(f"{name} must be an expression over the inputs (text), not {json.dumps(value)}")
            continue
        try:
            parsed = parse_expression(value)
            if not parsed.names:
                raise ExpressionError("it uses no input; write it over the names in <inputs>, not their values")
            result[name] = evaluate(parsed, inputs)
        except ExpressionError as exc:
            problems.append(f"{name} = {value!r}: {exc}")
    return result, problems
