"""``bench.py --batch``: a sweep's simple-mode runs through the provider's batch API.

A simple run is two calls, the scorer's and then the answerer's, which depends on the
sections the scorer chose; so every run's scorer request goes out in one batch, then every
answerer request in a second (``core.llm.batch`` finds the requests by running the runs
in capture mode). The runs are then run as usual, each call answered from the batches at
half price, and recorded one by one. The batch ids are kept in ``batches.json`` in the
sweep folder as soon as each batch is created, so ``--resume`` after an interruption polls
the same batches instead of paying twice.
"""
from __future__ import annotations

import shlex
import sys
from collections.abc import Callable
from functools import partial

from core.errors import UserError
from core.llm.base import ProviderError
from core.llm.batch import BatchPolicy, BatchStore, prefill_by_batch
from core.llm.client import ModelClient
from harness.runner.execute import RunSettings, run_one
from harness.runner.plan import RunSpec
from harness.sweepdir import SweepDir
from retrievers.index.tree import DocumentIndex

BATCHES = "batches.json"


def _say(message: str) -> None:
    print(f"batch: {message}", file=sys.stderr, flush=True)


async def prefill_runs(
    todo: list[RunSpec],
    clients: dict[str, ModelClient],
    indexes: dict[str, DocumentIndex],
    settings: RunSettings,
    sweep: SweepDir,
    *,
    policy: BatchPolicy | None = None,
    report: Callable[[str], None] = _say,
) -> None:
    """Answer every call the runs in ``todo`` will make through their model's batch API."""
    store = BatchStore(sweep.path / BATCHES)
    for model, client in clients.items():
        runs = [spec for spec in todo if spec.model == model]
        if not runs:
            continue
        jobs = [partial(run_one, spec, client, indexes[spec.question.doc_name], settings, trace_path=None) for spec in runs]
        try:
            counts = await prefill_by_batch(client, jobs, store, purpose="runs", policy=policy, report=report)
        except ProviderError as error:  # retried already if it was transient
            raise UserError(
                f"the batch API of {model} refused the sweep's requests: {error}",
                f"fix the cause, then `python bench.py --resume {shlex.quote(str(sweep.path))}` (or run without --batch)",
            ) from None
        report(f"{model}: {counts['answered']} of {counts['batched']} batched requests answered in {counts['rounds']} round(s); "
               f"{counts['live']} left to live calls")
