"""The sweep runner: models x modes x questions x runs, concurrently, resumably.

``run_sweep`` plans the sweep (``plan``), builds or loads the indexes, writes the manifest,
runs what is not recorded yet (``schedule`` hands runs to workers, ``execute`` runs one)
and records the outcome. Records are appended as runs finish; ``--resume`` reruns only
what is not recorded yet.
"""
from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from core.errors import UserError
from core.files import write_text_atomic
from core.records import RunRecord
from harness.config import SweepConfig
from harness.documents import pdf_path
from harness.environment import describe
from harness.progress import Progress
from harness.runner.plan import SweepPlan, plan_sweep, provider_settings
from harness.runner.schedule import SweepOutcome, run_all
from harness.sweepdir import MANIFEST_VERSION, RecordWriter, SweepDir, record_line
from retrievers.index import INDEXER_VERSION
from retrievers.index.batch import ensure_indexes
from retrievers.index.llm_tree import LlmIndexOptions
from retrievers.index.tree import DocumentIndex


def _index_entry(index: DocumentIndex) -> dict:
    entry = {"pdf_sha256": index.pdf_sha256, "source": index.source, "indexer_version": index.indexer_version, "nodes": len(index.all_nodes())}
    meta = index.meta
    if meta.get("variant"):
        # A model-built tree: what building it cost (when it was built, not when it was
        # reused from the cache) and whether it fell back to the structural tree.
        entry.update(
            variant=meta["variant"], model=meta.get("model"), fallback=meta.get("fallback"), cache=meta.get("cache"),
            build={"llm_calls": meta.get("llm_calls", 0), "tokens": (meta.get("usage") or {}).get("total", 0),
                   "cost_usd": meta.get("cost_usd"), "spent_usd": meta.get("spent_usd")},
        )
    return entry


def _environment(indexes: dict[str, DocumentIndex]) -> dict:
    """Where the sweep ran: machine, packages, git commit, and the index of every document."""
    return {
        **describe(),
        "indexer_version": INDEXER_VERSION,
        "indexes": {name: _index_entry(ix) for name, ix in sorted(indexes.items())},
    }


def _manifest(plan: SweepPlan, sweep: SweepDir, environment: dict, status: str, created_at: str, **extra: object) -> dict:
    return {
        "version": MANIFEST_VERSION,
        "sweep_id": sweep.path.name,
        "created_at": created_at,
        "status": status,
        "config": plan.config.to_dict(),
        "environment": environment,
        "questions": [q.id for q in plan.questions],
        "skipped": [{"question_id": q.id, "doc_name": q.doc_name, "reason": "pdf absent"} for q in plan.skipped],
        "runs": [{"run_id": r.run_id, "question_id": r.question.id, "model": r.model, "mode": r.mode, "run_number": r.run_number} for r in plan.runs],
        **extra,
    }


