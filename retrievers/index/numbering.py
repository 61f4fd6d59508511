"""Section numbers at the start of a heading: "1.", "2.3", "A.", "A.1", "IV.", "(a)", "Chapter 2".

A number says two things a font cannot: how deep a heading sits ("2.3" under "2"), and,
through the order in which the document first uses each scheme, which scheme nests in
which ("I." holds "A." holds "1." in a regulatory release).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_ROMAN_VALUES = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100}
_WORD_LABEL = re.compile(
    r"^(?P<word>chapter|section|part|lecture|appendix|annex|schedule|article)\s+"
    r"(?P<value>\d{1,3}|[ivxlc]{1,6}|[a-z])\b[\s.:\-—–]*(?P<rest>.*)$",
    re.IGNORECASE,
)
_DECIMAL = re.compile(r"^(?P<value>\d{1,2}(?:\.\d{1,2}){0,4})(?P<dot>\.?)(?=\s)\s*(?P<rest>.*)$")
# An appendix's sub-section: "A.1", "B.2.3" (the appendix's letter, then a decimal number).
_LETTERED = re.compile(r"^(?P<letter>[A-Z])\.(?P<value>\d{1,2}(?:\.\d{1,2}){0,3})(?P<dot>\.?)(?=\s)\s*(?P<rest>.*)$")
_ROMAN = re.compile(r"^(?P<value>[IVX]{1,5}|[ivx]{1,5})[.)]\s+(?P<rest>.*)$")
_LETTER = re.compile(r"^(?P<value>[A-Za-z])[.)]\s+(?P<rest>.*)$")
_PAREN = re.compile(r"^\((?P<value>\d{1,2}|[a-z]|[ivx]{1,5}|[A-Z])\)\s+(?P<rest>.*)$")
# What every number above starts with: a label word, a decimal number and the space after
# it, "(", a roman numeral or a letter and its "." or ")". Most lines start otherwise (a
# table row with a year or an amount, a word starting with "I"), and one match turns them
# away before the five patterns are tried.
#
# It is asked of nearly every line, and a line of prose starts with a letter that the
# branches try against every label word in turn, each letter compared case-blind. So a
# case-sensitive look at the first two characters comes first: a digit or "(", a label
# word's first letter, or a "." or ")" or roman digit second, with every character that
# ignoring case makes one of these letters (the Turkish dotted and dotless I, the long s:
# test_number_prefilter_guard_lets_through_what_the_branches_take checks them all). A line
# it turns away is one no branch takes.
_MAY_BE_NUMBERED = re.compile(
    r"(?-i:(?=[\d(]|[cCsSpPlLaA\u017f]|.[.)iIvVxX\u0130\u0131]))"
    r"(?:(?:chapter|section|part|lecture|appendix|annex|schedule|article)\s"
    r"|\d{1,2}(?:\.\d{1,2}){0,4}\.?\s|\(|[ivx]{1,5}[.)]|[a-z][.)])",
    re.IGNORECASE,
)
# ``_MAY_BE_NUMBERED.match``: false for a stripped text ``parse_numbering`` reads no number
# in, for a caller that asks about every line and would rather not pay for the call.
may_be_numbered = _MAY_BE_NUMBERED.match
# What a nested number (_DECIMAL's "2.1", _LETTERED's "A.1") starts with.
_MAY_BE_NESTED = re.compile(r"\d|[A-Z]\.\d")


def may_be_nested(text: str) -> bool:
    """Could ``text`` start with a nested number ("2.1", "A.1")? One anchored match, for
    the lines too long for any heading but a sub-section's run-in one."""
    return _MAY_BE_NESTED.match(text) is not None


@dataclass(frozen=True)
class Numbering:
    """A heading's number: its scheme, its value(s) and the title after it."""

    scheme: str  # decimal | lettered | roman | ROMAN | letter | LETTER | (1) | (a) | (i) | (A) | <word>
    values: tuple[int, ...]  # (2, 3) for "2.3"; (1, 2) for "A.2"; (4,) for "IV." or "D."
    rest: str
    label: str  # the number as printed, "2.3", "IV", "(a)"

    @property
    def nested(self) -> bool:
        """A number that says how deep it sits ("2.3", "A.1"), not only which one it is."""
        return self.scheme in _NESTED_SCHEMES

    @property
    def depth(self) -> int:
        """1 for "2", 2 for "2.3" and "A.1": only nested numbers carry their depth."""
        return len(self.values) if self.nested else 1


