"""An average given with the values it averages: "5.0%, 6.5% and 6.8% in FY2019, FY2020 and
FY2021, an average of 6.1%", "The three-year average is 6.1% (FY2019: 5.0%, ...)".

Such a sentence holds three values or more, which the commitment reading takes for a list
that commits to none. To a question that asks an average it commits to the one value it
calls the average, when the others are what it averages: their mean is that value to its
last written digit. The word alone is not enough ("1%, 6.1%, 11.2%", a dump of figures whose
middle one is the gold, with "average" put before it): the arithmetic has to hold, the value
has to be named the average right before it (or be what averaging them "gives"), and it has
to come after the values it averages or before them all, not among them.
"""
from __future__ import annotations

import re

from harness.judge.amounts import Quantity
from harness.judge.words import ASKS_AVERAGE

# The value named the average: "average of 6.1%", "the three-year average is 6.1%", "average:
# 6.1%", "averaged 6.1%", "mean 6.1%"; or what averaging gives: "Averaging ... gives 6.1%".
_NAMED_AVERAGE = re.compile(
    r"\b(?:average|averaged|averaging|mean)\b(?:\s+(?:of|is|was|comes\s+to|came\s+to|equals|stood\s+at|at))?\s*[:=≈]?\s*"
    r"(?:about|approximately|roughly|~)?\s*(?:US\$|\$)?\s?[-−]?$"
    r"|\baverag\w+\b[^.;]*\b(?:gives?|gave|yields?|is|equals|comes\s+to)\s+(?:about\s+|approximately\s+)?(?:US\$|\$)?\s?[-−]?$",
    re.IGNORECASE,
)


def average_of_the_rest(answer: str, question: str, span: tuple[int, int], values: list[Quantity]) -> Quantity | None:
    """The value of ``values`` (three or more, of one sentence ``span``) that the sentence
    names the average of the others, when the question asks an average and the others'
    mean is that value to its last written digit; None otherwise."""
    if len(values) < 3 or not ASKS_AVERAGE.search(question):
        return None
    named = [q for q in values if _NAMED_AVERAGE.search(answer, max(span[0], q.start - 60), q.start)]
    if len(named) != 1:
        return None
    (average,) = named
    if average is not values[0] and average is not values[-1]:
        return None  # an average comes after what it averages, or before them in brackets; not among them
    rest = [q for q in values if q is not average]
    if any(q.percent != average.percent or q.currency != average.currency for q in rest):
        return None
    mean = sum(q.value for q in rest) / len(rest)
    return average if abs(mean - average.value) <= average.half_ulp + 1e-9 else None
