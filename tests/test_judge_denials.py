"""For a gold that denies a thing exists, an answer that says it exists is not correct,
even beside a denial of a larger or another kind of it."""
from __future__ import annotations

import pytest

from harness.judge.affirmed_denial import affirms_denied, denied_thing
from harness.judge.offline_judge import heuristic_verdict
from harness.judge.words import root

ACQ_Q = "What are major acquisitions that Ulta Beauty has done in FY2023 and FY2022?"
ACQ_GOLD = "Ulta Beauty did not make any acquisitions in FY2023 and FY2022."
YES_NO_Q = "Did Ulta Beauty make any acquisitions in FY2023?"
YES_NO_GOLD = "No, the company did not make any acquisitions."
DEBT_Q = "Which debt securities are registered to trade on a national securities exchange under American Express' name as of 2022?"


def test_one_root_for_the_forms_of_one_act_and_not_for_another_meaning() -> None:
    assert root("acquisitions") == root("acquired") == root("acquiring")
    assert root("issuance") == root("issued") and root("expansion") == root("expanded")
    assert root("securities") != root("secured")


@pytest.mark.parametrize(
    ("question", "gold", "words"),
    [
        (ACQ_Q, ACQ_GOLD, ["acquired"]),
        (YES_NO_Q, YES_NO_GOLD, ["acquisition"]),
        (YES_NO_Q, "No.", ["acquisitions"]),  # a bare "No.": what the question asks about
        (DEBT_Q, "There are none", ["debt", "securities", "registered"]),
        # A gold that denies a use, or answers "No" to no question of existence, denies no thing.
        ("What drove gross margin change for American Express?", "Performance is not measured through gross margin", []),
        ("Has Microsoft increased its debt?", "No. Microsoft decreased its debt by $2.5bn.", []),
    ],
)
def test_the_thing_a_gold_denies(question: str, gold: str, words: list[str]) -> None:
    assert [r for r, _ in denied_thing(question, gold)] == [root(w) for w in words]


@pytest.mark.parametrize(
    "answer",
    [
        "It acquired several salons during the year; it did not make any large acquisitions.",
        "Ulta Beauty did not make any major acquisitions in FY2023 or FY2022, although it acquired several salons.",
        "Ulta Beauty acquired several salons in FY2022 and did not make any other acquisitions.",
        "In FY2022 Ulta Beauty completed two small acquisitions, but it made no major acquisitions.",
        "In FY2023 and FY2022 Ulta Beauty made several small acquisitions, none of them major.",
        # A negation after "and" does not reach back over the affirmation before it.
        "Ulta Beauty acquired two salons in FY2023 and made no large acquisitions.",
        "Ulta Beauty completed two small acquisitions in FY2022 and none in FY2023.",
        "Ulta Beauty acquired two salon chains in FY2023 and no other businesses.",
        # Weighing the thing beside doing it is doing it.
        "Ulta Beauty evaluated and completed two small acquisitions in FY2023, but made no large acquisitions.",
    ],
)
def test_an_affirmation_beside_a_denial(answer: str) -> None:
    assert affirms_denied(answer, ACQ_Q, ACQ_GOLD)


@pytest.mark.parametrize(
    "answer",
    [
        "It did not make any acquisitions; it did open several salons.",
        "It grew by opening new stores rather than by acquiring other companies.",
        "We can analyze the investing section to determine if there were any major acquisitions.",
        'The line item "Acquisitions, net of cash acquired" shows a value of $— for both years.',
        "New acquisitions might have occurred after my last update.",
        "Ulta Beauty acquired QM Scientific and GlamST in FY2018, but made no acquisitions in FY2023 or FY2022.",
        # Two denials joined by "and" stay two denials; a clause that only weighs the thing
        # does not say it happened.
        "Ulta Beauty did not make any acquisitions and did not open new stores in FY2023.",
        "Ulta Beauty made no acquisitions and no divestitures in FY2023 or FY2022.",
        "Ulta Beauty made no acquisitions in FY2023 and none in FY2022.",
        "Ulta Beauty opened new stores and made no acquisitions in FY2023 or FY2022.",
        "Ulta Beauty considered several acquisitions in FY2023 and made none.",
        "Ulta Beauty evaluated potential acquisitions but did not complete any.",
    ],
)
def test_no_affirmation(answer: str) -> None:
    assert not affirms_denied(answer, ACQ_Q, ACQ_GOLD)


def test_the_answers_own_no_is_not_a_denial_of_what_follows() -> None:
    assert affirms_denied("No. Ulta Beauty acquired several salons during FY2023.", YES_NO_Q, YES_NO_GOLD)
    # "No debt securities are listed": here "No" denies.
    assert not affirms_denied("No debt securities are listed as registered on an exchange.", DEBT_Q, "There are none")
    # A modal states no fact: "one would need to review the debt securities registered".
    assert not affirms_denied("For a list of debt securities registered, one would need to review the 10-K.", DEBT_Q, "There are none")


def test_the_verdict_for_a_gold_that_denies() -> None:
    wrong = "Ulta Beauty acquired several salons during FY2023; it did not make any large acquisitions in FY2023 or FY2022."
    verdict = heuristic_verdict(ACQ_Q, ACQ_GOLD, wrong)
    assert verdict.label == "incorrect" and "denies exists" in verdict.rationale
    right = "Ulta Beauty did not make any acquisitions in FY2023 or FY2022; it did open several new salons."
    assert heuristic_verdict(ACQ_Q, ACQ_GOLD, right).label == "correct"


