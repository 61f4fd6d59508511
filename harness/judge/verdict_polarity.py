"""Which way an answer's statements go on a yes/no question, and whether they agree.

- ``claim_sentences``: the sentences that make a claim about a text (not framing, definitions,
  talk about the question or declines).
- ``polarity_of``: the yes or no a verdict sentence gives, from its negations and its
  words of direction.
- ``contradicts_itself``: a yes/no verdict its own statements of direction deny.
- ``conclusion_reverses``: an explicit yes or no its own conclusion reverses.
- ``affirms_denied``: a clause that says the thing a gold denies exists, beside a denial
  or not ("It acquired several salons; it did not make any large acquisitions"), in the
  thing's words or in other words of the same event ("Aside from buying a few salons"),
  excepted from a denial of it when the exception is not of another kind (``thing_kinds``:
  "no debt securities ..., except its common stock" admits no debt), or taken as given by
  a denial of "other" of it ("made no other acquisitions").
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass

from harness.judge.commitment import is_row
from harness.judge.event_words import event_of, events_named
from harness.judge.refusal import DECLINE, sentences
from harness.judge.thing_kinds import kind_relation, presupposes
from harness.judge.value_scope import question_years, years_in
from harness.judge.verdict_commitment import hedges_verdict
from harness.judge.words import (
    ABOVE_ZERO,
    BELOW_ZERO,
    FALL,
    NEGATION,
    PERIOD_WORD,
    RISE,
    STOP,
    WORD,
    YES_NO,
    content,
    root,
    stem,
    stems_of,
    word_pattern,
)

# Words of direction: a question asking about one side ("improving", "positive",
# "increased") is answered "no" by a clause that only names the other side. Beside the words
# of movement and sign, a verdict names a side by a state ("healthy", "stable", "volatile")
# or a comparison ("more", "fewer"). "contract\w*" also reads "contract", "contracts" and
# "contractual" as the down side, as this reading always has; the shared list holds only the
# movement's forms.
_GOOD_STATE = (
    r"healthy", r"strong\w*", r"consistent", r"stable", r"more", r"adequate", r"sufficient", r"sound", r"solid", r"robust", r"ample",
    r"comfortable",
)
_BAD_STATE = (
    r"weak\w*", r"unhealthy", r"inconsistent", r"unstable", r"volatile", r"fluctuat\w*", r"fewer", r"less", r"contract\w*",
    r"inadequate", r"insufficient", r"poor", r"tight", r"strained", r"concern\w*",
)
_UP = word_pattern(RISE, ABOVE_ZERO, _GOOD_STATE)
_DOWN = word_pattern(FALL, BELOW_ZERO, _BAD_STATE)


# The pace of a change: a question whether growth will accelerate is about its pace, and
# "growth" names what moves, not which way ("growth is expected to decelerate" is a no).
_PACE_UP = word_pattern((r"accelerat\w*", r"speed(?:s|ing)? up", r"sped up"))
_PACE_DOWN = word_pattern((r"decelerat\w*", r"slow(?:s|ed|ing|er)?(?: down)?", r"slowdown"))


def _sides(question: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The words naming the up and the down side for this question: of pace for a question
    about one, else of movement, sign and state."""
    if _PACE_UP.search(question) or _PACE_DOWN.search(question):
        return _PACE_UP, _PACE_DOWN
    return _UP, _DOWN


@functools.lru_cache(maxsize=4096)
def _asks_direction(question: str) -> tuple[bool, bool]:
    """Does the question name the up side, the down side (words of direction)?"""
    up, down = _sides(question)
    return bool(up.search(question)), bool(down.search(question))


_CLAUSE = re.compile(r"[,;]|\b(?:but|however|although|though|while|whereas|which)\b", re.IGNORECASE)
_FRAMING = re.compile(r"^\W*(?:to (?:determine|calculate|assess|answer|evaluate|find|analy[sz]e)|in order to)\b", re.IGNORECASE)
# A definition ("Adobe defines free cash flow as operating cash flow less capex") states how
# a figure is made, not which way it went: its "less" is a minus.
_DEFINITION = re.compile(r"\bdefin(?:es|ed)\b[^.;]{0,80}?\bas\b|\b(?:is|are) (?:calculated|computed|derived) (?:as|by)\b", re.IGNORECASE)
# Sentences that talk about the question without answering it: an embedded question ("an
# analysis of whether ..."), "it depends", "hard to say", a pointer to where the answer is
# ("... is discussed in its 10-K", "see Note 13") and a heading that introduces a list.
_NO_ASSERTION = re.compile(
    r"\bwhether\b|\bdepends?\b|\b(?:difficult|hard|too early) to (?:say|tell)\b"
    r"|\b(?:is|are|was|were) (?:discussed|reported|shown|presented|described|detailed|covered|addressed) in\b"
    r"|(?:^\W*|[:;]\s*)see\b|\brefer to\b|:\s*$",
    re.IGNORECASE,
)
# A verdict left open in so many words ("whether that is healthy depends on the industry",
# "hard to say", "I cannot say whether", "unclear", "a matter of opinion"); "may or may not" is ``_BOTH_WAYS``.
_LEFT_OPEN = re.compile(
    r"\bdepends?\b|\b(?:(?:difficult|hard|too early|impossible) to|can(?:not|'t|’t| not)) (?:say|tell|judge|determine|conclude)\b"
    r"|\b(?:unclear|not clear)\b|\bmatter of (?:opinion|judge?ment|interpretation|perspective)\b",
    re.IGNORECASE,
)


