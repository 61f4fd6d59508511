"""Which way an answer's statements go on a yes/no question, and whether they agree.

- ``claim_sentences``: the sentences that make a claim about a text (not framing, definitions,
  talk about the question or declines).
- ``polarity_of``: the yes or no a verdict sentence gives, from its negations and its
  words of direction.
- ``contradicts_itself``: a yes/no verdict its own statements of direction deny.
- ``conclusion_reverses``: an explicit yes or no its own conclusion reverses.
"""
from __future__ import annotations

import functools
import re

from harness.judge.refusal import DECLINE, sentences
from harness.judge.words import NEGATION, YES_NO, content, stems_of

# Words of direction: a question asking about one side ("improving", "positive",
# "increased") is answered "no" by a clause that only names the other side.
_UP = re.compile(
    r"\b(?:increas\w*|improv\w*|grow\w*|grew|rais\w*|ris(?:e|es|ing)|rose|higher|expand\w*|gain\w*|positive|"
    r"up|healthy|strong\w*|consistent|stable|more)\b",
    re.IGNORECASE,
)
_DOWN = re.compile(
    r"\b(?:decreas\w*|declin\w*|drop\w*|fell|fall\w*|lower\w*|shr[iau]nk\w*|deteriorat\w*|reduc\w*|negative|"
    r"down|contract\w*|worsen\w*|weak\w*|unhealthy|inconsistent|unstable|volatile|fluctuat\w*|fewer|less|deficit)\b",
    re.IGNORECASE,
)


@functools.lru_cache(maxsize=4096)
def _asks_direction(question: str) -> tuple[bool, bool]:
    """Does the question name the up side, the down side (words of direction)?"""
    return bool(_UP.search(question)), bool(_DOWN.search(question))


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
        if len({s for s, _ in content(p)} & wanted) >= need and not _FRAMING.search(p) and not _DEFINITION.search(p)
        and not _NO_ASSERTION.search(p) and not DECLINE.search(p)
    ]


def polarity_of(sentence: str, question: str) -> str | None:
    """``yes`` or ``no`` for a verdict sentence, reading negations and opposites; None when
    a question about one direction ("improving?") gets a sentence that names none."""
    m = YES_NO.match(sentence)
    if m:
        return m.group(1).lower()
    # Read the clause that talks about the question, not a concession beside it
    # ("while it has negative working capital, this does not indicate distress").
    asked = stems_of(question)
    clauses = [c for c in _CLAUSE.split(sentence) if c and c.strip()]
    clause = max(clauses, key=lambda c: len({s for s, _ in content(c)} & asked)) if clauses else sentence
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
    said_up, said_down = bool(_UP.search(sentence)), bool(_DOWN.search(sentence))
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


def conclusion_reverses(answer: str, question: str, polarity: str) -> bool:
    """Does a conclusion the answer draws go against its own explicit yes or no ("No. Capex
    was 5.1% of revenue, so 3M is capital-intensive.")? A verdict that its own conclusion
    reverses says both yes and no."""
    for sentence in sentences(answer):
        for m in _CONCLUDES.finditer(sentence):
            start = max((c.end() for c in _CLAUSE_END.finditer(sentence, 0, m.start() + 1)), default=0)
            end = sentence.find(";", m.end())
            conclusion = (sentence[start:m.start()] + " " + sentence[m.end():end if end >= 0 else None]).strip()
            # A conclusion is short ("so it is capital-intensive"): one of the question's
            # words names what it concludes about.
            if YES_NO.match(conclusion) or not claim_sentences(conclusion, question, shared=1):
                continue  # "..., so no, it did not" states the verdict itself
            if polarity_of(conclusion, question) not in (None, polarity):
                return True
    return False
