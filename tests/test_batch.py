"""--batch for simple-mode sweeps and for the judge, through the real Anthropic SDK against the
wire server's Message Batches API: half price, the same answers, items the batch cannot
answer made live, and an interrupted process resuming its batch instead of paying twice."""
from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from offline_server import offline_responder
from wire_server import WireServer

import analyze
import bench
import core.llm.batch
from core.llm.batch import BatchPolicy
from core.trace import read_trace
from harness.analyze_sweep import AnalyzeConfig
from harness.analyze_sweep import analyze as analyze_sweep
from harness.config import SweepConfig
from harness.runner.sweep import run_sweep

PROJECT_ROOT = Path(__file__).resolve().parent.parent
MODEL = "anthropic:claude-haiku-4-5"


@pytest.fixture
def server(wire_server: WireServer, monkeypatch):
    """The wire server answering as the offline model, the SDK pointed at it, and quick polling."""
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-fake")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", wire_server.url)
    monkeypatch.setattr(core.llm.batch, "DEFAULT_POLICY", BatchPolicy(first_poll_s=0.01, max_poll_s=0.05))
    wire_server.responder = offline_responder
    return wire_server


def live_calls(server: WireServer) -> list:
    return [r for r in server.requests if r.path == "/v1/messages"]


def sweep(tmp_path: Path, *, batch: bool, **overrides):
    config = SweepConfig(models=[MODEL], modes=["simple"], test_set="3M_2022_10K", runs_dir=tmp_path / "runs", index_dir=tmp_path / "idx",
                         cache_path=None, batch=batch, **overrides)
    outcome = run_sweep(config, show_progress=False, warn=lambda message: None)
    return outcome, sorted(outcome.records, key=lambda r: r.run_id)


def test_a_simple_sweep_goes_out_as_two_batches_at_half_the_price(server, tmp_path):
    _, live = sweep(tmp_path, batch=False)
    server.requests.clear()
    outcome, batched = sweep(tmp_path, batch=True)

    assert live_calls(server) == []
    assert [len(b.custom_ids) for b in server.batches.created] == [3, 3]  # every scorer, then every answerer
    assert [(r.status, r.answer, r.sources) for r in batched] == [(r.status, r.answer, r.sources) for r in live]
    for before, after in zip(live, batched, strict=True):
        assert after.llm_calls == 2 and after.usage.total == before.usage.total
        assert after.cost_usd == pytest.approx(before.cost_usd / 2, abs=2e-6)
        ends = [e for e in read_trace(outcome.sweep.path / after.trace_path) if e["event"] == "model_call_end"]
        assert [e["batch"] for e in ends] == [True, True]
    stored = json.loads((outcome.sweep.path / "batches.json").read_text())["batches"]
    assert [(b["id"], b["status"], b["purpose"]) for b in stored] == [("msgbatch_wire0001", "ended", "runs"), ("msgbatch_wire0002", "ended", "runs")]
    assert json.loads((outcome.sweep.path / "manifest.json").read_text())["config"]["batch"] is True


def test_a_batch_sweeps_spend_is_what_its_runs_paid(server, tmp_path):
    """bench's "spent" line and the manifest count the batch's replies, as a resume would."""
    outcome, batched = sweep(tmp_path, batch=True)
    paid = sum(r.spent_usd or 0.0 for r in batched)
    assert paid > 0 and outcome.ledger.spent == pytest.approx(paid, abs=1e-5)  # records round to 6 places
    manifest = json.loads((outcome.sweep.path / "manifest.json").read_text())
    assert manifest["summary"]["spent_usd"] == pytest.approx(paid, abs=1e-5)


