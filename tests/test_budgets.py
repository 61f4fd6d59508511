"""Budgets hold per model call: --max-cost across a sweep's concurrent runs, tokens, calls
and wall time within a run; runaway runs end as errors; errored runs can be retried alone."""
from __future__ import annotations

import json
import re
import time

import pytest
from click.testing import CliRunner
from offline_server import offline_responder
from wire_server import Fault, Reply, ToolUse

import bench
from core.errors import UserError
from harness.config import Budgets, SweepConfig
from harness.runner.sweep import run_sweep

CALL_USD = 0.205  # 200k input tokens at $1/M plus 1k output at $5/M: claude-haiku-4-5's list prices


def expensive(request):
    reply = offline_responder(request)
    return Reply(reply.text, reply.tool_calls, input_tokens=200_000, output_tokens=1_000)  # ~$0.205 a call on haiku


def expensive_and_long(request):
    """Every call costs CALL_USD, and an agent greps ten times before the offline policy
    takes over: long, costly runs, as with a real model that explores."""
    body = request.json
    if body.get("tools") and len(body["messages"]) < 20:
        reply = Reply("", [ToolUse("grep_section", {"node_id": "all", "pattern": f"revenue {len(body['messages'])}"})])
    else:
        reply = offline_responder(request)
    return Reply(reply.text, reply.tool_calls, input_tokens=200_000, output_tokens=1_000)


def served_replies(server) -> int:
    return sum(isinstance(r.served, Reply) for r in server.requests)


