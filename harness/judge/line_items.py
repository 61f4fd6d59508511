"""Which line item of the statements a value is said to be: "$742 million of total debt" is
not an answer to "How much cash did it hold?", whatever its digits.

``value_scope`` already reads the pairs of metrics that are easily taken for each other
(assets and liabilities, gross and operating margin, capex and depreciation). This reads
the plain line items a question asks by name (cash, debt, inventories, receivables,
payables, goodwill, revenue, net income, operating income, dividends, buybacks, capex) and the
one an answer names for a value: right after it ("$742 million of cash", "$742 million in
receivables") or in the clause that leads to it ("total debt was $742 million").

It speaks only where it is sure: the question (with a worded gold's own words) names one
item of the list and no other, the value's label names another and not that one. A label
that names none ("it held $742 million") or both is left alone.
"""
from __future__ import annotations

import re

# Each item as the statements and answers name it. Cash is a balance, not a flow: "cash
# flow", "cash from operations" or "cash dividends" name other things.
_ITEMS = {
    "cash": r"cash(?:\s+and\s+(?:cash\s+)?equivalents)?(?!\s*(?:flows?|from|provided|used|generated|paid|dividends?|conversion|taxes|outflows?|inflows?|interest|cost|-))",
    "debt": r"(?:total\s+|long-term\s+|short-term\s+)?(?:debt|borrowings)|notes\s+payable",
    "inventory": r"inventor(?:y|ies)",
    "receivables": r"(?:accounts\s+|trade\s+)?receivables?",
    "payables": r"(?:accounts|trade)\s+payables?|(?<!notes\s)payables",
    "goodwill": r"goodwill",
    "revenue": r"(?:total\s+|net\s+)?revenues?|net\s+sales",
    "net income": r"net\s+(?:income|earnings|profit)(?!\s+(?:%\s*|percent(?:age)?\s+)?margin)",
    "operating income": r"operating\s+(?:income|profit)(?!\s+(?:%\s*|percent(?:age)?\s+)?margin)",
    "dividends": r"dividends?(?!\s+per\s+share)",
    "buybacks": r"(?:share|stock)\s+(?:repurchases?|buybacks?)|buybacks?",
    "capex": r"capital\s+(?:expenditures?|spending)|capex",
    # A share of units is not a share of revenue.
    "volume": r"(?:unit\s+)?shipments|(?:unit|sales)\s+volumes?|units\s+(?:sold|shipped)",
    # A margin is not the line item it is a margin of ("operating income" above never takes
    # "margin" after it), nor another item's growth.
    "margin": r"(?:gross|operating|net|ebitda|ebit|profit|pre-?tax)\s+(?:profit\s+|income\s+|earnings\s+)?(?:%\s*|percent(?:age)?\s+)?margins?",
    # Counts a platform reports side by side: its users are not its paying subscribers.
    "subscribers": r"(?:paid\s+|paying\s+)?(?:subscribers?|subscriptions|memberships|members)",
    "users": r"(?:(?:monthly|daily|weekly)\s+)?(?:active\s+)?users|[md]aus?",
}
_ITEM = re.compile(r"\b(?:" + "|".join(f"(?P<{k.replace(' ', '_')}>{v})" for k, v in _ITEMS.items()) + r")\b", re.IGNORECASE)
# The item a value is of, right after it and its scale: "$742 million of cash", "in receivables".
_ITEM_AFTER = re.compile(
    # "of" or "in" before the item (and a name's possessive: "of Coral Devices' unit shipments"),
    # or a count's noun right after it ("48.2 million monthly active users")
    r"\s*(?:thousand|million|billion|mn|bn|[mbk])?\b\s*(?:(?:of|in)\s+(?:(?:its|their|the|company's|total)\s+|(?-i:(?:[A-Z][\w&.-]*\s+){0,3}[A-Z][\w&.-]*['’]s?\s+))*|(?=(?:monthly|daily|weekly|active|paid|paying|users|subscribers|subscriptions|members|memberships|[md]aus?)\b))"
    # The period the item is of, before it: "14% of FY2020 accounts receivable".
    r"(?:(?:FY|fiscal\s+(?:year\s+)?)?(?:19|20)\d\d\s+)?(?P<item>[\w\s,&-]{2,50})",
    re.IGNORECASE,
)
# Where the clause that leads to a value starts: a value's label is the last clause's words.
_CLAUSE_START = re.compile(r"[,;:(]|\b(?:and|while|whereas|but|after|before|with)\b", re.IGNORECASE)


def items_named(text: str) -> set[str]:
    """The line items of the list ``text`` names ("total debt" -> {"debt"})."""
    return {(m.lastgroup or "").replace("_", " ") for m in _ITEM.finditer(text)}


def value_item(before: str, after: str) -> set[str]:
    """The items a value is said to be, from the words ``after`` it ("of cash", read first)
    or else the clause ``before`` it ("Total debt was")."""
    m = _ITEM_AFTER.match(after)
    if m:
        named = {(n.lastgroup or "").replace("_", " ") for n in _ITEM.finditer(m.group("item")) if n.start() == 0}
        if named:
            return named
    # "Dividends paid: $742": the label a colon closes is the value's (the value's span
    # starts at its digits, after its sign and currency).
    before = before.rstrip(" \t$€£-−(")
    before = before[:-1] if before.endswith(":") else before
    starts = [c.end() for c in _CLAUSE_START.finditer(before)]
    return items_named(before[starts[-1] if starts else 0:])


def another_line_item(before: str, after: str, asked: str) -> bool:
    """Is the value whose sentence has ``before`` and ``after`` around it said to be another
    line item than the one ``asked`` (the question, with a worded gold's words) names?"""
    wanted = items_named(asked)
    if len(wanted) != 1:
        return False  # no item of the list, or a question of two ("capex as a % of revenue")
    said = value_item(before, after)
    if wanted == {"margin"} and said == {"revenue"}:
        return False  # "an EBITDA margin of 5.4% of net revenue": a margin's base, not another item
    return bool(said) and not said & wanted


def item_as_named(text: str) -> str:
    """The first line item of the list ``text`` names, as it writes it ("capital expenditure")."""
    m = _ITEM.search(text)
    return m.group(0) if m else ""

