"""Reading numbers out of filing text: table rows, their year columns, scale and pages.

pypdfium2 keeps a table row on one line ("Net sales $ 34,229 $ 35,355 $ 32,184"), so a
row is a line that ends in a run of numeric cells after a label; a label that wrapped onto
its own line is joined to the cells on the next. The columns' years come from the nearest
header line above that lists years; the scale ("in millions", "(thousands)") from the
nearest scale note above on the same page, else from the first one in the text.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

PAGE_MARK = re.compile(r"^\[Page (\d{1,5})\]\s*$")  # ours: a page is at most MAX_PAGES (3000)
YEAR = re.compile(r"(?<![\d,.$])((?:19|20)\d{2})(?![\d,])")
# One numeric cell as a whitespace-separated token: optional $ and parentheses (accounting
# negatives), thousands separators, decimals, optional %; a dash stands for zero.
_CELL_TOKEN = re.compile(r"^\(?-?\$?\(?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\)?%?\)?,?$|^\(?\.\d+\)?%?$|^[—–-]+$")
_SCALE = [
    ("billions_usd", re.compile(r"in billions|\(billions|billions of|\$ ?billions|\$bn\b", re.IGNORECASE)),
    ("thousands_usd", re.compile(r"in thousands|\(thousands|thousands of|\$ ?000s?\b|\(000s?\)|\$000", re.IGNORECASE)),
    ("millions_usd", re.compile(r"in millions|\(millions|millions of|\$ ?(?:in )?millions?\b|dollars in millions|\(\$m\)|\bin \$m\b|\$mn\b|"
                                r"usd ?millions?|us\$ ?millions?|\(in millions", re.IGNORECASE)),
]


@dataclass
class Row:
    label: str
    values: list[float | None]
    raw_cells: list[str]
    years: list[int]  # header years for the columns, may be empty or shorter than values
    page: int
    line: str
    percent: list[bool] = field(default_factory=list)
    scale: str = ""  # millions_usd | thousands_usd | billions_usd | ""
    group: str = ""  # the nearest heading line above ("Current liabilities:")
    header: str = ""  # the header line the years came from

    def plain_values(self) -> list[float | None]:
        plain = [v for v, pct in zip(self.values, self.percent) if not pct]
        return plain or list(self.values)

    def value_for(self, year: int | None) -> float | None:
        """The cell of ``year``'s column; the first cell when the question names no year or
        the table no years; None when the table's columns are other years."""
        numbers = self.plain_values()
        if not numbers:
            return None
        if year is not None and self.years:
            if year not in self.years:
                return None
            position = self.years.index(year)
            if len(numbers) >= len(self.years):
                return numbers[position]
            if len(self.values) == len(self.years):
                return self.values[position]
            return None
        return numbers[0]

    def by_year(self) -> dict[int, float]:
        """Every labelled column's value: {2022: 5.2, 2021: 4.9}."""
        numbers = self.plain_values()
        if not self.years or len(numbers) < len(self.years):
            return {}
        out: dict[int, float] = {}
        for year, value in zip(self.years, numbers):
            if value is not None and year not in out:
                out[year] = value
        return out

    @property
    def is_percent(self) -> bool:
        return bool(self.percent) and all(self.percent)


def parse_cell(cell: str) -> float | None:
    text = cell.strip().rstrip(",")
    if re.fullmatch(r"[—–-]+", text):
        return 0.0
    negative = text.startswith(("(", "-", "$(", "$-"))
    digits = re.sub(r"[^\d.]", "", text)
    if not digits or digits == ".":
        return None
    try:
        value = float(digits)
    except ValueError:
        return None
    return -abs(value) if negative else value


_DATE_LABEL = re.compile(
    r"^(?:(?:19|20)\d{2}\s+)?(?:as of\s+|at\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?,?$", re.IGNORECASE
)



def _is_year_token(token: str) -> bool:
    return bool(re.fullmatch(r"(?:19|20)\d{2}", token))


