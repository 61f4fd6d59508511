"""No key, token or authorization header ever lands in a file the harness writes or in
its output: a sweep and an analysis with real SDKs and known fake keys, then a scan."""
from __future__ import annotations

import json
import os
import subprocess
import sys

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
