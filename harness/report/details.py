"""Run details in chunks the page loads on demand: ``details/<n>.js`` and ``details/v<n>.js``.

A sweep of 16,200 runs has ~300 MB of traces; one page per run made reports of 250 MB and
more. Here each run's detail (record, trace timeline, long texts cut) is JSON,
``CHUNK_RUNS`` runs per file, gzip-compressed and base64-encoded into a one-line script
``BENCH_CHUNK(n, "...")``; the verdicts of the same runs (label, rationale, judge cost) go
in ``v<n>.js`` (``BENCH_VERDICTS``). The page adds ``<script src=...>`` for both when a run
is opened (a file:// page may not fetch(), but it may load a script from its own folder)
and inflates them with the browser's DecompressionStream.

Reading and condensing traces is most of a big report's cost and does not depend on the
verdicts, so ``DetailWriter`` starts it in worker processes before the answers are judged,
and the judging runs meanwhile: on two cores the two overlap.
"""
from __future__ import annotations

import base64
import gzip
import json
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

from core.records import RunRecord
from core.text import scrub_text
from harness.report.run_detail import run_detail, verdict_detail
from harness.report.timeline import COMPACT, FULL, TextLimits

CHUNK_RUNS = 200
# Below this many chunks a pool costs more to start than it saves.
POOL_MIN_CHUNKS = 3
# Above this many runs the trace texts are cut harder (timeline.COMPACT).
COMPACT_ABOVE_RUNS = 2000
Job = tuple[int, str, list[dict[str, Any]], str, TextLimits]


def chunk_script(number: int, payload: Any, function: str = "BENCH_CHUNK") -> str:
    """``BENCH_CHUNK(n, "<base64 of gzip of JSON>");``: base64 has no quote or backslash,
    so no text inside can end the string or the script."""
    raw = scrub_text(json.dumps(payload, ensure_ascii=False, separators=(",", ":"), default=str)).encode("utf-8")  # see core.text
    packed = base64.b64encode(gzip.compress(raw, compresslevel=6, mtime=0)).decode("ascii")
    return f'{function}({number},"{packed}");\n'


def _write_chunk(job: Job) -> tuple[int, dict[str, str]]:
    """Build and write one chunk; returns its run count and question texts found in traces."""
    number, sweep_path, items, out_dir, limits = job
    details = {}
    questions: dict[str, str] = {}
    for record_data in items:
        record = RunRecord.from_dict(record_data)
        detail = run_detail(record, Path(sweep_path), limits)
        if detail["question_text"]:
            questions.setdefault(record.question_id, detail["question_text"])
        details[record.run_id] = detail
    target = Path(out_dir) / f"{number}.js"
    target.write_text(chunk_script(number, details), encoding="utf-8")
    return len(items), questions


class DetailWriter:
    """Writes ``details/<n>.js`` for ``records`` (in the order given) in the background.

    ``wait()`` returns (run_id -> chunk number, question_id -> question text read from the
    traces) and raises what a worker raised. ``on_done(k)`` is called as each chunk of k
    runs is written (progress); it runs on the writer's thread."""

    def __init__(self, records: Sequence[RunRecord], sweep_path: Path, out_dir: Path, *, workers: int | None = None,
                 on_done: Callable[[int], None] = lambda n: None):
        self.folder = out_dir / "details"
        self.folder.mkdir(parents=True, exist_ok=True)
        self.records = list(records)
        self.sweep_path = sweep_path
        self.chunk_of = {record.run_id: i // CHUNK_RUNS for i, record in enumerate(self.records)}
        self.questions: dict[str, str] = {}
        self.on_done = on_done
        self.limits = COMPACT if len(self.records) > COMPACT_ABOVE_RUNS else FULL
        chunks = -(-len(self.records) // CHUNK_RUNS)
        self.workers = workers or min(chunks, os.cpu_count() or 1)
        self.pooled = self.workers > 1 and chunks >= POOL_MIN_CHUNKS
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="report-details", daemon=True)
        self._thread.start()

    def _jobs(self) -> Iterator[Job]:  # made as the pool takes them, not all at once (memory)
        for n, start in enumerate(range(0, len(self.records), CHUNK_RUNS)):
            items = [r.to_dict() for r in self.records[start:start + CHUNK_RUNS]]
            yield n, str(self.sweep_path), items, str(self.folder), self.limits

    def _collect(self, result: tuple[int, dict[str, str]]) -> None:
        count, found = result
        for key, text in found.items():
            self.questions.setdefault(key, text)
        self.on_done(count)

    def _run(self) -> None:
        try:
            if not self.pooled:
                for job in self._jobs():
                    self._collect(_write_chunk(job))
                return
            with ProcessPoolExecutor(max_workers=self.workers) as pool:
                pending: set[Future[tuple[int, dict[str, str]]]] = set()
                for job in self._jobs():
                    if len(pending) >= 2 * self.workers:  # a few chunks in flight, not the whole sweep
                        done, pending = wait(pending, return_when=FIRST_COMPLETED)
                        for future in done:
                            self._collect(future.result())
                    pending.add(pool.submit(_write_chunk, job))
                for future in pending:
                    self._collect(future.result())
        except BaseException as exc:  # noqa: BLE001 - handed to the caller by wait()
            self._error = exc

    def wait(self) -> tuple[dict[str, int], dict[str, str]]:
        self._thread.join()
        if self._error is not None:
            raise self._error
        return self.chunk_of, self.questions


def write_verdicts(chunk_of: dict[str, int], verdicts: dict[str, dict[str, Any]], out_dir: Path,
                   errors: dict[str, str] | None = None) -> None:
    """``details/v<n>.js``: the verdict details of chunk n's runs (every chunk has one, so
    the page can tell "not judged" from "not loaded"). ``errors``: run_id -> error of each
    run that ended in one (``errored.errors_of_errored_runs``), shown as no answer."""
    errors = errors or {}
    by_chunk: dict[int, dict[str, Any]] = {n: {} for n in set(chunk_of.values())}
    for run_id, number in chunk_of.items():
        detail = verdict_detail(verdicts.get(run_id), errors.get(run_id))
        if detail is not None:
            by_chunk[number][run_id] = detail
    for number, payload in by_chunk.items():
        (out_dir / "details" / f"v{number}.js").write_text(chunk_script(number, payload, "BENCH_VERDICTS"), encoding="utf-8")
