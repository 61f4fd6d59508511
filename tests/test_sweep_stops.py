"""A model that cannot succeed stops: a rejected key, an unknown model, a provider never
reached. And a sweep that answered nothing does not exit 0.

The provider is a local server speaking the OpenAI wire protocol (``tests/wire_server.py``).
"""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from offline_server import offline_responder
from wire_server import Fault, WireServer

from core.llm.base import ProviderError
from core.llm.registry import parse_model_spec
from core.paths import PROJECT_ROOT
from harness.config import SweepConfig
from harness.runner.halt import ModelHalts
from harness.runner.sweep import run_sweep


def _config(server, tmp_path: Path, **changes) -> SweepConfig:
    settings = dict(models=[f"openai:m@{server.openai_url}"], modes=["simple"], test_set="3M_2022_10K", runs_dir=tmp_path,
                    cache_path=None, concurrency=1, max_attempts=2, retry_base_delay_s=0.01, retry_max_delay_s=0.02)
    return SweepConfig(**{**settings, **changes})


def _manifest(sweep: Path) -> dict:
    return json.loads((sweep / "manifest.json").read_text())


def test_a_rejected_key_stops_the_model_at_its_first_run_and_a_retry_finishes_it(wire_server, tmp_path):
    wire_server.responder = lambda request: Fault.auth(401, "Incorrect API key provided")
    outcome = run_sweep(_config(wire_server, tmp_path), show_progress=False)
    (record,) = outcome.records  # the other two runs were not started
    assert record.error_kind == "provider:auth"
    (reason,) = outcome.halts.reasons.values()
    assert "rejected the key" in reason and "OPENAI_API_KEY" in reason
    manifest = _manifest(outcome.sweep.path)
    assert manifest["status"] == "stopped" and manifest["halted"] == outcome.halts.reasons
    assert manifest["summary"]["finished"] == 1 and manifest["summary"]["planned"] == 3

    wire_server.responder = offline_responder  # the key is fixed
    again = run_sweep(_config(wire_server, tmp_path), resume=outcome.sweep.path, retry_errors=True, show_progress=False)
    assert sorted(r.status for r in again.records) == ["ok", "ok", "ok"] and not again.halts.reasons
    assert _manifest(outcome.sweep.path)["status"] == "complete"


@pytest.mark.parametrize("text, source", [
    ("anthropic:claude-haiku-4-5", "ANTHROPIC_API_KEY"),
    ("openai:m", "OPENAI_API_KEY (or --openai-api-key)"),
    ("bedrock:haiku", "the AWS credentials (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, AWS_PROFILE, or AWS_BEARER_TOKEN_BEDROCK)"),
    ("scripted:plumbing", "the model's credentials"),  # a provider that names no key
])
def test_a_rejected_key_names_where_that_providers_key_comes_from(text, source):
    spec = parse_model_spec(text)
    halts = ModelHalts()
    halts.provider_error(spec.label, spec, ProviderError("auth", "invalid x-api-key", status=401))
    assert halts.reasons == {spec.label: f"the provider rejected the key for {spec.label} (auth 401: invalid x-api-key) -- check {source}"}


def test_an_unknown_model_stops_only_that_model(wire_server, tmp_path):
    wire_server.responder = lambda request: Fault.status(404, "The model `m` does not exist")
    outcome = run_sweep(_config(wire_server, tmp_path, models=[f"openai:m@{wire_server.openai_url}", "offline"]), show_progress=False)
    by_model: dict[str, list[str]] = {}
    for record in outcome.records:
        by_model.setdefault(record.model, []).append(record.status)
    assert len(by_model["offline"]) == 3  # the other model ran all its runs
    assert len(by_model[f"openai:m@{wire_server.openai_url}"]) == 1
    (reason,) = outcome.halts.reasons.values()
    assert "does not know the model" in reason and "--models" in reason