def lines(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def config_for(server, tmp_path, **kwargs):
    defaults = dict(models=["anthropic:claude-haiku-4-5"], modes=["simple"], test_set="3M_2022_10K", runs_dir=tmp_path, cache_path=None,
                    concurrency=1, retry_base_delay_s=0.01, retry_max_delay_s=0.02)
    defaults.update(kwargs)
    return SweepConfig(**defaults)


@pytest.fixture
def anthropic_env(wire_server, monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", wire_server.url)
    return wire_server


def test_max_cost_stops_starting_runs_before_the_budget_is_passed(anthropic_env, tmp_path):
    anthropic_env.responder = expensive
    outcome = run_sweep(config_for(anthropic_env, tmp_path, runs=2, budgets=Budgets(max_cost_usd=1.0)), show_progress=False)
    spent = sum(r.spent_usd for r in outcome.records)
    assert 1 <= len(outcome.records) < 6 and spent <= 1.0
    assert "--max-cost $1.00 reached" in outcome.stopped_reason
    manifest = json.loads((outcome.sweep.path / "manifest.json").read_text())
    assert manifest["status"] == "stopped" and manifest["stopped_reason"] == outcome.stopped_reason


def test_max_cost_holds_per_call_across_concurrent_long_runs_and_resumes(anthropic_env, tmp_path):
    """Four runs at a time, each about eleven calls of $0.205: a guard that only stops new
    runs from starting would spend ~$9 of a $1 cap. Held per call, the spend stays within
    one call per concurrency slot of the cap, and the final message says what was spent."""
    anthropic_env.responder = expensive_and_long
    common = ["--models", "anthropic:claude-haiku-4-5", "--modes", "agent", "--test-set", "3M_2022_10K", "--no-cache",
              "--no-progress", "--no-report", "--retries", "0"]
    result = CliRunner().invoke(bench.cli, [*common, "--runs", "3", "--concurrency", "4", "--max-cost", "1", "--runs-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    true_spend = served_replies(anthropic_env) * CALL_USD  # what the server billed, call by call
    assert 1.0 - CALL_USD < true_spend <= 1.0 + 4 * CALL_USD
    shown = re.search(r"spent: \$([0-9.]+) of --max-cost \$1\.00", result.output)
    assert shown and float(shown.group(1)) == pytest.approx(true_spend, abs=1e-4), result.output
    assert "--max-cost $1.00 reached" in result.output and "--resume" in result.output
    sweep = next(tmp_path.iterdir())
    manifest = json.loads((sweep / "manifest.json").read_text())
    finished, stopped = lines(sweep / "runs.jsonl"), lines(sweep / "stopped_runs.jsonl")
    assert manifest["status"] == "stopped" and manifest["summary"]["spent_usd"] == pytest.approx(true_spend, abs=1e-4)
    assert stopped and all(r["status"] == "budget" and r["error_kind"] == "max_cost" for r in stopped)
    assert sum(r["spent_usd"] for r in finished + stopped) == pytest.approx(true_spend, abs=1e-4)  # every call is on a record

    # A higher cap finishes the sweep: the stopped runs are done again, each run recorded once.
    again = CliRunner().invoke(bench.cli, ["--resume", str(sweep), "--max-cost", "100", "--no-progress", "--no-report"])
    assert again.exit_code == 0, again.output
    finished = lines(sweep / "runs.jsonl")
    assert sorted(r["run_id"] for r in finished) == sorted(r["run_id"] for r in manifest["runs"])
    manifest = json.loads((sweep / "manifest.json").read_text())
    assert manifest["status"] == "complete" and manifest["summary"]["finished"] == 9
    assert manifest["summary"]["spent_usd"] == pytest.approx(served_replies(anthropic_env) * CALL_USD, abs=1e-4)


def test_a_token_budget_holds_for_parallel_calls_within_a_run(tmp_path):
    """Planner tasks call the model in parallel: each call reserves its prompt and maximum
    output first, so the run never passes its budget (the offline model's usage is the
    same estimate the reservation makes, so the bound is exact)."""
    for cap in (8_000, 20_000, 30_000, 60_000):  # these runs use 24k-45k tokens unbounded
        config = SweepConfig(modes=["planner", "iterative"], test_set="3M_2022_10K", runs_dir=tmp_path, cache_path=None,
                             budgets=Budgets(max_run_tokens=cap))
        records = run_sweep(config, show_progress=False).records
        assert records and all(r.usage.total <= cap for r in records), [(r.run_id, r.usage.total) for r in records if r.usage.total > cap]
        stopped = [r for r in records if r.error_kind == "budget"]
        assert all(f"token budget of {cap}" in r.error for r in stopped)
    assert stopped == []  # the largest budget is not reached: the check does not stop runs that fit


def test_a_call_in_flight_when_the_deadline_passes_is_cut_off(tmp_path, wire_server):
    wire_server.responder = lambda request: (time.sleep(3), offline_responder(request))[1]
    config = SweepConfig(models=[f"openai:slow@{wire_server.openai_url}"], modes=["simple"], test_set="3M_2022_10K", question_filter="01865",
                         runs_dir=tmp_path, cache_path=None, timeout_s=30, budgets=Budgets(max_run_seconds=0.5))
    started = time.monotonic()
    (record,) = run_sweep(config, show_progress=False).records
    assert time.monotonic() - started < 2.5  # not the 3 s the server takes
    assert record.status == "error" and record.error_kind == "budget" and record.duration_ms < 1500


def test_retries_stop_at_the_run_deadline(tmp_path, wire_server):
    wire_server.responder = lambda request: Fault.rate_limit(retry_after=5)
    config = SweepConfig(models=[f"openai:m@{wire_server.openai_url}"], modes=["simple"], test_set="3M_2022_10K", question_filter="01865",
                         runs_dir=tmp_path, cache_path=None, budgets=Budgets(max_run_seconds=1.0))
    (record,) = run_sweep(config, show_progress=False).records
    assert record.status == "error" and record.duration_ms < 1500 and len(wire_server.requests) == 1
    assert record.error_kind == "provider:rate_limit"  # the cause, not the clock: no time was left to retry


def test_building_trees_with_a_model_holds_max_cost_per_call(anthropic_env, tmp_path):
    """The tree's calls reserve against the cap like a run's: the build stops within one call
    of it (concurrency 1), no run starts on a tree built without the model, nothing is cached."""
    anthropic_env.responder = expensive
    config = config_for(anthropic_env, tmp_path / "runs", test_set="BESTBUY", index_model="anthropic:claude-haiku-4-5",
                        index_dir=tmp_path / "idx", budgets=Budgets(max_cost_usd=1.0))
    with pytest.raises(UserError) as caught:
        run_sweep(config, show_progress=False)
    assert "--max-cost $1.00 reached" in str(caught.value) and "--index-model" in str(caught.value)
    served = served_replies(anthropic_env)
    assert 1 <= served and served * CALL_USD <= 1.0 + CALL_USD  # spend within one call of the cap
    assert not list((tmp_path / "idx").glob("*llm*")) and not list((tmp_path / "runs").glob("*/manifest.json"))


def test_trees_built_within_the_cap_count_toward_it(anthropic_env, tmp_path):
    anthropic_env.responder = expensive
    config = config_for(anthropic_env, tmp_path, test_set="BESTBUY", index_model="anthropic:claude-haiku-4-5",
                        index_dir=tmp_path / "idx", budgets=Budgets(max_cost_usd=50.0))
    outcome = run_sweep(config, show_progress=False)
    manifest = json.loads((outcome.sweep.path / "manifest.json").read_text())
    build = manifest["environment"]["indexes"]["BESTBUY_2024Q2_10Q"]["build"]
    assert build["llm_calls"] > 5 and build["spent_usd"] > 1.0
    runs_spend = sum(r.spent_usd or 0.0 for r in outcome.records)
    assert outcome.ledger.spent == pytest.approx(build["spent_usd"] + runs_spend)


def test_max_cost_needs_known_prices(tmp_path, wire_server):
    config = config_for(wire_server, tmp_path, models=[f"openai:unpriced@{wire_server.openai_url}"], budgets=Budgets(max_cost_usd=1.0))
    with pytest.raises(UserError, match="no price is known"):
        run_sweep(config, show_progress=False)


def test_runaway_runs_end_as_errors_with_the_reason(tmp_path, wire_server):
    config = SweepConfig(modes=["agent"], test_set="3M_2022_10K", runs_dir=tmp_path, budgets=Budgets(max_run_tokens=3_000))
    records = run_sweep(config, show_progress=False).records
    assert records and all(r.status == "error" and r.error_kind == "budget" and "token budget of 3000" in r.error for r in records)

    planner = SweepConfig(modes=["planner"], test_set="3M_2022_10K", runs_dir=tmp_path, cache_path=None, budgets=Budgets(max_run_llm_calls=2))
    records = run_sweep(planner, show_progress=False).records
    assert records and all(r.status == "error" and r.error_kind == "budget" and "model-call budget of 2" in r.error for r in records)
    assert all(r.llm_calls == 2 for r in records)  # the third call was refused, not made

    wire_server.responder = lambda request: (__import__("time").sleep(0.4), offline_responder(request))[1]
    slow = SweepConfig(models=[f"openai:slow@{wire_server.openai_url}"], modes=["simple"], test_set="3M_2022_10K", runs_dir=tmp_path,
                       cache_path=None, budgets=Budgets(max_run_seconds=0.3))
    records = run_sweep(slow, show_progress=False).records
    assert records and all(r.status == "error" and r.error_kind == "budget" and "wall-time" in r.error for r in records)


def test_retry_errors_reruns_only_the_errored_runs(anthropic_env, tmp_path):
    anthropic_env.responder = offline_responder
    anthropic_env.queue(Fault.bad_request("prompt is too long"))  # not retried: the first run errors
    first = run_sweep(config_for(anthropic_env, tmp_path), show_progress=False)
    errored = [r for r in first.records if r.status == "error"]
    assert len(errored) == 1 and "prompt is too long" in errored[0].error and errored[0].error_kind == "provider:bad_request"
    served_before = len(anthropic_env.requests)
    again = run_sweep(config_for(anthropic_env, tmp_path), resume=first.sweep.path, retry_errors=True, show_progress=False)
    lines = [json.loads(line) for line in (first.sweep.path / "runs.jsonl").read_text().splitlines()]
    assert len(lines) == 3 and all(r["status"] in ("ok", "fail") for r in lines)
    assert len(anthropic_env.requests) - served_before == 2  # one run, two calls: nothing else was redone
    archived = [json.loads(line) for line in (first.sweep.path / "retried_errors.jsonl").read_text().splitlines()]
    assert [r["run_id"] for r in archived] == [errored[0].run_id]
    assert len(again.records) == 3


def test_the_ledger_holds_calls_in_flight_and_learns_the_dearest_call():
    from core.llm.budget import SpendLedger, SweepBudgetExhausted

    ledger = SpendLedger(cap=1.0)
    first = ledger.reserve("m", 0.01)  # an estimate far below what the call will cost
    second = ledger.reserve("m", 0.01)
    ledger.settle("m", first, 0.30)
    ledger.settle("m", second, 0.30)
    assert ledger.spent == pytest.approx(0.60) and ledger.reserved == 0
    held = ledger.reserve("m", 0.01)  # reserves what the dearest call cost, not the estimate
    assert held == pytest.approx(0.30)
    with pytest.raises(SweepBudgetExhausted, match=r"--max-cost \$1.00 reached: \$0.6000 spent, \$0.3000 held"):
        ledger.reserve("m", 0.01)  # 0.60 spent + 0.30 held + 0.30 > 1.00
    ledger.settle("m", held, 0.05)
    with pytest.raises(SweepBudgetExhausted):
        ledger.reserve("other", 0.0)  # once refused, no call is made: every run stops
    assert not ledger.room_for_runs()
    free = SpendLedger(cap=None)
    free.settle("m", free.reserve("m", None), None)
    assert free.unknown and free.room_for_runs()


@pytest.mark.parametrize("cap", [float("nan"), float("inf"), 0.0, -1.0])
def test_a_ledger_refuses_a_cap_it_could_never_hold(cap):
    from core.llm.budget import SpendLedger

    with pytest.raises(ValueError, match="finite number above 0"):
        SpendLedger(cap=cap)  # a NaN cap was never reached: every comparison with NaN is false
