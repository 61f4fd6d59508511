"""A scripted model from the command line: exact, repeatable replies through every mode,
judged by a scripted judge and gated exactly; a missing or malformed script stops the
sweep with one line and exit code 2 before anything is written."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from core.llm.providers.scripted import SCRIPTS_DIR
from core.paths import PROJECT_ROOT


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=600)


def sweep(tmp_path: Path, model: str, *extra: str) -> subprocess.CompletedProcess:
    """The three questions of the bundled Best Buy 10-Q, every mode unless ``extra`` narrows it."""
    return cli("bench.py", "--models", model, "--test-set", "BESTBUY", "--runs-dir", str(tmp_path / "runs"), "--index-dir", str(tmp_path / "idx"),
               "--cache-dir", str(tmp_path / "cache"), "--no-progress", "--no-report", *extra)


@pytest.fixture(scope="module")
def plumbing(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("plumbing")
    done = sweep(tmp, "scripted:plumbing")
    assert done.returncode == 0, done.stderr
    return tmp


def records(folder: Path) -> list[dict]:
    (sweep_dir,) = (folder / "runs").iterdir()
    return [json.loads(line) for line in (sweep_dir / "runs.jsonl").read_text().splitlines()]


def test_every_mode_walks_its_whole_path(plumbing):
    by_mode = {r["mode"]: r for r in records(plumbing)}
    assert {m: (r["status"], r["llm_calls"], r["usage"]["total"]) for m, r in by_mode.items()} == {
        "simple": ("ok", 2, 2200), "agent": ("ok", 2, 2200), "planner": ("ok", 5, 5500), "iterative": ("ok", 9, 9900)}
    iterative, planner, agent = by_mode["iterative"], by_mode["planner"], by_mode["agent"]
    assert iterative["iterations"] == 4 and iterative["findings_count"] == 1 and len(iterative["failed_searches"]) == 3
    assert planner["tasks_executed"] == 2 and planner["replans"] == 0
    assert agent["tool_calls"] == 2 and agent["answer"] == "Scripted answer from the agent path [scripted answer]."
    assert not iterative["usage"]["estimated"]  # the script's counts, not estimates


def test_the_scripted_judge_and_the_plumbing_gate_check_exact_figures_and_coverage(plumbing):
    done = cli("analyze.py", "--runs-dir", str(plumbing / "runs"), "--judge", "--judge-model", "scripted:judge", "--gate",
               "budgets_plumbing.toml", "--out", str(plumbing / "report"), "--no-progress")
    assert "verdicts by method: llm 12" in done.stdout
    verdicts = [json.loads(line) for line in (plumbing / "report" / "verdicts.jsonl").read_text().splitlines()]
    assert {v["label"] for v in verdicts} == {"correct"}
    # Every exact figure holds, but this sweep ran 3 of the sample's 21 questions: it must not pass.
    failed = [line for line in done.stdout.splitlines() if line.startswith("FAIL ")]
    assert done.returncode == 1 and len(failed) == 4 and all(" min_questions: " in line for line in failed), done.stdout
    assert "gate FAILED: 20/24 checks passed" in done.stdout


def test_a_gate_that_expects_other_figures_fails(plumbing, tmp_path):
    budgets = tmp_path / "budgets.toml"
    budgets.write_text('[cells."scripted:plumbing/iterative"]\nmin_mean_tokens = 12100\n')
    done = cli("analyze.py", "--runs-dir", str(plumbing / "runs"), "--judge", "--judge-model", "scripted:judge", "--gate", str(budgets),
               "--out", str(tmp_path / "report"), "--no-progress")
    assert done.returncode == 1 and "FAIL scripted:plumbing/iterative min_mean_tokens" in done.stdout


def test_an_edited_script_file_is_replayed_as_edited_not_from_the_cache(tmp_path):
    script = json.loads((SCRIPTS_DIR / "plumbing.json").read_text())
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(script))
    assert sweep(tmp_path, f"scripted:{path}", "--modes", "simple").returncode == 0
    script["roles"]["answerer"][0]["json"]["answer"] = "An edited answer."
    path.write_text(json.dumps(script))
    assert sweep(tmp_path, f"scripted:{path}", "--modes", "simple").returncode == 0
    answers = {json.loads(line)["answer"] for folder in (tmp_path / "runs").iterdir() for line in (folder / "runs.jsonl").read_text().splitlines()}
    assert answers == {"An edited answer.", "Scripted answer from the simple path [scripted answer]."}


@pytest.mark.parametrize(
    "content, message",
    [
        (None, "does not exist"),
        ("{not json", "not a readable JSON script"),
        ('{"roles": {"agent": []}}', "roles.agent must be a non-empty list"),
        ('{"roles": {"agent": [{"when": {"turn": "one"}, "text": "x"}]}}', "when may hold turn"),
        ('{"roles": {"agent": [{"txt": "x"}]}}', "needs text, json or tool_calls"),
        ('{"roles": {"agent": [{"tool_calls": [{"name": "return", "arguments": "yes"}]}]}}', "tool_calls must be a list"),
        ('{"usage": {"input": -5}, "roles": {"agent": [{"text": "x"}]}}', "usage must be"),
    ],
)
def test_a_missing_or_malformed_script_stops_before_any_run(tmp_path, content, message):
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content)
    done = sweep(tmp_path, f"scripted:{path}")
    assert done.returncode == 2 and message in done.stderr and len(done.stderr.strip().splitlines()) <= 2
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").iterdir())


def test_an_unknown_built_in_script_names_the_ones_there_are(tmp_path):
    done = sweep(tmp_path, "scripted:no_such_script")
    assert done.returncode == 2 and "judge, plumbing" in done.stderr
