"""On-disk response cache (SQLite), on by default.

Keyed by provider, model, base URL, system prompt, messages, tools, sampling parameters and
the run number (so run 2 of a question is its own sample, not a replay of run 1). A rerun
of a sweep replays every call for free and identically: what CI needs.
"""
from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from pathlib import Path

from core.llm.base import ModelSpec
from core.llm.types import Completion, CompletionRequest


def cache_key(spec: ModelSpec, request: CompletionRequest, run_number: int) -> str:
    payload = request.to_dict()
    payload.pop("role", None)  # the role is ours, not the vendor's: it never changes a reply
    payload.update(provider=spec.provider, model=spec.model, base_url=spec.base_url or "", run_number=run_number)
    return hashlib.sha256(json.dumps(payload, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


class ResponseCache:
    def __init__(self, path: Path):
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(str(path), check_same_thread=False, timeout=30)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS responses (key TEXT PRIMARY KEY, model TEXT, completion TEXT, created REAL)"
        )
        self._db.commit()

    def get(self, key: str) -> Completion | None:
        with self._lock:
            row = self._db.execute("SELECT completion FROM responses WHERE key = ?", (key,)).fetchone()
        if row is None:
            return None
        completion = Completion.from_dict(json.loads(row[0]))
        completion.cached = True
        return completion

    def put(self, key: str, model: str, completion: Completion) -> None:
        import time

        with self._lock:
            self._db.execute(
                "INSERT OR REPLACE INTO responses VALUES (?, ?, ?, ?)",
                (key, model, json.dumps(completion.to_dict()), time.time()),
            )
            self._db.commit()

    def close(self) -> None:
        with self._lock:
            self._db.close()
