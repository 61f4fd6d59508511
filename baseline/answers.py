"""Deciding from findings: an answer, the one figure still needed, or a failure.

``decide`` is shared by every role that answers (simple answerer, agent, iterative
synthesizer, planner tasks): it matches findings to the plan's needs, converts amounts to
one scale, computes what the plan asks (a lookup, a formula, a trend, a choice, the
largest line) and writes the answer the way an analyst would: the figures with their
units and pages first, the arithmetic, and the result last.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from baseline.expr import Expr, Missing, evaluate, missing, render, used_refs
from baseline.question import Need, QuestionPlan
from baseline.text import terms

# Outflows that statements print as negatives; formulas and answers want their size.
OUTFLOWS = re.compile(r"capital expenditure|purchases of property|payments for property|dividends|repurchase|treasury stock", re.IGNORECASE)
_TO_MILLIONS = {"thousands_usd": 0.001, "millions_usd": 1.0, "billions_usd": 1000.0}


@dataclass
class Decision:
    status: str  # answer | needs | fail
    answer: str = ""
    pages: list[int] | None = None
    needs: str = ""
    reason: str = ""


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
    finding: dict[str, Any]
    scaled: bool  # the value is in millions
    unit: str = ""  # the scale the filing printed it in

    @property
    def page(self) -> int | None:
        page = str(self.finding.get("page", "")).strip()
        return int(page) if page.isdigit() else None

    def shown(self) -> str:
        """As printed: ``$305,826 thousand``, ``$1,577 million``, ``24.6%``."""
        if self.unit == "percent":
            return f"{self.value:,.2f}".rstrip("0").rstrip(".") + "%"
        if self.unit == "thousands_usd":
            return f"${self.value * 1000:,.0f} thousand"
        return fmt_amount(self.value, self.scaled)


def _figure(finding: dict[str, Any], outflow: bool) -> Figure | None:
    value = number(finding.get("value"))
    if value is None:
        return None
    unit = str(finding.get("unit") or "").lower()
    factor = _TO_MILLIONS.get(unit)
    if factor is None and re.search(r"million", unit):
        factor = 1.0
    elif factor is None and re.search(r"billion", unit):
        factor = 1000.0
    elif factor is None and re.search(r"thousand", unit):
        factor = 0.001
    if outflow:
        value = abs(value)
    return Figure(value * factor if factor else value, finding, factor is not None, unit if unit in _TO_MILLIONS or unit == "percent" else "")


def match_need(need: Need, findings: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The finding that supplies ``need``: its own label, the latest year of its figure when
    no year is asked, else the closest by words and year."""
    numeric = [f for f in findings if number(f.get("value")) is not None]
    for finding in numeric:
        if str(finding.get("label", "")) == need.key:
            return finding
    if need.year is None:
        same = [f for f in numeric if re.fullmatch(rf"{re.escape(need.base)}_(\d{{4}})", str(f.get("label", "")))]
        if same:
            return max(same, key=lambda f: str(f.get("label")))
    wanted = set(terms(" ".join(need.alternatives[:3]) + " " + need.display))
    best, best_score = None, 0.0
    for finding in numeric:
        text = f"{finding.get('label', '')} {finding.get('context', '')}".replace("_", " ")
        overlap = len(set(terms(text)) & wanted) / (len(wanted) or 1)
        if need.year and str(need.year) not in str(finding.get("label", "")):
            overlap *= 0.5 if str(need.year) in text else 0.0
        if overlap > best_score:
            best, best_score = finding, overlap
    return best if best_score >= 0.7 else None


def supply(plan: QuestionPlan, findings: list[dict[str, Any]]) -> dict[str, Figure]:
    """need key (and every finding label) -> its figure."""
    out: dict[str, Figure] = {}
    for finding in findings:
        label = str(finding.get("label", ""))
        figure = _figure(finding, bool(OUTFLOWS.search(label.replace("_", " "))))
        if figure is not None and label and label not in out:
            out[label] = figure
    for need in plan.needs:
        if need.kind != "value":
            continue
        finding = match_need(need, findings)
        if finding is not None:
            figure = _figure(finding, bool(OUTFLOWS.search(need.phrase)))
            if figure is not None:
                out[need.key] = figure
    return out


