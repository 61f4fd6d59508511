"""Question forms whose answer is computed from figures, recognised from their wording.

``plan_computed`` fills a ``QuestionPlan`` for the forms it knows and says whether it did:

- a metric: a stated or textbook one ("FY2019 fixed asset turnover ratio", "X using A as
  the numerator and B as the denominator", "operating income + D&A"), its average over
  years, its change or growth between two years, or a CAGR;
- a trend asked as yes/no: whether a metric rose ("an improving operating margin?",
  "increased its debt?"), fell, or is positive ("positive working capital?");
- an explanation of a metric's change ("what drove the operating margin change?"): the
  metric in the two years and the passage that gives the causes.

A company's own measure ("adjusted EBITDA", "organic growth") is not recomputed from GAAP
lines: it is left to be looked up.
"""
from __future__ import annotations

import re

from baseline.expr import Expr, Fn, Num, Op
from baseline.formulas import TEXTBOOK, Builder, Metric, as_percent, definitions, normalise_name, parse_expression, textbook, total_debt
from baseline.lineitems import TREND_ITEMS
from baseline.needs import QuestionPlan, display_name, passage_need
from baseline.wording import EXPLAIN, YESNO, core_question, strip_company

_UP = r"improv\w*|increas\w*|grow\w*|grew|ris(?:e|en|ing)|higher|expand\w*"
_DOWN = r"declin\w*|decreas\w*|drop\w*|fall|fell|lower|shr[iu]nk\w*|reduc\w*"
_ADJUSTED = re.compile(r"\b(?:adjusted|non[- ]gaap|exclud\w*|organic|real (?:change|growth)|constant currency|core)\b", re.IGNORECASE)


def plan_computed(question: str, plan: QuestionPlan) -> bool:
    core = core_question(question)
    defs = definitions(question)
    try:
        if EXPLAIN.search(core) and not re.search(r"(?i)^\s*how (?:much|many)", core):
            return _plan_drivers(question, core, defs, plan)
        if re.search(r"(?i)^\s*which\b", core):
            return False
        if re.search(r"(?i)as (?:the )?numerator", core):
            return _plan_metric(question, core, defs, plan)
        if _ADJUSTED.search(core) and not defs and not re.search(r"(?i)\bunadjusted\b", core):
            return False
        if _plan_trend(question, core, defs, plan):
            return True
        if YESNO.match(core):
            return False
        return _plan_metric(question, core, defs, plan)
    except ValueError:  # a definition this baseline cannot read
        plan.kind, plan.needs, plan.series, plan.expr = "other", [], [], None
        return False


# --- metrics -----------------------------------------------------------------------------

def _asked(question: str) -> tuple[str, tuple[str, ...]]:
    """(the metric asked for, the names it is given in parentheses)."""
    core = core_question(question)
    match = re.search(r"(?i)\bwhat(?:'s| is| was| were)\s+(?:the\s+)?(.+?)(?:\?|$)", core)
    text = strip_company(match.group(1) if match else core.rstrip("?"))
    aliases = tuple(a.strip().lower() for a in re.findall(r"\(([^)]{1,40})\)", text) if not re.match(r"(?i)in |formerly|usd|round|using|as a", a.strip()))
    text = re.sub(r"\([^)]*\)", " ", text)
    text = re.sub(r"(?i)\bin (?:usd |us\$ ?)?(?:millions|billions|thousands)\b", " ", text)
    text = re.sub(r"(?i)\bfrom fy\s?\d{2,4} to fy\s?\d{2,4}\b|\bbetween fy\s?\d{2,4} and fy\s?\d{2,4}\b", " ", text)
    return " ".join(text.split()).strip(" ,."), aliases


def _resolve(name: str, defs: dict[str, str], aliases: tuple[str, ...] = ()) -> tuple[str, Metric] | None:
    """(result kind, metric) for a metric name: a definition of that name (or of an alias
    the question gives it in parentheses), else a textbook metric, else arithmetic written
    out in the name."""
    wanted = {normalise_name(n) for n in (name, *aliases) if n.strip()}
    chosen = next((d for d in defs if normalise_name(d) in wanted), None)
    if chosen is not None:
        kind = _kind_of(chosen + " " + name, defs[chosen])
        scale = 100.0 if kind == "percent" and "100" not in defs[chosen] else 1.0
        body = defs[chosen]
        return kind, lambda b, y: _scaled(parse_expression(body, b, y), scale)
    found = textbook(name)
    if found is not None:
        return found
    if re.search(r"[+/×÷]| - |\bdivided by\b|\bplus\b|\bminus\b", name):
        return "amount", lambda b, y: parse_expression(name, b, y)
    return None


