"""``analyze.py --judge --batch``: the judge model's calls through the provider's batch API.

Only the answers that need the model are sent: the judge runs once in capture mode
(``core.llm.batch``), where everything the numeric check, a failed run's status or the
verdict cache decides is decided as usual and nothing is stored, so the batch holds the
judge requests still unanswered. Then the judge runs for real and each of those calls is
answered from the batch at half price, metered and cached like any call; a request the
batch could not answer (errored, expired) is made live, and a reply that cannot be read is
re-asked (live when only a few are). Batch ids are kept in the sweep folder
(``batches.json``), so an interrupted analysis, run again, polls the same batch.
"""
from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, cast

from core.errors import UserError
from core.llm.batch import BatchPolicy, BatchStore, prefill_by_batch
from core.llm.client import ModelClient
from core.llm.registry import has_batch_api, parse_model_spec
from harness.judge.cache import VerdictCache

BATCHES = "batches.json"


class ReadOnlyVerdicts:
    """The verdict cache as a capture round sees it: what is stored is reused, nothing is
    stored (the real pass stores the verdicts it meters)."""

    def __init__(self, inner: VerdictCache | None):
        self.inner = inner

    def get(self, key: str) -> dict[str, Any] | None:
        return self.inner.get(key) if self.inner else None

    def put(self, key: str, value: dict[str, Any]) -> None:
        return None


def check_batch_judge(judge_model: str | None, offline: str) -> None:
    """``--batch`` needs a model judge whose provider has a batch API."""
    if not judge_model or judge_model == offline:
        raise UserError("--batch sends the judge model's calls as a batch, but no model judge is chosen",
                        "add --judge (or --judge-model anthropic:<model>), or drop --batch")
    if not has_batch_api(parse_model_spec(judge_model)):
        raise UserError(f"{judge_model} has no batch API", "--batch needs an anthropic:<model> judge (the Message Batches API); drop --batch")


def _say(message: str) -> None:
    print(f"judge batch: {message}", file=sys.stderr, flush=True)


async def prefill_judge_calls(
    client: ModelClient,
    judge_one: Callable[[Any, VerdictCache], Awaitable[Any]],
    items: list[Any],
    cache: VerdictCache | None,
    store_path: Path,
    *,
    policy: BatchPolicy | None = None,
    report: Callable[[str], None] = _say,
) -> None:
    """Answer, through the batch API, every judge call judging ``items`` will make."""
    readonly = cast(VerdictCache, ReadOnlyVerdicts(cache))
    jobs = [lambda item=item: judge_one(item, readonly) for item in items]
    counts = await prefill_by_batch(client, jobs, BatchStore(store_path), purpose="judge", policy=policy, report=report)
    if counts["batched"]:
        report(f"{counts['answered']} of {counts['batched']} judge requests answered by the batch; {counts['live']} left to live calls")
