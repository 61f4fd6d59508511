""""either" closing a negative clause is one more denial, and "either X or Y" inside a
negation's scope enumerates what is denied: neither offers alternatives, as a hedge does."""
from __future__ import annotations

import pytest

from harness.judge.hedging import hedges
from harness.judge.offline_judge import heuristic_verdict

ACQ_Q = "What are major acquisitions that Ulta Beauty has done in FY2023 and FY2022?"
ACQ_GOLD = "Ulta Beauty did not make any acquisitions in FY2023 and FY2022."
DEBT_Q = "Has Microsoft increased its debt on balance sheet between FY2023 and the FY2022 period?"
DEBT_GOLD = "No. Microsoft decreased its debt by $2.5bn in FY 2023 vs FY 2022."


@pytest.mark.parametrize(
    "text",
    [
        "It made no acquisitions in FY2023, and no divestitures either.",
        "It did not divest any business either",
        "Nor did it sell any stores either.",
        "It didn't repurchase shares either; it paid no dividend.",
    ],
)
def test_either_closing_a_negative_clause_is_no_hedge(text: str) -> None:
    assert not hedges(text)


@pytest.mark.parametrize(
    "text",
    [
        "It had no debt, either long-term or short-term.",
        "There is no debt, either long-term or short-term.",
        "It has no debt of either kind.",
        "It made no acquisitions in either FY2023 or FY2022.",
        "It made no acquisitions in FY2023 and FY2022, either large or small.",
        "No debt securities are registered to trade on either the NYSE or Nasdaq.",
        "No. It did not report material legal battles, either in FY2022 or in FY2021.",
        "Gross margin is not a relevant metric for a bank, either as a measure of profit or of efficiency.",
        # "since", "as" and "that" before a time name the period of the denial, not a new clause.
        "It made no acquisitions since 2020, either large or small.",
        "It made no acquisitions since fiscal 2021, either large or small.",
        "It made no acquisitions as of FY2023, either large or small.",
        "It made no acquisitions that year, either large or small.",
    ],
)
def test_either_inside_a_negations_scope_enumerates_what_is_denied(text: str) -> None:
    assert not hedges(text)


@pytest.mark.parametrize(
    "text",
    [
        "Capex was either $1,373 million or $1,577 million.",
        "It was not Client; it was either Data Center or Gaming.",
        # No negation in its own sentence: "either" leaves the choice open.
        "It was Data Center or Gaming. It could be either.",
        "Both grew fast; the winner was either.",
        # The answer's own "No," is its verdict, not a negation of the clause it heads.
        "No, either.",
        # "or not" offers an alternative; it denies nothing.
        "Capex was $1,577 million or not, either.",
        # Another hedge word beside a concord "either" still hedges.
        "It made no acquisitions either, but it might have bought a few salons.",
        # "either X or Y" outside the negation's clause: after a break, a new clause, or in
        # a clause of its own joined by a comma.
        "It was either $1.5 billion or $1.6 billion.",
        "Either long-term or short-term debt rose.",
        "It had no debt; its revenue was either $1.5 billion or $1.6 billion.",
        "It did not grow, but revenue was either $1.5 billion or $1.6 billion.",
        "It had no debt and its revenue was either $1.5 billion or $1.6 billion.",
        "It made no large acquisitions, it made either one or two small ones.",
        "There is no evidence that revenue was either $1.5 billion or $1.6 billion.",
        # "since", "as" and "that" opening a clause of their own end the denial's scope.
        "It made no acquisitions since it was either saving cash or paying down debt.",
        "It made no acquisitions, as it was either saving cash or paying down debt.",
        "It made no acquisitions that were either large or small, it bought one or two.",
        "It made no acquisitions since then, as revenue was either $1.5 billion or $1.6 billion.",
        # A negation of knowing leaves the alternatives open.
        "I do not know whether it was either $1.5 billion or $1.6 billion.",
        "It is not certain it was either long-term or short-term debt.",
        # A guess, not a denial.
        "Revenue is unlikely to be either $1.5 billion or $1.6 billion.",
    ],
)
def test_either_between_alternatives_hedges(text: str) -> None:
    assert hedges(text)


