"""Headings of any document, found from its typography and numbering.

A heading stands out from the body text: larger, bold, in capitals, or numbered ("2.3",
"B.", "IV."), short, without the figures of a table row or the full stop of a sentence.
One line alone proves little (a bold word in a table, a numbered list item), so the
evidence is pooled by style: a style whose lines mostly read as headings is a heading style,
and a numbered line in body type counts only when its number follows the one before it.

The headings found are given levels from the same evidence (``heading_levels``).
"""
from __future__ import annotations

import functools
import math
import operator
import re
import string
from collections import Counter
from collections.abc import Iterable

from retrievers.index.body_text import LARGER, YEAR_TOKEN, Typography, looks_like_row
from retrievers.index.heading_levels import LayoutHeading, NumberChain, assign_levels, nearest_rank, size_classes
from retrievers.index.headings import (
    _TITLE_START,
    clean_title,
    count_letters,
    ends_with,
    is_continued,
    lowers_plainly,
    names_company,
    statement_kind,
)
from retrievers.index.layout import Layout, Pos
from retrievers.index.numbering import Numbering, may_be_nested, may_be_numbered, parse_numbering
from retrievers.index.pdf import Line
from retrievers.index.toc_pages import find_toc_pages

# A line this much larger than the body text is set in a heading size.
MAX_TITLE_CHARS = 400  # a wrapped heading, joined
MAX_LINE_CHARS = 180  # a longer line is prose or a table row, never a heading's first line
MAX_TITLE_WORDS = 40

_CONNECTOR_END = re.compile(r"(\b(and|or|of|the|to|in|for|with|on|by|from|its|a|an|at|as|into|under|between)|[,;&/\-—–])$", re.I)
_CONNECTOR_ENDINGS = ("and", "or", "of", "the", "to", "in", "for", "with", "on", "by", "from", "its", "a", "an", "at", "as",
                      "into", "under", "between", *",;&/-—–")
_AMOUNT = re.compile(r"\$|%|€|£|¥")
# A figure not glued to a word or a decimal point: "(12)", "3,400", "2.5". Its first
# character, "(" or a digit, comes first in the pattern and the one before it is checked
# behind it, so the engine jumps to candidate characters instead of trying every position.
_NUMBER = re.compile(r"\((?<![\w.].)\d[\d,]*(?:\.\d+)?\)?(?![\w])|\d(?<![\w.].)[\d,]*(?:\.\d+)?\)?(?![\w])")
_TABLE_WORDS = re.compile(r"\b(ended|in millions|in thousands|in billions|except per|unaudited|continued|cont\.)\b", re.I)
# What a _TABLE_WORDS match holds in lower case ("continued" and "cont." both hold "cont").
_TABLE_WORD_HINTS = re.compile("ended|in millions|in thousands|in billions|except per|unaudited|cont")
_DIGIT = re.compile(r"\d")
_BULLET = re.compile(r"^[•●▪◦○■□►▶✓\-–—*·]")
# A sentence's end and the next one's start: "... the year. Revenue ...". The stop comes
# first in the pattern and the character before it is checked behind it, so that the
# engine jumps from stop to stop rather than trying every small letter.
_SENTENCE_BREAK = re.compile(r"[.!?](?<=[a-z0-9)][.!?])\s+[A-Z]")
# "Table G.1. Reserve requirements ...", "Figure 3: ...": a caption names what follows even
# when it is set smaller than the text and sits right above the table.
_CAPTION = re.compile(r"^(table|figure|exhibit|chart|schedule|box)\s+[A-Z]?[\d.-]*\d[A-Za-z]?\b[.:\s—–-]", re.I)


@functools.lru_cache(maxsize=16384)
def is_caps(text: str) -> bool:
    """Set in capitals: nearly all of at least four letters upper case (called on every
    line, so counted with builtins rather than a Python loop)."""
    text = text[:200]
    # Small and capital letters are counted in C: a-z and A-Z by deleting them from the
    # line's ASCII bytes, the few other characters (dashes, quotes, accented letters) one by
    # one. str.islower over every character costs a call each, on every line.
    data = text.encode("ascii", "ignore")
    others = None if len(data) == len(text) else _NOT_ASCII.findall(text)
    lower = len(data) - len(data.translate(None, _ASCII_LOWER))
    if others:
        lower += sum(map(str.islower, others))
    if 6 * lower > len(text):
        return False  # even if every other character were a capital, too few would be
    upper = len(data) - len(data.translate(None, _ASCII_UPPER))
    if others:
        upper += sum(map(str.isupper, others))
    letters = upper + lower
    return letters >= 4 and upper > 0.85 * letters