def leaves_verdict_open(answer: str) -> bool:
    """Does a sentence of the answer say that the yes or no is open ("it depends on the
    benchmark", "may or may not be healthy")?"""
    return any(_LEFT_OPEN.search(p) or _BOTH_WAYS.search(p) for p in sentences(answer))


# The other side of a comparison ("All other nominees had fewer votes against"): the mirror
# of "X had more", not a denial of it.
_OTHER_SIDE = re.compile(r"^\W*(?:all |the |every )?(?:other|others|rest|remaining)\b", re.IGNORECASE)


def claim_sentences(answer: str, about: str, shared: int = 2) -> list[str]:
    """Sentences that make a claim about the words of ``about`` (``shared`` of them at least).

    Framing ("To determine whether ..."), definitions, sentences that only talk about the
    question ("an analysis of whether ...", "it depends") and declining sentences claim nothing.
    """
    wanted = stems_of(about)
    need = min(shared, len(wanted)) or 1
    return [
        p for p in sentences(answer)
        if (len({s for s, _ in content(p)} & wanted) >= need or names_property(p, about))
        and not _FRAMING.search(p) and not _DEFINITION.search(p) and not _NO_ASSERTION.search(p) and not DECLINE.search(p)
    ]


# A verb and its own negation offered together ("may or may not", "is or is not", "can or
# cannot"): both sides at once, no verdict.
_BOTH_WAYS = re.compile(r"\b(\w+)\s+or\s+\1(?:\s*not\b|n['’]t\b|not\b)", re.IGNORECASE)


# Properties a yes/no question asks about, each with its opposite: "capital-light" is no
# capital-intensive business, a "low-growth" company no high-growth one.
_OPPOSITE_PROPERTIES = (
    (re.compile(r"\bcapital[- ]intensive\b", re.IGNORECASE), re.compile(r"\b(?:capital|asset)[- ]light\b", re.IGNORECASE)),
    (re.compile(r"\bhigh[- ]growth\b", re.IGNORECASE), re.compile(r"\b(?:low|slow)[- ]growth\b", re.IGNORECASE)),
)


def names_property(sentence: str, question: str) -> bool:
    """Does ``sentence`` name a property the question asks about, or its opposite ("JnJ is a
    low-growth company" to "... that of a high growth company?")? Then it gives a verdict,
    however few of the question's other words it repeats."""
    return any(asked.search(question) and (asked.search(sentence) or opposite.search(sentence)) for asked, opposite in _OPPOSITE_PROPERTIES)


def _names_opposite(clause: str, question: str) -> bool:
    """Does ``clause`` name the opposite of a property the question asks about, and not the
    property itself?"""
    return any(
        asked.search(question) and opposite.search(clause) and not asked.search(clause)
        for asked, opposite in _OPPOSITE_PROPERTIES
    )


def polarity_of(sentence: str, question: str) -> str | None:
    """``yes`` or ``no`` for a verdict sentence, reading negations and opposites; None when
    a question about one direction ("improving?") gets a sentence that names none."""
    m = YES_NO.match(sentence)
    if m:
        return m.group(1).lower()
    if _BOTH_WAYS.search(sentence):
        return None  # "may or may not be healthy" says neither
    # Read the clause that talks about the question, not a concession beside it
    # ("while it has negative working capital, this does not indicate distress").
    asked = stems_of(question)
    clauses = [c for c in _CLAUSE.split(sentence) if c and c.strip()]
    clause = max(clauses, key=lambda c: len({s for s, _ in content(c)} & asked)) if clauses else sentence
    if _names_opposite(clause, question):
        # "3M is a capital-light business" to "Is 3M capital-intensive?": the opposite
        # property, so a plain statement is a no and a negated one ("not capital-light") a yes.
        return "yes" if NEGATION.search(clause) else "no"
    # Naming the other side of a one-sided question flips the negation ("debt fell" to "did debt rise?").
    direction = direction_of(clause, question) or direction_of(sentence, question)
    if direction:
        return direction
    asked_up, asked_down = _asks_direction(question)
    if asked_up != asked_down and not NEGATION.search(clause):
        # "Adobe's free cash flow conversion is a key metric" says nothing of "improving?".
        return None
    return "no" if NEGATION.search(clause) else "yes"


