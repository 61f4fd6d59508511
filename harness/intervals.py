"""Confidence intervals with questions as the unit of sampling.

A benchmark samples *questions*; reruns of one question are not new questions. Treating
runs as independent samples makes a deterministic model look more certain with every
rerun (``--runs 5`` of the same 21 answers is not 105 observations). Following Miller 2024,
"Adding Error Bars to Evals" (arXiv:2411.00640), every interval here is clustered by
question, and two results on the same questions are compared *paired*:

- ``clustered_interval``: the cell's accuracy is the mean over questions of the share of
  that question's runs judged correct. Its clustered variance (the spread of those
  per-question shares) gives an effective number of independent questions, n_eff =
  n * p(1-p) / var(shares), between n (runs of a question always agree) and the number of
  runs (runs as independent as separate questions), and 1 for a single question; the interval is Wilson's score
  interval at n_eff, so it stays inside [0, 1] and behaves at 0% and 100%. When every
  question's runs agree, n_eff = n exactly: ``--runs 3`` of a deterministic model gives the
  same interval as ``--runs 1``.
- ``paired_change``: a change of accuracy between two results on the questions both have
  (a sweep and its baseline, or two modes of one sweep). When every question's runs agree
  on each side (one run, or a deterministic model) it is Tango's score interval for paired
  proportions (Tango 1998; recommended by Fagerland, Lydersen and Laake 2014, "Recommended
  tests and confidence intervals for paired binomial proportions") and the exact McNemar test on the questions that
  flipped. Tango's interval stays honest when nothing flipped: 21 questions that agree
  give -15 … +15 points, not a zero-width interval. Otherwise the per-question differences
  of shares give a clustered interval (Student's t with n - 1 degrees of freedom: the
  spread is estimated from the few questions themselves) and the exact sign test on
  questions that gained or lost. A change is ``significant`` when the exact test says so
  (p < 0.05) and its interval excludes 0; Tango's interval is widened to the exact test's
  own interval so that, with binary runs, the two never disagree (4 gained and 0 lost is
  p = 0.125, however far Tango's asymptotic interval sits from 0).
- ``consistency``: how often a question's runs agree with each other.
- ``pooled_clustered_interval``: a share over items grouped by question (a judge's agreement
  with people over answers, many answers to a question), clustered by question.

Means are computed as exact fractions and rounded once: a share is a count over a
question's runs, and 6 of 15 correct must be 0.4, the figure a budget of 0.4 is compared
with, not 0.39999999999999997 from adding floats such as 2/3.
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

Z95 = 1.959963984540054  # two-sided 95% normal quantile
ALPHA = 0.05  # the level every interval here (95%) and every test's verdict share
# Two-sided 95% quantiles of Student's t for 1..10 degrees of freedom (scipy is not a
# dependency); above 10 the Cornish-Fisher expansion below is within 1e-5 of the exact value.
_T95 = (12.706204736, 4.302652730, 3.182446305, 2.776445105, 2.570581836,
        2.446911851, 2.364624252, 2.306004135, 2.262157163, 2.228138852)


def t_quantile_95(df: int) -> float:
    """Two-sided 95% quantile of Student's t with ``df`` degrees of freedom (df >= 1)."""
    if df < 1:
        raise ValueError("Student's t needs at least one degree of freedom")
    if df <= len(_T95):
        return _T95[df - 1]
    z = Z95
    terms = ((z**3 + z) / 4, (5 * z**5 + 16 * z**3 + 3 * z) / 96, (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384,
             (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160)
    return z + sum(term / df ** (power + 1) for power, term in enumerate(terms))


def exact_share(share: float, runs: int) -> Fraction:
    """A question's share of runs as the fraction it is (2/3, not 0.6666666666666666).

    A share is a count over the question's runs, so ``share * runs`` is a whole number up to
    the rounding of the division that made it."""
    count = round(share * runs) if runs > 0 else 0
    if runs > 0 and abs(share * runs - count) < 1e-6:
        return Fraction(count, runs)
    return Fraction(share)  # not a count over these runs: keep the float's own value


def exact_mean(shares: Sequence[float], runs: Sequence[int]) -> Fraction:
    """The mean of per-question shares, exactly (see ``exact_share``)."""
    return sum((exact_share(s, k) for s, k in zip(shares, runs)), Fraction(0)) / len(shares)


def wilson_interval(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion; (nan, nan) when n == 0.

    ``successes`` and ``n`` may be fractional (an effective sample size). Preferred over the
    normal approximation because cells are small (tens of questions) and accuracies sit near
    0 or 1, where the normal interval leaves [0, 1].
    """
    if n <= 0:
        return (math.nan, math.nan)
    p = min(1.0, max(0.0, successes / n))
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # Exact bounds at 0 and 1 (the formula gives them up to rounding, which plots badly).
    low = 0.0 if p <= 0.0 else max(0.0, centre - half)
    high = 1.0 if p >= 1.0 else min(1.0, centre + half)
    return (low, high)


@dataclass(frozen=True)
class ClusteredEstimate:
    """A mean over questions with its question-clustered 95% interval."""

    mean: float
    low: float
    high: float
    n_questions: int
    n_runs: int
    effective_n: float  # independent questions the interval is worth


def clustered_interval(shares: Sequence[float], runs: Sequence[int]) -> ClusteredEstimate:
    """Accuracy over questions from each question's share of correct runs (and run count)."""
    n = len(shares)
    total = int(sum(runs))
    if n == 0:
        return ClusteredEstimate(math.nan, math.nan, math.nan, 0, total, 0.0)
    p = float(exact_mean(shares, runs))
    spread = sum((s - p) ** 2 for s in shares) / n  # population form: equals p(1-p) for 0/1 shares
    binomial = p * (1 - p)
    if binomial <= 1e-12 or n == 1:
        # Every question at 0 or at 1: nothing to discount. One question: its runs are not
        # independent samples and the spread between questions cannot be measured, so it
        # counts once (as in ``pooled_clustered_interval``), however many runs it had.
        n_eff = float(n)
    elif spread <= 1e-12:
        n_eff = float(max(total, n))  # every question at the same share: only runs vary
    else:
        n_eff = min(max(float(n), n * binomial / spread), float(max(total, n)))
    if abs(n_eff - n) < 1e-9 * n:
        n_eff = float(n)  # exactly n when shares are 0/1, not n up to rounding
    low, high = wilson_interval(p * n_eff, n_eff)
    return ClusteredEstimate(p, low, high, n, total, n_eff)


def pooled_clustered_interval(counts: Sequence[tuple[int, int]]) -> ClusteredEstimate:
    """A share pooled over items (all successes over all items) with its 95% interval
    clustered by the group each ``(successes, items)`` pair counts.

    This is how a judge's agreement with people is measured: over answers, with many answers
    to each question. Answers to one question share its gold and its difficulty, so they are
    not independent samples. The interval uses the ratio estimator's cluster-robust variance,
    V = sum((a_g - p*n_g)^2) / N^2 over the groups with items (the population form, as in
    ``clustered_interval``: one item per group gives p(1-p)/N, so Wilson's interval on the
    pooled counts), and Wilson's score interval at the effective number of items p(1-p)/V,
    at most N: clustering never makes the interval narrower than for independent items.
    Groups whose items all agree count as one item each; so do all groups when every item
    is alike or there is one group. ``n_questions`` is the number of groups, ``n_runs`` is N.
    """
    groups = [(a, n) for a, n in counts if n > 0]
    total = sum(n for _, n in groups)
    if total == 0:
        return ClusteredEstimate(math.nan, math.nan, math.nan, 0, 0, 0.0)
    p = sum(a for a, _ in groups) / total
    n_eff = float(total)
    if p * (1 - p) <= 1e-12 or len(groups) == 1:
        # Every item alike, or one question: the spread between questions cannot be measured,
        # so each question counts once (as ``clustered_interval`` does), not each answer.
        n_eff = float(len(groups))
    else:
        variance = sum((a - p * n) ** 2 for a, n in groups) / total**2
        if variance > 1e-15:
            n_eff = min(n_eff, p * (1 - p) / variance)
        if abs(n_eff - round(n_eff)) < 1e-9 * total:
            n_eff = float(round(n_eff))  # a whole number of groups, not one up to rounding
    low, high = wilson_interval(p * n_eff, n_eff)
    return ClusteredEstimate(p, low, high, len(groups), total, n_eff)


def consistency(labels_by_question: Mapping[str, Sequence[str | None]]) -> tuple[float, float]:
    """(share of questions whose runs all got the same verdict, mean within-question
    variance of correct) over questions with two or more runs; (nan, nan) without any."""
    repeated = [labels for labels in labels_by_question.values() if len(labels) > 1]
    if not repeated:
        return (math.nan, math.nan)
    agree = sum(len(set(labels)) == 1 for labels in repeated) / len(repeated)
    variances = []
    for labels in repeated:
        k = len(labels)
        share = sum(label == "correct" for label in labels) / k
        variances.append(share * (1 - share) * k / (k - 1))  # unbiased for k runs
    return (agree, sum(variances) / len(variances))


def binomial_two_sided(k: int, n: int) -> float:
    """Exact two-sided p-value of k successes in n fair coin flips (McNemar's exact test)."""
    if n <= 0:
        return 1.0
    k = min(k, n - k)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2.0**n
    return min(1.0, 2.0 * tail)


@dataclass(frozen=True)
class PairedChange:
    """``after - before`` on the questions both sides answered, with a paired 95% interval."""

    n_questions: int
    before: float
    after: float
    low: float
    high: float
    gained: int  # questions better after (a flip to correct with one run a side)
    lost: int
    p_value: float  # exact McNemar / sign test on gained vs lost
    method: str  # "tango+mcnemar" | "clustered-t+sign"

    @property
    def diff(self) -> float:
        return self.after - self.before

    @property
    def significant(self) -> bool:
        """The exact test rejects no change at 5% and the interval excludes 0.

        With binary runs the two always agree (the interval is widened to the test's own); with
        runs that vary, the t interval is about the mean change and the sign test about its
        direction, and a change only one of them sees is not called significant."""
        excludes_zero = not (math.isnan(self.low) or self.low <= 0 <= self.high)
        return excludes_zero and self.p_value < ALPHA

    def to_dict(self) -> dict[str, object]:
        return {
            "n_questions": self.n_questions, "before": self.before, "after": self.after, "diff": self.diff,
            "ci": [self.low, self.high], "gained": self.gained, "lost": self.lost, "p_value": self.p_value,
            "method": self.method, "significant": self.significant,
        }


def tango_interval(gained: int, lost: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Tango's score interval for ``(gained - lost) / n`` from ``n`` matched pairs.

    The score statistic for a difference d uses the maximum-likelihood cell probabilities
    under that d (a quadratic's root); the interval is every d the test does not reject.
    """
    if n <= 0:
        return (math.nan, math.nan)
    b, c = gained, lost

    def score(d: float) -> float:
        w = -(b + c) + d * (2 * n - b + c)
        q21 = (-w + math.sqrt(max(w * w + 8 * n * c * d * (1 - d), 0.0))) / (4 * n)
        variance = n * (2 * q21 + d * (1 - d))
        excess = b - c - n * d
        if variance <= 0:
            return math.copysign(math.inf, excess) if excess else 0.0
        return excess / math.sqrt(variance)

    def root(low: float, high: float, target: float) -> float:
        for _ in range(100):  # the score falls as d rises: bisect to the crossing
            mid = (low + high) / 2
            low, high = (mid, high) if score(mid) > target else (low, mid)
        return (low + high) / 2

    estimate = (b - c) / n
    lower = -1.0 if score(-1.0) <= z else root(-1.0, estimate, z)
    upper = 1.0 if score(1.0) >= -z else root(estimate, 1.0, -z)
    return (lower, upper)


def _binomial_tail_at_least(k: int, m: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(m, p), summed in log space (no overflow for large m)."""
    if k <= 0:
        return 1.0
    if p <= 0.0:
        return 0.0
    if p >= 1.0:
        return 1.0
    log_p, log_q = math.log(p), math.log1p(-p)
    return min(1.0, sum(math.exp(math.lgamma(m + 1) - math.lgamma(i + 1) - math.lgamma(m - i + 1) + i * log_p + (m - i) * log_q)
                        for i in range(k, m + 1)))


def exact_flip_interval(gained: int, lost: int, n: int) -> tuple[float, float]:
    """The interval McNemar's exact test inverts, on the scale of ``(gained - lost) / n``.

    Given the m = gained + lost questions that flipped, gained is Binomial(m, pi); the
    Clopper-Pearson interval for pi (equal tails of 2.5%) excludes 1/2 exactly when the exact
    two-sided test gives p < 0.05, and pi maps to a change of (2 pi - 1) m / n."""
    m = gained + lost
    if n <= 0 or m == 0:
        return (0.0, 0.0)

    def solve(at_least: int, target: float) -> float:
        """The pi where P(X >= at_least), which rises with pi, reaches ``target``."""
        low, high = 0.0, 1.0
        for _ in range(100):
            mid = (low + high) / 2
            low, high = (mid, high) if _binomial_tail_at_least(at_least, m, mid) < target else (low, mid)
        return (low + high) / 2

    # Lower bound: P(X >= gained) = 2.5%. Upper: P(X <= gained) = 2.5%, i.e. P(X >= gained + 1) = 97.5%.
    pi_low = 0.0 if gained == 0 else solve(gained, ALPHA / 2)
    pi_high = 1.0 if gained == m else solve(gained + 1, 1 - ALPHA / 2)
    return ((2 * pi_low - 1) * m / n, (2 * pi_high - 1) * m / n)


def paired_change(after: Mapping[str, tuple[float, int]], before: Mapping[str, tuple[float, int]]) -> PairedChange | None:
    """Compare two results on their shared questions; each maps question -> (share correct, runs).

    None when they share no question.
    """
    shared = sorted(set(after) & set(before))
    if not shared:
        return None
    a = [after[q][0] for q in shared]
    b = [before[q][0] for q in shared]
    n = len(shared)
    # The shares as the fractions they are: in floats, questions that all moved by one run in
    # three (0 -> 1/3 on some, 2/3 -> 1 on others) differed by 5e-17, and the spread between
    # them decided which interval was drawn.
    exact_a = [exact_share(after[q][0], after[q][1]) for q in shared]
    exact_b = [exact_share(before[q][0], before[q][1]) for q in shared]
    mean_after = float(sum(exact_a, Fraction(0)) / n)  # exact_mean's, from the fractions already made
    mean_before = float(sum(exact_b, Fraction(0)) / n)
    gained = sum(x > y for x, y in zip(a, b))
    lost = sum(x < y for x, y in zip(a, b))
    p_value = binomial_two_sided(gained, gained + lost)
    diffs = [x - y for x, y in zip(exact_a, exact_b)]
    mean_exact = sum(diffs, Fraction(0)) / n
    mean = float(mean_exact)
    se = math.sqrt(float(sum((d - mean_exact) ** 2 for d in diffs)) / (n * (n - 1))) if n > 1 else 0.0
    # Runs that agree (one run a side, or a deterministic model) are matched binary pairs.
    binary = all(x in (0.0, 1.0) for x in a + b)
    if not binary and se == 0.0 and n > 1:
        # Every question moved by the same share of its runs: no spread between questions to
        # measure, and the uncertainty is the runs' own (each question's share is a binomial
        # share of its runs), as clustered_interval counts every run when only runs vary.
        within = sum(x * (1 - x) / after[q][1] + y * (1 - y) / before[q][1]
                     for q, x, y in zip(shared, map(float, exact_a), map(float, exact_b)))
        se = math.sqrt(within) / n
    if binary or se == 0.0:
        majority_gained = sum(x > 0.5 >= y for x, y in zip(a, b))
        majority_lost = sum(y > 0.5 >= x for x, y in zip(a, b))
        low, high = tango_interval(majority_gained, majority_lost, n)
        if binary:
            # Tango's interval is asymptotic: 4 gained, 0 lost of 20 gives +0.7 … +41.6 pp
            # beside an exact p = 0.125. Widened to the exact test's interval, the interval
            # excludes 0 exactly when the test printed beside it rejects.
            exact_low, exact_high = exact_flip_interval(gained, lost, n)
            low, high = min(low, exact_low), max(high, exact_high)
        else:
            low, high = min(low, mean), max(high, mean)
        return PairedChange(n, mean_before, mean_after, low, high, gained, lost, p_value, "tango+mcnemar")
    # The spread is estimated from the n questions themselves: on a handful of questions a
    # normal quantile (1.96) would claim more than they show (t with 5 df is 2.57).
    half = t_quantile_95(n - 1) * se
    low, high = max(-1.0, mean - half), min(1.0, mean + half)
    return PairedChange(n, mean_before, mean_after, low, high, gained, lost, p_value, "clustered-t+sign")
