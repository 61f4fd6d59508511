"""What models reply, as JSON: section scores, answers and synthesis decisions, extraction
returns, plans, task results, quality-gate verdicts, judge verdicts, table-of-contents
entries and section summaries. Writers write the canonical shape. Readers are tolerant
(``from_dict``, ``read_*``: a model's JSON varies); a role's *reply reader*
(``read_*_reply``, ``Decision.read``, ``GateVerdict.read``) also decides whether a reply is
a valid one at all and raises ``MalformedOutput`` saying what is wrong, which is sent
back to the model once (``core.reply_parsing.ask_json``)."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar

from core.results import Finding


class MalformedOutput(ValueError):
    """A model's reply that is not what its role asked for; the message says what is wrong."""


def format_scores(scores: dict[str, float]) -> str:
    """The simple-mode scorer's reply: node_id -> relevance 0-10, most relevant first."""
    return json.dumps({"scores": scores})


def read_scores(reply: dict[str, Any]) -> list[tuple[str, float]]:
    """(node_id, score) best first; also reads a bare mapping and the common list variant
    ``[{"node_id": ..., "score": ...}]``; unreadable scores are skipped."""
    scores = reply.get("scores", reply)
    ranked: list[tuple[str, float]] = []
    pairs = scores.items() if isinstance(scores, dict) else (
        [(i["node_id"], i.get("score", 0) or 0) for i in scores if isinstance(i, dict) and "node_id" in i] if isinstance(scores, list) else []
    )
    for node_id, score in pairs:
        try:
            ranked.append((str(node_id), float(score)))
        except (TypeError, ValueError):
            continue
    ranked.sort(key=lambda pair: -pair[1])
    return ranked


def read_scores_reply(reply: dict[str, Any]) -> list[tuple[str, float]]:
    """The scorer's reply, or ``MalformedOutput`` when it holds no scores at all (an empty
    ``{"scores": {}}`` is a valid reply: nothing is relevant)."""
    scores = reply.get("scores", reply)
    ranked = read_scores(reply) if isinstance(scores, (dict, list)) else []
    if scores and not ranked:
        raise MalformedOutput('expected {"scores": {"<node_id>": <relevance 0-10>, ...}}')
    return ranked


# What a planner's plain task (no tools) replies when its inputs do not allow its result; the
# executor offers it only when tasks may fail (``ModeOptions.self_failure``), and a model
# reads the offer in the task's instructions.
TASK_FAIL_REPLY = '{"fail": "<the reason>"}'


# Status words models use beside the ones asked for, read as the one they mean.
_STATUS_WORDS = {
    "answer": ("answer", "answered", "final", "final_answer", "complete", "completed", "done", "ok", "success"),
    "needs": ("needs", "need", "need_more", "needs_more", "more", "search", "continue"),
    "fail": ("fail", "failed", "failure", "decline", "declined", "refuse", "refusal", "cannot_answer", "unanswerable", "not_found"),
}


def _text(value: Any) -> str:
    if value is None:
        return ""
    return (value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)).strip()


@dataclass
class Decision:
    """An answering role's reply: ``answer`` (with sources), ``needs`` (iterative synthesis:
    one more item to look for) or ``fail`` (with the reason). The simple-mode answerer and
    the iterative synthesizer reply with it; the agent's ``return`` tool takes its answer
    fields (``answer_arguments``)."""

    status: str  # answer | needs | fail
    answer: str = ""
    sources: list[str] = field(default_factory=list)
    confidence: str = ""
    needs: str = ""
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        if self.status == "answer":
            reply: dict[str, Any] = {"status": "answer", "answer": self.answer, "sources": self.sources}
            return reply | ({"confidence": self.confidence} if self.confidence else {})
        if self.status == "needs":
            return {"status": "needs", "needs": self.needs, "reason": self.reason}
        return {"status": "fail", "reason": self.reason}

    def answer_arguments(self) -> dict[str, Any]:
        return {k: v for k, v in self.to_dict().items() if k != "status"}

    @classmethod
    def from_dict(cls, reply: dict[str, Any], default_status: str = "answer") -> Decision:
        """A reply as a decision, its status as the model wrote it (lower-cased), so that
        each reader decides what an answer without text or an unknown status means."""
        status = str(reply.get("status") or default_status).strip().lower()
        sources = reply.get("sources")
        listed = [str(s) for s in sources] if isinstance(sources, list) else ([str(sources)] if sources else [])
        return cls(status, _text(reply.get("answer")), listed, str(reply.get("confidence") or ""),
                   _text(reply.get("needs")), _text(reply.get("reason")))

    @classmethod
    def read(cls, reply: dict[str, Any], allowed: tuple[str, ...] = ("answer", "fail")) -> Decision:
        """An answering role's reply, or ``MalformedOutput``: the status must be one of
        ``allowed`` (a usual synonym counts; a missing one is read from the fields given),
        an answer needs its text and a ``needs`` says what to look for."""
        decision = cls.from_dict(reply, default_status="")
        written = decision.status.replace(" ", "_").replace("-", "_")
        status = next((name for name, words in _STATUS_WORDS.items() if written in words), "")
        if not written:
            status = "answer" if decision.answer else "needs" if decision.needs and "needs" in allowed else "fail" if decision.reason else ""
        if status not in allowed:
            shown = f"{decision.status!r}" if decision.status else "missing"
            raise MalformedOutput(f'"status" must be {" or ".join(repr(a) for a in allowed)} (it is {shown})')
        if status == "answer" and not decision.answer:
            raise MalformedOutput('an "answer" reply needs the answer itself in "answer"')
        if status == "needs" and not decision.needs:
            raise MalformedOutput('a "needs" reply must say in "needs" what to look for next')
        decision.status = status
        return decision


