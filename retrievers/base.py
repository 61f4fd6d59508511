"""The retriever protocol: one per mode, like Inspect's solvers.

``retrieve(index, question, ctx)`` answers ``question`` (the text only: a retriever never
sees gold answers or evidence) from ``index`` with the model and tools in ``ctx``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from core.llm.client import RunModel
from core.results import RetrievalResult
from core.trace import Trace
from retrievers.index.tree import DocumentIndex
from retrievers.tools import SectionTools


@dataclass
class ModeOptions:
    top_k: int = 4  # simple: sections to read
    section_chars: int = 12000  # simple: characters read per section
    max_turns: int = 12  # agent: turns of the tool loop
    extractor_turns: int = 6  # iterative: turns per extraction
    max_iterations: int = 4  # iterative
    extraction_cache: bool = True  # iterative, design phase 3
    quality_gate: bool = True  # planner: the seeds' pre-synthesis sufficiency check
    max_replans: int = 2  # planner
    self_failure: bool = False  # planner: extraction tasks may fail with a reason

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass
class RetrievalContext:
    llm: RunModel
    tools: SectionTools
    trace: Trace
    options: ModeOptions = field(default_factory=ModeOptions)


class Retriever(Protocol):
    name: str

    async def retrieve(self, index: DocumentIndex, question: str, ctx: RetrievalContext) -> RetrievalResult: ...
