"""Figures of credit agreements, as 8-Ks give them.

- "increased its five year unsecured revolving credit agreement by $400 million" states a
  change, however many words name what moved, and the levels beside it ("of $3.8 billion",
  "a new $4.2 billion agreement") are where it went from and to.
- A year that names an instrument ("the 2022 Five Year Credit Agreement", "the 2031 Senior
  Notes") dates no figure beside it.

Each reading has a right answer credited and its wrong twin refused."""
from __future__ import annotations

import pytest

from harness.judge.offline_judge import heuristic_verdict
from harness.judge.value_scope import years_in

INCREASE = ("By how much did Norvale increase its unsecured five year revolving credit agreement on May 26, 2023?",
            "$400,000,000 increase.")


@pytest.mark.parametrize("answer,credited", [
    ("Norvale increased its five year unsecured revolving credit agreement by $400 million: the 2022 Five Year Credit "
     "Agreement of $3,800,000,000 was terminated and replaced on May 26, 2023 with a new $4,200,000,000 five year agreement.", True),
    ("Norvale increased its unsecured five year revolving credit agreement by $400 million, to $4.2 billion.", True),
    ("Norvale increased its five year unsecured revolving credit agreement by $600 million: the 2022 Five Year Credit "
     "Agreement of $3,800,000,000 was terminated and replaced on May 26, 2023 with a new $4,400,000,000 five year agreement.", False),
    ("Norvale increased its unsecured five year revolving credit agreement by $400 million or $600 million.", False),
])
def test_a_change_of_a_long_named_agreement(answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(*INCREASE, answer)
    assert (verdict.label == "correct") == credited, verdict.rationale


@pytest.mark.parametrize("text,years", [
    ("the 2022 Five Year Credit Agreement of $3.8 billion", []),
    ("under the 2023 364 Day Credit Agreement", []),
    ("repaid the 2031 Senior Notes", []),
    ("the 2019 Omnibus Incentive Plan", []),
    # A year after "in", "for", "during" is a period still, whatever follows it.
    ("in 2022 Notes were issued for $500 million", [2022]),
    ("revenue in 2022 was $5 billion", [2022]),
    ("the 2022 results", [2022]),
])
def test_a_year_that_names_an_instrument_is_no_period(text: str, years: list[int]) -> None:
    assert [year for _, _, year, _ in years_in(text)] == years
