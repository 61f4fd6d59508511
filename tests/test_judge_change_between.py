"""A question of how much a thing changed, whose gold gives the two levels it moved between:
the change they imply is the answer, said with the levels or without them; another change,
or the right one beside other levels, is not."""
from __future__ import annotations

import pytest

from harness.judge.change_between import states_implied_change
from harness.judge.offline_judge import heuristic_verdict

ETR_Q = "How much has Pryor Chemicals' effective tax rate changed between FY2021 and FY2022?"
ETR_GOLD = "The effective tax rate rose from 19% in FY2021 to 24% in FY2022."
SALES_Q = "By how much did Wren Outdoor's net sales increase from FY2021 to FY2022?"
SALES_GOLD = "Net sales increased from $1.14 billion in FY2021 to $1.35 billion in FY2022."


@pytest.mark.parametrize("question, gold, answer, credited", [
    # The change between the levels, in points of the rate, in basis points, or in percent of it.
    (ETR_Q, ETR_GOLD, "Pryor Chemicals' effective tax rate rose 5 percentage points in FY2022.", True),
    (ETR_Q, ETR_GOLD, "Pryor Chemicals' effective tax rate went up 500 basis points in FY2022.", True),
    (ETR_Q, ETR_GOLD, "Pryor Chemicals' effective tax rate rose about 26%, from 19% in FY2021 to 24% in FY2022.", True),
    (SALES_Q, SALES_GOLD, "Wren Outdoor's net sales increased by $210 million in FY2022.", True),
    # Its wrong twins: the relative change called points, another size, the other way, the
    # right size beside other levels or on the wrong end.
    (ETR_Q, ETR_GOLD, "Pryor Chemicals' effective tax rate rose about 26 percentage points, from 19% in FY2021 to 24% in FY2022.", False),
    (ETR_Q, ETR_GOLD, "Pryor Chemicals' effective tax rate rose 7 percentage points, from 19% in FY2021 to 24% in FY2022.", False),
    (ETR_Q, ETR_GOLD, "Pryor Chemicals' effective tax rate fell 5 percentage points in FY2022.", False),
    (ETR_Q, ETR_GOLD, "Pryor Chemicals' effective tax rate rose 5 percentage points, from 21% in FY2021 to 26% in FY2022.", False),
    (ETR_Q, ETR_GOLD, "The effective tax rate rose 5 percentage points to 19%.", False),
    (ETR_Q, ETR_GOLD, "It rose 5 or 7 percentage points in FY2022.", False),
    (SALES_Q, SALES_GOLD, "Wren Outdoor's net sales increased by $310 million in FY2022.", False),
])
def test_the_change_between_the_golds_levels_is_the_answer(question: str, gold: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(question, gold, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


def test_only_a_question_of_how_much_and_a_gold_of_two_levels_alone_are_read() -> None:
    # A question of which way ("Did it rise?"), or a gold that states its change itself, is
    # read by the other readings.
    assert states_implied_change("Did Pryor Chemicals' effective tax rate rise in FY2022?", ETR_GOLD, "It rose 7 points.") is None
    gold_with_change = "The effective tax rate rose 5 points, from 19% in FY2021 to 24% in FY2022."
    assert states_implied_change(ETR_Q, gold_with_change, "It rose 7 points.") is None
    assert states_implied_change(ETR_Q, ETR_GOLD, "The effective tax rate was 24% in FY2022.") is None
