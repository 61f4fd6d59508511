"""Question forms whose answer is computed from figures, recognised from the wording.

``plan_special`` fills a ``QuestionPlan`` for the forms it knows and says whether it did:

- a metric ("FY2019 fixed asset turnover ratio", "3 year average of capex as a % of
  revenue", "year-over-year change in operating income", "X using A as the numerator and B
  as the denominator", "operating income + D&A");
- a trend asked as yes/no ("an improving operating margin profile?", "positive working
  capital?", "increased its debt?", "historically consistent gross margins?",
  "capital-intensive?");
- a choice among named options ("among operations, investing, and financing activities,
  which brought in the most cash?");
- the largest line of a statement block ("the largest liability in the balance sheet").
"""
from __future__ import annotations

import re

from baseline.expr import Expr, Fn, Num, Op
from baseline.formulas import (
    TEXTBOOK,
    Builder,
    Metric,
    as_percent,
    definitions,
    normalise_name,
    parse_expression,
    textbook,
    total_debt,
)
from baseline.question import (
    EXPLAIN,
    YESNO,
    Need,
    QuestionPlan,
    core_question,
    display_name,
    strip_company,
)
from baseline.ranking import plan_which
from baseline.statements import BALANCE, INCOME

_UP = r"improv\w*|increas\w*|grow\w*|grew|ris(?:e|en|ing)|higher|expand\w*"
_DOWN = r"declin\w*|decreas\w*|drop\w*|fall|fell|lower|shr[iu]nk\w*|reduc\w*"


def _asked(question: str) -> tuple[str, tuple[str, ...]]:
    """(the metric asked for, the names it is given in parentheses)."""
    core = core_question(question)
    match = re.search(r"(?i)\bwhat(?:'s| is| was| were)\s+(?:the\s+)?(.+?)(?:\?|$)", core)
    text = match.group(1) if match else core.rstrip("?")
    text = strip_company(text)
    aliases = tuple(a.strip().lower() for a in re.findall(r"\(([^)]{1,40})\)", text) if not re.match(r"(?i)in |formerly|usd|round|using|as a", a.strip()))
    text = re.sub(r"\([^)]*\)", " ", text)
    text = re.sub(r"(?i)\bin (?:usd |us\$ ?)?(?:millions|billions|thousands)\b", " ", text)
    text = re.sub(r"(?i)\bfrom fy\s?\d{2,4} to fy\s?\d{2,4}\b|\bbetween fy\s?\d{2,4} and fy\s?\d{2,4}\b", " ", text)
    return " ".join(text.split()).strip(" ,."), aliases


def plan_special(question: str, plan: QuestionPlan) -> bool:
    core = core_question(question)
    defs = definitions(question)
    if EXPLAIN.search(core) and not re.search(r"(?i)^\s*how (?:much|many)", core):
        return _plan_drivers(question, core, defs, plan)
    if _plan_choice(question, core, plan):
        return True
    if _plan_largest(question, core, plan):
        return True
    if plan_which(question, plan):
        return True
    if re.search(r"(?i)^\s*which\b|\bwhich (?:region|segment|business|product|geograph|categor|type|debt|one)", core):
        return False
    try:
        if re.search(r"(?i)as (?:the )?numerator", core):
            return _plan_metric(question, core, defs, plan)
        if _ADJUSTED.search(core) and not defs and not re.search(r"(?i)\bunadjusted\b", core):
            return False  # a company-reported measure: looked up, not recomputed from GAAP lines
        if _plan_trend(question, core, defs, plan):
            return True
        if YESNO.match(core):
            return False
        return _plan_metric(question, core, defs, plan)
    except ValueError:  # a definition this policy cannot read
        plan.kind, plan.needs, plan.series, plan.options, plan.expr = "other", [], [], [], None
        return False


_ADJUSTED = re.compile(r"\b(?:adjusted|non[- ]gaap|exclud\w*|organic|real (?:change|growth)|constant currency|core)\b", re.IGNORECASE)


# --- metrics -----------------------------------------------------------------------------

