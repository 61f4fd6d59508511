"""What a gold's wording asks of an answer, apart from how it is worded.

Golds are written by hand, each in its writer's words: "Data Center", "Data Center segment saw
the highest growth", "The largest liability was customer deposits", "According to the filing,
there are none", "No, there are none". The offline judge's readings take a gold's first words
for its verdict or denial and its words beyond the question's for the terms an answer must
give; these readings say which of a gold's words are its answer, so that a rewording of a gold
asks the same of an answer as the gold (``harness.judge.rewordings`` measures it).
"""
from __future__ import annotations

import functools
import re

from harness.judge.refusal import sentences
from harness.judge.words import DENIAL_GOLD, NEGATION, YES_NO, content, stems_of


@functools.lru_cache(maxsize=4096)
def asked_part(question: str) -> str:
    """The question's sentences that ask (end in "?"), joined; "" when none does."""
    return " ".join(p for p in sentences(question) if p.rstrip().endswith("?"))


@functools.lru_cache(maxsize=4096)
def asks_which(question: str) -> bool:
    """Does the question ask to name one thing ("Which region ...?", "who ...?")?"""
    return bool(re.search(r"\b(?:which|who)\b", asked_part(question) or question, re.IGNORECASE))


# A short gold's name, then what makes it the answer: "Data Center segment saw the highest
# growth", "The Developed Rest of the World region had the biggest drop", "Customer deposits
# were the largest liability".
_NAME_THEN_PREDICATE = re.compile(
    r"(?:the\s+)?(?P<name>[A-Z][\w&'’\-]*(?:\s+[\w&'’\-]+){0,4}?)"
    r"(?:\s+(?:segment|region|category|division|unit|business|line))?\s+"
    r"(?:is|was|are|were|saw|had|grew|experienced|posted|recorded|contributed|accounted|generated|delivered|showed|performed|led)\b",
    re.IGNORECASE,
)


# A name of two words or more, an initial between them or not: "Richard A. Johnson", "Mary N.
# Dillon", "Array BioPharma".
_TWO_WORD_NAME = re.compile(r"\b[A-Z][a-z]+(?:\s+[A-Z]\.)?\s+[A-Z][A-Za-z]+(?:[-'’][A-Z][a-z]+)?\b")
_ASKS_ANY = re.compile(r"\b(?:any|anyone|anybody)\b", re.IGNORECASE)


@functools.lru_cache(maxsize=4096)
def one_named(question: str, gold: str) -> str | None:
    """The one a yes gold names as what it says yes to ("Yes, his name is Richard A. Johnson.
    He received ..."), for a question whether there is any such one; None otherwise."""
    verdict = YES_NO.match(gold)
    if verdict is None or verdict.group(1).lower() != "yes" or not _ASKS_ANY.search(question):
        return None
    # (Not cut into sentences: an initial's full stop ends none.)
    named = {m.group(0) for m in _TWO_WORD_NAME.finditer(gold, verdict.end()) if not stems_of(m.group(0)) & stems_of(question)}
    return named.pop() if len(named) == 1 else None


# "What was the largest liability ...?": a pick, asked without "which".
_ASKS_SUPERLATIVE = re.compile(
    r"\bwhat\s+(?:is|was|are|were)\s+(?:the\s+)?(?:\w+\s+)?(?:largest|biggest|highest|lowest|smallest|best|worst)\b",
    re.IGNORECASE,
)


def _asks_to_pick(question: str) -> bool:
    """Does the question ask to name one thing, by "which" or "who" or by a superlative ("What
    was the largest liability ...?")?"""
    return asks_which(question) or bool(_ASKS_SUPERLATIVE.search(asked_part(question) or question))


@functools.lru_cache(maxsize=4096)
def named_subject(question: str, gold: str) -> str | None:
    """For a "which ...?" question, the name a short gold of words alone gives as its answer,
    before what it says about it ("Data Center" of "Data Center, which grew the most" and of
    "Data Center segment saw the highest growth"); None for other golds. A gold with figures
    keeps them as part of what it asks of an answer."""
    if not _asks_to_pick(question) or re.search(r"\d", gold) or YES_NO.match(gold) or DENIAL_GOLD.search(gold):
        return None
    if len(gold.split()) > 12 or len(sentences(gold)) > 1:
        return None
    m = _NAME_THEN_PREDICATE.match(gold.strip())
    name = m.group("name") if m else named_with_detail(gold)
    return name if name and not _NAME_THEN_PREDICATE.match(name) else None


# A name, then after a comma a phrase about it, not another name.
_NAME_THEN_DETAIL = re.compile(r"([^,]+),\s*(?:with|at|up|down|which|who|accounting|representing|contributing)\b(?![^,]*,)", re.IGNORECASE)


def named_with_detail(gold: str) -> str | None:
    """The name of a gold that is one name and, after a comma, what shows it ("Home
    furnishings, with sales up 12%": "Home furnishings"); None for any other gold."""
    m = _NAME_THEN_DETAIL.match(gold)
    if not m or len(m.group(1).split()) > 4 or re.search(r"\d", m.group(1)):
        return None  # a sentence before the comma, not a name
    return m.group(1)


