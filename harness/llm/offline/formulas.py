"""Formulas for questions that ask for a computed metric.

Two sources, in order: definitions the question states ("X is defined as: ...", "Define X
as ..."), parsed into an expression over figures; then textbook definitions of metrics a
question names without defining (margins, growth, CAGR, averages over years, payout,
EBITDA, free cash flow, working capital). Each figure becomes a ``Need`` (one line item,
one year) for the retrievers to find.
"""
from __future__ import annotations

import re
from typing import Callable

from harness.llm.offline.question import Need, _key, years_in

Expr = Callable[[dict[str, float]], float]
Formula = tuple[Expr, list[Need], str]

# What filings call the figures questions name, so that a need's phrase finds its row.
CANONICAL: list[tuple[str, str]] = [
    (r"capex|capital expenditures?", "capital expenditures|purchases of property|payments for property|additions to property"),
    (r"cash from operations|operating cash flow|cash flow from operating activities|cash flows? from operations", "net cash provided by operating activities|cash provided by operations|net cash from operating activities"),
    (r"d&a|depreciation and amortization", "depreciation and amortization|depreciation, amortization"),
    (r"unadjusted operating income|operating income|ebit\b|operating profit", "operating income|income from operations|operating profit"),
    (r"cogs|cost of goods sold|cost of sales|cost of revenue", "cost of sales|cost of goods sold|cost of revenue"),
    (r"net income attributable to shareholders|net income|net profit|net earnings", "net income|net earnings"),
    (r"total revenue|net revenue|revenues?|net sales|sales", "total revenues?|net sales|net revenues?|total net sales"),
    (r"pp&e|ppne|net ppe|property, plant,? and equipment|fixed assets", "property, plant and equipment, net|property and equipment, net|property, plant and equipment"),
    (r"total current assets|current assets", "total current assets"),
    (r"total current liabilities|current liabilities", "total current liabilities"),
    (r"total assets", "total assets"),
    (r"accounts payable", "accounts payable"),
    (r"accounts receivable|receivables", "accounts receivable|receivables, net|trade receivables"),
    (r"inventor(?:y|ies)", "inventories|merchandise inventories|inventory"),
    (r"total cash dividends paid|cash dividends|dividends", "dividends paid|cash dividends|payments of dividends|dividends"),
    (r"interest expense", "interest expense"),
    (r"total equity|shareholders'? equity|stockholders'? equity", "total equity|total shareholders' equity|total stockholders' equity"),
]


def canonical(phrase: str) -> str:
    text = re.sub(r"\(.*?\)|\[.*?\]", " ", phrase.lower()).strip()
    for pattern, name in CANONICAL:
        if re.search(rf"(?<![a-z]){pattern}", text):
            return name
    return " ".join(text.split())


class _Builder:
    """Collects needs while building an expression."""

    def __init__(self, default_year: int | None):
        self.default_year = default_year
        self.needs: dict[str, Need] = {}

    def ref(self, phrase: str, year: int | None = None) -> Expr:
        year = year or self.default_year
        name = canonical(phrase)
        key = _key(name, year)
        self.needs.setdefault(key, Need(key, name, year))
        return lambda values, key=key: values[key]


def formula_for(question: str, years: list[int]) -> Formula | None:
    target = max(years) if years else None
    definitions = _definitions(question)
    asked = _asked_metric(question)
    if definitions:
        name = _best_definition(asked, definitions)
        builder = _Builder(target)
        try:
            expr = _parse_expression(definitions[name], builder, definitions, depth=0)
        except ValueError:
            expr = None
        if expr is not None and builder.needs:
            scale = 100.0 if _wants_percent(question) and not _already_percent(definitions[name]) else 1.0
            final = (lambda v, e=expr, s=scale: e(v) * s)
            return final, list(builder.needs.values()), f"{name} = {definitions[name]}"
    return _textbook(question, years)


# --- stated definitions ----------------------------------------------------------------

_DEFINE = [
    re.compile(r"(?P<name>[A-Za-z][\w &'()-]{0,60}?)\s+(?:here\s+)?is defined as:?\s*(?P<body>.+?)(?=\.\s+[A-Z]|\.$|$)", re.S),
    re.compile(r"Define (?P<name>[A-Za-z][\w &'()-]{0,60}?) as:?\s*(?P<body>.+?)(?=\.\s+[A-Z]|\.$|$)", re.S),
    re.compile(r"Calculate (?P<name>[A-Za-z][\w &'()-]{0,60}?) using (?P<body>.+?)(?=\.\s+[A-Z]|\.$|$)", re.S),
]