def test_a_batch_reply_without_usage_is_estimated_as_a_live_one_is(server, tmp_path):
    """Counted as 0 tokens, a batch run would cost $0 and pass every token budget."""
    server.responder = lambda request: replace(offline_responder(request), reports_usage=False)
    _, live = sweep(tmp_path, batch=False)
    server.requests.clear()
    _, batched = sweep(tmp_path, batch=True)

    assert live_calls(server) == [] and len(server.batches.created) == 2
    for before, after in zip(live, batched, strict=True):
        assert after.usage.estimated and after.usage.total == before.usage.total > 0
        assert after.cost_usd == pytest.approx(before.cost_usd / 2, abs=2e-6) and after.cost_usd > 0


def test_items_the_batch_cannot_answer_are_called_live(server, tmp_path):
    seen: list[str] = []

    def outcome(custom_id, params):
        seen.append(custom_id)
        return {1: "expired", 2: "errored"}.get(len(seen), "succeeded")

    server.batches.outcome = outcome
    _, records = sweep(tmp_path, batch=True)
    assert all(r.status == "ok" for r in records)
    assert len(live_calls(server)) >= 2  # the expired and the errored request, then what follows them
    assert sum(r.usage.total for r in records) > 0


def test_one_malformed_batch_item_is_called_live_and_the_others_are_kept(server, tmp_path):
    # One item's reply that is no Messages reply failed the whole results call, so every
    # item of the paid batch was fetched again and again, and the sweep ended in errors.
    seen: list[str] = []

    def outcome(custom_id, params):
        seen.append(custom_id)
        return "malformed" if len(seen) == 1 else "succeeded"

    server.batches.outcome = outcome
    _, records = sweep(tmp_path, batch=True)
    assert [r.status for r in records] == ["ok"] * len(records)
    assert 1 <= len(live_calls(server)) <= 2  # the malformed item's run only: that call, then the one after it
    assert sum(1 for r in server.requests if r.path.endswith("/results")) == len(server.batches.created)  # each fetched once


def test_a_sweep_killed_while_its_batch_runs_resumes_that_batch(server, tmp_path):
    server.batches.hold = True
    runs = tmp_path / "runs"
    process = subprocess.Popen(
        [sys.executable, "bench.py", "--models", MODEL, "--modes", "simple", "--test-set", "3M_2022_10K", "--batch", "--no-cache",
         "--runs-dir", str(runs), "--index-dir", str(tmp_path / "idx"), "--no-progress", "--no-report"],
        cwd=PROJECT_ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**_env(server)},
    )
    stored = _wait_for(lambda: next(iter(runs.glob("*/batches.json")), None))
    process.send_signal(signal.SIGKILL)
    process.communicate(timeout=30)
    assert len(server.batches.created) == 1 and not list(runs.glob("*/runs.jsonl"))[0].read_text()

    server.batches.hold = False
    config = SweepConfig(runs_dir=runs, cache_path=None)
    outcome = run_sweep(config, resume=stored.parent, show_progress=False, warn=lambda message: None)
    assert len(server.batches.created) == 2  # the first batch resumed, only the answerers' one is new
    assert server.batches.created[0].polls >= 2 and live_calls(server) == []
    assert sorted(r.status for r in outcome.records) == ["ok"] * 3


def _env(server: WireServer) -> dict[str, str]:
    import os

    return {**os.environ, "ANTHROPIC_API_KEY": "sk-ant-fake", "ANTHROPIC_BASE_URL": server.url}


