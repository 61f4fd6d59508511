"""Values given "respectively": each goes with the item in the same place of a list.

"Revenue was $4,500 million, $4,650 million and $4,812 million in FY2019, FY2020 and FY2021
respectively" states FY2021's revenue once, as its third value; read as three candidates it
is a list, and read by its first figure it is FY2019's. "Product, services and licensing
contributed $3,100 million, $1,200 million and $512 million respectively", after "Total
revenue was $4,812 million", gives the parts of a total, not three more answers.

``respective_values(sentence, offset, values, question, asked)`` pairs the sentence's list of
values (its last run, with only commas and "and" between them) with its list of years or of
names, and keeps of that run only what the question asks for: the value of an asked year, or
of the one item the question names in full; none when it names none. The sentence's other
values are read as any value is (their period, their scope). None when the sentence pairs
nothing (no "respectively", or lists of other lengths).
"""
from __future__ import annotations

import re
from typing import NamedTuple

from harness.judge.amounts import Quantity
from harness.judge.value_scope import year_fits, years_in
from harness.judge.words import content

_RESPECTIVELY = re.compile(r"\brespectively\b", re.IGNORECASE)
_LIST_GAP = re.compile(r"\s*(?:,\s*(?:and\s+)?|and\s+)(?:US)?\$?\s*[-−(]?", re.IGNORECASE)  # (a span starts at the digits)
# A list of two to five names: "product, services and licensing", "the IPO, the debt and the
# exchange offer" (each of one to four words, no figures).
_NAME = r"[A-Za-z][\w&'’-]*(?:\s+[A-Za-z][\w&'’-]*){0,3}"
_NAME_LIST = re.compile(rf"({_NAME})((?:,\s+{_NAME}){{0,3}}),?\s+and\s+({_NAME})", re.IGNORECASE)


class Paired(NamedTuple):
    """What a "respectively" decides of a sentence's list of values: the ones the question
    does not ask for (``dropped``), and the ones kept for an asked year, whose period the
    pairing has read (``dated``). The sentence's other values are left to the other readings."""

    dropped: list[Quantity]
    dated: list[Quantity]


def respective_values(
    sentence: str, offset: int, values: list[Quantity], question: str, asked: frozenset[int],
) -> Paired | None:
    """How a "respectively" pairs the list among ``values`` (quantities of the sentence, which
    starts at ``offset`` in the answer) with what the question asks, or None when it pairs
    nothing."""
    if len(values) < 2 or not _RESPECTIVELY.search(sentence):
        return None
    run = [values[-1]]
    for q in reversed(values[:-1]):
        if not _LIST_GAP.fullmatch(sentence, q.end - offset, run[0].start - offset):
            break
        run.insert(0, q)
    if len(run) < 2:
        return None
    start, end = run[0].start - offset, run[-1].end - offset
    years = [y for y in years_in(sentence) if not start <= y[0] < end]
    if len(years) == len(run):
        if not asked:
            return None
        dated = [q for q, (_, _, year, dated) in zip(run, years) if year_fits(year, dated, asked)]
        return Paired([q for q in run if q not in dated], dated)
    names = _names_listed(sentence, start, end)
    if names is None or len(names) != len(run):
        return None
    asked_words = {s for s, _ in content(question)}
    # A name the question says in full ("services" to "What was services revenue?"; not
    # "content liabilities" to "What were total current liabilities?").
    named = [q for q, name in zip(run, names) if (stems := {s for s, _ in content(name)}) and stems <= asked_words]
    kept = named if len(named) == 1 else []
    return Paired([q for q in run if q not in kept], [])


def _names_listed(sentence: str, start: int, end: int) -> list[str] | None:
    """The names of a list in the sentence before or after its values' run, in order."""
    for part in (sentence[:start], sentence[end:]):
        found = _NAME_LIST.search(part)
        if found:
            middle = [m.strip() for m in found.group(2).split(",") if m.strip()]
            return [found.group(1).strip(), *middle, found.group(3).strip()]
    return None
