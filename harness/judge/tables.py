"""Markdown tables in an answer: the answer's own working, never its verdict.

A tool-using model lays its figures out in a table and gives its verdict in a sentence
below it ("| Liability | Amount | ... |", then "The largest liability is customer deposits").
Read as sentences, the table's header and rows open the answer and are taken for its verdict,
a pasted excerpt or keywords strung together. So a table's lines are never the verdict, and
where there is prose beside a table, the prose alone is weighed for being an answer at all;
a table alone is left as it stands.
"""
from __future__ import annotations

import re

TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$")
# A markdown heading ("#### American Express liabilities at Dec 31, 2022 ($M)") titles what
# follows; it is no verdict either.
_HEADING = re.compile(r"^\s*#{1,6}\s")


def layout_line(line: str) -> bool:
    """Is ``line`` a markdown table's line or a heading: the answer's layout, no claim?"""
    return bool(TABLE_ROW.match(line) or _HEADING.match(line))
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
_PROSE_WORDS = 6  # a sentence's worth of words outside the table: a verdict, not a caption


def table_rows(answer: str) -> list[str]:
    """The answer's markdown table lines (header, separator and rows)."""
    return [line for line in answer.splitlines() if TABLE_ROW.match(line)]


def prose_of(answer: str) -> str:
    """The answer without its markdown table lines."""
    return "\n".join(line for line in answer.splitlines() if not TABLE_ROW.match(line))


def stated_beside_table(answer: str) -> bool:
    """Does the answer hold a markdown table (two lines or more) and a sentence's worth of
    prose of its own beside it?"""
    return len(table_rows(answer)) >= 2 and len(_WORD.findall(prose_of(answer))) >= _PROSE_WORDS


