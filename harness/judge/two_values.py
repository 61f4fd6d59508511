"""Which of two values an answer commits to, when a sentence gives two of the gold's kind.

The first value of a sentence is its claim by default ("$1,577 million, up from $1,373
million"). The second is when the question's own words say it is: the question asks for
a change and only the second is stated as one ("11.2% against 12.6%, a decrease of 1.4
points"); the question's words label the second and not the first ("operating expenses were
$4,812 million, while total revenue was $5,390 million" to "What is the total revenue?");
or the first is a metric the question does not qualify so ("adjusted diluted EPS was $2.47,
while GAAP diluted EPS was $1.98"). And a bracket that works a value out in words holds its
terms, not values of their own.

``between_two`` reads what stands between the two: the second named the right one, a true
restatement (or one that is another value), a change and the level it reached, or two
values offered as alternatives or set side by side, which commit to neither.
"""
from __future__ import annotations

import functools
import re
from dataclasses import replace

from harness.judge.amounts import Quantity
from harness.judge.disowned import named_right
from harness.judge.number_swaps import question_words
from harness.judge.words import ASKS_CHANGE, FALL, RISE, UNIT_STEMS, content


def second_is_asked(answer: str, question: str, span: tuple[int, int], first: Quantity, second: Quantity) -> bool:
    """Is ``second``, not ``first``, the value a sentence (``span``) gives as the answer?"""
    metric = _asked_metric(question)
    complement = _COMPLEMENT_BEFORE.search(answer, max(first.end, second.start - 30), second.start)
    if complement and not re.search(rf"\b{complement.group(1)}\b", question, re.IGNORECASE):
        # "58% came from outside the United States, with the remaining 42% generated
        # domestically": the words before the second value describe the first, and the
        # second's own are after it.
        first_words = _labelled(answer, span[0], first, metric, question) + _asked_words(answer[first.end : complement.start()], metric)
        return _asked_words(answer[second.end : min(span[1], second.end + 60)], metric) > first_words
    aside = _ASIDE_OPEN.search(answer, max(first.end, second.start - 3), second.start)
    close = answer.find(")", second.end, span[1]) if aside else -1
    if aside and close > second.end and _ASIDE_WORDS.match(answer, second.end, close):
        # "58% of its revenue outside the United States (42% domestically)": the words
        # between the two are the first's, and the second's own are after it in the bracket.
        first_words = _labelled(answer, span[0], first, metric, question) + _asked_words(answer[first.end : aside.start()], metric)
        return _asked_words(answer[second.end : close], metric) > first_words
    if ASKS_CHANGE.search(question) and not stated_as_change(answer, first) and stated_as_change(answer, second):
        return True
    if _labelled(answer, first.end, second, metric, question) > _labelled(answer, span[0], first, metric, question):
        return True
    return _qualified(answer, span[0], first, second.start, question) and not _qualified(answer, first.end, second, span[1], question)


def change_among_levels(answer: str, question: str, span: tuple[int, int], values: list[Quantity]) -> Quantity | None:
    """To a question that asks for a change, the one value a sentence states as a change
    when every other is a level it went from or to ("increased it by $400 million, to $4.2
    billion from $3.8 billion"); None otherwise. A change beside other values that are no
    levels ("by $400 million, $300 million or $500 million") is a list still."""
    if len(values) < 3 or not ASKS_CHANGE.search(question):
        return None
    changes = [q for q in values if stated_as_change(answer, q)]
    if len(changes) != 1:
        return None
    levels = [
        q for q in values if q is not changes[0]
        and (_LEVEL_BEFORE.search(answer, max(span[0], q.start - 25), q.start) or _YEAR_AFTER.match(answer, q.end, span[1]))
    ]
    return changes[0] if len(levels) == len(values) - 1 else None