def test_a_range_inside_a_longer_text_is_read_between_its_bounds() -> None:
    text = "It made no acquisitions either. Capex was either $1.3 billion or $1.6 billion."
    assert not hedges(text, 0, text.index("Capex"))
    assert hedges(text, text.index("Capex"))


def test_a_denial_closed_by_either_is_the_golds_denial() -> None:
    answer = "Ulta Beauty made no acquisitions in FY2023 or FY2022, and no divestitures either."
    assert heuristic_verdict(ACQ_Q, ACQ_GOLD, answer).label == "correct"
    answer = "No. Microsoft did not increase its debt in FY2023, and it did not issue new long-term debt either."
    assert heuristic_verdict(DEBT_Q, DEBT_GOLD, answer).label == "correct"
    hedged = "Ulta Beauty did not make large acquisitions in FY2023 and FY2022; it made either one or two small ones."
    assert heuristic_verdict(ACQ_Q, ACQ_GOLD, hedged).label != "correct"


DEBT_SECURITIES_Q = "Which debt securities are registered to trade on a national securities exchange under Ulta Beauty's name as of FY2023?"
LEGAL_Q = "Has Pepsico reported any materially important ongoing legal battles from FY2022 and FY2021?"
LEGAL_GOLD = "No, Pepsico is not involved in material legal battles."


@pytest.mark.parametrize(
    ("question", "gold", "answer"),
    [
        (DEBT_SECURITIES_Q, "There are none", (
            "There are none: Ulta Beauty has no debt, either long-term or short-term, and no debt securities registered on "
            "a national securities exchange."
        )),
        (DEBT_SECURITIES_Q, "There are none", "Ulta Beauty has no debt securities registered on a national securities exchange; it has no debt of either kind."),
        (ACQ_Q, ACQ_GOLD, "Ulta Beauty made no acquisitions, either in FY2023 or in FY2022."),
        (LEGAL_Q, LEGAL_GOLD, "No, PepsiCo is not involved in material legal battles in either FY2022 or FY2021."),
    ],
)
def test_a_denial_that_enumerates_with_either_is_the_golds_denial(question: str, gold: str, answer: str) -> None:
    verdict = heuristic_verdict(question, gold, answer)
    assert verdict.label == "correct", verdict.rationale


@pytest.mark.parametrize(
    "answer",
    [
        "Ulta Beauty did not make large acquisitions in FY2023 or FY2022, it made either one or two small ones.",
        "Ulta Beauty made no large acquisitions in FY2023 and either one or two small ones in FY2022.",
        "I do not know whether Ulta Beauty made either one or two acquisitions in FY2023 and FY2022.",
    ],
)
def test_alternatives_outside_the_denial_still_hedge(answer: str) -> None:
    assert heuristic_verdict(ACQ_Q, ACQ_GOLD, answer).label != "correct"


# A gold whose yes or no is the whole of what it adds to the question: a bare verdict answers it.
_RECOVERED = "Has the hotel group's occupancy recovered to pre-pandemic levels by FY2022?"
_NOT_RECOVERED = "No. Occupancy was 71% in FY2022 against 79% in FY2019."


@pytest.mark.parametrize("answer", ["No. Or not.", "No. That is false.", "No. Then again, maybe not.", "No ❌ Yes ✅"])
def test_a_verdict_taken_back_or_crossed_out_is_not_given(answer: str) -> None:
    """"No." is kept with the sentence after it by sentence splitting (it may abbreviate
    "number"), so what takes that sentence back must take back the "No." too; a crossed-out
    verdict beside a ticked one is the ticked one."""
    assert heuristic_verdict(_RECOVERED, _NOT_RECOVERED, answer).label != "correct"


@pytest.mark.parametrize("answer", [
    "No.", "No ✅", "No. Occupancy was 71% in FY2022 against 79% in FY2019. This follows from the figures the 10-K reports.",
])
def test_a_verdict_with_its_figures_is_given(answer: str) -> None:
    """The figures after "No." state no yes of their own: only a direction, the property
    asked, a negation or two of the question's words would."""
    assert heuristic_verdict(_RECOVERED, _NOT_RECOVERED, answer).label == "correct"


