"""Indexes for a set of PDFs: loaded from the cache, or built over a process pool.

PDF parsing is CPU-bound, so missing structural indexes are built in worker processes (one
per core by default); every PDF is checked before anything else starts, so one corrupt file
fails the sweep up front with its name instead of halfway through.

With ``index_model`` the trees are the model's (``bench.py index --model`` builds the same
files): documents are built one after another, because each build already sends its
summary requests in parallel up to the provider's concurrency limit.

Workers die with the process that started them, however it ends: on Linux the kernel
kills them when their parent dies (``PR_SET_PDEATHSIG``), elsewhere a watchdog thread
notices; Ctrl-C is left to the parent, which stops the workers at once.
"""
from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
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


def _load(args: tuple[str, str, str, str | None]) -> DocumentIndex:
    pdf, index_dir, _name, sha = args
    return load_or_build_index(Path(pdf), Path(index_dir), pdf_sha256=sha)


PR_SET_PDEATHSIG = 1  # linux/prctl.h


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _watch_parent(parent: int, sweep_pid: int) -> None:
    while True:
        time.sleep(0.5)
        if os.getppid() != parent or not _alive(sweep_pid):
            os._exit(1)


def _die_with_parent(sweep_pid: int) -> None:
    """Pool initializer: a worker never outlives the sweep (a SIGKILLed sweep cannot stop
    its workers, and they would go on building indexes for minutes)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the sweep's to handle
    parent = os.getppid()  # the sweep, or the fork server that started this worker for it
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass  # the watchdog below still notices
    if not _alive(sweep_pid):
        os._exit(1)  # the sweep died before the kernel was asked to tell us
    threading.Thread(target=_watch_parent, args=(parent, sweep_pid), daemon=True, name="parent-watchdog").start()


def _build_in_pool(jobs: list[tuple[str, str, str, str | None]], workers: int, on_done: Callable[[str], None]) -> list[DocumentIndex]:
    before = set(multiprocessing.active_children())
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_die_with_parent, initargs=(os.getpid(),))
    # Futures of our own, not pool.map: map cancels the jobs still waiting when it is left by
    # an exception, and once the workers are killed the pool's manager thread fails on those
    # cancelled futures (InvalidStateError: CANCELLED), a traceback after the sweep's message.
    futures = [pool.submit(_load, job) for job in jobs]
    try:
        results = []
        for job, future in zip(jobs, futures):
            results.append(future.result())
            on_done(job[2])
    except BaseException:
        # A corrupt PDF or a Ctrl-C: stop now, not after the builds in progress. The pool
        # sees its workers gone and fails the jobs left, which nobody waits for.
        for process in set(multiprocessing.active_children()) - before:
            process.kill()
        pool.shutdown(wait=True)
        raise
    pool.shutdown()
    return results


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
    pdf_sha256s: dict[str, str] | None = None,
) -> dict[str, DocumentIndex]:
    """doc_name -> index for every PDF in ``pdfs``; raises PDFError naming the bad file.
    ``on_done(doc_name)`` is called as each index is ready (progress). ``pdf_sha256s``
    (doc_name -> SHA-256) holds the hashes the caller has already read, so that those
    PDFs are not read again to check their cached index."""
    known = pdf_sha256s or {}
    for name, pdf in pdfs.items():
        if not pdf.is_file():
            raise PDFError(f"PDF not found for {name}: {pdf}", "run `python bench.py download` or check --pdf-dir")
    names = sorted(pdfs)
    if index_model is not None:
        from retrievers.index.llm_tree import build_llm_index

        built = {}
        for name in names:
            built[name] = build_llm_index(pdfs[name], index_model, index_dir, settings=settings, warn=warn, response_cache=response_cache,
                                          options=index_options, pdf_sha256=known.get(name))
            on_done(name)
        return built
    jobs = [(str(pdfs[name]), str(index_dir), name, known.get(name)) for name in names]
    indexes = {}
    if workers <= 1 or len(jobs) <= 1:
        for job, name in zip(jobs, names):
            indexes[name] = _load(job)
            on_done(name)
        return indexes
    return dict(zip(names, _build_in_pool(jobs, workers, on_done)))
