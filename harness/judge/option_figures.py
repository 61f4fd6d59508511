"""A pick between two options with each option's figure given to the other.

"Personal Care, with operating income of $448 million versus $612 million for Home Care"
for the gold's "... $612 million versus $448 million for Home Care": the pick and both
figures are the gold's, and the comparison they make is the other way round. Each figure is
read as the option named in its own part of the text (split where one option's figures turn
to the other's: "versus", "compared with", a new line), and the two texts must agree.
"""
from __future__ import annotations

import re

from harness.judge.amounts import parse_quantities
from harness.judge.words import content

# Where a text turns from one option's figures to the other's.
_PART_END = re.compile(
    r"\n|;|(?<=[a-z%)])\.\s|\s[-–—]\s|\b(?:versus|vs\.?|compared\s+(?:with|to)|against|while|whereas|but)\b", re.IGNORECASE
)
# Where a clause ends within a part: a comma that is no thousands separator, "and".
_CLAUSE_END = re.compile(r",(?!\d{3})|\band\b", re.IGNORECASE)


def _figures_by_option(text: str, options: tuple[str, ...]) -> dict[float, tuple[str, str]]:
    """Each figure of ``text`` (its value, scale words read), with the option it is of and its
    currency ("$", "foreign", "" for none). A figure is of the option its clause names, else of the one an earlier clause
    of its part named ("Operating activities, which provided $867 million"); figures of a
    clause that names two options, or of a part that names none before them, are left out."""
    found: dict[float, tuple[str, str]] = {}
    for part in _PART_END.split(text):
        current = None
        for clause in _CLAUSE_END.split(part):
            named = {s for s, _ in content(clause)} & set(options)
            if named:
                current = named.pop() if len(named) == 1 else None
            if current is None:
                continue
            for q in parse_quantities(clause):  # (years, dates and list markers are no values)
                found.setdefault(q.value, (current, "foreign" if q.foreign_currency else "$" if q.currency else ""))
    return found


def option_figures_swapped(gold: str, answer: str, options: tuple[str, ...]) -> bool:
    """Does the answer give one of the gold's figures to another option than the gold does,
    or in another currency ("€612 million" for "$612 million"; a figure without a sign in
    either text is not compared by its sign)?"""
    gold_figures = _figures_by_option(gold, options)
    if len({option for option, _ in gold_figures.values()}) < 2:
        return False  # the gold ties figures to one option at most: nothing to swap
    answer_figures = _figures_by_option(answer, options)
    for value, (option, currency) in gold_figures.items():
        if value not in answer_figures:
            continue
        said_option, said_currency = answer_figures[value]
        if said_option != option or (currency and said_currency and said_currency != currency):
            return True
    return False
