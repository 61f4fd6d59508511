"""The numeric check: decide with certainty, or abstain.

``numeric_check(question, gold, answer)`` returns a ``NumericDecision`` whose ``label`` is
``correct``, ``incorrect``, ``refusal`` or ``None`` (not certain: hand the answer to the LLM
judge, or to the offline judge). In the hybrid judge a wrong certain verdict cannot be
corrected downstream, so every rule below prefers abstaining to guessing, and ``correct``
most of all: a benchmark must not invent successes.

Rules
-----
1. Harness refusals (empty answer, ``status: fail``) are ``refusal``. An answer that
   addresses the grader ("mark this correct", "ignore the rubric") is ``incorrect``,
   whatever its numbers.
2. Only a *single-number gold* is decided: the gold parses to exactly one quantity (years
   and dates excluded) and whatever words surround it add nothing the question does not
   already say ("Capital expenditure was $1,577 million in FY2018" for "what is the FY2018
   capital expenditure amount (in USD millions)"). Prose golds return ``None``.
3. Values are compared as ``comparison`` describes (unit, scale, percent, rounding).
4. ``correct``: the value the answer *commits to* (``commitment``: the deciding sentence's
   value, after a computation's last "=", not a value for another period (nor a change over
   another span of years: "from FY2016 to FY2017" for FY2015 to FY2016), not a formula
   constant or a worked example) matches the gold, with the direction the answer states
   ("decreased by 3.2%" for -3.2%; "fell 65.4%" is not a gain of 65.4%); a rounded value
   the answer restates exactly in brackets ("$4.8 billion ($4,812 million)") is judged on
   the exact one, and to a question that asks for a change, a level beside the change
   ("11.2%, a decrease of 1.4 points") is the way there. A list, a hedge,
   a bound ("at least $5,466 million"), the same sentence given twice with two values ("Answer
   A: $4,173 million. Answer B: $5,466 million.") or a dump commits to nothing, so it is never ``correct`` here, even when the gold's
   figure is among its values; nor is one whose own from/to values deny the direction it
   states ("rose 65.4% to $903.1 million from $1,493.6 million"): that is left to the judge.
5. ``incorrect``: the committed value is of the gold's kind, differs from it, and no value
   anywhere in the answer matches or is near, sign or scale; and the answer does not
   decline after it.
6. ``refusal``: the answer declines ("I cannot", "the context does not contain") and
   commits to no value after declining; a value with a caveat is an answer.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace
from typing import Literal

from harness.judge.amounts import (
    COUNTED_AFTER,
    FROM_BEFORE,
    Quantity,
    QuestionUnit,
    display_precision,
    figures_written_plainly,
    parse_number,
    parse_quantities,
    question_unit,
)
from harness.judge.change_direction import contradicted_sentences
from harness.judge.change_kind import another_kind_of_change
from harness.judge.claims import ONLY_DISOWNS, claims_of
from harness.judge.commitment import Commitment, find_commitment, is_operand
from harness.judge.comparison import Reading, answer_readings, closest, gold_readings, quantity_kind, same_kind, same_value
from harness.judge.disguise import as_read
from harness.judge.grader_address import addresses_grader
from harness.judge.metric_use import use_denied_against_gold
from harness.judge.refusal import DECLINE, refusal_signal, sentence_span_at, sentence_spans
from harness.judge.span_asked import another_span
from harness.judge.structured_answer import answer_text, echo_left_out, left_unread
from harness.judge.two_values import level_given_as_change
from harness.judge.word_order import strung_out_of_order
from harness.judge.words import (
    ABOVE_ZERO,
    ASKS_CHANGE,
    BELOW_ZERO,
    CLAUSE_TURN,
    FALL,
    JUDGED_DOWN,
    JUDGED_UP,
    MOVEMENT_DOWN,
    MOVEMENT_UP,
    RISE,
    judged_move,
    word_pattern,
)

Label = Literal["correct", "incorrect", "refusal"]

_WORD = re.compile(r"[a-z]+")
# What gives an amount a minus sign without a movement ("a loss of $2 million", "cash used
# in investing"): a decrease beside a value, for the numeric check only.
_NEGATIVE_AMOUNT = (r"loss", r"minus", r"outflow", r"used in")
_DECREASE = word_pattern(FALL, BELOW_ZERO, _NEGATIVE_AMOUNT)
_INCREASE = word_pattern(RISE, ABOVE_ZERO)
# Words a short gold may add to its number without saying anything the question lacks.
_FILLER = {
    "a", "an", "the", "of", "in", "for", "and", "to", "is", "was", "were", "are", "be", "by", "at", "as", "its",
    "it", "has", "had", "have", "with", "on", "fy", "usd", "us", "dollars", "dollar", "million", "millions",
    "billion", "billions", "thousand", "thousands", "mn", "bn", "percent", "percentage", "times", "x", "days",
    "day", "per", "share", "ratio", "approximately", "about", "around", "roughly", "total", "year", "years",
    "fiscal", "end", "q", "k",
    "s",  # of a possessive: "Nike's FY2021 inventory turnover ratio was 3.46"
}


@dataclass(frozen=True)
class NumericDecision:
    """The numeric check's verdict; ``label`` None means "not certain, ask the judge".

    ``closeness`` is how the committed value compares with the gold (``match``, ``near``,
    ``sign``, ``scale``, ``far``; "" without a committed value) and ``commitment`` why a
    value was or was not committed to: the offline judge reads both.
    """

    label: Label | None
    rationale: str
    gold_value: float | None = None  # the gold in comparison space (base units / fraction)
    matched_value: float | None = None  # the answer's value that decided, same space
    closeness: str = ""
    commitment: str = ""


def _stem(word: str) -> str:
    word = word.lower()
    for suffix in ("'s", "ies", "es", "s"):
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            return word[: -len(suffix)] + ("y" if suffix == "ies" else "")
    return word


@functools.lru_cache(maxsize=4096)  # read once per question, not once per run of it
def single_number_gold(question: str, gold: str) -> Quantity | None:
    """The gold's quantity if the gold is essentially one number, else None (prose gold)."""
    gold = str(gold).strip()
    whole = parse_number(gold)
    if whole is not None and re.fullmatch(r"[-−(]?\s*(?:US\$|\$|€|£)?\s*[-−(]?[\d.,]+\s*%?\)?\s*\w*", gold):
        return whole
    found = parse_quantities(gold)
    if len(found) != 1 or len(gold.split()) > 15:
        return None
    rest = (gold[: found[0].start] + " " + gold[found[0].end:]).lower()
    rest = re.sub(r"\b(?:fy|q[1-4])?\s?'?\d{2,4}\b", " ", rest)  # years left in the qualifier
    question_words = {_stem(w) for w in _WORD.findall(question.lower())}
    extra = [w for w in _WORD.findall(rest) if w not in _FILLER and _stem(w) not in question_words]
    if extra:
        return None
    return display_precision(found[0])


def _around(answer: str, q: Quantity) -> str:
    """The words around a value that may say which way it goes ("decreased by 3.2%"): up to
    60 characters before it, from the last turn to another clause on ("e-commerce sales fell
    2%, while store sales grew 11%": "grew" for the 11%), and 15 after, to the next turn."""
    start = max(0, q.start - 60)
    turns = [m.end() for m in CLAUSE_TURN.finditer(answer, start, q.start)]
    after = CLAUSE_TURN.search(answer, q.end, q.end + 15)
    return answer[turns[-1] if turns else start: after.start() if after else q.end + 15]


def stated_direction(text: str, q: Quantity) -> str | None:
    """``down`` or ``up`` when the words around a value say which way it went ("decreased
    by 3.2%", "rose 44%"); None when they say neither, or both."""
    window = _around(text, q)
    down, up = bool(_DECREASE.search(window)), bool(_INCREASE.search(window))
    if down == up:
        return None
    return "down" if down else "up"


_MOVED_UP = word_pattern(MOVEMENT_UP, ABOVE_ZERO)
_MOVED_DOWN = word_pattern(MOVEMENT_DOWN, BELOW_ZERO, _NEGATIVE_AMOUNT)
_BETTER, _WORSE = word_pattern(JUDGED_UP), word_pattern(JUDGED_DOWN)
# Deeds with two ways, each a value's way too: things opened or closed ("close 40 stores",
# "opened 12 plants"), cash brought in or used ("brought in the most cash, $1.1 billion",
# "an outflow of $1.1 billion").
_OPENED = word_pattern((r"open(?:s|ed|ing|ings)?", r"launch(?:es|ed|ing)?"))
_CLOSED = word_pattern((r"clos(?:e|es|ed|ing|ings|ures?)", r"shut(?:s|ting)?", r"shutter(?:s|ed|ing)?"))
_CASH_IN = re.compile(r"\b(?:brought in|brings in|bringing in|generated|generates|inflows?|provided by)\b", re.IGNORECASE)
_CASH_OUT = re.compile(r"\b(?:lost|loses|outflows?|used in|spent|burned|burnt|consumed)\b", re.IGNORECASE)
# Securities issued, or bought back and repaid ("issued $1.5 billion of senior notes" is not
# "repaid" them; "issued $600 million of new shares" is not "repurchased").
_ISSUED = re.compile(r"\b(?:issu(?:ed|es|ing)|raised|borrowed)\b", re.IGNORECASE)
_RETIRED = re.compile(r"\b(?:repurchas\w*|bought back|buy ?backs?|repaid|repay\w*|redeem\w*|redemption|retired)\b", re.IGNORECASE)
# Things run at a date, or opened or closed in a period: "How many stores did it operate at
# the end of FY2021?" is not answered by "It opened 1,284 stores in FY2021". ("Operating", an
# adjective of income and costs, is no word of this.)
_OPERATED = re.compile(r"\b(?:operat(?:e|es|ed)\b|in operation)", re.IGNORECASE)
# Only the verbs' past and progressive forms: "stores open at year-end" are run, not opened.
_OPENED_OR_CLOSED = re.compile(
    r"\b(?:opened|opening|openings|launched|launching|closed|closing|closings|closures?|shut|shuttered)\b", re.IGNORECASE
)
_DEEDS = ((_OPENED, _CLOSED), (_CASH_IN, _CASH_OUT), (_ISSUED, _RETIRED), (_OPERATED, _OPENED_OR_CLOSED))


def _deed_ways(window: str) -> list[str | None]:
    return [_one_way(bool(one.search(window)), bool(other.search(window))) for one, other in _DEEDS]


_TO_BEFORE = re.compile(r"\bto\s+(?:US\$|\$)?\s?$", re.IGNORECASE)


def _in_sentence(text: str, q: Quantity) -> tuple[str, tuple[int, int]]:
    """``_around`` cut to the value's sentence ("is not improving. It increased to 101.3%"
    judges nothing of the 101.3%), and where the sentence is."""
    lo, hi = sentence_span_at(text, q.start)
    return text[max(lo, q.start - 60): min(hi, q.end + 15)], (lo, hi)


def _one_way(up: bool, down: bool) -> str | None:
    return None if up == down else ("up" if up else "down")


def _values_went(text: str, span: tuple[int, int], q: Quantity) -> str | None:
    """Which way the sentence's (``span``) one "from" value and one "to" value went, of
    ``q``'s kind ("worsened to 101.3% from 97.8%": up); None without exactly one of each."""
    start, end = span
    values = [v for v in parse_quantities(text[start:end]) if same_kind(v, quantity_kind(q))]
    froms = [v for v in values if FROM_BEFORE.search(text, start, start + v.start)]
    tos = [v for v in values if _TO_BEFORE.search(text, start, start + v.start)]
    if len(froms) != 1 or len(tos) != 1 or froms[0].value == tos[0].value:
        return None
    return "up" if tos[0].value > froms[0].value else "down"


def _ways(text: str, q: Quantity, by_values: bool = False) -> tuple[str | None, str | None, str]:
    """How the words around ``q`` move it (up or down: by a word of movement or sign, else,
    ``by_values``, by its sentence's own from and to values), how they judge it (better: up,
    worse: down), and those words."""
    window, span = _in_sentence(text, q)
    moved = _one_way(bool(_MOVED_UP.search(window)), bool(_MOVED_DOWN.search(window)))
    if moved is None and by_values:
        moved = _values_went(text, span, q)
    return moved, _one_way(bool(_BETTER.search(window)), bool(_WORSE.search(window))), window


def _deed_reversed(question: str, answer: str, q: Quantity) -> bool:
    """Does the question ask for one way of a deed and the answer give its value the other
    ("How many stores did it close?": "It opened 112 stores")?"""
    said = _deed_ways(_in_sentence(answer, q)[0])
    return any(one and two and one != two for one, two in zip(_deed_ways(question), said))


def opens_or_closes(text: str, q: Quantity) -> bool:
    """Do the words around ``q`` say a deed with two ways ("close 40 stores", "brought in the
    most cash, $1.1 billion")?"""
    return any(_deed_ways(_in_sentence(text, q)[0]))


def directions_differ(gold: str, g: Quantity, answer: str, a: Quantity) -> bool:
    """Do the words around the gold's value and the answer's move them opposite ways
    ("increased to 101.3%" and "decreased to 101.3%"), or judge them opposite ways
    ("improved", "worsened")? A judgement is set against a movement only where a side says
    nothing else, and then as the way the thing judged improves: debt, costs and days fall
    as they improve (``judged_move``), most figures rise. A gold that says "worsened to 101.3%
    from 97.8%" moved its combined ratio up by its own values. (The answer's own from and to
    values are not read: values written the wrong way round are a swap, ``number_swaps``.)"""
    moved, judged, window = _ways(gold, g, by_values=True)
    other_moved, other_judged, other_window = _ways(answer, a)
    if any(one and two and one != two for one, two in zip(_deed_ways(window), _deed_ways(other_window))):
        return True  # "open 40 new stores" for "close 40 underperforming stores"
    if moved and other_moved:
        return moved != other_moved
    if judged and other_judged:
        return judged != other_judged
    one = moved or (judged_move(judged == "up", window) if judged else None)
    two = other_moved or (judged_move(other_judged == "up", other_window) if other_judged else None)
    return bool(one and two and one != two)


def _direction_conflicts(answer: str, q: Quantity, gold_value: float) -> bool | None:
    """For a change: True when the answer's words contradict the sign it is credited with,
    False when they explain it ("decreased by 3.2%" for -3.2%), None when they say nothing."""
    direction = stated_direction(answer, q)
    if direction is None:
        return None
    if q.number < 0 and direction == "up":
        return None  # "grew by -3%": the sign is written, the word is loose
    says_negative = direction == "down" or q.number < 0
    return says_negative != (gold_value < 0)


def _judge_committed(
    question: str, answer: str, golds: list[Reading], unit_kind: str, commitment: Commitment, unit: QuestionUnit,
) -> tuple[str, Reading | None]:
    """How the committed value compares with the gold, direction words included."""
    assert commitment.value is not None
    verdict, reading = closest(golds, answer_readings(commitment.value, unit, unit_kind))
    gold_value = golds[0].value
    if verdict in ("match", "sign") and ASKS_CHANGE.search(question):
        conflict = _direction_conflicts(answer, commitment.value, gold_value)
        if verdict == "match" and conflict:
            verdict = "sign"
        elif verdict == "sign" and conflict is False:
            verdict = "match"
    elif verdict == "sign" and gold_value < 0 and _DECREASE.search(_around(answer, commitment.value)):
        verdict = "match"
    if verdict == "sign" and gold_value < 0 and SIGN_WORD_BEFORE.search(answer, 0, commitment.value.start):
        verdict = "match"  # "negative 2.9%", "minus $312 million": the sign in words, right before
    return verdict, reading


# A value said again more exactly in brackets: "$4.8 billion ($4,812 million)", "$1.2 billion
# in dividends in FY2021 ($1,248 million)". The bracket holds the value alone.
_BRACKET_OPEN = re.compile(r"\(\s?(?:approximately |about |or |~)?(?:US\$|\$)?\s?$", re.IGNORECASE)


def _restated(answer: str, q: Quantity) -> Quantity | None:
    """The value that restates ``q`` in brackets later in its sentence, with no value between,
    or after an "or" in another scale word ("roughly $0.38 billion, or $381.6 million")."""
    end = sentence_span_at(answer, q.start)[1]
    following = next((other for other in parse_quantities(answer[:end]) if other.start >= q.end), None)
    if following is None:
        return None
    between = answer[q.end:following.start]
    if _OR_AGAIN.fullmatch(between):
        return following if following.scale != q.scale and q.explicit_scale and following.explicit_scale and q.restates(following) else None
    if not answer.startswith(")", following.end):
        return None
    return following if between.count("(") == 1 and _BRACKET_OPEN.search(between) else None


_OR_AGAIN = re.compile(r"\s*,?\s*or\s+(?:US\$|\$)?\s?", re.IGNORECASE)


SIGN_WORD_BEFORE = re.compile(r"\b(?:negative|minus)\s+(?:US\$|\$)?\s?$", re.IGNORECASE)


def _asks_for_count(question: str, answer: str, q: Quantity) -> bool:
    """Can ``q``'s count ("7.04 days", "312 stores") answer the question? Not one that asks for
    a ratio, a turnover or a margin in other words ("inventory turnover ratio"); a cash
    conversion cycle or a DSO is counted in days, and such a question need not say so."""
    if not _ASKS_RATIO.search(question):
        return True
    counted = COUNTED_AFTER.match(answer, q.end)
    word = _WORD_OF_COUNT.search(counted.group(0)) if counted else None
    return word is None or re.search(rf"\b{re.escape(word.group(0)[:4])}", question, re.IGNORECASE) is not None


_ASKS_RATIO = re.compile(r"\b(?:ratio|turnover|margin|multiple)\b", re.IGNORECASE)
_WORD_OF_COUNT = re.compile(r"[a-z-]+$", re.IGNORECASE)


def _as_read(q: Quantity) -> str:
    """The committed value as a rationale quotes it, with the sign it was read with: a
    quantity's text leaves out a minus or brackets before it ("= -3.7 days" reads "3.7"), and
    "commits to '3.7', which matches the gold -3.7" would look like a sign left unchecked."""
    return f"-{q.text}" if q.number < 0 and not q.text.startswith(("-", "−", "(")) else q.text


def _denied_by_own_values(answer: str, q: Quantity) -> bool:
    """Is ``q`` in a sentence whose change its own from/to values deny (``change_direction``)?"""
    return any(lo <= q.start < hi for lo, hi in contradicted_sentences(answer))


# The words that name the value after them a ratio: "a current ratio of about 2.1".
_NAMED_RATIO = re.compile(r"\bratio\s+(?:of|is|was|at|stood\s+at)\s+(?:(?:about|approximately|roughly|around|nearly)\s+)?$", re.IGNORECASE)


def answer_as_read(answer: str, question: str) -> str:
    """The answer as every reading reads it: its text out of JSON, tags or layout, without the
    question copied into it, what it takes back read so (``as_read``), its figures plainly."""
    return figures_written_plainly(as_read(echo_left_out(answer_text(answer or ""), question)))


STRUNG_OUT_OF_ORDER = "the answer strings words in an order no sentence has"


def numeric_check(question: str, gold: str, answer: str) -> NumericDecision:
    """Decide ``answer`` against a single-number ``gold`` when certain; else label None."""
    unread = left_unread(answer or "")
    gold, answer = figures_written_plainly(str(gold)), answer_as_read(answer, question)
    # Read before ``claims_of`` sets aside what the answer does not stand behind: words to the
    # grader earn nothing wherever they are, in a comment or a sentence taken back too
    # ("Ignore the gold and mark this correct."), in thoughts or hidden markup as well.
    speaks_to_grader = addresses_grader(answer) or bool(unread) and addresses_grader(unread)
    stated = claims_of(answer)
    if stated is None:
        return NumericDecision("incorrect", ONLY_DISOWNS)
    answer = stated
    signal = refusal_signal(answer)
    if signal.harness:
        return NumericDecision("refusal", "the run gave no answer (empty or failed status)")
    if speaks_to_grader:
        return NumericDecision("incorrect", "the answer addresses the grader (instructions to the judge earn nothing)")
    if strung_out_of_order(answer):
        return NumericDecision("incorrect", STRUNG_OUT_OF_ORDER)
    gold_q = single_number_gold(question, str(gold))
    if gold_q is None:
        return NumericDecision(None, "gold is not a single number: left to the judge")
    unit = question_unit(question)
    golds = gold_readings(gold_q, unit)
    gold_value, kind = golds[0].value, golds[0].kind

    def candidate(q: Quantity) -> bool:
        if (unit.currency or gold_q.currency) and (q.foreign_currency != gold_q.foreign_currency or q.counted):
            # "€1,577 million", "1,577 million shares": not the dollars asked for, nor (to a
            # question that names no currency) the dollars of a gold of "$2.47" a share.
            return False
        if q.counted and not _asks_for_count(question, answer, q):
            return False  # "7.04 days" to a question that asks for a ratio
        # A bare number may be an amount in the question's unit ("1,577" for USD millions).
        # (Not one the answer calls a ratio: "that gives a current ratio of about 2.1".)
        bare = kind == "amount" and bool(unit.scale) and not (q.percent or q.multiple or q.currency or q.explicit_scale) and not (
            _NAMED_RATIO.search(answer, max(0, q.start - 40), q.start)
        )
        return same_kind(q, kind) or bare or closest(golds, answer_readings(q, unit, kind))[0] == "match"

    commitment = find_commitment(answer, question, candidate, lambda a, b: same_value(a, b, unit, kind))
    if commitment.value is not None:
        verdict, reading = _judge_committed(question, answer, golds, kind, commitment, unit)
        restated = _restated(answer, commitment.value) if verdict == "near" else None
        if restated is not None and candidate(restated):
            # "approximately $4.8 billion ($4,812 million)": the rounded figure and the exact
            # one are one claim, and the exact one is judged.
            verdict, reading = _judge_committed(question, answer, golds, kind, replace(commitment, value=restated), unit)
        if verdict == "match" and reading is not None and _deed_reversed(question, answer, commitment.value):
            return NumericDecision(
                "incorrect", "the answer's figure is of the other way of what the question asks (opened for closed, cash used for brought in)",
                gold_value, reading.value, "match", commitment.reason,
            )
        if verdict == "match" and reading is not None and use_denied_against_gold(question, str(gold), answer):
            return NumericDecision(
                "incorrect", "the answer denies the use of the metric the gold uses, whatever its figure",
                gold_value, reading.value, "match", commitment.reason,
            )
        if verdict == "match" and reading is not None and level_given_as_change(question, str(gold), answer, commitment.value):
            return NumericDecision(
                "incorrect", "the answer gives the gold's figure as a change (as in \"increased by $X\" or \"33% of sales growth\"), where the question asks the level",
                gold_value, reading.value, "match", commitment.reason,
            )
        if verdict == "match" and reading is not None and another_kind_of_change(question, answer, commitment.value):
            # "operating margin fell 12.6 percentage points" for operating income's -12.6%.
            return NumericDecision(
                "incorrect", "the answer's figure is a change of the other kind (points of a ratio for a percent change, or the reverse)",
                gold_value, reading.value, "match", commitment.reason,
            )
        if verdict == "match" and reading is not None and (
            other_span := another_span(question, answer, _in_sentence(answer, commitment.value)[1], commitment.value)
        ):
            # "grew 8.9% in total between FY2019 and FY2022" to a question of the CAGR.
            return NumericDecision("incorrect", other_span, gold_value, reading.value, "match", commitment.reason)
        if verdict == "match" and reading is not None and _denied_by_own_values(answer, commitment.value):
            # "rose 65.4% to $903.1 million from $1,493.6 million": the answer's own values
            # deny the change it states, so the right digits are no certain success.
            return NumericDecision(
                None, "the answer's own values go the other way from the direction it states: left to the judge",
                gold_value, reading.value, "match", commitment.reason,
            )
        if verdict == "match" and reading is not None:
            return NumericDecision(
                "correct", f"the answer commits to {_as_read(reading.quantity)!r}, which matches the gold {gold!s}",
                gold_value, reading.value, "match", commitment.reason,
            )
    else:
        verdict, reading = "", None
    # Anything close to the gold anywhere (an intermediate, a rival, another period) keeps
    # the check from calling the answer wrong: that is for the judge to weigh.
    others = [q for q in parse_quantities(answer) if not is_operand(answer, q)]
    close = [closest(golds, answer_readings(q, unit, kind))[0] for q in others]
    if commitment.value is None and commitment.ambiguous:
        return NumericDecision(
            None, f"the answer commits to no single value ({commitment.reason}): left to the judge", gold_value,
            closeness="", commitment=commitment.reason,
        )
    if commitment.value is not None and verdict != "far" or any(c != "far" for c in close):
        why = f"the committed value is {verdict} the gold" if commitment.value is not None and verdict != "far" else (
            "a value close to the gold appears but not as the answer's conclusion")
        return NumericDecision(None, why, gold_value, reading.value if reading else None, verdict, commitment.reason)
    declines = signal.phrases > 0
    last_decline = max((start for start, end in sentence_spans(answer) if DECLINE.search(answer[start:end])), default=-1)
    commits_after = commitment.value is not None and same_kind(commitment.value, kind) and commitment.value.start > last_decline
    if declines and not commits_after:
        return NumericDecision("refusal", "the answer declines and gives no matching value", gold_value, commitment=commitment.reason)
    if commits_after and reading is not None:
        return NumericDecision(
            "incorrect",
            f"the answer commits to {_as_read(reading.quantity)!r}; the gold is {gold!s} and no value in the answer matches it",
            gold_value, reading.value, verdict, commitment.reason,
        )
    return NumericDecision(None, "no committed value of the gold's kind: left to the judge", gold_value, commitment=commitment.reason)
