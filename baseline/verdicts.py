"""Answers that judge figures: trends asked as yes/no, choices among options, the largest
line of a block. Each states its verdict first and the figures it rests on after it.

The judgement rules are textbook ones: a margin "improves" when it rises year over year;
gross margins are "consistent" when no year moves more than about two points; working
capital is positive when current assets exceed current liabilities; a business is
"capital-intensive" when capital expenditures take 8% or more of revenue or net PP&E is
over a third of total assets; "high growth" means revenue growing 15% or more a year.
"""
from __future__ import annotations

import re
from itertools import pairwise
from typing import Any

from baseline.answers import (
    Decision,
    Figure,
    _cite,
    _pages,
    _result_text,
    ask_next,
    evaluate_series,
    fmt_amount,
    number,
)
from baseline.expr import Alt, Expr, Fn, Op, Ref, missing, refs
from baseline.question import QuestionPlan

_NOT_USEFUL = re.compile(r"(?i)not (?:a )?(?:useful|relevant|meaningful)|not something")


def not_useful(plan: QuestionPlan, lacking: list[str]) -> Decision:
    """The answer a question invites when its metric does not fit the company."""
    names: list[str] = []
    for key in lacking:
        need = plan.need(key)
        name = need.display if need else key.replace("_", " ")
        if name not in names:
            names.append(name)
    return Decision("answer", answer=(
        f"{plan.metric[:1].upper()}{plan.metric[1:]} is not a useful metric for this company: its income statement reports no "
        f"{' or '.join(names[:3])} line, as is usual for banks and other financial companies, whose performance is measured "
        "by net revenue, net interest income and credit costs instead."), pages=[])


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
    if not plan.series or plan.series[0][0]:
        return plan.series
    template = plan.series[0][1]
    bases = refs(template)
    years: set[int] = set()
    for label in figures:
        match = re.fullmatch(r"(.+)_(\d{4})", label)
        if match and match.group(1) in bases:
            years.add(int(match.group(2)))
    return [(year, at_year(template, year)) for year in sorted(years)[-3:]]


def _value(value: float, kind: str, plan: QuestionPlan, scaled: bool) -> str:
    if kind == "amount":
        return fmt_amount(value, scaled)
    return _result_text(value, kind, plan, scaled)


