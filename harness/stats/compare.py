"""Compare results paired on the questions they share: a sweep with its baseline, and the
modes of one sweep with each other.

Two results on the same questions are paired samples: a question that is hard is hard on
both sides. Comparing them as if they were independent (an unpaired interval on the two
accuracies) wastes that pairing and overstates the uncertainty of a change, or, with reruns
counted as samples, understates it. Every accuracy change here is ``intervals.paired_change``
on the shared questions (Tango's score interval and McNemar's exact test when every
question's runs agree; a clustered t interval and the sign test when they do not). A change
is flagged ``significant`` when the exact test gives p < 0.05 and the interval excludes 0.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

import pandas as pd

from harness.errored_runs import NO_ANSWER, every_run_errored, measured_runs, spent_nothing_runs
from harness.intervals import PairedChange, paired_change, wilson_interval
from harness.judge.verdict import Verdict
from harness.stats.cells import cell_stats, question_scores, question_table
from harness.stats.frame import Sweep, with_verdicts

__all__ = ["CellChange", "Comparison", "ModeComparison", "NoAnswerSide", "QuestionFlip", "compare", "mode_comparisons", "wilson_interval"]


@dataclass
class CellChange:
    model: str
    mode: str
    cell: str
    runs_before: int
    runs_after: int
    accuracy: PairedChange | None  # None: either side not judged, or no shared question
    reliability: PairedChange | None
    tokens_before: float  # mean tokens per run, on the questions both sides ran (NaN: none)
    tokens_after: float
    shared_questions: int = 0  # questions this cell ran in both sweeps

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
class NoAnswerSide:
    """A question that is no flip, though its status verdicts would read as one: every run
    on one side ended in an error, so that side has no answer (``NO_ANSWER``), not a
    refusal, and no verdict to flip from or to (see ``harness.errored_runs``)."""

    question_id: str
    cell: str
    before: str  # majority label in the baseline, or NO_ANSWER
    after: str


@dataclass
class Comparison:
    current_id: str
    baseline_id: str
    cells: list[CellChange]
    flips: list[QuestionFlip]
    only_current: list[str]  # cells not in the baseline
    only_baseline: list[str]
    judged: bool  # both sides had verdicts: accuracy and flips are meaningful
    no_answer: list[NoAnswerSide] = field(default_factory=list)  # would-be flips with one side all errored
    # Who judged both sides (one judge: verdicts of two judges would compare the judges).
    judge: str = ""


@dataclass
class ModeComparison:
    """Two modes of one model in one sweep, paired on the questions both ran."""

    model: str
    mode: str  # the later mode in the sweep's order (the one being judged)
    versus: str  # the mode it is compared with
    accuracy: PairedChange | None  # mode minus versus; None when either is not judged
    shared_questions: int = 0  # the questions both modes ran, judged or not

    def to_dict(self) -> dict[str, object]:
        return {"model": self.model, "mode": self.mode, "versus": self.versus, "shared_questions": self.shared_questions,
                "accuracy_change": self.accuracy.to_dict() if self.accuracy else None}


# The run frame is merged with the verdicts once and split by cell once: merging it again
# for every pair of cells made the comparisons grow with cells x runs.
def _scores_by_cell(merged: pd.DataFrame) -> dict[str, dict[str, tuple[float, int]]]:
    """cell -> question_id -> (share of its runs judged correct, runs)."""
    return {str(cell): question_scores(group) for cell, group in merged.groupby("cell", sort=False)}


def _answered_by_cell(merged: pd.DataFrame) -> dict[str, dict[str, tuple[float, int]]]:
    """cell -> question_id -> (share of its runs that answered, runs)."""
    answered = (merged["status"] == "ok") & (merged["verdict"] != "refusal")
    out: dict[str, dict[str, tuple[float, int]]] = {}
    for cell, group in merged.assign(_a=answered).groupby("cell", sort=False):
        grouped = group.groupby("question_id")["_a"]
        out[str(cell)] = {str(q): (float(share), int(size)) for (q, share), size in zip(grouped.mean().items(), grouped.size())}
    return out


def _questions_of(merged: pd.DataFrame, cell: str) -> set[str]:
    return {str(q) for q in merged.loc[merged["cell"] == cell, "question_id"].unique()}


def _tokens_on(merged: pd.DataFrame, cell: str, questions: set[str]) -> float:
    """Mean tokens per run of ``cell`` on ``questions``: two sweeps of different questions
    (a sample and a test split) would otherwise compare different documents' costs."""
    runs = measured_runs(merged[(merged["cell"] == cell) & merged["question_id"].astype(str).isin(questions)])
    if not len(runs) or spent_nothing_runs(runs["status"], runs["tokens_total"]):
        return math.nan  # no measured runs, or a dead endpoint: 0 tokens would read as a -100% saving
    return float(runs["tokens_total"].mean())