def test_the_verdict_for_a_no_gold() -> None:
    wrong = "No. Ulta Beauty acquired several salons during FY2023 but made no large acquisitions."
    assert heuristic_verdict(YES_NO_Q, YES_NO_GOLD, wrong).label == "incorrect"
    right = "No, Ulta Beauty did not make any acquisitions in FY2023; it did open several salons."
    assert heuristic_verdict(YES_NO_Q, YES_NO_GOLD, right).label == "correct"


def test_named_debt_securities_beside_no_other_ones() -> None:
    wrong = (
        "American Express's 3.625% Notes due 2024 are debt securities registered on the New York Stock Exchange; "
        "it has no other debt securities registered on a national securities exchange."
    )
    assert heuristic_verdict(DEBT_Q, "There are none", wrong).label == "incorrect"
    right = (
        "There are none. Only American Express's common shares are registered on the New York Stock Exchange; "
        "it has no debt securities registered on a national securities exchange."
    )
    assert heuristic_verdict(DEBT_Q, "There are none", right).label == "correct"


def test_an_affirmation_joined_to_a_denial_by_and() -> None:
    wrong = "Ulta Beauty acquired two salons in FY2023 and made no large acquisitions in FY2023 or FY2022."
    verdict = heuristic_verdict(ACQ_Q, ACQ_GOLD, wrong)
    assert verdict.label == "incorrect" and "denies exists" in verdict.rationale
    right = "Ulta Beauty opened new stores and made no acquisitions in FY2023 or FY2022."
    assert heuristic_verdict(ACQ_Q, ACQ_GOLD, right).label == "correct"
    right = "Ulta Beauty made no acquisitions and no divestitures in FY2023 or FY2022."
    assert heuristic_verdict(ACQ_Q, ACQ_GOLD, right).label == "correct"


@pytest.mark.parametrize("written, read", [
    ("Revenue was **not** $4,812 million.", "Revenue was not $4,812 million."),
    ("Gross margin was _not_ 37.4%.", "Gross margin was not 37.4%."),
    ("It was `never` reached.", "It was never reached."),
    ("It was n\u043et $5.", "It was not $5."),  # a Cyrillic "о"
    ("It was n o t $5.", "It was not $5."),
    # Asterisks around a figure too: they stood between it and the words before it.
    ("The value is **$4,812**.", "The value is $4,812."),
    ("a change of **-1.4 percentage points**.", "a change of -1.4 percentage points."),
    # Left as they are: emphasis on a label, a bullet's star, initials, a word all in
    # Cyrillic, letters spaced that spell no denial.
    ("* 12.9% and * 13%", "* 12.9% and * 13%"),
    ("**Answer:** 37.4%", "**Answer:** 37.4%"),
    ("I.R.S. Employer No. 41-0417775", "I.R.S. Employer No. 41-0417775"),
    ("Выручка не $4,812", "Выручка не $4,812"),
    ("the U S A", "the U S A"),
    # A question put to the answer's own claim and answered at once says what its answer says.
    ("It was $5. Is that right? No.", "It was $5. Scratch that."),
    ("It was $5. Is this correct? No, it is not.", "It was $5. Scratch that."),
    ("It was $5. Does the filing support this? No.", "It was $5. Scratch that."),
    ("It grew on pricing Does the 10-K support this? No.", "It grew on pricing. Scratch that."),
    ("It was $5. Is that right? Yes.", "It was $5. That is right."),
    ("It was $5. Am I sure? No.", "It was $5. I am not sure."),
    # A question on another matter is left as it is.
    ("It was $5. Is that unusual? No.", "It was $5. Is that unusual? No."),
])
def test_an_answers_words_are_read_as_a_reader_takes_them(written: str, read: str) -> None:
    from harness.judge.disguise import as_read

    assert as_read(written) == read


