"""The success-criteria table: thresholds, boundaries and the 'not judged' rule."""
from __future__ import annotations

from sweep_factory import make_record, verdicts_for, write_sweep

from core.results import Provenance
from harness.criteria import (
    criteria_frame,
    criteria_markdown,
    evaluate_criteria,
    md_code,
    md_escape,
)
from harness.judge.verdict import Verdict
from harness.stats.cells import cell_stats
from harness.stats.frame import load_sweep

TRACED = Provenance(numbers=1, traced=1, ok=True, verified=True)
UNTRACED = Provenance(numbers=1, traced=0, untraced=["42"], ok=False, verified=True)


def _rows(tmp_path, records, verdicts=None):
    sweep = load_sweep(write_sweep(tmp_path, records))
    return {r.cell: r for r in evaluate_criteria(cell_stats(sweep.records, verdicts))}


def test_a_cell_meeting_every_criterion_passes(tmp_path) -> None:
    records = [make_record(f"q{i}", tokens=10_000, provenance=TRACED) for i in range(10)]
    verdicts = verdicts_for(records, {records[0].run_id: "incorrect"})
    row = _rows(tmp_path, records, verdicts)["offline/simple"]
    assert {name: check.status for name, check in row.checks.items()} == {
        "reliability": "pass", "accuracy": "pass", "tokens": "pass", "provenance": "pass",
    }
    assert row.passed and row.verdict == "pass"
    assert "95% CI" in row.checks["accuracy"].note


def test_boundaries_are_strict(tmp_path) -> None:
    # Ten runs: nine answered (exactly 90%: not > 90%), five correct (not > 50%), 25,000
    # tokens each (not < 25k, and no run under 25k), eight of the nine answers traced.
    records = [make_record(f"q{i}", tokens=25_000, provenance=TRACED) for i in range(9)]
    records[0].provenance = UNTRACED
    records.append(make_record("q9", status="fail", tokens=25_000))
    verdicts = verdicts_for(records, {r.run_id: "incorrect" for r in records[:4]})
    row = _rows(tmp_path, records, verdicts)["offline/simple"]
    assert row.checks["reliability"].actual == 0.9 and row.checks["reliability"].status == "fail"
    assert row.checks["accuracy"].actual == 0.5 and row.checks["accuracy"].status == "fail"
    assert row.checks["tokens"].actual == 25_000 and row.checks["tokens"].status == "fail"
    assert row.checks["tokens"].shown == "25,000 (0.0% of runs < 25k)"
    assert row.checks["provenance"].actual == 8 / 9 and row.checks["provenance"].status == "fail"
    assert "8/9 answers with numbers fully traced" in row.checks["provenance"].note
    assert not row.passed and row.verdict == "fail"


def test_provenance_means_every_number_of_every_answer(tmp_path) -> None:
    """The design says every number: one answer of a hundred with an untraced number fails
    the cell, and the share shows how close it came."""
    records = [make_record(f"q{i}", provenance=TRACED) for i in range(99)] + [make_record("q99", provenance=UNTRACED)]
    check = _rows(tmp_path / "a", records)["offline/simple"].checks["provenance"]
    assert check.actual == 0.99 and check.status == "fail" and check.shown == "99.0%"
    check = _rows(tmp_path / "b", records[:99])["offline/simple"].checks["provenance"]
    assert check.actual == 1.0 and check.status == "pass"


def test_tokens_are_decided_on_the_mean_and_the_share_under_25k_is_shown(tmp_path) -> None:
    records = [make_record(f"q{i}", tokens=t) for i, t in enumerate([5_000, 5_000, 5_000, 60_000])]
    check = _rows(tmp_path, records)["offline/simple"].checks["tokens"]
    assert check.actual == 18_750 and check.status == "pass"
    assert check.shown == "18,750 (75.0% of runs < 25k)" and "75.0% of runs under 25k" in check.note


