"""Forms FinanceBench's models answer in, each read as a reviewer reads it.

- An acronym, then in brackets what it covers ("APAC (Asia Pacific, Australia and New
  Zealand)"), names no other regions beside the gold's.
- "needs some improvement" says the asked state ("healthy") is not reached: a no.
- A conclusion that says its own yes or no ("..., but on the metric itself the answer is no")
  concludes that, whatever its other words.
- The terms a bracket works a figure out of ("0.96x ((15,754 − 5,280) / 10,936)") are its
  working, not a list of values beside it; "which averages to 1.9%" concludes a computation.
- A value of the other sign only near the gold in size ("current assets of $1,554 million"
  for working capital of -$1,561 million) is another figure, no slip of sign.
- The date a fiscal period ends on, in brackets after it ("Q2 FY2023 (July 30, 2022)"), is
  that period's, not a calendar year of its own.
- What a sentence sets beside its subject ("..., while no other nominee had more than 6.1
  million") is no statement about the subject.
- A value set apart from what is asked ("a separate 'construction payable' line ($311.8
  million), which is not part of accounts payable") is no answer to it.
- A denial of deals in another year ("does not report any acquisitions for FY2022") does not
  undo the gold's deals of FY2023.
- A ratio to the decimals asked and the same figure as a percent ("about 0.01 ..., which is
  roughly 1.4%") are one figure at two precisions.

Each reading has a right answer credited and its wrong twin refused."""
from __future__ import annotations

import pytest

from harness.judge.offline_judge import heuristic_verdict

REGIONS = ("What are the geographies that Corvane Card primarily operates in as of 2022?", "United States, EMEA, APAC, and LACC")
QUICK = ("Does Arkwell have a reasonably healthy liquidity profile based on its quick ratio for Q2 of FY2023? If the quick ratio "
         "is not relevant to measure liquidity, please state that and explain why.",
         "No. The quick ratio for Arkwell was 0.96 by Jun'23 close, which needs a bit of an improvement to touch the 1x mark")
WORKING = ("Does Ridley Water have positive working capital based on FY2022 data? If working capital is not a useful or relevant "
           "metric for this company, then please state that and explain why.",
           "No, Ridley Water had negative working capital of -$1561M in FY 2022.")
CAPEX = ("What is the FY2017 - FY2019 3 year average of capex as a % of revenue for Pellham Games? Answer in units of percents "
         "and round to one decimal place.", "1.9%")
STORES = ("Was there any change in the number of Pellham Stores stores between Q2 of FY2024 and FY2023?",
          "Yes, there is decline in number stores by 1.32% from 982 stores in Q2 FY 2023 to 969 by the end of Q2 FY2024.")
VOTES = ("Were there any board member nominees who had substantially more votes against joining than the other nominees?",
         "Yes, his name is Richard A. Johnson")
PAYABLE = ("Basing your judgments off of the balance sheet, what is the year end FY2018 amount of accounts payable for Tarn "
           "Resorts? Answer in USD millions.", "$303.00")
DEALS = ("What are major acquisitions that Korrin Packaging has done in FY2023, FY2022 and FY2021?",
         "Korrin completed these acquisitions during FY2023:\n-100% equity interest of a flexibles manufacturing company in the "
         "Czech Republic\n- 100% equity interest in a medical device packaging manufacturing site in Shanghai, China.")
ROA = ("What is the FY2017 return on assets (ROA) for Brevik Foods? ROA is defined as: FY2017 net income / (average total "
       "assets between FY2016 and FY2017). Round your answer to two decimal places.", "0.01")


