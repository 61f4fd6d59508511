"""Deciding from findings: an answer, the one figure still needed, or a failure.

``decide`` is shared by every role that answers (simple answerer, agent, iterative
synthesizer, planner tasks): it matches findings to the plan's needs, converts amounts to
one scale, computes what the plan asks (a lookup, a formula, a trend) and writes the answer
the way an analyst would: the figures with their units and pages first, the arithmetic,
and the result last.
"""
from __future__ import annotations

import math

from baseline.expr import Expr, Missing, evaluate, missing, render, used_refs
from baseline.figures import (
    NOT_FOUND,
    TO_MILLIONS,
    Figure,
    answered,
    ask_next,
    cite,
    evaluate_series,
    fmt_amount,
    fmt_number,
    pages_of,
    result_text,
    supply,
)
from baseline.needs import PASSAGE, VALUE, Need, QuestionPlan
from baseline.prose import passage_answer
from baseline.verdicts import drivers_answer, trend_answer
from core.protocol import Decision
from core.results import Finding


def _said(text: str) -> str:
    return " ".join(text.lower().split())


def decide(plan: QuestionPlan, findings: list[Finding], failed_items: list[str], last_chance: bool) -> Decision:
    searched = [str(f.value).split(" not found in ")[0] for f in findings if f.label.startswith(NOT_FOUND)]
    findings = [f for f in findings if not f.label.startswith(NOT_FOUND)]
    figures = supply(plan, findings)
    tried = {_said(i) for i in list(failed_items) + searched}
    if _said(plan.text) in tried:  # the whole question was searched for and nothing found
        tried |= {_said(n.description) for n in plan.needs}
    unavailable = {n.key for n in plan.needs if _said(n.description) in tried}
    if plan.kind == "lookup":
        return _lookup(plan, figures, findings, tried, last_chance)
    if plan.kind == "formula" and plan.expr is not None:
        return _formula(plan, plan.expr, figures, unavailable, tried, last_chance)
    if plan.kind == "trend":
        decision = trend_answer(plan, figures, unavailable, tried, last_chance)
        if decision.status == "fail" and plan.passages:
            return passage_answer(plan, findings, failed_items, last_chance)
        return decision
    if plan.kind == "explain" and plan.series:
        return drivers_answer(plan, figures, findings, failed_items, last_chance)
    return passage_answer(plan, findings, failed_items, last_chance)


def wanted_needs(plan: QuestionPlan, met: set[str], found: set[str], exhausted: set[str]) -> list[Need]:
    """The needs worth searching for next: for a computed answer only those of the cheapest
    way still open (one branch of an alternative), for a lookup its passage once the
    figure's sections are exhausted."""
    have = met | (found & exhausted)
    unavailable = exhausted - found
    exprs: list[Expr] = []
    if plan.kind == "formula" and plan.expr is not None:
        exprs = [plan.expr]
    elif plan.kind in ("trend", "explain"):
        exprs = [e for _, e in plan.series]
    keys: list[str] = []
    for expr in exprs:
        keys += [k for k in missing(expr, have, unavailable) if k not in keys]
    if not exprs:
        keys = [n.key for n in plan.needs if n.key not in have]
    out = [n for n in plan.needs if n.key in keys and n.key not in met and n.key not in exhausted]
    passages = [n for n in plan.passages if n.key not in met and n.key not in exhausted]
    if plan.kind == "explain" and plan.series:  # the figures and the causes, together
        return out + [p for p in passages if p not in out]
    if plan.kind in ("lookup", "trend") and passages:
        out = [n for n in out if n.kind != PASSAGE]
        values_done = all(n.key in have or n.key in exhausted for n in plan.figures)
        if values_done and not [n for n in out if n.kind == VALUE]:
            out += passages
    return out


