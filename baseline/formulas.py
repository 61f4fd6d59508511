"""Formulas: the definitions a question states and the textbook definitions of the metrics
it names, as expressions over line-item needs.

Definitions the question states come first ("X is defined as: ...", "Define X as ..."),
then textbook ones: margins, returns, turnover, days outstanding, liquidity and leverage
ratios, payout, EBITDA, free cash flow, working capital, a line item as a share of revenue.
Each figure becomes a ``Need`` (one line item, one year).
"""
from __future__ import annotations

import re
from collections.abc import Callable

from baseline.expr import Alt, Expr, Fn, Num, Op, Ref
from baseline.needs import Need, make_need
from baseline.wording import years_in

Metric = Callable[["Builder", "int | None"], Expr]


class Builder:
    """Collects the needs of the expressions it builds."""

    def __init__(self, question: str, definitions: dict[str, str] | None = None):
        self.question = question
        self.definitions = definitions or {}
        self.needs: dict[str, Need] = {}

    def ref(self, phrase: str, year: int | None) -> Expr:
        need = make_need(phrase, year, self.question)
        self.needs.setdefault(need.key, need)
        return Ref(need.key)


def _div(a: Expr, b: Expr) -> Expr:
    return Op("/", a, b)


def as_percent(e: Expr) -> Expr:
    return Op("*", e, Num(100.0))


def _avg2(b: Builder, phrase: str, year: int | None) -> Expr:
    if year is None:
        return b.ref(phrase, None)
    return Fn("avg", (b.ref(phrase, year - 1), b.ref(phrase, year)))


# --- textbook metrics: (pattern, result kind, builder) ------------------------------------

def _gross_profit(b: Builder, y: int | None) -> Expr:
    return Alt(b.ref("gross profit", y), Op("-", b.ref("revenue", y), b.ref("cogs", y)))


def _ebitda(b: Builder, y: int | None) -> Expr:
    defined = _defined(b, "ebitda", y)
    return defined if defined is not None else Op("+", b.ref("operating income", y), b.ref("d&a", y))


def _fcf(b: Builder, y: int | None) -> Expr:
    defined = _defined(b, "free cash flow", y) or _defined(b, "fcf", y)
    return defined if defined is not None else Op("-", b.ref("cash from operations", y), Fn("abs", (b.ref("capex", y),)))


def total_debt(b: Builder, y: int | None) -> Expr:
    """Total debt as printed, else long-term debt plus its current portion, else long-term debt."""
    long_term = b.ref("long-term debt", y)
    return Alt(b.ref("total debt", y), Alt(Op("+", long_term, b.ref("current portion of long-term debt", y)), long_term))


