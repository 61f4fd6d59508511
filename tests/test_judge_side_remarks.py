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


@pytest.mark.parametrize("asked,answer,credited", [
    # "No, this does not mean ...": a remark on what the figure implies, in no word of the question's.
    (WORKING_CAPITAL, "Yes, it has positive working capital of $1.2 billion. No, this does not mean liquidity is a concern.", True),
    # ... and on what is asked, it is a verdict.
    (WORKING_CAPITAL, "Yes, working capital was $1.2 billion. No, this does not mean it has positive working capital.", False),
])
def test_no_this_does_not_mean_is_a_remark_unless_it_speaks_of_what_is_asked(asked: tuple[str, str], answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(*asked, answer)
    assert (verdict.label == "correct") == credited, verdict.rationale


@pytest.mark.parametrize("asked,answer,credited", [
    # A question the answer asks itself about something else: the yes or no after it answers that.
    (WORKING_CAPITAL, "Yes, it has positive working capital of $1.2 billion. Is that unusual? No, most manufacturers do.", True),
    (WORKING_CAPITAL, "Yes, Northwind has positive working capital of $1.2 billion. Does this indicate a problem? No.", True),
    (WORKING_CAPITAL, "Yes, working capital was $1.2 billion. Is working capital a useful metric here? Yes and no: "
                      "it shows liquidity but not profitability.", True),
    # A question on the answer itself (its truth, the source, the answerer's confidence) takes the claim back.
    (WORKING_CAPITAL, "Yes, it has positive working capital of $1.2 billion. Is that right? No.", False),
    (WORKING_CAPITAL, "Yes, it has positive working capital of $1.2 billion. Is that the final answer? No.", False),
    (WORKING_CAPITAL, "Yes, it has positive working capital of $1.2 billion. Am I sure? No.", False),
    (WORKING_CAPITAL, "Yes, it has positive working capital of $1.2 billion. Can we trust this figure? No.", False),
    (WORKING_CAPITAL, "Yes, it has positive working capital of $1.2 billion. Does the filing support this? No.", False),
    # The question asked again, in part or doubted, is the asked one: the yes or no after it is a verdict.
    (WORKING_CAPITAL, "Yes, it has positive working capital of $1.2 billion. Is it positive? No.", False),
    (WORKING_CAPITAL, "Yes, it has positive working capital of $1.2 billion. Is it really positive? No.", False),
    (WORKING_CAPITAL, "Yes, working capital was $1.2 billion. Does Northwind have positive working capital? No.", False),
])
def test_a_yes_or_no_to_the_answers_own_other_question_is_no_second_verdict(asked: tuple[str, str], answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(*asked, answer)
    assert (verdict.label == "correct") == credited, verdict.rationale


def test_no_period_of_abbreviates_number_of_and_gives_no_verdict() -> None:
    answer = ("Yes. Current assets of $3.0 billion exceed current liabilities of $1.8 billion, a working capital of $1.2 billion."
              "\n\nNo. of days in the operating cycle: not given.")
    verdict = heuristic_verdict(*WORKING_CAPITAL, answer)
    assert verdict.label == "correct", verdict.rationale
    assert heuristic_verdict(*WORKING_CAPITAL, "Yes, working capital was $1.2 billion. No. Of the two, liabilities are larger.").label != "correct"


WORKING_CAPITAL_USE = (
    "Does Northwind Tools have positive working capital based on FY2022 data? If working capital is not a useful or "
    "relevant metric for this company, then please state that and explain why.",
    "Yes. Northwind had positive working capital of $1.2 billion by FY2022.",
)


@pytest.mark.parametrize("answer,credited", [
    # A yes or no on whether the measure serves answers the question's supposition, not the question.
    ("Yes. It had positive working capital ($1.2 billion). No, working capital is not the most relevant metric for a "
     "tool maker, but it is positive.", True),
    ("Yes, positive working capital of $1.2 billion.\n\nNo, working capital is not a useful metric for this company "
     "because it turns its inventory quickly.", True),
    ("Yes, it has positive working capital of $1.2 billion. Is working capital relevant for this company? No, not very.", True),
    # A yes or no on what is asked, whatever it goes on to say of the measure, is a verdict.
    ("Yes, working capital was $1.2 billion. No, working capital is not positive, so it is not a useful metric.", False),
    ("Yes, working capital was $1.2 billion. No, it does not have positive working capital.", False),
    ("Yes, working capital was $1.2 billion. No.", False),
    # A denial after its verdict on the measure may be the no's own: then it is a verdict.
    ("Yes, working capital was $1.2 billion. No, working capital is not a useful metric here, and the company does "
     "not have positive working capital.", False),
])
def test_a_yes_or_no_on_the_measures_use_answers_the_questions_supposition(answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(*WORKING_CAPITAL_USE, answer)
    assert (verdict.label == "correct") == credited, verdict.rationale


def test_where_the_question_asks_the_measures_use_a_yes_or_no_on_it_is_the_verdict() -> None:
    asked = ("Is operating margin a useful metric for Corvid Airlines?", "No. Operating margin is not a useful metric for Corvid.")
    assert heuristic_verdict(*asked, "No, operating margin is not a useful metric for an airline in restructuring.").label == "correct"
    assert heuristic_verdict(*asked, "Yes, operating margin is a useful metric for Corvid.").label != "correct"