# A level tied to its year after it: "about 4.27% in FY2019 and 4.08% in FY2018, a change of +0.2
# percentage points".
# (A year, not any number: "in 45 days" ties nothing.)
_YEAR_AFTER = re.compile(
    r"\s*(?:in|for|at\s+the\s+end\s+of)\s+(?:fiscal\s+(?:year\s+)?(?:19|20)?\d\d|FY\s?'?\d{2,4}|(?:19|20)\d\d)\b", re.IGNORECASE
)


# Where a change went from or to ("to $4.2 billion", "from $3.8 billion", "its prior $3.8 billion",
# "a new $4.2 billion agreement", "an agreement of $4.2 billion": the one value stated as a
# change is found first, so "of" here is a level's).
_LEVEL_BEFORE = re.compile(r"\b(?:from|to|prior|previous|new|of|existing|former|replac(?:e|ed|es|ing))\s+(?:(?:a|an|the|its|their)\s+)?(?:(?:about|approximately|roughly)\s+)?(?:US)?\$?\s*$", re.IGNORECASE)


# A bracket that opens right before the second value and says in words what that value is
# ("(42% domestically)", "(42% in the United States)"), not a bare restatement ("($4,812 million)").
_ASIDE_OPEN = re.compile(r"\(\s*(?:US\$|\$)?\s*[-−]?$")
_ASIDE_WORDS = re.compile(r"[^()]*?[A-Za-z]{3,}")


# A value given as what is left of the one before it ("the remaining 42%", "the other 58%", "the
# rest, 42%"), to a question that does not ask for the rest. With "the": "other comprehensive
# income of $2 million" names a line item, not the rest of anything.
_COMPLEMENT_BEFORE = re.compile(r"\bthe\s+(remaining|other|rest|remainder|balance)\b[^\d.;]{0,15}$", re.IGNORECASE)


# A value stated as a change: "a decrease of 1.4 percentage points", "fell by $312 million",
# "up 18%", "an improvement of 0.8 points" (which way it went is not read here; a change
# with no word before it is not read at all).
_CHANGE_BEFORE = re.compile(
    r"\b(?:" + "|".join(RISE + FALL) + r"|change[ds]?)"
    # "increased it by", "raised its quarterly dividend by": what was moved, between.
    r"\s+(?:(?:(?:it|them|its|their|the)(?:\s+[a-z-]+){0,6}\s+)?by\s+|of\s+)?"
    r"(?:(?:approximately|about|roughly|nearly|some)\s+)?(?:US\$|\$)?\s?[-−+(]?$",  # a sign too: "a change of +0.8 pp", "of (1.3) points"
    re.IGNORECASE,
)


def _asked_metric(question: str) -> frozenset[str]:
    """The question's words for what it asks ("total revenue", "diluted EPS"): its content
    stems but for the company's name, years and units."""
    return question_words(question) - UNIT_STEMS - _INSTRUCTION_WORDS


# What a question says of the answer's form ("Round to two decimal places", "Answer in units").
_INSTRUCTION_WORDS = frozenset({"round", "decima", "places", "place", "answer", "units"})


def _labelled(answer: str, start: int, q: Quantity, asked: frozenset[str], question: str = "") -> int:
    """How many of the question's words label ``q``: the last four content words before it,
    after ``start`` (its sentence's, or the value before it), and each of the question's
    compounds written there in full ("debt-to-equity", whose stem "debt-to-capital" shares)."""
    before = answer[max(start, q.start - 50):q.start]
    compounds = sum(1 for c in _COMPOUND.findall(question) if re.search(rf"\b{re.escape(c)}\b", before, re.IGNORECASE))
    return len({s for s, _ in content(before)[-4:]} & asked) + compounds


def _asked_words(text: str, asked: frozenset[str]) -> int:
    return len({s for s, _ in content(text)} & asked)


_COMPOUND = re.compile(r"\b[A-Za-z]+(?:-[A-Za-z]+){2,}\b")


