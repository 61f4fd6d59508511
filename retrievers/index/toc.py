"""Reading a filing's printed table of contents.

Its entries are listed by a model (``llm_tree``) or, without one, by ``parse_toc`` reading
the lines (``printed_toc_sections``, for a filing whose body does not head its first Items);
everything that can be checked is done here: finding the TOC pages, reading the page
numbers printed in footers, mapping printed pages to physical ones, finding each entry's
heading near its page, validating the entries, and turning them into sections with the
structural indexer's machinery.
"""
from __future__ import annotations

import itertools
import re
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from core.protocol import TocEntry, read_toc_reply
from core.protocol.toc_lines import PART_LABEL, parse_toc
from retrievers.index.headings import clean_title, find_trailing, is_continued, statement_kind
from retrievers.index.layout import Layout, Pos
from retrievers.index.outline import _close as close_sections
from retrievers.index.sections import Section, from_headings
from retrievers.index.statements import find_notes
from retrievers.index.structure import exhibit_sections, financial_children, front_title, refine
from retrievers.index.toc_pages import find_toc_pages, toc_line  # noqa: F401 - part of this module's surface
from retrievers.index.tree import compact_key


class TocError(ValueError):
    """The table of contents is missing or the model's entries cannot be used."""


# --- printed page numbers -> physical pages -----------------------------------------------

_FOLIO = re.compile(r"^(?:page\s+)?[-–—]?\s*(\d{1,4})\s*[-–—]?(?:\s+of\s+\d{1,4})?$", re.IGNORECASE)
_RUNNING_FOLIO = re.compile(r"^(?P<prefix>\S.{0,80}?[^\d\s,.$%])\s*[|–—-]?\s*(?P<number>\d{1,4})$")


def printed_page_numbers(pages: list[str]) -> dict[int, int]:
    """physical page -> the page number printed in its footer (or header): a bare number
    ("45", "Page 45", "- 45 -") or a running footer ending in one ("Pfizer Inc. 2021 Form
    10-K 45") that recurs on many pages."""
    edges = []
    for text in pages:
        lines = [ln.strip() for ln in text.split("\n") if ln.strip()]
        edges.append(lines[-2:][::-1] + lines[:2])
    prefixes: Counter = Counter()
    for edge in edges:
        prefixes.update({m["prefix"] for m in map(_RUNNING_FOLIO.match, edge) if m})
    running = {k for k, n in prefixes.items() if n >= max(3, 0.2 * len(pages))}
    found: dict[int, int] = {}
    for physical, edge in enumerate(edges, 1):
        for line in edge:
            m = _FOLIO.match(line)
            number = int(m.group(1)) if m else None
            if number is None and (r := _RUNNING_FOLIO.match(line)) and r["prefix"] in running:
                number = int(r["number"])
            if number is not None and 0 < number <= len(pages):  # not a year
                found[physical] = number
                break
    return found


class PageMap:
    """Maps printed page numbers to physical pages after the table of contents.

    A filing can number its pages more than once (a 10-K, then an annual report or an
    exhibit starting again at 1), so a number is looked for from a floor on (the page of
    the entry before): the page that prints it, else the count from the last numbered
    page before it, else the document's most common offset."""

    def __init__(self, folios: dict[int, int], after: int, offset: int | None = None):
        self.folios = sorted((p, n) for p, n in folios.items() if p > after)
        if offset is None:
            best = Counter(p - n for p, n in self.folios).most_common(1)
            offset = best[0][0] if best and best[0][1] >= min(3, len(self.folios)) else None
        self.offset = offset

    def physical(self, printed: int, floor: int = 1) -> int:
        last_before = None
        for p, n in self.folios:
            if p < floor:
                continue
            if n == printed:
                return p
            if n > printed:
                break
            last_before = (p, n)
        if last_before is not None:
            return last_before[0] + printed - last_before[1]
        return printed + (self.offset or 0)


# --- validated entries -> sections ------------------------------------------------------------


@dataclass
class Entry:
    title: str
    printed: int
    level: int
    page: int = 0  # physical
    pos: Pos = (0, 0)
    located: bool = False


