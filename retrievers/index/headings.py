"""Find the headings of a filing in its text, without an LLM.

Four kinds, from the most to the least reliable (statements and notes are found by
``statements``):

- ``item``: "Item 7. Management's Discussion ..." of 10-K/10-Q forms (and "Item 2.02" of
  8-Ks). The table of contents lists every item too, and body text refers to "Item 7";
  table-of-contents pages are skipped and the longest in-order chain of candidates wins.
- ``statement``: the titles of the primary financial statements, at the top of a page.
- ``note``: "NOTE 1. SIGNIFICANT ACCOUNTING POLICIES", "Note 3 — Acquisitions", or a bold
  "3. Goodwill", again as an in-order chain.
- ``sub``: any other heading-looking line (bold or capitals, short, no numbers), scored by
  how prominent it looks; used to split long sections.
"""
from __future__ import annotations

import functools
import re
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from retrievers.index.layout import Layout, Pos
from retrievers.index.pdf import Line


@dataclass
class Heading:
    pos: Pos
    title: str
    kind: str  # item | part | statement | note | sub | signatures | exhibit
    key: tuple = ()
    score: float = 0.0
    label: str = ""  # short handle used to prefix node ids: "item_7", "note_3"


_DASH = r"[.:\-—–]"
# "Item 1A. Risk Factors", "ITEM 7 - MD&A", "Item 1. - Business"; not "Item 8.01" (8-K).
_ITEM = re.compile(r"^\s*items?\s*(\d{1,2})([a-d](?![a-z]))?(?!\d|\.\d)[\s.:\-—–]*(.*)$", re.IGNORECASE)
_ITEM_8K = re.compile(r"^\s*item\s*(\d{1,2}\.\d{2})\s*[.:]?\s*(.*)$", re.IGNORECASE)
_PART = re.compile(rf"^\s*part\s+(iv|i{{1,3}})\b\s*(?:{_DASH}+\s*|\s+|$)(.*)$", re.IGNORECASE)
# What a line starts with when one of the three patterns above can match it (an "Item" and
# its number, or "Part" and a space), looked for in a page's whole text at once, after a
# line break put before the page's first line: most pages have no such line, and their
# lines are then passed over without a test each. (Spelt with the line break rather than
# "^" in multi-line mode, which the engine would try at every position: 4x slower.)
_ITEM_OR_PART_LINE = re.compile(r"\n\s*(?:items?\s*\d|part\s)", re.IGNORECASE)
_PAGE_REF = re.compile(r"(\.{3,}|…+|\s\d{1,3})\s*$")  # dot leaders or a trailing page number
_TITLE_START = re.compile(r"^[\[(“\"'‘]?[A-Z0-9]")
_CONNECTOR_END = re.compile(r"(\b(and|or|of|the|to|in|for|with|on|by|from|its|a|an)|[,;&/\-—–])$", re.IGNORECASE)
_CONNECTOR_ENDINGS = ("and", "or", "of", "the", "to", "in", "for", "with", "on", "by", "from", "its", "a", "an", *",;&/-—–")
_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4}
_MONTHS = r"january|february|march|april|may|june|july|august|september|october|november|december"
_TABLE_HEADER = re.compile(
    rf"\b(ended|months|weeks|quarters?\s+ended|as\s+of|in\s+millions|in\s+thousands|in\s+billions|except\s+per|"
    rf"unaudited|continued|cont\.|{_MONTHS})\b",
    re.IGNORECASE,
)
_FIGURE = re.compile(r"\$|%|\(\d|\d[\d,]*\.\d|\d{1,3},\d{3}")
COMPANY_LINE = re.compile(r"(?i)\b(and (consolidated )?subsidiar(y|ies)( companies)?|inc\.?|corporation|incorporated)\s*$")
SIGNATURES = re.compile(r"^\s*signatures?\s*$", re.IGNORECASE)
_EXHIBIT = re.compile(r"^\s*exhibit\s+(\d{1,3}(?:\.\d{1,3})*[a-z]?)\b\s*(.*)$", re.IGNORECASE)