_NOT_ASCII = re.compile(r"[^\x00-\x7f]")
_ASCII_LOWER = string.ascii_lowercase.encode("ascii")
_ASCII_UPPER = string.ascii_uppercase.encode("ascii")


def clear_line_caches() -> None:
    """Forget the memoised line tests (``is_caps``, ``looks_like_row``, ``statement_kind``)
    before a document is built: they pay off within one document, where the same lines are
    looked at again, and one document's entries would only make the next build look faster
    than a cold one is."""
    is_caps.cache_clear()
    looks_like_row.cache_clear()
    statement_kind.cache_clear()


def ln_text(layout: Layout, page: int) -> str:
    return layout.page_text(page)


def _has_two_numbers(text: str) -> bool:
    """More than one figure that is not a year: a table row's, not a title's."""
    if not _DIGIT.search(text):
        return False  # every figure holds a digit; most titles have none, and _NUMBER costs more
    figures = _NUMBER.findall(text)
    return len(figures) > 1 and sum(1 for token in figures if not YEAR_TOKEN.match(token)) > 1


def _tabular_or_continued(text: str) -> bool:
    """``_TABLE_WORDS.search(text) or is_continued(text)``, with a text whose lower-case
    form holds none of the table words turned away by one search for the words alone,
    which costs less than the pattern's word boundary tried at every position (and less
    than a search per word); such a text holds no "cont" either, which "(continued)" needs."""
    if lowers_plainly(text) and not _TABLE_WORD_HINTS.search(text.lower()):
        return False
    return bool(_TABLE_WORDS.search(text)) or is_continued(text)


def title_text_ok(text: str) -> bool:
    """Could this text be a heading's title, whatever its style? Not a table row, a
    sentence, a bullet or a fragment."""
    text = text.strip()
    numbering = parse_numbering(text)
    rest = numbering.rest if numbering else _CAPTION.sub("", text).strip() or text
    words = rest.split()
    if not 2 <= len(rest) <= MAX_TITLE_CHARS or len(words) > MAX_TITLE_WORDS or not words:
        return False
    if _BULLET.match(text) or not _TITLE_START.match(rest):
        return False
    if _AMOUNT.search(rest) or _has_two_numbers(rest) or _tabular_or_continued(rest):
        return False
    letters = count_letters(rest)
    if letters < 0.6 * len(rest.replace(" ", "")):
        return False
    if rest.endswith((",", ";")) or (rest.endswith(".") and len(words) > 8) or _SENTENCE_BREAK.search(rest):
        return False
    if len(words) == 1 and not numbering and not is_caps(rest) and len(rest) < 4:
        return False
    return not names_company(rest)


def _same_style(a: Line, b: Line, tolerance: float = 1.12) -> bool:
    # By default a little looser than heading_levels.SAME_SIZE: two lines of one heading differ only by
    # measuring noise (glyph-measured sizes).
    return a.bold == b.bold and (not a.size or not b.size or max(a.size, b.size) <= min(a.size, b.size) * tolerance)


def _continues(first: Line, previous: Line, following: Line, joined: str, typography: Typography) -> bool:
    """Is ``following`` the wrapped rest of the heading that starts at ``first``, whose
    text so far is ``joined`` and last line so far ``previous``?"""
    if not _same_style(first, following) or parse_numbering(following.text) or len(joined) + len(following.text) > MAX_TITLE_CHARS:
        return False
    if names_company(first.text.strip()):
        return False  # "ACME INC. AND SUBSIDIARIES" over a statement's title is a line of its own
    text = following.text.strip()
    if not text or _AMOUNT.search(text) or _has_two_numbers(text):
        return False
    step = following.y - previous.y
    if previous.y and following.y and first.size and not 0 < step <= 1.9 * max(first.size, following.size):
        return False  # too far below: a new block, not the next line of this one
    if ends_with(_CONNECTOR_END, _CONNECTOR_ENDINGS, joined) or text[:1].islower():
        return True
    if typography.pitch and previous.y and 0 < step < 0.8 * typography.pitch and _same_style(first, following, 1.05):
        return True  # closer than the lines of a paragraph: one block
    if previous.x1 - previous.x0 >= 0.55 and is_caps(text) == is_caps(joined):
        return True  # the line before ran to the right margin: this one carries on
    # A heading in a heading size rarely has a second line of body text right under it;
    # in body size a bold line under a bold line is as likely a bold paragraph.
    return (
        typography.larger(first.size, first.page) and typography.larger(following.size, following.page)
        and len(text.split()) <= 8 and is_caps(text) == is_caps(joined)
    )


