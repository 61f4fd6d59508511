"""The section index every mode shows its models (the line format is ``core.protocol``'s).

``section_index`` lists every node with a short summary. ``folded_section_index`` is the
compact form an extraction agent sees on each of its turns: ids and pages only, with the
outline unfolded level by level until a token budget is spent.
"""
from __future__ import annotations

import heapq

from core.llm.tokens import estimate_tokens
from core.llm.types import Message
from core.protocol import SECTIONS, SectionLine, block, format_section_line
from retrievers.index.tree import DocumentIndex, Node, slugify

SUMMARY_CHARS = 100
# The folded index's budget. An extraction's first message (and so this index) is resent on
# every turn: at ~7.7k tokens the full index of the 3M 10-K made a three-iteration run cost
# ~58k tokens before any model text; at this size it stays under the design's 25k
# (``python scripts/bench_iterative_tokens.py``).
FOLDED_TOKENS = 1800


def _title(node: Node) -> str:
    return "" if slugify(node.title) in node.node_id else node.title


def section_index(index: DocumentIndex, *, summary_chars: int = SUMMARY_CHARS) -> str:
    """The index every mode shows its models. Ids are full descriptive slugs of the titles,
    so a title is only repeated when the id does not already say it; summaries are cut to
    ``summary_chars`` because the index rides along in every turn of every agent."""
    lines = []
    for node, depth in index.walk():
        lines.append(format_section_line(SectionLine(
            node.node_id, depth, node.start_page, node.end_page,
            title=_title(node), summary=_summary(node, summary_chars) if summary_chars else "",
        )))
    return "\n".join(lines)


def _summary(node: Node, summary_chars: int = SUMMARY_CHARS) -> str:
    return " ".join(node.summary.split())[:summary_chars]


def _line(node: Node, depth: int, folded: bool, summary: bool = False) -> str:
    hidden = sum(1 for _ in node.walk()) - 1 if folded else 0
    return format_section_line(SectionLine(
        node.node_id, depth, node.start_page, node.end_page, title=_title(node), folded=hidden, summary=_summary(node) if summary else "",
    ))


def folded_section_index(index: DocumentIndex, *, max_tokens: int = FOLDED_TOKENS) -> str:
    """As much of the section index as fits ``max_tokens`` (estimated): every top-level
    section, then subsections level by level, the smaller groups of siblings first; then, if
    room is left, summaries, shallow sections first. A node whose subsections did not fit
    says how many it hides: fetching or grepping it reaches them (a grep names the
    subsection of each match). Long flat lists (an exhibit's forty country addenda) are
    folded before short ones (a statement's notes), because they say the least per token.
    A small document's folded index is its full index."""
    depth_of: dict[int, int] = {}
    order: dict[int, int] = {}
    for position, (node, depth) in enumerate(index.walk()):
        depth_of[id(node)], order[id(node)] = depth, position
    expanded: set[int] = set()
    cost = sum(estimate_tokens(_line(n, 0, bool(n.children))) for n in index.nodes)
    frontier: list[tuple[int, int, int, Node]] = []

    def offer(node: Node) -> None:
        if node.children:
            heapq.heappush(frontier, (depth_of[id(node)], len(node.children), order[id(node)], node))

    for node in index.nodes:
        offer(node)
    while frontier:
        depth, _, _, node = heapq.heappop(frontier)
        delta = estimate_tokens(_line(node, depth, False)) - estimate_tokens(_line(node, depth, True))
        delta += sum(estimate_tokens(_line(c, depth + 1, bool(c.children))) for c in node.children)
        if cost + delta > max_tokens:
            continue  # stays folded; a smaller group elsewhere may still fit
        cost += delta
        expanded.add(id(node))
        for child in node.children:
            offer(child)

    shown = [(node, depth) for node, depth in _listed(index.nodes, expanded)]
    summarised: set[int] = set()
    for node, depth in sorted(shown, key=lambda item: (item[1], order[id(item[0])])):
        folded = bool(node.children) and id(node) not in expanded
        delta = estimate_tokens(_line(node, depth, folded, summary=True)) - estimate_tokens(_line(node, depth, folded))
        if delta and cost + delta <= max_tokens:
            cost += delta
            summarised.add(id(node))
    lines = [_line(n, d, bool(n.children) and id(n) not in expanded, summary=id(n) in summarised) for n, d in shown]
    return "\n".join(lines)


def _listed(nodes: list[Node], expanded: set[int], depth: int = 0):
    """The nodes a folded index lists, in document order, with their depths."""
    for node in nodes:
        yield node, depth
        if id(node) in expanded:
            yield from _listed(node.children, expanded, depth + 1)


def indexed_prompt(sections: str, *parts: str) -> Message:
    """The first message of a call that shows the section index: the index first, as a
    stable prefix (``Message.stable_chars``) that a provider's prompt cache reuses across a
    tool loop's turns and across the calls and questions on the same filing, then what
    varies (the question, the task, the instructions): long documents before the query."""
    head = block(SECTIONS, sections) + "\n\n"
    return Message.user(head + "\n\n".join(p for p in parts if p), stable_chars=len(head))
