"""A change in percent and a change in percentage points are different figures: points of a
ratio do not answer a level's percent change, and a change the answer calls relative does
not answer a question in points; a bare "%" (FinanceBench's golds write a margin's points
so) is never held against either."""
from __future__ import annotations

import pytest

from harness.judge.offline_judge import heuristic_verdict

LEVEL_Q = "What was Orchid Pharma's FY2021 year-over-year change in operating income, in percent?"
POINTS_Q = "What is the FY2022 change in Mallow Drinks' gross margin, in percentage points?"
MARGIN_Q = "What was the FY2022 change in Corbel's operating margin, in percent?"


@pytest.mark.parametrize(
    ("question", "gold", "answer"),
    [
        (LEVEL_Q, "-12.6%", "Orchid Pharma's operating margin fell 12.6 percentage points in FY2021, from 30.1% to 17.5%."),
        (LEVEL_Q, "-12.6%", "Operating income: down 12.6 pp."),
        (POINTS_Q, "0.8", "Mallow Drinks' gross margin rose 0.8% in relative terms in FY2022, from 40.0% to 40.3%."),
        (POINTS_Q, "0.8", "Gross margin rose 0.8% on a relative basis."),
    ],
)
def test_a_change_of_the_other_kind_is_not_credited(question: str, gold: str, answer: str) -> None:
    assert heuristic_verdict(question, gold, answer).label != "correct"


@pytest.mark.parametrize(
    ("question", "gold", "answer"),
    [
        (LEVEL_Q, "-12.6%", "Orchid Pharma's operating income fell 12.6% in FY2021."),
        (POINTS_Q, "0.8", "Mallow Drinks' gross margin rose 0.8 percentage points in FY2022."),
        (POINTS_Q, "0.8", "Gross margin rose 0.8%, from 40.0% to 40.8%."),  # a bare "%" in points
        # A ratio's change may be given in points to a question in percent.
        (MARGIN_Q, "-1.7%", "Corbel's operating margin fell 1.7 percentage points in FY2022."),
        (MARGIN_Q, "-1.7%", "Corbel's operating margin fell 1.7% in FY2022."),
    ],
)
def test_a_change_of_the_asked_kind_is(question: str, gold: str, answer: str) -> None:
    assert heuristic_verdict(question, gold, answer).label == "correct"


def test_an_operating_ratio_is_not_an_operating_margin() -> None:
    # A carrier's operating ratio is 100% less its operating margin: one does not answer the other.
    question = "What is Kite Freight's FY2022 operating ratio?"
    assert heuristic_verdict(question, "89.6%", "Kite Freight's FY2022 operating margin was 89.6%.").label != "correct"
    assert heuristic_verdict(question, "89.6%", "Kite Freight's FY2022 operating ratio was 89.6%.").label == "correct"
    margin_question = "What is Kite Freight's FY2022 operating margin?"
    assert heuristic_verdict(margin_question, "10.4%", "Kite Freight's operating ratio was 10.4%.").label != "correct"