def split_row(line: str) -> tuple[str, list[str]] | None:
    """(label, cells) when the line looks like a table row: a label, then only numeric cells."""
    tokens = line.split()
    cells: list[str] = []
    i = len(tokens)
    percent_next = False  # a "%" standing alone belongs to the cell on its left
    while i > 0:
        token = tokens[i - 1]
        if token in ("$", "%", "x", "pts", "pts.", "bps", "pp", "ppt"):
            i -= 1
            percent_next = token == "%"
            continue
        if _is_year_token(token) and cells:
            break  # a year before the cells ends the label ("December 31, 2018 1,234 1,100")
        if _CELL_TOKEN.match(token) and not _is_year_token(token):
            cells.insert(0, token + ("%" if percent_next and not token.endswith("%") else ""))
            percent_next = False
            i -= 1
            continue
        break
    if not cells:
        return None
    label = " ".join(tokens[:i]).strip(" $:.")
    if _DATE_LABEL.match(label):
        return None  # "December 2," / "2019 May 27,": a date in a header, not a row
    if len(re.findall(r"[A-Za-z]", label)) < 3 or len(label) > 220:
        return None
    if label.endswith((".", ";")) and len(label.split()) > 12:
        return None  # the end of a sentence that happens to close on a number
    return label, cells


def _cells_only(line: str) -> list[str]:
    tokens = [t for t in line.split() if t not in ("$", "%")]
    if tokens and all(_CELL_TOKEN.match(t) and not _is_year_token(t) for t in tokens):
        return tokens
    return []


def header_years(line: str) -> list[int]:
    years = [int(y) for y in YEAR.findall(line)]
    letters = len(re.findall(r"[A-Za-z]", YEAR.sub("", line)))
    if len(years) >= 2 and letters <= 60 and not re.search(r"[\d,]{4,}\.\d|\d,\d{3}", YEAR.sub("", line)):
        return years
    return []


def scale_in(line: str) -> str:
    for unit, pattern in _SCALE:
        if pattern.search(line):
            return unit
    return ""


def _page_start(text: str, default_page: int) -> int:
    """The page the text starts on: a chunk that begins mid-page is on the page before its
    first marker."""
    first = re.search(r"^\[Page (\d{1,5})\]\s*$", text, re.MULTILINE)
    if first is None:
        return default_page
    if not text[: first.start()].strip():
        return int(first.group(1))
    return max(1, int(first.group(1)) - 1)


_SEGMENT = re.compile(r"([A-Za-z][^\d$()—–]*?(?:\([^)]*\)[^\d$()—–]*?)*)\s+((?:\$?\s?\(?-?\d[\d,]*(?:\.\d+)?\)?%?\s*|[—–]\s*|-(?=\s|$)\s*){2,})")


def split_rows(line: str) -> list[tuple[str, list[str]]]:
    """Several rows run together on one line ("Net sales $ 18,992.8 $ 18,127.0 Cost of sales
    12,590.6 11,678.7"): each label with its cells, when every piece has the same cell count."""
    pieces = []
    for match in _SEGMENT.finditer(line):
        cells = [c for c in match.group(2).split() if c != "$"]
        if any(_is_year_token(c) for c in cells):
            return []
        pieces.append((match.group(1).strip(" $:."), cells))
    if len(pieces) < 2 or len({len(c) for _, c in pieces}) != 1:
        return []
    covered = sum(len(label) + sum(len(c) for c in cells) for label, cells in pieces)
    if covered < 0.7 * len(line.replace(" ", "").replace("$", "")):
        return []
    return [(label, cells) for label, cells in pieces if len(re.findall(r"[A-Za-z]", label)) >= 3]


@functools.lru_cache(maxsize=512)
def iter_rows(text: str, default_page: int = 1) -> tuple[Row, ...]:
    """The table rows of ``text``. Cached: the baseline asks for the rows of the same fetched
    section once per need on every turn, and parsing dominates its time. A tuple, and rows
    are never changed after parsing, so sharing them is safe."""
    return tuple(_parse_rows(text, default_page))


