"""analyze.py label: people label a sweep's answers into a file calibrate-judge reads."""
from __future__ import annotations

import fcntl
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from click.testing import CliRunner
from sweep_factory import make_record, write_sweep

import analyze
from harness.judge.labels import load_human_labels, split_of

ROOT = Path(__file__).resolve().parent.parent
TUNE, HELDOUT = "financebench_id_01226", "financebench_id_01865"  # two 3M questions, one per half
assert (split_of(TUNE), split_of(HELDOUT)) == ("tune", "heldout")


def _sweep(tmp_path: Path) -> Path:
    records = [
        make_record(TUNE, "anthropic:claude-test", "iterative", 1, answer="Operating margin fell 1.7 points on litigation charges."),
        # A deterministic model's rerun: the same text is asked once.
        make_record(TUNE, "anthropic:claude-test", "iterative", 2, answer="Operating margin fell 1.7 points on litigation charges. "),
        make_record(HELDOUT, "anthropic:claude-test", "iterative", 1, answer="Yes, the quick ratio is 0.96."),
        make_record(HELDOUT, "anthropic:claude-test", "iterative", 2, status="fail"),  # no answer to label
        make_record("financebench_id_99999", "anthropic:claude-test", "iterative", 1),  # a question the file lacks
    ]
    return write_sweep(tmp_path / "runs", records)


def _label(args: list[str], typed: str):
    return CliRunner().invoke(analyze.cli, ["label", *args], input=typed)


def test_labels_are_written_in_financebench_format_and_calibrate_judge_reads_them(tmp_path):
    sweep, out = _sweep(tmp_path), tmp_path / "labels.jsonl"
    result = _label([str(sweep), "--out", str(out), "--labeller", "ana"], "c\ni\n")
    assert result.exit_code == 0, result.output
    assert "2 answer(s) of sweep" in result.output and "every answer seen: 2 label(s) added" in result.output
    rows = load_human_labels(out)  # in the order typed
    assert [r.label for r in rows] == ["correct", "incorrect"] and {r.financebench_id for r in rows} == {TUNE, HELDOUT}
    written = [json.loads(line) for line in out.read_text().splitlines()]
    assert written[0]["label"] == "Correct Answer" and written[1]["label"] == "Incorrect Answer"
    assert all(w["labeller"] == "ana" and w["model_name"] == "anthropic:claude-test" and w["eval_mode"] == "iterative"
               and w["sweep_id"] == sweep.name and w["gold_answer"] for w in written)
    calibrated = CliRunner().invoke(analyze.cli, ["calibrate-judge", str(out), "--no-cache"])
    assert calibrated.exit_code == 0 and "answers judged: 2 of 2" in calibrated.output


def test_the_labeller_sees_question_gold_and_answer_but_not_who_answered(tmp_path):
    result = _label([str(_sweep(tmp_path)), "--out", str(tmp_path / "l.jsonl"), "--limit", "1"], "c\n")
    assert "QUESTION: " in result.output and "GOLD ANSWER: " in result.output and "ANSWER:" in result.output
    assert "claude-test" not in result.output and "iterative" not in result.output  # model and mode stay hidden
    assert "--limit 1 reached: 1 label(s) added" in result.output


def test_an_answer_cannot_hide_or_rewrite_itself_on_the_labellers_terminal(tmp_path):
    sneaky = "Margin fell 1.7 points.\rMargin rose 1.7 points. \x1b[2J\x1b]0;title\x07"
    sweep = write_sweep(tmp_path / "runs", [make_record(TUNE, answer=sneaky)])
    out = tmp_path / "labels.jsonl"
    result = _label([str(sweep), "--out", str(out)], "i\n")
    assert "points.\\x0dMargin rose" in result.output and "\\x1b[2J" in result.output
    assert "\x1b" not in result.output and "\r" not in result.output
    assert load_human_labels(out)[0].model_answer == sneaky  # stored as the model gave it


def test_a_session_goes_on_where_the_last_stopped_and_asks_a_skipped_answer_again(tmp_path):
    sweep, out = _sweep(tmp_path), tmp_path / "labels.jsonl"
    first = _label([str(sweep), "--out", str(out)], "s\nr\n")  # skip the first, label the second
    assert first.exit_code == 0 and len(load_human_labels(out)) == 1
    second = _label([str(sweep), "--out", str(out)], "")  # end of input at once: stops, nothing lost
    assert second.exit_code == 0, second.output
    assert "1 answer(s) of sweep" in second.output and "1 label(s) already in" in second.output
    assert "stopped: 0 label(s) added" in second.output
    third = _label([str(sweep), "--out", str(out)], "x\nc\n")  # a key that is no choice is asked again
    assert "is not one of" in third.output and len(load_human_labels(out)) == 2
    assert _label([str(sweep), "--out", str(out)], "").output.startswith("0 answer(s)")


