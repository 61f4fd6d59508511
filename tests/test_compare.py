"""Comparing a sweep with a baseline, and the modes of one sweep: paired per-cell changes
and flipped questions."""
from __future__ import annotations

import math

import pytest
from sweep_factory import make_record, verdicts_for, write_sweep

from harness.intervals import paired_change
from harness.stats.compare import compare, mode_comparisons
from harness.stats.frame import load_sweep


def _sweeps(tmp_path, before_labels, after_labels, *, after_tokens=2000, extra_after=()):
    questions = [f"q{i}" for i in range(len(before_labels))]
    before = [make_record(q, tokens=1000) for q in questions]
    after = [make_record(q, tokens=after_tokens) for q in questions] + list(extra_after)
    base = load_sweep(write_sweep(tmp_path, before, sweep_id="base"))
    now = load_sweep(write_sweep(tmp_path, after, sweep_id="now"))
    bv = verdicts_for(before, dict(zip((r.run_id for r in before), before_labels)))
    nv = verdicts_for(after, dict(zip((r.run_id for r in after), after_labels)))
    return now, base, nv, bv


def test_cell_changes_and_flips(tmp_path) -> None:
    now, base, nv, bv = _sweeps(
        tmp_path,
        ["correct", "incorrect", "incorrect", "incorrect"],
        ["incorrect", "correct", "correct", "correct"],
        extra_after=[make_record("q0", mode="iterative")],
    )
    result = compare(now, base, nv, bv)
    assert result.current_id == "now" and result.baseline_id == "base" and result.judged
    assert [c.cell for c in result.cells] == ["offline/simple"]
    assert result.only_current == ["offline/iterative"] and result.only_baseline == []
    change = result.cells[0]
    assert change.accuracy.before == 0.25 and change.accuracy.after == 0.75
    assert change.accuracy.diff == 0.5
    # Paired on the four shared questions: 3 gained, 1 lost.
    expected = paired_change({f"q{i}": (s, 1) for i, s in enumerate([0, 1, 1, 1])}, {f"q{i}": (s, 1) for i, s in enumerate([1, 0, 0, 0])})
    assert (change.accuracy.low, change.accuracy.high) == pytest.approx((expected.low, expected.high))
    assert (change.accuracy.gained, change.accuracy.lost, change.accuracy.method) == (3, 1, "tango+mcnemar")
    assert change.accuracy.p_value == pytest.approx(0.625)  # McNemar exact: 2 * P(X <= 1), X ~ Bin(4, 1/2)
    assert change.reliability.diff == 0 and not change.reliability.significant
    assert change.tokens_before == 1000 and change.tokens_after == 2000 and change.tokens_pct == 1.0
    flips = {(f.question_id, f.direction) for f in result.flips}
    assert flips == {("q0", "lost"), ("q1", "gained"), ("q2", "gained"), ("q3", "gained")}
    lost = next(f for f in result.flips if f.direction == "lost")
    assert lost.before == "correct" and lost.after == "incorrect" and lost.run_ids == ["offline__simple__q0__r1"]


def test_a_large_change_is_significant(tmp_path) -> None:
    now, base, nv, bv = _sweeps(tmp_path, ["incorrect"] * 20, ["correct"] * 20)
    change = compare(now, base, nv, bv).cells[0]
    assert change.accuracy.significant and change.accuracy.low > 0


def test_without_verdicts_on_one_side_accuracy_and_flips_are_not_compared(tmp_path) -> None:
    now, base, nv, _ = _sweeps(tmp_path, ["correct"], ["incorrect"])
    result = compare(now, base, nv, None)
    assert not result.judged and result.flips == []
    assert result.cells[0].accuracy is None and result.cells[0].reliability.after == 1.0


