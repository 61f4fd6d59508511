"""Reading a question's wording: which sentence asks, which years and company it names, what
unit and precision it wants, and whether it asks yes/no or for an explanation.

Only ordinary English question forms ("what is", "does ... have", "why", "in USD
millions", "round to two decimal places"); nothing here knows a particular question set.
"""
from __future__ import annotations

import re

YEAR = re.compile(r"\bFY\s?'?((?:19|20)\d{2}|\d{2})\b|\b((?:19|20)\d{2})\b", re.IGNORECASE)
YESNO = re.compile(
    r"^\s*(?:(?:based on|according to|using|looking at|as of|if|in)[^,?]*,\s*)?"
    r"(is|are|was|were|does|do|did|has|have|had|can|could|will|would|should)\b",
    re.IGNORECASE,
)
EXPLAIN = re.compile(r"\b(what drove|drivers?|why|reasons?|explain|what caused|how did|what (?:is|are|was|were) the (?:key|main))\b", re.IGNORECASE)
_ASKS = re.compile(r"(?i)^\s*(?:what|how|which|who|when|where|why|is|are|was|were|does|do|did|has|have|had|can|could)\b")


def years_in(text: str) -> list[int]:
    """The years a text names, in order: "FY2022", "FY22", "2021"."""
    found: list[int] = []
    for match in YEAR.finditer(text):
        value = match.group(1) or match.group(2)
        year = int(value) if len(value) == 4 else 2000 + int(value)
        if 1990 <= year <= 2035 and year not in found:
            found.append(year)
    return found


def core_question(question: str) -> str:
    """The sentence that asks, without the instructions around it: the first sentence with a
    question mark (from a colon that introduces it, "...: what is X?"), else the whole text."""
    parts = re.split(r"(?<=[?.!])\s+", question.strip())
    asking = [p for p in parts if "?" in p]
    text = asking[0] if asking else question.strip()
    for clause in text.split(":")[1:]:
        if _ASKS.match(clause):
            return clause.strip()
    return text.strip()


def strip_company(text: str) -> str:
    """Without the company: "Acme's ...", "... for Acme Holdings", "... of ACME"."""
    text = re.sub(r"\b[A-Z0-9][\w&.\-]*(?:\s+[A-Z][\w&.\-]*)*(?:'s|’s|')\s+", " ", text)
    text = re.sub(r"\s+(?:for|of|at)\s+(?:the\s+)?[A-Z0-9][\w&.\-]*(?:\s+[A-Z(][\w&.\-()]*)*(?:\s*\([^)]*\))?\s*\??\s*$", " ", text)
    return text


def asked_unit(question: str) -> str:
    """What the question wants its answer in: billions | millions | thousands | percent | ratio | ""."""
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


def asks_why(question: str) -> bool:
    core = core_question(question)
    return bool(EXPLAIN.search(core)) and not re.search(r"(?i)^\s*how (?:much|many)", core)
