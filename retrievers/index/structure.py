"""Build a document's section tree without an LLM.

In order of preference: the PDF's own outline (bookmarks); the filing's structure (Items,
financial statements, notes), or its printed table of contents where the body heads only the
later Items (read by the ``printed_toc`` the caller passes: ``toc.py`` builds on this module);
the headings the layout shows; fixed page windows. Whatever the source, long leaves are then
split, by sub-headings where they can be found and by page windows where not, because
agents navigate by leaves and a leaf of one to five pages is what they read best.

``structural_tree(pages, lines, outline)`` is the replaceable step: an LLM-built tree can
stand in for it (see ``builder.build_index(tree_builder=...)``).
"""
from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from retrievers.index.heading_tree import heading_sections
from retrievers.index.headings import Heading, clean_title, find_items, find_subheadings, find_trailing, is_tabular
from retrievers.index.layout import Layout, Pos
from retrievers.index.layout_headings import clear_line_caches, want_headings_on
from retrievers.index.outline import outline_sections
from retrievers.index.pdf import Line, OutlineEntry
from retrievers.index.sections import MIN_INTRO_CHARS, Section, from_headings, intro_title, to_nodes
from retrievers.index.statements import find_notes, find_statements
from retrievers.index.tree import Node, compact_key

MAX_LEAF_PAGES = 6  # a leaf longer than this is split
MAX_STATEMENT_PAGES = 2  # a statement longer than this is split at its sub-titles
WINDOW_PAGES = 4  # the size of page windows when no heading can split a long leaf
SHORT_DOC_WINDOW = 3  # window size for short documents (8-Ks, press releases)
UNTITLED = "Opening page"  # document_title's name for an opening section without a headline
MAX_FRONT_PAGES = 10  # a cover and its table of contents; a longer "front" missed the first Items
MAX_ITEM_BEFORE_STATEMENTS_CHARS = 3000  # a "Form 10-K Summary" Item and an Item 15 on its page, not an Item of its own
MIN_TOC_ITEM_SHARE = 0.8  # a printed TOC stands in for the Items found only if it lists as many, nearly

_FINANCIAL_TITLE = re.compile(r"financial statements|exhibit 13|annual report|item 15|financial information", re.I)
# What opens a 10-K's financial statements when they follow its last Item: their index, the
# auditor's report, management's report on internal control, or a statement's own title.
_STATEMENTS_OPENING = re.compile(
    r"(?i)^\s*(index to (the )?(consolidated )?financial statements|report of independent registered|"
    r"management'?s report on internal control)"
)


@dataclass
class Tree:
    """A built section tree: the nodes, where the structure came from, and for each node id
    the minor headings its text contains (summaries list them)."""

    nodes: list[Node]
    source: str  # outline | structure | toc | headings | windows | llm:<model>
    topics: dict[str, list[str]] = field(default_factory=dict)
    meta: dict[str, Any] = field(default_factory=dict)  # what building it took (a model's usage...): copied into the index's meta


# Reads a filing's printed table of contents into refined sections (``toc.printed_toc_sections``
# is the one there is); None when it has no usable one.
PrintedToc = Callable[[Layout], "list[Section] | None"]


def structural_tree(
    pages: list[str],
    lines: list[list[Line]] | None = None,
    outline: list[OutlineEntry] | None = None,
    layout: Layout | None = None,
    printed_toc: PrintedToc | None = None,
) -> Tree:
    """The section tree of a document, from its outline, its filing structure or windows
    (``layout``: the pages' layout when the caller has already built it). ``printed_toc``
    reads the printed table of contents, for a filing whose body heads its Items too late to
    be its structure (see ``top_sections``); without it such a filing keeps its Items."""
    clear_line_caches()
    layout = layout or (Layout.from_lines(lines) if lines else Layout.from_pages(pages))
    sections, source = top_sections(layout, outline or [], printed_toc)
    if source != "toc":  # the TOC's sections come refined
        # A filing's long sections are split by the sub-headings filings use (tuned on them);
        # any other document's by the headings its layout shows.
        by_layout = source == "headings" or (source == "outline" and len(find_items(layout)) < 2)
        if by_layout and source == "outline":
            want_headings_on(layout, long_leaf_pages(layout, sections))
        for section in sections:
            refine(layout, section, by_layout=by_layout)
    return tree_from_sections(layout, sections, source)


