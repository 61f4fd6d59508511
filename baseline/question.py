"""Reading a question: what kind it is, which figures it needs, how to combine them.

A question becomes a ``QuestionPlan``. Its kind says what answer it wants:

- ``lookup``: one figure ("FY2018 capital expenditure");
- ``formula``: a computed metric (stated definitions, textbook ratios, growth, averages);
- ``trend``: a yes/no or "improved or declined" question about a metric over years
  ("Does X have an improving operating margin profile?", "positive working capital?");
- ``choice``: pick among named options by a figure ("among operations, investing and
  financing activities, which brought in the most cash?");
- ``largest``: the largest line of a statement group ("the largest liability");
- ``explain`` / ``yesno`` / ``other``: prose answers from passages.

Figures are ``Need``s: one line item for one year (or the latest when no year is named).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from baseline.expr import Expr
from baseline.lineitems import canonical, matched_name
from baseline.statements import preferred_statements
from baseline.text import expand_query

YESNO = re.compile(r"^\s*(?:(?:based on|according to|using|looking at|as of|if|in)[^,?]*,\s*)?(is|are|was|were|does|do|did|has|have|had|can|could|will|would|should)\b", re.IGNORECASE)
EXPLAIN = re.compile(r"\b(what drove|drivers?|why|reasons?|explain|primarily due|what caused|how did|what (?:is|are|was|were) the (?:key|main))\b", re.IGNORECASE)
YEAR = re.compile(r"\bFY\s?'?((?:19|20)\d{2}|\d{2})\b|\b((?:19|20)\d{2})\b", re.IGNORECASE)


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
    phrase: str  # the names a filing may print for it, "|"-separated
    year: int | None = None
    kind: str = "value"
    statements: tuple[str, ...] = ()  # where it is printed, most likely first
    context: str = ""  # the asker's words: modifiers they used are wanted
    name: str = ""  # how to call it in an answer

    @property
    def alternatives(self) -> list[str]:
        return [a.strip() for a in self.phrase.split("|") if a.strip()]

    @property
    def base(self) -> str:
        return _key(self.phrase, None)

    @property
    def display(self) -> str:
        return self.name or (self.alternatives[0] if self.alternatives else self.phrase)

    @property
    def description(self) -> str:
        if self.kind == "passage":
            return self.phrase
        return f"{self.display} for FY{self.year}" if self.year else self.display

    @property
    def terms(self) -> list[str]:
        return expand_query(" ".join(self.alternatives[:6]))

    @property
    def grep_pattern(self) -> str:
        """A regex for grep_section that matches any of the figure's names."""
        alternatives = []
        for name in self.alternatives[:5]:
            words = [re.escape(w) for w in re.findall(r"[\w&']+", name)[:6]]
            if words:
                alternatives.append(r"[\s,]+".join(words))
        names = "|".join(alternatives) or re.escape(self.phrase[:40])
        return f"(?:{names})[^\\n.]{{0,60}}?\\d"  # the name followed by a figure: a row or a statement of it


@dataclass
class QuestionPlan:
    text: str
    kind: str  # lookup | formula | trend | choice | largest | explain | yesno | other
    years: list[int]
    needs: list[Need] = field(default_factory=list)
    expr: Expr | None = None  # formula: the metric over the needs
    formula_text: str = ""
    metric: str = ""  # the metric's name, for answers
    result: str = ""  # percent | ratio | amount | days | "" (formula and trend)
    unit: str = ""  # what the question asks answers in: billions | millions | percent | ratio | ""
    decimals: int | None = None
    series: list[tuple[int, Expr]] = field(default_factory=list)  # trend: the metric per year
    direction: str = ""  # trend: up | down | positive | stable | intensive
    options: list[tuple[str, Expr]] = field(default_factory=list)  # choice
    pick: str = "max"  # choice / largest: max | min
    group: str = ""  # largest: the statement group ("liabilities")

    @property
    def target_year(self) -> int | None:
        return max(self.years) if self.years else None

    @property
    def query(self) -> list[str]:
        return expand_query(self.text)

    def need(self, key: str) -> Need | None:
        return next((n for n in self.needs if n.key == key), None)


def asked_unit(question: str) -> str:
    lowered = question.lower()
    if re.search(r"in (?:usd |us\$ ?|\$ ?)?billions|usd billions|in \$ ?bn", lowered):
        return "billions"
    if re.search(r"in (?:usd |us\$ ?|\$ ?)?millions|usd millions|in \$ ?mn?\b|in usd million", lowered):
        return "millions"
    if re.search(r"in (?:usd |us\$ ?|\$ ?)?thousands|usd thousands", lowered):
        return "thousands"
    if re.search(r"percent|% margin|as a %|growth rate|as a percentage", lowered):
        return "percent"
    if "ratio" in lowered:
        return "ratio"
    return ""


def asked_decimals(question: str) -> int | None:
    match = re.search(r"round(?:ed)? (?:your |the )?(?:answer |final answer )?to (one|two|three|zero|\d) decimal", question, re.IGNORECASE)
    if not match:
        return None
    word = match.group(1).lower()
    return {"zero": 0, "one": 1, "two": 2, "three": 3}.get(word, int(word) if word.isdigit() else 2)


