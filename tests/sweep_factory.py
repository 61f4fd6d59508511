"""Build sweep folders in a temp dir from ``RunRecord`` objects with known numbers.

``make_record`` fills a record with plausible defaults (override any field); ``write_sweep``
writes ``manifest.json``, ``runs.jsonl`` and a trace per run the way the runner does, so
readers (analysis, report, gate) are tested against the real on-disk contract.
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from core.records import RunRecord, ToolStats, UsageTotals
from core.results import Provenance
from harness.judge.verdict import Verdict


def run_id(model: str, mode: str, question_id: str, run_number: int) -> str:
    return f"{model}__{mode}__{question_id}__r{run_number}"


def make_record(
    question_id: str = "q1",
    model: str = "offline",
    mode: str = "simple",
    run_number: int = 1,
    *,
    status: str = "ok",
    tokens: int = 1000,
    by_role: dict[str, int] | None = None,
    **fields: Any,
) -> RunRecord:
    """A record whose usage totals ``tokens`` (split by role as given, else all 'agent')."""
    roles = by_role or {"agent": tokens}
    usage = UsageTotals(
        input=int(tokens * 0.8), output=tokens - int(tokens * 0.8), total=tokens, estimated=True,
        by_role={role: {"input": t, "output": 0, "cache_read": 0, "cache_write": 0, "total": t} for role, t in roles.items()},
    )
    rid = fields.pop("run_id", None) or run_id(model, mode, question_id, run_number)
    defaults: dict[str, Any] = {
        "doc_name": "3M_2022_10K",
        "answer": "The answer is $1,577 million." if status == "ok" else "",
        "error": "" if status == "ok" else "could not find the data",
        "duration_ms": 1000,
        "cost_usd": 0.0,
        "spent_usd": 0.0,
        "llm_calls": 2,
        "tool_calls": 1,
        "turns": 2,
        "pages_fetched": [10, 11],
        "evidence_pages": [11],
        "evidence_hit": True,
        "question_type": "metrics-generated",
        "trace_path": f"traces/{rid}.jsonl",
        "tool_stats": ToolStats(fetch=1),
    }
    defaults.update(fields)
    # The JSON form is the contract: build the record the way a reader of runs.jsonl does.
    data = {"run_id": rid, "question_id": question_id, "model": model, "mode": mode, "run_number": run_number,
            "status": status, "usage": usage.__dict__, **defaults}
    data["tool_stats"] = data["tool_stats"].__dict__ if isinstance(data["tool_stats"], ToolStats) else data["tool_stats"]
    if isinstance(data.get("provenance"), Provenance):
        data["provenance"] = data["provenance"].to_dict()
    return RunRecord.from_dict(data)


def default_trace(record: RunRecord, question: str = "What is the FY2018 capital expenditure?") -> list[dict[str, Any]]:
    """A short but complete trace: one model call, one tool call, the run's end."""
    return [
        {"event": "run_start", "run_id": record.run_id, "question_id": record.question_id, "model": record.model,
         "mode": record.mode, "question": question},
        {"event": "model_call_start", "call_id": 1, "role": "agent", "model": record.model, "messages": 1,
         "tools": ["fetch_section"], "prompt": f"Question: {question}\nSections: ..."},
        {"event": "model_call_end", "call_id": 1, "role": "agent", "duration_ms": 12.5,
         "usage": {"input": 800, "output": 200, "total": 1000}, "cost_usd": 0.0, "cached": False, "retries": 0,
         "stop_reason": "tool_use", "text": "Let me read the cash flow statement.",
         "tool_calls": [{"name": "fetch_section", "arguments": {"node_id": "0007"}}]},
        {"event": "tool_call_start", "tool": "fetch_section", "arguments": {"node_id": "0007", "offset": 0}},
        {"event": "tool_call_end", "tool": "fetch_section", "is_error": False, "pages": [10, 11], "total_matches": None,
         "result": '{"node_id": "0007", "text": "Purchases of property, plant and equipment (1,577)"}'},
        {"event": "run_end", "status": record.status, "answer": record.answer, "error": record.error,
         "usage": {"total": record.usage.total}},
    ]


