"""The same digits over another span are another figure: a total for a compound annual rate,
a several-year rate for one year's, one year's value for a several-year average. An answer
that names the span asked, or no span at all, is judged on its digits as before."""
from __future__ import annotations

import pytest

from harness.judge.offline_judge import heuristic_verdict

CAGR_Q = "What is the three-year revenue CAGR for Ashcombe Health between FY2019 and FY2022? Answer in percent."
YEAR_Q = "What was Opal Jewels' FY2022 revenue growth? Answer in units of percents."
AVERAGE_Q = ("What is Delmar Hotels' FY2019 - FY2021 3 year average of capex as a % of revenue? Answer in units of "
             "percents and round to one decimal place.")

CASES = [
    (CAGR_Q, "8.9%", "Ashcombe Health's revenue grew 8.9% in total between FY2019 and FY2022, or roughly 2.9% a year.", False),
    (CAGR_Q, "8.9%", "Revenue rose 8.9% cumulatively over FY2019-FY2022.", False),
    (CAGR_Q, "8.9%", "Ashcombe Health's revenue grew at an 8.9% CAGR from FY2019 to FY2022.", True),
    (CAGR_Q, "8.9%", "The three-year CAGR was 8.9%.", True),
    (CAGR_Q, "8.9%", "Revenue compounded at 8.9% per year between FY2019 and FY2022.", True),
    (YEAR_Q, "12.0%", "Opal Jewels' revenue grew at a 12.0% compound annual rate over FY2020-FY2022; FY2022 growth alone was 9.5%.", False),
    (YEAR_Q, "12.0%", "Revenue growth was 12.0% on a two-year stacked basis.", False),
    (YEAR_Q, "12.0%", "Its two-year CAGR was 12.0%.", False),
    (YEAR_Q, "12.0%", "Opal Jewels' revenue grew 12.0% in FY2022.", True),
    (YEAR_Q, "12.0%", "FY2022 revenue growth was 12.0%, after 8.1% in FY2021.", True),
    (AVERAGE_Q, "6.1%", "Delmar Hotels' capital expenditure was 6.1% of revenue in FY2021.", False),
    (AVERAGE_Q, "6.1%", "Capex was 6.1% of revenue in FY2021, up from 5.2% in FY2019.", False),
    (AVERAGE_Q, "6.1%", "The 3-year average of capex as a % of revenue for FY2019-FY2021 is 6.1%.", True),
    (AVERAGE_Q, "6.1%", "Capex averaged 6.1% of revenue over FY2019 to FY2021.", True),
    (AVERAGE_Q, "6.1%", "Capex as a % of revenue: FY2019 5.0%, FY2020 6.5%, FY2021 6.8%; average 6.1%.", True),
]


@pytest.mark.parametrize(("question", "gold", "answer", "credited"), CASES)
def test_a_figure_over_another_span_is_not_the_one_asked(question: str, gold: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(question, gold, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


@pytest.mark.parametrize(
    ("answer", "credited"),
    [
        # An average given with what it averages commits to the average.
        ("Capex was 5.0%, 6.5% and 6.8% of revenue in FY2019, FY2020 and FY2021, an average of 6.1%.", True),
        ("The three-year average is 6.1% (FY2019: 5.0%, FY2020: 6.5%, FY2021: 6.8%).", True),
        # Only where the arithmetic holds, the average is named, and it is not among its terms.
        ("Capex was 5.0%, 6.5% and 7.8% of revenue in FY2019, FY2020 and FY2021, an average of 6.1%.", False),
        ("Capex was 1.0%, 6.1% and 11.2% of revenue.", False),
        ("Capex was 1.0%, average 6.1%, and 11.2%.", False),
        ("Capex was 5.0%, 6.5% and 6.8% of revenue in FY2019, FY2020 and FY2021; the peak was 6.1%.", False),
    ],
)
def test_an_average_shown_with_its_terms(answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(AVERAGE_Q, "6.1%", answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


def test_an_average_with_its_terms_is_read_only_for_a_question_of_an_average() -> None:
    question = "What was Delmar Hotels' capex as a % of revenue in FY2021?"
    answer = "Capex was 5.0%, 6.5% and 6.8% of revenue in FY2019, FY2020 and FY2021, an average of 6.1%."
    assert heuristic_verdict(question, "6.1%", answer).label != "correct"
