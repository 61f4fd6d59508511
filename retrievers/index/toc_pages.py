"""Finding a printed table of contents: its pages and its entry lines.

Used twice: the model-built tree reads the entries, and heading detection skips the pages,
whose entries look like headings but are not where the sections are.
"""
from __future__ import annotations

import itertools
import re

_TOC_LINE = re.compile(r"^(?P<title>.*?)[\s.…·_]+(?P<page>\d{1,4})$")
_FIGURE = re.compile(r"^[($]?[\d,.]+[)%,]?$")
_YEAR = re.compile(r"^(19|20)\d\d[,.]?$")


def toc_line(text: str, max_page: int | None = None) -> tuple[str, int] | None:
    """``(title, printed page)`` for a line that reads like a TOC entry ("Item 1. Business 4",
    "Note 5. Restructuring Actions ..... 64"), None for prose, table rows and dates."""
    # Some extractors run the next group heading onto the line: "Mine Safety Disclosures 15 Part II".
    text = re.sub(r"(?i)\s+part\s+(?:iv|i{1,3})$", "", " ".join(text.split()))
    m = _TOC_LINE.match(text)
    if not m:
        return None
    title, page = m["title"].strip(" .:-—–…·_"), int(m["page"])
    if not re.search(r"[A-Za-z]{2}", title) or "$" in title or "%" in title or len(title.split()) > 30:
        return None
    last = title.split()[-1]
    if (_FIGURE.match(last) and not _YEAR.match(last)) or page < 1 or (max_page is not None and page > max_page):
        return None
    return title, page


def find_toc_pages(pages: list[str], scan_pages: int = 12, max_pages: int = 4) -> list[int]:
    """The first run of pages that read like a table of contents: many entry lines, making
    up much of the page, with page numbers that mostly go up."""

    def looks_like_toc(page: int, min_entries: int) -> bool:
        lines = [ln for ln in pages[page - 1].split("\n") if ln.strip()]
        entries = [e for ln in lines if (e := toc_line(ln, len(pages) + 5))]
        rising = sum(b[1] >= a[1] for a, b in itertools.pairwise(entries))
        return len(entries) >= min_entries and len(entries) >= 0.3 * len(lines) and rising >= 0.7 * (len(entries) - 1)

    found: list[int] = []
    for page in range(1, min(scan_pages, len(pages)) + 1):
        if not found:
            if looks_like_toc(page, 5):
                found.append(page)
        elif len(found) < max_pages and looks_like_toc(page, 3):
            found.append(page)
        else:
            break
    return found