def _wait_for(find, timeout: float = 120.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = find()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("never appeared")


@pytest.fixture(scope="module")
def pristine_sweep(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("offline")
    config = SweepConfig(models=["offline"], modes=["simple", "agent"], runs_dir=root / "runs", index_dir=root / "idx", cache_path=None)
    return run_sweep(config, show_progress=False, warn=lambda message: None).sweep.path


@pytest.fixture
def offline_sweep(pristine_sweep, tmp_path) -> Path:
    """A copy of one offline sweep, so that each test's batches.json starts empty."""
    import shutil

    return Path(shutil.copytree(pristine_sweep, tmp_path / "sweep"))


def judged(run_dir: Path, tmp_path: Path, *, batch: bool, cache: bool = False):
    config = AnalyzeConfig(run_dir=run_dir, judge_model=MODEL, batch=batch, cache=cache, cache_dir=tmp_path / "cache",
                           out_dir=tmp_path / f"report-{time.monotonic_ns()}")
    return analyze_sweep(config, show_progress=False, log=lambda message: None).judging


def distinct(requests: list) -> int:
    return len({json.dumps(r.json, sort_keys=True) for r in requests})


def test_the_judge_sends_one_batch_of_what_the_numeric_check_leaves(server, offline_sweep, tmp_path):
    live = judged(offline_sweep, tmp_path, batch=False)
    asked = live_calls(server)
    server.requests.clear()
    batched = judged(offline_sweep, tmp_path, batch=True)

    assert asked and live_calls(server) == []
    # One batch, each distinct request once (runs that gave the same answer ask the same thing).
    assert [len(b.custom_ids) for b in server.batches.created] == [distinct(asked)]
    assert [(v.run_id, v.label, v.method) for v in batched.verdicts] == [(v.run_id, v.label, v.method) for v in live.verdicts]
    assert sum(v.method == "llm" for v in batched.verdicts) == len(asked) == batched.meter.batch_calls
    assert batched.meter.cost_usd == pytest.approx(live.meter.cost_usd / 2)
    assert batched.meter.spent_usd < batched.meter.cost_usd  # a repeated request was paid for once


def test_an_analysis_killed_while_its_batch_runs_picks_the_batch_up(server, offline_sweep, tmp_path):
    server.batches.hold = True
    process = subprocess.Popen(
        [sys.executable, "analyze.py", str(offline_sweep), "--judge-model", MODEL, "--batch", "--cache-dir", str(tmp_path / "cache"),
         "--out", str(tmp_path / "killed"), "--no-progress"],
        cwd=PROJECT_ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(server),
    )
    _wait_for(lambda: (offline_sweep / "batches.json").is_file() and server.batches.created)
    process.send_signal(signal.SIGKILL)
    process.communicate(timeout=30)
    assert not (tmp_path / "killed").exists()

    server.batches.hold = False
    outcome = judged(offline_sweep, tmp_path, batch=True, cache=True)
    assert len(server.batches.created) == 1 and live_calls(server) == []  # resumed, not paid twice
    by_model = [v for v in outcome.verdicts if v.method == "llm"]
    assert by_model and all(v.label in ("correct", "incorrect", "refusal") for v in by_model)
    # Each batched reply is used (identical answers are then judged from the verdict cache).
    assert outcome.meter.batch_calls == len(server.batches.created[0].custom_ids) <= len(by_model)


def test_a_stored_batch_the_api_no_longer_has_is_sent_again(server, offline_sweep, tmp_path):
    judged(offline_sweep, tmp_path, batch=True)
    first = server.batches.created[0]
    server.batches.forget()
    outcome = judged(offline_sweep, tmp_path, batch=True)
    assert len(server.batches.created) == 2 and set(server.batches.created[1].custom_ids) == set(first.custom_ids)
    assert all(v.label != "unjudged" for v in outcome.verdicts if v.method == "llm")
    stored = json.loads((offline_sweep / "batches.json").read_text())["batches"]
    assert [b["status"] for b in stored] == ["gone", "ended"]


@pytest.mark.parametrize("args, phrase", [
    (["--modes", "agent"], "--batch runs simple mode only"),
    (["--models", "offline"], "offline has no batch API"),
    (["--max-cost", "5"], "--max-cost cannot stop a batch"),
])
def test_bench_refuses_a_batch_it_cannot_run_before_writing_anything(tmp_path, monkeypatch, args, phrase):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-fake")
    base = ["--models", MODEL, "--modes", "simple", "--batch", "--runs-dir", str(tmp_path / "runs"), "--no-progress", "--no-report"]
    result = CliRunner().invoke(bench.cli, base + args)
    assert result.exit_code == 2 and result.output.strip().splitlines()[-1].startswith("error: ") and phrase in result.output
    assert not (tmp_path / "runs").exists()


@pytest.mark.parametrize("args, phrase", [([], "no model judge is chosen"), (["--judge-model", "offline"], "no model judge is chosen"),
                                          (["--judge-model", "openai:qwen@http://127.0.0.1:9/v1"], "has no batch API")])
def test_analyze_refuses_a_batch_without_a_batching_judge(offline_sweep, tmp_path, args, phrase):
    result = CliRunner().invoke(analyze.cli, [str(offline_sweep), "--batch", "--out", str(tmp_path / "out"), "--no-progress", *args])
    assert result.exit_code == 2 and phrase in result.output.strip().splitlines()[-1]
    assert not (tmp_path / "out").exists()


def test_every_sample_of_a_repeated_judgement_goes_in_the_one_batch(server, offline_sweep, tmp_path):
    config = AnalyzeConfig(run_dir=offline_sweep, judge_model=MODEL, judge_runs=3, batch=True, cache=False,
                           cache_dir=tmp_path / "cache", out_dir=tmp_path / "report")
    judging = analyze_sweep(config, show_progress=False, log=lambda message: None).judging
    (batch,) = server.batches.created
    by_model = [v for v in judging.verdicts if v.method == "llm"]
    assert by_model and all(len(v.samples) == 3 for v in by_model) and live_calls(server) == []
    assert len(batch.custom_ids) % 3 == 0


def test_two_processes_batching_in_one_folder_keep_each_others_batch_ids(tmp_path):
    from core.llm.batch import BatchStore

    first, second = BatchStore(tmp_path / "batches.json"), BatchStore(tmp_path / "batches.json")
    first.add("msgbatch_a", MODEL, "runs", ["k1"])
    second.add("msgbatch_b", MODEL, "judge", ["k2"])
    first.mark("msgbatch_a", "ended")
    stored = {b["id"]: b["status"] for b in BatchStore(tmp_path / "batches.json").batches}
    assert stored == {"msgbatch_a": "ended", "msgbatch_b": "submitted"}


def test_a_few_re_asks_after_a_batch_go_live_rather_than_wait_for_another(server, offline_sweep, tmp_path):
    garbled: list[str] = []

    def responder(request):
        messages = request.json["messages"]
        if len(messages) == 1 and not garbled:  # the first judge request the batch answers
            garbled.append(json.dumps(messages[0]))
            return "Let me think about whether this is right."
        return offline_responder(request)

    server.responder = responder
    judging = judged(offline_sweep, tmp_path, batch=True)
    assert len(server.batches.created) == 1 and len(server.batches.created[0].custom_ids) > 10
    # The garbled reply's re-ask, sent live: a tenth of a batch is not worth another wait. (Once
    # for each run whose answer made that same request, simple and agent may answer alike:
    # without the response cache the live calls are not pooled as the batch's requests are.)
    reasks = live_calls(server)
    assert distinct(reasks) == 1
    assert all("could not be read" in json.dumps(reask.json["messages"][-1]) for reask in reasks)
    assert all(v.label != "unjudged" for v in judging.verdicts if v.method == "llm")


ECHOED_KEY = "sk-ant-ECHO-batches-0123456789"


@pytest.mark.parametrize("endpoint", ["create", "retrieve", "results"])
def test_a_key_a_batch_endpoint_quotes_back_is_masked(server, tmp_path, monkeypatch, endpoint):
    # A gateway in front of the Batches API that quotes the credential it was sent in its
    # refusal: the error the user reads, and every file of the sweep, show it masked.
    from core.errors import UserError

    monkeypatch.setenv("ANTHROPIC_API_KEY", ECHOED_KEY)
    method, tail = {"create": ("POST", "/batches"), "retrieve": ("GET", "/batches/"), "results": ("GET", "/results")}[endpoint]

    def refuse(request_method, path, headers):
        hit = request_method == method and (path.endswith(tail) if tail != "/batches/" else "/batches/" in path and not path.endswith("/results"))
        return (401, f"invalid credential: {headers.get('x-api-key') or headers.get('authorization')}") if hit else None

    server.batches.refuse = refuse
    with pytest.raises(UserError) as refused:
        sweep(tmp_path, batch=True)
    shown = f"{refused.value} {getattr(refused.value, 'hint', '')}"
    assert "refused the sweep's requests" in shown and "invalid credential: " in shown and "***" in shown
    assert ECHOED_KEY not in shown
    sent = [str(r.headers) for r in server.requests if r.path.startswith("/v1/messages/batches")]
    assert any(ECHOED_KEY in headers for headers in sent)  # it was sent, and quoted back
    written = [path for path in tmp_path.rglob("*") if path.is_file()]
    assert written  # the sweep folder, its manifest and batch store were written
    for path in written:
        assert ECHOED_KEY.encode() not in path.read_bytes(), path


def test_a_key_an_errored_batch_item_quotes_back_is_masked(server, tmp_path, monkeypatch, capsys):
    # The item's error quotes the key; the item is then called live, where it is quoted again.
    monkeypatch.setenv("ANTHROPIC_API_KEY", ECHOED_KEY)
    from wire_server import Fault

    server.responder = lambda request: Fault.auth(401, f"invalid credential: {request.headers.get('x-api-key') or request.headers.get('authorization')}")
    outcome, records = sweep(tmp_path, batch=True)
    assert records and all(r.status == "error" and "invalid credential: " in r.error and "***" in r.error for r in records)
    assert all(ECHOED_KEY not in r.error for r in records)
    said = capsys.readouterr().err
    assert "go live (first: errored: " in said and "***" in said and ECHOED_KEY not in said  # the batch's progress lines
    assert any(r.path.endswith("/batches") for r in server.requests)  # it went out as a batch first
    for path in (p for p in tmp_path.rglob("*") if p.is_file()):
        assert ECHOED_KEY.encode() not in path.read_bytes(), path


@pytest.mark.parametrize("endpoint", ["create", "retrieve"])
def test_a_batch_endpoint_that_trickles_is_cut_off_and_retried(server, tmp_path, endpoint):
    # A byte every 0.1 s never lets the 0.5 s read timeout fire: the endpoint call is cut
    # off after a model call's whole time (twice --timeout) and retried, as a live call is.
    from wire_server import Fault

    method = "POST" if endpoint == "create" else "GET"
    trickled: list[str] = []

    def refuse(request_method, path, headers):
        if request_method == method and not path.endswith("/results") and not trickled:
            trickled.append(path)
            return Fault.trickle(0.1)
        return None

    server.batches.refuse = refuse
    import threading

    done: list = []
    started = time.monotonic()
    # In a thread, so that a sweep the trickle holds fails the test instead of hanging it
    # (the server's stop at teardown ends the trickle and so the thread).
    worker = threading.Thread(target=lambda: done.append(sweep(tmp_path, batch=True, timeout_s=0.5)), daemon=True)
    worker.start()
    worker.join(60)
    assert done, "the sweep was still waiting on the trickling endpoint after 60 s"
    _, records = done[0]
    assert trickled and records and all(r.status == "ok" for r in records)
    assert time.monotonic() - started >= 1.0  # it waited one call's whole time (2 x 0.5 s) before the retry
    # The trickled call was made again (item requests are recorded as "...batches#<id>").
    asked = [r.path for r in server.requests if r.method == method and r.path.startswith("/v1/messages/batches") and "#" not in r.path]
    if endpoint == "create":
        assert len(asked) == len(server.batches.created) + 1
    else:
        assert asked.count(trickled[0]) >= 2
