"""Judge-free metrics computed from a run and its question's gold evidence.

This module and the judge are the only readers of gold data.
"""
from __future__ import annotations

from collections.abc import Iterable

from harness.dataset import Gold


def evidence_hit(pages_fetched: Iterable[int], gold: Gold) -> bool | None:
    """Whether the pages a run read include a gold evidence page (retrieval recall);
    None when the question names no evidence page."""
    wanted = set(gold.evidence_pages)
    if not wanted:
        return None
    return bool(wanted & set(pages_fetched))