@dataclass
class ExtractionReturn:
    """The iterative extractor's ``return``: its findings and the sections it searched."""

    findings: list[Finding]
    sections_searched: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"findings": [{k: v for k, v in f.to_dict().items() if k != "iteration"} for f in self.findings],
                "sections_searched": list(self.sections_searched)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ExtractionReturn:
        found = data.get("findings") or []
        searched = data.get("sections_searched") or []
        return cls([Finding.from_dict(f) for f in found if isinstance(f, dict)], [str(s) for s in searched] if isinstance(searched, list) else [str(searched)])


@dataclass
class PlannedAgent:
    prompt: str = ""
    tools: list[str] = field(default_factory=list)


@dataclass
class PlannedTask:
    id: str
    agent: str
    input: str
    depends_on: list[str] = field(default_factory=list)
    signature: str = ""
    verification: str = ""
    type: str = ""
    output: str = "json"  # json | expression (a computed task: the harness evaluates its expressions)
    fetch: list[Any] = field(default_factory=list)  # a fetch task: node ids (or {node_id, offset}), no model call


@dataclass
class PlanDraft:
    """A plan as the planner writes it, before the planner retriever validates it."""

    agents: dict[str, PlannedAgent]
    tasks: list[PlannedTask]

    def to_dict(self) -> dict[str, Any]:
        tasks = []
        for t in self.tasks:
            task = asdict(t)
            tasks.append({k: v for k, v in task.items() if v or k in ("id", "agent", "input", "depends_on")})
        return {"agents": {name: asdict(a) for name, a in self.agents.items()}, "tasks": tasks}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PlanDraft:
        """Read leniently: missing fields get their defaults, a lone dependency becomes a list,
        non-string tools are dropped; whether the plan can run is the planner's to check."""
        agents = {}
        raw_agents = data.get("agents")
        for name, spec in (raw_agents.items() if isinstance(raw_agents, dict) else []):
            spec = spec if isinstance(spec, dict) else {}
            tools = spec.get("tools")
            agents[str(name)] = PlannedAgent(str(spec.get("prompt", "")), [t for t in tools if isinstance(t, str)] if isinstance(tools, list) else [])
        tasks = []
        raw_tasks = data.get("tasks")
        for raw in raw_tasks if isinstance(raw_tasks, list) else []:
            if not isinstance(raw, dict):
                tasks.append(PlannedTask("", "", ""))
                continue
            depends = raw.get("depends_on") or []
            tasks.append(PlannedTask(
                str(raw.get("id") or ""), str(raw.get("agent") or ""), str(raw.get("input", "")),
                [str(d) for d in (depends if isinstance(depends, list) else [depends])],
                str(raw.get("signature") or ""), str(raw.get("verification") or ""), str(raw.get("type") or ""),
                str(raw.get("output") or "json"), _listed(raw.get("fetch")),
            ))
        return cls(agents, tasks)


def _listed(value: Any) -> list[Any]:
    if value in (None, "", []):
        return []
    return list(value) if isinstance(value, list) else [value]