_BOILERPLATE = re.compile(
    r"(?i)\b(?:give|provide|answer|calculate|compute|address|approach|base|basing|using|according|considering|"
    r"we want|we need|please|here's the question|you are|assume|when primarily|by drawing|in agreement)\b[^?.]*?(?:[.:]|\?)\s*"
)


def core_question(question: str) -> str:
    """The question sentence itself, without the instructions around it."""
    parts = re.split(r"(?<=[?])\s+", question.strip())
    asking = [p for p in parts if "?" in p]
    text = asking[0] if asking else question
    if ":" in text and re.search(r"(?i)here'?s the question|the question is", text):
        text = text.split(":", 1)[1]
    return text.strip()


def strip_company(text: str) -> str:
    """Without the company: "Nike's ...", "... for Activision Blizzard", "... of 3M"."""
    text = re.sub(r"\b[A-Z0-9][\w&.\-]*(?:\s+[A-Z][\w&.\-]*)*(?:'s|’s|')\s+", " ", text)
    text = re.sub(r"\s+(?:for|of|at)\s+(?:the\s+)?[A-Z0-9][\w&.\-]*(?:\s+[A-Z(][\w&.\-()]*)*(?:\s*\([^)]*\))?\s*$", " ", text)
    return text


def metric_phrase(question: str) -> str:
    """The figure a lookup question asks for, with boilerplate, company and years removed."""
    text = core_question(question).split("?")[0]
    text = re.split(r"(?i)\b(?:what is|what was|what were|what are|how much|how many)\b", text)[-1]
    text = strip_company(re.sub(r"\([^)]*\)", " ", text))
    text = re.sub(r"(?i)\b(?:in (?:usd|us\$|\$) ?\w+ions|in \w+ions)\b", " ", text)
    text = re.sub(r"(?i)\b(?:the|year end|year-end|at the end of|amount|total amount of|for|of|in|did|have|has|had|does|do|"
                  r"generate|pay out|pay|spend|report|fiscal|year|as of|during|close|end)\b", " ", text)
    text = YEAR.sub(" ", text)
    return " ".join(text.split()).strip(" ,.")


def make_need(phrase: str, year: int | None, question: str, name: str = "") -> Need:
    names = canonical(phrase)
    return Need(_key(names, year), names, year, "value", preferred_statements(names, question), question, name or display_name(phrase))


_SHORT = {"ppne": "PP&E (net)", "ppe": "PP&E (net)", "pp&e": "PP&E (net)", "capex": "capital expenditures", "cogs": "cost of goods sold",
          "d&a": "depreciation and amortization", "sg&a": "SG&A expenses", "r&d": "R&D expenses", "fcf": "free cash flow"}


def display_name(phrase: str) -> str:
    """How an answer names a figure: the question's words for it, abbreviations spelled out."""
    known = matched_name(phrase)
    if known:
        return _SHORT.get(known.replace("net ", "").strip(), known)
    return " ".join(re.sub(r"\(.*?\)", " ", phrase).split()).strip(" ,.") or phrase


def plan_question(question: str) -> QuestionPlan:
    from baseline import computed  # computed builds needs with make_need

    years = years_in(question)
    plan = QuestionPlan(question, "other", years, unit=asked_unit(question), decimals=asked_decimals(question))
    if computed.plan_special(question, plan):
        return plan
    if EXPLAIN.search(question) and not re.search(r"(?i)^\s*how (?:much|many)", question):
        plan.kind = "explain"
    elif YESNO.match(core_question(question)):
        plan.kind = "yesno"
    elif re.search(r"\b(what|how much|how many|which)\b", question, re.IGNORECASE):
        plan.kind = "lookup"
    if plan.kind == "lookup" and not re.search(r"(?i)\b(?:which|what (?:are|were)|what industry|nature)\b", core_question(question)):
        phrase = metric_phrase(question) or question
        plan.needs = [make_need(phrase, plan.target_year, question)]
        plan.metric = plan.needs[0].display
        if canonical(phrase) == " ".join(re.sub(r"\(.*?\)|\[.*?\]", " ", phrase.lower()).split()):
            # not a line item this policy knows: a sentence stating it may answer instead
            plan.needs.append(Need("passage", question, plan.target_year, kind="passage", context=question))
    else:
        if plan.kind == "lookup":
            plan.kind = "other"
        plan.needs = [Need("passage", question, plan.target_year, kind="passage", context=question)]
    return plan


def need_from_item(item: str, question: str = "") -> Need:
    """A shopping item or task input ("capital expenditures for FY2022") read as a need."""
    years = years_in(item)
    year = max(years) if years else None
    phrase = YEAR.sub(" ", item)
    phrase = re.sub(r"(?i)\b(for|in|of|the|fiscal|year|extract|find|from|fy)\b", " ", phrase)
    phrase = " ".join(phrase.split()).strip(" ,.:") or item
    if EXPLAIN.search(item) or YESNO.match(item) or len(phrase.split()) > 12:
        return Need("passage", item, year, "passage", context=question or item)
    return make_need(phrase, year, question or item)


def _key(phrase: str, year: int | None) -> str:
    base = re.sub(r"[^a-z0-9]+", "_", phrase.split("|")[0].lower()).strip("_")[:48] or "value"
    return f"{base}_{year}" if year else base
