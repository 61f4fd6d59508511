"""How the offline policy turns findings into answers: units, arithmetic last, verdicts."""
from __future__ import annotations

from baseline.answers import decide
from baseline.question import plan_question


def finding(label, value, unit="millions_usd", page=60, context=""):
    return {"label": label, "value": value, "unit": unit, "page": page, "section": "Statement", "context": context}


def test_a_lookup_in_the_unit_the_question_asks_for():
    plan = plan_question("How much (in USD billions) did Acme pay out in cash dividends for FY2020?")
    decision = decide(plan, [finding(plan.needs[0].key, -389.0)], [], last_chance=True)
    assert decision.status == "answer" and "$0.39 billion" in decision.answer and decision.pages == [60]


def test_a_lookup_converts_thousands_to_the_millions_asked_for():
    plan = plan_question("What is the year end FY2018 amount of accounts payable for Acme? Answer in USD millions.")
    decision = decide(plan, [finding(plan.needs[0].key, 302578.0, unit="thousands_usd")], [], last_chance=True)
    assert "$302.6 million" in decision.answer


def test_a_formula_answer_shows_inputs_and_ends_with_the_result():
    plan = plan_question("What is the FY2022 working capital ratio for Acme? Define working capital ratio as total current assets divided by total current liabilities. Round your answer to two decimal places.")
    findings = [finding("total_current_assets_2022", 14688.0), finding("total_current_liabilities_2022", 9523.0, page=61)]
    decision = decide(plan, findings, [], last_chance=False)
    assert decision.status == "answer" and decision.pages == [60, 61]
    assert decision.answer.endswith("= 14,688 / 9,523 = 1.54.")


def test_a_missing_figure_is_asked_for_once_then_the_loop_fails():
    plan = plan_question("What is the FY2022 working capital ratio for Acme? Define working capital ratio as total current assets divided by total current liabilities.")
    first = decide(plan, [finding("total_current_assets_2022", 14688.0)], [], last_chance=False)
    assert first.status == "needs" and first.needs == "total current liabilities for FY2022"
    again = decide(plan, [finding("total_current_assets_2022", 14688.0)], [first.needs], last_chance=False)
    assert again.status == "fail"


def test_an_extraction_that_reports_a_figure_not_found_is_not_repeated():
    plan = plan_question("What is the FY2022 working capital ratio for Acme? Define working capital ratio as total current assets divided by total current liabilities.")
    findings = [finding("total_current_assets_2022", 14688.0),
                {"label": "not_found_total_current_liabilities_2022", "value": "total current liabilities for FY2022 not found in consolidated_balance_sheet", "unit": "text", "page": "", "section": "", "context": ""}]
    assert decide(plan, findings, [], last_chance=False).status == "fail"


def test_a_trend_question_gets_a_verdict_and_its_figures():
    plan = plan_question("Does Acme have an improving operating margin profile as of FY2022?")
    findings = [finding("operating_income_2022", 6539.0), finding("total_revenues_2022", 34229.0),
                finding("operating_income_2021", 7369.0), finding("total_revenues_2021", 35355.0)]
    decision = decide(plan, findings, [], last_chance=False)
    assert decision.status == "answer" and decision.answer.startswith("No.")
    assert "20.8%" in decision.answer and "19.1%" in decision.answer


def test_positive_working_capital():
    plan = plan_question("Does Acme have positive working capital based on FY2022 data?")
    findings = [finding("total_current_assets_2022", 1000.0), finding("total_current_liabilities_2022", 2561.0)]
    assert decide(plan, findings, [], last_chance=False).answer.startswith("No.")


def test_gross_margin_consistency_without_named_years_uses_the_years_found():
    plan = plan_question("Are Acme's gross margins historically consistent (not fluctuating more than roughly 2% each year)?")
    findings = []
    for year, revenue, cost in ((2023, 100.0, 78.0), (2022, 100.0, 77.0), (2021, 100.0, 77.5)):
        findings += [finding(f"total_revenues_{year}", revenue), finding(f"cost_of_sales_{year}", cost)]
    decision = decide(plan, findings, [], last_chance=True)
    assert decision.answer.startswith("Yes") and "FY2021" in decision.answer and "FY2023" in decision.answer


def test_a_choice_picks_the_largest_option():
    plan = plan_question("Among operations, investing, and financing activities, which brought in the most (or lost the least) cash flow for Acme in FY2023?")
    values = {"operating": 1824.0, "investing": -1355.0, "financing": -1806.0}
    findings = [finding(need.key, values[next(k for k in values if k in need.key)]) for need in plan.needs]
    decision = decide(plan, findings, [], last_chance=True)
    assert decision.answer.lower().startswith("operating activities brought in the most")


def test_a_passage_answer_cites_its_pages():
    plan = plan_question("What drove the increase in Acme's inventories at the end of FY2023?")
    text = "The increase in merchandise inventories was primarily due to the opening of 47 new stores."
    decision = decide(plan, [{"label": "passage_p3", "value": text, "unit": "text", "page": 3, "section": "Results", "context": ""}], [], last_chance=True)
    assert decision.status == "answer" and "47 new stores" in decision.answer and decision.pages == [3]


def test_a_drivers_question_gives_the_move_and_the_causes():
    plan = plan_question("What drove operating margin change as of FY2022 for Acme?")
    findings = [finding("operating_income_2022", 6539.0), finding("total_revenues_2022", 34229.0),
                finding("operating_income_2021", 7369.0), finding("total_revenues_2021", 35355.0),
                {"label": "passage_p28", "value": "Operating margin decreased primarily due to litigation charges and higher raw material costs.",
                 "unit": "text", "page": 28, "section": "MD&A", "context": ""}]
    answer = decide(plan, findings, [], last_chance=True).answer
    assert answer.startswith("Operating margin decreased from 20.8% in FY2021 to 19.1% in FY2022") and "litigation charges" in answer


def test_a_margin_a_bank_does_not_report_is_called_not_useful_when_the_question_allows_it():
    plan = plan_question("What drove gross margin change as of FY2022 for Acme Bank? If gross margin is not a useful metric for a company like this, then please state that and explain why.")
    findings = [finding("total_revenues_2022", 52862.0), finding("total_revenues_2021", 42380.0),
                {"label": "not_found_gross_profit_2022", "value": "gross profit for FY2022 not found in income statement", "unit": "text", "page": "", "section": "", "context": ""}]
    answer = decide(plan, findings, [], last_chance=True).answer
    assert answer.startswith("Gross margin is not a useful metric for this company")
