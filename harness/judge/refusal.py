"""Recognise refusals: answers that decline to answer rather than answer wrongly.

FinanceBench's reviewers label an answer ``Refusal`` when the model says it cannot answer
("the provided context does not contain ...", "as an AI I don't have access ...", "please
provide the figures and I will calculate"), and the harness itself records a refusal when
a run ends with ``status: fail`` or an empty answer. An answer that commits to a value and
adds a caveat ("$1,577 million; note that I could not verify the segment split") is an
answer, not a refusal: callers decide that with ``refusal_strength`` plus what they know
about the answer's committed value.
"""
from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

# The harness's own "no answer" forms: empty output, the synthesizer's {status: "fail"},
# the extractor's (fail "reason"), and placeholder strings.
_HARNESS_FAIL = re.compile(
    r"^\s*(?:|fail|failed|no answer|no_answer|\[fail(?:ed)?\].*|fail(?:ed)?:\s.*|\(fail\b.*"
    r"|\{\s*\"?status\"?\s*:\s*\"?fail\"?.*|status\s*[:=]\s*\"?fail\b.*)\s*$",
    re.IGNORECASE | re.DOTALL,
)

# Phrases that decline. Each is specific enough that a committed answer rarely uses it.
_DECLINE = [
    r"\b(?:i|we)\s*(?:'m|am|are|'re)\s+(?:sorry|unable|not able)\b",
    r"\b(?:i|we)\s+(?:cannot|can ?not|can't|can’t|could not|couldn't|couldn’t|am unable to|are unable to|"
    r"do not|don't|don’t|did not|didn't)\s+(?:\w+\s+)?(?:provide|answer|determine|calculate|compute|find|give|"
    r"confirm|access|know|assess|identify|specify|extract|perform|offer|locate|verify|tell|retrieve|"
    # "I don't see the figure" declines; "we do not see Pfizer spinning off any segment" says
    # the company is not doing it, an answer of no.
    r"see\b(?!\s+(?-i:[A-Z][\w&'’.-]*\s+){1,4}(?-i:[a-z]+ing)\b)|"
    r"definitively|accurately|directly|have (?:access|the|enough|specific|real|information|data))",
    r"\bas an ai\b|\bai (?:language )?model\b",
    r"\bno (?:real-time|live|internet|web|browsing) (?:data |information )?access\b",  # notes: "No real-time data access; ..."
    r"\b(?:not|impossible|isn't|is not) (?:\w+ )?(?:possible|feasible|able) to (?:\w+ )?(?:determine|calculate|compute|"
    r"provide|answer|say|assess|identify|find|ascertain|derive|extract|conclude)",
    r"\bimpossible to (?:determine|calculate|compute|provide|answer|say|assess)",
    r"\b(?:cannot|can't|can not|could not) be (?:\w+ )?(?:determined|calculated|computed|answered|provided|found|"
    r"derived|assessed|ascertained|identified|confirmed)",
    r"\b(?:insufficient|not enough|not sufficient) (?:information|data|details|evidence|context)\b",
    r"\b(?:text|context|document|documents|information|filing|filings|excerpts?|evidence|data|passage|statement|"
    r"statements|report|materials?|sections?)\s+(?:provided\s+|given\s+|available\s+|you have given\s+)?"
    r"(?:does|do|did)\s*(?:not|n't|n’t)\s+(?:\w+\s+)?(?:provide|contain|include|mention|specify|give|state|have|"
    r"offer|list|disclose|show|detail|present|allow|appear|cover|reference|say|indicate|identify)",
    r"\b(?:is|are|was|were)\s+not\s+(?:\w+\s+)?(?:provided|available|included|given|present|mentioned|"
    r"specified|stated|disclosed)\s+in\s+the\s+(?:provided|given|text|context|document|information|excerpt|"
    r"filing|evidence|data|passage)",
    r"\bno (?:specific |relevant |direct |explicit )?(?:information|data|details|mention|figures?)\s+"
    r"(?:is |was )?(?:provided|available|given|regarding|about|on|related|in the (?:provided|given))",
    r"\b(?:if|once) you (?:can |could )?(?:provide|share)\b|\bplease provide\b",
    r"\bi don't know\b|\bi do not know\b|\bunable to (?:answer|determine|provide|calculate|find|compute)\b",
    r"\bwithout (?:the |this |that |these |those |more |additional |further |access |specific |actual |"
    r"complete |knowing |having )(?:\w+ ){0,4}?(?:information|data|figures?|numbers?|details?|statements?|"
    r"values?|context|access|excerpts?|documents?)\b",
]
DECLINE = re.compile("|".join(f"(?:{p})" for p in _DECLINE), re.IGNORECASE)

