"""The answer's own arithmetic, worked out again (``harness.judge.worked_arithmetic``)."""
from __future__ import annotations

import pytest

from harness.judge.offline_judge import heuristic_verdict
from harness.judge.worked_arithmetic import arithmetic_gives_gold, results_of

NIKE = (
    "What is the FY2021 inventory turnover ratio for Nike? Inventory turnover ratio is defined as: (FY2021 COGS) / "
    "(average inventory between FY2020 and FY2021). Round your answer to two decimal places."
)
ADOBE = (
    "What is Adobe's year-over-year change in unadjusted operating income from FY2015 to FY2016 (in units of percents "
    "and round to one decimal place)?"
)


def _worked(text: str) -> list[tuple[str, float]]:
    return [(result.text, round(value, 4)) for result, value, _ in results_of(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ratio = $24,576 million / $7,110.5 million = 3.45", [("3.45", 3.4563)]),
        ("($1,493,602,000 - $903,095,000) / $903,095,000 = 65.3%", [("65.3%", 0.6539)]),
        ("Average = ($7,367 million + $6,854 million) / 2 = $7,110.5 million", [("7,110.5 million", 7110500000.0)]),
        ("CCC = 52.71 - 92.85 + 36.38 ≈ -3.76 days", [("3.76", -3.76)]),
        ("787 / 40,648 x 100% = 2.7%", [("2.7%", 0.0194)]),
        # The currency as its code: the same computation.
        ("(USD 1,493,602,000 - USD 903,095,000) / USD 903,095,000 = 65.3%", [("65.3%", 0.6539)]),
        ("US$24,576 million / US$7,110.5 million = 3.45", [("3.45", 3.4563)]),
        # Named, then given under the same name on the next line.
        ("Turnover = $24,576 million / $7,110.5 million\nTurnover = 3.45", [("3.45", 3.4563)]),
    ],
)
def test_an_equation_is_worked_out_again(text: str, expected: list) -> None:
    assert _worked(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "$302,578 thousand = $302 million",  # a conversion: no operator, no computation
        "Turnover = $24,576 million / $7,110.5 million. Gross margin = 3.45",  # another name's result
        "COGS was $24,576 million and turnover = 3.45",  # words between the figures
        "Ratio = 24,576 / 0 = 3.45",  # no value
        "The ratio is 3.45.",
    ],
)
def test_what_is_not_a_computation_of_its_result(text: str) -> None:
    assert _worked(text) == []


def test_only_arithmetic_that_works_out_to_the_gold_proves_a_slip() -> None:
    assert arithmetic_gives_gold(NIKE, "3.46", "Turnover = $24,576 million / $7,110.5 million = 3.45", 3.45)
    assert arithmetic_gives_gold(ADOBE, "0.654", "($1,493,602,000 - $903,095,000) / $903,095,000 = 65.3%", 0.653)
    # The equation does not give its own result: not the computation of the value committed to.
    assert not arithmetic_gives_gold(NIKE, "3.46", "Turnover = $24,576 million / $7,110.5 million = 3.85", 3.85)
    # It gives its result, and the result is not the gold's.
    assert not arithmetic_gives_gold(NIKE, "3.46", "Turnover = $24,000 million / $7,110.5 million = 3.38", 3.38)
    # The gold among the operands computes nothing.
    assert not arithmetic_gives_gold(NIKE, "3.46", "Turnover = 3.46 x 1 = 3.45", 3.45)


def test_the_offline_judge_credits_a_rounding_slip_only_with_its_arithmetic() -> None:
    worked = heuristic_verdict(NIKE, "3.46", "Inventory turnover = $24,576 million / $7,110.5 million = 3.45.")
    bare = heuristic_verdict(NIKE, "3.46", "Nike's FY2021 inventory turnover ratio is 3.45.")
    declined = heuristic_verdict(NIKE, "3.46", "I cannot verify this from the filing, but $24,576 million / $7,110.5 million = 3.45.")
    assert worked.label == "correct" and "arithmetic" in worked.rationale
    assert bare.label == "incorrect" and "rounding step" in bare.rationale
    assert declined.label != "correct"
