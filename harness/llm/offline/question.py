"""Reading a question: what kind it is, which figures it needs, how to combine them.

A question becomes a ``QuestionPlan``: its kind (lookup, formula, explain, yesno, other),
the ``Need``s it depends on (one figure of one year each, or a passage), and for formula
questions an expression over the needs. Definitions stated in the question ("DPO is
defined as: 365 * (average accounts payable between FY2016 and FY2017) / ...") are parsed;
common metrics a question names without defining (margins, growth, averages) use textbook
definitions.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from harness.llm.offline.text import expand_query

YESNO = re.compile(r"^\s*(?:(?:based on|according to|using)[^,?]*,\s*)?(is|are|was|were|does|do|did|has|have|had|can|could|will|would|should)\b", re.I)
EXPLAIN = re.compile(r"\b(what drove|drivers?|why|reasons?|explain|primarily due|what caused|how did|what (?:is|are|was|were) the (?:key|main))\b", re.I)
YEAR = re.compile(r"\bFY\s?'?((?:19|20)\d{2}|\d{2})\b|\b((?:19|20)\d{2})\b", re.I)


def years_in(text: str) -> list[int]:
    found: list[int] = []
    for match in YEAR.finditer(text):
        value = match.group(1) or match.group(2)
        year = int(value) if len(value) == 4 else 2000 + int(value)
        if 1990 <= year <= 2035 and year not in found:
            found.append(year)
    return found


@dataclass
class Need:
    """One thing to find: a figure (``kind="value"``) for a year, or a passage."""

    key: str
    phrase: str
    year: int | None = None
    kind: str = "value"

    @property
    def alternatives(self) -> list[str]:
        """The names a filing may use for the figure ("net sales|total revenues")."""
        return [a.strip() for a in self.phrase.split("|") if a.strip()]

    @property
    def description(self) -> str:
        name = self.alternatives[0] if self.alternatives else self.phrase
        if self.kind == "passage":
            return self.phrase
        return f"{name} for FY{self.year}" if self.year else name

    @property
    def terms(self) -> list[str]:
        return expand_query(" ".join(self.alternatives))

    @property
    def grep_pattern(self) -> str:
        """A regex for grep_section that matches any of the figure's names."""
        alternatives = []
        for name in self.alternatives[:4]:
            words = [re.escape(w) for w in re.findall(r"[\w&']+", name)[:5]]
            if words:
                alternatives.append(r"[\s,]+".join(words))
        return "|".join(alternatives) or re.escape(self.phrase[:40])


Expr = Callable[[dict[str, float]], float]


@dataclass
class QuestionPlan:
    text: str
    kind: str  # lookup | formula | explain | yesno | other
    years: list[int]
    needs: list[Need] = field(default_factory=list)
    formula: Expr | None = None
    formula_text: str = ""
    unit: str = ""  # millions | billions | percent | ratio | ""
    decimals: int | None = None

    @property
    def target_year(self) -> int | None:
        return max(self.years) if self.years else None

    @property
    def query(self) -> list[str]:
        return expand_query(self.text)


def _unit(question: str) -> str:
    lowered = question.lower()
    if "in usd billions" in lowered or "in billions" in lowered or "usd billions" in lowered:
        return "billions"
    if "million" in lowered:
        return "millions"
    if "percent" in lowered or "% margin" in lowered or "as a %" in lowered or "growth rate" in lowered:
        return "percent"
    if "ratio" in lowered:
        return "ratio"
    return ""


def _decimals(question: str) -> int | None:
    match = re.search(r"round(?:ed)? (?:your answer |answer )?to (one|two|three|\d) decimal", question, re.I)
    if not match:
        return None
    return {"one": 1, "two": 2, "three": 3}.get(match.group(1).lower(), int(match.group(1)) if match.group(1).isdigit() else 2)


def _metric_phrase(question: str) -> str:
    """The figure a lookup question asks for, with boilerplate, company and years removed."""
    text = question.split("?")[0]
    text = re.split(r"(?i)\b(?:what is|what was|what were|how much|how many)\b", text)[-1]
    text = re.sub(r"\((?:in )?usd [a-z]+\)|\(in [^)]*\)", " ", text, flags=re.I)
    text = re.sub(r"(?i)\b(?:the|year end|year-end|at the end of|amount|total amount of|for|of|in|did|have|has)\b", " ", text)
    text = YEAR.sub(" ", text)
    text = re.sub(r"(?i)\b[A-Z][\w&.]*'s\b", " ", text)
    return " ".join(text.split()).strip(" ,.")


def plan_question(question: str) -> QuestionPlan:
    from harness.llm.offline.formulas import formula_for  # formulas imports Need from here

    years = years_in(question)
    plan = QuestionPlan(question, "other", years, unit=_unit(question), decimals=_decimals(question))
    formula = formula_for(question, years)
    if formula is not None:
        plan.kind = "formula"
        plan.formula, plan.needs, plan.formula_text = formula
        return plan
    if EXPLAIN.search(question):
        plan.kind = "explain"
    elif YESNO.match(question):
        plan.kind = "yesno"
    elif re.search(r"\b(what|how much|how many|which)\b", question, re.I):
        plan.kind = "lookup"
    if plan.kind == "lookup":
        from harness.llm.offline.formulas import canonical

        phrase = canonical(_metric_phrase(question) or question)
        plan.needs = [Need(_key(phrase, plan.target_year), phrase, plan.target_year)]
    else:
        plan.needs = [Need("passage", question, plan.target_year, kind="passage")]
    return plan


def need_from_item(item: str) -> Need:
    """A shopping item or task input ("capital expenditures for FY2022") read as a need."""
    years = years_in(item)
    year = max(years) if years else None
    phrase = YEAR.sub(" ", item)
    phrase = re.sub(r"(?i)\b(for|in|of|the|fiscal|year|extract|find|from)\b", " ", phrase)
    phrase = " ".join(phrase.split()).strip(" ,.:") or item
    kind = "passage" if (EXPLAIN.search(item) or YESNO.match(item) or len(phrase.split()) > 12) else "value"
    if kind == "value":
        from harness.llm.offline.formulas import canonical

        phrase = canonical(phrase)
    return Need(_key(phrase, year), phrase, year, kind)


def _key(phrase: str, year: int | None) -> str:
    base = re.sub(r"[^a-z0-9]+", "_", phrase.split("|")[0].lower()).strip("_")[:48] or "value"
    return f"{base}_{year}" if year else base