def test_an_account_without_access_to_the_model_is_told_so_not_to_fix_its_key():
    spec = parse_model_spec("bedrock:anthropic.claude-haiku-4-5")
    halts = ModelHalts()
    halts.provider_error(spec.label, spec, ProviderError("auth", "AccessDeniedException: You don't have access to the model with the specified model ID.", status=403))
    (reason,) = halts.reasons.values()
    assert "refused bedrock:anthropic.claude-haiku-4-5 to this account" in reason and "grant the account access to the model" in reason


def test_bedrocks_invalid_model_identifier_stops_the_model_like_a_404():
    """Bedrock answers an unknown model id with a 400 ValidationException, not a 404."""
    spec = parse_model_spec("bedrock:anthropic.claude-haiku-4-5")
    halts = ModelHalts()
    halts.provider_error(spec.label, spec, ProviderError("bad_request", "ValidationException: The provided model identifier is invalid.", status=400))
    (reason,) = halts.reasons.values()
    assert "does not know the model" in reason and "--models" in reason


def test_a_base_url_that_serves_a_web_page_stops_the_model_like_one_never_reached(wire_server, tmp_path):
    """A login or proxy page at a wrong base URL answers 200 in HTML to every call: each run
    spent its retries on it, a whole sweep long."""
    wire_server.responder = lambda request: Fault.raw("<!DOCTYPE html><html><body>Login</body></html>", 200, "text/html")
    outcome = run_sweep(_config(wire_server, tmp_path, test_set="sample"), show_progress=False)
    assert len(outcome.records) == 3 and all(r.error_kind == "provider:malformed" for r in outcome.records)
    assert "HTML page" in next(iter(outcome.halts.reasons.values()))


@pytest.mark.parametrize("flag", ["openai_base_url", "env"])
def test_a_base_url_without_its_scheme_is_refused_before_the_sweep(tmp_path, flag):
    from core.errors import UserError

    changes = {"openai_base_url": "localhost:8000/v1"} if flag == "openai_base_url" else {}
    env = {"OPENAI_BASE_URL": "localhost:8000/v1"} if flag == "env" else {}
    config = SweepConfig(models=["openai:gpt-4.1"], modes=["simple"], test_set="3M_2022_10K", runs_dir=tmp_path / "runs", cache_path=None, **changes)
    old = {name: os.environ.get(name) for name in env}
    os.environ.update(env)
    try:
        with pytest.raises(UserError, match="is not an http:// or https:// URL"):
            run_sweep(config, show_progress=False)
    finally:
        for name, value in old.items():
            os.environ.pop(name) if value is None else os.environ.__setitem__(name, value)
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").iterdir())


def test_a_bad_request_of_one_run_does_not_stop_the_model(wire_server, tmp_path):
    wire_server.queue(Fault.bad_request("prompt is too long"))
    wire_server.responder = offline_responder
    outcome = run_sweep(_config(wire_server, tmp_path), show_progress=False)
    assert len(outcome.records) == 3 and not outcome.halts.reasons


def test_a_provider_never_reached_stops_after_three_runs_but_an_outage_after_a_success_does_not(wire_server, tmp_path):
    wire_server.responder = lambda request: Fault.drop()
    outcome = run_sweep(_config(wire_server, tmp_path, test_set="sample"), show_progress=False)
    assert len(outcome.records) == 3 and all(r.error_kind == "provider:connection" for r in outcome.records)
    assert "could not reach" in next(iter(outcome.halts.reasons.values()))

    served = {"calls": 0}

    def first_run_then_outage(request):
        served["calls"] += 1
        return offline_responder(request) if served["calls"] <= 2 else Fault.drop()  # a simple run is two calls

    wire_server.responder = first_run_then_outage
    outcome = run_sweep(_config(wire_server, tmp_path / "outage", test_set="3M_2022_10K", question_filter=None, runs=2), show_progress=False)
    assert len(outcome.records) == 6 and not outcome.halts.reasons


def _closed_port_url() -> str:
    with socket.socket() as probe:  # a port nobody listens on once closed
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


def _keep_first(sweep: Path, count: int) -> None:
    """runs.jsonl as a kill after its first ``count`` runs leaves it."""
    lines = (sweep / "runs.jsonl").read_text().splitlines(keepends=True)
    (sweep / "runs.jsonl").write_text("".join(lines[:count]))


