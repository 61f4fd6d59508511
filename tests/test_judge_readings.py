"""Readings the judge gained from answers to FinanceBench's own tune-half golds
(``tests/data/realistic_tune_answers.jsonl``): each right answer below was refused, or each
wrong one credited, before its reading; the controls beside them must not move."""
from __future__ import annotations

import pytest

from harness.judge.amounts import arrows_written_out, latex_written_out
from harness.judge.numeric_check import numeric_check
from harness.judge.offline_judge import heuristic_verdict

TAX_Q = "How does Boeing's effective tax rate in FY2022 compare to FY2021?"
TAX_GOLD = "Effective tax rate in FY2022 was 0.62%, compared to  -14.76% in FY2021."


@pytest.mark.parametrize(
    ("gold", "answer", "label"),
    [
        ("0.62%", "The effective tax rate was 0.6%.", "correct"),  # a percent's decimal place is its reported precision
        ("14.76%", "The effective tax rate was 14.8%.", "correct"),
        ("0.66%", "The effective tax rate was 0.6%.", "incorrect"),  # 0.66% rounds to 0.7%
        ("20.4%", "The effective tax rate was 20%.", None),  # no decimal place: one rounding step, left to the judge
    ],
)
def test_a_percent_to_one_decimal_place_is_the_gold_rounded(gold: str, answer: str, label: str | None) -> None:
    assert numeric_check("What was the effective tax rate?", gold, answer).label == label


def test_two_rates_rounded_to_one_decimal_place_state_the_gold() -> None:
    answer = "Boeing's effective tax rate was 0.6% in FY2022, compared with -14.8% in FY2021."
    assert heuristic_verdict(TAX_Q, TAX_GOLD, answer).label == "correct"
    assert heuristic_verdict(TAX_Q, TAX_GOLD, "It was 14.8% in FY2022, compared with 0.6% in FY2021.").label == "incorrect"


EPS_Q = "Is growth in JnJ's adjusted EPS expected to accelerate in FY2023?"
EPS_GOLD = "No, rate of growth in adjusted EPS is expected to decelerate slightly from 3.6% in FY2022 to 3.5% in FY2023."


def test_a_rate_of_growth_may_be_stated_as_growth() -> None:
    """"grew 3.6%" states the gold's level when the gold's levels are rates of growth; a level
    of anything else given as a change stays misplaced."""
    answer = "No. Adjusted EPS grew 3.6% in FY2022, and guidance implies adjusted EPS growth of about 3.5% in FY2023."
    assert heuristic_verdict(EPS_Q, EPS_GOLD, answer).label == "correct"
    margin_q = "How did the operating margin change in FY2022?"
    margin_gold = "Operating margin rose from 19% in FY2021 to 24% in FY2022."
    assert heuristic_verdict(margin_q, margin_gold, "Operating margin increased by 24% in FY2022.").label == "incorrect"


CORNING_Q = "How much has the effective tax rate of Corning changed between FY2021 and FY2022?"
CORNING_GOLD = "The effective tax rate of Corning has changed from 20% in FY2021 to 23% in FY 2022."


def test_the_ends_of_a_change_share_its_subject() -> None:
    right = "Corning's effective tax rate increased by about 3 percentage points, from 20% in FY2021 to 23% in FY2022."
    assert heuristic_verdict(CORNING_Q, CORNING_GOLD, right).label == "correct"
    assert heuristic_verdict(CORNING_Q, CORNING_GOLD, "It went down by 3 percentage points (23% → 20%).").label == "incorrect"


def test_a_change_written_with_an_arrow_reads_as_from_and_to() -> None:
    assert arrows_written_out("up 3 points (20% → 23%)") == "up 3 points (from 20% to 23%)"
    assert arrows_written_out("from -$96 -> $12 million") == "from -$96 to $12 million"
    assert arrows_written_out("step A -> step B") == "step A -> step B"  # no figure, no change