@pytest.mark.parametrize("asked,answer,credited", [
    (REGIONS, "As of 2022, Corvane primarily operates in four geographic regions: the United States; EMEA (Europe, the Middle "
              "East and Africa); APAC (Asia Pacific, Australia and New Zealand); and LACC (Latin America, Canada and the Caribbean).", True),
    (REGIONS, "As of 2022, Corvane primarily operates in the United States, EMEA (Europe, the Middle East and Africa) and Japan.", False),
    (QUICK, "No. Arkwell's quick ratio at June 30, 2023 was about 0.96x ((15,754 − 5,280) / 10,936), slightly below the 1.0x "
            "level generally considered healthy, so its liquidity on this measure needs some improvement.", True),
    (QUICK, "No. Arkwell's quick ratio at June 30, 2023 was about 0.85x ((15,754 − 6,420) / 10,936), below the 1.0x level, so "
            "its liquidity on this measure needs some improvement.", False),
    (WORKING, "Working capital = $1,250M − $2,811M = −$1,561 million. So Ridley Water does not have positive working capital. "
              "So the deficit does not necessarily signal liquidity stress, but on the metric itself the answer is no.", True),
    (WORKING, "Working capital = $1,250M − $2,811M = −$1,561 million. So Ridley Water does not have positive working capital. "
              "So the deficit does not necessarily signal liquidity stress, but on the metric itself the answer is yes.", False),
    (WORKING, "No, Ridley Water does not have positive working capital. Total current assets were $1,554 million and total "
              "current liabilities were $2,141 million, giving negative working capital of −$587 million.", False),
    (CAPEX, "1.9%. Capex was $155M, $131M and $116M against revenues of $7,017M, $7,500M and $6,489M for FY2017–FY2019 (2.2%, "
            "1.7% and 1.8%), which averages to about 1.9%.", True),
    (CAPEX, "Capex was $155M, $131M and $116M against revenues of $7,017M, $7,500M and $6,489M for FY2017–FY2019 (2.2%, 2.4% "
            "and 1.8%), which averages to about 2.1%.", False),
    (STORES, "- At the end of Q2 FY2023 (July 30, 2022), Pellham operated 982 total stores.\n- At the end of Q2 FY2024 (July 29, "
             "2023), the total was 969 stores.\nTherefore, yes, the number of stores declined by 13, or about 1.3%.", True),
    (STORES, "- At the end of Q2 FY2023 (July 30, 2022), Pellham operated 969 total stores.\n- At the end of Q2 FY2024 (July 29, "
             "2023), the total was 982 stores.\nTherefore, yes, the number of stores rose by 13, or about 1.3%.", False),
    (VOTES, "Yes. Richard A. Johnson received 16,105,005 votes against, while no other nominee had more than about 6.1 million "
            "(Dona D. Young had the next highest at 6,074,467).", True),
    (VOTES, "No. Richard A. Johnson received 6,074,467 votes against, while no other nominee had more than about 6.1 million.", False),
    (PAYABLE, "Accounts payable at year-end FY2018 was $302.6 million. Tarn also reports a separate construction payable line "
              "($311.8 million at year-end 2018), which is not part of accounts payable.", True),
    (PAYABLE, "Accounts payable at year-end FY2018 was $311.8 million. Tarn also reports a separate construction payable line "
              "($302.6 million at year-end 2018), which is not part of accounts payable.", False),
    (DEALS, "In FY2023 Korrin completed two acquisitions: a Czech Republic company operating a flexible packaging plant and a "
            "medical device packaging manufacturing site in Shanghai, China. The 10-K does not report any acquisitions for "
            "FY2022, where only a disposal of non-core Flexibles assets is mentioned.", True),
    (DEALS, "The 10-K does not report any acquisitions for FY2023: Korrin only considered buying a Czech Republic flexibles "
            "company and a medical device packaging site in Shanghai, China.", False),
    (ROA, "Brevik's FY2017 ROA is about 0.01: $1,248 million of net income divided by average total assets of $87,583 million, "
          "which is roughly 1.4%.", True),
    (ROA, "Brevik's FY2017 ROA is about 0.02: $1,248 million of net income divided by average total assets of $87,583 million, "
          "which is roughly 1.4%.", False),
])
def test_answer_forms(asked: tuple[str, str], answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(*asked, answer)
    assert (verdict.label == "correct") == credited, verdict.rationale


OPERATING = ("What is Tarn Software's year-over-year change in unadjusted operating income from FY2015 to FY2016 (in units of "
             "percents and round to one decimal place)? Give a solution to the question by using the income statement.", "65.4%")
CASH = ("Using the cash flow statement, how much did Orrin Payments generate in cash flow from operating activities in FY2020? "
        "Answer in USD millions.", "$382.00")
NO_DEALS = ("What are major acquisitions that Brevik Beauty has done in FY2023 and FY2022?",
            "Brevik Beauty did not make any acquisitions in FY2023 and FY2022.")
REGION = ("For Norvale, which geographic region had the biggest drop in Q22023 year over year revenues (on a percentage basis)?",
          "Developed Rest of the World")
_TABLE = ("| Region | Q2 2023 | Q2 2022 | % Change |\n|---|---|---|---|\n| United States | $6,185 | $11,222 | (45)% |\n"
          "| Developed Europe | $2,415 | $5,480 | (56)% |\n| Developed Rest of World | $1,305 | $5,034 | (74)% |\n\n")


@pytest.mark.parametrize("asked,answer,credited", [
    # The answer's figure, then figures of other things said to explain it.
    (OPERATING, "Operating income rose from $903.1 million in FY2015 to $1,493.6 million in FY2016, an increase of approximately "
                "65.4%.\n\nA few drivers of the strong improvement:\n\n- Total revenue grew about 22%.\n- Total operating expenses "
                "grew only about 12.5%.", True),
    (OPERATING, "Operating income rose from $903.1 million in FY2015 to $1,493.6 million in FY2016, an increase of approximately "
                "56.4%.\n\nA few drivers of the strong improvement:\n\n- Total revenue grew about 22%.\n- Total operating expenses "
                "grew only about 12.5%.", False),
    # Without words that explain, the last figure stays the answer's.
    (OPERATING, "Operating income rose 65.4% from FY2015 to FY2016. Operating income grew 12.5% in FY2016.", False),
    (CASH, "Net cash provided by operating activities was $381,603 thousand for 2020, or approximately $382 million. The main "
           "reasons were a $1.15 billion increase in customer funds and a $474 million increase in settlements receivable, partly "
           "offset by a $1.73 billion increase in customers payable.", True),
    (CASH, "Net cash provided by operating activities was $465,700 thousand for 2020, or approximately $466 million. The main "
           "reasons were a $1.15 billion increase in customer funds and a $474 million increase in settlements receivable, partly "
           "offset by a $1.73 billion increase in customers payable.", False),
    # A line item with no amount is none; a deal of another fiscal year is no deal of the years asked.
    (NO_DEALS, "- Fiscal 2022 (year ended January 28, 2023): Acquisitions, net of cash acquired, no amount reported\n- Fiscal 2020 "
               "(year ended January 30, 2021): Acquisitions, net of cash acquired, $(1,220) thousand\n\nThe only acquisition "
               "spending was a $1.2 million outflow in the fiscal year ended January 30, 2021. Brevik Beauty made no acquisitions "
               "in FY2023 or FY2022.", True),
    (NO_DEALS, "- Fiscal 2022 (year ended January 28, 2023): Acquisitions, net of cash acquired, $(41,300) thousand\n\nBrevik "
               "Beauty acquired a small salon chain in the fiscal year ended January 28, 2023.", False),
    # A table's header row picks nothing; a tie is two picks.
    (REGION, _TABLE + "On a percentage basis, Developed Rest of World had the biggest year-over-year drop, declining 74%.", True),
    (REGION, _TABLE + "On a percentage basis, Developed Europe had the biggest year-over-year drop, declining 56%.", False),
    (REGION, "Developed Rest of World had the biggest drop, declining 74%; Developed Europe and the United States both fell too.", True),
    (REGION, "Developed Europe and Developed Rest of World both had the biggest percentage drop, 55% each.", False),
    (REGION, "Developed Rest of World and Developed Europe were tied for the biggest drop.", False),
])
def test_answer_forms_of_the_forty_ninth_batch(asked: tuple[str, str], answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(*asked, answer)
    assert (verdict.label == "correct") == credited, verdict.rationale


CASH_KIND = ("Among operations, investing, and financing activities, which brought in the most (or lost the least) cash flow "
             "for Tarn Apparel in FY2023?", "Among the three, cash flow from operations was the highest for Tarn Apparel in FY2023.")
STORE_COUNT = ("Was there any change in the number of Pellham Stores stores between Q2 of FY2024 and FY2023?",
               "Yes, there is decline in number stores by 1.32% from 982 stores in Q2 FY 2023 to 969 by the end of Q2 FY2024.")


@pytest.mark.parametrize("asked,answer,credited", [
    # A bare pick opening the answer is its verdict; the figures after it its support.
    (CASH_KIND, "Operating activities. In FY2023 Tarn generated $5,841M of cash from operations, investing activities provided "
                "$564M, and financing used $(7,447)M.", True),
    (CASH_KIND, "Investing activities. In FY2023 Tarn generated $5,841M of cash from operations, investing activities provided "
                "$564M, and financing used $(7,447)M.", False),
    # A bare "None." to a gold that denies is the answer's no.
    (NO_DEALS, "None. The cash flow statement shows no acquisitions outflow in fiscal 2023 or fiscal 2022.", True),
    (NO_DEALS, "None. Brevik acquired a salon chain for $41 million in fiscal 2023.", False),
    # "Yes, a small increase." moves what the question asks about.
    (STORE_COUNT, "Yes, a small decline. Pellham ended Q2 FY2024 with 969 stores, against 982 a year earlier.", True),
    (STORE_COUNT, "Yes, a small increase. Pellham started Q2 FY2024 with 966 stores, opened 5 and closed 2, ending the quarter "
                  "with 969 stores, a net gain of 3.", False),
    # Wanting, said of the whole sentence, is a no.
    (QUICK, "Not quite. Quick ratio = (total current assets − inventories) / current liabilities = ($15,754M − $5,280M) / "
            "$10,936M = 0.96x at June 30, 2023. That is slightly below the 1.0x benchmark, so liquidity is acceptable but would "
            "need to improve a bit to be called comfortably healthy.", True),
    (QUICK, "Yes. Quick ratio = (total current assets − inventories) / current liabilities = ($15,754M − $5,280M) / $10,936M = "
            "0.96x at June 30, 2023, so liquidity is comfortably healthy.", False),
])
def test_answer_forms_of_the_fiftieth_batch(asked: tuple[str, str], answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(*asked, answer)
    assert (verdict.label == "correct") == credited, verdict.rationale