def _unreachable(url: str, tmp_path: Path) -> SweepConfig:
    return SweepConfig(models=[f"openai:m@{url}"], modes=["simple"], test_set="sample", runs_dir=tmp_path, cache_path=None,
                       concurrency=1, max_attempts=2, retry_base_delay_s=0.01, retry_max_delay_s=0.02)


def test_a_resume_counts_the_recorded_runs_that_could_not_connect(tmp_path):
    config = _unreachable(_closed_port_url(), tmp_path)
    sweep = run_sweep(config, show_progress=False).sweep.path
    _keep_first(sweep, 2)  # killed after two runs that could not connect
    outcome = run_sweep(config, resume=sweep, show_progress=False)
    records = outcome.records
    assert len(records) == 3 and all(r.error_kind == "provider:connection" for r in records)  # one more run, not three
    (reason,) = outcome.halts.reasons.values()
    assert "the first 3 runs" in reason and "could not reach" in reason
    assert _manifest(sweep)["status"] == "stopped" and _manifest(sweep)["halted"] == outcome.halts.reasons


def test_a_resume_after_a_recorded_run_got_through_takes_connection_errors_for_an_outage(tmp_path):
    with WireServer() as server:
        server.responder = offline_responder
        config = _unreachable(server.openai_url, tmp_path)
        sweep = run_sweep(config, show_progress=False).sweep.path
    planned = len(_manifest(sweep)["runs"])
    _keep_first(sweep, 1)  # killed after one run got its answer; then the server went away
    outcome = run_sweep(config, resume=sweep, show_progress=False)
    records = outcome.records
    assert planned > 4 and len(records) == planned and not outcome.halts.reasons
    assert records[0].status == "ok" and all(r.error_kind == "provider:connection" for r in records[1:])
    assert _manifest(sweep)["status"] == "complete"


def test_a_model_halted_as_unreachable_is_tried_again_by_retry_errors(wire_server, tmp_path):
    wire_server.responder = lambda request: Fault.drop()
    outcome = run_sweep(_config(wire_server, tmp_path, test_set="sample"), show_progress=False)
    assert len(outcome.records) == 3 and outcome.halts.reasons
    wire_server.responder = offline_responder  # the network is back
    again = run_sweep(_config(wire_server, tmp_path), resume=outcome.sweep.path, retry_errors=True, show_progress=False)
    assert not again.halts.reasons and all(r.status != "error" for r in again.records)
    assert len(again.records) == len(_manifest(outcome.sweep.path)["runs"]) and _manifest(outcome.sweep.path)["status"] == "complete"


def _bench(*args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN")}
    return subprocess.run([sys.executable, "bench.py", "--no-progress", *args], cwd=PROJECT_ROOT, capture_output=True, text=True,
                          timeout=300, env={**env, "OPENAI_API_KEY": "garbage"})


def test_bench_names_the_rejected_key_and_exits_non_zero(wire_server, tmp_path):
    wire_server.responder = lambda request: Fault.auth(401, "Incorrect API key provided")
    done = _bench("--models", f"openai:m@{wire_server.openai_url}", "--modes", "simple", "--test-set", "3M_2022_10K", "--no-cache",
                  "--runs-dir", str(tmp_path), "--reports-dir", str(tmp_path / "reports"))
    assert done.returncode == 1, done.stderr
    assert "stopped: the provider rejected the key" in done.stderr and "OPENAI_API_KEY" in done.stderr
    assert "--retry-errors" in done.stderr and "garbage" not in done.stdout + done.stderr
    assert not (tmp_path / "reports").exists()  # an unfinished sweep gets no report (and its folder, checked up front, is not made)


def test_a_sweep_whose_every_run_errs_exits_non_zero(tmp_path):
    done = _bench("--modes", "simple", "--test-set", "3M_2022_10K", "--max-run-turns", "1", "--no-cache",
                  "--runs-dir", str(tmp_path), "--no-report")
    assert done.returncode == 1, done.stderr
    assert "every one of the 3 recorded runs ended in error" in done.stderr and "budget" in done.stderr