def run_sweep(
    config: SweepConfig,
    *,
    resume: Path | None = None,
    retry_errors: bool = False,
    show_progress: bool = True,
    warn: Callable[[str], None] = lambda m: print(f"warning: {m}", file=sys.stderr),
) -> SweepOutcome:
    if resume is not None:
        sweep = SweepDir.open(resume)
        manifest = sweep.read_manifest()
        given = config
        config = SweepConfig.from_manifest(manifest["config"], openai_api_key=given.openai_api_key, cache_path=given.cache_path)
        for name, value in given.budgets.to_dict().items():  # budgets given now override the sweep's
            if value is not None:
                setattr(config.budgets, name, value)
    plan = plan_sweep(config, warn)
    check_output_folder(sweep.path if resume is not None else config.runs_dir)
    documents = {q.doc_name: pdf_path(config.pdf_dir, q.doc_name) for q in plan.questions}
    # Building 55 filings' indexes takes minutes cold: show it, not a silent pause.
    progress = Progress(len(documents), enabled=show_progress, unit="doc", desc="indexes")
    try:
        indexes = ensure_indexes(
            documents, config.index_dir, workers=config.index_workers,
            index_model=config.index_model, settings=provider_settings(config), response_cache=config.cache_path, warn=warn,
            index_options=LlmIndexOptions(calls_in_flight=config.concurrency, retry=config.retry_policy()),
            on_done=lambda name: progress.advance(),
        )
    finally:
        progress.close()
    done: dict[str, RunRecord] = {}
    if resume is not None:
        previous = sweep.read_records(repair=True)
        if retry_errors:
            kept = [r for r in previous if r.status != "error"]
            _archive_errors(sweep, [r for r in previous if r.status == "error"])
            _rewrite_records(sweep, kept)
            previous = kept
        done = {r.run_id: r for r in previous}
        created_at = manifest.get("created_at") or datetime.now(UTC).isoformat(timespec="seconds")
    else:
        sweep = SweepDir.create(config.runs_dir)
        created_at = datetime.now(UTC).isoformat(timespec="seconds")
    environment = _environment(indexes)  # probed once: it runs git and reads package versions
    about: dict[str, object] = {}
    if resume is not None and manifest.get("environment"):
        # The sweep's environment stays the one its first runs ran in; a resume adds its own.
        about["resumed_environment"] = environment
        environment = manifest["environment"]

    def write_manifest(status: str, **extra: object) -> None:
        sweep.write_manifest(_manifest(plan, sweep, environment, status, created_at, **about, **extra))

    write_manifest("running")
    todo = [r for r in plan.runs if r.run_id not in done]
    outcome = SweepOutcome(sweep, list(done.values()))
    try:
        asyncio.run(run_all(plan, todo, indexes, sweep, outcome, show_progress, len(done)))
    except KeyboardInterrupt:
        outcome.interrupted = True
    except (OSError, sqlite3.OperationalError) as exc:
        # The disk filled up or the folder became unwritable: stop at once, keep what was
        # recorded, and say how to go on. The manifest update may fail for the same reason.
        try:
            write_manifest("failed", error=str(exc), summary=_summary(outcome.records, len(plan.runs)))
        except OSError:
            pass
        raise UserError(
            f"cannot write the sweep in {sweep.path}: {exc}; {len(outcome.records)} runs are safely recorded",
            f"free some space or fix permissions, then resume with `python bench.py --resume {sweep.path}`",
        ) from None
    status = "interrupted" if outcome.interrupted else ("stopped" if outcome.stopped_reason else "complete")
    write_manifest(
        status,
        finished_at=datetime.now(UTC).isoformat(timespec="seconds"),
        summary=_summary(outcome.records, len(plan.runs)),
        stopped_reason=outcome.stopped_reason,
    )
    return outcome


MIN_FREE_BYTES = 5 * 1024 * 1024


def check_output_folder(folder: Path) -> None:
    """Fail before any work when the sweep could not be written: an unwritable folder or
    a nearly full disk (records and traces need room)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / f".write-probe-{os.getpid()}"
        probe.write_bytes(b"ok")
        probe.unlink()
    except OSError as exc:
        raise UserError(f"cannot write to {folder}: {exc.strerror or exc}", "fix its permissions or pass --runs-dir elsewhere") from None
    free = shutil.disk_usage(folder).free
    if free < MIN_FREE_BYTES:
        raise UserError(
            f"only {free / 1e6:.1f} MB free where the sweep would be written ({folder})",
            "free some space or pass --runs-dir on another disk",
        )


def _archive_errors(sweep: SweepDir, records: list[RunRecord]) -> None:
    """Keep the records of runs about to be retried: their errors are history worth having."""
    archive = RecordWriter(sweep.path / "retried_errors.jsonl")
    try:
        for record in records:
            archive.append(record)
    finally:
        archive.close()


def _rewrite_records(sweep: SweepDir, records: list[RunRecord]) -> None:
    write_text_atomic(sweep.runs_path, "".join(record_line(r) for r in records))


def _summary(records: list[RunRecord], planned: int) -> dict:
    counts: dict[str, int | float | None] = {"planned": planned, "finished": len(records), "ok": 0, "fail": 0, "error": 0}
    for record in records:
        counts[record.status] = int(counts.get(record.status) or 0) + 1
    known = [r.cost_usd for r in records]
    counts["cost_usd"] = None if any(c is None for c in known) else round(sum(c or 0 for c in known), 6)
    counts["tokens"] = sum(r.usage.total for r in records)
    return counts
