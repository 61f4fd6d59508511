"""The offline policy's roles, one function each: request in, (text, tool calls) out.

Multi-turn roles (agent, extractor, executor with tools) are pure functions of the
conversation so far: they reread the first prompt and every tool result in the messages
and pick the next step, exactly as a stateless model would (``navigation``).
"""
from __future__ import annotations

import json
import re
from typing import Any

from baseline.analyst import findings_for
from baseline.answers import decide, wanted_needs
from baseline.navigation import (
    MAX_FETCHES,
    LoopView,
    catalog,
    next_calls,
    rank_sections,
)
from baseline.question import (
    Need,
    QuestionPlan,
    need_from_item,
    plan_question,
)
from core.llm.types import CompletionRequest, ToolCall
from core.protocol import is_last_chance, parse_findings, read_block, read_blocks

Reply = tuple[str, list[ToolCall]]


def _prompt(request: CompletionRequest) -> str:
    return "\n".join(m.text for m in request.messages if m.role == "user")


def _sources(pages: list[int] | None) -> list[str]:
    return [f"p. {p}" for p in pages or []]


# --- simple mode ------------------------------------------------------------------------

def score_sections(request: CompletionRequest) -> Reply:
    """Scores for the sections worth reading: per need, the ranking the agents use, so the
    statements a ratio needs all make the top k."""
    prompt = _prompt(request)
    question = read_block(prompt, "question") or ""
    plan = plan_question(question)
    sections = catalog(read_block(prompt, "sections") or "")
    per_need = [rank_sections(need, question, sections) for need in plan.needs]
    scores: dict[str, float] = {}
    # Round robin over the needs: each need's best section first, then the second best...
    for depth in range(10):
        for ranked in per_need:
            if depth < len(ranked):
                node_id = ranked[depth][0]
                if node_id not in scores:
                    scores[node_id] = round(max(0.5, 10.0 - depth - len(scores) * 0.1), 1)
        if len(scores) >= 10:
            break
    return json.dumps({"scores": dict(list(scores.items())[:10])}), []


def _documents(prompt: str) -> list[tuple[str, str, int]]:
    docs = []
    for attrs, body in read_blocks(read_block(prompt, "documents") or "", "document"):
        pages = re.match(r"(\d+)", attrs.get("pages", "1"))
        docs.append((attrs.get("title", attrs.get("node_id", "")), body, int(pages.group(1)) if pages else 1))
    return docs


def gather(needs: list[Need], documents: list[tuple[str, str, int]]) -> list[dict[str, Any]]:
    findings: list[dict[str, Any]] = []
    seen: set[str] = set()
    for need in needs:
        for finding in findings_for(need, documents):
            if finding["label"] not in seen:
                seen.add(finding["label"])
                findings.append(finding)
    return findings


def answer_from_documents(request: CompletionRequest) -> Reply:
    prompt = _prompt(request)
    plan = plan_question(read_block(prompt, "question") or "")
    decision = decide(plan, gather(plan.needs, _documents(prompt)), [], last_chance=True)
    if decision.status != "answer":
        return json.dumps({"status": "fail", "reason": decision.reason or "the excerpts do not contain the answer"}), []
    return json.dumps({"status": "answer", "answer": decision.answer, "sources": _sources(decision.pages), "confidence": "low"}), []


# --- tool-using roles ---------------------------------------------------------------------

def agent_turn(request: CompletionRequest) -> Reply:
    view = LoopView.read(request)
    plan = plan_question(view.question)
    calls = next_calls(plan.needs, view, select=_selector(plan))
    if calls:
        return "", calls
    decision = decide(plan, gather(plan.needs, view.documents()), [], last_chance=True)
    if decision.status == "answer":
        return "", [view.call("return", {"answer": decision.answer, "sources": _sources(decision.pages), "confidence": "low"})]
    return "", [view.call("fail", {"reason": decision.reason or "the filing does not show what the question needs"})]


def _selector(plan: QuestionPlan):
    return lambda met, found, exhausted: wanted_needs(plan, met, found, exhausted)


def item_needs(view: LoopView) -> tuple[QuestionPlan, list[Need]]:
    plan = plan_question(view.question)
    item = view.item.strip()
    if not item or item == view.question.strip():
        return plan, plan.needs
    known = next((n for n in plan.needs if n.description.lower() == item.lower()), None)
    if known is not None:
        return plan, [known]
    return plan, [need_from_item(item, view.question)]


def extractor_turn(request: CompletionRequest) -> Reply:
    view = LoopView.read(request)
    plan, needs = item_needs(view)
    whole = needs is plan.needs
    calls = next_calls(needs, view, select=_selector(plan) if whole else None)
    if calls:
        return "", calls
    findings = gather(needs, view.documents())
    if not findings:
        return "", [view.call("fail", {"reason": f"nothing matching {view.item[:120]!r} in {', '.join(view.fetched_ids()) or 'the sections searched'}"})]
    # Figures the search gave up on are reported as such; when the fetch budget ended the
    # search instead, the synthesis agent may still ask for them.
    missed = not_found(needs, findings, view) if len(view.fetched) < MAX_FETCHES else []
    return "", [view.call("return", {"findings": findings + missed, "sections_searched": view.fetched_ids()})]


def not_found(needs: list[Need], findings: list[dict[str, Any]], view: LoopView) -> list[dict[str, Any]]:
    """Text findings saying which asked-for figures the sections read did not show, so the
    synthesis agent does not send the same search out again."""
    labels = {str(f.get("label")) for f in findings}
    out = []
    for need in needs:
        if need.kind != "value" or need.key in labels or (need.year is None and any(label.startswith(need.base) for label in labels)):
            continue
        out.append({"label": f"not_found_{need.key}", "value": f"{need.description} not found in {', '.join(view.fetched_ids()) or 'the sections searched'}",
                    "unit": "text", "page": "", "section": "", "context": "searched, not found"})
    return out


# --- iterative synthesis -------------------------------------------------------------------

def synthesize(request: CompletionRequest) -> Reply:
    prompt = _prompt(request)
    plan = plan_question(read_block(prompt, "question") or "")
    findings = [f.to_dict() for f in parse_findings(read_block(prompt, "findings") or "")]
    try:
        failed = json.loads(read_block(prompt, "failed_searches") or "[]")
    except json.JSONDecodeError:
        failed = []
    last_chance = is_last_chance(read_block(prompt, "loop"))
    decision = decide(plan, findings, [f.get("item", "") for f in failed if isinstance(f, dict)], last_chance)
    if decision.status == "answer":
        reply = {"status": "answer", "answer": decision.answer, "sources": _sources(decision.pages), "confidence": "low"}
    elif decision.status == "needs":
        reply = {"status": "needs", "needs": decision.needs, "reason": decision.reason}
    else:
        reply = {"status": "fail", "reason": decision.reason}
    return json.dumps(reply), []