# Compiled once: the title and line tests below run on thousands of lines per document.
_DOT_LEADER = re.compile(r"\.{3,}.*$|…+.*$")
# Some PDFs space out a word's last letter ("Busines s", "Informatio n"), or every letter
# ("N E W S R E L E A S E").
_SPACED_LAST_LETTER = re.compile(r"\b([A-Za-z]{4,}) ([b-z])\b(?=[\s.,:;]|$)")
_SPACED_LETTERS = re.compile(r"\b(?:[A-Za-z] ){3,}[A-Za-z]\b")
_CONTINUED = re.compile(r"\(?\b(continued|cont'?d?\.?)\)?\s*$", re.IGNORECASE)
_FOUR_DIGITS = re.compile(r"\b\d{4}\b")
_NUMBERED_TITLE = re.compile(r"^\d{1,2}\.?\s+[A-Z]")


# What a match of each pattern above must hold: found by a fast scan for its leading literal,
# where a pattern that opens on a word boundary is tried at every position of the text.
_SPACED_LAST_LETTER_HINT = re.compile(r" [b-z]\b")
_SPACED_LETTERS_HINT = re.compile(r" [A-Za-z] ")


def clean_title(text: str) -> str:
    # Each substitution is made only where the text holds what its match must: most titles
    # have no dot leaders or spaced letters, and a substitution costs a scan of the whole text.
    if "..." in text or "…" in text:
        text = _DOT_LEADER.sub("", text)  # dot leaders and what follows
    text = " ".join(text.split())
    if _SPACED_LAST_LETTER_HINT.search(text):
        text = _SPACED_LAST_LETTER.sub(r"\1\2", text)
    if _SPACED_LETTERS_HINT.search(text):
        text = _SPACED_LETTERS.sub(lambda m: m.group(0).replace(" ", ""), text)
    return text.strip(" .:-—–")


def at_end(pattern: re.Pattern[str], text: str) -> bool:
    """``pattern.search(text)`` for a pattern anchored at the end whose matches are short
    (a connector word, a company suffix; no trailing spaces in ``text``): a search of the
    whole text tries the pattern at every position, so only the tail is searched, with
    room for the character before the longest match (a word boundary looks at it)."""
    return bool(pattern.search(text[-_END_REACH:]))


_END_REACH = 48  # "and consolidated subsidiaries companies", COMPANY_LINE's longest, is 39


# The characters that matching without regard to case takes for ASCII letters ("ı" and "İ"
# for "i", "ſ" for "s", the Kelvin sign for "k"). In a text without them a case-blind
# pattern of ASCII words matches only where the text's lower-case form holds those words.
_CASE_TRAPS = re.compile("[\u0130\u0131\u017f\u212a]")


def lowers_plainly(text: str) -> bool:
    """Can a case-blind pattern of ASCII words be ruled out by looking for the words in
    ``text.lower()``?"""
    return text.isascii() or not _CASE_TRAPS.search(text)


def ends_with(pattern: re.Pattern[str], endings: tuple[str, ...], text: str) -> bool:
    """``at_end(pattern, text)`` for a case-blind pattern whose every match ends the text
    with one of ``endings`` (in lower case, none longer than 8 characters): a text that
    ends otherwise, as nearly every one does, is turned away without the pattern."""
    tail = text[:-1] if text.endswith("\n") else text  # "$" also matches before a final line break
    if lowers_plainly(tail) and not tail[-8:].lower().endswith(endings):
        return False
    return at_end(pattern, text)


# What every COMPANY_LINE match ends with, in lower case.
_COMPANY_ENDINGS = ("subsidiary", "subsidiaries", "companies", "inc", "inc.", "corporation", "incorporated")


def names_company(text: str) -> bool:
    """``at_end(COMPANY_LINE, text)``: "ACME INC.", "... and Subsidiaries". A line that
    ends with none of the words a match ends with (nearly every line) is turned away by
    looking at its last characters, before the pattern is tried at each of its last 48."""
    if lowers_plainly(text) and not text.rstrip().lower().endswith(_COMPANY_ENDINGS):
        return False
    return at_end(COMPANY_LINE, text)


_ASCII_LETTERS = string.ascii_letters.encode("ascii")


