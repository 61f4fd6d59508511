"""An answer that opens with a summary and then gives a longer version that says otherwise.

"TL;DR: $1,373 million. Longer version: capex of $1,577 million was reported." hands in two
answers; read for its last figure, or for the gold's figures anywhere, it is credited
whichever of the two is right. A reviewer reads the summary as the answer as much as the
details, and an answer whose two versions disagree has not committed to either. An opening
keyed as the answer in brief ("TL;DR:", "Summary:", "In short,", "Bottom line:", "Short
answer:", "Key takeaway:", "Headline:") is that summary; it runs to the end of its
paragraph, or to a key of the details ("Longer version:", "Details:", "Analysis:"), or,
where the answer is one paragraph with no such key, to the end of its first sentence.
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Callable

from harness.judge.amounts import Quantity, parse_quantities
from harness.judge.answered_first import worked_from
from harness.judge.comparison import quantity_kind
from harness.judge.exchanged_values import place_of
from harness.judge.refusal import sentence_spans
from harness.judge.words import YES_NO, content

# An opening keyed as the answer in brief. (Not "Answer:": a label of the whole answer, its
# first paragraph often an overview that the next ones break down.)
_SUMMARY_KEY = re.compile(
    r"[^\w\n]*(?:tl;?\s?dr|(?:executive\s+|one[-\s]line\s+|quick\s+|brief\s+)?summary|in\s+(?:short|brief|a\s+nutshell)|"
    r"bottom\s+line|(?:short|quick|brief|one[-\s]line)\s+(?:answer|version|take)|answer\s*\((?:short|brief)\)|key\s+takeaway|"
    r"headline|at\s+a\s+glance|conclusion\s+first)[^\w\n]{0,4}[:,]",
    re.IGNORECASE,
)
# Where the longer version begins, keyed as such.
_DETAILS_KEY = re.compile(
    r"[^\w\n]*(?:longer\s+version|long\s+answer|longer\s+answer|full\s+answer|answer\s*\((?:long|full)\)|(?:supporting\s+)?details?|"
    r"in\s+detail|in\s+depth|deeper\s+dive|body|analysis|explanation|reasoning|working|breakdown|below)[^\w\n]{0,4}:",
    re.IGNORECASE,
)
_YEAR = re.compile(r"(?:19|20)\d\d")


def summary_span(answer: str) -> tuple[int, int] | None:
    """Where the opening summary is, when the answer opens with one and goes on after it."""
    where = _parts(answer)
    return (0, where[1]) if where else None


def _parts(answer: str) -> tuple[int, int, int] | None:
    """Where the summary's own words begin (after its key), where it ends, and where the
    longer version's own words begin (after its key, if it has one)."""
    head = _SUMMARY_KEY.match(answer)
    if head is None:
        return None
    details = _DETAILS_KEY.search(answer, head.end())
    paragraph = answer.find("\n\n", head.end())
    ends = [e for e in (details.start() if details else -1, paragraph) if e > head.end()]
    if ends:
        end = min(ends)
    else:
        spans = sentence_spans(answer)
        end = spans[0][1] if spans else len(answer)
    if not answer[end:].strip():
        return None
    if details is not None and not answer[end:details.start()].strip():
        return head.end(), end, details.end()
    return head.end(), end, end


def summary_ahead(
    answer: str, value: Quantity, is_candidate: Callable[[Quantity], bool], same: Callable[[Quantity, Quantity], bool],
) -> Quantity | None:
    """The value an opening summary hands in, where the answer goes on to hand in ``value``,
    another: two answers, the summary's no less the answer than the last. None where the
    summary gives ``value`` too or gives no value ``is_candidate`` accepts."""
    span = summary_span(answer)
    if span is None or value.start < span[1]:
        return None
    own = [q for q in parse_quantities(answer) if q.start < span[1] and is_candidate(q)]
    if not own or any(same(q, value) for q in own):
        return None
    return own[0]


def versions_disagree(answer: str, gold: str) -> bool:
    """Do the opening summary and the longer version after it disagree: the one's yes the
    other's no, or a figure of the summary's that neither the longer version nor the gold
    has, said of the same thing as a figure of the longer version that the summary does not
    restate ("TL;DR: ... grew 12% ...\n\nLonger version: ... grew 9% ...")? Figures only
    one side gives ("Longer version: ... from 20.8% to 19.1%") disagree with nothing, nor
    does a summary's total of the longer version's parts."""
    where = _parts(answer)
    if where is None:
        return False
    own_start, end, longer_start = where
    # "TL;DR: Yes.\n\nLonger version: No, ...": the verdicts first.
    brief, longer_said = YES_NO.match(answer[own_start:end].strip()), YES_NO.match(answer[longer_start:].strip())
    if brief and longer_said and brief.group(1).lower() != longer_said.group(1).lower():
        return True
    if _said_again_with_other_figures(answer, own_start, end, longer_start):
        return True
    # (Read with the keys blanked out: "Longer version: 87%" names no thing "longer version".)
    plain = " " * own_start + answer[own_start:end] + " " * (longer_start - end) + answer[longer_start:]
    figures = [q for q in parse_quantities(answer) if not _is_year(answer, q)]
    short = [q for q in figures if q.start < end]
    longer = [q for q in figures if q.start >= end]
    golds = parse_quantities(gold)
    for kind in {quantity_kind(q) for q in short}:
        parts = [r for r in longer if quantity_kind(r) == kind]
        only_short = [
            q for q in short if quantity_kind(q) == kind and not any(q.restates(r) for r in [*longer, *golds])
            and not worked_from(q, parts) and not (len(parts) > 2 and abs(sum(r.value for r in parts) - q.value) <= q.half_ulp)
        ]
        only_longer = [r for r in parts if not any(r.restates(q) for q in short)]
        # Of one thing: a summary's total and the details' parts, or its level and their
        # causes, are figures of other things ("fell to 19.1%" beside "cut it by 1.4 points").
        if any(_of_one_thing(plain, q, r) for q in only_short for r in only_longer):
            return True
    return False


