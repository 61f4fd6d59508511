"""The sweep runner: models x modes x questions x runs, concurrently, resumably.

``run_sweep`` plans the sweep (``plan``), builds or loads the indexes, writes the manifest,
runs what is not recorded yet (``schedule`` hands runs to workers, ``execute`` runs one)
and records the outcome. Records are appended as runs finish; ``--resume`` reruns only
what is not recorded yet (and the runs ``--max-cost`` stopped). One process at a time owns
a sweep folder; Ctrl-C says "stopping..." at once and stops within a model call.
"""
from __future__ import annotations

import asyncio
import os
import shlex
import shutil
import signal
import sqlite3
import sys
import tempfile
import threading
from collections.abc import Callable, Coroutine
from contextlib import ExitStack
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from core.errors import UserError
from core.files import existing_ancestor, unwritable
from core.llm.budget import SpendLedger, SweepBudgetExhausted
from core.llm.cache import ResponseCache
from core.llm.pricing import given_prices
from core.redact import redact_text
from harness.config import SweepConfig
from harness.documents import pdf_path
from harness.environment import describe
from harness.progress import Progress
from harness.runner.plan import SweepPlan, plan_sweep, provider_settings
from harness.runner.resume import (
    Previous,
    check_same_documents,
    check_same_indexer,
    check_same_plan,
    check_same_questions,
    ignored_on_resume,
    past_index_spend,
    question_hashes,
    resumed_config,
)
from harness.runner.schedule import SweepOutcome, SweepTally, run_all
from harness.sweepdir import MANIFEST_VERSION, RETRIED_ERRORS, RUNS, RecordWriter, SweepDir, record_line
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
        "question_sha256": question_hashes(plan.questions),
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
    notice: Callable[[str], None] = lambda m: print(m, file=sys.stderr, flush=True),
    given: dict[str, str] | None = None,
) -> SweepOutcome:
    """Run (or, with ``resume``, finish) a sweep. Everything the input can get wrong is
    checked before the folder is touched; the folder is locked while the sweep runs.
    ``given`` names the options given on the command line (click name -> flag), so that a
    resume says which of them it does not use."""
    with ExitStack() as held:
        manifest: dict[str, Any] = {}
        if resume is not None:
            sweep = SweepDir.open(resume)
            held.enter_context(sweep.lock())
            manifest = sweep.read_manifest()
            ignored = ignored_on_resume(given or {}, manifest)
            if ignored:
                warn(f"{', '.join(ignored)} {'is' if len(ignored) == 1 else 'are'} ignored by --resume: a sweep's plan and settings are "
                     "fixed when it starts (a resume takes only --max-cost, the --max-run-* limits, credentials and the cache); "
                     "start a new sweep to change them")
            config = resumed_config(manifest, config, sweep)
        held.enter_context(given_prices(config.prices))  # before the plan: --max-cost needs every price
        plan = plan_sweep(config, warn)
        if resume is not None:
            check_same_plan(plan, manifest, sweep)
            check_same_questions(plan, manifest, sweep)
            check_same_indexer(manifest, sweep, INDEXER_VERSION)
        previous = (Previous.read(sweep, {run.run_id for run in plan.runs}, retry_errors, warn) if resume is not None
                    else Previous(SweepTally(len(plan.runs))))
        if config.cache_path is not None:
            check_output_folder(config.cache_path.parent, "--cache-dir")  # not to be taken for a damaged cache below
        cache = ResponseCache(config.cache_path) if config.cache_path else None  # a damaged cache fails here, before any work
        if cache is not None:
            held.callback(cache.close)
        check_output_folder(sweep.path if resume is not None else config.runs_dir)
        documents = {q.doc_name: pdf_path(config.pdf_dir, q.doc_name) for q in plan.questions}
        hashed = check_same_documents(documents, manifest)  # each filing is read once: the index cache takes these
        # One ledger for the whole sweep: trees built with --index-model reserve against
        # --max-cost call by call, like the runs after them.
        ledger = SpendLedger(config.budgets.max_cost_usd, previous.spent + past_index_spend(manifest))
        # Building 55 filings' indexes takes minutes cold: show it, not a silent pause.
        progress = Progress(len(documents), enabled=show_progress, unit="doc", desc="indexes")
        try:
            indexes = ensure_indexes(
                documents, config.index_dir, workers=config.index_workers,
                index_model=config.index_model, settings=provider_settings(config), response_cache=config.cache_path, warn=warn,
                index_options=LlmIndexOptions(calls_in_flight=config.concurrency, retry=config.retry_policy(), ledger=ledger),
                on_done=lambda name: progress.advance(), pdf_sha256s=hashed,
            )
        except SweepBudgetExhausted as exc:
            raise UserError(
                f"{exc}, while building the trees with --index-model {config.index_model}; no run was started",
                "raise --max-cost (the calls already paid for are in the response cache and replay for free)",
            ) from None
        finally:
            progress.close()
        created_at = manifest.get("created_at") or datetime.now(UTC).isoformat(timespec="seconds")
        environment = _environment(indexes)  # probed once: it runs git and reads package versions
        about: dict[str, object] = {}
        if manifest.get("environment"):
            # The sweep's environment stays the one its first runs ran in; a resume adds its own.
            about["resumed_environment"] = environment
            environment = manifest["environment"]

        def manifest_of(target: SweepDir, status: str, budget_stopped: int = 0, **extra: object) -> dict:
            summary = {**previous.tally.summary(), "spent_usd": None if ledger.unknown else round(ledger.spent, 6),
                       "budget_stopped": budget_stopped}
            return _manifest(plan, target, environment, status, created_at, **about, summary=summary, **extra)

        if resume is None:
            # The folder appears with its first manifest: a kill cannot leave one --resume refuses.
            sweep = SweepDir.create(config.runs_dir, lambda target: manifest_of(target, "running"))
            held.enter_context(sweep.lock())
        else:
            if retry_errors:
                _set_errors_aside(sweep)
            sweep.write_manifest(manifest_of(sweep, "running"))
        outcome = SweepOutcome(sweep, previous.tally, ledger, halts=previous.halts)

        def write_manifest(status: str, **extra: object) -> None:
            sweep.write_manifest(manifest_of(sweep, status, outcome.budget_stopped, **extra))

        todo = [r for r in plan.runs if r.run_id not in previous.tally.statuses]
        try:
            outcome.stopped_by_signal = run_interruptibly(
                run_all(plan, todo, indexes, sweep, outcome, cache, show_progress, previous.seconds), notice
            )
        except (OSError, sqlite3.OperationalError, UserError) as exc:
            # The disk filled up, the folder became unwritable or the cache is damaged: stop
            # at once, keep what was recorded, and say how to go on. The manifest update may
            # fail for the same reason.
            try:
                write_manifest("failed", error=redact_text(str(exc)))
            except OSError:
                pass
            problem = exc.problem if isinstance(exc, UserError) else f"cannot write the sweep in {sweep.path}: {exc}"
            fix = exc.fix if isinstance(exc, UserError) and exc.fix else "free some space or fix permissions"
            raise UserError(
                f"{problem}; {outcome.tally.finished} runs are safely recorded",
                f"{fix}, then resume with `python bench.py --resume {shlex.quote(str(sweep.path))}`",
            ) from None
        halted = outcome.halts.reasons
        status = "interrupted" if outcome.interrupted else ("stopped" if outcome.stopped_reason or halted else "complete")
        write_manifest(status, finished_at=datetime.now(UTC).isoformat(timespec="seconds"), stopped_reason=outcome.stopped_reason,
                       **({"halted": halted} if halted else {}))
        return outcome