# Where the clause of the next value starts ("62.3% excluding catastrophes and 70.4% ...").
_CLAUSE_TURN = re.compile(r"[,;]|\b(?:and|while|whereas|but|versus|vs)\b", re.IGNORECASE)
# Words that make a metric another one than the one a question names: "adjusted EPS", "return
# on tangible equity", "the Industrial segment's revenue", "$145 million before impairments".
_QUALIFIER = re.compile(
    r"\b(?:adjusted|non-gaap|core|underlying|organic|tangible|segment|service|excluding|before|pro forma|comparable"
    r"|(?:start|beginning) of)\b",
    re.IGNORECASE,
)


def _qualified(answer: str, start: int, q: Quantity, end: int, question: str) -> bool:
    """Do the words around ``q`` (within 50 characters before it, from ``start`` and the last
    turn to its own clause on, and 30 after, up to ``end``) qualify its metric in a way the
    question does not?"""
    start = max(start, q.start - 50)
    turns = [m.end() for m in _CLAUSE_TURN.finditer(answer, start, q.start)]
    around = answer[turns[-1] if turns else start:q.start] + " " + answer[q.end:min(end, q.end + 30)]
    return any(not re.search(rf"\b{re.escape(m.group(0))}", question, re.IGNORECASE) for m in _QUALIFIER.finditer(around))


def stated_as_change(answer: str, q: Quantity) -> bool:
    return _CHANGE_BEFORE.search(answer, max(0, q.start - 90), q.start) is not None


def level_given_as_change(question: str, gold: str, answer: str, q: Quantity) -> bool:
    """Does the answer give ``q`` as the size of a movement ("revenue increased by $4,812
    million", "an increase of 12%", "a $4,812 million increase") where the question asks for
    a level and the gold states one? Read narrowly, with verbs and nouns that only move a
    value: "raised $500 million", "gains of $42 million", "up to $5 billion" and "a growing
    $3.45 billion backlog" name levels."""
    if asks_movement(question) or asks_movement(gold):
        return False
    return (
        _MOVED_BY.search(answer, max(0, q.start - 50), q.start) is not None or _MOVE_AFTER.match(answer, q.end) is not None
        or (q.percent and _SHARE_OF_MOVE.match(answer, q.end) is not None)
    )


def asks_movement(text: str) -> bool:
    """Does a question (or a gold) speak of a movement, a comparison or a flow (see
    ``_ASKS_MOVEMENT``), so that its value may be told as a change?"""
    return _ASKS_MOVEMENT.search(text) is not None


