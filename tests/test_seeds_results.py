"""bench_results.md: unjudged answers are not judged, never wrong, and the judge is named."""
from __future__ import annotations

from sweep_factory import make_record, verdicts_for, write_sweep

from harness.judge.service import OFFLINE_JUDGE, judge_name
from harness.judge.verdict import Verdict
from harness.seeds_results import bench_results
from harness.stats.frame import load_sweep


def _row(text: str, mode: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(f"| offline | {mode} |"))


def test_unjudged_answers_show_not_judged_never_wrong(tmp_path) -> None:
    # The numeric check decided one answer of four in "partial" and none in "prose".
    records = [make_record(f"q{i}", mode=mode) for mode in ("partial", "prose") for i in range(4)]
    decided = records[0]
    verdicts = [Verdict(decided.run_id, "correct", "numeric", rationale="the gold number")]
    text = bench_results(load_sweep(write_sweep(tmp_path, records)), verdicts, {}, judge_name(None))
    assert "| not judged (3 of 4 unjudged) |" in _row(text, "partial")
    assert "| not judged (4 of 4 unjudged) |" in _row(text, "prose")
    assert "| 0.0% |" not in _row(text, "prose") and "| 25.0% |" not in _row(text, "partial")
    assert "accuracy not judged (7 of 8 answers unjudged)" in text
    assert "Judge: numeric check only" in text


def test_a_sweep_the_numeric_check_decided_whole_names_the_judge_that_ran(tmp_path) -> None:
    # Under the offline judge, every answer here was decided by the numeric check first.
    records = [make_record(f"q{i}", run_number=r) for i in range(2) for r in (1, 2, 3)]
    labels = {records[1].run_id: "incorrect"}
    verdicts = verdicts_for(records, labels, method="numeric", judge_model="")
    text = bench_results(load_sweep(write_sweep(tmp_path, records)), verdicts, {}, judge_name(OFFLINE_JUDGE))
    assert "Judge: numeric check + rule-based offline judge (no model)." in text and "not judged (" not in text
    assert "| 83.3% |" in _row(text, "simple")  # (2/3 + 3/3) / 2 questions


def test_a_cell_that_spent_nothing_shows_no_average_tokens(tmp_path) -> None:
    # A dead endpoint's "0" average tokens read as the most frugal mode; runs cut short after
    # spending (a run budget) show what they spent.
    records = [make_record(f"q{i}", mode="dead", status="error", tokens=0) for i in range(2)]
    records += [make_record(f"q{i}", mode="cut", status="error", tokens=9000) for i in range(2)]
    text = bench_results(load_sweep(write_sweep(tmp_path, records)), verdicts_for(records, {}), {}, judge_name(OFFLINE_JUDGE))
    assert _row(text, "dead").split(" | ")[7] == "—"
    assert _row(text, "cut").split(" | ")[7].startswith("9,000")


def test_question_ids_and_names_in_code_spans_are_shown_as_written(tmp_path) -> None:
    # Backslash escapes are not read inside a code span: md_escape there showed "financebench\\_id".
    records = [make_record("financebench_id_00288", mode="simple")]
    text = bench_results(load_sweep(write_sweep(tmp_path, records)), verdicts_for(records), {}, judge_name(OFFLINE_JUDGE))
    assert "`financebench_id_00288`" in text and "`financebench\\_" not in text


def test_the_all_runs_line_says_its_share_is_of_runs_and_the_tokens_what_they_leave_out(tmp_path) -> None:
    # "accuracy 65.2% (15/23 correct)" sat under "accuracy is the mean over questions", and
    # the tokens left out provider-fault runs without a word.
    records = [make_record("q1", run_number=r) for r in (1, 2, 3)] + [make_record("q2")]
    verdicts = verdicts_for(records, {records[0].run_id: "incorrect"})
    text = bench_results(load_sweep(write_sweep(tmp_path, records)), verdicts, {}, judge_name(OFFLINE_JUDGE))
    assert "75.0% of runs correct (3/4)." in text  # the mean over questions would be (2/3 + 1) / 2
    assert "leave out the runs a provider fault ended" in text