@pytest.mark.parametrize(("written", "read"), [
    ("Operating income grew $65.4\\%$.", "Operating income grew 65.4%."),  # inline math
    ("Total: $\\$5{,}466$ million", "Total: $5,466 million"),  # an escaped dollar, a grouped comma
    ("\\$5,466 million", "$5,466 million"),
    ("It cost $5 and $6.", "It cost $5 and $6."),  # two amounts, no math between their signs
    ("$5 million and \\$6 million", "$5 million and $6 million"),
    ("Capex was $1,577 million.", "Capex was $1,577 million."),
    ("$\\text{not } 5{,}466$ million", "not  5,466 million"),  # text set in math is said
    ("$\\sout{5{,}466}$ 4,173", "$ $ 4,173"),  # struck out or invisible is not
    ("$\\phantom{5{,}466}$ 4,173", "$ $ 4,173"),
])
def test_figures_written_in_latex_are_read_plainly(written: str, read: str) -> None:
    assert latex_written_out(written) == read


PEPSI_Q = "By how much did Pepsico increase its unsecured five year revolving credit agreement on May 26, 2023?"
PEPSI_GOLD = "$400,000,000 increase."


@pytest.mark.parametrize(
    ("answer", "label"),
    [
        ("PepsiCo entered into a new $4.2 billion agreement, replacing its prior $3.8 billion facility, an increase of $400 million.", "correct"),
        ("PepsiCo increased it by $400 million, to $4.2 billion from $3.8 billion.", "correct"),
        ("It was increased by $400 million, to $4.2 billion.", "correct"),
        ("PepsiCo raised its credit agreement by $300 million, to $4.2 billion from $3.8 billion.", "incorrect"),
        # The level the new one replaced, named by the replacing or as the existing one.
        ("It replaced the $3,800,000,000 agreement with a new $4,200,000,000 agreement, which is an increase of $400,000,000.", "correct"),
        ("It replaced the $3.8 billion agreement with a new $4.2 billion agreement, an increase of $300 million.", "incorrect"),
        ("A new $4.2 billion agreement replaced the existing $3.8 billion one, an increase of $400 million.", "correct"),
    ],
)
def test_a_change_among_its_levels_is_the_change_asked(answer: str, label: str) -> None:
    assert numeric_check(PEPSI_Q, PEPSI_GOLD, answer).label == label


def test_values_that_are_no_levels_beside_a_change_are_still_a_list() -> None:
    decided = numeric_check(PEPSI_Q, PEPSI_GOLD, "It increased by $400 million, $300 million or $500 million.")
    assert (decided.label, decided.commitment) == (None, "list")


def test_a_level_reached_is_what_a_question_for_the_level_asks() -> None:
    decided = numeric_check("What was the size of the agreement after May 26, 2023?", "$4.2 billion", "It was increased by $400 million, to $4.2 billion.")
    assert decided.label == "correct"


@pytest.mark.parametrize(
    "answer",
    ["Approximately 10.3% (average of 11.4%, 4.5% and 15.0%).", "10.3% (11.4% + 4.5% + 15.0%) / 3."],
)
def test_a_bracket_that_works_out_the_figure_holds_its_terms(answer: str) -> None:
    question = "What is the FY2019 - FY2021 3 year average unadjusted operating income % margin for Corning?"
    assert numeric_check(question, "10.3%", answer).label == "correct"


KENVUE_Q = "Which business segment of JnJ will be treated as a discontinued operation from August 30, 2023 onward?"
KENVUE_ANSWER = (
    "Effective August 30, 2023, following the completion of the exchange offer for Kenvue shares, Johnson & "
    "Johnson's Consumer Health segment (Kenvue) will be presented as a discontinued operation."
)


VERIZON_Q = (
    "Among all of the derivative instruments that Verizon used to manage the exposure to fluctuations of foreign "
    "currencies exchange rates or interest rates, which one had the highest notional value in FY 2021?"
)
INTENSITY_Q = "Is Verizon a capital intensive business based on FY 2022 data?"
MGM_Q = "Which region had the Highest EBITDAR Contribution for MGM during FY2022?"
MGM_GOLD = "Las Vegas resorts contributed ~90% of company level EBITDAR during FY2022."
LIABILITY_Q = "What was the largest liability in American Express's Balance Sheet in 2022?"
INTENSITY_GOLD = (
    "Yes. Verizon's capital intensity ratio was approximately 2.774729. This means that it took approximately $2.77 "
    "of assets to generate $1 of revenue and thus, Verizon can be considered capital intensive."
)


