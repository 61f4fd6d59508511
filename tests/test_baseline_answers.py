"""How the baseline turns findings into answers: units, arithmetic last, verdicts from the
sign of a change, and a failure (never a canned answer) when the figures are not there."""
from __future__ import annotations

from baseline.answers import decide
from baseline.question import plan_question
from core.results import Finding


def finding(label, value, unit="millions_usd", page=60, context=""):
    return Finding(label, value, unit, page, "Statement", context)


def passage(text, page):
    return Finding(f"passage_p{page}", text, "text", page, "MD&A", "")


WORKING_CAPITAL_RATIO = ("What is the FY2022 working capital ratio for Acme? Define working capital ratio as total current assets divided by "
                         "total current liabilities. Round your answer to two decimal places.")


def test_a_lookup_in_the_unit_the_question_asks_for():
    plan = plan_question("How much (in USD billions) did Acme pay out in cash dividends for FY2020?")
    decision = decide(plan, [finding(plan.needs[0].key, -389.0)], [], last_chance=True)
    assert decision.status == "answer" and "$0.39 billion" in decision.answer and decision.sources == ["p. 60"]


def test_a_lookup_converts_thousands_to_the_millions_asked_for():
    plan = plan_question("What is the year end FY2018 amount of accounts payable for Acme? Answer in USD millions.")
    decision = decide(plan, [finding(plan.needs[0].key, 302578.0, unit="thousands_usd")], [], last_chance=True)
    assert "$302.6 million" in decision.answer


def test_a_formula_answer_shows_inputs_and_ends_with_the_result():
    plan = plan_question(WORKING_CAPITAL_RATIO)
    findings = [finding("total_current_assets_2022", 14688.0), finding("total_current_liabilities_2022", 9523.0, page=61)]
    decision = decide(plan, findings, [], last_chance=False)
    assert decision.status == "answer" and decision.sources == ["p. 60", "p. 61"]
    assert decision.answer.endswith("= 14,688 / 9,523 = 1.54.")


def test_a_missing_figure_is_asked_for_once_then_the_loop_fails():
    plan = plan_question(WORKING_CAPITAL_RATIO)
    first = decide(plan, [finding("total_current_assets_2022", 14688.0)], [], last_chance=False)
    assert first.status == "needs" and first.needs == "total current liabilities for FY2022"
    again = decide(plan, [finding("total_current_assets_2022", 14688.0)], [first.needs], last_chance=False)
    assert again.status == "fail" and "total current liabilities" in again.reason


def test_an_extraction_that_reports_a_figure_not_found_is_not_repeated():
    plan = plan_question(WORKING_CAPITAL_RATIO)
    findings = [finding("total_current_assets_2022", 14688.0),
                Finding("not_found_total_current_liabilities_2022", "total current liabilities for FY2022 not found in consolidated_balance_sheet", "text")]
    assert decide(plan, findings, [], last_chance=False).status == "fail"


def test_a_trend_question_gets_a_verdict_and_its_figures():
    plan = plan_question("Does Acme have an improving operating margin profile as of FY2022?")
    findings = [finding("operating_income_2022", 6539.0), finding("total_revenues_2022", 34229.0),
                finding("operating_income_2021", 7369.0), finding("total_revenues_2021", 35355.0)]
    decision = decide(plan, findings, [], last_chance=False)
    assert decision.status == "answer" and decision.answer.startswith("No.")
    assert "20.8%" in decision.answer and "19.1%" in decision.answer


def test_improved_or_declined_is_answered_in_its_own_words():
    plan = plan_question("Has Acme's operating margin improved or declined between FY2021 and FY2022?")
    findings = [finding("operating_income_2022", 7369.0), finding("total_revenues_2022", 34229.0),
                finding("operating_income_2021", 6539.0), finding("total_revenues_2021", 35355.0)]
    assert decide(plan, findings, [], last_chance=True).answer.startswith("It improved:")


def test_a_positive_figure_is_judged_by_its_sign_alone():
    plan = plan_question("Does Acme have positive working capital based on FY2022 data?")
    negative = [finding("total_current_assets_2022", 1000.0), finding("total_current_liabilities_2022", 2561.0)]
    assert decide(plan, negative, [], last_chance=False).answer.startswith("No. Working capital was -$1,561 million in FY2022, negative")
    positive = [finding("total_current_assets_2022", 3000.0), finding("total_current_liabilities_2022", 2561.0)]
    assert decide(plan, positive, [], last_chance=False).answer.startswith("Yes.")


def test_a_trend_whose_figures_are_missing_answers_from_a_passage_or_fails():
    plan = plan_question("Is Acme's revenue growing as of FY2022?")
    quoted = decide(plan, [passage("Net sales increased 7% in fiscal 2022 driven by higher volumes.", 31)],
                    [n.description for n in plan.figures], last_chance=True)
    assert quoted.status == "answer" and "increased 7%" in quoted.answer and quoted.sources == ["p. 31"]
    assert decide(plan, [], [n.description for n in plan.figures] + [plan.text], last_chance=True).status == "fail"


def test_a_passage_answer_cites_its_pages():
    plan = plan_question("What drove the increase in Acme's inventories at the end of FY2023?")
    text = "The increase in merchandise inventories was primarily due to the opening of 47 new stores."
    decision = decide(plan, [passage(text, 3)], [], last_chance=True)
    assert decision.status == "answer" and "47 new stores" in decision.answer and decision.sources == ["p. 3"]


def test_a_drivers_question_gives_the_move_and_the_causes():
    plan = plan_question("What drove operating margin change as of FY2022 for Acme?")
    findings = [finding("operating_income_2022", 6539.0), finding("total_revenues_2022", 34229.0),
                finding("operating_income_2021", 7369.0), finding("total_revenues_2021", 35355.0),
                passage("Operating margin decreased primarily due to litigation charges and higher raw material costs.", 28)]
    decision = decide(plan, findings, [], last_chance=True)
    assert decision.answer.startswith("Operating margin decreased from 20.8% in FY2021 to 19.1% in FY2022") and "litigation charges" in decision.answer
    assert decision.sources == ["p. 28", "p. 60"]


def test_a_metric_whose_lines_are_not_reported_gets_no_canned_answer():
    # A bank reports no gross profit: the baseline says what it could not find, in its own
    # words, rather than an answer written for such questions.
    plan = plan_question("What drove gross margin change as of FY2022 for Acme Bank? If gross margin is not a useful metric for a company "
                         "like this, then please state that and explain why.")
    findings = [finding("total_revenues_2022", 52862.0), finding("total_revenues_2021", 42380.0),
                Finding("not_found_gross_profit_2022", "gross profit for FY2022 not found in income statement", "text")]
    decision = decide(plan, findings, [plan.text], last_chance=True)
    assert decision.status == "fail" and "not a useful metric" not in decision.reason
