"""Intervals with questions as the unit: reruns do not narrow them, pairing is used, and
the intervals cover the truth about as often as they claim to (checked by simulation)."""
from __future__ import annotations

import math
import random

import pytest
from sweep_factory import make_record, verdicts_for, write_sweep

from harness.intervals import (
    binomial_two_sided,
    clustered_interval,
    consistency,
    paired_change,
    pooled_clustered_interval,
    t_quantile_95,
    tango_interval,
    wilson_interval,
)
from harness.stats.cells import cell_stats
from harness.stats.frame import load_sweep


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson_interval(1, 3)
    assert (low, high) == pytest.approx((0.0615, 0.7923), abs=1e-4)
    assert wilson_interval(0, 10) == (0.0, pytest.approx(0.2775, abs=1e-4))
    assert wilson_interval(10, 10) == (pytest.approx(0.7225, abs=1e-4), 1.0)
    assert all(math.isnan(x) for x in wilson_interval(0, 0))


def test_a_pooled_share_over_independent_items_is_wilsons_interval() -> None:
    # One item per question: nothing is clustered, so the interval is Wilson's on the counts.
    pooled = pooled_clustered_interval([(1, 1)] * 30 + [(0, 1)] * 10)
    assert (pooled.mean, pooled.effective_n) == (0.75, 40)
    assert (pooled.low, pooled.high) == pytest.approx(wilson_interval(30, 40))


def test_many_answers_to_a_question_that_agree_count_as_one() -> None:
    # 40 questions with 12 answers each, every answer to a question judged alike: 480 answers
    # but 40 samples. Pooling them as independent would give an interval four times narrower.
    clustered = pooled_clustered_interval([(12, 12)] * 30 + [(0, 12)] * 10)
    naive = wilson_interval(360, 480)
    assert clustered.effective_n == 40 and (clustered.n_questions, clustered.n_runs) == (40, 480)
    assert (clustered.low, clustered.high) == pytest.approx(wilson_interval(30, 40))
    assert clustered.high - clustered.low > 3 * (naive[1] - naive[0])
    # Answers that disagree within a question sit between the two; never narrower than naive.
    mixed = pooled_clustered_interval([(9, 12)] * 20 + [(12, 12)] * 10 + [(6, 12)] * 10)
    assert 40 <= mixed.effective_n <= 480
    assert mixed.high - mixed.low >= wilson_interval(mixed.mean * 480, 480)[1] - wilson_interval(mixed.mean * 480, 480)[0] - 1e-12
    # A judge that agrees on all 480 answers, or one question's 16 answers, is not measured
    # on 480 or 16 samples: each question counts once.
    unanimous = pooled_clustered_interval([(12, 12)] * 40)
    assert (unanimous.low, unanimous.high) == pytest.approx(wilson_interval(40, 40))
    one_question = pooled_clustered_interval([(12, 16)])
    assert one_question.effective_n == 1 and one_question.high - one_question.low > 0.5
    # Empty groups count for nothing; no items at all is no estimate.
    assert pooled_clustered_interval([(1, 1), (0, 0)]).n_questions == 1
    assert math.isnan(pooled_clustered_interval([(0, 0)]).mean)


def test_reruns_that_agree_do_not_narrow_the_interval() -> None:
    shares = [1.0] * 7 + [0.0] * 14
    once = clustered_interval(shares, [1] * 21)
    thrice = clustered_interval(shares, [3] * 21)
    assert (thrice.low, thrice.high) == (once.low, once.high) == wilson_interval(7, 21)
    assert thrice.effective_n == once.effective_n == 21
    # 0% stays a 0-16% interval over 21 questions, however many reruns.
    assert clustered_interval([0.0] * 21, [5] * 21).high == pytest.approx(wilson_interval(0, 21)[1])


def test_reruns_that_disagree_add_information_up_to_the_number_of_runs() -> None:
    # Every question right in two of four runs: all the spread is within questions.
    half = clustered_interval([0.5] * 20, [4] * 20)
    assert half.effective_n == 80 and (half.low, half.high) == pytest.approx(wilson_interval(40, 80))
    mixed = clustered_interval([1.0, 0.0, 0.5, 0.5, 1.0, 0.0], [2] * 6)
    assert 6 < mixed.effective_n < 12


def _deterministic_sweep(tmp_path, runs: int):
    records = [make_record(f"q{i}", run_number=r) for i in range(21) for r in range(1, runs + 1)]
    labels = {rec.run_id: "correct" if int(rec.question_id[1:]) % 3 == 0 else "incorrect" for rec in records}
    sweep = load_sweep(write_sweep(tmp_path / f"runs{runs}", records))
    return cell_stats(sweep.records, verdicts_for(records, labels)).iloc[0]


