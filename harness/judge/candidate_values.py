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

And a third, after an answer: an afterthought, a sentence of its own that opens by putting
another value in the answer's place with a doubt ("Possibly it was $250 million.", "Then again,
it may have been 19.5%."). Its value is a candidate beside the answer's, not a comment on it.

Not a menu: a caveat on one answer ("the result depends on the averaging conventions"), a
filing's terms ("SOFR plus 1.00% to 1.625% depending on its credit rating"), and components
listed under an answer that says which one it is (no choice is offered for them).
"""
from __future__ import annotations

import re

from harness.judge.amounts import Quantity
from harness.judge.comparison import quantity_kind
from harness.judge.hedging import TIME_TO_COME, hedges
from harness.judge.value_scope import years_in

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
# An afterthought's opening: a word that refers back to the answer ("it", "they", "the
# figure"), a verb of being with or without a doubt, and the value right after ("Possibly it
# was", "It may have been closer to", "Or perhaps the figure is"). A forecast ("It may reach
# $270 million") has no verb of being; a comparison ("It could be $20 million higher") has
# a comparative after the value (``_COMPARED_AFTER``).
_AFTERTHOUGHT = re.compile(
    r"[\s(\[*_>-]*(?:(?:or|but|though|then\s+again|alternatively|otherwise),?\s+)?(?:(?:possibly|perhaps|maybe|probably),?\s+)?"
    r"(?:it|they|this|that|the\s+(?:figure|amount|number|total|value|answer))\s+"
    r"(?:(?:was|were|is|are)(?:\s+(?:possibly|perhaps|maybe|probably|likely))?|(?:may|might|could)\s+(?:have\s+been|be|also\s+be|also\s+have\s+been))"
    r"\s+(?:closer\s+to\s+|nearer\s+(?:to\s+)?|about\s+|around\s+|roughly\s+|approximately\s+|as\s+(?:high|low|much|little)\s+as\s+)?"
    r"(?=[-−(]?(?:US)?[$€£]?\s*\d)",
    re.IGNORECASE,
)
_DOUBT = re.compile(r"\b(?:possibly|perhaps|maybe|probably|likely|may|might|could|alternatively|then\s+again)\b", re.IGNORECASE)
_COMPARED_AFTER = re.compile(r"\s*(?:higher|lower|more|less|above|below|greater|smaller|larger|bigger|up|down|than)\b", re.IGNORECASE)
_FROM_BEFORE = re.compile(r"\bfrom\s+(?:roughly\s+|about\s+|approximately\s+|around\s+)?(?:US)?[$€£]?\s*$", re.IGNORECASE)


def candidate_values(answer: str, quantities: list[Quantity], spans: list[tuple[int, int]]) -> set[int]:
    """Indexes of ``quantities`` the answer offers as candidates (see the module's text);
    ``spans`` are its sentences."""
    return _menu_values(answer, quantities) | _spanned_values(answer, quantities, spans)


def afterthought_values(answer: str, quantities: list[Quantity], spans: list[tuple[int, int]], years: str = "") -> set[int]:
    """Indexes of ``quantities`` an afterthought offers in the answer's place (see the
    module's text): the value right after the opening of a sentence, not the first, that
    doubts (in its opening or anywhere in it) and names no other time than the ``years`` of
    the text given (the gold's and the question's)."""
    own_years = _years_named(years)
    out: set[int] = set()
    for start, end in spans[1:]:
        opening = _AFTERTHOUGHT.match(answer, start, end)
        # A time to come, or a year neither the gold nor the question names, makes it another
        # period's figure, not another answer ("It may be $270 million next year", "It might be
        # 19.5% in FY2023").
        if opening is None or TIME_TO_COME.search(answer, start, end) or _years_named(answer[start:end]) - own_years:
            continue
        if not _DOUBT.search(opening.group(0)) and not hedges(answer, start, end):
            continue
        offered = next((i for i, q in enumerate(quantities) if opening.end() <= q.start < end), None)
        if offered is not None and not answer[opening.end():quantities[offered].start].strip(" $€£US(-−") \
                and not _COMPARED_AFTER.match(answer, quantities[offered].end):
            out.add(offered)
    return out


def _years_named(text: str) -> set[int]:
    return {year for _, _, year, _ in years_in(text)}


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
