"""Two of the gold's figures given each other's places.

An answer can hold every figure of the gold and still say the opposite: "Current assets of
$2.9 billion exceeded current liabilities of $2.4 billion" for "Current liabilities of $2.9
billion exceeded current assets of $2.4 billion"; "Subscriptions are 58% of revenue;
advertising is 42%" for the other way round; "improved to 2.7% from 3.1%" for "rose to 3.1%
from 2.7%". Digits alone credit all three. This reads what each figure is said of, its
place, and finds two of the gold's figures that have traded places in the answer ("acquired
Marlow Dairy for $95 million and Peakside Snacks for $320 million" for the other prices).

A figure's place is one of:
- the label that names it: the words before "of", "for", "at", "was", "is", "are",
  "totaled", ":", ", up" and the like ("Current liabilities of $2.9 billion", "Advertising is still 58%"), back to the
  verb or break before them;
- where it comes from, said after it ("the remaining 69% coming from e-commerce"), or the
  noun after it ("the 7% regulatory minimum"), with the year a debt is due ("the 4.25%
  Notes due 2027"), when nothing names it before;
- the end of a movement it is, "to" or "from" ("rose to 3.1% from 2.7%").

A figure given to another item while the gold's item holds another figure
(``figure_on_another_item``: "Stores were 31% of net sales; e-commerce was the remaining
69%" for "E-commerce was 31% of net sales"), and a figure named as the opposite line item
(``figure_relabelled``: "a net loss of $318
million" for "net income of $318 million") is refused too. Two sides of a comparison
turned round are read alike (``comparison_turned``: "current
liabilities exceeded current assets by $410 million" for the other way round).

Only a full exchange counts: each of the two figures stands where the gold has the other,
and neither also stands where the gold has it. A figure the answer leaves unplaced, or
places where the gold says nothing, moves nothing.
"""
from __future__ import annotations

import re

from harness.judge.amounts import Quantity, parse_quantities
from harness.judge.comparison import quantity_kind
from harness.judge.value_scope import OPPOSITE_ITEMS, both_ways, names_the_other
from harness.judge.words import STOP, UNIT_STEMS, content, stem, with_initials

