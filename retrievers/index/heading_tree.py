"""A section tree from the headings found in a document's layout, for documents without
an outline or Items: earnings releases, 8-Ks' exhibits, reports, papers, lecture notes.

The layout headings give the narrative's sections; the filing's own structure, where it
has one, is laid over them: the financial statements at the back of an earnings release
become top-level sections of their own, and the tables that follow them in the same
style (reconciliations, supplemental data) become their siblings, whatever their type
size says. Headings that hold next to no text are folded into the section before them
(the summaries list them).
"""
from __future__ import annotations

import re

from retrievers.index.heading_levels import LayoutHeading
from retrievers.index.headings import Heading, clean_title, is_tabular, names_company, statement_kind
from retrievers.index.layout import Layout, Pos
from retrievers.index.layout_headings import document_headings, is_caps
from retrievers.index.outline import _close as close_sections
from retrievers.index.sections import MIN_INTRO_CHARS, Section
from retrievers.index.statements import find_statements
from retrievers.index.tree import compact_key

# A heading followed by less text than this before the next heading at its level or above
# is a label, not a section.
MIN_SECTION_CHARS = 60
# Fewer headings than this is no structure to speak of.
MIN_HEADINGS = 2


def _style(h: LayoutHeading) -> tuple:
    return (round(h.size), h.bold, h.caps)


# "Exhibit 5" over a table at the back of an earnings release, the company's name and the
# table's title after it ("Store Update", "Sales by Category").
_EXHIBIT_LINE = re.compile(r"\s*Exhibit\s+(\d{1,2}[A-Z]?)\s*$")


def _exhibit_tables(layout: Layout, statements: list[Heading], end: Pos) -> list[Heading]:
    """The tables a release numbers as exhibits after its first statement, each titled by
    the line after its "Exhibit N" that is neither the company's name nor a statement's title
    (a statement is found as one already). They are the statements' siblings: a release's
    store counts or sales by category, which otherwise fall under the statement before them."""
    if not statements:
        return []
    found = []
    taken = {statement.pos for statement in statements}
    for ln in layout.iter_lines(statements[0].pos, end):
        m = _EXHIBIT_LINE.match(ln.text)
        if not m:
            continue
        for title_line in layout.following(ln, 3):
            text = title_line.text.strip()
            if names_company(text):
                continue
            if (title_line.page, title_line.number) not in taken and not statement_kind(text) and 3 <= len(text) <= 80 \
                    and not is_tabular(text):
                found.append(Heading((ln.page, ln.number), f"Exhibit {m.group(1)}: {clean_title(text)}", "statement",
                                     (f"exhibit_{m.group(1)}",), 5.0))
            break
    return found


def _overlay_statements(layout: Layout, heads: list[LayoutHeading], statements: list[Heading]) -> list[LayoutHeading]:
    """Put the primary statements at the top level, with every heading styled like them
    (or more prominent: a release's "NON-GAAP FINANCIAL MEASURES" in larger capitals after
    its statements) from the first statement on as their siblings, and lesser headings
    beneath."""
    if not statements:
        return heads
    zone = statements[0].pos
    by_pos = {h.pos: h for h in heads}
    styles = set()
    for statement in statements:
        h = by_pos.get(statement.pos)
        if h is None:
            line = layout.line_at(statement.pos)
            h = LayoutHeading(statement.pos, statement.title, line.size if line else 0.0, bool(line and line.bold),
                              is_caps(statement.title), None, statement.pos)
            by_pos[statement.pos] = h
        h.title = statement.title
        h.kind = "statement"
        styles.add(_style(h))
    merged = sorted(by_pos.values(), key=lambda h: h.pos)
    for h in merged:
        if h.pos < zone:
            continue
        h.is_title = False
        style = _style(h)
        h.level = 0 if (h.kind == "statement" or style in styles or any(style > other for other in styles)) else 1
    return merged


def _outranks(a: LayoutHeading, b: LayoutHeading) -> bool:
    """Does ``a`` look more prominent than ``b``: larger, or as large and bolder, or in
    capitals where ``b`` is not?"""
    return _style(a) > _style(b)


def _is_empty(layout: Layout, head: LayoutHeading, following: Pos) -> bool:
    return layout.chars_between((head.end[0], head.end[1] + 1), following) < MIN_SECTION_CHARS


