"""The gold's drivers stated going the other way (``term_direction``), and a driver question answered without a cause (``causes``)."""
from __future__ import annotations

from harness.judge.answer_reading import gather_evidence
from harness.judge.offline_judge import heuristic_verdict
from harness.judge.term_direction import DEALS, reversed_terms

AMD_REVENUE = "What drove revenue change as of the FY22 for AMD?"
AMD_REVENUE_GOLD = (
    "In 2022, AMD reported Higher sales of their EPYC server processors, higher semi-custom product sales, "
    "and the inclusion of Xilinx embedded product sales"
)
AMD_MARGIN = "What drove operating margin change as of the FY22 for AMD?"
AMD_MARGIN_GOLD = (
    "The decrease in AMD's operating income was primarily driven by amortization of intangible assets "
    "associated with the Xilinx acquisition"
)


def _reversed(question: str, gold: str, answer: str) -> list[str]:
    return reversed_terms(gold, answer, gather_evidence(question, gold, answer).gold_terms)


def test_drivers_named_going_the_other_way_are_reversed_and_not_credited() -> None:
    answer = "AMD's revenue rose in FY2022 despite lower sales of EPYC server processors and lower semi-custom product sales."
    assert "epyc" in _reversed(AMD_REVENUE, AMD_REVENUE_GOLD, answer)
    verdict = heuristic_verdict(AMD_REVENUE, AMD_REVENUE_GOLD, answer)
    assert (verdict.label, verdict.rationale) == ("incorrect", "the answer states the gold's drivers going the other way")


def test_drivers_going_the_gold_s_way_are_not_reversed() -> None:
    answer = "EPYC server processor sales increased, and semi-custom product sales were higher; Xilinx embedded sales were added."
    assert _reversed(AMD_REVENUE, AMD_REVENUE_GOLD, answer) == []


def test_a_movement_of_something_else_does_not_govern_a_far_driver() -> None:
    # The gold's "decrease" is operating income's, not Xilinx's: an answer in which the
    # Xilinx acquisition "expanded" the portfolio reverses nothing.
    answer = (
        "The acquisition of Xilinx expanded AMD's product portfolio and raised amortization of intangible assets, "
        "which lowered operating income."
    )
    assert _reversed(AMD_MARGIN, AMD_MARGIN_GOLD, answer) == []


def test_a_denial_or_a_clause_moving_both_ways_is_not_read() -> None:
    assert _reversed(AMD_REVENUE, AMD_REVENUE_GOLD, "EPYC server processor sales did not fall in 2022.") == []
    assert _reversed(AMD_REVENUE, AMD_REVENUE_GOLD, "Lower client sales offset higher EPYC sales.") == []


def test_one_plain_term_alone_is_not_enough() -> None:
    # A single common word ("sales") reversed may be another item's sales.
    assert _reversed(AMD_REVENUE, AMD_REVENUE_GOLD, "Graphics sales were lower.") == []


def test_a_driver_question_needs_a_cause_and_explain_why_is_no_driver_question() -> None:
    from harness.judge.causes import asks_for_causes, gives_cause

    question = "What drove operating margin change as of FY2022 for 3M?"
    assert asks_for_causes(question)
    assert not gives_cause("Operating margin decreased by 1.7%, driven by several factors.", question)
    assert gives_cause("Operating margin decreased by 1.7%, driven by litigation charges.", question)
    # FinanceBench's "if the metric does not apply, state that and explain why" asks no driver.
    assert not asks_for_causes(
        "Does American Water Works have positive working capital based on FY2022 data? If working capital is not a "
        "useful or relevant metric for this company, then please state that and explain why."
    )


PFIZER_DEALS = "What are three main companies acquired by Pfizer mentioned in this 10K report?"
PFIZER_DEALS_GOLD = "Trillium, Array, and Therachon"


def _deals_reversed(question: str, gold: str, answer: str) -> list[str]:
    return reversed_terms(gold, answer, gather_evidence(question, gold, answer).gold_terms, DEALS, question)


def test_a_deal_stated_the_other_way_takes_its_way_from_the_question_when_the_gold_has_none() -> None:
    # "sold" governs the whole list it is followed by, not just its first name.
    assert _deals_reversed(PFIZER_DEALS, PFIZER_DEALS_GOLD, "Pfizer sold Trillium, Array and Therachon.") == ["trilli", "array", "therac"]
    assert _deals_reversed(PFIZER_DEALS, PFIZER_DEALS_GOLD, "Pfizer acquired Trillium and Array, and sold Therachon.") == ["therac"]
    assert _deals_reversed(PFIZER_DEALS, PFIZER_DEALS_GOLD, "Pfizer acquired Trillium, Array and Therachon.") == []
    verdict = heuristic_verdict(PFIZER_DEALS, PFIZER_DEALS_GOLD, "Pfizer divested Trillium, Array, and Therachon in 2019.")
    assert (verdict.label, verdict.rationale) == ("incorrect", "the answer states the gold's deals the other way (sold for bought, or bought for sold)")


def test_a_deal_governs_what_precedes_it_only_in_the_passive() -> None:
    question, gold = "Is Pfizer spinning off any large business segments?", "Yes, it's spinning off Upjohn."
    assert _deals_reversed(question, gold, "Yes, Upjohn is being acquired.") == ["upjohn"]
    assert _deals_reversed(question, gold, "Yes, Upjohn is being spun off.") == []
    amcor = "What are major acquisitions that AMCOR has done in FY2023?"
    amcor_gold = "Amcor acquired a medical device packaging manufacturing site in Shanghai, China."
    # "Shanghai" stands before "sold" but is not what was sold.
    assert _deals_reversed(amcor, amcor_gold, "Amcor acquired a medical device packaging site in Shanghai and sold its Russian business.") == []
    assert "shangh" in _deals_reversed(amcor, amcor_gold, "A medical device packaging site in Shanghai was sold by Amcor.")


def test_a_question_of_both_ways_lends_no_way_to_the_gold() -> None:
    question = "Which businesses did Pfizer acquire or sell in 2019?"
    assert _deals_reversed(question, PFIZER_DEALS_GOLD, "Pfizer sold Trillium, Array and Therachon.") == []


def test_the_asked_subject_moved_the_other_way_is_read_where_the_answer_opens() -> None:
    from harness.judge.term_direction import reversed_subject

    assert reversed_subject(AMD_MARGIN, AMD_MARGIN_GOLD, "AMD's operating margin rose in FY22. The main driver was amortization.")
    assert not reversed_subject(AMD_MARGIN, AMD_MARGIN_GOLD, "Operating margin decreased, driven by amortization of intangible assets.")
    # A company name is no subject ("AMD's operating income" moves the income), and a long
    # answer's factor-by-factor account past its opening is not read.
    assert not reversed_subject(AMD_MARGIN, AMD_MARGIN_GOLD, "AMD grew in FY22.")
    opening = "The operating margin changed for several reasons. Several factors mattered."
    assert not reversed_subject(AMD_MARGIN, AMD_MARGIN_GOLD, f"{opening} 1. Increase in operating expenses.")