def _candidates(layout: Layout, typography: Typography, start: Pos, end: Pos, skip: set[int]) -> list[LayoutHeading]:
    found: list[LayoutHeading] = []
    for page in range(max(start[0], 1), min(end[0], layout.page_count) + 1):
        if page in skip:
            continue
        lines = layout.content_lines(page)
        skip_until = -1
        # How a line stands out (larger, bold, capitals), with the page's body size looked up
        # once: this loop sees every line.
        body = typography.body_on(page)
        larger_from = body * LARGER if body else math.inf
        bold_informative = typography.bold_informative
        # Only the first and last page can have lines outside [start, end): the others skip
        # the position test.
        whole_page = start <= (page, 0) and (page + 1, -1) <= end  # line numbers start at 0
        small_letters = _small_letters(layout, page)
        # The lines that may stand out, picked in one comprehension: larger, bold, starting
        # with what may be a number, or with few enough small letters to be in capitals (of
        # the line with its spaces, which has no fewer characters than the text). Most lines
        # are body text and go no further.
        standing = [i for i, ln in enumerate(lines)
                    if ln.size >= larger_from or (ln.bold and bold_informative)
                    or not (6 * small_letters[i] > len(ln.text) and len(ln.text) <= 200) or may_be_numbered(ln.text.strip())]
        for i in standing:
            ln = lines[i]
            if i <= skip_until:
                continue
            pos = (page, ln.number)
            if not (whole_page or start <= pos < end):
                continue
            text = ln.text.strip()
            long_line = len(text) > MAX_LINE_CHARS
            if long_line and not may_be_nested(text):
                continue  # prose or a table row; a sub-section's run-in heading starts a long line with its number ("2.1.", "A.1.")
            larger, bold = ln.size >= larger_from, bool(ln.bold and bold_informative)
            # Most lines start with no number: the one anchored match parse_numbering would
            # begin with turns them away without the call.
            numbering = parse_numbering(text) if may_be_numbered(text) else None
            if numbering and not _TITLE_START.match(numbering.rest):
                numbering = None
            # Capitals matter only to a line that nothing else makes stand out: most lines
            # are body text and are asked, the rest not.
            caps_alone = not (larger or bold or numbering)
            # is_caps is false for a text of at most 200 characters more than a sixth of which
            # are small letters (spelt out here: a call for it would cost what it spares).
            if caps_alone and ((6 * small_letters[i] > len(text) and len(text) <= 200) or not is_caps(text)):
                continue
            caption = bool(_CAPTION.match(text)) and (bold or larger)
            if typography.smaller(ln.size, page) and not caption and not (bold and is_caps(text) and len(text.split()) >= 3):
                continue  # table headers and footnotes; a small bold-capitals table title passes
            if not larger and not numbering and not layout.column_aligned(ln):
                continue  # a table's column header, indented text
            run_in = _run_in_title(text, numbering)
            if run_in is not None:  # accepted later only where its number follows
                found.append(LayoutHeading(pos, run_in, ln.size, bold, False, numbering, pos))
                skip_until = i
                continue
            if long_line:
                continue
            # Join the wrapped lines of a long heading.
            j, joined = i, text
            while j + 1 < len(lines) and j - i < 5 and _continues(ln, lines[j], lines[j + 1], joined, typography):
                j += 1
                joined = f"{joined} {lines[j].text.strip()}"
            # Tested once: most candidates pass, and a passing text would be tested again.
            if not title_text_ok(joined):
                if j == i:
                    continue
                # Too long as a whole (a four-line table title): its lines still belong to it.
                joined = " ".join(other.text.strip() for other in lines[i : j + 1])[:MAX_TITLE_CHARS].rsplit(" ", 1)[0]
                if not title_text_ok(" ".join(joined.split()[:MAX_TITLE_WORDS])):
                    continue
                joined = " ".join(joined.split()[:MAX_TITLE_WORDS])
            if ends_with(_CONNECTOR_END, _CONNECTOR_ENDINGS, joined) and not numbering:
                continue
            if not larger and not numbering and not caption and _precedes_table(lines, j):
                continue  # a table's column header or a label over its rows
            if not larger and _is_run_in(lines, j, ln):
                continue
            if caps_alone and _names_a_contact(lines, j):
                continue
            skip_until = j
            found.append(LayoutHeading(pos, clean_title(joined), ln.size, bold, is_caps(joined), numbering, (page, lines[j].number)))
    return found


