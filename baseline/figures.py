"""Figures from findings: matching findings to a plan's needs, one scale for amounts, and
the formats answers print them in.

Amounts are converted to millions when their scale is known ("thousands_usd"), outflows
that statements print as negatives (capital expenditures, dividends) are taken at their
size, and an answer shows each figure as the filing printed it, with its page.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from baseline.expr import Expr, Missing, evaluate, used_refs
from baseline.needs import VALUE, Need, QuestionPlan
from baseline.text import terms
from core.protocol import Decision
from core.results import Finding

OUTFLOWS = re.compile(r"capital expenditure|purchases of property|payments for property|dividends|repurchase|treasury stock", re.IGNORECASE)
TO_MILLIONS = {"thousands_usd": 0.001, "millions_usd": 1.0, "billions_usd": 1000.0}
NOT_FOUND = "not_found_"  # the label prefix of a finding that says a figure was searched for and not found


def number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value) if math.isfinite(value) else None
    if isinstance(value, str):
        match = re.fullmatch(r"\s*\(?-?\$?\s*([\d,]*\.?\d+)\)?\s*%?\s*(?:million|billion|thousand)?\s*", value)
        if match:
            parsed = float(match.group(1).replace(",", ""))
            return -parsed if value.strip().startswith(("(", "-")) else parsed
    return None


@dataclass
class Figure:
    value: float  # in millions when the scale is known
    finding: Finding
    scaled: bool  # the value is in millions
    unit: str = ""  # the scale the filing printed it in

    @property
    def page(self) -> int | None:
        return self.finding.page_number

    def shown(self) -> str:
        """As printed: ``$305,826 thousand``, ``$1,577 million``, ``24.6%``."""
        if self.unit == "percent":
            return f"{self.value:,.2f}".rstrip("0").rstrip(".") + "%"
        if self.unit == "thousands_usd":
            return f"${self.value * 1000:,.0f} thousand"
        return fmt_amount(self.value, self.scaled)


def to_figure(finding: Finding, outflow: bool) -> Figure | None:
    value = number(finding.value)
    if value is None:
        return None
    unit = finding.unit.lower()
    factor = TO_MILLIONS.get(unit)
    for word, scale in (("million", 1.0), ("billion", 1000.0), ("thousand", 0.001)):
        if factor is None and word in unit:
            factor = scale
    if outflow:
        value = abs(value)
    return Figure(value * factor if factor else value, finding, factor is not None, unit if unit in TO_MILLIONS or unit == "percent" else "")


def match_need(need: Need, findings: list[Finding]) -> Finding | None:
    """The finding that supplies ``need``: its own label, the latest year of its figure when
    no year is asked, else the closest by words and year."""
    numeric = [f for f in findings if number(f.value) is not None]
    for finding in numeric:
        if finding.label == need.key:
            return finding
    if need.year is None:
        same = [f for f in numeric if re.fullmatch(rf"{re.escape(need.base)}_(\d{{4}})", f.label)]
        if same:
            return max(same, key=lambda f: f.label)
    wanted = set(terms(" ".join(need.alternatives[:3]) + " " + need.display))
    best, best_score = None, 0.0
    for finding in numeric:
        text = f"{finding.label} {finding.context}".replace("_", " ")
        overlap = len(set(terms(text)) & wanted) / (len(wanted) or 1)
        if need.year and str(need.year) not in finding.label:
            overlap *= 0.5 if str(need.year) in text else 0.0
        if overlap > best_score:
            best, best_score = finding, overlap
    return best if best_score >= 0.7 else None


def supply(plan: QuestionPlan, findings: list[Finding]) -> dict[str, Figure]:
    """need key (and every finding label) -> its figure."""
    out: dict[str, Figure] = {}
    for finding in findings:
        figure = to_figure(finding, bool(OUTFLOWS.search(finding.label.replace("_", " "))))
        if figure is not None and finding.label and finding.label not in out:
            out[finding.label] = figure
    for need in plan.needs:
        if need.kind != VALUE:
            continue
        found = match_need(need, findings)
        figure = to_figure(found, bool(OUTFLOWS.search(need.phrase))) if found is not None else None
        if figure is not None:
            out[need.key] = figure
    return out


def pages_of(figures: list[Figure]) -> list[int]:
    return sorted({p for f in figures if (p := f.page) is not None})


def cite(pages: list[int]) -> str:
    return ", ".join(f"p. {p}" for p in pages)


def answered(text: str, pages: list[int]) -> Decision:
    return Decision("answer", text, [f"p. {p}" for p in pages], "low")


def evaluate_series(series: list[tuple[int, Expr]], figures: dict[str, Figure]) -> list[tuple[int, float, list[Figure]]]:
    """(year, value, figures used) for every year of the series that can be computed."""
    values = {k: f.value for k, f in figures.items()}
    out = []
    for year, expr in series:
        try:
            result = evaluate(expr, values)
        except (Missing, ZeroDivisionError, ValueError, OverflowError):
            continue
        if math.isfinite(result):
            out.append((year, result, [figures[k] for k in used_refs(expr, values) if k in figures]))
    return out


def ask_next(plan: QuestionPlan, keys: list[str], tried: set[str], last_chance: bool, have: int) -> Decision:
    """Ask for the first figure not yet searched for; fail once every one has been."""
    needs = [n for n in (plan.need(k) for k in keys) if n is not None]
    untried = [n for n in needs if " ".join(n.description.lower().split()) not in tried]
    if untried and not last_chance:
        first = untried[0]
        return Decision("needs", needs=first.description, reason=f"have {have} of the figures; missing {first.description}")
    names = ", ".join(n.description for n in needs) or "the figures needed"
    return Decision("fail", reason=f"could not find {names} in the filing")


# --- formats -------------------------------------------------------------------------------

def fmt_number(value: float, decimals: int | None = None) -> str:
    if decimals is None:
        decimals = 0 if abs(value) >= 100 or float(value).is_integer() else 2
    return f"{value:,.{decimals}f}"


def fmt_amount(value: float, scaled: bool, asked: str = "") -> str:
    """``$1,577 million`` (or in the unit the question asks for)."""
    if not scaled:
        return fmt_number(value)
    sign = "-" if value < 0 else ""
    size = abs(value)
    if asked == "billions":
        return f"{sign}${size / 1000:,.{2 if size < 100_000 else 1}f} billion"
    if asked == "thousands":
        return f"{sign}${size * 1000:,.0f} thousand"
    if float(size).is_integer() or size >= 1000:
        decimals = 0 if float(size).is_integer() or size >= 10_000 else 1
    else:
        decimals = 1 if size >= 100 else 2
    return f"{sign}${size:,.{decimals}f} million"


def result_text(value: float, kind: str, plan: QuestionPlan, scaled: bool) -> str:
    decimals = plan.decimals
    if kind == "percent":
        return f"{fmt_number(value, 1 if decimals is None else decimals)}%"
    if kind == "points":
        return f"{fmt_number(value, 1 if decimals is None else decimals)} percentage points"
    if kind == "days":
        return f"{fmt_number(value, 2 if decimals is None else decimals)} days"
    if kind == "amount":
        return fmt_amount(value, scaled, plan.unit)
    return fmt_number(value, 2 if decimals is None else decimals)
