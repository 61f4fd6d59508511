"""Where an answer concludes, and what its conclusion says. Each reading here was found by
answers written in the labelled answers' models' manners (GPT-4's LaTeX and tables, Claude's
"Based on ...", Llama's "Sure!") or with the subtle mistakes a careless reader misses, and
each is held both ways: the right answer credited, its wrong twin refused.

- A computation set in LaTeX is read as one: its fractions and operators are operands.
- The last step of a computation is the answer: "Rounded to one decimal place, DSO is 54.3
  days", or the asked thing said again in the question's words ("... net debt to EBITDA is
  3.2x"); a conclusion that only sets the figure against a benchmark is not.
- A sentence that tells how a figure was worked out holds its inputs.
- A conclusion inside a sentence ("was therefore Adhesives") is a verdict, and a rival pick
  there is not saved by the gold's figure elsewhere.
- A formula, a rule for reading a metric and an interjection ("Sure!") are no verdicts.
- A change's level reached given as where it started, a change worked out otherwise than
  the answer's own stated change, and a thing the gold moves one way moved the other are
  refused.
"""
from __future__ import annotations

import pytest

from harness.judge.amounts import figures_written_plainly, parse_quantities
from harness.judge.number_swaps import value_year_marks
from harness.judge.offline_judge import heuristic_verdict
from harness.judge.term_direction import phrases_reversed


def _label(question: str, gold: str, answer: str) -> str:
    return heuristic_verdict(question, gold, answer).label


DSO_Q = "What is Vantor Software's FY2022 days sales outstanding? Round to one decimal."


@pytest.mark.parametrize(
    ("latex", "plain"),
    [
        (r"$$\text{DSO} = \frac{744}{5{,}000} \times 365 \approx 54.31$$", " DSO = 744 / 5,000  ×  365  ≈  54.31 "),
        (r"\[ \left( \frac{4{,}391}{3{,}400} \right)^{1/3} - 1 \]", "  ( 4,391 / 3,400 )^{1/3} - 1  "),
        (r"It is $24.26\,$.", "It is 24.26 ."),  # a thin space inside inline math
        (r"grew $65.4\%$ and $\$5{,}466$ million", "grew 65.4% and $5,466 million"),
    ],
)
def test_latex_computations_are_written_out(latex: str, plain: str) -> None:
    assert figures_written_plainly(latex) == plain


@pytest.mark.parametrize(
    ("answer", "label"),
    [
        (r"$$\text{DSO} = \frac{744}{5{,}000} \times 365 = 0.1488 \times 365 \approx 54.31$$"
         "\n\nRounded to one decimal place, Vantor Software's FY2022 DSO is **54.3 days**.", "correct"),
        (r"$$\text{DSO} = \frac{744}{5{,}000} \times 365 = 0.1488 \times 365 \approx 54.31$$"
         "\n\nRounded to one decimal place, Vantor Software's FY2022 DSO is **54.9 days**.", "incorrect"),
    ],
)
def test_the_rounded_last_step_is_the_answer(answer: str, label: str) -> None:
    assert _label(DSO_Q, "54.3", answer) == label


TERN_Q, TERN_GOLD = "What is Tern Shipping's FY2021 net debt to EBITDA?", "2.6x"


@pytest.mark.parametrize(
    ("answer", "label"),
    [
        ("- Net debt: $2.86 billion\n- EBITDA: $1.10 billion\n- Net debt / EBITDA = 2.6x\n\nIncluding $0.66 billion of charter "
         "leases, lease-adjusted net debt is $3.52 billion, giving 3.2x. Since chartered vessels are core to its capacity, "
         "Tern Shipping's FY2021 net debt to EBITDA is **3.2x**.", "incorrect"),
        ("Net debt / EBITDA = $2.86B / $1.10B = 2.6x. Tern's net debt to EBITDA is therefore well below its 3.5x covenant.",
         "correct"),
        ("Net debt / EBITDA = 2.86 / 1.10 = 2.6x. Net debt to EBITDA was 3.1x in FY2020.", "correct"),
        ("Net debt / EBITDA = 2.86 / 1.10 = 2.6x. Tern's net debt to EBITDA is 2.6 times.", "correct"),
    ],
)
def test_the_asked_thing_said_again_after_the_computation_is_the_answer(answer: str, label: str) -> None:
    assert _label(TERN_Q, TERN_GOLD, answer) == label


