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
    """The complete records of runs.jsonl. A SIGKILL can land inside the write of a long
    record, leaving its first part with no newline: the sweep's own reader drops that
    piece and the resume redoes the run, so it is no record here either."""
    *complete, _unterminated = (sweep / "runs.jsonl").read_text().split("\n")
    return [json.loads(line) for line in complete if line]


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
            # A provider fault, or a corrupted reply whose re-ask was corrupted too: with four
            # runs in flight, which requests are every fifth depends on timing, so a run can
            # now and then draw two. Either way the error is classified and explained.
            assert record["error"] and (
                record["error_kind"].startswith("provider:") or record["error_kind"] == "malformed_output"
            )
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
            if sweep.read_text().count("\n") >= at_least:  # complete records only
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
def read_only(tmp_path):
    """A folder no file can be written in: mode 0o500, or under /proc where root writes
    past permission bits (as the runs-folder test above does)."""
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o500)
    if os.access(folder, os.W_OK):
        folder = Path("/proc/pageindex-bench-cannot-write-here")
        if os.access("/proc", os.W_OK) and not Path("/proc").is_mount():
            pytest.skip("no folder here refuses writes")
    yield folder
    (tmp_path / "read-only").chmod(0o700)


def test_unwritable_report_cache_and_index_folders_are_refused_before_any_run(read_only, tmp_path):
    from click.testing import CliRunner

    import bench

    runs = tmp_path / "runs"
    base = ["--test-set", "3M_2022_10K", "--modes", "simple", "--runs-dir", str(runs), "--no-progress", "--judge-model", "offline"]
    for flag, extra in (("--reports-dir", []), ("--cache-dir", ["--no-report"]), ("--index-dir", ["--no-report"])):
        result = CliRunner().invoke(bench.cli, [*base, *extra, flag, str(read_only / "sub")])
        assert result.exit_code == 2, (flag, result.output)
        last = result.output.strip().splitlines()[-1]
        assert last.startswith("error: cannot write") and str(read_only) in last and "damaged" not in last, last
        assert not runs.exists() or not any(runs.iterdir())  # refused before the sweep existed
    # The index command builds into the same cache.
    result = CliRunner().invoke(bench.cli, ["index", str(PROJECT_ROOT / "data/pdfs/3M_2022_10K.pdf"), "--index-dir", str(read_only / "sub")])
    assert result.exit_code == 2 and "cannot write the index of 3M_2022_10K.pdf" in result.output and "--index-dir" in result.output
    # A cache that cannot be written is not called damaged (deleting it would not help).
    from core.llm.cache import ResponseCache

    with pytest.raises(UserError, match="cannot write the cache") as refused:
        ResponseCache(read_only / "responses.sqlite")
    assert "damaged" not in str(refused.value)


def test_an_unwritable_index_folder_is_reported_from_the_worker_pool(read_only, tmp_path):
    config = SweepConfig(test_set="sample", runs_dir=tmp_path / "runs", index_dir=read_only / "idx", modes=["simple"], cache_path=None)
    with pytest.raises(UserError, match="cannot write the index of"):
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
    from harness.dataset import Gold, Question
    from harness.runner.plan import RunSpec
    from harness.runner.schedule import RunQueue

    def spec(qid, n):
        return RunSpec(f"m__agent__{qid}__r{n}", Question(qid, "DOC", "q?", gold=Gold("1")), "m", "agent", n)

    runs = [spec(q, n) for n in (1, 2) for q in ("short", "long", "mid")]
    queue = RunQueue(runs)
    first = [queue.take() for _ in range(3)]
    assert [r.question.id for r in first] == ["short", "long", "mid"]  # unknown lengths: plan order
    for r, seconds in zip(first, (1.0, 9.0, 4.0)):
        queue.learn(r.question.id, r.mode, seconds)
    assert [queue.take().question.id for _ in range(3)] == ["long", "mid", "short"]
    assert queue.take() is None

    # Lengths known from a resumed sweep's records order the runs from the start.
    resumed = RunQueue(runs, {("short", "agent"): 1.0, ("mid", "agent"): 4.0})
    assert [resumed.take().question.id for _ in range(6)] == ["mid", "mid", "short", "short", "long", "long"]


