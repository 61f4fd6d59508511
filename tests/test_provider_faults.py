"""Runs a provider fault ended measure the provider, not the mode.

A rate limit or an outage that outlasts the retries ends a run at whatever call it struck,
often the first. Such runs count against reliability and accuracy, as any run without an
answer; but taken into a cell's per-run means they showed the mode cheaper, faster and
worse at finding the evidence than it is (a third of the runs dying at their first call
took a third off the mean tokens and the evidence hit), and a dead endpoint's cell showed
an evidence hit and pages read of 0 where its tokens were rightly a dash.
"""
from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner
from offline_server import offline_responder
from report_files import detail, report_data
from sweep_factory import make_record, write_sweep
from wire_server import Fault

import analyze
from harness.config import SweepConfig
from harness.runner.sweep import run_sweep
from harness.seeds_results import bench_results
from harness.stats.cells import cell_stats
from harness.stats.frame import load_sweep

QUESTION = "financebench_id_03029"  # 3M FY2018 capex: a question of the bundled questions file
RATE_LIMITED = {"status": "error", "error": "provider error after 1 attempt(s): rate_limit", "error_kind": "provider:rate_limit",
                "tokens": 0, "llm_calls": 1, "turns": 0, "tool_calls": 0, "pages_fetched": [], "evidence_hit": False,
                "duration_ms": 20, "retries": 2, "answer": ""}


def _stats(tmp_path, records):
    return cell_stats(load_sweep(write_sweep(tmp_path, records)).records, None).set_index("cell")


def test_per_run_means_leave_out_the_runs_a_provider_ended(tmp_path):
    records = [
        make_record("q1", tokens=1000, duration_ms=1000, pages_fetched=[10, 11]),
        make_record("q2", tokens=3000, duration_ms=3000, pages_fetched=[10, 11, 12, 13], llm_calls=4),
        make_record("q3", **RATE_LIMITED),
        # A run its own budget cut short is the mode's doing: it stays, with what it spent.
        make_record("q1", mode="agent", status="error", error="run would exceed its token budget", error_kind="budget", tokens=9000),
        make_record("q2", mode="agent", tokens=1000),
        # A request the provider refused once the run's prompt had grown too long is the
        # mode's doing too; any provider error before a token was spent measured nothing.
        make_record("q3", mode="agent", status="error", error="bad_request 400: prompt is too long", error_kind="provider:bad_request",
                    tokens=20000),
        make_record("q4", mode="agent", status="error", error="auth 401: invalid x-api-key", error_kind="provider:auth", tokens=0),
    ]
    stats = _stats(tmp_path, records)
    simple = stats.loc["offline/simple"]
    assert (simple["measured_runs"], simple["provider_fault_runs"]) == (2, 1)
    assert simple["tokens_mean"] == 2000 and simple["tokens_median"] == 2000  # were 1,333 and 1,000 with the dead run
    assert simple["tokens_under_budget"] == 1.0
    assert simple["evidence_hit_rate"] == 1.0 and simple["evidence_runs"] == 2  # was 0.667: the dead run fetched nothing
    assert simple["pages_read_mean"] == 3.0 and simple["llm_calls_mean"] == 3.0 and simple["tool_calls_mean"] == 1.0
    assert simple["duration_ms_mean"] == 2000 and simple["duration_runs"] == 2  # not the fault's 20 ms
    # What counts every run still does: no answer, and the provider's retries are its flakiness.
    assert simple["reliability"] == pytest.approx(2 / 3) and simple["errored_rate"] == pytest.approx(1 / 3)
    assert simple["retries_mean"] == pytest.approx(2 / 3) and simple["retry_runs"] == 3
    agent = stats.loc["offline/agent"]
    assert agent["provider_fault_runs"] == 1 and agent["tokens_mean"] == 10000


def test_a_cell_a_provider_ended_whole_has_no_per_run_figures(tmp_path):
    stats = _stats(tmp_path, [make_record(q, **RATE_LIMITED) for q in ("q1", "q2")])
    dead = stats.loc["offline/simple"]
    for figure in ("tokens_mean", "evidence_hit_rate", "pages_read_mean", "llm_calls_mean", "duration_ms_mean", "cost_mean"):
        assert math.isnan(dead[figure]), figure  # evidence hit and pages read were 0: a dead endpoint, not a blind mode
    assert dead["reliability"] == 0 and dead["errored_rate"] == 1


