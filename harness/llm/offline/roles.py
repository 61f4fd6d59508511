"""The offline policy's roles, one function each: request in, (text, tool calls) out.

Multi-turn roles (agent, extractor, executor with tools) are pure functions of the
conversation so far: they reread the first prompt and every tool result in the messages
and pick the next step, exactly as a stateless model would.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from harness.llm.blocks import read_block, read_blocks
from harness.llm.offline.analyst import Candidate, candidates_for, decide
from harness.llm.offline.question import Need, QuestionPlan, need_from_item, plan_question
from harness.llm.offline.text import BM25, terms
from harness.llm.types import CompletionRequest, ToolCall
from retrievers.prompting import parse_section_index

Reply = tuple[str, list[ToolCall]]
MAX_FETCHES_PER_NEED = 3
MAX_FETCHES = 8
GOOD_SCORE = 1.5  # a row whose label covers the need's name


def _prompt(request: CompletionRequest) -> str:
    return "\n".join(m.text for m in request.messages if m.role == "user")


def _first(request: CompletionRequest) -> str:
    return request.messages[0].text if request.messages else ""


def rank_sections(query: list[str], index_text: str, limit: int = 10) -> list[tuple[str, float]]:
    """BM25 over each section's title (counted twice) and summary; long sections are
    discounted so that a matching leaf outranks the part that contains it."""
    sections = parse_section_index(index_text)
    if not sections:
        return []
    docs = [terms(f"{s['title']} {s['title']} {s['summary']}") for s in sections]
    scores = BM25(docs).scores(query)
    ranked = []
    for section, score in zip(sections, scores):
        span = section["end_page"] - section["start_page"] + 1
        ranked.append((section["node_id"], score / (1 + 0.03 * span)))
    ranked.sort(key=lambda pair: -pair[1])
    return [(node_id, score) for node_id, score in ranked[:limit] if score > 0]


# --- simple mode ------------------------------------------------------------------------

def score_sections(request: CompletionRequest) -> Reply:
    prompt = _prompt(request)
    plan = plan_question(read_block(prompt, "question") or "")
    query = plan.query + [t for n in plan.needs for t in n.terms]
    ranked = rank_sections(query, read_block(prompt, "sections") or "")
    top = ranked[0][1] if ranked else 1.0
    return json.dumps({"scores": {node_id: round(10 * score / top, 1) for node_id, score in ranked}}), []


def answer_from_documents(request: CompletionRequest) -> Reply:
    prompt = _prompt(request)
    plan = plan_question(read_block(prompt, "question") or "")
    documents = read_blocks(read_block(prompt, "documents") or "", "document")
    findings = []
    for need in plan.needs:
        found: list[Candidate] = []
        for attrs, body in documents:
            found += candidates_for(need, body, attrs.get("title", attrs.get("node_id", "")))
        found.sort(key=lambda c: -c.score)
        findings += [c.finding() for c in found[: 2 if need.kind == "passage" else 1]]
    decision = decide(plan, findings, [], last_chance=True)
    if decision.status != "answer":
        return json.dumps({"status": "fail", "reason": decision.reason or "the excerpts do not contain the answer"}), []
    return json.dumps({"status": "answer", "answer": decision.answer, "sources": [f"p. {p}" for p in decision.pages or []], "confidence": "low"}), []


# --- tool-using roles ---------------------------------------------------------------------

@dataclass
class LoopView:
    """What the conversation so far shows: the task and every tool call with its result."""

    question: str
    item: str
    sections: str
    signature: str
    fetched: list[dict[str, Any]] = field(default_factory=list)  # fetch results
    greps: list[tuple[dict[str, Any], dict[str, Any]]] = field(default_factory=list)  # (arguments, result)
    rejected: int = 0  # return calls the harness rejected

    @classmethod
    def read(cls, request: CompletionRequest) -> "LoopView":
        first = _first(request)
        view = cls(
            read_block(first, "question") or "",
            read_block(first, "shopping_item") or read_block(first, "task") or "",
            read_block(first, "sections") or "",
            read_block(first, "signature") or "",
        )
        calls: dict[str, ToolCall] = {}
        for message in request.messages:
            for call in message.tool_calls:
                calls[call.id] = call
            for result in message.tool_results:
                call = calls.get(result.tool_call_id)
                if call is None:
                    continue
                if call.name == "return" and result.is_error:
                    view.rejected += 1
                    continue
                try:
                    data = json.loads(result.content)
                except json.JSONDecodeError:
                    continue
                if call.name == "fetch_section" and "content" in data:
                    view.fetched.append(data)
                elif call.name == "grep_section":
                    view.greps.append((call.arguments, data))
        return view

    def candidates(self, need: Need) -> list[Candidate]:
        found: list[Candidate] = []
        for result in self.fetched:
            found += candidates_for(need, result["content"], result.get("title", result.get("node_id", "")))
        found.sort(key=lambda c: -c.score)
        return found

    def fetched_ids(self) -> list[str]:
        return [r["node_id"] for r in self.fetched]


def _satisfied(need: Need, view: LoopView) -> bool:
    found = view.candidates(need)
    if need.kind == "passage":
        return len(view.fetched) >= 2 and bool(found)
    return bool(found) and found[0].score >= GOOD_SCORE


def _call(view: LoopView, name: str, arguments: dict[str, Any]) -> Reply:
    number = len(view.fetched) + len(view.greps) + view.rejected + 1
    return "", [ToolCall(f"offline_{name}_{number}", name, arguments)]


def _next_step(needs: list[Need], view: LoopView) -> Reply | None:
    """The next tool call toward the first unmet need, or None when done or out of budget."""
    if len(view.fetched) >= MAX_FETCHES:
        return None
    for need in needs:
        if _satisfied(need, view):
            continue
        pattern = need.grep_pattern if need.kind == "value" else _passage_pattern(need, view)
        grepped = [r for a, r in view.greps if a.get("pattern") == pattern]
        if not grepped:
            return _call(view, "grep_section", {"node_id": "all", "pattern": pattern})
        hits: dict[str, int] = {}
        offsets: dict[str, int] = {}
        for match in grepped[0].get("matches", []):
            hits[match["node_id"]] = hits.get(match["node_id"], 0) + 1
            offsets.setdefault(match["node_id"], match["offset"])
        query = need.terms + terms(view.question)
        ranked = [node_id for node_id, _ in rank_sections(query, view.sections)]
        order = sorted(hits, key=lambda n: -hits[n]) + ranked
        fetched = view.fetched_ids()
        tried_for_need = [n for n in order if n in fetched]
        if len(tried_for_need) >= MAX_FETCHES_PER_NEED:
            continue
        for node_id in order:
            if node_id not in fetched:
                return _call(view, "fetch_section", {"node_id": node_id, "offset": offsets.get(node_id, 0)})
    return None


def _passage_pattern(need: Need, view: LoopView) -> str:
    words = [w for w in re.findall(r"[A-Za-z][A-Za-z&'-]{3,}", need.phrase) if w.lower() not in _COMMON][:3]
    return "|".join(re.escape(w) for w in words) or "the"


_COMMON = {"what", "which", "does", "have", "were", "that", "this", "from", "with", "into", "company", "during", "based"}


def _findings(needs: list[Need], view: LoopView) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for need in needs:
        found = view.candidates(need)
        out += [c.finding() for c in found[: 2 if need.kind == "passage" else 1]]
    return out


def agent_turn(request: CompletionRequest) -> Reply:
    view = LoopView.read(request)
    plan = plan_question(view.question)
    step = _next_step(plan.needs, view)
    if step is not None:
        return step
    decision = decide(plan, _findings(plan.needs, view), [], last_chance=True)
    if decision.status == "answer":
        return _call(view, "return", {"answer": decision.answer, "sources": [f"p. {p}" for p in decision.pages or []], "confidence": "low"})
    return _call(view, "fail", {"reason": decision.reason or "the filing does not show what the question needs"})


def _item_needs(view: LoopView) -> list[Need]:
    item = view.item.strip()
    if not item or item == view.question.strip():
        return plan_question(view.question).needs
    return [need_from_item(item)]


def extractor_turn(request: CompletionRequest) -> Reply:
    view = LoopView.read(request)
    needs = _item_needs(view)
    step = _next_step(needs, view)
    if step is not None:
        return step
    findings = _findings(needs, view)
    if not findings:
        return _call(view, "fail", {"reason": f"nothing matching {view.item[:120]!r} in {', '.join(view.fetched_ids()) or 'the sections searched'}"})
    return _call(view, "return", {"findings": findings, "sections_searched": view.fetched_ids()})


# --- iterative synthesis -------------------------------------------------------------------

def parse_findings(text: str) -> list[dict[str, Any]]:
    """Read back the numbered findings list the iterative mode shows its synthesis agent:
    ``N. label: value [unit] (page P, section) -- context``."""
    out = []
    for line in text.splitlines():
        head = re.match(r"^\s*\d+\.\s+", line)
        if not head or ": " not in line:
            continue
        label, rest = line[head.end():].split(": ", 1)
        cut = rest.find(" (page ")
        if cut == -1:
            continue
        value_text, tail = rest[:cut].strip(), rest[cut + len(" (page "):]
        page, _, after = tail.partition(", ")
        section, _, context = after.partition(") -- ")
        section = section.rstrip(")")
        unit = ""
        parts = value_text.rsplit(" ", 1)
        if len(parts) == 2 and re.fullmatch(r"[a-z_%]+", parts[1]):
            value_text, unit = parts
        value: Any = value_text
        try:
            value = float(value_text.replace(",", ""))
        except ValueError:
            pass
        out.append({"label": label.strip(), "value": value, "unit": unit, "page": page.strip(), "section": section, "context": context})
    return out


def synthesize(request: CompletionRequest) -> Reply:
    prompt = _prompt(request)
    plan = plan_question(read_block(prompt, "question") or "")
    findings = parse_findings(read_block(prompt, "findings") or "")
    try:
        failed = json.loads(read_block(prompt, "failed_searches") or "[]")
    except json.JSONDecodeError:
        failed = []
    last_chance = "last_chance=true" in (read_block(prompt, "loop") or "")
    decision = decide(plan, findings, [f.get("item", "") for f in failed if isinstance(f, dict)], last_chance)
    if decision.status == "answer":
        reply = {"status": "answer", "answer": decision.answer, "sources": [f"p. {p}" for p in decision.pages or []], "confidence": "low"}
    elif decision.status == "needs":
        reply = {"status": "needs", "needs": decision.needs, "reason": decision.reason}
    else:
        reply = {"status": "fail", "reason": decision.reason}
    return json.dumps(reply), []


# --- judge -------------------------------------------------------------------------------

def judge(request: CompletionRequest) -> Reply:
    """The offline judge: deterministic agreement rules between the answer and the gold.
    Judging is the one role allowed to read a gold answer, and it is in the judge's prompt."""
    from harness.judge.heuristic import heuristic_verdict

    prompt = _prompt(request)
    verdict = heuristic_verdict(
        read_block(prompt, "question") or "",
        read_block(prompt, "gold_answer") or "",
        read_block(prompt, "answer") or "",
        read_block(prompt, "gold_justification") or "",
    )
    return json.dumps({"label": verdict.label, "rationale": verdict.rationale}), []
