"""Values an answer lays out as candidates for the reader to choose from, though each stands
in a sentence of its own that hedges nothing.

Two shapes, both read off the answer's own words about its values:

- a menu: a line that says the answer depends on a choice and opens a list ("the answer
  depends on the definition:", "can be expressed in several ways:"), then the list's values,
  one per measure. Two or more different values of a kind under it are candidates, not an
  answer.
- a span over them: a sentence that hedges ("Depending on which measure is used, ... was
  between roughly $6.4 billion and $14.3 billion", "somewhere between $2.9 billion and $3.15
  billion") whose two bounds are the answer's own values stated elsewhere. The values of the
  kind from the lower bound to the upper one are the candidates it spans.

Not a menu: a caveat on one answer ("the result depends on the averaging conventions"), a
filing's terms ("SOFR plus 1.00% to 1.625% depending on its credit rating"), and components
listed under an answer that says which one it is (no choice is offered for them).
"""
from __future__ import annotations

import re

from harness.judge.amounts import Quantity
from harness.judge.comparison import quantity_kind
from harness.judge.hedging import hedges

# A line that offers a choice of answers and opens a list of them: it ends in a colon.
_MENU = re.compile(
    r"\b(?:(?:the\s+)?(?:answer|figure|amount|value|number|result|total|it)\s+(?:really\s+)?(?:depends|varies|differs)\s+"
    r"(?:on|by|with)\s+(?:the\s+)?(?:definition|measure|methodology|method|basis|balances?|which|how|whether|what)"
    r"|depending\s+on\s+(?:the\s+)?(?:definition|measure|methodology|method|basis|which|how|whether)"
    r"|(?:can|could|may)\s+be\s+(?:expressed|measured|defined|calculated|computed|stated|read|presented)\s+in\s+"
    r"(?:several|different|multiple|various|two|three|a\s+few)\s+ways"
    r"|more\s+than\s+one\s+(?:\w+\s+){0,2}(?:measure|definition|figure|metric)s?"
    r"|(?:several|multiple|different)\s+(?:possible\s+)?(?:answers|measures|definitions|figures)\s+(?:are\s+)?"
    r"(?:possible|could\s+apply|apply|exist))[^\n]*:[ \t]*$",
    re.IGNORECASE | re.MULTILINE,
)
# A line of a list: a bullet, a number or a letter before the item.
_LIST_LINE = re.compile(r"[ \t]*(?:[-*•+]|\d{1,2}[.)]|[a-h][.)]|\|)\s")
# Two values a hedging sentence spans: "between X and Y", "X to Y", "X-Y", "either X or Y";
# not a change's two ends ("from X to Y").
_SPAN_JOIN = re.compile(r"\s*(?:and|to|or|-|–|—)\s*(?:roughly\s+|about\s+|approximately\s+|around\s+)?(?:US)?[$€£]?\s*$", re.IGNORECASE)
_FROM_BEFORE = re.compile(r"\bfrom\s+(?:roughly\s+|about\s+|approximately\s+|around\s+)?(?:US)?[$€£]?\s*$", re.IGNORECASE)


def candidate_values(answer: str, quantities: list[Quantity], spans: list[tuple[int, int]]) -> set[int]:
    """Indexes of ``quantities`` the answer offers as candidates (see the module's text);
    ``spans`` are its sentences."""
    return _menu_values(answer, quantities) | _spanned_values(answer, quantities, spans)


def _menu_values(answer: str, quantities: list[Quantity]) -> set[int]:
    out: set[int] = set()
    for menu in _MENU.finditer(answer):
        # The list's lines right after the line that opens it (blank lines between them).
        end = cursor = menu.end()
        for line in re.finditer(r"[^\n]*(?:\n|$)", answer[menu.end():]):
            text = line.group(0)
            if not text:
                break
            if text.strip() and not _LIST_LINE.match(text):
                break
            cursor = menu.end() + line.end()
            if text.strip():
                end = cursor
        listed = [i for i, q in enumerate(quantities) if menu.end() <= q.start < end]
        for kind in {quantity_kind(quantities[i]) for i in listed}:
            of_kind = [i for i in listed if quantity_kind(quantities[i]) == kind]
            if _distinct(quantities, of_kind) >= 2:
                out.update(of_kind)
    return out


def _spanned_values(answer: str, quantities: list[Quantity], spans: list[tuple[int, int]]) -> set[int]:
    out: set[int] = set()
    for start, end in spans:
        inside = [i for i, q in enumerate(quantities) if start <= q.start < end]
        if len(inside) < 2 or not hedges(answer, start, end):
            continue
        for low_i, high_i in zip(inside, inside[1:]):
            low, high = quantities[low_i], quantities[high_i]
            if quantity_kind(low) != quantity_kind(high) or low.restates(high):
                continue
            if not _SPAN_JOIN.fullmatch(answer, low.end, high.start) or _FROM_BEFORE.search(answer, max(0, low.start - 30), low.start):
                continue
            outside = [i for i, q in enumerate(quantities) if not start <= q.start < end and quantity_kind(q) == quantity_kind(low)]
            # Both bounds must be the answer's own values, stated outside the sentence: then
            # the sentence spans its candidates, not one answer and a doubt about it. The same
            # values, not ones within rounding: a forecast of "18%-20%" does not span the 17.9%
            # and 20.4% reported for other years.
            if not (any(_same(quantities[i], low) for i in outside) and any(_same(quantities[i], high) for i in outside)):
                continue
            bottom, top = sorted((low.value, high.value))
            out.update(i for i in outside if bottom <= quantities[i].value <= top)
    return out


def _same(a: Quantity, b: Quantity) -> bool:
    """Are ``a`` and ``b`` one value, however written ("$2.9 billion", "$2.90 billion")?"""
    return abs(a.value - b.value) <= 1e-9 * max(abs(a.value), abs(b.value), 1.0)


def _distinct(quantities: list[Quantity], indexes: list[int]) -> int:
    """How many different values (none restating another) ``indexes`` hold."""
    kept: list[Quantity] = []
    for i in indexes:
        if not any(quantities[i].restates(k) for k in kept):
            kept.append(quantities[i])
    return len(kept)