def _scaled(expr: Expr, scale: float) -> Expr:
    return expr if scale == 1.0 else Op("*", expr, Num(scale))


def _kind_of(name: str, body: str) -> str:
    lowered = name.lower()
    if re.search(r"%|percent|margin|growth|rate\b", lowered):
        return "percent"
    if re.search(r"\b(?:dpo|dso|dio|ccc|days|cycle)\b", lowered) or "365" in body:
        return "days"
    if re.search(r"ratio|turnover|coverage|\broa\b|\broe\b|return on", lowered) or "/" in body or "divided" in body.lower():
        return "ratio"
    return "amount"


def _span(years: list[int]) -> list[int]:
    return list(range(min(years), max(years) + 1)) if len(years) >= 2 else years


def _defined_metric(body: str) -> Metric:
    return lambda b, y: parse_expression(body, b, y)


def _item_metric(item: str) -> Metric:
    return lambda b, y: b.ref(item, y)


def _plan_metric(question: str, core: str, defs: dict[str, str], plan: QuestionPlan) -> bool:
    asked, aliases = _asked(question)
    lowered = asked.lower()
    years = plan.years
    b = Builder(question, defs)
    target = plan.target_year
    ratio = re.search(r"(?i)using (.+?) as (?:the )?numerator and (.+?) as (?:the )?denominator", core)
    if ratio:
        top, bottom = (re.sub(r"(?i)\b(?:annual|fy\s?\d{2,4})\b", " ", g).strip() for g in ratio.groups())
        return _fill(plan, b, Op("/", b.ref(top, target), b.ref(bottom, target)), "ratio", asked.split(" using ")[0], f"{top} / {bottom}")
    if "cagr" in lowered and len(years) >= 2:
        item = re.sub(r"(?i)\bcagr\b|\b(?:the|of|\d+ year)\b", " ", lowered).strip() or "revenue"
        kind, metric = _resolve(item, defs) or ("amount", _item_metric(item))
        first, last, n = metric(b, min(years)), metric(b, max(years)), max(years) - min(years)
        expr = as_percent(Op("-", Fn("pow", (Op("/", last, first), Num(1.0 / n))), Num(1)))
        return _fill(plan, b, expr, "percent", f"{item} CAGR", f"({item} FY{max(years)} / FY{min(years)}) ^ (1/{n}) - 1")
    change = re.search(r"(?i)(?:year[- ]over[- ]year |yoy |\b)(?:change|growth) (?:rate )?in (.+?)(?: from| between|$)", lowered) \
        or re.search(r"(?i)(.+?) (?:growth rate|growth)\b", lowered) or re.search(r"(?i)growth rate (?:of|in) (.+)", lowered) \
        or re.search(r"(?i)how much (?:has|did|have) (?:the )?(.+?) (?:of [A-Z][\w&.\- ]*?)?changed?\b", core)
    if change and len(years) >= 2:
        item = re.sub(r"(?i)\b(?:unadjusted|the|fy\s?\d{2,4})\b", " ", change.group(1)).strip(" -")
        is_rate = bool(re.search(r"(?i)margin|rate\b|%|percent|ratio", item))
        kind, metric = _resolve(item, defs) or ("amount", _item_metric(item))
        first, last = metric(b, min(years)), metric(b, max(years))
        plan.series = [(min(years), first), (max(years), last)]
        plan.direction = kind
        if is_rate or kind == "percent":
            return _fill(plan, b, Op("-", last, first), "points", f"change in {item}", f"{item} FY{max(years)} - {item} FY{min(years)}")
        expr = as_percent(Op("-", Op("/", last, first), Num(1)))
        return _fill(plan, b, expr, "percent", f"change in {item}", f"({item} FY{max(years)} / {item} FY{min(years)} - 1) x 100")
    average = re.search(r"(?i)(?:\b\w+[- ]year )?average (?:of )?(.+)", lowered)
    if average and len(years) >= 2:
        item = average.group(1)
        resolved = _resolve(item, defs)
        if resolved is not None:
            kind, metric = resolved
            span = _span(years)
            expr = Fn("avg", tuple(metric(b, y) for y in span))
            return _fill(plan, b, expr, kind, f"average {item} FY{span[0]}-FY{span[-1]}", f"average over FY{span[0]}-FY{span[-1]} of {item}")
    resolved = _resolve(re.sub(r"(?i)\b(?:fy\s?\d{2,4}|unadjusted)\b", " ", asked), defs, aliases)
    if resolved is None:
        return False
    kind, metric = resolved
    name = " ".join(re.sub(r"(?i)\bfy\s?\d{2,4}\b", " ", asked).split())
    return _fill(plan, b, metric(b, target), kind, name, _definition_text(defs, name))