# Weaker: pointing elsewhere or hedging on recency. Common in refusals, but also in
# closed-book answers that do answer first and then add the caveat.
_DEFER = [
    r"\breal-time (?:access|data|financial|information)\b|\bknowledge cut-?off\b|\bmy training data\b",
    r"\bas of my (?:last|latest) (?:update|training|knowledge)\b",
    r"\bplease (?:refer|check|consult)\b|\bif you (?:can )?have access\b",
    r"\byou (?:would|will|may|might|can|could|should) (?:need to |want to )?(?:refer|check|consult|look|access|"
    r"review|visit|obtain|find this)\b",
    r"\bi (?:would )?recommend (?:checking|consulting|referring|looking|reviewing|visiting)\b",
]
DEFER = re.compile("|".join(f"(?:{p})" for p in _DEFER), re.IGNORECASE)

_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")


@dataclass(frozen=True)
class RefusalSignal:
    """How an answer declines: ``harness`` (a fail status), or phrases and where they are."""

    harness: bool = False
    phrases: int = 0  # number of sentences with a declining phrase
    sentences: int = 0  # number of sentences in the answer
    opens: bool = False  # the first sentence declines
    closes: bool = False  # the last sentence declines
    defers: int = 0  # sentences that point elsewhere or hedge on recency (weak signal)
    personal: int = 0  # declining sentences in the first person ("I cannot", "as an AI", "please provide")
    without_source: bool = False  # a declining sentence says the answer is from memory ("as an AI, I don't have real-time data")

    @property
    def any(self) -> bool:
        return self.harness or self.phrases > 0


# A decline in the answerer's own voice. "The filing does not mention any debt securities"
# says what the source holds, which can itself be the answer (to "which debt securities
# are registered?" when there are none); "I cannot provide" never is.
_PERSONAL = re.compile(r"\b(?:i|we)\b|\bas an ai\b|\bplease provide\b|\bif you (?:can |could )?(?:provide|share)\b", re.IGNORECASE)

_ABBREVIATION = re.compile(
    r"(?:\b(?:inc|corp|co|ltd|llc|plc|no|nos|vs|approx|etc|e\.g|i\.e|u\.s|jan|feb|mar|apr|jun|jul|aug|sep|sept|"
    r"oct|nov|dec|mr|mrs|ms|dr|st|fig|pp|p)|(?<![&/'’])\b[A-Z])\.$",
    re.IGNORECASE,
)