def count_letters(text: str) -> int:
    """``sum(map(str.isalpha, text))``, counted in C when the text is ASCII (nearly every
    line is): by deleting the letters from its bytes instead of a call per character."""
    if text.isascii():
        data = text.encode("ascii")
        return len(data) - len(data.translate(None, _ASCII_LETTERS))
    return sum(map(str.isalpha, text))


def is_continued(text: str) -> bool:
    # The tail alone: "(continued)" is the longest match, and searching the whole line would
    # try the pattern at every position.
    return bool(_CONTINUED.search(text.strip()[-16:]))


def best_chain(
    cands: Sequence[Heading],
    key: Callable[[Heading], tuple],
    weight: Callable[[Heading], float],
    bonus: Callable[[Heading, Heading], float] = lambda a, b: 0.0,
) -> list[Heading]:
    """The heaviest subsequence (in document order) whose keys strictly increase.

    The table of contents and cross references produce repeats and strays; the real
    headings are the chain that runs through the whole document in order.
    """
    n = len(cands)
    if not n:
        return []
    best = [weight(c) for c in cands]
    back = [-1] * n
    keys = [key(c) for c in cands]
    for i in range(n):
        for j in range(i):
            if keys[j] < keys[i] and cands[j].pos < cands[i].pos:
                total = best[j] + weight(cands[i]) + bonus(cands[j], cands[i])
                if total >= best[i]:  # ties go to the later candidate: body text follows the TOC
                    best[i], back[i] = total, j
    i = max(range(n), key=lambda k: (best[k], k))
    chain = []
    while i >= 0:
        chain.append(cands[i])
        i = back[i]
    return chain[::-1]


def _next_content(layout: Layout, line: Line) -> Line | None:
    following = layout.following(line, 1)
    return following[0] if following else None


def _is_caps(text: str) -> bool:
    """At least three letters, more than 85% of them capitals."""
    if text.isascii():
        # Letters and capitals counted by deleting them from the bytes, in C: nearly every
        # line is ASCII, and a test per character costs a call each.
        data = text.encode("ascii")
        count = len(data) - len(data.translate(None, _ASCII_LETTERS))
        return count >= 3 and (len(data) - len(data.translate(None, _ASCII_CAPITALS))) / count > 0.85
    letters = list(filter(str.isalpha, text))  # filter and map run the tests in C
    return len(letters) >= 3 and sum(map(str.isupper, letters)) / len(letters) > 0.85


_ASCII_CAPITALS = string.ascii_uppercase.encode("ascii")


# --- items -------------------------------------------------------------------------------


def _item_pages(layout: Layout) -> list[int]:
    """The pages with a line that may be an item heading or name a part, in order (the
    others can hold no item and change no part number)."""
    found = layout.memo.get("item_pages")
    if found is None:
        found = layout.memo["item_pages"] = [
            page for page in range(1, layout.page_count + 1) if _ITEM_OR_PART_LINE.search("\n" + layout.page_text(page))
        ]
    return found  # type: ignore[return-value]


def _toc_pages(layout: Layout) -> set[int]:
    """Pages that list many items: the form's table of contents (and its continuation)."""
    pages = set()
    for page in _item_pages(layout):
        lines = layout.content_lines(page)
        hits = [(i, m) for i, ln in enumerate(lines) if (m := _ITEM.match(ln.text))]
        distinct = {(m.group(1), (m.group(2) or "").upper()) for _, m in hits}
        if len(distinct) >= 8:
            pages.add(page)
            continue
        if len(distinct) >= 3:
            numbered = 0
            for i, _ in hits:
                nxt = lines[i + 1].text if i + 1 < len(lines) else ""
                if _PAGE_REF.search(lines[i].text) or (_PAGE_REF.search(nxt) and len(nxt) < 120):
                    numbered += 1
            if numbered >= 0.5 * len(hits):
                pages.add(page)
    # A TOC page missed here still loses to the body headings in ``best_chain``: those are
    # bold, near the top of their pages, and win ties by coming later.
    return pages


