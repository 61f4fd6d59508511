"""The cause a gold calls its main one ("mainly because ...", "primarily due to ...") is what a
"what drove ...?" answer must give: an answer that gives only the gold's lesser causes, or
causes of its own, beside the gold's figures is refused; one that tells the main cause in
other words, with a few of its words or its figure, is credited, also where it names the
cause before its word of causation ("Input costs outran menu pricing", "Labor was the main
culprit") or after "The main issue was" or "a matter of". A period after "SG&A" ends its
sentence. Each reading has a right answer credited and its wrong twin refused (the
forty-third realistic batch found these shapes)."""
from __future__ import annotations

import pytest

from harness.judge.offline_judge import heuristic_verdict

BRIGHTWATER = ("What drove operating margin change as of FY2022 for Brightwater Home Products? If operating margin is not "
               "a useful metric for a company like this, then please state that and explain why.")
BRIGHTWATER_GOLD = ("Brightwater's operating margin fell from 14.1% in FY2021 to 11.8% in FY2022, mainly because freight and "
                    "raw-material inflation (resin, pulp and corrugate) outpaced the price increases it took in the Home Care "
                    "segment. Higher intangible amortization from the Pelham acquisition added roughly 40 basis points of "
                    "pressure, partly offset by lower incentive compensation.")
KESTREL = "What were the key drivers of Kestrel Outdoor's free cash flow decline in FY2022?"
KESTREL_GOLD = ("Free cash flow fell from $412 million in FY2021 to $96 million in FY2022, primarily because inventory "
                "increased by $380 million as Kestrel pulled forward purchases to guard against supply-chain delays and then "
                "saw slower sell-through. Capital expenditures also rose to $145 million, largely for a new distribution "
                "center in Reno.")
THORNBURY = "Why did Thornbury Grill Holdings' restaurant-level margin decline in FY2022?"
THORNBURY_GOLD = ("Restaurant-level margin fell from 17.9% to 14.6%, mainly because of commodity inflation, particularly beef "
                  "and cooking oil, which pushed food and beverage costs to 32.4% of sales, and hourly wage increases of "
                  "roughly 9%. Menu price increases of about 6% offset only part of these cost pressures.")

TESSALINE = "What drove the reduction in SG&A expense as a percent of net revenue in FY2021 for Tessaline Apparel?"
TESSALINE_GOLD = ("SG&A fell from 31.2% to 28.6% of net revenue in FY2021, chiefly because net revenue rebounded 19% as stores "
                  "reopened after pandemic closures, giving leverage on largely fixed occupancy and corporate overhead "
                  "costs. The closure of 74 underperforming stores also reduced rent and store payroll, partly offset by "
                  "higher digital marketing spending.")
VERADYNE = ("What drove operating margin change as of FY2022 for Veradyne Medical? If operating margin is not a useful "
            "metric for a company like this, then please state that and explain why.")
VERADYNE_GOLD = ("Operating margin improved from 9.4% in FY2021 to 13.2% in FY2022, primarily because elective procedure "
                 "volumes recovered from pandemic deferrals, lifting orthopedic implant sales 17% and giving leverage on "
                 "largely fixed SG&A. The prior year also included a $30 million litigation charge related to the Arcline "
                 "hip-implant recall that did not recur.")


@pytest.mark.parametrize("question,gold,answer,credited", [
    # The main cause in other words, with some of its own; the lesser cause alone is refused.
    (BRIGHTWATER, BRIGHTWATER_GOLD, "Operating margin decreased to 11.8% from 14.1% in FY2021. Input costs such as resin "
     "and paper-based materials, together with freight, rose materially, and the pricing actions Brightwater took in Home "
     "Care only partially caught up. Amortization from the Pelham acquisition added about 40 bps.", True),
    (BRIGHTWATER, BRIGHTWATER_GOLD, "Brightwater's operating margin declined from 14.1% in FY2021 to 11.8% in FY2022.\n\n"
     "The primary driver was the Pelham acquisition: amortization of the acquired intangible assets and integration "
     "costs. This pressure was partially offset by lower incentive compensation expense.", False),
    # A word of the main cause and its figure are enough; the gold's second cause as the first is not.
    (KESTREL, KESTREL_GOLD, "Free cash flow declined from $412 million to $96 million, attributed primarily to working "
     "capital: Kestrel placed orders early to get ahead of transportation disruptions, and as demand moderated, inventory "
     "rose by about $380 million. Capital expenditures were also higher.", True),
    (KESTREL, KESTREL_GOLD, "Kestrel Outdoor's free cash flow declined from $412 million in FY2021 to $96 million in FY2022. "
     "The primary driver was a significant increase in capital expenditures, to $145 million, for a new distribution "
     "center in Reno, Nevada.", False),
    # The cause named before the word that makes it one.
    (THORNBURY, THORNBURY_GOLD, "Input costs and labor outran menu pricing. Beef and fryer oil got a lot more expensive, "
     "pushing food and beverage costs up to 32.4% of sales, and hourly pay rose around 9%. Menu prices rose about 6%, so "
     "restaurant-level margin slid from 17.9% to 14.6%.", True),
    (THORNBURY, THORNBURY_GOLD, "Restaurant-level margin slid from 17.9% to 14.6%. New restaurant openings were the main "
     "culprit: 18 new units ran at low margins while they built volume, and pre-opening costs rose.", False),
    # "The main issue was ...", "a matter of ...": a cause after its word.
    (TESSALINE, TESSALINE_GOLD, "The decline was primarily a matter of operating leverage: sales recovered about 19% once "
     "stores reopened after the pandemic closures, while rent and corporate overhead did not flex, so the ratio fell from "
     "31.2% to 28.6% of net revenue.", True),
    (TESSALINE, TESSALINE_GOLD, "The ratio fell from 31.2% to 28.6% of net revenue. The decline was primarily a matter of "
     "lower digital marketing spending and a reduced headcount at headquarters.", False),
    # A gold's "SG&A." ends its sentence: its next sentence's "did not recur" is no denial.
    (VERADYNE, VERADYNE_GOLD, "Mostly volume. Elective procedures came back after COVID deferrals, so Veradyne sold 17% more "
     "orthopedic implants without a matching rise in its largely fixed SG&A. That leverage lifted operating margin from "
     "9.4% to 13.2%. Operating margin is a perfectly good metric for a device company like this.", True),
    (VERADYNE, VERADYNE_GOLD, "Operating margin is not a useful metric for a medical device company; investors look at "
     "organic revenue growth instead.", False),
])
def test_main_cause(question: str, gold: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(question, gold, answer)
    assert (verdict.label == "correct") == credited, verdict.rationale
