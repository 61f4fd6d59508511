"""When a model's remaining runs are not worth starting, and what a sweep's end says.

A rejected key (401/403) or a model the provider does not know (404) fails every later run
of that model the same way: running them fills the sweep with error records that
``--resume`` counts as finished, and a CI job that only checks the exit code passes. So the
first such error stops that model: its run is recorded, its other runs stay unfinished
(``--retry-errors`` redoes the error and finishes them once the key or name is fixed), and
``bench.py`` names the cause and the fix and exits non-zero.

A lost connection is weaker evidence: a flaky network recovers, so one run that lost its
connection after all its retries says little. But a model whose first ``UNREACHED_RUNS``
runs all lost it, with no run ever getting an answer through, has never reached its
provider (a wrong base URL, a host that does not resolve, no network): its remaining runs
would each spend the whole retry back-off to fail the same way. Once any run of the model
got through, connection errors are taken as an outage mid-sweep and the sweep goes on. A
server that answers with a web page (``HTML_REPLY``: a login or proxy page at a wrong base
URL) counts as one that cannot be reached.
A resumed sweep counts the runs it has recorded too (``resume.Previous``), so its first
run that cannot connect halts a model whose recorded runs never got through either.
"""
from __future__ import annotations

import shlex
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from core.llm.base import HTML_REPLY, ModelSpec, ProviderError
from core.llm.registry import lasting_failure
from core.records import RunRecord
from core.redact import redact_text

UNREACHED_RUNS = 3


@dataclass
class ModelHalts:
    """The models whose remaining runs are not started, and why (one line with the fix)."""

    reasons: dict[str, str] = field(default_factory=dict)  # model -> cause and fix
    unreached: dict[str, int] = field(default_factory=dict)  # model -> runs that lost the connection, none having got through
    reached: set[str] = field(default_factory=set)  # models with a run that got past the connection

    def stops(self, model: str) -> bool:
        return model in self.reasons

    def provider_error(self, model: str, spec: ModelSpec, error: ProviderError) -> None:
        """A run's call failed for good: halt the model when no later call can succeed."""
        lasting = lasting_failure(model, spec, error)
        if lasting is None:
            return
        fix = lasting.fix
        if lasting.kind == "unknown":  # a resume cannot fix the name: the sweep's models are fixed
            fix = "check the model name in --models (and the base URL); a resume keeps the sweep's models, so start a new sweep with the right name"
        self._halt(model, f"{lasting.cause} -- {fix}")

    def finished(self, record: RunRecord, *, earlier: bool = False) -> None:
        """A run of the model was recorded: count it toward an unreachable provider.

        ``earlier``: a record of an earlier invocation of the sweep, read by a resume. It
        counts the same way but halts nothing by itself: the provider may have been fixed
        since, so a model is halted by a run of this invocation failing to connect, never
        before one was tried."""
        model = record.model
        if record.error_kind != "provider:connection" and not (record.error_kind == "provider:malformed" and HTML_REPLY in record.error):
            self.reached.add(model)
            return
        if model in self.reached:
            return
        self.unreached[model] = self.unreached.get(model, 0) + 1
        if self.unreached[model] >= UNREACHED_RUNS and not earlier:
            self._halt(model, f"the first {self.unreached[model]} runs of {model} could not reach its provider "
                              f"({record.error}) -- check the network and the provider's base URL")

    def _halt(self, model: str, reason: str) -> None:
        self.reasons.setdefault(model, redact_text(reason))

    def console_lines(self, sweep: Path) -> list[str]:
        """What ``bench.py`` prints when models were halted: each cause with its fix, then
        how to finish the sweep."""
        if not self.reasons:
            return []
        return [f"stopped: {reason}" for reason in self.reasons.values()] + [
            f"the remaining runs of {', '.join(self.reasons)} were not started; once fixed, "
            f"`python bench.py --retry-errors {shlex.quote(str(sweep))}` redoes the runs that failed and finishes the others"
        ]


def all_errors_line(counts: dict[str, int], records: Iterable[RunRecord]) -> str:
    """The console line for a sweep whose every recorded run ended in error ('' if not):
    such a sweep measured nothing, so it must not pass for a successful one."""
    finished = sum(counts.values())
    if not finished or counts.get("error", 0) != finished:
        return ""
    first = next(iter(records), None)
    example = f"; the first: {first.error_kind}: {first.error}" if first is not None else ""
    return f"every one of the {finished} recorded runs ended in error{example}"
