"""The baseline's planner-mode roles: writing plans, running tasks, the quality gate.

Its plans have the shape the planner prompt asks any model for: one ``document_analyst``
task extracting every figure the question needs from the statements it names (with the
passage that may answer instead), a ``calculator`` task when the answer is computed, and a
``final_answer`` synthesis task. After a failed plan it reads the prose instead.
"""
from __future__ import annotations

import json
import re

from baseline.answers import decide, wanted_needs
from baseline.figures import number
from baseline.navigation import LoopView, catalog, next_calls, rank_sections
from baseline.needs import PASSAGE, VALUE, Need, QuestionPlan, passage_need
from baseline.question import plan_question
from baseline.reading import gather
from baseline.roles import Reply, item_needs, prompt_text
from core.llm.types import CompletionRequest
from core.protocol import (
    DEPENDENCIES,
    PREVIOUS_PLAN,
    QUESTION,
    RESULTS,
    SECTIONS,
    SIGNATURE,
    TASK_FAIL_REPLY,
    Decision,
    GateVerdict,
    PlanDraft,
    PlannedAgent,
    PlannedTask,
    SignatureField,
    TaskResult,
    format_signature,
    read_block,
    read_signature,
    read_task_results,
)
from core.results import Finding

ALSO_PASSAGE = ". Also quote the passage that answers: "
FIND_PASSAGE = "Find the passage that answers: "
ANSWER_SIGNATURE = format_signature([SignatureField("answer", "string"), SignatureField("sources", "[:string]")])
RESULT_SIGNATURE = format_signature([SignatureField("result", "any"), SignatureField("formula", "string", True)])
PASSAGE_FIELDS = [SignatureField("label", "string", True), SignatureField("value", "string", True), SignatureField("page", "int", True)]


def _figures_signature(needs: list[Need], with_passage: bool) -> str:
    fields = [SignatureField(n.key, "float", True) for n in needs]
    fields += [SignatureField("unit", "string", True), SignatureField("page", "int", True), SignatureField("pages", "map", True)]
    if with_passage:
        fields += PASSAGE_FIELDS[:2]
    return format_signature(fields)


def write_plan(request: CompletionRequest) -> Reply:
    prompt = prompt_text(request)
    question = read_block(prompt, QUESTION) or ""
    sections = catalog(read_block(prompt, SECTIONS) or "")
    plan = plan_question(question)
    if read_block(prompt, PREVIOUS_PLAN) is not None:
        plan.needs = [passage_need(question, plan.target_year)]  # the figures failed: read the prose
    figures, passages = plan.figures, plan.passages
    agents = {
        "document_analyst": PlannedAgent("You extract figures from a filing: read the statement named in the task (grep when it is not named), "
                                         "then return every figure asked for with its unit and page.", ["fetch_section", "grep_section"]),
        "synthesizer": PlannedAgent("You answer the question from the task results, citing pages.", []),
    }
    tasks: list[PlannedTask] = []
    if figures:
        where: list[str] = []
        for need in figures:
            ranked = rank_sections(need, question, sections)
            if ranked and ranked[0][0] not in where:
                where.append(ranked[0][0])
        text = f"From {' and '.join(where[:3]) or 'the statements'} extract: {'; '.join(n.description for n in figures)}"
        if passages:
            text += f"{ALSO_PASSAGE}{passages[0].phrase}"
        tasks.append(PlannedTask("extract_figures", "document_analyst", text, [], _figures_signature(figures, bool(passages))))
    elif passages:
        tasks.append(PlannedTask("extract_passages", "document_analyst", f"{FIND_PASSAGE}{passages[0].phrase}", [], format_signature(PASSAGE_FIELDS)))
    final_deps = [t.id for t in tasks]
    if plan.kind in ("formula", "trend"):
        agents["calculator"] = PlannedAgent("You compute the requested metric from the inputs, showing the arithmetic.", [])
        tasks.append(PlannedTask("compute", "calculator", f"Compute {plan.metric or 'the answer'} from the extracted figures.", list(final_deps), RESULT_SIGNATURE))
        final_deps.append("compute")
    tasks.append(PlannedTask("final_answer", "synthesizer", "Answer the question from the results.", final_deps, ANSWER_SIGNATURE, type="synthesis_gate"))
    return json.dumps(PlanDraft(agents, tasks).to_dict()), []


def run_task(request: CompletionRequest) -> Reply:
    """A task of a plan: a tool task (data extraction) or a plain one (compute, answer)."""
    if any(t.name == "fetch_section" for t in request.tools):
        return _tool_task(request)
    return _plain_task(request)


def _task_needs(view: LoopView, plan: QuestionPlan) -> list[Need]:
    """The needs a task's input names: its figures ("extract: A; B") and its passage."""
    if view.item.startswith(FIND_PASSAGE):
        return [passage_need(view.item.removeprefix(FIND_PASSAGE), plan.target_year)]
    text, _, passage = view.item.partition(ALSO_PASSAGE)
    text = re.sub(r"(?i)^from .+? extract:?\s*", "", text)
    needs = []
    for item in [i for i in re.split(r";\s*", text) if i.strip()] + ([passage] if passage else []):
        known = next((n for n in plan.needs if n.description.lower() == item.strip().lower()), None)
        if known is None:
            view.item = item
            known = item_needs(view)[1][0]
        needs.append(known)
    return needs or plan.needs


