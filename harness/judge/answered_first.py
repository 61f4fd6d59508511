"""An answer that gives its figure first and works it out after.

"PepsiCo's FY2022 unadjusted EBITDA less capex is $9,068 million (≈ $9.07 billion). Operating
profit of $11,512M plus D&A of $2,763M gives EBITDA of $14,275M, and capital spending of
$5,207M is subtracted." Read for its last conclusion, this answer hands in $14,275 million, a
step on the way; a reviewer reads its first sentence as the answer and the rest as the
working. ``answered_first`` finds that opening: one that names what is asked, says little
but its value, or is keyed as the answer ("**Figure:**"), whose value the values after it
work out. The caller (``commitment.find_commitment``) asks it only where the opening hedges
nothing and no later sentence draws a result of its own ("Result: $4,848 million").
"""
from __future__ import annotations

import re
from collections.abc import Callable

from harness.judge.amounts import Quantity
from harness.judge.comparison import quantity_kind
from harness.judge.words import asked_subject, content

# A sentence that says it gives the answer.
ANSWER_PHRASE = re.compile(r"\b(?:final answer|the answer is|answer:)", re.IGNORECASE)
# A later sentence that picks among routes or says it is the answer: then it, not the opening, is.
_PICKS_ROUTE = re.compile(r"\bI(?:'ll|’ll|\s+will)\s+(?:use|go\s+with|take)\b|" + ANSWER_PHRASE.pattern, re.IGNORECASE)


def answered_first(
    answer: str, question: str, every: list[Quantity], sentences: list[tuple[tuple[int, int], list[Quantity]]],
    same: Callable[[Quantity, Quantity], bool],
) -> Quantity | None:
    """The value the answer opens with, when what follows only works it out: an opening that
    names what is asked, says little but its value or is keyed as the answer, and values after
    it that give it as the sum, difference or ratio of two, or the total or mean of one later
    sentence's figures ("$8.7 billion ($8,738 million): gross PP&E of $24,873M less accumulated
    depreciation of $16,135M"). Not where the opening gives other values, where its value comes
    back later in a step of arithmetic, nor where the working ends in a result of its own ("That
    leaves $4,848 million"), picks among routes or calls itself the answer."""
    (start, end), values = sentences[0]
    value = values[0]
    # (Less the working in a bracket right after it: "Answer: +0.2% (4.3% - 4.1%)".)
    after = _BRACKET_AFTER.match(answer, value.end)
    own = [q for q in every if start <= q.start < end]
    rest = [q for q in every if q.start > value.start and not same(q, value)]
    if not rest or _small_count(value):
        return None  # (a heading's "Route 1" is no answer)
    if any(not same(q, value) and not (after and after.start(1) <= q.start < after.end(1)) for q in own) and not (
        # One sentence may give the answer and then what it is worked from (_THEN_WORKING).
        len(sentences) == 1 and _THEN_WORKING.match(answer, max(q.end for q in own if same(q, value)), rest[0].start)
    ):
        return None
    head = answer[start:end]
    if not (_BARE_OPENING.fullmatch(_without_values(head, own, start)) or _ANSWER_KEY.match(head) or _says_what_is_asked(head, question)):
        return None  # a list's first line ("Cash from operations: $310M"), not the answer
    if any(same(q, value) and _IN_ARITHMETIC.search(answer[max(0, q.start - 15):q.end + 15]) for q in every if q.start >= end):
        return None  # "The new agreement is $4.2 billion. ... 4.2B − 3.8B = $400 million"
    if broken_down(value, [q for q in rest if quantity_kind(q) == quantity_kind(value)]) and not _taken_or_drawn(answer, rest) and not any(
        _PICKS_ROUTE.search(answer, s[0], s[1]) for s, _ in sentences[1:]
    ):
        # "Capital expenditure was $1,577 million, made up of:\n- Property and equipment:
        # $1,200 million\n- Software: $377 million": the later lines are the total's parts,
        # and the colon before the last one keys a part, not a result drawn.
        return value
    last = every[-1]
    if _RESULT_BEFORE.search(answer, max(0, last.start - 30), last.start) and not on_working_line(answer, (start, end), last.start) or any(
        _PICKS_ROUTE.search(answer, s[0], s[1]) for s, _ in sentences[1:]
    ) or _PICKS_ROUTE.search(head, keyed.end() if (keyed := _ANSWER_KEY.match(head)) else 0):
        return None  # "... That leaves $4,848 million.", "I'll use ..."
    # Worked from two of the values after it, or the sum or mean of one later sentence's
    # values of its kind (its components, "cash $4,466M + ... + other $1,968M"; its years,
    # "The yearly ratios were 0.0221, 0.0175 and 0.0179").
    parts = [[q for q in every if lo <= q.start < hi and quantity_kind(q) == quantity_kind(value)] for (lo, hi), _ in sentences[1:]]
    summed = any(
        len(p) >= 3 and (abs(sum(q.value for q in p) - value.value) <= value.half_ulp + sum(q.half_ulp for q in p)
                         or abs(sum(q.value for q in p) / len(p) - value.value) <= value.half_ulp + max(q.half_ulp for q in p))
        for p in parts
    )
    return value if summed or worked_from(value, rest) else None


