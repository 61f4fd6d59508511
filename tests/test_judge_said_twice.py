"""A figure said twice, or framed, is still one figure; and what a figure answers is read from
its own clause. Each reading here credits a right answer of the labelled answers' shapes that
the judge refused, and each has its wrong twin that must stay refused:

- the same value again in brackets with its sign ("down 0.6% (-0.6%)", "-1.4 percentage
  points (about 140 bps of compression)");
- markdown bold around a figure ("a change of **-1.4 percentage points**");
- a rate restated as a proportion ("84.7%, about 85 of every 100 seats");
- a day written before its month ("as at 31 December 2022"), which is no figure;
- a figure's label read in its own clause ("85% ... is recurring; the remaining 15% is
  non-recurring");
- a pronoun "either" ("losing either would hurt sales"), which offers no alternatives;
- the clause that answers a superlative question, found by the question's superlative phrase;
- a change given as the level reached ("decreased to $2.5bn" for "by $2.5bn");
- a bare name's role, read from the question ("Who is its CEO?" answered with the CFO);
- the value converted to the asked unit after a computation ("Expressed in USD thousands, ...");
- a question that also asks how the figure compares, answered with the figure alone.
"""
from __future__ import annotations

import pytest

from harness.judge.amounts import parse_quantities
from harness.judge.hedging import hedges
from harness.judge.offline_judge import heuristic_verdict


def _label(question: str, gold: str, answer: str) -> str:
    return heuristic_verdict(question, gold, answer).label


COMPS_Q, COMPS_GOLD = "What was Dogwood Retail's FY2022 comparable sales growth?", "-0.6%"
MARGIN_Q = "What is the FY2020 change in Albion Foods' operating margin? Answer in percentage points."
MARGIN_GOLD = "-1.4 percentage points"


@pytest.mark.parametrize(
    ("question", "gold", "answer"),
    [
        (COMPS_Q, COMPS_GOLD, "Dogwood Retail's comparable sales declined slightly in FY2022: comps were down 0.6% (-0.6%)."),
        (MARGIN_Q, MARGIN_GOLD, "Albion Foods' operating margin fell from 12.9% to 11.5%, a change of -1.4 percentage points "
         "(about 140 bps of compression)."),
        (MARGIN_Q, MARGIN_GOLD, "Albion Foods' operating margin fell from 12.9% in FY2019 to 11.5% in FY2020, a change of "
         "**-1.4 percentage points**."),
        ("What is Quince Air's FY2022 load factor?", "84.7%", "Quince Air's load factor for FY2022 was 84.7 per cent, meaning "
         "about 85 of every 100 available seats were filled (84.7% exactly)."),
        ("What is the year end FY2022 total debt (in USD millions) for Yarrow Energy?", "$12,840.00",
         "Yarrow Energy's total debt as at 31 December 2022 (FY2022 year end) was $12,840 million."),
    ],
)
def test_one_figure_said_twice_or_framed_is_credited(question: str, gold: str, answer: str) -> None:
    assert _label(question, gold, answer) == "correct"


@pytest.mark.parametrize(
    ("question", "gold", "answer"),
    [
        # Another value in the brackets, or the two signs offered as alternatives.
        (COMPS_Q, COMPS_GOLD, "Comps were down 0.6% (-0.8%)."),
        (COMPS_Q, COMPS_GOLD, "Comps were either up 0.6% or down 0.6%."),
        (MARGIN_Q, MARGIN_GOLD, "Operating margin fell from 12.9% to 11.5%, a change of **-1.6 percentage points**."),
        ("What is Quince Air's FY2022 load factor?", "84.7%", "About 80 of every 100 available seats were filled."),
        ("What is the year end FY2022 total debt (in USD millions) for Yarrow Energy?", "$12,840.00",
         "Total debt as at 31 December 2022 was $12,480 million."),
    ],
)
def test_another_figure_so_framed_is_not(question: str, gold: str, answer: str) -> None:
    assert _label(question, gold, answer) != "correct"


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("about 85 of every 100 seats", [(85.0, True)]),
        ("1 in every 4 customers", [(25.0, True)]),
        ("5 of every 1,000 loans", [(0.5, True)]),
        ("3 stores of every 10", [(3.0, False), (10.0, False)]),  # not a proportion written so
        ("as at 31 December 2022 it held $5 million", [(5.0, False)]),
        ("on 3 May it sold 12 units", [(12.0, False)]),
        ("sold 3 Mayflower units", [(3.0, False)]),
    ],
)
def test_proportions_and_day_first_dates_are_read(text: str, read: list[tuple[float, bool]]) -> None:
    assert [(q.number, q.percent) for q in parse_quantities(text)] == read


def test_a_label_is_read_in_its_own_clause() -> None:
    question = "How much of Quartz Software's revenue is recurring?"
    gold = "About 85% of revenue is recurring subscription and maintenance revenue."
    right = ("About 85% of Quartz Software's revenue is recurring, coming from subscription and maintenance contracts; "
             "the remaining ~15% is non-recurring (e.g., licences and services).")
    assert _label(question, gold, right) == "correct"
    # The two shares put on each other's item, each in a clause of its own, stay refused.
    swapped = "About 15% of Quartz Software's revenue is recurring subscription and maintenance; the remaining 85% is licences."
    assert _label(question, gold, swapped) != "correct"
    assert _label("Does Juniper Media generate most of its revenue from subscriptions?",
                  "No. Advertising is still 58% of revenue; subscriptions are 42%.",
                  "No. Subscriptions are 58% of revenue; advertising is 42%.") != "correct"


