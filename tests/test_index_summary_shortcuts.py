"""The summaries' short cuts answer as the plain code they replaced does.

Each short cut (page lines keyed once, digits counted in C) is held to a plain spelling of
what it computes, kept here, on texts of the kinds that tell them apart: letters that
lower-case to ASCII ("İ", the Kelvin sign), other scripts' digits, dashes, short titles.
"""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from retrievers.index import summaries
from retrievers.index.summaries import (
    _TWO_DIGITS,
    _PageLines,
    node_text,
)
from retrievers.index.tree import Node, compact_key, compact_line_keys

_ODD_CHARS = ["İ", "\u212a", "ı", "ſ", "Σ", "é", "\ud800", "٣", "３", "—", "–", "’", "\u00a0", "\t"]
_TEXT = st.text(st.sampled_from([*"aZ09 .-'\n$%(),", *_ODD_CHARS]), max_size=60)


@settings(max_examples=300, derandomize=True)
@given(_TEXT)
def test_line_keys_are_each_line_s_compact_key(text: str) -> None:
    assert compact_line_keys(text) == "\n".join(map(compact_key, text.split("\n")))


# --- node_text: the node's lines cut out of its pages, as it was spelt line by line ---

def _plain_title_line(lines: list[str], title: str, first: int) -> int | None:
    want = summaries._title_key(title)
    if len(want) >= 6:
        return next((i for i in range(first, len(lines)) if want in compact_key(lines[i])), None)
    labelled = compact_key(title)[:30]
    if len(labelled) >= 6 and labelled != want:
        found = next((i for i in range(first, len(lines)) if labelled in compact_key(lines[i])), None)
        if found is not None:
            return found
    return next((i for i in range(first, len(lines)) if want and re.sub(r"^\d+", "", compact_key(lines[i])) == want), None)


def _plain_node_text(pages: list[str], node: Node, next_start: tuple[int, str] | None, heading: str | None) -> str:
    chunks = []
    for page in range(node.start_page, node.end_page + 1):
        text = pages[page - 1] if 0 < page <= len(pages) else ""
        if page == node.start_page:
            lines = text.split("\n")
            at = _plain_title_line(lines, heading or node.title, 0)
            text = text if at is None else "\n".join(lines[at:])
        if next_start and page == next_start[0] == node.end_page:
            lines = text.split("\n")
            at = _plain_title_line(lines, next_start[1], 1)
            text = text if at is None else "\n".join(lines[:at])
        chunks.append(text)
    return "\n".join(chunks)


_TITLES = ["Note 6. Debt", "Debt", "Item 7. Management's Discussion", "MANAGEMENT'S DISCUSSION", "Net sales by segment",
           "Income taxes (introduction)", "İncome", "\u212aelvin scale", "", "6", "Notes"]
_PAGE_LINES = st.sampled_from([*_TITLES, "6. Debt", "Note 6 Debt", "NOTE 6. DEBT", "The company had debt of $ 4.2 billion.",
                               "Net sales $ 34,229 $ 35,355", "", "  ", "ITEM 7. MANAGEMENT’S DISCUSSION AND ANALYSIS",
                               "net sales by segment (continued)", "Σ ΣΑΣ"])
_PAGES = st.lists(st.lists(_PAGE_LINES, max_size=8).map("\n".join), min_size=1, max_size=4)


@settings(max_examples=400, derandomize=True)
@given(_PAGES, st.integers(0, 5), st.integers(0, 3), st.sampled_from(_TITLES), st.sampled_from(_TITLES),
       st.none() | st.sampled_from(_TITLES), st.booleans())
def test_node_text_is_the_text_cut_line_by_line(pages, start, span, title, next_title, heading, next_on_last):
    node = Node("n", title, start, start + span)
    following = (start + span if next_on_last else start + span + 1, next_title)
    for after in (following, None):
        assert node_text(pages, node, after, heading) == _plain_node_text(pages, node, after, heading)


@settings(max_examples=200, derandomize=True)
@given(_PAGES, st.integers(1, 4), st.integers(0, 3), st.booleans())
def test_a_section_s_rows_are_its_lines_with_two_digits(pages, start, span, other_digits):
    pages = [page + ("\n1 ٣ x\n٣ y ٣\n$ 12" if other_digits else "\n1 é x\n$ 12") for page in pages]
    node = Node("n", "Net sales by segment", start, start + span)
    page_lines = _PageLines(pages)
    for page, first, end in page_lines.cuts(node, None, None):
        lines = page_lines.lines(page)[first:end]
        assert page_lines.rows(page, first, end) == [line.strip() for line in lines if _TWO_DIGITS.search(line)]
        page_lines.forget(page + 1)  # read again when asked again
        assert page_lines.rows(page, first, end) == [line.strip() for line in lines if _TWO_DIGITS.search(line)]