def manifest_for(records: Sequence[RunRecord], sweep_id: str, **overrides: Any) -> dict[str, Any]:
    models = list(dict.fromkeys(r.model for r in records))
    modes = list(dict.fromkeys(r.mode for r in records))
    manifest: dict[str, Any] = {
        "version": 1,
        "sweep_id": sweep_id,
        "created_at": "2024-05-01T12:00:00+00:00",
        "finished_at": "2024-05-01T12:05:00+00:00",
        "status": "complete",
        "config": {"models": models, "modes": modes, "runs": max((r.run_number for r in records), default=1),
                   "test_set": "sample", "options": {"top_k": 4}},
        "environment": {"git_commit": "abc1234", "python": "3.11.7", "packages": {"pandas": "2.2.0"},
                        "indexer_version": "1", "indexes": {"3M_2022_10K": {"nodes": 42}}},
        "questions": list(dict.fromkeys(r.question_id for r in records)),
        "skipped": [],
        "runs": [{"run_id": r.run_id, "question_id": r.question_id, "model": r.model, "mode": r.mode,
                  "run_number": r.run_number} for r in records],
        "summary": {"planned": len(records), "finished": len(records)},
    }
    manifest.update(overrides)
    return manifest


def write_sweep(
    root: Path,
    records: Iterable[RunRecord],
    *,
    sweep_id: str = "20240501T120000Z",
    traces: dict[str, list[dict[str, Any]]] | None = None,
    **manifest_overrides: Any,
) -> Path:
    """Write a sweep folder ``root/sweep_id`` and return its path. ``traces`` maps run ids
    to event lists (without ts/ms, added here); other runs get ``default_trace``."""
    records = list(records)
    path = Path(root) / sweep_id
    (path / "traces").mkdir(parents=True, exist_ok=True)
    (path / "manifest.json").write_text(json.dumps(manifest_for(records, sweep_id, **manifest_overrides), indent=2))
    with (path / "runs.jsonl").open("w", encoding="utf-8") as handle:
        for record in records:
            handle.write(json.dumps(record.to_dict()) + "\n")
    for record in records:
        events = (traces or {}).get(record.run_id) or default_trace(record)
        with (path / record.trace_path).open("w", encoding="utf-8") as handle:
            for ms, event in enumerate(events):
                handle.write(json.dumps({"ts": "2024-05-01T12:00:00.000+00:00", "ms": float(ms * 10), **event}) + "\n")
    return path


def verdicts_for(records: Iterable[RunRecord], labels: dict[str, str] | None = None, *,
                 default: str = "correct", method: str = "llm", judge_model: str = "offline") -> list[Verdict]:
    """A verdict per record: ``labels[run_id]`` or ``default``; fail/error runs get a
    status verdict (refusal), as the judge gives them."""
    out = []
    for record in records:
        if record.status != "ok":
            out.append(Verdict(record.run_id, "refusal", "status", rationale="run did not answer"))
            continue
        out.append(Verdict(record.run_id, (labels or {}).get(record.run_id, default), method, judge_model,
                           rationale="compared with the gold answer", usage_total=100, cost_usd=0.0))
    return out


def report_with_an_errored_side(tmp_path: Path) -> Path:
    """A report against a baseline in which q1 gained (incorrect -> correct) and every run of
    q0 ended in an error now (correct before): no flip, one side without an answer. Returns
    its index.html."""
    from harness.report import render_report
    from harness.stats.compare import compare
    from harness.stats.frame import load_sweep

    before = [make_record(q) for q in ("q0", "q1")]
    after = [make_record("q0", status="error", error="provider error"), make_record("q1")]
    base = load_sweep(write_sweep(tmp_path / "base", before, sweep_id="20240401T120000Z"))
    now = load_sweep(write_sweep(tmp_path / "now", after))
    nv, bv = verdicts_for(after), verdicts_for(before, {before[1].run_id: "incorrect"})
    return render_report(now, nv, tmp_path / "report", baseline_comparison=compare(now, base, nv, bv), baseline=base, baseline_verdicts=bv)
