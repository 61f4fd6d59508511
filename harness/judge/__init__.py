"""Judging answers against FinanceBench gold: ``correct | incorrect | refusal``.

The deterministic parts live here: ``numbers`` (parse quantities), ``numeric`` (the
certain-or-abstain numeric check), ``refusal`` (declining phrases, shared by both judges),
``heuristic`` (the offline judge used when no LLM judge is available), ``agreement``
(metrics against human labels) and ``labels`` (the human-label file reader).
"""
from __future__ import annotations

from collections.abc import Sequence

LABELS = ("correct", "incorrect", "refusal")
# Samples of a model judge per answer (--judge-runs): each is a call per answer, so a typed
# 50 for 5 would cost ten times the judging; agreement is plain well before this many.
MAX_JUDGE_RUNS = 20


def majority_label(labels: Sequence[str | None]) -> str:
    """The label several labels of one thing come to (a question's runs, a judge's samples of
    one answer): ``correct`` only when more than half are, else the commonest other label,
    ties broken towards the worse outcome (refusal, incorrect, unjudged). A tie is never a
    success: one sample of two saying "correct" credits nothing."""
    if sum(label == "correct" for label in labels) * 2 > len(labels):
        return "correct"
    order = ["refusal", "incorrect", "unjudged", "correct"]
    others = [label or "unjudged" for label in labels if label != "correct"] or ["unjudged"]
    return max(order, key=lambda label: (others.count(label), -order.index(label)))
