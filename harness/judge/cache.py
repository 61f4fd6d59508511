"""Verdict cache (SQLite): re-judging a sweep costs nothing.

Keyed by question, gold answer, answer, rubric version, judge model and sample number
(with ``--judge-runs K`` each of the K samples is its own entry).
"""
from __future__ import annotations

import hashlib
import json
import threading
from pathlib import Path
from typing import Any

from core.llm.cache import open_cache_db


def verdict_key(question: str, gold: str, answer: str, rubric: str, judge_model: str, sample: int) -> str:
    payload = json.dumps([question, gold, answer, rubric, judge_model, sample], ensure_ascii=False)
    return hashlib.sha256(payload.encode()).hexdigest()


class VerdictCache:
    def __init__(self, path: Path):
        self._lock = threading.Lock()
        self._db = open_cache_db(path, "CREATE TABLE IF NOT EXISTS verdicts (key TEXT PRIMARY KEY, value TEXT)")

    def get(self, key: str) -> dict[str, Any] | None:
        with self._lock:
            row = self._db.execute("SELECT value FROM verdicts WHERE key = ?", (key,)).fetchone()
        return json.loads(row[0]) if row else None

    def put(self, key: str, value: dict[str, Any]) -> None:
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO verdicts VALUES (?, ?)", (key, json.dumps(value)))
            self._db.commit()

    def close(self) -> None:
        with self._lock:
            self._db.close()
