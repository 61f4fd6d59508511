"""How the baseline reads computed questions: stated definitions, textbook metrics,
averages, changes, trends asked as yes/no; and what it leaves to prose."""
from __future__ import annotations

import pytest

from baseline.expr import Alt, Num, Op, Ref, evaluate, missing, render
from baseline.question import plan_question


def keys(plan) -> set[str]:
    return {n.key for n in plan.needs}


def test_a_stated_definition_with_averages_between_years():
    plan = plan_question(
        "What is the FY2019 fixed asset turnover ratio for Acme? Fixed asset turnover ratio is defined as: "
        "FY2019 revenue / (average PP&E between FY2018 and FY2019). Round your answer to two decimal places."
    )
    assert plan.kind == "formula" and plan.result == "ratio" and plan.decimals == 2
    values = {k: v for k, v in zip(sorted(keys(plan)), (282.0, 253.0, 6489.0))}
    assert round(evaluate(plan.expr, values), 2) == 24.26


def test_a_textbook_margin_of_a_textbook_metric():
    plan = plan_question("What is the FY2015 unadjusted EBITDA % margin for Acme? Use the income statement and the cash flow statement.")
    assert plan.kind == "formula" and plan.result == "percent"
    assert {"operating_income_2015", "depreciation_and_amortization_2015", "total_revenues_2015"} <= keys(plan)
    values = {"operating_income_2015": 305.8, "depreciation_and_amortization_2015": 62.3, "total_revenues_2015": 6779.5}
    assert round(evaluate(plan.expr, values), 1) == 5.4


def test_a_three_year_average_of_a_share_of_revenue():
    plan = plan_question("What is the FY2017 - FY2019 3 year average of capex as a % of revenue for Acme? Answer in units of percents.")
    assert plan.kind == "formula" and len(plan.needs) == 6 and plan.result == "percent"


def test_year_over_year_change_and_a_change_in_a_rate():
    growth = plan_question("What is Acme's year-over-year change in revenue from FY2016 to FY2017 (in units of percents)?")
    assert growth.kind == "formula" and round(evaluate(growth.expr, {"total_revenues_2016": 100.0, "total_revenues_2017": 130.8}), 1) == 30.8
    rate = plan_question("How much has the effective tax rate of Acme changed between FY2021 and FY2022?")
    assert rate.kind == "formula" and rate.result == "points"


def test_textbook_ratios_need_their_line_items():
    assert keys(plan_question("What is Acme's FY2022 quick ratio?")) == {"total_current_assets_2022", "inventories_2022", "total_current_liabilities_2022"}
    assert plan_question("What is the FY2022 retention ratio for Acme?").kind == "formula"


def test_company_reported_measures_are_looked_up_not_recomputed():
    assert plan_question("What was Acme's Adjusted Non GAAP EBITDA for FY 2023").kind == "lookup"


@pytest.mark.parametrize(
    "question, direction",
    [
        ("Does Acme have an improving operating margin profile as of FY2022?", "up"),
        ("Does Acme have positive working capital based on FY2022 data?", "positive"),
        ("Has Acme increased its debt on balance sheet between FY2023 and the FY2022 period?", "up"),
        ("Did Acme's inventories decline in FY2022?", "down"),
    ],
)
def test_trends_asked_as_yes_no(question, direction):
    plan = plan_question(question)
    assert plan.kind == "trend" and plan.direction == direction


def test_a_yes_no_question_about_events_is_not_a_trend():
    assert plan_question("Were there any events that substantially increased net income in 2019?").kind == "yesno"


@pytest.mark.parametrize(
    "question",
    [
        "Is Acme a capital-intensive business based on FY2022 data?",  # a judgement with no textbook threshold
        "Are Acme's gross margins historically consistent (not fluctuating more than roughly 2% each year)?",
        "Among operations, investing, and financing activities, which brought in the most cash flow for Acme in FY2023?",
        "Which region had the highest revenue for Acme during FY2022?",
    ],
)
def test_judgements_without_a_general_rule_are_answered_from_prose(question):
    plan = plan_question(question)
    assert plan.kind in ("yesno", "other") and [n.kind for n in plan.needs] == ["passage"]


def test_the_asking_sentence_is_read_apart_from_the_instructions_around_it():
    plan = plan_question("Answer from the balance sheet only. Here is the question: what is the FY2018 net PP&E for Acme? Answer in USD billions.")
    assert plan.kind == "lookup" and plan.needs[0].key == "property_plant_and_equipment_net_2018" and plan.unit == "billions"
    assert plan.needs[0].statements == ("balance_sheet",)


def test_explain_questions_stay_prose():
    assert plan_question("What drove operating margin change as of FY2022 for Acme?").kind == "explain"


def test_expressions_render_with_figures_and_pick_the_cheaper_alternative():
    expr = Op("/", Ref("rev"), Op("/", Op("+", Ref("a"), Ref("b")), Num(2)))
    assert render(expr, {"rev": 6489, "a": 282, "b": 253}) == "6,489 / ((282 + 253) / 2)"
    gross = Alt(Ref("gross_profit"), Op("-", Ref("rev"), Ref("cogs")))
    assert missing(gross, set()) == ["gross_profit"]
    assert missing(gross, {"rev", "cogs"}) == []
    assert missing(gross, set(), unavailable={"gross_profit"}) == ["rev", "cogs"]
    assert evaluate(gross, {"rev": 10.0, "cogs": 6.0}) == 4.0
