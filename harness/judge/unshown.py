"""What a reader of a rendered answer is not shown: a comment, an element hidden by its style
or attribute, struck-through text, a collapsed block, an image's alt text.

An element runs from its opening to its closing. The closing is looked for once per kind of
element and not again while none follows: a regex's ".*?" to it, tried from every opening of
a thousand unclosed ones ("<!-- <!-- <!-- ..." in a runaway answer), would read the rest of
the answer a thousand times.
"""
from __future__ import annotations

import re

_HIDING_STYLE = r"display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0|\bhidden\b"
# What a page does not show: a comment, or an element hidden by its style or attribute.
_PAGE_HIDDEN = re.compile(rf"<!--|<(\w+)\b[^<>]*(?:{_HIDING_STYLE})[^<>]*>", re.IGNORECASE)
# ... and what a reader is not shown as the answer: deleted or struck text, a collapsed block.
_UNSHOWN = re.compile(rf"<!--|<(del|s|details)\b[^<>]*>|<(\w+)\b[^<>]*(?:{_HIDING_STYLE})[^<>]*>", re.IGNORECASE)
# Struck through in markdown (not across a blank line), and an image, whose alt text a
# reader does not read as the answer. (Bounded: an unclosed "![" is not read to the end.)
_STRUCK_OR_IMAGE = re.compile(r"~~(?:[^\n]|\n(?!\s*\n))+?~~|!\[[^\]]{0,500}\]\([^)]{0,2000}\)")


def _element_spans(text: str, opening: re.Pattern[str]) -> list[tuple[int, int]]:
    """Where ``text`` holds an element ``opening`` opens, to its closing; the elements in one
    are part of it, and one never closed is not an element."""
    spans: list[tuple[int, int]] = []
    unclosed: set[str] = set()
    for opened in opening.finditer(text):
        if spans and opened.start() < spans[-1][1]:
            continue
        tag = next((name for name in opened.groups() if name), "").lower()
        if tag in unclosed:
            continue
        closing = re.compile(rf"</{re.escape(tag)}\s*>" if tag else "-->", re.IGNORECASE).search(text, opened.end())
        if closing is None:
            unclosed.add(tag)  # none closes after this one, so none after any later one
        else:
            spans.append((opened.start(), closing.end()))
    return spans


def _cut(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with each span put as a space."""
    if not spans:
        return text
    ends = [0, *(end for _, end in spans)]
    starts = [*(start for start, _ in spans), len(text)]
    return " ".join(text[end:start] for end, start in zip(ends, starts))


def page_hidden(text: str) -> list[str]:
    """The comments and hidden elements of an HTML answer, each whole."""
    return [text[start:end] for start, end in _element_spans(text, _PAGE_HIDDEN)]


def without_page_hidden(text: str) -> str:
    """``text`` without its comments and hidden elements (each a space)."""
    return _cut(text, _element_spans(text, _PAGE_HIDDEN))


def without_unshown(text: str) -> str:
    """``text`` without what a reader of it rendered is not shown (each a space)."""
    return _STRUCK_OR_IMAGE.sub(" ", _cut(text, _element_spans(text, _UNSHOWN)))
