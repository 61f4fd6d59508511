"""Numbers written in words, read as the figures they are.

An answer may spell its figure out ("one point seven three", "sixteen thousand five hundred
twenty-five million US dollars", "up nine per cent"); every reading of figures reads digits,
so such a run of number words is written as its digits first. Only a run that is plainly a
figure is: two number words or more ("nine hundred thirty stores"), or one before a scale or a
percent ("fifteen million", "nine per cent"). A lone "one" or "two" ("one of its segments",
"two drivers") is a word, not a figure.
"""
from __future__ import annotations

import re

_UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19,
}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_SMALL = "|".join(sorted(list(_UNITS) + list(_TENS), key=len, reverse=True))
_SCALES = {"thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12}
# A number word, or a tens word joined to a unit ("twenty-five").
_WORD = rf"(?:(?:{'|'.join(_TENS)})[-\s](?:{'|'.join(k for k in _UNITS if _UNITS[k] < 10 and k != 'zero')})|{_SMALL}|hundred)"
_SCALE = "|".join(_SCALES)
# A run: number words and scales with "and" or a comma between them ("one hundred and five",
# "fifty-nine thousand, two hundred and sixty-eight million"), a scale only after a number
# word, and a decimal part after "point", one digit word each ("one point seven three").
_AFTER_HUNDRED_OR_SCALE = "".join(f"(?<={w})" if i == 0 else f"|(?<={w})" for i, w in enumerate(["hundred", *_SCALES]))
_RUN = re.compile(
    rf"\b{_WORD}"
    # then more number words, "and" only after "hundred" or a scale ("one hundred and five",
    # not "two and three"); a scale, and after it a comma ("fifty-nine thousand, two hundred")
    rf"(?:(?:(?:{_AFTER_HUNDRED_OR_SCALE})\s+and)?\s+{_WORD}|\s+(?:{_SCALE})\b(?:,(?=\s+(?:and\s+)?{_WORD}\b))?)*"
    rf"(?:\s+point(?:\s+(?:{'|'.join(k for k in _UNITS if _UNITS[k] < 10)}))+)?\b",
    re.IGNORECASE,
)
# What makes one number word a figure: a scale or a percent right after it.
_FIGURE_AFTER = re.compile(r"\s+(?:million|billion|thousand|trillion|per\s*cent|percent|%|percentage\s+points?|basis\s+points?)\b", re.IGNORECASE)


def _value(words: list[str]) -> int:
    total, current = 0, 0
    for word in words:
        if word in _UNITS:
            current += _UNITS[word]
        elif word in _TENS:
            current += _TENS[word]
        elif word == "hundred":
            current = (current or 1) * 100
        elif word in _SCALES:
            total += (current or 1) * _SCALES[word]
            current = 0
    return total + current


def _well_formed(words: list[str]) -> bool:
    """Do the words make one number ("nine hundred thirty-one"), not two said together
    ("twenty twenty-two", a year; "three four")?"""
    last = ""
    for word in words:
        kind = "unit" if word in _UNITS else "tens" if word in _TENS else "hundred" if word == "hundred" else "scale"
        if kind in ("unit", "tens") and last in ("unit", "tens") and not (last == "tens" and kind == "unit" and _UNITS[word] < 10):
            return False
        if kind == "hundred" and last not in ("", "unit"):
            return False
        last = kind
    return True


def _as_digits(m: re.Match[str]) -> str:
    text = m.group(0)
    parts = re.split(r"\s+point\s+", text, maxsplit=1, flags=re.IGNORECASE)
    whole = parts[0]
    words = [w.lower() for w in re.split(r"[-\s,]+", whole) if w and w.lower() != "and"]
    if len(parts) == 1 and len(words) < 2 and not _FIGURE_AFTER.match(m.string, m.end()) or not _well_formed(words):
        return text  # a lone "one" or "nine" is a word, "twenty twenty-two" a year
    scale = ""
    if words[-1] in ("million", "billion", "trillion") and sum(w in ("million", "billion", "trillion") for w in words) == 1:
        # "sixteen thousand five hundred twenty-five million": 16,525 million, its scale a word
        # as a figure's is.
        words, scale = words[:-1], " " + words[-1]
    value = _value(words)
    figure = f"{value:,}" if value >= 10000 else str(value)
    if len(parts) == 2:
        figure += "." + "".join(str(_UNITS[w.lower()]) for w in parts[1].split())
    return figure + scale


def numbers_in_words_as_figures(text: str) -> str:
    """``text`` with each run of number words that is a figure written in digits: "one point
    seven three" as "1.73", "nine hundred thirty stores" as "930 stores", "sixteen thousand
    five hundred twenty-five million" as "16,525 million"."""
    return _RUN.sub(_as_digits, text)
