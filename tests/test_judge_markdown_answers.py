"""Answers in a tool-using model's markdown: tables, bold lines, headings and "**Answer:**"
lines, and figures given first and worked out after, each read as a reviewer reads it.

- A markdown table's lines and headings are the answer's layout: never its verdict, and no
  pasted excerpt or keyword string where a sentence of prose stands beside them.
- A closing "**Answer:** ...", "Verdict: ...", "Either way ..." line is the verdict and the pick.
- A sentence in bold as a whole hands in its value; "which is" concludes only where a value
  follows it; "In millions, that is $X" puts the figure in the unit asked.
- A figure given first, in the question's words or nearly bare, and then worked out from the
  values after it, is the answer, unless the working ends in a result of its own.
- "$411 million (about $0.41 billion)" is one value, and "$33M ..., $347M ... and $31M" after
  it its breakdown, no rivals; "**$382 million** (381,603 thousand)" is no pasted row.
- A conclusion that shares only part of a compound asked about ("so it manages its capital
  spending efficiently" to "capital-intensive?") is no verdict; "No individual case is singled
  out" carries no verdict beside a "**Answer:** No.".
- A retrieval agent's citations ("(10-K pp. 39, 41)") are references, not values; "which
  leaves a 54% retention" is a step's result; an opening keyed as the answer ("**Figure:**")
  or said twice ("$8,738 million, or roughly $8.7 billion.") and worked out after as a sum,
  difference, ratio, total of components or mean of years is what the answer hands in.

Each reading has a right answer credited and its wrong twin refused."""
from __future__ import annotations

import pytest

from harness.judge.offline_judge import heuristic_verdict

LARGEST = ("What is the largest liability in Corvane Card's Balance Sheet in 2022?", "Customer deposits")
_LIABILITIES = ("#### Corvane Card liabilities at Dec 31, 2022 ($M)\n\n| Liability | Amount | % of total |\n|---|---|---|\n"
                "| **Customer deposits** | **110,239** | **54.1%** |\n| Long-term debt | 42,573 | 20.9% |\n"
                "| Other liabilities | 37,350 | 18.3% |\n\nThe largest liability is **{pick}**, at ${amount} billion.")
DIVIDEND = ("Has Tarn Resorts paid dividends to common shareholders in FY2022?",
            "Yes. Tarn maintained 0.01$ per share annual dividend through out FY 2022.")
_DIVIDENDS = ("| Period | Tarn common dividend policy |\n|---|---|\n| Q2 2020 | Annual dividend cut to $0.01/share |\n"
              "| Throughout 2022 | $0.01/share annual dividend maintained |\n\n{verdict}")
QUICK_MOVE = ("Has Korrin's quick ratio improved or declined between FY2023 and FY2022? If the quick ratio is not something that a "
              "financial analyst would ask about a company like this, then state that and explain why.",
              "The quick ratio has slightly improved from 0.67 times to 0.69 times between FY 2023 and FY 2022.(3.4% jump)")
_QUICK_TABLE = ("| $ millions (June 30) | FY2022 | FY2023 |\n|---|---|---|\n| Quick assets | 3,414 | 3,095 |\n"
                "| Total current liabilities | 5,103 | 4,476 |\n| **Quick ratio** | **0.67x** | **0.69x** |\n\n"
                "Korrin's quick ratio **{way} slightly**, {side} about 3.4% from 0.67x to 0.69x.")
RATIO = ("Considering the data in the balance sheet, what is Pellham's FY2016 working capital ratio? Define working capital ratio "
         "as total current assets divided by total current liabilities. Round your answer to two decimal places.", "1.73")
_RATIO_ROUTES = ("**As defined:** 1,001,425 / 577,464 = **1.73**\n\n**Alternative, excluding customer funds:** 957,851 / 533,890 "
                 "= 1.79\n\nThe question defines the ratio as total current assets over total current liabilities, so I'll use "
                 "the {which} figure. **Pellham's FY2016 working capital ratio is {value}.**")
EBITDA = ("Basing your judgments off of the cash flow statement and the income statement, what is Ridley Water's FY2021 "
          "unadjusted operating income + depreciation and amortization from the cash flow statement (unadjusted EBITDA) in USD "
          "millions?", "$1832.00")