def test_a_deterministic_runs_3_sweep_has_the_interval_of_runs_1(tmp_path) -> None:
    one, three = _deterministic_sweep(tmp_path, 1), _deterministic_sweep(tmp_path, 3)
    assert three["runs"] == 63 and one["runs"] == 21
    assert (three["accuracy"], three["accuracy_low"], three["accuracy_high"]) == (one["accuracy"], one["accuracy_low"], one["accuracy_high"])
    assert three["consistency"] == 1.0 and three["within_variance"] == 0.0 and math.isnan(one["consistency"])


def test_consistency_counts_questions_whose_runs_agree() -> None:
    agree, within = consistency({"a": ["correct", "correct"], "b": ["correct", "incorrect"], "c": ["refusal", "refusal"]})
    assert agree == pytest.approx(2 / 3)
    assert within == pytest.approx((0 + 0.5 + 0) / 3)  # b: share 1/2, unbiased variance 1/2 * 1/2 * 2
    assert all(math.isnan(x) for x in consistency({"a": ["correct"]}))


def test_tango_interval_matches_the_published_example() -> None:
    # Fagerland, Lydersen and Laake (2014), airway hyper-responsiveness before and after
    # stem cell transplantation: 21 pairs, 1 and 7 discordant; Tango (-0.517, -0.026).
    assert tango_interval(1, 7, 21) == pytest.approx((-0.5172, -0.0260), abs=1e-4)
    # Nothing flipped on 21 questions is not proof of no difference: about +-15 points.
    low, high = tango_interval(0, 0, 21)
    assert high == pytest.approx(wilson_interval(0, 21)[1], abs=1e-3) and low == pytest.approx(-high)


def test_deterministic_reruns_compare_as_one_run() -> None:
    after = {f"q{i}": (float(i % 2), 1) for i in range(12)}
    before = {f"q{i}": (float(i % 3 == 0), 1) for i in range(12)}
    thrice = paired_change({q: (s, 3) for q, (s, _) in after.items()}, {q: (s, 3) for q, (s, _) in before.items()})
    once = paired_change(after, before)
    assert (thrice.low, thrice.high, thrice.p_value) == (once.low, once.high, once.p_value)


def test_mcnemar_exact_p_values() -> None:
    assert binomial_two_sided(0, 8) == pytest.approx(2 / 256)
    assert binomial_two_sided(1, 4) == pytest.approx(0.625)
    assert binomial_two_sided(3, 6) == 1.0 and binomial_two_sided(0, 0) == 1.0


def test_pairing_uses_the_shared_questions_only_and_never_leaves_minus_one_to_one() -> None:
    after = {"a": (1.0, 1), "b": (1.0, 1), "c": (0.0, 1), "x": (1.0, 1)}
    before = {"a": (0.0, 1), "b": (1.0, 1), "c": (0.0, 1), "y": (0.0, 1)}
    change = paired_change(after, before)
    assert change.n_questions == 3 and change.diff == pytest.approx(1 / 3)
    assert -1 <= change.low <= change.diff <= change.high <= 1
    assert paired_change({"a": (1.0, 1)}, {"b": (0.0, 1)}) is None
    same = paired_change({q: (1.0, 1) for q in "abcdef"}, {q: (1.0, 1) for q in "abcdef"})
    assert same.diff == 0 and same.low <= 0 <= same.high and not same.significant


# -- Coverage by simulation: questions of varying difficulty, answered by a noisy model. --

def _simulate_cell(rng: random.Random, n_questions: int, runs: int) -> tuple[list[float], float]:
    """Per-question shares correct over ``runs`` runs, and the true accuracy of the population."""
    difficulty = [rng.betavariate(0.6, 0.6) for _ in range(n_questions)]  # most questions near 0 or 1
    shares = [sum(rng.random() < p for _ in range(runs)) / runs for p in difficulty]
    return shares, 0.5  # Beta(0.6, 0.6) has mean 0.5


def test_the_clustered_interval_covers_the_truth_and_the_run_level_one_does_not() -> None:
    rng = random.Random(20240611)
    trials, clustered_hits, naive_hits = 600, 0, 0
    for _ in range(trials):
        shares, truth = _simulate_cell(rng, 30, 5)
        est = clustered_interval(shares, [5] * 30)
        clustered_hits += est.low <= truth <= est.high
        correct = round(sum(shares) * 5)
        low, high = wilson_interval(correct, 150)  # pretends 150 independent runs
        naive_hits += low <= truth <= high
    assert 0.92 <= clustered_hits / trials <= 0.985
    assert naive_hits / trials < 0.85  # what counting reruns as samples costs


