"""How much a thing changed, where the gold answers with the two levels it moved between.

"How much has Pryor Chemicals' effective tax rate changed between FY2021 and FY2022?" has
the gold "The effective tax rate rose from 19% in FY2021 to 24% in FY2022": the change it
implies, five points (or 26% of the start), is the answer. An answer that states that change
gives it, with the levels or without them ("It rose 5 percentage points"); one that states
another contradicts it, whatever levels it repeats ("rose about 26 percentage points, from
19% to 24%": the relative change called points).
"""
from __future__ import annotations

import re

from harness.judge.amounts import Quantity, parse_quantities
from harness.judge.comparison import quantity_kind
from harness.judge.numeric_check import stated_direction
from harness.judge.two_values import stated_as_change
from harness.judge.verdict_commitment import uncommitted_values

# A question that asks the size of a change, not its direction or its causes.
_ASKS_HOW_MUCH = re.compile(r"\b(?:how much|by how much|what (?:was|is) the (?:size|amount) of)\b[^?]*\b(?:chang|increas|decreas|grow|grew|rise|rose|fall|fell|declin)", re.IGNORECASE)
# The gold's two levels: "from 19% in FY2021 to 24% in FY2022".
_FROM = re.compile(r"\bfrom\s+(?:about\s+|approximately\s+)?(?:US\$|\$)?\s?$", re.IGNORECASE)
_TO = re.compile(r"\bto\s+(?:about\s+|approximately\s+)?(?:US\$|\$)?\s?$", re.IGNORECASE)
# A change told in points of a rate ("5 percentage points", "500 bps"), not in percent of it.
_IN_POINTS = re.compile(r"(?:percentage[- ]points?|pp\b|p\.p\.|points?\b|pts?\b|basis[- ]points?|bps?\b)", re.IGNORECASE)


def _levels(gold: str) -> tuple[Quantity, Quantity] | None:
    """The gold's start and end, when it gives exactly these two of a kind and no change."""
    values = parse_quantities(gold)
    start = [q for q in values if _FROM.search(gold, max(0, q.start - 20), q.start)]
    end = [q for q in values if _TO.search(gold, max(0, q.start - 20), q.start)]
    if len(start) != 1 or len(end) != 1 or quantity_kind(start[0]) != quantity_kind(end[0]):
        return None
    if any(quantity_kind(q) == quantity_kind(start[0]) and q is not start[0] and q is not end[0] for q in values):
        return None  # a change of its own beside them ("up 5 points, from 19% to 24%"): read elsewhere
    return start[0], end[0]


def states_implied_change(question: str, gold: str, answer: str) -> bool | None:
    """Does the answer's stated change agree with the change between the gold's two levels?
    None where the question asks no size of a change, the gold gives no two levels alone, or
    the answer states no change of their kind that it commits to."""
    if not _ASKS_HOW_MUCH.search(question) or (levels := _levels(gold)) is None:
        return None
    start, end = levels
    values = parse_quantities(answer)
    skipped = uncommitted_values(answer, values)
    changes = [
        q for i, q in enumerate(values)
        if i not in skipped and quantity_kind(q) == quantity_kind(start) and stated_as_change(answer, q)
    ]
    if not changes:
        return None
    moved = abs(end.value - start.value)
    relative = abs(end.value / start.value - 1.0) * 100.0 if start.value else None
    way = "up" if end.value > start.value else "down" if end.value < start.value else None
    if not all(_is_the_change(q, moved, relative, start.percent) and stated_direction(answer, q) in (None, way) for q in changes):
        return False
    # Beside the right change, levels of the kind must be the gold's ("rose 5 points, from 21%
    # to 26%" moves another rate), else it is left to the other readings.
    others = [
        q for i, q in enumerate(values)
        if i not in skipped and quantity_kind(q) == quantity_kind(start) and not any(q is c for c in changes)
    ]
    return True if all(_as_gold_level(answer, q, start, end) for q in others) else None


def _as_gold_level(answer: str, q: Quantity, start: Quantity, end: Quantity) -> bool:
    """Is ``q`` one of the gold's levels, in its role ("to 19%" is an end, and 19% the gold's start)?"""
    if _TO.search(answer, max(0, q.start - 20), q.start):
        return q.restates(end)
    if _FROM.search(answer, max(0, q.start - 20), q.start):
        return q.restates(start)
    return q.restates(start) or q.restates(end)


def _is_the_change(q: Quantity, moved: float, relative: float | None, rate: bool) -> bool:
    size = abs(q.value)
    slack = max(q.half_ulp, 1e-9)
    if abs(size - moved) <= slack:
        return True
    # A rate's change in percent of itself ("up about 26%" for 19% to 24%), not in its points.
    in_points = rate and _IN_POINTS.search(q.text or "") is not None
    return relative is not None and q.percent and not in_points and abs(size - relative) <= max(slack, 0.5)