# What joins a label to the figure after it, with the words that may stand between.
_LINK_BEFORE = re.compile(
    r",?\s*\b(?:up|down)\s+$|\b(?:of|for|at|was|were|is|are|totall?ed|amounted\s+to|stood\s+at|came\s+(?:in\s+)?(?:at|to)|reached|accounted\s+for|"
    r"represented|made\s+up)\s+(?:still\s+|just\s+|only\s+|about\s+|approximately\s+|roughly\s+|nearly\s+|around\s+|some\s+|"
    r"an?\s+|the\s+|remaining\s+|other\s+)*(?:US)?\$?\s*$|:\s*(?:US)?\$?\s*$",
    re.IGNORECASE,
)
# Words of movement, for the ends of a movement and its size.
_MOVES = (
    r"rose|risen|rising|rises|increased|increasing|grew|grown|growing|climbed|jumped|improved|expanded|surged|soared|"
    r"fell|fallen|falling|falls|decreased|decreasing|declined|declining|dropped|slipped|shrank|narrowed|contracted|"
    r"plunged|tumbled|slid|widened|worsened|deteriorated|weakened|strengthened|recovered|edged|ticked|moved|changed"
)
# The end of a movement: "rose to 3.1%", "rose 14% to $865 million" (its size between),
# "from 2.7% to 3.1%". ("amounted to", "compared to" are not.)
_MOVED_TO = re.compile(
    rf"\b(?:(?:{_MOVES}|up|down)\s+(?:\w+\s+|\$?\d[\d.,]*\s*(?:%|percent\b|per\s+cent\b)\s*)?|from\s+\S+\s+(?:(?:times|x|million|billion|thousand)\s+)?)to\s+"
    r"(?:about\s+|approximately\s+)?(?:US)?\$?\s*$",
    re.IGNORECASE,
)
# The size of a movement, and what moved: "Total debt increased by $1.3 billion" (<by>,
# total debt), "R&D grew 4%" (R&D).
_MOVED_BY = re.compile(
    rf"((?:[A-Za-z&][\w&'’\-]*\s+){{0,3}})(?:{_MOVES})\s+(by\s+)?(?:~\s*|about\s+|approximately\s+|roughly\s+)?(?:US)?\$?\s*$",
    re.IGNORECASE,
)
_MOVED_FROM = re.compile(r"\bfrom\s+(?:about\s+|approximately\s+)?(?:US)?\$?\s*$", re.IGNORECASE)
# Where a label stops on its left: a verb, a turn or a break ("exceeded current assets of").
_LABEL_STOP = re.compile(
    r"[.;:,()\n]|\b(?:and|while|whereas|but|although|though|with|as|than|that|which|exceeded?|exceeds|above|below|"
    r"over|under|against|versus|vs|was|were|is|are|had|has|have|reported|recorded|generated|held|kept|paid|"
    r"rose|fell|grew|increased|decreased|declined)\b",
    re.IGNORECASE,
)
# Where a share comes from, said after it: "the remaining 69% coming from e-commerce".
_SOURCE_AFTER = re.compile(
    r"\s*(?:of\s+(?:[\w\-]+\s+){1,3})?(?:(?:came|comes|coming|come|was|were|generated|derived|earned)\s+)?(?:from|by)\s+(?:the\s+)?([A-Za-z][\w\-]*(?:\s+[A-Za-z][\w\-]*){0,2})",
    re.IGNORECASE,
)
_ELLIPTIC = re.compile(r"(?:\band|[,;:])\s+((?:[A-Za-z][\w&'’\-]*\s+){1,3})(?:US)?\$?$", re.IGNORECASE)
_ARTICLE = re.compile(r"(?:a|an|the|its|their|our)\s", re.IGNORECASE)  # a noun phrase the figure stands in, no label
_OF_AFTER = re.compile(r"\s+of\s+((?:[A-Za-z][\w\-]*\s*){1,3})", re.IGNORECASE)
# What a share is said to be, after it: "of which 58% were owned and 42% were optioned".
_STATE_AFTER = re.compile(r"\s+(?:were|was|are|is)\s+([A-Za-z][\w\-]*)", re.IGNORECASE)
# The noun after a figure that nothing names before: "the 7% regulatory minimum".
_NOUN_AFTER = re.compile(r"\s+((?:[A-Za-z][A-Za-z\-]*\s+){0,2}[A-Za-z][A-Za-z\-]*)")
# A debt's maturity after its coupon: "4.25% Notes due 2027", "5.5% senior notes maturing in
# 2031". Two issues of notes differ by their years alone, so the year is part of the coupon's place.
_MATURITY_AFTER = re.compile(
    r"\s+(?:[A-Za-z][A-Za-z\-]*\s+){0,3}?(?:due|matur(?:ing|es|e))\s+(?:in\s+)?((?:19|20)\d\d)\b", re.IGNORECASE
)
_NOT_A_NOUN = re.compile(
    r"(?:of|in|for|at|on|to|from|and|or|is|are|was|were|has|had|by|the|a|an|than|more|less|higher|lower|"
    r"million|billion|thousand|percent|per|year|years|points?|basis)$",
    re.IGNORECASE,
)


def values_exchanged(gold: str, answer: str) -> bool:
    """Do two of the gold's figures (of one kind, two numbers) trade places in the answer?"""
    gold_values = [g for g in parse_quantities(gold) if g.number]
    places = [(g, _place(gold, g, loose=True)) for g in gold_values]
    places = [(g, p) for g, p in places if p]
    if len(places) < 2:
        return False
    answer_values = [a for a in parse_quantities(answer) if a.number]
    for i, (a, place_a) in enumerate(places):
        for b, place_b in places[i + 1:]:
            if quantity_kind(a) != quantity_kind(b) or _same_number(a, b):
                continue
            only_a, only_b = place_a - place_b, place_b - place_a
            if not only_a or not only_b:
                continue
            held_a = [_place(answer, x, loose=True) for x in _same_figures(answer_values, a)]
            held_b = [_place(answer, x, loose=True) for x in _same_figures(answer_values, b)]
            if held_a and held_b and all(_at(p, only_b, only_a) for p in held_a) and all(_at(p, only_a, only_b) for p in held_b):
                return True
    return False


# One side set above the other: "current assets exceeded current liabilities", "revenue
# outpaced costs", "liabilities were higher than assets".
_ABOVE = re.compile(
    r"\b(?:exceed(?:ed|s|ing)?|outpac(?:ed|es|ing)|outstripp(?:ed|ing)|outgrew|surpass(?:ed|es|ing)?|"
    r"(?:was|were|is|are|remained|stayed)\s+(?:well\s+|far\s+|slightly\s+)?(?:above|higher\s+than|greater\s+than|larger\s+than|more\s+than))\b",
    re.IGNORECASE,
)
_OWN_FIGURE = re.compile(r"\s+(?:of|at|totall?ing)\s+(?:US)?\$?\s?\d[\d,.]*\s*(?:million|billion|thousand|%)?(?=\s*$)", re.IGNORECASE)
_SIDE_BREAK = re.compile(r"[.;:,()\n]|\b(?:and|while|whereas|but|although|though|as|by|because|so|which|that|yes|no)\b|\d", re.IGNORECASE)