@pytest.mark.parametrize(
    ("question", "gold", "answer", "label"),
    [
        # "Johnson & Johnson" is the question's "JnJ", "(Kenvue)" another name for the pick,
        # and "&" is "and", no break in a run of keywords.
        (KENVUE_Q, "Consumer Health", KENVUE_ANSWER, "correct"),
        (KENVUE_Q, "The Consumer Health business segment will be treated as a discontinued operation.", KENVUE_ANSWER, "correct"),
        (KENVUE_Q, "Consumer Health", "Johnson & Johnson's MedTech segment will be presented as a discontinued operation.", "incorrect"),
        # A pair before "which" describes what is picked from; it offers no options.
        (VERIZON_Q, "Cross currency swaps. Its notional value was $32,502 million.",
         "Interest rate swaps had the highest notional value in FY2021 at $32,502 million, followed by cross currency "
         "swaps at $19,779 million.", "incorrect"),
        (VERIZON_Q, "Cross currency swaps. Its notional value was $32,502 million.",
         "In FY2021, the derivative with the highest notional value was cross currency swaps, with a notional amount "
         "of $32,502 million.", "correct"),
        # The pick is made in the clause with the question's own superlative (its title case,
        # "Highest EBITDAR Contribution", hides its words among names).
        (MGM_Q, MGM_GOLD, "Las Vegas resorts contributed about 90% of MGM's revenue, but MGM China had the highest "
         "EBITDAR contribution in FY2022.", "incorrect"),
        (MGM_Q, MGM_GOLD, "Las Vegas resorts had the highest EBITDAR contribution in FY2022, about 90% of the company's "
         "EBITDAR.", "correct"),
        # A verdict that names the opposite line item of the one asked.
        (LIABILITY_Q, "Customer deposits", "Customer deposits were the largest asset in 2022.", "incorrect"),
        (LIABILITY_Q, "Customer deposits", "Customer deposits were the largest liability in 2022.", "correct"),
        # "$1 of revenue" is the one a ratio is written per, not a figure to find.
        (INTENSITY_Q, INTENSITY_GOLD,
         "Yes – total assets are about 2.8x annual revenue ($379.7B vs. $136.8B), a sign of a capital-intensive business.",
         "correct"),
    ],
)
def test_names_choices_and_ratios_read_as_a_reader_reads_them(question: str, gold: str, answer: str, label: str) -> None:
    assert heuristic_verdict(question, gold, answer).label == label


def test_the_years_a_question_asks_are_those_of_its_asking() -> None:
    """A definition after the question ("average inventory between FY2018 and FY2019") does not
    make FY2018 asked: a value "for FY2018" is another period's."""
    question = (
        "What is the FY2019 cash conversion cycle (CCC) for General Mills? CCC is defined as: DIO + DSO - DPO. DIO is "
        "defined as: 365 * (average inventory between FY2018 and FY2019) / (FY2019 COGS)."
    )
    answer = "CCC = DIO + DSO - DPO = 50.6 + 30.4 - 84.7 = -3.7 days for FY2018; for FY2019 it was -5.1 days."
    assert numeric_check(question, "-3.7", answer).label != "correct"
    assert numeric_check(question, "-3.7", "CCC = DIO + DSO - DPO = 50.6 + 30.4 - 84.7 = -3.7 days.").label == "correct"


@pytest.mark.parametrize(
    ("answer", "label"),
    [
        ("Costco had total liabilities of $59,268 million at the end of FY2021.", None),
        ("Costco had total assets of $59,268 million at the end of FY2021.", "correct"),
        ("Total liabilities and equity, which equal total assets, were $59,268 million.", "correct"),
    ],
)
def test_a_figure_labelled_as_the_opposite_line_item_is_not_the_one_asked(answer: str, label: str | None) -> None:
    question = "How much total assets did Costco have at the end of FY2021? Answer in USD millions."
    assert numeric_check(question, "$59268.00", answer).label == label


@pytest.mark.parametrize(
    ("answer", "label"),
    [
        ("Nike's FY2021 inventory turnover ratio was 3.46 in FY2020 and 3.53 in FY2021.", None),
        ("Nike's inventory turnover ratio was 3.53 in FY2020 and 3.46 in FY2021.", "correct"),
    ],
)
def test_the_year_right_after_a_value_is_its_own(answer: str, label: str) -> None:
    question = "What is the FY2021 inventory turnover ratio for Nike?"
    assert numeric_check(question, "3.46", answer).label == label