_EBITDA_ROUTES = ("**Route 1**\n- EBITDA = 1,196 + 636 = **$1,832M**\n\n**Route 2**\n- Revenues $3,930M − O&M $1,777M − taxes "
                  "$321M = **$1,832M**\n\nEither way, FY2021 unadjusted EBITDA is **${value} million**. Both routes exclude the "
                  "$747M gain on a sale, which is below operating income.")
LESS_CAPEX = ("What is the FY2022 unadjusted EBITDA less capex for Brantford? Define unadjusted EBITDA as unadjusted operating "
              "income + depreciation and amortization [from cash flow statement]. Answer in USD millions.", "$9068.00")
_FIRST = ("Brantford's FY2022 unadjusted EBITDA less capex is **${value} million (≈ ${billions} billion)**. Operating profit of "
          "$11,512M plus D&A of $2,763M gives EBITDA of $14,275M, and capital spending of $5,207M is subtracted.")
RESTRUCTURING = ("What is the quantity of restructuring costs directly outlined in Brantford's income statements for FY2022? If "
                 "restructuring costs are not explicitly outlined then state 0.",
                 "Brantford's restructuring costs in FY2022 amounted to $411 million .")
_BREAKDOWN = ("Brantford recorded **${total} million (about ${billions} billion)** of restructuring and impairment charges in FY2022: "
              "${a}M in cost of sales, $347M in SG&A and $31M in other pension expense.")
CASH = ("Using the cash flow statement, how much did Pellham generate in cash flow from operating activities in FY2020? Answer "
        "in USD millions.", "$382.00")
_CASH_TABLE = ("| Pellham (in $ thousands) | FY2020 | FY2019 |\n|---|---|---|\n| Net cash provided by operating activities | 381,603 "
               "| 465,699 |\n| Net cash used in investing | (606,636) | 95,193 |\n\nFY2020 operating cash flow: **${value} million** "
               "({thousands} thousand).")
CASH_KIND = ("Among operations, investing, and financing activities, which brought in the most (or lost the least) cash flow for "
             "Tarn in FY2023?", "Among the three, cash flow from operations was the highest for Tarn in FY2023.")
_CASH_KINDS = ("- **Financing activities** used the most cash, −$7,447M, on buybacks and dividends.\n"
               "- **Investing activities** were positive, +$564M.\n- **Operating activities** produced +$5,841M.\n\n"
               "**Answer:** {pick} activities generated the most cash flow for Tarn in FY2023.")
SEGMENT = ("From FY21 to FY22, excluding Embedded, in which Corra reporting segment did sales proportionally increase the most?",
           "Data Center")
_SEGMENT_ROUTES = ("**Route 1 – proportional growth**\n- Data Center: 3,694 → 6,043 = +63.6%\n- Gaming: 5,607 → 6,805 = +21.4%\n\n"
                   "**Route 2 – dollar increase**\n- Data Center +2,349; Gaming +1,198\n\nEither way the answer is the same: "
                   "**{pick}**.")
INTENSIVE = ("Is Arkwell a capital-intensive business based on FY2022 data?",
             "No, the company is managing its CAPEX and Fixed Assets pretty efficiently, which is evident from below key metrics:\n"
             "CAPEX/Revenue Ratio: 5.1%\nFixed assets/Total Assets: 20%\nReturn on Assets= 12.4%")
_INTENSITY = ("| Metric | Value |\n|---|---|\n| Capex / Revenue | **5.1%** |\n| Net PP&E / Total assets | **19.8%** |\n"
              "| Return on assets | **12.4%** |\n\n**Verdict: {verdict}.** Arkwell {is_it} capital-intensive. Capex is about 5% of "
              "sales and ROA is in the low teens, so it manages its capital spending and fixed assets efficiently.")
LEGAL = ("Has Brantford reported any materially important ongoing legal battles from FY2022 and FY2021?",
         "No, Brantford is not involved in material legal battles.")
_LEGAL_WEIGHED = ("- **Having lawsuits.** Brantford has routine litigation, as any company of its size.\n- **What the filing "
                  "concludes.** Management expects no material adverse effect. No individual case is singled out or quantified, "
                  "in either FY2022 or FY2021.\n\n**Answer:** {verdict}")