def test_only_shared_questions_are_compared(tmp_path) -> None:
    # The baseline ran q0..q3, the current sweep q2..q5: two questions are shared.
    before = [make_record(f"q{i}") for i in range(4)]
    after = [make_record(f"q{i}") for i in range(2, 6)]
    base = load_sweep(write_sweep(tmp_path, before, sweep_id="base"))
    now = load_sweep(write_sweep(tmp_path, after, sweep_id="now"))
    bv = verdicts_for(before, {r.run_id: "incorrect" for r in before})
    nv = verdicts_for(after, {r.run_id: "correct" for r in after})
    change = compare(now, base, nv, bv).cells[0].accuracy
    assert change.n_questions == 2 and (change.before, change.after, change.gained) == (0.0, 1.0, 2)


def test_tokens_are_compared_on_the_shared_questions_only(tmp_path) -> None:
    # Shared q2, q3 cost the same on both sides; the questions only one side ran (q0, q1 at
    # 9,000 tokens, q4, q5 at 100) would make a cost change out of a change of questions.
    before = [make_record(f"q{i}", tokens=9000 if i < 2 else 1000) for i in range(4)]
    after = [make_record(f"q{i}", tokens=100 if i > 3 else 1000) for i in range(2, 6)]
    base = load_sweep(write_sweep(tmp_path, before, sweep_id="base"))
    now = load_sweep(write_sweep(tmp_path, after, sweep_id="now"))
    change = compare(now, base).cells[0]
    assert (change.shared_questions, change.tokens_before, change.tokens_after, change.tokens_diff) == (2, 1000, 1000, 0)


def test_sweeps_without_a_question_in_common_compare_nothing(tmp_path) -> None:
    base = load_sweep(write_sweep(tmp_path, [make_record("q0")], sweep_id="base"))
    now = load_sweep(write_sweep(tmp_path, [make_record("q9", tokens=5000)], sweep_id="now"))
    change = compare(now, base).cells[0]
    assert change.shared_questions == 0 and change.accuracy is None
    assert math.isnan(change.tokens_before) and math.isnan(change.tokens_after)


def test_modes_of_one_sweep_are_compared_paired(tmp_path) -> None:
    records = [make_record(f"q{i}", mode=mode) for mode in ("agent", "iterative") for i in range(10)]
    labels = {r.run_id: "correct" if r.mode == "iterative" or r.question_id in ("q0", "q1") else "incorrect" for r in records}
    sweep = load_sweep(write_sweep(tmp_path, records))
    (pair,) = mode_comparisons(sweep.records, verdicts_for(records, labels), ["agent", "iterative"])
    assert (pair.mode, pair.versus) == ("iterative", "agent")
    assert pair.accuracy.diff == pytest.approx(0.8) and (pair.accuracy.gained, pair.accuracy.lost) == (8, 0)
    assert pair.accuracy.significant and pair.accuracy.p_value == pytest.approx(2 / 2**8)
    # Without verdicts nothing is compared, and nothing pretends it was.
    (unjudged,) = mode_comparisons(sweep.records, None, ["agent", "iterative"])
    assert unjudged.accuracy is None
    assert unjudged.shared_questions == pair.shared_questions == 10  # what both ran is known unjudged too


def test_an_unjudged_question_is_not_a_flip(tmp_path) -> None:
    # "unjudged -> correct" is no gain: the baseline's answer has no verdict to have changed.
    now, base, nv, bv = _sweeps(tmp_path, ["unjudged", "incorrect"], ["correct", "correct"])
    flips = {(f.question_id, f.direction) for f in compare(now, base, nv, bv).flips}
    assert flips == {("q1", "gained")}


def test_a_p_value_and_a_bound_are_never_rounded_across_the_line_they_are_read_against() -> None:
    from harness.report import fmt as f

    assert f.p_value(0.04998) == "0.04998" and f.p_value(0.125) == "0.125" and f.p_value(0.0312) == "0.0312"
    assert f.signed_bound(0.0004) == "+0.04 pp" and f.signed_bound(-0.0004) == "-0.04 pp"
    assert f.signed_bound(0.0) == "+0.0 pp" and f.signed_bound(0.25) == "+25.0 pp"


