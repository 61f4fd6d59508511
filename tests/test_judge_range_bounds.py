"""A gold's change may be worked out from two of the answer's levels ("from 23.1% to 22.0%"
for "a decline of 1.1%"), but not from the bounds of ranges the answer states: "the LIBOR
margin ranges from 0.805% to 1.225%, and the facility fee ranges from 0.07% to 0.15%" holds
no level at a time, though 1.225 less 0.15 is 1.1. (The bundled dev sweep's offline answer
to Best Buy's gross margin question, a pasted sentence about a credit facility, was credited
so.) Each reading has a right answer credited and its wrong twin refused."""
from __future__ import annotations

import pytest

from harness.judge.offline_judge import heuristic_verdict

QUESTION = ("Are Pellham Stores' gross margins historically consistent (not fluctuating more than roughly 2% each year)? "
            "If gross margins are not a relevant metric for a company like this, then please state that and explain why.")
GOLD = "Yes, the margins have been consistent, there has been a minor decline of 1.1% in gross margins between FY2022 and FY2023."


@pytest.mark.parametrize("answer,credited", [
    ("Gross margin fell from 23.1% in FY2022 to 22.0% in FY2023, a small move for a retailer.", True),
    # A range beside the levels takes nothing from them.
    ("Gross margin fell from 23.1% in FY2022 to 22.0% in FY2023; management's target ranges from 21% to 24%.", True),
    ("According to the filing (p. 26, p. 55): Our gross profit rate decreased in fiscal 2023, primarily due to lower product "
     "margin rates. Under the Five Year Facility Agreement, the ABR Margin ranges from 0.00% to 0.225%, the LIBOR Margin "
     "ranges from 0.805% to 1.225%, and the facility fee ranges from 0.07% to 0.15%.", False),
    ("The interest margin on its revolver varied between 0.9% and 2.0%, and the facility fee between 0.1% and 0.3%.", False),
])
def test_a_change_worked_out_of_levels_not_of_range_bounds(answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(QUESTION, GOLD, answer)
    assert (verdict.label == "correct") == credited, verdict.rationale