def trend_answer(plan: QuestionPlan, figures: dict[str, Figure], unavailable: set[str], tried: set[str], last_chance: bool) -> Decision:
    series = _series(plan, figures)
    points = evaluate_series(series, figures)
    wanted = 1 if plan.direction in ("positive", "intensive") else 2
    if len(points) < min(wanted, max(1, len(series))) or (wanted == 2 and len(points) < 2 and len(series) >= 2):
        values = {k: f.value for k, f in figures.items()}
        lacking: list[str] = []
        for _, expr in series or plan.series:
            lacking += [k for k in missing(expr, set(values), unavailable) if k not in lacking]
        if lacking and _NOT_USEFUL.search(plan.text) and (last_chance or not [k for k in lacking if plan.need(k) and plan.need(k).description.lower() not in tried]):
            return not_useful(plan, lacking)
        return ask_next(plan, lacking or [n.key for n in plan.needs], tried, last_chance, len(points))
    kind = plan.result or "amount"
    used = [f for _, _, fs in points for f in fs]
    scaled = all(f.scaled for f in used) if used else False
    shown = "; ".join(f"FY{year}: {_value(value, kind, plan, scaled)}" for year, value, _ in points)
    cite = f" ({_cite(_pages(used))})" if _pages(used) else ""
    metric = plan.metric
    if plan.direction == "positive":
        value = points[-1][1]
        verdict = "Yes" if value > 0 else "No"
        return Decision("answer", answer=f"{verdict}. {metric[:1].upper()}{metric[1:]} was {_value(value, kind, plan, scaled)} in FY{points[-1][0]}, {'positive' if value > 0 else 'negative'}: current assets minus current liabilities{cite}.", pages=_pages(used))
    if plan.direction == "intensive":
        return _intensity(plan, figures, points, used, cite)
    if plan.direction == "stable":
        moves = [b[1] - a[1] for a, b in pairwise(points)]
        biggest = max((abs(m) for m in moves), default=0.0)
        verdict = "Yes" if biggest <= 2.0 else "No"
        word = "consistent" if verdict == "Yes" else "not consistent"
        return Decision("answer", answer=f"{verdict}, {metric} {'have been' if verdict == 'Yes' else 'have'} {word}: {shown}; the largest year-over-year move is {biggest:.1f} points{cite}.", pages=_pages(used))
    first, last = points[0], points[-1]
    change = last[1] - first[1]
    rose = change > 0
    if plan.direction == "growth":
        growth = (last[1] / first[1] - 1) * 100 if first[1] else 0.0
        verdict = "Yes" if growth >= 15 else "No"
        return Decision("answer", answer=f"{verdict}. Revenue grew {growth:.1f}% from FY{first[0]} to FY{last[0]} ({shown}){cite}; high-growth companies grow revenue 15% or more a year.", pages=_pages(used))
    moved = "increased" if rose else ("decreased" if change < 0 else "was unchanged")
    if kind in ("percent", "points"):
        size = f"{abs(change):.1f} percentage points"
    elif kind == "amount":
        size = f"{fmt_amount(abs(change), scaled)} ({abs(change) / abs(first[1]) * 100:.1f}%)" if first[1] else fmt_amount(abs(change), scaled)
    else:
        size = f"{abs(change):.2f}"
    lowered = plan.text.lower()
    if re.search(r"improved or declined|declined or improved", lowered):
        return Decision("answer", answer=f"It {'improved' if rose else 'declined'}: {metric} {moved} by {size} from FY{first[0]} to FY{last[0]} ({shown}){cite}.", pages=_pages(used))
    if re.search(r"increase or decrease|increased or decreased", lowered):
        return Decision("answer", answer=f"It {moved}: {metric} {moved} by {size} from FY{first[0]} to FY{last[0]} ({shown}){cite}.", pages=_pages(used))
    agrees = rose if plan.direction == "up" else (change < 0)
    verdict = "Yes" if agrees else "No"
    sign = "positive" if rose else ("negative" if change < 0 else "zero")
    return Decision("answer", answer=f"{verdict}. {metric[:1].upper()}{metric[1:]} {moved} by {size} from FY{first[0]} to FY{last[0]} ({shown}){cite}; the year-over-year change was {sign}.", pages=_pages(used))


def _intensity(plan: QuestionPlan, figures: dict[str, Figure], points, used: list[Figure], cite: str) -> Decision:
    capex_share = points[-1][1]
    extra = evaluate_series([(points[-1][0], e) for _, e in plan.options], figures)
    assets_share = extra[0][1] if extra else None
    used += [f for _, _, fs in extra for f in fs]
    intensive = capex_share >= 8.0 or (assets_share is not None and assets_share >= 35.0)
    parts = [f"capital expenditures were {capex_share:.1f}% of revenue"]
    if assets_share is not None:
        parts.append(f"net PP&E was {assets_share:.1f}% of total assets")
    verdict = "Yes" if intensive else "No"
    judgement = "capital-intensive" if intensive else "not especially capital-intensive"
    return Decision("answer", answer=f"{verdict}, the business is {judgement} on FY{points[-1][0]} data: {' and '.join(parts)} ({_cite(_pages(used))}); capital-intensive businesses typically spend 8% or more of revenue on capex or hold over a third of their assets in PP&E.", pages=_pages(used))