def direction_of(sentence: str, question: str) -> str | None:
    """``yes``/``no`` read only from words of direction, for a question that asks about one
    direction ("increased?", "healthy?"); None when the sentence states no direction."""
    asked_up, asked_down = _asks_direction(question)
    up, down = _sides(question)
    said_up, said_down = bool(up.search(sentence)), bool(down.search(sentence))
    if asked_up == asked_down or said_up == said_down:
        return None
    same = said_up == asked_up
    return "yes" if same != bool(NEGATION.search(sentence)) else "no"


def contradicts_itself(answer: str, question: str, verdict: str, polarity: str) -> bool:
    """A yes/no verdict that the answer's own statements of direction deny ("No. Debt rose
    from $47.2 billion to $49.8 billion" to "has debt increased?")."""
    for claim in claim_sentences(answer, question):
        if _OTHER_SIDE.search(claim):
            continue
        if claim == verdict:
            # "No. Debt rose ...": the words after an explicit yes/no are a statement too.
            explicit = YES_NO.match(claim)
            claim = claim[explicit.end():] if explicit else ""
        direction = direction_of(claim, question) if claim else None
        if direction is not None and direction != polarity:
            return True
    return False


# Where an answer draws a conclusion: "so" or "hence" opening a sentence or a clause
# ("..., so it is capital-intensive"), or "therefore" or "thus" anywhere in a clause
# ("3M is therefore capital-intensive").
_CONCLUDES = re.compile(
    r"(?:^|[,;:]\s*(?:and\s+)?|\band\s+)(?:so|hence|therefore|thus)\b,?|\b(?:therefore|thus)\b,?", re.IGNORECASE
)
_CLAUSE_END = re.compile(r"[,;:]")


# A yes or no echoed by a pronoun and its verb, nothing else ("Yes, it was.", "No, they did
# not."): the echo must say the same as the word before it.
_ECHO = re.compile(
    r"\W*(?:it|they|he|she|this|that|the company)\s+(?:was|were|is|are|did|does|do|has|have|had|can|could|will|would)"
    r"(?P<not>\s*(?:not|n['’]t))?\W*$",
    re.IGNORECASE,
)


def conclusion_reverses(answer: str, question: str, polarity: str) -> bool:
    """Does a conclusion the answer draws go against its own explicit yes or no ("No. Capex
    was 5.1% of revenue, so 3M is capital-intensive.")? A verdict that its own conclusion
    reverses says both yes and no. So does the rest of the verdict's own sentence, up to a
    turn ("No, 3M is capital-intensive."; not "Yes, but it is not as capital-intensive as
    its peers")."""
    for sentence in sentences(answer):
        head = YES_NO.match(sentence)
        if head:
            rest = _CLAUSE.split(sentence[head.end():])[0]
            if (
                rest.strip() and claim_sentences(rest, question, shared=1) and not _shares_part_of_compound(rest, question)
                and _speaks_to_verdict(rest, question) and polarity_of(rest, question) not in (None, polarity)
            ):
                return True
            echo = _ECHO.match(rest)
            if echo and (polarity == "yes") == bool(echo.group("not")):
                return True  # "Yes, it was not.", "No, it did."
    return any(said not in (None, polarity) for said in _concluded(answer, question))


# A compound the question asks about ("capital-intensive", "asset-light").
_COMPOUND = re.compile(r"\b([A-Za-z]+)-([A-Za-z]+)\b")


def _shares_part_of_compound(clause: str, question: str) -> bool:
    """Does ``clause`` share with the question only part of a compound it asks about
    ("capital expenditures were 2.3% of revenue" to "Is it capital-intensive?")? Such a
    clause speaks of something else, and its plain statement is no verdict."""
    shared = stems_of(clause) & stems_of(question)
    if not shared:
        return False
    for m in _COMPOUND.finditer(question):
        if not re.search(rf"\b{m.group(1)}[- ]{m.group(2)}\b", clause, re.IGNORECASE):
            shared -= stems_of(m.group(0))
    return not shared


