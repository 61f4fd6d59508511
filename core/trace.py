"""Per-run trace files: one JSON event per line, flushed as it happens.

A trace is what a person reads to learn *why* a run did what it did: every model call with
its usage, every tool call with its arguments and a truncated result, findings, plans and
errors. Large text is cut to ``MAX_TEXT`` characters so traces stay browsable.
"""
from __future__ import annotations

import json
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

from core.text import scrub_text

MAX_TEXT = 2000


def truncate(value: Any, limit: int = MAX_TEXT) -> Any:
    if isinstance(value, str) and len(value) > limit:
        return value[:limit] + f"... [{len(value) - limit} more chars]"
    if isinstance(value, dict):
        return {k: truncate(v, limit) for k, v in value.items()}
    if isinstance(value, list):
        return [truncate(v, limit) for v in value]
    return value


class Trace:
    def __init__(self, path: Path | None = None):
        self.path = path
        self._handle: TextIO | None = None
        self._start = time.monotonic()

    def event(self, name: str, /, **data: Any) -> None:
        if self.path is None:
            return
        if self._handle is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._handle = self.path.open("a", encoding="utf-8")
        record = {
            "ts": datetime.now(UTC).isoformat(timespec="milliseconds"),
            "ms": round((time.monotonic() - self._start) * 1000, 1),
            "event": name,
            **truncate(data),
        }
        self._handle.write(json.dumps(scrub_text(record), default=str) + "\n")  # see core.text
        self._handle.flush()

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None


def read_trace(path: Path) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    if not path.is_file():
        return events
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            event = json.loads(line)
        except json.JSONDecodeError:
            continue  # a line cut short by a kill mid-write
        if isinstance(event, dict):  # every reader may rely on events being objects
            events.append(event)
    return events
