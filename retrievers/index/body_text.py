"""The body text of a document, which its headings stand out from: the type size that sets
most of its prose, on the whole and page by page, and its line pitch (``Typography``); and
the test that keeps a table row, set in body type with figures across it, out of that prose
(``looks_like_row``).
"""
from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterable

from retrievers.index.layout import Layout

LARGER = 1.08  # a heading's size against the body's, at least
_MIN_PAGE_BODY_CHARS = 600  # a page with less running text than this takes the document's body size
# A year ("2022", "(2021)"): a table header's columns, no figure of a row.
YEAR_TOKEN = re.compile(r"^\(?(19|20)\d\d\)?$")


class Typography:
    """The document's body text: its size, on the whole and page by page, and its line
    pitch. A page's own body size is what its headings stand out from: an earnings
    release's narrative is set larger than the fine print and tables of its back pages.
    (``pages``: the pages headings are looked for on, whose body text is the one read.)"""

    def __init__(self, layout: Layout, pages: Iterable[int]):
        self.page_body: dict[int, float] = {}
        prose = _Prose()
        for page in pages:
            body = prose.add_page([(ln.size, ln.text) for ln in layout.content_lines(page) if len(ln.text) > 30 and ln.size])
            if body is not None:
                self.page_body[page] = body
        self.body = prose.body()
        self.bold_informative = layout.bold_informative
        # The usual distance between two lines of a paragraph: a heading's wrapped lines
        # sit closer together than that in a double-spaced document.
        steps = []
        for page in range(1, layout.page_count + 1, max(1, layout.page_count // 40)):
            lines = layout.content_lines(page)
            steps += [b.y - a.y for a, b in zip(lines, lines[1:]) if a.size == b.size == self.body and 0 < b.y - a.y < 3 * self.body]
        # The median step rounded to a tenth: rounding keeps the order, so the rounded
        # median is the median of the rounded steps, for one call where each step took one.
        self.pitch = round(sorted(steps)[len(steps) // 2], 1) if steps else 0.0

    def body_on(self, page: int) -> float:
        return self.page_body.get(page, self.body)

    def larger(self, size: float, page: int) -> bool:
        body = self.body_on(page)
        return bool(body) and size >= body * LARGER

    def smaller(self, size: float, page: int) -> bool:
        body = self.body_on(page)
        return bool(body) and 0 < size * LARGER <= body


class _Prose:
    """Which type size sets the most prose (lines of more than 30 characters that are no
    table row), on each page and in the whole document, as ``Counter.most_common`` tells
    it (of sizes with as many characters, the first to have one), from the pages given to
    ``add_page`` in turn.

    The row test is the dearest thing done per line here, and the answers need few of
    them: a page's lines in its most used size are tested only until their prose outweighs
    all the lines of every other size, and the lines left untested only as far as the
    document's body size needs. Where tested lines do not settle it, every line is tested."""

    def __init__(self) -> None:
        self.pages: list[list[tuple[float, str]]] = []  # each page's lines, should every line need testing
        self.proven: Counter[float] = Counter()  # characters of lines found to be prose, per size
        self.untested: dict[float, list[str]] = {}  # lines not tested yet, per size
        self.untested_chars: Counter[float] = Counter()

    def add_page(self, lines: list[tuple[float, str]]) -> float | None:
        """The size of the page's prose when it has enough (``_MIN_PAGE_BODY_CHARS``), else
        None. ``lines``: (size, text) of its lines of more than 30 characters, in order."""
        self.pages.append(lines)
        by_size: dict[float, list[str]] = {}
        for size, text in lines:
            by_size.setdefault(size, []).append(text)
        chars = {size: sum(map(len, texts)) for size, texts in by_size.items()}
        body = None
        if sum(chars.values()) >= _MIN_PAGE_BODY_CHARS:
            body = max(chars, key=chars.__getitem__)
            # Enough prose on its own, and more than all the lines of any other size hold.
            need = max([_MIN_PAGE_BODY_CHARS] + [n + 1 for size, n in chars.items() if size != body])
            found, tested = 0, 0
            by_size[body].sort(key=len, reverse=True)  # longest first: the fewest tests to reach it
            for text in by_size[body]:
                tested += 1
                if not looks_like_row(text):
                    found += len(text)
                    if found >= need:
                        break
            if found < need:
                return self._tested_page(lines)
            self.proven[body] += found
            by_size[body] = by_size[body][tested:]
        for size, texts in by_size.items():
            self.proven[size] += 0  # a size the page sets, with or without prose found
            if texts:
                self.untested.setdefault(size, []).extend(texts)
                self.untested_chars[size] += sum(map(len, texts))
        return body

    def _tested_page(self, lines: list[tuple[float, str]]) -> float | None:
        """``add_page`` with every line tested."""
        on_page = _prose_chars(lines)
        for size, _ in lines:
            self.proven[size] += 0
        self.proven.update(on_page)
        return on_page.most_common(1)[0][0] if sum(on_page.values()) >= _MIN_PAGE_BODY_CHARS else None

    def body(self) -> float:
        """The size of most of the document's prose; 0.0 without any."""
        proven, untested_chars = self.proven, self.untested_chars
        while proven:
            most = max(proven, key=proven.__getitem__)
            # The most prose any other size could have, were all its untested lines prose.
            rival = max((size for size in proven if size != most), key=lambda size: proven[size] + untested_chars[size], default=None)
            threat = proven[rival] + untested_chars[rival] if rival is not None else 0
            if proven[most] > threat:
                return most
            size = most if most in self.untested else rival
            if size not in self.untested:
                break  # two sizes have as much prose: the first to have some is the body's
            # The leading size's lines are tested, longest first, only until its prose
            # outweighs the most any other size could have; the lines left stay untested,
            # bounds that the next round reads as before.
            texts = self.untested.pop(size)
            if size == most:
                texts.sort(key=len, reverse=True)
            tested = 0
            for text in texts:
                tested += 1
                untested_chars[size] -= len(text)
                if not looks_like_row(text):
                    proven[size] += len(text)
                    if size == most and proven[size] > threat:
                        break
            if tested < len(texts):
                self.untested[size] = texts[tested:]
        chars: Counter[float] = Counter()
        for lines in self.pages:
            chars.update(_prose_chars(lines))
        return chars.most_common(1)[0][0] if chars else 0.0


def _prose_chars(lines: list[tuple[float, str]]) -> Counter[float]:
    """The characters of prose of each size among (size, text) lines, every line tested."""
    chars: Counter[float] = Counter()
    for size, text in lines:
        if not looks_like_row(text):
            chars[size] += len(text)
    return chars


_FIGURE_TOKEN = re.compile(r"^[($]*-?\d[\d,.]*%?\)?$|^[$%—–-]$")


# A token that may be a figure: one starting with a character _FIGURE_TOKEN can start
# with. Spelt as that character with the one before it checked behind it (not a word's),
# so that the engine jumps from candidate to candidate character.
_FIGURE_START = re.compile(r"[($\d%—–-](?<!\S[($\d%—–-])")
# The same for an ASCII text (most lines): the engine tests an ASCII class faster than one
# with "\d" (any script's digits) and the two dashes in it.
_FIGURE_START_ASCII = re.compile(r"[($0-9%-](?<!\S[($0-9%-])")


@functools.lru_cache(maxsize=16384)
def looks_like_row(text: str) -> bool:
    """A table row: figures make up much of it ("Net sales $ 34,229 $ 35,355")."""
    # Tokens that may be figures bound the figures from above: a line of prose has none or
    # too few of them to be a row, and is turned away without testing each of its words.
    most = len((_FIGURE_START_ASCII if text.isascii() else _FIGURE_START).findall(text))
    if not most:
        return False
    tokens = text.split()
    if not (most >= 2 and most >= 0.3 * len(tokens) or len(tokens) <= 3):
        return False
    # filter() runs the figure and year tests in C (most tokens are words and go no
    # further); a generator over the tokens would cost a Python step for each.
    candidates = list(filter(_FIGURE_TOKEN.match, tokens))
    figures = len(candidates) - len(list(filter(YEAR_TOKEN.match, candidates))) if candidates else 0
    return figures >= 2 and figures >= 0.3 * len(tokens) or (figures >= 1 and len(tokens) <= 3)