def _pages(figures: list[Figure]) -> list[int]:
    return sorted({f.page for f in figures if f.page is not None})


def _cite(pages: list[int]) -> str:
    return ", ".join(f"p. {p}" for p in pages)


# --- formats -------------------------------------------------------------------------------

def fmt_number(value: float, decimals: int | None = None) -> str:
    if decimals is None:
        decimals = 0 if abs(value) >= 100 or float(value).is_integer() else 2
    text = f"{value:,.{decimals}f}"
    return text


def fmt_amount(figure_value: float, scaled: bool, asked: str = "") -> str:
    """``$1,577 million`` (or in the unit the question asks for)."""
    if not scaled:
        return fmt_number(figure_value)
    value = figure_value
    sign = "-" if value < 0 else ""
    value = abs(value)
    if asked == "billions":
        return f"{sign}${value / 1000:,.{2 if value < 100_000 else 1}f} billion"
    if asked == "thousands":
        return f"{sign}${value * 1000:,.0f} thousand"
    if float(value).is_integer() or value >= 1000:
        decimals = 0 if float(value).is_integer() or value >= 10_000 else 1
    else:
        decimals = 1 if value >= 100 else 2
    return f"{sign}${value:,.{decimals}f} million"


def _result_text(value: float, kind: str, plan: QuestionPlan, scaled: bool) -> str:
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


def _inputs(plan: QuestionPlan, keys: list[str], figures: dict[str, Figure]) -> str:
    parts = []
    for key in keys:
        figure = figures.get(key)
        if figure is None:
            continue
        need = plan.need(key)
        name = need.display if need else key.replace("_", " ")
        year = f" FY{need.year}" if need and need.year else ""
        value = figure.shown()
        page = f" (p. {figure.page})" if figure.page else ""
        parts.append(f"{name}{year} {value}{page}")
    return "; ".join(parts)


def _as_printed(values: dict[str, float], used: list[Figure], keys: list[str]) -> dict[str, float]:
    """The figures in the scale the filing prints them in, when they share one: a ratio reads
    the same, and the reader can find every number on the page."""
    units = {f.unit for f in used}
    if len(units) != 1 or next(iter(units)) not in _TO_MILLIONS:
        return values
    factor = _TO_MILLIONS[next(iter(units))]
    return {k: (v / factor if k in keys else v) for k, v in values.items()}


def _numbers(values: dict[str, float]):
    def show(v: float) -> str:
        if float(v).is_integer() or abs(v) >= 10_000:
            return fmt_number(v, 0)
        return fmt_number(v, 1 if abs(v) >= 1000 else (2 if abs(v) >= 1 else 4)).rstrip("0").rstrip(".")

    return show


# --- deciding ------------------------------------------------------------------------------

def decide(plan: QuestionPlan, findings: list[dict[str, Any]], failed_items: list[str], last_chance: bool) -> Decision:
    searched = [str(f.get("value", "")).split(" not found in ")[0] for f in findings if str(f.get("label", "")).startswith("not_found_")]
    findings = [f for f in findings if not str(f.get("label", "")).startswith("not_found_")]
    figures = supply(plan, findings)
    tried = {" ".join(i.lower().split()) for i in list(failed_items) + searched}
    if " ".join(plan.text.lower().split()) in tried:  # the whole question was searched for and nothing found
        tried |= {" ".join(n.description.lower().split()) for n in plan.needs}
    unavailable = {n.key for n in plan.needs if " ".join(n.description.lower().split()) in tried}
    if plan.kind == "lookup":
        return _lookup(plan, figures, findings, tried, last_chance)
    if plan.kind == "formula" and plan.expr is not None:
        return _formula(plan, figures, unavailable, tried, last_chance)
    if plan.kind == "trend":
        from baseline.verdicts import trend_answer

        decision = trend_answer(plan, figures, unavailable, tried, last_chance)
        if decision.status == "fail" and any(n.kind == "passage" for n in plan.needs):
            return passage_answer(plan, findings, failed_items, last_chance)
        return decision
    if plan.kind == "choice":
        from baseline.verdicts import choice_answer

        return choice_answer(plan, figures, unavailable, tried, last_chance)
    if plan.kind == "which":
        from baseline.ranking import which_answer

        decision = which_answer(plan, findings)
        if decision is not None:
            return decision
        return passage_answer(plan, findings, failed_items, last_chance)  # no ranking table found: what the text says
    if plan.kind == "largest":
        from baseline.verdicts import largest_answer

        return largest_answer(plan, findings, tried, last_chance)
    if plan.kind == "explain" and plan.series:
        from baseline.verdicts import drivers_answer

        return drivers_answer(plan, figures, findings, unavailable, tried, last_chance)
    return passage_answer(plan, findings, failed_items, last_chance)


