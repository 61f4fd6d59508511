"""The question's deal said not to have happened to the gold's names.

"What are three main companies acquired by Pfizer?" is not answered by "Trillium, Array and
Therachon were not acquired", "Pfizer considered acquiring Trillium, Array and Therachon" or
"Pfizer bid for Trillium, Array and Therachon, but the deal fell through": each names every
company the gold names and takes the acquisition back, denied, only intended, or undone.
(A deal turned the other way, "Pfizer sold Trillium", is ``term_direction``'s.)

Read in the clause that names the gold's terms: "Pfizer acquired Trillium, Array and
Therachon; it did not acquire Arena" denies nothing of the gold's. Only the deals
``event_words`` knows (acquisitions, divestitures) are read, and only when the question
names one.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from harness.judge.event_words import WEIGHING, event_of, events_named
from harness.judge.value_scope import years_in
from harness.judge.words import WORD, content, root, stem

_DEALS = frozenset({"acquir", "divest"})
# Where a clause ends: a sentence's end, a semicolon, or a turn ("..., but the deal fell
# through" stays with the names before it: the turn is read with its own clause below).
_CLAUSE_END = re.compile(r"[.;!?\n]|,?\s*\b(?:but|while|whereas|although|though|however)\b", re.IGNORECASE)
_TURN = re.compile(r",?\s*\b(?:but|however)\b", re.IGNORECASE)
# The deal's word denied ("were not acquired", "never acquired", "weren't sold"), a word or
# two between ("was not ultimately acquired").
_NOT_BEFORE = re.compile(
    r"(?:\b(?:not|never|none of (?:them|these|those) (?:was|were))|n[’']t)\s+(?:\w+\s+){0,2}$", re.IGNORECASE
)
# Only intended, attempted or offered ("considered acquiring", "tried to acquire", "bid
# for", "in talks to acquire").
_INTENT_BEFORE = re.compile(
    rf"\b(?:{WEIGHING}|intending|propos(?:ed|es|ing)|tri(?:ed|es)|try(?:ing)?|attempt(?:ed|s|ing)?|hop(?:ed|es|ing)"
    r"|want(?:ed|s|ing)?|looked into|talks?|negotiat(?:ed|es|ing)|failed|unable|declined|refused|expect(?:ed|s|ing)?)"
    r"\s+(?:to\s+|about\s+|on\s+)?$",
    re.IGNORECASE,
)
# The deal undone after the fact (a deal that "did not close until July" closed).
_COLLAPSED = re.compile(
    r"\b(?:fell through|fell apart|collapsed|(?:was|were|been|being) (?:terminated|abandoned|called off|blocked|cancell?ed|"
    r"withdrawn|rejected|scrapped)|(?:never|not|didn't|did not) (?:close|closed|complete|completed|go through|went through)"
    r"(?!\s+(?:until|till|before|by|in|on)\b))\b"
    r"|\b(?:bids?|offers?|attempts?|efforts?|deals?|talks|negotiations)\b[^.;]{0,60}\b(?:failed|(?:was|were) unsuccessful)\b",
    re.IGNORECASE,
)


def _clauses(answer: str) -> Iterable[tuple[str, str]]:
    """Each clause of ``answer`` with the turn that follows it ("..., but the deal fell
    through"), which may undo what the clause says."""
    pieces, start = [], 0
    for m in _CLAUSE_END.finditer(answer):
        pieces.append(answer[start:m.start()])
        start = m.start() if _TURN.match(answer, m.start()) else m.end()
    pieces.append(answer[start:])
    for i, piece in enumerate(pieces):
        following = pieces[i + 1] if i + 1 < len(pieces) and _TURN.match(pieces[i + 1]) else ""
        yield piece, following


def deal_undone(question: str, answer: str, gold_terms: Iterable[str], gold: str = "") -> bool:
    """Does ``answer`` name the gold's terms in a clause that denies, only intends or undoes
    the deal the question asks about? Not a clause of another year than the gold's ("does not
    report any acquisitions for FY2022" beside the gold's FY2023 deals)."""
    asked = events_named(question) & _DEALS
    if not asked:
        return False
    terms = set(gold_terms)
    asked_names = {w for w in WORD.findall(question) if w[:1].isupper()}
    gold_years = {year for _, _, year, _ in years_in(gold)}
    for clause, turn in _clauses(answer):
        if not terms & {s for s, _ in content(clause)}:
            continue
        if gold_years and (named := {year for _, _, year, _ in years_in(clause)}) and not named & gold_years:
            continue
        if _COLLAPSED.search(turn) or _COLLAPSED.search(clause) or _undoes(clause, asked, terms, asked_names):
            return True
        # "... were considered, but not acquired": a turn denies the deal of the names
        # before it, unless the clause did the deal ("acquired them, but did not acquire
        # any others").
        if turn and not _affirms(clause, asked) and _undoes(clause + turn, asked, terms, asked_names, intent=False):
            return True
    return False


def _deal_words(text: str, asked: set[str]) -> Iterator[re.Match[str]]:
    return (m for m in WORD.finditer(text) if event_of(root(m.group())) in asked)


def _not_done(text: str, deal: re.Match[str], intent: bool = True) -> bool:
    """Is the deal word ``deal`` of ``text`` denied (or, with ``intent``, only intended)?"""
    return bool(_NOT_BEFORE.search(text, 0, deal.start()) or intent and _INTENT_BEFORE.search(text, 0, deal.start()))


def _affirms(clause: str, asked: set[str]) -> bool:
    """Does ``clause`` say an ``asked`` deal was done ("Pfizer acquired ...")?"""
    return any(not _not_done(clause, m) for m in _deal_words(clause, asked))


def _undoes(text: str, asked: set[str], terms: set[str], asked_names: set[str], intent: bool = True) -> bool:
    """Is an ``asked`` deal of the gold's ``terms`` denied (or, with ``intent``, only
    intended) in ``text``: "never acquired Trillium", "considered acquiring Trillium", or
    with the names before it, "Trillium ... were not acquired"?"""
    for m in _deal_words(text, asked):
        if not _not_done(text, m, intent):
            continue
        before = text[:m.start()]
        after = WORD.findall(text[m.end():])[:_OBJECT_WORDS]
        if any(stem(w) in terms for w in after):
            return True
        if any(w[:1].isupper() and w not in asked_names for w in after):
            continue  # another firm's deal ("but never acquired Arena")
        named = [n.end() for n in WORD.finditer(before) if stem(n.group()) in terms]
        if not named:
            continue
        between = before[named[-1]:]
        # "..., and no other companies were acquired" denies others'; a deal done between
        # the names and the denial is what the names had ("Array was acquired; Seagen was not acquired").
        if _OTHERS.search(between) or next(_deal_words(between, asked), None) is not None:
            continue
        return True
    return False


_OBJECT_WORDS = 8  # the words after a deal's word that may name what it acts on
_OTHERS = re.compile(r"\b(?:other|others|else|more|further|additional|any)\b", re.IGNORECASE)
