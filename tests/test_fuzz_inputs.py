"""Whatever is in a questions file, a manifest or a record, the CLIs end with exit 0 or a
one-line error and exit 2: never a traceback.

Hypothesis mutates real inputs (FinanceBench rows, the manifest and records of a real
sweep) structurally (a key dropped, a value of another type, a list where an object was)
and byte by byte (cut short, a byte changed, invalid UTF-8, deep nesting), then runs
``bench.py`` (planning a sweep, ``--resume``) and ``analyze.py`` in-process. Derandomized
with a fixed number of examples, so CI sees the same cases every time (``FUZZ_EXAMPLES=N``
runs N of each, to dig deeper by hand).
"""
from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import analyze
import bench
from core.paths import QUESTIONS_DIR


def fuzz(examples: int) -> settings:
    """Fixed, derandomized examples (~25 s in all on CI); FUZZ_EXAMPLES=500 digs deeper locally."""
    return settings(
        max_examples=int(os.environ.get("FUZZ_EXAMPLES", examples)), derandomize=True, deadline=None, database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.data_too_large],
    )


# Long strings too: a name of 300 characters is a file name no file system takes.
SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30) | st.integers(250, 5000).map(lambda n: "x" * n)
JSON_VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3), max_leaves=8)


@st.composite
def mutated(draw: st.DrawFn, value: Any, depth: int = 0) -> Any:
    """``value`` with a few structural changes somewhere inside it."""
    if depth > 4 or draw(st.integers(0, 9)) == 0:
        return draw(JSON_VALUES)  # replaced by anything
    if isinstance(value, dict) and value:
        out = dict(value)
        for _ in range(draw(st.integers(1, 3))):
            key = draw(st.sampled_from(sorted(out) or ["x"]))
            action = draw(st.sampled_from(["drop", "change", "mutate", "add"]))
            if action == "drop":
                out.pop(key, None)
            elif action == "change":
                out[key] = draw(JSON_VALUES)
            elif action == "add":
                out[draw(st.text(max_size=8))] = draw(JSON_VALUES)
            elif key in out:
                out[key] = draw(mutated(out[key], depth + 1))
        return out
    if isinstance(value, list) and value:
        out = list(value)
        index = draw(st.integers(0, len(out) - 1))
        out[index] = draw(mutated(out[index], depth + 1))
        return out
    return draw(JSON_VALUES)


@st.composite
def mutated_at(draw: st.DrawFn, value: dict[str, Any], paths: list[tuple[str, ...]]) -> Any:
    """``value`` mutated at one of ``paths`` (() is the whole value), so that the parts
    readers lean on most (a manifest's config, a record's usage) are hit often."""
    path = draw(st.sampled_from(paths))
    if not path:
        return draw(mutated(value))
    out = json.loads(json.dumps(value))
    parent = out
    for key in path[:-1]:
        parent = parent.get(key) if isinstance(parent, dict) else None
    if isinstance(parent, dict):
        parent[path[-1]] = draw(mutated(parent.get(path[-1])))
    return out


MANIFEST_PARTS = [(), ("config",), ("config", "options"), ("config", "budgets"), ("config", "models"), ("config", "runs"),
                  ("config", "concurrency"), ("config", "questions_file"), ("environment",), ("environment", "indexes"), ("runs",), ("version",)]
RECORD_PARTS = [(), ("usage",), ("usage", "by_role"), ("findings",), ("failed_searches",), ("provenance",), ("tool_stats",), ("status",),
                ("run_id",), ("trace_path",), ("duration_ms",), ("pages_fetched",), ("plan",), ("sources",)]


@st.composite
def damaged_bytes(draw: st.DrawFn, data: bytes) -> bytes:
    """``data`` cut short, with bytes changed, invalid UTF-8 or deep nesting spliced in."""
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(data)))
        action = draw(st.sampled_from(["cut", "byte", "utf8", "nest", "noise"]))
        if action == "cut":
            data = data[:at]
        elif action == "byte":
            data = data[:at] + bytes([draw(st.integers(0, 255))]) + data[at + 1:]
        elif action == "utf8":
            data = data[:at] + b"\xc3\x28\xff" + data[at:]
        elif action == "nest":
            data = data[:at] + b"[" * 50_000 + data[at:]
        else:
            data = data[:at] + draw(st.binary(max_size=40)) + data[at:]
    return data