def tree_from_sections(layout: Layout, sections: list[Section], source: str) -> Tree:
    """Nodes from sections, with the minor headings each section absorbed as its topics."""
    nodes = to_nodes(layout, sections)
    topics: dict[str, list[str]] = {}
    for node, section in zip(_walk(nodes), _walk(sections)):
        if section.absorbed:
            topics[node.node_id] = list(dict.fromkeys(t for t in section.absorbed if t))
    return Tree(nodes, source, topics)


def _walk(items):
    for item in items:
        yield item
        yield from _walk(item.children)


def top_sections(layout: Layout, outline: list[OutlineEntry], printed_toc: PrintedToc | None = None) -> tuple[list[Section], str]:
    from_outline = outline_sections(layout, outline)
    if from_outline:
        # Headings the outline already has are not sub-sections of the sections around them.
        layout.memo["known_titles"] = {compact_key(entry.title)[:24] for entry in outline}
        return from_outline, "outline"
    items = find_items(layout)
    if len(items) >= 2:
        sections = item_sections(layout, items)
        # Some filings head only their last Items in the body (JPMorgan's 10-Qs print
        # "Management's discussion and analysis" without "Item 2."): everything before the
        # first Item found would be one "cover page" section, where a cover and its table of
        # contents take a few pages. Their printed table of contents lists the Items and the
        # sections in them, with pages.
        front_pages = sections[0].end[0] - 1 if sections[0].kind == "front" else 0
        if printed_toc is not None and front_pages > max(MAX_FRONT_PAGES, layout.page_count / 4):
            from_toc = printed_toc(layout)
            # The TOC must list the filing's Items too: the first TOC of a 10-K bound into a
            # glossy annual report lists the report's parts, and would lose the Items.
            if from_toc and sum(s.kind == "item" for top in from_toc for s in top.walk()) >= MIN_TOC_ITEM_SHARE * len(items):
                return from_toc, "toc"
        return sections, "structure"
    title = document_title(layout)
    from_headings = heading_sections(layout, (1, 0), layout.end, title)
    if from_headings:
        return from_headings, "headings"
    root = Section(title, (1, 0), layout.end, "root")
    children = split(layout, root, allow_financial=True)
    if children and any(c.kind != "window" for c in children):
        return children, "structure"
    size = SHORT_DOC_WINDOW if layout.page_count <= 20 else WINDOW_PAGES + 1
    # A document too short for two windows is one section: an empty tree would leave the
    # agents no node to fetch or grep.
    return windows(layout, root, size) or [
        Section(title if title != UNTITLED else f"Pages 1-{layout.page_count}", (1, 0), layout.end, "window")
    ], "windows"


def item_sections(layout: Layout, items: list[Heading]) -> list[Section]:
    """Front matter, one section per Item, then signatures and exhibits."""
    trailing = find_trailing(layout, items[-1].pos)
    heads = items + [h for h in trailing if h.kind == "signatures"]
    exhibits = [h for h in trailing if h.kind == "exhibit"]
    end = exhibits[0].pos if exhibits else layout.end
    sections = from_headings(layout, heads, (1, 0), end, front_title(layout, items[0].pos), "front")
    if sections and sections[0].kind != "front" and items[0].pos[0] > 1:
        # The cover page is short but still its own node: agents look for the period there.
        sections[0].start = items[0].pos
        sections.insert(0, Section(front_title(layout, items[0].pos), (1, 0), items[0].pos, "front", "front_matter"))
    elif sections and sections[0].kind == "front":
        sections[0].label = "front_matter"
    sections += exhibit_sections(layout, exhibits)
    _split_off_statements(layout, sections)
    return sections


def _split_off_statements(layout: Layout, sections: list[Section]) -> None:
    """Give the financial statements a section of their own when they follow a last Item
    that does not hold them.

    Some 10-Ks print their statements after "Item 16. Form 10-K Summary", whose text is
    "None.", while Item 8 says they are filed as part of the report. As the last Item's
    children they would sit under a heading that says nothing of them; a reader looks for
    them as the report's financial statements. (An Item 15 "Exhibits, Financial Statement
    Schedules" or "Item 8" does hold them, and keeps them.)"""
    items = [section for section in sections if section.kind == "item"]
    if not items or _FINANCIAL_TITLE.search(items[-1].title) or re.search(r"(?i)\bitem\s*8\b", items[-1].title):
        return
    last = items[-1]
    statements = find_statements(layout, last.start, last.end)
    if len({statement.key for statement in statements}) < 2:
        return
    first = statements[0].pos
    cut = None
    for page in range(last.start[0] + 1, first[0] + 1):
        top = layout.content_lines(page)[:3]
        if page == first[0] or any(_STATEMENTS_OPENING.match(ln.text) for ln in top):
            cut = (page, top[0].number) if top else first
            break
    if cut is None or layout.chars_between(last.start, cut) > MAX_ITEM_BEFORE_STATEMENTS_CHARS:
        return  # the Item has text of its own to say, or the statements open on its page
    statements_section = Section("Financial Statements", cut, last.end, "item", "financial_statements")
    last.end = cut
    sections.insert(sections.index(last) + 1, statements_section)


