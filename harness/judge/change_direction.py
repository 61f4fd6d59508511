"""A change whose direction word the answer's own values deny: the answer contradicts itself.

"Revenue declined 10.6% to $51.8 billion in 2022 from $46.3 billion in 2021" states the
gold's 10.6% and the gold's direction, yet the values it gives go up: whichever part is
meant, the sentence says something false, and a reviewer does not credit it. The figure is
read where a word of movement governs a pair of values of one kind right after it, with
only its change, units and periods between them:

- "declined 10.6% to $51.8 billion from $46.3 billion", "fell by $5.5 billion from $46.3
  billion to $51.8 billion", "a decline of 10.6% (from $51.8B to $46.3B)", "decreased to
  $51.8 billion, from $46.3 billion": the value after "to" is where it went, after "from"
  where it started;
- "$51.8 billion in 2022, down from $46.3 billion": the value before "up from" or "down
  from" is where it went.

A word of judgement rather than movement ("improved", "worsened") is read only where its
clause names a thing whose better way is plain: up for a margin, a return, income, revenue
or sales ("its operating margin is not improving — it improved from 14.2% to 11.6%"), down
for debt, costs, days or losses; days, costs and leverage improve as they fall, and a clause
that names both kinds ("days sales outstanding"), or neither ("the tax rate"), is not read.
Nor is a pair that another clause or another item's
value stands before ("declined 10.6%, while cash grew from $2.9 billion to $3.1 billion"
reads "grew" with cash's values), nor two bracketed losses, whose size and sign read apart.

``contradicted_sentences`` gives where; the judge weighs only the sentences that state the
gold's own figure: reviewers forgive a slip in a side figure (a sub-item's values written
the wrong way round beside the right total), not in the figure that answers.
"""
from __future__ import annotations

import functools
import re

from harness.judge.amounts import Quantity, parse_quantities
from harness.judge.comparison import quantity_kind
from harness.judge.refusal import sentence_spans
from harness.judge.words import FALL, JUDGED_DOWN, JUDGED_UP, LOWER_IS_BETTER, MOVEMENT_UP, RISE, word_pattern

# "up to" is a limit ("up to $5 billion"), no movement.
_MOVE = r"(?P<dir>(?!up\s+to\b)(?:" + "|".join(RISE + FALL) + r"))"
_RISE = word_pattern(MOVEMENT_UP)
_JUDGED = word_pattern(JUDGED_UP, JUDGED_DOWN)
_BETTER = word_pattern(JUDGED_UP)
# Things that are better higher, for a judgement's way ("operating margin improved").
_HIGHER_IS_BETTER = re.compile(
    r"\b(?:margins?|returns?\s+on|ro[aei]c?|profit\w*|income|revenues?|sales|earnings|eps)\b", re.IGNORECASE
)
# Where the clause of a judgement begins, back from it; a pronoun there stands for the clause before.
_CLAUSE_START = re.compile(r"[,;:—–(]|\s-\s|\b(?:and|but|while|whereas)\b", re.IGNORECASE)
_PRONOUN_ONLY = re.compile(r"^\s*(?:it|this|that|which|they|these)(?:\s+(?:has|have|had|was|were|is|are|also|then))*\s*$", re.IGNORECASE)
# What may lead a value: a word of about, a currency sign, an opening bracket.
_LEAD = r"(?:(?:about|approximately|roughly|nearly|almost|some|~)\s+)?(?:US\$|\$|€|£)?\s*\(?\s*"
# Between a value and the preposition of the next: one word of what is counted ("982
# stores"), then periods ("in Q2 FY2023", "at the end of fiscal 2022"), commas, brackets.
# One way only to read each character, so that a failed match fails fast.
_FILL = (
    r"(?:[\s,()]|\b(?:in|for|during|at|as|of|by|on|over|the|end|ended|ending|fiscal|year-over-year|year|yoy|calendar|full|"
    r"q[1-4]|h[12]|fy\s?'?\d{2,4}|'\d{2}|\d{4}|first|second|third|fourth|quarter|half|"
    r"jan\w*|feb\w*|mar\w*|apr\w*|may|jun\w*|jul\w*|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*|\d{1,2})\b)*"
)
_UNIT = r"(?:\s*(?!(?:to|from|and|or|in|for|at|by|of|up|down|while|but)\b)[a-z][a-z\-]*)?"
# The gap between the two values of a pair, and the preposition that starts the second.
_BETWEEN = re.compile(r"^" + _UNIT + _FILL + r"(?P<prep>to|from)\s+" + _LEAD + r"$", re.IGNORECASE)
_UP_DOWN_FROM = re.compile(r"^" + _UNIT + _FILL + r"(?P<dir>up|down)\s+(?:\w+ly\s+)?from\s+" + _LEAD + r"$", re.IGNORECASE)
# Before the first value: the word of movement and an adverb, then the preposition
# ("declined to $51.8 billion"), or first the change itself ("declined by 10.6% to ...").
_MOVE_THEN_PREP = re.compile(r"\b" + _MOVE + r"\s+(?:\w+ly\s+)?" + _FILL + r"(?P<prep>to|from)\s+" + _LEAD + r"$", re.IGNORECASE)
_MOVE_THEN_CHANGE = re.compile(r"\b" + _MOVE + r"\s+(?:\w+ly\s+)?(?:(?:by|of)\s+)?" + _LEAD + r"$", re.IGNORECASE)


