"""On-disk response cache (SQLite), on by default.

Keyed by provider, model, base URL, system prompt, messages, tools, sampling parameters and
the run number (so run 2 of a question is its own sample, not a replay of run 1). A rerun
of a sweep replays every call for free and identically: what CI needs. The key is a hash,
so the full base URL (with any credential in it) tells servers apart without being stored;
the ``model`` column holds the spec's redacted label. A damaged database file is a
``UserError`` naming it, never a traceback halfway through a sweep.
"""
from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from pathlib import Path

from core.errors import UserError
from core.llm.base import ModelSpec
from core.llm.types import Completion, CompletionRequest


def cache_key(spec: ModelSpec, request: CompletionRequest, run_number: int) -> str:
    payload = request.to_dict()
    payload.pop("role", None)  # the role is ours, not the vendor's: it never changes a reply
    payload.update(provider=spec.provider, model=spec.model, base_url=spec.base_url or "", run_number=run_number)
    return hashlib.sha256(json.dumps(payload, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def damaged_cache(path: Path, exc: Exception) -> UserError:
    """The one-line error for a cache database that cannot be used."""
    if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
        return UserError(f"the cache {path} is locked by another process ({exc})", "wait for it to finish, or pass --no-cache")
    if isinstance(exc, OSError) or any(word in str(exc) for word in ("readonly", "unable to open")):
        # A folder it cannot write is no damage: deleting the file would not help.
        return UserError(f"cannot write the cache {path} ({exc})", "fix its folder's permissions, pass --cache-dir elsewhere, or pass --no-cache")
    return UserError(
        f"the cache {path} is damaged or not a SQLite database ({exc})",
        "delete it (it is only a cache: replies are fetched again) or pass --no-cache",
    )


def open_cache_db(path: Path, schema: str) -> sqlite3.Connection:
    """A connection to a cache database with ``schema`` applied; UserError if it is damaged."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(str(path), check_same_thread=False, timeout=30)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute(schema)
        db.commit()
    except (sqlite3.DatabaseError, OSError) as exc:
        raise damaged_cache(path, exc) from None
    return db


class ResponseCache:
    def __init__(self, path: Path):
        self.path = path
        self._lock = threading.Lock()
        self._db = open_cache_db(
            path, "CREATE TABLE IF NOT EXISTS responses (key TEXT PRIMARY KEY, model TEXT, completion TEXT, created REAL)"
        )

    def get(self, key: str) -> Completion | None:
        try:
            with self._lock:
                row = self._db.execute("SELECT completion FROM responses WHERE key = ?", (key,)).fetchone()
            if row is None:
                return None
            completion = Completion.from_dict(json.loads(row[0]))
        except (sqlite3.DatabaseError, ValueError, TypeError, KeyError) as exc:
            raise damaged_cache(self.path, exc) from None
        completion.cached = True
        return completion

    def put(self, key: str, model: str, completion: Completion) -> None:
        import time

        try:
            with self._lock:
                self._db.execute(
                    "INSERT OR REPLACE INTO responses VALUES (?, ?, ?, ?)",
                    (key, model, json.dumps(completion.to_dict()), time.time()),
                )
                self._db.commit()
        except sqlite3.OperationalError:
            raise  # the disk (full, unwritable), not the cache: the sweep stops and says so
        except sqlite3.DatabaseError as exc:
            raise damaged_cache(self.path, exc) from None

    def close(self) -> None:
        with self._lock:
            self._db.close()