_LIST_MARK = re.compile(r"^\s*(?:\(?[a-z0-9]\)|[•▪●◦*])\s+", re.IGNORECASE)
# Titles here are stripped (a model's entries are read whitespace-normalised, a page's lines
# stripped), so PART_LABEL, anchored at the first character, serves them as it is.
_PART_BEFORE_ITEM = re.compile(PART_LABEL.pattern + r"(?=item\b)", re.IGNORECASE)
_ITEM = re.compile(r"^\s*item\s*(\d{1,2}[a-d]?)(?![\d.]\d)\b[\s.:\-—–]*", re.IGNORECASE)
_NOTE = re.compile(r"^\s*note\s*(\d{1,2})\b[\s.:\-—–]*", re.IGNORECASE)
_FINANCIAL_GROUP = re.compile(r"financial statements|financial information", re.IGNORECASE)
_STATEMENT_TAIL = re.compile(
    r"\s+(?:for|as of|at|in)\s+(?:the\s+)?(?:(?:fiscal\s+)?years?|three|six|nine|twelve|fiscal|quarters?|periods?|months|"
    r"january|february|march|april|may|june|july|august|september|october|november|december)\b.*$",
    re.IGNORECASE,
)


def display_title(title: str) -> str:
    """The entry's title in the tree's house style: "Item 7. ...", "Note 5. ...", statement
    titles without their dates."""
    title = clean_title(_LIST_MARK.sub("", title))
    m = _ITEM.match(title)
    if m:
        rest = title[m.end():]
        return f"Item {m.group(1).upper()}." + (f" {rest}" if rest else "")
    m = _NOTE.match(title)
    if m:
        rest = title[m.end():]
        return f"Note {m.group(1)}." + (f" {rest}" if rest else "")
    if statement_kind(title) or statement_kind(_STATEMENT_TAIL.sub("", title)):
        return _STATEMENT_TAIL.sub("", title) or title
    return title


def _kind(title: str) -> tuple[str, str]:
    if m := _ITEM.match(title):
        return "item", f"item_{m.group(1).lower()}"
    if m := _NOTE.match(title):
        return "note", f"note_{m.group(1)}"
    if re.match(r"(?i)^notes to\b", title):
        return "notes", "notes"
    if statement_kind(title):
        return "statement", ""
    if re.match(r"(?i)^signatures?$", title):
        return "signatures", "signatures"
    return "section", ""


def find_heading(layout: Layout, title: str, pages: list[int], after: Pos) -> Pos | None:
    """Where ``title`` is printed as a heading on the first of ``pages`` that has it, after
    ``after``; bold, capitalised or exact lines beat prose that merely starts the same way."""
    want = compact_key(PART_LABEL.sub("", _LIST_MARK.sub("", title)))[:28]
    if len(want) < 4:
        return None
    for page in pages:
        hits = []
        for ln in layout.content_lines(page):
            raw = ln.text.strip()
            if (page, ln.number) <= after or raw[:1] in "•▪●◦" or len(raw) > max(len(title) + 40, 100):
                continue
            have = compact_key(PART_LABEL.sub("", raw))
            if not want.startswith("item"):  # a TOC "1A. Risk Factors" for the heading "ITEM 1A. RISK FACTORS"
                have = have.removeprefix("item")
            if have.startswith(want) or (len(have) >= 12 and want.startswith(have)):
                strong = ln.bold or raw.isupper() or have == compact_key(title)
                hits.append((not strong, ln.number))
        if hits:
            return (page, min(hits)[1])
    return None


def parse_entries(reply: dict[str, Any]) -> tuple[list[Entry], int]:
    """Entries from the model's reply (``core.protocol.read_toc_reply``), with levels made
    consistent; and how many were dropped as unreadable."""
    read = read_toc_reply(reply)
    if read is None:
        raise TocError("the reply has no list of entries")
    raw, dropped = read
    return toc_entries(raw), dropped


