"""Reading a mode's final reply into a result: the answer, its sources, its cited pages."""
from __future__ import annotations

import re
from typing import Any

from core.protocol import Decision
from core.results import RetrievalResult


def normalise_sources(value: Any) -> list[str]:
    """Sources as ``p. N`` strings where a page can be read, else as given."""
    items = value if isinstance(value, list) else ([value] if value else [])
    out: list[str] = []
    for item in items:
        text = str(item).strip()
        if not text:
            continue
        if re.fullmatch(r"\d+", text):
            text = f"p. {text}"
        if text not in out:
            out.append(text)
    return out


CITATION = re.compile(r"\b(?:p|pp|page|pages)\.?\s*(\d{1,4})(?:\s*[-–]\s*(\d{1,4}))?", re.I)
"""A page citation in an answer or a source: "p. 51", "pp. 27-28", "page 51"."""


def cited_pages(sources: list[str], answer: str = "") -> list[int]:
    """Page numbers cited in sources or inline in the answer ("p. 51", "page 51", "pages 27-28")."""
    pages: set[int] = set()
    for text in list(sources) + [answer]:
        for match in CITATION.finditer(text):
            start = int(match.group(1))
            end = int(match.group(2) or start)
            if 0 < start <= end and end - start < 50:
                pages.update(range(start, end + 1))
    return sorted(pages)


def answer_from_decision(decision: Decision) -> RetrievalResult:
    """An answering role's decision (read by ``Decision.read``) as a result: a ``fail`` is a
    refusal with the model's reason."""
    if decision.status != "answer":
        return RetrievalResult("fail", reason=decision.reason or "the model declined without a reason")
    return RetrievalResult("ok", answer=decision.answer, sources=normalise_sources(decision.sources), confidence=decision.confidence)
