"""The context of one run's page: the record, its verdict, the gold answer and the trace."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from core.records import RunRecord
from core.trace import read_trace
from harness.criteria import judge_label
from harness.dataset import Question
from harness.judge.verdict import Verdict
from harness.report import fmt as f
from harness.report.timeline import build_timeline, timeline_counts
from harness.stats.frame import cell_name


def _question_text(question: Question | None, events: list[dict[str, Any]]) -> str:
    if question is not None:
        return question.text
    for event in events:  # the runner records the question text in run_start
        if event.get("event") == "run_start" and event.get("question"):
            return f.as_text(event["question"])
    return ""


def _verdict_rows(verdict: Verdict | None) -> list[tuple[str, str]]:
    if verdict is None:
        return []
    rows = [("label", verdict.label), ("method", f"{verdict.method} ({judge_label(verdict.method)})"),
            ("judge", verdict.judge_model if verdict.method == "llm" else judge_label(verdict.method))]
    if verdict.samples:
        rows.append(("samples", ", ".join(verdict.samples)))
    if verdict.agreement is not None:
        rows.append(("agreement", f.pct(verdict.agreement)))
    rows.append(("judge tokens", f"{verdict.usage_total:,}"))
    rows.append(("judge cost", f.usd(verdict.cost_usd, verdict.cost_usd is not None)))
    if verdict.cached:
        rows.append(("cached", "yes"))
    return rows


def _usage_rows(record: RunRecord) -> list[list[str]]:
    keys = ("input", "output", "cache_read", "cache_write", "total")
    rows = [[str(role)] + [f"{int((counts or {}).get(k) or 0):,}" for k in keys] for role, counts in sorted(record.usage.by_role.items())]
    u = record.usage
    rows.append(["all roles", f"{u.input:,}", f"{u.output:,}", f"{u.cache_read:,}", f"{u.cache_write:,}", f"{u.total:,}"])
    return rows


def _pages(record: RunRecord) -> list[dict[str, Any]]:
    evidence = set(record.evidence_pages)
    return [{"page": str(p), "evidence": p in evidence} for p in record.pages_fetched]


def _findings(record: RunRecord) -> list[list[str]]:
    rows = []
    for finding in record.findings:
        item = finding.to_dict()
        rows.append([f.as_text(item.get(k, ""), 600) for k in ("label", "value", "unit", "page", "section", "context")])
    return rows


def _failed(record: RunRecord) -> list[list[str]]:
    rows = []
    for failed in record.failed_searches:
        rows.append([f.as_text(failed.item, 400), f.as_text(failed.reason, 800), ", ".join(f.as_text(t) for t in failed.sections_tried)])
    return rows


def run_context(
    record: RunRecord,
    sweep_path: Path,
    *,
    verdict: Verdict | None,
    question: Question | None,
    nav: dict[str, str],
) -> dict[str, Any]:
    """Everything ``run.html`` prints, already as text."""
    events = read_trace(sweep_path / record.trace_path) if record.trace_path else []
    timeline = build_timeline(events)
    provenance = record.provenance
    ts = record.tool_stats
    return {
        "run_id": record.run_id,
        "cell": cell_name(record.model, record.mode),
        "cell_href": "../index.html#" + f.cell_anchor(cell_name(record.model, record.mode)),
        "nav": nav,
        "facts": [
            ("model", record.model), ("mode", record.mode), ("question", record.question_id), ("document", record.doc_name),
            ("question type", record.question_type or f.DASH), ("run", str(record.run_number)),
            ("status", record.status), ("duration", f.seconds(record.duration_ms)),
            ("started", record.started_at or f.DASH), ("finished", record.finished_at or f.DASH),
        ],
        "status": record.status,
        "status_css": "status-" + f.slug(record.status),
        "error": record.reason,
        "error_kind": record.error_kind,
        "question_text": _question_text(question, events),
        "answer": record.answer,
        "confidence": record.result.confidence,
        "sources": [f.as_text(s, 300) for s in record.sources],
        "gold": None if question is None else {
            "answer": question.gold.answer, "justification": question.gold.justification,
        },
        "verdict_label": verdict.label if verdict else "not judged",
        "verdict_css": f.label_class(verdict.label) if verdict else "none",
        "verdict_rows": _verdict_rows(verdict),
        "rationale": verdict.rationale if verdict else "",
        "usage_rows": _usage_rows(record),
        "usage_estimated": record.usage.estimated,
        "costs": [
            ("cost", f.usd(record.cost_usd, record.cost_usd is not None)),
            ("spent (not from cache)", f.usd(record.spent_usd, record.spent_usd is not None)),
            ("LLM calls", str(record.llm_calls)), ("cached calls", str(record.cached_calls)), ("retries", str(record.retries)),
            ("turns", str(record.result.turns)), ("iterations", str(record.result.iterations)), ("tool calls", str(record.tool_calls)),
        ],
        "tool_stats": [(name.replace("_", " "), str(getattr(ts, name))) for name in ts.__dataclass_fields__],
        "pages_fetched": _pages(record),
        "evidence_pages": ", ".join(str(p) for p in record.evidence_pages) or f.DASH,
        "evidence_hit": {True: "yes", False: "no", None: "no evidence pages for this question"}[record.evidence_hit],
        "provenance": [] if not (provenance.numbers or provenance.findings_checked) else [
            ("numbers in the answer", f.as_text(provenance.numbers)),
            ("traced to a page the run read", f.as_text(provenance.traced)),
            ("derived from traced numbers", f.as_text(provenance.derived)),
            ("untraced", ", ".join(f.as_text(u) for u in provenance.untraced) or "none"),
            ("all traced", f.yes_no(provenance.ok) if provenance.ok is not None else "n/a (no answer or no number)"),
            ("findings verified on their pages", f"{provenance.findings_verified} of {provenance.findings_checked}"),
            ("unverified findings", "; ".join(f.as_text(u) for u in provenance.unverified_findings) or "none"),
            ("checked against page text", f.yes_no(provenance.verified)),
        ],
        "findings": _findings(record),
        "failed_searches": _failed(record),
        "plan": json.dumps(record.result.plan, indent=2, ensure_ascii=False, default=str) if record.result.plan else "",
        "agent_types": ", ".join(record.result.agent_types),
        "tasks": f"{record.result.tasks_executed} executed of {record.result.planned_tasks} planned, {record.result.replans} replans"
        if (record.result.planned_tasks or record.result.tasks_executed or record.result.replans) else "",
        "timeline": timeline,
        "timeline_counts": timeline_counts(timeline),
        "trace_missing": not events,
    }
