"""Indexes for a set of PDFs: loaded from the cache, or built over a process pool.

PDF parsing is CPU-bound, so missing indexes are built in worker processes (one per core
by default); every PDF is checked before anything else starts, so one corrupt file fails
the sweep up front with its name instead of halfway through.
"""
from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from harness.errors import PDFError
from retrievers.index import load_or_build_index
from retrievers.index.tree import DocumentIndex


def _load(args: tuple[str, str, str]) -> DocumentIndex:
    pdf, index_dir, _name = args
    return load_or_build_index(Path(pdf), Path(index_dir))


def ensure_indexes(pdfs: dict[str, Path], index_dir: Path, workers: int = 2) -> dict[str, DocumentIndex]:
    """doc_name -> index for every PDF in ``pdfs``; raises PDFError naming the bad file."""
    for name, pdf in pdfs.items():
        if not pdf.is_file():
            raise PDFError(f"PDF not found for {name}: {pdf}", "run `python bench.py download` or check --pdf-dir")
    jobs = [(str(pdf), str(index_dir), name) for name, pdf in sorted(pdfs.items())]
    if workers <= 1 or len(jobs) <= 1:
        return {name: _load(job) for job, name in zip(jobs, sorted(pdfs))}
    with ProcessPoolExecutor(max_workers=workers) as pool:
        results = list(pool.map(_load, jobs))
    return dict(zip(sorted(pdfs), results))
