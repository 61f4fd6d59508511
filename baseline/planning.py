"""The offline policy's planner-mode roles: writing plans, running tasks, the gate.

Its plans have the shape the planner prompt asks any model for: one ``document_analyst``
task per section to read, extracting every figure the question needs from that section
(figures on the same statement share a task, so a ratio whose parts sit on one statement
costs one task), all independent so they run in parallel; a ``calculator`` task when the
answer is computed; and a ``final_answer`` synthesis task.
"""
from __future__ import annotations

import json
import re
from typing import Any

from baseline.answers import decide, number, wanted_needs
from baseline.navigation import LoopView, catalog, next_calls, rank_sections
from baseline.question import Need, plan_question
from baseline.roles import Reply, _prompt, _sources, gather, item_needs
from core.llm.types import CompletionRequest
from core.protocol import read_block

PASSAGE_SIGNATURE = "{label :string, value :string, page :int}"
LINES_SIGNATURE = "{lines [{label :string, value :float}], unit :string?, page :int?}"
ALSO_PASSAGE = ". Also quote the passage that answers: "


def _value_signature(needs: list[Need]) -> str:
    fields = ", ".join(f"{n.key} :float?" for n in needs)
    return "{" + fields + ", unit :string?, page :int?, pages :map?}"


def write_plan(request: CompletionRequest) -> Reply:
    prompt = _prompt(request)
    question = read_block(prompt, "question") or ""
    sections = catalog(read_block(prompt, "sections") or "")
    plan = plan_question(question)
    if read_block(prompt, "previous_plan") is not None:
        plan.needs = [Need("passage", question, plan.target_year, kind="passage", context=question)]  # figures failed: read the prose
    # One extraction task for the figures (their statements fetched together, with the
    # passage that may answer instead), one for the lines of a table: fewer tasks, fewer
    # turns that carry the section index.
    passages = [n for n in plan.needs if n.kind == "passage"]
    groups: dict[str, list[Need]] = {}
    for need in plan.needs:
        if need.kind != "passage":
            groups.setdefault("lines" if need.kind in ("rows", "table") else "figures", []).append(need)
    tasks: list[dict[str, Any]] = []
    for name, needs in groups.items():
        where: list[str] = []
        for need in needs:
            ranked = rank_sections(need, question, sections)
            if ranked and ranked[0][0] not in where:
                where.append(ranked[0][0])
        items = "; ".join(n.description for n in needs)
        if name == "lines":
            text, signature = f"From {where[0] if where else 'the statement'} extract the lines of {items} with their values", LINES_SIGNATURE
        else:
            text, signature = f"From {' and '.join(where[:3]) or 'the statements'} extract: {items}", _value_signature(needs)
        if passages and not tasks:
            text += f"{ALSO_PASSAGE}{passages[0].phrase}"
            signature = signature[:-1] + ", label :string?, value :string?}"
        tasks.append({"id": f"extract_{name}", "agent": "document_analyst", "depends_on": [], "input": text, "signature": signature})
    if passages and not tasks:
        tasks.append({"id": "extract_passages", "agent": "document_analyst", "depends_on": [], "input": f"Find the passage that answers: {passages[0].phrase}", "signature": PASSAGE_SIGNATURE})
    fetch_ids = [t["id"] for t in tasks]
    final_deps = list(fetch_ids)
    agents = {
        "document_analyst": {"prompt": "You extract figures from a filing: read the statement named in the task (grep when it is not named), then return every figure asked for with its unit and page.", "tools": ["fetch_section", "grep_section"]},
        "synthesizer": {"prompt": "You answer the question from the task results, citing pages.", "tools": []},
    }
    if plan.kind in ("formula", "trend", "choice", "largest", "which"):
        agents["calculator"] = {"prompt": "You compute the requested metric from the inputs, showing the arithmetic.", "tools": []}
        tasks.append({"id": "compute", "agent": "calculator", "depends_on": fetch_ids, "input": f"Compute {plan.metric or 'the answer'} from the extracted figures.", "signature": "{result :any, formula :string?}"})
        final_deps.append("compute")
    tasks.append({"id": "final_answer", "type": "synthesis_gate", "agent": "synthesizer", "depends_on": final_deps, "input": "Answer the question from the results.", "signature": "{answer :string, sources [:string]}"})
    return json.dumps({"agents": agents, "tasks": tasks}), []


def run_task(request: CompletionRequest) -> Reply:
    """A task of an offline plan: a tool task (data extraction) or a plain one."""
    if any(t.name == "fetch_section" for t in request.tools):
        return _tool_task(request)
    return _plain_task(request)


def _task_needs(view: LoopView) -> list[Need]:
    plan = plan_question(view.question)
    text, _, passage = view.item.partition(ALSO_PASSAGE)
    text = re.sub(r"(?i)^(?:from .+? extract(?: the lines of)?:?|find the passage that answers:)\s*", "", text).split(" with their values")[0]
    items = [passage] if passage else []
    items = [i for i in re.split(r";\s*", text) if i.strip()] + items if not view.item.lower().startswith("find the passage") else [text]
    needs = []
    for item in items:
        known = next((n for n in plan.needs if n.description.lower() == item.strip().lower()), None)
        if known is None:
            view.item = item
            known = item_needs(view)[1][0]
        needs.append(known)
    return needs or plan.needs


