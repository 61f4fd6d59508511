"""The same answer, worded another way, gets the same verdict. Real answers people labelled,
rewritten with their content kept (the answer first or last, as bullets, in another model's
voice, in short sentences), showed readings that held for one wording only:

- "Block (formerly Square) generated $381.6 million": a former name dates no value.
- "the balance sheet, which is in thousands, shows $302,578": the label's scale is the figure's.
- "$24,576 million / $7,110.5 million, gives 3.45": the equals sign in words shows the
  arithmetic, which works out to the gold though its last rounding slipped.
- "Gross margin is not a useful metric for Halden:" then bullets: a lead-in that denies the
  use is the denial.
- "Its acquisitions came in FY2023; the evidence mentions none in FY2022": the answer opens
  with its answer, and declines a part after it.
- "the Xilinx acquisition could affect operating margins": a possible driver, not a finding.
- "Las Vegas Strip Resorts, by contrast, grew revenue 77%": another named subject's movement
  reverses nothing of the gold's.
- "as an AI, I don't have real-time data access" told after the answer: an answer from
  memory, wherever it says so.

Each reading has a right answer credited and its wrong twin refused."""
from __future__ import annotations

import pytest

from harness.judge.offline_judge import heuristic_verdict

OPERATING_CASH = ("Using the cash flow statement, how much did Quarry (formerly known as Tess) generate in cash flow from "
                  "operating activities in FY2020? Answer in USD millions.", "382")
PAYABLE = ("Basing your judgments off of the balance sheet, what is the year end FY2018 amount of accounts payable for Solano "
           "Resorts? Answer in USD millions.", "303")
TURNOVER = ("What is the FY2021 inventory turnover ratio for Ferrow? Inventory turnover ratio is defined as: (FY2021 COGS) / "
            "(average inventory between FY2020 and FY2021). Round your answer to two decimal places.", "3.46")
GROSS_MARGIN = ("What drove gross margin change as of the FY2022 for Halden Card? If gross margin is not a useful metric for a "
                "company like this, then please state that and explain why.", "Performance is not measured through gross margin")
ACQUISITIONS = ("What are major acquisitions that Corvane has done in FY2023, FY2022 and FY2021?",
                "Corvane completed these acquisitions during FY2023: a flexibles manufacturer in the Czech Republic, a medical "
                "device packaging site in Shanghai, China, and a New Zealand-based maker of protein packaging machines.")
OPERATING_MARGIN = ("What drove operating margin change as of the FY22 for Corra? If operating margin is not a useful metric for a "
                    "company like this, then please state that and explain why.",
                    "The decrease in Corra's operating income was primarily driven by amortization of intangible assets associated "
                    "with the Xylo acquisition")
WORST_REGION = ("Which region had the worst topline performance for Solano during FY2022?",
                "Solano Macau experienced the worst topline performance amongst the other regions presented. Its revenue declined "
                "44% in FY2022 whereas the other regions presented increased their revenues.")
REVENUE_DRIVERS = ("What drove revenue change as of the FY22 for Corra?",
                   "In 2022, Corra reported higher sales of their Vela server processors, higher semi-custom product sales, and "
                   "the inclusion of Xylo embedded product sales")


