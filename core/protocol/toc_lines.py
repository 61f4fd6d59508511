"""What a line of a printed table of contents looks like: "Item 1. Business 4".

Shared by the indexer, which finds the TOC pages and reads their entries, and by the
baseline, which plays the model that reads the TOC text the indexer sends it.
"""
from __future__ import annotations

import re

_TOC_LINE = re.compile(r"^(?P<title>.*?)[\s.…·_]+(?P<page>\d{1,4})$")
_FIGURE = re.compile(r"^[($]?[\d,.]+[)%,]?$")
_YEAR = re.compile(r"^(19|20)\d\d[,.]?$")
_PART_AFTER = re.compile(r"(?i)\s+part\s+(?:iv|i{1,3})$")


def toc_line(text: str, max_page: int | None = None) -> tuple[str, int] | None:
    """``(title, printed page)`` for a line that reads like a TOC entry ("Item 1. Business 4",
    "Note 5. Restructuring Actions ..... 64"), None for prose, table rows and dates."""
    # Some extractors run the next group heading onto the line: "Mine Safety Disclosures 15 Part II".
    text = " ".join(text.split())
    if text[-1:] in ("i", "v", "I", "V", "ı", "İ"):  # what the pattern's ignore-case "i" also matches
        text = _PART_AFTER.sub("", text)
    if not text[-1:].isdigit():
        return None  # an entry ends with its page number: most lines stop here, cheaply
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
