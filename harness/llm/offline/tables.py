"""Reading numbers out of filing text: table rows, their year columns, their pages.

pypdfium2 keeps a table row on one line ("Net sales $ 34,229 $ 35,355 $ 32,184"), so a
row is a line with a label followed by numeric cells, and the columns' years come from the
nearest header line above it that lists years.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

PAGE_MARK = re.compile(r"^\[Page (\d+)\]\s*$")
# A numeric cell: optional $ and parentheses (accounting negatives), thousands separators,
# decimals, optional %; an em dash stands for zero.
CELL = re.compile(r"(?<![\w.])\(?-?\$?\s?\d{1,3}(?:,\d{3})+(?:\.\d+)?\)?%?|(?<![\w.])\(?-?\$?\s?\d+(?:\.\d+)?\)?%?(?![\w])|(?<=\s)[—–](?=\s|$)")
YEAR = re.compile(r"(?<!\d)((?:19|20)\d{2})(?!\d)")


@dataclass
class Row:
    label: str
    values: list[float | None]
    raw_cells: list[str]
    years: list[int]  # header years for the columns, may be empty or shorter than values
    page: int
    line: str
    percent: list[bool] = field(default_factory=list)

    def value_for(self, year: int | None) -> float | None:
        numbers = [v for v, pct in zip(self.values, self.percent) if not pct] or self.values
        if not numbers:
            return None
        if year is not None and self.years:
            plain = [v for v, pct in zip(self.values, self.percent) if not pct]
            if len(plain) >= len(self.years) and year in self.years:
                return plain[self.years.index(year)]
            if year in self.years and len(self.values) == len(self.years):
                return self.values[self.years.index(year)]
            if year in self.years:
                return None
        return numbers[0]


def parse_cell(cell: str) -> float | None:
    text = cell.strip()
    if text in ("—", "–"):
        return 0.0
    negative = text.startswith("(") and text.endswith(")") or text.startswith("(") and text.endswith(")%")
    digits = re.sub(r"[^\d.\-]", "", text)
    if not digits or digits in ("-", "."):
        return None
    try:
        value = float(digits)
    except ValueError:
        return None
    return -abs(value) if negative else value


def split_row(line: str) -> tuple[str, list[str]] | None:
    """(label, cells) when the line looks like a table row: a label then numbers."""
    cells = list(CELL.finditer(line))
    if not cells:
        return None
    first = cells[0].start()
    label = line[:first].strip(" $:.").strip()
    if len(re.findall(r"[A-Za-z]", label)) < 3:
        return None
    tail = line[first:]
    # The text after the label must be (almost) only cells: rules out prose with a number in it.
    leftover = CELL.sub("", tail)
    if len(re.findall(r"[A-Za-z]", leftover)) > 3:
        return None
    return label, [m.group(0) for m in cells]


def header_years(line: str) -> list[int]:
    years = [int(y) for y in YEAR.findall(line)]
    letters = len(re.findall(r"[A-Za-z]", YEAR.sub("", line)))
    return years if len(years) >= 2 and letters <= 40 else []


def iter_rows(text: str, default_page: int = 1) -> list[Row]:
    rows: list[Row] = []
    page = default_page
    years: list[int] = []
    for line in text.splitlines():
        mark = PAGE_MARK.match(line.strip())
        if mark:
            page = int(mark.group(1))
            years = []
            continue
        found = header_years(line)
        if found:
            years = found
            continue
        split = split_row(line)
        if split is None:
            continue
        label, cells = split
        cells = [c for c in cells if not _is_year_cell(c)] or cells
        values = [parse_cell(c) for c in cells]
        rows.append(Row(label, values, cells, list(years), page, line.strip(), [c.strip().endswith("%") for c in cells]))
    return rows


def _is_year_cell(cell: str) -> bool:
    return bool(re.fullmatch(r"(?:19|20)\d{2}", cell.strip()))


def page_lines(text: str, default_page: int = 1) -> list[tuple[int, str]]:
    """Every non-empty line with the page it is on."""
    out = []
    page = default_page
    for line in text.splitlines():
        mark = PAGE_MARK.match(line.strip())
        if mark:
            page = int(mark.group(1))
            continue
        if line.strip():
            out.append((page, line.strip()))
    return out