def comparison_turned(gold: str, answer: str) -> bool:
    """Does the answer set above what the gold sets below it, the same two sides turned round
    ("current liabilities exceeded current assets" for "current assets exceeded current
    liabilities")?"""
    for over, under in _comparisons(gold):
        only_over, only_under = over - under, under - over
        if not only_over or not only_under:
            continue
        for their_over, their_under in _comparisons(answer):
            if _at(their_over, only_under, only_over) and _at(their_under, only_over, only_under):
                return True
    return False


def _comparisons(text: str) -> list[tuple[frozenset[str], frozenset[str]]]:
    """(the side above, the side below) of each comparison of ``_ABOVE`` in ``text``, as stems."""
    found = []
    for m in _ABOVE.finditer(text):
        # A side's own figure ("Current liabilities of $2.9 billion exceeded ...") is blanked
        # out of it, not taken for where the side starts.
        window = _OWN_FIGURE.sub(lambda f: " " * len(f.group(0)), text[max(0, m.start() - 60):m.start()])
        stops = list(_SIDE_BREAK.finditer(window))
        left = window[stops[-1].end():] if stops else window
        stop = _SIDE_BREAK.search(text, m.end(), m.end() + 60)
        right = text[m.end():stop.start() if stop else m.end() + 60]
        over, under = (frozenset(s for s, _ in content(side)) - UNIT_STEMS for side in (left, right))
        if over and under:
            found.append((over, under))
    return found


# Line items that are each other's opposite: a figure the gold names as one and the answer as
# the other is not the gold's ("a net loss of $318 million" for "net income of $318 million").
# (The statement's opposites, as the numeric check reads them, and the two ways a result goes.)
_OPPOSITES = OPPOSITE_ITEMS + both_ways((
    (r"(?:net |operating )?(?:income|profits?|earnings|gains?)", r"(?:net |operating )?loss(?:es)?"),
    (r"surplus", r"deficit"),
))


def figure_on_another_item(gold: str, answer: str) -> bool:
    """Does the answer give a figure of the gold to another item, while the item the gold
    gives it to holds another figure ("Stores were 31% of net sales; e-commerce was the
    remaining 69%" for "E-commerce was 31% of net sales")? Both must be named: a figure the
    answer leaves unplaced, or places with any word of the gold's, moves nothing."""
    # (A metric's initials and its words are one place: "ROA", "return on assets".)
    gold_places = [(x, with_initials(_place(gold, x))) for x in parse_quantities(gold) if x.number]
    if not any(own and not own & _ROLES for _, own in gold_places):
        return False
    # Each figure's place read once, not once for every figure of the gold it is held to.
    answer_places = [(a, with_initials(_place(answer, a))) for a in parse_quantities(answer) if a.number]
    for g, own in gold_places:
        if not own or own & _ROLES:
            continue
        held = [place for a, place in answer_places if _same_figure(a, g)]
        if not held or not all(place and not place & own for place in held):
            continue
        # Another figure the gold itself gives a like item ("the 4.25% Notes due 2027 and
        # 5.5% Notes due 2031") is no rival: the answer holding it there says what the gold says.
        alike = [x for x, place in gold_places if not _same_number(x, g) and place & own]
        if any(
            place & own for a, place in answer_places
            if quantity_kind(a) == quantity_kind(g) and not _same_number(a, g) and not any(_same_number(a, x) for x in alike)
        ):
            return True
    return False


_ROLES = frozenset({"<to>", "<from>"})


def figure_relabelled(gold: str, answer: str) -> bool:
    """Does the answer name a figure of the gold as the opposite line item of the one the
    gold names it as ("reported a net loss of $318 million" for "net income of $318
    million"), and nowhere as that item itself?"""
    answer_values = [a for a in parse_quantities(answer) if a.number]
    for g in parse_quantities(gold):
        own = _label_text(gold, g)
        if not g.number or not own:
            continue
        held = [_label_text(answer, a) for a in _same_figures(answer_values, g)]
        if held and all(names_the_other(label, own, _OPPOSITES) for label in held):
            return True
    return False


