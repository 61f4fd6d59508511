"""Runs a plan's task graph: independent tasks concurrently, each result checked against
its signature and verification, an optional quality gate before the final synthesis.
"""
from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

from core.llm.types import Message
from core.protocol import DEPENDENCIES, QUESTION, RESULTS, SECTIONS, SIGNATURE, TASK, GateVerdict, block, format_task_results
from core.reply_parsing import MalformedOutput, parse_json_object
from core.schema_check import validate
from retrievers.base import RetrievalContext
from retrievers.planner.plan import FINAL_TASK, Plan, PlanError, Task, verify
from retrievers.subagent import SubAgent, run_subagent

TASK_RULES = """
You are one task of a plan that answers a question about a financial filing.
Give your result as a JSON object matching the task's signature exactly (field names and types).
Numbers are plain numbers (no units or commas inside them); say the unit and page in their own fields
when the signature has them."""
TOOL_RULES = """
Use grep_section / fetch_section to read the filing (5,000-6,000 characters per fetch; continue at the
hint's offset when truncated), then call `return` with the result."""
SELF_FAILURE_RULES = " If the filing does not contain the data, call `fail` with the reason."
NO_FAILURE_RULES = " Return your best result; the plan cannot continue without it."

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


class PlanExecutor:
    def __init__(self, plan: Plan, question: str, sections: str, ctx: RetrievalContext, reuse: dict[str, TaskOutcome]):
        self.plan = plan
        self.question = question
        self.sections = sections
        self.ctx = ctx
        self.reuse = reuse  # outcomes of identical tasks from an earlier plan

    async def run(self) -> Execution:
        execution = Execution("ok")
        for wave in self.plan.waves():
            if self.ctx.options.quality_gate and any(t.id == FINAL_TASK for t in wave):
                verdict = await self._quality_gate(execution)
                if not verdict.sufficient:
                    reason = f"quality gate: {verdict.missing} {verdict.reason}".strip()
                    return Execution("failed", failed_task="quality_gate", reason=reason, outcomes=execution.outcomes, executed=execution.executed)
            outcomes = await asyncio.gather(*(self._run_task(task, execution) for task in wave))
            for outcome in outcomes:
                execution.outcomes[outcome.task_id] = outcome
                execution.executed += 0 if outcome.reused else 1
            failed = [o for o in outcomes if o.status != "ok"]
            if failed:
                first = failed[0]
                return Execution("failed", failed_task=first.task_id, reason=first.reason, outcomes=execution.outcomes, executed=execution.executed)
        execution.final = execution.outcomes[FINAL_TASK].result
        return execution

    async def _run_task(self, task: Task, execution: Execution) -> TaskOutcome:
        trace = self.ctx.trace
        agent = self.plan.agents[task.agent]
        dependencies = {d: execution.outcomes[d].result for d in task.depends_on}
        prompt = "\n\n".join(
            part
            for part in [
                block(QUESTION, self.question),
                block(TASK, task.input, id=task.id),
                block(SIGNATURE, task.signature or "{}"),
                block(DEPENDENCIES, format_task_results(dependencies)) if dependencies else "",
                block(SECTIONS, self.sections) if agent.tools else "",
            ]
            if part
        )
        # A task is reused after a replan only when everything that shapes its result is the
        # same: the agent's instructions and tools, and its prompt, which holds the input,
        # the signature and the results of the tasks it depends on.
        key = json.dumps([agent.prompt, agent.tools, prompt, task.verification])
        earlier = self.reuse.get(key)
        if earlier is not None and earlier.status == "ok":
            trace.event("task_reused", task_id=task.id)
            return TaskOutcome(task.id, "ok", earlier.result, reused=True)
        trace.event("task_start", task_id=task.id, agent=task.agent, depends_on=task.depends_on, tools=agent.tools)
        turns = 0
        try:
            schema = task.schema
            if agent.tools:
                result, reason, turns = await self._run_tool_task(task, agent.prompt, schema, prompt)
            else:
                result, reason, turns = await self._run_plain_task(agent.prompt, schema, prompt)
            if result is not None and task.verification:
                try:
                    if not verify(task.verification, result):
                        result, reason = None, f"verification failed: {task.verification}"
                except PlanError as exc:
                    result, reason = None, f"verification unreadable: {exc}"
        except (PlanError, MalformedOutput) as exc:
            result, reason = None, str(exc)
        outcome = TaskOutcome(task.id, "ok" if result is not None else "failed", result, reason, turns=turns)
        trace.event("task_end", task_id=task.id, status=outcome.status, reason=reason, result=json.dumps(result)[:1500] if result else None)
        self.reuse[key] = outcome
        return outcome

    async def _run_tool_task(self, task: Task, prompt: str, schema: dict[str, Any], task_text: str) -> tuple[dict | None, str, int]:
        failure = SELF_FAILURE_RULES if self.ctx.options.self_failure else NO_FAILURE_RULES
        agent = SubAgent("executor", (prompt + TASK_RULES + TOOL_RULES + failure).strip(), schema, "Return the task's result.", self.ctx.options.extractor_turns, allow_fail=self.ctx.options.self_failure)
        outcome = await run_subagent(agent, task_text, self.ctx.llm, self.ctx.tools)
        if outcome.status == "returned":
            return outcome.result, "", outcome.turns
        return None, outcome.reason, outcome.turns

    async def _run_plain_task(self, prompt: str, schema: dict[str, Any], task_text: str) -> tuple[dict | None, str, int]:
        system = (prompt + TASK_RULES + "\nReply with only the JSON object.").strip()
        messages = [Message.user(task_text)]
        for turn in range(1, 3):  # one chance to fix a schema or JSON error
            completion = await self.ctx.llm.complete(system, messages, role="executor", max_tokens=1500)
            try:
                result = parse_json_object(completion.text)
            except MalformedOutput as exc:
                problem = str(exc)
            else:
                errors = validate(result, schema)
                if not errors:
                    return result, "", turn
                problem = "; ".join(errors[:10])
            messages = messages + [completion.to_message(), Message.user(f"Your result was rejected: {problem}. Reply again with only the JSON object.")]
        return None, f"result did not match the signature: {problem}", 2

    async def _quality_gate(self, execution: Execution) -> GateVerdict:
        results = {k: o.result for k, o in execution.outcomes.items()}
        prompt = "\n\n".join([block(QUESTION, self.question), block(RESULTS, format_task_results(results))])
        completion = await self.ctx.llm.complete(GATE_SYSTEM, [Message.user(prompt)], role="quality_gate", max_tokens=500)
        try:
            verdict = GateVerdict.from_dict(parse_json_object(completion.text))
        except MalformedOutput:
            verdict = GateVerdict(True, reason="gate reply unreadable; passing")
        self.ctx.trace.event("quality_gate", sufficient=verdict.sufficient, missing=verdict.missing or None, reason=verdict.reason or None)
        return verdict