def wanted_needs(plan: QuestionPlan, met: set[str], found: set[str], exhausted: set[str]) -> list[Need]:
    """The needs worth searching for next: for a computed answer only those of the cheapest
    way still open (one branch of an alternative), for a lookup its passage once the
    figure's sections are exhausted."""
    have = met | (found & exhausted)
    unavailable = exhausted - found
    keys: list[str] = []
    exprs: list[Expr] = []
    if plan.kind == "formula" and plan.expr is not None:
        exprs = [plan.expr]
    elif plan.kind in ("trend", "explain"):
        exprs = [e for _, e in plan.series] + [e for _, e in plan.options]
    elif plan.kind == "choice":
        exprs = [e for _, e in plan.options]
    for expr in exprs:
        keys += [k for k in missing(expr, have, unavailable) if k not in keys]
    if not exprs:
        keys = [n.key for n in plan.needs if n.key not in have]
    out = [n for n in plan.needs if n.key in keys and n.key not in met and n.key not in exhausted]
    passages = [n for n in plan.needs if n.kind == "passage" and n.key not in met and n.key not in exhausted]
    values_done = all(n.key in have or n.key in exhausted for n in plan.needs if n.kind != "passage")
    if plan.kind == "which":
        tables = [n for n in plan.needs if n.kind == "table" and n.key not in met and n.key not in exhausted]
        return tables or passages
    if plan.kind == "explain" and plan.series:  # the figures and the causes, together
        return out + [p for p in passages if p not in out]
    if plan.kind in ("lookup", "trend") and passages:
        out = [n for n in out if n.kind != "passage"]
        if values_done and not [n for n in out if n.kind == "value"]:
            out += passages
    return out


def ask_next(plan: QuestionPlan, keys: list[str], tried: set[str], last_chance: bool, have: int) -> Decision:
    needs = [plan.need(k) for k in keys]
    untried = [n for n in needs if n is not None and " ".join(n.description.lower().split()) not in tried]
    if untried and not last_chance:
        first = untried[0]
        return Decision("needs", needs=first.description, reason=f"have {have} of the figures; missing {first.description}")
    names = ", ".join(n.description for n in needs if n is not None) or "the figures needed"
    return Decision("fail", reason=f"could not find {names} in the filing")


def _lookup(plan: QuestionPlan, figures: dict[str, Figure], findings: list[dict[str, Any]], tried: set[str], last_chance: bool) -> Decision:
    need = plan.needs[0]
    figure = figures.get(need.key)
    if figure is None:
        passages = [n for n in plan.needs if n.kind == "passage"]
        if passages:
            return passage_answer(plan, findings, list(tried), last_chance, numeric_first=True)
        return ask_next(plan, [need.key], tried, last_chance, 0)
    year = f" for FY{need.year}" if need.year else ""
    if figure.unit == "percent" or not plan.unit or plan.unit in ("percent", "ratio"):
        value = figure.shown()
    else:
        value = fmt_amount(figure.value, figure.scaled, plan.unit)
    section = str(figure.finding.get("section") or "")
    source = f" ({_cite(_pages([figure]))}{', ' + section if section else ''})" if figure.page else ""
    return Decision("answer", answer=f"{need.display[:1].upper()}{need.display[1:]}{year} was {value}{source}.", pages=_pages([figure]))


