"""The offline judge against golds said in other words: does a verdict hold when the gold does?

FinanceBench's golds are written by hand, each in its writer's words: "Data Center", "The
Data Center segment", "Data Center segment saw the highest growth". A rule that reads one
wording and not another agrees with people on the golds it was written against and not on
new ones. A rewording (``tests/data/reworded_golds.jsonl``) gives one question of the
**tune** half another gold that means the same; its human-labelled answers are then judged
against both, and the two agreements compared. The held-out half has no rewordings: its
golds are not read while rules are written. Only the ``measured-only`` rewordings, never read
to change a rule, say how the judge holds up under wordings it has not seen.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from harness.judge.labels import LabelledAnswer, split_of
from harness.judge.offline_judge import heuristic_verdict


@dataclass(frozen=True)
class Rewording:
    financebench_id: str
    gold: str
    # How the rewording was used: "to-find", written to look for failures and read to mend
    # them; "to-check-then-read", written after the first mends to check them, three of its
    # failures then read; "measured-only", written last and never read to change a rule.
    written: str


@dataclass(frozen=True)
class RewordingResult:
    rewording: Rewording
    answers: int
    agree_original: int  # answers judged as people judged them, against the question's own gold
    agree_reworded: int  # ... against the rewording
    false_correct_original: int  # answers people did not mark correct, credited
    false_correct_reworded: int
    changed: tuple[tuple[str, str, str], ...]  # (human label, verdict against the rewording, answer's start) where the two verdicts differ

    @property
    def holds(self) -> bool:
        """No fewer agreements and no more false credits than the original gold gets."""
        return self.agree_reworded >= self.agree_original and self.false_correct_reworded <= self.false_correct_original


def load_rewordings(path: Path) -> list[Rewording]:
    """The rewordings file: one JSON object per line with ``financebench_id``, ``gold`` and
    ``written``. Only questions of the tune half may be reworded."""
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            rewording = Rewording(str(row["financebench_id"]), str(row["gold"]), str(row.get("written", "measured-only")))
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"{path}:{n}: not a rewording ({exc}); each line needs financebench_id and gold") from exc
        if split_of(rewording.financebench_id) != "tune":
            raise ValueError(f"{path}:{n}: {rewording.financebench_id} is a held-out question; reword only the tune half's golds")
        out.append(rewording)
    return out


def judge_rewordings(labels: list[LabelledAnswer], rewordings: list[Rewording]) -> list[RewordingResult]:
    """Each rewording's agreement with people, beside its question's own gold's."""
    by_question: dict[str, list[LabelledAnswer]] = {}
    for row in labels:
        by_question.setdefault(row.financebench_id, []).append(row)
    original: dict[str, list[bool]] = {}
    out = []
    for rewording in rewordings:
        rows = by_question.get(rewording.financebench_id, [])
        if rewording.financebench_id not in original:
            original[rewording.financebench_id] = [
                heuristic_verdict(r.question, r.gold_answer, r.model_answer).label == "correct" for r in rows
            ]
        before = original[rewording.financebench_id]
        after = [heuristic_verdict(r.question, rewording.gold, r.model_answer) for r in rows]
        people = [r.label == "correct" for r in rows]
        out.append(RewordingResult(
            rewording, len(rows),
            sum(b == p for b, p in zip(before, people)),
            sum((v.label == "correct") == p for v, p in zip(after, people)),
            sum(b and not p for b, p in zip(before, people)),
            sum(v.label == "correct" and not p for v, p in zip(after, people)),
            tuple(
                (r.label, v.label, r.model_answer.strip()[:100])
                for r, b, v in zip(rows, before, after) if b != (v.label == "correct")
            ),
        ))
    return out