def _item_title(layout: Layout, line: Line, rest: str) -> str | None:
    """The item's title, or None when the line is a cross reference, not a heading."""
    rest = rest.strip()
    if not rest:
        nxt = _next_content(layout, line)
        if nxt is None or _ITEM.match(nxt.text) or len(nxt.text) > 150 or not _TITLE_START.match(nxt.text.strip()):
            return None
        rest = nxt.text.strip()
    if not _TITLE_START.match(rest) or len(rest) > 160 or is_continued(rest):
        return None
    if rest.endswith(".") and len(rest.split()) > 25:
        return None
    # Long titles wrap: "... FINANCIAL CONDITION AND RESULTS OF" / "OPERATIONS".
    nxt = _next_content(layout, line)
    if nxt is not None and nxt.text.strip() and not _ITEM.match(nxt.text) and rest != nxt.text.strip():
        tail = nxt.text.strip()
        wraps = _CONNECTOR_END.search(rest) and not statement_kind(tail)
        if wraps and len(tail) < 60 and (nxt.bold == line.bold) and not _FIGURE.search(tail):
            rest = f"{rest} {tail}"
    return clean_title(rest)


def find_items(layout: Layout) -> list[Heading]:
    """The chain of "Item N." headings of a 10-K or 10-Q (or "Item N.NN" of an 8-K)."""
    toc = _toc_pages(layout)
    cands: list[Heading] = []
    part = 0
    parts_seen = False
    for page in _item_pages(layout):
        if page in toc:
            continue
        for ln in layout.content_lines(page):
            text = ln.text.strip()
            pm = _PART.match(text)
            if pm and len(text) < 90 and (not pm.group(2) or _TITLE_START.match(pm.group(2))):
                if _ROMAN[pm.group(1).lower()] >= part:
                    part = _ROMAN[pm.group(1).lower()]
                    parts_seen = True
                # "PART II — Item 5. Market for ..." on one line
                text = re.sub(r"^\s*part\s+\w+\s*[.:\-—–]*\s*", "", text, flags=re.IGNORECASE)
            m = _ITEM.match(text)
            if not m:
                continue
            title = _item_title(layout, ln, m.group(3))
            if title is None:
                continue
            number, letter = int(m.group(1)), (m.group(2) or "").upper()
            if not 1 <= number <= 16:
                continue
            label = f"Item {number}{letter}"
            full = title if re.match(r"(?i)^item\s", title) else f"{label}. {title}"
            weight = 1.0 + (1.0 if ln.bold and layout.bold_informative else 0.0) + (0.5 if _is_caps(title) else 0.0)
            weight += 0.5 if layout.position_in_page(ln) <= 2 else 0.0
            cands.append(Heading((page, ln.number), full, "item", (part, number, letter), weight, label.lower().replace(" ", "_")))
    if not parts_seen:
        cands = [Heading(c.pos, c.title, c.kind, (0,) + c.key[1:], c.score, c.label) for c in cands]
    chain = best_chain(cands, key=lambda c: c.key, weight=lambda c: c.score)
    if len(chain) >= 3:
        return _prefix_parts(chain)
    return _find_8k_items(layout)


def _prefix_parts(chain: list[Heading]) -> list[Heading]:
    """10-Qs reuse item numbers in Part II; give those a part-qualified label."""
    labels = [c.label for c in chain]
    for c in chain:
        if labels.count(c.label) > 1 and c.key[0]:
            c.label = f"part_{'i' * c.key[0] if c.key[0] < 4 else 'iv'}_{c.label}"
    return chain


def _find_8k_items(layout: Layout) -> list[Heading]:
    cands = []
    for page in _item_pages(layout):
        for ln in layout.content_lines(page):
            m = _ITEM_8K.match(ln.text)
            if m and (not m.group(2) or _TITLE_START.match(m.group(2))) and len(ln.text) < 160:
                title = clean_title(ln.text)
                number = m.group(1)
                cands.append(Heading((page, ln.number), title, "item", (float(number),), 1.0 + ln.bold, f"item_{number}"))
    return best_chain(cands, key=lambda c: c.key, weight=lambda c: c.score)


# --- trailing matter: signatures and exhibits --------------------------------------------