def choice_answer(plan: QuestionPlan, figures: dict[str, Figure], unavailable: set[str], tried: set[str], last_chance: bool) -> Decision:
    values = {k: f.value for k, f in figures.items()}
    lacking: list[str] = []
    for _, expr in plan.options:
        lacking += [k for k in missing(expr, set(values), unavailable) if k not in lacking]
    if lacking:
        return ask_next(plan, lacking, tried, last_chance, len(plan.options) - len(lacking))
    scored = [(name, evaluate_series([(0, expr)], figures)) for name, expr in plan.options]
    scored = [(name, pts[0][1], pts[0][2]) for name, pts in scored if pts]
    chosen = (max if plan.pick == "max" else min)(scored, key=lambda item: item[1])
    used = [f for _, _, fs in scored for f in fs]
    scaled = all(f.scaled for f in used)
    year = f" in FY{plan.target_year}" if plan.target_year else ""
    others = "; ".join(f"{name} {fmt_amount(value, scaled)}" for name, value, _ in scored)
    most = "brought in the most" if plan.pick == "max" else "had the least"
    return Decision("answer", answer=f"{chosen[0][:1].upper()}{chosen[0][1:]} {most} cash{year}: {fmt_amount(chosen[1], scaled)}. Net cash by activity: {others} ({_cite(_pages(used))}).", pages=_pages(used))


def largest_answer(plan: QuestionPlan, findings: list[dict[str, Any]], tried: set[str], last_chance: bool) -> Decision:
    lines = [f for f in findings if number(f.get("value")) is not None and not re.match(r"(?i)total|net_", str(f.get("label", "")))]
    if not lines:
        return ask_next(plan, [plan.needs[0].key], tried, last_chance, 0)
    pick = max if plan.pick == "max" else min
    chosen = pick(lines, key=lambda f: abs(number(f["value"]) or 0.0))
    ranked = sorted(lines, key=lambda f: -abs(number(f["value"]) or 0.0))
    name = str(chosen.get("context", "")).split(":")[0] or str(chosen["label"]).replace("_", " ")
    scaled = str(chosen.get("unit", "")).endswith("_usd")
    factor = {"thousands_usd": 0.001, "billions_usd": 1000.0}.get(str(chosen.get("unit")), 1.0)
    value = fmt_amount((number(chosen["value"]) or 0.0) * factor, scaled)
    runners = ", ".join(str(f.get("context", "")).split(":")[0] for f in ranked[1:3] if f is not chosen)
    page = str(chosen.get("page", ""))
    year = f" in FY{plan.target_year}" if plan.target_year else ""
    return Decision("answer", answer=f"{name} was the {plan.metric}{year}: {value} (p. {page})" + (f", ahead of {runners}." if runners else "."), pages=[int(page)] if page.isdigit() else [])


def drivers_answer(plan: QuestionPlan, figures: dict[str, Figure], findings: list[dict[str, Any]], unavailable: set[str], tried: set[str], last_chance: bool) -> Decision:
    """How the metric moved (when its lines are reported) and the filing's explanation; or,
    when the question allows it and the lines are not reported, that the metric does not fit."""
    from baseline.answers import passage_answer

    points = evaluate_series(plan.series, figures)
    passage = passage_answer(plan, findings, list(tried), last_chance)
    if len(points) >= 2:
        kind = plan.result or "percent"
        used = [f for _, _, fs in points for f in fs]
        first, last = points[0], points[-1]
        moved = "increased" if last[1] > first[1] else "decreased"
        shown = f"{_value(first[1], kind, plan, True)} in FY{first[0]} to {_value(last[1], kind, plan, True)} in FY{last[0]}"
        head = f"{plan.metric[:1].upper()}{plan.metric[1:]} {moved} from {shown} ({_cite(_pages(used))})."
        if passage.status == "answer":
            return Decision("answer", answer=f"{head} {passage.answer}", pages=sorted(set(_pages(used)) | set(passage.pages or [])))
        return Decision("answer", answer=head, pages=_pages(used))
    values = {k: f.value for k, f in figures.items()}
    lacking: list[str] = []
    for _, expr in plan.series:
        lacking += [k for k in missing(expr, set(values), unavailable) if k not in lacking]
    if lacking and _NOT_USEFUL.search(plan.text) and (last_chance or passage.status != "needs"):
        return not_useful(plan, lacking)
    return passage