# Every pair read holds "from" before a value: most answers hold none, and are not parsed.
_FROM_VALUE = re.compile(r"\bfrom\s+(?:[a-z]+\s+)?\S{0,8}?\d", re.IGNORECASE)


def _direction(word: str, sentence: str, at: int) -> str | None:
    """"up" or "down" for a word of movement; for a judgement, the way its clause's thing
    moves as it gets better or worse, None where that is not plain."""
    if not _JUDGED.fullmatch(word):
        return "up" if _RISE.fullmatch(word) else "down"
    way = _better_way(sentence, at)
    if way is None:
        return None
    return way if _BETTER.fullmatch(word) else ("down" if way == "up" else "up")


def _better_way(sentence: str, at: int) -> str | None:
    """Which way the thing the clause before ``at`` names gets better: "up" for a margin or
    revenue, "down" for costs or debt, None for both, neither, or only a pronoun that the
    clause before does not resolve."""
    clauses = _CLAUSE_START.split(sentence[:at])
    subject = clauses[-1]
    if _PRONOUN_ONLY.match(subject) and len(clauses) > 1:
        subject = clauses[-2]
    higher, lower = bool(_HIGHER_IS_BETTER.search(subject)), bool(LOWER_IS_BETTER.search(subject))
    if higher == lower:
        return None
    return "up" if higher else "down"


def _went(start: Quantity, end: Quantity) -> str | None:
    """Which way the values went from ``start`` to ``end``; None when they are of two kinds,
    equal, or both bracketed losses."""
    if quantity_kind(start) != quantity_kind(end) or (start.number < 0 and end.number < 0):
        return None
    if end.value == start.value:
        return None
    return "up" if end.value > start.value else "down"


def _governing(sentence: str, values: list[Quantity], i: int) -> tuple[str, str] | None:
    """The direction of the word of movement that governs ``values[i]``, and the preposition
    before the value ("declined 10.6% to $51.8 billion": down, to); None when no word of
    movement does, with nothing but the change itself between them."""
    a = values[i]
    m = _MOVE_THEN_PREP.search(sentence, values[i - 1].end if i else 0, a.start)
    if m:
        way = _direction(m.group("dir"), sentence, m.start())
        return (way, m.group("prep").lower()) if way else None
    if i == 0:
        return None
    change = values[i - 1]
    gap = _BETWEEN.match(sentence[change.end:a.start])  # the change's own gap to the value: the same shape
    m = _MOVE_THEN_CHANGE.search(sentence, values[i - 2].end if i >= 2 else 0, change.start)
    if gap and m:
        way = _direction(m.group("dir"), sentence, m.start())
        return (way, gap.group("prep").lower()) if way else None
    return None


@functools.lru_cache(maxsize=1024)
def contradicted_sentences(text: str) -> tuple[tuple[int, int], ...]:
    """The (start, end) of each sentence of ``text`` that states a change whose word of
    movement its own from/to values deny ("declined 10.6% to $51.8 billion from $46.3
    billion"). Cached: the numeric check and then the offline judge ask of the same answer."""
    if not _FROM_VALUE.search(text):
        return ()
    return tuple((lo, hi) for lo, hi in sentence_spans(text) if _FROM_VALUE.search(text, lo, hi) and _denies_itself(text[lo:hi]))


