"""One run's detail as the page shows it: the record and the trace, and its verdict, as text.

Built on demand by the page from the report's detail chunks (``details.py``); every value
here is plain text or a list of texts, so the page only ever puts it in ``textContent``.
The gold answer is not here: it lives once per question in the report's data.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from core.errors import UserError
from core.records import RunRecord
from core.trace import read_trace
from harness.criteria import judge_label
from harness.errored_runs import NO_ANSWER, NO_ANSWER_WHY
from harness.report import fmt as f
from harness.report.timeline import FULL, TextLimits, TimelineItem, build_timeline, timeline_counts
from harness.stats.frame import cell_name


def trace_question(events: list[dict[str, Any]]) -> str:
    """The question text the runner recorded in ``run_start`` (asks and questions not in
    the questions file have no other source)."""
    for event in events:
        if event.get("event") == "run_start" and event.get("question"):
            return f.as_text(event["question"])
    return ""


def verdict_detail(verdict: dict[str, Any] | None, error: str | None = None) -> dict[str, Any] | None:
    """A verdict's JSON form (``Verdict.to_dict``) as label, rows and rationale. ``error``:
    the run ended in this error, so it shows no verdict of its own but "no answer", with
    its error as the reason (``harness.errored_runs``), as the run grid shows it."""
    if not verdict:
        return None
    if error is not None:
        return {"label": NO_ANSWER, "css": f.label_class(NO_ANSWER), "rows": [["label", NO_ANSWER], ["why", NO_ANSWER_WHY]],
                "rationale": error or "the run recorded no error message"}
    method = str(verdict.get("method") or "")
    rows = [("label", verdict.get("label")), ("method", f"{method} ({judge_label(method)})"),
            ("judge", verdict.get("judge_model") if method == "llm" else judge_label(method))]
    if verdict.get("samples"):
        rows.append(("samples", ", ".join(map(str, verdict["samples"]))))
    if verdict.get("agreement") is not None:
        rows.append(("agreement", f.pct(verdict["agreement"])))
    rows.append(("judge tokens", f"{int(verdict.get('usage_total') or 0):,}"))
    rows.append(("judge cost", f.usd(verdict.get("cost_usd"), verdict.get("cost_usd") is not None)))
    if verdict.get("cached"):
        rows.append(("cached", "yes"))
    return {"label": str(verdict.get("label")), "css": f.label_class(verdict.get("label")),
            "rows": [[k, str(v)] for k, v in rows], "rationale": str(verdict.get("rationale") or "")}


def _usage_rows(record: RunRecord) -> list[list[str]]:
    keys = ("input", "output", "cache_read", "cache_write", "total")
    rows = [[str(role)] + [f"{int((counts or {}).get(k) or 0):,}" for k in keys] for role, counts in sorted(record.usage.by_role.items())]
    u = record.usage
    rows.append(["all roles", f"{u.input:,}", f"{u.output:,}", f"{u.cache_read:,}", f"{u.cache_write:,}", f"{u.total:,}"])
    return rows


def _findings(record: RunRecord) -> list[list[str]]:
    return [[f.as_text(finding.to_dict().get(k, ""), 600) for k in ("label", "value", "unit", "page", "section", "context")]
            for finding in record.findings]


def _failed(record: RunRecord) -> list[list[str]]:
    return [[f.as_text(x.item, 400), f.as_text(x.reason, 800), ", ".join(f.as_text(t) for t in x.sections_tried)]
            for x in record.failed_searches]


def _provenance(record: RunRecord) -> list[list[str]]:
    p = record.provenance
    if not (p.numbers or p.findings_checked):
        return []
    return [
        ["numbers in the answer", f.as_text(p.numbers)], ["traced to a page the run read", f.as_text(p.traced)],
        ["derived from traced numbers", f.as_text(p.derived)], ["untraced", ", ".join(f.as_text(u) for u in p.untraced) or "none"],
        ["all traced", f.yes_no(p.ok) if p.ok is not None else "n/a (no answer or no number)"],
        ["findings verified on their pages", f"{p.findings_verified} of {p.findings_checked}"],
        ["unverified findings", "; ".join(f.as_text(u) for u in p.unverified_findings) or "none"],
        ["checked against page text", f.yes_no(p.verified)],
    ]


def _item_data(item: TimelineItem) -> dict[str, Any]:
    """A timeline entry as JSON data. Built by hand: dataclasses.asdict deep-copies every
    string of every entry, a good part of a big report's cost."""
    return {
        "kind": item.kind, "css": item.css, "at": item.at, "title": item.title, "badges": list(item.badges),
        "fields": [tuple(pair) for pair in item.fields], "details": [tuple(pair) for pair in item.details],
    }


