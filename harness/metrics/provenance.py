"""Provenance of an answer's numbers, measured without a judge.

The iterative design's criterion: every number in the answer is traceable to a page. A
number is *traced* when it appears in a finding the run extracted or in the text of a page
that the run fetched and the answer cites; it is *derived* when it is the sum, difference,
ratio, percentage, growth or average of two traced numbers (the answer's arithmetic);
otherwise it is *untraced*. Page citations and years are not numbers of the answer.
"""
from __future__ import annotations

import itertools
import re
from collections.abc import Iterable

from core.results import Finding, Provenance
from harness.judge.amounts import parse_quantities
from retrievers.answers import CITATION, cited_pages
from retrievers.index.tree import DocumentIndex

_NUMBER = re.compile(r"\(?-?\d[\d,]*(?:\.\d+)?\)?")


def _close(a: float, b: float) -> bool:
    if a == b:
        return True
    scale = max(abs(a), abs(b))
    return scale > 0 and abs(a - b) / scale <= 0.006


def _numbers_in(text: str) -> list[float]:
    out = []
    for match in _NUMBER.finditer(text):
        raw = match.group(0)
        negative = raw.startswith("(") and raw.endswith(")") or raw.startswith("-")
        digits = raw.strip("()-").replace(",", "")
        try:
            value = float(digits)
        except ValueError:
            continue
        out.append(-value if negative else value)
    return out


def _source_values(texts: Iterable[str], findings: list[Finding]) -> list[float]:
    values: list[float] = []
    for text in texts:
        values += _numbers_in(text)
    for finding in findings:
        value = finding.value
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            values.append(float(value))
        elif isinstance(value, str):
            values += _numbers_in(value)
        values += _numbers_in(finding.context)
    return values


# Constants that financial arithmetic uses beside the figures themselves.
CONSTANTS = (2.0, 3.0, 100.0, 365.0)
SCALES = (1.0, 1e3, 1e-3, 1e6, 1e-6)  # "$1.577 billion" against a table in millions


def _match(value: float, pool: set[float]) -> float | None:
    """The source value the stated one matches, in the source's own scale."""
    size = abs(value)
    for scale in SCALES:
        for v in pool:
            if _close(size * scale, v):
                return v
    return None


def _derivable(value: float, inputs: list[float]) -> bool:
    """The value is one arithmetic step from two inputs (or an input and a common constant),
    optionally scaled by a constant once more: ratios, margins, growth, averages."""
    target = abs(value)
    level1: set[float] = set()
    for a, b in itertools.permutations(inputs + list(CONSTANTS), 2):
        level1.update((abs(a + b), abs(a - b), abs(a * b)))
        if b:
            level1.update((abs(a / b), abs(100 * a / b), abs(100 * (a / b - 1)), abs(a / b - 1)))
    if any(_close(target, c) for c in level1):
        return True
    for c in level1:  # a second step only with a constant: x 100, / 2, x 365, ...
        for k in CONSTANTS:
            if any(_close(target, x) for x in (c * k, c / k)):
                return True
    return False


def check_provenance(answer: str, sources: list[str], findings: list[Finding], pages_fetched: Iterable[int], index: DocumentIndex | None) -> Provenance:
    """How many of the answer's numbers trace to the document; ``ok`` is None when the
    answer states no number."""
    if not answer.strip():
        return Provenance()
    stated = list(parse_quantities(CITATION.sub(" ", answer)))
    if not stated:
        return Provenance()
    cited = set(cited_pages(sources, answer)) & set(pages_fetched)
    texts = [index.pages[p - 1] for p in sorted(cited) if index and 0 < p <= index.page_count]
    pool = {abs(v) for v in _source_values(texts, findings)}  # sign is presentation: "(1,577)" is capex 1,577
    traced, derived, untraced = [], [], []
    sources_used: list[float] = []
    for quantity in stated:
        source = _match(quantity.number, pool)
        if source is not None:
            traced.append(quantity.number)
            sources_used.append(source)
    finding_values = [float(f.value) for f in findings if isinstance(f.value, (int, float)) and not isinstance(f.value, bool)]
    inputs = list(dict.fromkeys(abs(v) for v in sources_used + finding_values))[:24]
    for quantity in stated:
        if quantity.number in traced:
            continue
        if _derivable(quantity.number, inputs):
            derived.append(quantity.number)
        else:
            untraced.append(quantity.text or str(quantity.number))
    return Provenance(len(stated), len(traced), len(derived), untraced[:20], not untraced)
