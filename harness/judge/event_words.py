"""Words that name one financial event: "bought a few salons" is an acquisition.

A gold that denies an event ("did not make any acquisitions") is contradicted by an answer
that names the same event in other words ("Aside from buying a few salons, ..."). Each
event has words that always name it ("acquisition", "divestiture", "repurchase") and
everyday verbs that name it only beside the right object: "bought a salon chain" is an
acquisition, "purchases of property and equipment", "bought out its lease" and "bought back
shares" are not;
"sold its beauty segment" is a divestiture, "sold more cosmetics" is not; "took over a
salon chain" and "merged with a rival retailer" are acquisitions, "took over as CEO" and
"took over the leadership of the company" are not.

- ``event_of(root)``: the event a word's root (``words.root``) names, or None.
- ``events_named(clause)``: the events a clause names, in any of their words.
- ``names_a_firm(text)``: does the text name a firm ("a salon chain", "a rival retailer")?
"""
from __future__ import annotations

import re

from harness.judge.words import WORD, root

# Each event: the words that always name it, and everyday words that may name it.
_ALWAYS = {
    "acquir": "acquire acquired acquires acquiring acquisition acquisitions",
    "divest": "divest divested divests divesting divestiture divestitures dispose disposed disposes disposing disposal "
    "disposals disposition dispositions",
    "repurchas": "repurchase repurchased repurchases repurchasing buyback buybacks",
    "issu": "issue issued issues issuing issuance issuances",
}
_SOMETIMES = {
    "acquir": "buy buys buying bought purchase purchased purchases purchasing",
    "divest": "sell sells selling sold",
    "issu": "offering offerings",
}
_EVENT = {root(w): event for event, words in _ALWAYS.items() for w in words.split()}
# A gold may deny the event in an everyday word ("did not purchase any businesses").
_EVENT_OF = {**{root(w): event for event, words in _SOMETIMES.items() for w in words.split()}, **_EVENT}


def _any_of(words: str, extra: str = "") -> re.Pattern[str]:
    """A pattern for any of the space-separated ``words`` (or ``extra``), as whole words."""
    return re.compile(r"\b(?:" + "|".join(words.split()) + (f"|{extra}" if extra else "") + r")\b", re.IGNORECASE)


# Buying and purchasing name an acquisition unless what is bought is an asset, stock or
# supplies (capital expenditure, inventory, investments), a right held under an agreement
# (a lease, a contract, a licence: "bought out its lease" ends a lease, it buys no firm), or
# it is bought back.
_BUY = _any_of(_SOMETIMES["acquir"])
_BOUGHT_BACK = re.compile(r"\b(?:buy|buys|buying|bought)\s+back\b", re.IGNORECASE)
_NOT_A_BUSINESS = re.compile(
    r"\b(?:property|properties|equipment|pp&e|inventor\w*|merchandise|goods|products?|shares?|stock|securities|"
    r"bonds?|notes|treasury|investments?|supplies|materials|land|buildings?|services?|software|capital|more|less|fewer|"
    r"leases?|leasehold\w*|contracts?|agreements?|licen[cs]es?|rights|patents?|royalt\w*|options|warrants|"
    r"vehicles?|aircraft|machinery|fixtures|furniture|space|insurance|polic(?:y|ies))\b",
    re.IGNORECASE,
)
# Selling names a divestiture only when what is sold is a business or a piece of one.
_SELL = _any_of(_SOMETIMES["divest"], "sale of")
_A_BUSINESS = re.compile(
    r"\b(?:business(?:es)?|segments?|divisions?|subsidiar(?:y|ies)|operations|brands?|stakes?|interests?|stores|"
    r"compan(?:y|ies)|units?)\b",
    re.IGNORECASE,
)
# An offering of stock or debt is an issuance; a "product offering" is not.
_OFFERING = re.compile(
    r"\b(?:public|debt|equity|stock|share|notes?|bond|secondary|initial)\s+offerings?\b"
    r"|\bofferings?\s+of\s+(?:\S+\s+){0,3}?(?:notes|shares|stock|debt|bonds|securities)\b",
    re.IGNORECASE,
)
_OBJECT_WORDS = 4  # the words after a verb that say what it acts on

# Taking over or merging with another firm is an acquisition; what is taken over must be
# named as a firm ("a salon chain", "a rival retailer"), since one takes over a role, a
# duty or the leadership of a company far more often than a company. A subsidiary, a
# segment or a division merged with another is a reorganisation, so they are not firms
# here. "Absorbed" is left out: filings absorb costs, losses and impacts far more often
# than businesses.
_TAKE_OVER = re.compile(
    r"\b(?:take|takes|taking|took|taken)\s+over\b(?!\s+as\b)|\btakeovers?\s+of\b|\bmerg(?:e|es|ed|ing|ers?)\s+with\b",
    re.IGNORECASE,
)
_A_FIRM = re.compile(
    r"\b(?:business(?:es)?|compan(?:y|ies)|chains?|firms?|rivals?|competitors?|retailers?|brands?|stores|startups?|"
    r"operators?|franchisees?|makers?|manufacturers?|producers?)\b",
    re.IGNORECASE,
)
_A_ROLE = re.compile(
    r"\b(?:leadership|management|helm|reins|role|position|duties|responsibilit\w*|command|chair\w*|presidency|office|"
    r"day-to-day)\b",
    re.IGNORECASE,
)


# Weighing an event is not doing it ("considered several acquisitions", "explored a sale of
# the segment"): read by ``affirmed_denial`` (an answer affirming what a gold denies) and by
# ``undone_deals`` (an answer taking back a deal the gold names).
WEIGHING = (
    r"consider(?:s|ed|ing)?|evaluat(?:e|es|ed|ing)|explor(?:e|es|ed|ing)|plann?(?:s|ed|ing)?|seek(?:s|ing)?|sought|"
    r"look(?:s|ed|ing)? (?:at|for)|intend(?:s|ed)?"
)


def event_of(word_root: str) -> str | None:
    """The event a word's root names ("acquir" for "acquisitions", and for "purchases")."""
    return _EVENT_OF.get(word_root)


def names_a_firm(text: str) -> bool:
    """Does ``text`` name a firm, the object of an acquisition ("a salon chain", "a rival retailer")?"""
    return bool(_A_FIRM.search(text))


def _object(clause: str, end: int) -> str:
    return " ".join(WORD.findall(clause[end:])[:_OBJECT_WORDS])


def events_named(clause: str) -> set[str]:
    """The events ``clause`` names, in the words that always name them or in everyday words
    beside the right object."""
    events = {_EVENT[r] for r in (root(w) for w in WORD.findall(clause)) if r in _EVENT}
    if _BOUGHT_BACK.search(clause):
        events.add("repurchas")
        clause = _BOUGHT_BACK.sub(" ", clause)
    for m in _BUY.finditer(clause):
        thing = _object(clause, m.end())
        if thing and not _NOT_A_BUSINESS.search(thing):
            events.add("acquir")
    for m in _TAKE_OVER.finditer(clause):
        thing = _object(clause, m.end())
        if _A_FIRM.search(thing) and not _A_ROLE.search(thing):
            events.add("acquir")
    for m in _SELL.finditer(clause):
        if _A_BUSINESS.search(_object(clause, m.end())):
            events.add("divest")
    if _OFFERING.search(clause):
        events.add("issu")
    return events