def timeline_detail(events: list[dict[str, Any]], limits: TextLimits = FULL) -> dict[str, Any]:
    items = build_timeline(events, limits)
    return {"timeline": [_item_data(item) for item in items], "timeline_counts": timeline_counts(items), "trace_missing": not events}


def _duration(record: RunRecord) -> str:
    if record.calls_all_live:
        return f.seconds(record.duration_ms)
    replayed = []
    if record.cached_calls:
        replayed.append(f"{record.cached_calls} from the response cache")
    if record.batch_calls:
        replayed.append(f"{record.batch_calls} from a batch")
    return (f"{f.seconds(record.duration_ms)} (not the model's time: of {record.llm_calls} model calls, "
            f"{' and '.join(replayed)} took none of it in this run)")


def run_detail(record: RunRecord, sweep_path: Path, limits: TextLimits = FULL) -> dict[str, Any]:
    """Everything the run view prints, already as text."""
    events = read_trace(sweep_path / record.trace_path) if record.trace_path else []
    result = record.result
    evidence = set(record.evidence_pages)
    return {
        "run_id": record.run_id,
        "cell": cell_name(record.model, record.mode),
        "question_id": record.question_id,
        "question_text": trace_question(events),
        "facts": [
            ["model", record.model], ["mode", record.mode], ["question", record.question_id], ["document", record.doc_name],
            ["question type", record.question_type or f.DASH], ["run", str(record.run_number)],
            ["status", record.status + (" (a provider fault: left out of its cell's per-run tokens, duration and evidence, "
                                         "which measure the mode)" if record.ended_by_provider else "")],
            ["duration", _duration(record)],
            ["started", record.started_at or f.DASH], ["finished", record.finished_at or f.DASH],
        ],
        "status": record.status,
        "error": record.reason,
        "error_kind": record.error_kind,
        "answer": record.answer,
        "confidence": result.confidence,
        "sources": [f.as_text(s, 300) for s in record.sources],
        "usage_rows": _usage_rows(record),
        "usage_estimated": record.usage.estimated,
        "costs": [
            ["cost", f.usd(record.cost_usd, record.cost_usd is not None)],
            ["spent (not from cache)", f.usd(record.spent_usd, record.spent_usd is not None)],
            ["LLM calls", str(record.llm_calls)], ["cached calls", str(record.cached_calls)], ["retries", str(record.retries)],
            ["turns", str(result.turns)], ["iterations", str(result.iterations)], ["tool calls", str(record.tool_calls)],
        ],
        "tool_stats": [[name.replace("_", " "), str(getattr(record.tool_stats, name))] for name in record.tool_stats.__dataclass_fields__],
        "pages": [[str(p), p in evidence] for p in record.pages_fetched],
        "evidence_pages": ", ".join(str(p) for p in record.evidence_pages) or f.DASH,
        "evidence_hit": {True: "yes", False: "no", None: "no evidence pages for this question"}[record.evidence_hit],
        "provenance": _provenance(record),
        "findings": _findings(record),
        "failed_searches": _failed(record),
        "plan": json.dumps(result.plan, indent=2, ensure_ascii=False, default=str) if result.plan else "",
        "agent_types": ", ".join(result.agent_types),
        "tasks": f"{result.tasks_executed} executed of {result.planned_tasks} planned, {result.replans} replans"
        if (result.planned_tasks or result.tasks_executed or result.replans) else "",
        "trace_file": str(sweep_path / record.trace_path) if record.trace_path else "",
        "texts_cut": limits != FULL,
        **timeline_detail(events, limits),
    }


