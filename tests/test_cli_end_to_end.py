"""The main loop as a user runs it: bench.py then analyze.py, through the CLI, on the
bundled 3M filing, checking the manifest, the records, the traces and the report."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from report_files import report_data

from core.paths import PROJECT_ROOT
from core.records import RunRecord

CONTRACT_FIELDS = {
    "run_id", "question_id", "doc_name", "model", "mode", "run_number", "status", "answer", "sources", "error",
    "duration_ms", "usage", "cost_usd", "llm_calls", "tool_calls", "turns", "iterations", "findings_count",
    "failed_searches", "replans", "tasks_executed", "pages_fetched", "evidence_hit", "trace_path",
}


def cli(*args: str) -> subprocess.CompletedProcess:
    # As on a fresh machine: no key, so the end-of-sweep report uses the offline judge.
    env = {k: v for k, v in os.environ.items() if k not in ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN")}
    return subprocess.run([sys.executable, *args], cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=600, env=env)


def _bench(runs_dir: Path, reports_dir: Path, runs: int) -> Path:
    done = cli("bench.py", "--test-set", "3M_2022_10K", "--runs", str(runs), "--runs-dir", str(runs_dir), "--reports-dir", str(reports_dir), "--no-progress")
    assert done.returncode == 0, done.stderr
    reports = [p for p in reports_dir.glob("*/index.html") if p.parent.name != "history"]  # the sweep ends with a judged report
    assert len(reports) == 1 and f"report: {reports[0]}" in done.stdout
    assert (reports_dir / "history" / "index.html").is_file()  # and lands in the history, whose page sits beside it
    assert "rule-based offline judge" in done.stdout and "not judged" not in done.stdout
    folders = list(runs_dir.iterdir())
    assert len(folders) == 1 and str(folders[0]) in done.stdout
    assert reports[0].parent.name.startswith(f"{folders[0].name}__offline__")
    return folders[0]


@pytest.fixture(scope="module")
def swept(tmp_path_factory) -> tuple[Path, Path]:
    reports = tmp_path_factory.mktemp("reports")
    return _bench(tmp_path_factory.mktemp("runs"), reports, 2), reports


@pytest.fixture(scope="module")
def sweep(swept) -> Path:
    return swept[0]


def _summary(reports_dir: Path) -> dict:
    (path,) = reports_dir.glob("*/summary.json")
    return json.loads(path.read_text())


def test_the_main_command_ends_with_a_judged_report_whose_intervals_ignore_reruns(swept, tmp_path_factory):
    sweep, reports = swept
    two_runs = _summary(reports)
    assert two_runs["judge"]["id"] == "offline" and two_runs["judge"]["unjudged"] == 0
    assert all(c["judged"] and c["accuracy"] is not None and c["unjudged"] == 0 for c in two_runs["cells"])
    assert (sweep / "verdicts" / "offline.jsonl").is_file()  # the judgement travels with the sweep
    # The offline model is deterministic: one run per question gives the same intervals.
    runs_dir, reports_dir = tmp_path_factory.mktemp("runs1"), tmp_path_factory.mktemp("reports1")
    _bench(runs_dir, reports_dir, 1)
    one_run = {c["cell"]: c for c in _summary(reports_dir)["cells"]}
    for cell in two_runs["cells"]:
        same = one_run[cell["cell"]]
        assert cell["n_runs"] == 2 * same["n_runs"] and cell["consistency"] == 1.0
        assert (cell["accuracy"], cell["accuracy_ci"]) == (same["accuracy"], same["accuracy_ci"])


def test_manifest_describes_the_sweep(sweep):
    manifest = json.loads((sweep / "manifest.json").read_text())
    assert manifest["status"] == "complete"
    assert manifest["config"]["modes"] == ["simple", "agent", "planner", "iterative"]
    assert manifest["config"]["models"] == ["offline"] and manifest["config"]["runs"] == 2
    assert len(manifest["questions"]) == 3 and len(manifest["runs"]) == 3 * 4 * 2
    assert manifest["environment"]["indexes"]["3M_2022_10K"]["pdf_sha256"]
    assert manifest["summary"]["finished"] == 24 and manifest["summary"]["cost_usd"] == 0
    assert "openai_api_key" not in json.dumps(manifest)


def test_records_follow_the_contract(sweep):
    lines = (sweep / "runs.jsonl").read_text().splitlines()
    assert len(lines) == 24
    records = [json.loads(line) for line in lines]
    assert len({r["run_id"] for r in records}) == 24
    for data in records:
        assert CONTRACT_FIELDS <= set(data)
        record = RunRecord.from_dict(data)
        assert record.status in ("ok", "fail", "error")
        assert record.usage.estimated and record.usage.total > 0 and set(record.usage.by_role)
        assert record.evidence_hit in (True, False)
        assert (sweep / record.trace_path).is_file()
    iterative = [r for r in records if r["mode"] == "iterative"]
    assert all(r["iterations"] >= 1 for r in iterative)
    planner = [r for r in records if r["mode"] == "planner"]
    assert all(r["planned_tasks"] >= 2 and r["plan"] for r in planner)
    # the offline policy is deterministic: run 2 repeats run 1
    by_key = {}
    for r in records:
        by_key.setdefault((r["mode"], r["question_id"]), set()).add(r["answer"])
    assert all(len(answers) == 1 for answers in by_key.values())


def test_analyze_writes_a_report_with_real_figures(sweep, tmp_path):
    out = tmp_path / "report"
    done = cli("analyze.py", str(sweep), "--judge", "--judge-model", "offline", "--out", str(out), "--no-cache", "--no-progress")
    assert done.returncode == 0, done.stderr
    assert str(out / "index.html") in done.stdout
    for name in ("index.html", "summary.md", "runs.csv", "runs.parquet", "verdicts.jsonl"):
        assert (out / name).is_file(), name
    data = report_data(out)
    assert len(data["runs"]["rows"]) == 24 and list((out / "details").glob("*.js"))
    assert "offline/iterative" in [row[0]["text"] for row in data["criteria"]["rows"]]
    verdicts = [json.loads(line) for line in (out / "verdicts.jsonl").read_text().splitlines()]
    assert len(verdicts) == 24 and all(v["label"] in ("correct", "incorrect", "refusal") for v in verdicts)


def test_analyze_without_a_run_dir_takes_the_latest_sweep(sweep, tmp_path):
    done = cli("analyze.py", "--runs-dir", str(sweep.parent), "--out", str(tmp_path / "r"), "--no-progress")
    assert done.returncode == 0, done.stderr
    assert sweep.name in done.stdout
