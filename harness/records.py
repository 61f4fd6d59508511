"""The run record: one JSON line per finished run in ``runs.jsonl``.

This is the contract between the runner and everything that reads a sweep (the analyzer,
the report, the gate). Fields are only ever added, never renamed; readers ignore what they
do not know and default what is missing.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

RECORD_VERSION = 1
STATUSES = ("ok", "fail", "error")


@dataclass
class UsageTotals:
    input: int = 0
    output: int = 0
    cache_read: int = 0
    cache_write: int = 0
    total: int = 0
    estimated: bool = False
    by_role: dict[str, dict[str, int]] = field(default_factory=dict)


@dataclass
class ToolStats:
    """How the run used its tools; the analyzer reports these per cell."""

    fetch: int = 0
    fetch_paginated: int = 0  # fetches at a non-zero offset
    grep: int = 0
    grep_with_matches: int = 0
    grep_without_matches: int = 0
    grep_then_fetch: int = 0  # fetches of a section the run grepped just before
    unknown_node: int = 0  # calls naming an id that had to be fuzzy-matched


@dataclass
class RunRecord:
    run_id: str
    question_id: str
    doc_name: str
    model: str
    mode: str
    run_number: int
    status: str  # ok | fail | error
    answer: str = ""
    sources: list[str] = field(default_factory=list)
    error: str = ""
    error_kind: str = ""  # provider | budget | timeout | internal | ... (status error only)
    duration_ms: int = 0
    usage: UsageTotals = field(default_factory=UsageTotals)
    cost_usd: float | None = None  # priced usage of every call; None: a price was unknown
    spent_usd: float | None = None  # the same for calls not replayed from the response cache
    llm_calls: int = 0
    cached_calls: int = 0
    retries: int = 0
    tool_calls: int = 0
    turns: int = 0
    iterations: int = 0
    findings_count: int = 0
    findings: list[dict[str, Any]] = field(default_factory=list)
    failed_searches: list[dict[str, Any]] = field(default_factory=list)
    failed_searches_count: int = 0
    replans: int = 0
    tasks_executed: int = 0
    planned_tasks: int = 0
    agent_types: list[str] = field(default_factory=list)
    plan: dict[str, Any] | None = None
    confidence: str = ""
    pages_fetched: list[int] = field(default_factory=list)
    evidence_pages: list[int] = field(default_factory=list)
    evidence_hit: bool | None = None  # None: the question has no evidence pages
    tool_stats: ToolStats = field(default_factory=ToolStats)
    # Provenance of the answer's numbers: each must appear in a finding or in a fetched page
    # that the answer cites. {"numbers": n, "traced": k, "untraced": [...], "ok": bool | None}
    # (ok is None when there is no answer or it states no number).
    provenance: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)  # mode-specific counters
    question_type: str = ""
    trace_path: str = ""
    started_at: str = ""
    finished_at: str = ""
    record_version: int = RECORD_VERSION

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "RunRecord":
        known = {f.name for f in fields(cls)}
        kwargs = {k: v for k, v in data.items() if k in known}
        usage = dict(kwargs.get("usage") or {})
        kwargs["usage"] = UsageTotals(**{k: v for k, v in usage.items() if k in UsageTotals.__dataclass_fields__})
        stats = dict(kwargs.get("tool_stats") or {})
        kwargs["tool_stats"] = ToolStats(**{k: v for k, v in stats.items() if k in ToolStats.__dataclass_fields__})
        return cls(**kwargs)