def find_trailing(layout: Layout, start: Pos) -> list[Heading]:
    """"SIGNATURES" and "EXHIBIT 31.1"-style headings at the top of pages after ``start``."""
    found: list[Heading] = []
    for page in range(start[0], layout.page_count + 1):
        for ln in layout.content_lines(page)[:3]:
            if (page, ln.number) <= start:
                continue
            text = ln.text.strip()
            if SIGNATURES.match(text) and not any(h.kind == "signatures" for h in found):
                found.append(Heading((page, ln.number), "Signatures", "signatures", score=5, label="signatures"))
                break
            m = _EXHIBIT.match(text)
            if m and len(text) < 80 and (not m.group(2) or _TITLE_START.match(m.group(2))):
                if found and found[-1].key == (m.group(1),):
                    break  # the exhibit's title repeated on its next page
                what = clean_title(m.group(2) or _exhibit_subject(layout, ln))
                title = f"Exhibit {m.group(1)}" + (f": {what}" if what else "")
                label = "exhibit_" + m.group(1).replace(".", "_")
                found.append(Heading((page, ln.number), title, "exhibit", (m.group(1),), 5, label))
                break
    return found


def _exhibit_subject(layout: Layout, line: Line) -> str:
    """The first line after "EXHIBIT 10.3" that is not the company's name."""
    following = layout.following(line, 3)
    for ln in following:
        text = ln.text.strip()
        if len(text) < 100 and not re.search(r"\b(company|inc|corporation|corp|ltd|plc|llc|n\.v)\b\.?\s*$", text, re.I) \
                and not re.search(rf"\b({_MONTHS})\s+\d", text, re.I) and not re.match(r"(?i)execution (version|copy)", text):
            return text
    return following[0].text.strip() if following and len(following[0].text) < 100 else ""


# --- generic sub-headings ----------------------------------------------------------------


_MAJOR_TOPICS = re.compile(
    r"\b(overview|results of operations|liquidity|capital resources|financial condition|cash flows?|segment|"
    r"critical accounting|outlook|non-gaap|guidance|risk factors|revenue|net sales|highlights|"
    r"management'?s report|report of independent|internal control|acquisitions?|debt|income taxes|"
    r"commitments|contingencies|fair value|goodwill|leases|dividends|share repurchases?|market risk)\b",
    re.IGNORECASE,
)


_NUMBER_TOKEN = re.compile(r"(?<![A-Za-z])\(?\$?\d[\d,.]*\)?%?(?![A-Za-z])")
_SMALL_WORDS = {"a", "an", "and", "as", "at", "by", "for", "from", "in", "of", "on", "or", "the", "to", "with", "vs", "vs."}


def is_tabular(text: str) -> bool:
    """A table row: several numbers, or a label followed by numbers."""
    return len(_NUMBER_TOKEN.findall(text)) >= 2


def _title_case(words: list[str]) -> bool:
    """Every word but the small ones starts with a capital (or no letter), and there is
    one such word. Stops at the first word in lower case: a line of prose has one early."""
    has_content = False
    for word in words:
        if word.lower() in _SMALL_WORDS:
            continue
        if word[:1].isalpha() and not word[:1].isupper():
            return False
        has_content = True
    return has_content


