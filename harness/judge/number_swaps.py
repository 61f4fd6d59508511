"""The gold's own figures exchanged: put on the wrong year, or a change put on the wrong item.

An answer can state every figure of the gold and still contradict it: "ROA was 3.39% in
2022 and 1.82% in 2021" for a gold of "1.82% in 2022 and 3.39% in 2021", or "operating margin
fell 0.9% while gross margin fell 1.7%" for "operating margin decreased by 1.7%". Digits
alone find both; these readings tie each figure to the year and the item it is stated for.

- ``value_years``: the year each value is stated for ("1.82% in 2022", "In FY2022, ROA was
  1.82%"), or None when the text does not tie it to one.
- ``on_another_year``: the gold's value tied to a year the gold gives another value.
- ``moved_off_own_year``: the gold's value tied to another year while a different value is
  tied to the gold's own.
- ``one_calendar_shift``: an answer's calendar years all one off a gold's fiscal years, as a
  fiscal year that ends early in the next calendar year is counted ("in 2022" for fiscal
  2023, ended January 28, 2023): no value of it is on another year.
- ``year_spellings``: how a text writes each year ("FY2022", "2022", "July 2023", "Q2 FY2024").
- ``change_on_another_item``: the gold's change stated for another item while a different
  change stands at the gold's item.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Callable

from harness.judge.amounts import Quantity, parse_quantities
from harness.judge.comparison import quantity_kind
from harness.judge.refusal import sentence_span_at, sentence_spans
from harness.judge.value_scope import question_years, years_in
from harness.judge.words import FALL, PERIOD_WORD, RISE, WORD, content, stem, stems_of, word_pattern

_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?(?:\s+\d{1,2}(?:st|nd|rd|th)?,?)?"
# What may stand between a value and the year after it that it is stated for: "1.82% in
# 2022", "982 stores in Q2 FY 2023", "969 by the end of Q2 FY2024", "$1.3 billion as of
# December 31, 2022": one word of what is counted, or a few after an "of" ("$742 million of
# cash and cash equivalents at year end FY2021", "52% of Boeing's total revenues in FY2022"),
# then words of time. Anything else ("from", "and", "compared with", another value) leaves
# the year to something else.
_NOT_OF_THE_VALUE = r"(?:from|to|and|or|vs|versus|than|compared|through|between|against|over|since)\b"
_TO_YEAR_AFTER = re.compile(
    r"\s*(?:(?!" + _NOT_OF_THE_VALUE + r")[a-z][a-z\-]*\s+"
    r"|of\s+(?:(?!" + _NOT_OF_THE_VALUE.replace("and|", "") + r")[a-z][a-z'’\-]*\s+){1,5})?"
    r"[\s,(]*(?:(?:in|for|during|at|as|of|by|on|the|end|ended|ending|close|fiscal|year|calendar|q[1-4]|h[12]|"
    + _MONTH + r")\b[\s,]*)*",
    re.IGNORECASE,
)
# A year in a span of years ("from 2021 to 2022", "2021-2022", "between 2021 and 2022", "2022
# vs 2021") is a period of a change or a comparison, not the year of the value after it.
_SPAN_BEFORE = re.compile(r"(?:\b(?:from|between|to|and|through|vs\.?|versus)|[-–—/])\s*$", re.IGNORECASE)
# A list item's dash before a year ("- FY2021: 4.9 cents"), which opens no span of years.
_BULLET_BEFORE = re.compile(r"(?:^|\n)[ \t]*[-–—•*][ \t]*$")
_SPAN_AFTER = re.compile(r"^\s*(?:to|and|through|vs\.?|versus|[-–—/])\s*(?:FY|fiscal|'|\d)", re.IGNORECASE)
# The value a change starts from or a comparison is made with ("in 2022, ROA fell from 3.39%
# to 1.82%", "in 2022, ROA was lower than 3.39%") is of another period than the year that
# leads in.
_FROM_BEFORE = re.compile(
    r"\b(?:from|than|versus|vs\.?|compared (?:to|with)|against|relative to)\s+(?:about\s+|approximately\s+|~)?(?:US)?\$?\s*$",
    re.IGNORECASE,
)
_YEAR_BEFORE_GAP = 60  # "In FY2022, 3M's return on assets was 12.4%": a short lead-in


YearMark = tuple[int, int, int, bool]  # (start, end, year, dated) as ``years_in`` gives them


def value_years(text: str, values: list[Quantity], every: list[Quantity] | None = None) -> list[int | None]:
    """The year each of ``values`` (quantities of ``text``, in order) is stated for
    (``value_year_marks`` without where the year is written)."""
    return [mark[2] if mark else None for mark in value_year_marks(text, values, every)]


def value_year_marks(text: str, values: list[Quantity], every: list[Quantity] | None = None) -> list[YearMark | None]:
    """The year each of ``values`` (quantities of ``text``, in order) is stated for, as the
    ``years_in`` mark of where ``text`` writes it.

    First the year right after a value ("1.82% in 2022"); else the year that leads in to it
    ("In 2022, ROA was 1.82%", "FY2022 ROA: 1.82%"), when no other value stands between
    them, no earlier value took that year, the year does not open a span of years ("from
    2021 to 2022, ROA fell from 3.39% to 1.82%" ties neither value to a year), and the value
    is not where a change starts or what it is compared with ("in 2022, ROA fell from 3.39%",
    "in 2022, ROA was lower than 3.39%" tie 3.39% to no year). ``every``:
    all the quantities of ``text``, when the caller has them.
    """
    spans = sentence_spans(text)
    # The date a fiscal period ends on, in brackets after it ("Q2 FY2023 (July 30, 2022)"),
    # is that period's, not a calendar year of its own.
    years = [y for y in years_in(text) if not _PERIOD_END_BEFORE.search(text, max(0, y[0] - 40), y[0])]
    every = parse_quantities(text) if every is None else every  # values left out still stand between
    out: list[YearMark | None] = []
    taken: set[int] = set()  # years already tied to the value before them
    tables = "|" in text
    for q in values:
        if tables and (column := _column_year(text, q, years)) is not None:
            # A value in a markdown table is its column's: "| Net interest margin | 2.7% |
            # 3.1% |" under "| Metric | FY2021 | FY2022 |".
            out.append(column)
            continue
        start, end = sentence_span_at(text, q.start, spans)
        after = next((y for y in years if q.end <= y[0] < end), None)
        # A year that heads what follows it ("2022: 3.39%, 2021: 1.82%") is the next value's.
        if (
            after is not None and _TO_YEAR_AFTER.fullmatch(text[q.end:after[0]]) and after[0] - q.end <= 60
            and not text[after[1]:after[1] + 3].lstrip().startswith(":")
        ):
            out.append(after)
            taken.add(after[0])
            continue
        before = [y for y in years if start <= y[0] and y[1] <= q.start]
        year = before[-1] if before else None
        if (
            year is None or year[0] in taken or q.start - year[1] > _YEAR_BEFORE_GAP
            or any(year[1] <= other.start < q.start for other in every)
            or ";" in text[year[1]:q.start]
            or (_SPAN_BEFORE.search(text[max(start, year[0] - 12):year[0]]) and not _BULLET_BEFORE.search(text, 0, year[0]))
            or _SPAN_AFTER.match(text[year[1]:year[1] + 12])
            or _FROM_BEFORE.search(text[year[1]:q.start])
        ):
            out.append(None)
        else:
            out.append(year)
    return out


_PERIOD_END_BEFORE = re.compile(r"\bFY\s?'?\d{2,4}\s*\((?:(?:the\s+)?(?:period|quarter|year)\s+ended\s+)?[A-Za-z]+\.?\s+\d{1,2},?\s*$", re.IGNORECASE)
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$")


def _column_year(text: str, q: Quantity, years: list[YearMark]) -> YearMark | None:
    """The year heading ``q``'s column when ``q`` stands in a row of a markdown table whose
    header row, the line above its rule (``|---|---|``), names one year in that column."""
    line_start = text.rfind("\n", 0, q.start) + 1
    line_end = text.find("\n", q.start)
    line = text[line_start:len(text) if line_end < 0 else line_end]
    if not line.lstrip().startswith("|"):
        return None
    column = text.count("|", line_start, q.start)
    # Up the table to its rule; the line above the rule is the header.
    lines_above = text[:line_start].splitlines()
    for i in range(len(lines_above) - 1, 0, -1):
        if not lines_above[i].lstrip().startswith("|"):
            return None
        if _TABLE_RULE.match(lines_above[i]):
            header = lines_above[i - 1]
            header_start = text.rfind(header, 0, line_start)
            cells = header.split("|")
            if header_start < 0 or column >= len(cells):
                return None
            cell_start = header_start + sum(len(c) + 1 for c in cells[:column])
            cell_end = cell_start + len(cells[column])
            inside = [y for y in years if cell_start <= y[0] and y[1] <= cell_end]
            return inside[0] if len(inside) == 1 else None
    return None


def on_another_year(
    number: float, own: int | None, gold_years: tuple[tuple[float, int | None], ...], year: int | None,
    answer_years: set[int], spelled_as_gold: bool = False,
) -> bool:
    """Is the gold's value (``number``, stated for the year ``own``) stated for ``year``, a
    year the gold gives a different value ("3.39% in 2022" when the gold has 1.82% in 2022
    and 3.39% in 2021)? ``gold_years``: each gold value with its year.

    Only when the answer also names the gold's own year for the value (``answer_years``), or
    writes ``year`` just as the gold writes it (``spelled_as_gold``: "ROA was only 3.39% in
    2022" beside the gold's "1.82% in 2022"): an answer that counts calendar years where the
    gold counts fiscal ones ("969 stores in July 2023" for "969 by Q2 FY2024") writes its
    years otherwise and names none of the gold's pairs the other way round.
    """
    if own is None or year is None or year == own or (own not in answer_years and not spelled_as_gold):
        return False
    return any(y == year and v != number for v, y in gold_years)


def moved_off_own_year(
    answer: str, index: int, values: list[Quantity], marks: list[YearMark | None], own: int, own_fiscal: bool,
    differs: Callable[[Quantity], bool],
) -> bool:
    """Is the gold's figure (the value at ``index``, whose year each of ``marks`` gives) stated
    for another year than the gold's own, while a different value of its kind (``differs``) is
    stated for the gold's own year? "Held $610 million of cash at the end of FY2021, down
    from $742 million at the end of FY2020" for "$742 million ... at year end FY2021": the
    figures of two years exchanged, as a model reading the wrong column writes them.

    Only when the answer writes both years as the gold writes its own (fiscal or not): an
    answer that counts a fiscal year by the calendar ("$742 million in 2020" for fiscal 2021,
    ended January 2021) puts every value a year off and names no value for the gold's year."""
    mark = marks[index]
    if mark is None or mark[2] == own or is_fiscal(answer, mark) != own_fiscal:
        return False
    kind = quantity_kind(values[index])
    spans = sentence_spans(answer)

    def at_own_year(j: int) -> bool:
        other = marks[j]
        if other is not None:
            return other[2] == own and is_fiscal(answer, other) == own_fiscal
        # A value tied to no year, in a sentence whose only other year is the one the gold's
        # figure was put on ("Headcount fell by 10% ... in FY2022 (FY2021: 8%)").
        start, end = sentence_span_at(answer, values[j].start, spans)
        named = [y for y in years_in(answer[start:end]) if (start + y[0], start + y[1]) != mark[:2]]
        return bool(named) and all(y[2] == own and is_fiscal(answer[start:end], y) == own_fiscal for y in named)

    return any(j != index and quantity_kind(values[j]) == kind and at_own_year(j) and differs(values[j]) for j in range(len(values)))


class AnswerYears:
    """The years an answer ties its values to, read once and only when a figure of the gold
    has a year of its own: for the figures of two years exchanged (``moved_off_own_year``),
    and for a value of another year, which is no rival at the gold's label words.
    ``gold_kinds``: the ``quantity_kind`` of each of the gold's figures."""

    def __init__(
        self, gold: str, question: str, answer: str, values: list[Quantity], every: list[Quantity], gold_kinds: list[str],
    ) -> None:
        asked = question_years(question) if question else frozenset()
        self._asked_year = next(iter(asked)) if len(asked) == 1 else None
        self._kinds = gold_kinds
        self._texts, self._values, self._every = (gold, question, answer), values, every
        self._marks: list[YearMark | None] | None = None

    def own_year(self, year: int | None, kind: str) -> int | None:
        """The year of a gold's figure: its own (``year``), or the question's only year for
        the gold's only figure of its ``kind`` ("rose to 3.1% from 2.7%" has one figure on
        the year before)."""
        if year is not None:
            return year
        return self._asked_year if self._kinds.count(kind) == 1 else None

    def _read(self) -> list[YearMark | None]:
        if self._marks is None:
            self._marks = value_year_marks(self._texts[2], self._values, self._every)
        return self._marks

    def moved_off(self, index: int, own: int, differs: Callable[[Quantity], bool]) -> bool:
        """``moved_off_own_year`` for the answer's value at ``index``."""
        if len(self._values) < 2:
            return False
        gold, question, answer = self._texts
        fiscal = any(f.startswith("fiscal") for f in year_spellings(gold + "\n" + question).get(own, ()))
        return moved_off_own_year(answer, index, self._values, self._read(), own, fiscal, differs)

    def dated_elsewhere(self, own: int | None) -> Callable[[Quantity], bool]:
        """Is a value of the answer stated for another year than ``own``?"""
        if own is None or len(self._values) < 2:
            return lambda b: False
        years = {id(q): mark[2] for q, mark in zip(self._values, self._read()) if mark is not None}
        return lambda b: years.get(id(b), own) != own


def is_fiscal(text: str, mark: YearMark) -> bool:
    """Is the year at ``mark`` written as a fiscal year ("FY2022", "fiscal 2022")?"""
    return text[mark[0]:mark[1]].lower().startswith(("fy", "fiscal"))


def one_calendar_shift(placements: list[tuple[int, int, bool]]) -> bool:
    """Do the years an answer writes by the calendar count the gold's fiscal years one off,
    all alike? ``placements``: for each of the gold's values the answer dates, (the answer's
    year, the gold's year, whether the answer's year is that of a January-March date).

    A fiscal year that ends early in a calendar year is written by the calendar year it
    mostly covers ("in 2022" for fiscal 2023, ended January 28, 2023) or by the year of the
    date it ends: one shift of a year, back or forward, the same for every value (a January-
    March date may also stand for the year before it). Values put a year back and a year
    forward at once ("5.3% in 2021 and 4.8% in 2022" for 4.8% in FY2021 and 5.3% in FY2022)
    are no such count.
    """
    for shift in (-1, 1):
        if placements and all(year - own == shift or (dated and year - 1 - own == shift) for year, own, dated in placements):
            return True
    return False


# What a year is written with: a month ("July 2023", "December 31, 2022") or a quarter ("Q2
# FY2024", "second quarter of 2023") before it names a date or a part of the year.
_MONTH_BEFORE = re.compile(r"\b" + _MONTH + r"\s*$", re.IGNORECASE)
_PART_BEFORE = re.compile(r"\b(?:q[1-4]|h[12]|quarter|half)\s*(?:of\s+)?(?:the\s+)?$", re.IGNORECASE)


def year_spellings(text: str) -> dict[int, set[str]]:
    """How ``text`` writes each year it names: as a fiscal year ("FY2022", "fiscal 2022"), a
    short year ("'22") or a plain one, alone, after a month or after a quarter."""
    out: dict[int, set[str]] = {}
    for start, end, year, _ in years_in(text):
        token = text[start:end].lower()
        form = "fiscal" if token.startswith(("fy", "fiscal")) else "short" if token.startswith("'") else "plain"
        lead = text[max(0, start - 24):start]
        part = "month" if _MONTH_BEFORE.search(lead) else "part" if _PART_BEFORE.search(lead) else ""
        out.setdefault(year, set()).add(f"{form} {part}")
    return out


# Where a change's item ends: a clause break, or "and"/"while" before the next item
# ("operating margin fell 0.9% and gross margin fell 1.7%").
_ITEM_BREAK = re.compile(r"[.;:,()\n]|\b(?:and|while|whereas|but|although|though|with|as)\b", re.IGNORECASE)
# Words of direction name no item: every change has one; nor do the words that call it a
# change or measure it ("changed by 90 basis points").
_CHANGE_WORDS = (r"change\w*", r"points", r"basis")
_NAMES_NO_ITEM = word_pattern(RISE, FALL, _CHANGE_WORDS)


def _names_no_item(word: str) -> bool:
    word = word.lower().strip("'’-")
    return bool(_NAMES_NO_ITEM.fullmatch(word[:-2] if word.endswith(("'s", "’s")) else word))


def item_words(text: str, q: Quantity, values: list[Quantity]) -> frozenset[str]:
    """The words that say what a change is of: its clause up to the values beside it,
    less the words of direction ("3M's operating margin fell 0.9%" -> operating, margin)."""
    left_stop = max([v.end for v in values if v.end <= q.start] + [m.end() for m in _ITEM_BREAK.finditer(text, 0, q.start)], default=0)
    right_bound = min([v.start for v in values if v.start >= q.end] + [len(text)])
    cut = _ITEM_BREAK.search(text, q.end, right_bound)
    right_stop = cut.start() if cut else right_bound
    words = content(text[left_stop:q.start]) + content(text[q.end:right_stop])
    return frozenset(s for s, w in words if not _names_no_item(w))


def item_of_level_before(text: str, q: Quantity, values: list[Quantity], given_as_change: Callable[[str, Quantity], bool]) -> frozenset[str]:
    """For a change right after a level in its sentence ("Worldwide sales in 2022: $94.9
    billion, an increase of 1.3%"): the level's item, the sentence's words up to the level,
    of which the change is; empty otherwise. (A change after another change, "grew 5.1% in
    Q3 versus 8.2% in Q4", is of nothing the sentence names before it.)"""
    start, _ = sentence_span_at(text, q.start)
    before = [v for v in values if start <= v.start and v.end <= q.start]
    if not before or given_as_change(text, before[-1]):
        return frozenset()
    return frozenset(s for s, w in content(text[start:before[-1].start]) if not _names_no_item(w))


@functools.lru_cache(maxsize=4096)
def question_words(question: str) -> frozenset[str]:
    """The question's own content stems but for its names and periods ("Meridian Chemicals'
    largest liability as of FY2021": "larges", "liabil"): what every clause of an answer about
    the company and year may repeat is no sign of what a clause is about."""
    return frozenset(s for s in stems_of(question) - question_names(question) if not PERIOD_WORD.fullmatch(s))


@functools.lru_cache(maxsize=4096)
def question_names(question: str) -> frozenset[str]:
    """Stems of the names the question gives mid-sentence ("Has Microsoft increased ..."): the
    company that every item of an answer belongs to, so they tell no item from another."""
    return frozenset(
        stem(m.group(0)) for m in WORD.finditer(question)
        if m.group(0)[0].isupper() and question[:m.start()].strip() and question[:m.start()].rstrip()[-1] not in ".?!:;\n"
    )


def change_on_another_item(gold_item: frozenset[str], own: frozenset[str], rivals: list[frozenset[str]]) -> bool:
    """Is the gold's change stated for another item while a different change stands at the
    gold's item? A rival's words name more of the gold's item than the value's own do, and
    the value's own words name none of it that the rival's do not ("gross margin" against
    "operating margin" for a gold about operating margin)."""
    mine = gold_item & own
    return any((gold_item & theirs) - mine and not mine - theirs for theirs in rivals)


def change_rivals(
    answer: str, a: Quantity, values: list[Quantity], is_change: Callable[[str, Quantity], bool],
) -> list[Quantity]:
    """The answer's other committed changes of ``a``'s kind and a different value: only
    changes, since the levels a change is taken from ("from 19.1% to 17.4%, a decrease of
    1.7%") share its item and are no rival item."""
    return [b for b in other_values(a, values, quantity_kind(a)) if is_change(answer, b)]


def other_values(a: Quantity, values: list[Quantity], kind: str) -> list[Quantity]:
    """The values of ``values`` other than ``a``, of the quantity ``kind`` and a number
    other than ``a``'s: what could stand where ``a`` should."""
    return [b for b in values if b is not a and quantity_kind(b) == kind and b.number != a.number]