@pytest.mark.parametrize(
    ("question", "gold", "answer", "label"),
    [
        ("What is the FY2015 unadjusted EBITDA % margin?", "5.4%", "The FY2015 unadjusted EBITDA margin is 5.4% of total assets.", None),
        ("What is the FY2015 unadjusted EBITDA % margin?", "5.4%", "The FY2015 unadjusted EBITDA margin is 5.4% of net revenue.", "correct"),
        ("What is the 3 year average of capex as a % of revenue?", "1.9%", "The average was 1.9% of operating income.", None),
        ("What percentage of Kestrel Foods' FY2020 revenue came from its largest customer?", "14%",
         "Kestrel Foods' largest customer accounted for approximately 14% of its net sales in fiscal 2020.", "correct"),
        ("What was the effective tax rate in FY2022?", "21%", "Tax expense was 21% of pre-tax income.", "correct"),  # no base asked
    ],
)
def test_a_percent_of_another_base_is_not_the_one_asked(question: str, gold: str, answer: str, label: str | None) -> None:
    assert numeric_check(question, gold, answer).label == label


# What improves as it falls: "Is the combined ratio improving?" is answered no by a ratio that
# rose, and "Is net debt improving?" yes by debt that fell (golds of the red team's own pool).
COMBINED_RATIO_Q, COMBINED_RATIO_GOLD = "Is Yarrow Insurance's combined ratio improving as of FY2022?", "No. The combined ratio worsened to 101.3% from 97.8%."
NET_DEBT_Q, NET_DEBT_GOLD = "Is Lotus Health's net debt position improving?", "Yes, net debt fell from $3.2 billion to $2.7 billion in FY2022."


@pytest.mark.parametrize(("question", "gold", "answer", "label"), [
    (COMBINED_RATIO_Q, COMBINED_RATIO_GOLD, "No, it is getting worse: the combined ratio rose from 97.8% to 101.3%.", "correct"),
    (COMBINED_RATIO_Q, COMBINED_RATIO_GOLD, "No. The combined ratio increased to 101.3% from 97.8%.", "correct"),
    (COMBINED_RATIO_Q, COMBINED_RATIO_GOLD, "Yes. The combined ratio rose to 101.3% from 97.8%.", "incorrect"),
    (COMBINED_RATIO_Q, COMBINED_RATIO_GOLD, "Yes, the combined ratio improved to 101.3% from 97.8%.", "incorrect"),
    (NET_DEBT_Q, NET_DEBT_GOLD, "Yes, net debt dropped by $0.5 billion to $2.7 billion in FY2022.", "correct"),
    (NET_DEBT_Q, NET_DEBT_GOLD, "Yes, net debt improved, falling to $2.7 billion from $3.2 billion.", "correct"),
    (NET_DEBT_Q, NET_DEBT_GOLD, "No. Net debt rose from $2.7 billion to $3.2 billion.", "incorrect"),
    (NET_DEBT_Q, NET_DEBT_GOLD, "Yes. Net debt increased to $3.2 billion.", "incorrect"),
])
def test_a_movement_of_what_improves_as_it_falls_answers_the_other_way(question: str, gold: str, answer: str, label: str) -> None:
    assert heuristic_verdict(question, gold, answer).label == label


def test_a_list_of_names_is_its_names_not_the_verb_of_the_question_around_them() -> None:
    # "Fallow Farms entered Japan and South Korea": "entered" is the question's "enter", not
    # part of the first name; an answer in other words names both markets.
    question, gold = "What new markets did Fallow Farms enter in FY2020?", "Fallow Farms entered Japan and South Korea."
    assert heuristic_verdict(question, gold, "Fallow Farms expanded into two new markets in FY2020: Japan and South Korea.").label == "correct"
    assert heuristic_verdict(question, gold, "Fallow Farms expanded into Japan in FY2020.").label == "incorrect"
    # A date's words stay the gold's: "issued on" is not "mature on".
    assert heuristic_verdict("What is the maturity date of Vireo Pharma's convertible notes?", "The notes mature on June 15, 2027.",
                             "Vireo Pharma's convertible notes were issued on June 15, 2027.").label == "incorrect"


def test_a_share_that_makes_up_part_of_a_whole_is_no_rise() -> None:
    question = "What risks does Larch Bank face from its commercial real estate loans?"
    gold = "Office loans are 12% of its book and vacancy rates are rising, so credit losses on them may increase."
    made_up = "Office loans make up 12% of the loan book, and with office vacancies rising, credit losses on those loans could rise."
    assert heuristic_verdict(question, gold, made_up).label == "correct"