def exhibit_sections(layout: Layout, exhibits: list) -> list[Section]:
    """One exhibit is its own node; several sit under one "Exhibits" node."""
    if len(exhibits) == 1:
        return [Section(exhibits[0].title, exhibits[0].pos, layout.end, "exhibit", exhibits[0].label)]
    if not exhibits:
        return []
    group = Section("Exhibits filed with the report", exhibits[0].pos, layout.end, "exhibits", "exhibits")
    group.children = from_headings(layout, exhibits, group.start, group.end, "Exhibits")
    return [group]


def document_title(layout: Layout) -> str:
    """A title for the opening section of a document without Items: its headline, which
    often wraps over two or three bold lines."""
    lines = layout.content_lines(1)
    for i, ln in enumerate(lines):
        text = ln.text.strip()
        if len(text.split()) < 3 or re.match(r"(?i)^(exhibit|page\s+\d)", text):
            continue
        if not ((ln.bold and layout.bold_informative) or text.isupper()) or is_tabular(text):
            continue
        parts = [text]
        for nxt in lines[i + 1 : i + 3]:
            if nxt.bold == ln.bold and nxt.size == ln.size and len(" ".join(parts + [nxt.text])) < 160:
                parts.append(nxt.text.strip())
            else:
                break
        return clean_title(" ".join(parts))
    return UNTITLED


def front_title(layout: Layout, end: Pos) -> str:
    text = " ".join(ln.text.lower() for ln in layout.iter_lines((1, 0), end))
    return "Cover page and table of contents" if "table of contents" in text or "index" in text else "Cover page"


# --- refinement --------------------------------------------------------------------------


def long_leaf_pages(layout: Layout, sections: list[Section]) -> list[int]:
    """The pages of the leaves ``refine`` splits: the only ones where an outlined document's
    layout headings are used."""
    pages: set[int] = set()
    for leaf in (s for top in sections for s in top.walk() if not s.children):
        first, last = layout.page_span(leaf.start, leaf.end)
        if last - first + 1 > MAX_LEAF_PAGES:  # as page_count reads it
            pages.update(range(first, last + 1))
    return sorted(pages)


def page_count(layout: Layout, section: Section) -> int:
    first, last = layout.page_span(section.start, section.end)
    return last - first + 1


def refine(layout: Layout, section: Section, allow_financial: bool = True, by_layout: bool = False) -> None:
    """Split long leaves, recursively, until every leaf is short or cannot be split
    (``by_layout``: at the layout's headings first)."""
    pages = page_count(layout, section)
    if not section.children and pages > MAX_LEAF_PAGES:
        section.children = split(layout, section, allow_financial, by_layout) or []
    elif not section.children and section.kind == "statement" and pages > MAX_STATEMENT_PAGES:
        # A primary statement fills a page or two; more means supplementary tables follow
        # (earnings releases), which have their own titles.
        section.children = subheading_children(layout, section, page_top_only=True)
    for child in section.children:
        refine(layout, child, allow_financial and child.kind not in ("statement", "notes", "note", "window"), by_layout)


def split(layout: Layout, section: Section, allow_financial: bool = True, by_layout: bool = False) -> list[Section]:
    """Children for a long section: financial statements and notes, else the layout's
    headings (``by_layout``), else sub-headings, else page windows."""
    if allow_financial:
        children = financial_children(layout, section)
        if children:
            return children
    if by_layout and section.kind != "root":
        children = heading_sections(layout, section.start, section.end, intro_title(section), False, section.title)
        if children:
            return children
    children = subheading_children(layout, section)
    if children:
        return children
    if section.kind == "root":
        return []
    return windows(layout, section, WINDOW_PAGES)