def run_interruptibly(work: Coroutine[Any, Any, None], notice: Callable[[str], None]) -> int:
    """Run ``work``; the signal that stopped it (SIGINT, SIGTERM), or 0. The first Ctrl-C,
    or a SIGTERM (what CI timeouts, ``docker stop`` and systemd send), says "stopping..."
    at once and cancels the runs in flight (they are done again on resume), so the
    manifest still says where the sweep stood; a second one stops without waiting for
    them to wind down."""
    if threading.current_thread() is not threading.main_thread():
        asyncio.run(work)  # signal handlers belong to the main thread
        return 0
    received: list[int] = []
    with asyncio.Runner() as runner:
        loop = runner.get_loop()
        task = loop.create_task(work)

        def on_signal(signum: int, frame: object) -> None:
            received.append(signum)
            if len(received) > 1:
                raise KeyboardInterrupt
            again = "Ctrl-C" if signum == signal.SIGINT else "another signal"
            notice(f"stopping... ({signal.Signals(signum).name}: runs in flight are cancelled and done again on resume; "
                   f"{again} to quit now)")
            loop.call_soon_threadsafe(task.cancel)

        previous = {signum: signal.signal(signum, on_signal) for signum in (signal.SIGINT, signal.SIGTERM)}
        try:
            loop.run_until_complete(task)
        except asyncio.CancelledError:
            if not received:
                raise
        except KeyboardInterrupt:
            pass
        finally:
            for signum, handler in previous.items():
                signal.signal(signum, handler)
    return received[0] if received else 0


MIN_FREE_BYTES = 5 * 1024 * 1024


def check_output_folder(folder: Path, flag: str = "--runs-dir") -> None:
    """Fail before any work when ``flag``'s folder could not be written: unwritable, or on a
    nearly full disk (records, traces, reports and caches need room)."""
    problem = unwritable(folder)
    if problem:
        raise UserError(f"cannot write to {folder}: {problem}", f"fix its permissions or pass {flag} elsewhere")
    free = shutil.disk_usage(existing_ancestor(folder)).free
    if free < MIN_FREE_BYTES:
        raise UserError(f"only {free / 1e6:.1f} MB free in {folder} ({flag})", f"free some space or pass {flag} on another disk")


def _set_errors_aside(sweep: SweepDir) -> None:
    """--retry-errors: move the records of runs that ended in error from runs.jsonl to
    retried_errors.jsonl (their errors are history worth keeping), streaming both files."""
    archive = RecordWriter(sweep.path / RETRIED_ERRORS)
    fd, tmp = tempfile.mkstemp(dir=sweep.path, prefix=f".{RUNS}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as kept:
            for record in sweep.each_record():
                if record.status == "error":
                    archive.append(record)
                else:
                    kept.write(record_line(record))
            kept.flush()
            os.fsync(kept.fileno())
        os.replace(tmp, sweep.runs_path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    finally:
        archive.close()
