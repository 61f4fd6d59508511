"""Provenance of an answer's numbers, verified against the pages the run read.

The iterative design's criterion: every number in the answer is traceable to a page. Here
nothing a run *says* about its sources is taken on trust; only the text of the pages it
actually fetched (``pages_fetched``) counts:

- a number of the answer is *traced* when it appears in the text of a page the run fetched,
  allowing scale for an amount the answer scales or writes out ("$1.749 billion" against a
  table in millions; a percent, a ratio or "$1.94 per share" only as written), rounding to
  the precision the answer wrote ("19.1%" for 19.08) and sign as presentation ("(1,749)" is
  capex 1,749); a year on a page ("2021") is no figure to trace to;
- it is *derived* when one arithmetic step (sum, difference, product, ratio, percentage,
  growth; a step of two figures optionally times or over a constant such as 100, 2 or 365)
  turns traced numbers,
  verified findings or numbers derived before into it, or when the answer shows the
  arithmetic ("6,489 / ((282 + 253) / 2) = 24.26"), its figures are traced or derived, and
  it evaluates to the result as written (a bare 1, 2 or 100 inside such arithmetic is an
  operand, not a figure to trace);
- otherwise it is *untraced*. A page the answer cites but the run never fetched traces
  nothing, and neither does a page that does not exist.

A finding is *verified* when its page exists, the run fetched it, and its value appears on
that page (same allowances). Findings are checked apart from the answer so that a made-up
finding shows even when the answer does not use it; only verified findings feed the
arithmetic. Page citations and years are not numbers of the answer. Rounding is only
allowed for numbers written with two significant digits or more: "2 billion" would match
anything from 1.5 to 2.5 billion, so a one-digit number must appear as it is.
"""
from __future__ import annotations

import bisect
import itertools
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from core.results import Finding, Provenance
from harness.judge.amounts import Quantity, parse_quantities
from retrievers.answers import CITATION
from retrievers.index.tree import DocumentIndex
from retrievers.planner.expressions import ExpressionError, evaluate, parse_expression

_PAGE_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
# A year as a page writes it ("2021", no comma): a date, not a figure anything is traced to
# ("$2.02 billion" was traced to the "2020" of a table's column head).
_YEAR = re.compile(r"(?:19|20)\d\d")
# "$1.577 billion" against a table in millions; a percent against a fraction is arithmetic.
SCALES = (1.0, 1e3, 1e-3, 1e6, 1e-6, 1e9, 1e-9)
# An amount is read in another scale only when the answer says one ("$1.749 billion") or
# writes out a large one ("$1,749,000,000"): a percent, a ratio or "$1.94 per share" is on the
# page as written ("29.4%" was traced to a 29,404 in millions, "$1.94" to 1,938).
_AS_WRITTEN = (1.0,)
MIN_UNSCALED_AMOUNT = 1000.0
# Constants that financial arithmetic uses beside the figures themselves.
CONSTANTS = (2.0, 3.0, 4.0, 12.0, 100.0, 365.0)
MAX_INPUTS = 30  # numbers the derivation search combines (pairs grow as the square)
ARITHMETIC_CONSTANTS = frozenset({1.0, *CONSTANTS})


class PageNumbers:
    """Every number on the pages a run read, sorted, for matching within a tolerance."""

    def __init__(self, texts: Iterable[str]):
        values: set[float] = set()
        for text in texts:
            for raw in _PAGE_NUMBER.findall(text):
                if _YEAR.fullmatch(raw):
                    continue
                try:
                    values.add(float(raw.replace(",", "")))
                except ValueError:
                    continue
        self.values = sorted(values)

    def find(self, value: float, decimals: int, scales: tuple[float, ...] = SCALES) -> float | None:
        """The number on the pages that ``value`` (written with ``decimals`` decimals) states,
        in the pages' own scale (one of ``scales``), or None."""
        for scale in scales:
            target = abs(value) * scale
            low, high = _window(abs(value), decimals, scale)
            i = bisect.bisect_left(self.values, low)
            best = None
            while i < len(self.values) and self.values[i] <= high:
                if best is None or abs(self.values[i] - target) < abs(best - target):
                    best = self.values[i]
                i += 1
            if best is not None:
                return best
        return None


def _significant_digits(value: float, decimals: int) -> int:
    digits = f"{abs(value):.{decimals}f}".replace(".", "").lstrip("0")
    return len(digits.rstrip("0")) if decimals == 0 else len(digits)