def _formula(plan: QuestionPlan, figures: dict[str, Figure], unavailable: set[str], tried: set[str], last_chance: bool) -> Decision:
    assert plan.expr is not None
    values = {k: f.value for k, f in figures.items()}
    lacking = missing(plan.expr, set(values), unavailable)
    if lacking:
        return ask_next(plan, lacking, tried, last_chance, len([n for n in plan.needs if n.key in values]))
    try:
        result = evaluate(plan.expr, values)
    except (Missing, ZeroDivisionError, ValueError, OverflowError):
        return Decision("fail", reason="the figures found do not give a usable result (division by zero)")
    if math.isnan(result) or math.isinf(result):
        return Decision("fail", reason="the figures found do not give a usable result")
    used = used_refs(plan.expr, values)
    used_figures = [figures[k] for k in used if k in figures]
    scaled = all(f.scaled for f in used_figures)
    shown = _result_text(result, plan.result or "ratio", plan, scaled)
    arithmetic = render(plan.expr, _as_printed(values, used_figures, used) if plan.result != "amount" else values, _numbers(values))
    name = plan.metric or "the result"
    if plan.series:  # a change: the metric in each year, then the change between them
        points = evaluate_series(plan.series, figures)
        if len(points) == len(plan.series):
            kind = plan.direction or "amount"
            each = " and ".join(f"{_result_text(v, kind, plan, scaled) if kind != 'amount' else fmt_amount(v, scaled, plan.unit)} in FY{y}" for y, v, _ in points)
            item = name.replace("change in ", "")
            short = " - ".join(_numbers(values)(v) for _, v, _ in reversed(points))
            return Decision("answer", answer=f"Inputs: {_inputs(plan, used, figures)}. {item[:1].upper()}{item[1:]} was {each}. {name[:1].upper()}{name[1:]} = {short if plan.result == 'points' else arithmetic} = {shown}.", pages=_pages(used_figures))
    definition = f" ({plan.formula_text})" if plan.formula_text and len(plan.formula_text) < 160 else ""
    answer = f"Inputs: {_inputs(plan, used, figures)}. {name[:1].upper()}{name[1:]}{definition} = {arithmetic} = {shown}."
    return Decision("answer", answer=answer, pages=_pages(used_figures))


def passage_answer(plan: QuestionPlan, findings: list[dict[str, Any]], failed_items: list[str], last_chance: bool, numeric_first: bool = False) -> Decision:
    passages = [f for f in findings if isinstance(f.get("value"), str) and len(str(f["value"])) > 30]
    if numeric_first:
        with_numbers = [f for f in passages if re.search(r"\d", str(f["value"]))]
        passages = with_numbers + [f for f in passages if f not in with_numbers]
    if passages:
        best = passages[:2]
        text = " ".join(str(f["value"]) for f in best)
        pages = sorted({int(f["page"]) for f in best if str(f.get("page", "")).isdigit()})
        verdict = yes_no(plan, str(best[0]["value"])) if plan.kind == "yesno" else ""
        return Decision("answer", answer=f"{verdict}According to the filing ({_cite(pages)}): {text}", pages=pages)
    if not last_chance and not failed_items:
        return Decision("needs", needs=plan.text, reason="no relevant passage found yet")
    return Decision("fail", reason="no passage in the filing addresses the question")


_NEGATED = re.compile(r"(?i)\b(?:no|not|never|none|neither|nor|without|did not|has not|have not|does not|were not|was not)\b|n't\b")
_GENERIC = set(terms("company filing fiscal year quarter period any material materially important reported"))


def yes_no(plan: QuestionPlan, sentence: str) -> str:
    """A yes/no read off the passage that answers the question: "Yes. " when it states what
    the question asks about (most of its key words) without negating it, "No. " when it
    negates it, "" when it does not say enough to tell."""
    from baseline.question import core_question, strip_company

    asked = set(terms(strip_company(core_question(plan.text)))) - _GENERIC
    if not asked:
        return ""
    covered = len(asked & set(terms(sentence))) / len(asked)
    if covered < 0.6:
        return ""
    return "No. " if _NEGATED.search(sentence) else "Yes. "


def evaluate_series(series: list[tuple[int, Expr]], figures: dict[str, Figure]) -> list[tuple[int, float, list[Figure]]]:
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
