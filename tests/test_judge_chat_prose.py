"""Answers as 2023's chat models wrote them: context first ("Based on the information provided
in the 10-K, ..."), the answer in the second paragraph, then more than was asked. Read for the
answer, as a reviewer reads them.

- After an opening of context that ranks nothing, the sentence that ranks the way the question
  asks ("The largest liability was customer deposits") is the verdict; a pick ranked so
  against the gold's is a wrong pick, whatever else the answer names. A pronoun ("It was the
  best-performing ..."), a heading that asks, or a group ranked ("its ten largest customers")
  is no such sentence.
- "The question asks which segment ..." says the question again and claims nothing.
- A value the answer calls a ratio ("a current ratio of about 2.1") is no amount in millions.
- The asked figure in the question's words, then figures of other things, hands in the first.
- "Net income was $213.1 million, so operating cash flow exceeded earnings" infers from its
  value and hands in none.
- "On the specific question, ..." is where the answer gives its answer.
- "ROA" and "return on assets" are one place for a figure.
- A change with no item of its own is of the item its sentence names before it ("did not
  increase its debt; it decreased by $2.5 billion").
- A question that only compares ("more votes against than the others?") is answered by
  comparison, not by states ("it often reflects concerns").
- Two clauses calling different options of three the winner pick none of them; a clause whose
  winner is not an option ("maturities of short-term investments exceeded purchases") picks
  nothing.
- A step's "gives" or "leaving" concludes only before a value of the kind asked ("..., leaving
  net working capital of $424 million" to a ratio; "(... = 1.914%) gives the same rounded
  result").
- An opening that ranks below the top ("the second largest") ranks nothing asked.
- "In summary," or "Taken together," opening a sentence is no name padding a list.
- A share at the words that set the gold's item apart from the whole ("employee costs ...
  roughly 87% of the balance") is the gold's; another share there is its rival.
- An answer that opens with its account item by item ("1. Short-term portion: ... rose")
  states its movement where it closes ("Conclusion: No - ... lowered its debt").
- "Costco had total assets of $59,268 million" states a value of the asked item, before the
  figures of other things after it.
- "reports the figure in thousands as $302,578" is in thousands: the same value as "$303
  million", no second one.
- "about 4.27% in FY2019 and 4.08% in FY2018, a change of +0.2 percentage points" gives two
  levels, each tied to its year, and the change asked.

Each reading has a right answer credited and its wrong twin refused."""
from __future__ import annotations

import pytest

from harness.judge.offline_judge import heuristic_verdict

LIABILITY = ("What was the largest liability in Corvane Financial's Balance Sheet in 2022?", "Customer deposits")
SEGMENT = ("From FY21 to FY22, excluding Embedded, in which Corra reporting segment did sales proportionally increase the most?",
           "Data Center")
REGION = ("Which region had the Highest EBITDAR Contribution for Solano Resorts during FY2022?",
          "Las Vegas resorts contributed ~90% of company level EBITDAR during FY2022.")
CURRENT_ASSETS = ("According to the details clearly outlined within the balance sheet, how much total current assets did Ferrow "
                  "have at the end of FY2019? Answer in USD millions.", "$16525.00")
OPERATING_CASH = ("Using the cash flow statement, answer the following question to the best of your abilities: how much did Quarry "
                  "generate in cash flow from operating activities in FY2020? Answer in USD millions.", "$382.00")
PROCEEDS = ("What is the amount of the cash proceeds that Halden realised from the separation of its Consumer unit, as of "
            "August 30, 2023?", "Halden realised $13.2 billion in cash proceeds from the separation of the Consumer unit.")
INTENSIVE = ("Is Pellam Health a capital-intensive business based on FY2022 data?",
             "Yes, Pellam Health requires an extensive asset base to operate, which is evident from its ROA of only 1.82% in 2022 "
             "and 3.39% in 2021, though it should be noted that a significant portion of this asset base is goodwill, and "
             "Pellam's fixed assets/total assets ratio is on the lower side of 5.6%.")
