"""Sections from a PDF's outline (bookmarks), when it has a usable one.

The outline is the author's own table of contents, so it beats anything inferred from the
text; but bookmarks point at pages, not lines, so each title is looked up on its page to
know where the section really starts. Some producers (NIKE 2023) write a flat outline in
which "Item 1" and its sub-topics are siblings; the item structure is restored from the
titles.
"""
from __future__ import annotations

import re

from retrievers.index.layout import Layout, Pos
from retrievers.index.pdf import OutlineEntry
from retrievers.index.sections import MIN_INTRO_CHARS, Section, intro_title
from retrievers.index.tree import compact_key

MIN_OUTLINE_ENTRIES = 3
# An outline denser than a reader's table of contents (thousands of bookmarks on a few pages:
# one per paragraph or per figure, or made by a tool) would make every prompt that shows the
# tree huge, and fold nothing: its deepest levels are dropped until it fits, and one whose top
# level alone is too long is not used.
MAX_OUTLINE_ENTRIES_PER_PAGE = 10
MIN_OUTLINE_LIMIT = 300
_ITEM = re.compile(r"^\s*item\s*\d{1,2}[a-d]?\b", re.IGNORECASE)
_PART = re.compile(r"^\s*part\s+(iv|i{1,3})\b", re.IGNORECASE)
_TOP = re.compile(r"^\s*(signatures?|exhibits?\b|index to exhibits|back cover|cover|table of contents|form 10-[kq])", re.I)


def _locate(layout: Layout, entry: OutlineEntry) -> Pos:
    """Line where the bookmark's title appears on its page; the page top if it does not."""
    want = compact_key(entry.title)[:40]
    if want:
        for ln in layout.content_lines(entry.page):
            have = compact_key(ln.text)
            if have and (have.startswith(want) or (len(have) >= 8 and want.startswith(have))):
                return (entry.page, ln.number)
    return (entry.page, 0)


def _levels(entries: list[OutlineEntry]) -> list[int]:
    """Outline levels, with a flat 10-K outline turned into Items and their sub-topics."""
    levels = [e.level for e in entries]
    items = sum(1 for e in entries if _ITEM.match(e.title))
    if len(set(levels)) > 1 or items < 3:
        return levels
    inferred, in_item = [], False
    for e in entries:
        if _ITEM.match(e.title):
            in_item = True
            inferred.append(0)
        elif _PART.match(e.title) or _TOP.match(e.title):
            in_item = False
            inferred.append(0)
        else:
            inferred.append(1 if in_item else 0)
    return inferred


def outline_sections(layout: Layout, outline: list[OutlineEntry]) -> list[Section] | None:
    """Nested sections from the outline, or None when it is too thin to be useful."""
    entries = _within_limit([e for e in outline if 0 < e.page <= layout.page_count and e.title.strip()], layout.page_count)
    if len(entries) < MIN_OUTLINE_ENTRIES or len({e.page for e in entries}) < 2:
        return None
    levels = _levels(entries)
    # Outline order, except where a bookmark points to an earlier page than the one before.
    order = sorted(range(len(entries)), key=lambda i: (entries[i].page, i))
    positions = [_locate(layout, entries[i]) for i in order]
    for k in range(len(positions) - 2, -1, -1):
        # A title found below the next bookmark's title (a running header, a cross
        # reference) is not the heading: the section starts with the next one.
        positions[k] = min(positions[k], positions[k + 1])
    flat = [(levels[i], entries[i].title.strip(), pos) for i, pos in zip(order, positions)]
    if len({t[1] for t in flat}) == 1:
        return None
    # A flat outline's "Part I" bookmarks sit on the same line as "Item 1": drop such empties.
    flat = [t for i, t in enumerate(flat) if not (_PART.match(t[1]) and i + 1 < len(flat) and flat[i + 1][2][0] == t[2][0]
                                                  and layout.chars_between(t[2], flat[i + 1][2]) < MIN_INTRO_CHARS)]
    roots: list[Section] = []
    stack: list[tuple[int, Section]] = []
    for level, title, pos in flat:
        section = Section(title, pos, layout.end, "outline", _label(title))
        while stack and stack[-1][0] >= level:
            stack.pop()
        (stack[-1][1].children if stack else roots).append(section)
        stack.append((level, section))
    _close(layout, roots, layout.end)
    if roots and roots[0].start > (1, 0):
        if layout.chars_between((1, 0), roots[0].start) >= MIN_INTRO_CHARS:
            roots.insert(0, Section("Cover page", (1, 0), roots[0].start, "front", "front_matter"))
        else:
            roots[0].start = (1, 0)
    return roots


def _within_limit(entries: list[OutlineEntry], pages: int) -> list[OutlineEntry]:
    """``entries`` without the levels below the deepest that keeps them within the limit
    (``MAX_OUTLINE_ENTRIES_PER_PAGE``); none when even the top level is over it."""
    limit = max(MIN_OUTLINE_LIMIT, MAX_OUTLINE_ENTRIES_PER_PAGE * pages)
    deepest = max((e.level for e in entries), default=0)
    while entries and len(entries) > limit:
        if deepest == min(e.level for e in entries):
            return []
        entries = [e for e in entries if e.level < deepest]
        deepest -= 1
    return entries


def _label(title: str) -> str:
    m = re.match(r"^\s*(item|note|part)\s*(\d{1,2}[a-d]?|iv|i{1,3})\b", title, re.IGNORECASE)
    return f"{m.group(1).lower()}_{m.group(2).lower()}" if m else ""


def _close(layout: Layout, sections: list[Section], end: Pos) -> None:
    """Set each section's end to the next sibling's start and add intro children where a
    parent has real text before its first child."""
    for i, section in enumerate(sections):
        section.end = sections[i + 1].start if i + 1 < len(sections) else end
        kids = section.children
        if not kids:
            continue
        _close(layout, kids, section.end)
        if kids[0].start > section.start:
            if layout.chars_between(section.start, kids[0].start) >= MIN_INTRO_CHARS:
                kids.insert(0, Section(intro_title(section), section.start, kids[0].start, "intro"))
            else:
                kids[0].start = section.start
