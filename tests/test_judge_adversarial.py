"""Answers written to fool the judge are never judged correct.

``tests/data/adversarial_answers.jsonl`` holds questions and golds copied from FinanceBench's
human-labelled file, each with an answer of one adversarial kind: a list of many numbers, a
hedge, a pasted statement excerpt or quoted passages of the filing, the right number in the
wrong unit or scale or for the wrong period, a sign error (also a prose gold's figure gone
the other way: "increased by 1.7%" for "decreased by 1.7%"), the right number inside a
refusal, text addressed to the grader, a yes/no that its own figures contradict, a value or
names the answer denies ("not $1,577 million"), a value, a name or a gold's key terms asked
back as a question, the gold's names hedged, buried in a long list of other names or given
only in part, the gold's value put on another item while a different value
stands at the gold's label ("13% ... employee liabilities; 87% ... other costs"), the gold's
figures on each other's years ("ROA was 3.39% in 2022 and 1.82% in 2021", or one of them alone
on the other year) or its change on
another item ("gross margin decreased by 1.7%" for operating margin), a wrong pick beside the gold's figure or with the gold's name as the runner-up
("ahead of customer deposits"), both a yes and a no, a value the answer
itself withdraws ("Wait, recomputing: ..."), a yes/no or a pick offered only as a guess
("Probably yes", "Yes?", "arguably"), the thing a gold denies said to exist beside a
denial of a larger kind of it ("It acquired several salons; it did not make any large
acquisitions"; also joined by "and", in other words of the event ("took over a salon
chain"), excepted from the denial: "Aside from buying a few salons, ...", or presupposed
by it: "made no other acquisitions"), the use a gold denies affirmed, or a denial of
something else in its place ("Gross margin is a key metric ...; it rose to 45%, not 40%"
for "Performance is not measured through gross margin"), and a yes/no question talked about but not answered
("depends on how it is measured", "is discussed in its 10-K"), and the gold's key terms
strung together without a sentence around them, and a figure whose direction word its own
values deny ("declined 10.6% to $51.8 billion from $46.3 billion"), and the gold's figure
given for a yes/no question with the yes or no left open in so many words ("The quick
ratio was 0.96; whether that is healthy depends on the industry", "may or may not be
healthy"), and the gold's number given as a bound ("at least $5,466 million", "less
than"), and the gold's drivers named going the other way ("despite lower sales of EPYC
server processors" for "higher sales of their EPYC server processors"), and the gold's figure
without what drove it ("decreased by 1.7%", "driven by several factors" to "What drove
operating margin change?"), and the gold's pick taken back in the sentence that names it
("Customer deposits were not the largest liability", "the second largest", "the smallest",
"Data Center decreased the most" to "increased the most?", "Yes: not Richard A. Johnson"),
and the gold's amount in another currency ("¥1,577 million", "C$", "8.70 billion euros"), with
a margin of error or a doubt on it ("± $500 million", "give or take", "if I recall
correctly", "I wasn't able to verify this"), named as another metric of the same family
("return on equity" for ROA, "payout ratio" for the retention ratio, "depreciation" for
capex, "total equity" for total assets), summed over years ("a cumulative $1,577 million
over FY2016-FY2018"), per share for a total in billions, at the start of the year for its
end, or set aside for another value the answer calls the true one ("the true FY2018 capex is
$2,065 million"), and the gold's companies named with the deal the question asks about
denied, only intended or undone ("were considered, but none of them was acquired", "Pfizer
considered acquiring ...", "... but the deals fell through"). (Those last kinds take their questions and golds from FinanceBench's
open-source questions file.) Neither the numeric check
nor the offline judge may call one of them correct. Control answers (the right answer,
stated plainly) must be correct, so the test cannot pass by refusing to credit anything.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from harness.judge.numeric_check import numeric_check
from harness.judge.offline_judge import heuristic_verdict

CASES = [json.loads(line) for line in (Path(__file__).parent / "data" / "adversarial_answers.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
ADVERSARIAL = [c for c in CASES if c["expect"] == "not correct"]
CONTROLS = [c for c in CASES if c["expect"] == "correct"]
KINDS = {
    "list", "hedge", "dump", "unit", "period", "sign", "refusal", "injection", "yes_no", "denial", "question", "names", "mixed",
    "correction", "guess", "excerpt", "pick", "evasion", "keywords", "swap", "year_swap", "change_swap",
    "affirmed", "use", "direction", "no_verdict", "bound", "drivers_reversed", "no_cause", "undone_pick", "deals_reversed", "subject_reversed", "names_padded", "forecast", "wrong_figure", "disowned", "worked",
    "currency", "another_metric", "sum_over_years", "per_share", "opening_balance", "deal_undone", "scope",
}


def test_every_adversarial_kind_is_covered() -> None:
    assert {c["kind"] for c in ADVERSARIAL} == KINDS
    assert len(CONTROLS) >= 10


@pytest.mark.parametrize("case", ADVERSARIAL, ids=[c["case"] for c in ADVERSARIAL])
def test_an_adversarial_answer_is_never_correct(case: dict) -> None:
    numeric = numeric_check(case["question"], case["gold"], case["answer"])
    assert numeric.label != "correct", numeric.rationale
    offline = heuristic_verdict(case["question"], case["gold"], case["answer"])
    assert offline.label != "correct", offline.rationale


@pytest.mark.parametrize("case", CONTROLS, ids=[c["case"] for c in CONTROLS])
def test_the_plain_right_answer_is_correct(case: dict) -> None:
    verdict = heuristic_verdict(case["question"], case["gold"], case["answer"])
    assert verdict.label == "correct", verdict.rationale


def test_the_readme_counts_these_answers_as_they_are() -> None:
    # The README tells users how many answers this set holds; a count left behind by new
    # cases (it said 370 and 177 while the file held 396 and 190) misstates the evidence.
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    assert f"`tests/data/adversarial_answers.jsonl` holds {len(ADVERSARIAL)} such answers" in readme
    assert f"The {len(CONTROLS)} plain right answers beside them are all judged correct" in readme