def _denies_itself(sentence: str) -> bool:
    values = parse_quantities(sentence)
    for i, (a, b) in enumerate(zip(values, values[1:])):
        gap = sentence[a.end:b.start]
        up_down = _UP_DOWN_FROM.match(gap)
        if up_down:
            # "$51.8 billion, down from $46.3 billion": the first value is where it went.
            said, went = up_down.group("dir").lower(), _went(b, a)
        else:
            between = _BETWEEN.match(gap)
            governing = _governing(sentence, values, i) if between else None
            if between is None or governing is None or governing[1] == between.group("prep").lower():
                continue
            said, prep = governing
            went = _went(a, b) if prep == "from" else _went(b, a)
        if went and said != went:
            return True
    return False


# "from 982 stores in Q2 FY2023 to 969": the start of a change, then (after its unit and
# periods, no clause break) its end.
_FROM_BEFORE = re.compile(r"\bfrom\s+(?:about\s+|approximately\s+|roughly\s+|~)?(?:US\$|\$|€|£)?\s*[-−(]?$", re.IGNORECASE)
_TO_BETWEEN = re.compile(r"[^.;:]{0,40}?\bto\s+(?:US\$|\$|€|£)?\s*\(?", re.IGNORECASE)


@functools.lru_cache(maxsize=4096)  # a gold's pairs are read once per gold, not per answer
def from_to_pairs(text: str) -> list[tuple[float, float]]:
    """The (start, end) values of each "from A ... to B" in ``text``."""
    if "from" not in text.lower():
        return []
    values = parse_quantities(text)
    return [(a.value, b.value) for a, b in zip(values, values[1:]) if start_and_end(text, a, b)]


def started_from(text: str, q: Quantity) -> bool:
    """Is ``q`` where a change started ("down from 15.9%", "from about $2.1 billion")?"""
    return _FROM_BEFORE.search(text, max(0, q.start - 30), q.start) is not None


def start_and_end(text: str, a: Quantity, b: Quantity) -> bool:
    """Are ``a`` and then ``b`` where one change started and ended ("from 982 stores in Q2
    FY2023 to 969")?"""
    return bool(_FROM_BEFORE.search(text, max(0, a.start - 12), a.start) and _TO_BETWEEN.fullmatch(text, a.end, b.start))


def swapped_ends(gold: str, answer: str) -> bool:
    """Does the answer state a change of the gold's the wrong way round ("from 969 to 982"
    for "from 982 stores ... to 969")? Each value as the other's, within a rounding."""
    same = _same_value
    pairs = from_to_pairs(gold)
    if not pairs or "from" not in answer.lower():
        return False
    return any(
        not same(a, b) and same(a, d) and same(b, c)
        for a, b in pairs for c, d in from_to_pairs(answer)
    )


# A gold that says its figure held: "21.0% in FY2022, unchanged from FY2021", "remained flat".
# (Not "flat-rolled steel", "flat panels".)
HELD = re.compile(
    r"\b(?:unchanged|no change|flat|(?:remained|stayed|was|were|held) (?:the same|flat|constant|steady|stable))\b(?![-\w])",
    re.IGNORECASE,
)
_MOVED = word_pattern(RISE, FALL)


def moves_what_gold_holds(gold: str, answer: str) -> bool:
    """Does the answer have the gold's figure move ("21.0%, up from 19.5% in FY2021",
    "rose from 19.5% to 21.0%") where the gold says it held? Only for a gold that says no
    other movement, and only for a pair of the answer's values one of which is the gold's."""
    if not HELD.search(gold) or _MOVED.search(HELD.sub(" ", gold)):
        return False
    golds = [q.value for q in parse_quantities(gold)]
    values = parse_quantities(answer)
    pairs = list(from_to_pairs(answer))
    pairs += [(b.value, a.value) for a, b in zip(values, values[1:]) if _UP_DOWN_FROM.match(answer[a.end:b.start])]
    return any(
        not _same_value(a, b) and any(_same_value(v, g) for v in (a, b) for g in golds) for a, b in pairs
    )


def _same_value(x: float, y: float) -> bool:
    """Two values that are one within a rounding (half a percent of the larger)."""
    return abs(x - y) <= 0.005 * max(abs(x), abs(y))