def test_provenance_recorded_before_page_text_verification_is_not_counted(tmp_path) -> None:
    older = Provenance(numbers=1, traced=1, ok=True)  # a record from before: it trusted findings
    records = [make_record("q1", provenance=older), make_record("q2", provenance=TRACED)]
    check = _rows(tmp_path, records)["offline/simple"].checks["provenance"]
    assert check.status == "pass" and "1/1 answers" in check.note and "1 older records not verified" in check.note


def test_accuracy_is_not_judged_without_verdicts_or_with_an_unjudged_answer(tmp_path) -> None:
    records = [make_record(f"q{i}", provenance=TRACED) for i in range(3)]
    row = _rows(tmp_path / "a", records)["offline/simple"]
    assert row.checks["accuracy"].status == "not judged" and row.checks["accuracy"].shown == "not judged"
    assert row.passed and row.verdict == "pass (partial)"  # decided criteria pass; accuracy undecided
    partial = [Verdict(r.run_id, "correct", "numeric") for r in records[:2]] + [Verdict(records[2].run_id, "unjudged", "none")]
    row = _rows(tmp_path / "b", records, partial)["offline/simple"]
    check = row.checks["accuracy"]
    assert (check.status, check.shown) == ("not judged", "not judged") and "1 of 3 answers unjudged" in check.note
    # The numeric check deciding every answer is a judgement, named for what it is.
    numeric = [Verdict(r.run_id, "correct", "numeric") for r in records]
    check = _rows(tmp_path / "c", records, numeric)["offline/simple"].checks["accuracy"]
    assert check.status == "pass" and "numeric check" in check.note and "LLM" not in check.note


def test_the_offline_judge_is_named_as_rules_not_as_a_model(tmp_path) -> None:
    records = [make_record(f"q{i}", provenance=TRACED) for i in range(3)]
    verdicts = [Verdict(r.run_id, "correct", "rules", "offline") for r in records]
    note = _rows(tmp_path, records, verdicts)["offline/simple"].checks["accuracy"].note
    assert "rule-based offline judge" in note and "model" not in note.replace("rule-based offline judge", "")


def test_provenance_is_na_when_no_answer_states_a_number(tmp_path) -> None:
    records = [make_record("q1", provenance={"numbers": 0, "ok": None}), make_record("q2")]
    check = _rows(tmp_path, records)["offline/simple"].checks["provenance"]
    assert check.status == "n/a"


def test_frame_and_markdown(tmp_path) -> None:
    records = [make_record("q1", model="m|x", provenance=TRACED)]
    rows = list(_rows(tmp_path, records, verdicts_for(records)).values())
    frame = criteria_frame(rows)
    assert frame.loc[0, "accuracy_status"] == "pass" and frame.loc[0, "reliability"] == 1.0
    md = criteria_markdown(rows)
    assert "m\\|x/simple" in md  # a pipe in a model name cannot break the table
    assert "*seed: agent mode*" in md and "~80k" in md and "27–44%" in md and "> 50%" in md
    assert md.count("✅") == 4


def test_md_escape() -> None:
    assert md_escape("<b>[x](javascript:1)</b>") == "\\<b\\>\\[x\\](javascript:1)\\</b\\>"


def test_md_code_shows_the_text_as_written() -> None:
    # A backslash escape inside a code span is shown, not read: "financebench\\_id\\_00288".
    assert md_code("financebench_id_00288") == "`financebench_id_00288`"
    assert md_code("a`b") == "``a`b``" and md_code("`x`") == "`` `x` ``"  # fenced past its own backticks
    assert md_code("two\nlines") == "`two lines`"
    assert md_code("m|x", in_table=True) == "`m\\|x`" and md_code("m|x") == "`m|x`"


