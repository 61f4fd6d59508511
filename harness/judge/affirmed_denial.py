"""An answer that says the thing a gold denies exists (``affirms_denied``): beside a denial
or not ("It acquired several salons; it did not make any large acquisitions"), in the
thing's words or in other words of the same event ("Aside from buying a few salons"),
excepted from a denial of it when the exception is not of another kind (``thing_kinds``:
"no debt securities ..., except its common stock" admits no debt), or taken as given by a
denial of "other" of it ("made no other acquisitions").
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace

from harness.judge.commitment import is_row
from harness.judge.event_words import WEIGHING, event_of, events_named
from harness.judge.refusal import DECLINE, sentences
from harness.judge.thing_kinds import kind_relation, presupposes
from harness.judge.value_scope import question_years, years_in
from harness.judge.verdict_commitment import hedges_verdict
from harness.judge.verdict_polarity import claims_nothing
from harness.judge.words import (
    NEGATION,
    PERIOD_WORD,
    STOP,
    WORD,
    YES_NO,
    content,
    root,
    stem,
)

_DENIED_AFTER = re.compile(r"\b(?:not|never)\b[^.;:]*?\bany\s+|n[’']t\b[^.;:]*?\bany\s+|\bno\s+|\bnone of\s+(?:the\s+|its\s+)?", re.IGNORECASE)
_ASKED_THING = re.compile(r"\b(?:any|which|what)\s+(?:(?:are|were|is|was)\s+(?:the\s+)?)?", re.IGNORECASE)
_QUALIFIER = frozenset("major significant material large big notable new other additional such further specific key main".split())
_COPULA = re.compile(r"\s*(?:are|is|were|was|been|be)\s+(?=[A-Za-z])", re.IGNORECASE)


def _thing(text: str) -> tuple[str, ...]:
    """The words of the thing named at the start of ``text``: a phrase of up to three words
    ("debt securities registered"), less a qualifier ("major", "significant": an answer that
    affirms a small one affirms one), and the participle after "are" ("debt securities are
    registered")."""
    words: list[str] = []
    pos = 0
    for m in WORD.finditer(text):
        if text[pos:m.start()].strip(" -"):
            break  # punctuation ends the phrase
        word, pos = m.group(0), m.end()
        lower = word.lower()
        if not words and lower in _QUALIFIER:
            continue
        if lower in STOP or len(word) <= 2 or PERIOD_WORD.fullmatch(lower):
            pos = m.start()
            break
        words.append(word)
        if len(words) == 3:
            return tuple(words)
    copula = _COPULA.match(text, pos) if words else None
    if copula:
        after = WORD.match(text, copula.end())
        if after and after.group(0).lower() not in STOP:
            words.append(after.group(0))
    return tuple(words)


@functools.lru_cache(maxsize=4096)
def denied_thing(question: str, gold: str) -> tuple[tuple[str, str], ...]:
    """(root, stem) of each word of what a gold that denies says does not exist; () when the
    gold denies no thing ("Performance is not measured through gross margin" denies a use)."""
    first = YES_NO.sub("", (sentences(gold) or [gold])[0], count=1)
    m = _DENIED_AFTER.search(first)
    words = _thing(first[m.end():]) if m else ()
    if not words and (not content(first) or re.match(r"\W*(?:there (?:are|is|were|was) )?none\b", first, re.IGNORECASE)):
        asked = _ASKED_THING.search(" ".join(p for p in sentences(question) if p.rstrip().endswith("?")) or question)
        words = _thing(asked.string[asked.end():]) if asked else ()
    return tuple((root(w), stem(w)) for w in words)


_QUOTED = re.compile(r'"[^"]*"|“[^”]*”')
_VERDICT_WORD = re.compile(r"^\W*(?:yes|no)\s*[.,;:!—–-]+\s*", re.IGNORECASE)
# A year that dates a clause's event ("in 2019", "during fiscal 2019", "FY2019"), not a
# year that names the thing ("Notes due 2024").
_PERIOD_END_LEAD = re.compile(r"\b(?:year|quarter|period)\s+end(?:ed|ing)\s+(?:on\s+)?[A-Za-z]+\.?\s+\d{1,2},?\s*$", re.IGNORECASE)
_PERIOD_LEAD = re.compile(r"\b(?:in|during|for|throughout|over|since)\s+(?:the\s+)?(?:fiscal\s+(?:year\s+)?)?$", re.IGNORECASE)
# Where a clause turns ("It acquired several salons; it did not make any large acquisitions",
# "..., although it acquired several salons", "... and did not make any", "... and made no
# large acquisitions", "several small acquisitions, none of them major"): each side is read
# alone. A negation after "and" opens a clause of its own: it does not reach back over the
# affirmation before it, and two denials joined so ("no acquisitions and no divestitures")
# stay two denials.
_TURNS = re.compile(
    r"[;:]|\b(?:but|however|although|though|while|whereas|yet|except|besides|apart from|aside from|other than)\b"
    r"|,\s*(?=(?:none|no|not|neither)\b)"
    r"|\band\s+(?=(?:it\s+|they\s+|the company\s+)?(?:did|does|do|has|have|had|was|were|is|are)\s*(?:not\b|n[’']t\b))"
    r"|\band\s+(?=(?:[a-z]+\s+){0,2}(?:no|none|never|neither|nor)\b)",
    re.IGNORECASE,
)
# A clause that names the thing without saying it exists: asking or supposing ("to determine
# if there were any", "whether"), in a modal mood ("one would need to review the debt
# securities registered"), preferring another ("rather than acquisitions", "without"), or
# stating nothing of it ("shows a value of $—", "zero").
_NOT_AFFIRMING = re.compile(
    r"\b(?:if|whether|unless|any|would|should|could|can|may|might|must|rather than|instead of|as opposed to|without|"
    r"no longer|nil|zero)\b|\?"
    r"|\$\s*[—–-](?!\s*\d)|\$\s*0(?![.,]?\d)",
    re.IGNORECASE,
)
# Weighing the thing ("considered several acquisitions and made none") is not doing it,
# unless the clause also says it was done ("evaluated and completed two acquisitions").
_WEIGHS = re.compile(rf"\b(?:{WEIGHING})\b", re.IGNORECASE)
_DONE = re.compile(
    r"\b(?:complet\w*|made|closed|finali[sz]ed|undert(?:ook|aken)|executed|announced|acquired|bought|purchased|sold|"
    r"divested|issued|did|has|had|have)\b",
    re.IGNORECASE,
)


# An exception to a denial ("Aside from buying a few salons, it made no acquisitions", "no
# acquisitions other than two salons") says the excepted thing happened: the exception runs
# to the next comma, and is a statement however short.
_EXCEPTION = re.compile(r"except|besides|apart from|aside from|other than", re.IGNORECASE)


def _clauses(sentence: str) -> list[tuple[str, bool]]:
    """The clauses of ``sentence`` (split at ``_TURNS``), each with whether it is an exception."""
    out: list[tuple[str, bool]] = []
    pos, exception = 0, False
    for m in [*_TURNS.finditer(sentence), None]:
        piece = sentence[pos:m.start() if m else len(sentence)]
        head, comma, rest = piece.partition(",") if exception else (piece, "", "")
        out.append((head, exception))
        if comma:
            out.append((rest, False))
        if m:
            exception, pos = bool(_EXCEPTION.fullmatch(m.group(0))), m.end()
    return out


def _names_event(clause: str, thing: tuple[tuple[str, str], ...], forms: set[str]) -> bool:
    """Does the clause name the thing, an event in other words ("buying a few salons" for
    "acquisitions")?"""
    events = None
    for r, s in thing:
        if r in forms or s in forms:
            continue
        event = event_of(r)
        if event is None:
            return False
        events = events_named(clause) if events is None else events
        if event not in events:
            return False
    return True


def affirms_denied(answer: str, question: str, gold: str) -> bool:
    """Does the answer say, in a clause of its own, that the thing a gold denies exists ("It
    acquired several salons during the year; it did not make any large acquisitions" to "did
    not make any acquisitions")? A denial beside it, of a larger or another kind of it, does
    not take the affirmation back, and an exception to it ("Aside from buying a few salons")
    is an affirmation unless it is named as of another kind ("except its common stock" to
    a denial of debt securities); the thing may be named in other words of the same event
    (``event_words``). A denial of "other" or "further" of the thing ("made no other
    acquisitions") takes one as given: it is an affirmation too (``_presupposed``). Not an
    affirmation: a clause that asks, supposes, weighs, hedges, prefers another or quotes the
    filing, and one about a year the question does not ask.
    """
    thing = denied_thing(question, gold)
    if not thing:
        return False
    sized = _SIZED.search(gold) is not None
    asked_years = question_years(question)
    gold_said = " ".join(gold.split()).lower()
    before: list[_Said] = []  # every clause before the one read, for what "other" points back to
    for sentence in sentences(_QUOTED.sub(" ", answer)):
        # The answer's own "No." opens the sentence it heads ("No. It acquired ..."): the
        # verdict word is not a negation of the clause after it ("No debt securities are
        # listed" is one).
        clauses = _clauses(_VERDICT_WORD.sub("", sentence, count=1))
        if (
            claims_nothing(sentence)
            or DECLINE.search(sentence) or hedges_verdict(sentence) or is_row(sentence)
        ):
            before.extend(_said(clause, thing, asked_years) for clause, _ in clauses)
            continue
        denial = False  # the clause before denies the thing ("made no acquisitions ...")
        labelled_elsewhen = False  # a period label opens the sentence ("- Fiscal 2020 (...): ...")
        for at, (clause, exception) in enumerate(clauses):
            said = _said(clause, thing, asked_years)
            if at + 1 < len(clauses) and _SHORT_DENIAL.fullmatch(clauses[at + 1][0]):
                # "Acquisitions, net of cash acquired, no amount reported": a line item and
                # its value, none.
                said = replace(said, negated=True)
            if said.elsewhen and not said.named and clause is clauses[0][0]:
                labelled_elsewhen = True
            elif labelled_elsewhen and not said.elsewhen:
                said = replace(said, elsewhen=True)  # what the label dates
            words = WORD.findall(clause)
            # What a denial of the thing excepts is of its kind ("no acquisitions in FY2023
            # other than two salon chains") unless it is named as of another kind ("no debt
            # securities ..., except its common stock"); an exception that leads ("Aside
            # from opening stores, it made no acquisitions") must name the thing itself.
            excepted = exception and denial and kind_relation(clause, thing) != "other" and not (sized and _LESSER.search(clause))
            # "There are none other than its 3.5% Notes": a bare "none" denies the thing asked.
            denial = said.negated and (said.named or _BARE_DENIAL.fullmatch(clause) is not None)
            # "No further acquisitions after buying QM Scientific in FY2018": what the
            # denial counts from may be dated in its own clause, to a year not asked.
            if denial and presupposes(clause, thing) and not said.dates_elsewhen and _presupposed(before, thing):
                return True
            before.append(said)
            if said.negated or _NOT_AFFIRMING.search(clause) or (_WEIGHS.search(clause) and not _DONE.search(clause)):
                continue
            if len(words) < (2 if exception else 4):
                continue  # a heading or a line item ("Acquisitions, net"), not a statement
            if not said.named and not excepted:
                continue
            if said.elsewhen:
                continue  # another period ("it acquired QM Scientific in FY2019"; not "Notes due 2024")
            if " ".join(clause.split()).lower() in gold_said:
                continue  # the gold's own words ("its revenue is mainly net interest income ..."): the gold affirms it too
            return True
    return False


_SHORT_DENIAL = re.compile(r"\W*(?:no\s+(?:amount|amounts|value|figure)(?:\s+(?:was\s+)?(?:reported|shown|disclosed|recorded))?|none|nil|not\s+(?:reported|applicable))\W*", re.IGNORECASE)
_BARE_DENIAL = re.compile(r"\W*(?:there\s+(?:are|were|is|was)\s+)?(?:none|nothing|no others?)\W*", re.IGNORECASE)
# A size a gold's denial may give the thing ("no material legal proceedings"), and the words
# of an exception below that size ("other than ordinary routine litigation"): what such an
# exception admits is not what was denied.
_SIZED = re.compile(r"\b(?:material|significant|major|large)\b", re.IGNORECASE)
_LESSER = re.compile(r"\b(?:ordinary|routine|incidental|immaterial|minor|small|insignificant)\b", re.IGNORECASE)


@dataclass(frozen=True)
class _Said:
    """One clause of an answer, as ``affirms_denied`` reads it."""

    clause: str
    named: bool  # it names the thing the gold denies, in its words or the event's
    negated: bool
    elsewhen: bool  # it dates what it says to a year the question does not ask
    dates_elsewhen: bool  # it dates something to such a year, beside the years asked or not


def _said(clause: str, thing: tuple[tuple[str, str], ...], asked_years: frozenset[int]) -> _Said:
    words = WORD.findall(clause)
    forms = {root(w) for w in words} | {stem(w) for w in words}
    named = all(r in forms or s in forms for r, s in thing) or _names_event(clause, thing, forms)
    years: set[int] = set()
    for start, _, year, dated in years_in(clause):
        if _PERIOD_LEAD.search(clause, 0, start) or clause[start:start + 1] in "Ff":
            years.add(year)
        elif _PERIOD_END_LEAD.search(clause, 0, start):
            # "in the fiscal year ended January 30, 2021": a January-March day may close the
            # fiscal year before its calendar year, so either is the clause's.
            years.update({year, year - 1} if dated else {year})
    other_years = bool(asked_years) and bool(years - asked_years)
    return _Said(clause, named, bool(NEGATION.search(clause)), other_years and not years & asked_years, other_years)


def _presupposed(before: list[_Said], thing: tuple[tuple[str, str], ...]) -> bool:
    """Does a denial of "other" of the thing ("made no other acquisitions") admit one? "Other"
    points back to the nearest clause that names the thing or a kind the judge knows. The
    thing in another year ("acquired QM Scientific in FY2018") or denied, something of its
    kind denied, or something only of another kind ("Only its common stock is listed") is
    what it sets the thing apart from; the thing itself, something of its kind ("absorbed a
    salon chain"), or nothing named at all leaves one of the thing admitted."""
    for said in reversed(before):
        if said.named:
            return not (said.negated or said.elsewhen)
        relation = kind_relation(said.clause, thing)
        if relation is not None:
            # A denial of the kind ("There are no debt securities listed") names none to
            # set apart: the "other" that follows only repeats it.
            return relation == "same" and not said.negated
    return True
