"""Indexes for a set of PDFs: loaded from the cache, or built over a process pool.

PDF parsing is CPU-bound, so missing structural indexes are built in worker processes (one
per core by default); every PDF is checked before anything else starts, so one corrupt file
fails the sweep up front with its name instead of halfway through.

With ``index_model`` the trees are the model's (``bench.py index --model`` builds the same
files): documents are built one after another, because each build already sends its
summary requests in parallel up to the provider's concurrency limit.
"""
from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

from core.errors import PDFError
from core.llm.base import ProviderSettings
from retrievers.index import load_or_build_index
from retrievers.index.tree import DocumentIndex

if TYPE_CHECKING:
    from retrievers.index.llm_tree import LlmIndexOptions


def _load(args: tuple[str, str, str]) -> DocumentIndex:
    pdf, index_dir, _name = args
    return load_or_build_index(Path(pdf), Path(index_dir))


def ensure_indexes(
    pdfs: dict[str, Path],
    index_dir: Path,
    workers: int = 2,
    *,
    index_model: str | None = None,
    settings: ProviderSettings | None = None,
    response_cache: Path | None = None,
    warn: Callable[[str], None] = print,
    index_options: LlmIndexOptions | None = None,
    on_done: Callable[[str], None] = lambda name: None,
) -> dict[str, DocumentIndex]:
    """doc_name -> index for every PDF in ``pdfs``; raises PDFError naming the bad file.
    ``on_done(doc_name)`` is called as each index is ready (progress)."""
    for name, pdf in pdfs.items():
        if not pdf.is_file():
            raise PDFError(f"PDF not found for {name}: {pdf}", "run `python bench.py download` or check --pdf-dir")
    names = sorted(pdfs)
    if index_model is not None:
        from retrievers.index.llm_tree import build_llm_index

        built = {}
        for name in names:
            built[name] = build_llm_index(pdfs[name], index_model, index_dir, settings=settings, warn=warn, response_cache=response_cache, options=index_options)
            on_done(name)
        return built
    jobs = [(str(pdfs[name]), str(index_dir), name) for name in names]
    indexes = {}
    if workers <= 1 or len(jobs) <= 1:
        for job, name in zip(jobs, names):
            indexes[name] = _load(job)
            on_done(name)
        return indexes
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for name, index in zip(names, pool.map(_load, jobs)):
            indexes[name] = index
            on_done(name)
    return indexes
