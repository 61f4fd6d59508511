"""Run details in chunks the page loads on demand: ``details/<n>.js``.

A sweep of 16,200 runs has ~300 MB of traces; one page per run made reports of 250 MB and
more. Here each run's detail (record, verdict, trace timeline, long texts cut) is JSON,
``CHUNK_RUNS`` runs per file, gzip-compressed and base64-encoded into a one-line script
``BENCH_CHUNK(n, "...")``. The page adds ``<script src="details/<n>.js">`` when a run is
opened (a file:// page may not fetch(), but it may load a script from its own folder) and
inflates it with the browser's DecompressionStream. Chunks are built in worker processes:
reading and condensing traces is most of a big report's cost, and it parallelises.
"""
from __future__ import annotations

import base64
import gzip
import json
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

from core.records import RunRecord
from harness.report.run_detail import run_detail
from harness.report.timeline import COMPACT, FULL, TextLimits

CHUNK_RUNS = 200
# Below this many chunks a pool costs more to start than it saves.
POOL_MIN_CHUNKS = 3
# Above this many runs the trace texts are cut harder (timeline.COMPACT).
COMPACT_ABOVE_RUNS = 2000
Job = tuple[int, str, list[tuple[dict[str, Any], dict[str, Any] | None]], str, TextLimits]


def chunk_script(number: int, payload: Any) -> str:
    """``BENCH_CHUNK(n, "<base64 of gzip of JSON>");``: base64 has no quote or backslash,
    so no text inside can end the string or the script."""
    raw = json.dumps(payload, ensure_ascii=False, separators=(",", ":"), default=str).encode("utf-8")
    packed = base64.b64encode(gzip.compress(raw, compresslevel=6, mtime=0)).decode("ascii")
    return f'BENCH_CHUNK({number},"{packed}");\n'


def _write_chunk(job: Job) -> tuple[int, dict[str, str]]:
    """Build and write one chunk; returns its run count and question texts found in traces."""
    number, sweep_path, items, out_dir, limits = job
    details = {}
    questions: dict[str, str] = {}
    for record_data, verdict in items:
        record = RunRecord.from_dict(record_data)
        detail = run_detail(record, Path(sweep_path), verdict, limits)
        if detail["question_text"]:
            questions.setdefault(record.question_id, detail["question_text"])
        details[record.run_id] = detail
    target = Path(out_dir) / f"{number}.js"
    target.write_text(chunk_script(number, details), encoding="utf-8")
    return len(items), questions


def write_details(
    records: Iterable[RunRecord],
    verdicts: dict[str, dict[str, Any]],
    sweep_path: Path,
    out_dir: Path,
    *,
    workers: int | None = None,
    on_done: Callable[[int], None] = lambda n: None,
) -> tuple[dict[str, int], dict[str, str]]:
    """Write ``out_dir/details/<n>.js`` for ``records`` (in the order given).

    Returns (run_id -> chunk number, question_id -> question text read from the traces).
    ``on_done(k)`` is called as each chunk of k runs is written (progress).
    """
    folder = out_dir / "details"
    folder.mkdir(parents=True, exist_ok=True)
    ordered = list(records)
    chunk_of = {record.run_id: i // CHUNK_RUNS for i, record in enumerate(ordered)}
    limits = COMPACT if len(ordered) > COMPACT_ABOVE_RUNS else FULL

    def jobs() -> Iterator[Job]:  # made as the pool takes them, not all at once (memory)
        for n, start in enumerate(range(0, len(ordered), CHUNK_RUNS)):
            items = [(r.to_dict(), verdicts.get(r.run_id)) for r in ordered[start:start + CHUNK_RUNS]]
            yield n, str(sweep_path), items, str(folder), limits

    questions: dict[str, str] = {}

    def collect(result: tuple[int, dict[str, str]]) -> None:
        count, found = result
        for key, text in found.items():
            questions.setdefault(key, text)
        on_done(count)

    chunks = -(-len(ordered) // CHUNK_RUNS)
    workers = workers or min(chunks, os.cpu_count() or 1)
    if workers <= 1 or chunks < POOL_MIN_CHUNKS:
        for job in jobs():
            collect(_write_chunk(job))
        return chunk_of, questions
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: set[Future[tuple[int, dict[str, str]]]] = set()
        for job in jobs():
            if len(pending) >= 2 * workers:  # a few chunks in flight, not the whole sweep
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    collect(future.result())
            pending.add(pool.submit(_write_chunk, job))
        for future in pending:
            collect(future.result())
    return chunk_of, questions
