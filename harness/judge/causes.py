"""A question that asks what drove a change is not answered by the change alone.

"What drove operating margin change as of FY2022 for 3M?" has a gold that gives the change
and its drivers ("decreased by 1.7% primarily due to ..."). An answer that states the
gold's figure ("3M's operating margin decreased by 1.7% in FY2022") has the number and none
of the answer; so has one whose cause is empty words ("driven by several factors"). A cause
is a word of causation ("due to", "driven by", "because", "as a result of", "reflecting",
...) with a word after it that neither the question has nor says nothing ("factors"), or a
word before one that puts the cause first ("Input costs outran menu pricing").

Where the gold calls one cause its main one ("mainly because ..."), that cause is the answer:
``main_cause_missed`` refuses an account without it (the gold's lesser cause given as the main
one), ``main_cause_demoted`` one that names it only to call it a lesser one ("Xilinx-related
amortization was a smaller, secondary factor"), and ``gives_main_cause`` tells an answer that
gives it in other words.
"""
from __future__ import annotations

import math
import re

from harness.judge.amounts import parse_quantities
from harness.judge.refusal import sentence_span_at, sentence_spans
from harness.judge.words import UNIT_STEMS, content, stem, stems_of

# Not the "explain why" of FinanceBench's "If working capital is not a useful metric ...,
# please state that and explain why": that asks why a metric does not apply.
_ASKS = re.compile(
    r"\bwhat (?:drove|drives|caused|causes|led to|explains)\b|^\W*why\b|,?\s+and\s+why\b|\b(?:drivers|reasons|causes) (?:of|for|behind)\b",
    re.IGNORECASE,
)
_CAUSE = re.compile(
    r"\b(?:due (?:primarily |mainly |largely |mostly |partly |partially )?to|driven (?:primarily |mainly |largely |mostly |partly )?by"
    r"|drove|because(?: of)?|as a result of|result(?:ed|ing|s)? (?:from|in)|attribut(?:able|ed) (?:primarily |mainly |largely |mostly |partly )?to|reflect(?:ed|ing|s)?"
    r"|owing to|led (?:by|to)|thanks to|caused by|contribut(?:ed|ing|ions?)(?: to)?|offset(?: by)?|stemm(?:ed|ing) from"
    r"|on (?:the back of|higher|lower|increased|decreased|rising|falling|strong|weak)|(?:from|with) (?:higher|lower|increased|decreased|rising|falling)"
    r"|(?:primarily|mainly|largely) (?:from|by)|(?:impacted|affected|pressured|hurt|helped|boosted|lifted|cushioned|squeezed"
    r"|dragged(?: down)?|held back|supported|fuell?ed|powered) by|benefit(?:ed|ing|ted)? from"
    r"|weigh(?:ed|ing|s)? on|amid|(?:drivers?|reasons?|causes?|factors?|culprits?|issues?)\s*(?:was|were|is|are|include\w*|:)"
    r"|(?:was|is)\s+(?:primarily\s+|mainly\s+|largely\s+|mostly\s+)?a\s+(?:matter|story|function|result)\s+of)"
    # ", as gross margin decreased": "as" opening a clause of cause (not "as of", "as well");
    # so does "as" right after the figure of the change ("fell 38% to $1.1B as capex climbed").
    r"|(?:[,;]|(?<=[\d%])(?:\s?(?:[MBK]|bn|million|billion|points?|bps))?)\s+as\s+(?!of\b|well\b|such\b|per\b|a whole\b|reported\b|a (?:share|percent)"
    r"|much\b|high\b|low\b|expected\b)"
    # "FCF fell to $155M from $410M: capex roughly doubled ...": the change, then its causes.
    r"|(?<=[\d%MBK]):\s",
    re.IGNORECASE,
)
# Words that name no cause: "driven by several factors", "due to a number of reasons".
_EMPTY = frozenset(
    stem(word) for word in
    "factors several various number multiple reasons things items different certain key main primary other combination mix changes "
    "including developments".split()
)
_REACH = 60  # characters after the word of causation in which the cause must be named


def asks_for_causes(question: str) -> bool:
    return _ASKS.search(question) is not None


# A cause named before its word: "Input costs and labor outran menu pricing", "That pushed
# operating margin down", "Labor was the main culprit", "... is the main reason margin fell".
_CAUSE_BEFORE = re.compile(
    r"\b(?:outran|outpaced|outgrew|got ahead of|pushed|pushing|took|taking|flipped|drove|driving|dragged|squeezed|lifted|weighed on)\b"
    r"|\b(?:the\s+)?(?:main|primary|chief|biggest|key)\s+(?:culprit|reason|driver|issue|cause|factor)\b",
    re.IGNORECASE,
)


def gives_cause(answer: str, question: str) -> bool:
    """Does the answer name something as a cause (a word the question does not have), after
    a word of causation or, in its sentence, before one that puts the cause first?"""
    asked = stems_of(question)
    for m in _CAUSE.finditer(answer):
        after = {s for s, _ in content(answer[m.end() : m.end() + _REACH])}
        if after - asked - _EMPTY:
            return True
    spans: list[tuple[int, int]] | None = None  # split only when a cause may be named before its word
    for m in _CAUSE_BEFORE.finditer(answer):
        spans = spans if spans is not None else sentence_spans(answer)
        before = {s for s, _ in content(answer[sentence_span_at(answer, m.start(), spans)[0]:m.start()])}
        if before - asked - _EMPTY - _DEICTIC:
            return True
    return False


