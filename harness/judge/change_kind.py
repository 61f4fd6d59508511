"""A change in percent and a change in percentage points are different figures.

A level (revenue, operating income, debt) changes by a percent of itself; only a ratio (a
margin, a rate, a share) also changes by points. So to "What was the change in operating
income, in percent?" a value in percentage points ("operating margin fell 12.6 percentage
points") is another metric's change, whatever its digits; and to a question in points a
value the answer itself calls relative ("rose 0.8% in relative terms") is the other kind
of change. FinanceBench's golds write a margin's change in points as "%" ("decreased by
1.7%"), so a bare "%" is never held against a question in points: only what the answer
says of its own figure is read.
"""
from __future__ import annotations

import re

from harness.judge.amounts import Quantity, question_unit
from harness.judge.words import ASKS_CHANGE

_IN_POINTS = re.compile(r"percentage[- ]points?|\bpps?\b|\bbps?\b|basis[- ]points?", re.IGNORECASE)
# What only a ratio is: a question that names one may be answered in points.
_RATIO = re.compile(
    r"\b(?:margins?|ratios?|rates?|shares?|yields?|returns?|percent(?:age)?\s+of|mix|roe|roa|roic|roce|turnover|coverage|"
    r"utili[sz]ation|occupancy|penetration|spread|leverage|payout|conversion|churn|efficiency|load\s+factor|basis)\b"
    r"|%\s+of\b|\bas\s+a\s+(?:percent|%)",
    re.IGNORECASE,
)
# What a level is: an amount of money or a count, which changes by a percent of itself.
_LEVEL = re.compile(
    r"\b(?:revenues?|sales|(?:operating|net|pre-?tax)\s+(?:income|earnings|profits?)|earnings|eps|expenses?|costs?|"
    r"cash\s+flows?|capex|capital\s+expenditures?|debt|dividends?|assets|liabilities|inventor(?:y|ies)|receivables|"
    r"payables|ebitda|ebit|backlog|bookings|headcount)\b",
    re.IGNORECASE,
)
# The answer calling its own percent relative: "0.8% in relative terms", "on a relative basis".
_RELATIVE_AFTER = re.compile(
    r"\s*(?:\(?\s*(?:in\s+relative\s+terms|on\s+a\s+relative\s+basis|relative(?:ly)?(?!\s+to)\b|as\s+a\s+relative\s+change))",
    re.IGNORECASE,
)


def another_kind_of_change(question: str, answer: str, q: Quantity) -> bool:
    """Is the answer's value ``q`` a change of the other kind than the question asks: points
    of a ratio for a level's percent change, or a change the answer calls relative for one
    the question asks in points?"""
    if not q.percent:
        return False
    if question_unit(question).points is not None:
        return _RELATIVE_AFTER.match(answer, q.end) is not None
    return (
        _IN_POINTS.search(q.text) is not None and ASKS_CHANGE.search(question) is not None
        and _LEVEL.search(question) is not None and _RATIO.search(question) is None
    )