_NESTED_SCHEMES = frozenset({"decimal", "lettered"})


def roman_value(text: str) -> int:
    total, previous = 0, 0
    for char in reversed(text.lower()):
        value = _ROMAN_VALUES.get(char, 0)
        total = total - value if value < previous else total + value
        previous = max(previous, value)
    return total


def _is_roman(text: str) -> bool:
    return bool(re.fullmatch(r"(?i)x{0,3}(ix|iv|v?i{0,3})", text)) and bool(text)


def parse_numbering(text: str) -> Numbering | None:
    """The section number that starts ``text``, or None.

    A lone letter "I." or "i." is read as a roman numeral; "C." as a letter. A number is
    only a number when a title follows it.
    """
    text = text.strip()
    if not _MAY_BE_NUMBERED.match(text):
        return None
    if m := _WORD_LABEL.match(text):
        word, value = m["word"].lower(), m["value"]
        if value.isdigit():
            number = int(value)
        elif len(value) > 1:
            if not _is_roman(value):
                return None  # "Part CL": letters that are no roman numeral
            number = roman_value(value)
        else:
            number = ord(value.lower()) - 96
        return Numbering(word, (number,), m["rest"].strip(), f"{m['word']} {value}")
    if m := _DECIMAL.match(text):
        values = tuple(int(v) for v in m["value"].split("."))
        if len(values) == 1 and not m["dot"] and values[0] > 30:
            return None  # "2023 Results", "100 years": not a section number
        if m["rest"][:1].isdigit():
            return None
        return Numbering("decimal", values, m["rest"].strip(), m["value"])
    if m := _LETTERED.match(text):
        if m["rest"][:1].isdigit():
            return None
        values = (ord(m["letter"]) - 64, *(int(v) for v in m["value"].split(".")))
        return Numbering("lettered", values, m["rest"].strip(), f"{m['letter']}.{m['value']}")
    if m := _ROMAN.match(text):
        value = m["value"]
        if _is_roman(value) and (len(value) > 1 or value in "Ii"):
            return Numbering("ROMAN" if value.isupper() else "roman", (roman_value(value),), m["rest"].strip(), value)
    if m := _LETTER.match(text):
        value = m["value"]
        return Numbering("LETTER" if value.isupper() else "letter", (ord(value.lower()) - 96,), m["rest"].strip(), value)
    if m := _PAREN.match(text):
        value = m["value"]
        if value.isdigit():
            return Numbering("(1)", (int(value),), m["rest"].strip(), f"({value})")
        if _is_roman(value) and value.islower() and (len(value) > 1 or value == "i"):
            return Numbering("(i)", (roman_value(value),), m["rest"].strip(), f"({value})")
        if len(value) > 1:
            return None  # "(vx)": letters that are no roman numeral
        scheme = "(A)" if value.isupper() else "(a)"
        return Numbering(scheme, (ord(value.lower()) - 96,), m["rest"].strip(), f"({value})")
    return None


def as_roman(number: Numbering) -> Numbering | None:
    """The other reading of a lone letter that is also a roman numeral ("V." is the fifth
    section after "IV.", not the letter after "U."); None for any other number."""
    if number.scheme not in ("LETTER", "letter") or number.label.lower() not in _ROMAN_VALUES:
        return None
    scheme = "ROMAN" if number.scheme == "LETTER" else "roman"
    return Numbering(scheme, (roman_value(number.label),), number.rest, number.label)


def follows(previous: Numbering | None, current: Numbering) -> bool:
    """Could ``current`` come right after ``previous`` in a numbered outline? "2.1" after
    "2", "2.2" after "2.1.3", "3" after "2.4", "B." after "A."; the first of a scheme
    when it starts at 1."""
    if previous is None or previous.scheme != current.scheme:
        return current.values[-1] == 1 or (current.scheme == "decimal" and current.values[0] == 1)
    a, b = previous.values, current.values
    if not current.nested:
        return b[0] == a[0] + 1
    if current.scheme == "lettered" and b[0] == a[0] + 1 and b[1:] == (1,):
        return True  # "B.1" after "A.3": the next appendix's first sub-section
    if len(b) == len(a) + 1:
        return b[:-1] == a and b[-1] == 1
    if len(b) <= len(a):
        return b[:-1] == a[: len(b) - 1] and b[-1] == a[len(b) - 1] + 1
    return False