def _window(value: float, decimals: int, scale: float, *, any_precision: bool = False) -> tuple[float, float]:
    """The source values (in their own scale) that a stated value may round from.
    ``any_precision``: round at the written precision even with one significant digit (for
    the result of arithmetic the answer shows, which is not matched against anything else)."""
    target = value * scale
    if any_precision or _significant_digits(value, decimals) >= 2:
        half = 0.5 * 10.0 ** (-decimals) * scale
    else:
        half = 0.0
    slack = abs(target) * 1e-9 + 1e-12  # float noise only
    return target - half - slack, target + half + slack


def _decimals_of(number: float) -> int:
    text = repr(float(number))
    if "e" in text:
        return 6
    return len(text.split(".")[1].rstrip("0")) if "." in text else 0


class Derivations:
    """Every value one arithmetic step makes from two inputs (or an input and a constant),
    optionally scaled by a constant once more: ratios, margins, growth, averages of two."""

    def __init__(self, inputs: list[float]):
        steps: set[float] = set()
        of_inputs: set[float] = set()  # the steps of two inputs, which one constant more may scale
        pairs = itertools.permutations([(v, True) for v in inputs] + [(k, False) for k in CONSTANTS], 2)
        for (a, a_input), (b, b_input) in pairs:
            if not (a_input or b_input):
                continue  # constants alone explain nothing about the document
            made = {abs(a + b), abs(a - b), abs(a * b)}
            if b:
                made |= {abs(a / b), abs(100 * a / b), abs(100 * (a / b - 1)), abs(a / b - 1)}
            steps |= made
            if a_input and b_input:
                of_inputs |= made
        self.steps = sorted(steps)
        self.steps_of_inputs = sorted(of_inputs)

    @staticmethod
    def _within(steps: list[float], low: float, high: float) -> float | None:
        i = bisect.bisect_left(steps, low)
        return steps[i] if i < len(steps) and steps[i] <= high else None

    def explain(self, value: float, decimals: int) -> float | None:
        """The exact value that ``value`` (as written) rounds from, or None: one step, which
        may be scaled by one constant more only when it is a step of two inputs (a step with
        a constant in it scaled again is two steps: "34,229 / 3 / 365" is not one)."""
        low, high = _window(abs(value), decimals, 1.0)
        found = self._within(self.steps, low, high)
        if found is not None:
            return found
        # step * k in [low, high]  <=>  step in [low / k, high / k]; likewise for step / k.
        for k in CONSTANTS:
            if (step := self._within(self.steps_of_inputs, low / k, high / k)) is not None:
                return step * k
            if (step := self._within(self.steps_of_inputs, low * k, high * k)) is not None:
                return step / k
        return None


# The answer's own arithmetic: "6,489 / ((282 + 253) / 2) = 24.26". The expression is
# evaluated by the planner's expression evaluator (numbers only, no names).
_EXPRESSION_CHARS = frozenset("0123456789.,()+-*/×÷$% ")
_RESULT = re.compile(r"\s*\$?\s*(-?\d[\d,]*(?:\.\d+)?)")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?:\D|$))")
MAX_EXPRESSION = 300  # characters of arithmetic looked at before an "="


@dataclass(frozen=True)
class ShownComputation:
    start: int  # of the expression
    end: int
    result_start: int
    value: float


def shown_computations(text: str) -> list[ShownComputation]:
    """Each ``expression = number`` in the text whose expression is arithmetic on numbers.
    Scans back from each "=" (at most ``MAX_EXPRESSION`` characters), so a long answer costs
    linear time."""
    found = []
    for equals in (i for i, ch in enumerate(text) if ch == "="):
        start = equals
        while start > 0 and equals - start < MAX_EXPRESSION and text[start - 1] in _EXPRESSION_CHARS:
            start -= 1
        raw = text[start:equals]
        result = _RESULT.match(text, equals + 1)
        if result is None or not re.search(r"\d\s*[-+*/×÷]\s*\(*\s*\$?\d", raw):
            continue
        cleaned = _THOUSANDS.sub("", raw.replace("×", "*").replace("÷", "/").replace("$", "").replace("%", "")).strip().lstrip(")").strip()
        try:
            value = float(evaluate(parse_expression(cleaned), {}))
        except ExpressionError:
            continue
        found.append(ShownComputation(start + len(raw) - len(raw.lstrip()), equals, result.start(1), value))
    return found


