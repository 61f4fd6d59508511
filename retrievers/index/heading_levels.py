"""The levels of a document's layout headings: which heading nests under which.

Levels come from how prominent a heading looks and how it is numbered: a larger size sits
above a smaller one, "2" above "2.3", a scheme the document used first ("I.") above one it
used later ("A."), bold capitals above bold. The document's title (the one line in the
largest type, on its first page) is not made the parent of everything. Finding the
headings is ``layout_headings``' work; this module only ranks and nests them.
"""
from __future__ import annotations

from dataclasses import dataclass

from retrievers.index.layout import Pos
from retrievers.index.numbering import Numbering, as_roman, follows

# Sizes within this ratio of each other are one size (glyph-measured sizes vary a little).
SAME_SIZE = 1.08


@dataclass
class LayoutHeading:
    """A heading found from layout: where it is, its title (wrapped lines joined) and how it
    looks."""

    pos: Pos
    title: str
    size: float
    bold: bool
    caps: bool
    numbering: Numbering | None
    end: Pos  # its last line (a wrapped heading spans several)
    level: int = 0
    kind: str = "heading"  # or "statement" once the filing's structure is laid over it
    is_title: bool = False  # the document's title: names the opening section, parents nothing

    def copy(self) -> LayoutHeading:
        """A shallow copy, for a section to set levels on (``copy.copy`` takes four times as
        long, through the pickling protocol)."""
        twin = object.__new__(LayoutHeading)
        twin.__dict__.update(self.__dict__)
        return twin


def size_classes(sizes: list[float]) -> dict[float, int]:
    """Rank sizes, largest first; a size within ``SAME_SIZE`` of the next larger one is in
    its class."""
    ranks: dict[float, int] = {}
    rank, previous = -1, None
    for size in sorted(set(sizes), reverse=True):
        if previous is None or previous > size * SAME_SIZE:
            rank += 1
        ranks[size] = rank
        previous = size
    return ranks


def nearest_rank(ranks: dict[float, int], size: float) -> int:
    if not ranks:
        return 0
    nearest = min(ranks, key=lambda s: abs(s - size))
    return ranks[nearest]


class NumberChain:
    """The numbers seen so far, per scheme: a numbered line in body type is a heading only
    when its number follows the previous heading's of its scheme ("1.", "2.", "2.1", "3."),
    not a stray "4." of a numbered list. A scheme the document started using after another
    (the "1." under an "A.") starts again at 1 after each heading of that other scheme."""

    def __init__(self) -> None:
        self.last: dict[str, Numbering] = {}
        self.order: dict[str, int] = {}

    def follows(self, n: Numbering) -> bool:
        return follows(self.last.get(n.scheme), n)

    def reading(self, n: Numbering) -> Numbering:
        """``n``, or its roman reading when only that one follows ("V." after "IV.")."""
        roman = as_roman(n)
        if roman is not None and roman.scheme in self.last and not self.follows(n) and self.follows(roman):
            return roman
        return n

    def accept(self, n: Numbering) -> None:
        """Take a heading's number into the chain when it follows; either way, restart the
        schemes nested in its scheme."""
        if self.follows(n):
            self.last[n.scheme] = n
            self.order.setdefault(n.scheme, len(self.order))
        if n.scheme in self.order:
            for scheme in [s for s, rank in self.order.items() if rank > self.order[n.scheme]]:
                self.last.pop(scheme, None)


def _prominence(h: LayoutHeading, ranks: dict[float, int]) -> tuple[int, int, int]:
    rank = ranks.get(h.size)
    if rank is None:  # only then: the nearest rank is a search over every size
        rank = nearest_rank(ranks, h.size)
    return (rank, 0 if h.bold else 1, 0 if h.caps else 1)


def _is_ancestor(top: LayoutHeading, new: LayoutHeading, ranks: dict[float, int], scheme_order: dict[str, int]) -> bool:
    """Should ``new`` nest under ``top``?"""
    a, b = _prominence(top, ranks), _prominence(new, ranks)
    if a[0] != b[0]:
        return a[0] < b[0]  # size speaks first
    m, n = top.numbering, new.numbering
    if m and n and m.scheme == n.scheme and m.nested:
        return m.depth < n.depth
    if m and n and m.scheme in _LIST_SCHEMES and n.scheme in _LIST_SCHEMES:
        if m.scheme == n.scheme:
            return False
        if m.scheme in scheme_order and n.scheme in scheme_order:
            return scheme_order[m.scheme] < scheme_order[n.scheme]
    return a < b


# Schemes that nest by number; "Chapter 2" or "Appendix A" say nothing about depth beside them.
# An appendix's "A.1" is not among them: it sits under its appendix's heading, whatever
# sections numbered "7.2" came before.
_LIST_SCHEMES = frozenset({"decimal", "roman", "ROMAN", "letter", "LETTER", "(1)", "(a)", "(i)", "(A)"})


def assign_levels(heads: list[LayoutHeading], ranks: dict[float, int], scheme_order: dict[str, int]) -> None:
    """Set each heading's level by nesting it under the nearest heading before it that is
    more prominent. ``scheme_order``: the numbering schemes in the order the document's
    chain of section numbers first used them (outermost first)."""
    _mark_title(heads, ranks)
    stack: list[LayoutHeading] = []
    for h in heads:
        while stack and (stack[-1].is_title or not _is_ancestor(stack[-1], h, ranks, scheme_order)):
            stack.pop()
        h.level = len(stack)
        stack.append(h)


def _mark_title(heads: list[LayoutHeading], ranks: dict[float, int]) -> None:
    """One of the first three headings, on the first two pages, in a size larger than any
    other heading's: the title. The unnumbered lines right after it on its page in a style
    no later heading uses (a paper's authors and affiliation, a subtitle) are front matter
    like it: they name themselves but parent none of the sections."""
    if len(heads) < 3:
        return
    for i, first in enumerate(heads[:3]):
        others = max(h.size for j, h in enumerate(heads) if j != i)
        if first.pos[0] <= 2 and first.size > others * 1.03:
            first.is_title = True
            _mark_front_matter(heads, i, ranks)
            return


def _mark_front_matter(heads: list[LayoutHeading], title: int, ranks: dict[float, int]) -> None:
    """Mark the front matter after ``heads[title]`` (see ``_mark_title``) as parenting nothing."""
    def style(h: LayoutHeading) -> tuple[int, bool]:
        return (ranks.get(h.size, -1), h.bold)

    page = heads[title].pos[0]
    front = []
    for h in heads[title + 1 :]:
        if h.pos[0] != page or h.numbering is not None:
            break
        front.append(h)
    later = {style(h) for h in heads[title + 1 + len(front) :]}
    for h in front:
        if style(h) not in later:
            h.is_title = True