def _group_under_empty(layout: Layout, heads: list[LayoutHeading]) -> None:
    """A heading straight followed by a heading in its own style ("Full Year Highlights",
    then "Consolidated Results") names the group that follows: nest the group under it,
    up to the next such heading, one that looks more prominent than it, or the first
    title the group already has (the next period's "Consolidated Results")."""
    i = 0
    while i < len(heads):
        h = heads[i]
        if not (i + 1 < len(heads) and heads[i + 1].level == h.level and not h.is_title and not heads[i + 1].is_title
                and h.kind != "statement" and not _outranks(heads[i + 1], h)
                and _is_empty(layout, h, heads[i + 1].pos)):
            i += 1
            continue
        seen: set[str] = set()
        j = i + 1
        while j < len(heads) and heads[j].level >= h.level and heads[j].kind != "statement":
            g = heads[j]
            if g.level == h.level:
                starts_group = j + 1 < len(heads) and heads[j + 1].level == g.level and _is_empty(layout, g, heads[j + 1].pos)
                if g.title.lower() in seen or starts_group or _outranks(g, h):
                    break
                seen.add(g.title.lower())
            g.level += 1
            j += 1
        i = j


def _fold_empty(layout: Layout, heads: list[LayoutHeading], end: Pos) -> tuple[list[LayoutHeading], dict[int, list[str]]]:
    """Drop headings with (almost) no text of their own before the next heading at their
    level or above; their titles become topics of the heading before them."""
    kept: list[LayoutHeading] = []
    topics: dict[int, list[str]] = {}
    # The title is kept however little follows it: it names the opening section. The front
    # matter after it (authors, a subtitle) parents nothing either but folds when empty.
    title = next((h for h in heads if h.is_title), None)
    for i, h in enumerate(heads):
        if kept and kept[-1].level == h.level and kept[-1].title == h.title:
            continue  # the title repeated where the section (a long table) goes on
        following = heads[i + 1] if i + 1 < len(heads) else None
        nxt = following.pos if following else end
        has_children = following is not None and following.level > h.level and not h.is_title
        if not has_children and h.kind != "statement" and h is not title and _is_empty(layout, h, nxt):
            if kept:
                topics.setdefault(id(kept[-1]), []).append(h.title)
            continue
        kept.append(h)
    return kept, topics


def _is_own(head: LayoutHeading, start: Pos, own: str | None, have: str) -> bool:
    """Is ``head`` (its title's ``compact_key``: ``have``) the heading of the section being
    split (or a line of it), whose title's key is ``own`` (None: no section is split)?"""
    if own is None:
        return False
    return head.pos == start or (head.pos[0] == start[0] and bool(have) and (have in own or own in have))


def heading_sections(
    layout: Layout, start: Pos, end: Pos, opening_title: str, statements: bool = True, within: str = ""
) -> list[Section]:
    """Nested sections for [start, end) from its layout headings (with the financial
    statements laid over them); empty when the layout shows no headings. ``within``: the
    title of the section being split, whose own heading is not a child of it."""
    known = layout.memo.get("known_titles", set())
    own = compact_key(within) if within else None
    heads = []
    for h in document_headings(layout):
        if start <= h.pos < end:
            have = compact_key(h.title)  # once for both tests
            if not _is_own(h, start, own, have) and have[:24] not in known:  # type: ignore[operator]
                heads.append(h.copy())
    if heads and within:
        top = min(h.level for h in heads)
        for h in heads:
            h.level -= top
            h.is_title = False
    found = find_statements(layout, start, end) if statements else []
    if len({s.key for s in found}) < 2:
        found = []
    found = sorted(found + _exhibit_tables(layout, found, end), key=lambda heading: heading.pos)
    heads = _overlay_statements(layout, heads, found)
    _group_under_empty(layout, heads)
    heads, topics = _fold_empty(layout, heads, end)
    if len(heads) < MIN_HEADINGS:
        return []
    roots: list[Section] = []
    stack: list[tuple[int, Section]] = []
    for h in heads:
        section = Section(h.title, h.pos, end, h.kind, "")
        section.absorbed = topics.get(id(h), [])
        while stack and stack[-1][0] >= h.level:
            stack.pop()
        (stack[-1][1].children if stack else roots).append(section)
        if not h.is_title:  # the title names the opening section but holds nothing below it
            stack.append((h.level, section))
    close_sections(layout, roots, end)
    if roots[0].start > start:
        if layout.chars_between(start, roots[0].start) >= MIN_INTRO_CHARS:
            roots.insert(0, Section(opening_title, start, roots[0].start, "front", "front_matter"))
        else:
            roots[0].start = start
    return roots
