""""either" closing a negative clause is one more denial, not a hedge between alternatives."""
from __future__ import annotations

import pytest

from harness.judge.commitment import hedges
from harness.judge.offline_judge import heuristic_verdict

ACQ_Q = "What are major acquisitions that Ulta Beauty has done in FY2023 and FY2022?"
ACQ_GOLD = "Ulta Beauty did not make any acquisitions in FY2023 and FY2022."
DEBT_Q = "Has Microsoft increased its debt on balance sheet between FY2023 and the FY2022 period?"
DEBT_GOLD = "No. Microsoft decreased its debt by $2.5bn in FY 2023 vs FY 2022."


@pytest.mark.parametrize(
    "text",
    [
        "It made no acquisitions in FY2023, and no divestitures either.",
        "It did not divest any business either",
        "Nor did it sell any stores either.",
        "It didn't repurchase shares either; it paid no dividend.",
    ],
)
def test_either_closing_a_negative_clause_is_no_hedge(text: str) -> None:
    assert not hedges(text)


@pytest.mark.parametrize(
    "text",
    [
        "Capex was either $1,373 million or $1,577 million.",
        "It was not Client; it was either Data Center or Gaming.",
        # No negation in its own sentence: "either" leaves the choice open.
        "It was Data Center or Gaming. It could be either.",
        "Both grew fast; the winner was either.",
        # The answer's own "No," is its verdict, not a negation of the clause it heads.
        "No, either.",
        "It had no debt, either long-term or short-term.",
        # "or not" offers an alternative; it denies nothing.
        "Capex was $1,577 million or not, either.",
        # Another hedge word beside a concord "either" still hedges.
        "It made no acquisitions either, but it might have bought a few salons.",
    ],
)
def test_either_between_alternatives_hedges(text: str) -> None:
    assert hedges(text)


def test_a_range_inside_a_longer_text_is_read_between_its_bounds() -> None:
    text = "It made no acquisitions either. Capex was either $1.3 billion or $1.6 billion."
    assert not hedges(text, 0, text.index("Capex"))
    assert hedges(text, text.index("Capex"))


def test_a_denial_closed_by_either_is_the_golds_denial() -> None:
    answer = "Ulta Beauty made no acquisitions in FY2023 or FY2022, and no divestitures either."
    assert heuristic_verdict(ACQ_Q, ACQ_GOLD, answer).label == "correct"
    answer = "No. Microsoft did not increase its debt in FY2023, and it did not issue new long-term debt either."
    assert heuristic_verdict(DEBT_Q, DEBT_GOLD, answer).label == "correct"
    hedged = "Ulta Beauty did not make large acquisitions in FY2023 and FY2022; it made either one or two small ones."
    assert heuristic_verdict(ACQ_Q, ACQ_GOLD, hedged).label != "correct"
