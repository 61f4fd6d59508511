"""A computation told in words is worked, not listed: the terms of a sum or difference said
as "plus" or "minus", and the steps before a sentence's own "so" or "therefore" or its last
"gives", are inputs,
and the value the answer arrives at is its answer. Each reading has a right answer credited
and its wrong twin refused; a margin of error ("plus or minus") stays a hedge (the
thirty-seventh realistic batch found these shapes)."""
from __future__ import annotations

import pytest

from harness.judge.offline_judge import heuristic_verdict

EBITDA = ("What is Hensall Chemicals's FY2019 unadjusted operating income + depreciation and amortization from the cash "
          "flow statement (unadjusted EBITDA) in USD millions?")
MARGIN = ("What is the FY2018 - FY2019 change in unadjusted operating income % margin for Pagham Hotels? Answer in units "
          "of percents and round to one decimal place.")
DPO = ("What is Brancaster Tools's FY2022 days payable outstanding (DPO)? DPO is defined as: 365 * (average accounts "
       "payable between FY2021 and FY2022) / (FY2022 COGS + change in inventory between FY2021 and FY2022). Round your "
       "answer to two decimal places.")
CAGR = ("What is the 2 year total revenue CAGR from FY2016 to FY2018 (in units of percents and round to one decimal "
        "place) for Lydford Instruments?")


@pytest.mark.parametrize("question,gold,answer,credited", [
    # The named terms of a sum after the total: its inputs, not two more candidates.
    (EBITDA, "$1563.00", "Hensall Chemicals's FY2019 unadjusted EBITDA was $1,563 million (roughly $1.56 billion): "
     "operating income of $1,126 million plus depreciation and amortization of $437 million.", True),
    (EBITDA, "$1563.00", "Hensall Chemicals's FY2019 unadjusted EBITDA was $1,689 million (roughly $1.69 billion): "
     "operating income of $1,252 million plus depreciation and amortization of $437 million.", False),
    # A difference in words, then its result said twice, worked and rounded.
    (MARGIN, "2.4%", "The operating margin was 11.41% in FY2018 and 13.82% in FY2019. The change is 13.82% minus 11.41%, "
     "or an increase of 2.41 percentage points, which rounds to 2.4%.", True),
    (MARGIN, "2.4%", "The operating margin was 11.41% in FY2018 and 14.22% in FY2019. The change is 14.22% minus 11.41%, "
     "or an increase of 2.81 percentage points, which rounds to 2.8%.", False),
    # A step's result said with "gives", as with "=": the last one is what the answer arrives at.
    (DPO, "48.62", "Average accounts payable is $640 million and the denominator is $4,805 million. Multiplying 365 by "
     "$640 million gives 233,600, and dividing by 4,805 gives a DPO of 48.62 for FY2022.", True),
    (DPO, "48.62", "Average accounts payable is $640 million and the denominator is $4,730 million. Multiplying 365 by "
     "$640 million gives 233,600, and dividing by 4,730 gives a DPO of 49.39 for FY2022.", False),
    # After the sentence's own "so", only what it concludes counts.
    (CAGR, "5.8%", "Revenue rose from $2,140 million to $2,396 million, 11.96% in two years. Taking the square root of "
     "1.1196 gives 1.0581, so the compound annual growth rate is 5.81%, or 5.8% to one decimal place.", True),
    (CAGR, "5.8%", "Revenue rose from $2,140 million to $2,396 million, 11.96% in two years. Taking the square root of "
     "1.1196 gives 1.0581, so the compound annual growth rate is 6.0% after rounding up.", False),
    # A margin of error is no sum: the answer commits to no single value.
    (EBITDA, "$1563.00", "Hensall Chemicals's FY2019 unadjusted EBITDA was about $1,500 million plus or minus $100 "
     "million, depending on how depreciation is counted.", False),
])
def test_worded_computation(question: str, gold: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(question, gold, answer)
    assert (verdict.label == "correct") == credited, verdict.rationale