def toc_entries(raw: list[TocEntry]) -> list[Entry]:
    """Entries as the tree is built from, from a TOC reader's ``TocEntry`` list (the model's
    or ``parse_toc``'s): group headings and "(continued)" repeats left out, levels made
    consistent (none deeper than one below the entry before)."""
    entries = []
    for item in raw:
        title = _PART_BEFORE_ITEM.sub("", item.title)  # never empty: what it leaves starts "Item"
        if (PART_LABEL.match(title) and len(title) < 40) or is_continued(title):
            continue  # "PART II" group headings and "(continued)" repeats carry no text of their own
        entries.append(Entry(title, item.page, item.level))
    if entries:
        base = min(e.level for e in entries)
        previous = -1
        for e in entries:
            e.level = min(e.level - base, previous + 1)
            previous = e.level
    return entries


def place_entries(layout: Layout, entries: list[Entry], toc_pages: list[int], page_map: PageMap) -> list[Entry]:
    """Give each entry a physical page and position, in page order; drop entries out of
    range, and out of order where their heading is not found (a misread page number)."""
    first_body = (max(toc_pages) if toc_pages else 0) + 1
    # Some TOCs list the financial statements before the MD&A that precedes them: entries go
    # in page order, but one that breaks the TOC's own order must have its heading found.
    flagged, highest = [], 0
    for e in entries:
        flagged.append((e, e.printed < highest))
        highest = max(highest, e.printed)
    flagged.sort(key=lambda pair: pair[0].printed)
    placed: list[Entry] = []
    after = (first_body, -1)
    for index, (e, out_of_order) in enumerate(flagged):
        guess = page_map.physical(e.printed, max(first_body, after[0]))
        if not first_body <= guess <= layout.page_count or guess < after[0] - 2:
            continue
        guess = max(guess, after[0])  # the entry before was found a page or two late
        lowest = max(first_body, after[0])
        near = [p for p in (guess, guess + 1, guess - 1, guess + 2, guess - 2) if lowest <= p <= layout.page_count]
        pos = find_heading(layout, e.title, near, after)
        located = pos is not None
        if out_of_order and not located:
            # A group printed without a page of its own ("Item 2. Management's Discussion
            # ..." over its sections) has its first entry's page, and starts where that
            # entry's heading is: placed there, with the entry still to be found after it.
            first = flagged[index + 1][0] if index + 1 < len(flagged) else None
            if first is not None and first.printed == e.printed and first.level > e.level:
                at = find_heading(layout, first.title, near, after)
                if at is not None:
                    placed.append(replace(e, page=at[0], pos=at, located=False))
            continue
        if pos is None:
            # Not found (the page prints another wording): the TOC says the section starts
            # on this page, so it starts at its top.
            pos = max((guess, 0), after)
        placed.append(replace(e, page=pos[0], pos=pos, located=located))
        after = pos
    return placed


def toc_sections(layout: Layout, entries: list[Entry]) -> list[Section]:
    """Nested sections from placed entries, with the cover before them and the signatures
    and exhibits after them (which a TOC usually omits), each section refined like the
    structural tree's."""
    roots: list[Section] = []
    stack: list[tuple[int, Section]] = []
    for e in entries:
        title = display_title(e.title) or e.title
        kind, label = _kind(title)
        section = Section(title, e.pos, layout.end, kind, label)
        while stack and stack[-1][0] >= e.level:
            stack.pop()
        (stack[-1][1].children if stack else roots).append(section)
        stack.append((e.level, section))
    trailing = _trailing(layout, entries[-1].pos, {s.kind for s in roots})
    close_sections(layout, roots, trailing[0].start if trailing else layout.end)
    if roots[0].start > (1, 0):
        roots.insert(0, Section(front_title(layout, roots[0].start), (1, 0), roots[0].start, "front", "front_matter"))
    sections = roots + trailing
    for section in sections:
        for s in section.walk():
            if s.children:
                continue
            # A TOC entry that groups the statements ("Consolidated Financial Statements 57")
            # is split into them even when short: agents look for one statement at a time.
            if s.kind == "notes":
                notes = find_notes(layout, s.start, s.end)
                s.children = from_headings(layout, notes, s.start, s.end, "Notes: basis of presentation") if notes else []
            elif _FINANCIAL_GROUP.search(s.title) and s.kind not in ("statement", "note"):
                s.children = financial_children(layout, s)
        refine(layout, section)
    return sections


