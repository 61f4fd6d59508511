"""Headings of a filing's financial statements and notes, without an LLM.

- ``statement``: the titles of the primary financial statements, at the top of a page or
  bold over their table.
- ``note``: "NOTE 1. SIGNIFICANT ACCOUNTING POLICIES", "Note 3 — Acquisitions", or a bold
  "3. Goodwill", as the in-order chain that runs through the notes.
"""
from __future__ import annotations

import re

from retrievers.index.headings import (
    _DASH,
    _FIGURE,
    _PAGE_REF,
    _TABLE_HEADER,
    _TITLE_START,
    Heading,
    _is_caps,
    _next_content,
    _precedes_table,
    best_chain,
    clean_title,
    is_continued,
    is_tabular,
    statement_kind,
)
from retrievers.index.layout import Layout, Pos
from retrievers.index.pdf import Line

_NOTE = re.compile(r"^\s*note\s*(\d{1,2})(?!\d|\.\d)[\s.:\-—–]*(.*)$", re.IGNORECASE)
_NUMBERED = re.compile(rf"^\s*(\d{{1,2}})\s*{_DASH}\s*(\S.*)$")


def find_statements(layout: Layout, start: Pos, end: Pos) -> list[Heading]:
    """Statement titles near the top of pages in [start, end); continuation pages and
    index pages (several titles on one page) are skipped."""
    found: list[Heading] = []
    for page in range(start[0], min(end[0], layout.page_count) + 1):
        hits = [(ln, kind) for ln, kind in _statement_lines(layout, page) if start <= (page, ln.number) < end]
        if len(hits) >= 3:  # an index to the financial statements
            continue
        for ln, kind in hits:
            prev = found[-1] if found else None
            if prev and prev.key == (kind,) and page - prev.pos[0] <= 1:
                continue  # the statement continues on this page
            found.append(Heading((page, ln.number), _statement_title(layout, ln), "statement", (kind,), 5.0, kind))
    return found


def _statement_lines(layout: Layout, page: int) -> list[tuple[Line, str]]:
    """The page's lines that head a statement, with the statement's kind: at the top of the
    page (among its first five lines, below none of 70 characters or more), or a bold
    "Consolidated ..." title over a table lower down (two statements on one page); a bold
    "Balance Sheet" paragraph heading in a press release is neither. Only the top lines and
    the bold ones are read: no other line can be a title, and most pages have a few."""
    lines = layout.content_lines(page)
    top = 0
    while top < min(5, len(lines)) and (top == 0 or len(lines[top - 1].text) < 70):
        top += 1
    bold = [ln for ln in lines[top:] if ln.bold] if layout.bold_informative else []
    found = []
    for i, ln in enumerate(lines[:top] + bold):  # the first ``top`` are the top lines
        text = ln.text.strip()
        kind = statement_kind(text)
        if not kind:
            continue
        if not re.search(r"(?i)consolidated|condensed|combined|statements?\b", text) and not _precedes_table(layout, ln):
            continue  # a bare "BALANCE SHEET" heading in the notes, not the statement
        if i < top or (re.search(r"(?i)consolidated|statements? of", text) and _precedes_table(layout, ln)):
            found.append((ln, kind))
    return found


def _statement_title(layout: Layout, ln: Line) -> str:
    """The statement's title, with its wrapped second line ("... OF COMPREHENSIVE" /
    "INCOME") when it has one."""
    title = clean_title(ln.text)
    # "Consolidated Statements of Earnings GENERAL MILLS, INC. AND SUBSIDIARIES" on one line
    title = re.sub(r"(?<=[a-z)])\s+[A-Z][A-Z.,&'’ ]{3,}\b(INC\.?|CORPORATION|COMPANY|SUBSIDIARIES)\s*$", "", title)
    title = re.sub(r"(?i)^.{0,40}?\b(inc|corporation|company|corp|ltd|plc)\.?,?\s+(?=(condensed|consolidated|statements?|balance))", "", title)
    nxt = _next_content(layout, ln)
    if nxt is not None and re.search(r"(?i)\b(comprehensive|changes in|of|and|in)$", title):
        tail = nxt.text.strip()
        if len(tail) < 50 and not _TABLE_HEADER.search(tail) and not is_tabular(tail):
            title = clean_title(f"{title} {tail}")
    return title


def _note_candidate(layout: Layout, ln: Line) -> Heading | None:
    text = ln.text.strip()
    if len(text) > 140 or is_continued(text):
        return None
    m = _NOTE.match(text)
    bold = ln.bold and layout.bold_informative
    if m:
        number, rest = int(m.group(1)), m.group(2).strip()
        if not rest:
            nxt = _next_content(layout, ln)
            if nxt is None or len(nxt.text) > 100 or not _TITLE_START.match(nxt.text.strip()):
                return None
            rest = nxt.text.strip()
        if not _TITLE_START.match(rest) or _FIGURE.search(rest) or (rest.endswith(".") and len(rest.split()) > 12):
            return None
        if _PAGE_REF.search(rest):
            return None  # "Note 2. Inventories 55": an index entry with its page number
        title = f"Note {number}. {clean_title(rest)}"
        score = 1.0 + bold + 0.5 * _is_caps(rest)
    else:
        m = _NUMBERED.match(text)
        if not m or not (bold or (_is_caps(m.group(2)) and not layout.bold_informative)):
            return None
        number, rest = int(m.group(1)), m.group(2).strip()
        if not _TITLE_START.match(rest) or _FIGURE.search(rest) or len(rest.split()) > 14 or rest.endswith("."):
            return None
        title = f"Note {number}. {clean_title(rest)}"
        score = 1.0
    if not 1 <= number <= 40:
        return None
    return Heading((ln.page, ln.number), title, "note", (number,), score + 0.3 * (layout.position_in_page(ln) <= 3), f"note_{number}")


def find_notes(layout: Layout, start: Pos, end: Pos) -> list[Heading]:
    """The in-order chain of note headings in [start, end) (at least three notes)."""
    cands = [h for ln in layout.iter_lines(start, end) if (h := _note_candidate(layout, ln))]
    chain = best_chain(
        cands,
        key=lambda c: c.key,
        weight=lambda c: c.score,
        bonus=lambda a, b: 1.0 if b.key[0] == a.key[0] + 1 else 0.0,
    )
    return chain if len(chain) >= 3 else []
