"""Compare an answer's number with a gold number: match, near, sign, scale or far.

Values are compared in one space: amounts in base units, percents as fractions. A gold
without a scale word is in the question's unit ("$1577.00" + "in USD millions" = 1.577e9);
an answer number with a scale word uses it ("$1.577 billion"), and one without may be in
the question's unit ("1,577") or in base units ("$1,577,000,000"). A percent equals its
fraction ("66%" = 0.66). A bare gold for a question asked in percents is a fraction, as
FinanceBench writes it (0.019 for 1.9%): reading it also as percent points would let
"1.02%" pass for a gold of 101.5% growth.

A value *matches* when it agrees within the rounding of the gold's displayed precision
(trailing zeros of "$8.70" are formatting, not precision), or of the answer's own precision
when that keeps about three significant digits or is a percent's decimal place ("0.6%" for
0.62%), or within 0.1 %. It is *near* when it is one
step of its own last digit away ("$302 million" for 302.6, "3.45" for 3.46: FinanceBench
reviewers split on these), one step of the gold's last digit away within 5 % ("-3.76" for
"-3.7"), or within 0.5 % (amounts and ratios only). A value matching only in absolute size
is a *sign* case; the same digits a factor of 1,000 away are a *scale* case ("$5,466,312"
read from a filing in thousands).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from harness.judge.amounts import Quantity, QuestionUnit

MATCH_REL_TOL = 0.001  # always a match: 0.1 %
NEAR_REL_TOL = 0.005  # not a match, not a contradiction: left to the judge
_MIN_SIG_PRECISION = 0.005  # the answer's rounding counts only with ~3 significant digits
ORDER = {"match": 0, "sign": 1, "near": 2, "scale": 3, "far": 4}


@dataclass(frozen=True)
class Reading:
    """One interpretation of a written number in comparison space."""

    value: float
    half_ulp: float
    kind: str  # "percent" | "amount" | "plain"
    quantity: Quantity


def gold_readings(gold: Quantity, unit: QuestionUnit) -> list[Reading]:
    """The gold in comparison space."""
    if gold.percent:
        return [Reading(gold.number / 100.0, gold.half_ulp / 100.0, "percent", gold)]
    if gold.explicit_scale:
        return [Reading(gold.value, gold.half_ulp, "amount", gold)]
    if unit.scale and not unit.percent:
        return [Reading(gold.number * unit.scale, gold.half_ulp * unit.scale, "amount", gold)]
    if unit.points and not gold.currency:
        # "0.8" to "by how many percentage points?": 0.8 points, not a fraction of 80%.
        return [Reading(gold.number * unit.points, gold.half_ulp * unit.points, "percent", gold)]
    if unit.percent and not gold.currency:
        return [Reading(gold.number, gold.half_ulp, "percent", gold)]
    return [Reading(gold.number, gold.half_ulp, "amount" if gold.currency else "plain", gold)]


def answer_readings(q: Quantity, unit: QuestionUnit, gold_kind: str) -> list[Reading]:
    """Every way a reviewer could read an answer's number against a gold of ``gold_kind``."""
    ulp = q.half_ulp
    if q.percent:
        return [Reading(q.number / 100.0, ulp / 100.0, "percent", q)]
    if q.explicit_scale:
        return [Reading(q.value, ulp, "amount", q)]
    kind = "amount" if q.currency else ("plain" if gold_kind != "percent" else "percent")
    readings = [Reading(q.number, ulp, kind, q)]
    if unit.scale and gold_kind == "amount":
        readings.append(Reading(q.number * unit.scale, ulp * unit.scale, "amount", q))
    if unit.percent and gold_kind == "percent" and not q.currency:
        readings.append(Reading(q.number / 100.0, ulp / 100.0, "percent", q))
    if unit.points and gold_kind == "percent" and not q.currency and unit.points != 0.01:
        readings.append(Reading(q.number * unit.points, ulp * unit.points, "percent", q))  # "35" basis points
    return readings


