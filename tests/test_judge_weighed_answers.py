"""Answers that weigh both sides, or open with a caveat, before they commit: read for what
they commit to, as a reviewer reads them.

- "needs a little improvement" says the asked state is not reached: a no.
- A conclusion drawn before the answer's own yes or no is weighed on the way to it ("...,
  so negative working capital is not necessarily a sign of distress. ... So no, ...").
- "about 0.958, or roughly 0.96" is one value said twice, not two alternatives.
- A sentence that opens by conceding ("On one hand, ...") or that the next sentence turns
  against ("Even so, ...") is not the answer's verdict, nor where it moves what is asked.
- A decline of a part in the answerer's own voice, turned to the source it reads instead ("I
  can't see the full capex program, but the balance sheet ... are enough to answer"), is no
  refusal.
- A closing "So ..." that speaks of the question as much as the opening is the verdict.
- A name the question excludes ("excluding Embedded") is no rival pick; a bare name after a
  colon ("..., but it is clear: Data Center.") is the sentence's pick.
- The gold's main cause named only to be called a lesser one ("Xylo amortization was a smaller,
  secondary factor") is not the gold's account; a lesser cause beside the main one ("driven
  primarily by X, with Y as a secondary factor") says nothing against it.

Each reading has a right answer credited and its wrong twin refused."""
from __future__ import annotations

import pytest
from test_judge_answer_forms import QUICK, WORKING

from harness.judge.offline_judge import heuristic_verdict

EPS = ("Is growth in Halden's adjusted EPS expected to accelerate in FY2023?",
       "No, rate of growth in adjusted EPS is expected to decelerate slightly from 3.6% in FY2022 to 3.5% in FY2023.")
MARGIN = ("What drove operating margin change as of the FY22 for Corra? If operating margin is not a useful metric for a company "
          "like this, then please state that and explain why.",
          "The decrease in Corra's operating income was primarily driven by amortization of intangible assets associated with "
          "the Xylo acquisition")
LEGAL = ("Has Brantford reported any materially important ongoing legal battles from FY2022 and FY2021?",
         "No, Brantford is not involved in material legal battles.")
INTENSIVE = ("Is Telvoro a capital intensive business based on FY 2022 data?",
             "Yes. Telvoro's capital intensity ratio was approximately 2.774729. This means that it took approximately $2.77 of "
             "assets to generate $1 of revenue and thus, Telvoro can be considered capital intensive.")
QUICK_MOVE = ("Has Korrin's quick ratio improved or declined between FY2023 and FY2022? If the quick ratio is not something that a "
              "financial analyst would ask about a company like this, then state that and explain why.",
              "The quick ratio has slightly improved from 0.67 times to 0.69 times between FY 2023 and FY 2022.(3.4% jump)")
SEGMENT = ("From FY21 to FY22, excluding Embedded, in which Corra reporting segment did sales proportionally increase the most?",
           "Data Center")

_QUICK_WORK = ("No. Arkwell's quick assets at June 30, 2023 come to $10,474M against current liabilities of $10,936M, a quick "
               "ratio of about {exact}, or roughly {rounded}. Liquid assets fall slightly short of current liabilities, so the "
               "profile is somewhat below the 1.0x benchmark and needs a little improvement.")
_WORKING_WEIGHED = ("One could argue that working capital matters less for a regulated utility, which can run with current "
                    "liabilities above current assets, so negative working capital is not necessarily a sign of distress.\n\n"
                    "Working capital = $1,250M - $2,811M = {value}.\n\nSo no, Ridley Water did not have positive working "
                    "capital in FY2022.")
_EPS_WEIGHED = ("On one hand, the Q4 numbers look like acceleration: fourth-quarter adjusted EPS grew 10.3%. On the other hand, "
                "the question is about FY2023 guidance. Full-year 2022 adjusted EPS grew 3.6%, and Halden guided to growth of "
                "{guided} for 2023. Since {guided} is slightly {side} 3.6%, growth is {verdict}.")
_MARGIN_CONCEDED = ("Operating margin is a useful metric for Corra.\n\nRevenue grew 44% in FY22, which by itself would normally "
                    "expand margins, and segment operating income actually rose in Data Center. Even so, total operating income "
                    "{way} from $3.6 billion to $1.3 billion.\n\nThe change was primarily driven by amortization of intangible "
                    "assets associated with the Xylo acquisition.")
_LEGAL_PART = ("I can't give a legal assessment of individual cases, but from Brantford's own disclosure in Item 3 (Legal "
               "Proceedings): management believes none of its routine claims will have a material adverse effect. So {verdict}")