# A question (or a gold) about a movement or a comparison, whose values are changes: "growth",
# "CAGR", "how much more", "difference", "from FY2021 to FY2022", "compared with"; or about a
# flow a movement may tell ("How much did it raise?", "How many stores did it close?", "What
# goodwill impairment did it record?": "debt rose by", "its store count fell by").
_ASKS_MOVEMENT = re.compile(
    ASKS_CHANGE.pattern + r"|\b(?:cagr|compound|differen\w*|gap|vs\.?|versus|compar\w*|relative|"
    r"appreciat\w*|depreciat\w*|movement|moved?|swing|spread|increas\w*|decreas\w*|ris(?:e|en|ing)|rose|fell|fall\w*|declin\w*|"
    r"expan\w*|cut|cuts|reduc\w*|shr[iau]nk\w*|gain\w*|jump\w*|improv\w*|clos(?:e|es|ed|ing|ure|ures)|open(?:s|ed|ing|ings)?|"
    r"repa(?:y|id|ying|yment)s?|pa(?:y|id)\s+down|build|impact|effect|impair\w*|inflows?|outflows?|net\s+new|"
    r"(?:go|goes|went|gone)\s+(?:up|down)|surg\w*|plung\w*|soar\w*|swell\w*|"
    r"rais\w*|borrow\w*|issu\w*|add(?:ed|s|ing|itions?)?)\b"
    r"|\bhow\s+much\s+(?:more|less|higher|lower|bigger|smaller)\b|(?<!\bno\s)\b(?:more|less|higher|lower|greater|fewer)\s+than\b"
    r"|\bfrom\b[^?.]{0,40}\bto\b"
    # what an event brought: "How much goodwill did it record from its acquisition?"
    r"|\b(?:from|through|via|in|as\s+a\s+result\s+of)\s+(?:its|the|an?|this|that)\s+(?:[\w'’-]+\s+){0,3}"
    r"(?:acquisitions?|mergers?|purchases?|divestitures?|sales?\s+of|deals?|transactions?|offerings?|spin-?offs?)\b",
    re.IGNORECASE,
)
# The words that make a value the size of a movement, right before it: "increased by", "rose",
# "fell 12%", "was up $X", "went up by", "an increase of", "a year-over-year decline of about",
# "growth of". (An "-ing" form only with "by": "a growing $3.45 billion backlog" is a level.)
_MOVED_BY = re.compile(
    r"(?:\b(?:(?:increas|decreas|declin|dropp|jump|climb|slipp|expand|surg|plung|soar|swell|gain|add)ed|r(?:ose|isen)|grew|grown|"
    r"fell|fallen|shr[au]nk|(?:was|were|is|are)\s+(?:up|down)|(?:went|gone|go|goes)\s+(?:up|down))"
    r"(?:\s+(?:year[- ]over[- ]year|year[- ]on[- ]year|yoy|sharply|significantly|modestly|slightly))?\s+(?:by\s+)?"
    r"|\b(?:(?:increas|decreas|declin|dropp|jump|climb|grow|ris|fall|expand)ing|improved|cut|reduced|lowered)\s+by\s+"
    r"|\ban?\s+(?:[\w-]+\s+)?(?:increase|decrease|rise|decline|drop|jump|fall|reduction|improvement)\s+of\s+"
    r"|\bgrowth\s+(?:of|was|totall?ed)\s+)"
    r"(?:(?:approximately|about|roughly|nearly|some|around|almost|a\s+total\s+of)\s+)?(?:US\$|\$|USD\s*)?\s?[-−+]?$",
    re.IGNORECASE,
)
# The same said after the value: "a $4,812 million increase", "a 12% year-over-year decline".
_MOVE_AFTER = re.compile(
    r"\s*(?:(?:million|billion|thousand)\b)?\s*(?:(?:year[- ]over[- ]year|year[- ]on[- ]year|yoy)\s+)?"
    r"(?:increase|decrease|rise|decline|drop|jump|reduction)\b(?!\s+(?:in|to)\s+(?:the\s+)?(?:revolving|credit|borrowing|limit|cap))",
    re.IGNORECASE,
)


# A share of a movement, right after a percent: "33% of its FY2022 sales growth", "40% of
# the increase in revenue". (Within the clause: a few words of what moved, none a clause's turn.)
_SHARE_OF_MOVE = re.compile(
    r"\s+of\s+(?:(?!and\b|but\b|while\b|which\b)[\w'’-]+\s+){0,4}?(?:growth|increase|decrease|rise|decline|drop|change|gain|reduction)\b",
    re.IGNORECASE,
)


# A bracket that works out the value before it in words or signs ("negative $312 million
# (operating cash flow of $1,088 million less capital expenditures of $1,400 million)",
# "10.3% (average of 11.4%, 4.5% and 15.0%)").
_WORKED_IN_WORDS = re.compile(
    r"\b(?:less|minus|plus|divided by|multiplied by|net of|average of|mean of|sum of|total of)\b"
    # or in signs between spaces ("$14,275M EBITDA − $5,207M capex"): a hyphen inside a word
    # or before a figure ("-$0.5 billion") is no sign of working
    r"|\s[−–+×*/÷-]\s",
    re.IGNORECASE,
)


