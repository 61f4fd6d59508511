"""Lines of a document with what structure detection needs to know about them.

A position in the document is ``(page, line)``: 1-based page, 0-based line number within
the page. ``Layout`` marks running headers and footers ("Table of Contents", "3M Company
and Subsidiaries", page numbers) as boilerplate, so that they are never taken for headings
and do not make a section look as if it reached onto the next page.
"""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import Counter
from dataclasses import dataclass, field
from itertools import accumulate

from retrievers.index.line_styles import Rounded
from retrievers.index.pdf import Line

Pos = tuple[int, int]  # (1-based page, 0-based line number)

# A section whose text on a page is shorter than this does not "touch" that page: a few
# stray characters (a footnote marker, a table's last "$") do not make the page its own.
MIN_TOUCH_CHARS = 120
# Lines this close to the top or bottom of a page are where running headers live.
_HEAD_LINES, _FOOT_LINES = 4, 3
_PAGE_NUMBER = re.compile(r"^(page\s+)?[-–—\s]*([a-z]-?)?\d{1,3}[-–—\s]*(of\s+\d+)?$", re.IGNORECASE)


def _norm(text: str) -> str:
    """The text in lower case with its runs of whitespace made single spaces."""
    lowered = text.lower()
    # Splitting and joining again changes nothing in a text whose only whitespace is single
    # spaces between words (every other kind is unprintable), nearly every line's.
    if lowered.isprintable() and "  " not in lowered and lowered[:1] != " " and lowered[-1:] != " ":
        return lowered
    return " ".join(lowered.split())


_DIGITS = re.compile(r"\d+")
_ASCII_DIGITS = b"0123456789"
_TRAILING_ROMAN = re.compile(r"\b[ivxlc]{1,6}$")
_ROMAN_DIGITS = ("i", "v", "x", "l", "c")


def _shape(key: str) -> str:
    """A running header or footer (its ``_norm``) with its page number (arabic or roman)
    blanked out."""
    # Half the keys hold no digit: an ASCII one is told so by deleting its digits in C, for
    # less than the substitution costs to find none.
    if not key.isascii() or len(key.encode("ascii").translate(None, _ASCII_DIGITS)) != len(key):
        key = _DIGITS.sub("#", key)
    # The roman number is looked for only where the key ends with a roman digit, and then
    # among the last six characters only (the longest it can be; the word boundary still
    # sees the character before them): a search of the whole key would try the pattern at
    # every position.
    if not key.endswith(_ROMAN_DIGITS):
        return key
    roman = _TRAILING_ROMAN.search(key, max(0, len(key) - 6))
    return key if roman is None else key[: roman.start()] + "#"


def _rough_shape(key: str) -> str:
    """The key without its digits and "#" and the roman digits that end it: what is left of
    its ``_shape`` once the "#" are taken out and the roman digits it ends with stripped, so
    that keys of one shape have one rough shape (worked out in C for an ASCII key)."""
    if key.isascii():
        return key.encode("ascii").translate(None, _ASCII_DIGITS + b"#").rstrip(b"ivxlc").decode("ascii")
    return _shape(key).replace("#", "").rstrip("ivxlc")


