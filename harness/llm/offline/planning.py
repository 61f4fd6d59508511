"""The offline policy's planner-mode roles: writing plans, running tasks, the gate.

Its plans have the shape the planner prompt asks any model for: one document_analyst
task per figure (or passage) the question needs, all independent so they run in
parallel, a calculator task when the question asks for a computed metric, and a
``final_answer`` synthesis task.
"""
from __future__ import annotations

import json
from typing import Any

from harness.llm.blocks import read_block
from harness.llm.offline.analyst import decide
from harness.llm.offline.question import need_from_item, plan_question
from harness.llm.offline.roles import LoopView, Reply, _call, _findings, _next_step, _prompt, rank_sections
from harness.llm.types import CompletionRequest

VALUE_SIGNATURE = "{label :string, value :float, unit :string, page :int}"
PASSAGE_SIGNATURE = "{label :string, value :string, page :int}"


def write_plan(request: CompletionRequest) -> Reply:
    prompt = _prompt(request)
    question = read_block(prompt, "question") or ""
    sections = read_block(prompt, "sections") or ""
    plan = plan_question(question)
    tasks: list[dict[str, Any]] = []
    for number, need in enumerate(plan.needs, 1):
        ranked = [node_id for node_id, _ in rank_sections(need.terms, sections, limit=3)]
        task_id = f"fetch_{number}_{need.key}"[:60]
        tasks.append(
            {
                "id": task_id,
                "agent": "document_analyst",
                "depends_on": [],
                "input": f"{need.description}" + (f" (likely in {', '.join(ranked)})" if ranked else ""),
                "signature": VALUE_SIGNATURE if need.kind == "value" else PASSAGE_SIGNATURE,
                "verification": '(some? (get data/result "value"))',
            }
        )
    fetch_ids = [t["id"] for t in tasks]
    final_deps = list(fetch_ids)
    agents = {
        "document_analyst": {"prompt": "You extract figures from a filing. Grep first, then fetch at the offset.", "tools": ["fetch_section", "grep_section"]},
        "synthesizer": {"prompt": "You answer the question from the task results, citing pages.", "tools": []},
    }
    if plan.kind == "formula":
        agents["calculator"] = {"prompt": "You compute the requested metric from the inputs, showing the arithmetic.", "tools": []}
        tasks.append({"id": "compute", "agent": "calculator", "depends_on": fetch_ids, "input": f"Compute {plan.formula_text}", "signature": "{result :float, formula :string}"})
        final_deps.append("compute")
    tasks.append({"id": "final_answer", "type": "synthesis_gate", "agent": "synthesizer", "depends_on": final_deps, "input": "Answer the question from the results.", "signature": "{answer :string, sources [:string]}"})
    return json.dumps({"agents": agents, "tasks": tasks}), []


def run_task(request: CompletionRequest) -> Reply:
    """A task of an offline plan: a tool task (data extraction) or a plain one."""
    if any(t.name == "fetch_section" for t in request.tools):
        return _tool_task(request)
    return _plain_task(request)


def _tool_task(request: CompletionRequest) -> Reply:
    view = LoopView.read(request)
    need = need_from_item(view.item.split(" (likely in ")[0])
    step = _next_step([need], view)
    if step is not None:
        return step
    findings = _findings([need], view)
    if not findings:
        if any(t.name == "fail" for t in request.tools):
            return _call(view, "fail", {"reason": f"no {need.description} in {', '.join(view.fetched_ids()) or 'the filing'}"})
        return f"I could not find {need.description} in the sections I read.", []
    best = findings[0]
    result = {"label": need.key, "value": best["value"], "unit": best.get("unit") or "", "page": int(best["page"])}
    return _call(view, "return", result)


def _dependency_findings(prompt: str) -> list[dict[str, Any]]:
    try:
        results = json.loads(read_block(prompt, "dependencies") or "{}")
    except json.JSONDecodeError:
        return []
    findings = []
    for result in results.values():
        if isinstance(result, dict) and "value" in result:
            findings.append({"label": result.get("label", ""), "value": result["value"], "unit": result.get("unit", ""), "page": str(result.get("page", "")), "section": "", "context": ""})
    return findings


def _plain_task(request: CompletionRequest) -> Reply:
    prompt = _prompt(request)
    plan = plan_question(read_block(prompt, "question") or "")
    decision = decide(plan, _dependency_findings(prompt), [], last_chance=True)
    signature = read_block(prompt, "signature") or ""
    if "result" in signature:  # the calculator
        if decision.status != "answer":
            return json.dumps({"result": None, "formula": plan.formula_text, "error": decision.reason}), []
        number = decision.answer.split(" ")[0].rstrip(".%").replace(",", "")
        try:
            value: float | None = float(number)
        except ValueError:
            value = None
        return json.dumps({"result": value, "formula": plan.formula_text}), []
    if decision.status != "answer":
        return json.dumps({"answer": f"The data needed was not found: {decision.reason}", "sources": []}), []
    return json.dumps({"answer": decision.answer, "sources": [f"p. {p}" for p in decision.pages or []]}), []


def quality_gate(request: CompletionRequest) -> Reply:
    prompt = _prompt(request)
    try:
        results = json.loads(read_block(prompt, "results") or "{}")
    except json.JSONDecodeError:
        results = {}
    empty = [
        task for task, result in results.items()
        if not isinstance(result, dict) or result.get("value", result.get("result")) in (None, "")
    ]
    if empty:
        return json.dumps({"sufficient": False, "missing": ", ".join(empty), "reason": "these tasks returned no value"}), []
    return json.dumps({"sufficient": True}), []
