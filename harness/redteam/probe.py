"""A made-up answer to a question, and the helpers every kind of gold's probes share: the
gold's number written again with another value, its first sentence, its words of movement
turned."""
from __future__ import annotations

import re
from dataclasses import dataclass

from harness.judge.refusal import sentences
from harness.judge.words import NOT_MADE_UP


@dataclass(frozen=True)
class Probe:
    """One made-up answer to a question, and whether a judge may credit it."""

    financebench_id: str
    kind: str  # what it tries: "list", "hedge", ... or "control:plain" for a right answer
    question: str
    gold: str
    answer: str

    @property
    def adversarial(self) -> bool:
        return not self.kind.startswith("control")

    @property
    def weak(self) -> bool:
        """A probe a judge may credit without being fooled: the gold's keywords out of order
        still name a pick ("improved") or a list of names ("APAC EMEA LACC States United")."""
        return self.kind in WEAK_KINDS


WEAK_KINDS = frozenset({"keywords"})


# The number in a gold as written ("$1577.00", "0.654", "-3.7", "1.9%"), with what stands
# around it.
GOLD_NUMBER = re.compile(r"(?P<before>[^\d]*?)(?P<number>\d[\d,]*(?:\.\d+)?)(?P<after>.*)", re.DOTALL)


def like_gold(gold: str, factor: float) -> str:
    """The gold written the same way with its number times ``factor`` ("$1577.00" x 1.3 gives
    "$2050.10"): a wrong value that looks like the right one."""
    m = GOLD_NUMBER.fullmatch(gold.strip())
    if m is None:
        return gold
    digits = m.group("number").replace(",", "")
    decimals = len(digits.split(".")[1]) if "." in digits else 0
    value = float(digits) * factor
    text = f"{value:,.{decimals}f}" if "," in m.group("number") else f"{value:.{decimals}f}"
    return f"{m.group('before')}{text}{m.group('after')}"


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def lowered(text: str) -> str:
    """``text`` to follow a lead-in: its first letter in lower case unless it starts a name."""
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


def first_sentence(gold: str) -> str:
    """The gold's first sentence, as the rest of one: "It is not true that " + this denies it.
    A sentence of two clauses ("A is useful, but B; C was -42%") is cut after the first: a
    frame ("Rumor has it that A, but B") may be read as covering A alone, and the answer
    would then still claim the gold's B and C."""
    # (Cut where the judge's reading cuts: "faces U.S. patent expiry" goes on past "U.S.".)
    sentence = (sentences(gold.strip()) or [gold.strip()])[0]
    return lowered(re.split(r",\s+but\s+|;\s+", sentence)[0])


def asked_first(question: str) -> str:
    """The question's first sentence, as an answer restating it would quote it."""
    return question.split("?", 1)[0].strip() + "?"


# Words of movement and their opposites, to turn a gold's story the other way round.
_OPPOSITES = {
    "increase": "decrease", "increased": "decreased", "increases": "decreases", "increasing": "decreasing",
    "higher": "lower", "rose": "fell", "grew": "shrank", "improved": "declined", "improvement": "decline",
    "gain": "loss", "growth": "decline", "up": "down", "positive": "negative", "more": "less", "largest": "smallest",
    "highest": "lowest", "best": "worst", "strong": "weak", "expanded": "contracted",
}
_OPPOSITES |= {v: k for k, v in list(_OPPOSITES.items())}
# (Not the "up" of "make up", a share: "net PP&E made up 61% of total assets" has no way to turn.)
MOVEMENT = re.compile(
    NOT_MADE_UP + r"\b(" + "|".join(sorted(_OPPOSITES, key=len, reverse=True)) + r")\b", re.IGNORECASE,
)


def turned_around(gold: str) -> str:
    """The gold with every word of movement turned ("higher sales" to "lower sales"); the
    gold itself when it has none (then the probe is dropped)."""
    def turn(m: re.Match[str]) -> str:
        word = _OPPOSITES[m.group(1).lower()]
        return word.capitalize() if m.group(1)[0].isupper() else word
    return MOVEMENT.sub(turn, gold)


# For a line item a question asks by name, another that a model could put the gold's figure
# on ("$742 million of total debt" to a question about cash).
OTHER_ITEM = {
    "cash": "total debt", "debt": "cash and cash equivalents", "inventory": "accounts receivable",
    "receivables": "inventories", "payables": "accounts receivable", "goodwill": "inventories",
    "revenue": "operating income", "net income": "revenue", "operating income": "net income",
    "dividends": "share repurchases", "buybacks": "dividends", "capex": "dividends paid",
    "subscribers": "monthly active users", "users": "paid subscribers", "volume": "revenue", "margin": "revenue",
}
# A question that asks a line item itself, not a ratio, change or part of it: only there is
# "Capital expenditures: $X" a right answer and "Dividends paid: $X" the figure on another.
PLAIN_ITEM_ASKED = re.compile(
    r"^(?!.*\b(?:ratio|margin|change|growth|cagr|payout|net debt|per|turnover|days|percent|percentage|yield|coverage|as a|rate|"
    r"less|minus|plus|excluding|retention|share of)\b|.*%)",
    re.IGNORECASE | re.DOTALL,
)

