"""A sweep's folder: ``manifest.json``, ``runs.jsonl``, ``traces/`` and its lock.

``runs.jsonl`` is append-only and each record is flushed and fsynced as its run finishes,
so a killed sweep loses only the runs in flight. A record cut short by a kill is detected
on resume and dropped (the run is simply done again). The manifest is replaced atomically,
and a new folder appears with its first manifest or not at all (``SweepDir.create``).
One process at a time owns a sweep folder (``lock``): a second sweep or resume of the same
folder is refused, naming the holder. Runs that the sweep's ``--max-cost`` stopped before
they finished go to ``stopped_runs.jsonl``, not ``runs.jsonl``: they are no result, and
``--resume`` does them again. Every file is checked (``harness.sweepschema``) as it is read.
"""
from __future__ import annotations

import errno
import fcntl
import json
import os
import shutil
import socket
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from core.errors import UserError
from core.files import stamped_names, stamped_order, utc_stamp, write_json_atomic
from core.records import STATUSES, RunRecord
from core.redact import MASK, redact_text
from core.text import json_error, lone_surrogate, scrub_text
from core.whole_folders import partial_folder, remove_stale_partials
from harness.sweepschema import MANIFEST_VERSION, manifest_problem, record_problem

__all__ = ["MANIFEST_VERSION", "RETRIED_ERRORS", "RUNS", "STOPPED_RUNS", "RecordWriter", "SweepDir", "record_line", "sweep_folders"]

MANIFEST = "manifest.json"
RUNS = "runs.jsonl"
STOPPED_RUNS = "stopped_runs.jsonl"
RETRIED_ERRORS = "retried_errors.jsonl"
TRACES = "traces"
LOCK = ".lock"
# Far above anything a sweep writes (a 100k-run manifest is ~20 MB, a record ~100 KB), low
# enough that a hostile file is refused before it is read into memory.
MAX_MANIFEST_BYTES = 512 * 1024 * 1024
MAX_RECORD_BYTES = 32 * 1024 * 1024


def record_line(record: RunRecord) -> str:
    """One line of runs.jsonl (half a character, from a provider's error body say, becomes
    U+FFFD: the line must be writable as UTF-8, see ``core.text``)."""
    return scrub_text(json.dumps(record.to_dict(), default=str, ensure_ascii=False)) + "\n"


def _command_line() -> str:
    """This process's command line for the lock file, without any key given as a flag."""
    words, hide_next = [], False
    for word in sys.argv:
        name, eq, _ = word.partition("=")
        secret = any(s in name.lower() for s in ("key", "token", "secret", "password")) and name.startswith("-")
        words.append(MASK if hide_next else f"{name}={MASK}" if secret and eq else word)
        hide_next = secret and not eq
    return redact_text(" ".join(words))[:300]


def sweep_folders(runs_dir: Path) -> list[Path]:
    """The sweep folders in ``runs_dir``, oldest first (their names are UTC times): those
    with a manifest, never a hidden one (a sweep being created, or killed while it was)."""
    if not runs_dir.is_dir():
        return []
    found = (p for p in runs_dir.iterdir() if not p.name.startswith(".") and (p / MANIFEST).is_file())
    return sorted(found, key=lambda p: stamped_order(p.name))


