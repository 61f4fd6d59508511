"""A pick taken back in the sentence that names the gold (``undone_picks``)."""
from __future__ import annotations

import pytest

from harness.judge.offline_judge import heuristic_verdict
from harness.judge.undone_picks import pick_undone

LIABILITY = "What was the largest liability in American Express's Balance Sheet in 2022?"
SEGMENT = "From FY21 to FY22, excluding Embedded, in which AMD reporting segment did sales proportionally increase the most?"


@pytest.mark.parametrize(
    ("question", "gold", "part"),
    [
        (LIABILITY, "Customer deposits", "Customer deposits were not the largest liability in 2022"),
        (LIABILITY, "Customer deposits", "Customer deposits were the second largest liability"),
        (LIABILITY, "Customer deposits", "Customer deposits were the smallest liability"),
        (SEGMENT, "Data Center", "Data Center sales proportionally increased the least"),
        (SEGMENT, "Data Center", "Gaming increased the most, Data Center the least"),
        (SEGMENT, "Data Center", "Data Center sales decreased the most"),
        (LIABILITY, "Customer deposits", "The largest liabilities were customer deposits, long-term debt, accounts payable and other"),
    ],
)
def test_a_pick_taken_back_is_undone(question: str, gold: str, part: str) -> None:
    assert pick_undone(part, question, gold)


@pytest.mark.parametrize(
    ("question", "gold", "part"),
    [
        (LIABILITY, "Customer deposits", "Customer deposits were the largest liability in 2022"),
        (SEGMENT, "Data Center", "Data Center, not Gaming: its sales increased 64%, the most of any segment"),
        (SEGMENT, "Data Center", "Data Center sales increased 64%, the most of any segment excluding Embedded"),
        (LIABILITY, "Customer deposits", "Long-term debt was the largest liability"),  # the gold is not named: nothing to undo
    ],
)
def test_a_plain_pick_stands(question: str, gold: str, part: str) -> None:
    assert not pick_undone(part, question, gold)


def test_the_judge_does_not_credit_an_undone_pick() -> None:
    verdict = heuristic_verdict(LIABILITY, "Customer deposits", "Customer deposits were not the largest liability in 2022; long-term debt was.")
    assert verdict.label == "incorrect", verdict.rationale
    verdict = heuristic_verdict(LIABILITY, "Customer deposits", "Customer deposits were the largest liability in 2022.")
    assert verdict.label == "correct", verdict.rationale