def verify_findings(findings: list[Finding], read: set[int], index: DocumentIndex | None) -> tuple[list[float], list[str], int]:
    """(values of the verified findings, why each unverified one failed, findings checked).
    A finding whose value holds no number (a passage) is not checked."""
    verified: list[float] = []
    problems: list[str] = []
    checked = 0
    page_count = index.page_count if index is not None else 0
    for finding in findings:
        value = finding.value
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            continue
        if isinstance(value, str):
            quantities = parse_quantities(value)
            if len(quantities) != 1 or len(value) > 40:
                continue  # text, or several figures: not a single value to check
            number, decimals = quantities[0].number, quantities[0].decimals
        elif not math.isfinite(float(value)):
            continue
        else:
            number, decimals = float(value), _decimals_of(value)
        checked += 1
        page = finding.page_number
        label = finding.label or "finding"
        if page is None or not 0 < page <= page_count:
            problems.append(f"{label} = {value}: page {finding.page or '(none)'} does not exist ({page_count} pages)")
        elif page not in read:
            problems.append(f"{label} = {value}: page {page} was not read")
        elif index is not None and PageNumbers([index.pages[page - 1]]).find(number, decimals) is None:
            problems.append(f"{label} = {value}: not on page {page}")
        else:
            verified.append(abs(number))
    return verified, problems, checked


def check_provenance(answer: str, findings: list[Finding], pages_fetched: Iterable[int], index: DocumentIndex | None) -> Provenance:
    """Which of the answer's numbers the pages the run fetched support (see the module doc);
    ``ok`` is None when there is no answer or it states no number."""
    page_count = index.page_count if index is not None else 0
    read = {p for p in pages_fetched if 0 < p <= page_count}
    finding_values, unverified, checked = verify_findings(findings, read, index)
    base = Provenance(findings_checked=checked, findings_verified=len(finding_values), unverified_findings=unverified[:20], verified=True)
    text = CITATION.sub(" ", answer) if answer.strip() else ""
    computations = shown_computations(text)
    # A bare 1, 2, 100... inside the answer's own arithmetic is an operand, not a figure.
    stated = [q for q in parse_quantities(text) if not _arithmetic_constant(q.number, q.start, q, computations)]
    if not stated:
        return base
    pages = PageNumbers(index.pages[p - 1] for p in sorted(read)) if index is not None else PageNumbers([])
    exact: dict[int, float] = {}  # position -> the value it stands for: on a page, or derived
    traced = 0
    for position, quantity in enumerate(stated):
        source = pages.find(quantity.number, quantity.decimals, _scales_of(quantity))
        if source is not None:
            exact[position] = source
            traced += 1
    # Derived numbers may feed further steps ("0.8 points" between two computed margins),
    # so derive until nothing new is explained.
    for _ in range(4):
        known = list(dict.fromkeys(list(exact.values()) + finding_values))[:MAX_INPUTS]
        derivations = Derivations(known)
        grew = False
        for position, quantity in enumerate(stated):
            if position in exact:
                continue
            value = derivations.explain(quantity.number, quantity.decimals)
            if value is None:
                value = _shown_result(position, stated, computations, exact)
            if value is not None:
                exact[position], grew = value, True
        if not grew:
            break
    untraced = [q.text or str(q.number) for i, q in enumerate(stated) if i not in exact]
    base.numbers, base.traced, base.derived = len(stated), traced, len(exact) - traced
    base.untraced, base.ok = untraced[:20], not untraced
    return base


def _scales_of(quantity: Quantity) -> tuple[float, ...]:
    """The scales a stated number may be read in against the pages (see ``_AS_WRITTEN``)."""
    if quantity.percent:
        return _AS_WRITTEN
    if quantity.explicit_scale or (quantity.currency and abs(quantity.number) >= MIN_UNSCALED_AMOUNT):
        return SCALES
    return _AS_WRITTEN


def _arithmetic_constant(number: float, start: int, quantity: Any, computations: list[ShownComputation]) -> bool:
    if quantity.currency or quantity.percent or quantity.explicit_scale or abs(number) not in ARITHMETIC_CONSTANTS:
        return False
    return any(c.start <= start < c.end for c in computations)


def _shown_result(position: int, stated: list[Any], computations: list[ShownComputation], exact: dict[int, float]) -> float | None:
    """The value of the answer's computation whose result this number is, when every
    figure the computation uses is traced or derived and the result rounds from it."""
    quantity = stated[position]
    for computation in computations:
        if computation.result_start != quantity.start:
            continue
        operands = [i for i, q in enumerate(stated) if computation.start <= q.start < computation.end]
        if not operands or not all(i in exact for i in operands):
            return None  # constants alone ("12 * 100 = 1,200") explain nothing about the document
        low, high = _window(abs(quantity.number), quantity.decimals, 1.0, any_precision=True)
        return computation.value if low <= abs(computation.value) <= high else None
    return None