def test_a_run_that_fails_after_retries_records_its_retries_and_the_dropped_connection(wire_server, tmp_path):
    wire_server.responder = lambda request: Fault.drop()
    config = SweepConfig(models=[f"openai:m@{wire_server.openai_url}"], modes=["simple"], test_set="3M_2022_10K", question_filter="01865",
                         runs_dir=tmp_path, cache_path=None, max_attempts=3, retry_base_delay_s=0.01, retry_max_delay_s=0.02)
    (record,) = run_sweep(config, show_progress=False).records
    assert record.status == "error" and record.error_kind == "provider:connection" and "after 3 attempt(s)" in record.error
    assert record.retries == 2 and len(wire_server.requests) == 3


def test_socket_errors_a_provider_lets_through_are_retried_not_taken_for_a_full_disk(tmp_path):
    """A provider that does not translate a reset socket or a timeout (a raw OSError) must
    not end the sweep as if the disk were full, nor pass for the run's wall-time budget."""
    from baseline.policy import respond
    from core.llm.providers.scripted import register_script

    faults = [ConnectionResetError(104, "Connection reset by peer"), TimeoutError("read timed out")]

    def script(request):
        if faults:
            raise faults.pop(0)
        text, calls = respond(request)
        return {"text": text, "tool_calls": [c.to_dict() for c in calls]}

    register_script("raw-socket-errors", script)
    config = SweepConfig(models=["scripted:raw-socket-errors"], modes=["simple"], test_set="3M_2022_10K", question_filter="01865",
                         runs_dir=tmp_path, cache_path=None, retry_base_delay_s=0.01, retry_max_delay_s=0.02)
    outcome = run_sweep(config, show_progress=False)
    (record,) = outcome.records
    assert record.status == "ok" and record.retries == 2
    events = [json.loads(line) for line in (outcome.sweep.path / record.trace_path).read_text().splitlines()]
    assert [e["kind"] for e in events if e["event"] == "retry"] == ["connection", "timeout"]


def test_a_sweep_folder_is_run_by_one_process_at_a_time(wire_server, tmp_path):
    from click.testing import CliRunner

    import bench

    wire_server.responder = slowly(offline_responder, 0.1)
    process = _sweep_cli(wire_server, tmp_path)
    try:
        sweep = _wait_for_records(tmp_path, at_least=1)
        second = CliRunner().invoke(bench.cli, ["--resume", str(sweep), "--no-progress", "--no-report"])
        assert second.exit_code == 2, second.output
        message = second.output.strip().splitlines()[-1]
        assert message.startswith("error: ") and f"in use by pid {process.pid}" in message and "bench.py" in message
    finally:
        process.kill()
        process.communicate()
    records = records_of(sweep)
    assert len({r["run_id"] for r in records}) == len(records)  # the refused resume wrote nothing
    _resume_and_check(sweep)  # the OS released the killed holder's lock: nothing stale blocks the resume


def _process_table() -> dict[int, tuple[int, str]]:
    """pid -> (parent pid, state) of every process, from /proc."""
    table = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        table[int(stat.parent.name)] = (int(fields[1]), fields[0])
    return table


def _descendants(pid: int) -> list[int]:
    table = _process_table()
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        children = [p for p, (ppid, _) in table.items() if ppid == parent]
        found += children
        todo += children
    return found


def _alive(pids: list[int]) -> list[int]:
    table = _process_table()
    return [p for p in pids if p in table and table[p][1] != "Z"]  # a zombie has stopped; only its exit code is left


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process table from /proc (Linux)")
def _sweep_building_indexes(tmp_path: Path, output: int) -> tuple[subprocess.Popen, list[int]]:
    """A sweep of the sample with an empty index folder, once its index workers have started."""
    process = subprocess.Popen(
        [sys.executable, "bench.py", "--test-set", "sample", "--modes", "simple", "--index-dir", str(tmp_path / "idx"),
         "--runs-dir", str(tmp_path / "runs"), "--no-cache", "--no-progress", "--no-report"],
        cwd=PROJECT_ROOT, stdout=output, stderr=output, text=True,
    )
    workers: list[int] = []
    deadline = time.monotonic() + 60
    while len(workers) < 2 and time.monotonic() < deadline and process.poll() is None:
        workers = _descendants(process.pid)
        time.sleep(0.05)
    return process, workers


