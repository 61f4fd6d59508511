"""One run: a question, a model, a mode, a document; always ending in a record.

``run_one`` is shared by sweeps and ``bench.py ask``: the same budgets, trace, tool
accounting, evidence and provenance measures, whichever way a run is started.
"""
from __future__ import annotations

import asyncio
import sqlite3
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from core.errors import UserError
from core.llm.base import ProviderError
from core.llm.client import BudgetExceeded, ModelClient, RunBudget, RunMeter, SweepBudgetExhausted
from core.records import STOPPED, RunRecord, UsageTotals
from core.redact import redact_text
from core.reply_parsing import MalformedOutput
from core.trace import Trace
from harness.config import Budgets
from harness.metrics.evidence import evidence_hit
from harness.metrics.provenance import check_provenance
from harness.runner.plan import RunSpec
from retrievers import get_retriever
from retrievers.base import ModeOptions, RetrievalContext
from retrievers.index.tree import DocumentIndex
from retrievers.tools import SectionTools


@dataclass
class RunSettings:
    """What shapes a run besides its spec: the mode options and the per-run budgets."""

    options: ModeOptions
    budgets: Budgets


async def run_one(
    spec: RunSpec,
    client: ModelClient,
    index: DocumentIndex,
    settings: RunSettings,
    *,
    trace_path: Path | None,
    trace_root: Path | None = None,
    on_provider_error: Callable[[ProviderError], None] | None = None,
) -> RunRecord:
    """One run, always ending in a record: ok, fail (declined with a reason), error, or
    ``budget`` when the sweep's --max-cost stopped it. The trace goes to ``trace_path``
    (None: no trace); the record names it relative to ``trace_root``. ``on_provider_error``
    hears the provider error that ended the run (the sweep stops a model whose key is
    rejected)."""
    if trace_path is not None:
        trace_path.unlink(missing_ok=True)  # a resumed run starts its trace afresh
    trace = Trace(trace_path)
    meter = RunMeter()
    budgets = settings.budgets
    deadline = time.monotonic() + budgets.max_run_seconds if budgets.max_run_seconds else None
    llm = client.bind(
        meter=meter,
        trace=trace,
        run_number=spec.run_number,
        budget=RunBudget(budgets.max_run_tokens, budgets.max_run_llm_calls, deadline),
    )
    tools = SectionTools(index, trace)
    ctx = RetrievalContext(llm, tools, trace, settings.options)
    started_at = datetime.now(UTC).isoformat(timespec="milliseconds")
    started = time.monotonic()
    question = spec.question
    trace.event("run_start", run_id=spec.run_id, question_id=question.id, model=spec.model, mode=spec.mode, question=question.text,
                doc_name=question.doc_name)
    record = RunRecord(
        run_id=spec.run_id,
        question_id=question.id,
        doc_name=question.doc_name,
        model=spec.model,
        mode=spec.mode,
        run_number=spec.run_number,
        status="error",
        question_type=question.question_type,
        trace_path=_relative(trace_path, trace_root),
        started_at=started_at,
    )
    window = asyncio.timeout(budgets.max_run_seconds or None)  # None (or 0): no wall-time budget
    try:
        retriever = get_retriever(spec.mode)
        async with window:
            result = await retriever.retrieve(index, question.text, ctx)
        record.status = "ok" if result.status == "ok" else "fail"
        record.result = result
    except ProviderError as exc:
        record.error, record.error_kind = f"provider error after {getattr(exc, 'attempts', 1)} attempt(s): {exc}", f"provider:{exc.kind}"
        if on_provider_error is not None:
            on_provider_error(exc)
    except SweepBudgetExhausted as exc:
        record.status, record.error, record.error_kind = STOPPED, str(exc), "max_cost"
    except BudgetExceeded as exc:
        record.error, record.error_kind = str(exc), "budget"
    except TimeoutError as exc:
        if not window.expired():  # not our deadline: something inside timed out on its own
            record.error, record.error_kind = f"{type(exc).__name__}: {exc}", "internal"
        else:
            record.error, record.error_kind = f"run exceeded its wall-time budget of {budgets.max_run_seconds} s", "budget"
    except MalformedOutput as exc:
        record.error, record.error_kind = f"model output could not be parsed: {exc}", "malformed_output"
    except (OSError, sqlite3.OperationalError, UserError):
        trace.close()
        raise  # the disk or a damaged cache, not the run: the sweep must stop
    except asyncio.CancelledError:
        trace.close()  # interrupted: no record, the run is done again on resume
        raise
    except Exception as exc:  # noqa: BLE001 - a bug in one run must not end the sweep
        record.error, record.error_kind = f"{type(exc).__name__}: {exc}", "internal"
        trace.event("exception", traceback=redact_text(traceback.format_exc()))
    finally:
        llm.close()  # a task the retriever left running makes no more calls for this run
    record.error = redact_text(record.error)
    if record.status in ("error", STOPPED):
        # Cut short (a budget, a provider error): the loop state the retriever had reached
        # (iterations, findings, failed searches, replans, tasks) is recorded as it was.
        record.result = ctx.progress()
        record.result.status, record.result.answer, record.result.reason = "fail", "", ""
    record.duration_ms = round((time.monotonic() - started) * 1000)
    record.finished_at = datetime.now(UTC).isoformat(timespec="milliseconds")
    record.usage = UsageTotals(
        meter.usage.input, meter.usage.output, meter.usage.cache_read, meter.usage.cache_write,
        meter.usage.total, meter.usage.estimated, meter.by_role_dict(),
    )
    record.cost_usd = None if meter.cost_usd is None else round(meter.cost_usd, 6)
    record.spent_usd = None if meter.spent_usd is None else round(meter.spent_usd, 6)
    record.llm_calls, record.cached_calls, record.retries = meter.llm_calls, meter.cached_calls, meter.retries
    record.batch_calls = meter.batch_calls
    record.tool_calls = tools.calls
    record.tool_stats = tools.stats
    record.pages_fetched = sorted(tools.pages_fetched)
    record.evidence_pages = question.gold.evidence_pages
    record.evidence_hit = evidence_hit(record.pages_fetched, question.gold)
    record.provenance = check_provenance(record.answer, record.findings, record.pages_fetched, index)
    trace.event("run_end", status=record.status, answer=record.answer, error=record.reason, usage=record.usage.__dict__)
    trace.close()
    return record


def _relative(path: Path | None, root: Path | None) -> str:
    if path is None:
        return ""
    return str(path.relative_to(root)) if root is not None else str(path)