@pytest.mark.parametrize(
    ("text", "hedged"),
    [
        ("It relies on two big retail customers, so losing either would hurt sales.", False),
        ("Either of them could leave.", False),
        ("It was either $5 million or $6 million.", True),
        ("Either could be $5 million, or $6 million.", True),
    ],
)
def test_a_pronoun_either_offers_no_alternatives(text: str, hedged: bool) -> None:
    assert hedges(text) is hedged


def test_risks_described_with_either_are_credited() -> None:
    question = "What are the major risk factors for Jolly Toys as of FY2021?"
    gold = "Key risks:\n1. Dependence on two large retailers\n2. Seasonality of holiday sales\n3. Product safety recalls"
    answer = (
        "The major risk factors Jolly Toys highlights as of FY2021 are:\n\n"
        "- **Customer concentration** - it relies heavily on two big retail customers, so losing either would hurt sales.\n"
        "- **Seasonality** - a large share of sales comes during the holiday season.\n"
        "- **Product safety** - defects could trigger recalls, with associated costs."
    )
    assert _label(question, gold, answer) == "correct"


def test_the_clause_in_the_question_superlative_phrase_is_the_pick() -> None:
    question = "Which product line had the largest revenue growth for Harlow Industries in FY2021?"
    gold = "Industrial Automation"
    wrong = ("Industrial Automation remained Harlow Industries' largest product line by revenue in FY2021, but the largest "
             "revenue growth came from **Power Systems**, where sales grew 21%.")
    right = ("Power Systems remained Harlow Industries' largest product line by revenue in FY2021, but the largest revenue "
             "growth came from Industrial Automation, where sales grew 21%.")
    assert _label(question, gold, wrong) != "correct"
    assert _label(question, gold, right) == "correct"


def test_a_change_given_as_the_level_reached_is_refused() -> None:
    question, gold = "By how much did Elder Homes' debt decrease in FY2022?", "Debt decreased by $2.5bn in FY2022."
    assert _label(question, gold, "Elder Homes' debt decreased to $2.5bn at the end of FY2022, down from $4.1bn.") != "correct"
    assert _label(question, gold, "Elder Homes' debt decreased by $2.5bn in FY2022, to $1.6bn from $4.1bn.") == "correct"
    # A range after "guides to" is no level reached.
    assert _label("What does Lumen Optics expect for FY2023 revenue growth?",
                  "Lumen Optics expects revenue growth of 4% to 6% in FY2023.",
                  "Management guides to 4% to 6% revenue growth for FY2023.") == "correct"


@pytest.mark.parametrize(
    ("answer", "label"),
    [
        ("Halden Telecom's chief executive officer is Thomas Greaves. Margaret Ellison serves as Chief Financial Officer.",
         "incorrect"),
        ("Margaret Ellison is Halden Telecom's chief executive officer; Thomas Greaves is its CFO.", "correct"),
        ("Margaret Ellison was Halden Telecom's President and Chief Executive Officer as of FY2020.", "correct"),
    ],
)
def test_a_bare_name_holds_the_role_the_question_asks_of(answer: str, label: str) -> None:
    question, gold = "Who is Halden Telecom's chief executive officer as of FY2020?", "Margaret Ellison"
    assert (_label(question, gold, answer) == "correct") is (label == "correct")


def test_the_value_in_the_asked_unit_after_a_computation_is_the_answer() -> None:
    question, gold = "What is Quarry Materials' FY2018 net debt in USD thousands?", "$612,450"
    wrong = ("Net debt = $748,900 - $136,450 = $612,450 (in USD millions).\n\n"
             "Expressed in USD thousands, Quarry Materials' FY2018 net debt is $612,450,000 thousand.")
    right = ("Net debt = $748.9 million - $136.45 million = $612.45 million.\n\n"
             "Expressed in USD thousands, Quarry Materials' FY2018 net debt is $612,450 thousand.")
    assert _label(question, gold, wrong) != "correct"
    assert _label(question, gold, right) == "correct"


@pytest.mark.parametrize(
    ("answer", "label"),
    [
        ("Saffron Devices' FY2022 operating margin was 21.0%, calculated as operating income of $1,470 million divided by "
         "revenue of $7,000 million.", "incorrect"),
        ("Operating margin was 21.0% in FY2022, the same as in FY2021.", "correct"),
        ("Operating margin was 21.0% in both FY2022 and FY2021.", "correct"),
        ("Operating margin stayed at 21.0% in FY2022 (FY2021: 21.0%).", "correct"),
        ("Operating margin was 21.0% in FY2022 (FY2021: 21.0%).", "correct"),  # the second year alone compares
    ],
)
def test_a_comparison_asked_must_be_answered(answer: str, label: str) -> None:
    question = "What is the FY2022 operating margin of Saffron Devices, and how does it compare with FY2021?"
    gold = "Operating margin was 21.0% in FY2022, unchanged from FY2021."
    assert (_label(question, gold, answer) == "correct") is (label == "correct")


def test_growth_rates_to_a_question_of_growth_are_no_levels() -> None:
    question = "Which region grew fastest for Marigold Beverages in FY2022?"
    gold = "Latin America, up 19%, ahead of Asia Pacific at 11%."
    right = "Latin America was the fastest-growing region in FY2022 with growth of 19%, ahead of Asia Pacific, which grew 11%."
    assert _label(question, gold, right) == "correct"
    assert _label(question, gold, "Asia Pacific was the fastest-growing region, up 19%, ahead of Latin America at 11%.") != "correct"
