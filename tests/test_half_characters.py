"""Half a character (a lone UTF-16 surrogate) in model output or a user's file.

JSON may carry one as an escape ("\\ud83d": half of an emoji that a server cut in two), and
Python reads it into a str that cannot be encoded as UTF-8. Model output is recorded with
the half replaced by U+FFFD, so a sweep, its judging and its report go on; a user's file
that holds one is refused with its line and the fix.
"""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from offline_server import offline_responder
from test_provider_anthropic import complete, question, settings
from wire_server import Fault, Reply, ToolUse, WireServer

import analyze
from core.llm.types import Completion, ToolCall, Usage
from core.records import RunRecord
from harness.config import SweepConfig
from harness.runner.sweep import run_sweep
from harness.sweepdir import record_line

HALF = "\ud83d"  # the first half of 😀 alone
REPLACED = "\ufffd"


def test_a_completion_and_its_tool_calls_are_made_writable_where_they_enter() -> None:
    call = ToolCall("call_1", "grep_section", {"pattern": f"capex {HALF}", "pages": [f"{HALF}1"]})
    completion = Completion(f"Capex was $1,577 million {HALF}", [call], Usage(input=1, output=1))
    assert completion.text == f"Capex was $1,577 million {REPLACED}"
    assert call.arguments == {"pattern": f"capex {REPLACED}", "pages": [f"{REPLACED}1"]}
    json.dumps(completion.to_dict(), ensure_ascii=False).encode("utf-8")  # would raise with the half in it
    whole = Completion("An emoji, whole: 😀", [], Usage())
    assert whole.text == "An emoji, whole: 😀"


def test_a_reply_through_the_anthropic_sdk_arrives_with_the_half_replaced(wire_server: WireServer) -> None:
    body = (
        '{"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-haiku-4-5", "content": '
        '[{"type": "text", "text": "Capex was $1,577 million \\ud83d"}], "stop_reason": "end_turn", '
        '"stop_sequence": null, "usage": {"input_tokens": 5, "output_tokens": 5}}'
    )
    wire_server.queue(Fault.raw(body))
    assert complete(question(), settings(wire_server)).text == f"Capex was $1,577 million {REPLACED}"


def _halving(responder):
    """The offline policy's replies with half a character in each answer and tool call."""

    def respond(request):
        reply = responder(request)
        text = reply.text.replace('"answer": "', f'"answer": "{HALF} ') if reply.text else reply.text
        calls = [ToolUse(c.name, c.arguments.replace('": "', f'": "{HALF}', 1) if isinstance(c.arguments, str) else c.arguments, c.id)
                 for c in reply.tool_calls]
        return Reply(text + f" {HALF}", calls)

    return respond


def test_a_sweep_whose_model_writes_half_characters_is_recorded_judged_and_reported(wire_server: WireServer, tmp_path: Path) -> None:
    # Before, the first such answer stopped the sweep at its record ("a write failed").
    wire_server.responder = _halving(offline_responder)
    config = SweepConfig(
        models=[f"openai:offline-over-http@{wire_server.openai_url}"], modes=["simple", "agent", "iterative"],
        test_set="3M_2022_10K", runs_dir=tmp_path / "runs", cache_path=tmp_path / "cache.sqlite", concurrency=2, timeout_s=5,
    )
    outcome = run_sweep(config, show_progress=False)
    records = [json.loads(line) for line in (outcome.sweep.path / "runs.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len(records) == 9 and all(r["status"] in ("ok", "fail") for r in records)
    assert sum(r["answer"].startswith(REPLACED) for r in records) >= 6
    result = CliRunner().invoke(analyze.cli, [str(outcome.sweep.path), "--judge", "--judge-model", "offline",
                                              "--out", str(tmp_path / "report"), "--no-progress"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "report" / "index.html").is_file()


def test_a_record_whose_error_holds_one_is_still_written() -> None:
    # A provider's error body is not a Completion: the record writer is the last net.
    record = RunRecord(run_id="r1", question_id="q1", doc_name="3M_2022_10K", model="m", mode="agent", run_number=1, status="error")
    record.error = f"server said: overloaded {HALF}"
    line = record_line(record)
    assert f"overloaded {REPLACED}" in json.loads(line)["error"]
    line.encode("utf-8")


def test_a_labels_file_holding_one_is_refused_with_its_line(tmp_path: Path) -> None:
    labels = tmp_path / "labels.jsonl"
    row = {"financebench_id": "financebench_id_03029", "question": "Capex?", "gold_answer": "1577",
           "model_answer": f"$1,577 million {HALF}", "label": "Correct Answer"}
    labels.write_text(json.dumps(row) + "\n", encoding="utf-8")
    result = CliRunner().invoke(analyze.cli, ["calibrate-judge", str(labels), "--judge-model", "offline", "--no-cache"])
    assert result.exit_code == 2
    assert "labels.jsonl:1" in result.output and "half a character" in result.output and "\\ud83d" in result.output
