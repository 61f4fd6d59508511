"""Whether a stretch of an answer hedges: offers alternatives ("either $X or $Y"), guesses
("it might be", "probably", "my best guess"), doubts its own figure ("if I recall
correctly", "(TBC)", "confidence: low") or puts a margin of error on it ("± $500 million");
and whether a sentence offers another answer than the ones before it ("$1,500 million. Or
$1,832 million.", ``alternative_offered``).

Not a hedge: an "either" that closes a negative clause ("and no divestitures either"), one
inside a negation's scope that lists what is denied ("no debt, either long-term or
short-term"), one that stands for one of two things named before ("losing either would
hurt"), and "Either way, ...", which says the answer holds whichever way.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from harness.judge.amounts import Quantity
from harness.judge.claims import DOUBTED_RIGHT
from harness.judge.words import NEGATION

_HEDGE = re.compile(
    # ("Either way, ..." says the answer holds whichever way: no alternatives.)
    r"\b(?:either(?!\s+way\b)|possibly|perhaps|maybe|might|may be|could be|could also be|could range|somewhere|not sure|unsure|"
    r"uncertain|unclear|alternatively|another possibility|depending on|i guess|my guess|a guess|best guess|"
    r"probably|presumably|"
    # A guess put on the value itself ("likely $1,577 million", "most likely grew around
    # 65%"); a "likely" a few words short of a value ("Yes, it is likely to continue") says
    # nothing of one.
    r"(?:most\s+)?likely(?:\s+[a-z]+){0,3}?\s+(?:US|USD)?\$?\s*[-−(]?\d+|i(?:'d| would) guess|i suppose|in which case|not (?:been )?confirmed|unconfirmed|"
    # Odds put on a value: "I'm 10% confident it is $X and 90% confident it is $Y".
    # ("100% sure" is no doubt.)
    r"(?<![\d.])(?!100\b)\d{1,3}% (?:confident|sure|certain|likely|chance)|"
    # Doubt about the value itself: "give or take", "if I recall correctly", "I was not able
    # to verify this".
    r"give or take|plus or minus|within\s+[\d.]+\s?(?:%|percent|per cent)\s+either way|(?<=[\d%]-)ish\b|(?<=(?:illion|ousand)-)ish\b|(?<=\d[mk]-)ish\b|(?<=\dbn-)ish\b|if (?:i|we) (?:recall|remember)|if memory serves|if my memory (?:serves(?: me)?|is (?:right|correct))|"
    r"(?:if|unless) (?:i'?m|i am) (?:not )?mistaken|unless (?:i'?m|i am) (?:reading|looking at|misreading) the wrong|"
    r"unless i (?:misread|misunderstood|miscalculated|got (?:it|this) wrong)|"
    # A guess or a doubt in other words: "I reckon", "if I had to bet", "(unaudited guess)",
    # "tentatively", "(to be confirmed)", "subject to verification", "I have not checked",
    # "(low confidence)", "(confidence: 30%)". ("High confidence" doubts nothing.) Inside a
    # sentence these are spelt more narrowly than the doubt a sentence of its own voices
    # (``claims._ANSWER_DOUBT``): "confidence" needs its colon here, for "consumer confidence
    # is low" is the filing's story, not the answer's doubt.
    r"i reckon|if i had to (?:bet|guess|pick)|don'?t hold me to (?:it|that|this)|"
    r"(?:rough|educated|wild|unaudited|quick|first|second|backup)\s+guess|tentatively|\(tentative\)|to be confirmed|(?:with|take) a (?:grain|pinch) of salt|"
    r"subject to (?:verification|confirmation)|i (?:have|had|did)(?: not|n't) (?:yet )?(?:checked|verified|confirmed|double-checked)|"
    r"(?:low|limited) confidence|confidence(?: level)?\s*[:=]\s*(?:low|very low|limited)|"
    # The answer's own second candidate: "Customer deposits (primary answer) or long-term
    # debt (secondary answer)", "backup guess".
    r"(?:second|alternative|alternate|backup|fallback|secondary)\s+(?:answer|guess|pick|candidate)s?|"
    # A second value allowed beside the first: "$Y is also plausible", "would equally be defensible".
    r"(?:is|are|be|seems?|looks?)\s+(?:also|equally)\s+(?:plausible|possible|acceptable|defensible|valid|reasonable)|"
    r"(?:is|are)\s+(?:possible|plausible|defensible)(?!\s+(?:to|that|because|since|given)\b)|another\s+(?:reading|interpretation|view)|"
    r"(?:not|never|wasn't|weren't|isn't|haven't|hasn't|hadn't) (?:been )?able to (?:verify|confirm|check)|unable to (?:verify|confirm|check)|"
    r"(?:could|can|did)(?: not|n't|not) (?:verify|confirm|double-check)|unverified|"
    # "I'm guessing", "..., which I doubt", "though I doubt it." (at the end: "but I doubt
    # they will fall" doubts something else), and the marks of a figure still to be settled:
    # "TODO", "(TBC)".
    r"(?:i'?m|i am) (?:just |only )?guessing|which (?:i|we) (?:seriously |rather )?doubt|"
    # "if my arithmetic is right", "don't trust this", "this may be wrong", "(likely wrong)",
    # "(source: guess)", "in the best case".
    r"if my (?:arithmetic|math|maths|calculations?|computations?) (?:is|are) (?:right|correct)|if i (?:computed|calculated|added) (?:it |this |that )?(?:right|correctly)|"
    + DOUBTED_RIGHT + r"|source\s*:\s*(?:a |my )?(?:guess|memory|none|imagination|thin air|i made (?:it|this) up|made up|vibes)|"
    # "..., not that I checked", "..., but don't quote me on that".
    r"not that (?:i|we) (?:checked|verified|looked|confirmed)|(?:do not|don'?t) quote me|"
    r"in the (?:best|worst|bull|bear|upside|downside|optimistic|pessimistic)[- ]case|(?:best|worst|bull|bear|upside|downside)[- ]case (?:estimate|scenario|figure|value)|"
    r"(?:(?:though|although|but) )?(?:i|we) (?:seriously |rather )?doubt (?:it|that|this)(?=\W*$)|todo)\b"
    r"|\((?:tbc|tbd)\)|\(\s*\?+\s*\)|\[citation needed\]"
    # A margin of error put on the value: "$1,577 million ± $500 million", "(+/- 30%)".
    r"|±|\+/[-−]"
    # Candidates offered for the reader to choose from: "One of: (a) ...; (b) ...", "one of
    # the following". ("One of the main drivers was ..." names one of several, and stays.)
    r"|\bone\s+of(?:\s+(?:these|the\s+following))?\s*:|\bone\s+of\s+the\s+following\b"
    # Odds below even given as a confidence: "(confidence: 30%)" (a percent ends on no word
    # boundary; "confidence: 80%" stands by the figure).
    r"|\bconfidence(?: level)?\s*[:=]\s*[1-4]?\d(?:\.\d+)?%"
    # ... and in brackets after the value without the colon: "1832 (confidence 40%)".
    r"|\(\s*confidence(?: level)?\s+[1-4]?\d(?:\.\d+)?%",
    re.IGNORECASE,
)
# A time to come: a doubt about it is no doubt about the answer ("It may be $2,065 million next
# year"). The time itself, not words of expecting: "Possibly it was $240 million, as expected"
# still puts $240 million in the answer's place.
TIME_TO_COME = re.compile(
    r"\b(?:next|(?:the\s+)?coming)\s+(?:fiscal\s+)?(?:year|quarter|period)\b|\bin\s+the\s+future\b|\bgoing\s+forward\b",
    re.IGNORECASE,
)
# "either" that closes a negative clause ("no divestitures either", "did not ... either",
# "nor ... either") adds one more denial; it offers no alternatives, as "either $X or $Y" does.
_CLAUSE_END_AFTER = re.compile(r"\s*(?:[.,;:!?)\]]|$)")
_SENTENCE_BREAK = re.compile(r"[.!?\n]\s")
_OPENING_VERDICT = re.compile(r"^\W*(?:yes|no)\b", re.IGNORECASE)
_OR_BEFORE = re.compile(r"\bor\s+$", re.IGNORECASE)
# The answer's own yes or no heading a sentence ("No, it had no debt ..."), not the "No" of
# "No debt securities are registered ...", which denies the words after it.
_HEADING_VERDICT = re.compile(r"^\W*(?:yes|no)\b(?:\s*[.,;:!—–-]|\s+(?=(?:it|they|he|she|we|i|this|there)\b))", re.IGNORECASE)


def _concord_either(text: str, m: re.Match[str], pos: int, endpos: int) -> bool:
    if m.group(0).lower() != "either" or not _CLAUSE_END_AFTER.match(text[m.end():endpos]):
        return False
    before = text[pos:m.start()]
    breaks = [b.end() for b in _SENTENCE_BREAK.finditer(before)]
    own = before[breaks[-1] if breaks else 0:]
    # The answer's own "No," heading the sentence is its verdict, not a negation of the
    # clause; "or not" ("$1,577 million or not, either") offers an alternative, denies nothing.
    own = _OPENING_VERDICT.sub("", own, count=1)
    return any(not _OR_BEFORE.search(own, 0, n.start()) for n in NEGATION.finditer(own))


# Where a negation's scope ends before an "either": a break of the sentence, or a word that
# opens another clause ("no debt, but revenue was either ...", "no debt and its revenue was
# either ...", "no evidence that it was either ..."). A comma right before "either" is no
# end: ", either long-term or short-term" is an apposition to what is denied; "and" before a
# year joins the periods of one denial ("in FY2023 and FY2022, either large or small"), and
# "since", "as" and "that" before a time name its period ("since 2020", "as of FY2023",
# "that year"); before anything else they open a clause ("since it was either ...").
_TIME_AFTER = (
    r"\s+(?:of\b|at\b|then\b|FY|fiscal\b|'?\d|(?:the\s+)?(?:start|beginning|end|close)\b|"
    r"(?:this\s+|last\s+)?(?:year|quarter|period|month|time|date)s?\b|"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)"
)
_SCOPE_END = re.compile(
    r"[;:.!?()\[\]—–]|\s-\s|,(?!\s*$)|\b(?:and|or)\b(?!\s+(?:FY\s?|fiscal\s+)?'?\d)"
    r"|\b(?:but|yet|so|which|who|where|when|while|whereas|although|though|because|if|whether|unless|than|"
    r"however|instead|rather)\b|\b(?:since|as|that)\b(?!" + _TIME_AFTER + r")",
    re.IGNORECASE,
)
# A negation of knowing ("I do not know ...", "it is not certain ...") leaves the alternatives
# open; "unlikely" guesses rather than denies.
_NOT_KNOWING = re.compile(r"\b(?:know|known|sure|certain|clear|tell|say|determine|confirm|verify|possible)\b", re.IGNORECASE)
_GUESSING_NEGATION = re.compile(r"unlikely", re.IGNORECASE)


# "either" standing for one of two things named before ("losing either would hurt sales",
# "either of them"), a verb or "of" after it and no "or" after that in its sentence.
_PRONOUN_EITHER = re.compile(r"\s+(?:of|one|would|could|will|can|is|was|has|had)\b(?![^.;!?\n]*\bor\b)", re.IGNORECASE)


def _pronoun_either(text: str, m: re.Match[str], endpos: int) -> bool:
    return m.group(0).lower() == "either" and _PRONOUN_EITHER.match(text[:endpos], m.end()) is not None


def _enumerating_either(text: str, m: re.Match[str], pos: int) -> bool:
    """"either" inside a negation's scope ("no debt, either long-term or short-term", "no
    acquisitions in either FY2023 or FY2022", "no debt of either kind") enumerates what is
    denied: it offers no alternatives."""
    if m.group(0).lower() != "either":
        return False
    before = text[pos:m.start()]
    breaks = [b.end() for b in _SENTENCE_BREAK.finditer(before)]
    own = _HEADING_VERDICT.sub("", before[breaks[-1] if breaks else 0:], count=1)
    negations = [
        n for n in NEGATION.finditer(own) if not _OR_BEFORE.search(own, 0, n.start()) and not _GUESSING_NEGATION.fullmatch(n.group(0))
    ]
    if not negations:
        return False
    scope = own[negations[-1].end():]
    return not _SCOPE_END.search(scope) and not _NOT_KNOWING.search(scope)


def hedges(text: str, pos: int = 0, endpos: int | None = None) -> bool:
    """Does ``text`` (between ``pos`` and ``endpos``) hedge: "either $X or $Y", "it might be",
    "possibly"? An "either" that closes a negative clause ("and no divestitures either") does
    not, nor one inside a negation's scope ("no debt, either long-term or short-term")."""
    endpos = len(text) if endpos is None else endpos
    start = pos
    while (m := _HEDGE.search(text, start, endpos)) is not None:
        if not _concord_either(text, m, pos, endpos) and not _enumerating_either(text, m, pos) and not _pronoun_either(text, m, endpos):
            return True
        start = m.end()
    return False


# A sentence that opens by offering another answer than what comes before it: "$1,500 million.
# Or $1,832 million.", "Then again, ...", "Failing that, ...", "On another reading, ...", "Take
# your pick: ...", "On the other hand, ...", "High: ...". ("Or rather $Y" corrects the value
# before it; "Otherwise", "Equally", "That said", "Still", "P.S.", "On the other hand" and
# "Conversely" offer one only before a value: "Otherwise, gross margin was stable" and "On the
# other hand, the question is about FY2023" tell of other things; "Unless otherwise noted,
# ..." says how to read the figures; "If not for ..." is no alternative.)
# Openers that offer another answer only before one, and otherwise tell of other things
# ("Otherwise, gross margin was stable"): before a value here, before a bare name in
# ``name_commitment``.
OPENERS_BEFORE_AN_ANSWER = r"otherwise|equally|that said|still|p\.?s|on the other hand|conversely"
ALTERNATIVE_OPENER = re.compile(
    r"[\s(\[—–*_#>-]*(?:or(?!\W+rather\b)|(?:" + OPENERS_BEFORE_AN_ANSWER + r")(?=\.?,?:?\s+(?:(?:it|this|that)(?:'s|\s+(?:is|was|would\s+be|could\s+be))\s+)?"
    r"(?:about\s+|roughly\s+|around\s+)?[-−(]?(?:US)?\$?\d)"
    r"|a second\s+(?:view|reading|estimate|answer|take|opinion)"
    r"|(?:high|low|upper|lower)(?:\s+(?:estimate|case|end|bound))?(?=\s*:)|alternatively|then again|failing that|if not(?!\s+for\b)|else"
    r"|unless(?!\s+otherwise\b)|whichever"
    r"|another\s+(?:option|reading|answer|possibility|view|interpretation|candidate|estimate)"
    r"|option\s+(?:[b-h]|[2-9]|two|three)\b"
    r"|(?:on|under|by|with)\s+(?:another|a different|an alternative|a second|a broader|a narrower)\s+"
    r"(?:reading|basis|view|definition|measure|approach|method|interpretation)"
    r"|take your pick|pick (?:whichever|either|one)|a case (?:can|could) be made|(?:also|equally)\s+(?:acceptable|plausible|possible|defensible|valid)"
    r"|(?:some|others|other analysts|some analysts)\s+(?:(?:would|might|could)\s+)?(?:say|argue|compute|calculate|put it at)"
    r"|both (?:are|look|seem|would be) (?:defensible|plausible|possible|valid|reasonable|acceptable|fine))\b",
    re.IGNORECASE,
)


def alternative_openings(answer: str, spans: list[tuple[int, int]]) -> list[int]:
    """Where the sentences of ``answer`` (its ``spans``, after the first) open as another
    answer (``ALTERNATIVE_OPENER``)."""
    return [start for start, _ in spans[1:] if ALTERNATIVE_OPENER.match(answer, start)]


def alternative_offered(
    answer: str, openings: list[int], values: list[Quantity], same: Callable[[Quantity, Quantity], bool],
) -> bool:
    """Does a sentence that opens as another answer (at one of ``openings``,
    ``alternative_openings``) have one of ``values`` before it that nothing from it on says
    again (``same``), and one from it on that nothing before it says? "$1,500 million. Or
    $1,832 million." and "... fell by $5.5 billion. Then again, ... fell by $2.5 billion" offer
    two answers, whichever comes last; "$1,832 million. Or $1.83 billion." restates one."""
    def unmatched(side: list[Quantity], other: list[Quantity]) -> bool:
        return any(not any(same(a, b) for b in other) for a in side)

    for start in openings:
        before = [q for q in values if q.start < start]
        after = [q for q in values if q.start >= start]
        if before and after and unmatched(before, after) and unmatched(after, before):
            return True
    return False
