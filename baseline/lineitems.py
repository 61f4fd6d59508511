"""Line items: what filings call the figures questions name, and whether a row is one.

``canonical`` turns a question's name for a figure ("capex", "COGS", "PP&E") into the
names filings print ("purchases of property, plant and equipment|capital expenditures|...").
``label_score`` says how well a table row's label names a figure: every word of one of the
names must be in the label, and a label that adds a word changing the meaning ("cost of
sales" for "sales", "deferred revenue" for "revenue", "... per share", "... attributable to
noncontrolling interests") is not the figure.
"""
from __future__ import annotations

import re

from baseline.text import stem, terms

# question phrase (regex) -> the names filings use, most specific first.
CANONICAL: list[tuple[str, str]] = [
    (r"capex|capital expenditures?|purchases? of (?:property|pp&e)", "purchases of property, plant and equipment|capital expenditures|purchases of property and equipment|payments for property|additions to property|purchases of pp&e|purchases of land, buildings and equipment|capital spending|payments for acquisition of property"),
    (r"cash from operations|operating cash flows?|cash flows? from operating activities|cash flows? from operations|net cash (?:provided by|from) operating activities|cash provided by operations",
     "net cash provided by operating activities|net cash from operating activities|cash provided by operations|net cash provided by operations|cash provided by operating activities|cash flows from operating activities|net cash provided by (used in) operating activities"),
    (r"cash flows? from investing|investing activities", "net cash used in investing activities|net cash provided by investing activities|net cash from investing activities|cash used in investing activities|cash provided by investing activities|cash flows from investing activities"),
    (r"cash flows? from financing|financing activities", "net cash used in financing activities|net cash provided by financing activities|net cash from financing activities|cash used in financing activities|cash provided by financing activities|cash flows from financing activities"),
    (r"d&a|depreciation and amortization|depreciation & amortization|depreciation, amortization", "depreciation and amortization|depreciation, amortization|depreciation & amortization|depreciation, depletion and amortization"),
    (r"gross profit|gross margin dollars", "gross profit|gross margin"),
    (r"unadjusted operating income|operating income|\bebit\b|operating profit|income from operations", "operating income|income from operations|operating profit|operating income (loss)|income (loss) from operations"),
    (r"cogs|cost of goods sold|cost of sales|cost of revenues?|cost of products sold", "cost of sales|cost of goods sold|cost of revenues|cost of revenue|cost of products sold|total cost of revenues|cost of merchandise sold"),
    (r"net income attributable to (?:common )?(?:shareholders|stockholders)|net income|net profit|net earnings",
     "net income attributable|net earnings attributable|net income|net earnings|net income (loss)"),
    (r"total revenues?|net revenues?|revenues?|net sales|total net sales|top ?line|sales", "total revenues|total net revenues|total net revenue|net revenues|net revenue|net sales|total net sales|revenues|revenue|total revenue|sales"),
    (r"pp&e|ppne|net ppe|\bppe\b|property,? plant,? (?:and|&) equipment|property and equipment|fixed assets",
     "property, plant and equipment, net|property and equipment, net|net property, plant and equipment|land, buildings and equipment, net|land, buildings and equipment|property, plant and equipment|property and equipment"),
    (r"total current assets|current assets", "total current assets"),
    (r"total current liabilities|current liabilities", "total current liabilities"),
    (r"total assets", "total assets"),
    (r"total liabilities", "total liabilities"),
    (r"accounts payable|trade payables", "accounts payable|trade payables|accounts payable and accrued|trade accounts payable"),
    (r"accounts receivable|receivables", "accounts receivable, net|accounts receivable|receivables, net|trade receivables|receivables"),
    (r"inventor(?:y|ies)", "inventories|merchandise inventories|inventory|inventories, net"),
    (r"total cash dividends paid|cash dividends|dividends paid|dividends", "dividends paid|cash dividends paid|payments of dividends|dividends paid to shareholders|cash dividends|dividends"),
    (r"interest expense", "interest expense|interest expense, net"),
    (r"total equity|shareholders'? equity|stockholders'? equity", "total equity|total shareholders' equity|total stockholders' equity|total shareholders’ equity|total stockholders’ equity"),
    (r"cash and cash equivalents|cash & cash equivalents|\bcash\b", "cash and cash equivalents|cash and equivalents|cash, cash equivalents"),
    (r"current portion of long[- ]term debt|current maturities", "current portion of long-term debt|current maturities of long-term debt|long-term debt due within one year|short-term debt"),
    (r"long[- ]term debt", "long-term debt|long-term debt, net|long-term borrowings"),
    (r"total debt|\bdebt\b|borrowings", "total debt|total borrowings"),
    (r"selling,? general and administrative|sg&a", "selling, general and administrative expenses|selling, general and administrative"),
    (r"research and development|r&d", "research and development|research, development and related expenses"),
    (r"income before (?:income )?tax(?:es)?|pre-?tax income|earnings before income taxes", "income before income taxes|earnings before income taxes|income before provision for income taxes|pretax income|income (loss) before income taxes|pretax income (loss)"),
    (r"income tax(?:es)? expense|provision for income taxes|income tax provision|income taxes", "provision for income taxes|income tax expense|income tax provision|income taxes|provision for (benefit from) income taxes"),
    (r"effective tax rate", "effective tax rate|effective income tax rate"),
]