_CAPITALISED = re.compile(r"\b[A-Z][\w'’&\-]*")
_YEARISH = re.compile(r"(?:fy|q[1-4]|cy)?\d{2,4}", re.IGNORECASE)


def _speaks_to_verdict(clause: str, question: str) -> bool:
    """Can ``clause`` give a yes or no to the question on its own: does it name a direction,
    the property asked, a negation, or two of the question's words besides its years? A
    plain statement of a figure that shares one word ("Occupancy was 71% in FY2022 against
    79% in FY2019" to "Has occupancy recovered ...?") is evidence, not a verdict."""
    if NEGATION.search(clause) or direction_of(clause, question) or names_property(clause, question):
        return True
    names = stems_of(" ".join(w for w in _CAPITALISED.findall(question)[1:]))  # the company's name, not the question's words
    shared = {s for s in stems_of(clause) & stems_of(question) if not _YEARISH.fullmatch(s)} - names
    return len(shared) >= 2


def conclusions(answer: str) -> Iterator[str]:
    """The conclusions the answer draws, in order: the clause a "so", "hence", "therefore" or
    "thus" opens ("..., so 3M is capital-intensive" gives "3M is capital-intensive")."""
    for sentence in sentences(answer):
        for m in _CONCLUDES.finditer(sentence):
            start = max((c.end() for c in _CLAUSE_END.finditer(sentence, 0, m.start() + 1)), default=0)
            end = sentence.find(";", m.end())
            yield (sentence[start:m.start()] + " " + sentence[m.end():end if end >= 0 else None]).strip()


def _concluded(answer: str, question: str) -> Iterator[str | None]:
    """The yes or no of each conclusion the answer draws ("..., so 3M is capital-intensive"),
    in order; None for one that names no direction of what is asked."""
    for conclusion in conclusions(answer):
        # A conclusion is short ("so it is capital-intensive"): one of the question's
        # words names what it concludes about.
        if YES_NO.match(conclusion) or not claim_sentences(conclusion, question, shared=1):
            continue  # "..., so no, it did not" states the verdict itself
        yield polarity_of(conclusion, question)


def concluded_polarity(answer: str, question: str) -> str | None:
    """The yes or no an answer without one in so many words concludes to ("Capex was 5.1% of
    revenue, so 3M is capital-intensive"): its last conclusion that says one."""
    said = [p for p in _concluded(answer, question) if p is not None]
    return said[-1] if said else None


# The thing a gold denies, after "not ... any" or "no" ("did not make any acquisitions",
# "There are no debt securities registered"); for a bare "There are none" or "No.", what the
# question asks about ("Which debt securities are registered ...", "Did it make any
# acquisitions?").
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
_WEIGHS = re.compile(
    r"\b(?:consider(?:s|ed|ing)?|evaluat(?:e|es|ed|ing)|explor(?:e|es|ed|ing)|plann?(?:s|ed|ing)?|seek(?:s|ing)?|sought|"
    r"look(?:s|ed|ing)? (?:at|for)|intend(?:s|ed)?)\b",
    re.IGNORECASE,
)
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
    asked_years = question_years(question)
    before: list[_Said] = []  # every clause before the one read, for what "other" points back to
    for sentence in sentences(_QUOTED.sub(" ", answer)):
        # The answer's own "No." opens the sentence it heads ("No. It acquired ..."): the
        # verdict word is not a negation of the clause after it ("No debt securities are
        # listed" is one).
        clauses = _clauses(_VERDICT_WORD.sub("", sentence, count=1))
        if (
            _FRAMING.search(sentence) or _DEFINITION.search(sentence) or _NO_ASSERTION.search(sentence)
            or DECLINE.search(sentence) or hedges_verdict(sentence) or is_row(sentence)
        ):
            before.extend(_said(clause, thing, asked_years) for clause, _ in clauses)
            continue
        denial = False  # the clause before denies the thing ("made no acquisitions ...")
        for clause, exception in clauses:
            said = _said(clause, thing, asked_years)
            words = WORD.findall(clause)
            # What a denial of the thing excepts is of its kind ("no acquisitions in FY2023
            # other than two salon chains") unless it is named as of another kind ("no debt
            # securities ..., except its common stock"); an exception that leads ("Aside
            # from opening stores, it made no acquisitions") must name the thing itself.
            excepted = exception and denial and kind_relation(clause, thing) != "other"
            denial = said.negated and said.named
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
            return True
    return False


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
    years = {y for start, _, y, _ in years_in(clause) if _PERIOD_LEAD.search(clause, 0, start) or clause[start:start + 1] in "Ff"}
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