def test_a_side_whose_every_run_errored_is_no_flip(tmp_path) -> None:
    # Every run of q0 errored this time: its status verdicts ("refusal") read "correct ->
    # refusal", counted lost. That side has no answer, and no verdict to flip to.
    before = [make_record(q, run_number=n) for q in ("q0", "q1", "q2") for n in (1, 2)]
    after = [make_record("q0", run_number=n, status="error", error="provider error") for n in (1, 2)]
    after += [make_record(q, run_number=n) for q in ("q1", "q2") for n in (1, 2)]
    base = load_sweep(write_sweep(tmp_path, before, sweep_id="base"))
    now = load_sweep(write_sweep(tmp_path, after, sweep_id="now"))
    bv = verdicts_for(before, {r.run_id: "incorrect" for r in before if r.question_id == "q1"})
    result = compare(now, base, verdicts_for(after), bv)
    assert [(f.question_id, f.direction, f.before, f.after) for f in result.flips] == [("q1", "gained", "incorrect", "correct")]
    assert [(n.question_id, n.before, n.after) for n in result.no_answer] == [("q0", "correct", "no answer")]
    # and the other way round: no answer in the baseline is no gain either
    back = compare(base, now, bv, verdicts_for(after))
    assert [(f.question_id, f.direction) for f in back.flips] == [("q1", "lost")]
    assert [(n.question_id, n.before, n.after) for n in back.no_answer] == [("q0", "no answer", "correct")]


def test_a_side_with_an_answered_run_still_flips(tmp_path) -> None:
    # One of q0's two runs errored, the other answered wrongly: that side has an answer.
    before = [make_record("q0", run_number=n) for n in (1, 2)]
    after = [make_record("q0", run_number=1, status="error", error="provider error"), make_record("q0", run_number=2)]
    base = load_sweep(write_sweep(tmp_path, before, sweep_id="base"))
    now = load_sweep(write_sweep(tmp_path, after, sweep_id="now"))
    result = compare(now, base, verdicts_for(after, default="incorrect"), verdicts_for(before))
    assert [(f.question_id, f.direction) for f in result.flips] == [("q0", "lost")] and result.no_answer == []


def test_a_dead_endpoint_has_no_token_change(tmp_path) -> None:
    # Every run of the cell errored before a reply: its 0 tokens are no -100% saving.
    before = [make_record(q, tokens=1000) for q in ("q0", "q1")]
    dead = [make_record(q, status="error", tokens=0, error="provider error") for q in ("q0", "q1")]
    base = load_sweep(write_sweep(tmp_path, before, sweep_id="base"))
    change = compare(load_sweep(write_sweep(tmp_path, dead, sweep_id="dead")), base).cells[0]
    assert change.tokens_before == 1000 and math.isnan(change.tokens_after) and math.isnan(change.tokens_pct)
    # Runs cut short after spending (a run budget) spent it: that is compared.
    cut = [make_record(q, status="error", tokens=3000, error="budget") for q in ("q0", "q1")]
    change = compare(load_sweep(write_sweep(tmp_path, cut, sweep_id="cut")), base).cells[0]
    assert change.tokens_after == 3000 and change.tokens_pct == 2.0


def test_runs_a_provider_ended_are_no_token_saving_against_a_baseline(tmp_path) -> None:
    # One question rate-limited away: its 0 tokens made the same mode a third cheaper.
    before = [make_record(q, tokens=1000) for q in ("q0", "q1", "q2")]
    after = [make_record(q, tokens=1000) for q in ("q0", "q1")] + [
        make_record("q2", status="error", tokens=0, error="provider error after 6 attempt(s): rate_limit", error_kind="provider:rate_limit")]
    base = load_sweep(write_sweep(tmp_path, before, sweep_id="base"))
    change = compare(load_sweep(write_sweep(tmp_path, after, sweep_id="now")), base).cells[0]
    assert (change.tokens_before, change.tokens_after, change.tokens_diff) == (1000, 1000, 0)  # was 667: -33%
