"""Where figures live in a filing: the primary statements and the line items on each.

General accounting knowledge, not knowledge of any filing: capital expenditures and
depreciation are read from the statement of cash flows, inventories from the balance
sheet, net sales from the income statement. A question often names the statement to use
("based on the cash flow statement"); a section index names the statements in its titles
("consolidated_statements_of_cash_flows") or lists their rows in a summary ("Table rows:
Net sales, Cost of sales, ...").
"""
from __future__ import annotations

import re

CASH_FLOW, BALANCE, INCOME = "cash_flow", "balance_sheet", "income"

# How questions and titles name each statement.
_NAMED = {
    CASH_FLOW: re.compile(r"cash ?flows? statements?|statements? of (?:consolidated )?cash ?flows?|cash flow", re.IGNORECASE),
    BALANCE: re.compile(r"balance sheets?|statements? of (?:consolidated )?financial (?:position|condition)", re.IGNORECASE),
    INCOME: re.compile(
        r"income statements?|statements? of (?:consolidated )?(?:comprehensive )?(?:income|operations|earnings)|\bp ?& ?l\b|profit and loss",
        re.IGNORECASE,
    ),
}
_NOT_A_STATEMENT = re.compile(
    r"\bnotes?\b|supplement|non[- ]?gaap|free cash|schedule|segment|quarterly|selected|summary|discussion|liquidity|"
    r"changes in|(?:stockholders|shareholders)[’']? (?:equity|deficit)|statements? of equity|from operating activities|"
    r"policies|reconciliation|analysis|off[- ]balance|arrangements|average|pro forma",
    re.IGNORECASE,
)
_ONLY_COMPREHENSIVE = re.compile(r"comprehensive (?:income|loss|earnings)", re.IGNORECASE)
_INCOME_AND_COMPREHENSIVE = re.compile(r"(?:income|operations|earnings) and comprehensive", re.IGNORECASE)

# Line item (a need's phrase) -> the statements it is printed on, most usual first.
HOMES: list[tuple[re.Pattern[str], tuple[str, ...]]] = [
    (re.compile(r"capital expenditure|purchases? of property|payments for property|additions to property|capex", re.IGNORECASE), (CASH_FLOW,)),
    (re.compile(r"depreciation|amortization", re.IGNORECASE), (CASH_FLOW, INCOME)),
    (re.compile(r"dividends? paid|cash dividends|payments of dividends|repurchase|treasury stock", re.IGNORECASE), (CASH_FLOW,)),
    (re.compile(r"(?:net )?cash (?:provided|used|from|generated)|operating activities|investing activities|financing activities", re.IGNORECASE), (CASH_FLOW,)),
    (re.compile(r"current assets|current liabilities|total assets|total liabilities|inventor|accounts payable|receivable|"
                r"property,? (?:plant )?and equipment|goodwill|cash and cash equivalents|equity|long-term debt|deferred revenue|"
                r"retained earnings|accrued", re.IGNORECASE), (BALANCE,)),
    (re.compile(r"revenue|net sales|sales|cost of (?:sales|goods|revenue)|gross (?:profit|margin)|operating income|"
                r"income from operations|operating profit|net income|net earnings|interest expense|income tax|"
                r"selling, general|research and development|earnings per share|operating expenses", re.IGNORECASE), (INCOME,)),
]


def named_statements(text: str) -> list[str]:
    """The statements a question (or task) names, in the order it names them."""
    found = []
    for kind, pattern in _NAMED.items():
        match = pattern.search(text)
        if match:
            found.append((match.start(), kind))
    return [kind for _, kind in sorted(found)]


def homes(phrase: str) -> tuple[str, ...]:
    for pattern, kinds in HOMES:
        if pattern.search(phrase):
            return kinds
    return ()


def preferred_statements(phrase: str, question: str) -> tuple[str, ...]:
    """Where to look for a line item: its usual statements, the one the question names first."""
    usual = homes(phrase)
    named = named_statements(question)
    first = [k for k in usual if k in named]
    return tuple(first + [k for k in usual if k not in first])


def statement_kind(title: str) -> str:
    """The primary statement a section title names, or ""."""
    text = title.replace("_", " ")
    if _NOT_A_STATEMENT.search(text):
        return ""
    if _ONLY_COMPREHENSIVE.search(text) and not _INCOME_AND_COMPREHENSIVE.search(text):
        return ""
    if not re.search(r"consolidated|condensed|statements?|balance sheet", text, re.IGNORECASE):
        return ""
    for kind in (CASH_FLOW, BALANCE, INCOME):
        if _NAMED[kind].search(text):
            return kind
    return ""
