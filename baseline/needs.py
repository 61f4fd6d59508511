"""What a question needs found, and the plan that combines it.

A ``Need`` is one figure (a line item for one year, or its latest when no year is named)
or one passage. A ``QuestionPlan`` says what kind of answer the question wants and how
its needs combine (a lookup, a formula, a trend asked as yes/no, prose).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from baseline.expr import Expr
from baseline.lineitems import canonical, matched_name
from baseline.statements import preferred_statements
from baseline.text import expand_query

VALUE, PASSAGE = "value", "passage"


def need_key(phrase: str, year: int | None) -> str:
    base = re.sub(r"[^a-z0-9]+", "_", phrase.split("|")[0].lower()).strip("_")[:48] or "value"
    return f"{base}_{year}" if year else base


@dataclass
class Need:
    """One thing to find: a figure (``kind="value"``) for a year, or a passage."""

    key: str
    phrase: str  # the names a filing may print for it, "|"-separated (a passage: the question)
    year: int | None = None
    kind: str = VALUE
    statements: tuple[str, ...] = ()  # where it is printed, most likely first
    context: str = ""  # the asker's words: modifiers they used are wanted
    name: str = ""  # how to call it in an answer

    @property
    def alternatives(self) -> list[str]:
        return [a.strip() for a in self.phrase.split("|") if a.strip()]

    @property
    def base(self) -> str:
        return need_key(self.phrase, None)

    @property
    def display(self) -> str:
        return self.name or (self.alternatives[0] if self.alternatives else self.phrase)

    @property
    def description(self) -> str:
        """How the need is asked for (a shopping item, a task input, a failed search)."""
        if self.kind == PASSAGE:
            return self.phrase
        return f"{self.display} for FY{self.year}" if self.year else self.display

    @property
    def terms(self) -> list[str]:
        return expand_query(" ".join(self.alternatives[:6]))

    @property
    def grep_pattern(self) -> str:
        """A regex for grep_section: any of the figure's names followed by a number."""
        alternatives = []
        for name in self.alternatives[:5]:
            found = [re.escape(w) for w in re.findall(r"[\w&']+", name)[:6]]
            if found:
                alternatives.append(r"[\s,]+".join(found))
        names = "|".join(alternatives) or re.escape(self.phrase[:40])
        return f"(?:{names})[^\\n.]{{0,60}}?\\d"


def passage_need(question: str, year: int | None) -> Need:
    return Need(PASSAGE, question, year, PASSAGE, context=question)


_SHORT = {"ppne": "PP&E (net)", "ppe": "PP&E (net)", "pp&e": "PP&E (net)", "capex": "capital expenditures", "cogs": "cost of goods sold",
          "d&a": "depreciation and amortization", "sg&a": "SG&A expenses", "r&d": "R&D expenses", "fcf": "free cash flow"}


def display_name(phrase: str) -> str:
    """How an answer names a figure: the question's words for it, abbreviations spelled out."""
    known = matched_name(phrase)
    if known:
        return _SHORT.get(known.replace("net ", "").strip(), known)
    return " ".join(re.sub(r"\(.*?\)", " ", phrase).split()).strip(" ,.") or phrase


def make_need(phrase: str, year: int | None, question: str, name: str = "") -> Need:
    """A figure need for ``phrase`` (the question's name for a line item) in ``year``."""
    names = canonical(phrase)
    return Need(need_key(names, year), names, year, VALUE, preferred_statements(names, question), question, name or display_name(phrase))


def is_known_item(phrase: str) -> bool:
    """Whether ``phrase`` names a line item this baseline knows filings' names for."""
    return bool(matched_name(phrase))


@dataclass
class QuestionPlan:
    text: str
    kind: str  # lookup | formula | trend | explain | yesno | other
    years: list[int]
    needs: list[Need] = field(default_factory=list)
    expr: Expr | None = None  # formula: the metric over the needs
    formula_text: str = ""
    metric: str = ""  # the metric's name, for answers
    result: str = ""  # percent | points | ratio | amount | days | "" (formula and trend)
    unit: str = ""  # what the question asks answers in: billions | millions | thousands | percent | ratio | ""
    decimals: int | None = None
    series: list[tuple[int, Expr]] = field(default_factory=list)  # trend / change: the metric per year
    direction: str = ""  # trend: up | down | positive

    @property
    def target_year(self) -> int | None:
        return max(self.years) if self.years else None

    def need(self, key: str) -> Need | None:
        return next((n for n in self.needs if n.key == key), None)

    @property
    def passages(self) -> list[Need]:
        return [n for n in self.needs if n.kind == PASSAGE]

    @property
    def figures(self) -> list[Need]:
        return [n for n in self.needs if n.kind == VALUE]