def _small_letters(layout: Layout, page: int) -> list[int]:
    """How many small ASCII letters each content line of the page has, counted in C for
    the whole page at once (once per layout): a line with more than a sixth of its
    characters in them is no line in capitals, which spares most lines ``is_caps``, a
    call each."""
    known: dict[int, list[int]] = layout.memo.setdefault("small_letters", {})  # type: ignore[assignment]
    counts = known.get(page)
    if counts is None:
        lines = layout.content_lines(page)
        data = "\n".join([ln.text for ln in lines]).encode("ascii", "ignore")
        counts = list(map(operator.sub, map(len, data.split(b"\n")), map(len, data.translate(None, _ASCII_LOWER).split(b"\n"))))
        if len(counts) != len(lines):  # an empty page (or a line break within a line): none counted
            counts = [0] * len(lines)
        known[page] = counts
    return counts


def _precedes_table(lines: list[Line], index: int) -> bool:
    """Is a table row among the next two lines, before any prose?"""
    for other in lines[index + 1 : index + 3]:
        text = other.text.strip()
        if looks_like_row(text):
            return True
        if len(text) > 60:
            return False
    return False


# "Training Details. The model is ...": a run-in title, up to the full stop that ends it.
_RUN_IN_TITLE = re.compile(r"^(?P<title>[^.!?]{2,80}?)\.\s+(?=\S)")


def _run_in_title(text: str, numbering: Numbering | None) -> str | None:
    """The heading that starts a paragraph, as a mathematics paper (amsart) or a contract
    sets its sub-sections: "2.1. Training Details. The model is ..." gives "2.1. Training
    Details". Only for a sub-section number ("2.1.", not a list's "1."), whose place in
    the document's chain of numbers then decides whether it is a heading."""
    if numbering is None or not numbering.nested or numbering.depth < 2:
        return None  # not a sub-section's number
    # The pattern first: most numbered lines have no run-in title, and a heading line of its
    # own would have its title tested again once its wrapped lines are joined.
    m = _RUN_IN_TITLE.match(numbering.rest)
    if m is None or title_text_ok(text):
        return None
    title = m["title"].strip()
    if len(title.split()) > 8 or not title_text_ok(title):
        return None
    return f"{text[: len(text) - len(numbering.rest)].strip()} {title}"


def _is_run_in(lines: list[Line], index: int, first: Line) -> bool:
    """A short body-size line that a sentence continues on the next line ("Net sales were"
    / "up 5%") is prose broken by the layout, not a heading."""
    if index + 1 >= len(lines):
        return False
    following = lines[index + 1].text.strip()
    return bool(following[:1].islower()) and not first.bold and not parse_numbering(following)


# A telephone number ("(702) 730-3942", "+1 212 555 0100") or an e-mail address.
_MAX_CONTACT_CHARS = 120
_CONTACT_DETAIL = re.compile(r"\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b|[\w.+-]+@[\w-]+\.[\w.]+")


def _names_a_contact(lines: list[Line], index: int) -> bool:
    """A person's name in a press release's contact list ("SARAH ROGERS" / "Senior Vice
    President" / "(702) 730-3942"), set in capitals like a heading: their telephone or
    e-mail follows within two lines, where a section's heading is followed by its text."""
    # A contact's line is short; a long one is not searched (the address pattern would try
    # every start of a long run of letters).
    return any(len(following.text) <= _MAX_CONTACT_CHARS and _CONTACT_DETAIL.search(following.text)
               for following in lines[index + 1 : index + 3])