TRACE_FILE = ('a trace file has one JSON object per line, each naming its event ({"event": "run_start", ...}): '
              "pass one written by `bench.py ask --trace`, or a sweep's traces/<run>.jsonl")


def read_trace_file(path: Path) -> tuple[list[dict[str, Any]], list[int]]:
    """The events of a trace file named on the command line, and the numbers of the lines
    that are not JSON, skipped (a line cut short by a kill mid-write, as ``read_trace``
    skips it, or one damaged since); UserError, naming the file, when its records are not
    trace events (a questions file, a sweep's runs.jsonl), so no empty page is made of it."""
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        raise UserError(f"{path} is not a trace file: it is not UTF-8 text", TRACE_FILE) from None
    except OSError as exc:
        raise UserError(f"cannot read {path}: {exc.strerror or exc}", TRACE_FILE) from None
    events: list[dict[str, Any]] = []
    skipped: list[int] = []
    for number, line in enumerate(text.splitlines(), 1):
        try:
            record = json.loads(line)
        except ValueError:
            skipped.append(number)
            continue
        except RecursionError:  # nested too deeply for any event
            record = None
        if not isinstance(record, dict) or not isinstance(record.get("event"), str):
            raise UserError(f"{path} is not a trace file: line {number} is not a trace event", TRACE_FILE)
        events.append(record)
    if not events:
        raise UserError(f"{path} is not a trace file: it has no trace events", TRACE_FILE)
    return events, skipped


def trace_only_detail(trace_path: Path) -> dict[str, Any]:
    """The detail of a run known only by its trace (``bench.py ask --trace``); UserError
    when the file is not a trace."""
    events, skipped = read_trace_file(trace_path)
    start: dict[str, Any] = next((e for e in events if e.get("event") == "run_start"), {})
    end: dict[str, Any] = next((e for e in reversed(events) if e.get("event") == "run_end"), {})
    usage = end.get("usage") if isinstance(end.get("usage"), dict) else {}
    facts = [[key, f.as_text(start.get(key) or f.DASH)] for key in ("model", "mode", "question_id", "run_id")]
    facts.append(["tokens", f"{int(usage.get('total') or 0):,}" if usage else f.DASH])
    facts.append(["trace", trace_path.name])
    if skipped:  # the page shows fewer events than the file holds: say which lines it could not read
        lines = ", ".join(map(str, skipped[:10])) + (f" and {len(skipped) - 10} more" if len(skipped) > 10 else "")
        facts.append(["unreadable lines, skipped", f"{lines} (not JSON: cut short or damaged)"])
    status = f.as_text(end.get("status") or "unfinished")
    return {
        "run_id": f.as_text(start.get("run_id") or trace_path.stem), "cell": f"{f.as_text(start.get('model', '?'))}/{f.as_text(start.get('mode', '?'))}",
        "question_id": f.as_text(start.get("question_id") or ""), "question_text": trace_question(events), "facts": facts,
        "status": status, "error": f.as_text(end.get("error") or ""), "error_kind": "", "answer": f.as_text(end.get("answer") or ""),
        "confidence": "", "sources": [f.as_text(s) for s in end.get("sources") or []] if isinstance(end.get("sources"), list) else [],
        "verdict": None, "usage_rows": [], "usage_estimated": False, "costs": [], "tool_stats": [], "pages": [],
        "evidence_pages": f.DASH, "evidence_hit": f.DASH, "provenance": [], "findings": [], "failed_searches": [],
        "plan": "", "agent_types": "", "tasks": "", "trace_file": str(trace_path), "texts_cut": False, **timeline_detail(events),
    }