def test_a_denial_by_made_no_is_the_golds_denial() -> None:
    question, gold = "What acquisitions did the bank make in FY2022?", "The bank made no acquisitions in FY2022."
    assert heuristic_verdict(question, gold, "According to the filing, the bank made no acquisitions in FY2022.").label == "correct"
    assert heuristic_verdict(question, gold, "The bank acquired Castor Life in FY2022.").label != "correct"


def test_the_companys_name_is_not_what_a_verdicts_figures_say_of_the_question() -> None:
    """After "No.", "Zander Foods kept its policy ..." shares the company's name and "policy"
    with the question: a statement of what it kept, not a yes that its policy changed."""
    question = "Has Zander Foods changed its dividend policy in FY2021?"
    gold = "No, Zander Foods kept its policy of paying out about 50% of earnings."
    kept = "No. Zander Foods kept its policy of paying out about 50% of earnings. This follows from the figures the 10-K reports."
    assert heuristic_verdict(question, gold, kept).label == "correct"
    assert heuristic_verdict(question, gold, "No. Zander Foods changed its dividend policy.").label != "correct"


_MARGINS = "Does the company's management expect margins to improve in FY2023?"
_FLAT = "No. Management expects margins to stay flat because higher input costs will offset price increases."


def test_the_reasons_after_because_are_not_the_verdicts_direction() -> None:
    """"... stay flat because higher input costs will offset price increases": the costs and
    prices rise, the margins do not; the "No." stands. Turned, the reasons are wrong."""
    with_source = f"{_FLAT} This follows from the figures the 10-K reports."
    assert heuristic_verdict(_MARGINS, _FLAT, with_source).label == "correct"
    turned = "No. Management expects margins to stay flat because lower input costs will offset price decreases."
    assert heuristic_verdict(_MARGINS, _FLAT, turned).label != "correct"


def test_a_reason_is_a_clause_of_its_own_for_the_drivers_direction() -> None:
    question = "What explains the decline in free cash flow in FY2021?"
    gold = "Free cash flow fell because of higher capital expenditure on data centres and a large tax payment, though operating cash flow grew."
    turned = "Free cash flow rose because of lower capital expenditure on data centres and a large tax payment, though operating cash flow shrank."
    assert heuristic_verdict(question, gold, turned).label != "correct"
    in_other_words = "Free cash flow decreased because of greater capital expenditure on data centres and a large tax payment, though operating cash flow increased."
    assert heuristic_verdict(question, gold, in_other_words).label == "correct"


def test_a_verdicts_subject_restated_is_no_yes() -> None:
    """After "No.", "revenue ... fell short of guidance" shares the question's subject, not
    what it asks ("meet"): no yes of its own."""
    question = "Did the company meet its FY2022 revenue guidance?"
    gold = "No, revenue of $8.1 billion fell short of guidance of $8.4 to $8.6 billion."
    answer = "No. Revenue of $8.1 billion fell short of guidance of $8.4 to $8.6 billion. This follows from the figures the 10-K reports."
    assert heuristic_verdict(question, gold, answer).label == "correct"


def test_causes_in_the_golds_own_words_answer_what_caused() -> None:
    question = "What caused the airline's FY2022 net loss?"
    gold = "A $1.1 billion impairment of its regional fleet and fuel costs that rose faster than fares."
    assert heuristic_verdict(question, gold, f"According to the filing: {gold}").label == "correct"
    assert heuristic_verdict(question, gold, "The net loss included a $1.1 billion item.").label != "correct"


def test_a_bound_turned_to_the_other_side_is_the_figure_reversed() -> None:
    question = "Is the company's revenue concentrated in a few customers?"
    gold = "No. No customer accounted for more than 5% of revenue in FY2022."
    assert heuristic_verdict(question, gold, "No. No customer accounted for less than 5% of revenue in FY2022.").label != "correct"
    assert heuristic_verdict(question, gold, "No. No single customer accounted for over 5% of revenue.").label == "correct"


