"""Two changes set side by side, and the evidence after a bare "No.".

- A change that names no item of its own ("Worldwide sales in 2022: $94.9 billion, an
  increase of 1.3%", "JnJ's growth of 1.3%") is not put on another item by a change beside it
  that names one ("U.S. sales grew 3.0%").
- A sentence of figures after a "No." of its own ("No. JnJ's worldwide sales increased only
  1.3% ...") is the verdict's evidence, not a yes in other words; a sentence without figures
  ("No. 3M is not a capital-light business.") still says what it says.

Each reading has a right answer credited and its wrong twin refused."""
from __future__ import annotations

import pytest

from harness.judge.offline_judge import heuristic_verdict

GROWTH = ("Are Norvale's FY2022 financials that of a high growth company?",
          "No, Norvale's FY2022 financials are not of a high growth company as sales grew by 1.3% in FY2022.")
CAPITAL = ("Is Arkwell a capital-intensive business based on FY2022 data?",
           "No, the company is managing its capex and fixed assets efficiently: capex/revenue 5.1%, fixed assets/total assets 20%.")


@pytest.mark.parametrize("asked,answer,credited", [
    (GROWTH, "- Worldwide sales in 2022: $94.9 billion, an increase of 1.3% over 2021.\n- U.S. sales grew 3.0%, while "
             "international sales declined 0.6%.\nConclusion: No, Norvale's FY2022 financials are not those of a high growth company.", True),
    (GROWTH, "No. Norvale's worldwide sales increased only 1.3% in 2022 to $94.9 billion, compared with 13.6% growth in 2021.", True),
    (GROWTH, "Yes. Norvale's worldwide sales increased 13.6% in 2022 to $94.9 billion.", False),
    (CAPITAL, "No. Arkwell's capex was 5.1% of revenue, and fixed assets were 20% of total assets.", True),
    (CAPITAL, "No. Arkwell is not a capital-light business.", False),
])
def test_changes_side_by_side_and_evidence_after_no(asked: tuple[str, str], answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(*asked, answer)
    assert (verdict.label == "correct") == credited, verdict.rationale