# A sentence of the summary said again in the longer version: its words in the same order, but
# for its figures (and a word or two).
_SAID_AGAIN = 0.9
_MOST_SENTENCES = 40  # of each version: beyond that, no sentence is compared with every other
_MOST_WORDS = 120  # of a sentence compared: word order is matched in time that grows as its square
_TOKEN = re.compile(r"#|[a-z][a-z'’-]*|\d+")
# Words that name a period: a sentence said again of another period is of another thing.
_PERIOD = re.compile(
    r"\d+|fy|q[1-4]?|h[12]|quarter|half|year|month|prior|previous|last|next|current|first|second|third|fourth|"
    r"jan\w*|feb\w*|mar\w*|apr\w*|may|jun\w*|jul\w*|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*"
)


def _said_again_with_other_figures(answer: str, own_start: int, end: int, longer_start: int) -> bool:
    """Does a sentence of the summary come back in the longer version word for word but for
    one of its figures ("TL;DR: It rose 50% to 6.4 cents as jet fuel prices climbed." and
    then "It rose 38% to 4.9 cents as jet fuel prices climbed.")? What each figure is said
    of need not be read then: the same words put each in the same place. Not where a word
    of the period differs ("in Q3" for "in Q4"), nor for a year."""
    figures = [q for q in parse_quantities(answer) if not _is_year(answer, q)]
    spans = sentence_spans(answer)
    shorts = [(max(lo, own_start), min(hi, end)) for lo, hi in spans if hi > own_start and lo < end][:_MOST_SENTENCES]
    longers = [(max(lo, longer_start), hi) for lo, hi in spans if hi > longer_start][:_MOST_SENTENCES]
    shapes = [shape for lo, hi in longers if len((shape := _shape(answer, lo, hi, figures))[0]) <= _MOST_WORDS]
    for lo, hi in shorts:
        words, own = _shape(answer, lo, hi, figures)
        if not own or not 6 <= len(words) <= _MOST_WORDS:
            continue
        for their_words, theirs in shapes:
            alike = difflib.SequenceMatcher(a=words, b=their_words, autojunk=False)
            if len(theirs) != len(own) or alike.real_quick_ratio() < _SAID_AGAIN or alike.ratio() < _SAID_AGAIN:
                continue
            changed = [
                w for tag, i1, i2, j1, j2 in alike.get_opcodes() if tag != "equal" for w in (*words[i1:i2], *their_words[j1:j2])
            ]
            if any(_PERIOD.fullmatch(w) for w in changed):
                continue
            if any(quantity_kind(q) == quantity_kind(r) and not q.restates(r) for q, r in zip(own, theirs)):
                return True
    return False


def _shape(answer: str, lo: int, hi: int, figures: list[Quantity]) -> tuple[list[str], list[Quantity]]:
    """The words of ``answer[lo:hi]`` with each figure in it as "#", and those figures."""
    inside = [q for q in figures if lo <= q.start < hi]
    parts, at = [], lo
    for q in inside:
        parts += [answer[at:q.start], " # "]
        at = q.end
    parts.append(answer[at:hi])
    return _TOKEN.findall("".join(parts).lower()), inside


def _of_one_thing(text: str, q: Quantity, r: Quantity) -> bool:
    """Are ``q`` and ``r`` said of the same thing: by what each is said of (its label, what
    moved by it, ...), or, where either is unsaid, by the words right before each ("brought
    in the most cash, $1.4 billion")?"""
    # (A movement's ends, "from"/"to", name no thing: "fell to 19.1%", "rose to 56.2% of sales".)
    place, theirs = (frozenset(w for w in place_of(text, x) if not w.startswith("<")) for x in (q, r))
    if place and theirs:
        return bool(place & theirs)
    before, their_before = _words_before(text, q), _words_before(text, r)
    shared = before & their_before
    return len(shared) >= 2 and len(shared) >= _ALIKE * len(before | their_before)


_ALIKE = 0.6  # the share of the words before two figures that makes them said of one thing


def _words_before(text: str, q: Quantity) -> frozenset[str]:
    """The content stems of the few words before ``q`` in its sentence."""
    head = re.split(r"[.!?\n]", text[max(0, q.start - 60):q.start])[-1]
    return frozenset(s for s, _ in content(head)[-4:])


def _is_year(answer: str, q: Quantity) -> bool:
    return quantity_kind(q) == "plain" and _YEAR.fullmatch(answer[q.start:q.end].strip()) is not None