@dataclass
class TaskResult:
    """A data task's result in the fields every planner task may share: its figures and
    text by name, their ``unit``, the ``page`` they were read on (and each figure's own page
    in ``pages``). The planner cites ``page`` when the final answer cites nothing."""

    values: dict[str, Any] = field(default_factory=dict)
    unit: str = ""
    page: int | None = None
    pages: dict[str, int] = field(default_factory=dict)

    RESERVED = ("unit", "page", "pages")

    def to_dict(self) -> dict[str, Any]:
        data = dict(self.values)
        if self.unit:
            data["unit"] = self.unit
        if self.page is not None:
            data["page"] = self.page
        if self.pages:
            data["pages"] = dict(self.pages)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TaskResult:
        page = data.get("page")
        pages = data.get("pages") if isinstance(data.get("pages"), dict) else {}
        return cls(
            {k: v for k, v in data.items() if k not in cls.RESERVED},
            str(data.get("unit") or ""),
            page if isinstance(page, int) and not isinstance(page, bool) else None,
            {str(k): v for k, v in (pages or {}).items() if isinstance(v, int) and not isinstance(v, bool)},
        )


@dataclass
class GateVerdict:
    """The planner's quality gate: are the data tasks' results sufficient to answer?"""

    sufficient: bool
    missing: str = ""
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"sufficient": True} if self.sufficient and not self.reason else asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GateVerdict:
        """A verdict that does not say ``sufficient: false`` passes: the gate may only stop a
        plan on purpose."""
        sufficient = data.get("sufficient", True)
        if isinstance(sufficient, str):
            sufficient = sufficient.strip().lower() not in ("false", "no", "0")
        return cls(bool(sufficient), _text(data.get("missing")), _text(data.get("reason")))

    @classmethod
    def read(cls, data: dict[str, Any]) -> GateVerdict:
        """The gate's reply, or ``MalformedOutput`` when it does not say true or false:
        an unreadable gate must not pass a plan by default."""
        value = data.get("sufficient")
        words = {"true": True, "yes": True, "false": False, "no": False}
        if isinstance(value, str) and value.strip().lower() in words:
            value = words[value.strip().lower()]
        if not isinstance(value, bool):
            raise MalformedOutput('expected {"sufficient": true} or {"sufficient": false, "missing": "...", "reason": "..."}')
        return cls(value, _text(data.get("missing")), _text(data.get("reason")))


@dataclass(frozen=True)
class TocEntry:
    title: str
    page: int  # as printed next to the title
    level: int = 0


def format_toc_reply(entries: list[TocEntry]) -> str:
    return json.dumps({"entries": [asdict(e) for e in entries]})


def read_toc_reply(reply: dict[str, Any]) -> tuple[list[TocEntry], int] | None:
    """(entries, how many were unreadable); None when the reply has no list of entries."""
    raw = reply.get("entries")
    if not isinstance(raw, list):
        return None
    entries, dropped = [], 0
    for item in raw:
        try:
            title = " ".join(str(item["title"]).split())
            page = int(str(item["page"]).strip())
            level = int(item.get("level", 0) or 0)
        except (KeyError, TypeError, ValueError, AttributeError):
            dropped += 1
            continue
        if not title:
            dropped += 1
            continue
        entries.append(TocEntry(title, page, max(level, 0)))
    return entries, dropped


def read_toc_entries_reply(reply: dict[str, Any]) -> dict[str, Any]:
    """The table-of-contents reader's reply, or ``MalformedOutput`` without an entry list."""
    if read_toc_reply(reply) is None:
        raise MalformedOutput('expected {"entries": [{"title": "...", "page": <printed page>, "level": 0}, ...]}')
    return reply


def format_summary_reply(summary: str) -> str:
    return json.dumps({"summary": summary})


def read_summary_reply(reply: dict[str, Any]) -> str | None:
    value = reply.get("summary")
    return value if isinstance(value, str) else None


def read_summary_text_reply(reply: dict[str, Any]) -> str:
    """The summarizer's reply, or ``MalformedOutput`` without a summary text."""
    summary = read_summary_reply(reply)
    if summary is None or not summary.strip():
        raise MalformedOutput('expected {"summary": "..."}')
    return summary


JUDGE_LABELS = ("correct", "incorrect", "refusal")


@dataclass
class JudgeVerdict:
    """A judge model's reply: FinanceBench's label and a short rationale."""

    label: str
    rationale: str = ""
    # The keys a reply may give its label under: a reply must not give two labels.
    KEYS: ClassVar[tuple[str, ...]] = ("label", "verdict")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def read(cls, reply: dict[str, Any]) -> JudgeVerdict:
        label = str(reply.get("label") or reply.get("verdict") or "").strip().lower().strip(".")
        if label not in JUDGE_LABELS:
            shown = repr(label) if label else "missing"
            raise MalformedOutput(f'"label" must be "correct", "incorrect" or "refusal" (it is {shown})')
        return cls(label, _text(reply.get("rationale"))[:1000])