def test_how_a_figure_was_worked_out_holds_its_inputs() -> None:
    question, gold = "What is Nettle Robotics' FY2021 gross profit in USD millions?", "$486.3"
    right = ("Nettle Robotics' FY2021 gross profit was $486.3 million. This is calculated by subtracting cost of revenue "
             "($863.7 million) from total revenue ($1,350.0 million), which implies a gross margin of about 36%.")
    assert _label(question, gold, right) == "correct"
    assert _label(question, gold, right.replace("$486.3 million", "$468.3 million")) != "correct"


def test_a_conclusion_within_a_sentence_is_a_verdict() -> None:
    question, gold = "Which of Brent Chemicals' divisions had the lowest operating margin in FY2021?", "The Coatings division, at 4.2%."
    table = "Operating margins by division, FY2021:\n\n- Coatings: 4.2%\n- Adhesives: 5.6%\n- Specialty Polymers: 12.8%\n\n"
    wrong = table + "Excluding a one-off charge, the division with the lowest operating margin in FY2021 was therefore **Adhesives**, at 5.6%."
    right = table + "The division with the lowest operating margin in FY2021 was therefore Coatings, at 4.2%."
    assert _label(question, gold, wrong) != "correct"
    assert _label(question, gold, right) == "correct"


def test_a_formula_a_reading_rule_and_an_interjection_are_no_verdicts() -> None:
    # A formula opening the answer is no verdict: the conclusion after it is.
    question = "Does Lumen Optics have a healthy liquidity profile based on its FY2022 quick ratio?"
    gold = "No. The quick ratio of 0.58 indicates that Lumen Optics may struggle to cover its short-term obligations."
    opening = ("Based on the FY2022 balance sheet, Lumen Optics' quick ratio was **0.58**:\n\nQuick ratio = (Cash and "
               "equivalents + Short-term investments + Accounts receivable) / Current liabilities\n\n")
    assert _label(question, gold, opening + "Overall, Lumen Optics' liquidity profile looks reasonably healthy.") != "correct"
    assert _label(question, gold, opening + "Overall, Lumen Optics' liquidity profile is not healthy.") == "correct"
    # How to read the ratio is no claim that it moved.
    question, gold = "Is Yarrow Insurance's combined ratio improving as of FY2022?", "No. The combined ratio worsened to 101.3% from 97.8%."
    right = ("Based on the information provided, the answer is no. The combined ratio increased from 97.8% in FY2021 to "
             "101.3% in FY2022. Since a lower combined ratio indicates better underwriting profitability, this increase "
             "represents a deterioration rather than an improvement.")
    assert _label(question, gold, right) == "correct"
    # "Sure!" opens the answer; it picks nothing.
    question, gold = "Which product line had the largest revenue growth for Harlow Industries in FY2021?", "Industrial Automation"
    assert _label(question, gold, " Sure! The product line with the largest revenue growth in FY2021 was Industrial Automation.") == "correct"
    assert _label(question, gold, " Sure! The product line with the largest revenue growth in FY2021 was Power Systems.") != "correct"


def test_an_inline_no_before_a_dash_is_the_verdict() -> None:
    question = "Has Maple Devices' research spending kept pace with revenue growth?"
    gold = "No. R&D grew 4% while revenue grew 15%, so R&D fell to 9% of revenue."
    assert _label(question, gold, "Based on the information provided, no - research spending grew 4% while revenue grew 15%.") == "correct"
    assert _label(question, gold, "Based on the information provided, yes - research spending grew 4% while revenue grew 15%.") != "correct"


