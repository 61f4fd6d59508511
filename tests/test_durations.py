"""A run's duration is the model's time only when its calls were made live.

A rerun of a sweep replays every call from the response cache in milliseconds, and a batch
answered its calls before the run began: neither run's wall time says how long the model
took. The cell figures, summary.json, bench_results.md and the run page say so instead of
showing a replay's milliseconds as the model's latency.
"""
from __future__ import annotations

import json
import math
import time

from click.testing import CliRunner
from offline_server import offline_responder
from report_files import detail, runs
from report_files import report_data as read_report
from sweep_factory import make_record, write_sweep

import analyze
from harness.config import SweepConfig
from harness.runner.sweep import run_sweep
from harness.seeds_results import bench_results
from harness.stats.cells import cell_stats
from harness.stats.frame import load_sweep

CALL_SECONDS = 0.2


def test_cell_durations_leave_out_runs_whose_calls_were_replayed_or_batched(tmp_path):
    records = [
        make_record("q1", duration_ms=5000, retries=3),
        make_record("q2", duration_ms=12, cached_calls=2),  # a rerun: both calls from the cache
        make_record("q3", duration_ms=30, batch_calls=1),  # answered by a batch before the run
        make_record("q1", mode="agent", duration_ms=9, cached_calls=1),
    ]
    stats = cell_stats(load_sweep(write_sweep(tmp_path, records)).records, None).set_index("cell")
    live = stats.loc["offline/simple"]
    assert live["duration_ms_mean"] == 5000 and live["duration_ms_p95"] == 5000 and live["duration_runs"] == 1
    assert live["retries_mean"] == 3  # a replay made no attempt: its 0 retries say nothing of the provider
    replayed = stats.loc["offline/agent"]
    assert math.isnan(replayed["duration_ms_mean"]) and math.isnan(replayed["duration_ms_p95"]) and replayed["duration_runs"] == 0
    assert math.isnan(replayed["retries_mean"])


def test_bench_results_shows_live_durations_only(tmp_path):
    sweep = load_sweep(write_sweep(tmp_path, [make_record("q1", duration_ms=4000), make_record("q2", duration_ms=10, cached_calls=2),
                                              make_record("q1", mode="agent", duration_ms=9, cached_calls=2)]))
    table = bench_results(sweep, [], {})
    simple = next(line for line in table.splitlines() if line.startswith("| offline | simple |"))
    agent = next(line for line in table.splitlines() if line.startswith("| offline | agent |"))
    assert simple.endswith("| 4.0 s (1 of 2 runs live) |")
    assert agent.endswith("| — (replayed) |")


def _slow_offline(request):
    time.sleep(CALL_SECONDS)
    return offline_responder(request)


def _sweep(tmp_path, name: str):
    config = SweepConfig(models=["anthropic:claude-haiku-4-5"], modes=["simple"], test_set="3M_2022_10K",
                         runs_dir=tmp_path / name, cache_path=tmp_path / "cache" / "responses.sqlite", concurrency=1)
    outcome = run_sweep(config, show_progress=False, warn=lambda message: None)
    return outcome.sweep.path, outcome.records


def _report(tmp_path, sweep_dir, name: str):
    out = tmp_path / name
    result = CliRunner().invoke(analyze.cli, [str(sweep_dir), "--judge-model", "offline", "--out", str(out), "--no-progress",
                                              "--no-cache", "--no-history"])
    assert result.exit_code == 0, result.output
    return out


def test_a_rerun_from_the_response_cache_reports_no_model_time(wire_server, monkeypatch, tmp_path):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-fake")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", wire_server.url)
    wire_server.responder = _slow_offline
    first_dir, first = _sweep(tmp_path, "first")
    calls = len(wire_server.requests)
    rerun_dir, rerun = _sweep(tmp_path, "rerun")
    assert len(wire_server.requests) == calls  # the rerun was replayed whole
    assert all(r.cached_calls == 0 for r in first) and all(r.cached_calls == r.llm_calls > 0 for r in rerun)
    assert all(r.duration_ms >= 1000 * CALL_SECONDS * r.llm_calls for r in first)
    assert all(r.duration_ms < 1000 * CALL_SECONDS for r in rerun)  # what the old report showed as the model's time

    live = json.loads((_report(tmp_path, first_dir, "live") / "summary.json").read_text())["cells"][0]
    assert live["mean_duration_ms"] >= 1000 * CALL_SECONDS * 2 and live["duration_runs"] == live["n_runs"] == 3

    out = _report(tmp_path, rerun_dir, "replayed")
    replayed = json.loads((out / "summary.json").read_text())["cells"][0]
    assert replayed["mean_duration_ms"] is None and replayed["duration_runs"] == 0 and replayed["n_runs"] == 3
    assert "| — (replayed) |" in (out / "bench_results.md").read_text()
    run = runs(read_report(out))[0]
    facts = dict(detail(out, run["run_id"])["facts"])
    assert "not the model's time" in facts["duration"] and "2 from the response cache" in facts["duration"]
