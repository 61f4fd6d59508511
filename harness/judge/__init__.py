"""Judging answers against FinanceBench gold: ``correct | incorrect | refusal``.

The deterministic parts live here: ``numbers`` (parse quantities), ``numeric`` (the
certain-or-abstain numeric check), ``refusal`` (declining phrases, shared by both judges),
``heuristic`` (the offline judge used when no LLM judge is available), ``agreement``
(metrics against human labels) and ``labels`` (the human-label file reader).
"""
from __future__ import annotations

LABELS = ("correct", "incorrect", "refusal")
# Samples of a model judge per answer (--judge-runs): each is a call per answer, so a typed
# 50 for 5 would cost ten times the judging; agreement is plain well before this many.
MAX_JUDGE_RUNS = 20