# Brackets right after a value, or after its unit ("-3.7 days (...)").
_BRACKET_AFTER = re.compile(r"\s*(?:[A-Za-z%]+\s*){0,2}\(")
# A term the question defines for its formula ("DIO is defined as: 365 * ...").
_DEFINED_TERM = re.compile(r"\b([A-Z][A-Za-z&]{1,9})\s+(?:is|are)\s+defined\s+as\b")
# One term of the formula with its value, as a bracket lists them: "DIO 48.1", "DSO of 29.3
# days", "DPO = 81.1".
_TERM_VALUE = re.compile(r"\s*(?:and\s+)?(?P<term>[A-Za-z&]{2,10})\s*(?:of|=|:)?\s*[-−]?\$?\d[\d,.]*\s*(?:days|x|times|%)?\s*")


def worked_in_brackets(answer: str, values: list[Quantity], question: str = "") -> list[tuple[int, int]]:
    """Where brackets right after a value work it out from others: their values are its
    terms, not values of their own. Worked out in words or signs ("(operating cash flow of
    $1,088 million less capital expenditures of $1,400 million)"), or listed as the terms the
    question's formula defines ("-3.7 days (DIO 48.1, DSO 29.3, DPO 81.1)" when the question
    says "DIO is defined as ...")."""
    defined = _formula_terms(question)
    spans = []
    for q in values:
        bracket = _BRACKET_AFTER.match(answer, q.end)
        opened = bracket.end() - 1 if bracket else -1
        closed = _closing(answer, opened) if opened >= 0 else -1
        if closed > opened >= 0 and (
            _WORKED_IN_WORDS.search(answer, opened, closed) or _defined_terms(answer[opened + 1 : closed], defined)
        ):
            spans.append((opened, closed))
    return spans