def _tool_task(request: CompletionRequest) -> Reply:
    view = LoopView.read(request)
    needs = _task_needs(view)
    plan = plan_question(view.question)
    keys = {n.key for n in needs}
    calls = next_calls(needs, view, select=lambda met, found, done: [n for n in wanted_needs(plan, met, found, done) if n.key in keys])
    if calls:
        return "", calls
    findings = gather(needs, view.documents())
    allowed_fail = any(t.name == "fail" for t in request.tools)
    if not findings:
        if allowed_fail:
            return "", [view.call("fail", {"reason": f"no {'; '.join(n.description for n in needs)} in {', '.join(view.fetched_ids()) or 'the filing'}"})]
        return "", [view.call("return", {"page": 0} if needs[0].kind == "value" else ({"lines": []} if needs[0].kind in ("rows", "table") else {"label": "none", "value": "", "page": 0}))]
    result = _task_result(needs, findings)
    return "", [view.call("return", result)]


def _task_result(needs: list[Need], findings: list[dict[str, Any]]) -> dict[str, Any]:
    """The task's result in its signature: figures by key (with their pages), the lines of a
    table, and the passage, as the task asked for them."""
    result: dict[str, Any] = {}
    kinds = {n.kind for n in needs}
    texts = [f for f in findings if f.get("unit") == "text"]
    if "passage" in kinds and texts:
        result.update({"label": "passage", "value": " ".join(str(f["value"]) for f in texts[:2]), "page": _page(texts[0])})
    if kinds & {"rows", "table"}:
        lines = [f for f in findings if f.get("unit") != "text" and number(f.get("value")) is not None]
        result["lines"] = [{"label": str(f.get("context", f["label"])).split(":")[0], "value": float(number(f["value"]) or 0.0)} for f in lines]
        if lines:
            result.update({"unit": str(lines[0].get("unit") or ""), "page": _page(lines[0])})
        return result
    pages: dict[str, int] = {}
    for need in needs:
        if need.kind != "value":
            continue
        finding = next((f for f in findings if f["label"] == need.key), None)
        if finding is None and need.year is None:
            finding = next((f for f in findings if str(f["label"]).startswith(need.base)), None)
        if finding is not None and number(finding["value"]) is not None:
            result[need.key] = number(finding["value"])
            pages[need.key] = _page(finding)
            result.setdefault("unit", str(finding.get("unit") or ""))
        if need.year is None:  # no year asked: every year the row shows
            for other in findings:
                if re.fullmatch(rf"{re.escape(need.base)}_\d{{4}}", str(other["label"])) and number(other["value"]) is not None:
                    result[str(other["label"])] = number(other["value"])
    if pages:
        result["page"] = min(pages.values())
        result["pages"] = pages  # each figure's own page, for the citations
    return result


def _page(finding: dict[str, Any]) -> int:
    page = str(finding.get("page", ""))
    return int(page) if page.isdigit() else 0


def dependency_findings(prompt: str) -> list[dict[str, Any]]:
    """Task results read back as findings: every numeric field, every line, every passage."""
    try:
        results = json.loads(read_block(prompt, "dependencies") or "{}")
    except json.JSONDecodeError:
        return []
    findings: list[dict[str, Any]] = []
    for result in results.values():
        if not isinstance(result, dict):
            continue
        unit, page = str(result.get("unit") or ""), str(result.get("page") or "")
        for line in result.get("lines") or []:
            if isinstance(line, dict) and number(line.get("value")) is not None:
                label = re.sub(r"[^a-z0-9]+", "_", str(line.get("label", "")).lower()).strip("_")
                findings.append({"label": label, "value": line["value"], "unit": unit, "page": page, "section": "", "context": f"{line.get('label')}: {line.get('value')}"})
        if isinstance(result.get("value"), str) and len(result["value"]) > 30:
            findings.append({"label": str(result.get("label", "passage")), "value": result["value"], "unit": "text", "page": page, "section": "", "context": ""})
        own_pages = result.get("pages") if isinstance(result.get("pages"), dict) else {}
        for key, value in result.items():
            if key in ("unit", "page", "pages", "lines", "label", "value", "result", "formula", "error") or number(value) is None:
                continue
            findings.append({"label": key, "value": value, "unit": unit, "page": str(own_pages.get(key, page)), "section": "", "context": key.replace("_", " ")})
    return findings


def _plain_task(request: CompletionRequest) -> Reply:
    prompt = _prompt(request)
    plan = plan_question(read_block(prompt, "question") or "")
    decision = decide(plan, dependency_findings(prompt), [], last_chance=True)
    signature = read_block(prompt, "signature") or ""
    if re.search(r"\bresult\b", signature):  # the calculator
        if decision.status != "answer":  # say so, rather than fail the plan into a replan that finds nothing new
            return json.dumps({"result": f"not computable: {decision.reason}", "formula": plan.formula_text or plan.metric}), []
        return json.dumps({"result": decision.answer.rsplit("= ", 1)[-1].rstrip(".") if "= " in decision.answer else decision.answer[:200], "formula": plan.formula_text or plan.metric}), []
    if decision.status != "answer":
        return json.dumps({"answer": f"I cannot answer from the filing: {decision.reason}.", "sources": []}), []
    return json.dumps({"answer": decision.answer, "sources": _sources(decision.pages)}), []


def quality_gate(request: CompletionRequest) -> Reply:
    """Passes unless no data task returned anything: whether the figures suffice is for the
    final synthesis to say, not a pre-flight check (the design's lesson)."""
    prompt = _prompt(request)
    try:
        results = json.loads(read_block(prompt, "results") or "{}")
    except json.JSONDecodeError:
        results = {}
    data = {task: r for task, r in results.items() if task != "compute"}
    empty = [task for task, r in data.items() if not isinstance(r, dict) or not any(v not in (None, "", [], 0) for k, v in r.items() if k not in ("unit", "page"))]
    if data and len(empty) == len(data):
        return json.dumps({"sufficient": False, "missing": ", ".join(empty), "reason": "no task returned any figure or passage"}), []
    return json.dumps({"sufficient": True}), []