DEBT = ("Has Voreal increased its debt on balance sheet between FY2023 and the FY2022 period?",
        "No. Voreal decreased its debt by $2.5bn in FY 2023 vs FY 2022.")
VOTES = ("Were there any board member nominees who had substantially more votes against joining than the other nominees?",
         "Yes, his name is Daniel P. Morrow")
CASH_FLOWS = ("Among operations, investing, and financing activities, which brought in the most (or lost the least) cash flow for "
              "Tarsus in FY2023?", "Among the three, cash flow from operations was the highest for Tarsus in FY2023.")

_LIABILITY = ("Based on the information provided in Corvane's 2022 consolidated balance sheet, total liabilities were $203,643 "
              "million at December 31, 2022, up from $166,371 million in 2021. The liability lines include accounts payable of "
              "$12,133 million, long-term debt of $42,573 million and other liabilities of $37,350 million.\n\n"
              "The largest liability was {pick}. {other}\n\nIt's important to note that balance sheet composition can shift with "
              "funding strategy. Please consult the full filing for further detail.")
_SEGMENT = ("Based on the information provided in Corra's FY22 10-K, the question asks which reporting segment, excluding "
            "Embedded, had the largest proportional sales increase from FY21 to FY22. Corra reports four segments (Data Center, "
            "Client, Gaming and Embedded), and total net revenue climbed to $23,601 million from $16,434 million.\n\n"
            "According to the segment table, the {pick} segment had the largest proportional increase: {growth}. Client "
            "declined about 10%.")
_REGION = ("According to Solano's fourth-quarter 2022 earnings release, company-level Adjusted EBITDAR for 2022 was about $3.50 "
           "billion. Reading the segment table, Solano Macau was negative and corporate expense reduced the total further.\n\n"
           "The region with the highest contribution was {pick}. It's important to note that EBITDAR is a non-GAAP measure.")
_CURRENT_ASSETS = ("Based on the information provided in Ferrow's FY2019 10-K, at May 31, 2019 Ferrow reported cash and equivalents "
                   "of $4,466 million and inventories of $5,622 million.\n\nAccording to the consolidated balance sheet, Ferrow's "
                   "total current assets at the end of FY2019 were {value}, up from {before}. Against total current "
                   "liabilities of $7,866 million, that gives a current ratio of about 2.1. Total assets were $23,717 million.")
_OPERATING_CASH = ("Quarry's statement of cash flows (in thousands) reports net cash provided by operating activities for 2020, "
                   "2019 and 2018.\n\nTherefore, Quarry generated approximately {value} in cash flow from operating activities "
                   "in FY2020. Net income for 2020 was $213.1 million, so operating cash flow exceeded reported earnings.")
_PROCEEDS = ("Based on the information provided in Halden's 8-K dated August 30, 2023, the company completed the separation of "
             "its Consumer unit through an exchange offer. As a result, Halden reduced its share count by about 191 million shares "
             "and expects a gain of about $20 billion in the third quarter.\n\nOn the specific question, Halden secured {value} "
             "in cash proceeds from the unit's debt offering and initial public offering.\n\nIt's important to note that the "
             "approximately $20 billion gain is an accounting gain, separate from the cash proceeds.")
_INTENSIVE = ("Yes. On FY2022 data Pellam Health looks capital-intensive in the sense that it needs a very large asset base to "
              "generate its earnings. Return on assets was only about {now} in 2022, {way} from about {then} in 2021.\n\n"
              "Much of the asset base is goodwill, and property and equipment is about 5.6% of total assets.\n\n"
              "In summary, yes: Pellam requires an extensive asset base (ROA of about {now_r} in 2022 and {then_r} in 2021), "
              "although most of it is goodwill and its fixed-asset ratio is only about 5.6%.")
