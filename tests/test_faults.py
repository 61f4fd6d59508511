"""Big sweeps meet faults: flaky providers, kills, Ctrl-C, full disks, unwritable folders.

The model is the offline policy served over the OpenAI wire protocol by a local server
(``tests/offline_server.py``), so every run goes through the real SDK and real HTTP.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from offline_server import offline_responder
from wire_server import Fault, Reply, ToolUse

from core.errors import UserError
from core.paths import PROJECT_ROOT
from harness.config import SweepConfig
from harness.runner.sweep import run_sweep


def corrupting(responder, every: int):
    """Every ``every``-th reply that calls a tool sends malformed JSON arguments instead."""
    count = {"calls": 0}

    def respond(request):
        reply = responder(request)
        if reply.tool_calls:
            count["calls"] += 1
            if count["calls"] % every == 0:
                call = reply.tool_calls[0]
                return Reply(reply.text, [ToolUse(call.name, '{"node_id": "consolidated_', call.id)])
        return reply

    return respond


def slowly(responder, seconds: float):
    def respond(request):
        time.sleep(seconds)
        return responder(request)

    return respond


def records_of(sweep: Path) -> list[dict]:
    return [json.loads(line) for line in (sweep / "runs.jsonl").read_text().splitlines()]


def test_a_sweep_survives_twenty_percent_faults(wire_server, tmp_path):
    wire_server.responder = corrupting(offline_responder, every=5)
    faults = (Fault.rate_limit(retry_after=0), Fault.overloaded(), Fault.server_error(), Fault.drop(), Fault.timeout(1.5))
    wire_server.inject_faults(0.2, faults, seed=7)
    config = SweepConfig(
        models=[f"openai:offline-over-http@{wire_server.openai_url}"], modes=["simple", "agent", "iterative"],
        test_set="3M_2022_10K", runs_dir=tmp_path, cache_path=None, concurrency=4, timeout_s=0.6,
        retry_base_delay_s=0.01, retry_max_delay_s=0.05, max_attempts=4,
    )
    outcome = run_sweep(config, show_progress=False)
    records = records_of(outcome.sweep.path)
    manifest = json.loads((outcome.sweep.path / "manifest.json").read_text())
    planned = {r["run_id"] for r in manifest["runs"]}
    assert len(records) == len(planned) == 9 and {r["run_id"] for r in records} == planned  # each exactly once
    assert manifest["status"] == "complete" and manifest["summary"]["finished"] == 9
    for record in records:
        assert record["status"] in ("ok", "fail", "error")
        if record["status"] == "error":
            assert record["error"] and record["error_kind"].startswith("provider:")
    assert sum(r["retries"] for r in records) >= 5  # faults were met and retried
    served_faults = [r for r in wire_server.requests if not isinstance(r.served, Reply)]
    assert len(served_faults) >= 5
    assert sum(r["status"] == "ok" for r in records) >= 6
    traces = [json.loads(line) for r in records for line in (outcome.sweep.path / r["trace_path"]).read_text().splitlines()]
    assert any(e["event"] == "retry" for e in traces)


def _sweep_cli(server, runs_dir: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "bench.py", "--models", f"openai:slow@{server.openai_url}", "--modes", "simple", "--test-set", "sample",
         "--concurrency", "2", "--runs-dir", str(runs_dir), "--no-cache", "--no-progress", "--no-report"],
        cwd=PROJECT_ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def _wait_for_records(runs_dir: Path, at_least: int, timeout: float = 60) -> Path:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for sweep in runs_dir.glob("*/runs.jsonl"):
            if len(sweep.read_text().splitlines()) >= at_least:
                return sweep.parent
        time.sleep(0.05)
    raise AssertionError("the sweep recorded nothing")


def _resume_and_check(sweep: Path) -> None:
    before = json.loads((sweep / "manifest.json").read_text())
    done = subprocess.run([sys.executable, "bench.py", "--resume", str(sweep), "--no-progress", "--no-report"], cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    records = records_of(sweep)
    manifest = json.loads((sweep / "manifest.json").read_text())
    assert manifest["status"] == "complete"
    assert sorted(r["run_id"] for r in records) == sorted(r["run_id"] for r in manifest["runs"])  # each exactly once
    # The sweep keeps the environment its first runs ran in; the resume records its own beside it.
    assert manifest["environment"] == before["environment"] and manifest["resumed_environment"]["indexes"]
    assert manifest["created_at"] == before["created_at"]


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT], ids=["SIGKILL", "Ctrl-C"])
def test_killed_sweeps_resume_without_repeating_or_losing_runs(wire_server, tmp_path, sig):
    wire_server.responder = slowly(offline_responder, 0.1)
    process = _sweep_cli(wire_server, tmp_path)
    sweep = _wait_for_records(tmp_path, at_least=3)
    process.send_signal(sig)
    stdout, stderr = process.communicate(timeout=60)
    before = records_of(sweep)
    assert 3 <= len(before) < 21 and len({r["run_id"] for r in before}) == len(before)
    manifest = json.loads((sweep / "manifest.json").read_text())
    if sig == signal.SIGINT:
        assert process.returncode == 130
        assert f"--resume {sweep}" in stderr and manifest["status"] == "interrupted"
    else:
        assert process.returncode == -signal.SIGKILL and manifest["status"] == "running"
    _resume_and_check(sweep)


def test_a_record_cut_short_by_a_kill_is_dropped_and_redone(tmp_path, wire_server):
    wire_server.responder = offline_responder
    config = SweepConfig(models=[f"openai:m@{wire_server.openai_url}"], modes=["simple"], test_set="3M_2022_10K", runs_dir=tmp_path, cache_path=None)
    sweep = run_sweep(config, show_progress=False).sweep.path
    lines = (sweep / "runs.jsonl").read_text().splitlines()
    (sweep / "runs.jsonl").write_text("\n".join(lines[:2]) + "\n" + lines[2][: len(lines[2]) // 2])  # as a SIGKILL mid-write leaves it
    _resume_and_check(sweep)


def test_an_unwritable_runs_folder_fails_before_any_work(tmp_path):
    if os.geteuid() == 0:
        target = Path("/proc/pageindex-bench-cannot-write-here")
    else:
        target = tmp_path / "locked"
        target.mkdir()
        target.chmod(0o500)
    config = SweepConfig(test_set="3M_2022_10K", runs_dir=target, modes=["simple"])
    with pytest.raises(UserError, match="cannot write to"):
        run_sweep(config, show_progress=False)


@pytest.fixture
def small_disk(tmp_path):
    """A 6 MB tmpfs: room to start a sweep, not to finish it."""
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=6m", "tmpfs", str(mount)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here ({done.stderr.decode().strip()})")
    yield mount
    subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def test_a_full_disk_stops_the_sweep_with_what_was_recorded_kept(small_disk, monkeypatch):
    import harness.runner.sweep

    monkeypatch.setattr(harness.runner.sweep, "MIN_FREE_BYTES", 1_000_000)  # pass the up-front check, then fill up
    (small_disk / "ballast").write_bytes(b"\0" * (6 * 1024 * 1024 - 1_300_000))
    config = SweepConfig(test_set="sample", runs_dir=small_disk / "runs", modes=["simple", "agent", "planner", "iterative"], runs=2)
    with pytest.raises(UserError) as caught:
        run_sweep(config, show_progress=False)
    message = str(caught.value)
    assert "No space left" in message and "--resume" in message
    sweep = next((small_disk / "runs").iterdir())
    lines = (sweep / "runs.jsonl").read_text().splitlines()
    complete = [json.loads(line) for line in lines[:-1]]  # the last line may be cut short
    assert len(complete) >= 1 and len({r["run_id"] for r in complete}) == len(complete)


def test_a_nearly_full_disk_is_refused_up_front(small_disk):
    (small_disk / "ballast").write_bytes(b"\0" * (6 * 1024 * 1024 - 1_000_000))
    with pytest.raises(UserError, match="MB free"):
        run_sweep(SweepConfig(test_set="3M_2022_10K", runs_dir=small_disk / "runs", modes=["simple"]), show_progress=False)
    assert not (small_disk / "runs").exists() or not any((small_disk / "runs").iterdir())


def test_runs_of_known_length_are_handed_out_longest_first():
    from core.records import RunRecord
    from harness.dataset import Gold, Question
    from harness.runner.plan import RunSpec
    from harness.runner.schedule import RunQueue

    def spec(qid, n):
        return RunSpec(f"m__agent__{qid}__r{n}", Question(qid, "DOC", "q?", gold=Gold("1")), "m", "agent", n)

    runs = [spec(q, n) for n in (1, 2) for q in ("short", "long", "mid")]
    queue = RunQueue(runs, [])
    first = [queue.take() for _ in range(3)]
    assert [r.question.id for r in first] == ["short", "long", "mid"]  # unknown lengths: plan order
    for r, seconds in zip(first, (1.0, 9.0, 4.0)):
        queue.learn(RunRecord(r.run_id, r.question.id, "DOC", "m", "agent", 1, "ok", duration_ms=int(seconds * 1000)))
    assert [queue.take().question.id for _ in range(3)] == ["long", "mid", "short"]
    assert queue.take() is None
