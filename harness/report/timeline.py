"""A run's trace events turned into a readable timeline for its page.

Model calls (``model_call_start`` + ``model_call_end``, joined by ``call_id``) and tool calls
(``tool_call_start`` + ``tool_call_end``, joined in order per tool) become one entry each.
Every other event, including kinds that do not exist yet, is shown generically: its name
and its key/values, long values folded into a ``<details>``. So a new event never breaks
the page, it only looks plainer.
"""
from __future__ import annotations

from collections import defaultdict, deque
from dataclasses import dataclass, field
from typing import Any

from harness.report.fmt import as_text, seconds, tail

FIELD_LIMIT = 160  # longer values go into a collapsible block


@dataclass(frozen=True)
class TextLimits:
    """How much of a trace's long texts the report keeps (the trace file keeps more)."""

    prompt_tail: int = 1500
    reply: int = 4000
    detail: int = 6000


FULL = TextLimits()
# For big sweeps: ~1 kB of compressed detail per run instead of ~3 kB, so a report of
# 16,200 runs stays well under 50 MB. The page says the texts were cut and where the trace is.
COMPACT = TextLimits(prompt_tail=400, reply=1000, detail=700)
# Event kind -> CSS class; anything else is "event".
EVENT_CLASSES = {
    "retry": "warn", "model_call_error": "error", "exception": "error", "malformed_output": "warn",
    "extraction_failed": "warn", "quality_gate": "warn", "replan": "warn",
    "iteration_start": "iteration", "iteration_end": "iteration",
    "run_start": "run", "run_end": "run",
    "extraction": "data", "synthesis": "data", "plan": "data", "sections_chosen": "data",
    "task_start": "task", "task_end": "task", "task_reused": "task", "subagent_start": "task", "subagent_end": "task",
    "return_rejected": "warn", "plan_rejected": "warn", "extraction_cache_hit": "data",
}
SKIP_KEYS = {"ts", "ms", "event"}


@dataclass
class TimelineItem:
    kind: str  # model | tool | event
    css: str
    at: str  # time since the run started
    title: str
    badges: list[str] = field(default_factory=list)
    fields: list[tuple[str, str]] = field(default_factory=list)
    details: list[tuple[str, str]] = field(default_factory=list)  # (summary, text), folded


def _usage_badges(usage: Any) -> list[str]:
    if not isinstance(usage, dict):
        return []
    badges = [f"in {int(usage.get('input') or 0):,} / out {int(usage.get('output') or 0):,} tok"]
    if usage.get("cache_read"):
        badges.append(f"cache read {int(usage['cache_read']):,}")
    return badges


def _model_item(start: dict[str, Any], end: dict[str, Any] | None, limits: TextLimits) -> TimelineItem:
    role = as_text(start.get("role") or (end or {}).get("role") or "?")
    item = TimelineItem("model", "model", seconds(start.get("ms")), f"model call #{as_text(start.get('call_id', '?'))} · {role}")
    item.fields.append(("model", as_text(start.get("model", ""))))
    if start.get("tools"):
        item.fields.append(("tools offered", ", ".join(as_text(t) for t in start["tools"]) if isinstance(start["tools"], list) else as_text(start["tools"])))
    item.details.append(("prompt (tail)", tail(as_text(start.get("prompt", "")), limits.prompt_tail)))
    if end is None:
        item.badges.append("no reply recorded")
        item.css = "model error"
        return item
    item.badges += _usage_badges(end.get("usage"))
    if end.get("duration_ms") is not None:
        item.badges.append(seconds(end["duration_ms"]))
    if end.get("cached"):
        item.badges.append("cached")
    if end.get("retries"):
        item.badges.append(f"{as_text(end['retries'])} retries")
    if end.get("stop_reason"):
        item.badges.append(as_text(end["stop_reason"]))
    item.details.append(("reply", as_text(end.get("text", ""), limits.reply) or "(no text)"))
    if end.get("tool_calls"):
        item.details.append(("tool calls requested", as_text(end["tool_calls"], limits.reply)))
    return item


def _tool_item(start: dict[str, Any], end: dict[str, Any] | None, limits: TextLimits) -> TimelineItem:
    item = TimelineItem("tool", "tool", seconds(start.get("ms")), f"tool · {as_text(start.get('tool', '?'))}")
    item.fields.append(("arguments", as_text(start.get("arguments", {}), FIELD_LIMIT * 2)))
    if end is None:
        item.badges.append("no result recorded")
        return item
    if end.get("is_error"):
        item.badges.append("error")
        item.css = "tool error"
    if end.get("pages"):
        item.fields.append(("pages", as_text(end["pages"])))
    if end.get("total_matches") is not None:
        item.fields.append(("matches", as_text(end["total_matches"])))
    item.details.append(("result (excerpt)", as_text(end.get("result", ""), limits.detail)))
    return item


def _generic_item(event: dict[str, Any], limits: TextLimits = FULL) -> TimelineItem:
    name = as_text(event.get("event", "?"))
    item = TimelineItem("event", EVENT_CLASSES.get(name, "event"), seconds(event.get("ms")), name.replace("_", " "))
    for key, value in event.items():
        if key in SKIP_KEYS or value is None:  # "needs": null when the synthesis answered: nothing to show
            continue
        text = as_text(value)
        if len(text) > FIELD_LIMIT or "\n" in text:
            item.details.append((key, as_text(value, limits.detail)))
        else:
            item.fields.append((key, text))
    return item


def build_timeline(events: list[dict[str, Any]], limits: TextLimits = FULL) -> list[TimelineItem]:
    """The trace as timeline entries in the order things started."""
    ends: dict[Any, dict[str, Any]] = {}
    tool_ends: dict[str, deque[dict[str, Any]]] = defaultdict(deque)
    for event in events:
        if event.get("event") == "model_call_end":
            ends[event.get("call_id")] = event
        elif event.get("event") == "tool_call_end":
            tool_ends[str(event.get("tool"))].append(event)
    items = []
    for event in events:
        kind = event.get("event")
        if kind == "model_call_start":
            items.append(_model_item(event, ends.pop(event.get("call_id"), None), limits))
        elif kind == "tool_call_start":
            queue = tool_ends[str(event.get("tool"))]
            items.append(_tool_item(event, queue.popleft() if queue else None, limits))
        elif kind in ("model_call_end", "tool_call_end"):
            continue  # shown with its start
        else:
            items.append(_generic_item(event, limits))
    # An end whose start was lost (e.g. a trace cut at the top) is still shown.
    items += [_generic_item(e, limits) for e in ends.values()]
    return items


def timeline_counts(items: list[TimelineItem]) -> str:
    """E.g. "3 model calls, 5 tool calls, 4 other events"."""
    counts = {"model": 0, "tool": 0, "event": 0}
    for item in items:
        counts[item.kind] = counts.get(item.kind, 0) + 1
    names = {"model": "model call", "tool": "tool call", "event": "other event"}
    return ", ".join(f"{n} {names.get(k, k)}{'' if n == 1 else 's'}" for k, n in counts.items() if n)