def _trailing(layout: Layout, after: Pos, kinds: set[str]) -> list[Section]:
    heads = [h for h in find_trailing(layout, after) if h.kind != "signatures" or "signatures" not in kinds]
    sections = [Section(h.title, h.pos, layout.end, h.kind, h.label) for h in heads if h.kind == "signatures"]
    exhibits = [h for h in heads if h.kind == "exhibit"]
    sections += exhibit_sections(layout, exhibits)
    for a, b in itertools.pairwise(sections):
        a.end = b.start
    return sections


def placed_toc(layout: Layout, pages: list[str], toc_pages: list[int], entries: list[Entry], min_located_share: float,
               meta: dict[str, Any], unreadable: int = 0) -> list[Entry]:
    """The entries placed on their physical pages; ``TocError`` when too few have a usable
    page, or too few headings were found where the TOC says (it is not this PDF's, or its
    page numbers belong to another part of the file). ``unreadable``: the reader's entries
    that could not be used at all. What was found goes into ``meta``, also on an error."""
    total = len(entries) + unreadable
    page_map = PageMap(printed_page_numbers(pages), max(toc_pages))
    placed = place_entries(layout, entries, toc_pages, page_map)
    located = sum(e.located for e in placed)
    if located < 0.8 * len(entries):
        # The printed page numbers may be missing or belong to another part of the file:
        # try the distance between the TOC's pages and where its headings really are.
        offset = _offset_from_headings(layout, entries, max(toc_pages) + 1)
        if offset is not None and offset != page_map.offset:
            by_headings = PageMap({}, max(toc_pages), offset)
            alternative = place_entries(layout, entries, toc_pages, by_headings)
            if sum(e.located for e in alternative) > located:
                page_map, placed = by_headings, alternative
                located = sum(e.located for e in placed)
    meta.update(entries=total, used=len(placed), located=located, page_offset=page_map.offset)
    if len(placed) < 3 or len(placed) < 0.5 * total:
        raise TocError(f"only {len(placed)} of {total} table-of-contents entries have a usable page")
    if located < min_located_share * len(placed):
        raise TocError(f"only {located} of {len(placed)} table-of-contents headings were found on their pages")
    return placed


def _offset_from_headings(layout: Layout, entries: list[Entry], first_body: int) -> int | None:
    """Without printed page numbers: the most common distance between an entry's printed
    page and the page its heading is on."""
    offsets: Counter = Counter()
    for e in entries[:15]:
        pos = find_heading(layout, e.title, list(range(first_body, layout.page_count + 1)), (first_body, -1))
        if pos is not None:
            offsets[pos[0] - e.printed] += 1
    best = offsets.most_common(1)
    return best[0][0] if best and best[0][1] >= 2 else None


# Without a model the TOC is trusted only when most of its headings are where it says: its
# tree replaces the one found in the body. (A model's reading passes with a quarter, since a
# model reads odd layouts.) Every FinanceBench filing here with a printed TOC has at least
# 83% of its entries found on their pages (Pfizer's 2021 10-K, 30 of 36); a TOC of another
# document would have few.
PRINTED_TOC_LOCATED_SHARE = 0.75


def printed_toc_sections(layout: Layout) -> list[Section] | None:
    """Sections from the printed table of contents read without a model (``parse_toc``),
    placed and checked as a model's reading is; None when there is no usable TOC."""
    pages = [layout.page_text(page) for page in range(1, layout.page_count + 1)]  # the PDF's page texts, line for line
    toc_pages = find_toc_pages(pages)
    if not toc_pages:
        return None
    text = "\n".join(pages[p - 1] for p in toc_pages)
    entries = toc_entries(parse_toc(text, len(pages)))
    try:
        placed = placed_toc(layout, pages, toc_pages, entries, PRINTED_TOC_LOCATED_SHARE, {})
    except TocError:
        return None
    return toc_sections(layout, placed)
