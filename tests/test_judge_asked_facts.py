"""Questions that ask one fact of a gold that gives more: the date a deal closed (not the day
it was announced), the officer in the role (not the one before), a firm's name with or without
its legal form, and which cash flow brought in the most with each figure on its own activity.
Each reading has a right answer credited and its wrong twin refused (the thirty-fifth and
thirty-sixth realistic batches found these shapes)."""
from __future__ import annotations

import pytest

from harness.judge.offline_judge import heuristic_verdict

ROCKCLIFFE = "When did Rockcliffe Utilities complete its acquisition of Tarrant Valley Gas?"
ROCKCLIFFE_GOLD = ("October 3, 2022. The deal, valued at about $1.9 billion including assumed debt, had been announced on "
                   "January 18, 2022.")
KENMORE = "Who is the CFO of Kenmore Logistics as of FY2023?"
KENMORE_GOLD = "Priya Raman, Executive Vice President and Chief Financial Officer since May 2022, when she succeeded Thomas Garrity."
WELWYN = "What is the name of Welwyn Networks' auditor?"
WELWYN_GOLD = "Deloitte & Touche LLP, San Jose, California."
EBBSFLEET = "Among operations, investing, and financing activities, which brought in the most cash flow for Ebbsfleet Foods in FY2022?"
EBBSFLEET_GOLD = ("Financing activities. Net cash provided by financing activities was $1,184 million (mainly new term debt to fund "
                  "the Carrow Bakeries acquisition), compared with $412 million provided by operating activities and $1,437 "
                  "million used in investing activities.")


@pytest.mark.parametrize("question,gold,answer,credited", [
    # The date a gold opens with is the one asked; the announcement date after it is context.
    (ROCKCLIFFE, ROCKCLIFFE_GOLD, "Rockcliffe Utilities completed the acquisition of Tarrant Valley Gas on October 3, 2022; it "
     "had announced the roughly $1.9 billion deal on January 18, 2022.", True),
    (ROCKCLIFFE, ROCKCLIFFE_GOLD, "Rockcliffe Utilities completed its acquisition of Tarrant Valley Gas on January 18, 2022, "
     "in a transaction valued at approximately $1.9 billion including assumed debt.", False),
    # "Who is the CFO?": the gold's opening name, not its predecessor with the gold's words.
    (KENMORE, KENMORE_GOLD, "Priya Raman is Kenmore Logistics' Executive Vice President and Chief Financial Officer; she "
     "took over from Thomas Garrity in May 2022.", True),
    (KENMORE, KENMORE_GOLD, "The CFO of Kenmore Logistics as of FY2023 is Thomas Garrity, Executive Vice President and Chief "
     "Financial Officer.", False),
    # A firm's legal form is no word of its name.
    (WELWYN, WELWYN_GOLD, "According to the filing, Deloitte & Touche LLP, San Jose, California.", True),
    (WELWYN, WELWYN_GOLD, "According to the filing, Ernst & Young LLP, San Jose, California.", False),
    # Each cash flow's figure on its own activity, also where one sentence lists two of them.
    (EBBSFLEET, EBBSFLEET_GOLD, "Financing activities brought in the most: $1,184 million, against $412 million from "
     "operating activities, while investing activities used $1,437 million.", True),
    (EBBSFLEET, EBBSFLEET_GOLD, "Financing activities. Net cash provided by financing activities was $412 million (mainly new "
     "term debt to fund the Carrow Bakeries acquisition), compared with $1,184 million provided by operating activities and "
     "$1,437 million used in investing activities.", False),
    (EBBSFLEET, EBBSFLEET_GOLD, "Financing activities. Net cash provided by financing activities was €1,184 million, compared "
     "with $412 million provided by operating activities and $1,437 million used in investing activities.", False),
])
def test_the_asked_fact(question: str, gold: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(question, gold, answer)
    assert (verdict.label == "correct") == credited, verdict.rationale