def _closing(text: str, opened: int) -> int:
    """Where the bracket opened at ``opened`` closes, brackets inside it counted ("((15,754 −
    5,280) / 10,936)"); -1 when it does not."""
    depth = 0
    for i in range(opened, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if not depth:
                return i
    return -1


@functools.lru_cache(maxsize=4096)  # read once per question, not once per answer to it
def _formula_terms(question: str) -> frozenset[str]:
    """The terms the question defines for its formula, but for the one it asks for ("What is
    the FY2019 cash conversion cycle (CCC)? CCC is defined as ..."): a value of that one in
    brackets is a second answer."""
    asking = question[: question.find("?") + 1]
    return frozenset(term for term in _DEFINED_TERM.findall(question) if not re.search(rf"\b{re.escape(term)}\b", asking))


def _defined_terms(inside: str, defined: frozenset[str]) -> bool:
    """Is ``inside`` (a bracket's text) a list of two or more of the ``defined`` terms, each
    with its value, and nothing else?"""
    pieces = re.split(r"[,;]", inside)
    if len(pieces) < 2 or not defined:
        return False
    return all((m := _TERM_VALUE.fullmatch(piece)) is not None and m["term"] in defined for piece in pieces)


# Between two values: a range or an alternative ("$1.3 to $1.6 billion", "1,373-1,577", "X or Y").
_VERSUS = re.compile(r"\s*,?\s*(?:versus|vs\.?|v\.)\s*(?:US)?\$?\s*[-−(]?", re.IGNORECASE)
_TO_LEVEL = re.compile(r"\s*,?\s*to\s+(?:(?:about|approximately|roughly)\s+)?(?:(?:US|USD)\s*)?\$?\s*$", re.IGNORECASE)
_ALTERNATIVE = re.compile(r"^[^.;]{0,20}?(?:\bor\b|\bto\b|\bthrough\b|[-–—])[^.;]{0,12}$", re.IGNORECASE)
# The second value offered on a condition ("$1,577 million, unless you count the $1,373
# million", "..., if not $1,373 million", "...; otherwise $1,373 million"): two answers, the
# choice left to the reader. A counterfactual ("if not for the deal it would have been $Y")
# commits to the first. (A second value put in others' mouths, "though some sources say $Y",
# is no claim of the answer's: ``claimed`` has set it aside before this.)
_CONDITIONAL_ALTERNATIVE = re.compile(
    r"^[^.]{0,60}?(?:\b(?:unless|otherwise|or else|failing that)\b|\bif not\b(?!\s+for\b))"
    r"(?![^.;]*\b(?:would|could) have\b)",
    re.IGNORECASE,
)
# The second value named as the answer's other candidate: "the first estimate is $X; the
# second estimate is $Y", "best guess $X; backup guess $Y", "$X (primary) / $Y (secondary)",
# "5,466 (high case), 4,173 (low case)", "$X (scenario A) vs $Y (scenario B)". Two answers
# offered, the choice left to the reader. Only what the answer calls its own other candidate:
# "analysts' estimate of $Y" is someone else's figure beside the answer's.
_OTHER_CANDIDATE = re.compile(
    r"\b(?:second|other|another|alternative|alternate|backup|back-up|fallback|secondary)\s+"
    r"(?:estimate|guess|answer|reading|interpretation|candidate|option|possibility|scenario|calculation|approach|method)s?\b"
    r"|\b(?:estimate|guess|answer|option|scenario|case|candidate|possibility|version|reading)\s+(?:b|2|two|ii)\b"
    # "$X (my primary estimate); $Y is my fallback", "$X in the base case; $Y in the downside case".
    r"|\b(?:my|the|a)\s+(?:fallback|backup)\b"
    r"|\b(?:in|under)\s+(?:the|a|an)\s+(?:high|low|base|bear|bull|best|worst|upside|downside|alternative|alternate)[- ]case\b"
    r"|\(\s*(?:secondary|alternative|alternate|backup|fallback|runner-up|(?:high|low|base|bear|bull|best|worst|upside|downside)[- ]case"
    r"|scenario\s+\w+|option\s+\w+|estimate\s+\w+)\s*\)",
    re.IGNORECASE,
)
_LABEL_AFTER = 40  # characters after the second value where its label may stand ("(secondary)", "(FY2021, alternate method)")
# Nothing but punctuation between two values: "$X ($Y)", "$X, $Y", "$X; $Y", "$X [$Y]", "X | Y".
_SIDE_BY_SIDE = re.compile(r"\s*[,;(\[|]\s*(?:US|USD)?\$?\s*[-−(]?\s*")
_AND_BETWEEN = re.compile(r"\s*,?\s+(?:and|&)\s+(?:US|USD)?\$?\s*[-−(]?\s*", re.IGNORECASE)
# The second value restates the first in other units ("$302,578 thousand, which is $302.6 million").
# The phrase stands right before the second value: "$1,577 million, which is 4.8% of sales of
# $32,765 million" restates nothing.
_RESTATES = re.compile(
    r"(?:\b(?:which is|equivalent to|equals|i\.e\.|that is|in other words|translates to|or about)"
    # "..., which means total current liabilities as of December 31, 2017 were $5,466 million"
    r"|\b(?:which means|meaning)\b[^.;$]{0,80}?\b(?:was|were|is|are|of|totall?ed|stood at)\b)\W*"
    r"(?:(?:approximately|about|roughly|around|some|nearly)\s+)?(?:(?:US|USD)\s*)?\$?\s*$",
    re.IGNORECASE,
)
# "..., which is $204 million more than in FY2017": a difference, not the first value restated.
_COMPARED_AFTER = re.compile(
    r"[^.;,]{0,25}?\b(?:more|less|higher|lower|above|below|greater|fewer|than|up|down|increase|decrease|over|under"
    r"|plus|minus|net of|before|after|excluding|including)\b|\s*[+\-−*/×]",
    re.IGNORECASE,
)


def between_two(answer: str, question: str, span: tuple[int, int], first: Quantity, second: Quantity) -> tuple[Quantity | None, str] | None:
    """What a sentence (``span``) that gives two distinct values of the gold's kind commits
    to, when the words between or around them decide it: ``(value, "committed")``, or
    ``(None, "hedge")`` for two values neither of which is claimed ("$X or $Y", "$X ($Y)",
    "$X, unless you count the $Y"). None when nothing decides: the first is then the claim."""
    between = answer[first.end:second.start]
    if second.number < 0:
        # The minus the second value was read with is its sign, not a range's dash
        # ("11.5%, a change of -1.4 percentage points").
        between = re.sub(r"[-−]\s*(?:US|USD)?\$?\s*$", "", between)
    if named_right(between):
        # "A common mistake is to say $1,577 million; the correct figure is $1,400 million".
        return second, "committed"
    if _RESTATES.search(between) and not _COMPARED_AFTER.match(answer, second.end):
        # A "restatement" that is another value ("$1,373 million, which is $1,577
        # million") restates nothing: two values, neither claimed.
        if close_in_size(first, second):
            return second, "committed"
        if _thousands_restated(first, second):
            # "lists $5,466,312, which is about $5,466 million": a statement's figure in
            # thousands, its scale unwritten, said again in millions.
            return second, "committed"
        if _ratio_rounded_from(first, second):
            # "ROA is about 0.01 ..., which is roughly 1.4%": the ratio to the decimals asked,
            # and the same figure as a percent, more exactly.
            return first, "committed"
        if ASKS_CHANGE.search(question) and _LEVEL_BEFORE.search(answer, max(span[0], first.start - 25), first.start):
            # "rose from 41.6% to 42.4%, i.e. +0.8 pp": the change the level it reached makes,
            # asked for; not another value for the same thing.
            return second, "committed"
        return None, "hedge"
    if _TO_LEVEL.match(between) and stated_as_change(answer, first):
        # "increased by $400 million, to $4.2 billion": a change and the level it reached,
        # no range; the question says which it asks for.
        asked_change = ASKS_CHANGE.search(question) is not None
        return (first if asked_change else second), "committed"
    if (
        _ALTERNATIVE.match(between) or _CONDITIONAL_ALTERNATIVE.match(between)
        or _OTHER_CANDIDATE.search(answer, first.end, min(span[1], second.end + _LABEL_AFTER))
        or re.search(r"\bbetween\b[^.;]{0,30}$", answer[span[0]:first.start])
    ):
        return None, "hedge"
    # "0.047 (4.7%)" and "0.96 (0.9603)" restate one value: the figure and the exact one.
    alike = (first.percent, first.currency) == (second.percent, second.currency) and not _rounded_from(first, second)
    side_by_side = _SIDE_BY_SIDE.fullmatch(between) or _AND_BETWEEN.fullmatch(between)
    if (_VERSUS.fullmatch(between) or alike and side_by_side) and not re.search(r"\w", answer[second.end : span[1]]):
        # "$1,577 million versus $2,065 million", "$1,577 million ($2,065 million)",
        # "$1,577 million and $2,065 million", with nothing saying what the second is (a
        # year, another item): two values set side by side, neither claimed.
        return None, "hedge"
    if _INTERJECTED_BEFORE.search(answer, span[0], first.start) and _VERB_THEN_VALUE.fullmatch(between):
        # "Unadjusted EBITDA, adding D&A of $636 million, was $1,832 million": the first
        # value sits in a clause set off between the subject and its verb; the verb's value
        # is what the sentence states.
        return second, "committed"
    if second_is_asked(answer, question, span, first, second):
        return second, "committed"
    if _CONDITION_AFTER.match(answer, first.end, second.start) and _OTHER_CONDITION_AFTER.match(answer, second.end, span[1]):
        # "$1,832 million if D&A is included; $1,217 million if not", "$X with the
        # charge and $Y without", "$X on one definition, $Y on another": one figure for
        # each reading of the question, the choice left to the reader.
        return None, "hedge"
    return None


# A condition set on the first of two values, then the contrary one on the second.
_CONDITION_AFTER = re.compile(
    r"\s*[(\[]?\s*(?:if|when|assuming|with|including|incl\.|counting|on\s+(?:one|a|the\s+first)\s+(?:definition|basis|reading|view|measure))\b",
    re.IGNORECASE,
)
_OTHER_CONDITION_AFTER = re.compile(
    r"\s*[(\[]?\s*(?:if\s+not|otherwise|without|excluding|excl\.|not\s+counting|if\s+(?:it\s+is\s+|they\s+are\s+)?(?:excluded|omitted|left\s+out)"
    r"|(?:on|under|by|in|using)\s+(?:an?other|the\s+other|a\s+different)\b)",
    re.IGNORECASE,
)

# A clause set off by commas after the subject, its value still open: "EBITDA, adding D&A of ",
# "Net income, excluding the one-off gain of ". (Not at the sentence's start: "Adding ..., ".)
_INTERJECTED_BEFORE = re.compile(
    r"\w[^,;:.\n]*,\s+(?:adding|including|excluding|counting|net\s+of|after|before|with|without|less|plus|using|taking)\b[^,;:\n]*?(?:US|USD)?\$?\s*\(?$",
    re.IGNORECASE,
)
# The rest of that clause, then the subject's verb: "..., was ", "..., came to about ".
_VERB_THEN_VALUE = re.compile(
    r"\s*(?:million|billion|thousand|%|percent)?\)?[^,;:\n\d]{0,30},\s+(?:was|were|is|are|came\s+to|comes\s+to|totall?ed|totals|stood\s+at|amounted\s+to|reached)\s+"
    r"(?:(?:about|approximately|roughly|around|nearly|some)\s+)?(?:US|USD)?\$?\s*\(?",
    re.IGNORECASE,
)


def _thousands_restated(figure: Quantity, restated: Quantity) -> bool:
    """Is ``figure``, written with no scale word, ``restated`` a thousand times over (the
    digits of a statement in thousands, "$5,466,312", said as "$5,466 million")?"""
    if figure.explicit_scale or not restated.explicit_scale or figure.percent or restated.percent:
        return False
    return close_in_size(replace(figure, number=figure.number * 1000), restated, within=0.001)


def _ratio_rounded_from(ratio: Quantity, percent: Quantity) -> bool:
    """Is a plain ratio ("0.01") a percent of the answer's ("1.4%") rounded to the ratio's
    decimals (0.014 to 0.01)? One figure at two precisions, not two figures."""
    if ratio.percent or not percent.percent or ratio.currency or ratio.decimals < 1:
        return False
    exact = percent.number / 100.0
    return abs(round(exact, ratio.decimals) - ratio.number) < 10 ** -(ratio.decimals + 3)


def close_in_size(a: Quantity, b: Quantity, within: float = 0.05) -> bool:
    """Are two numbers the same size, whatever their units ("$302,578 thousand" and "$302.6
    million", "0.6563" and "65.63%"), within rounding?"""
    sizes = [abs(q.number) * q.scale / (100.0 if q.percent else 1.0) for q in (a, b)]
    return max(sizes) > 0 and abs(sizes[0] - sizes[1]) <= within * max(sizes)


def _rounded_from(a: Quantity, b: Quantity) -> bool:
    """Is one of two numbers in one scale the other rounded to its fewer decimals ("0.96"
    and "0.9603", "$1,577 million" and "$1,576.8 million")?"""
    if a.scale != b.scale or a.decimals == b.decimals:
        return False
    rough, exact = (a, b) if a.decimals < b.decimals else (b, a)
    # In magnitude: "0.96 (0.9603)" reads its bracketed figure as negative, as a statement would.
    return abs(round(abs(exact.number), rough.decimals) - abs(rough.number)) < 10 ** -(rough.decimals + 3)