def _pool(number: int) -> tuple[str, str]:
    import json

    from core.paths import PROJECT_ROOT

    for line in (PROJECT_ROOT / "tests" / "data" / "redteam_dev_questions.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row["financebench_id"].endswith(f"_{number:02d}") or row["financebench_id"].endswith(f"_{number:03d}"):
            return row["question"], row["answer"]
    raise KeyError(number)


@pytest.mark.parametrize("number, answer, credited", [
    # Right answers the rules for denials, targets, related companies, hedges, periods and
    # related metrics must not refuse: a year that dates something else, a figure's own
    # label before another's, a target beside the actual, "per" in a ratio's definition.
    (17, "Wexford's operating margin slipped from 15.9% in FY2021 to 14.2%.", True),
    (16, "In FY2021, Nettle Robotics' revenue increased to $1.35 billion, compared to $1.14 billion in FY2020, "
         "representing growth of approximately 18%.", True),
    (108, "Vesper Energy repurchased $600 million of its shares, its largest buyback since FY2019.", True),
    (189, "Yes, Redwing Airlines issued $1.5 billion of senior notes maturing in 2029.", True),
    (138, "Yes. Growth of 13% in FY2022 compares with 8% the year before.", True),
    (18, "Ostrava, which owns 30% of the Kallan joint venture, held $742 million of cash and cash equivalents at year end FY2021.", True),
    (117, "FY2021 net income attributable to shareholders of the parent: $2.04 billion.", True),
    (6, "The company beat its target: actual capex was $3.9 billion against a target of $4.2 billion.", True),
    (7, "Against a target of 1,300 stores, Pellucid ended FY2021 with 1,284 stores.", True),
    (13, "Ferrant Logistics' FY2021 inventory turnover ratio was 6.75 (a slow-ish pace for a logistics firm).", True),
    (263, "Against EPS of $3.07, Hawthorn paid a dividend of $1.84 per share in FY2021.", True),
    (277, "Of its 95.1% combined ratio, losses accounted for 62.3%.", True),
    (272, "Load factor (passengers per aircraft seat available) was 84.7% in FY2022.", True),
    (0, "Revenue of $4,812 million in FY2021 was 20% higher than two years earlier.", True),
    (0, "Harlow's total revenue was $4,812 million in FY2021 (ER segment: $1,020 million).", True),
    # Wrong answers of the same shapes.
    (108, "Vesper Energy repurchased $600 million of its shares in FY2020.", False),
    (18, "Ostrava's joint venture held $742 million of cash at year end FY2021.", False),
    (6, "Corvid's capex target for FY2020 was $3.9 billion.", False),
    (6, "Corvid aimed to spend $3.9 billion on capex in FY2020.", False),
    (0, "Total revenue was $4,812 million two years earlier.", False),
    (0, "Revenue was well short of $4,812 million.", False),
    (0, "El ingreso total no llegó a $4,812 millones.", False),
    (0, "Around $4,812m-ish.", False),
    (62, "Cobalt's cash ratio in FY2020 was 0.87.", False),
])
def test_the_newer_rules_refuse_what_they_should_and_nothing_else(number: int, answer: str, credited: bool) -> None:
    question, gold = _pool(number)
    verdict = heuristic_verdict(question, gold, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


@pytest.mark.parametrize("gold, answer, moved", [
    # A figure with a thousands mark, or a comma after it, is still in its clause and dated.
    ("In 2022, Acme spent $1,577 million on capital expenditure.", "In 2020, Acme spent $1,577 million on capital expenditure.", True),
    ("During FY2022 the value was $12,645, mainly from sales.", "During FY2020 the value was $12,645, mainly from sales.", True),
    # A date's comma keeps its year with its words.
    ("Cash was $411 million at December 31, 2022.", "Cash was $411 million at December 31, 2020.", True),
    # "by" names who reported it; the year after "in" is the figure's.
    ("The value reported by Acme in FY2022 amounted to $411 million.", "The value reported by Acme in FY2020 amounted to $411 million.", True),
    # A year set before its noun.
    ("Acme's 2022 revenue of $411 million was a record.", "Acme's 2020 revenue of $411 million was a record.", True),
    ("Acme's December 31, 2022 balance of $411 million was a record.", "Acme's December 31, 2020 balance of $411 million was a record.", True),
    # The same periods, or years that date something else, move nothing: another noun's year,
    # a comparison's, a year after a comma that is no date's.
    ("E-commerce was 31% of net sales in FY2021.", "E-commerce was 31% of net sales, well above its 2019 share.", False),
    ("Acme issued $1.5 billion of senior notes in FY2022.", "Acme issued $1.5 billion of senior notes to refinance its 2024 maturities.", False),
    ("Acme held $1,577 million of cash at December 31, 2022.", "Acme held $1,577 million of cash at year end, enough to cover its 2023 maturities.", False),
    ("Acme repurchased $1,050 million of its shares in FY2022.", "Acme repurchased $1,050 million of shares, well above its FY2021 total.", False),
    ("In 2022, Acme spent $1,577 million on capital expenditure.", "Acme spent $1,577 million on capital expenditure in 2022.", False),
    ("Cash was $411 million at December 31, 2022.", "As of December 31, 2022, cash stood at $411 million.", False),
    ("Acme issued $500 million of notes due 2032 in 2022.", "Acme issued $500 million of 2032 notes.", False),
    ("Acme's 2022 revenue of $411 million was a record.", "Revenue reached $411 million in 2022, up from 2020's $300 million.", False),
])
def test_a_figure_told_of_another_year_is_read_wherever_the_year_stands(gold: str, answer: str, moved: bool) -> None:
    from harness.judge.value_scope import in_another_year

    assert in_another_year(gold, answer) is moved


@pytest.mark.parametrize("question, answer, credited", [
    # A quarter or a date of another statement in the sentence dates nothing of the figure's.
    ("What was Acme's FY2022 revenue?", "Acme's revenue was $411 million for the full year; management expects growth to resume in H2 2023.", True),
    ("What was Acme's FY2022 revenue?", "Acme's revenue was $411 million, as reported in its annual report published on April 20, 2023.", True),
    ("What was Acme's total debt at year end FY2022?", "Acme's total debt was $411 million at year end; its next maturity is on June 1, 2024.", True),
    # A currency's code is no company: "at USD" is the figure's, not another entity's.
    ("What was Acme's revenue in FY2022?", "Acme's FY2022 revenue stood at USD 411 million.", True),
    ("What was Acme's revenue in FY2022?", "Acme's FY2022 revenue stood at US$411 million.", True),
    ("What was Acme's revenue in FY2022?", "At Borealis, revenue stood at $411 million in FY2022.", False),
])
def test_a_periods_digits_and_a_currencys_code_are_read_for_what_they_are(question: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(question, "$411 million", answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


@pytest.mark.parametrize("question, answer, credited", [
    # The level asked, given as the size of a movement: the figure is the gold's, the claim is not.
    ("What was Acme's FY2022 revenue?", "Acme's revenue increased by $411 million in FY2022.", False),
    ("What was Acme's FY2022 revenue?", "Revenue grew $411 million in FY2022.", False),
    ("What was Acme's FY2022 revenue?", "Revenue saw an increase of $411 million.", False),
    # The level a movement reached, and questions of a movement or a flow, are as they were.
    ("What was Acme's FY2022 revenue?", "Revenue increased 8% to $411 million.", True),
    ("What was Acme's FY2022 revenue?", "Revenue was $411 million in FY2022, an increase over FY2021.", True),
    ("By how much did Acme's revenue change in FY2022?", "Revenue increased by $411 million.", True),
    ("What was Acme's revenue CAGR from FY2019 to FY2022?", "Revenue grew $411 million.", True),
    ("How much did Acme raise in its FY2022 debt offering?", "Acme's debt rose by $411 million from the offering.", True),
    ("What were Acme's realized gains in FY2022?", "Realized gains of $411 million.", True),
])
def test_a_level_given_as_a_change_is_not_the_level(question: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(question, "$411 million", answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


@pytest.mark.parametrize("answer, credited", [
    # A fraction or a multiple of the figure is a value worked from it, not the figure.
    ("Capex was half of $411 million.", False),
    ("Capex was about twice $411 million.", False),
    ("Capex was 3 times $411 million.", False),
    ("Capex was two-thirds of the $411 million budget.", False),
    # The figure itself, with a fraction or a multiple of something else beside it.
    ("Capex was $411 million, about half of operating cash flow.", True),
    ("Capex was $411 million (twice the prior year).", True),
    ("Capex was $411 million; half of the $411 million went to growth.", True),
])
def test_a_fraction_or_multiple_of_the_figure_is_not_the_figure(answer: str, credited: bool) -> None:
    verdict = heuristic_verdict("What was Acme's FY2022 capital expenditure?", "$411 million", answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


@pytest.mark.parametrize("question, gold, answer, credited", [
    # A question of a movement or a flow in words the first version missed: the answer's
    # "fell by", "rose" is its own way of giving what was asked.
    ("How many stores did Acme close in FY2020?", "112", "Acme's store count fell by 112 in FY2020 as it closed stores.", True),
    ("How much goodwill did Acme record from its FY2022 acquisition (in USD millions)?", "$612m",
     "Goodwill increased by $612 million as a result of the FY2022 acquisition.", True),
    ("How much did Acme's net interest margin expand in FY2022?", "35 basis points", "Net interest margin rose by 35 basis points.", True),
    ("How much did Acme pay down its debt in FY2022?", "$2.5 billion", "Total debt declined by $2.5 billion as Acme repaid its term loan.", True),
    # An "-ing" word before a level names it, it does not move it.
    ("What is Acme's FY2022 backlog (in USD billions)?", "$3.45", "Acme reported a growing $3.45 billion backlog at the end of FY2022.", True),
    # The gold's figure named as the base of a breakdown that opens the sentence.
    ("What is Acme's FY2022 backlog (in USD billions)?", "$3.45", "About 60% of the $3.45 billion backlog converts to revenue within a year.", True),
    ("How many stores did Acme operate at the end of FY2021?", "1,284", "About two-thirds of its 1,284 stores are in North America.", True),
    # "no more than one decimal place" asks no comparison.
    ("What is Acme's FY2022 revenue? Answer in USD millions, rounded to no more than one decimal place.", "$411.0",
     "Revenue increased by $411.0 million in FY2022.", False),
    # A level given as a movement in the words the first version missed.
    ("What is Acme's FY2021 total revenue in USD millions?", "$4,812", "Revenue was up $4,812 million year over year.", False),
    ("What is Acme's FY2021 total revenue in USD millions?", "$4,812", "Revenue saw a $4,812 million increase in FY2021.", False),
    ("What is Acme's FY2021 total revenue in USD millions?", "$4,812", "Revenue had a year-over-year increase of $4,812 million.", False),
    ("What is Acme's FY2021 total revenue in USD millions?", "$4,812", "Revenue increased by USD 4,812 million.", False),
    ("What is Acme's FY2021 total revenue in USD millions?", "$4,812", "Revenue went up by $4,812 million.", False),
    # A fraction or multiple of the figure in the words the first version missed.
    ("What is Acme's FY2021 total revenue in USD millions?", "$4,812", "Revenue was roughly half the $4,812 million figure.", False),
    ("What is Acme's FY2021 total revenue in USD millions?", "$4,812", "Revenue was 2x $4,812 million.", False),
    ("What is Acme's FY2021 total revenue in USD millions?", "$4,812", "Revenue was about a third of Acme's $4,812 million in total assets.", False),
    ("What dividend did Acme pay in FY2021?", "$1.25 billion", "Dividends were 60% of net income of $1.25 billion.", False),
    ("What dividend per share did Acme pay in FY2021?", "$1.84 per share", "Acme paid $1.84 per share in dividends in FY2021, about 60% of its $3.07 EPS.", True),
])
def test_movements_and_fractions_are_read_in_the_words_answers_use(question: str, gold: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(question, gold, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


@pytest.mark.parametrize("gold, answer, moved", [
    # Two periods joined by "and": the figure's is the one on its side; a span is one period.
    ("Acme held $742 million of cash at year end FY2021.", "Acme held $742 million of cash at year end FY2020 and a similar amount in FY2021.", True),
    ("No. Acme decreased its debt by $2.5bn in FY 2023 vs FY 2022.", "Acme's total debt decreased by $2.5 billion between FY2022 and FY2023.", False),
    # A fiscal year holds the calendar year before it (a retailer's FY2021 runs from February
    # 2020), not the one after.
    ("Acme held $742 million of cash at year end FY2021.", "Acme's cash was $742 million as of December 31, 2020.", False),
    ("Acme held $742 million of cash at year end FY2021.", "Acme's cash was $742 million as of December 31, 2022.", True),
    # "in the prior year" is the answer's year before its own, which may be the gold's.
    ("Operating margin was 14.2% in FY2022, down from 15.9% in FY2021.", "Operating margin decreased to 14.2% from 15.9% in the prior year.", False),
])
def test_a_figures_year_is_read_on_its_side_of_an_and(gold: str, answer: str, moved: bool) -> None:
    from harness.judge.value_scope import in_another_year

    assert in_another_year(gold, answer) is moved


@pytest.mark.parametrize("question, gold, answer, credited", [
    # The gold calls the metric useful; the answer denies its use, then gives the gold's figure.
    ("What is Acme's FY2022 operating margin? If operating margin is not a useful metric for a company like this, then please state that.",
     "Operating margin is a useful metric for Acme; it was 11.2% in FY2022.",
     "Operating margin is not a useful metric for Acme; it was 11.2% in FY2022.", False),
    ("Is operating margin a useful metric for Acme Airlines? If not, explain why.",
     "Operating margin is useful, but FY2020 figures are distorted by the pandemic; operating margin was -42%.",
     "Operating margin is not a useful metric for Acme Airlines because FY2020 figures are distorted by the pandemic; operating margin was -42%.",
     False),
    ("Is operating margin a useful metric for Acme Airlines? If not, explain why.",
     "Operating margin is useful, but FY2020 figures are distorted by the pandemic; operating margin was -42%.",
     "Yes, operating margin is useful, though the pandemic distorts FY2020, when it was -42%.", True),
    # A gold that answers with the metric leaves its use open: doubting it on the way is no denial of the gold.
    ("Does Acme have positive working capital based on FY2022 data? If working capital is not a useful or relevant metric for this company, then please state that and explain why.",
     "Yes. Acme had positive working capital of $124 million in FY2022.",
     "Yes. Working capital is not the most relevant metric for a utility, but Acme's was positive at $124 million in FY2022.", True),
])
def test_an_answer_that_denies_the_metric_the_gold_calls_useful_is_not_the_gold(
    question: str, gold: str, answer: str, credited: bool,
) -> None:
    verdict = heuristic_verdict(question, gold, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


@pytest.mark.parametrize("gold, answer, credited", [
    # The gold's words in a sentence of what did not happen are not the answer's claim.
    ("Acme plans a new processing plant in Norway and an upgrade of its cold-storage network.",
     "Acme considered a new processing plant in Norway and an upgrade of its cold-storage network, but deferred both.", False),
    ("Higher prices and a richer product mix expanded Acme's margins.",
     "Higher prices and a richer product mix would have expanded Acme's margins, but the gain came from a property sale.", False),
    # Said as they happened, they are.
    ("Acme plans a new processing plant in Norway and an upgrade of its cold-storage network.",
     "Acme plans to build a new processing plant in Norway and to upgrade its cold-storage network.", True),
    # A gold that itself tells a counterfactual is matched in its own words.
    ("Without the divestiture, revenue would have grown on the strength of higher prices and volumes.",
     "Revenue would have grown without the divestiture, thanks to higher prices and volumes.", True),
])
def test_the_golds_words_in_what_did_not_happen_are_not_its_facts(gold: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict("What are Acme's plans, and what drove its margins?", gold, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


@pytest.mark.parametrize("gold, answer, credited", [
    # Every name and role of the gold's, each name in the other's role.
    ("Anita Cole is the CEO and Marcus Webb is the CFO.", "Marcus Webb is the CEO and Anita Cole is the CFO.", False),
    ("Anita Cole is the CEO and Marcus Webb is the CFO.", "Chief Executive Officer Marcus Webb and Chief Financial Officer Anita Cole.", False),
    # The same roles in other words, and a company named as where a role is held.
    ("Anita Cole is the CEO and Marcus Webb is the CFO.", "Chief Executive Officer Anita Cole and Chief Financial Officer Marcus Webb.", True),
    ("Yes. She was previously CEO of Ulta Beauty, a large retailer.",
     "Yes. Mary Dillon served as CEO and Executive Chair of Ulta Beauty, a large retailer, before joining.", True),
])
def test_names_are_read_in_the_roles_the_gold_gives_them(gold: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict("Who are Acme's chief executive and chief financial officer?", gold, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


@pytest.mark.parametrize("answer, credited", [
    # The gold's one date, alone or in the gold's words: a date's comma parts no names.
    ("June 15, 2027.", True),
    ("They mature on 15 June 2027.", True),
    # Another date, another event on the date, a hedge or a denial is not the gold's date.
    ("June 15, 2026.", False),
    ("Vireo Pharma's convertible notes were issued on June 15, 2027.", False),
    ("June 15, 2027 or 2028.", False),
    ("Probably June 15, 2027, but I am not sure.", False),
    ("The notes do not mature on June 15, 2027.", False),
])
def test_a_date_gold_is_answered_by_its_date(answer: str, credited: bool) -> None:
    verdict = heuristic_verdict("What is the maturity date of Vireo Pharma's convertible notes?", "The notes mature on June 15, 2027.", answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


@pytest.mark.parametrize("answer, credited", [
    # A reason after ", as" is the reason's, not the verdict's: the costs rise, not the margins.
    ("No. Management expects flat margins, as higher input costs offset price increases.", True),
    ("No. Management expects flat margins because higher input costs offset price increases.", True),
    # The verdict's own direction still counts.
    ("No. Margins are expected to improve, as price increases outpace costs.", False),
    # A sentence that leaves the asked margins where they were says no to their rising,
    # whatever moves in its reasons; another thing standing still does not.
    ("No. Management does not expect margins to improve in FY2023; it guides to broadly flat margins. The company "
     "expects price increases to be offset by continued increases in input costs, leaving margins roughly where they "
     "were in FY2022.", True),
    ("No. Margins are expected to rise to 14% from 12% in FY2023, although input costs stay flat.", False),
    ("No. Management expects margins to increase in FY2023 while costs remain stable.", False),
])
def test_a_reason_after_as_is_not_the_verdicts_direction(answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(
        "Does Birch Energy's management expect margins to improve in FY2023?",
        "No. Management expects margins to stay flat because higher input costs will offset price increases.", answer,
    )
    assert (verdict.label == "correct") is credited, verdict.rationale


@pytest.mark.parametrize("question, gold, answer, credited", [
    # A gold that dates none of its figure tells it of the question's year: the answer that
    # dates it two years or more away, naming no year asked, tells of another year.
    ("Did Acme record an impairment in FY2020?", "Yes, it recorded a $1.4 billion impairment of its regional fleet.",
     "Yes, it recorded a $1.4 billion impairment of its regional fleet in FY2018.", False),
    ("Is Acme's debt level increasing as of FY2021?", "No. Total debt decreased from $2.1 billion to $1.8 billion.",
     "No. Total debt decreased from $2.1 billion to $1.8 billion in FY2019.", False),
    ("Did Acme cut its dividend in FY2020?", "Yes, the quarterly dividend was cut from $0.30 to $0.10 per share.",
     "Yes, Acme cut its quarterly dividend from $0.30 to $0.10 per share back in FY2009.", False),
    # One year away may be the year asked (a fiscal year-end in the calendar year before).
    ("Did Acme record an impairment in FY2020?", "Yes, it recorded a $1.4 billion impairment of its regional fleet.",
     "Yes, it recorded a $1.4 billion impairment of its regional fleet in 2019.", True),
    ("Did Acme record an impairment in FY2020?", "Yes, it recorded a $1.4 billion impairment of its regional fleet.",
     "Yes, it recorded a $1.4 billion impairment of its regional fleet in FY2020.", True),
    # Another thing's year, outside the figure's clause or said of a purchase, dates nothing.
    ("Did Acme record an impairment in FY2020?", "Yes, it recorded a $1.4 billion impairment of its regional fleet.",
     "Yes. Acme booked a $1.4 billion impairment on its regional fleet, which it had bought in 2014.", True),
    ("Did Acme record an impairment in FY2020?", "Yes, it recorded a $1.4 billion impairment of its regional fleet.",
     "Yes, a $1.4 billion impairment of the regional fleet bought in 2014.", True),
    # An answer that names the year asked tells of it, whatever other year it names.
    ("Is Acme's debt level increasing as of FY2022?", "No. Total debt decreased from $2.1 billion to $1.8 billion.",
     "No. Total debt decreased from $2.1 billion in FY2020 to $1.8 billion in FY2022.", True),
])
def test_an_undated_golds_figure_is_of_the_year_asked(question: str, gold: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(question, gold, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


@pytest.mark.parametrize("gold, answer, credited", [
    # Two of the gold's figures in each other's places: by their labels, the noun after one,
    # or the two ends of a movement.
    ("No. Current liabilities of $2.9 billion exceeded current assets of $2.4 billion.",
     "No. Current assets of $2.9 billion exceeded current liabilities of $2.4 billion.", False),
    ("Yes. Its CET1 ratio of 13.2% is well above the 7% regulatory minimum.",
     "Yes. Its CET1 ratio of 7% is just at the 13.2% regulatory minimum.", False),
    ("Yes. Net interest margin rose to 3.1% from 2.7% as interest rates increased.",
     "Yes, net interest margin improved to 2.7% from 3.1%.", False),
    ("Acme acquired Marlow Dairy for $320 million and Peakside Snacks for $95 million.",
     "Acme acquired Marlow Dairy for $95 million and Peakside Snacks for $320 million.", False),
    # What moved by it, a label with its verb left out, what it is an amount of.
    ("R&D grew 4% while revenue grew 15%, so R&D fell to 9% of revenue.",
     "R&D grew 15% while revenue grew 4%, so R&D fell to 9% of revenue.", False),
    ("Capital expenditures were only 2.3% of revenue and fixed assets 11% of total assets.",
     "Capital expenditures were only 11% of revenue and fixed assets 2.3% of total assets.", False),
    ("It had $1.1 billion of cash and an undrawn $2 billion revolving credit facility.",
     "It had $2 billion of cash and an undrawn $1.1 billion revolving credit facility.", False),
    # The end of a movement with its size before it; what a share is said to be.
    ("Marketing expense rose 9% to $412 million, mainly due to $57 million of launch costs.",
     "Marketing expense rose 9% to $57 million, mainly due to $412 million of launch costs.", False),
    ("Of its 1,200 stores, about 64% were leased and 36% were owned outright.",
     "Of its 1,200 stores, about 36% were leased and 64% were owned outright.", False),
    ("Of its 2,150 hotels, about 81% were franchised and 19% company-managed.",
     "Of its 2,150 hotels, about 19% were franchised and 81% company-managed.", False),
    # The same figures in the same places, however the sentence is turned.
    ("Marketing expense rose 9% to $412 million, mainly due to $57 million of launch costs.",
     "Marketing expense increased 9% to $412 million; launch costs of $57 million were the main reason.", True),
    ("Of its 1,200 stores, about 64% were leased and 36% were owned outright.",
     "About 36% of its 1,200 stores were owned outright and 64% were leased.", True),
    ("Of its 2,150 hotels, about 81% were franchised and 19% company-managed.",
     "81% of the 2,150 hotels were franchised; the other 19% were company-managed.", True),
    ("R&D grew 4% while revenue grew 15%, so R&D fell to 9% of revenue.",
     "Revenue grew 15% while R&D grew 4%, so R&D fell to 9% of revenue.", True),
    ("It had $1.1 billion of cash and an undrawn $2 billion revolving credit facility.",
     "It held cash of $1.1 billion, and its $2 billion revolving credit facility was undrawn.", True),
    ("No. Current liabilities of $2.9 billion exceeded current assets of $2.4 billion.",
     "No. Current assets were $2.4 billion, below current liabilities of $2.9 billion.", True),
    ("Yes. Its CET1 ratio of 13.2% is well above the 7% regulatory minimum.",
     "Yes, its CET1 ratio was 13.2%, well above the regulatory minimum of 7%.", True),
    ("Yes. Net interest margin rose to 3.1% from 2.7% as interest rates increased.",
     "Yes. Net interest margin was 3.1% in FY2022, up from 2.7% a year earlier, as interest rates increased.", True),
    ("Acme acquired Marlow Dairy for $320 million and Peakside Snacks for $95 million.",
     "Acme bought Peakside Snacks for $95 million and Marlow Dairy for $320 million.", True),
])
def test_two_figures_in_each_others_places_are_not_the_gold(gold: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict("What does the filing say?", gold, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


@pytest.mark.parametrize("gold, answer, credited", [
    # The two sides of a comparison turned round, with the gold's figure or figures.
    ("Yes, current assets exceeded current liabilities by $410 million.",
     "Yes, current liabilities exceeded current assets by $410 million.", False),
    ("No. Current liabilities of $2.9 billion exceeded current assets of $2.4 billion.",
     "No. Current assets of $2.4 billion exceeded current liabilities of $2.9 billion.", False),
    # The same sides in other words.
    ("Yes, current assets exceeded current liabilities by $410 million.",
     "Yes, current assets were $410 million higher than current liabilities.", True),
    ("Yes, current assets exceeded current liabilities by $410 million.",
     "Yes; current assets exceed current liabilities by $410 million.", True),
])
def test_a_comparison_turned_round_is_not_the_gold(gold: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict("Does Acme have positive working capital?", gold, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


@pytest.mark.parametrize("gold, answer, credited", [
    # The gold's figure named as the opposite line item.
    ("Yes. Harlow Industries reported net income of $318 million in FY2021.",
     "Yes. Harlow Industries reported a net loss of $318 million in FY2021, but it remained cash-flow positive.", False),
    ("No. Its net loss was $42 million.", "No, it posted net income of $42 million.", False),
    # The item named as the gold names it, the other one said of something else.
    ("Yes. Harlow Industries reported net income of $318 million in FY2021.",
     "Yes, Harlow earned net income of $318 million in FY2021 after a loss the year before.", True),
    ("Yes. Harlow Industries reported net income of $318 million in FY2021.",
     "Yes. Net income was $318 million in FY2021, reversing a net loss.", True),
])
def test_a_figure_named_as_the_opposite_item_is_not_the_gold(gold: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict("Is Harlow Industries profitable as of FY2021?", gold, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


@pytest.mark.parametrize("answer, credited", [
    # The gold's figure given to another item, the gold's item holding another figure.
    ("Stores were 31% of net sales; e-commerce was the remaining 69%, a rising share.", False),
    # The gold's item named with the figure, or the figure left unplaced.
    ("E-commerce was 31% of net sales; stores were the remaining 69%, a falling share.", True),
    ("About 31% of net sales came from e-commerce, a rising share; stores made up the rest.", True),
])
def test_a_figure_given_to_another_item_is_not_the_gold(answer: str, credited: bool) -> None:
    gold = "E-commerce was 31% of net sales, a rising share."
    verdict = heuristic_verdict("What does the filing say of e-commerce?", gold, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


@pytest.mark.parametrize("answer, credited", [
    # The gold's pick and its figure put on the other region, read where the key terms credit.
    ("Asia Pacific, up 19%, ahead of Latin America at 11%.", False),
    ("Latin America grew 19%, ahead of Asia Pacific at 11%.", True),
    ("Latin America, up 19%; Asia Pacific was second at 11%.", True),
])
def test_figures_in_each_others_places_are_read_where_key_terms_credit(answer: str, credited: bool) -> None:
    verdict = heuristic_verdict("Which region grew fastest for Marigold Beverages in FY2022?",
                                "Latin America, up 19%, ahead of Asia Pacific at 11%.", answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


@pytest.mark.parametrize("answer, credited", [
    # Two coupons told apart by the years the notes are due alone, exchanged.
    ("The 5.5% Notes due 2027 and 4.25% Notes due 2031 are listed on the NYSE.", False),
    ("Its 5.5% senior notes maturing in 2027 and its 4.25% senior notes due 2031.", False),
    # Each coupon with its own year, in any order or layout; a heading over them
    # ("Listed:") is no item the gold's figures were given to.
    ("The 5.5% Notes due 2031 and the 4.25% Notes due 2027 are listed on the NYSE.", True),
    ("Listed on the NYSE: 4.25% Notes due 2027; 5.5% Notes due 2031.", True),
])
def test_coupons_are_told_apart_by_the_year_their_notes_are_due(answer: str, credited: bool) -> None:
    verdict = heuristic_verdict("Which debt securities are registered to trade on a national securities exchange?",
                                "Kinross Paper's 4.25% Notes due 2027 and 5.5% Notes due 2031 are listed on the NYSE.", answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


@pytest.mark.parametrize("gold, answer, credited", [
    # The gold's percent given as a sum of money, or its sum as a percent, in the same role.
    ("Provisions for credit losses fell by 35% to $210 million.",
     "Provisions for credit losses fell by $35 million to $210 million as credit quality improved.", False),
    ("RevPAR was $142, up 31% year over year.", "RevPAR was $142 in FY2022, up $31 from the prior year.", False),
    ("Book value per share grew 7.5% to $48.10.", "Book value per share increased by $7.50 to $48.10 in FY2022.", False),
    # The change in both units, or the percent alone, as the gold gives it.
    ("Provisions for credit losses fell by 35% to $210 million.",
     "Provisions for credit losses fell 35%, or $113 million, to $210 million.", True),
    ("RevPAR was $142, up 31% year over year.", "RevPAR rose 31% to $142.", True),
    ("Book value per share grew 7.5% to $48.10.", "Book value per share rose 7.5%, or $3.36, to $48.10.", True),
])
def test_the_golds_digits_in_another_unit_are_not_its_figure(gold: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict("How did it change in FY2022?", gold, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


@pytest.mark.parametrize("question, gold, answer, credited", [
    # The gold's figure stated, then replaced later in the sentence.
    ("What was Linden Energy's FY2019 diluted EPS?", "$2.47",
     "Diluted EPS for FY2019 was initially reported as $2.47; following the restatement for discontinued "
     "operations, FY2019 diluted EPS is now $2.31.", False),
    ("What was Meridian's FY2021 effective tax rate?", "21.8%",
     "At first glance the effective tax rate looks like 21.8%, but that excludes discrete items; including "
     "them, the FY2021 rate was 24.3%.", False),
    ("What production did Linden guide to for FY2020?", "410 to 430 thousand boe per day",
     "Linden initially guided to 410 to 430 thousand boe per day for FY2020, but cut the range to 390 to 410 "
     "thousand boe per day in its third-quarter update.", False),
    # A restatement or a first look that replaces nothing.
    ("What was Linden Energy's FY2019 diluted EPS?", "$2.47",
     "Diluted EPS was $2.47 in FY2019, after the restatement of FY2018's results.", True),
    ("What was Meridian's FY2021 effective tax rate?", "21.8%",
     "The FY2021 effective tax rate was 21.8%; at first glance it looks high, but it is in line with peers.", True),
    ("What production did Linden guide to for FY2020?", "410 to 430 thousand boe per day",
     "Linden guided to 410 to 430 thousand boe per day for FY2020 and kept the range all year.", True),
])
def test_a_figure_taken_back_by_a_later_one_is_not_the_answer(question: str, gold: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(question, gold, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


@pytest.mark.parametrize("answer, credited", [
    # The figure is a share of another line item than the one asked, named after its period.
    ("Its largest customer, Halvorsen Grocers, accounted for 14% of FY2020 accounts receivable and 9% of revenue.", False),
    ("Its largest customer accounted for 14% of fiscal 2020 receivables.", False),
    # The item asked, with or without its period.
    ("Its largest customer accounted for 14% of FY2020 revenue.", True),
    ("Its largest customer accounted for 14% of fiscal year 2020 net sales.", True),
])
def test_a_share_of_another_line_item_named_after_its_period_is_not_the_gold(answer: str, credited: bool) -> None:
    verdict = heuristic_verdict("What percentage of Kestrel Foods' FY2020 revenue came from its largest customer?", "14%", answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


# (A question that asks what is used, not a yes or no: a right yes or no on figures the gold
# denies is credited by design, as FinanceBench's reviewers credit it; see test_judge_realistic.)
BANK_Q = ("What metrics does Cedar Ridge Bancorp's management use to assess profitability? If gross margin is not a useful "
          "metric for a bank, please state that and explain why.")
BANK_GOLD = (
    "Gross margin is not a meaningful metric for Cedar Ridge, because as a bank it has no cost of goods sold. Management "
    "instead evaluates profitability through net interest margin (3.1% in FY2022, up from 2.7%) and the efficiency ratio (58.4%)."
)


@pytest.mark.parametrize(
    ("answer", "credited"),
    [
        (BANK_GOLD, True),
        ("Gross margin is not meaningful for Cedar Ridge: a bank has no cost of goods sold. Management uses net interest "
         "margin, 3.1% in FY2022 (up from 2.7%), and the efficiency ratio of 58.4%.", True),
        # The denial agreed with, the figures of what is used instead changed or moved. (Where
        # one of them is still the gold's, the verdict agreed with carries it, by design.)
        (BANK_GOLD.replace("3.1%", "4.4%").replace("2.7%", "3.5%").replace("58.4%", "71.9%"), False),
        (BANK_GOLD.replace("FY2022", "FY2019"), False),
        (BANK_GOLD.replace("up from", "down from"), False),
    ],
)
def test_a_denial_is_credited_only_with_the_golds_figures_of_what_is_used_instead(answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(BANK_Q, BANK_GOLD, answer)
    assert (verdict.label == "correct") == credited, verdict.rationale


RISK_Q = "What are the major risks Larkspur Precision Components faces as of FY2022?"
RISK_GOLD = (
    "Larkspur's most significant risk is customer concentration: its two largest aerospace customers accounted for 41% of "
    "FY2022 revenue, so production-rate cuts or the loss of either program would materially hurt results. It is also "
    "exposed to rising interest costs on $1.2 billion of floating-rate debt."
)


@pytest.mark.parametrize(
    ("answer", "credited"),
    [
        # The gold after a lead-in or before a source: its "either program" is the filing's, no hedge.
        (f"According to the filing, {RISK_GOLD[0].lower()}{RISK_GOLD[1:]}", True),
        (f"{RISK_GOLD} (Source: 10-K, Item 1A.)", True),
        (f"{RISK_GOLD}\n\nThis is stated in the risk factors.", True),
        # Another share there is still another share.
        (f"According to the filing, {RISK_GOLD[0].lower()}{RISK_GOLD[1:]}".replace("41%", "63%"), False),
    ],
)
def test_the_golds_own_figure_beside_words_of_doubt_is_no_rival_of_itself(answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(RISK_Q, RISK_GOLD, answer)
    assert (verdict.label == "correct") == credited, verdict.rationale
