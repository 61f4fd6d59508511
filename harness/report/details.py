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
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
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
    jobs: list[Job] = [
        (n, str(sweep_path), [(r.to_dict(), verdicts.get(r.run_id)) for r in ordered[start:start + CHUNK_RUNS]], str(folder), limits)
        for n, start in enumerate(range(0, len(ordered), CHUNK_RUNS))
    ]
    questions: dict[str, str] = {}
    workers = workers or min(len(jobs), os.cpu_count() or 1)
    if workers <= 1 or len(jobs) < POOL_MIN_CHUNKS:
        results: Iterable[tuple[int, dict[str, str]]] = map(_write_chunk, jobs)
        for count, found in results:
            questions.update({k: v for k, v in found.items() if k not in questions})
            on_done(count)
        return chunk_of, questions
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for count, found in pool.map(_write_chunk, jobs):
            questions.update({k: v for k, v in found.items() if k not in questions})
            on_done(count)
    return chunk_of, questions
