"""Answers that judge figures over years: whether a metric rose, fell or is positive, and how
a metric moved together with the filing's explanation of why. Each states its verdict first
and the figures it rests on after it; the only judgement is the sign of a change (or of the
value), so no threshold decides an answer.
"""
from __future__ import annotations

import re

from baseline.expr import Alt, Expr, Fn, Op, Ref, missing, refs
from baseline.figures import Figure, answered, ask_next, cite, evaluate_series, fmt_amount, pages_of, result_text
from baseline.needs import QuestionPlan
from baseline.prose import passage_answer
from core.protocol import Decision
from core.results import Finding


def at_year(expr: Expr, year: int) -> Expr:
    """The expression for one year, from one whose figures name no year."""
    if isinstance(expr, Ref):
        return Ref(expr.key if re.search(r"_\d{4}$", expr.key) else f"{expr.key}_{year}")
    if isinstance(expr, Op):
        return Op(expr.op, at_year(expr.left, year), at_year(expr.right, year))
    if isinstance(expr, Fn):
        return Fn(expr.name, tuple(at_year(a, year) for a in expr.args))
    if isinstance(expr, Alt):
        return Alt(at_year(expr.first, year), at_year(expr.second, year))
    return expr


def _series(plan: QuestionPlan, figures: dict[str, Figure]) -> list[tuple[int, Expr]]:
    """The plan's series; when the question named no year, every year its figures were found for."""
    if not plan.series or plan.series[0][0]:
        return plan.series
    template = plan.series[0][1]
    bases = refs(template)
    years = {int(m.group(2)) for label in figures if (m := re.fullmatch(r"(.+)_(\d{4})", label)) and m.group(1) in bases}
    return [(year, at_year(template, year)) for year in sorted(years)[-2:]]


def _shown(value: float, kind: str, plan: QuestionPlan, scaled: bool) -> str:
    return fmt_amount(value, scaled) if kind == "amount" else result_text(value, kind, plan, scaled)


def _lacking(series: list[tuple[int, Expr]], figures: dict[str, Figure], unavailable: set[str]) -> list[str]:
    lacking: list[str] = []
    for _, expr in series:
        lacking += [k for k in missing(expr, set(figures), unavailable) if k not in lacking]
    return lacking


def trend_answer(plan: QuestionPlan, figures: dict[str, Figure], unavailable: set[str], tried: set[str], last_chance: bool) -> Decision:
    series = _series(plan, figures)
    points = evaluate_series(series, figures)
    wanted = 1 if plan.direction == "positive" else 2
    if len(points) < wanted:
        keys = _lacking(series or plan.series, figures, unavailable) or [n.key for n in plan.needs]
        return ask_next(plan, keys, tried, last_chance, len(points))
    kind = plan.result or "amount"
    used = [f for _, _, fs in points for f in fs]
    scaled = all(f.scaled for f in used) if used else False
    shown = "; ".join(f"FY{year}: {_shown(value, kind, plan, scaled)}" for year, value, _ in points)
    pages = pages_of(used)
    cited = f" ({cite(pages)})" if pages else ""
    metric = plan.metric[:1].upper() + plan.metric[1:]
    if plan.direction == "positive":
        year, value, _ = points[-1]
        sign = "positive" if value > 0 else ("zero" if value == 0 else "negative")
        return answered(f"{'Yes' if value > 0 else 'No'}. {metric} was {_shown(value, kind, plan, scaled)} in FY{year}, {sign}{cited}.", pages)
    first, last = points[0], points[-1]
    change = last[1] - first[1]
    moved = "increased" if change > 0 else ("decreased" if change < 0 else "was unchanged")
    if kind in ("percent", "points"):
        size = f"{abs(change):.1f} percentage points"
    elif kind == "amount":
        size = f"{fmt_amount(abs(change), scaled)} ({abs(change) / abs(first[1]) * 100:.1f}%)" if first[1] else fmt_amount(abs(change), scaled)
    else:
        size = f"{abs(change):.2f}"
    facts = f"{metric} {moved} by {size} from FY{first[0]} to FY{last[0]} ({shown}){cited}"
    lowered = plan.text.lower()
    if re.search(r"improved or declined|declined or improved", lowered):
        return answered(f"It {'improved' if change > 0 else 'declined'}: {facts}.", pages)
    if re.search(r"increased? or decreased?|decreased? or increased?", lowered):
        return answered(f"It {moved}: {facts}.", pages)
    agrees = change > 0 if plan.direction == "up" else change < 0
    return answered(f"{'Yes' if agrees else 'No'}. {facts}.", pages)


def drivers_answer(plan: QuestionPlan, figures: dict[str, Figure], findings: list[Finding], failed_items: list[str], last_chance: bool) -> Decision:
    """How the metric moved (when its figures were found) and the filing's explanation."""
    points = evaluate_series(plan.series, figures)
    passage = passage_answer(plan, findings, failed_items, last_chance)
    if len(points) < 2:
        return passage
    kind = plan.result or "percent"
    used = [f for _, _, fs in points for f in fs]
    first, last = points[0], points[-1]
    moved = "increased" if last[1] > first[1] else "decreased"
    shown = f"{_shown(first[1], kind, plan, True)} in FY{first[0]} to {_shown(last[1], kind, plan, True)} in FY{last[0]}"
    head = f"{plan.metric[:1].upper()}{plan.metric[1:]} {moved} from {shown} ({cite(pages_of(used))})."
    if passage.status == "answer":
        pages = sorted(set(pages_of(used)) | {int(s[3:]) for s in passage.sources if s[3:].isdigit()})
        return answered(f"{head} {passage.answer}", pages)
    return answered(head, pages_of(used))