def _resolve(name: str, question: str, defs: dict[str, str], aliases: tuple[str, ...] = ()) -> tuple[str, Metric] | None:
    """(result kind, metric builder) for a metric name: a definition of that name (or of an
    alias the question gives it in parentheses), else a textbook metric (whose parts may be
    defined), else arithmetic written out in the name."""
    wanted = {normalise_name(n) for n in (name, *aliases) if n.strip()}
    chosen = next((d for d in defs if normalise_name(d) in wanted), None)
    if chosen is not None:
        kind = _kind_of(chosen + " " + name, defs[chosen])
        scale = 100.0 if kind == "percent" and "100" not in defs[chosen] else 1.0
        return kind, lambda b, y, body=defs[chosen], s=scale: _scaled(parse_expression(body, b, y), s)
    found = textbook(name)
    if found is not None:
        return found
    if re.search(r"[+/×÷]| - |\bdivided by\b|\bplus\b|\bminus\b", name):
        return "amount", lambda b, y, body=name: parse_expression(body, b, y)
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


def _plan_metric(question: str, core: str, defs: dict[str, str], plan: QuestionPlan) -> bool:
    asked, aliases = _asked(question)
    lowered = asked.lower()
    years = plan.years
    b = Builder(question, defs)
    target = plan.target_year
    ratio = re.search(r"(?i)using (.+?) as (?:the )?numerator and (.+?) as (?:the )?denominator", core)
    if ratio:
        top, bottom = (re.sub(r"(?i)\b(?:annual|fy\s?\d{2,4})\b", " ", g).strip() for g in ratio.groups())
        expr = Op("/", b.ref(top, target), b.ref(bottom, target))
        return _fill(plan, b, expr, "ratio", asked.split(" using ")[0], f"{top} / {bottom}")
    change = re.search(r"(?i)(?:year[- ]over[- ]year |yoy |\b)(?:change|growth) (?:rate )?in (.+?)(?: from| between|$)", lowered) \
        or re.search(r"(?i)(.+?) (?:growth rate|growth)\b", lowered) or re.search(r"(?i)growth rate (?:of|in) (.+)", lowered)
    how_much = re.search(r"(?i)how much (?:has|did|have) (?:the )?(.+?) (?:of [A-Z][\w&.\- ]*?)?changed?\b", core)
    if "cagr" in lowered and len(years) >= 2:
        item = re.sub(r"(?i)\bcagr\b|\b(?:the|of|\d+ year)\b", " ", lowered).strip() or "revenue"
        resolved = _resolve(item, question, defs) or ("amount", lambda bb, y, it=item: bb.ref(it, y))
        first, last = resolved[1](b, min(years)), resolved[1](b, max(years))
        n = max(years) - min(years)
        expr = as_percent(Op("-", Fn("pow", (Op("/", last, first), Num(1.0 / n))), Num(1)))
        return _fill(plan, b, expr, "percent", f"{item} CAGR", f"({item} FY{max(years)} / FY{min(years)}) ^ (1/{n}) - 1")
    if (change or how_much) and len(years) >= 2:
        item = (change or how_much).group(1)
        item = re.sub(r"(?i)\b(?:unadjusted|the|fy\s?\d{2,4})\b", " ", item).strip(" -")
        resolved = _resolve(item, question, defs)
        is_rate = bool(re.search(r"(?i)margin|rate\b|%|percent|ratio", item))
        if resolved is None:
            resolved = ("amount", lambda bb, y, it=item: bb.ref(it, y))
        kind, metric = resolved
        first, last = metric(b, min(years)), metric(b, max(years))
        plan.series = [(min(years), first), (max(years), last)]
        plan.direction = kind
        if is_rate or kind == "percent":
            expr = Op("-", last, first)
            return _fill(plan, b, expr, "points", f"change in {item}", f"{item} FY{max(years)} - {item} FY{min(years)}")
        expr = as_percent(Op("-", Op("/", last, first), Num(1)))
        return _fill(plan, b, expr, "percent", f"change in {item}", f"({item} FY{max(years)} / {item} FY{min(years)} - 1) x 100")
    average = re.search(r"(?i)(?:\b\w+[- ]year )?average (?:of )?(.+)", lowered)
    if average and len(years) >= 2:
        item = average.group(1)
        resolved = _resolve(item, question, defs)
        if resolved is not None:
            kind, metric = resolved
            span = _span(years)
            expr = Fn("avg", tuple(metric(b, y) for y in span))
            return _fill(plan, b, expr, kind, f"average {item} FY{span[0]}-FY{span[-1]}", f"average over FY{span[0]}-FY{span[-1]} of {item}")
    resolved = _resolve(re.sub(r"(?i)\b(?:fy\s?\d{2,4}|unadjusted)\b", " ", asked), question, defs, aliases)
    if resolved is None:
        return False
    kind, metric = resolved
    expr = metric(b, target)
    name = re.sub(r"(?i)\bfy\s?\d{2,4}\b", " ", asked)
    return _fill(plan, b, expr, kind, " ".join(name.split()), _definition_text(defs, name))


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
    plan.needs = list(b.needs.values())  # type: ignore[arg-type]
    plan.result = kind
    plan.metric = " ".join(name.split()).strip(" ,.")
    plan.formula_text = formula_text
    return True