def test_the_level_reached_is_not_where_the_change_started() -> None:
    question, gold = "What was the FY2021 change in Ferrant Logistics' headcount?", "Headcount increased by 2,300 employees to 41,500."
    wrong = "Headcount increased by 2,300 employees in FY2021, from 41,500 at the end of FY2020 to 43,800 at the end of FY2021."
    right = "Headcount increased by 2,300 employees in FY2021, from 39,200 at the end of FY2020 to 41,500 at the end of FY2021."
    assert _label(question, gold, wrong) != "correct"
    assert _label(question, gold, right) == "correct"
    # "compared to" moves nothing.
    question = "What was Nettle Robotics' FY2021 revenue, and how did it compare with FY2020?"
    gold = "Revenue was $1.35 billion in FY2021, up 18% from $1.14 billion in FY2020."
    assert _label(question, gold, "In FY2021, revenue increased to $1.35 billion, compared to $1.14 billion in FY2020, "
                                  "representing growth of approximately 18%.") == "correct"


def test_the_answers_own_change_overrides_one_worked_out_from_its_levels() -> None:
    question = "How did Nook Software's customer count change in FY2021?"
    gold = "The number of customers grew from 8,200 to 9,650, an increase of 17.7%."
    levels = "Nook Software customer count:\n- End of FY2020: 8,200\n- End of FY2021: 9,650\n\n"
    assert _label(question, gold, levels + "Nook Software's customer count grew by 1,450 customers, or 15.0%, in FY2021.") != "correct"
    assert _label(question, gold, levels + "Nook Software's customer count grew by 1,450 customers, or 17.7%, in FY2021.") == "correct"



def test_a_change_worked_out_from_the_levels_the_answer_moves_between() -> None:
    # "fell from 20.8% to 19.1%" moves two levels and states no change of its own: their
    # difference is the gold's 1.7 points.
    question = "What drove operating margin change as of FY2022 for Tellon Corp?"
    gold = "Operating margin decreased by 1.7% in FY2022, primarily due to higher raw material costs and litigation charges."
    said = "Tellon's operating margin fell from {} in FY2021 to 19.1% in FY2022, driven mainly by higher raw material costs and litigation charges."
    assert _label(question, gold, said.format("20.8%")) == "correct"
    assert _label(question, gold, said.format("21.8%")) != "correct"
    # Its own change beside the levels still overrides them.
    assert _label(question, gold, said.format("20.8%") + " Operating margin fell 2.7 points.") != "correct"


@pytest.mark.parametrize(
    ("gold", "answer", "turned"),
    [
        ("Free cash flow fell because of higher capital expenditure and a large tax payment, though operating cash flow grew.",
         "Operating cash flow fell because of a large tax payment, and capital expenditure increased.", ["operating cash flow"]),
        ("Operating cash flow decreased mainly due to higher inventory and lower net income.",
         "Operating cash flow decreased because of lower net income, partly offset as the company reduced inventory levels.",
         ["inventory"]),
        # The gold's ways, or a judgement that is no movement ("improving"), turn nothing.
        ("Free cash flow fell because of higher capital expenditure and a large tax payment, though operating cash flow grew.",
         "Capital expenditure increased and operating cash flow grew, but free cash flow fell.", []),
        ("Yes. Net debt to EBITDA fell from 3.9x to 2.6x.", "Yes, with net debt to EBITDA improving from 3.9x to 2.6x.", []),
        ("No. The combined ratio worsened to 101.3% from 97.8%.", "No. The combined ratio increased to 101.3% from 97.8%.", []),
    ],
)
def test_a_thing_the_gold_moves_one_way_moved_the_other(gold: str, answer: str, turned: list[str]) -> None:
    assert phrases_reversed(gold, answer) == turned