def test_a_verdict_its_interval_does_not_settle_is_marked(tmp_path) -> None:
    """Accuracy and reliability are decided on the point figure, and a '?' says when the
    95% interval (clustered by question) reaches across the target."""
    many = [make_record(f"q{i}", tokens=1000) for i in range(60)]
    row = _rows(tmp_path / "many", many, verdicts_for(many))["offline/simple"]
    assert row.checks["accuracy"].status == "pass" and row.checks["accuracy"].settled  # 60 of 60: the interval clears 50%
    assert row.checks["reliability"].settled and row.checks["accuracy"].unsure == ""
    few = [make_record(f"q{i}", tokens=1000) for i in range(5)]
    row = _rows(tmp_path / "few", few, verdicts_for(few, {few[0].run_id: "incorrect", few[1].run_id: "incorrect"}))["offline/simple"]
    accuracy = row.checks["accuracy"]
    assert accuracy.status == "pass" and not accuracy.settled and accuracy.unsure == "?"  # 3 of 5: the interval reaches below 50%
    assert "95% CI" in row.checks["reliability"].note and not row.checks["reliability"].settled  # 5 of 5 cannot show > 90%
    assert row.checks["tokens"].settled and row.checks["provenance"].settled  # no interval: decided as measured
    assert "✅? 60.0%" in criteria_markdown([row])
    assert criteria_frame([row]).loc[0, "accuracy_settled"] == False  # noqa: E712 - a numpy bool
    from harness.stats.summary import cell_summary

    stats = cell_stats(load_sweep(write_sweep(tmp_path / "again", few)).records,
                       verdicts_for(few, {few[0].run_id: "incorrect", few[1].run_id: "incorrect"}))
    assert cell_summary(stats.iloc[0], row)["criteria_unsettled"] == ["reliability", "accuracy"]


def test_exactly_half_correct_over_reruns_is_not_more_than_half(tmp_path) -> None:
    # 14 questions x 5 runs with 35 of 70 correct: the float sum of the shares came to
    # 0.5000000000000001 and passed "> 50%".
    counts = [4, 5, 5, 0, 2, 4, 5, 2, 1, 2, 0, 0, 2, 3]
    records = [make_record(f"q{i:02d}", run_number=r + 1) for i in range(14) for r in range(5)]
    labels = {rec.run_id: "correct" if rec.run_number <= counts[int(rec.question_id[1:])] else "incorrect" for rec in records}
    check = _rows(tmp_path, records, verdicts_for(records, labels))["offline/simple"].checks["accuracy"]
    assert check.actual == 0.5 and check.status == "fail"


def test_a_cell_whose_every_run_errored_does_not_pass_the_token_budget(tmp_path) -> None:
    # A dead endpoint: no run spent a token, which is no sign of a frugal mode.
    records = [make_record(f"q{i}", status="error", tokens=0, answer="") for i in range(4)]
    row = _rows(tmp_path, records)["offline/simple"]
    assert row.checks["tokens"].status == "n/a" and "every run ended in an error" in row.checks["tokens"].note
    mixed = [make_record("q1", status="error", tokens=0, answer=""), make_record("q2", tokens=10_000)]
    assert _rows(tmp_path / "mixed", mixed)["offline/simple"].checks["tokens"].status == "pass"


def test_a_cell_cut_short_after_spending_shows_its_tokens_and_fails_only_when_over(tmp_path) -> None:
    # Every run ended in error after its model calls were paid for (a run budget): the spend
    # is real and is shown; over 25k it fails the target, under it a finished run is unknown.
    over = [make_record(f"q{i}", status="error", tokens=30_000, answer="") for i in range(4)]
    check = _rows(tmp_path / "over", over)["offline/simple"].checks["tokens"]
    assert check.status == "fail" and check.shown.startswith("30,000") and "already over" in check.note
    under = [make_record(f"q{i}", status="error", tokens=9_000, answer="") for i in range(4)]
    check = _rows(tmp_path / "under", under)["offline/simple"].checks["tokens"]
    assert check.status == "n/a" and check.shown.startswith("9,000") and "a finished run would spend more" in check.note