_INTENSIVE_PART = ("I can't see Telvoro's full capital expenditure program in the excerpts provided, but the balance sheet and "
                   "revenue figures are enough to answer. Total assets were $379,680 million against revenues of $136,835 "
                   "million, a capital intensity ratio of roughly {ratio}x. {verdict}")
_QUICK_MOVE_WEIGHED = ("Based on Korrin's FY2023 balance sheet, the quick ratio is a relevant metric for a manufacturer.\n\n"
                       "Quick assets actually fell, from $3,414M to $3,095M, as cash declined. However, current liabilities fell "
                       "even more. As a result:\n- FY2022 quick ratio: 0.67\n- FY2023 quick ratio: 0.69\n\nSo the quick ratio "
                       "{way} slightly.")


@pytest.mark.parametrize("asked,answer,credited", [
    (QUICK, _QUICK_WORK.format(exact="0.958", rounded="0.96"), True),
    # Two values at the same places after "or roughly" are alternatives, however near.
    (QUICK, _QUICK_WORK.format(exact="0.95", rounded="0.96"), False),
    (WORKING, _WORKING_WEIGHED.format(value="-$1,561 million"), True),
    (WORKING, _WORKING_WEIGHED.format(value="$124 million").replace("So no, Ridley Water did not", "So yes, Ridley Water did"),
     False),
    (EPS, _EPS_WEIGHED.format(guided="3.5%", side="below", verdict="not expected to accelerate; it is expected to decelerate "
                                                                   "marginally"), True),
    (EPS, _EPS_WEIGHED.format(guided="3.8%", side="above", verdict="expected to accelerate"), False),
    (MARGIN, _MARGIN_CONCEDED.format(way="fell"), True),
    (MARGIN, _MARGIN_CONCEDED.format(way="rose").replace("Even so, total", "Total"), False),
    (LEGAL, _LEGAL_PART.format(verdict="no, no materially important ongoing legal battles are reported."), True),
    (LEGAL, _LEGAL_PART.format(verdict="yes, it reports materially important ongoing legal battles."), False),
    (INTENSIVE, _INTENSIVE_PART.format(ratio="2.77", verdict="That is high, so yes, Telvoro is capital intensive."), True),
    (INTENSIVE, _INTENSIVE_PART.format(ratio="0.36", verdict="That is low, so no, Telvoro is not capital intensive."), False),
    (QUICK_MOVE, _QUICK_MOVE_WEIGHED.format(way="improved"), True),
    (QUICK_MOVE, _QUICK_MOVE_WEIGHED.format(way="declined"), False),
    (SEGMENT, "Embedded grew the most, but that jump came from the Xylo acquisition and the question excludes it. Gaming rose 21% "
              "and Client fell 10%. Gaming was solid, but Data Center grew far faster. The answer is Data Center.", True),
    (SEGMENT, "Embedded grew the most, but the question excludes it. Gaming grew the most of the rest, at 64%, against 21% for "
              "Data Center. The answer is Gaming.", False),
    (SEGMENT, "Without the full segment discussion I'm relying on the segment revenue table alone, but it is clear: Data Center.",
     True),
    (SEGMENT, "Without the full segment discussion I'm relying on the segment revenue table alone, but it is clear: Gaming.", False),
])
def test_a_weighed_answer_is_read_for_what_it_commits_to(asked: tuple[str, str], answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(*asked, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


def test_a_decline_of_all_access_stays_a_refusal() -> None:
    # Only a part declined, and the source read instead, lifts the refusal: general knowledge
    # after "as an AI" does not.
    answer = ("As an AI I can't see the full filing, but typically the balance sheet of a telecom shows heavy assets, so yes, "
              "Telvoro is capital intensive.")
    assert heuristic_verdict(*INTENSIVE, answer).label == "refusal"


_DEMOTED = ("Operating margin is a useful metric for Corra. It fell from about 22% to about 5% mainly because {main}. {lesser}")


@pytest.mark.parametrize("answer,credited", [
    (_DEMOTED.format(main="of amortization of intangible assets associated with the Xylo acquisition",
                     lesser="Weaker Client income was a smaller, secondary factor."), True),
    (_DEMOTED.format(main="the Client segment weakened in a soft PC market",
                     lesser="Xylo-related amortization of intangible assets was a smaller, secondary factor."), False),
    (_DEMOTED.format(main="the Client segment weakened in a soft PC market",
                     lesser="Amortization of Xylo intangibles was a relatively minor factor."), False),
])
def test_the_gold_s_main_cause_called_a_lesser_one_is_not_its_account(answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(*MARGIN, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale
