"""A yes or no given by denying the opposite of what is asked ("no longer loss-making" to
"Did it return to profitability?"), and a verdict that says it could be argued either way.
Each reading has a right answer credited and its wrong twin refused."""
from __future__ import annotations

import pytest

from harness.judge.offline_judge import heuristic_verdict

GREBE = "Did Grebe Airlines return to profitability in FY2022?"
GREBE_GOLD = "Yes. Grebe Airlines posted net income of $96 million in FY2022 after a net loss of $412 million in FY2021."
MISTRAL = "Does Mistral Wind have net debt (debt exceeding cash) as of FY2022?"
MISTRAL_GOLD = "Yes. Total debt of $3.4 billion exceeded cash of $0.6 billion, leaving Mistral Wind with net debt of $2.8 billion."
THORNBURY = "Is Thornbury Brewing profitable as of FY2022?"
THORNBURY_GOLD = "No. Thornbury Brewing reported a net loss of $47 million in FY2022, compared with net income of $22 million in FY2021."


@pytest.mark.parametrize("question,gold,answer,credited", [
    (GREBE, GREBE_GOLD, "Grebe Airlines is no longer loss-making. After losing $412 million in FY2021, it earned net income "
     "of $96 million in FY2022.", True),
    (GREBE, GREBE_GOLD, "Grebe Airlines is still loss-making. It lost $412 million in FY2021 and did not earn the $96 million "
     "of net income it had planned for FY2022.", False),
    (MISTRAL, MISTRAL_GOLD, "Mistral Wind is not a net cash company - its debt of $3.4 billion is more than five times its "
     "$0.6 billion cash balance, so it has net debt of about $2.8 billion.", True),
    (MISTRAL, MISTRAL_GOLD, "Mistral Wind is a net cash company: its cash balance comfortably exceeds its borrowings.", False),
    (THORNBURY, THORNBURY_GOLD, "Thornbury Brewing is unprofitable: it reported a net loss of $47 million in FY2022, after "
     "net income of $22 million in FY2021.", True),
    (THORNBURY, THORNBURY_GOLD, "On a GAAP basis it reported a net loss of $47 million, but its EBITDA was positive. It could "
     "therefore be argued either way: Thornbury is unprofitable on a bottom-line basis, but profitable at the operating level.",
     False),
])
def test_a_verdict_by_its_opposite(question: str, gold: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(question, gold, answer)
    assert (verdict.label == "correct") == credited, verdict.rationale
