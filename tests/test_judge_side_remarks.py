"""A yes or no that heads a remark on what the answer just said is no second verdict:
"Yes, it has positive working capital of $1.2 billion. No, this is not unusual for a
manufacturer." commits to the yes. A second yes or no that speaks of what is asked ("No, it
does not have positive working capital"), of the truth of what was said ("No, that is not
the case", "No, that is unlikely") is a verdict, and then the answer says both. And "No,
that is not the case." takes back the claim before it, as "That is false." does, but opening
an answer it is the answer's no. Each reading has a right answer credited and its wrong
twin refused."""
from __future__ import annotations

import pytest

from harness.judge.offline_judge import heuristic_verdict

WORKING_CAPITAL = ("Does Northwind Tools have positive working capital as of FY2022?",
                   "Yes, Northwind has positive working capital of $1.2 billion.")
LIQUIDITY = ("Does Pellham Stores have a reasonably healthy liquidity profile based on its quick ratio for FY2022?",
             "No. The quick ratio was approximately 0.54, which indicates Pellham does not have a healthy liquidity profile.")
LEGAL = ("Has Pepsico reported any materially important ongoing legal battles from FY2022 and FY2021?",
         "No, Pepsico is not involved in material legal battles.")
EPS = ("Is growth in Norvale's adjusted EPS expected to accelerate in FY2023?",
       "Yes, adjusted EPS growth is expected to accelerate from 3.6% in FY2022 to 5.1% in FY2023.")


@pytest.mark.parametrize("asked,answer,credited", [
    # A remark on what was just said, in no word of the question's.
    (WORKING_CAPITAL, "Yes, it has positive working capital of $1.2 billion. No, this is not unusual for a manufacturer.", True),
    (WORKING_CAPITAL, "Yes, it has positive working capital of $1.2 billion. No, that is not unusual for a company of its size.", True),
    (LIQUIDITY, "No. Its quick ratio was about 0.54. Yes, that is low for a retailer.", True),
    (LIQUIDITY, "No. Its quick ratio was about 0.54. Yes, this is a concern for creditors.", True),
    (EPS, "Yes, adjusted EPS growth is expected to accelerate from 3.6% in FY2022 to 5.1% in FY2023. "
          "No, this is not unusual after a weak year.", True),
    # A second verdict on what is asked, or on the truth of what was said: both a yes and a no.
    (WORKING_CAPITAL, "Yes, it has positive working capital of $1.2 billion. No, it does not have positive working capital.", False),
    (WORKING_CAPITAL, "Yes, it has positive working capital of $1.2 billion. No, this is not positive working capital.", False),
    (WORKING_CAPITAL, "Yes, it has positive working capital of $1.2 billion. No, that would be wrong.", False),
    (LIQUIDITY, "No. Its quick ratio was about 0.54. Yes, that is healthy.", False),
    (LIQUIDITY, "No. Its quick ratio was about 0.54. Yes, that is right.", False),
    (LIQUIDITY, "No. Its quick ratio was about 0.54. Yes, this is a reasonably healthy profile.", False),
    (EPS, "Yes, adjusted EPS growth is expected to accelerate from 3.6% to 5.1%. No, that is unlikely.", False),
    (EPS, "Yes, adjusted EPS growth is expected to accelerate from 3.6% to 5.1%. No, that is a mistake.", False),
])
def test_a_yes_or_no_on_a_side_remark_is_no_second_verdict(asked: tuple[str, str], answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(*asked, answer)
    assert (verdict.label == "correct") == credited, verdict.rationale


@pytest.mark.parametrize("asked,answer,credited", [
    # Opening the answer, or after the question restated, it is the answer's no.
    (LEGAL, "No, that is not the case. PepsiCo did not report any material pending legal proceedings in FY2022 or FY2021.", True),
    (LEGAL, "Has Pepsico reported any materially important ongoing legal battles from FY2022 and FY2021? "
            "No, that is not the case; PepsiCo is not party to material legal proceedings.", True),
    # After a claim, it takes the claim back: the gold's figure in it is not the answer's.
    (WORKING_CAPITAL, "Yes, it has positive working capital of $1.2 billion. No, that is not the case.", False),
    (WORKING_CAPITAL, "Yes, it has positive working capital of $1.2 billion. No, this is not true.", False),
    (LEGAL, "Yes, PepsiCo is involved in material legal battles. No, that is not the case.", False),
])
def test_no_that_is_not_the_case_takes_back_the_claim_before_it(asked: tuple[str, str], answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(*asked, answer)
    assert (verdict.label == "correct") == credited, verdict.rationale