def test_a_table_value_is_its_columns_year() -> None:
    text = ("| Metric | FY2021 | FY2022 | Change |\n|---|---|---|---|\n"
            "| Net interest margin | 2.7% | 3.1% | +0.4 pp |")
    values = parse_quantities(text)
    assert [(q.text, mark[2] if mark else None) for q, mark in zip(values, value_year_marks(text, values), strict=True)] == [
        ("2.7%", 2021), ("3.1%", 2022), ("0.4 pp", None),
    ]


UPJOHN_Q = "How much does Pfizer expect to pay to spin off Upjohn in the future in USD million?"


@pytest.mark.parametrize(
    ("answer", "label"),
    [
        # An "≈" that opens a bracket says the value again at another precision; it works
        # nothing out, so the value before it is the answer.
        ("About **$77.78 million (≈ $0.078 billion)**.", "correct"),
        ("About **$70.12 million (≈ $0.070 billion)**.", "incorrect"),
        # A bracket that puts another value in the first one's place says two values, either
        # way round: the gold's among them earns nothing.
        ("About $77.78 million (≈ $70 million).", "incorrect"),
        ("About $70.00 million (≈ $77.78 million).", "incorrect"),
        # An "≈" that ends a computation still gives its result.
        ("Of the $700 million incurred, about 90% of the total, the rest is $700 million / 9 ≈ $77.78 million.", "correct"),
        ("Of the $700 million incurred, about 90% of the total, the rest is $77.78 million / 9 ≈ $8.64 million.", "incorrect"),
    ],
)
def test_an_approximate_sign_in_brackets_restates_the_value_before_it(answer: str, label: str) -> None:
    assert _label(UPJOHN_Q, "77.78", answer) == label


def test_a_bracket_that_works_the_value_out_is_no_second_value() -> None:
    question = "What is Block's FY2016 working capital ratio? Round to two decimal places."
    assert _label(question, "1.73", "Block's FY2016 working capital ratio is 1.73 (= 2,000 / 1,156).") == "correct"
    assert _label(question, "1.73", "Block's FY2016 working capital ratio is 1.73 (≈ 1.65).") == "incorrect"


INVENTORY_Q = "Is Dune Motors' inventory build a concern as of FY2022?"
INVENTORY_GOLD = "Yes, inventory days rose from 61 to 84 while sales fell 3%, which suggests slowing demand."
DIVIDEND_Q = "Is Denholm Retail Group's dividend covered by its free cash flow in FY2022?"
DIVIDEND_GOLD = (
    "No. FY2022 free cash flow was $142 million (operating cash flow of $398 million less capital expenditures of "
    "$256 million), which did not cover dividends paid of $205 million."
)


@pytest.mark.parametrize(
    ("question", "gold", "answer", "label"),
    [
        # Figures after a dash are the verdict's evidence, as after a full stop: a fall among
        # them ("revenue dropped 3%") is no second verdict.
        (INVENTORY_Q, INVENTORY_GOLD, "Yes — days of inventory increased to 84 from 61 while revenue dropped 3%, pointing to weaker demand.", "correct"),
        (INVENTORY_Q, INVENTORY_GOLD, "No — days of inventory increased to 84 from 61 while revenue dropped 3%.", "incorrect"),
        # A conclusion that gives no yes or no of its own does not take back the answer's.
        (DIVIDEND_Q, DIVIDEND_GOLD, "No, it was not covered by free cash flow. FCF was only about $142 million ($398 million of "
         "operating cash flow less $256 million of capex), so the company paid out more in dividends than it generated.", "correct"),
        # One that does ("so the dividend was covered") still says both.
        (DIVIDEND_Q, DIVIDEND_GOLD, "No, it was not covered by free cash flow. FCF was only about $142 million ($398 million of "
         "operating cash flow less $256 million of capex), so the dividend was covered.", "incorrect"),
    ],
)
def test_evidence_after_a_verdict_does_not_reverse_it(question: str, gold: str, answer: str, label: str) -> None:
    assert _label(question, gold, answer) == label
