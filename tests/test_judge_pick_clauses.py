"""Where a sentence makes its pick.

- A reason given after a comma (", as the company is now focused on ... Consumer Health") is
  no part of the pick a sentence makes: "MedTech will be treated as a discontinued
  operation, as ..." picks MedTech.
- Another of the gold's kind ("interest rate swaps had the highest notional value" for
  "Cross currency swaps") is another pick, however many of the gold's words (its figure too)
  sit beside it.

Each reading has a right answer credited and its wrong twin refused."""
from __future__ import annotations

import pytest

from harness.judge.offline_judge import heuristic_verdict

SEGMENT = ("Which business segment of Norvale will be treated as a discontinued operation from August 30, 2023 onward?",
           "The Consumer Health business segment will be treated as a discontinued operation from August 30, 2023 onward.")
DERIVATIVES = ("Among all of the derivative instruments that Tollan Telecom used to manage the exposure to fluctuations of foreign "
               "currencies exchange rates or interest rates, which one had the highest notional value in FY 2021?",
               "Cross currency swaps. Its notional value was $32,502 million.")


@pytest.mark.parametrize("asked,answer,credited", [
    (SEGMENT, "The Consumer Health segment will be treated as a discontinued operation from August 30, 2023 onward, as the "
              "company is now focused on Pharmaceutical and MedTech.", True),
    (SEGMENT, "Norvale's MedTech segment will be treated as a discontinued operation from August 30, 2023 onward, as the "
              "company is now focused on transformational innovation in Pharmaceutical and Consumer Health.", False),
    (DERIVATIVES, "Cross currency swaps had the highest notional value, $32,502 million, in FY2021.", True),
    (DERIVATIVES, "Among Tollan's derivative instruments in FY2021, cross currency swaps had the highest notional value of "
                  "$32,502 million, reflecting its use of swaps to hedge foreign currency debt.", True),
    (DERIVATIVES, "Among Tollan's derivative instruments in FY2021, interest rate swaps had the highest notional value of "
                  "$32,502 million, reflecting its use of swaps to manage exposure to interest rate fluctuations.", False),
    (DERIVATIVES, "Interest rate swaps had the highest notional value in FY2021, ahead of cross currency swaps.", False),
])
def test_the_pick_is_made_where_the_sentence_makes_it(asked: tuple[str, str], answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(*asked, answer)
    assert (verdict.label == "correct") == credited, verdict.rationale