@dataclass
class SweepDir:
    path: Path

    @property
    def manifest_path(self) -> Path:
        return self.path / MANIFEST

    @property
    def runs_path(self) -> Path:
        return self.path / RUNS

    @property
    def stopped_path(self) -> Path:
        return self.path / STOPPED_RUNS

    @property
    def traces_dir(self) -> Path:
        return self.path / TRACES

    def trace_path(self, run_id: str) -> Path:
        return self.traces_dir / f"{run_id}.jsonl"

    @classmethod
    def create(cls, runs_dir: Path, first_manifest: Callable[[SweepDir], dict[str, Any]]) -> SweepDir:
        """A new sweep folder ``<UTC time>`` under ``runs_dir`` ("-2", "-3"... when another
        was made in the same second) with ``traces/`` and the manifest ``first_manifest``
        gives for it. It is made under a hidden name and renamed into place, so it appears
        with its manifest or not at all: a kill meanwhile leaves no folder that ``--resume``
        refuses, only a hidden one that no listing of sweeps shows, and the next sweep made
        there removes once it is stale."""
        runs_dir.mkdir(parents=True, exist_ok=True)
        remove_stale_partials(runs_dir)
        stamp = utc_stamp()
        partial = partial_folder(runs_dir / stamp)
        partial.mkdir()
        try:
            (partial / TRACES).mkdir()
            for name in stamped_names(stamp):
                path = runs_dir / name
                if os.path.lexists(path):  # a rename would replace an empty folder
                    continue
                write_json_atomic(partial / MANIFEST, first_manifest(cls(path)))  # it names the folder
                try:
                    partial.rename(path)
                except OSError as exc:
                    if exc.errno not in (errno.EEXIST, errno.ENOTEMPTY):
                        raise
                    continue  # another sweep took the name meanwhile
                return cls(path)
            raise AssertionError("stamped_names never ends")
        except BaseException:
            shutil.rmtree(partial, ignore_errors=True)
            raise

    @classmethod
    def open(cls, path: Path) -> SweepDir:
        sweep = cls(Path(path))
        if not sweep.manifest_path.is_file():
            raise UserError(
                f"{path} is not a sweep folder (no {MANIFEST})",
                "pass a folder under bench_runs/ written by `python bench.py`",
            )
        return sweep

    @contextmanager
    def lock(self) -> Iterator[None]:
        """Own the folder for the duration (an OS lock, released by the OS if the process
        dies, so a killed sweep never blocks its resume); UserError naming the holder when
        another process owns it."""
        try:
            handle = (self.path / LOCK).open("a+", encoding="utf-8")
        except OSError as exc:
            raise UserError(f"cannot lock {self.path}: {exc.strerror or exc}", "fix the folder's permissions") from None
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            handle.close()
            raise UserError(
                f"{self.path} is in use by {holder}",
                "wait for that process to finish (or stop it); one process at a time runs a sweep",
            ) from None
        since = datetime.now(UTC).isoformat(timespec="seconds")
        handle.seek(0)
        handle.truncate()
        handle.write(f"pid {os.getpid()} on {socket.gethostname()} since {since} ({_command_line()})\n")
        handle.flush()
        try:
            yield
        finally:
            handle.truncate(0)
            handle.close()

    def read_manifest(self) -> dict[str, Any]:
        try:
            size = self.manifest_path.stat().st_size
            if size > MAX_MANIFEST_BYTES:
                raise UserError(f"{self.manifest_path} is {size / 1e6:.0f} MB, over the {MAX_MANIFEST_BYTES / 1e6:.0f} MB a manifest may be",
                                "pass a folder written by `python bench.py`")
            data = json.loads(self.manifest_path.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError) as exc:  # ValueError: bad JSON or not UTF-8
            raise UserError(f"cannot read {self.manifest_path}: {_reason(exc)}", "the sweep folder is damaged; run the sweep again") from None
        found = manifest_problem(data)
        if found:
            raise UserError(f"{self.manifest_path} is not a sweep manifest this version reads: {found}",
                            "pass a folder written by `python bench.py` (a newer version's sweeps need that version)")
        return data

    def write_manifest(self, data: dict[str, Any]) -> None:
        write_json_atomic(self.manifest_path, data)

    def read_records(self, *, repair: bool = False) -> list[RunRecord]:
        """Every complete record; with ``repair`` a final line cut short by a kill is removed."""
        return list(self.each_record(repair=repair))

    def each_record(self, path: Path | None = None, *, repair: bool = False, statuses: tuple[str, ...] = STATUSES) -> Iterator[RunRecord]:
        """The records of runs.jsonl (or ``path``) one at a time, never the whole file in
        memory. A last line cut short by a kill is skipped (and, with ``repair``, removed
        once the file has been read to its end); any other bad line is a UserError naming
        its number."""
        path = path or self.runs_path
        if not path.is_file():
            return
        good_end = 0
        with path.open("rb") as handle:
            for number, line in enumerate(iter(lambda: handle.readline(MAX_RECORD_BYTES + 1), b""), 1):
                at_end = not handle.peek(1)
                if not line.endswith(b"\n"):
                    if len(line) > MAX_RECORD_BYTES:
                        raise UserError(f"{path}:{number}: the line is over {MAX_RECORD_BYTES // 2**20} MB", "remove that line, then resume")
                    break  # the last record was being written when the process died
                try:
                    data = json.loads(line)
                except (ValueError, RecursionError) as exc:
                    if at_end:
                        break  # a final line that is not whole JSON: cut short, done again
                    raise UserError(f"{path}:{number}: a corrupt line ({_reason(exc)})", "remove that line, then resume (the run is done again)") from None
                found = record_problem(data, statuses) or (
                    f"its text holds half a character (a lone UTF-16 surrogate, {broken})" if (broken := lone_surrogate(data)) else None
                )
                if found:
                    raise UserError(f"{path}:{number}: not a run record: {found}", "remove that line, then resume (the run is done again)")
                try:
                    record = RunRecord.from_dict(data)
                except (TypeError, ValueError, KeyError) as exc:
                    raise UserError(f"{path}:{number}: not a run record: {exc}", "remove that line, then resume (the run is done again)") from None
                good_end = handle.tell()
                yield record
            size = handle.seek(0, os.SEEK_END)
        if repair and good_end < size:
            with path.open("r+b") as handle:
                handle.truncate(good_end)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, RecursionError):
        return "JSON nested too deeply"
    if isinstance(exc, UnicodeDecodeError):
        return f"not UTF-8 text (byte {exc.start})"
    if isinstance(exc, json.JSONDecodeError):
        return json_error(exc)
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    return str(exc)


class RecordWriter:
    """Appends records to runs.jsonl, one fsynced line each, from any task or thread."""

    def __init__(self, path: Path):
        self._lock = threading.Lock()
        self._handle = path.open("a", encoding="utf-8")

    def append(self, record: RunRecord) -> None:
        line = record_line(record)
        with self._lock:
            self._handle.write(line)
            self._handle.flush()
            os.fsync(self._handle.fileno())

    def close(self) -> None:
        self._handle.close()
