"""Compare a sweep with a baseline sweep: what changed per cell and which questions flipped.

The confidence interval for a change of a proportion (accuracy, reliability) is Newcombe's
hybrid score interval (method 10 of Newcombe 1998) built from the two Wilson intervals. It
keeps inside [-1, 1] and behaves at 0% and 100%, where the normal approximation does not.
It treats runs as independent; repeated runs of one question are correlated, so with
``--runs`` > 1 the interval is somewhat too narrow. A change whose interval excludes 0 is
flagged ``significant``.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import pandas as pd

from harness.judge.verdict import Verdict
from harness.stats.cells import cell_stats, question_table, wilson_interval
from harness.stats.frame import Sweep


def newcombe_interval(k1: int, n1: int, k0: int, n0: int) -> tuple[float, float]:
    """95% interval for p1 - p0 (p1 = k1/n1 after, p0 = k0/n0 before)."""
    if n1 <= 0 or n0 <= 0:
        return (math.nan, math.nan)
    p1, p0 = k1 / n1, k0 / n0
    l1, u1 = wilson_interval(k1, n1)
    l0, u0 = wilson_interval(k0, n0)
    diff = p1 - p0
    return (diff - math.sqrt((p1 - l1) ** 2 + (u0 - p0) ** 2), diff + math.sqrt((u1 - p1) ** 2 + (p0 - l0) ** 2))


@dataclass
class ProportionChange:
    before: float
    after: float
    low: float  # 95% Newcombe interval of after - before
    high: float

    @property
    def diff(self) -> float:
        return self.after - self.before

    @property
    def significant(self) -> bool:
        return not (math.isnan(self.low) or self.low <= 0 <= self.high)


@dataclass
class CellChange:
    model: str
    mode: str
    cell: str
    runs_before: int
    runs_after: int
    accuracy: ProportionChange | None  # None: either side unjudged
    reliability: ProportionChange
    tokens_before: float
    tokens_after: float

    @property
    def tokens_diff(self) -> float:
        return self.tokens_after - self.tokens_before

    @property
    def tokens_pct(self) -> float:
        return self.tokens_diff / self.tokens_before if self.tokens_before else math.nan


@dataclass
class QuestionFlip:
    """A question whose majority verdict in one cell moved across correct / not correct."""

    question_id: str
    cell: str
    before: str  # majority label in the baseline
    after: str
    before_share: float  # share of runs correct
    after_share: float
    run_ids: list[str] = field(default_factory=list)  # the current sweep's runs

    @property
    def direction(self) -> str:
        return "gained" if self.after == "correct" else "lost"


@dataclass
class Comparison:
    current_id: str
    baseline_id: str
    cells: list[CellChange]
    flips: list[QuestionFlip]
    only_current: list[str]  # cells not in the baseline
    only_baseline: list[str]
    judged: bool  # both sides had verdicts: accuracy and flips are meaningful


def _proportion(after: pd.Series, before: pd.Series, count: str) -> ProportionChange:
    """``count`` names the success-count column of cell_stats (correct, answered)."""
    k1, n1 = int(after[count]), int(after["runs"])
    k0, n0 = int(before[count]), int(before["runs"])
    low, high = newcombe_interval(k1, n1, k0, n0)
    return ProportionChange(before=k0 / n0, after=k1 / n1, low=low, high=high)


def compare(
    current: Sweep,
    baseline: Sweep,
    current_verdicts: Sequence[Verdict] | None = None,
    baseline_verdicts: Sequence[Verdict] | None = None,
) -> Comparison:
    """Per cell present in both sweeps: accuracy, reliability and mean tokens before and
    after; per question: majority verdicts that flipped (judged sweeps only)."""
    now = cell_stats(current.records, current_verdicts).set_index("cell")
    was = cell_stats(baseline.records, baseline_verdicts).set_index("cell")
    shared = [c for c in now.index if c in was.index]
    judged = bool(current_verdicts) and bool(baseline_verdicts)
    cells = []
    for cell in shared:
        a, b = now.loc[cell], was.loc[cell]
        accuracy = None
        if judged and a["judged"] and b["judged"]:
            accuracy = _proportion(a, b, "correct")
        cells.append(
            CellChange(
                model=a["model"], mode=a["mode"], cell=cell,
                runs_before=int(b["runs"]), runs_after=int(a["runs"]),
                accuracy=accuracy,
                reliability=_proportion(a, b, "answered"),
                tokens_before=float(b["tokens_mean"]), tokens_after=float(a["tokens_mean"]),
            )
        )
    flips = _flips(current, baseline, current_verdicts, baseline_verdicts, set(shared)) if judged else []
    return Comparison(
        current_id=current.sweep_id,
        baseline_id=baseline.sweep_id,
        cells=cells,
        flips=flips,
        only_current=[c for c in now.index if c not in was.index],
        only_baseline=[c for c in was.index if c not in now.index],
        judged=judged,
    )


def _flips(
    current: Sweep, baseline: Sweep, current_verdicts: Sequence[Verdict] | None,
    baseline_verdicts: Sequence[Verdict] | None, cells: set[str],
) -> list[QuestionFlip]:
    now = question_table(current.records, current_verdicts)
    was = question_table(baseline.records, baseline_verdicts)
    if now.empty or was.empty:
        return []
    joined = now.merge(was, on=["question_id", "cell"], suffixes=("", "_before"))
    flips = []
    for _, row in joined.iterrows():
        if row["cell"] not in cells or row["majority"] is None or row["majority_before"] is None:
            continue
        if (row["majority"] == "correct") != (row["majority_before"] == "correct"):
            flips.append(
                QuestionFlip(
                    question_id=row["question_id"], cell=row["cell"],
                    before=row["majority_before"], after=row["majority"],
                    before_share=float(row["correct_share_before"]), after_share=float(row["correct_share"]),
                    run_ids=list(row["run_ids"]),
                )
            )
    return sorted(flips, key=lambda f: (f.direction, f.cell, f.question_id))
