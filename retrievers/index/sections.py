"""Sections as text spans, and their conversion to the page-range ``Node`` tree.

Structure detection works with positions (page, line), because sections start mid-page;
only at the end does each section become a ``Node`` with the pages its text touches.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from retrievers.index.headings import Heading
from retrievers.index.layout import Layout, Pos
from retrievers.index.tree import Node, slugify

# Less text than this between a parent's heading and its first child is just the heading
# (and maybe a line of intro), not worth a node of its own.
MIN_INTRO_CHARS = 400


@dataclass
class Section:
    title: str
    start: Pos
    end: Pos
    kind: str = "section"  # front | item | statement | notes | note | sub | window | exhibit ...
    label: str = ""  # short prefix for child ids ("item_7", "note_16")
    children: list[Section] = field(default_factory=list)
    # Headings inside a leaf that did not become nodes; the summary lists them.
    absorbed: list[str] = field(default_factory=list)

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()


def from_headings(
    layout: Layout, heads: list[Heading], start: Pos, end: Pos, intro_title: str, intro_kind: str = "intro"
) -> list[Section]:
    """Cut [start, end) at each heading; text before the first heading becomes an intro
    section when there is enough of it."""
    heads = sorted((h for h in heads if start <= h.pos < end), key=lambda h: h.pos)
    sections: list[Section] = []
    if not heads:
        return sections
    if layout.chars_between(start, heads[0].pos) >= MIN_INTRO_CHARS:
        sections.append(Section(intro_title, start, heads[0].pos, intro_kind))
    for i, head in enumerate(heads):
        stop = heads[i + 1].pos if i + 1 < len(heads) else end
        sections.append(Section(head.title, head.pos, stop, head.kind, head.label))
    if sections and sections[0].start > start:
        # Only a heading line or two precede the first child: let it start with the parent.
        sections[0].start = start
    return sections


def _fit(node: Node, lo: int, hi: int) -> None:
    """Clamp a node into [lo, hi] and make its children tile its range without gaps."""
    node.start_page = min(max(node.start_page, lo), hi)
    node.end_page = min(max(node.end_page, node.start_page), hi)
    kids = node.children
    for i, kid in enumerate(kids):
        kid.start_page = min(max(kid.start_page, node.start_page), node.end_page)
        if i == 0:
            kid.start_page = node.start_page
        kid.end_page = min(max(kid.end_page, kid.start_page), node.end_page)
    for prev, nxt in zip(kids, kids[1:]):
        # A blank or image-only page between two sections stays with the earlier one.
        if nxt.start_page > prev.end_page + 1:
            prev.end_page = nxt.start_page - 1
        if nxt.start_page < prev.start_page:
            nxt.start_page = prev.start_page
    if kids:
        kids[-1].end_page = node.end_page
    for kid in kids:
        _fit(kid, kid.start_page, kid.end_page)


def to_nodes(layout: Layout, sections: list[Section]) -> list[Node]:
    """Convert top-level sections to Nodes covering every page, with unique full ids."""
    nodes = [_to_node(layout, s) for s in sections]
    root = Node("", "", 1, max(layout.page_count, 1), children=nodes)
    _fit(root, 1, max(layout.page_count, 1))
    assign_ids(nodes, sections)
    return nodes


# The recursive walks here are module functions, not closures: a closure that calls itself
# is a reference cycle (the function holds the cell that holds it), and everything it
# captures (the layout and every line of the document) would then wait for the cyclic
# collector instead of being freed when the build no longer needs it.
def _to_node(layout: Layout, section: Section) -> Node:
    first, last = layout.page_span(section.start, section.end)
    return Node("", section.title, first, last, children=[_to_node(layout, c) for c in section.children])


def assign_ids(nodes: list[Node], sections: list[Section]) -> None:
    """Full descriptive ids from titles; parent-prefixed only when a title repeats.

    Ids are never truncated: an agent that copies a long id back must get the node.
    """
    used: set[str] = set()
    for node, section in zip(nodes, sections):
        _assign_id(node, section, "", used)


def _assign_id(node: Node, section: Section, parent_prefix: str, used: set[str]) -> None:
    base = slugify(node.title) or "section"
    if section.kind == "window" and parent_prefix:
        base = f"{parent_prefix}_{base}"
    candidates = [base]
    if parent_prefix and not base.startswith(parent_prefix):
        candidates.append(f"{parent_prefix}_{base}")
    candidates.append(f"{candidates[-1]}_p{node.start_page}")
    node_id = next((c for c in candidates if c not in used), None)
    counter = 2
    while node_id is None:
        trial = f"{candidates[-1]}_{counter}"
        node_id = trial if trial not in used else None
        counter += 1
    used.add(node_id)
    node.node_id = node_id
    prefix = slugify(section.label) or node_id
    for child, child_section in zip(node.children, section.children):
        _assign_id(child, child_section, prefix, used)


_LABEL = re.compile(r"^(item\s+\d{1,2}(\.\d{2})?[a-d]?|note\s+\d{1,2}|exhibit\s+[\d.]+[a-z]?|part\s+[ivx]+)\b", re.I)


def intro_title(section: Section) -> str:
    """"Item 7 introduction" for Items, Notes and Exhibits, else "<title> (introduction)"."""
    if section.kind == "root":
        return section.title
    match = _LABEL.match(section.title)
    if match:
        kind, number = match.group(1).rstrip(".").split(None, 1)
        return f"{kind.capitalize()} {number.upper()} introduction"
    return f"{section.title} (introduction)"