# --- trends asked as yes/no ----------------------------------------------------------------

_TREND_ITEMS = r"pp&e|ppne|property,? plant,? (?:and|&) equipment|fixed assets|debt|cash (?:&|and) cash equivalents|revenues?|net sales|inventor(?:y|ies)|net income|operating income|total assets|dividends"


def _plan_trend(question: str, core: str, defs: dict[str, str], plan: QuestionPlan) -> bool:
    asking = YESNO.match(core) or re.search(r"(?i)improved or declined|increased? or decreased?|declined or improved", core)
    if not asking:
        return False
    lowered = strip_company(core).lower()
    if re.search(r"\bany\b", lowered) and not re.search(rf"\bany (?:{_UP}|{_DOWN}|change)", lowered):
        return False  # "were there any events that increased ...": a passage question
    direction = ""
    if re.search(r"capital[- ]intensive", lowered):
        direction = "intensive"
    elif re.search(r"high[- ]growth", lowered):
        direction = "growth"
    elif re.search(r"\bpositive\b", lowered):
        direction = "positive"
    elif re.search(r"consistent|stable|fluctuat", lowered):
        direction = "stable"
    elif re.search(rf"\b(?:{_UP})", lowered) or re.search(r"improved or declined|increased? or decreased?", lowered):
        direction = "up"
    elif re.search(rf"\b(?:{_DOWN})", lowered):
        direction = "down"
    if not direction:
        return False
    b = Builder(question, defs)
    if direction == "intensive":
        metrics = [("capex as a % of revenue", "percent", lambda bb, y: as_percent(Op("/", Fn("abs", (bb.ref("capex", y),)), bb.ref("revenue", y)))),
                   ("net PP&E as a % of total assets", "percent", lambda bb, y: as_percent(Op("/", bb.ref("pp&e", y), bb.ref("total assets", y))))]
        years = [plan.target_year] if plan.target_year else [None]
    elif direction == "growth":
        metrics = [("revenue", "amount", lambda bb, y: bb.ref("revenue", y))]
        years = [plan.target_year - 1, plan.target_year] if plan.target_year else [None]
    else:
        found = _trend_metric(lowered, question, defs)
        if found is None:
            return False
        metrics = [found]
        years = _trend_years(plan.years, direction)
    plan.kind = "trend"
    plan.direction = direction
    plan.metric = metrics[0][0]
    plan.result = metrics[0][1]
    plan.options = []
    for name, _kind, metric in metrics:
        for year in years:
            expr = metric(b, year)
            if name == metrics[0][0]:
                plan.series.append((year or 0, expr))
            else:
                plan.options.append((name, expr))
    plan.needs = list(b.needs.values())  # type: ignore[arg-type]
    if any("|" not in n.phrase for n in plan.needs):
        # a figure this policy has no filing names for: a sentence may state the trend instead
        plan.needs.append(Need("passage", question, plan.target_year, kind="passage", context=question))
    return True


