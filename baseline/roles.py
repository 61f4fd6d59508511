"""The baseline's answering roles, one function each: request in, (text, tool calls) out.

Multi-turn roles (agent, extractor) are pure functions of the conversation so far: they
reread the first prompt and every tool result and pick the next step, exactly as a
stateless model would (``navigation``). Every reply is written with ``core.protocol``.
"""
from __future__ import annotations

import json

from baseline.answers import decide, wanted_needs
from baseline.figures import NOT_FOUND
from baseline.navigation import MAX_FETCHES, LoopView, Select, catalog, next_calls, rank_sections
from baseline.needs import VALUE, Need, QuestionPlan
from baseline.question import need_from_item, plan_question
from baseline.reading import gather
from core.llm.types import CompletionRequest, ToolCall
from core.protocol import (
    DOCUMENTS,
    FAILED_SEARCHES,
    FINDINGS,
    LOOP,
    QUESTION,
    SECTIONS,
    Decision,
    ExtractionReturn,
    format_scores,
    is_last_chance,
    parse_findings,
    read_block,
    read_documents,
    read_failed_searches,
)
from core.results import Finding

Reply = tuple[str, list[ToolCall]]


def prompt_text(request: CompletionRequest) -> str:
    return "\n".join(m.text for m in request.messages if m.role == "user")


def selector(plan: QuestionPlan) -> Select:
    return lambda met, found, exhausted: wanted_needs(plan, met, found, exhausted)


# --- simple mode ------------------------------------------------------------------------

def score_sections(request: CompletionRequest) -> Reply:
    """Scores for the sections worth reading: per need, the ranking the agents use, taken
    round robin so the statements a ratio needs all make the top k."""
    prompt = prompt_text(request)
    question = read_block(prompt, QUESTION) or ""
    plan = plan_question(question)
    sections = catalog(read_block(prompt, SECTIONS) or "")
    per_need = [rank_sections(need, question, sections) for need in plan.needs]
    scores: dict[str, float] = {}
    for depth in range(10):
        for ranked in per_need:
            if depth < len(ranked) and ranked[depth][0] not in scores:
                scores[ranked[depth][0]] = round(max(0.5, 10.0 - depth - len(scores) * 0.1), 1)
        if len(scores) >= 10:
            break
    return format_scores(dict(list(scores.items())[:10])), []


def answer_from_documents(request: CompletionRequest) -> Reply:
    prompt = prompt_text(request)
    plan = plan_question(read_block(prompt, QUESTION) or "")
    sources = [(d.title, d.text, d.start_page or 1) for d in read_documents(read_block(prompt, DOCUMENTS) or "")]
    decision = decide(plan, gather(plan.needs, sources), [], last_chance=True)
    if decision.status != "answer":
        decision = Decision("fail", reason=decision.reason or "the excerpts do not contain the answer")
    return json.dumps(decision.to_dict()), []


# --- tool-using roles ---------------------------------------------------------------------

def agent_turn(request: CompletionRequest) -> Reply:
    view = LoopView.read(request)
    plan = plan_question(view.question)
    calls = next_calls(plan.needs, view, select=selector(plan))
    if calls:
        return "", calls
    decision = decide(plan, gather(plan.needs, view.sources()), [], last_chance=True)
    if decision.status == "answer":
        return "", [view.call("return", decision.answer_arguments())]
    return "", [view.call("fail", {"reason": decision.reason or "the filing does not show what the question needs"})]


def item_needs(view: LoopView) -> tuple[QuestionPlan, list[Need]]:
    """The plan of the question, and the needs of the item asked for (the whole plan's
    needs when the item is the question itself)."""
    plan = plan_question(view.question)
    item = view.item.strip()
    if not item or item == view.question.strip():
        return plan, plan.needs
    known = next((n for n in plan.needs if n.description.lower() == item.lower()), None)
    return plan, [known if known is not None else need_from_item(item, view.question)]


def extractor_turn(request: CompletionRequest) -> Reply:
    view = LoopView.read(request)
    plan, needs = item_needs(view)
    calls = next_calls(needs, view, select=selector(plan) if needs is plan.needs else None)
    if calls:
        return "", calls
    findings = gather(needs, view.sources())
    if not findings:
        return "", [view.call("fail", {"reason": f"nothing matching {view.item[:120]!r} in {', '.join(view.fetched_ids()) or 'the sections searched'}"})]
    # Figures the search gave up on are reported as such; when the fetch budget ended the
    # search instead, the synthesis agent may still ask for them.
    missed = not_found(needs, findings, view) if len(view.fetched) < MAX_FETCHES else []
    return "", [view.call("return", ExtractionReturn(findings + missed, view.fetched_ids()).to_dict())]


def not_found(needs: list[Need], findings: list[Finding], view: LoopView) -> list[Finding]:
    """Text findings saying which asked-for figures the sections read did not show, so the
    synthesis agent does not send the same search out again."""
    labels = {f.label for f in findings}
    where = ", ".join(view.fetched_ids()) or "the sections searched"
    return [Finding(f"{NOT_FOUND}{need.key}", f"{need.description} not found in {where}", "text", "", "", "searched, not found")
            for need in needs
            if need.kind == VALUE and need.key not in labels and not (need.year is None and any(label.startswith(need.base) for label in labels))]


# --- iterative synthesis -------------------------------------------------------------------

def synthesize(request: CompletionRequest) -> Reply:
    prompt = prompt_text(request)
    plan = plan_question(read_block(prompt, QUESTION) or "")
    findings = parse_findings(read_block(prompt, FINDINGS) or "")
    failed = read_failed_searches(read_block(prompt, FAILED_SEARCHES))
    decision = decide(plan, findings, [f.item for f in failed], is_last_chance(read_block(prompt, LOOP)))
    return json.dumps(decision.to_dict()), []