def heading_score(layout: Layout, ln: Line) -> float:
    """How strongly a line looks like a section heading: 0 = not a heading."""
    text = ln.text.strip()
    if not 3 <= len(text) <= 120 or not _TITLE_START.match(text):
        return 0.0  # most lines are longer: turned away before they are split into words
    words = text.split()
    if len(words) > 16:
        return 0.0
    bold = ln.bold and layout.bold_informative
    caps = _is_caps(text)
    if not bold and not caps and not _title_case(words):
        return 0.0  # set like body text, as most lines are: no score below is then above 0
    plain = not bold and not (caps and len(words) >= 2)  # scored only between paragraphs (below)
    if plain:
        prev, nxt = layout.neighbours(ln)
        if not _between_paragraphs(text, words, prev, nxt):
            return 0.0  # asked first: most such lines are not, and the tests below cost more
    if not layout.aligned(ln):
        return 0.0
    if text.startswith(("•", "●", "(", "[", "-", "*")) or _FIGURE.search(text) or _TABLE_HEADER.search(text):
        return 0.0
    letters = count_letters(text)
    if letters < 0.6 * len(text.replace(" ", "")) or len(_FOUR_DIGITS.findall(text)) > 1:
        return 0.0
    if ends_with(_CONNECTOR_END, _CONNECTOR_ENDINGS, text) or (text.endswith(".") and len(words) > 5):
        return 0.0
    if text[:1].isdecimal() and not _NUMBERED_TITLE.match(text):  # what "^\d" matched
        return 0.0
    if len(words) == 1 and not (caps and len(text) >= 4):
        return 0.0  # "Total", "Operating": a table's column header
    if names_company(text):
        return 0.0  # "MGM RESORTS INTERNATIONAL AND SUBSIDIARIES" above a statement's title
    if not plain:
        prev, nxt = layout.neighbours(ln)
    if bold:
        score = 2.0 + (1.0 if caps else 0.0)
    elif caps and len(words) >= 2:
        score = 1.5
    elif _title_case(words) and _between_paragraphs(text, words, prev, nxt):
        # A plain "Respirator Mask/Asbestos Litigation" line between paragraphs: italic or
        # underlined in print, which the text layer does not show.
        score = 1.0
    else:
        return 0.0
    if text.endswith(":"):
        score -= 1.0  # a run-in label ("Net Sales:") is a minor heading
    if not text.endswith(":") and _precedes_table(layout, ln):
        score -= 1.0  # a table's caption or column header, not a section heading
    if _heads_a_column(layout, ln):
        return 0.0
    if layout.body_size and ln.size > layout.body_size + 0.5:
        score += 1.0
    if _MAJOR_TOPICS.search(text):
        score += 0.5
    if prev is None and (bold or caps) and score >= 2:
        score += 0.5  # a title at the top of a page starts something new
    return max(score, 0.0)


def _between_paragraphs(text: str, words: list[str], prev: Line | None, nxt: Line | None) -> bool:
    """Is a plain line of two words or more, without a closing stop or comma, set between
    paragraphs: after a sentence's end or a heading-like line (or at the page's top), and
    before a long line?"""
    return (
        len(words) >= 2
        and not text.endswith((".", ","))
        and (prev is None or prev.text.rstrip().endswith((".", ":", ")")) or heading_like(prev))
        and (nxt is not None and len(nxt.text) > 50)
    )


def _precedes_table(layout: Layout, ln: Line) -> bool:
    """Is a table row among the next few lines, before any paragraph of prose?"""
    for other in layout.following(ln, 3):
        if is_tabular(other.text):
            return True
        if len(other.text) > 60 and not other.bold:
            return False
    return False


# Smaller than the prose before it by this much (points) is a table's or a footnote's print.
_SMALL_PRINT_POINTS = 1.0
# Further right than the prose's left edge by this share of the page: over a table's column.
_OFF_MARGIN = 0.1
_PROSE_CHARS = 60  # a line this long and not bold is a paragraph's
_PROSE_LOOKBACK = 8  # lines above a heading searched for the paragraph before it


def _heads_a_column(layout: Layout, ln: Line) -> bool:
    """Is the line the head of a table's column: over three lines all in smaller print than
    the paragraph above it and none of them a row of figures, and itself set off that
    paragraph's left margin or in smaller print?

    A table of words (Pfizer's pipeline tables) has column heads in bold capitals that
    ``_precedes_table`` does not see, as its rows hold no figures; a section's heading is
    followed by text like the text before it. A caption at the margin in the paragraph's
    size ("Offsetting of Financial Assets ...") and a heading over a table of figures
    ("Walmart U.S. Segment", which ``_precedes_table`` marks down) are not turned away."""
    following = layout.following(ln, 3)
    if len(following) < 3:
        return False
    lines = layout.content_lines(ln.page)
    at = layout.position_in_page(ln)
    prose = next((above for above in reversed(lines[max(at - _PROSE_LOOKBACK, 0):at])
                  if not above.bold and len(above.text) >= _PROSE_CHARS and above.size), None)
    if prose is None:
        return False
    limit = prose.size - _SMALL_PRINT_POINTS
    if not all(0 < other.size < limit and not is_tabular(other.text) for other in following):
        return False
    return ln.x0 >= prose.x0 + _OFF_MARGIN or 0 < ln.size < limit


