"""Where a judge disagrees with people, by the reason it gave.

A calibration's one agreement figure says how often the judge is wrong, not where. The
offline judge and the numeric check give each verdict a reason from a fixed set of
sentences, with the answer's and the gold's own values quoted in them ("the answer commits
to '2.6%'; the gold is 0.028 and ..."). With the quoted values taken out, the sentences
group the verdicts by the rule that gave them, and each group's agreement with people
shows which rules to trust on these labels and which to read again. A model judge's
reasons are free prose and are counted together.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

# A value the reason quotes: '2.6%' or "Data Center", opened after no letter and closed
# before none, so the apostrophe of "gold's" is neither.
_QUOTED = re.compile(r"(?<![A-Za-z])'[^']*'(?![A-Za-z])|\"[^\"]*\"|“[^”]*”|‘[^’]*’")
_NUMBER = re.compile(r"[-−]?\$?\d[\d,.]*%?")


def reason_of(method: str, rationale: str) -> str:
    """The reason's sentence without the values it quotes, after the judging method."""
    if method == "llm":
        return "model judge"
    text = _NUMBER.sub("N", _QUOTED.sub("…", rationale))
    return f"{method}: {' '.join(text.split())}" if text.strip() else method


@dataclass(frozen=True)
class ReasonRow:
    reason: str
    judge_label: str
    # Per half of the labels: (answers given this reason, of which people disagree on correct-vs-not).
    halves: dict[str, tuple[int, int]]

    @property
    def disagreements(self) -> int:
        return sum(wrong for _, wrong in self.halves.values())


def by_reason(verdicts: Iterable[tuple[str, str, str, str]]) -> list[ReasonRow]:
    """Group (half, human label, judge label, reason) by reason and judge label, the rows
    with the most disagreements first."""
    given: Counter[tuple[str, str, str]] = Counter()
    wrong: Counter[tuple[str, str, str]] = Counter()
    for half, human, label, reason in verdicts:
        key = (reason, label, half)
        given[key] += 1
        wrong[key] += (human == "correct") != (label == "correct")
    rows: dict[tuple[str, str], dict[str, tuple[int, int]]] = {}
    for (reason, label, half), n in given.items():
        rows.setdefault((reason, label), {})[half] = (n, wrong[(reason, label, half)])
    table = [ReasonRow(reason, label, halves) for (reason, label), halves in rows.items()]
    return sorted(table, key=lambda r: (-r.disagreements, r.reason))


def format_by_reason(rows: list[ReasonRow], halves: list[str], limit: int) -> list[str]:
    """The table's text lines: each reason that people disagree with at least once."""
    shown = [row for row in rows if row.disagreements][:limit]
    header = "".join(f"{name:>16s}" for name in halves)
    lines = [
        "where the judge and people disagree, by the judge's reason (people disagree / answers given it, per half;",
        "correct-vs-not):",
        f"{'judge says':12s}{header}  reason",
    ]
    for row in shown:
        cells = "".join(f"{_cell(row.halves.get(h)):>16s}" for h in halves)
        lines.append(f"{row.judge_label:12s}{cells}  {row.reason}")
    hidden = sum(1 for row in rows if row.disagreements) - len(shown)
    if hidden > 0:
        lines.append(f"... and {hidden} more reason(s) with a disagreement (raise --by-reason)")
    return lines


def _cell(counts: tuple[int, int] | None) -> str:
    return "-" if counts is None else f"{counts[1]} / {counts[0]}"


def rows_json(rows: list[ReasonRow]) -> list[dict[str, object]]:
    return [
        {"reason": row.reason, "judge_label": row.judge_label,
         "halves": {h: {"answers": n, "people_disagree": w} for h, (n, w) in sorted(row.halves.items())}}
        for row in rows
    ]