def _tool_task(request: CompletionRequest) -> Reply:
    view = LoopView.read(request)
    plan = plan_question(view.question)
    needs = _task_needs(view, plan)
    keys = {n.key for n in needs}
    calls = next_calls(needs, view, select=lambda met, found, done: [n for n in wanted_needs(plan, met, found, done) if n.key in keys])
    if calls:
        return "", calls
    findings = gather(needs, view.sources())
    if not findings and any(t.name == "fail" for t in request.tools):
        where = ", ".join(view.fetched_ids()) or "the filing"
        return "", [view.call("fail", {"reason": f"could not find {'; '.join(map(_sought, needs))} in {where}"})]
    return "", [view.call("return", task_result(needs, findings).to_dict())]


def _sought(need: Need) -> str:
    """What a task looked for, as its failure names it: a figure by its name, a passage by
    the question it answers (which read as "no What percent of ...")."""
    return f"a passage on {need.description!r}" if need.kind == PASSAGE else need.description


def task_result(needs: list[Need], findings: list[Finding]) -> TaskResult:
    """The task's result in its signature: figures by key with their pages, and the passage."""
    result = TaskResult()
    texts = [f for f in findings if f.unit == "text"]
    if any(n.kind == PASSAGE for n in needs) and texts:
        result.values.update({"label": "passage", "value": " ".join(str(f.value) for f in texts[:2])})
        result.page = texts[0].page_number
    for need in needs:
        if need.kind != VALUE:
            continue
        finding = next((f for f in findings if f.label == need.key), None)
        if finding is None and need.year is None:
            finding = next((f for f in findings if f.label.startswith(need.base)), None)
        value = number(finding.value) if finding is not None else None
        if finding is None or value is None:
            continue
        result.values[need.key] = value
        if (page := finding.page_number) is not None:
            result.pages[need.key] = page
        result.unit = result.unit or finding.unit
        if need.year is None:  # no year asked: every year the row shows
            for other in findings:
                if re.fullmatch(rf"{re.escape(need.base)}_\d{{4}}", other.label) and (v := number(other.value)) is not None:
                    result.values[other.label] = v
    if result.pages:
        result.page = min(result.pages.values())
    return result


def dependency_findings(prompt: str) -> list[Finding]:
    """Task results read back as findings: every numeric field and every passage."""
    findings: list[Finding] = []
    for raw in read_task_results(read_block(prompt, DEPENDENCIES)).values():
        if not isinstance(raw, dict):
            continue
        result = TaskResult.from_dict(raw)
        page: int | str = result.page if result.page is not None else ""
        passage = result.values.get("value")
        if isinstance(passage, str) and len(passage) > 30:
            findings.append(Finding(str(result.values.get("label", "passage")), passage, "text", page))
        for key, value in result.values.items():
            if key in ("label", "value", "result", "formula", "error") or number(value) is None:
                continue
            findings.append(Finding(key, value, result.unit, result.pages.get(key, page), "", key.replace("_", " ")))
    return findings


def _plain_task(request: CompletionRequest) -> Reply:
    prompt = prompt_text(request)
    plan = plan_question(read_block(prompt, QUESTION) or "")
    decision = decide(plan, dependency_findings(prompt), [], last_chance=True)
    fields = {f.name for f in read_signature(read_block(prompt, SIGNATURE) or "")}
    if "result" in fields:  # the calculator; when it cannot compute it says so, rather than fail the plan into a replan that finds nothing new
        if decision.status != "answer":
            value = f"not computable: {decision.reason}"
        else:
            value = decision.answer.rsplit("= ", 1)[-1].rstrip(".") if "= " in decision.answer else decision.answer[:200]
        return json.dumps(TaskResult({"result": value, "formula": plan.formula_text or plan.metric}).to_dict()), []
    if decision.status != "answer":
        # The task fails, as the other modes' answerers do, where the executor offers that:
        # the plan is replanned (a replan reads the prose) and, failing again, the run gives
        # up with its reason. Answered, "I cannot answer" was a run that answered.
        if TASK_FAIL_REPLY in request.system:
            return json.dumps({"fail": decision.reason}), []
        decision = Decision("answer", f"I cannot answer from the filing: {decision.reason}.")
    return json.dumps(decision.answer_arguments()), []


def quality_gate(request: CompletionRequest) -> Reply:
    """Passes unless no data task returned anything: whether the figures suffice is for the
    final synthesis to say, not a pre-flight check (the design's lesson)."""
    results = read_task_results(read_block(prompt_text(request), RESULTS))
    data = {task: r for task, r in results.items() if task != "compute"}
    empty = [task for task, r in data.items()
             if not isinstance(r, dict) or not any(v not in (None, "", [], 0) for v in TaskResult.from_dict(r).values.values())]
    if data and len(empty) == len(data):
        return json.dumps(GateVerdict(False, ", ".join(empty), "no task returned any figure or passage").to_dict()), []
    return json.dumps(GateVerdict(True).to_dict()), []
