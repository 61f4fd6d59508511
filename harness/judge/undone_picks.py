"""A pick that the sentence naming it takes back: the gold's name, and not the question's answer.

To "What was the largest liability?" (gold: customer deposits), each of these names the
gold and picks something else:

- "Customer deposits were not the largest liability; long-term debt was." (the question's
  superlative denied after the name; "Data Center, not Gaming" still picks Data Center);
- "Customer deposits were the smallest liability." (the opposite superlative);
- "Customer deposits were the second largest liability." (a rank below the first);
- "Data Center decreased the most." to "which segment increased the most?" (the other way);
- "The largest liabilities were customer deposits, long-term debt, accounts payable and
  other liabilities." (one of a list).

``pick_undone`` reads the part of the sentence that makes the pick (``picking_part``); the
judge then counts the gold's name as not picked there.
"""
from __future__ import annotations

import re

from harness.judge.words import MOVED_DOWN, MOVED_UP, NEGATION, WORD, content, stem, stems_of

# Each superlative a "which" question asks by, with its opposites.
_OPPOSITE = {
    "most": {"least", "fewest"}, "largest": {"smallest", "least", "lowest"}, "biggest": {"smallest", "least", "lowest"},
    "greatest": {"least", "smallest", "lowest"}, "highest": {"lowest", "least", "smallest"}, "best": {"worst", "weakest"},
    "strongest": {"weakest", "worst"}, "fastest": {"slowest"}, "worst": {"best", "strongest"},
    "lowest": {"highest", "largest", "greatest", "most"}, "smallest": {"largest", "biggest", "greatest", "most"},
    "least": {"most", "largest", "greatest"}, "weakest": {"strongest", "best"}, "slowest": {"fastest"},
}
_SUPERLATIVE = re.compile(r"\b(?:" + "|".join(_OPPOSITE) + r"|fewest)\b", re.IGNORECASE)
_RANK_BELOW = re.compile(r"\b(?:second|third|fourth|fifth|2nd|3rd|4th|5th|next)\b", re.IGNORECASE)
_CHUNK_BREAK = re.compile(r"[,;]")
# Four items or more of a few words each, the last after "and" or "or": a list, not a pick.
_LIST = re.compile(r"(?:[\w&'’\-]+(?: [\w&'’\-]+){0,2},\s+){2,}(?:and\s+|or\s+)?[\w&'’\-]+(?: [\w&'’\-]+){0,2},?\s+(?:and|or)\s+[\w&'’\-]+", re.IGNORECASE)
_AFTER_NEGATION = 4  # words after a "not" that may hold what it denies ("not the largest")


def _asked(question: str) -> set[str]:
    return {w.lower() for w in _SUPERLATIVE.findall(question)}


def _gold_at(part: str, gold_stems: frozenset[str]) -> int:
    """Where the gold's name starts in ``part`` (-1 when it is not there)."""
    for m in WORD.finditer(part):
        words = content(m.group(0))
        if words and words[0][0] in gold_stems:
            return m.start()
    return -1


def pick_undone(part: str, question: str, gold: str) -> bool:
    """Does the picking part that names the gold take the pick back (see the module)?"""
    gold_stems = stems_of(gold) - stems_of(question)
    at = _gold_at(part, gold_stems)
    if at < 0:
        return False
    asked = _asked(question)
    # The superlative that goes with the name: the one in the name's own comma-clause when it
    # has one ("Gaming increased the most, Data Center the least"), else the part's.
    start = max((m.end() for m in _CHUNK_BREAK.finditer(part, 0, at)), default=0)
    end = next((m.start() for m in _CHUNK_BREAK.finditer(part, at)), len(part))
    ranked = part[start:end] if _SUPERLATIVE.search(part, start, end) else part
    said = {w.lower() for w in _SUPERLATIVE.findall(ranked)}
    if asked and said and not said & asked and any(said & _OPPOSITE.get(a, set()) for a in asked):
        return True
    # A rank word of the gold's own name ("the fourth quarter" was the highest) ranks nothing.
    if asked and said & asked and any(stem(m.group(0)) not in gold_stems for m in _RANK_BELOW.finditer(ranked)):
        return True
    for listed in _LIST.finditer(part):
        if listed.start() <= at < listed.end():
            return True  # "The largest liabilities were customer deposits, long-term debt, ... and other"
    after = part[at:]
    for negation in NEGATION.finditer(after):
        # What the "not" denies, up to its clause's end: "not Gaming: its sales increased"
        # denies Gaming, not the increase.
        denied_text = re.split(r"[,;:.()]", after[negation.end():], maxsplit=1)[0]
        following = " ".join(denied_text.split()[:_AFTER_NEGATION]).lower()
        if {w.lower() for w in _SUPERLATIVE.findall(following)} & asked or {s for s, _ in content(following)} & _asked_words(question):
            return True
    asks_up, asks_down = bool(MOVED_UP.search(question)), bool(MOVED_DOWN.search(question))
    says_up, says_down = bool(MOVED_UP.search(part)), bool(MOVED_DOWN.search(part))
    return asks_up != asks_down and says_up != says_down and asks_up != says_up and not NEGATION.search(part)


def opposite_extreme(sentence: str, gold: str) -> bool:
    """Does the sentence put the gold's pick at the other extreme from the gold's own
    superlative ("cash flow from operations was the lowest" for a gold of "... was the
    highest")? For a question that names both ends ("the most (or lost the least)"), the
    gold's word is the one that counts."""
    meant = {w.lower() for w in _SUPERLATIVE.findall(gold)}
    said = {w.lower() for w in _SUPERLATIVE.findall(sentence)}
    return bool(meant and said) and not said & meant and any(said & _OPPOSITE.get(m, set()) for m in meant)


def superlative_swapped(answer: str, gold: str) -> bool:
    """Does the answer put the other extreme on the thing the gold's superlative is of ("Its
    smallest customer accounted for 22%" for "Its largest customer accounted for 22%"),
    and never the gold's own superlative?"""
    meant = [(m.group(0).lower(), gold[m.end():]) for m in _SUPERLATIVE.finditer(gold)]
    if not meant or any(re.search(rf"\b{word}\b", answer, re.IGNORECASE) for word, _ in meant):
        return False
    for word, after in meant:
        noun = re.match(r"\s+([A-Za-z][\w\-]*)", after)
        if noun and any(
            re.search(rf"\b{other}\s+{re.escape(noun.group(1))}\b", answer, re.IGNORECASE) for other in _OPPOSITE.get(word, ())
        ):
            return True
    return False


def _asked_words(question: str) -> set[str]:
    """The question's own predicate words ("perform", "increase", "contribut"): a "not" before
    one of them after the gold's name denies the pick."""
    return {s for s, w in content(question) if not w[:1].isupper()}
