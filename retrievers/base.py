"""The retriever protocol: one per mode, like Inspect's solvers.

``retrieve(index, question, ctx)`` answers ``question`` (the text only: a retriever never
sees gold answers or evidence) from ``index`` with the model and tools in ``ctx``.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any, Protocol

from core.errors import UserError
from core.llm.client import RunModel
from core.results import RetrievalResult
from core.trace import Trace
from retrievers.index.tree import DocumentIndex
from retrievers.tools import SectionTools


@dataclass
class ModeOptions:
    top_k: int = 4  # simple: sections to read
    section_chars: int = 12000  # simple: characters read per section
    max_turns: int = 12  # agent, and each tool task of a plan: turns of the tool loop
    # iterative: turns per extraction. The seeds' implementation allowed 10; the design's
    # phase-1 plan said 4. An extraction cut off by the limit throws away all it read (it
    # ends as a failed search), so the limit should only stop a runaway: 10, as the system
    # whose figures we compare with. --extractor-turns 4 runs the design's plan.
    extractor_turns: int = 10
    max_iterations: int = 4  # iterative
    extraction_cache: bool = True  # iterative, design phase 3
    compact_index: bool = True  # iterative: extraction turns see the folded section index
    quality_gate: bool = True  # planner: the seeds' pre-synthesis sufficiency check
    max_replans: int = 2  # planner
    # planner: the seeds' behaviour by default; each can be relaxed to compare.
    self_failure: bool = True  # tasks may fail with a reason the replanner sees
    strict_signatures: bool = True  # 42 is not a :float (nor 42.0 an :int)
    expression_tasks: bool = True  # computed tasks write expressions the harness evaluates
    tool_fetch_tasks: bool = True  # pure fetch tasks run the tool with no model call

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)

    def check(self) -> None:
        """Refuse a limit no run can work within (with ``--max-turns 0`` every agent run
        would fail without a model call, a sweep of failures rather than an error), and an
        absurd one: each turn, iteration or replan may be a model call, so a typed
        ``--max-replans 200`` for 2 would let a runaway model run up a hundred times the cost."""
        limits = {"top_k": ("--top-k", 1, 100), "section_chars": ("section_chars", 1, 1_000_000), "max_turns": ("--max-turns", 1, 100),
                  "extractor_turns": ("--extractor-turns", 1, 100), "max_iterations": ("--max-iterations", 1, 50),
                  "max_replans": ("--max-replans", 0, 20)}
        for name, (flag, lowest, highest) in limits.items():
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < lowest:
                raise UserError(f"{flag} must be a whole number of at least {lowest}, got {value!r}", f"pass {flag} {lowest} or more")
            if value > highest:
                raise UserError(f"{flag} is at most {highest}, got {value:,}", f"pass {flag} {lowest} to {highest}")

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ModeOptions:
        """Options as a manifest recorded them. A key the manifest lacks takes the value the
        harness had before the option existed, so a resumed sweep runs as it started."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise UserError(f"the sweep's manifest has mode options this version does not know: {', '.join(unknown)}",
                            "resume it with the version of pageindex-bench that started it")
        return cls(**{**LEGACY_OPTIONS, **data})


# What sweeps recorded before these options existed ran with.
LEGACY_OPTIONS: dict[str, Any] = {
    "extractor_turns": 6, "compact_index": False, "self_failure": False, "strict_signatures": False,
    "expression_tasks": False, "tool_fetch_tasks": False,
}


def no_progress() -> RetrievalResult:
    return RetrievalResult("fail")


@dataclass
class RetrievalContext:
    llm: RunModel
    tools: SectionTools
    trace: Trace
    options: ModeOptions = field(default_factory=ModeOptions)
    # How far the run has got (iterations, findings, failed searches, replans, tasks), as a
    # result. A retriever that keeps loop state points this at it, so that a run cut short
    # by a budget still records what it had reached.
    progress: Callable[[], RetrievalResult] = no_progress


class Retriever(Protocol):
    name: str

    async def retrieve(self, index: DocumentIndex, question: str, ctx: RetrievalContext) -> RetrievalResult: ...