# "That pushed ...", "This drove ...": the cause is in a sentence before, and some word of it
# there has named it or not; the pointing word itself names nothing.
_DEICTIC = frozenset(stem(word) for word in "that this these those which it they".split())


# The cause a gold calls its main one: "..., mainly because freight and raw-material inflation
# outpaced the price increases", "primarily due to ...", "driven primarily by ...", up to the
# end of its sentence or clause, or to what offsets it.
_MAIN_CAUSE = re.compile(
    r"\b(?:(?:mainly|primarily|largely|mostly|chiefly|principally)\s+(?:because(?:\s+of)?|due\s+to|driven\s+by|from|as\s+a\s+result\s+of|on)"
    r"|driven\s+(?:mainly|primarily|largely|mostly|chiefly|principally)\s+by)\s+(?P<cause>(?:[^.;]|\.(?!\s+(?-i:[A-Z])|\s*$))+)",
    re.IGNORECASE,
)
_OFFSET = re.compile(r",?\s*(?:partly|partially)?\s*offset\b.*|,\s*(?:while|whereas|but)\b.*", re.IGNORECASE)
# Words of any cause, which name none: "higher costs", "an increase in expenses".
_ANY_CAUSE = frozenset(
    stem(word) for word in
    "higher lower increase increased increases decrease decreased rising falling rose fell costs cost expense expenses "
    "growth decline impact effect pressure year fiscal company its the".split()
)


def _main_cause(question: str, gold: str) -> tuple[str, set[str]]:
    """The cause the gold calls its main one (up to what offsets it), and its stems beyond the
    question's words and words of any cause; ("", empty) where the gold calls none so."""
    found = _MAIN_CAUSE.search(gold)
    if found is None:
        return "", set()
    cause = _OFFSET.sub("", found.group("cause"))
    return cause, {s for s, _ in content(cause)} - stems_of(question) - _ANY_CAUSE - UNIT_STEMS


def gives_main_cause(question: str, gold: str, answer: str) -> bool:
    """Does the answer name the gold's main cause: two of its words and two in five of them
    (all, where it has one or two)? "Input costs such as resin ..., together with freight ...
    pricing actions ... in Home Care" for "mainly because freight and raw-material inflation
    (resin, pulp and corrugate) outpaced the price increases it took in the Home Care
    segment": the gold's cause, told in other words but for some. (Not "a large number of
    new small merchants, ... higher chargeback rates" for "a mix shift toward large
    enterprise merchants ... higher interchange and network fees charged by the card
    networks": three stray words of thirteen.)"""
    _, words = _main_cause(question, gold)
    need = min(len(words), max(2, math.ceil(0.4 * len(words))))
    return bool(words) and len(words & {s for s, _ in content(answer)}) >= need


def main_cause_missed(question: str, gold: str, answer: str) -> bool:
    """Does the answer leave out the cause its gold calls the main one ("mainly because
    freight and raw-material inflation outpaced the price increases"), where the gold calls
    one so: fewer than two of its words and figures (its one word, where it has one; a
    quarter of them, where it has more than eight; its figure counts as two words)? An
    answer that gives only the gold's lesser causes ("The primary driver was the Pelham
    acquisition", the gold's "also added 40 basis points") gives another account of the
    change; one word of the cause ("sales", "subscribers") comes up in any account. ("Kestrel
    bought inventory earlier ... about $380 million" for "inventory increased by $380 million
    as Kestrel pulled forward purchases": a word and the figure.)"""
    cause, words = _main_cause(question, gold)
    if not words:
        return False
    said = len(words & {s for s, _ in content(answer)})
    answer_numbers = {q.number for q in parse_quantities(answer)}
    # (The cause's own figure is worth two of its words: it names the one cause it is of.)
    said += 2 * sum(1 for q in parse_quantities(cause) if q.number in answer_numbers)
    # (A long cause is given by a part of it: two stray words of twelve, "stores" and
    # "closures" of "stores reopened after pandemic closures", tell another cause.)
    return said < max(min(2, len(words)), math.ceil(0.25 * len(words)))


# A cause called a lesser one: "a smaller, secondary factor", "a relatively minor factor",
# "too small to matter", "played only a minor role".
_LESSER = re.compile(
    r"\b(?:(?:smaller|secondary|minor|modest|lesser|small|marginal)\W+(?:\w+\W+)?(?:factor|driver|contributor|role|effect|impact)"
    r"|too\s+small\s+to\s+matter|less\s+important)\b",
    re.IGNORECASE,
)


def main_cause_demoted(question: str, gold: str, answer: str) -> bool:
    """Does a sentence of the answer name the gold's main cause (two of its words, or its one)
    only to call it a lesser one ("Amortization of Xilinx intangibles was a relatively minor
    factor" for "primarily driven by amortization of intangible assets associated with the
    Xilinx acquisition")?"""
    _, words = _main_cause(question, gold)
    if not words:
        return False
    for start, end in sentence_spans(answer):
        # In the clause that calls it so: not "driven primarily by labor costs, with the
        # absence of relief grants as a secondary factor".
        for clause in _CLAUSES.split(answer[start:end]):
            if _LESSER.search(clause) and len(words & {s for s, _ in content(clause)}) >= min(2, len(words)):
                return True
    return False


_CLAUSES = re.compile(r";|\s+with\s+|,\s*(?:while|whereas|and|but)\s+", re.IGNORECASE)