def test_every_retraction_is_read_without_a_list_of_words_to_look_for_first() -> None:
    """"I do not agree." takes back the sentence before it as "I disagree." does (a list of
    words kept beside the patterns once let it through)."""
    question = "What drove the decline in free cash flow in FY2021?"
    gold = "Higher capital expenditure on data centres and a large tax payment."
    answer = "Higher capital expenditure on data centres and a large tax payment. I do not agree."
    assert heuristic_verdict(question, gold, answer).label != "correct"


def test_no_more_than_bounds_from_below() -> None:
    from harness.judge.words import bound_side

    assert bound_side("no more than ") == "below" and bound_side("more than ") == "above"
    assert bound_side("not less than $") == "above" and bound_side("at most ") == "below"
    assert bound_side("revenue of ") is None


GROSS_MARGIN_Q = ("Does Ferrow have an improving gross margin profile as of FY2022? If gross margin is not a useful metric for a "
                  "company like this, then please state that and explain why.")
GROSS_MARGIN_GOLD = "Yes, the gross margin improved from 24.3% in FY2021 to 25.1% in FY2022."


@pytest.mark.parametrize("answer,credited", [
    ("Yes, although one could equally say no, since the filing discusses gross margin at length.", False),
    ("Yes, its gross margin is improving, although one could just as well say it is not.", False),
    ("Yes, its gross margin is improving, from 24.3% to 25.1%.", True),
])
def test_a_verdict_one_could_equally_give_the_other_way_is_no_verdict(answer: str, credited: bool) -> None:
    # The first was credited once: "say no" after "could equally" is no verdict the readings knew.
    verdict = heuristic_verdict(GROSS_MARGIN_Q, GROSS_MARGIN_GOLD, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


ARPU_Q = "What is Yew Telecom's FY2022 ARPU?"
ARPU_GOLD = "$47.10 per month"


@pytest.mark.parametrize("answer, credited", [
    # One rate given over two periods that agree (565.20 / 12 = 47.10): said again, either way round.
    ("ARPU was $565.20 for the year, or $47.10 per month.", True),
    ("ARPU was $47.10 per month, or $565.20 for the year.", True),
    ("ARPU was $565.20 annually, or $47.10 monthly.", True),
    # Two periods that disagree, or one period twice: two answers.
    ("ARPU was $577.20 for the year, or $47.10 per month.", False),
    ("ARPU was $47.10 per month, or $577.20 for the year.", False),
    ("ARPU was $565.20 for the year, or $48.10 per month.", False),
    ("ARPU was $47.10 or $48.10 per month.", False),
    ("ARPU was $47.10 per month or $48.10 per month.", False),
])
def test_one_rate_over_two_periods_is_said_again_not_hedged(answer: str, credited: bool) -> None:
    assert (heuristic_verdict(ARPU_Q, ARPU_GOLD, answer).label == "correct") is credited


CFO_Q = "How much did Block generate in cash flow from operating activities in FY2020? Answer in USD millions."
CFO_GOLD = "$382.00"
CFO_PROSE_Q = "What was Block's operating cash flow in FY2020?"
CFO_PROSE_GOLD = "Operating cash flow was $382 million in FY2020, down from $466 million."


@pytest.mark.parametrize("answer, credited", [
    # One value said again in another scale word, either way round: one claim, judged on the
    # more exact one.
    ("Operating cash flow was roughly $0.38 billion, or $381.6 million.", True),
    ("Operating cash flow was $382 million, or $0.38 billion.", True),
    # Another value after the "or", in the same scale word or not one the first rounds to: two answers.
    ("Operating cash flow was $0.38 billion or $0.45 billion.", False),
    ("Operating cash flow was $0.38 billion, or $392 million.", False),
    ("Operating cash flow was $0.38 billion, or $375 million.", False),
])
@pytest.mark.parametrize("question, gold", [(CFO_Q, CFO_GOLD), (CFO_PROSE_Q, CFO_PROSE_GOLD)])
def test_a_value_said_again_in_another_scale_is_no_alternative(question: str, gold: str, answer: str, credited: bool) -> None:
    assert (heuristic_verdict(question, gold, answer).label == "correct") is credited
