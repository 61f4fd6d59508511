"""The gold's drivers stated going the other way: "lower EPYC server processor sales" for a
gold of "higher sales of EPYC server processors".

The key-terms reading counts the gold's words (segment names, products, charges) wherever
the answer commits to them; the word of movement beside them is a stop word to it. So an
answer that names every driver the gold names, each moving the other way ("revenue grew
despite lower EPYC sales, lower semi-custom sales and the loss of Xilinx"), would be
credited with the gold's facts while stating their opposites.

Read clause by clause: a word of movement governs the gold's terms just after or just
before it ("higher sales of their EPYC server processors", "EPYC sales increased"), not a
driver further off ("The decrease in operating income was driven by amortization ... of
the Xilinx acquisition": the decrease is operating income's). A gold term is *reversed*
when a clause of the answer has it (a name, or two terms) governed by the other way. A
clause that denies ("did not grow") is not read, nor a term governed both ways.
"""
from __future__ import annotations

import re
from collections.abc import Collection, Mapping

from harness.judge.refusal import sentences
from harness.judge.words import MOVED_DOWN, MOVED_UP, NEGATION, WORD, content

# Clauses: a comma or semicolon, or a word that sets one movement against another.
_CLAUSE = re.compile(r"[,;:\n]|\b(?:and|but|while|whereas|although|though|despite|offset|partially|partly)\b", re.IGNORECASE)


def _clauses(text: str) -> list[str]:
    return [c for s in sentences(text) for c in _CLAUSE.split(s) if c and c.strip()]


def _moves(clause: str, terms: Collection[str]) -> dict[str, str]:
    """The terms of ``clause`` that a word of movement governs, with its way ("up" or
    "down"): the words just after it ("higher sales of their EPYC server processors") or
    just before it ("EPYC sales increased"). Nothing in a clause that denies ("did not
    grow"), and no term that words of both ways govern."""
    if NEGATION.search(clause):
        return {}
    words = WORD.findall(clause)
    ways: dict[str, set[str]] = {}
    for i, word in enumerate(words):
        way = "up" if MOVED_UP.fullmatch(word) else "down" if MOVED_DOWN.fullmatch(word) else None
        if way is None:
            continue
        for near in words[max(0, i - _BEFORE) : i] + words[i + 1 : i + 1 + _AFTER]:
            for stem_, _ in content(near):
                if stem_ in terms:
                    ways.setdefault(stem_, set()).add(way)
    return {t: next(iter(w)) for t, w in ways.items() if len(w) == 1}


# How far a word of movement reaches: "higher sales of their EPYC server processors" (the
# product four words on), "EPYC server processor sales increased" (three words back).
_AFTER, _BEFORE = 5, 3


def reversed_terms(gold: str, answer: str, gold_terms: Mapping[str, float]) -> list[str]:
    """The gold's terms that the answer says moved the other way from the gold: a name, or
    two terms at least, in one clause of the answer."""
    moved: dict[str, str] = {}
    for clause in _clauses(gold):
        for term, way in _moves(clause, gold_terms).items():
            moved.setdefault(term, way)
    if not moved:
        return []
    found: list[str] = []
    for clause in _clauses(answer):
        against = [t for t, way in _moves(clause, moved).items() if moved[t] != way]
        if any(gold_terms[t] > 1.0 for t in against) or len(against) >= 2:
            found += [t for t in against if t not in found]
    return found