def _label_text(text: str, q: Quantity, loose: bool = False) -> str:
    """The words that name ``q`` before it ("Harlow reported a net loss of $318 million": "a
    net loss "), back to the verb or break before them; "" when no link ("of", "was", ...)
    joins them to it."""
    before = text[max(0, q.start - 80):q.start]
    link = _LINK_BEFORE.search(before)
    if not link:
        # A label set right before the figure after "and" or a comma, its verb left out:
        # "capex was 14% of revenue and fixed assets 61% of total assets".
        elliptic = _ELLIPTIC.search(before) if loose else None
        if elliptic and not _LABEL_STOP.search(elliptic.group(1)) and not _ARTICLE.match(elliptic.group(1)):
            return elliptic.group(1)
        return ""
    head = before[:link.start()]
    stops = list(_LABEL_STOP.finditer(head))
    return head[stops[-1].end():] if stops else head


def _at(place: frozenset[str], theirs: frozenset[str], own: frozenset[str]) -> bool:
    """Is ``place`` the other figure's (``theirs``) and none of the figure's ``own``?"""
    return bool(place & theirs) and not place & own


def _same_figures(values: list[Quantity], g: Quantity) -> list[Quantity]:
    """The values of ``values`` that are ``g``: its number, of its kind."""
    return [x for x in values if _same_figure(x, g)]


def _same_figure(x: Quantity, g: Quantity) -> bool:
    return _same_number(x, g) and quantity_kind(x) == quantity_kind(g)


def _same_number(x: Quantity, y: Quantity) -> bool:
    return abs(x.number * x.scale - y.number * y.scale) <= 1e-9 * max(abs(x.number * x.scale), 1.0)


def place_of(text: str, q: Quantity) -> frozenset[str]:
    """What ``q`` is said of in ``text``, read loosely (see ``_place``): empty when unsaid."""
    return _place(text, q, loose=True)


def _place(text: str, q: Quantity, loose: bool = False) -> frozenset[str]:
    """What ``q`` is said of in ``text`` (see the module's docstring), as stems; empty when
    the text does not say. ``loose`` also reads what moved by it ("R&D grew 4%"), a label
    with its verb left out ("and fixed assets 61%") and what it is an amount of ("$1.1
    billion of cash"): ties loose enough for a full exchange of two figures, too loose for
    one figure put elsewhere."""
    before = text[max(0, q.start - 80):q.start]
    if _MOVED_TO.search(before):
        return frozenset({"<to>"})
    if _MOVED_FROM.search(before):
        return frozenset({"<from>"})
    moved = _MOVED_BY.search(before) if loose else None
    if moved:
        # What moved, and (after "by") that the figure is the movement's size.
        mover = _label_words(moved.group(1))
        return mover | {"<by>"} if moved.group(2) else mover
    label = _label_text(text, q, loose)
    stems = frozenset(s for s, _ in content(label)) - UNIT_STEMS
    if stems:
        return stems
    source = _SOURCE_AFTER.match(text, q.end)
    if source:
        stems = frozenset(s for s, _ in content(source.group(1))) - UNIT_STEMS
        if stems:
            return stems
    noun = _NOUN_AFTER.match(text, q.end)
    if noun:
        # The words right after the figure up to the first that names nothing ("the 7%
        # regulatory minimum"); none when that is the first ("4.8 times as inventory grew").
        words = []
        for word in noun.group(1).split():
            if _NOT_A_NOUN.fullmatch(word) or word.lower() in STOP or _LABEL_STOP.fullmatch(word):
                break
            words.append(word)
        if words:
            maturity = _MATURITY_AFTER.match(text, q.end)
            due = {f"<due {maturity.group(1)}>"} if maturity else set()
            return frozenset(stem(w) for w in words) - UNIT_STEMS | due
    state = _STATE_AFTER.match(text, q.end) if loose else None
    if state and not _NOT_A_NOUN.fullmatch(state.group(1)) and state.group(1).lower() not in STOP:
        return frozenset({stem(state.group(1))}) - UNIT_STEMS
    of = _OF_AFTER.match(text, q.end) if loose else None
    if of:
        # "$1.1 billion of cash": what the figure is an amount of, up to a stop.
        stop = _LABEL_STOP.search(of.group(1))
        return frozenset(s for s, _ in content(of.group(1)[:stop.start()] if stop else of.group(1))) - UNIT_STEMS
    return frozenset()


def _label_words(text: str) -> frozenset[str]:
    """The content stems of ``text`` after its last label stop."""
    stops = list(_LABEL_STOP.finditer(text))
    return frozenset(s for s, _ in content(text[stops[-1].end():] if stops else text)) - UNIT_STEMS
