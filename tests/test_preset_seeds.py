"""``python bench.py --preset seeds``: the seed benchmark in one command, run end to end
through the real Anthropic SDK against the local wire server (answering as the offline
policy), then analysed into the seeds' results table."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from offline_server import offline_responder

import analyze
import bench
from harness.presets import PRESETS


@pytest.mark.filterwarnings("ignore:The model .* is deprecated:DeprecationWarning")  # the SDK's notice for sonnet 4.5, not ours
def test_preset_seeds_runs_the_seed_benchmark_and_analyze_writes_bench_results(wire_server, monkeypatch, tmp_path):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-fake-key")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", wire_server.url)
    wire_server.responder = offline_responder
    dirs = ["--runs-dir", str(tmp_path / "runs"), "--index-dir", str(tmp_path / "indexes"), "--cache-dir", str(tmp_path / "cache"),
            "--reports-dir", str(tmp_path / "reports")]
    # The preset as it is, but one run per question: explicit options override it.
    result = CliRunner().invoke(bench.cli, ["--preset", "seeds", "--runs", "1", "--no-progress", *dirs])
    assert result.exit_code == 0, result.output
    sweep = next((tmp_path / "runs").iterdir())
    manifest = json.loads((sweep / "manifest.json").read_text())
    config = manifest["config"]
    assert config["preset"] == "seeds" and config["runs"] == 1
    assert config["models"] == ["haiku", "sonnet"] and config["modes"] == ["agent", "planner", "iterative"]
    assert config["test_set"] == "3M_2022_10K" and config["index_model"] == "haiku"
    assert config["options"]["extractor_turns"] == 10 and config["options"]["strict_signatures"] and config["options"]["tool_fetch_tasks"]
    index = manifest["environment"]["indexes"]["3M_2022_10K"]
    assert index["model"] == "anthropic:claude-haiku-4-5" and index["build"]["llm_calls"] > 10  # the tree was built by the model
    records = [json.loads(line) for line in (sweep / "runs.jsonl").read_text().splitlines()]
    assert len(records) == 3 * 2 * 3
    assert {(r["model"], r["mode"]) for r in records} == {(m, mode) for m in ("haiku", "sonnet") for mode in ("agent", "planner", "iterative")}
    assert all(r["usage"]["estimated"] is False and r["cost_usd"] for r in records)  # priced Anthropic usage from the wire
    seen = {json.dumps(r.json.get("model")) for r in wire_server.requests}
    assert seen == {'"claude-haiku-4-5"', '"claude-sonnet-4-5"'}

    report = CliRunner().invoke(analyze.cli, [str(sweep), "--judge", "--judge-model", "offline", "--out", str(tmp_path / "analysis"), "--no-progress",
                                              "--cache-dir", str(tmp_path / "cache")])
    assert report.exit_code == 0, report.output
    results = (tmp_path / "analysis" / "bench_results.md").read_text()
    assert "(preset `seeds`)" in results and "trees built by `haiku`" in results
    for model in ("haiku", "sonnet"):
        for mode in ("agent", "planner", "iterative"):
            assert f"| {model} | {mode} | 3 |" in results
    assert "## Runs without an answer, by cause" in results and "Q3 `financebench_id_01865`" in results
    assert "| planner | 27–44% | ~11k | — |" in results  # the seeds' figures beside ours


def test_an_explicit_option_overrides_the_preset_and_the_rest_stays():
    preset = PRESETS["seeds"]
    from harness.presets import apply_preset

    applied = apply_preset("seeds", {"models": "offline", "runs": 1, "modes": "simple", "index_model": None}, explicit={"models"})
    assert applied["models"] == "offline" and applied["runs"] == preset["runs"] and applied["modes"] == preset["modes"]
    assert apply_preset(None, {"runs": 1}, set()) == {"runs": 1}


def test_runs_without_an_answer_are_put_down_to_the_seeds_causes():
    from sweep_factory import make_record

    from harness.seeds_results import failure_cause

    cases = {
        "plan failed at quality_gate: quality gate: revenue cannot confirm": "quality gate",
        "plan failed at fetch: result did not match the signature: result.x must be float, got integer": "type validation",
        "plan failed at compute: verification failed: (number? ...)": "verification",
        "plan failed at fetch: the task failed: not in the filing": "task failed with a reason",
        "plan failed at plan: the plan could not be used: no tasks": "unusable plan",
        "turn limit of 12 reached without a result": "turn limit",
        "The filing has no segment data": "no answer found",
    }
    for reason, cause in cases.items():
        assert failure_cause(make_record(status="fail", error=reason)) == cause
    assert failure_cause(make_record(status="error", error="token budget of 10 reached", error_kind="budget")) == "budget"
    assert failure_cause(make_record(status="error", error="429", error_kind="provider:rate_limit")) == "provider error"
