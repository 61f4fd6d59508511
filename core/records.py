"""The run record: one JSON line per finished run in ``runs.jsonl``.

This is the contract between the runner and everything that reads a sweep (the analysis,
the report, the gate). A record holds its run's ``RetrievalResult`` as the retriever
returned it; on disk the record is one flat JSON object (the result's fields beside the
run's), so readers of the contract see the same keys as ever. Fields are only ever added,
never renamed; readers ignore what they do not know and default what is missing.

Version 2 types the findings, failed searches and provenance; it reads version 1 lines,
whose nested values were plain objects of the same keys.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from core.llm.base import RETRYABLE
from core.results import FailedSearch, Finding, Provenance, RetrievalResult

RECORD_VERSION = 2
STATUSES = ("ok", "fail", "error")
# A run the sweep's --max-cost stopped before it finished: not a result. Its record (with
# what it spent) goes to the sweep's stopped_runs.jsonl, never to runs.jsonl, and
# --resume does the run again.
STOPPED = "budget"


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
    """How the run used its tools; the analysis reports these per cell."""

    fetch: int = 0
    fetch_paginated: int = 0  # fetches at a non-zero offset
    grep: int = 0
    grep_with_matches: int = 0
    grep_without_matches: int = 0
    grep_then_fetch: int = 0  # fetches of a section the run grepped just before
    unknown_node: int = 0  # calls naming an id that had to be fuzzy-matched


# The result's fields that are written flat into the record's JSON line.
RESULT_FIELDS = tuple(f.name for f in fields(RetrievalResult) if f.name not in ("status", "reason"))


@dataclass
class RunRecord:
    run_id: str
    question_id: str
    doc_name: str
    model: str
    mode: str
    run_number: int
    status: str  # ok | fail | error
    result: RetrievalResult = field(default_factory=lambda: RetrievalResult("fail"))
    error: str = ""  # why the harness could not finish the run (status error)
    error_kind: str = ""  # provider | budget | timeout | internal | ... (status error only)
    duration_ms: int = 0
    usage: UsageTotals = field(default_factory=UsageTotals)
    cost_usd: float | None = None  # priced usage of every call; None: a price was unknown
    spent_usd: float | None = None  # the same for calls not replayed from the response cache
    llm_calls: int = 0
    cached_calls: int = 0
    batch_calls: int = 0  # answered through a provider's batch API (bench.py --batch), at its discount
    retries: int = 0
    tool_calls: int = 0
    pages_fetched: list[int] = field(default_factory=list)
    evidence_pages: list[int] = field(default_factory=list)
    evidence_hit: bool | None = None  # None: the question has no evidence pages
    tool_stats: ToolStats = field(default_factory=ToolStats)
    provenance: Provenance = field(default_factory=Provenance)
    question_type: str = ""
    trace_path: str = ""
    started_at: str = ""
    finished_at: str = ""
    record_version: int = RECORD_VERSION

    # What the retriever returned, read through the record.
    @property
    def answer(self) -> str:
        return self.result.answer

    @property
    def sources(self) -> list[str]:
        return self.result.sources

    @property
    def findings(self) -> list[Finding]:
        return self.result.findings

    @property
    def failed_searches(self) -> list[FailedSearch]:
        return self.result.failed_searches

    @property
    def calls_all_live(self) -> bool:
        """Whether every model call of the run was made in it: none replayed from the
        response cache, none answered by a batch before the run. Only then is the run's
        duration the model's time; a replay takes milliseconds whatever the model took."""
        return self.cached_calls == 0 and self.batch_calls == 0

    @property
    def ended_by_provider(self) -> bool:
        """Whether a provider fault ended the run: a passing one (a rate limit, an outage, a
        dropped connection or a garbled reply that outlasted the retries), or any provider
        error before the run spent a token (a wrong key, an unknown model). What it spent and
        did until then measures the provider, not the mode, so its cell's per-run means leave
        it out. A request the provider refused later in the run (a prompt grown too long) is
        the mode's doing, and stays."""
        if self.status != "error" or not self.error_kind.startswith("provider"):
            return False
        return self.error_kind.partition(":")[2] in RETRYABLE or self.usage.total == 0

    @property
    def findings_count(self) -> int:
        return len(self.result.findings)

    @property
    def failed_searches_count(self) -> int:
        return len(self.result.failed_searches)

    @property
    def reason(self) -> str:
        """Why the run gave no answer: the retriever's reason (fail) or the harness's error."""
        return self.result.reason if self.status == "fail" else self.error

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "result":
                continue
            if f.name == "error":
                value = self.reason
            elif f.name in ("usage", "tool_stats"):
                value = dict(value.__dict__)
            elif f.name == "provenance":
                value = value.to_dict()
            out[f.name] = value
        result = self.result
        for name in RESULT_FIELDS:
            value = getattr(result, name)
            if name in ("findings", "failed_searches"):
                value = [item.to_dict() for item in value]
            out[name] = value
        out["findings_count"] = self.findings_count
        out["failed_searches_count"] = self.failed_searches_count
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RunRecord:
        """A record from its JSON line (version 1 or 2); TypeError/ValueError when a field
        has a type no version ever wrote."""
        if not isinstance(data, dict):
            raise TypeError(f"a record is a JSON object, not {type(data).__name__}")
        known = {f.name for f in fields(cls)} - {"result", "provenance", "usage", "tool_stats", "record_version"}
        kwargs = {k: v for k, v in data.items() if k in known}
        status = str(data.get("status", "error"))
        error = str(data.get("error") or "")
        findings = data.get("findings") or []
        failed = data.get("failed_searches") or []
        if not isinstance(findings, list) or not isinstance(failed, list):
            raise TypeError("findings and failed_searches must be lists")
        result = RetrievalResult(
            "ok" if status == "ok" else "fail",
            reason=error if status == "fail" else "",
            findings=[Finding.from_dict(f) for f in findings if isinstance(f, dict)],
            failed_searches=[FailedSearch.from_dict(f) for f in failed if isinstance(f, dict)],
            **{k: data[k] for k in RESULT_FIELDS if k in data and k not in ("findings", "failed_searches")},
        )
        kwargs["error"] = error if status in ("error", STOPPED) else ""
        usage = data.get("usage") or {}
        stats = data.get("tool_stats") or {}
        if not isinstance(usage, dict) or not isinstance(stats, dict):
            raise TypeError("usage and tool_stats must be objects")
        kwargs["usage"] = UsageTotals(**{k: v for k, v in usage.items() if k in UsageTotals.__dataclass_fields__})
        kwargs["tool_stats"] = ToolStats(**{k: v for k, v in stats.items() if k in ToolStats.__dataclass_fields__})
        provenance = data.get("provenance")
        kwargs["provenance"] = Provenance.from_dict(provenance if isinstance(provenance, dict) else None)
        kwargs["status"] = status
        return cls(result=result, **kwargs)