# Line items a yes/no question may ask the trend of ("has X increased its debt?").
TREND_ITEMS = (r"pp&e|ppne|property,? plant,? (?:and|&) equipment|fixed assets|debt|cash (?:&|and) cash equivalents|revenues?|net sales|"
               r"inventor(?:y|ies)|net income|operating income|total assets|dividends")

# Words that change what a row is when the figure's own name does not contain them.
_MODIFIERS = {stem(w) for w in ["cost", "costs", "expense", "expenses", "deferred", "unearned", "receivable", "receivables", "payable", "payables", "margin", "margins", "growth", "per", "share", "noncontrolling", "non-controlling", "minority", "discontinued", "proceeds", "percent", "percentage", "purchases", "purchase", "accumulated", "depreciation", "amortization", "allowance", "impairment", "restructuring", "interest", "tax", "taxes", "change", "changes", "average", "adjusted", "other", "gain", "loss", "losses", "before", "comprehensive", "basic", "diluted", "weighted", "sale", "increase", "decrease", "reclassification", "repayment", "repayments", "issuance", "acquired", "acquisition", "lease", "leases", "current", "noncurrent", "long-term", "short-term"]}
_SOFT = {stem(w) for w in ["other", "before", "adjusted", "lease", "leases"]}
_FILLER = {stem(w) for w in ["of", "and", "the", "from", "in", "by", "for", "to", "a", "used", "provided", "consolidated"]}


def canonical(phrase: str) -> str:
    """The names filings print for the figure a question calls ``phrase``."""
    text = re.sub(r"\(.*?\)|\[.*?\]", " ", phrase.lower()).strip()
    if re.search(r"\badjusted\b|non[- ]gaap", text) and "unadjusted" not in text:
        # a company's own measure, not a statement line; "non-GAAP" is how it is described, not named
        return " ".join(re.sub(r"\bnon[- ]gaap\b", " ", text).split())
    for pattern, names in CANONICAL:
        if re.search(rf"(?<![a-z]){pattern}", text):
            return names
    return " ".join(text.split())


def matched_name(phrase: str) -> str:
    """The words of ``phrase`` that name a known line item ("capital expenditure"), or ""."""
    text = re.sub(r"\(.*?\)|\[.*?\]", " ", phrase.lower())
    if re.search(r"\badjusted\b|non[- ]gaap", text) and "unadjusted" not in text:
        return ""
    for pattern, _ in CANONICAL:
        match = re.search(rf"(?<![a-z]){pattern}", text)
        if match:
            return match.group(0)
    return ""


def _content(text: str) -> list[str]:
    return [t for t in terms(text, keep_stopwords=True) if t not in _FILLER and not t.isdigit()]


def label_score(label: str, names: list[str], context: str = "") -> float:
    """How well a row label names the figure (0 = it does not). ``context`` is the
    question or item text: a modifier the asker used is no longer a change of meaning."""
    core = re.sub(r"\(.*?\)", " ", label)
    core = re.sub(r"(?i),?\s+(?:net of|excluding|including amounts|less)\b.*$", " ", core)  # "..., net of construction payables"
    label_terms = _content(core) or _content(label)
    if not label_terms:
        return 0.0
    label_set = set(label_terms)
    asked = set(terms(context, keep_stopwords=True))
    best = 0.0
    for position, name in enumerate(names):
        name_terms = _content(name)
        if not name_terms:
            continue
        name_set = set(name_terms)
        covered = len(name_set & label_set) / len(name_set)
        if covered < 0.99:
            continue
        extra = [t for t in label_set - name_set if t in _MODIFIERS and t not in asked]
        if any(t not in _SOFT for t in extra):
            continue
        precision = len(name_set & label_set) / len(label_set)
        score = 1.0 + precision - 0.3 * len(extra) - 0.02 * position  # the usual name first
        if re.match(r"(?i)\s*total\b", label) and re.match(r"(?i)\s*total\b", name):
            score += 0.2
        best = max(best, score)
    return best