def _definitions(question: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for pattern in _DEFINE:
        for match in pattern.finditer(question):
            name = match.group("name").strip().lower()
            name = re.sub(r"^(?:the|an?|fy\d{4})\s+", "", name)
            body = match.group("body").strip()
            if pattern.pattern.startswith("Calculate"):
                body = re.sub(r"\band\b", "+", body)  # "using operating income and D&A": a sum
            found[name] = body
    return found


def _asked_metric(question: str) -> str:
    match = re.search(r"(?i)what (?:is|was) (?:the )?(.+?)\?", question)
    return match.group(1).lower() if match else question.lower()


def _best_definition(asked: str, definitions: dict[str, str]) -> str:
    def overlap(name: str) -> int:
        words = set(re.findall(r"[a-z]+", name))
        return len(words & set(re.findall(r"[a-z]+", asked)))

    # Definitions referenced by others are components; prefer the one the question asks for.
    return max(definitions, key=lambda n: (overlap(n), -list(definitions).index(n)))


_TOKEN = re.compile(r"\s*(\d+(?:\.\d+)?(?![\w])|[-+*/()]|divided by|multiplied by|times|less|minus|plus|[^-+*/()]+?(?=\s*(?:[-+*/()]|divided by|multiplied by|\btimes\b|\bless\b|\bminus\b|\bplus\b|$)))", re.I)


def _parse_expression(body: str, builder: _Builder, definitions: dict[str, str], depth: int) -> Expr:
    if depth > 4:
        raise ValueError("definitions nest too deeply")
    body = re.sub(r"\[[^\]]*\]", " ", body)  # "[from cash flow statement]": a hint, not a term
    body = re.sub(r"\((?=\s*from\b)[^)]*\)", " ", body, flags=re.I)
    tokens = [t.strip() for t in _TOKEN.findall(body) if t.strip()]
    tokens = [{"divided by": "/", "multiplied by": "*", "times": "*", "less": "-", "minus": "-", "plus": "+"}.get(t.lower(), t) for t in tokens]
    position = 0

    def term(text: str) -> Expr:
        text = text.strip()
        lowered = text.lower()
        for name, definition in definitions.items():
            if lowered == name or lowered.rstrip("s") == name:
                return _parse_expression(definition, builder, definitions, depth + 1)
        between = re.search(r"(average|change in)\s+(.+?)\s+between\s+fy\s?(\d{4})\s+and\s+fy\s?(\d{4})", lowered)
        if between:
            kind, phrase, a, b = between.group(1), between.group(2), int(between.group(3)), int(between.group(4))
            first, second = builder.ref(phrase, a), builder.ref(phrase, b)
            if kind == "average":
                return lambda v: (first(v) + second(v)) / 2
            return lambda v: second(v) - first(v)
        years = years_in(text)
        phrase = re.sub(r"\bfy\s?\d{4}\b", " ", lowered).strip()
        if not re.search(r"[a-z]", phrase):
            raise ValueError(f"no figure in term {text!r}")
        return builder.ref(phrase, years[0] if years else None)

    def parse_sum() -> Expr:
        nonlocal position
        left = parse_product()
        while position < len(tokens) and tokens[position] in "+-":
            op = tokens[position]
            position += 1
            right = parse_product()
            left = (lambda v, a=left, b=right: a(v) + b(v)) if op == "+" else (lambda v, a=left, b=right: a(v) - b(v))
        return left

    def parse_product() -> Expr:
        nonlocal position
        left = parse_atom()
        while position < len(tokens) and tokens[position] in "*/":
            op = tokens[position]
            position += 1
            right = parse_atom()
            left = (lambda v, a=left, b=right: a(v) * b(v)) if op == "*" else (lambda v, a=left, b=right: a(v) / b(v))
        return left

    def parse_atom() -> Expr:
        nonlocal position
        if position >= len(tokens):
            raise ValueError("expression ends early")
        token = tokens[position]
        position += 1
        if token == "(":
            inner = parse_sum()
            if position < len(tokens) and tokens[position] == ")":
                position += 1
            return inner
        if re.fullmatch(r"\d+(?:\.\d+)?", token):
            number = float(token)
            return lambda v, n=number: n
        return term(token)

    expr = parse_sum()
    return expr


def _wants_percent(question: str) -> bool:
    return bool(re.search(r"(?i)in units of percents?|% margin|as a %|percentage", question))


def _already_percent(body: str) -> bool:
    return "100" in body


# --- textbook definitions --------------------------------------------------------------

def _span(question: str, years: list[int]) -> list[int]:
    if len(years) >= 2:
        return list(range(min(years), max(years) + 1))
    return years


def _textbook(question: str, years: list[int]) -> Formula | None:
    q = question.lower()
    target = max(years) if years else None
    b = _Builder(target)
    span = _span(question, years)

    def ratio_over_years(numerator: str, denominator: str, percent: bool) -> Expr:
        pairs = [(b.ref(numerator, y), b.ref(denominator, y)) for y in (span if "average" in q and len(span) > 1 else [target])]
        factor = 100.0 if percent else 1.0
        return lambda v: factor * sum(n(v) / d(v) for n, d in pairs) / len(pairs)

    margin = re.search(r"(?:average(?: of)? )?(?:unadjusted )?([a-z&' ]+?) (?:% margin|as a % of (?:total )?revenue)", q)
    if "cagr" in q and len(years) >= 2:
        metric = _metric_before(q, "cagr") or "total revenue"
        a, c = b.ref(metric, min(years)), b.ref(metric, max(years))
        n = max(years) - min(years)
        return (lambda v: ((c(v) / a(v)) ** (1 / n) - 1) * 100), list(b.needs.values()), f"CAGR of {metric}"
    if re.search(r"change in .*% margin", q) and len(years) >= 2:
        metric = re.search(r"change in (?:unadjusted )?([a-z&' ]+?) % margin", q)
        name = metric.group(1) if metric else "operating income"
        first = (b.ref(name, min(years)), b.ref("revenue", min(years)))
        last = (b.ref(name, max(years)), b.ref("revenue", max(years)))
        return (lambda v: 100 * (last[0](v) / last[1](v) - first[0](v) / first[1](v))), list(b.needs.values()), f"change in {name} margin"
    if re.search(r"year-over-year change|growth rate|\bgrowth\b", q) and len(years) >= 2:
        metric = re.search(r"(?:change in|growth rate (?:of|in)?)\s*(?:unadjusted )?([a-z&' ]+?)(?: from| between|\s*\(|\?|$)", q)
        name = metric.group(1) if metric and metric.group(1).strip() else _metric_before(q, "growth rate") or "total revenue"
        a, c = b.ref(name, min(years)), b.ref(name, max(years))
        return (lambda v: (c(v) / a(v) - 1) * 100), list(b.needs.values()), f"growth of {name}"
    if "ebitda" in q:
        oi, da = b.ref("operating income"), b.ref("depreciation and amortization")
        if "less capex" in q:
            capex = b.ref("capex")
            return (lambda v: oi(v) + da(v) - abs(capex(v))), list(b.needs.values()), "EBITDA - capex"
        if "margin" in q:
            pairs = [(b.ref("operating income", y), b.ref("depreciation and amortization", y), b.ref("revenue", y)) for y in (span if "average" in q else [target])]
            return (lambda v: 100 * sum((o(v) + d(v)) / r(v) for o, d, r in pairs) / len(pairs)), list(b.needs.values()), "EBITDA margin"
        return (lambda v: oi(v) + da(v)), list(b.needs.values()), "EBITDA = operating income + D&A"
    if "payout ratio" in q or "retention ratio" in q:
        div, ni = b.ref("dividends"), b.ref("net income")
        if "retention" in q:
            return (lambda v: 1 - abs(div(v)) / ni(v)), list(b.needs.values()), "retention = 1 - dividends / net income"
        return (lambda v: abs(div(v)) / ni(v)), list(b.needs.values()), "payout = dividends / net income"
    if "free cash flow" in q or re.search(r"\bfcf\b", q):
        cfo, capex = b.ref("cash from operations"), b.ref("capex")
        return (lambda v: cfo(v) - abs(capex(v))), list(b.needs.values()), "FCF = cash from operations - capex"
    if "net working capital" in q:
        ca, cl = b.ref("current assets"), b.ref("current liabilities")
        return (lambda v: ca(v) - cl(v)), list(b.needs.values()), "working capital = current assets - current liabilities"
    if "working capital ratio" in q or "current ratio" in q:
        ca, cl = b.ref("current assets"), b.ref("current liabilities")
        return (lambda v: ca(v) / cl(v)), list(b.needs.values()), "current ratio"
    if "quick ratio" in q:
        ca, inv, cl = b.ref("current assets"), b.ref("inventories"), b.ref("current liabilities")
        return (lambda v: (ca(v) - inv(v)) / cl(v)), list(b.needs.values()), "quick ratio = (current assets - inventories) / current liabilities"
    if margin:
        name = margin.group(1).replace("average", "").replace("year", "").strip()
        name = re.sub(r"^(?:the |\d+ |three |two |of )+", "", name).strip() or "net income"
        expr = ratio_over_years(name, "revenue", True)
        return expr, list(b.needs.values()), f"{name} / revenue"
    return None


def _metric_before(q: str, word: str) -> str:
    match = re.search(rf"([a-z&' ]+?)\s+{word}", q)
    if not match:
        return ""
    words = [w for w in match.group(1).split() if w not in ("the", "what", "is", "year", "total", "fy", "2", "two", "3", "three")]
    return " ".join(words[-3:])