def compare(
    current: Sweep,
    baseline: Sweep,
    current_verdicts: Sequence[Verdict] | None = None,
    baseline_verdicts: Sequence[Verdict] | None = None,
    judge: str = "",
) -> Comparison:
    """Per cell present in both sweeps: accuracy and reliability changes paired on shared
    questions, mean tokens before and after on those questions; per question: majority
    verdicts that flipped. ``judge`` names the one judge whose verdicts both sides are."""
    now = cell_stats(current.records, current_verdicts).set_index("cell")
    was = cell_stats(baseline.records, baseline_verdicts).set_index("cell")
    shared = [c for c in now.index if c in was.index]
    judged = bool(current_verdicts) and bool(baseline_verdicts)
    merged_now = with_verdicts(current.records, current_verdicts)
    merged_was = with_verdicts(baseline.records, baseline_verdicts)
    scores_now, scores_was = _scores_by_cell(merged_now), _scores_by_cell(merged_was)
    answered_now, answered_was = _answered_by_cell(merged_now), _answered_by_cell(merged_was)
    cells = []
    for cell in shared:
        a, b = now.loc[cell], was.loc[cell]
        shared_questions = _questions_of(merged_now, cell) & _questions_of(merged_was, cell)
        accuracy = None
        if judged and a["judged"] and b["judged"]:
            accuracy = paired_change(scores_now.get(cell, {}), scores_was.get(cell, {}))
        reliability = paired_change(answered_now.get(cell, {}), answered_was.get(cell, {}))
        cells.append(
            CellChange(
                model=a["model"], mode=a["mode"], cell=cell,
                runs_before=int(b["runs"]), runs_after=int(a["runs"]),
                accuracy=accuracy, reliability=reliability,
                tokens_before=_tokens_on(merged_was, cell, shared_questions), tokens_after=_tokens_on(merged_now, cell, shared_questions),
                shared_questions=len(shared_questions),
            )
        )
    flips, no_answer = _flips(current, baseline, current_verdicts, baseline_verdicts, set(shared)) if judged else ([], [])
    return Comparison(
        current_id=current.sweep_id,
        baseline_id=baseline.sweep_id,
        cells=cells,
        flips=flips,
        only_current=[c for c in now.index if c not in was.index],
        only_baseline=[c for c in was.index if c not in now.index],
        judged=judged,
        no_answer=no_answer,
        judge=judge,
    )


def mode_comparisons(
    df: pd.DataFrame, verdicts: Sequence[Verdict] | None, mode_order: Sequence[str] = (), stats: pd.DataFrame | None = None,
) -> list[ModeComparison]:
    """Every pair of modes of each model, paired on the questions both ran: later mode
    minus earlier, in ``mode_order`` (the sweep's order; else alphabetical). ``stats``: the
    ``cell_stats`` of the same runs and verdicts, when the caller has them already."""
    stats = cell_stats(df, verdicts) if stats is None else stats
    if stats.empty:
        return []
    rank = {mode: i for i, mode in enumerate(mode_order)}
    scores = _scores_by_cell(with_verdicts(df, verdicts))
    questions = df.groupby("cell")["question_id"].unique().to_dict() if len(df) else {}
    out = []
    for model, group in stats.groupby("model", sort=True):
        modes = sorted(group["mode"], key=lambda m: (rank.get(m, len(rank)), m))
        judged = dict(zip(group["mode"], group["judged"]))
        for earlier, later in combinations(modes, 2):
            change = None
            if judged[earlier] and judged[later]:
                change = paired_change(scores.get(f"{model}/{later}", {}), scores.get(f"{model}/{earlier}", {}))
            shared = len(set(questions.get(f"{model}/{later}", ())) & set(questions.get(f"{model}/{earlier}", ())))
            out.append(ModeComparison(str(model), later, earlier, change, shared))
    return out


def _flips(
    current: Sweep, baseline: Sweep, current_verdicts: Sequence[Verdict] | None,
    baseline_verdicts: Sequence[Verdict] | None, cells: set[str],
) -> tuple[list[QuestionFlip], list[NoAnswerSide]]:
    """The questions whose majority verdict flipped, and those that would read as flips but
    for a side whose every run ended in an error."""
    now = question_table(current.records, current_verdicts)
    was = question_table(baseline.records, baseline_verdicts)
    if now.empty or was.empty:
        return [], []
    joined = now.merge(was, on=["question_id", "cell"], suffixes=("", "_before"))
    flips = []
    no_answer = []
    for _, row in joined.iterrows():
        if row["cell"] not in cells or row["majority"] in (None, "unjudged") or row["majority_before"] in (None, "unjudged"):
            continue  # an unjudged side has no verdict to flip from or to
        if (row["majority"] == "correct") == (row["majority_before"] == "correct"):
            continue
        errored_now, errored_before = every_run_errored(row["statuses"]), every_run_errored(row["statuses_before"])
        if errored_now or errored_before:  # nor has a side that gave no answer
            no_answer.append(NoAnswerSide(question_id=row["question_id"], cell=row["cell"],
                                          before=NO_ANSWER if errored_before else row["majority_before"],
                                          after=NO_ANSWER if errored_now else row["majority"]))
        else:
            flips.append(
                QuestionFlip(
                    question_id=row["question_id"], cell=row["cell"],
                    before=row["majority_before"], after=row["majority"],
                    before_share=float(row["correct_share_before"]), after_share=float(row["correct_share"]),
                    run_ids=list(row["run_ids"]),
                )
            )
    return sorted(flips, key=lambda f: (f.direction, f.cell, f.question_id)), sorted(no_answer, key=lambda n: (n.cell, n.question_id))
