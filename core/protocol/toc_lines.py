"""What a line of a printed table of contents looks like ("Item 1. Business 4"), and a whole
table of contents read line by line, as a careful reader would (``parse_toc``): a title
followed by a page number is an entry ("ITEM 7 Management's Discussion ... 19", "Note 5.
Restructuring Actions 64"); a title that wrapped is joined to the line that finishes it;
Items are top level, what follows an Item sits under it, notes sit under "Notes to ...
Financial Statements"; "PART I" headings, column headers and prose are left out.

Shared by the indexer, which finds the TOC pages and reads their entries (without a model
where the body does not head a filing's Items), and by the baseline, which plays the model
that reads the TOC text the indexer sends it.
"""
from __future__ import annotations

import re

from core.protocol.replies import TocEntry

_TOC_LINE = re.compile(r"^(?P<title>.*?)[\s.…·_]+(?P<page>\d{1,4})$")
_FIGURE = re.compile(r"^[($]?[\d,.]+[)%,]?$")
_YEAR = re.compile(r"^(19|20)\d\d[,.]?$")
_PART_AFTER = re.compile(r"(?i)\s+part\s+(?:iv|i{1,3})$")
_PART_ENDINGS = ("i", "v", "I", "V", "ı", "İ")  # what _PART_AFTER can end with (its ignore-case "i" takes "ı", "İ")


def toc_line(text: str, max_page: int | None = None) -> tuple[str, int] | None:
    """``(title, printed page)`` for a line that reads like a TOC entry ("Item 1. Business 4",
    "Note 5. Restructuring Actions ..... 64"), None for prose, table rows and dates."""
    # An entry ends with its page number, or with a part label run on after it: most lines
    # end otherwise and stop here, before their spaces are normalised.
    end = text.rstrip()[-1:]
    if not end.isdigit() and end not in _PART_ENDINGS:
        return None
    # Some extractors run the next group heading onto the line: "Mine Safety Disclosures 15 Part II".
    text = " ".join(text.split())
    if text[-1:] in _PART_ENDINGS:
        text = _PART_AFTER.sub("", text)
    if not text[-1:].isdigit():
        return None
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


ITEM_ENTRY = re.compile(r"^(?:\(?[a-z]\)\s+)?item\s*\d{1,2}[a-d]?\b", re.IGNORECASE)
NOTE_ENTRY = re.compile(r"^(?:\(?[a-z]\)\s+)?note\s*\d{1,2}\b", re.IGNORECASE)
_NOTES_GROUP = re.compile(r"^(?:\(?[a-z]\)\s+)?notes to\b", re.IGNORECASE)
# A "PART II" label and what separates it from a title after it (the indexer strips it too).
PART_LABEL = re.compile(r"^part\s+(?:iv|i{1,3})\b[\s.:\-—–]*", re.IGNORECASE)
_TOP = re.compile(r"^(signatures?|exhibits?|index to exhibits|exhibit index|glossary)\b", re.IGNORECASE)
_LIST_MARK = re.compile(r"^\(?[a-z]\)\s+", re.IGNORECASE)
_BARE_ITEM = re.compile(r"^(\d{1,2}[A-D]?)\.\s+(?=[A-Z\[])")  # "1A. Risk Factors" in an "Item" column
_LABEL_ONLY = re.compile(r"(?:item|note)\s*\d{1,2}[a-d]?\.?", re.IGNORECASE)
_HEADER = re.compile(r"^(page|pages|page no\.?|beginning page|table of contents|contents|index)$", re.IGNORECASE)
_WRAPS = re.compile(r"(\b(and|or|of|the|to|in|for|with|on|by|from|its|a|an)|[,;&/\-—–])$", re.IGNORECASE)
_CONTINUED = re.compile(r"\(?\b(continued|cont'?d?\.?)\)?\s*$", re.IGNORECASE)
_NOT_APPLICABLE = re.compile(r"(?i)\b(n/a|not applicable|none)$")
_DATE_START = re.compile(r"^(january|february|march|april|may|june|july|august|september|october|november|december|(19|20)\d\d)\b", re.IGNORECASE)


class _Levels:
    """Items at the top; what follows an Item under it; notes under "Notes to ..."."""

    def __init__(self) -> None:
        self.in_item = False
        self.notes_level: int | None = None

    def entry(self, title: str, page: int) -> TocEntry | None:
        title = _LIST_MARK.sub("", title)
        if PART_LABEL.match(title) and ITEM_ENTRY.match(PART_LABEL.sub("", title)):
            title = PART_LABEL.sub("", title)  # "PART II Item 5. Market ..."
        if _BARE_ITEM.match(title) and self.notes_level is None:
            title = f"Item {title}"
        if PART_LABEL.match(title) and len(title) < 40:
            return None
        if ITEM_ENTRY.match(title) or _TOP.match(title):
            level, self.in_item, self.notes_level = 0, bool(ITEM_ENTRY.match(title)), None
        elif _NOTES_GROUP.match(title):
            level = 1 if self.in_item else 0
            self.notes_level = level
        elif NOTE_ENTRY.match(title):
            level = self.notes_level + 1 if self.notes_level is not None else (1 if self.in_item else 0)
        else:
            level, self.notes_level = (1 if self.in_item else 0), None
        return TocEntry(title, page, level)


def _starts_entry(line: str) -> bool:
    return bool(ITEM_ENTRY.match(line) or NOTE_ENTRY.match(line) or _NOTES_GROUP.match(line))


def _continues(pending: str, line: str) -> bool:
    """Is ``line`` the rest of the wrapped entry ``pending``?"""
    if not pending or _starts_entry(line):
        return False
    if _LABEL_ONLY.fullmatch(pending) or line.isdigit() or _WRAPS.search(pending):
        return True
    if not pending.endswith((".", ":")) and (line[:1].islower() or _DATE_START.match(line)):
        return True  # "... six months ended" / "June 30, 2022 and 2021 91"
    return _starts_entry(pending) and not pending.endswith((".", ":")) and len(line.split()) <= 4


def parse_toc(text: str, page_count: int | None = None) -> list[TocEntry]:
    entries: list[TocEntry] = []
    levels = _Levels()
    pending = ""  # a wrapped title still waiting for the rest of it and its page number
    waiting_item = ""  # "Item 1. Financial Statements" printed without a page: it starts with its first part
    limit = page_count + 5 if page_count else None
    for raw in text.split("\n"):
        line = " ".join(raw.split())
        if not line or _HEADER.match(line):
            continue
        candidate = f"{pending} {line}" if _continues(pending, line) else line
        found = toc_line(candidate, limit)
        usable = len(candidate.split()) <= 25 and not _CONTINUED.search(candidate) and not _NOT_APPLICABLE.search(candidate)
        if found is None:
            if ITEM_ENTRY.match(candidate):
                waiting_item = candidate if usable else ""
            pending = candidate if usable else ""
            continue
        pending = ""
        for title, page in ([(waiting_item, found[1])] if waiting_item and not ITEM_ENTRY.match(found[0]) else []) + [found]:
            entry = levels.entry(title, page)
            if entry is not None:
                entries.append(entry)
        waiting_item = ""
    return entries