def _accepted_styles(layout: Layout, typography: Typography, cands: list[LayoutHeading], pages: Iterable[int]) -> set[tuple]:
    """Styles (size class, bold, caps) in which headings outnumber prose on ``pages``: a
    style also used for whole paragraphs (a bold lead-in, a larger introduction) marks no
    headings."""
    ranks = size_classes([c.size for c in cands] + [typography.body])
    # A size no heading has takes the class of the nearest size that one has (looked up
    # once per size, among the headings' sizes only).
    classes = dict(ranks)

    def size_class(size: float) -> int:
        if size not in classes:
            classes[size] = nearest_rank(ranks, size)
        return classes[size]

    def key(size: float, bold: bool, caps: bool) -> tuple:
        return (size_class(size), bold, caps)

    heads: Counter[tuple] = Counter(key(c.size, c.bold, c.caps) for c in cands)
    body_key = key(typography.body, False, False)
    # Prose is counted only in the styles it could still disqualify: most lines are body
    # text, whose style is never accepted, and are passed over before the costlier tests,
    # as are lines in a style with as much prose as headings already.
    open_styles = set(heads) - {body_key}
    open_plain = {(rank, bold) for rank, bold, _ in open_styles}  # (size class, bold) of an open style
    in_heading = {(c.pos[0], n) for c in cands for n in range(c.pos[1], c.end[1] + 1)}
    bold_informative = typography.bold_informative
    prose: Counter[tuple] = Counter()
    for page in pages:
        if not open_plain:
            break
        small_letters = _small_letters(layout, page)
        for i, ln in enumerate(layout.content_lines(page)):
            if len(ln.text) < 60:
                continue  # too short for prose
            bold = bool(ln.bold and bold_informative)
            if (size_class(ln.size), bold) not in open_plain or (page, ln.number) in in_heading:
                continue  # a style never accepted; a long heading's own lines are not prose
            text = ln.text.strip()
            caps = not (6 * small_letters[i] > len(text) and len(text) <= 200) and is_caps(text)  # as in _candidates
            style = key(ln.size, bold, caps)
            # The row test, the dearest, last: a body-size line in small letters is no
            # capitals heading's prose, whether it is a row or not.
            if style in open_styles and len(text) >= 60 and len(text.split()) >= 9 and not looks_like_row(text):
                prose[style] += 1
                if prose[style] >= heads[style]:
                    open_styles.discard(style)
                    open_plain = {(rank, bold) for rank, bold, _ in open_styles}
                    if not open_plain:
                        break
    return {k for k, n in heads.items() if k != body_key and prose[k] < n}


_HEADING_PAGES = "heading_pages"  # the layout's memo: the only pages its headings are wanted on


def want_headings_on(layout: Layout, pages: Iterable[int]) -> None:
    """Look for the layout's headings on ``pages`` only: an outlined document's long leaves,
    the only sections they split. Its other pages, most of a bookmarked report, then cost
    nothing, and the headings are told from the body text and prose of the pages they are
    on rather than of the whole document. (No tree of the bookmarked PDFs here changed; a
    document whose long leaves are set unlike the rest of it can get other headings there.)"""
    wanted = sorted(set(pages))
    if layout.memo.get(_HEADING_PAGES) != wanted:
        layout.memo.pop("layout_headings", None)  # found on other pages: not these pages' headings
    layout.memo[_HEADING_PAGES] = wanted


def headings_wanted_on(layout: Layout) -> list[int] | None:
    """The pages ``want_headings_on`` named (None: every page)."""
    return layout.memo.get(_HEADING_PAGES)  # type: ignore[return-value]


def document_headings(layout: Layout) -> list[LayoutHeading]:
    """All the document's layout headings (on the pages ``want_headings_on`` named, if it
    was called), found once per layout (sections reuse them)."""
    if "layout_headings" not in layout.memo:
        layout.memo["layout_headings"] = find_layout_headings(layout, pages=headings_wanted_on(layout))
    return layout.memo["layout_headings"]  # type: ignore[return-value]


def find_layout_headings(
    layout: Layout, start: Pos = (1, 0), end: Pos | None = None, pages: list[int] | None = None
) -> list[LayoutHeading]:
    """The headings in [start, end), in document order, with levels (0 = top); ``pages``:
    only those pages (ascending) are read, for their headings and for the body text and
    prose the headings are told from."""
    end = end or layout.end
    pages = list(range(1, layout.page_count + 1)) if pages is None else pages
    typography = Typography(layout, pages)
    if not typography.body:
        return []
    # A table of contents lists every heading, at the wrong place. (Found on the whole
    # document: a contents page is told by the pages it lists.)
    toc = set(find_toc_pages([ln_text(layout, page) for page in range(1, layout.page_count + 1)]))
    skipped = toc | (set(range(1, layout.page_count + 1)) - set(pages))
    cands = _candidates(layout, typography, start, end, skipped)
    styles = _accepted_styles(layout, typography, cands, pages)
    ranks = size_classes([c.size for c in cands] + [typography.body])
    chain = NumberChain()
    kept = []
    for c in cands:
        style = (ranks.get(c.size, 0), c.bold, c.caps)
        emphasised = typography.larger(c.size, c.pos[0]) or c.bold or c.caps
        if c.numbering:
            c.numbering = chain.reading(c.numbering)
        if (emphasised and style in styles) or (c.numbering and chain.follows(c.numbering)):
            kept.append(c)
            if c.numbering:
                chain.accept(c.numbering)
    assign_levels(kept, ranks, chain.order)
    return kept
