"""The gold's own words with one word turned to its opposite: "credit losses on them may
decrease" for a gold of "... credit losses on them may increase", "operating cash flow is less
telling" for "... is more telling".

Every reading that credits prose counts what the answer shares with the gold: its terms, its
figures, that it denies what the gold denies. An answer that copies the gold and turns one
word shares all of that and says the opposite. The readings of movement (``term_direction``)
catch a turned word that governs the gold's terms, within a clause; this one needs no terms,
only the copy: the turned word stands where the gold has its opposite, among the same words.

Among the same words means: the two words before it and the two after it are the gold's
(articles aside), or as many as there are where either text starts or ends, and one side
holds a word that is not a function word. One side alone is not enough: "due to decrease in
gross margin" and "due to increased litigation costs" share "due to" and say different
things. Not read: a turned word near a denial in either text ("did not increase" for
"decreased" says the same), nor one beside its own opposite ("gains and losses"), nor one
whose gold form the answer also has among the same words (an answer that says both has not
turned the gold; other readings judge it).
"""
from __future__ import annotations

import re

from harness.judge.words import NEGATION

# Pairs of opposite words: every form on one side is the opposite of every form on the other.
# Words that qualify what follows ("more profits") and words of movement or state ("costs
# increased", "a net loss").
_QUALIFIERS = (
    (("more",), ("less", "fewer")),
    (("higher",), ("lower",)),
    (("greater", "larger", "bigger"), ("smaller", "lesser")),
    (("highest", "largest", "biggest"), ("lowest", "smallest")),
    (("better", "best", "stronger", "strongest"), ("worse", "worst", "weaker", "weakest")),
    (("most",), ("least", "fewest")),
    (("positive", "favorable", "favourable"), ("negative", "unfavorable", "unfavourable")),
)
_STATES = (
    (("increase", "increased", "increases", "increasing"), ("decrease", "decreased", "decreases", "decreasing")),
    (("rise", "rose", "risen", "rises", "rising"), ("fall", "fell", "fallen", "falls", "falling")),
    (("improve", "improved", "improves", "improving", "improvement"),
     ("worsen", "worsened", "worsens", "worsening", "deterioration")),
    (("profit", "profits", "gain", "gains"), ("loss", "losses", "loss", "losses")),
    (("inflow", "inflows", "surplus"), ("outflow", "outflows", "deficit")),
    (("above",), ("below",)),
)


def _opposites(groups) -> dict[str, set[str]]:
    table: dict[str, set[str]] = {}
    for ups, downs in groups:
        for up in ups:
            table.setdefault(up, set()).update(downs)
        for down in downs:
            table.setdefault(down, set()).update(ups)
    return table


_OPPOSITES = _opposites(_QUALIFIERS + _STATES)
# Words only, hyphens split ("lower-tax" is "lower" "tax"), figures kept as words ("12%").
_TOKEN = re.compile(r"[a-z]+(?:'[a-z]+)?|\d[\d,.]*%?")
_FUNCTION = frozenset(
    "the a an of in on at to for with by from and or but is are was were be been has have had it its this that as "
    "which will would may might could can should so than".split()
)
_NEGATED = re.compile(NEGATION.pattern + r"|\bwithout\b", re.IGNORECASE)
_NEAR = 2  # the words on each side that must be the gold's, and how far back a denial reaches
_PAIR_REACH = 3  # how near its own opposite a word is read as one of a pair ("gains and losses")


def _tokens(text: str) -> list[str]:
    # Without articles: "an increase in revenue" and "a decrease in revenue" differ only in
    # the turned word.
    return [word for word in _TOKEN.findall(text.lower().replace("’", "'")) if word not in _ARTICLES]


_ARTICLES = frozenset(("a", "an", "the"))


def _has_content(words: list[str]) -> bool:
    return any(word not in _FUNCTION for word in words)


def _sides_agree(gold: list[str], i: int, answer: list[str], k: int) -> bool:
    """Are gold[i] and answer[k] among the same words: on each side, the ``_NEAR`` words
    agree or one text has none there (it starts or ends), and on one side at least they
    agree and hold a word that is not a function word?"""
    agreed = False
    for near_gold, near_answer in (
        (gold[max(0, i - _NEAR) : i][::-1], answer[max(0, k - _NEAR) : k][::-1]),
        (gold[i + 1 : i + 1 + _NEAR], answer[k + 1 : k + 1 + _NEAR]),
    ):
        width = min(len(near_gold), len(near_answer))
        if near_gold[:width] != near_answer[:width]:
            return False
        agreed = agreed or (width > 0 and _has_content(near_gold[:width]))
    return agreed


def _denied_near(words: list[str], at: int) -> bool:
    return bool(_NEGATED.search(" ".join(words[max(0, at - _NEAR - 1) : at])))


def _paired(words: list[str], at: int, opposites: set[str]) -> bool:
    return any(near in opposites for near in words[max(0, at - _PAIR_REACH) : at + _PAIR_REACH + 1])



def _says_gold_word(gold: list[str], i: int, answer: list[str]) -> bool:
    """Does the answer have the gold's own word among the gold's words somewhere?"""
    return any(word == gold[i] and _sides_agree(gold, i, answer, k) for k, word in enumerate(answer))


def turned_word(gold: str, answer: str) -> tuple[str, str] | None:
    """(the gold's word, the answer's opposite of it) when the answer copies the gold with
    that word turned; None otherwise."""
    gold_words, answer_words = _tokens(gold), _tokens(answer)
    if not gold_words or not answer_words:
        return None
    for i, word in enumerate(gold_words):
        opposites = _OPPOSITES.get(word)
        if not opposites or _denied_near(gold_words, i):
            continue
        if _paired(gold_words, i, opposites):
            continue  # "gains and losses", "higher or lower": the gold holds no one way
        for k, other in enumerate(answer_words):
            if other not in opposites or _denied_near(answer_words, k) or _paired(answer_words, k, {word}):
                continue
            if _sides_agree(gold_words, i, answer_words, k) and not _says_gold_word(gold_words, i, answer_words):
                return word, other
    return None


_YEAR = re.compile(r"(?:19|20)\d\d")


def turned_year(gold: str, answer: str, question: str = "") -> tuple[str, str] | None:
    """(the gold's year, the answer's) when the answer copies the gold with one of its years
    changed to one the gold does not name, among the same words ("the deal was expected to
    close in Q4 2021" for "... in Q4 2023", "effective March 2020" for "effective March
    2022"): the same claim told of another time, which the readings of figures do not
    compare where no figure is tied to the year. None otherwise. Only a year the answer
    writes nowhere, moved to one neither the gold nor the ``question`` names: an answer that
    gives the gold's year too, or the asked one ("paid $0.40 in FY2022; the same $0.40 in
    FY2021"), tells of both years, which its figures' readings judge."""
    # (A sentence's last figure is read with its stop, "2021."; a year is read without it.)
    gold_words, answer_words, asked = ([w.rstrip(".,") for w in _tokens(text)] for text in (gold, answer, question))
    named = {w for w in (*gold_words, *asked) if _YEAR.fullmatch(w)}
    for i, word in enumerate(gold_words):
        if not _YEAR.fullmatch(word) or word in answer_words:
            continue
        for k, other in enumerate(answer_words):
            if _YEAR.fullmatch(other) and other not in named and _sides_agree(gold_words, i, answer_words, k) \
                    and not _says_gold_word(gold_words, i, answer_words):
                return word, other
    return None