def sentence_span_at(text: str, pos: int, spans: Sequence[tuple[int, int]] | None = None) -> tuple[int, int]:
    """(start, end) of the sentence of ``text`` that holds position ``pos`` (``spans``: its
    ``sentence_spans``, when the caller has them); the whole text when none does."""
    found = spans if spans is not None else _spans_of(text or "")
    # (Sentences are in order: found by halves, not one by one for each figure of an answer.)
    i = bisect.bisect_right(found, pos, key=lambda span: span[0]) - 1
    return found[i] if i >= 0 and found[i][0] <= pos < found[i][1] else (0, len(text))


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence, in order: split on end punctuation and line breaks.

    A period after an abbreviation ("Nike, Inc. for the year", "U.S. sales") or an initial
    ("John A. Smith") ends nothing; one after the last letter of "SG&A" or "R&D" does.
    """
    return list(_spans_of(text or ""))


@functools.lru_cache(maxsize=512)
def _spans_of(text: str) -> tuple[tuple[int, int], ...]:
    """``sentence_spans``, split once per text: the rules ask for an answer's sentences many
    times, once per figure in places."""
    spans: list[tuple[int, int]] = []
    cursor, glued = 0, False
    for m in list(_SENTENCE.finditer(text)) + [None]:
        cut = m.start() if m else len(text)
        piece = text[cursor:cut]
        if piece.strip():
            lead = len(piece) - len(piece.lstrip())
            start, end = cursor + lead, cursor + len(piece.rstrip())
            if glued and spans:
                spans[-1] = (spans[-1][0], end)
            else:
                spans.append((start, end))
            glued = m is not None and "\n" not in m.group(0) and bool(_ABBREVIATION.search(text[start:end]))
        if m:
            cursor = m.end()
    return tuple(spans)


def sentences(text: str) -> list[str]:
    """The sentences of ``text`` (see ``sentence_spans``), without surrounding blanks."""
    return [text[a:b] for a, b in sentence_spans(text)]


_SOURCE_TURN = re.compile(
    r"(?:[,;]\s*|\s)but\s+(?:the\s+|its\s+)?(?:consolidated\s+)?(?:cash\s+flow\s+statement|statements?\s+of\s+\w+(?:\s+\w+)?|income\s+statement|"
    r"balance\s+sheet|md&a|equity\s+note|per-share\s+data|selected\s+financial\s+(?:data|information)|notes?\b)[^.]{0,80}?\b(?:shows?|reports?|lists?|states?|gives?|is\s+clear)\b",
    re.IGNORECASE,
)
# "I can't see the full capex program, but the balance sheet and revenue figures are enough to
# answer": a decline of a part in the answerer's own voice ("the full", "each", "individual"),
# and a turn to the source the answer reads instead.
_PART_DECLINED = re.compile(r"\b(?:full|complete|entire|whole|each|every|individual|exact|precise)\b", re.IGNORECASE)
_READ_INSTEAD = re.compile(
    r"(?:[,;]\s*|\s)but\s+(?:from\s+|based\s+on\s+|according\s+to\s+)?(?:the\s+|its\s+|[A-Z][\w.&-]*(?:'s|’s)\s+)?(?:own\s+)?"
    r"[^.;]{0,60}?\b(?:10-?k|10-?q|md&a|balance\s+sheet|income\s+statement|disclosures?|tables?|statements?|filing|excerpts?|notes?|item\s+\d)\b",
    re.IGNORECASE,
)
_MODEL_SPEAKING = r"\bas an ai\b|\bmy (?:training|knowledge)\b|\bknowledge cut-?off\b"
# An answer from memory, in so many words: whatever it says, it did not read the filing.
_FROM_MEMORY = re.compile(_MODEL_SPEAKING + r"|\breal-time (?:data|information|access)\b", re.IGNORECASE)
# What no partial decline is: a decline of all access, or general knowledge offered instead.
_NO_ACCESS = re.compile(_MODEL_SPEAKING + r"|\breal-time\b|\bgenerally\b|\btypically\b", re.IGNORECASE)


def _declines_a_part(sentence: str, m: re.Match[str] | None) -> bool:
    if m is None:
        return False
    turn = _READ_INSTEAD.search(sentence, m.end())
    return bool(turn and _PART_DECLINED.search(sentence, m.end(), turn.start()) and not _NO_ACCESS.search(sentence))


# A clause of five words or more closed by a semicolon.
_ANSWER_BEFORE_DECLINE = re.compile(r"^\W*(?:[^\W_][\w'’&-]*[^\w;]+){4,}[^\W_][\w'’&-]*[^;]*;")  # ("Form 10-K" words too)
_MARKER_ONLY = re.compile(r"\s*(?:\(?\d{1,2}[.)]|[-*•])\s*")
# Words that open an answer and claim nothing: "Sure!", "Great question.", "Thanks for your
# question.", "Happy to help." (a sentence of its own, or a lead-in: "In short, here is ...").
SOCIAL_OPENING = (
    r"(?:sure|certainly|absolutely|of\s+course|okay|ok|(?:great|good|excellent|interesting)\s+question"
    r"|thanks?(?:\s+you)?(?:\s+for\s+(?:your|the|this)\s+question|\s+so\s+much)?"
    r"|(?:i(?:'m|’m|\s+am|'d\s+be|’d\s+be|\s+would\s+be)\s+)?(?:happy|glad)\s+to\s+help)"
)
LEAD_IN = r"(?:" + SOCIAL_OPENING + r"|in\s+short|in\s+brief|briefly)"
# An opening sentence that only says an answer follows: "TL;DR: see below.", "Let me walk
# through this step by step.", "The answer to your question is as follows.", "Here are the key
# points:", "In short, here is what the filing shows.", "I reviewed the filing carefully.",
# a heading ("### Answer", "**Key findings:**"), words that claim nothing ("Happy to help.").
EMPTY_OPENING = re.compile(
    r"\W*(?:(?:" + LEAD_IN + r"|in\s+summary)\W{1,3})?"
    r"(?:(?:tl;?\s?dr\b\W{0,3})?(?:see\s+below|below|read\s+on|details\s+(?:below|follow))|let(?:'s|’s|\s+me|\s+us)\s+(?:walk|go|break|look|work|think|take|start)\b[^.!?\n]{0,60}"
    r"|the\s+answer\s+(?:to\s+(?:your|the|this)\s+question\s+)?is\s+(?:as\s+follows|below)"
    r"|(?:here\s+(?:is|are)|below\s+(?:is|are))\b[^.!?\n]{0,80}"
    r"|(?:i|we)\s+(?:have\s+)?(?:carefully\s+)?(?:reviewed|read|examined|checked|went\s+through|looked\s+(?:at|through))\s+(?:the|your)\s+"
    r"(?:provided\s+)?(?:filing|document|10-[kq]|report|excerpts?|context|information|evidence|financial\s+statements)"
    r"(?:\s+(?:carefully|closely|thoroughly|in\s+detail|you\s+(?:provided|shared)|provided))?"
    r"|" + SOCIAL_OPENING +
    r"|\*\*[^*\n]{1,40}\*\*|#{1,6}\s+[^\n]{1,40})\s*[.:!]?\s*",
    re.IGNORECASE,
)


def refusal_signal(answer: str) -> RefusalSignal:
    """Measure how strongly ``answer`` declines to answer."""
    if _HARNESS_FAIL.match(answer or ""):
        return RefusalSignal(harness=True)
    # (A list's number standing alone, "1.", is no sentence: the one after it opens.)
    parts = [p for p in sentences(answer) if not _MARKER_ONLY.fullmatch(p)]
    while len(parts) > 1 and EMPTY_OPENING.fullmatch(parts[0]):
        parts = parts[1:]  # the answer opens after it
    found = [DECLINE.search(s) for s in parts]
    # "The excerpt doesn't include the MD&A, but the cash flow statement shows $97 million of
    # dividends paid": a part of the source missing, and the answer read from another part.
    found = [None if m is not None and (_SOURCE_TURN.search(s, m.end()) and not _PERSONAL.search(m.group(0)) or _declines_a_part(s, m))
             else m for s, m in zip(parts, found)]
    hits = [m is not None for m in found]
    # "Amcor's major acquisitions came in FY2023, when it bought three businesses; the evidence
    # mentions none in FY2022": the answer opens with its answer, a part declined after it.
    first = found[0] if found else None
    opens = first is not None and not _ANSWER_BEFORE_DECLINE.search(parts[0], 0, first.start())
    return RefusalSignal(
        phrases=sum(hits), sentences=len(parts), opens=opens, closes=bool(hits and hits[-1]),
        defers=sum(bool(DEFER.search(s)) for s in parts),
        # The declining phrase itself in the first person: "we can conclude there are none,
        # since the excerpt does not include any" is not a "we cannot".
        personal=sum(1 for m in found if m is not None and _PERSONAL.search(m.group(0))),
        without_source=any(m is not None and _FROM_MEMORY.search(s) for s, m in zip(parts, found)),
    )