def assert_clean_exit(result: Result, what: str) -> None:
    shown = result.output
    assert "Traceback" not in shown, f"{what}: {shown}"
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"{what} raised {type(result.exception).__name__}: {result.exception}") from result.exception
    assert result.exit_code in (0, 2), f"{what} exited {result.exit_code}: {shown}"
    if result.exit_code == 2:
        last = shown.strip().splitlines()[-1]
        assert last.startswith("error: ") and " -- " in last, f"{what}: {shown}"


@pytest.fixture(scope="module")
def real_sweep(tmp_path_factory) -> Path:
    """A finished offline sweep of one question in two modes: the inputs to mutate."""
    runs = tmp_path_factory.mktemp("fuzz-base")
    result = CliRunner().invoke(bench.cli, ["--test-set", "3M_2022_10K", "--question", "01865", "--modes", "simple,agent", "--runs-dir", str(runs),
                                            "--no-cache", "--no-progress", "--no-report"])
    assert result.exit_code == 0, result.output
    return next(runs.iterdir())


QUESTION_ROWS = [json.loads(line) for line in (QUESTIONS_DIR / "financebench_open_source.jsonl").read_text().splitlines()
                 if '"3M_2022_10K"' in line]


@fuzz(60)
@given(data=st.data())
def test_questions_files(data: st.DataObject) -> None:
    rows = [data.draw(mutated(row)) if data.draw(st.booleans()) else row for row in QUESTION_ROWS]
    content = "\n".join(json.dumps(row) for row in rows).encode()
    if data.draw(st.booleans()):
        content = data.draw(damaged_bytes(content))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "questions.jsonl").write_bytes(content)
        (folder / "pdfs").mkdir()
        result = CliRunner().invoke(bench.cli, [
            "--questions", str(folder / "questions.jsonl"), "--test-set", "3M_2022_10K", "--modes", "simple",
            "--pdf-dir", str(folder / "pdfs"), "--runs-dir", str(folder / "runs"), "--index-dir", str(folder / "idx"),
            "--cache-dir", str(folder / "cache"), "--no-progress", "--no-report",
        ])
        assert_clean_exit(result, "bench.py --questions")
        assert result.exit_code == 2  # no PDF is present: at best "none of the questions has its PDF"


def _resume_and_analyze(folder: Path, cache: Path) -> None:
    resumed = CliRunner().invoke(bench.cli, ["--resume", str(folder), "--cache-dir", str(cache), "--no-progress", "--no-report"])
    assert_clean_exit(resumed, "bench.py --resume")
    analysed = CliRunner().invoke(analyze.cli, [str(folder), "--out", str(folder.parent / "report"), "--no-cache", "--no-progress"])
    assert_clean_exit(analysed, "analyze.py")


@fuzz(30)
@given(data=st.data())
def test_manifests(real_sweep: Path, data: st.DataObject) -> None:
    manifest = json.loads((real_sweep / "manifest.json").read_text())
    content = json.dumps(data.draw(mutated_at(manifest, MANIFEST_PARTS))).encode()
    if data.draw(st.integers(0, 3)) == 0:
        content = data.draw(damaged_bytes(content))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "sweep"
        shutil.copytree(real_sweep, folder)
        (folder / "manifest.json").write_bytes(content)
        _resume_and_analyze(folder, Path(tmp) / "cache")


@fuzz(25)
@given(data=st.data())
def test_records(real_sweep: Path, data: st.DataObject) -> None:
    lines = (real_sweep / "runs.jsonl").read_bytes().splitlines(keepends=True)
    index = data.draw(st.integers(0, len(lines) - 1))
    lines[index] = json.dumps(data.draw(mutated_at(json.loads(lines[index]), RECORD_PARTS))).encode() + b"\n"
    content = b"".join(lines)
    if data.draw(st.integers(0, 3)) == 0:
        content = data.draw(damaged_bytes(content))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "sweep"
        shutil.copytree(real_sweep, folder)
        (folder / "runs.jsonl").write_bytes(content)
        _resume_and_analyze(folder, Path(tmp) / "cache")