def heading_like(ln: Line) -> bool:
    text = ln.text.strip()
    return len(text) < 80 and not text.endswith((".", ",")) and not is_tabular(text)


def find_subheadings(layout: Layout, start: Pos, end: Pos) -> list[Heading]:
    """Heading-looking lines in (start, end), excluding the section's own heading line."""
    # Nested sections look over the same lines again: a line's score and title depend on
    # the layout alone, so each is worked out once per layout.
    scored: dict[Pos, tuple[float, str]] = layout.memo.setdefault("subheading_scores", {})  # type: ignore[assignment]
    found: list[Heading] = []
    # layout.iter_lines spelt out: a generator's step per line cost as much as the look-up.
    for page in range(max(start[0], 1), min(end[0], layout.page_count) + 1):
        for ln in layout.content_lines(page):
            pos = (page, ln.number)
            if pos <= start:
                continue  # before the section, or its own heading line
            if pos >= end:
                return found
            known = scored.get(pos)
            if known is None:
                score = heading_score(layout, ln)
                known = scored[pos] = (score, clean_title(ln.text) if score > 0 else "")
            if known[0] > 0:
                found.append(Heading(pos, known[1], "sub", score=known[0]))
    return found


# A primary statement's title is the one statement fact item titles need (a wrapped item
# title never continues into a statement's); the rest of statement finding is statements.py.
_STATEMENT_START = re.compile(
    r"^(?:the\s+)?(?:(?:condensed|consolidated|combined|interim)\s+)*"
    r"(?:statements?\s+of|balance\s+sheets?|income\s+statements?|cash\s+flows?\s+statements?|"
    r"comprehensive\s+(?:income|loss)\s+statements?|(?:stockholders|shareholders)[’']?\s+equity\s+statements?)",
    re.IGNORECASE,
)


_ACCOUNTING_BASIS = re.compile(r"^(?:u\.?\s?s\.?\s+)?(?:gaap|ifrs)\s+(?=(?:condensed|consolidated|combined|interim|statements?|balance))")


@functools.lru_cache(maxsize=16384)
def statement_kind(text: str) -> str | None:
    """Which primary statement a title line names, or None. (Memoised: the statements of
    a section are looked for again in each of its parts as a long section is split.)"""
    # Without its whitespace (clean_title joins "S T A T E M E N T S"): without its spaces
    # when the rest is printable, since every other whitespace character is not, which
    # spares most lines being split into words.
    lowered = text.lower()
    squeezed = lowered.replace(" ", "")
    if not squeezed.isprintable():
        squeezed = "".join(lowered.split())
    if "statement" not in squeezed and "balancesheet" not in squeezed:
        return None  # every title _STATEMENT_START accepts has one of these; most lines neither
    t = clean_title(text).lower().replace("’", "'")
    # "NIKE, Inc. Consolidated Statements of Income"
    t = re.sub(r"^.{0,40}?\b(inc|corporation|company|corp|co|ltd|plc)\.?,?\s+(?=(condensed|consolidated|statements?|balance))", "", t)
    # "U.S. GAAP Condensed Consolidated Statements of Income": the accounting basis named
    # first, as earnings releases that also show adjusted (non-GAAP) tables do.
    t = _ACCOUNTING_BASIS.sub("", t)
    if not _STATEMENT_START.match(t) or len(t) > 110 or is_continued(t) or re.search(r"\s\d{1,3}$", t):
        return None
    if "notes to" in t or "schedule" in t or "reconciliation" in t:
        return None
    if "cash flow" in t:
        return "cash_flows"
    if "balance sheet" in t or "financial position" in t or "financial condition" in t:
        return "balance_sheet"
    if "comprehensive" in t:
        return "comprehensive_income"
    if "equity" in t or "stockholders" in t or "shareholders" in t or "partners' capital" in t:
        return "equity"
    if re.search(r"\b(income|operations|earnings|loss)\b", t):
        return "income"
    return None
