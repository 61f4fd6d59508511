"""No key, token or authorization header ever lands in a file the harness writes or in
its output: a sweep and an analysis with real SDKs and known fake keys, then a scan."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest
from offline_server import _anthropic_request, _openai_request, offline_responder
from report_files import chunk

from core.paths import PROJECT_ROOT, QUESTIONS_DIR
from harness.dataset import load_questions, select_questions
from harness.judge.rubric import JUDGE_SYSTEM

SECRETS = {
    "ANTHROPIC_API_KEY": "sk-ant-FAKE-secret-0123456789abcdef",
    "OPENAI_API_KEY": "sk-openai-FAKE-secret-fedcba9876543210",
    "AWS_ACCESS_KEY_ID": "AKIAFAKESECRET000000",
    "AWS_SECRET_ACCESS_KEY": "fake/aws/secret/key/0000000000000000000000",
    "AWS_BEARER_TOKEN_BEDROCK": "bedrock-FAKE-bearer-token-424242",
}
FLAG_KEY = "sk-flag-FAKE-secret-1111111111"


def run(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=600, env=env)


def test_no_secret_reaches_any_written_file_or_log(wire_server, tmp_path):
    wire_server.responder = offline_responder
    env = {**os.environ, **SECRETS, "ANTHROPIC_BASE_URL": wire_server.url}
    folders = {name: tmp_path / name for name in ("runs", "reports", "cache", "indexes", "report")}
    sweep = run(
        "bench.py", "--models", "anthropic:claude-haiku-4-5,openai:gpt-test", "--modes", "simple,agent",
        "--test-set", "3M_2022_10K", "--openai-base-url", wire_server.openai_url, "--openai-api-key", FLAG_KEY,
        "--runs-dir", str(folders["runs"]), "--reports-dir", str(folders["reports"]), "--cache-dir", str(folders["cache"]),
        "--index-dir", str(folders["indexes"]), "--no-progress", env=env,
    )
    assert sweep.returncode == 0, sweep.stderr
    analysis = run(
        "analyze.py", "--runs-dir", str(folders["runs"]), "--judge", "--judge-model", "anthropic:claude-haiku-4-5",
        "--out", str(folders["report"]), "--cache-dir", str(folders["cache"]), "--no-progress", env=env,
    )
    assert analysis.returncode == 0, analysis.stderr

    # The keys did reach the server, so the scan below is looking for something real.
    sent = " ".join(str(r.headers) for r in wire_server.requests)
    assert SECRETS["ANTHROPIC_API_KEY"] in sent and FLAG_KEY in sent

    written = [p for folder in folders.values() for p in folder.rglob("*") if p.is_file()]
    assert any(p.suffix == ".sqlite" for p in written) and any(p.name == "runs.jsonl" for p in written)
    assert any(p.name == "index.html" for p in written) and any(p.suffix == ".parquet" for p in written)
    haystacks = [(str(p), p.read_bytes()) for p in written]
    # The report's run details are compressed: read them as the page does.
    haystacks += [(str(p), json.dumps(chunk(p.parent.parent, p.stem)).encode()) for p in written if p.parent.name == "details"]
    haystacks += [("bench stdout/stderr", (sweep.stdout + sweep.stderr).encode()), ("analyze stdout/stderr", (analysis.stdout + analysis.stderr).encode())]
    for where, data in haystacks:
        lowered = data.lower()
        for secret in [*SECRETS.values(), FLAG_KEY]:
            assert secret.encode() not in data, f"{secret} found in {where}"
        assert b"bearer sk-" not in lowered and b"x-api-key" not in lowered and b"authorization:" not in lowered, where


def test_only_the_judge_is_shown_gold_answers(wire_server, tmp_path):
    """The gold answer and its justification reach the model only in judge requests: a
    retriever that saw them would make every accuracy figure a lie."""
    wire_server.responder = offline_responder
    env = {**os.environ, "ANTHROPIC_API_KEY": "sk-ant-test", "ANTHROPIC_BASE_URL": wire_server.url}
    common = ["--cache-dir", str(tmp_path / "cache"), "--no-progress"]
    sweep = run("bench.py", "--models", "anthropic:claude-haiku-4-5", "--test-set", "3M_2022_10K", "--no-report",
                "--runs-dir", str(tmp_path / "runs"), "--index-dir", str(tmp_path / "idx"), *common, env=env)
    assert sweep.returncode == 0, sweep.stderr
    analysis = run("analyze.py", "--runs-dir", str(tmp_path / "runs"), "--judge", "--judge-model", "anthropic:claude-haiku-4-5",
                   "--out", str(tmp_path / "report"), *common, env=env)
    assert analysis.returncode == 0, analysis.stderr

    questions = select_questions(load_questions(QUESTIONS_DIR / "financebench_open_source.jsonl"), "3M_2022_10K", None)
    golds = [text for q in questions for text in (q.gold.answer, q.gold.justification) if len(text) >= 30]
    assert golds
    shown_to = {"judge": 0, "other": 0}
    for recorded in wire_server.requests:
        request = _anthropic_request(recorded.json) if recorded.api == "anthropic" else _openai_request(recorded.json)
        body = json.dumps(recorded.json, ensure_ascii=False)
        is_judge = request.system == JUDGE_SYSTEM
        for gold in golds:
            if gold in body:
                shown_to["judge" if is_judge else "other"] += 1
    assert shown_to["other"] == 0 and shown_to["judge"] > 0  # the check sees golds where they belong


def test_credentials_in_a_base_url_are_used_but_never_stored_or_shown(wire_server, tmp_path):
    """A spec's base URL and --openai-base-url may carry a password and a key: they reach
    the server, and appear nowhere the harness writes or prints, not even in file names."""
    import base64

    from wire_server import Fault

    wire_server.responder = offline_responder
    host = wire_server.openai_url.split("://", 1)[1]
    in_spec = f"http://user:pw-SPEC-SECRET@{host}?api-key=QUERY-SECRET&x=1"
    in_flag = f"http://flag-user:pw-FLAG-SECRET@{host}?token=FLAG-TOKEN"
    secrets = ["pw-SPEC-SECRET", "QUERY-SECRET", "pw-FLAG-SECRET", "FLAG-TOKEN"]
    wire_server.queue(Fault.bad_request(f"unknown model at {in_spec}"))  # a server that echoes the URL in an error
    folders = {name: tmp_path / name for name in ("runs", "cache", "report")}
    models = f"openai:m@{in_spec},openai:gpt-test"
    common = ["--no-progress", "--cache-dir", str(folders["cache"])]
    sweep = run("bench.py", "--models", models, "--modes", "simple,agent", "--test-set", "3M_2022_10K", "--question", "01865",
                "--openai-base-url", in_flag, "--runs-dir", str(folders["runs"]), "--no-report", *common,
                env=dict(os.environ))
    assert sweep.returncode == 0, sweep.stderr
    folder = next(folders["runs"].iterdir())
    records = [json.loads(line) for line in (folder / "runs.jsonl").read_text().splitlines()]
    assert len(records) == 4 and sum(r["status"] == "error" for r in records) == 1
    assert {r["model"] for r in records} == {"openai:m@http://***@" + host + "?api-key=***&x=1", "openai:gpt-test"}

    # A resume needs the credentials again: they were never stored.
    (folder / "runs.jsonl").write_text("\n".join(json.dumps(r) for r in records[:2]) + "\n")
    refused = run("bench.py", "--resume", str(folder), "--no-report", *common, env=dict(os.environ))
    assert refused.returncode == 2 and "had a credential" in refused.stderr and "--models" in refused.stderr
    resumed = run("bench.py", "--resume", str(folder), "--models", models, "--openai-base-url", in_flag, "--no-report", *common,
                  env=dict(os.environ))
    assert resumed.returncode == 0, resumed.stderr
    analysis = run("analyze.py", str(folder), "--out", str(folders["report"]), *common, env=dict(os.environ))
    assert analysis.returncode == 0, analysis.stderr

    # The credentials did reach the server, so the scan below looks for something real.
    sent = " ".join(str(r.headers) for r in wire_server.requests)
    assert base64.b64encode(b"user:pw-SPEC-SECRET").decode() in sent and base64.b64encode(b"flag-user:pw-FLAG-SECRET").decode() in sent

    written = [p for folder in folders.values() for p in folder.rglob("*")]
    assert any(p.suffix == ".sqlite" for p in written) and any(p.name == "index.html" for p in written)
    assert any(p.parent.name == "traces" for p in written)
    outputs = [sweep, refused, resumed, analysis]
    haystacks = [(str(p), p.read_bytes()) for p in written if p.is_file()]
    haystacks += [(f"output {i}", (o.stdout + o.stderr).encode()) for i, o in enumerate(outputs)]
    haystacks += [("file names", "\n".join(str(p) for p in written).encode())]
    for where, data in haystacks:
        for secret in secrets:
            assert secret.encode() not in data, f"{secret} found in {where}"
    # No URL in a file name, however slugged ("127.0.0.1", "127_0_0_1"); a bare "127" is no
    # sign of one: a sweep folder's UTC time holds it on 27 November ("20261127T...").
    assert not [p for p in written if re.search(r"127\W0\W0|127_0_0|http", p.name)]


def test_the_response_cache_tells_servers_apart_without_storing_their_urls(tmp_path):
    from wire_server import WireServer

    from harness.config import SweepConfig
    from harness.runner.sweep import run_sweep

    cache = tmp_path / "responses.sqlite"
    with WireServer() as first, WireServer() as second:
        for server in (first, second):
            server.responder = offline_responder
            url = server.openai_url.replace("http://", "http://u:CACHE-SECRET@")
            config = SweepConfig(models=[f"openai:m@{url}"], modes=["simple"], test_set="3M_2022_10K", question_filter="01865",
                                 runs_dir=tmp_path / "runs", cache_path=cache)
            run_sweep(config, show_progress=False)
        assert first.requests and second.requests  # the second server was asked, not replayed from the first's replies
    assert b"CACHE-SECRET" not in cache.read_bytes() + b"".join(p.read_bytes() for p in tmp_path.glob("responses.sqlite*"))


@pytest.mark.parametrize(
    "text,shown",
    [
        ("openai:m@http://user:pw@127.0.0.1:8000/v1?api-key=SECRET&x=1", "openai:m@http://***@127.0.0.1:8000/v1?api-key=***&x=1"),
        ("https://TOKEN@gateway.example/v1", "https://***@gateway.example/v1"),
        ("see https://h/x?X-Amz-Signature=abc&sig=zz&access_token=t&region=eu.", "see https://h/x?X-Amz-Signature=***&sig=***&access_token=***&region=eu."),
        ("http://host:8000/v1", "http://host:8000/v1"),
        ("no url here, key=value", "no url here, key=value"),
    ],
)
def test_redaction_keeps_the_server_and_drops_the_credential(text, shown):
    from core.redact import redact_text

    assert redact_text(text) == shown


def _echo_credentials(request):
    """A gateway that quotes back, in its 401, the credential it was sent."""
    from wire_server import Fault

    sent = request.headers.get("x-api-key") or request.headers.get("authorization")
    return Fault.auth(401, f"invalid credential: {sent}")


ECHO_CASES = {
    "anthropic key": ("core.llm.providers.anthropic", "anthropic:claude-haiku-4-5", {"ANTHROPIC_API_KEY": "sk-ant-ECHO-0123456789"}, None),
    "anthropic token": ("core.llm.providers.anthropic", "anthropic:claude-haiku-4-5", {"ANTHROPIC_AUTH_TOKEN": "gw-ECHO-token-98765"}, None),
    "bedrock token": ("core.llm.providers.bedrock", "bedrock:haiku", {"AWS_BEARER_TOKEN_BEDROCK": "bedrock-ECHO-token-4242"}, None),
    "openai key": ("core.llm.providers.openai_compat", "openai:m", {}, "sk-openai-ECHO-flag-1111"),
    "openai userinfo": ("core.llm.providers.openai_compat", "openai:m@{user}", {}, None),
}


@pytest.mark.parametrize("case", list(ECHO_CASES))
def test_a_credential_the_server_quotes_back_is_masked_in_the_error(wire_server, case):
    import base64
    import importlib

    from provider_calls import provider_error

    from core.llm.base import ProviderSettings
    from core.llm.registry import parse_model_spec
    from core.llm.types import CompletionRequest, Message

    module, model, env, flag_key = ECHO_CASES[case]
    model = model.format(user=wire_server.openai_url.replace("http://", "http://echo-user:pw-ECHO-5555@"))
    env = {**env, "ANTHROPIC_BASE_URL": wire_server.url, "ANTHROPIC_BEDROCK_BASE_URL": wire_server.url}
    settings = ProviderSettings(env=env, openai_base_url=wire_server.openai_url, openai_api_key=flag_key, timeout_s=5)
    wire_server.responder = _echo_credentials
    request = CompletionRequest("sys", [Message.user("revenue?")], max_tokens=50)
    error = provider_error(importlib.import_module(module).create, parse_model_spec(model), request, settings)

    secrets = [*env.values(), flag_key or "", "pw-ECHO-5555", base64.b64encode(b"echo-user:pw-ECHO-5555").decode()]
    sent = str(wire_server.last.headers)
    assert any(s in sent for s in secrets if "ECHO" in s or s.startswith("ZWNo"))  # the server did get it, and quoted it
    assert error.kind == "auth" and "invalid credential: " in str(error) and "***" in str(error)
    for secret in secrets:
        if "ECHO" in secret or secret.startswith("ZWNo"):
            assert secret not in str(error), case


def test_a_quoted_key_reaches_no_record_or_trace(wire_server, tmp_path, monkeypatch):
    import base64

    from harness.config import SweepConfig
    from harness.runner.sweep import run_sweep

    key = "sk-ant-ECHO-sweep-0123456789"
    monkeypatch.setenv("ANTHROPIC_API_KEY", key)
    monkeypatch.setenv("ANTHROPIC_BASE_URL", wire_server.url)
    wire_server.responder = _echo_credentials
    with_password = wire_server.openai_url.replace("http://", "http://u:pw-ECHO-sweep@")
    config = SweepConfig(models=["anthropic:claude-haiku-4-5", f"openai:m@{with_password}"], modes=["simple"], test_set="3M_2022_10K",
                         question_filter="01865", runs_dir=tmp_path / "runs", cache_path=None)
    outcome = run_sweep(config, show_progress=False)
    records = [json.loads(line) for line in (outcome.sweep.path / "runs.jsonl").read_text().splitlines()]
    assert len(records) == 2 and {r["error_kind"] for r in records} == {"provider:auth"}
    assert all("invalid credential: " in r["error"] for r in records)
    secrets = [key, "pw-ECHO-sweep", base64.b64encode(b"u:pw-ECHO-sweep").decode()]
    for path in outcome.sweep.path.rglob("*"):
        if path.is_file():
            for secret in secrets:
                assert secret.encode() not in path.read_bytes(), f"{secret} in {path}"


@pytest.mark.parametrize(
    "keys,url,masked",
    [
        (("sk-abc-123456",), None, ["sk-abc-123456"]),
        ((None, "short"), None, []),  # too short to mask alone: it would garble messages
        ((), "http://us%40er:p%3Aword@h/v1?api-key=Q-SECRET&x=1", ["us%40er:p%3Aword", "us@er:p:word", "dXNAZXI6cDp3b3Jk", "Q-SECRET"]),
    ],
)
def test_sent_credentials_lists_every_form_a_server_could_quote(keys, url, masked):
    from core.redact import mask_credentials, sent_credentials

    credentials = sent_credentials(*keys, url=url)
    for form in masked:
        assert form in credentials and mask_credentials(f"got {form}.", credentials) == "got ***."
    assert "x=1" not in credentials and "h" not in credentials