def compare(g: Reading, a: Reading) -> str:
    """``match`` | ``near`` | ``sign`` | ``scale`` | ``far`` for one gold and one answer reading."""
    if {g.kind, a.kind} == {"percent", "amount"}:
        return "far"  # "1%" is no "$0.01 per share", whatever the digits
    diff = abs(g.value - a.value)
    scale = max(abs(g.value), 1e-12)
    answer_tol = a.half_ulp if a.value and (a.half_ulp <= _MIN_SIG_PRECISION * abs(a.value) or _reported_percent(a)) else 0.0
    tol = max(g.half_ulp, answer_tol) * (1 + 1e-9) + 1e-12 * scale
    if diff <= tol or diff <= MATCH_REL_TOL * scale:
        return "match"
    if _near(g, a, diff, scale):
        return "near"
    if g.value and a.value and (g.value < 0) != (a.value < 0):
        flipped = abs(abs(g.value) - abs(a.value))
        if flipped <= tol or _near(g, a, flipped, scale):
            return "sign"
    # The same digits a factor of 1,000 away: a filing "in thousands" read as units, or
    # the reverse. Whether the reader meant it is the judge's call, not ours.
    if g.kind == "amount" and a.kind == "amount":
        for factor in (1e3, 1e6, 1e-3, 1e-6):
            if abs(g.value * factor - a.value) <= NEAR_REL_TOL * abs(g.value * factor):
                return "scale"
    return "far"


def _reported_percent(a: Reading) -> bool:
    """A percent written with "%" and a decimal place at least ("0.6%", "14.8%"): the precision
    filings report percents at, whatever the number of significant digits it leaves a small
    one ("0.6%" for an effective tax rate of 0.62%)."""
    return a.kind == "percent" and a.quantity.percent and a.half_ulp <= _PERCENT_DECIMAL * (1 + 1e-9)


_PERCENT_DECIMAL = 0.0005  # half a step of one decimal place of a percent, as a fraction


def _near(g: Reading, a: Reading, diff: float, scale: float) -> bool:
    """Off by about one step of a shown last digit, or by under 0.5 %: a slip, not a claim.

    "$302 million" for 302.6, "3.45" for 3.46 and "$1.6 billion" for 1,577 million are one
    step of the answer's own last digit away (counted only when the answer shows two or
    more significant digits: a bare "2" is no rounding of 3.46); "-3.76" for a gold of
    "-3.7" is one step of the gold's last digit away, counted only within 5 %.
    """
    if diff <= NEAR_REL_TOL * scale and g.kind != "percent":
        return True  # for percents the digit steps below are the measure, not a ratio
    a_step = 2.0 * a.half_ulp
    if a.value and a.half_ulp <= 0.05 * abs(a.value) and diff <= 1.5 * a_step:
        return True
    return diff <= 1.5 * 2.0 * g.half_ulp and diff <= 0.05 * scale


def closest(golds: Iterable[Reading], answers: Iterable[Reading]) -> tuple[str, Reading | None]:
    """The best verdict over all reading pairs (match > sign > near > scale > far)."""
    best, best_reading = "far", None
    for g in golds:
        for a in answers:
            verdict = compare(g, a)
            if ORDER[verdict] < ORDER[best] or best_reading is None:
                best, best_reading = verdict, a
    return best, best_reading


def quantity_kind(q: Quantity) -> str:
    """What a written number is on its own: ``percent``, ``amount`` (a currency or a scale
    word) or ``plain``."""
    return "percent" if q.percent else ("amount" if q.currency or q.explicit_scale else "plain")


def same_kind(q: Quantity, gold_kind: str) -> bool:
    """Does this answer value claim the same sort of quantity as the gold? An amount only
    for an amount gold; a percent or a plain number for a percent or plain gold."""
    return (quantity_kind(q) == "amount") == (gold_kind == "amount")


def same_value(a: Quantity, b: Quantity, unit: QuestionUnit, gold_kind: str) -> bool:
    """Two answer numbers that state one value ("0.6563, or 65.63%", "$1.6 billion ($1,577
    million)"), within rounding; two numbers written the same way with different digits
    ("-3.7 or -3.8", "0.96 or 0.97") are two values, however near."""
    if (a.number != b.number and (a.decimals, a.scale, a.percent, a.currency) == (b.decimals, b.scale, b.percent, b.currency)
            and a.explicit_scale == b.explicit_scale):
        return False
    for ra in answer_readings(a, unit, gold_kind):
        for rb in answer_readings(b, unit, gold_kind):
            if compare(ra, rb) in ("match", "near"):
                return True
    return False