@pytest.mark.parametrize("asked,answer,credited", [
    (OPERATING_CASH, "Quarry (formerly Tess) generated $381,603,000 of cash flow from operating activities in FY2020.", True),
    (OPERATING_CASH, "Quarry, formerly Tess, produced $381.6 million of cash from operations in FY2020.", True),
    (OPERATING_CASH, "Quarry (formerly Tess) generated $365,120,000 of cash flow from operating activities in FY2020.", False),
    # A value told as the past still is one: "formerly $382 million", then the figure now.
    (OPERATING_CASH, "Operating cash flow was formerly $381.6 million; it is now restated to $365.1 million for FY2020.", False),
])
def test_a_former_name_dates_no_value(asked: tuple[str, str], answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(*asked, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


_PAYABLE = ("Solano's accounts payable at year-end FY2018 (December 31, 2018) was {millions}: the balance sheet, which is {scale}, shows {figure}, "
            "i.e. {dollars}.")


@pytest.mark.parametrize("answer,credited", [
    (_PAYABLE.format(millions="$302.578 million", scale="in thousands", figure="$302,578", dollars="$302,578,000"), True),
    (_PAYABLE.format(millions="$311.041 million", scale="in thousands", figure="$311,041", dollars="$311,041,000"), False),
    # The same figure said to be in millions is another value: $302,578 million.
    ("Solano's accounts payable at year-end FY2018: the balance sheet, which is in millions, shows $302,578.", False),
])
def test_a_scale_label_before_a_figure_is_its_scale(answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(*PAYABLE, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


_TURNOVER = ("FY2021 COGS was $24,576 million. Average inventory was ($7,367 million + $6,854 million) / 2 = $7,110.5 million. "
             "Dividing COGS by average inventory, {computation}, gives {result} when rounded to two decimal places. So, Ferrow's "
             "FY2021 inventory turnover ratio is {result}.")


@pytest.mark.parametrize("computation,result,credited", [
    ("$24,576 million / $7,110.5 million", "3.45", True),
    # Its own arithmetic gives 3.34, far from the gold: no slip of rounding.
    ("$24,576 million / $7,367 million", "3.34", False),
    # The right inputs, and a result its arithmetic does not give.
    ("$24,576 million / $7,110.5 million", "3.43", False),
])
def test_a_computation_that_gives_its_result_in_words(computation: str, result: str, credited: bool) -> None:
    verdict = heuristic_verdict(*TURNOVER, _TURNOVER.format(computation=computation, result=result))
    assert (verdict.label == "correct") is credited, verdict.rationale


_GROSS_MARGIN = ("Gross margin is {use} metric for a company like Halden Card:\n"
                 "- Halden Card is a financial services company, while gross margin is typically used for companies that sell "
                 "goods.\n"
                 "- Its main costs relate to providing services, such as the cost of extending credit to cardholders.\n"
                 "- More relevant metrics are net interest income and provisions for credit losses.")


@pytest.mark.parametrize("use,credited", [("not a useful", True), ("a useful", False)])
def test_a_lead_in_that_denies_the_use_is_the_denial(use: str, credited: bool) -> None:
    verdict = heuristic_verdict(*GROSS_MARGIN, _GROSS_MARGIN.format(use=use))
    assert (verdict.label == "correct") is credited, verdict.rationale


_ACQUISITIONS = ("{opening}\n\nFY2023:\n1. August 1, 2022: a Czech Republic company running a flexible packaging plant, for $59 "
                 "million.\n2. March 17, 2023: a medical device packaging manufacturing site in Shanghai, China, for $60 million.\n"
                 "3. May 31, 2023: a New Zealand-based maker of automated protein packaging machines, for $45 million.")


@pytest.mark.parametrize("opening,label", [
    ("Corvane's major acquisitions came in FY2023, when it bought three businesses; the provided evidence mentions no specific "
     "acquisition in FY2022 and contains no information on FY2021 acquisitions.", "correct"),
    # Declined first, then the clause after the semicolon: the answer opens by declining.
    ("The provided evidence contains no information on Corvane's acquisitions in any year; what follows is general background.",
     "refusal"),
])
def test_an_answer_that_opens_with_its_answer_declines_only_a_part(opening: str, label: str) -> None:
    verdict = heuristic_verdict(*ACQUISITIONS, _ACQUISITIONS.format(opening=opening))
    assert verdict.label == label, verdict.rationale


_POSSIBLE_DRIVERS = ("For fiscal year 2022, the factors behind Corra's operating margin change are:\n"
                     "1. Revenue growth: strong demand for its processors brought substantial revenue growth.\n"
                     "2. Cost management: how well Corra manages R&D and SG&A expenses affects operating margins.\n"
                     "3. Acquisitions: the Xylo acquisition, completed in early 2022, {effect} operating income through "
                     "integration costs.")


@pytest.mark.parametrize("effect,credited", [
    ("could affect", False),
    ("may impact", False),
    # A finding, in the gold's words: the amortization of its intangible assets drove the decrease.
    ("decreased operating income, primarily driven by amortization of intangible assets associated with", True),
])
def test_a_possible_driver_is_no_finding(effect: str, credited: bool) -> None:
    answer = _POSSIBLE_DRIVERS.format(effect=effect)
    if credited:
        answer = ("The decrease in Corra's operating income was primarily driven by amortization of intangible assets associated "
                  "with the Xylo acquisition, completed in early 2022.")
    verdict = heuristic_verdict(*OPERATING_MARGIN, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


_WORST_REGION = ("Solano Macau looks like the weakest segment by topline in FY2022, according to the filing. Its revenue was $673 "
                 "million, {move} 44 percent from $1.21 billion in FY2021. Las Vegas Strip Resorts, by contrast, grew revenue 77 "
                 "percent to $8.4 billion. Regional Operations grew 12 percent to $3.82 billion. So the 44 percent {change} makes "
                 "Solano Macau the worst performer among Solano's segments in FY2022.")


@pytest.mark.parametrize("answer,credited", [
    (_WORST_REGION.format(move="down", change="drop"), True),
    # The gold's own subject's revenue moved the other way.
    ("Solano Macau had the worst topline performance in FY2022 even though its revenue grew 44 percent, to $673 million.", False),
])
def test_another_named_subjects_movement_reverses_nothing(answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(*WORST_REGION, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


_FROM_MEMORY = ("Corra's revenue change was primarily driven by higher sales of its Vela server processors, higher semi-custom "
                "product sales, and the inclusion of Xylo embedded product sales.{aside}")


@pytest.mark.parametrize("aside,credited", [
    ("", True),
    (" I should point out that, as an AI, I don't have real-time data access, so this reflects information available up to "
     "2021. I hope this helps!", False),
])
def test_an_answer_from_memory_is_no_finding_wherever_it_says_so(aside: str, credited: bool) -> None:
    verdict = heuristic_verdict(*REVENUE_DRIVERS, _FROM_MEMORY.format(aside=aside))
    assert (verdict.label == "correct") is credited, verdict.rationale