def test_the_paired_interval_covers_the_true_difference() -> None:
    rng = random.Random(7)
    trials, hits = 600, 0
    for _ in range(trials):
        after, before = {}, {}
        for q in range(40):
            p = rng.betavariate(0.8, 0.8)
            before[f"q{q}"] = (float(rng.random() < p), 1)
            after[f"q{q}"] = (float(rng.random() < min(1.0, p + 0.1)), 1)
        change = paired_change(after, before)
        # The true difference in the simulated population: E[min(1, p + 0.1) - p] for Beta(0.8, 0.8).
        hits += change.low <= TRUE_PAIRED_DIFF <= change.high
    assert 0.92 <= hits / trials <= 0.99


def _true_paired_diff() -> float:
    rng = random.Random(1)
    draws = [rng.betavariate(0.8, 0.8) for _ in range(200_000)]
    return sum(min(1.0, p + 0.1) - p for p in draws) / len(draws)


TRUE_PAIRED_DIFF = _true_paired_diff()


# -- The verdict printed beside a change agrees with the exact test printed beside it. --

def _flips(gained: int, lost: int, n: int) -> tuple[dict[str, tuple[float, int]], dict[str, tuple[float, int]]]:
    """One run a side on ``n`` questions: ``gained`` wrong -> right, ``lost`` right -> wrong, the rest unchanged and wrong."""
    after = {f"q{i}": (1.0 if i < gained else 0.0, 1) for i in range(n)}
    before = {f"q{i}": (1.0 if gained <= i < gained + lost else 0.0, 1) for i in range(n)}
    return after, before


def test_four_gained_none_lost_is_not_significant_as_mcnemar_says() -> None:
    # 8/20 -> 12/20: exact McNemar p = 2 * (1/2)^4 = 0.125. Tango's asymptotic interval alone
    # (+0.7 ... +41.6 pp) excluded 0 and the change was coloured as real.
    change = paired_change(*_flips(4, 0, 20))
    assert change.p_value == pytest.approx(0.125)
    assert not change.significant and change.low < 0 < change.high
    assert change.high == pytest.approx(tango_interval(4, 0, 20)[1])  # only the side towards 0 widens
    # Six gained, none lost: p = 0.03125, and the interval excludes 0 too.
    six = paired_change(*_flips(6, 0, 20))
    assert six.significant and six.p_value < 0.05 and six.low > 0


def test_with_binary_runs_the_interval_excludes_zero_exactly_when_the_test_rejects() -> None:
    for n in range(1, 41):
        for gained in range(n + 1):
            for lost in range(n - gained + 1):
                change = paired_change(*_flips(gained, lost, n))
                assert (not change.low <= 0 <= change.high) == (change.p_value < 0.05) == change.significant, (gained, lost, n)


def test_students_t_quantiles() -> None:
    assert t_quantile_95(1) == pytest.approx(12.7062, abs=1e-4)
    assert t_quantile_95(5) == pytest.approx(2.5706, abs=1e-4)
    assert t_quantile_95(11) == pytest.approx(2.2010, abs=1e-4)
    assert t_quantile_95(30) == pytest.approx(2.0423, abs=1e-4)
    assert t_quantile_95(1000) == pytest.approx(1.9623, abs=1e-4)


def test_a_clustered_change_on_six_questions_uses_t_with_five_degrees_of_freedom() -> None:
    # Three runs a question; per-question changes 1, 2/3, 1/3, 0, 0, 1/3 (4 gained, 0 lost):
    # mean 0.389, standard error 0.159. z = 1.96 gave +7.7 ... +70.1 pp beside p = 0.125.
    after = {f"q{i}": (s, 3) for i, s in enumerate([1, 2 / 3, 1 / 3, 0, 1 / 3, 1 / 3])}
    before = {f"q{i}": (s, 3) for i, s in enumerate([0, 0, 0, 0, 1 / 3, 0])}
    change = paired_change(after, before)
    assert change.method == "clustered-t+sign" and change.p_value == pytest.approx(0.125)
    assert (change.low, change.high) == pytest.approx((-0.0201, 0.7978), abs=1e-4)
    assert not change.significant