# A gold that cites where it is from ("According to the 10-K, there are none", "Per the
# filing: ..."): the citation is no part of the answer, and the readings take a gold's opening
# words for its verdict or its denial.
_GOLD_CITATION = re.compile(
    r"\A\s*(?:according\s+to|as\s+per|per|based\s+on|as\s+(?:stated|reported|disclosed)\s+in)\s+"
    r"(?:the\s+|its\s+|(?:[A-Z][\w&.\-]*\s+){0,2}[A-Z][\w&.\-]*(?:'s|’s)\s+)?(?:company(?:'s|’s)\s+)?(?:(?:FY\s?)?\d{2,4}\s+)?"
    r"(?:filings?|10-?K|10-?Q|8-?K|annual\s+report|report|financial\s+statements|balance\s+sheet|income\s+statement|"
    r"cash\s+flow\s+statement|MD&A|notes)\s*[,:]\s*(?=\S)",
    re.IGNORECASE,
)
# "No, there are none" to "Which debt securities ...?": to a question that asks for things, not
# for a yes or no, the "No" belongs to the denial.
_NO_BEFORE_DENIAL = re.compile(r"\A\W*no\s*[,.;:\-–—]\s*(?=there\s+(?:are|were|is|was)\s+(?:none|no)\b|none\b)", re.IGNORECASE)
_RESTATED_SUBJECT = re.compile(
    r"(?:the\s+)?(?P<subject>[^,.;:]{3,80}?)\s+(?:was|is|were|are)\s+(?P<answer>[^.;:]+?)\.?", re.IGNORECASE,
)
_NO_NOUN = re.compile(r"there|it|this|that|they|these|those", re.IGNORECASE)
_NO_THINGS = re.compile(r"\A\s*no\s+[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,3}?\s+(?:are|were|is|was|have|has|had)\b", re.IGNORECASE)
# "What are three main companies ...?": things asked for by name, in the plural. (Not "What
# drove ...?": "Gross margin is irrelevant for a card issuer" says no name after its "is".)
_ASKS_NAMED_THINGS = re.compile(r"\bwhat\s+(?:are|were)\s+(?:the\s+)?(?:\w+\s+){0,3}?\w+s\b", re.IGNORECASE)


_ASKS_FOR_THINGS = re.compile(r"(?:\A|[.?!]\s+)(?:which|what|who)\b[^?]*\?", re.IGNORECASE)


@functools.lru_cache(maxsize=4096)
def gold_as_meant(gold: str, question: str) -> str:
    """The gold without a citation of its source ahead of it, and without the "No" a denial
    opens with where the question asks for things rather than a yes or no."""
    cited = _GOLD_CITATION.match(gold)
    if cited:
        gold = _opening_upper(gold[cited.end():])
    if _ASKS_FOR_THINGS.search(question):
        asked = asked_part(question) or question
        to_name = _asks_to_pick(question) or _ASKS_NAMED_THINGS.search(asked)
        restated = _RESTATED_SUBJECT.fullmatch(gold.strip()) if to_name else None
        # (A subject that is no noun, "There are no debt securities ..." or "It was ...", says
        # nothing of the question again.)
        if restated and not _NO_NOUN.fullmatch(restated.group("subject")) and not re.search(r"\d", gold) \
                and not NEGATION.search(restated.group("subject")) \
                and {s for s, _ in content(restated.group("subject"))} <= stems_of(question):
            # "The largest liability was customer deposits", "The three companies are
            # Trillium, Array, and Therachon": the question said again, then its answer.
            gold = restated.group("answer")
        gold = _list_without_its_gloss(gold)
        no = _NO_BEFORE_DENIAL.match(gold)
        if no:
            gold = _opening_upper(gold[no.end():])
        elif _NO_THINGS.match(gold):
            # "No debt securities are registered ...": a denial of what is asked for, which the
            # readings would take for the verdict "No".
            gold = "There are none: " + gold.lstrip()[:1].lower() + gold.lstrip()[1:]
    return gold


def _opening_upper(text: str) -> str:
    """``text`` with its first letter a capital, as a gold's first word is: the readings take
    a gold's opening word for its verdict or its denial."""
    return text[:1].upper() + text[1:]


_LIST_ITEM = re.compile(r"\s*(?:and\s+)?[A-Z][\w&'’.\-]*(?:\s+[A-Z][\w&'’.\-]*){0,3}\s*")


def _list_without_its_gloss(gold: str) -> str:
    """A short list of names, then a sentence about it without a figure ("Trillium, Array,
    and Therachon. These are the three acquisitions named in the 10-K."): the list is the
    answer; the sentence after it only says what the list is."""
    parts = sentences(gold)
    if len(parts) < 2 or re.search(r"\d", re.sub(r"\b(?:10|8)-[KQ]\b", "", gold)):  # a figure, not a form's name
        return gold
    first = parts[0].rstrip(" .")
    items = re.split(r"[,;]|\s+and\s+", first)
    if len(items) < 2 or len(first.split()) > 8 or not all(_LIST_ITEM.fullmatch(item) for item in items if item.strip()):
        return gold
    return first

