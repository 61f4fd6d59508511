"""A gold whose value is that a figure did not move ("The real growth was flat") wants an
answer that says so, in any of the ways it is said ("flat", "unchanged", "0%", "did not
change"): an answer that shares the gold's other words ("growth", from "price increases of
$775 million, representing 5% growth") and never says the figure stood still leaves the
value unsaid. Only where the question asks how much something moved and the gold's first
sentence says it did not: a flat segment further on in a gold is a side fact a right answer
may leave out. Each reading has a right answer credited and its wrong twin refused (the
bundled sample's offline answers found the shape: a pasted excerpt of the components of a
change was credited for "flat")."""
from __future__ import annotations

import json

import pytest

from core.paths import PROJECT_ROOT
from harness.judge.offline_judge import heuristic_verdict

HALDEN = ("How much was the real change in sales for Halden Packaging in FY2023 vs FY2022, if we exclude the impact of "
          "FX movement, passthrough costs and one-off items?")
HALDEN_GOLD = "The real growth was flat in FY2023 vs FY2022."
EXCERPT = ("According to the filing (p. 2): Net sales increased by 1% on a reported basis, which includes an unfavorable "
           "impact of approximately 3% related to movements in foreign exchange rates, an unfavorable impact of "
           "approximately 1% related to items affecting comparability, and price increases of approximately $775 million "
           "(representing 5% growth) related to the pass through of higher raw material costs.")
MARLOW = "What was the change in Marlow Foods' gross margin between FY2021 and FY2022?"
MARLOW_GOLD = "Gross margin was unchanged at 38.2% in both years."
CORVANE = "Which segment drove Corvane Industries' revenue growth in FY2022, and why?"
CORVANE_GOLD = ("The Water Technologies segment drove most of the growth, with revenue up 18%, as municipal infrastructure "
                "spending lifted sales. The Flow Control segment was roughly flat as industrial customers delayed projects.")


@pytest.mark.parametrize("question,gold,answer,credited", [
    (HALDEN, HALDEN_GOLD, "Halden's real change in sales was flat: reported sales growth of 1%, less 5% of pass-through "
     "pricing, plus 3% of FX and 1% of one-off items, nets to zero.", True),
    (HALDEN, HALDEN_GOLD, "Halden's real sales growth was 0%, flat on FY2022, once FX, passthrough costs and one-off items "
     "are excluded.", True),
    (HALDEN, HALDEN_GOLD, EXCERPT, False),
    (HALDEN, HALDEN_GOLD, "Real sales growth was 3% in FY2023, driven by price increases.", False),
    # Words of no movement said of something else: "the same period", "steady growth", "the level of".
    (HALDEN, HALDEN_GOLD, "Halden's real sales growth was 5% compared with the same period last year.", False),
    (HALDEN, HALDEN_GOLD, "Halden's real sales growth was steady at 3%, the same as FY2022.", False),
    (HALDEN, HALDEN_GOLD, "Excluding FX, passthrough costs and one-off items, Halden's real sales growth was essentially "
     "the same as in FY2022: flat.", True),
    # The gold's no-change beside its figure: "unchanged" or the figure's two years are needed.
    (MARLOW, MARLOW_GOLD, "Gross margin stayed at 38.2%, unchanged from FY2021.", True),
    (MARLOW, MARLOW_GOLD, "Gross margin was 38.2% in FY2022 and 38.2% in FY2021.", True),
    (MARLOW, MARLOW_GOLD, "Marlow Foods' gross margin in FY2022 was 38.2%.", False),
    # A flat figure further on is the gold's side fact: the segment that drove growth is the answer.
    (CORVANE, CORVANE_GOLD, "Water Technologies drove the growth: its revenue rose 18% on municipal infrastructure "
     "spending.", True),
])
def test_a_flat_gold(question: str, gold: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(question, gold, answer)
    assert (verdict.label == "correct") == credited, verdict.rationale


def test_the_sample_question_whose_excerpt_was_credited_for_flat() -> None:
    # The bundled sample's Amcor question (a dev company): the offline model's excerpt of the
    # change's components is no statement that real growth was flat.
    rows = [json.loads(line) for line in (PROJECT_ROOT / "questions" / "financebench_open_source.jsonl").open()]
    question = next(row for row in rows if row["financebench_id"] == "financebench_id_01930")
    assert "flat" in question["answer"]
    verdict = heuristic_verdict(question["question"], question["answer"], EXCERPT)
    assert verdict.label == "incorrect" and "flat" in verdict.rationale, verdict