def _definition_text(defs: dict[str, str], name: str) -> str:
    for defined, body in defs.items():
        if defined in name.lower():
            return f"{defined} = {body}"
    return ""


def _fill(plan: QuestionPlan, b: Builder, expr: Expr, kind: str, name: str, formula_text: str) -> bool:
    if not b.needs:
        return False
    plan.kind = "formula"
    plan.expr = expr
    plan.needs = list(b.needs.values())
    plan.result = kind
    plan.metric = " ".join(name.split()).strip(" ,.")
    plan.formula_text = formula_text
    return True


# --- trends asked as yes/no, and what drove a change ----------------------------------------

def _plan_trend(question: str, core: str, defs: dict[str, str], plan: QuestionPlan) -> bool:
    asking = YESNO.match(core) or re.search(r"(?i)improved or declined|increased? or decreased?|declined or improved", core)
    if not asking:
        return False
    lowered = strip_company(core).lower()
    if re.search(r"\bany\b", lowered) and not re.search(rf"\bany (?:{_UP}|{_DOWN}|change)", lowered):
        return False  # "were there any events that increased ...": a passage question
    if re.search(r"\bpositive\b", lowered):
        direction = "positive"
    elif re.search(rf"\b(?:{_UP})", lowered) or re.search(r"improved or declined|increased? or decreased?", lowered):
        direction = "up"
    elif re.search(rf"\b(?:{_DOWN})", lowered):
        direction = "down"
    else:
        return False
    found = _trend_metric(lowered, defs)
    if found is None:
        return False
    return _fill_series(plan, question, defs, found, "trend", direction)


def _plan_drivers(question: str, core: str, defs: dict[str, str], plan: QuestionPlan) -> bool:
    """"What drove the operating margin change?": the metric in the two latest years (to say
    how it moved) and the passage that gives the causes."""
    lowered = strip_company(core).lower()
    if not re.search(r"margin|ratio|turnover|working capital", lowered):
        return False
    found = _trend_metric(lowered, defs)
    if found is None:
        return False
    return _fill_series(plan, question, defs, found, "explain", "up")


def _fill_series(plan: QuestionPlan, question: str, defs: dict[str, str], found: tuple[str, str, Metric], kind: str, direction: str) -> bool:
    """The metric in each year a trend or an explanation compares, and a passage: a sentence
    may state the trend (or give the causes) when the figures cannot be had."""
    name, result, metric = found
    b = Builder(question, defs)
    plan.kind, plan.direction, plan.metric, plan.result = kind, direction, name, result
    plan.series = [(year or 0, metric(b, year)) for year in _trend_years(plan.years, direction)]
    plan.needs = [*b.needs.values(), passage_need(question, plan.target_year)]
    return True


def _trend_metric(lowered: str, defs: dict[str, str]) -> tuple[str, str, Metric] | None:
    """(name, kind, metric) of the metric a trend question is about."""
    share = re.search(r"([a-z&' ]+?)\s+as a (?:%|percent(?:age)?) of (?:total |net )?(?:revenues?|sales)", lowered)
    if share:
        words = [w for w in share.group(1).split() if w not in ("did", "does", "do", "has", "have", "is", "was", "the", "its", "their")]
        item = " ".join(words[-3:])
        shared = textbook(f"{item} as a % of revenue")
        if item and shared is not None:
            return f"{item} as a % of net sales", shared[0], shared[1]
    for name, body in defs.items():
        if name in lowered:
            return name, _kind_of(name, body), _defined_metric(body)
    for pattern, kind, build in TEXTBOOK:
        match = re.search(pattern, lowered)
        if match:
            return match.group(0), kind, build
    named = re.search(TREND_ITEMS, lowered)
    if named:
        phrase = named.group(0)
        if phrase == "debt":
            return "total debt", "amount", total_debt
        return display_name(phrase), "amount", _item_metric(phrase)
    return None


def _trend_years(years: list[int], direction: str) -> list[int | None]:
    """The years a trend compares: those named (all between the first and last), else the
    year named and the one before it; a sign needs one year only."""
    if len(years) >= 2:
        return list(_span(years))
    if len(years) == 1:
        return [years[0]] if direction == "positive" else [years[0] - 1, years[0]]
    return [None]