TEXTBOOK: list[tuple[str, str, Metric]] = [
    (r"ebitda (?:% )?margin", "percent", lambda b, y: as_percent(_div(_ebitda(b, y), b.ref("revenue", y)))),
    (r"gross (?:profit )?margin", "percent", lambda b, y: as_percent(_div(_gross_profit(b, y), b.ref("revenue", y)))),
    (r"operating (?:income |profit )?margin|ebit margin", "percent", lambda b, y: as_percent(_div(b.ref("operating income", y), b.ref("revenue", y)))),
    (r"net (?:profit |income )?margin|profit margin|net earnings as a percent(?:age)? of (?:net )?(?:sales|revenues?)", "percent",
     lambda b, y: as_percent(_div(b.ref("net income", y), b.ref("revenue", y)))),
    (r"free cash ?flow conversion|fcf conversion", "percent", lambda b, y: as_percent(_div(_fcf(b, y), b.ref("net income", y)))),
    (r"free cash ?flow|\bfcf\b", "amount", _fcf),
    (r"ebitda", "amount", _ebitda),
    (r"gross profit", "amount", _gross_profit),
    (r"working capital ratio|current ratio", "ratio", lambda b, y: _div(b.ref("current assets", y), b.ref("current liabilities", y))),
    (r"quick ratio|acid[- ]test", "ratio", lambda b, y: _div(Op("-", b.ref("current assets", y), b.ref("inventories", y)), b.ref("current liabilities", y))),
    (r"operating cash flow ratio", "ratio", lambda b, y: _div(b.ref("cash from operations", y), b.ref("current liabilities", y))),
    (r"cash ratio", "ratio", lambda b, y: _div(b.ref("cash and cash equivalents", y), b.ref("current liabilities", y))),
    (r"working capital", "amount", lambda b, y: Op("-", b.ref("current assets", y), b.ref("current liabilities", y))),
    (r"debt[- ]to[- ]equity", "ratio", lambda b, y: _div(total_debt(b, y), b.ref("total equity", y))),
    (r"return on assets|\broa\b", "ratio", lambda b, y: _div(b.ref("net income", y), _avg2(b, "total assets", y))),
    (r"return on equity|\broe\b", "ratio", lambda b, y: _div(b.ref("net income", y), _avg2(b, "total equity", y))),
    (r"fixed asset turnover", "ratio", lambda b, y: _div(b.ref("revenue", y), _avg2(b, "pp&e", y))),
    (r"(?:total )?asset turnover", "ratio", lambda b, y: _div(b.ref("revenue", y), _avg2(b, "total assets", y))),
    (r"inventory turnover", "ratio", lambda b, y: _div(b.ref("cogs", y), _avg2(b, "inventories", y))),
    (r"days payable outstanding|\bdpo\b", "days", lambda b, y: _div(Op("*", Num(365), _avg2(b, "accounts payable", y)), b.ref("cogs", y))),
    (r"days sales outstanding|\bdso\b", "days", lambda b, y: _div(Op("*", Num(365), _avg2(b, "accounts receivable", y)), b.ref("revenue", y))),
    (r"days inventory outstanding|\bdio\b", "days", lambda b, y: _div(Op("*", Num(365), _avg2(b, "inventories", y)), b.ref("cogs", y))),
    (r"dividend payout ratio|payout ratio", "ratio", lambda b, y: _div(Fn("abs", (b.ref("dividends", y),)), b.ref("net income", y))),
    (r"retention ratio", "ratio", lambda b, y: Op("-", Num(1), _div(Fn("abs", (b.ref("dividends", y),)), b.ref("net income", y)))),
    (r"effective (?:income )?tax rate", "percent", lambda b, y: Alt(b.ref("effective tax rate", y), as_percent(_div(b.ref("provision for income taxes", y), b.ref("income before income taxes", y))))),
    (r"interest coverage", "ratio", lambda b, y: _div(b.ref("operating income", y), b.ref("interest expense", y))),
]


def textbook(name: str) -> tuple[str, Metric] | None:
    for pattern, kind, build in TEXTBOOK:
        if re.search(pattern, name, re.IGNORECASE):
            return kind, build
    share = re.search(r"(.+?)\s+(?:as a (?:%|percent(?:age)?) of|to) (?:total |net )?(?:revenues?|sales)", name, re.IGNORECASE) or re.search(r"(.+?)\s*%\s*margin", name, re.IGNORECASE)
    if share:
        item = _clean_item(share.group(1))
        if item:
            return "percent", lambda b, y, item=item: as_percent(_div(_item_or_metric(b, item, y), b.ref("revenue", y)))
    return None


def _item_or_metric(b: Builder, name: str, year: int | None) -> Expr:
    defined = _defined(b, name, year)
    if defined is not None:
        return defined
    found = textbook(name)
    if found is not None and found[0] == "amount":
        return found[1](b, year)
    return b.ref(name, year)


def _clean_item(text: str) -> str:
    text = re.sub(r"(?i)\bfy\s?\d{2,4}\b|\b\d{4}\b|\s-\s", " ", text)
    text = re.sub(r"(?i)^(?:\s*(?:the|average|of|year|three|two|3|2|unadjusted|annual|-)\b)+", " ", text)
    return " ".join(text.split()).strip(" ,.-")


# --- stated definitions ----------------------------------------------------------------

_DEFINE = [
    re.compile(r"(?P<name>[A-Za-z][\w &'()/-]{0,60}?)\s+(?:here\s+)?is defined as:?\s*(?P<body>.+?)(?=\.\s+[A-Z]|\.$|\?|$)", re.DOTALL),
    re.compile(r"Define (?P<name>[A-Za-z][\w &'()/-]{0,60}?) as:?\s*(?P<body>.+?)(?=\.\s+[A-Z]|\.$|\?|$)", re.DOTALL),
]


