"""Of what kind is the thing a clause names, measured against the thing a gold denies.

A gold that denies a thing ("There are none" to "Which debt securities are registered
...?") is contradicted by an exception to the answer's denial only when what it excepts is
of the denied kind: "no debt securities are registered, except two series of notes" admits
debt; "..., except its common stock" admits stock, which is not debt. Likewise "no other
debt securities" after the answer has named only its common stock sets debt apart from
stock, while "no other acquisitions" after "absorbed a salon chain" admits one.

- ``thing_kind(thing)``: the kind of a denied thing (``verdict_polarity.denied_thing``): a
  class of security, an event (``event_words``), or None when the judge knows no kind of it.
- ``kind_relation(clause, thing)``: ``same`` when the clause names something of the thing's
  kind, ``other`` when it names only things of other kinds of the same family (stock or a
  bank loan for debt; a share repurchase for an acquisition), None when it names no kind
  the judge knows.
- ``presupposes(clause, thing)``: a denial of "other", "further", "additional", "more" or
  "another" of the thing ("made no other acquisitions"), which takes one of it as given.
"""
from __future__ import annotations

import functools
import re

from harness.judge.event_words import event_of, events_named, names_a_firm
from harness.judge.words import NEGATION, WORD, root, stem

Thing = tuple[tuple[str, str], ...]  # (root, stem) of each word, as ``denied_thing`` gives it

# The classes of security a filing names. "Notes" is debt only as a noun: "the 10-K notes
# that ...", "Note 8" and "the notes to the financial statements" are not securities.
_SECURITY_CLASSES = {
    "equity": re.compile(
        r"\b(?:common|ordinary|preferred|capital|class [a-c])\s+(?:stock|shares?)\b|\bdepositary shares\b|\bequity securities\b"
        r"|\bstock\b|\bshares\b",
        re.IGNORECASE,
    ),
    "debt": re.compile(
        r"\bnotes\b(?!\s+(?:that|to\s+(?:the|its|our))\b)|\bbonds?\b|\bdebentures?\b|\bdebt securities\b|\bcommercial paper\b",
        re.IGNORECASE,
    ),
    "loan": re.compile(
        r"\bcredit (?:facility|facilities|agreements?|lines?)\b|\brevolving\b|\bterm loans?\b|\bloans?\b|\bborrowings?\b"
        r"|\blines? of credit\b",
        re.IGNORECASE,
    ),
}
# What each denied security is, from the words that name it; "securities" alone is any class.
_CLASS_OF_WORD = {root(w): kind for kind, words in {
    "equity": "stock stocks shares equity", "debt": "debt notes bonds debentures", "loan": "loans borrowings",
}.items() for w in words.split()}
_ANY_SECURITY = frozenset({"equity", "debt"})
_PRESUPPOSING = re.compile(r"\b(?:other|further|additional|more|another)\b", re.IGNORECASE)
_AFTER_QUALIFIER = 3  # words between "other" and the thing ("no other registered debt securities")


@functools.lru_cache(maxsize=1024)
def thing_kind(thing: Thing) -> tuple[str, frozenset[str]] | None:
    """("event", {event}) or ("security", {classes}) for a denied thing; None when unknown."""
    for r, _ in thing:
        event = event_of(r)
        if event is not None:
            return "event", frozenset({event})
    classes = {_CLASS_OF_WORD[r] for r, _ in thing if r in _CLASS_OF_WORD}
    if classes:
        return "security", frozenset(classes)
    if any(r == root("securities") for r, _ in thing):
        return "security", _ANY_SECURITY
    return None


def kind_relation(clause: str, thing: Thing) -> str | None:
    """``same``, ``other`` or None: is what ``clause`` names of the kind of ``thing``?"""
    kind = thing_kind(thing)
    if kind is None:
        return None
    family, wanted = kind
    if family == "event":
        named = events_named(clause)
        if named & wanted:
            return "same"
        if named:
            return "other"  # a share repurchase or a sale is not an acquisition
        # A firm is what an acquisition or a divestiture is of ("absorbed a salon chain").
        return "same" if names_a_firm(clause) else None
    named = {cls for cls, pattern in _SECURITY_CLASSES.items() if pattern.search(clause)}
    if named & wanted:
        return "same"
    return "other" if named else None


def presupposes(clause: str, thing: Thing) -> bool:
    """Does ``clause`` deny "other", "further", "additional", "more" or "another" of the
    thing ("made no other acquisitions", "did not make another acquisition")?"""
    negation = NEGATION.search(clause)
    if negation is None:
        return False
    roots, stems = {r for r, _ in thing}, {s for _, s in thing}
    events = {event_of(r) for r in roots} - {None}
    for m in _PRESUPPOSING.finditer(clause, negation.start()):
        for word in WORD.findall(clause[m.end():])[:_AFTER_QUALIFIER]:
            r = root(word)
            if r in roots or stem(word) in stems or (events and event_of(r) in events):
                return True
    return False