def _parse_rows(text: str, default_page: int) -> list[Row]:
    rows: list[Row] = []
    page = _page_start(text, default_page)
    years: list[int] = []
    header = ""
    page_scale = ""
    text_scale = next((s for s in (scale_in(line.replace("\xa0", " ")) for line in text.splitlines()[:400]) if s), "")
    group = ""
    pending = ""  # a label line waiting for its cells on the next line
    stacked: list[int] = []  # years of a header spread over several lines
    after_row = False  # the previous line was a row: a bare line of cells is their subtotal

    def add(label: str, cells: list[str], line: str) -> None:
        values = [parse_cell(c) for c in cells]
        rows.append(
            Row(
                label, values, cells, list(years), page, line, [c.strip().rstrip(",").endswith("%") for c in cells],
                page_scale or text_scale, group, header,
            )
        )

    for raw in text.splitlines():
        line = raw.replace("\xa0", " ").strip()
        mark = PAGE_MARK.match(line)
        if mark:
            page, years, header, page_scale, group, pending, stacked = int(mark.group(1)), [], "", "", "", "", []
            after_row = False
            continue
        if not line:
            continue
        scale = scale_in(line)
        if scale and len(line) < 160:
            page_scale = scale
        lead = re.match(r"^((?:(?:19|20)\d{2}\s+){2,})(?=[A-Za-z])", line)
        if lead:  # "2022 2021 2020 Net sales $ 18,992.8 ...": the header's years, then rows
            years, header, stacked = [int(y) for y in lead.group(1).split()], lead.group(1).strip(), []
            line = line[lead.end():]
        found = header_years(line)
        if found:
            years, header, pending, stacked = found, line, "", []
            after_row = False
            continue
        several = split_rows(line)
        if several:
            if len(stacked) >= 2:
                years, header = stacked, " ".join(map(str, stacked))
            if pending and several[0][0][:1].islower():
                several[0] = (f"{pending} {several[0][0]}", several[0][1])
            stacked, pending = [], ""
            for label, cells in several:
                add(label, cells, line)
            after_row = True
            continue
        split = split_row(line)
        if split is None and len(line) <= 40 and YEAR.search(line):
            # a header whose years stand on lines of their own ("December 2," / "2016" / ...)
            stacked += [int(y) for y in YEAR.findall(line)]
            continue
        if split is None:
            only_cells = _cells_only(line)
            if only_cells and pending:
                split = (pending, only_cells)  # "Proceeds from sale of businesses, net of cash sold" / "846 1,065 142"
            elif only_cells and after_row and group and len(only_cells) >= 2:
                split = (f"Total {group}", only_cells)  # an unlabelled subtotal under "Revenues"
        if split is None:
            letters = re.sub(r"[^A-Za-z]", "", line)
            if 3 <= len(letters) and len(line) <= 120 and not line.endswith("."):
                pending = line
                if line.endswith(":") or len(line.split()) <= 6:
                    group = line.rstrip(":")
            else:
                pending = ""
            after_row = False
            continue
        label, cells = split
        if len(stacked) >= 2:
            years, header = stacked, " ".join(map(str, stacked))
        stacked = []
        if pending and label != pending and label[0].islower():
            label = f"{pending} {label}"  # a label that wrapped onto a second line
        pending = ""
        add(label, cells, line)
        after_row = True
    return rows


def page_lines(text: str, default_page: int = 1) -> list[tuple[int, str]]:
    """Every non-empty line with the page it is on."""
    out = []
    page = _page_start(text, default_page)
    for line in text.splitlines():
        mark = PAGE_MARK.match(line.strip())
        if mark:
            page = int(mark.group(1))
            continue
        if line.strip():
            out.append((page, line.replace("\xa0", " ").strip()))
    return out