_DEBT = ("No. Voreal's on-balance-sheet debt went down between FY2022 and FY2023.\n\nMore of the debt is now short-dated: the "
         "current portion rose from $2.7 billion to $5.2 billion, while long-term debt fell by about $5.0 billion. Cash and "
         "short-term investments grew to $111.3 billion.\n\nIn summary, Voreal did not increase its debt; it decreased by "
         "roughly {value} year over year.")
_VOTES = ("Yes. {name} drew far more opposition than any other nominee, with 16,105,005 votes against versus 54,484,293 for. "
          "The next-highest 'against' total was 6,074,467.\n\nAgainst votes equal to about 23% of the votes cast for and against "
          "him is a level that governance analysts typically flag, and it often reflects concerns such as board tenure.\n\n"
          "In short: yes, {name} stood out.")
_CASH_FLOWS = ("Among the three categories, {pick} activities brought in the most cash for Tarsus in FY2023: cash provided by "
               "operations was $5,841 million, compared with $564 million provided by investing activities and $7,447 million "
               "used in financing activities.\n\nInvesting activities turned positive largely because maturities and sales of "
               "short-term investments exceeded purchases.\n\nIn short, {pick} activities generated the most cash flow for "
               "Tarsus in FY2023.")


@pytest.mark.parametrize("asked,answer,credited", [
    (LIABILITY, _LIABILITY.format(pick="customer deposits, at $110,239 million", other="That is about 54% of total liabilities."),
     True),
    (LIABILITY, _LIABILITY.format(pick="long-term debt, at $42,573 million", other="Customer deposits were $110,239 million."),
     False),
    (SEGMENT, _SEGMENT.format(pick="Data Center", growth="revenue rose about 64%, while Gaming grew about 21%"), True),
    (SEGMENT, _SEGMENT.format(pick="Gaming", growth="revenue rose about 21%, while Data Center grew about 14%"), False),
    (REGION, _REGION.format(pick="the Las Vegas Strip resorts, with about $3.14 billion, roughly 90% of the total"), True),
    (REGION, _REGION.format(pick="Regional Operations, with about $1.29 billion, ahead of the Las Vegas Strip resorts"), False),
])
def test_a_ranking_after_context_is_the_verdict(asked: tuple[str, str], answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(*asked, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


@pytest.mark.parametrize("asked,answer,credited", [
    (CURRENT_ASSETS, _CURRENT_ASSETS.format(value="$16,525 million", before="$15,134 million at May 31, 2018"), True),
    (CURRENT_ASSETS, _CURRENT_ASSETS.format(value="$15,134 million", before="$14,010 million at May 31, 2018"), False),
    (OPERATING_CASH, _OPERATING_CASH.format(value="$382 million ($381,603 thousand)"), True),
    (OPERATING_CASH, _OPERATING_CASH.format(value="$466 million ($465,699 thousand)"), False),
    (PROCEEDS, _PROCEEDS.format(value="$13.2 billion"), True),
    (PROCEEDS, _PROCEEDS.format(value="$11.4 billion"), False),
])
def test_the_answer_is_handed_in_before_the_figures_beside_it(asked: tuple[str, str], answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(*asked, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


@pytest.mark.parametrize("asked,answer,credited", [
    (INTENSIVE, _INTENSIVE.format(now="1.82%", way="down", then="3.39%", now_r="1.8%", then_r="3.4%"), True),
    (INTENSIVE, _INTENSIVE.format(now="3.39%", way="up", then="1.82%", now_r="3.4%", then_r="1.8%"), False),
    (DEBT, _DEBT.format(value="$2.5 billion"), True),
    (DEBT, _DEBT.format(value="$5.0 billion"), False),
    (VOTES, _VOTES.format(name="Daniel P. Morrow"), True),
    (VOTES, _VOTES.format(name="Karen J. Lowe"), False),
    (CASH_FLOWS, _CASH_FLOWS.format(pick="operating"), True),
    (CASH_FLOWS, _CASH_FLOWS.format(pick="financing"), False),
])
def test_a_figure_or_pick_is_read_in_its_own_place(asked: tuple[str, str], answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(*asked, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


def test_two_options_of_three_each_called_the_winner_pick_none() -> None:
    answer = ("Operating activities brought in the most cash for Tarsus in FY2023, at $5,841 million. Financing activities "
              "brought in more cash than operations, as the company issued new notes.")
    assert heuristic_verdict(*CASH_FLOWS, answer).label != "correct"


RATIO = ("Considering the data in the balance sheet, what is Quarry's FY2016 working capital ratio? Define working capital "
         "ratio as total current assets divided by total current liabilities. Round your answer to two decimal places.", "1.73")
AVERAGE = ("What is the FY2017 - FY2019 3 year average of capex as a % of revenue for Halden Games? Answer in units of percents "
           "and round to one decimal place.", "1.9%")
SWAPS = ("Among all of the derivative instruments that Voreal used to manage the exposure to fluctuations of foreign currencies "
         "exchange rates or interest rates, which one had the highest notional value in FY 2021?",
         "Cross currency swaps. Its notional value was $32,502 million.")
ACQUIRED = ("What are three main companies acquired by Tamsin mentioned in this 10K report?", "Trillium, Array, and Therachon")
RESTRUCTURING = ("What is the nature & purpose of Corvane's restructuring liability as of Q2 of FY2023 close?",
                 "87% of the total restructuring liability is related Employee liabilities.")

_RATIO = ("Working capital ratio = 1,001,425 / 577,464 = 1.7342\n\nRounded to two decimal places, Quarry's FY2016 working "
          "capital ratio is {value}. Current assets covered current liabilities about 1.7 times, leaving net working capital of "
          "roughly $424 million.")
_AVERAGE = ("FY2017: 155 / 7,017 = 2.2089%\nFY2018: 131 / 7,500 = 1.7467%\nFY2019: 116 / 6,489 = 1.7876%\n\nThe three-year "
            "average of capex as a percentage of revenue is therefore about {value}. A pooled check ({pooled}) gives the same "
            "rounded result.")
_SWAPS = ("Voreal lists the notional amounts of its derivatives at December 31, 2021:\n\n1. Cross currency swaps: $32,502 "
          "million.\n\n2. Interest rate swaps: $19,779 million, the second largest, used to manage fixed versus floating rate "
          "exposure.\n\n3. Foreign exchange forwards: $932 million.\n\nConclusion: {pick} had the highest notional value in "
          "FY2021.")
_ACQUIRED = ("Here are the key points about the companies Tamsin acquired:\n\n- Trillium was a clinical stage immuno-oncology "
             "company.\n- Array and Therachon were acquired in July 2019.\n- Taken together, the three main acquired companies "
             "mentioned are Trillium, Array and {third}.\n\nIn summary, the three main companies acquired by Tamsin are "
             "Trillium, Array and {third}.")
_RESTRUCTURING = ("1. Total balance: At {date}, Corvane's accrued restructuring obligation amounted to {total}.\n\n"
                  "2. Workforce-related portion: The largest bucket is employee costs of $81 million - roughly {share} of the "
                  "balance.\n\n3. Remaining items: Other restructuring costs account for {rest}.")
_DEBT_ITEMS = ("1. Short-term portion: The current portion of long-term debt rose to $5,247 million from $2,749 million.\n\n"
               "2. Long-dated portion: Non-current long-term debt declined to $41,990 million from $47,032 million.\n\n"
               "3. Net movement: That is a reduction of roughly $2.5 billion.\n\nConclusion: {verdict}")


@pytest.mark.parametrize("asked,answer,credited", [
    (RATIO, _RATIO.format(value="1.73"), True),
    (RATIO, _RATIO.format(value="1.77"), False),
    (AVERAGE, _AVERAGE.format(value="1.91%, which rounds to 1.9%", pooled="402 of capex over 21,006 of revenue = 1.914%"), True),
    (AVERAGE, _AVERAGE.format(value="2.21%, which rounds to 2.2%", pooled="155 of capex over 7,017 of revenue = 2.209%"), False),
    (SWAPS, _SWAPS.format(pick="Cross currency swaps"), True),
    (SWAPS, _SWAPS.format(pick="Interest rate swaps"), False),
    (ACQUIRED, _ACQUIRED.format(third="Therachon"), True),
    (ACQUIRED, _ACQUIRED.format(third="Therachon, Hospira and Medivation"), False),
    (RESTRUCTURING, _RESTRUCTURING.format(date="December 31, 2022", total="$93 million", share="87%",
                                          rest="$10 million, around 11%"), True),
    (RESTRUCTURING, _RESTRUCTURING.format(date="June 30, 2022", total="$118 million", share="69%",
                                          rest="$37 million, around 31%"), False),
    (DEBT, _DEBT_ITEMS.format(verdict="No - Voreal lowered, rather than raised, its balance-sheet debt, by about $2.5 billion."),
     True),
    (DEBT, _DEBT_ITEMS.format(verdict="Yes - Voreal raised its short-term debt, so its debt went up."), False),
])
def test_a_list_or_a_step_is_read_for_what_it_hands_in(asked: tuple[str, str], answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(*asked, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


def test_a_ranking_after_context_that_names_another_is_a_wrong_pick() -> None:
    answer = ("Based on the information provided in Corvane's 2022 consolidated balance sheet, total liabilities were $203,643 "
              "million. Customer deposits of $110,239 million represent funding gathered through its banking operations.\n\n"
              "The largest liability was long-term debt, at $42,573 million.")
    assert heuristic_verdict(*LIABILITY, answer).label != "correct"


TOTAL_ASSETS = ("Using only the information within the balance sheet, how much total assets did Larkfield have at the end of "
                "FY2021? Answer in USD millions.", "$59268.00")
PAYABLE = ("What is the FY2018 accounts payable for Solano Resorts? Answer in USD millions.", "$303.00")
MARGIN_CHANGE = ("What is the FY2018 - FY2019 change in unadjusted operating income % margin for Tarsus? Answer in units of "
                 "percents and round to one decimal place.", "0.2%")

_TOTAL_ASSETS = ("According to its balance sheet, Larkfield had total assets of {value}, at the end of fiscal 2021. That compares "
                 "with $55,556 million a year earlier.\n\nThe increase of roughly $3.7 billion came mainly from higher "
                 "merchandise inventories and more property and equipment.")
_PAYABLE = ("Solano ended FY2018 with accounts payable of roughly {rounded}. The balance sheet reports the figure in thousands "
            "as {thousands}, which rounds to {rounded}.")
_MARGIN_CHANGE = ("Tarsus's statements of income show operating income of $21,957 million on revenues of $514,405 million in "
                  "FY2019.\n\nThe operating margin was therefore about 4.27% in FY2019 and 4.08% in FY2018, a change of "
                  "{change} percentage points.")


@pytest.mark.parametrize("asked,answer,credited", [
    (TOTAL_ASSETS, _TOTAL_ASSETS.format(value="$59,268 million, about $59.3 billion"), True),
    (TOTAL_ASSETS, _TOTAL_ASSETS.format(value="$55,556 million, about $55.6 billion"), False),
    (PAYABLE, _PAYABLE.format(rounded="$303 million", thousands="$302,578"), True),
    (PAYABLE, _PAYABLE.format(rounded="$311 million", thousands="$311,041"), False),
    (MARGIN_CHANGE, _MARGIN_CHANGE.format(change="+0.2"), True),
    (MARGIN_CHANGE, _MARGIN_CHANGE.format(change="+0.4"), False),
])
def test_a_value_is_read_with_its_item_its_scale_and_its_year(asked: tuple[str, str], answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(*asked, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale
