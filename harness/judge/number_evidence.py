"""Which of a prose gold's numbers an answer states, and which it contradicts.

A gold number is *found* when the answer commits to it within rounding, or states two values
whose difference or percent change gives it ("from $49.8 billion to $47.2 billion" for
"decreased by $2.5bn"). It is *contradicted* when the answer gives another value of its
kind next to the gold's label words, or states the gold's figure going the other way
("increased by 1.7%" for "decreased by 1.7%"), or gives the gold's value to another item
while a different value stands at the gold's label words, or exchanges the gold's figures
between years (not when it dates every value by the calendar, one year off the gold's
fiscal years alike) or its change between items (``number_swaps``). Only values the answer
commits to count (``verdict_commitment.uncommitted_values``).
"""
from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import NamedTuple

from harness.judge.amounts import Quantity, QuestionUnit, parse_quantities
from harness.judge.candidate_values import afterthought_values, candidate_values
from harness.judge.change_direction import start_and_end, started_from
from harness.judge.comparison import Reading, answer_readings, closest, compare, gold_readings, quantity_kind
from harness.judge.hedging import TIME_TO_COME, hedges
from harness.judge.number_swaps import (
    AnswerYears,
    YearMark,
    change_on_another_item,
    change_rivals,
    is_fiscal,
    item_of_level_before,
    item_words,
    on_another_year,
    one_calendar_shift,
    other_values,
    question_names,
    value_year_marks,
    value_years,
    year_spellings,
)
from harness.judge.numeric_check import SIGN_WORD_BEFORE, directions_differ, opens_or_closes, stated_direction
from harness.judge.refusal import sentence_span_at, sentence_spans
from harness.judge.value_scope import named_otherwise, question_years
from harness.judge.verdict_commitment import uncommitted_values
from harness.judge.words import ASKS_CHANGE, FALL, RISE, UNIT_STEMS, WORD, YES_NO, asked_subject, bound_side, content, stem, stems_of

# Where a value's label words stop: a clause of its own after a semicolon.
_CLAUSE_END = re.compile(r";")
# Nor, after it, across a line's end or into a bracket: "Net cash from operating activities:
# $2,640 million\n- Purchases of property ..." and "$1.87 billion in FY2022 (operating cash flow
# of ..." label the figure by the words before it, not by the next line's or the aside's.
_LABEL_AFTER_END = re.compile(r"[;\n(]")


# Words by which a sentence's number takes its label from the sentence before ("The
# remaining 42% ... came from international markets").
_POINTS_BACK = frozenset({"remain", "rest", "balanc", "others"})


def _after_sentence_end(text: str, start: int) -> bool:
    """Does the sentence at ``start`` follow another's end (not a line after a heading, "Revenue
    by segment:", which labels the lines below it)?"""
    return text[:start].rstrip().endswith((".", "!", "?"))


def _context(text: str, q: Quantity, names: frozenset[str] = frozenset()) -> set[str]:
    """Label words around a number: what it is a number of. (``names``: the question's
    names, which every value of the answer belongs to: "31% of Pellucid Apparel's net sales"
    is labelled by "net sales".)"""
    # The 25 characters after the number, not counting the question's names in them.
    skipped = sum(len(m.group(0)) + 1 for m in WORD.finditer(text, q.end, q.end + 60) if stem(m.group(0)) in names)
    after = text[q.end:q.end + 25 + skipped]
    if ended := _LABEL_AFTER_END.search(after):
        after = after[:ended.start()]
    right = [s for s, _ in content(after) if s not in UNIT_STEMS and s not in names][:2]
    before = text[max(0, q.start - 60):q.start]
    # Not across a clause's end, before or after: "... subscription and maintenance contracts;
    # the remaining 15% is non-recurring" labels the 15% by "remaining", not by the clause
    # before.
    before = before[max((m.end() for m in _CLAUSE_END.finditer(before)), default=0):]
    # Nor across a sentence's end, once the number's own sentence labels it: "... classified
    # as current. The company's $2.0 billion revolving credit facility" is no current debt.
    # (A number its sentence does not label, "Around 85% of Ferrow's $9.4 billion", or one
    # that points back, "The remaining 42%", takes its label from the sentence before.)
    opens = sentence_span_at(text, q.start)[0]
    if q.start - len(before) < opens and _after_sentence_end(text, opens):
        # (A word the window after the number cuts off, "of borro", labels nothing yet.)
        whole = after.rsplit(None, 1)[0] if text[q.end + len(after):q.end + len(after) + 1].isalnum() else after
        own = {s for s, _ in content(text[opens:q.start] + " " + whole)} - UNIT_STEMS - names
        if own and not own & _POINTS_BACK:
            before = text[opens:q.start]
    left = [s for s, _ in content(before) if s not in UNIT_STEMS and s not in names][-4:]
    return set(left + right)


# The start of a range's low bound ("ranges from 0.805% to 1.225%", "varied between 2% and 4%"):
# a range is no level at a time, and its bounds are no two ends of a change.
_RANGE_BEFORE = re.compile(
    r"\b(?:rang(?:e|es|ed|ing)|var(?:y|ies|ied|ying))\s+(?:\w+\s+){0,2}(?:from|between)\s+(?:US\$|[$€£])?\s?[-−(]?$",
    re.IGNORECASE,
)
# Between a range's bounds: amounts.RANGE_JOIN's "to" and dashes, and the "and" of "between".
_RANGE_TO = re.compile(r"\s*(?:to|and|-|–)\s*(?:US\$|[$€£])?\s?[-−(]?", re.IGNORECASE)


def _range_bounds(answer: str, values: list[Reading]) -> set[int]:
    """Where the values stand (their quantities' starts) that bound a range the answer states
    ("the LIBOR margin ranges from 0.805% to 1.225%"): both ends of each."""
    bounds: set[int] = set()
    starts = sorted({v.quantity.start: v.quantity for v in values}.values(), key=lambda q: q.start)
    for low, high in zip(starts, starts[1:]):
        if _RANGE_BEFORE.search(answer, max(0, low.start - 60), low.start) and _RANGE_TO.fullmatch(answer, low.end, high.start):
            bounds.update((low.start, high.start))
    return bounds


def _derived(target: list[Reading], values: list[Reading], answer: str = "", question: str = "") -> str | None:
    """``match`` / ``near`` when the gold value is the difference or percent change of two
    of the answer's values ("from $49.8 billion to $47.2 billion" for "decreased by $2.5bn"),
    unless the answer states that change otherwise itself, beside the two ("grew from 8,200
    to 9,650, an increase of 23.2%" for 17.7%: the levels are right, its own figure wrong), or
    in a sentence of its own that states the asked thing's change ("End of FY2021: 9,650 ...
    The customer count grew by 1,450, or 15.0%")."""
    best = None
    spans: list[tuple[int, int]] | None = None  # the answer's sentences, split only when a pair gives the gold
    bounds: set[int] | None = None  # the answer's range bounds, likewise read only then
    for i, a in enumerate(values[:40]):
        for b in values[i + 1:40]:
            if a.kind != b.kind or not a.value or not b.value:
                continue
            found = None
            for g in target:
                # A difference of two values of the gold's kind, or a percent change.
                candidates = [abs(a.value - b.value)] if a.kind == g.kind else []
                if g.kind == "percent":
                    candidates += [abs(b.value / a.value - 1.0), abs(a.value / b.value - 1.0)]
                for value in candidates:
                    scale = max(abs(g.value), 1e-12)
                    diff = abs(abs(g.value) - value)
                    if diff <= max(g.half_ulp, 0.005 * scale):
                        found = "match"
                    elif diff <= 3.0 * g.half_ulp and diff <= 0.05 * scale and found is None:
                        found = "near"
            if found is None:
                continue
            # A range's bounds ("ranges from 0.805% to 1.225%") are no levels: neither is half of a pair.
            if answer and bounds is None:
                bounds = _range_bounds(answer, values)
            if bounds and (a.quantity.start in bounds or b.quantity.start in bounds):
                continue
            if answer and spans is None:
                spans = sentence_spans(answer)
            if spans and (_own_change_beside(answer, spans, a, b, values, target) or _own_change_stated(answer, spans, values, target, question, (a, b))):
                continue
            if found == "match":
                return "match"
            best = "near"
    return best


def _own_change_beside(
    answer: str, spans: list[tuple[int, int]], a: Reading, b: Reading, values: list[Reading], target: list[Reading],
) -> bool:
    """Does the sentence (of ``spans``) that holds ``a`` and ``b`` state a change of the gold's
    kind itself (a value with a direction: "an increase of 23.2%"), one that is not the gold's?"""
    span = next(((x, y) for x, y in spans if x <= a.quantity.start < y), None)
    if span is None or not span[0] <= b.quantity.start < span[1]:
        return False
    return any(
        c is not a and c is not b and span[0] <= c.quantity.start < span[1] and c.kind == target[0].kind
        and stated_direction(answer, c.quantity) is not None and closest(target, [c])[0] == "far"
        for c in values
    )


def _own_change_stated(
    answer: str, spans: list[tuple[int, int]], values: list[Reading], target: list[Reading], question: str,
    levels: tuple[Reading, Reading],
) -> bool:
    """Does a sentence that speaks of the asked thing in the question's words (most of its
    common words) state a change of the gold's kind with a direction, not the gold's? (Not
    one of the two ``levels`` the change is worked out from: "fell from 20.8% to 19.1%" moves
    them, and states no change of its own.)"""
    asked = asked_subject(question)
    if len(asked) < 2:
        return False
    for c in values:
        if (c in levels and _role(answer, c.quantity) in ("from", "to")) or c.kind != target[0].kind or stated_direction(answer, c.quantity) is None or closest(target, [c])[0] != "far":
            continue
        span = next(((x, y) for x, y in spans if x <= c.quantity.start < y), None)
        if span and len(asked & {s for s, _ in content(answer[span[0]:span[1]])}) >= 0.6 * len(asked):
            return True
    return False


class _GoldNumber(NamedTuple):
    """A non-zero number of the gold and what the gold says of it (read only: shared by the runs)."""

    quantity: Quantity
    readings: list[Reading]
    label: frozenset[str]  # the words around it
    direction: str | None  # the direction the gold gives it ("decreased by 1.7%")
    item: frozenset[str]  # the words its sentence adds to the question ("Employee liabilities")
    year: int | None  # the year it is stated for ("1.82% in 2022")
    change_item: frozenset[str]  # for a change: what it is a change of ("operating margin")
    bound: str | None  # the side the gold bounds it from ("more than 5%": "above"), if it does
    deed: bool  # the words around it open or close, bring in or use, issue or retire ("close 40 stores")


@functools.lru_cache(maxsize=4096)
def _gold_numbers(gold: str, unit: QuestionUnit, question: str) -> tuple[_GoldNumber, ...]:
    asked = stems_of(question)
    every = parse_quantities(gold)
    values = [g for g in every if g.number != 0.0 and not _unit_of_ratio(gold, g)]
    return tuple(
        _GoldNumber(
            g, gold_readings(g, unit), _label_or_asked(_context(gold, g), question), stated_direction(gold, g), _sentence_of(gold, g) - asked,
            year, item_words(gold, g, every) - question_names(question) if _is_change(gold, g) else frozenset(),
            _bound_of(gold, g), opens_or_closes(gold, g),
        )
        for g, year in zip(values, _change_dated_by_its_end(gold, values, value_years(gold, values)))
    )


# Words that say how a figure moved, not what it is a figure of.
_MOVE_STEM = re.compile(r"(?:improv|declin|increa|decrea|rose|fell|grew|growth|slight|jump|drop|rise|fall|up|down)")


def _label_or_asked(label: set[str], question: str) -> frozenset[str]:
    """A gold figure's label words; for one with none but words of movement ("Improved, from
    0.67x to 0.69x", "It improved slightly, from 0.67 to 0.69"), the question's words (its
    names apart), which say what the figure is of."""
    if label and any(not _MOVE_STEM.fullmatch(s) for s in label):
        return frozenset(label)
    return frozenset(label) | (stems_of(question) - question_names(question))


# Between the level a change reached and where it started, written in that order: "improved to
# 14.2% from 3.5% in FY2022".
_THEN_FROM = re.compile(r"\s*,?\s*(?:(?:up|down)\s+)?from\s+(?:about\s+|approximately\s+|roughly\s+|~)?(?:US)?\$?\s*", re.IGNORECASE)


def _change_dated_by_its_end(gold: str, values: list[Quantity], years: list[int | None]) -> list[int | None]:
    """The years of a gold's ``values`` with a change's start undated where the year after it
    dates the change: in "Operating margin improved to 14.2% from 3.5% in FY2022", FY2022 is
    the change's year, not that of the 3.5% it started from. (The level reached keeps the year
    it had: dated FY2022 too, it refused ten right realistic answers.)"""
    out = list(years)
    for i in range(1, len(values)):
        end, start = values[i - 1], values[i]
        # (Only after a level reached, "improved to 14.2%": not "a decline by 1.32% from 982".)
        if out[i] is not None and out[i - 1] in (None, out[i]) and _THEN_FROM.fullmatch(gold, end.end, start.start) \
                and _role(gold, end) == "to":
            out[i] = None
    return out


# "$2.77 of assets to generate $1 of revenue", "for every $1 of sales": the one that a ratio
# is written per, not a figure to find in the answer.
_PER_ONE_BEFORE = re.compile(r"\b(?:every|each|per|generate|generates|generating)\s+$", re.IGNORECASE)
_PER_ONE_AFTER = re.compile(r"\s+of\s+(?:revenue|sales|assets|equity|earnings|income)\b", re.IGNORECASE)


def _unit_of_ratio(text: str, q: Quantity) -> bool:
    return q.number == 1.0 and not q.percent and bool(
        _PER_ONE_BEFORE.search(text, max(0, q.start - 20), q.start) or _PER_ONE_AFTER.match(text, q.end)
    )


def _sentence_of(text: str, q: Quantity) -> frozenset[str]:
    """The content stems of the sentence that holds ``q``, up to the cause it gives after
    ``q`` ("17.9%, below the 21% statutory rate, mainly because of the FDII deduction"): what
    made the figure so is no word of what it is a figure of."""
    start, end = sentence_span_at(text, q.start)
    if cause := _CAUSE_AFTER.search(text, q.end, end):
        end = cause.start()
    return stems_of(text[start:end]) - UNIT_STEMS


# Only the words that open a cause outright: ``causes._CAUSE``, the wider reading of causes in
# an answer ("contributed", "supported by", ", as ..."), cut more of a gold's item and refused
# a right realistic answer (realistic-3108) when tried here.
_CAUSE_AFTER = re.compile(
    r"\b(?:because|due\s+to|driven\s+by|as\s+a\s+result\s+of|owing\s+to|thanks\s+to|reflecting|attributable\s+to)\b",
    re.IGNORECASE,
)


_LEVEL_BEFORE = re.compile(r"\b(?:to|from|at|reaching|was|were|is|are)\s+(?:about\s+|approximately\s+|~)?(?:US)?\$?\s*$", re.IGNORECASE)


def _is_level(text: str, q: Quantity) -> bool:
    """Is ``q`` written as a level ("from $1.21 billion", "to 24%", "was $4.1 billion")?"""
    return bool(_LEVEL_BEFORE.search(text[max(0, q.start - 24):q.start]))


def _is_change(text: str, q: Quantity) -> bool:
    """A value stated as a change ("an increase of 81%", "down 3%"), not as the level
    reached ("rose to $4.1 billion", "from $3.2 billion to ...")."""
    return stated_direction(text, q) is not None and not _is_level(text, q)


_QUARTER_WORD = re.compile(r"\bquarter|\bQ[1-4]\b", re.IGNORECASE)
_QUARTERLY_AFTER = re.compile(r"[^.;\n]{0,24}?\b(?:(?:each|per|a|every)\s+quarter|quarterly)\b", re.IGNORECASE)
_PER = re.compile(r"\s*(?:per|a|an|/)\s*(month|quarter|year|annum|day|week|share|unit|hour)s?\b", re.IGNORECASE)


def _per(text: str, q: Quantity) -> str | None:
    """The period or unit a rate is per ("$52.30 per month": "month"), if it says one."""
    m = _PER.match(text, q.end)
    return m.group(1).lower().replace("annum", "year") if m else None


def _bound_of(text: str, q: Quantity) -> str | None:
    """"above" for "more than 5%", "below" for "less than 5%"; None for a value stated as it is."""
    return bound_side(text[max(0, q.start - 24):q.start])


def _inputs_of(a: Quantity, values: list[Quantity]) -> set[int]:
    """The ids of the pairs of ``values`` before ``a`` whose sum or difference is ``a`` (within
    0.5%): the figures it is worked out of. (After it, such a pair may be worked out of it.)"""
    found: set[int] = set()
    target = abs(a.value)
    if not target:
        return found
    before = [b for b in values if b.start < a.start]
    for i, b in enumerate(before):
        for c in before[i + 1:]:
            if any(abs(abs(v) - target) <= 0.005 * target for v in (b.value + c.value, b.value - c.value)):
                found |= {id(b), id(c)}
    return found


def _parts_after(answer: str, a: Quantity, values: list[Quantity]) -> set[int]:
    """The ids of the values after ``a`` in its sentence that add up to it (within 0.5%), three
    or more: its breakdown ("$411 million ...: $33M in cost of sales, $347M in SG&A and $31M in
    other pension expense")."""
    lo, hi = sentence_span_at(answer, a.start)
    after = [b for b in values if a.end <= b.start < hi]
    target = abs(a.value)
    if len(after) < 3 or not target or abs(sum(b.value for b in after) - target) > 0.005 * target:
        return set()
    return {id(b) for b in after}


def _on_another_label(
    answer: str, a: Quantity, gold_number: _GoldNumber, values: list[Quantity], question: str, level: bool,
    dated_elsewhere: Callable[[Quantity], bool] = lambda b: False, others_labels: frozenset[str] = frozenset(),
    gold_per: str | None = None, another_gold_figure: Callable[[Quantity], bool] = lambda b: False,
) -> bool:
    """Is the answer's value ``a`` away from the gold's label words while another value of
    its kind stands next to them: the right value put on the wrong item? Read with the
    words right around the gold's number and with the words its sentence adds to the
    question. No rival: a value the question itself states ("more than 10% of revenue"); for
    a gold ``level``, a value the answer gives as a change; and the other end of a change
    ``a`` is an end of ("from 20% in FY2021 to 23%"); nor a value ``dated_elsewhere``, stated
    for another year than the gold's ("87% ... in FY2023 (FY2022: 67%)")."""
    g, labels = gold_number.quantity, (gold_number.label, gold_number.item)
    asked = {v.number for v in parse_quantities(question)}
    # A sum of money has no rival in a count ("14.6 million shares") or a price per unit ("$82.19
    # per share") where the answer writes its money with a currency sign.
    money = g.currency and any(v.currency for v in values)
    rivals = [
        b for b in other_values(a, values, quantity_kind(g))
        if b.number not in asked and not dated_elsewhere(b) and not another_gold_figure(b) and not (money and (not b.currency or _per(answer, b) and not gold_per))
    ]
    # "current assets of $2,688 million and current liabilities of $2,278 million, giving working
    # capital of $410 million": the two values the answer works ``a`` out of are its inputs.
    # "$411 million (about $0.41 billion)": ``a`` again at another precision is no rival.
    rivals = [b for b in rivals if not a.restates(b)]
    inputs = _inputs_of(a, rivals) | _parts_after(answer, a, rivals)
    rivals = [b for b in rivals if id(b) not in inputs]
    names = question_names(question)
    if level:
        # "Corning's effective tax rate increased by 3 points, from 20% to 23%": the subject's
        # words label the change and its levels alike; a change is no rival of a level.
        rivals = [b for b in rivals if not _given_as_change(answer, b)]
    # "... rate increased from 20% in FY2021 to 23% in FY2022": the two ends of one change
    # share the subject's words, which stand before the first.
    rivals = [b for b in rivals if not (start_and_end(answer, a, b) or start_and_end(answer, b, a))]
    if not rivals:
        return False
    own = _context(answer, a, names)
    # The gold's words for this figure: its label, and the words its sentence adds that label
    # none of the gold's other figures ("current" labels the $0.6 billion of "Total debt was
    # $4.35 billion, of which $0.6 billion is current", not the total).
    key = gold_number.label | (gold_number.item - others_labels)
    specific = _item_apart(gold_number, others_labels)
    if g.percent and specific & own and not any(specific & _context(answer, b, names) for b in rivals):
        # "employee costs of $81 million, roughly 87% of the balance ... Other restructuring
        # costs ..., around 11%" for "87% of the total restructuring liability is related
        # Employee liabilities": a share at the words that set the gold's item apart, its
        # rivals only at the words of the whole they share.
        return False
    at_key = key & own
    if at_key and all(key & _context(answer, b, names) <= at_key for b in rivals):
        # The value stands at the gold's words for it, and no rival at more of them ("Total
        # debt = ... = $4,350 million"). (Not "Subscriptions are 58% of revenue; advertising
        # is 42%" for "Advertising is still 58% of revenue": "revenue" labels the 58%,
        # "advertising" the rival.)
        return False
    return any(
        label and not label & own and any(label & _context(answer, b, names) for b in rivals) for label in labels
    )


def number_evidence(gold: str, answer: str, unit: QuestionUnit, question: str = "") -> dict[str, int]:
    """How many of the gold's numbers the answer states (``found``), states one rounding step
    away (``near``), contradicts (``contradicted``; of those, ``reversed``: the gold's figure
    gone the other way, and ``swapped``: the gold's figure on another year, or its change on
    another item) or leaves out (``missing``)."""
    out = {"found": 0, "near": 0, "contradicted": 0, "missing": 0, "reversed": 0, "swapped": 0}
    gold_numbers = _gold_numbers(gold, unit, question)
    if not gold_numbers:
        return out
    # Only values the answer commits to can state the gold's number: not hedged, denied,
    # offered as alternatives or listed among many.
    every_value = parse_quantities(answer)
    # Three values listed bare are a list as well, of a kind the gold has one figure of.
    kinds = [quantity_kind(n.quantity) for n in gold_numbers]
    skipped = uncommitted_values(answer, every_value, frozenset(k for k in kinds if kinds.count(k) == 1))
    answer_qs = [q for i, q in enumerate(every_value) if i not in skipped]
    own_readings = [r for a in answer_qs for r in answer_readings(a, unit, quantity_kind(a))[:1]]
    gold_years = tuple((n.quantity.number, n.year) for n in gold_numbers)
    # The years the answer ties its values to, read only when the gold ties two different
    # values to two different years: only then can a value sit on the other one's year.
    dated = {(v, y) for v, y in gold_years if y is not None}
    marks = value_year_marks(answer, answer_qs, every_value) if len({v for v, _ in dated}) > 1 and len({y for _, y in dated}) > 1 else []
    years = [mark[2] if mark else None for mark in marks]
    answer_years = {y for y in years if y is not None}
    # A year the answer writes only as the gold writes it is the gold's year, not a calendar
    # year counted for a fiscal one.
    spelled = year_spellings(answer) if years else {}
    gold_spelled = year_spellings(gold) if years else {}
    as_gold = {y for y, forms in spelled.items() if forms <= gold_spelled.get(y, set())}
    if marks and _counts_fiscal_years_by_calendar(gold_numbers, gold_spelled, answer, answer_qs, marks, unit):
        years = []  # every value on its own fiscal year: none is on another
    gold_roles = tuple(_role(gold, n[0]) for n in gold_numbers)
    change_stated: bool | None = None  # does the answer give the gold's change as a change? asked once, when needed
    answer_years_read = AnswerYears(gold, question, answer, answer_qs, every_value, kinds)
    # A question of one year that asks for neither a change, a comparison nor a yes or no.
    level_asked = (
        bool(question) and len(question_years(question)) == 1 and not ASKS_CHANGE.search(question)
        and not _COMPARISON_ASKED.search(question) and not YES_NO.match(gold)
    )
    rates_of_growth = bool(_GROWTH_RATE.search(gold) or _GROWTH_ASKED.search(question))
    names = question_names(question)
    # A figure of each quarter is no rival of a gold's for the year ("$0.0025 per share each
    # quarter" for "0.01$ per share annual dividend"): neither states the other.
    gold_yearly = not _QUARTER_WORD.search(gold)
    # Which of the answer's values state one of the gold's figures, and which stand with none
    # but such values of their kind in their sentence: read once, when first needed.
    gold_valued: list[bool] | None = None
    # Values laid out as candidates (``candidate_values``) and those an afterthought offers in
    # the answer's place (``_afterthoughts``): read once, when first needed.
    candidates = functools.cache(lambda: [every_value[j] for j in sorted(candidate_values(answer, every_value, sentence_spans(answer)))])
    afterthoughts = functools.cache(lambda: _afterthoughts(answer, every_value, gold_numbers, unit, f"{gold}\n{question}"))
    alone_with_gold: list[bool] = []
    for gold_number in gold_numbers:
        g, golds, label, direction, item = gold_number[:5]
        level = _is_level(gold, g)
        gold_role = _role(gold, g)
        # What labels the gold's other figures, and the unit this one is per: read once per
        # figure, for every answer value that matches it (``_on_another_label``).
        others_labels = frozenset().union(*(n.label for n in gold_numbers if n is not gold_number))
        gold_per = _per(gold, g)
        best = "far"
        near_value: Quantity | None = None
        for i, a in enumerate(answer_qs):
            readings = answer_readings(a, unit, golds[0].kind)
            verdict, _ = closest(golds, readings)
            if verdict == "sign" and g.number < 0 < a.number and SIGN_WORD_BEFORE.search(answer, max(0, a.start - 12), a.start):
                verdict = "match"  # "an operating margin of negative 42%" for -42%: the sign in words
            elif verdict == "sign" and g.number < 0 < a.number and not _flipped_exactly(golds, readings):
                # "current assets of $1,554 million" for working capital of -$1,561 million: a
                # value of the other sign and only near in size is another figure, no slip.
                verdict = "far"
            if verdict == "match" and (direction or gold_number.deed) and directions_differ(gold, g, answer, a):
                # The gold's figure gone the other way ("increased by 1.7%" for "decreased
                # by 1.7%"): a different claim, whatever the digits.
                best = "reversed"
                continue
            if verdict == "match" and gold_per and _per(answer, a) not in (None, gold_per):
                # "$52.30 per quarter" for "$52.30 per month": the same digits, another rate.
                best = "misplaced"
                continue
            if verdict == "match" and gold_number.bound and _bound_of(answer, a) not in (None, gold_number.bound):
                # "less than 5% of revenue" for "more than 5%": the same figure, bounding the
                # other side.
                best = "reversed"
                continue
            if verdict == "match" and years and on_another_year(
                g.number, gold_number.year, gold_years, years[i], answer_years, years[i] in as_gold,
            ):
                # "ROA was 3.39% in 2022 and 1.82% in 2021" for 1.82% in 2022 and 3.39% in 2021.
                best = "swapped"
                continue
            own = answer_years_read.own_year(gold_number.year, quantity_kind(g))
            if verdict == "match" and own is not None and answer_years_read.moved_off(i, own, partial(_differs, golds, unit)):
                # "held $610 million at the end of FY2021, down from $742 million at the end of
                # FY2020" for $742 million at year end FY2021.
                best = "swapped"
                continue
            if verdict == "match" and _change_elsewhere(answer, a, gold_number, answer_qs, every_value, question):
                best = "swapped"
                continue
            if verdict == "match" and (a.foreign_currency and not g.foreign_currency or named_otherwise(
                answer, sentence_span_at(answer, a.start), a, question, gold, _label_before(gold, g),
            )):
                # "€742 million" for a gold in dollars; "Gross margin was 14.2%" for an
                # operating margin of 14.2%: the same digits, another thing.
                best = "misplaced"
                continue
            # A change ("decreased its debt by $2.5bn") sits beside the levels it is taken
            # from, which share its label words: only a level ("87% of ...") has one item.
            if verdict == "match" and not direction and _on_another_label(
                answer, a, gold_number, answer_qs, question, level, answer_years_read.dated_elsewhere(own),
                others_labels, gold_per, partial(_states_another_at_its_label, answer, gold_number, gold_numbers, unit, names, a),
            ):
                # The gold's value on another item while a different value sits at the
                # gold's label words ("13% ... employee liabilities; 87% ... other costs").
                best = "misplaced"
                continue
            if verdict == "match" and {gold_role, _role(answer, a)} == {"from", "to"} \
                    and not _NOT_A_MOVE_BEFORE.search(answer, max(0, a.start - 40), a.start):
                # "from 41,500 at the end of FY2020 to 43,800" for "increased by 2,300 to
                # 41,500": the level the gold's change reached given as where it started.
                best = "misplaced"
                continue
            if verdict == "match" and gold_role == "change" and _MOVED_TO_BEFORE.search(answer, max(0, a.start - 40), a.start):
                # "decreased to $2.5bn, down from $4.1bn" for "decreased by $2.5bn": the gold's
                # change given as the level reached (or started from).
                best = "misplaced"
                continue
            if verdict == "match" and level and not rates_of_growth and _given_as_change(answer, a):
                # "increased by 24%" for "rose from 19% to 24%": the level the gold reaches,
                # given as the change. (Not when the gold's levels are rates of growth: "grew
                # 3.6%" states "growth ... from 3.6%".)
                best = "misplaced"
                continue
            if verdict == "match":
                best = "match"
                break
            if verdict in ("near", "sign") and best == "far":
                best, near_value = "near", (a if verdict == "near" else None)
        if best == "match":
            if any(quantity_kind(a) == quantity_kind(g) for a in afterthoughts()):
                # The gold's figure, then another of its kind put in its place with a doubt
                # ("... of $240 million. Possibly it was $250 million."): the answer takes back
                # what it stated.
                best = "misplaced"
        if best == "near" and near_value is not None and label and not label & _context(answer, near_value) and any(
            b is not near_value and quantity_kind(b) == quantity_kind(g) and label & _context(answer, b) for b in answer_qs
        ):
            # "about 0.85x ..., below the 1.0x level" for a quick ratio of 0.96: the value one
            # rounding step away is another figure (a benchmark), and the one at the gold's
            # label words is the answer's.
            best = "far"
        listed_own = any(quantity_kind(every_value[j]) == quantity_kind(g) for j in skipped)
        # (Nor a gold's 100%, the whole, which any shares that split it add up to: "76% of net
        # sales ... 24%" works out no "100% equity interest".)
        if best == "far" and started_from(gold, g) and _start_worked_back(golds, gold_number, gold_numbers, answer, answer_qs, unit):
            # "expanded by 44 basis points in FY2022 to 3.12%" for "3.12% in FY2022, up from
            # 2.68%": the level the gold's change started from, given as the change to the
            # level it reached.
            best = "match"
        if best in ("far", "near") and not level and not listed_own and not (g.percent and abs(g.number) == 100):
            # A change may be worked out from the two values it is between; a level the gold
            # reaches ("rose from 19% to 24%") may not: "from 25% to 31%" is no 24%. Nor
            # where the answer lists or hedges its own figures of the kind ("an increase of
            # 13.6%, 17.7% and 23.2%"): it commits to none of them.
            derived = _derived(golds, own_readings, answer, question)
            if derived == "match" or (derived == "near" and best == "far"):
                best = derived
        if best == "match":
            out["found"] += 1
        elif best == "near":
            out["near"] += 1
        elif best == "misplaced":
            out["contradicted"] += 1
        elif best in ("reversed", "swapped"):
            out[best] += 1
            out["contradicted"] += 1
        else:
            # A rival states the same quantity: a change ("an increase of 81%") does not
            # contradict a level the gold gives without a direction ("~90% of EBITDAR").
            # Once the answer states the gold's change, a value that states another of the
            # gold's figures in its own role is no rival of a level it leaves out ("rose by
            # $240 million to $1.45 billion" for "by $240 million, from $1.21 billion to $1.45
            # billion": the change asked, and one of the levels).
            if level and change_stated is None:
                change_stated = any(_role(answer, a) == "change" and _states_gold_in_role(answer, a, gold_numbers, gold_roles, unit) for a in answer_qs)
            # (At the words that set the gold's item apart from the whole its label names, a
            # share states the same quantity too: "Employee costs ... roughly 69% of that
            # balance" for "87% of the total restructuring liability is related Employee
            # liabilities".)
            specific = _item_apart(gold_number, others_labels) if g.percent else frozenset()
            # (The words after a value read past the question's names: "907 Best Buy stores"
            # is a number of stores, as "907 stores" is.)
            # The gold's own figure, left uncommitted by words of the filing's that sound like
            # doubt ("accounted for 41% of revenue, so the loss of either program would hurt",
            # "a margin of 1.00% to 1.625% depending on its credit rating"), is missing, not
            # contradicted: it is no rival of itself, and beside it the gold's other figures
            # are the gold's, no rivals either. (Not in a list of others of its kind, "$571
            # million, $742 million and $972 million": there it is one pick of many.) Nor, for
            # a gold of many figures (a credit facility's size, sublimit, rates and term), are
            # its other figures rivals of one the answer leaves out: they share its label words
            # because they describe the same thing. (A gold of two or three, "14.2% in FY2022,
            # down from 15.9%", has its other figure for a rival: it is the likeliest slip.)
            if gold_valued is None:
                gold_valued = [any(not _differs(n.readings, unit, a) for n in gold_numbers) for a in every_value]
                alone_with_gold = _alone_with_gold_figures(answer, every_value, gold_valued)
            said_uncommitted = any(alone and not _differs(golds, unit, a) for a, alone in zip(every_value, alone_with_gold))
            rivals = [
                a for i, a in enumerate(every_value)
                if quantity_kind(a) == quantity_kind(g) and (label | specific) & (_context(answer, a) | _context(answer, a, names))
                and (direction or not _is_change(answer, a))
                and not (level and change_stated and _states_gold_in_role(answer, a, gold_numbers, gold_roles, unit))
                and not (gold_yearly and _QUARTERLY_AFTER.match(answer, a.end))
                and not ((said_uncommitted or len(gold_numbers) >= _MANY_FIGURES) and gold_valued[i])
                and not _of_time_to_come(answer, a)
                # (Nor, for a figure per share, a total in millions: "dividends paid were $4
                # million" for "a dividend of $0.01 per share".)
                and not (gold_per and not g.explicit_scale and a.explicit_scale and _per(answer, a) is None)
            ]
            if any(not _differs(golds, unit, a) for a in candidates()):
                # The gold's figure one of candidates laid out for the reader to choose from
                # ("Depending on the measure used, it is between $240 million and $312
                # million"): the others of its kind are its rivals, as in a list.
                rivals += [a for a in candidates() if quantity_kind(a) == quantity_kind(g) and _differs(golds, unit, a)]
            if any(not _differs(golds, unit, a) for a in every_value):
                # The gold's figure, left uncommitted by an afterthought that offers another
                # of its kind ("$32,502 million. Then again, it may have been $42,578
                # million."): the afterthought's value is its rival.
                rivals += [a for a in afterthoughts() if quantity_kind(a) == quantity_kind(g)]
            if not rivals and _in_another_unit(answer, every_value, gold, g):
                # "fell by $35 million" for "fell by 35%", "up $31" for "up 31%": the gold's
                # digits in its figure's role, in a unit that makes them another figure.
                out["contradicted"] += 1
                continue
            if level_asked and started_from(gold, g):
                # The level a gold's change started from ("down from 15.9% in FY2021") is its
                # context when the question asks only the level reached: the asked level is
                # no rival of it, another level it started from is ("down from 16.4%").
                rivals = [a for a in rivals if started_from(answer, a)]
            out["contradicted" if rivals else "missing"] += 1
    return out


_MANY_FIGURES = 4  # a gold's figures from which its others are no rivals of one left out
# A gold's figures from which another, stated at its own words, is no rival of one the answer
# states (``_states_another_at_its_label``). From two, it refused a right realistic answer and
# credited a wrong one: "$1,097 million in total, including $862 million of health care" for
# pension benefits of $1,097 million and health care benefits of $862 million, the part's
# words read as the other figure's own.
_SEVERAL_FIGURES = 3


def _states_another_at_its_label(
    answer: str, gold_number: _GoldNumber, gold_numbers: tuple[_GoldNumber, ...], unit: QuestionUnit, names: frozenset[str],
    a: Quantity, b: Quantity,
) -> bool:
    """Does ``b`` state another of a long gold's figures, at words that label it, without the
    look of the two exchanged (``_exchanged``)? ("Of total debt of $3.4 billion, ... ($2.6
    billion) was senior notes" for "total debt of $3.4 billion, consisting mainly of $2.6
    billion of ... senior notes": the total is the total's, no rival of the notes.) The
    question's ``names`` label every figure alike, so they are no label words here. (Only a
    gold of several figures: in "14.2% in FY2022, down from 15.9%" the other figure is the
    likeliest slip.) Exchanged figures are not caught by reading the other way round: the
    same words refused seven right realistic answers for eight wrong ones it refused."""
    if len(gold_numbers) < _SEVERAL_FIGURES:
        return False
    at_a, at_b = _context(answer, a, names), _context(answer, b, names)
    return any(
        other is not gold_number and not _differs(other.readings, unit, b) and other.label & at_b
        and not _exchanged(at_a, at_b, gold_number.label - names, other.label - names)
        for other in gold_numbers
    )


def _exchanged(at_a: set[str], at_b: set[str], mine: frozenset[str], theirs: frozenset[str]) -> bool:
    """Do two values (with the label words ``at_a`` and ``at_b`` around them) stating two of a
    gold's figures (labelled ``mine`` and ``theirs`` in the gold) look exchanged: each at least
    as near the other's label words as its own, and one nearer? A long gold's label words run
    into its neighbours', so only the words that set each figure apart are read ("Medical
    Devices ... $4.1 billion, followed by Diagnostics at $2.6 billion" for Diagnostics' $4.1
    billion and Medical Devices' $2.6 billion)."""
    own, other = mine - theirs, theirs - mine
    straight = (len(at_a & own), len(at_b & other))
    crossed = (len(at_a & other), len(at_b & own))
    return crossed[0] >= straight[0] and crossed[1] >= straight[1] and sum(crossed) > sum(straight)


def _start_worked_back(
    golds: list[Reading], gold_number: _GoldNumber, gold_numbers: tuple[_GoldNumber, ...], answer: str,
    values: list[Quantity], unit: QuestionUnit,
) -> bool:
    """Does the answer give the level a gold's change started from (``golds``) as another of
    the gold's figures, the level reached, and the change to it: "rose $0.94, or 19%, to
    $5.87" for "$5.87 in FY2022, up from $4.93"? The change's direction is the answer's own
    (said of the change, or of the level it reached), so "fell 44 basis points to 3.12%"
    works back to 3.56%, no 2.68%. A change in percent of an amount is a relative one; of a
    percent, a change in points. Not where the answer states, beside the level reached, a level
    it started from itself ("up 18% from $1.04 billion"): that is its claim, whatever the
    change works back to."""
    kind = quantity_kind(gold_number.quantity)
    changes = [c for c in values if _is_change(answer, c)]
    reached = [
        a for a in values
        if all(a is not c for c in changes) and any(n is not gold_number and not _differs(n.readings, unit, a) for n in gold_numbers)
    ]
    for y in reached:
        start_, end_ = sentence_span_at(answer, y.start)
        if any(quantity_kind(b) == kind and start_ <= b.start < end_ and started_from(answer, b) for b in values):
            continue
        level = answer_readings(y, unit, quantity_kind(y))[0]
        for c in changes:
            direction = stated_direction(answer, c) or stated_direction(answer, y)
            if direction not in ("up", "down"):
                continue
            change = answer_readings(c, unit, quantity_kind(c))[0]
            sign = -1.0 if direction == "up" else 1.0
            if change.kind == level.kind:
                start = level.value + sign * change.value
            elif change.kind == "percent" and level.kind == "amount" and change.value < 1.0:
                start = level.value / (1.0 - sign * change.value)
            else:
                continue
            tolerance = level.half_ulp + change.half_ulp
            if any(g.kind == level.kind and abs(g.value - start) <= max(g.half_ulp, tolerance) * (1 + 1e-9) for g in golds):
                return True
    return False


def _of_time_to_come(answer: str, a: Quantity) -> bool:
    """Is ``a`` in a sentence that doubts a value of a time to come ("It may be $1.64 billion
    next year")? It is no rival of the gold's figure for the period asked."""
    start, end = sentence_span_at(answer, a.start)
    return bool(TIME_TO_COME.search(answer, start, end)) and hedges(answer, start, end)


def _afterthoughts(
    answer: str, every_value: list[Quantity], gold_numbers: tuple[_GoldNumber, ...], unit: QuestionUnit, own_years: str,
) -> list[Quantity]:
    """The values afterthoughts offer in the answer's place (``afterthought_values``; of no
    other year than those ``own_years`` names) that state none of the gold's figures."""
    offered = sorted(afterthought_values(answer, every_value, sentence_spans(answer), own_years))
    return [every_value[j] for j in offered if all(_differs(n.readings, unit, every_value[j]) for n in gold_numbers)]


def _alone_with_gold_figures(answer: str, every_value: list[Quantity], gold_valued: list[bool]) -> list[bool]:
    """For each of the answer's values: does every other value of its kind in its sentence
    state one of the gold's figures (``gold_valued``, by value)?"""
    spans = [sentence_span_at(answer, a.start) for a in every_value]
    return [
        all(gold_valued[j] for j, b in enumerate(every_value) if j != i and spans[j] == spans[i] and quantity_kind(b) == quantity_kind(a))
        for i, a in enumerate(every_value)
    ]


# The words of a figure's unit, which set no item apart ("40 basis points", "3 percentage points").
_MEASURE_WORDS = UNIT_STEMS | {"basis", "points", "point", "pts", "bps"}


def _item_apart(gold_number: _GoldNumber, others_labels: frozenset[str]) -> frozenset[str]:
    """The words that set a gold figure's item apart from the whole its label names
    ("Employee" in "87% of the total restructuring liability is related Employee
    liabilities"): its item's words, less its label's, the other figures' labels and units."""
    return gold_number.item - others_labels - gold_number.label - _MEASURE_WORDS


def _flipped_exactly(golds: list[Reading], readings: list[Reading]) -> bool:
    """Is one of ``readings`` the gold's figure to its last digit, but for its sign?"""
    return any(compare(g, replace(r, value=-r.value)) == "match" for g in golds for r in readings)


def _in_another_unit(answer: str, values: list[Quantity], gold: str, g: Quantity) -> bool:
    """Does the answer give the gold's figure ``g``, a percent or a sum of money, with its
    digits in the other unit and in the same role (a change as a change, a level as a
    level)? Such a value is no other measure of the same thing: the same digits in both
    units cannot both be right."""
    if not (g.percent or g.currency):
        return False
    role = _role(gold, g)
    return any(
        a.number == g.number and (a.percent, a.currency) == (g.currency, g.percent)
        and _roles_agree(role, _role(answer, a))
        for a in values
    )


def _differs(golds: list[Reading], unit: QuestionUnit, b: Quantity) -> bool:
    """Is ``b`` another value than the gold's figure (``golds``, its readings)?"""
    return closest(golds, answer_readings(b, unit, golds[0].kind))[0] != "match"


# Before a value given as a change: "by", a noun of change and "of" ("an increase of"), or
# a word of movement itself ("went up $240 million", "rose 24%"; not "make up 12%", a share).
_CHANGE_BEFORE = re.compile(
    r"(?:\bby|\b(?:increase|decrease|rise|decline|growth|drop|gain|fall|reduction)\s+of|\b(?:"
    + "|".join(RISE + FALL) + r"))"
    r"\s+(?:about\s+|approximately\s+|roughly\s+|~)?(?:US)?\$?\s*$",
    re.IGNORECASE,
)


_COMPARISON_ASKED = re.compile(
    r"\b(?:compar\w*|chang\w*|grow\w*|growth|increas\w*|decreas\w*|declin\w*|improv\w*|worsen\w*|trend\w*|between|versus|vs)\b",
    re.IGNORECASE,
)
# A gold whose figures are rates of growth ("the rate of growth in adjusted EPS is expected to
# decelerate from 3.6% to 3.5%", "revenue growth accelerated from 8% to 13%").
_GROWTH_RATE = re.compile(r"\bgrowth\b|\brate of (?:increase|decline)\b|\bCAGR\b", re.IGNORECASE)
# A question of how fast things grew ("Which region grew fastest?"): its gold's figures are
# rates of growth, however the gold words them ("Latin America, up 19%, ahead of Asia
# Pacific at 11%").
_GROWTH_ASKED = re.compile(r"\bgr[eo]w(?:s|n|ing)?\b|\bgrowth\b", re.IGNORECASE)


def _given_as_change(answer: str, a: Quantity) -> bool:
    """Is ``a`` written as a change ("increased by 24%", "an increase of $1.21 billion")?"""
    return _is_change(answer, a) and bool(_CHANGE_BEFORE.search(answer, max(0, a.start - 40), a.start))


_FROM_OR_TO_BEFORE = re.compile(r"\b(from|to)\s+(?:about\s+|approximately\s+|~)?(?:US)?\$?\s*$", re.IGNORECASE)


# A "to" that moves nothing: "compared to $1.14 billion", "amounted to", "up to".
_NOT_A_MOVE_BEFORE = re.compile(
    r"\b(?:compared|relative|equal|equivalent|amount(?:ed|s)?|came|comes?|up|close|similar|due|attributable|according)\s+to\s+"
    r"(?:about\s+|approximately\s+|roughly\s+|~)?(?:US)?\$?\s*$",
    re.IGNORECASE,
)
# A movement to or from a level: "decreased to $2.5bn", "down from $4.1bn".
_MOVED_TO_BEFORE = re.compile(
    r"\b(?:" + "|".join(RISE + FALL) + r")\s+(?:to|from)\s+(?:about\s+|approximately\s+|roughly\s+|~)?(?:US)?\$?\s*$",
    re.IGNORECASE,
)


def _role(text: str, q: Quantity) -> str:
    """What a value is in its sentence: a change, where one started ("from"), where it went
    ("to"), or a level said otherwise."""
    if _given_as_change(text, q):
        return "change"
    before = _FROM_OR_TO_BEFORE.search(text, max(0, q.start - 24), q.start)
    return before.group(1).lower() if before else "level"


def _states_gold_in_role(
    answer: str, a: Quantity, gold_numbers: tuple[_GoldNumber, ...], gold_roles: tuple[str, ...], unit: QuestionUnit,
) -> bool:
    """Does ``a`` state one of the gold's figures in the gold's role for it (``gold_roles``):
    a change as a change, a start as a start, an end as an end (a level said otherwise as
    either)?"""
    mine = _role(answer, a)
    return any(
        _roles_agree(theirs, mine) and closest(n.readings, answer_readings(a, unit, n.readings[0].kind))[0] == "match"
        for n, theirs in zip(gold_numbers, gold_roles)
    )


def _roles_agree(theirs: str, mine: str) -> bool:
    if "change" in (theirs, mine):
        return theirs == mine
    return theirs == mine or "level" in (theirs, mine)


def writes_gold_value(gold: str, text: str, unit: QuestionUnit, question: str = "") -> bool:
    """Does ``text`` write one of the gold's numbers itself, within a rounding step, in either
    direction? Not a value worked out from two others: that is a reading, not the figure."""
    golds = [n.readings for n in _gold_numbers(gold, unit, question)]
    return any(
        closest(readings, answer_readings(a, unit, readings[0].kind))[0] in ("match", "near", "sign")
        for a in parse_quantities(text) for readings in golds
    )


def _counts_fiscal_years_by_calendar(
    gold_numbers: tuple[_GoldNumber, ...], gold_spelled: dict[int, set[str]], answer: str,
    values: list[Quantity], marks: list[YearMark | None], unit: QuestionUnit,
) -> bool:
    """Does an answer that dates its values by the calendar only ("in 2022", "July 2023",
    "at January 28, 2023"; never "FY2023" or "fiscal 2023") put every value of a gold that
    dates them by fiscal year one year off its own, all alike (``one_calendar_shift``)? Then
    a fiscal year that ends early in a calendar year explains its years, and no value sits
    on another year. A year written as the gold writes it is read as the gold's."""
    if any(mark and is_fiscal(answer, mark) for mark in marks):
        return False
    dated = [(n.readings, n.year) for n in gold_numbers if n.year is not None]

    def fiscal_only(year: int) -> bool:
        forms = gold_spelled.get(year, set())
        return bool(forms) and all(form.startswith("fiscal") for form in forms)

    if not all(fiscal_only(year) for _, year in dated):
        return False
    placements = []
    for value, mark in zip(values, marks):
        if mark is None:
            continue
        for readings, own in dated:
            if closest(readings, answer_readings(value, unit, readings[0].kind))[0] == "match":
                if mark[2] in gold_spelled and not fiscal_only(mark[2]):
                    return False  # the gold writes this year as the answer may: it is the gold's year
                placements.append((mark[2], own, mark[3]))
    return one_calendar_shift(placements)


def _change_elsewhere(
    answer: str, a: Quantity, gold_number: _GoldNumber, values: list[Quantity], every: list[Quantity], question: str,
) -> bool:
    """The gold's change stated for another item while a different change of the answer
    stands at the gold's item ("operating margin fell 0.9%, while gross margin decreased by
    1.7%" for "operating margin decreased by 1.7%"). Only changes compete: the levels a
    change is taken from ("from 19.1% to 17.4%, a decrease of 1.7%") share its item. A change
    that names no item of its own right after a level ("Worldwide sales: $94.9 billion, an
    increase of 1.3%") is of the level's item, which its sentence names before the level."""
    if not gold_number.change_item or not _is_change(answer, a):
        return False
    rivals = change_rivals(answer, a, values, _is_change)
    if not rivals:
        return False
    own = item_words(answer, a, every)
    if not own - question_names(question):
        own = (item_of_level_before(answer, a, every, _given_as_change) - question_names(question)) or own
    start, end = sentence_span_at(answer, a.start)
    if not own and gold_number.change_item <= stems_of(answer[start:a.start]) and not any(start <= b.start < end for b in rivals):
        # "Voreal did not increase its debt; it decreased by roughly $2.5 billion": a change
        # with no item of its own is of the item its sentence names before it, where no rival
        # shares the sentence ("Revenue grew 5.1% in Q3 versus 8.2% in Q4" places each by
        # what follows it).
        return False
    return change_on_another_item(gold_number.change_item, own, [item_words(answer, b, every) for b in rivals])


# Where the words that label a gold's figure begin: its clause's opening.
_LABEL_OPENS = re.compile(r"[.;:\n]|\b(?:because|while|whereas|and|as|after)\b", re.IGNORECASE)


def _label_before(gold: str, g: Quantity) -> str:
    """The words of a worded gold's own clause before its figure ``g`` ("because capital
    expenditures nearly doubled to" before "$520 million")."""
    before = gold[max(0, g.start - 80):g.start]
    opens = [m.end() for m in _LABEL_OPENS.finditer(before)]
    return before[opens[-1]:] if opens else before