@dataclass
class Layout:
    """Per-page lines plus boilerplate flags and the document's typographic habits."""

    lines: list[list[Line]]
    boilerplate: set[Pos] = field(default_factory=set)
    bold_informative: bool = True  # False when (nearly) everything or nothing is bold
    body_size: float = 0.0
    _margins: dict[int, float] = field(default_factory=dict, repr=False)
    _content: dict[int, list[Line]] = field(default_factory=dict, repr=False)
    _columns: dict[int, tuple[list[float], list[float]]] = field(default_factory=dict, repr=False)
    _char_sums: dict[int, tuple[list[int], list[int]]] = field(default_factory=dict, repr=False)
    _page_texts: dict[int, str] = field(default_factory=dict, repr=False)
    # Document-wide findings computed once and reused by every section (layout headings).
    memo: dict[str, object] = field(default_factory=dict, repr=False)
    _doc_margin: float = 0.0
    _nonblank: list[list[Line]] = field(default_factory=list, repr=False)  # each page's lines with text
    # Line starts to two decimals, for the margins and columns of every page.
    _hundredths: Rounded = field(default_factory=lambda: Rounded(2), repr=False)

    @classmethod
    def from_lines(cls, lines: list[list[Line]]) -> Layout:
        layout = cls(lines)
        nonblank = layout._nonblank = [[ln for ln in page if ln.text.strip()] for page in lines]
        layout._mark_boilerplate(nonblank)
        texts = [ln for page in nonblank for ln in page]
        # Lists rather than generators below, and the rounding looked up by map: each runs
        # over every line of the document.
        bold_share = sum([ln.bold for ln in texts]) / max(len(texts), 1)
        # A document set entirely in a "bold" font (some CID fonts report weight 700)
        # carries no heading signal in boldness.
        layout.bold_informative = 0.01 < bold_share < 0.45
        sizes = Counter([ln.size for ln in texts if len(ln.text) > 60])
        layout.body_size = sizes.most_common(1)[0][0] if sizes else 0.0
        layout._margins = {}
        hundredths = layout._hundredths
        doc_margin = Counter(map(hundredths.__getitem__, [ln.x0 for ln in texts if len(ln.text) > 50]))
        layout._doc_margin = doc_margin.most_common(1)[0][0] if doc_margin else 0.0
        return layout

    def margin(self, page: int) -> float:
        """The left edge where the page's body text starts (its most common line start)."""
        if page not in self._margins:
            hundredths = self._hundredths
            starts = Counter(map(hundredths.__getitem__, [ln.x0 for ln in self.content_lines(page) if len(ln.text) > 50]))
            self._margins[page] = starts.most_common(1)[0][0] if starts else self._doc_margin
        return self._margins[page]

    def aligned(self, line: Line) -> bool:
        """Left-aligned with the body text or centred: where headings sit. Table column
        headers start further right. Lines without positions (no styles) always pass."""
        if not line.x0 and not line.x1:
            return True
        margin = self.margin(line.page)
        centre = (line.x0 + line.x1) / 2
        return abs(line.x0 - margin) <= 0.025 or abs(centre - 0.5) <= 0.03

    def column_aligned(self, line: Line) -> bool:
        """Starts where a column of body text starts (either column of a two-column page),
        left of all of them (an outdented heading), or is centred on the page. Lines
        without positions always pass."""
        if not line.x0 and not line.x1:
            return True
        if page := self._columns.get(line.page):
            starts, centres = page
        else:
            starts, centres = self._columns[line.page] = self._page_columns(line.page)
        centre = (line.x0 + line.x1) / 2
        return (line.x0 < min(starts) or any(abs(line.x0 - x) <= 0.025 for x in starts)
                or any(abs(centre - c) <= 0.03 for c in centres))

    def _page_columns(self, page: int) -> tuple[list[float], list[float]]:
        """Where the page's columns of body text start, and the centres a heading centred
        on the page or in one of its columns sits at (a two-column paper centres
        "ABSTRACT" over its left column)."""
        hundredths = self._hundredths
        lines = [ln for ln in self.content_lines(page) if len(ln.text) > 40]
        counts = Counter(map(hundredths.__getitem__, [ln.x0 for ln in lines]))
        total = sum(counts.values())
        starts = [x for x, n in counts.items() if n >= max(2, 0.15 * total)] or [self._doc_margin]
        centres = [0.5]
        if len(starts) > 1:
            for start in starts:
                ends = Counter(hundredths[ln.x1] for ln in lines if hundredths[ln.x0] == start)
                if ends:
                    centres.append((start + ends.most_common(1)[0][0]) / 2)
        return starts, centres

    @classmethod
    def from_pages(cls, pages: list[str]) -> Layout:
        """A layout without styles (pdfplumber text, or an index read back from JSON)."""
        lines = [[Line(text, number + 1, i) for i, text in enumerate(page.split("\n"))] for number, page in enumerate(pages)]
        return cls.from_lines(lines)

    @property
    def page_count(self) -> int:
        return len(self.lines)

    @property
    def end(self) -> Pos:
        return (self.page_count + 1, 0)

    def _mark_boilerplate(self, nonblank: list[list[Line]]) -> None:
        """Mark the running headers and footers (``nonblank``: each page's non-blank lines)."""
        edges = [page[:_HEAD_LINES] + page[-_FOOT_LINES:] for page in nonblank]
        # Keys and verdicts depend on a line's text alone: each is worked out once per text
        # (a running header once for all the pages that repeat it), shapes once per key.
        keys = {text: _norm(text) for text in {ln.text for edge in edges for ln in edge}}
        pages = max(self.page_count, 1)
        min_exact, min_shape = max(3, int(0.03 * pages)), max(3, 0.25 * pages)
        # A page counts once for each key and each shape on its edges. Shapes are worked
        # out only for keys whose rough shape (_rough_shape) is on enough pages for theirs
        # to be: nearly every key is a page's own text, on no other page.
        exact = Counter(key for edge in edges for key in {keys[ln.text] for ln in edge})
        rough = {key: _rough_shape(key) for key in exact}
        rough_pages = Counter(key_shape for edge in edges for key_shape in {rough[keys[ln.text]] for ln in edge})
        shapes = {key: _shape(key) for key, key_shape in rough.items() if rough_pages[key_shape] >= min_shape}
        shape = Counter(shapes[key] for edge in edges for key in {keys[ln.text] for ln in edge} if key in shapes)
        marked = {text for text, key in keys.items()
                  if exact[key] >= min_exact or (key in shapes and shape[shapes[key]] >= min_shape) or _PAGE_NUMBER.match(key)}
        self.boilerplate.update((ln.page, ln.number) for edge in edges for ln in edge if ln.text in marked)

    def is_content(self, line: Line) -> bool:
        return bool(line.text.strip()) and (line.page, line.number) not in self.boilerplate

    def content_lines(self, page: int) -> list[Line]:
        """The page's lines without blanks and boilerplate (a shared list: do not change it)."""
        if not 0 < page <= self.page_count:
            return []
        cached = self._content.get(page)
        if cached is None:
            # is_content spelt out: this runs once for every line of the document.
            boilerplate = self.boilerplate
            cached = self._content[page] = [ln for ln in self._nonblank[page - 1] if (ln.page, ln.number) not in boilerplate]
        return cached

    def page_text(self, page: int) -> str:
        """All the page's lines, blanks and boilerplate included, one per text line: a page
        whose text has nothing a search looks for (an "Item" at a line start) has no line
        that holds it, and one search in C rules the page out where a test per line would
        cost a Python step for each."""
        cached = self._page_texts.get(page)
        if cached is None:
            cached = self._page_texts[page] = "\n".join([ln.text for ln in self.lines[page - 1]])
        return cached

    def iter_lines(self, start: Pos, end: Pos):
        """Content lines in [start, end), in reading order."""
        for page in range(max(start[0], 1), min(end[0], self.page_count) + 1):
            for ln in self.content_lines(page):
                pos = (page, ln.number)
                if pos < start:
                    continue
                if pos >= end:
                    return
                yield ln

    def chars_between(self, start: Pos, end: Pos) -> int:
        """Characters of the content lines in [start, end). Asked thousands of times per
        document (is a section long enough, does it reach onto a page), so each page keeps
        its line numbers and running character totals, and a span is two bisections."""
        total = 0
        for page in range(max(start[0], 1), min(end[0], self.page_count) + 1):
            numbers, sums = self._page_char_sums(page)
            lo = bisect_left(numbers, start[1]) if page == start[0] else 0
            hi = bisect_left(numbers, end[1]) if page == end[0] else len(numbers)
            if hi > lo:
                total += sums[hi] - sums[lo]
        return total

    def _page_char_sums(self, page: int) -> tuple[list[int], list[int]]:
        """The page's content line numbers (ascending) and the characters of its first k
        content lines for every k."""
        cached = self._char_sums.get(page)
        if cached is None:
            lines = self.content_lines(page)
            cached = self._char_sums[page] = (
                [ln.number for ln in lines],
                [0, *accumulate(map(len, map(str.strip, [ln.text for ln in lines])))],
            )
        return cached

    def touches(self, start: Pos, end: Pos, page: int) -> bool:
        """Does the text in [start, end) reach onto ``page`` with real content?"""
        lo = max(start, (page, 0))
        hi = min(end, (page + 1, 0))
        return lo < hi and self.chars_between(lo, hi) >= MIN_TOUCH_CHARS

    def page_span(self, start: Pos, end: Pos) -> tuple[int, int]:
        """First and last page of the text in [start, end).

        The first page is the heading's page; the last is the end position's page when the
        section's text reaches onto it (the next heading sits mid-page), else the page
        before. Blank pages stay with the section before them, so nothing falls between.
        """
        first = max(start[0], 1)
        if end[1] > 0 and end[0] <= self.page_count and self.touches(start, end, end[0]):
            last = end[0]
        else:
            last = end[0] - 1
        return first, min(max(last, first), self.page_count)

    def line_at(self, pos: Pos) -> Line | None:
        page, number = pos
        if 0 < page <= self.page_count and 0 <= number < len(self.lines[page - 1]):
            return self.lines[page - 1][number]
        return None

    def position_in_page(self, line: Line) -> int:
        """How many content lines precede ``line`` on its page (0 = top of the page): found
        by bisection in the page's content line numbers (ascending)."""
        return bisect_left(self._page_char_sums(line.page)[0], line.number)

    def neighbours(self, line: Line) -> tuple[Line | None, Line | None]:
        """The content lines right before and after ``line`` (a content line) on its page;
        neither when ``line`` is not one."""
        lines = self.content_lines(line.page)
        i = self.position_in_page(line)
        if i >= len(lines) or lines[i].number != line.number:
            return None, None
        return (lines[i - 1] if i else None), (lines[i + 1] if i + 1 < len(lines) else None)

    def following(self, line: Line, count: int) -> list[Line]:
        """The next ``count`` content lines after ``line`` on its page."""
        i = bisect_right(self._page_char_sums(line.page)[0], line.number)
        return self.content_lines(line.page)[i : i + count]