def test_a_sweep_no_provider_fault_touched_says_nothing_of_them(tmp_path):
    path = write_sweep(tmp_path / "runs", [make_record(QUESTION), make_record(QUESTION, run_number=2)])
    result = CliRunner().invoke(analyze.cli, [str(path), "--judge-model", "offline", "--out", str(tmp_path / "r"), "--no-progress", "--no-history"])
    assert result.exit_code == 0, result.output
    assert "provider fault" not in (tmp_path / "r" / "summary.md").read_text()
    assert json.loads((tmp_path / "r" / "summary.json").read_text())["cells"][0]["provider_fault_runs"] == 0


def test_bench_results_averages_over_the_runs_a_provider_did_not_end(tmp_path):
    sweep = load_sweep(write_sweep(tmp_path, [make_record("q1", tokens=1000, duration_ms=4000),
                                              make_record("q2", **RATE_LIMITED),
                                              make_record("q1", mode="agent", **RATE_LIMITED)]))
    table = bench_results(sweep, [], {})
    simple = next(line for line in table.splitlines() if line.startswith("| offline | simple |"))
    agent = next(line for line in table.splitlines() if line.startswith("| offline | agent |"))
    assert simple.endswith("| 1,000 (est.) | 2.0 | 4.0 s |"), simple  # was 500 tokens, 1.5 calls, 2.0 s
    assert agent.endswith("| — | — | — |"), agent


def _flaky_for(question_start: str):
    """The offline model behind a wire server that rate-limits every call about one question."""
    def respond(request):
        if question_start in json.dumps(request.json):
            return Fault.rate_limit(retry_after=0)
        return offline_responder(request)
    return respond


def test_a_rate_limited_question_leaves_the_report_and_summary_measuring_the_others(wire_server, monkeypatch, tmp_path):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-fake")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", wire_server.url)
    wire_server.responder = _flaky_for("Is 3M a capital-intensive business")
    config = SweepConfig(models=["anthropic:claude-haiku-4-5"], modes=["simple"], test_set="3M_2022_10K",
                         runs_dir=tmp_path / "runs", cache_path=None, max_attempts=1)
    outcome = run_sweep(config, show_progress=False, warn=lambda message: None)
    records = outcome.records
    faulted = [r for r in records if r.status == "error"]
    assert len(faulted) == 1 and faulted[0].error_kind == "provider:rate_limit" and faulted[0].usage.total == 0
    others = [r.usage.total for r in records if r.status != "error"]
    out = tmp_path / "report"
    result = CliRunner().invoke(analyze.cli, [str(outcome.sweep.path), "--judge-model", "offline", "--out", str(out), "--no-progress", "--no-history"])
    assert result.exit_code == 0, result.output
    assert "(1 of them ended by a provider fault: left out of the per-run tokens" in result.output
    cell = json.loads((out / "summary.json").read_text())["cells"][0]
    assert cell["provider_fault_runs"] == 1 and cell["n_runs"] == 3 and cell["errored_rate"] == pytest.approx(1 / 3)
    assert cell["mean_tokens"] == pytest.approx(sum(others) / len(others))  # not over 3 runs, one of them 0
    criteria = report_data(out)["criteria"]
    tokens_check = criteria["rows"][0][[c["title"] for c in criteria["columns"]].index("Mean tokens < 25k")]
    assert "over 2 of 3 runs: 1 ended by a provider fault" in tokens_check["hint"], tokens_check
    table = report_data(out)["outcome_table"]
    tokens_mean = table["rows"][0][[c["title"] for c in table["columns"]].index("tokens mean")]
    assert tokens_mean["hint"] == "over 2 of 3 runs; the others ended by a provider fault, which measures the provider, not the mode"
    facts = dict(detail(out, faulted[0].run_id)["facts"])  # and the run's own page says why
    assert facts["status"].startswith("error (a provider fault: left out of its cell's per-run tokens")
    assert dict(detail(out, next(r.run_id for r in records if r.status != "error"))["facts"])["status"] in ("ok", "fail")
    posted = (out / "summary.md").read_text()  # what a CI job posts says it too
    assert "leave out the runs a provider fault ended (anthropic:claude-haiku-4-5/simple 1 of 3)" in posted