def test_accuracy_is_the_exact_fraction_of_the_counts() -> None:
    # 2, 3, 1, 0 and 0 of 3 runs correct is 6/15: adding the float shares (2/3 ...) gave
    # 0.39999999999999997, which failed a budget of 0.4.
    assert clustered_interval([2 / 3, 1.0, 1 / 3, 0.0, 0.0], [3] * 5).mean == 0.4
    # 35 of 70 runs over 14 questions is 50%, not the 0.5000000000000001 that passed "> 50%".
    counts = [4, 5, 5, 0, 2, 4, 5, 2, 1, 2, 0, 0, 2, 3]
    assert clustered_interval([c / 5 for c in counts], [5] * 14).mean == 0.5
    after = {f"q{i}": (c / 5, 5) for i, c in enumerate(counts)}
    assert paired_change(after, {q: (0.0, 5) for q in after}).after == 0.5


def test_one_question_counts_once_however_many_runs() -> None:
    # Questions are the unit: runs C W C of one question are not three samples. It is
    # what pooled_clustered_interval says for one group.
    one = clustered_interval([2 / 3], [3])
    assert one.effective_n == 1 and (one.low, one.high) == pytest.approx(wilson_interval(2 / 3, 1))
    assert one.effective_n == pooled_clustered_interval([(2, 3)]).effective_n


def test_consistency_leaves_out_runs_that_ended_in_an_error(tmp_path) -> None:
    # q0's runs all errored (a dead endpoint is no consistent model); q1's third run errored
    # (a flaky provider is no inconsistent model); q2's runs disagree.
    statuses = {"q0": ["error"] * 3, "q1": ["ok", "ok", "error"], "q2": ["ok"] * 3}
    records = [make_record(q, run_number=n + 1, status=s) for q, runs in statuses.items() for n, s in enumerate(runs)]
    labels = {rec.run_id: "incorrect" if (rec.question_id, rec.run_number) == ("q2", 2) else "correct" for rec in records if rec.status == "ok"}
    row = cell_stats(load_sweep(write_sweep(tmp_path / "mixed", records)).records, verdicts_for(records, labels)).iloc[0]
    assert row["consistency"] == pytest.approx(1 / 2)  # q1 agrees, q2 does not; q0 has no answered run
    assert row["within_variance"] == pytest.approx((0 + 2 / 9 * 3 / 2) / 2)  # q2: share 2/3, unbiased 2/3 * 1/3 * 3/2
    dead = [make_record(q, run_number=n, status="error") for q in ("q0", "q1") for n in (1, 2)]
    row = cell_stats(load_sweep(write_sweep(tmp_path / "dead", dead)).records, verdicts_for(dead, {})).iloc[0]
    assert math.isnan(row["consistency"]) and math.isnan(row["within_variance"])


def test_questions_that_all_moved_by_the_same_share_get_one_honest_interval() -> None:
    # Six questions each gained one run of three. In floats, 0 -> 1/3 on some and 2/3 -> 1 on
    # the others differed by 5e-17: that took a t interval of zero width (+33.3 ... +33.3 pp,
    # "significant"); 0 -> 1/3 everywhere took the majority flips' interval (-39 ... +39 pp).
    from harness.intervals import paired_change

    mixed = paired_change({f"q{i}": ((1 / 3 if i < 3 else 1.0), 3) for i in range(6)},
                          {f"q{i}": ((0.0 if i < 3 else 2 / 3), 3) for i in range(6)})
    alike = paired_change({f"q{i}": (1 / 3, 3) for i in range(6)}, {f"q{i}": (0.0, 3) for i in range(6)})
    assert mixed is not None and alike is not None
    assert (mixed.low, mixed.high) == pytest.approx((alike.low, alike.high))
    assert mixed.low < 1 / 3 < mixed.high and mixed.high - mixed.low > 0.3  # the runs' own spread
    assert 0 < mixed.low  # and six gains of six stay significant, as the sign test says
    # every question 0/2 -> 1/2: the sign test's p = 0.0078 and an interval that agrees with it
    halves = paired_change({f"q{i}": (0.5, 2) for i in range(8)}, {f"q{i}": (0.0, 2) for i in range(8)})
    assert halves is not None and halves.p_value == pytest.approx(2 / 2**8) and halves.significant
    assert halves.low < 0.5 < halves.high


def test_reliability_s_interval_holds_the_reliability_shown() -> None:
    # Ten answered runs of one question and one failed run of another: reliability is 10 of
    # 11 runs, 90.9%, and its interval was the mean over questions' (9.5% to 90.5%).
    from harness.stats.frame import records_frame

    records = [make_record("q1", run_number=r) for r in range(1, 11)] + [make_record("q2", status="fail")]
    row = cell_stats(records_frame(records)).iloc[0]
    assert row["reliability"] == pytest.approx(10 / 11)
    assert row["reliability_low"] <= row["reliability"] <= row["reliability_high"]