def _lookup(plan: QuestionPlan, figures: dict[str, Figure], findings: list[Finding], tried: set[str], last_chance: bool) -> Decision:
    need = plan.needs[0]
    figure = figures.get(need.key)
    if figure is None:
        if plan.passages:
            return passage_answer(plan, findings, list(tried), last_chance, numeric_first=True)
        return ask_next(plan, [need.key], tried, last_chance, 0)
    year = f" for FY{need.year}" if need.year else ""
    if figure.unit == "percent" or not plan.unit or plan.unit in ("percent", "ratio"):
        value = figure.shown()
    else:
        value = fmt_amount(figure.value, figure.scaled, plan.unit)
    section = figure.finding.section
    source = f" ({cite(pages_of([figure]))}{', ' + section if section else ''})" if figure.page else ""
    return answered(f"{need.display[:1].upper()}{need.display[1:]}{year} was {value}{source}.", pages_of([figure]))


def _inputs(plan: QuestionPlan, keys: list[str], figures: dict[str, Figure]) -> str:
    parts = []
    for key in keys:
        figure = figures.get(key)
        if figure is None:
            continue
        need = plan.need(key)
        name = need.display if need else key.replace("_", " ")
        year = f" FY{need.year}" if need and need.year else ""
        page = f" (p. {figure.page})" if figure.page else ""
        parts.append(f"{name}{year} {figure.shown()}{page}")
    return "; ".join(parts)


def _as_printed(values: dict[str, float], used: list[Figure], keys: list[str]) -> dict[str, float]:
    """The figures in the scale the filing prints them in, when they share one: a ratio reads
    the same, and the reader can find every number on the page."""
    units = {f.unit for f in used}
    if len(units) != 1 or next(iter(units)) not in TO_MILLIONS:
        return values
    factor = TO_MILLIONS[next(iter(units))]
    return {k: (v / factor if k in keys else v) for k, v in values.items()}


def _show_number(value: float) -> str:
    if float(value).is_integer() or abs(value) >= 10_000:
        return fmt_number(value, 0)
    return fmt_number(value, 1 if abs(value) >= 1000 else (2 if abs(value) >= 1 else 4)).rstrip("0").rstrip(".")


def _formula(plan: QuestionPlan, expr: Expr, figures: dict[str, Figure], unavailable: set[str], tried: set[str], last_chance: bool) -> Decision:
    values = {k: f.value for k, f in figures.items()}
    lacking = missing(expr, set(values), unavailable)
    if lacking:
        return ask_next(plan, lacking, tried, last_chance, len([n for n in plan.needs if n.key in values]))
    try:
        result = evaluate(expr, values)
    except (Missing, ZeroDivisionError, ValueError, OverflowError):
        return Decision("fail", reason="the figures found do not give a usable result (division by zero)")
    if not math.isfinite(result):
        return Decision("fail", reason="the figures found do not give a usable result")
    used = used_refs(expr, values)
    used_figures = [figures[k] for k in used if k in figures]
    scaled = all(f.scaled for f in used_figures)
    shown = result_text(result, plan.result or "ratio", plan, scaled)
    arithmetic = render(expr, _as_printed(values, used_figures, used) if plan.result != "amount" else values, _show_number)
    name = plan.metric or "the result"
    if plan.series:  # a change: the metric in each year, then the change between them
        points = evaluate_series(plan.series, figures)
        if len(points) == len(plan.series):
            kind = plan.direction or "amount"
            each = " and ".join(f"{result_text(v, kind, plan, scaled)} in FY{y}" for y, v, _ in points)
            item = name.replace("change in ", "")
            short = " - ".join(_show_number(v) for _, v, _ in reversed(points))
            return answered(f"Inputs: {_inputs(plan, used, figures)}. {item[:1].upper()}{item[1:]} was {each}. "
                            f"{name[:1].upper()}{name[1:]} = {short if plan.result == 'points' else arithmetic} = {shown}.", pages_of(used_figures))
    definition = f" ({plan.formula_text})" if plan.formula_text and len(plan.formula_text) < 160 else ""
    return answered(f"Inputs: {_inputs(plan, used, figures)}. {name[:1].upper()}{name[1:]}{definition} = {arithmetic} = {shown}.", pages_of(used_figures))
