"""Comparing a sweep with a baseline: per-cell changes with intervals, flipped questions."""
from __future__ import annotations

import math

import pytest
from sweep_factory import make_record, verdicts_for, write_sweep

from harness.stats.compare import compare, newcombe_interval
from harness.stats.frame import load_sweep


def test_newcombe_interval_matches_the_published_example() -> None:
    # Newcombe (1998), Statistics in Medicine 17:873, example (a): 56/70 vs 48/80.
    low, high = newcombe_interval(56, 70, 48, 80)
    assert low == pytest.approx(0.0524, abs=1e-4) and high == pytest.approx(0.3339, abs=1e-4)
    assert all(math.isnan(x) for x in newcombe_interval(1, 0, 1, 2))


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
    assert (change.accuracy.low, change.accuracy.high) == pytest.approx(newcombe_interval(3, 4, 1, 4))
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