# Words that take a value away or draw a result ("Less deferred revenue: $618 million. That
# leaves $4,848 million."): then the values after the opening are a computation's steps,
# which add up to where it started, not its parts.
_TAKEN_OR_DRAWN = re.compile(
    r"[=≈]|(?<=\S)\s[-−]\s|\b(?:less|minus|subtract\w*|deduct\w*|net\s+of|excluding|gives|giving|leaves|leaving|yields?|yielding|equals?"
    r"|results?\s+in|comes?\s+to|therefore|so|thus|hence)\b",
    re.IGNORECASE,
)


def _taken_or_drawn(answer: str, values: list[Quantity]) -> bool:
    """Is any of ``values`` taken away or drawn as a result by the words on its line before
    it (``_TAKEN_OR_DRAWN``)? ("Operating income + D&A = EBITDA" below the figure names the
    sum it adds up, with no value after its "=".)"""
    return any(_TAKEN_OR_DRAWN.search(answer, answer.rfind("\n", 0, q.start) + 1, q.start) for q in values)


def broken_down(value: Quantity, parts: list[Quantity]) -> bool:
    """Do ``parts`` (two or more, all above zero) add up to ``value``, to the precision of
    each? Then they are its parts, not values beside it."""
    return len(parts) >= 2 and all(q.value > 0 for q in parts) and (
        abs(sum(q.value for q in parts) - value.value) <= value.half_ulp + sum(q.half_ulp for q in parts)
    )


# A value in a step of arithmetic: "4.2B − 3.8B", "= $400 million", "less $618 million".
_IN_ARITHMETIC = re.compile(r"\s[-−+×÷/=]\s|=|\b(?:minus|less|plus|times|divided)\b", re.IGNORECASE)


def _small_count(value: Quantity) -> bool:
    return not (value.currency or value.percent or value.explicit_scale) and value.decimals == 0 and value.number < 10


# A line keyed as something other than the answer: "Basis: ...", "Working: ...", "Inputs: ...".
_OTHER_KEY = re.compile(
    r"[^\S\n]*[-*•]?[^\S\n]*[*_]{0,2}(?!(?:final\s+|short\s+)?(?:answer|result|conclusion|figure|value)\b)[A-Za-z][\w ]{0,20}[*_]{0,2}:"
)


def on_working_line(answer: str, first: tuple[int, int], position: int) -> bool:
    """Is ``position`` on a line keyed otherwise ("Basis: ... = 4.1%") below a first sentence
    ``first`` keyed as the answer ("Answer: +0.2% (4.3% - 4.1%)")? Then what it works out is
    the answer's working, not a result of its own."""
    line_start = answer.rfind("\n", 0, position) + 1
    return bool(_ANSWER_KEY.match(answer, first[0], first[1]) and line_start > first[0] and _OTHER_KEY.match(answer, line_start))


# A bracket right after a value, on its line: "+0.2% (4.3% - 4.1%)" shows its working.
_BRACKET_AFTER = re.compile(r"[^\S\n]*\(([^()\n]*)\)")

# An opening keyed as the answer: "**Figure:** $1,832 million ...", "Short answer: ...".
_ANSWER_KEY = re.compile(r"\W*(?:short\s+|final\s+)?(?:answer|figure|result|value)\W{0,3}:", re.IGNORECASE)
# An opening of little but its value: "By $400 million ($0.4 billion).", "About $77.78 million.",
# "$8,738 million, or roughly $8.7 billion."
_BARE_OPENING = re.compile(
    r"[^\w|]*(?:(?:by|about|approximately|roughly|around|nearly|some)\s+)?[^\w|]*(?:or\s+(?:(?:about|approximately|roughly|around|nearly)\s+)?[^\w|]*)?",
    re.IGNORECASE,
)
# Right before a value, the words that make it a step's result.
_RESULT_BEFORE = re.compile(
    r"(?:(?:=|≈|\b(?:gives|giving|yields|yielding|leaves|leaving|equals|results?\s+in|comes\s+to))[^.;=:]{0,12}|:\W{0,4})$", re.IGNORECASE
)


def _without_values(text: str, values: list[Quantity], offset: int) -> str:
    """``text`` with its values, and the brackets and bold around them, taken out."""
    for q in sorted(values, key=lambda q: q.start, reverse=True):
        text = text[: q.start - offset] + " " + text[q.end - offset:]
    return re.sub(r"[()*≈~$]", " ", text)


_QUESTION_WORD = re.compile(r"\b(?:what|how|which|who|whose|when|where)\b", re.IGNORECASE)


def _says_what_is_asked(text: str, question: str) -> bool:
    """Does ``text`` name what the question asks for, in most of the words of its asking
    clause ("what is the FY2022 unadjusted EBITDA less capex for PepsiCo?"), not the framing
    and definitions around it?"""
    asking = [p for p in re.split(r"(?<=[.?!])\s+", question) if "?" in p]
    clause = (asking[-1] if asking else question).rsplit(":", 1)[-1]
    # From its question word on: not "According to the details outlined in the balance sheet,".
    if (wh := _QUESTION_WORD.search(clause)) is not None:
        clause = clause[wh.start():]
    asked = asked_subject(clause)
    said = {s for s, _ in content(text)}
    return len(asked) >= 1 and len(asked & said) >= 0.6 * len(asked)


# Before the working in the answer's own sentence: a colon, a dash, or a comma and words that
# say what follows is how it was worked out ("..., the sum of ...", "..., from ... over ...").
# (Not a comma alone: "$4.2 billion, replacing its prior $3.8 billion facility, an increase
# of $400 million" ends in its answer.)
_THEN_WORKING = re.compile(
    r"[^:;—–]*?(?::|\s[—–]\s|,\s+(?:(?:the|being|as)\s+)?(?:(?:sum|total|difference|ratio|quotient)\s+of|from|combining|adding"
    r"|(?:calculated|computed|derived|worked\s+out)\s+(?:as|from|by))\b)",
    re.IGNORECASE,
)


def worked_from(value: Quantity, operands: list[Quantity]) -> bool:
    """Is ``value`` the sum, difference or ratio of two of ``operands``, to its own precision?"""
    target, tolerance = abs(value.value), value.half_ulp
    for i, a in enumerate(operands):
        for b in operands[i + 1:]:
            x, y = abs(a.value), abs(b.value)
            results = [x + y, abs(x - y)] + ([x / y] if y else []) + ([y / x] if x else [])
            if any(abs(r - target) <= tolerance for r in results):
                return True
    return False
