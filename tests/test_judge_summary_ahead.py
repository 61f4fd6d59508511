"""An opening summary that the longer version after it contradicts: two answers, not one."""
from __future__ import annotations

import pytest

from harness.judge.offline_judge import heuristic_verdict
from harness.judge.summary_ahead import _parts, _said_again_with_other_figures, summary_span, versions_disagree

CAPEX = "What is the FY2018 capital expenditure amount (in USD millions) for 3M? Give a response relying on the cash flow statement."
CAPEX_GOLD = "$1577.00"


@pytest.mark.parametrize("answer, credited", [
    # The summary hands in another figure than the details.
    ("TL;DR: $1,373 million. Longer version: capex of $1,577 million was reported.", False),
    ("Bottom line: $1,373 million.\n\nThe cash flow statement shows purchases of property, plant and equipment of $1,577 million.", False),
    ("**TL;DR:** $1,373M\n\nDetails: purchases of PP&E were $1,577 million in FY2018.", False),
    ("Summary: $1,577 million. Details: capex was $1,373 million.", False),
    # The summary and the details keyed in other words.
    ("Key takeaway: $1,373 million.\n\nSupporting detail: the cash flow statement shows capex of $1,577 million.", False),
    ("Headline: $1,373 million. Body: capex of $1,577 million.", False),
    ("Executive summary: capex of $1,373 million.\n\nAnalysis: purchases of PP&E were $1,577 million.", False),
    ("Answer (short): $1,373 million. Answer (long): $1,577 million.", False),
    ("Quick take: $1,373M. Deeper dive: $1,577M.", False),
    ("In a nutshell: $1,373 million.\n\nThe cash flow statement shows capex of $1,577 million.", False),
    ("Executive summary: 3M spent about $1.6 billion on capex in FY2018.\n\nAnalysis: purchases of PP&E were $1,577 million.", True),
    # The same figure in both, a rounding of it, no figure in the summary, or a correction after it.
    ("TL;DR: $1,577 million. Longer version: capex of $1,577 million was reported, up from $1,373 million in FY2017.", True),
    ("TL;DR: about $1.6 billion. Details: FY2018 purchases of PP&E were $1,577 million.", True),
    ("TL;DR: capex rose in FY2018. Details: purchases of PP&E were $1,577 million, up from $1,373 million.", True),
    ("Short answer: $1,373 million. Wait, correction: that is FY2017; FY2018 capex was $1,577 million.", True),
    ("**Answer:** $1,577 million\n\n*Source: the 10-K, page 45.*", True),
])
def test_a_summary_ahead_that_the_details_contradict_is_no_commitment(answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(CAPEX, CAPEX_GOLD, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


QUICK = "Has Amcor's quick ratio improved or declined between FY2022 and FY2023?"
QUICK_GOLD = "The quick ratio has slightly improved from 0.67 times to 0.69 times between FY 2023 and FY 2022."
MARGIN = "What drove operating margin change as of FY2022 for 3M?"
MARGIN_GOLD = "Operating margin for 3M in FY2022 decreased by 1.7% primarily due to a decrease in gross margin and one-off charges."


@pytest.mark.parametrize("question, gold, answer, credited", [
    # The gold as the longer version, behind a summary with its figures changed.
    (QUICK, QUICK_GOLD, "TL;DR: The quick ratio has slightly improved from 0.88 times to 0.90 times.\n\nLonger version: " + QUICK_GOLD, False),
    (MARGIN, MARGIN_GOLD, "In short: operating margin decreased by 2.2% on lower gross margin.\n\nDetails: " + MARGIN_GOLD, False),
    (QUICK, QUICK_GOLD, "TL;DR: Yes.\n\nLonger version: No. " + QUICK_GOLD, False),
    # A summary whose figures the details break down or explain: other things, no second answer.
    (MARGIN, MARGIN_GOLD,
     "Bottom line: 3M's operating margin decreased by 1.7%, falling to 19.1% in FY2022 from 20.8% in FY2021, on a lower gross "
     "margin and one-off charges.\n\nDetail: cost of sales rose to 56.2% of net sales from 53.2%; litigation charges cut the margin "
     "by 1.4 points.", True),
    (QUICK, QUICK_GOLD,
     "Short answer: it improved slightly, from 0.67 times to 0.69 times.\n\nDetails: cash rose to $1.0 billion from $0.8 billion "
     "while current liabilities grew 3%.", True),
])
def test_a_prose_summary_ahead_is_read_against_its_longer_version(question: str, gold: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(question, gold, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


def test_the_summary_runs_to_its_paragraph_or_the_details_key_or_its_first_sentence() -> None:
    answer = "TL;DR: margin fell. It fell a lot.\n\nDetails: ..."
    assert answer[slice(*summary_span(answer))] == "TL;DR: margin fell. It fell a lot."
    answer = "TL;DR: $1,373 million. Longer version: capex of $1,577 million."
    assert answer[slice(*summary_span(answer))] == "TL;DR: $1,373 million"
    answer = "In short, capex was $1,577 million. The statement shows purchases of PP&E of $1,577 million."
    assert answer[slice(*summary_span(answer))].strip() == "In short, capex was $1,577 million."
    # No summary: nothing after it, or no key.
    assert summary_span("TL;DR: $1,577 million.") is None
    assert summary_span("Capex was $1,577 million. Details: purchases of PP&E.") is None


def test_figures_only_one_version_gives_disagree_with_nothing() -> None:
    gold = "Revenue grew 12% to $11.2 billion."
    assert not versions_disagree("TL;DR: revenue grew 12%.\n\nDetails: revenue rose to $11.2 billion from $10.0 billion.", gold)
    # A summary's total of the details' parts.
    assert not versions_disagree("Summary: segment revenue of $11.2 billion.\n\nDetails: Americas $6.0 billion, Europe $3.2 "
                                 "billion, Asia $2.0 billion.", gold)
    assert versions_disagree("TL;DR: revenue grew 15% to $11.2 billion.\n\nDetails: revenue grew 12% to $11.2 billion.", gold)


FUEL = "How did Marten Airlines' fuel cost per seat mile change in FY2022?"
FUEL_GOLD = "It rose 38% to 4.9 cents as jet fuel prices climbed."
FACILITY = "What was the key agenda of Thornhill Motors' 8-K filing dated 15th November 2022?"
FACILITY_GOLD = ("The 8-K disclosed that Thornhill Motors entered into a new $2.0 billion five-year senior unsecured revolving credit "
                 "facility, replacing its existing $1.5 billion facility.")


@pytest.mark.parametrize("question, gold, answer, credited", [
    # The summary's sentence said again in the longer version, one of its figures changed:
    # each figure is in the same place, whatever it is said of ("it"), and wherever the
    # changed ones land ($2.0 billion, the gold's other figure).
    (FUEL, FUEL_GOLD, f"TL;DR: It rose 50% to 6.4 cents as jet fuel prices climbed.\n\nLonger version: {FUEL_GOLD}", False),
    (FUEL, FUEL_GOLD, f"TL;DR: It rose 38% to 6.4 cents as jet fuel prices climbed.\n\nLonger version: {FUEL_GOLD}", False),
    (FACILITY, FACILITY_GOLD, "TL;DR: " + FACILITY_GOLD.replace("$2.0", "$2.6").replace("$1.5", "$2.0") + "\n\nLonger version: "
     + FACILITY_GOLD, False),
    # Said again with the same figures, or rounded: one answer.
    (FUEL, FUEL_GOLD, f"TL;DR: {FUEL_GOLD}\n\nLonger version: {FUEL_GOLD}", True),
    (FACILITY, FACILITY_GOLD, "TL;DR: " + FACILITY_GOLD.replace("$2.0 billion", "$2,000 million") + "\n\nLonger version: "
     + FACILITY_GOLD, True),
])
def test_a_summary_said_again_with_other_figures_is_two_answers(question: str, gold: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(question, gold, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


def test_a_sentence_said_again_of_another_period_is_of_another_thing() -> None:
    def said_again(answer: str) -> bool:
        where = _parts(answer)
        assert where is not None
        return _said_again_with_other_figures(answer, *where)

    assert said_again("TL;DR: Revenue rose 12% to $5.0 billion in FY2022.\n\nDetails: Revenue rose 8% to $5.0 billion in FY2022.")
    assert not said_again("TL;DR: Revenue rose 12% to $5.0 billion in Q4.\n\nDetails: Revenue rose 8% to $4.5 billion in Q3.")
    assert not said_again("TL;DR: Revenue rose 12% to $5.0 billion in March.\n\nDetails: Revenue rose 8% to $4.5 billion in June.")
    assert not said_again("TL;DR: Revenue rose 12% to $5.0 billion.\n\nDetails: Revenue rose 12% to $5.0 billion.")
