"""Budgets: a sweep that would overspend stops starting runs; runaway runs end as errors;
errored runs can be retried alone."""
from __future__ import annotations

import json

import pytest
from offline_server import offline_responder
from wire_server import Fault, Reply

from core.errors import UserError
from harness.config import Budgets, SweepConfig
from harness.runner.sweep import run_sweep


def expensive(request):
    reply = offline_responder(request)
    return Reply(reply.text, reply.tool_calls, input_tokens=200_000, output_tokens=1_000)  # ~$0.205 a call on haiku


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


def test_building_trees_with_a_model_counts_against_max_cost(anthropic_env, tmp_path):
    anthropic_env.responder = expensive
    config = config_for(anthropic_env, tmp_path, test_set="BESTBUY", index_model="anthropic:claude-haiku-4-5",
                        index_dir=tmp_path / "idx", budgets=Budgets(max_cost_usd=1.0))
    outcome = run_sweep(config, show_progress=False)
    manifest = json.loads((outcome.sweep.path / "manifest.json").read_text())
    build = manifest["environment"]["indexes"]["BESTBUY_2024Q2_10Q"]["build"]
    assert build["llm_calls"] > 5 and build["spent_usd"] > 1.0  # the tree alone cost more than the budget
    assert outcome.records == [] and "--max-cost $1.00 reached" in outcome.stopped_reason


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
