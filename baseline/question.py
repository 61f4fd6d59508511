"""Reading a question into a ``QuestionPlan``: what kind of answer it wants and what must be
found for it.

- ``formula`` / ``trend`` / ``explain`` with figures: computed forms (``metrics``);
- ``lookup``: one figure ("FY2018 capital expenditure"), with a passage to fall back on
  when the figure is not a line item this baseline knows;
- ``explain`` / ``yesno`` / ``other``: answered from the passages that best match it.
"""
from __future__ import annotations

import re

from baseline.metrics import plan_computed
from baseline.needs import Need, QuestionPlan, is_known_item, make_need, passage_need
from baseline.wording import EXPLAIN, YEAR, YESNO, asked_decimals, asked_unit, asks_why, core_question, strip_company, years_in


def metric_phrase(question: str) -> str:
    """The figure a lookup question asks for, with the asking words, company and years removed."""
    text = core_question(question).split("?")[0]
    text = re.split(r"(?i)\b(?:what is|what was|what were|what are|how much|how many)\b", text)[-1]
    text = strip_company(re.sub(r"\([^)]*\)", " ", text))
    text = re.sub(r"(?i)\b(?:in (?:usd|us\$|\$) ?\w+ions|in \w+ions)\b", " ", text)
    text = re.sub(r"(?i)\b(?:the|year end|year-end|at the end of|amount|total amount of|for|of|in|did|have|has|had|does|do|"
                  r"generate|pay out|pay|spend|report|fiscal|year|as of|during|close|end)\b", " ", text)
    text = YEAR.sub(" ", text)
    return " ".join(text.split()).strip(" ,.")


def plan_question(question: str) -> QuestionPlan:
    years = years_in(question)
    plan = QuestionPlan(question, "other", years, unit=asked_unit(question), decimals=asked_decimals(question))
    if plan_computed(question, plan):
        return plan
    core = core_question(question)
    if asks_why(question):
        plan.kind = "explain"
    elif YESNO.match(core):
        plan.kind = "yesno"
    elif re.search(r"(?i)\b(?:what(?:'s| is| was)|how much|how many)\b", core) and not re.search(r"(?i)\bwhich\b", core):
        phrase = metric_phrase(question)
        if phrase and len(phrase.split()) <= 8:
            plan.kind = "lookup"
            need = make_need(phrase, plan.target_year, question)
            plan.needs, plan.metric = [need], need.display
            if not is_known_item(phrase):
                plan.needs.append(passage_need(question, plan.target_year))  # a sentence may state it instead
            return plan
    plan.needs = [passage_need(question, plan.target_year)]
    return plan


def need_from_item(item: str, question: str = "") -> Need:
    """A shopping item or task input ("capital expenditures for FY2022") read as a need."""
    years = years_in(item)
    phrase = YEAR.sub(" ", item)
    phrase = re.sub(r"(?i)\b(for|in|of|the|fiscal|year|extract|find|from|fy)\b", " ", phrase)
    phrase = " ".join(phrase.split()).strip(" ,.:") or item
    if EXPLAIN.search(item) or YESNO.match(item) or len(phrase.split()) > 12:
        return passage_need(item, max(years) if years else None)
    return make_need(phrase, max(years) if years else None, question or item)