def definitions(question: str) -> dict[str, str]:
    """Metric name -> the definition the question states for it."""
    found: dict[str, str] = {}
    for pattern in _DEFINE:
        for match in pattern.finditer(question):
            name = match.group("name").strip().lower()
            name = re.sub(r"^(?:the|an?|fy\s?\d{4})\s+", "", name)
            name = re.sub(r"\s*\([^)]*\)\s*$", "", name)
            found[name] = match.group("body").strip()
    return found


def normalise_name(name: str) -> str:
    return " ".join(re.sub(r"(?i)\b(?:unadjusted|the|fy\s?\d{4})\b", " ", name.lower()).split())


def _defined(b: Builder, name: str, year: int | None) -> Expr | None:
    wanted = normalise_name(name)
    for defined, body in b.definitions.items():
        if normalise_name(defined) == wanted or normalise_name(defined).rstrip("s") == wanted.rstrip("s"):
            try:
                return parse_expression(body, b, year, depth=1)
            except ValueError:
                return None
    return None


_TOKEN = re.compile(
    r"\s*(\d+(?:\.\d+)?(?![\w])|[-+*/()×÷]|divided by|multiplied by|times|less|minus|plus|"
    r"[^-+*/()×÷]+?(?=\s*(?:[-+*/()×÷]|divided by|multiplied by|\btimes\b|\bless\b|\bminus\b|\bplus\b|$)))",
    re.IGNORECASE,
)
_WORD_OPS = {"divided by": "/", "multiplied by": "*", "times": "*", "less": "-", "minus": "-", "plus": "+", "×": "*", "÷": "/"}


def parse_expression(body: str, b: Builder, year: int | None, depth: int = 0) -> Expr:
    """A stated definition, ``365 * (average receivables between FY2020 and FY2021) / FY2021
    revenue``, as an expression; terms are line items, other stated definitions or textbook
    metrics."""
    if depth > 4:
        raise ValueError("definitions nest too deeply")
    body = re.sub(r"\[[^\]]*\]", " ", body)  # "[from cash flow statement]": a hint, not a term
    body = re.sub(r"\((?=\s*(?:from|as (?:shown|reported)|per|in the)\b)[^)]*\)", " ", body, flags=re.IGNORECASE)
    body = re.sub(r"(?i)\s+from the (?:cash flow statement|statement of cash flows|income statement|balance sheet)", " ", body)
    tokens = [t.strip() for t in _TOKEN.findall(body) if t.strip()]
    tokens = [_WORD_OPS.get(t.lower(), t) for t in tokens]
    position = 0

    def term(text: str) -> Expr:
        lowered = text.strip().lower()
        between = re.search(r"(average|change in)\s+(.+?)\s+between\s+fy\s?(\d{4})\s+and\s+fy\s?(\d{4})", lowered)
        if between:
            kind, phrase, a, c = between.group(1), between.group(2), int(between.group(3)), int(between.group(4))
            first, second = b.ref(phrase, a), b.ref(phrase, c)
            return Fn("avg", (first, second)) if kind == "average" else Op("-", second, first)
        years = years_in(text)
        phrase = re.sub(r"\bfy\s?\d{4}\b", " ", lowered).strip()
        if not re.search(r"[a-z]", phrase):
            raise ValueError(f"no figure in term {text!r}")
        at = years[0] if years else year
        if depth < 4:
            defined = _defined(b, phrase, at)
            if defined is not None:
                return defined
        found = textbook(phrase)
        if found is not None and found[0] in ("amount", "days"):
            return found[1](b, at)
        return b.ref(phrase, at)

    def parse_sum() -> Expr:
        nonlocal position
        left = parse_product()
        while position < len(tokens) and tokens[position] in ("+", "-"):
            op = tokens[position]
            position += 1
            left = Op(op, left, parse_product())
        return left

    def parse_product() -> Expr:
        nonlocal position
        left = parse_atom()
        while position < len(tokens) and tokens[position] in ("*", "/"):
            op = tokens[position]
            position += 1
            left = Op(op, left, parse_atom())
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
            return Num(float(token))
        return term(token)

    expr = parse_sum()
    if position < len(tokens) and tokens[position] not in (")",):
        raise ValueError(f"unexpected {tokens[position]!r}")
    return expr