def test_index_workers_die_with_a_sweep_killed_while_indexes_build(tmp_path):
    process, workers = _sweep_building_indexes(tmp_path, subprocess.DEVNULL)
    try:
        assert len(workers) >= 2, "the index workers never started"
        time.sleep(0.3)  # the ten uncached PDFs take seconds to index: the workers are busy
        process.kill()
        process.wait()
        deadline = time.monotonic() + 5
        while _alive(workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _alive(workers) == [], "index workers outlived the killed sweep"
    finally:
        process.kill()
        for pid in _alive(workers):
            os.kill(pid, signal.SIGKILL)


def test_a_build_stopped_midway_leaves_the_worker_pool_quiet(tmp_path, monkeypatch):
    """A corrupt PDF (or a Ctrl-C) with builds still waiting: the pool's manager thread used
    to fail on the jobs cancelled under it and print InvalidStateError: CANCELLED after the
    sweep's own message."""
    import threading

    from core.errors import PDFError
    from retrievers.index.batch import _build_in_pool

    failures: list[str] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: failures.append(f"{args.exc_type.__name__}: {args.exc_value}"))
    corrupt = tmp_path / "CORRUPT.pdf"
    corrupt.write_bytes(b"%PDF-1.7\n not a PDF body")
    pdfs = [corrupt, *sorted((PROJECT_ROOT / "data" / "pdfs").glob("*.pdf"))[:8]]
    jobs = [(str(pdf), str(tmp_path / "idx"), pdf.stem, None) for pdf in pdfs]
    before = set(threading.enumerate())
    with pytest.raises(PDFError):
        _build_in_pool(jobs, 2, lambda name: None)
    for thread in set(threading.enumerate()) - before:
        thread.join(timeout=10)  # the pool's manager thread winds down
    assert failures == []


