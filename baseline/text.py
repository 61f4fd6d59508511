"""Lexical tools: tokens, light stemming, finance synonyms, BM25, sentences.

The stopwords are ordinary English function words; the synonym table is general accounting
vocabulary (how filings name the line items questions ask about). Neither knows anything
about a particular question set's wording.
"""
from __future__ import annotations

import functools
import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence

STOPWORDS = frozenset(
    "a an the and or but of for in on to at by with from as is are was were be been being this that these those it its "
    "it's what which who whom whose how why when where does do did has have had can could should would will shall may "
    "might must than then there their them they we our us you your he she his her i me my not no yes if into over under "
    "about per vs versus between during any all each other such only also".split()
)

# A question term -> phrases filings use for it. Applied to questions only.
SYNONYMS: dict[str, tuple[str, ...]] = {
    "capex": ("capital expenditures", "purchases of property plant and equipment", "payments for property and equipment"),
    "capital expenditure": ("purchases of property plant and equipment", "capital expenditures", "payments for property and equipment"),
    "revenue": ("net sales", "total revenues", "net revenues", "sales"),
    "revenues": ("net sales", "total revenues", "net revenues"),
    "sales": ("net sales", "revenues"),
    "cogs": ("cost of sales", "cost of goods sold", "cost of revenue", "cost of revenues"),
    "cost of goods sold": ("cost of sales", "cost of revenue", "cost of revenues"),
    "net income": ("net income attributable", "net earnings", "net income"),
    "net profit": ("net income", "net earnings"),
    "operating income": ("operating income", "income from operations", "operating profit"),
    "ebit": ("operating income", "income from operations"),
    "d&a": ("depreciation and amortization",),
    "depreciation": ("depreciation and amortization", "depreciation"),
    "ppe": ("property plant and equipment net", "property and equipment net"),
    "pp&e": ("property plant and equipment net", "property and equipment net"),
    "ppne": ("property plant and equipment net", "property and equipment net"),
    "fixed assets": ("property plant and equipment net", "property and equipment net"),
    "accounts payable": ("accounts payable", "trade payables"),
    "accounts receivable": ("accounts receivable net", "trade receivables", "receivables"),
    "inventory": ("inventories", "merchandise inventories"),
    "inventories": ("inventories", "merchandise inventories"),
    "current assets": ("total current assets",),
    "current liabilities": ("total current liabilities",),
    "dividends": ("cash dividends", "dividends paid", "payments of dividends"),
    "free cash flow": ("net cash provided by operating activities", "purchases of property plant and equipment"),
    "cash from operations": ("net cash provided by operating activities",),
    "operating cash flow": ("net cash provided by operating activities",),
    "shareholders equity": ("total equity", "total shareholders equity", "total stockholders equity"),
    "eps": ("earnings per share", "diluted"),
    "cash flow statement": ("statement of cash flows", "cash flows"),
    "income statement": ("statement of income", "statement of operations", "statement of earnings"),
    "balance sheet": ("balance sheet", "statement of financial position"),
    "p&l": ("statement of income", "statement of operations"),
    "m&a": ("acquisitions", "divestitures"),
}

_TOKEN = re.compile(r"[a-z][a-z0-9&']*|\d+(?:\.\d+)?")


@functools.lru_cache(maxsize=65536)  # a pure function of one word, called for every word read
def stem(word: str) -> str:
    """A light suffix stripper, enough to give singular and plural, and the forms of one
    verb, the same stem ('expenditure'/'expenditures', 'operating'/'operations',
    'liability'/'liabilities') without a stemming library."""
    if len(word) <= 3 or not word.isalpha():
        return word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith(("sses", "xes", "ches", "shes")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for suffix in ("ation", "ating", "ated", "ate", "ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    if word.endswith("e") and len(word) > 4:
        word = word[:-1]
    return word


def words(text: str) -> list[str]:
    return _TOKEN.findall(text.lower().replace("’", "'"))


def terms(text: str, *, keep_stopwords: bool = False) -> list[str]:
    return [stem(w) for w in words(text) if keep_stopwords or (w not in STOPWORDS and not w.isdigit())]


def expand_query(question: str) -> list[str]:
    """Question terms plus the terms of the filings' names for the line items it mentions."""
    lowered = question.lower().replace("’", "'")
    out = terms(lowered)
    for key, phrases in SYNONYMS.items():
        if re.search(rf"(?<![a-z]){re.escape(key)}(?![a-z])", lowered):
            for phrase in phrases:
                out.extend(terms(phrase))
    return out


class BM25:
    """Okapi BM25 over a fixed set of documents (each a list of terms)."""

    def __init__(self, documents: Sequence[Iterable[str]], k1: float = 1.4, b: float = 0.6):
        self.docs = [Counter(d) for d in documents]
        self.lengths = [sum(c.values()) for c in self.docs]
        self.avg = (sum(self.lengths) / len(self.lengths)) if self.lengths else 1.0
        df: Counter[str] = Counter()
        for doc in self.docs:
            df.update(doc.keys())
        n = len(self.docs)
        self.idf = {t: math.log(1 + (n - f + 0.5) / (f + 0.5)) for t, f in df.items()}
        self.k1, self.b = k1, b

    def score(self, query: Iterable[str], i: int) -> float:
        doc, length = self.docs[i], self.lengths[i]
        total = 0.0
        for term, qf in Counter(query).items():
            f = doc.get(term, 0)
            if not f:
                continue
            norm = f * (self.k1 + 1) / (f + self.k1 * (1 - self.b + self.b * length / max(self.avg, 1e-9)))
            total += self.idf.get(term, 0.0) * norm * (1 + 0.2 * (qf - 1))
        return total

    def scores(self, query: Iterable[str]) -> list[float]:
        wanted = list(query)
        return [self.score(wanted, i) for i in range(len(self.docs))]


def sentences(text: str) -> list[str]:
    flat = re.sub(r"[ \t]+", " ", text)
    parts = re.split(r"(?<=[.!?])\s+(?=[A-Z(“\"])|\n{2,}", flat)
    return [p.strip().replace("\n", " ") for p in parts if len(p.strip()) > 25]
