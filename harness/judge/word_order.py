"""Words strung in an order no sentence has: "not . 35.9% for 8.7 end primarily 35.9% that
Answer public balance", an answer made by shuffling the question's and the gold's words with
a few figures, to game a judge that looks for the gold's figure or terms.

English puts a noun phrase after "the" or "an", not "the not", "the in", "an is" or "the .", and
a word once, not "sheet sheet". (Not a rule of prepositions: English strands them, "the regions
it operates in are ...", and stacks them, "came in at $4.81 billion"; nor of "is" twice: "what
it was is not disclosed".) Answers people wrote or models gave hardly break these: of the
1,760 labelled answers, two break one once, neither on 1% of its word pairs. Shuffled words break them often: 618 of 1,620
shuffles of the tune questions' words (``scripts/judge_shuffles.py``) break them on 3% of their
word pairs or more, and that is the line drawn. (Shuffles that happen to keep these pairs
right pass; a model judge reads grammar.)
"""
from __future__ import annotations

import re

_DETERMINERS = frozenset({"the", "an"})
_PREPOSITIONS = frozenset({"in", "on", "of", "for", "by", "to", "from", "with", "at", "into", "than"})
_AUXILIARIES = frozenset({"is", "are", "was", "were"})
_NEVER_AFTER_DETERMINER = frozenset({"the", "an", "a", "not", "and", "or", "that", "which", ".", "!", "?"}) | _PREPOSITIONS | _AUXILIARIES
_TOKEN = re.compile(r"[A-Za-z][A-Za-z'’-]*|\d[\d,.]*%?|[.!?]")
# A word said twice in a row ("sheet sheet"), but "that that" and "had had", which English has.
_DOUBLED = re.compile(r"\b(?!(?:that|had)\b)([A-Za-z]{2,})[ \t]+\1\b", re.IGNORECASE)
MISORDERED_SHARE = 0.03


def misordered_pairs(text: str) -> tuple[int, int]:
    """How many of ``text``'s neighbouring tokens no sentence puts together, and how many
    neighbouring pairs it has."""
    tokens = [token.lower() for token in _TOKEN.findall(text)]
    wrong = len(_DOUBLED.findall(text))
    for first, second in zip(tokens, tokens[1:]):
        if first in _DETERMINERS and second in _NEVER_AFTER_DETERMINER:
            wrong += 1
    return wrong, max(len(tokens) - 1, 1)


def strung_out_of_order(text: str) -> bool:
    """Are ``text``'s words in an order no sentence has (``MISORDERED_SHARE`` of its word
    pairs or more)?"""
    wrong, pairs = misordered_pairs(text)
    return wrong > 0 and wrong >= MISORDERED_SHARE * pairs
