"""Provenance of an answer's numbers, verified against the pages the run read.

The iterative design's criterion: every number in the answer is traceable to a page. Here
nothing a run *says* about its sources is taken on trust; only the text of the pages it
actually fetched (``pages_fetched``) counts:

- a number of the answer is *traced* when it appears in the text of a page the run fetched,
  allowing scale ("$1.749 billion" against a table in millions), rounding to the precision
  the answer wrote ("19.1%" for 19.08) and sign as presentation ("(1,749)" is capex 1,749);
- it is *derived* when one arithmetic step (sum, difference, product, ratio, percentage,
  growth; optionally times or over a constant such as 100, 2 or 365) turns traced numbers,
  or verified findings, into it;
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

from core.results import Finding, Provenance
from harness.judge.amounts import parse_quantities
from retrievers.answers import CITATION
from retrievers.index.tree import DocumentIndex

_PAGE_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
# "$1.577 billion" against a table in millions; a percent against a fraction is arithmetic.
SCALES = (1.0, 1e3, 1e-3, 1e6, 1e-6, 1e9, 1e-9)
# Constants that financial arithmetic uses beside the figures themselves.
CONSTANTS = (2.0, 3.0, 4.0, 12.0, 100.0, 365.0)
MAX_INPUTS = 30  # numbers the derivation search combines (pairs grow as the square)


class PageNumbers:
    """Every number on the pages a run read, sorted, for matching within a tolerance."""

    def __init__(self, texts: Iterable[str]):
        values: set[float] = set()
        for text in texts:
            for raw in _PAGE_NUMBER.findall(text):
                try:
                    values.add(float(raw.replace(",", "")))
                except ValueError:
                    continue
        self.values = sorted(values)

    def find(self, value: float, decimals: int) -> float | None:
        """The number on the pages that ``value`` (written with ``decimals`` decimals) states,
        in the pages' own scale, or None."""
        for scale in SCALES:
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


def _window(value: float, decimals: int, scale: float) -> tuple[float, float]:
    """The source values (in their own scale) that a stated value may round from."""
    target = value * scale
    if _significant_digits(value, decimals) >= 2:
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
        pairs = itertools.permutations([(v, True) for v in inputs] + [(k, False) for k in CONSTANTS], 2)
        for (a, a_input), (b, b_input) in pairs:
            if not (a_input or b_input):
                continue  # constants alone explain nothing about the document
            steps.update((abs(a + b), abs(a - b), abs(a * b)))
            if b:
                steps.update((abs(a / b), abs(100 * a / b), abs(100 * (a / b - 1)), abs(a / b - 1)))
        self.steps = sorted(steps)

    def _any_within(self, low: float, high: float) -> bool:
        i = bisect.bisect_left(self.steps, low)
        return i < len(self.steps) and self.steps[i] <= high

    def explain(self, value: float, decimals: int) -> bool:
        low, high = _window(abs(value), decimals, 1.0)
        if self._any_within(low, high):
            return True
        # step * k in [low, high]  <=>  step in [low / k, high / k]; likewise for step / k.
        return any(self._any_within(low / k, high / k) or self._any_within(low * k, high * k) for k in CONSTANTS)


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
    stated = parse_quantities(CITATION.sub(" ", answer)) if answer.strip() else []
    if not stated:
        return base
    pages = PageNumbers(index.pages[p - 1] for p in sorted(read)) if index is not None else PageNumbers([])
    traced: set[int] = set()
    sources: list[float] = []
    for position, quantity in enumerate(stated):
        source = pages.find(quantity.number, quantity.decimals)
        if source is not None:
            traced.add(position)
            sources.append(source)
    derivations = Derivations(list(dict.fromkeys(sources + finding_values))[:MAX_INPUTS])
    derived, untraced = 0, []
    for position, quantity in enumerate(stated):
        if position in traced:
            continue
        if derivations.explain(quantity.number, quantity.decimals):
            derived += 1
        else:
            untraced.append(quantity.text or str(quantity.number))
    base.numbers, base.traced, base.derived = len(stated), len(traced), derived
    base.untraced, base.ok = untraced[:20], not untraced
    return base
