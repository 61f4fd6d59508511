"""Agreement between a judge and human labels: pure functions over label sequences.

Used by the calibration script and by the product's ``calibrate-judge`` command. Labels are
plain strings; ``None`` in the judge's sequence means "abstained" and is only meaningful to
``coverage_and_precision``.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from harness.intervals import pooled_clustered_interval
from harness.judge import LABELS


def _check(human: Sequence[object], judge: Sequence[object]) -> None:
    if len(human) != len(judge):
        raise ValueError(f"label sequences differ in length: {len(human)} vs {len(judge)}")


def agreement(human: Sequence[str | None], judge: Sequence[str | None]) -> float:
    """Share of items where both give the same label (0.0 for no items)."""
    _check(human, judge)
    if not human:
        return 0.0
    return sum(h == j for h, j in zip(human, judge)) / len(human)


def binarise(labels: Sequence[str | None], positive: str = "correct") -> list[str | None]:
    """Collapse to ``correct`` vs ``not_correct`` (a refusal is not an answer). A label that
    is no verdict ("unjudged": the judge failed on the answer, or none was asked) stays as it
    is and agrees with no person: read as "not correct" it agreed with every answer people
    marked wrong, so a judge gained agreement by failing."""
    return [None if x is None else positive if x == positive else "not_" + positive if x in LABELS else x for x in labels]


def cohens_kappa(human: Sequence[str | None], judge: Sequence[str | None]) -> float:
    """Cohen's kappa: agreement corrected for what the two label marginals give by chance.

    kappa = (p_o - p_e) / (1 - p_e); 1.0 when both raters used a single identical label.
    """
    _check(human, judge)
    n = len(human)
    if n == 0:
        return 0.0
    p_o = agreement(human, judge)
    h_counts, j_counts = Counter(human), Counter(judge)
    p_e = sum(h_counts[k] * j_counts[k] for k in set(h_counts) | set(j_counts)) / (n * n)
    if p_e == 1.0:
        return 1.0
    return (p_o - p_e) / (1.0 - p_e)


def confusion_matrix(
    human: Sequence[str], judge: Sequence[str], labels: Sequence[str] = LABELS
) -> dict[str, dict[str, int]]:
    """``matrix[human_label][judge_label]`` counts, over the given label order."""
    _check(human, judge)
    matrix = {h: {j: 0 for j in labels} for h in labels}
    for h, j in zip(human, judge):
        matrix.setdefault(h, {k: 0 for k in labels})
        matrix[h][j] = matrix[h].get(j, 0) + 1
    return matrix


def coverage_and_precision(human: Sequence[str], judge: Sequence[str | None]) -> tuple[float, float, int]:
    """For an abstaining judge: (share decided, agreement on the decided, number decided)."""
    _check(human, judge)
    decided = [(h, j) for h, j in zip(human, judge) if j is not None]
    if not human:
        return 0.0, 0.0, 0
    precision = sum(h == j for h, j in decided) / len(decided) if decided else 0.0
    return len(decided) / len(human), precision, len(decided)


def format_confusion(matrix: dict[str, dict[str, int]], labels: Sequence[str] = LABELS) -> str:
    """A small text table: rows are human labels, columns the judge's."""
    width = max(len(x) for x in labels) + 2
    lines = ["human \\ judge".ljust(width + 4) + "".join(x.rjust(width) for x in labels)]
    for h in labels:
        row = matrix.get(h, {})
        lines.append(h.ljust(width + 4) + "".join(str(row.get(j, 0)).rjust(width) for j in labels))
    return "\n".join(lines)


def false_correct(human: Sequence[str], judge: Sequence[str | None]) -> tuple[int, int]:
    """(answers people did not call correct that the judge calls correct, answers people did
    not call correct): the judge's invented successes and how many it had the chance to invent."""
    _check(human, judge)
    negatives = [j for h, j in zip(human, judge) if h != "correct"]
    return sum(j == "correct" for j in negatives), len(negatives)


def _by_question(questions: Sequence[str], hits: Sequence[bool], counted: Sequence[bool]) -> list[tuple[int, int]]:
    """(hits, items counted) per question, in the order questions first appear."""
    groups: dict[str, list[int]] = {}
    for question, hit, count in zip(questions, hits, counted, strict=True):
        group = groups.setdefault(question, [0, 0])
        group[0] += bool(hit and count)
        group[1] += bool(count)
    return [(a, n) for a, n in groups.values()]


def _interval(counts: list[tuple[int, int]]) -> list[float] | None:
    estimate = pooled_clustered_interval(counts)
    return None if estimate.n_runs == 0 else [estimate.low, estimate.high]


def summarize(
    human: Sequence[str], numeric: Sequence[str | None], combined: Sequence[str], questions: Sequence[str] | None = None
) -> dict[str, object]:
    """Every figure the calibration reports, for one set of labelled answers.

    ``numeric`` is the numeric check's label (None where it abstained), ``combined`` the
    label after the fallback judge filled in the abstentions. ``false_correct_rate`` is the
    share of answers people marked incorrect or refusal that the judge calls correct: the
    figure a benchmark must keep low, because each one is a success that did not happen.
    With ``questions`` (each answer's question id) the two figures the goals read get 95%
    intervals clustered by question: a question's answers share its gold and difficulty, so
    a half of the labels holds about as many independent samples as it has questions.
    """
    coverage, precision, decided = coverage_and_precision(human, numeric)
    invented, negatives = false_correct(human, combined)
    judged_correct = sum(j == "correct" for j in combined)
    intervals: dict[str, object] = {}
    if questions is not None:
        agree = [h == j for h, j in zip(binarise(human), binarise(combined))]
        every = [True] * len(human)
        wrongly_correct = [h != "correct" and j == "correct" for h, j in zip(human, combined)]
        not_correct = [h != "correct" for h in human]
        intervals = {
            "n_questions": len(set(questions)),
            "binary_agreement_ci": _interval(_by_question(questions, agree, every)),
            "false_correct_rate_ci": _interval(_by_question(questions, wrongly_correct, not_correct)),
        }
    return {
        "n": len(human),
        "unjudged": sum(j not in LABELS for j in combined),  # each one a disagreement
        "numeric_coverage": coverage,
        "numeric_precision": precision,
        "numeric_decided": decided,
        "three_way_agreement": agreement(human, combined),
        "binary_agreement": agreement(binarise(human), binarise(combined)),
        "kappa_three_way": cohens_kappa(human, combined),
        "kappa_binary": cohens_kappa(binarise(human), binarise(combined)),
        "false_correct": invented,
        "false_correct_rate": invented / negatives if negatives else 0.0,
        "correct_precision": (judged_correct - invented) / judged_correct if judged_correct else 0.0,
        **intervals,
        "confusion": confusion_matrix(human, combined),
    }
