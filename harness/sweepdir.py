"""A sweep's folder: ``manifest.json``, ``runs.jsonl`` and ``traces/``.

``runs.jsonl`` is append-only and each record is flushed and fsynced as its run finishes,
so a killed sweep loses only the runs in flight. A record cut short by a kill is detected
on resume and dropped (the run is simply done again). The manifest is replaced atomically.
"""
from __future__ import annotations

import json
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.errors import UserError
from core.files import new_stamped_folder, write_json_atomic
from core.records import RunRecord

MANIFEST = "manifest.json"
RUNS = "runs.jsonl"
TRACES = "traces"
MANIFEST_VERSION = 1


def record_line(record: RunRecord) -> str:
    """One line of runs.jsonl."""
    return json.dumps(record.to_dict(), default=str, ensure_ascii=False) + "\n"


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
    def traces_dir(self) -> Path:
        return self.path / TRACES

    def trace_path(self, run_id: str) -> Path:
        return self.traces_dir / f"{run_id}.jsonl"

    @classmethod
    def create(cls, runs_dir: Path) -> SweepDir:
        path = new_stamped_folder(runs_dir)
        (path / TRACES).mkdir()
        return cls(path)

    @classmethod
    def open(cls, path: Path) -> SweepDir:
        sweep = cls(Path(path))
        if not sweep.manifest_path.is_file():
            raise UserError(
                f"{path} is not a sweep folder (no {MANIFEST})",
                "pass a folder under bench_runs/ written by `python bench.py`",
            )
        return sweep

    def read_manifest(self) -> dict[str, Any]:
        try:
            data = json.loads(self.manifest_path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise UserError(f"cannot read {self.manifest_path}: {exc}", "the sweep folder is damaged; run the sweep again") from None
        if not isinstance(data, dict) or "config" not in data:
            raise UserError(f"{self.manifest_path} is not a sweep manifest", "pass a folder written by `python bench.py`")
        return data

    def write_manifest(self, data: dict[str, Any]) -> None:
        write_json_atomic(self.manifest_path, data)

    def read_records(self, *, repair: bool = False) -> list[RunRecord]:
        """Every complete record; with ``repair`` a final line cut short by a kill is removed."""
        if not self.runs_path.is_file():
            return []
        raw = self.runs_path.read_bytes()
        records: list[RunRecord] = []
        good_end = 0
        position = 0
        for line in raw.splitlines(keepends=True):
            position += len(line)
            if not line.endswith(b"\n"):
                break  # the last record was being written when the process died
            try:
                records.append(RunRecord.from_dict(json.loads(line)))
                good_end = position
            except (json.JSONDecodeError, TypeError, KeyError):
                if position == len(raw):
                    break
                raise UserError(f"{self.runs_path} has a corrupt line", "remove it, then resume") from None
        if repair and good_end < len(raw):
            with self.runs_path.open("r+b") as handle:
                handle.truncate(good_end)
        return records


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