# SIGTERM is what CI timeouts, `docker stop` and systemd send: it used to end the sweep
# silently (exit 143) with the manifest left `running` and its counts stale.
@pytest.mark.parametrize("sig,code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_ctrl_c_or_sigterm_says_stopping_at_once_and_stops_an_offline_sweep_within_seconds(tmp_path, sig, code):
    import threading

    process = subprocess.Popen(
        [sys.executable, "bench.py", "--modes", "simple,agent,planner,iterative", "--runs", "3", "--runs-dir", str(tmp_path),
         "--no-cache", "--no-progress", "--no-report"],
        cwd=PROJECT_ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    said: list[tuple[float, str]] = []
    reader = threading.Thread(target=lambda: said.extend((time.monotonic(), line) for line in process.stderr), daemon=True)
    reader.start()
    sweep = _wait_for_records(tmp_path, at_least=3)
    sent = time.monotonic()
    process.send_signal(sig)
    process.wait(timeout=60)
    stopped = time.monotonic() - sent
    reader.join(timeout=5)
    stopping = [at - sent for at, line in said if line.startswith("stopping...")]
    assert stopping and stopping[0] < 1.0, said  # said at once, not when the sweep has wound down
    assert stopped < 5.0, f"took {stopped:.1f} s to stop"  # ~0.5 s alone; the bound leaves room for a busy machine
    assert process.returncode == code and any(f"--resume {sweep}" in line for _, line in said)
    manifest = json.loads((sweep / "manifest.json").read_text())
    assert manifest["status"] == "interrupted" and manifest["summary"]["finished"] == len(records_of(sweep))


def test_ctrl_c_while_the_report_is_written_leaves_no_half_report(tmp_path, monkeypatch):
    from click.testing import CliRunner
    from sweep_factory import make_record, write_sweep

    import analyze
    import harness.analyze_sweep

    sweep = write_sweep(tmp_path / "runs", [make_record("financebench_id_03029", run_number=n) for n in (1, 2, 3)])
    out = tmp_path / "reports" / "kept"
    first = CliRunner().invoke(analyze.cli, [str(sweep), "--out", str(out), "--no-progress", "--no-cache"])
    assert first.exit_code == 0, first.output
    before = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert any(p.name == "index.html" for p in before)

    real_render, real_write = harness.analyze_sweep.render_report, Path.write_text

    def render_until_ctrl_c(*args, **kwargs):
        written = []

        def write_text(self, *a, **k):
            written.append(self)
            if len(written) == 3:  # a few files of the report are on disk: Ctrl-C
                raise KeyboardInterrupt
            return real_write(self, *a, **k)

        monkeypatch.setattr(Path, "write_text", write_text)
        try:
            return real_render(*args, **kwargs)
        finally:
            monkeypatch.setattr(Path, "write_text", real_write)

    monkeypatch.setattr(harness.analyze_sweep, "render_report", render_until_ctrl_c)
    again = CliRunner().invoke(analyze.cli, [str(sweep), "--out", str(out), "--no-progress", "--no-cache"])
    assert again.exit_code == 130 and "no report written" in again.output
    assert {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()} == before  # the old report, whole
    # no partial folder beside it (the history page beside it is the first analysis's)
    assert sorted(p.name for p in out.parent.iterdir() if p.name != "history") == ["kept"]

    # A report that would have had a new timestamped folder leaves no folder at all.
    stamped = tmp_path / "stamped"
    with pytest.raises(KeyboardInterrupt):
        harness.analyze_sweep.analyze(harness.analyze_sweep.AnalyzeConfig(run_dir=sweep, reports_dir=stamped, cache=False), show_progress=False)
    assert list(stamped.iterdir()) == []


def test_sigterm_while_indexes_build_says_so_and_exits_143(tmp_path):
    # Before the runs start (indexes building) the sweep's own handler is not yet in place:
    # SIGTERM used to end the process without a word.
    process, workers = _sweep_building_indexes(tmp_path, subprocess.PIPE)
    try:
        assert len(workers) >= 2, "the index workers never started"
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=30)
        assert process.returncode == 143, err
        assert "interrupted: before any run started" in err and "Traceback" not in err
    finally:
        process.kill()
        for pid in _alive(workers):
            os.kill(pid, signal.SIGKILL)


@pytest.mark.parametrize("command", [["analyze.py", "bench_runs", "--judge-model", "offline", "--gate", "budgets.toml"], ["bench.py"]],
                         ids=["analyze", "bench"])
def test_ctrl_c_while_a_command_starts_exits_130_not_click_s_abort(tmp_path, command):
    # Before a command's own handler is in place (it imports its modules first), click read
    # Ctrl-C as "Aborted!", exit 1: for `analyze --gate`, a failed gate's code. The command
    # starts with Ctrl-C as a terminal gives it, whatever this test runs under (a background
    # job or nohup ignores SIGINT, and Python then leaves it ignored). A warm cache can let a
    # command finish its start before the signal arrives (analyze.py refuses "bench_runs" in a
    # tenth of a second): then the signal is sent sooner; a run it reached must exit 130.
    delays = [0.1, 0.05, 0.02, 0.01]
    while delays:
        delay = delays.pop(0)
        process = subprocess.Popen([sys.executable, *command, "--out" if command[0] == "analyze.py" else "--runs-dir", str(tmp_path)],
                                   cwd=PROJECT_ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                   preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        time.sleep(delay)
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=60)
        if "init_import_site" in stderr:
            # On a loaded machine the signal can land before Python itself has started (while
            # it imports ``site``, exit 1): none of the command ran. Send it later in the start.
            if delay < 1:
                delays.insert(0, delay * 4)
            continue
        assert "Aborted!" not in stderr and process.returncode != 1, stderr
        if process.returncode in (130, -signal.SIGINT):  # -2: the signal came before Python's own handler
            return
        assert process.returncode in (0, 2) and "Traceback" not in stderr, stderr  # it finished before the signal
    pytest.skip("the command finished its start before any signal reached it")


def test_an_interrupt_that_reaches_click_exits_130_not_click_s_abort(monkeypatch, capsys):
    """The same, without a race: Ctrl-C raised inside click's handling of a command line."""
    import click

    import analyze
    from harness.cli_main import run_command

    def interrupted(self, ctx):
        raise KeyboardInterrupt

    monkeypatch.setattr(click.Group, "invoke", interrupted)
    monkeypatch.setattr(sys, "argv", ["analyze.py", "bench_runs", "--judge-model", "offline", "--gate", "budgets.toml"])
    with pytest.raises(SystemExit) as stopped:
        run_command(analyze.cli)
    assert stopped.value.code == 130
    assert "Aborted!" not in capsys.readouterr().err
