"""A question that asks to pick one of two options it lists after its company and year
("Which segment had higher operating income for Tolland Industrial in FY2022, Fluid Controls
or Motion Systems?"), to a gold that names the loser for comparison. Each reading has a right
answer credited and its wrong twin refused (the thirty-first and thirty-second realistic
batches found these shapes)."""
from __future__ import annotations

import pytest

from harness.judge.offline_judge import heuristic_verdict

TOLLAND = "Which segment had higher operating income for Tolland Industrial in FY2022, Fluid Controls or Motion Systems?"
TOLLAND_GOLD = "Motion Systems, with operating income of $412 million versus $365 million for Fluid Controls."
DUNLIN = "Which was larger for Dunlin Health in FY2022: capital expenditures or share repurchases?"
DUNLIN_GOLD = "Share repurchases, at $1.15 billion versus capital expenditures of $780 million."
BELGRAVE = "Which region had the higher operating margin for Belgrave Hotels in FY2022, Europe or Asia-Pacific?"
BELGRAVE_GOLD = "Asia-Pacific, with an operating margin of 21.5% versus 17.8% for Europe."
BEXLEY = "Which segment grew revenue faster at Bexley Foods in FY2021, Snacks or Beverages?"
BEXLEY_GOLD = "Beverages. Beverages revenue grew 12% in FY2021 versus 4% for Snacks."


@pytest.mark.parametrize("question,gold,answer,credited", [
    # The words before the comma ("Tolland Industrial in FY2022") are no option, and the gold's
    # pick is the option its opening names, not the one it compares with.
    (TOLLAND, TOLLAND_GOLD, "Motion Systems had the higher operating income: $412 million against $365 million for Fluid "
     "Controls.", True),
    (TOLLAND, TOLLAND_GOLD, "Fluid Controls had the higher operating income for Tolland Industrial in FY2022, generating $412 "
     "million compared with $365 million for Motion Systems.", False),
    # Each option's figure given to the other: the pick is right, the comparison wrong.
    (TOLLAND, TOLLAND_GOLD, "Motion Systems had the higher operating income in FY2022.\n\nSegment operating income:\n- "
     "Motion Systems: $412 million\n- Fluid Controls: $365 million", True),
    (TOLLAND, TOLLAND_GOLD, "Motion Systems had the higher operating income in FY2022.\n\nSegment operating income:\n- "
     "Motion Systems: $365 million\n- Fluid Controls: $412 million", False),
    # The gold's figure in another currency.
    (TOLLAND, TOLLAND_GOLD, "Motion Systems, with operating income of €412 million versus $365 million for Fluid Controls.", False),
    # The clause that compares the way the question asks makes the pick, not an opening that
    # states one option's figure; the option after "than" or "exceeding" is the loser.
    (DUNLIN, DUNLIN_GOLD, "Capital expenditures were $780 million in FY2022. Share repurchases were larger, at $1.15 billion "
     "- about $370 million more than capex.", True),
    (DUNLIN, DUNLIN_GOLD, "Share repurchases were $1.15 billion in FY2022. Capital expenditures were larger, at $780 million "
     "once acquisitions are counted in.", False),
    (DUNLIN, DUNLIN_GOLD, "**Share repurchases.** Dunlin Health bought back $1.15 billion of its stock in FY2022, exceeding "
     "its $780 million of capital expenditures.", True),
    # Each option called the winner in turn picks neither.
    (BEXLEY, BEXLEY_GOLD, "Beverages was the faster-growing segment, at 12% against 4% for Snacks.", True),
    (BEXLEY, BEXLEY_GOLD, "Snacks was the faster-growing segment for Bexley Foods in FY2021.\n\n- Beverages: +12%\n- Snacks: "
     "+4%\n\nIn summary, Beverages grew faster in FY2021, at 12% compared to 4% for Snacks.", False),
    # "Asia-Pacific" in the question is the gold's "Asia Pacific", however the answer writes it.
    (BELGRAVE, BELGRAVE_GOLD, "According to the filing, asia-Pacific had an operating margin of 21.5% versus 17.8% for "
     "Europe.", True),
    (BELGRAVE, BELGRAVE_GOLD, "Europe had the higher operating margin for Belgrave Hotels in FY2022, at 21.5% compared with "
     "17.8% in Asia-Pacific.", False),
    # "Not only" affirms.
    ("Which region grew faster for Chough Devices in FY2021, Europe or Asia-Pacific?",
     "Asia-Pacific, up 14% year over year versus 6% for Europe.",
     "Not only did Asia-Pacific outgrow Europe in FY2021, it did so by a wide margin - 14% growth versus 6% - making it the "
     "faster-growing of Chough Devices' two regions.", True),
])
def test_a_pick_between_two_options(question: str, gold: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(question, gold, answer)
    assert (verdict.label == "correct") == credited, verdict.rationale