def _plan_drivers(question: str, core: str, defs: dict[str, str], plan: QuestionPlan) -> bool:
    """"What drove the operating margin change?": the metric in the two latest years (to say
    how it moved) and the passage that gives the causes."""
    lowered = strip_company(core).lower()
    if not re.search(r"margin|ratio|turnover|working capital", lowered):
        return False
    found = _trend_metric(lowered, question, defs)
    if found is None:
        return False
    name, kind, metric = found
    b = Builder(question, defs)
    try:
        plan.series = [(year or 0, metric(b, year)) for year in _trend_years(plan.years, "up")]
    except ValueError:
        plan.series = []
        return False
    plan.kind, plan.metric, plan.result, plan.direction = "explain", name, kind, "up"
    plan.needs = [*b.needs.values(), Need("passage", question, plan.target_year, kind="passage", context=question)]  # type: ignore[list-item]
    return True


def _trend_metric(lowered: str, question: str, defs: dict[str, str]) -> tuple[str, str, Metric] | None:
    share = re.search(r"([a-z&' ]+?)\s+as a (?:%|percent(?:age)?) of (?:total |net )?(?:revenues?|sales)", lowered)
    if share:
        words = [w for w in share.group(1).split() if w not in ("did", "does", "do", "has", "have", "is", "was", "the", "its", "their")]
        item = " ".join(words[-3:])
        found = textbook(f"{item} as a % of revenue")
        if item and found is not None:
            return f"{item} as a % of net sales", found[0], found[1]
    for pattern, kind, build in TEXTBOOK:
        match = re.search(pattern, lowered)
        if match:
            return match.group(0), kind, build
    for name, body in defs.items():
        if name in lowered:
            return name, _kind_of(name, body), lambda b, y, body=body: parse_expression(body, b, y)
    item = re.search(_TREND_ITEMS, lowered)
    if item:
        phrase = item.group(0)
        if phrase == "debt":
            return "total debt", "amount", total_debt
        return display_name(phrase), "amount", lambda b, y, p=phrase: b.ref(p, y)
    return None




def _trend_years(years: list[int], direction: str) -> list[int | None]:
    if len(years) >= 2:
        return _span(years)
    if len(years) == 1:
        y = years[0]
        if direction == "positive":
            return [y]
        if direction == "stable":
            return [y - 2, y - 1, y]
        return [y - 1, y]
    return [None]


# --- choices and largest lines ----------------------------------------------------------------

def _plan_choice(question: str, core: str, plan: QuestionPlan) -> bool:
    match = re.search(r"(?i)among ([\w ,&-]+?),? which\b(.*)", core)
    if not match:
        return False
    options = [o.strip() for o in re.split(r",\s*(?:and |or )?|\s+(?:and|or)\s+", match.group(1)) if o.strip()]
    rest = match.group(2).lower()
    if len(options) < 2:
        return False
    cash = "cash" in rest or "activities" in options[-1].lower()
    b = Builder(question)
    last_word = options[-1].split()[-1] if len(options[-1].split()) > 1 else ""
    for option in options:
        name = option if (not last_word or option.endswith(last_word)) else f"{option} {last_word}"
        name = re.sub(r"(?i)^operations?\b(?: activities)?", "operating activities", name)
        phrase = f"cash flows from {name}" if cash else name
        plan.options.append((name, b.ref(phrase, plan.target_year)))
    plan.kind = "choice"
    plan.pick = "min" if re.search(r"\b(?:least|lowest|worst|smallest|fewest)\b", rest) and not re.search(r"\b(?:most|highest|largest|best)\b", rest) else "max"
    plan.needs = list(b.needs.values())  # type: ignore[arg-type]
    plan.metric = "net cash flow" if cash else "value"
    return True


def _plan_largest(question: str, core: str, plan: QuestionPlan) -> bool:
    match = re.search(r"(?i)\b(largest|biggest|smallest|highest|lowest)\s+(liabilit(?:y|ies)|assets?|expenses?|cost)\b", core)
    if not match:
        return False
    group = match.group(2).lower()
    statement = BALANCE if group.startswith(("liabilit", "asset")) else INCOME
    group = "liabilities" if group.startswith("liabilit") else ("assets" if group.startswith("asset") else "expenses")
    plan.kind = "largest"
    plan.group = group
    plan.pick = "min" if match.group(1).lower() in ("smallest", "lowest") else "max"
    plan.metric = f"{match.group(1).lower()} {group.removesuffix('s')}"
    plan.needs = [Need(f"{group}_lines" + (f"_{plan.target_year}" if plan.target_year else ""), group, plan.target_year, "rows", (statement,), question, group)]
    return True