NETFLIX = ("What is Pellham's year end FY2017 total current liabilities (in USD millions)? Base your judgments on the information "
           "provided primarily in the balance sheet.", "$5466.00")
_IN_MILLIONS = ("**Total current liabilities at December 31, 2017** (balance sheet, $ thousands)\n\nRoute 1, the reported subtotal: "
                "**5,466,312**\n\nRoute 2, the sum of the components:\n- Content liabilities 4,173,041\n- Other 1,293,271\n"
                "- Total = 5,466,312\n\nBoth routes agree. In millions, that is **${value} million**.")


@pytest.mark.parametrize("asked,answer,credited", [
    (LARGEST, _LIABILITIES.format(pick="customer deposits", amount="110.2"), True),
    (LARGEST, _LIABILITIES.format(pick="long-term debt", amount="42.6"), False),
    (DIVIDEND, _DIVIDENDS.format(verdict="**Yes.** Tarn did pay common dividends in FY2022, at a nominal $0.01 per share annual "
                                         "rate."), True),
    (DIVIDEND, _DIVIDENDS.format(verdict="**No.** Tarn did not pay common dividends in FY2022; the program was suspended."), False),
    (QUICK_MOVE, _QUICK_TABLE.format(way="improved", side="up"), True),
    (QUICK_MOVE, _QUICK_TABLE.format(way="declined", side="down"), False),
    (RATIO, _RATIO_ROUTES.format(which="first", value="1.73"), True),
    (RATIO, _RATIO_ROUTES.format(which="second", value="1.79"), False),
    (EBITDA, _EBITDA_ROUTES.format(value="1,832"), True),
    (EBITDA, _EBITDA_ROUTES.format(value="2,579").replace("$1,832M", "$2,579M"), False),
    (LESS_CAPEX, _FIRST.format(value="9,068", billions="9.07"), True),
    (LESS_CAPEX, _FIRST.format(value="9,247", billions="9.25"), False),
    (RESTRUCTURING, _BREAKDOWN.format(total="411", billions="0.41", a="33"), True),
    (RESTRUCTURING, _BREAKDOWN.format(total="380", billions="0.38", a="2"), False),
    (CASH, _CASH_TABLE.format(value="382", thousands="381,603"), True),
    (CASH, _CASH_TABLE.format(value="466", thousands="465,699"), False),
    (CASH_KIND, _CASH_KINDS.format(pick="Operating"), True),
    (CASH_KIND, _CASH_KINDS.format(pick="Financing"), False),
    (SEGMENT, _SEGMENT_ROUTES.format(pick="Data Center"), True),
    (SEGMENT, _SEGMENT_ROUTES.format(pick="Gaming"), False),
    (INTENSIVE, _INTENSITY.format(verdict="No", is_it="is not"), True),
    (INTENSIVE, _INTENSITY.format(verdict="Yes", is_it="is"), False),
    (LEGAL, _LEGAL_WEIGHED.format(verdict="No. Brantford has not reported any materially important ongoing legal battles."), True),
    (LEGAL, _LEGAL_WEIGHED.format(verdict="Yes. Brantford reports materially important ongoing legal battles."), False),
    (NETFLIX, _IN_MILLIONS.format(value="5,466"), True),
    (NETFLIX, _IN_MILLIONS.format(value="4,587"), False),
])
def test_a_markdown_answer_is_read_for_what_it_hands_in(asked: tuple[str, str], answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(*asked, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


@pytest.mark.parametrize("answer", [
    # The working ends in a result of its own: that, not the opening, is handed in.
    "Total current liabilities = $5,466 million.\nLess deferred revenue: $618 million.\nThat leaves $4,848 million.",
    "Total current liabilities = $5,466 million.\nMinus deferred revenue of $618 million gives $4,848 million.",
])
def test_a_figure_first_is_not_the_answer_when_the_working_ends_in_another(answer: str) -> None:
    assert heuristic_verdict(*NETFLIX, answer).label != "correct"


EBITDA_MARGIN = ("What is the FY2015 unadjusted EBITDA % margin for Pellham? Calculate unadjusted EBITDA using unadjusted operating "
                 "income and D&A (from cash flow statement).", "5.4%")
RETENTION = ("What is the retention ratio (using total cash dividends paid and net income attributable to shareholders) for "
             "Halden's FY2022? Round answer to two decimals.", "0.54")
PPE = ("Assume that you are a public equities analyst. Answer the following question by primarily using information that is "
       "shown in the balance sheet: what is the year end FY2018 net PPNE for Arkwell? Answer in USD billions.", "$8.70")
CURRENT_ASSETS = ("According to the details clearly outlined within the balance sheet, how much total current assets did Brevik "
                  "have at the end of FY2019? Answer in USD millions.", "$16525.00")
MARGIN_AVERAGE = ("What is the 3 year average net profit margin (as a %) for Tarn over FY2015 to FY2017? Round your answer to one "
                  "decimal place.", "2.8%")


@pytest.mark.parametrize("asked,answer,credited", [
    (EBITDA_MARGIN, "{m}. Pellham's FY2015 unadjusted EBITDA was about $368.1 million (operating income of $305.8 million plus "
                    "$62.3 million of D&A from the cash flow statement) on revenues of about $6.78 billion (10-K pp. 39, 41).", None),
    (RETENTION, "About 54%. Halden paid $1,244.5M of dividends against $2,707.3M of net earnings (pp. 44, 48), a payout of about "
                "46%, which leaves a 54% retention.", True),
    (RETENTION, "About 46%. Halden paid $1,244.5M of dividends against $2,707.3M of net earnings (pp. 44, 48), a retention of "
                "about 54%, which leaves a 46% payout.", False),
    (PPE, "$8,738 million, or roughly $8.7 billion. This is net PP&E at December 31, 2018 (10-K p. 57): gross PP&E of $24,873M "
          "less accumulated depreciation of $16,135M.", True),
    (PPE, "$24,873 million, or roughly $24.9 billion. This is PP&E at December 31, 2018 (10-K p. 57), before accumulated "
          "depreciation of $16,135M.", False),
    (CURRENT_ASSETS, "**Figure:** $16,525 million in total current assets at May 31, 2019.\n**Components:** cash $4,466M + "
                     "short-term investments $197M + receivables $4,272M + inventories $5,622M + other $1,968M.\n**Source:** "
                     "10-K, p. 53.", True),
    (CURRENT_ASSETS, "**Figure:** $15,134 million in total current assets at May 31, 2019.\n**Components:** cash $4,466M + "
                     "short-term investments $197M + receivables $4,272M + inventories $5,622M + other $1,968M.\n**Source:** "
                     "10-K, p. 53.", False),
    (MARGIN_AVERAGE, "About 0.028. Tarn kept roughly 2.8 cents of net profit per dollar of revenue: 0.0306 in FY2015, 0.0227 in "
                     "FY2016 and 0.0312 in FY2017 (p. 55).", True),
    (MARGIN_AVERAGE, "About 0.031. Tarn kept roughly 3.1 cents of net profit per dollar of revenue: 0.0306 in FY2015, 0.0227 in "
                     "FY2016 and 0.0312 in FY2017 (p. 55).", False),
    (LESS_CAPEX, "Brantford's FY2022 unadjusted EBITDA less capex is about $9.07 billion ($9.068bn). That is operating profit of "
                 "$11.512bn plus D&A of $2.763bn, which gives EBITDA of $14.275bn, minus capital spending of $5.207bn.", True),
    (LESS_CAPEX, "Brantford's FY2022 unadjusted EBITDA less capex is about $14.28 billion ($14.275bn). That is operating profit of "
                 "$11.512bn plus D&A of $2.763bn.", False),
])
def test_an_agent_s_cited_answer_is_read_for_what_it_hands_in(asked: tuple[str, str], answer: str, credited: bool | None) -> None:
    if credited is None:  # one answer, its right figure and a wrong one in its place
        assert heuristic_verdict(*asked, answer.format(m="0.054")).label == "correct"
        assert heuristic_verdict(*asked, answer.format(m="0.045")).label != "correct"
        return
    verdict = heuristic_verdict(*asked, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale
