"""What a sweep folder's files must look like before anything reads them.

A manifest or a record is checked against the types of the dataclasses that write it
(``RunRecord``, ``RetrievalResult``, ``ModeOptions``, ``Budgets``...), so a damaged or
hostile file is refused with the path of the bad value ("usage.by_role.agent.total is
text, not an integer") instead of failing somewhere deep in a report. Keys a reader does
not know are ignored, as the record contract promises.
"""
from __future__ import annotations

import dataclasses
import functools
import re
import types
import typing
from collections.abc import Callable
from typing import Any

from core.records import STATUSES, RunRecord
from core.results import RetrievalResult
from harness.config import Budgets
from retrievers.base import ModeOptions

MANIFEST_VERSION = 1
# A run id names its trace file: one file name (no separator, no control character, no
# leading dot, so never "." or ".."), and trace_path is that file in traces/.
SAFE_RUN_ID = re.compile(r"[^./\\\x00-\x1f][^/\\\x00-\x1f]{0,239}")
TRACE_PATH = re.compile(r"traces/[^./\\\x00-\x1f][^/\\\x00-\x1f]{0,239}\.jsonl")

_NAMES = {bool: "true or false", int: "an integer", float: "a number", str: "text", list: "a list", dict: "an object", type(None): "null"}


def _kind(value: Any) -> str:
    return _NAMES.get(type(value), type(value).__name__)


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def problem(value: Any, hint: Any, where: str) -> str | None:
    """Why ``value`` (parsed JSON) does not fit the type ``hint``, or None when it does.
    Dataclass types stand for objects whose known keys have the fields' types."""
    if hint is Any or hint is object:
        return None
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(hint)
        if any(problem(value, option, where) is None for option in options):
            return None
        return f"{where} is {_kind(value)}, not {' or '.join(_NAMES.get(o, getattr(o, '__name__', str(o))) for o in options)}"
    if hint is type(None):
        return None if value is None else f"{where} is {_kind(value)}, not null"
    if hint is bool:
        return None if isinstance(value, bool) else f"{where} is {_kind(value)}, not true or false"
    if hint is int:
        return None if isinstance(value, int) and not isinstance(value, bool) else f"{where} is {_kind(value)}, not an integer"
    if hint is float:
        return None if isinstance(value, (int, float)) and not isinstance(value, bool) else f"{where} is {_kind(value)}, not a number"
    if hint is str:
        return None if isinstance(value, str) else f"{where} is {_kind(value)}, not text"
    if origin is list or hint is list:
        if not isinstance(value, list):
            return f"{where} is {_kind(value)}, not a list"
        (item,) = typing.get_args(hint) or (Any,)
        for index, element in enumerate(value):
            found = problem(element, item, f"{where}[{index}]")
            if found:
                return found
        return None
    if origin is dict or hint is dict:
        if not isinstance(value, dict):
            return f"{where} is {_kind(value)}, not an object"
        _, item = typing.get_args(hint) or (str, Any)
        for key, element in value.items():
            found = problem(element, item, f"{where}.{key}")
            if found:
                return found
        return None
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        if not isinstance(value, dict):
            return f"{where} is {_kind(value)}, not an object"
        return fields_problem(value, _hints(hint), where)
    return None  # a type the files never hold: nothing to check


@functools.cache
def _fits(hint: Any) -> Callable[[Any], bool]:
    """A predicate equal to ``problem(value, hint, ...) is None``, built once per type.

    A big sweep has hundreds of thousands of values to check and nearly all of them fit:
    the predicate decides without reading the type again or naming a path, and ``problem``
    is asked only for the rare value that does not fit, to say why."""
    if hint is Any or hint is object:
        return lambda value: True
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = [_fits(option) for option in typing.get_args(hint)]
        return lambda value: any(fits(value) for fits in options)
    if hint is type(None):
        return lambda value: value is None
    if hint is bool:
        return lambda value: isinstance(value, bool)
    if hint is int:
        return lambda value: isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return lambda value: isinstance(value, (int, float)) and not isinstance(value, bool)
    if hint is str:
        return lambda value: isinstance(value, str)
    if origin is list or hint is list:
        (item,) = typing.get_args(hint) or (Any,)
        element_fits = _fits(item)
        return lambda value: isinstance(value, list) and all(element_fits(element) for element in value)
    if origin is dict or hint is dict:
        _, item = typing.get_args(hint) or (str, Any)
        element_fits = _fits(item)
        return lambda value: isinstance(value, dict) and all(element_fits(element) for element in value.values())
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        field_fits = {key: _fits(field_hint) for key, field_hint in _hints(hint).items()}
        return lambda value: isinstance(value, dict) and all(
            field_fits[key](element) for key, element in value.items() if key in field_fits
        )
    return lambda value: True  # a type the files never hold: nothing to check


def fields_problem(data: dict[str, Any], hints: dict[str, Any], where: str = "") -> str | None:
    for key, value in data.items():
        if key in hints and not _fits(hints[key])(value):
            found = problem(value, hints[key], f"{where}.{key}" if where else key)
            if found:
                return found
    return None


def _record_hints() -> dict[str, Any]:
    hints = {k: v for k, v in _hints(RetrievalResult).items() if k not in ("status", "reason")}
    hints.update({k: v for k, v in _hints(RunRecord).items() if k != "result"})
    hints.update(findings_count=int, failed_searches_count=int)
    return hints


RECORD_HINTS = _record_hints()
REQUIRED_RECORD_FIELDS = tuple(f.name for f in dataclasses.fields(RunRecord) if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)


def record_problem(data: Any, statuses: tuple[str, ...] = STATUSES) -> str | None:
    """Why one parsed line of runs.jsonl is not a run record, or None."""
    if not isinstance(data, dict):
        return f"a record is an object, not {_kind(data)}"
    missing = [name for name in REQUIRED_RECORD_FIELDS if name not in data]
    if missing:
        return f"the record lacks {', '.join(missing)}"
    found = fields_problem(data, RECORD_HINTS)
    if found:
        return found
    if data["status"] not in statuses:
        return f"status {str(data['status'])[:40]!r} is none of {', '.join(statuses)}"
    if not SAFE_RUN_ID.fullmatch(data["run_id"]):
        return f"run_id {data['run_id'][:80]!r} is not a plain name (it names the run's trace file)"
    trace_path = data.get("trace_path") or ""
    if trace_path and not TRACE_PATH.fullmatch(trace_path):
        return f"trace_path {trace_path[:80]!r} is not a file under traces/"
    return None


# The manifest's top-level keys and the config's, with the types the runner writes.
MANIFEST_TYPES: dict[str, Any] = {
    "version": int, "sweep_id": str, "created_at": str, "finished_at": str, "status": str, "stopped_reason": str,
    "error": str, "config": dict[str, Any], "environment": dict[str, Any], "resumed_environment": dict[str, Any],
    "questions": list[str], "skipped": list[dict[str, Any]], "runs": list[dict[str, Any]], "summary": dict[str, Any],
    "halted": dict[str, str], "question_sha256": dict[str, str],
}
ENVIRONMENT_TYPES: dict[str, Any] = {"packages": dict[str, Any], "indexes": dict[str, dict[str, Any]]}
CONFIG_TYPES: dict[str, Any] = {
    "models": list[str], "modes": list[str], "runs": int, "test_set": str, "question_filter": str | None,
    "questions_file": str, "pdf_dir": str, "index_dir": str, "index_model": str | None, "cache": bool,
    "concurrency": int | None, "options": ModeOptions, "budgets": Budgets, "openai_base_url": str | None,
    "timeout_s": float, "retry": dict[str, float],
}
CONFIG_PATHS = ("questions_file", "pdf_dir", "index_dir")
PLANNED_RUN_TYPES: dict[str, Any] = {"run_id": str, "question_id": str, "model": str, "mode": str, "run_number": int}


def path_problem(text: str) -> str | None:
    """Why ``text`` cannot name a file on this system (so every later stat would fail), or None."""
    if "\0" in text:
        return "has a NUL byte"
    if len(text.encode("utf-8", "surrogateescape")) > 4096 or any(len(part.encode("utf-8", "surrogateescape")) > 255 for part in text.split("/")):
        return "is too long for a path (names of at most 255 bytes, 4096 in all)"
    return None


def manifest_problem(data: Any) -> str | None:
    """Why a parsed manifest.json is not one this version reads, or None."""
    if not isinstance(data, dict):
        return f"the manifest is {_kind(data)}, not an object"
    if "version" not in data:
        return "the manifest has no version"
    found = fields_problem(data, MANIFEST_TYPES)
    if found:
        return found
    if data["version"] > MANIFEST_VERSION or data["version"] < 1:
        return f"manifest version {data['version']} is not one this pageindex-bench reads (1 to {MANIFEST_VERSION})"
    if not data.get("config"):
        return "the manifest has no config"
    for key in ("environment", "resumed_environment"):
        found = fields_problem(data.get(key) or {}, ENVIRONMENT_TYPES, key)
        if found:
            return found
    found = fields_problem(data["config"], CONFIG_TYPES, "config")
    if found:
        return found
    for key in CONFIG_PATHS:
        found = path_problem(data["config"].get(key) or "")
        if found:
            return f"config.{key} {found}"
    for index, run in enumerate(data.get("runs") or []):
        found = fields_problem(run, PLANNED_RUN_TYPES, f"runs[{index}]")
        if found:
            return found
    return None