def financial_children(layout: Layout, section: Section) -> list[Section]:
    """Statements and notes of a financial-statements section (Item 8, a 10-Q's Item 1, an
    annual-report exhibit, the tables at the end of a press release)."""
    statements = find_statements(layout, section.start, section.end)
    if len({s.key for s in statements}) < 2:
        statements = []
    notes_from = statements[0].pos if statements else section.start
    notes = find_notes(layout, notes_from, section.end) if statements or _FINANCIAL_TITLE.search(section.title) else []
    if notes:
        statements = [s for s in statements if s.pos < notes[0].pos]
    if not statements and not notes:
        return []
    heads: list[Heading] = list(statements)
    notes_group = None
    if notes:
        group_start = _notes_title_pos(layout, notes[0].pos)
        notes_group = Heading(group_start, "Notes to Consolidated Financial Statements", "notes", score=5, label="notes")
        heads.append(notes_group)
    intro = intro_title(section)
    children = from_headings(layout, heads, section.start, section.end, intro)
    for child in children:
        if child.kind == "notes":
            child.children = from_headings(layout, notes, child.start, child.end, "Notes: basis of presentation")
    return children


def _notes_title_pos(layout: Layout, first_note: Pos) -> Pos:
    """Start the notes group at a "Notes to ... Financial Statements" line just above the
    first note, so that the group's first page is where the notes begin."""
    page = first_note[0]
    for ln in layout.lines[page - 1] if 0 < page <= layout.page_count else []:
        if ln.number >= first_note[1]:
            break
        if re.match(r"(?i)^\s*notes to (the )?(condensed )?(consolidated )?(condensed )?financial statements", ln.text):
            return (page, ln.number)
    return first_note


def subheading_children(layout: Layout, section: Section, page_top_only: bool = False) -> list[Section]:
    """Cut a long section at its most prominent sub-headings into 1-5 page chunks.

    Prominent headings cut early, minor ones only once the current chunk is long; the
    minor headings a chunk swallows are kept in ``absorbed`` for its summary.
    """
    own = _norm_title(section.title)
    heads = [
        h
        for h in find_subheadings(layout, section.start, section.end)
        if _norm_title(h.title) != own and not _continues_title(h, section, own)
        and (not page_top_only or (h.score >= 2 and _near_page_top(layout, h.pos)))
    ]
    if not heads:
        return []
    chunks: list[Section] = []
    current = Section("", section.start, section.end, "sub")
    for head in heads:
        first, last = layout.page_span(current.start, head.pos)
        pages = last - first + 1
        chars = layout.chars_between(current.start, head.pos)
        if not current.title and not chunks and chars < MIN_INTRO_CHARS:
            current.title = head.title  # the section opens with this heading
            continue
        cut = (
            head.score >= 3.5
            or (head.score >= 2.5 and pages >= 2 and chars >= 1500)
            or (head.score >= 2 and pages >= 3)
            or (head.score >= 1 and pages >= 4)
        )
        if not cut:
            current.absorbed.append(head.title)
            continue
        current.end = head.pos
        if chunks and chars < 800:
            # A strong heading right after another: the short run between them joins the
            # chunk before, so that each chunk keeps a heading that covers real text.
            chunks[-1].end = head.pos
            chunks[-1].absorbed += [current.title] + current.absorbed
        else:
            chunks.append(current)
        current = Section(head.title, head.pos, section.end, "sub")
    chunks.append(current)
    if len(chunks) < 2:
        return []
    if not chunks[0].title:
        chunks[0].title = intro_title(section)
    return chunks


def _norm_title(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", title.lower()).strip()


def _continues_title(head: Heading, section: Section, own: str) -> bool:
    """The second line of a wrapped section title ("... RESULTS OF" / "OPERATIONS")."""
    return (
        head.pos[0] == section.start[0]
        and 0 < head.pos[1] - section.start[1] <= 6
        and own.endswith(_norm_title(head.title))
    )


def windows(layout: Layout, section: Section, size: int) -> list[Section]:
    """Equal page windows of at most ``size`` pages, titled by their first heading."""
    first, last = layout.page_span(section.start, section.end)
    total = last - first + 1
    count = math.ceil(total / size)
    if count < 2:
        return []
    step = total / count
    starts = [first + round(i * step) for i in range(count)]
    result = []
    for i, page in enumerate(starts):
        start = section.start if i == 0 else (page, 0)
        end = (starts[i + 1], 0) if i + 1 < count else section.end
        end_page = (starts[i + 1] - 1) if i + 1 < count else last
        own = _norm_title(section.title)
        heads = [h for h in find_subheadings(layout, start, end) if h.score >= 1.5 and _norm_title(h.title) != own]
        title = f"Pages {page}-{end_page}" + (f": {heads[0].title}" if heads else "")
        window = Section(title, start, end, "window")
        window.absorbed = [h.title for h in heads[1:]]
        result.append(window)
    return result


def _near_page_top(layout: Layout, pos: tuple[int, int]) -> bool:
    line = layout.line_at(pos)
    return line is not None and layout.position_in_page(line) <= 2