def test_half_keeps_to_the_questions_of_one_half(tmp_path):
    out = tmp_path / "labels.jsonl"
    result = _label([str(_sweep(tmp_path)), "--out", str(out), "--half", "heldout"], "c\n")
    assert result.exit_code == 0 and "1 answer(s)" in result.output
    assert [r.financebench_id for r in load_human_labels(out)] == [HELDOUT]


def test_a_half_written_last_line_is_dropped_and_a_foreign_file_is_left_alone(tmp_path):
    sweep, out = _sweep(tmp_path), tmp_path / "labels.jsonl"
    _label([str(sweep), "--out", str(out), "--limit", "1"], "c\n")
    whole = out.read_text()
    out.write_text(whole + '{"financebench_id": "financebench_id_0')  # a crash mid-line
    result = _label([str(sweep), "--out", str(out)], "")
    assert result.exit_code == 0 and "dropped a half-written last line" in result.output
    assert out.read_text() == whole
    foreign = tmp_path / "notes.jsonl"
    foreign.write_text('{"todo": "buy milk"}\n')
    refused = _label([str(sweep), "--out", str(foreign)], "c\n")
    assert refused.exit_code == 2 and "not a labels file calibrate-judge can read" in refused.output
    assert foreign.read_text() == '{"todo": "buy milk"}\n'


def test_one_session_at_a_time_writes_a_file(tmp_path):
    sweep, out = _sweep(tmp_path), tmp_path / "labels.jsonl"
    with out.open("a") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        result = _label([str(sweep), "--out", str(out)], "c\n")
    assert result.exit_code == 2 and "being written by another label session" in result.output
    assert out.read_text() == ""
    # a session that labels nothing leaves no file of its own behind
    fresh = tmp_path / "fresh.jsonl"
    assert _label([str(sweep), "--out", str(fresh)], "q\n").exit_code == 0 and not fresh.exists()


def test_a_killed_session_has_kept_every_label_typed(tmp_path):
    """Each label is on disk before the next answer shows: a session killed while it waits
    (SIGKILL, no clean-up) has lost nothing typed."""
    sweep, out = _sweep(tmp_path), tmp_path / "labels.jsonl"
    session = subprocess.Popen([sys.executable, "analyze.py", "label", str(sweep), "--out", str(out)], cwd=ROOT,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert session.stdin is not None and session.stdout is not None
    session.stdin.write("i\n")
    session.stdin.flush()
    seen = ""
    deadline = time.monotonic() + 60
    while "answer 2 of 2" not in seen and time.monotonic() < deadline:
        seen += session.stdout.readline()
    assert "answer 2 of 2" in seen, seen
    session.send_signal(signal.SIGKILL)
    session.wait()
    assert [r.label for r in load_human_labels(out)] == ["incorrect"]


def test_two_people_label_the_same_answers_and_calibrate_judge_says_how_often_they_agree(tmp_path):
    sweep, out = _sweep(tmp_path), tmp_path / "labels.jsonl"
    assert _label([str(sweep), "--out", str(out), "--labeller", "ana"], "c\ni\n").exit_code == 0
    second = _label([str(sweep), "--out", str(out), "--labeller", "bo"], "c\nc\n")  # ana's labels do not spare bo's
    assert "2 answer(s) of sweep" in second.output and "2 label(s) already in" in second.output and "0 of them yours" in second.output
    assert _label([str(sweep), "--out", str(out), "--labeller", "ana"], "").output.startswith("0 answer(s)")
    table = CliRunner().invoke(analyze.cli, ["calibrate-judge", str(out), "--no-cache"]).output
    assert "people with each other: 2 answer(s) labelled by two or more people agree on correct-vs-not in 50.0% of 2 pair(s)" in table
    figures = json.loads(CliRunner().invoke(analyze.cli, ["calibrate-judge", str(out), "--no-cache", "--json"]).output)
    assert figures["people_agreement"] == {"answers": 2, "pairs": 2, "binary_agreement": 0.5} and figures["n"] == 4


def test_people_agreement_counts_named_people_on_one_answer_correct_vs_not():
    from harness.judge.labels import LabelledAnswer, people_agreement

    def row(labeller, label, answer="$5,466 million.", question="financebench_id_03282"):
        return LabelledAnswer(question, "m", "e", "Q?", "5466", answer, label, labeller)

    assert people_agreement([row("", "correct"), row("", "incorrect")]) is None  # nobody named: no pair of people
    assert people_agreement([row("ana", "correct"), row("ana", "incorrect")]) is None  # one person changing their mind
    assert people_agreement([row("ana", "incorrect"), row("bo", "refusal")]) == {"answers": 1, "pairs": 1, "binary_agreement": 1.0}
    three = [row("ana", "correct"), row("bo", "correct"), row("cy", "incorrect"), row("ana", "correct", answer="$9 million.")]
    assert people_agreement(three) == {"answers": 1, "pairs": 3, "binary_agreement": 1 / 3}
    # the same text with other spacing is the same answer
    assert people_agreement([row("ana", "correct"), row("bo", "correct", answer=" $5,466 million. ")])["pairs"] == 1
