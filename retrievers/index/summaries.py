"""Extractive node summaries, no LLM.

A summary has to tell a reader, or a lexical scorer such as BM25 over titles and
summaries, what a node holds. For a leaf that is: its first informative sentence, the row
labels of the tables in it ("Net sales, Cost of sales, ..."), the minor headings it covers,
and a few terms that are frequent in it but rare in the rest of the document (TF-IDF).
A parent lists its children.
"""
from __future__ import annotations

import re
import string
from collections.abc import Iterable, Iterator

from retrievers.index.key_terms import TermWeights
from retrievers.index.tree import Node, compact_key, compact_line_keys

MAX_SUMMARY_CHARS = 400
# A figure, "(12)", "$ 3.4", "5%", or a dash that stands for one, to be counted: spelt
# without the "(", "$" and space a figure may open with and the ")" and "%" it may close
# with, which hold no digit or dash and so never part two figures or make one, it finds as
# many as the spelling with them (the tests hold it to that) and is tried only at digits and
# dashes, not at every space of the line.
_NUMBER = re.compile(r"\d[\d,]*\.?\d*|[—–]")
# Every _NUMBER match holds a digit or a dash, so a line with fewer than three of them has
# fewer than three numbers: a cheap scan that spares most prose lines the count of their
# numbers. Spelt as three such characters with the runs between them skipped in one step,
# it stops at the third instead of listing every digit.
_THREE_NUMBER_CHARS = re.compile(r"[\d—–][^\d—–]*[\d—–][^\d—–]*[\d—–]")
_TWO_DIGITS = re.compile(r"\d\D*\d")  # a table row's figures hold two digits at least
_ASCII_DIGITS = b"0123456789"


def _ascii_digits(line: str) -> int | None:
    """How many digits an ASCII line (most lines) holds, counted in C: what _TWO_DIGITS and
    _THREE_NUMBER_CHARS (whose dashes are not ASCII) ask of it, several times cheaper than
    their scans. None for any other line, whose other scripts' digits the patterns count."""
    if not line.isascii():
        return None
    data = line.encode("ascii")
    return len(data) - len(data.translate(None, _ASCII_DIGITS))


def _two_digits(line: str, digits: int | None) -> bool:
    """Two digits at least in the line (``digits``: its _ascii_digits)."""
    return bool(_TWO_DIGITS.search(line)) if digits is None else digits >= 2


# A full stop after a letter, digit, "%" or closing bracket, before a capital or the end.
# The stop comes first and the character before it is checked behind it: a pattern that
# opens on a look-behind is tried at every position, this one only at stops. The stop of a
# title or a place's abbreviation ends no sentence ("located in St. Paul", "Ms. Smith").
_SENTENCE_END = re.compile(
    r"[.!?](?<=[a-z0-9%)\]”\"][.!?])(?<!\b(?:St|Mr|Ms|Dr|Jr|Sr|Mt|No)\.)(?<!\b(?:Mrs|Nos)\.)(?=\s+[A-Z“\"(]|\s*$)"
)
_BOILERPLATE_PHRASES = ("accompanying notes", "integral part of these", "table of contents")
_BOILERPLATE = re.compile("(?i)" + "|".join(_BOILERPLATE_PHRASES))
_GENERIC_LABELS = {"total", "basic", "diluted", "other", "net", "balance", "as reported", "adjustments"}


def node_text(
    pages: list[str], node: Node, next_start: tuple[int, str] | None = None, heading: str | None = None
) -> str:
    """The node's text: its pages, from its heading line on the first page (``heading``
    defaults to the title) and up to the next node's title when that starts on this
    node's last page."""
    page_lines = _PageLines(pages)
    cuts = page_lines.cuts(node, next_start, heading)
    return "\n".join(line for page, start, end in cuts for line in page_lines.lines(page)[start:end])


class _PageLines:
    """A document's pages as lines, each page split into lines, keyed and searched for
    table rows once, when first read: a page is read by every leaf on it (often the leaf
    that ends on it and the one that starts on it), and each of a leaf's readers reads its
    lines, not its text. A page is let go of once the leaves are past it (``forget``), and
    no tuple is kept per page or per leaf: every container object made and kept brings the
    garbage collector's next pass nearer, which in a build's process, full of the PDF's
    lines, costs a millisecond or two."""

    def __init__(self, pages: list[str]):
        self._pages = pages
        self._lines: dict[int, list[str]] = {}
        self._keys: dict[int, str] = {}
        self._encoded: dict[int, bytes] = {}
        # Each page's lines, stripped where they hold two digits, None where they do not.
        self._rows: dict[int, list[str | None]] = {}
        self._title_keys: dict[str, str] = {}

    def _text(self, page: int) -> str:
        return self._pages[page - 1] if 0 < page <= len(self._pages) else ""

    def forget(self, before: int) -> None:
        """Let go of the pages before ``before`` (a page asked for again is read again)."""
        for page in [page for page in self._lines if page < before]:
            for cache in (self._lines, self._keys, self._encoded, self._rows):
                cache.pop(page, None)

    def lines(self, page: int) -> list[str]:
        lines = self._lines.get(page)
        if lines is None:
            lines = self._lines[page] = self._text(page).split("\n")
        return lines

    def cuts(self, node: Node, following: Following | None, heading: str | None) -> Iterator[tuple[int, int, int]]:
        """Each page of the node with the lines of it that are the node's (``node_text``):
        (page, start, end), the lines from ``start`` up to ``end``."""
        for page in range(node.start_page, node.end_page + 1):
            start, end = 0, len(self.lines(page))
            if page == node.start_page:
                start = self._title_line(page, heading or node.title, 0) or 0
            if following and page == following[0] == node.end_page:
                # The next title is looked for after the node's heading line.
                at = self._title_line(page, following[1], start + 1)
                end = end if at is None else at
            yield page, start, end

    def _title_line(self, page: int, title: str, first: int) -> int | None:
        """The first line of the page from ``first`` on that heads ``title``: one holding its
        key, or, for a title too short to tell apart by a key of its own ("Note 6. Debt" is
        "debt"), its key with its label ("note6debt"), or a line that is the short title
        alone ("Debt")."""
        want = self._title_keys.get(title)
        if want is None:
            want = self._title_keys[title] = _title_key(title)
        if len(want) >= 6:
            return self._first_line_holding(page, first, want)
        labelled = _key(title, 30)
        if len(labelled) >= 6 and labelled != want:
            found = self._first_line_holding(page, first, labelled)
            if found is not None:
                return found
        if not want:
            return None
        # The short title alone on its line, or after a number ("6. Debt").
        line_keys = self._keyed(page).split("\n")
        return next((i for i in range(first, len(line_keys)) if re.sub(r"^\d+", "", line_keys[i]) == want), None)

    def _first_line_holding(self, page: int, first: int, key: str) -> int | None:
        """The first line of the page from ``first`` on whose compact key holds ``key``:
        where the key is first found in the page's line keys from that line's on (the key
        holds no line break, so it is found within one line's key), in C."""
        keyed = self._keyed(page)
        start = 0
        if first:
            after = keyed.split("\n", first)
            if len(after) <= first:  # the page has no line ``first``
                return None
            start = len(keyed) - len(after[-1])
        at = keyed.find(key, start)
        return None if at < 0 else keyed.count("\n", 0, at)

    def _keyed(self, page: int) -> str:
        """The compact keys of the page's lines, one line break apart: made only for a page
        a title is looked for on, most pages of a long section being read for their rows
        alone."""
        keyed = self._keys.get(page)
        if keyed is None:
            keyed = self._keys[page] = compact_line_keys(self._text(page), self._utf8(page))
        return keyed

    def _utf8(self, page: int) -> bytes:
        """The page's UTF-8 bytes, a lone surrogate's too ("surrogatepass"), which its keys
        and its digits are read from."""
        utf8 = self._encoded.get(page)
        if utf8 is None:
            utf8 = self._encoded[page] = self._text(page).encode("utf-8", "surrogatepass")
        return utf8

    def rows(self, page: int, start: int, end: int) -> list[str]:
        """The page's lines from ``start`` up to ``end`` that hold two digits at least
        (``_two_digits``), stripped: the only lines that may be a table's rows (see
        ``_row_label``). A stripped line with digits is never empty, so the others, None,
        are dropped in C."""
        rows = self._rows.get(page)
        if rows is None:
            rows = self._rows[page] = self._find_rows(page)
        return list(filter(None, rows[start:end]))

    def _find_rows(self, page: int) -> list[str | None]:
        """Each of the page's lines stripped if it holds two digits at least, else None.
        Every line's ASCII digits are counted at once, in C: the page's UTF-8 bytes (a line
        break is byte 10 and no other character's bytes hold it or an ASCII digit) with all
        but digits and line breaks deleted, split at the line breaks, leave each line's
        digits. Other scripts' digits, which _TWO_DIGITS counts too, are looked for line by
        line only on a page that holds one: its characters beyond ASCII, its UTF-8 bytes
        from 128 up, are few."""
        lines = self.lines(page)
        utf8 = self._utf8(page)
        digits = utf8.translate(None, _NOT_DIGIT_OR_NEWLINE).split(b"\n")
        if _ANY_DIGIT.search(utf8.translate(None, _ASCII_BYTES).decode("utf-8", "surrogatepass")):
            return [line.strip() if len(found) >= 2 or (not line.isascii() and _TWO_DIGITS.search(line)) else None
                    for line, found in zip(lines, digits)]
        return [line.strip() if len(found) >= 2 else None for line, found in zip(lines, digits)]


def _key(text: str, limit: int | None = None) -> str:
    return compact_key(text)[:limit]


def _title_key(title: str) -> str:
    # The title without its "Item 7." / "Note 3." label (the page may spell it "ITEM 7"),
    # cut to the first 30 characters, which a wrapped heading still has on its first line.
    return _key(re.sub(r"^(note|item)\s+\w+\.?\s*", "", title, flags=re.I), 30) or _key(title, 30)


def first_sentence(text: str, title: str = "", limit: int = 170, row_labels: RowLabels | None = None) -> str:
    """The first sentence of running prose (at least eight words, mostly letters)."""
    return _first_sentence(text.split("\n"), title, limit, RowLabels() if row_labels is None else row_labels)


def _first_sentence(lines: list[str], title: str, limit: int, row_labels: RowLabels) -> str:
    """``first_sentence`` of the text of ``lines``."""
    # Running prose only: table rows ("Net income $ 5,791 $ 5,929") would read as a sentence.
    # The prose is split into sentences as its lines are read, so that reading stops soon
    # after the first good sentence rather than at the end of the text: only the last two
    # pieces of the prose read so far may still end differently once more is read, so
    # every piece before them is judged as the whole text would have it. ``pending`` is
    # the prose from the first piece not yet judged on; it starts with the space after a
    # sentence's stop, which no stop can be found at.
    # ``stops``: where the sentence stops of ``pending`` are. A stop found stays one as
    # prose is added, but for one that ends ``pending`` (its look-ahead saw the end of the
    # text), so each added line is scanned from the character before it on, not the whole
    # of ``pending`` again: a long sentence would be scanned once per line.
    # A line left out (a heading, a table row) ends the prose it interrupts: the fragment
    # before it is dropped, not joined to the prose after it into a sentence the text never
    # says ("repurchased 722,457 shares of its" + "billion remained available ..."). A line
    # that carries on an unfinished sentence in lower case ("million.", "common stock at a
    # cost of $328.1 million") is that sentence's, however short or full of figures.
    pending: str | None = None
    stops: list[int] = []
    for raw in lines:
        ln = raw.strip()
        carries_on = pending is not None and ln[:1].islower() and not (stops and stops[-1] == len(pending) - 1)
        if not carries_on and (len(ln) <= 40 or _left_out(ln, row_labels)):
            if pending is not None:  # the prose it interrupts: its finished sentences judged, the rest dropped
                found = _first_good_sentence(_finished_sentences(pending, stops, len(stops)), title, limit)
                if found is not None:
                    return found
                pending, stops = None, []
            continue
        if pending is None:
            pending, scan_from = ln, 0
        else:
            scan_from = len(pending) - 1
            if stops and stops[-1] == scan_from:
                stops.pop()
            pending = f"{pending} {ln}"
        stops += [stop.start() for stop in _SENTENCE_END.finditer(pending, scan_from)]
        if len(stops) > 1:
            # The pieces before the last two.
            found = _first_good_sentence(_finished_sentences(pending, stops, len(stops) - 1), title, limit)
            if found is not None:
                return found
            cut = stops[-2] + 1
            pending = pending[cut:]
            stops = [stops[-1] - cut]
    if pending is None:
        return ""
    return _first_good_sentence(_sentences(pending)[1], title, limit) or ""


def _left_out(line: str, row_labels: RowLabels) -> bool:
    """A line of 40 characters or more that is no prose: three numbers or more in few words,
    or a table row. (A release's opening sentence, "Net sales increased 18.2% to $3.2 billion
    compared to $2.7 billion", has three numbers and is its prose.)"""
    digits = _ascii_digits(line)
    if digits is not None and digits < 2:
        return False  # most prose: neither a row's two figures nor three numbers (an ASCII line has no dash)
    # The row first: its label is looked up once for every line with two digits, as the
    # leaf's table labels will look it up anyway, and a row needs its numbers counted no more.
    if _two_digits(line, digits) and row_labels[line] is not None:
        return True
    numbers = _numbers(line, digits)
    return numbers >= 3 and not _reads_as_prose(line, numbers)


# A word in lower case: "\b[a-z]{2,}\b" with its first letter first and the boundary
# before it checked behind that letter, so that it is tried only at lower-case letters
# rather than at every position; the matches are the same.
_LOWER_WORD = re.compile(r"[a-z](?<!\w[a-z])[a-z]+\b")
# _LOWER_WORD and _NUMBER for an ASCII line's bytes, about twice as fast: on it they find
# what the patterns find on the line, its word characters and digits being ASCII's, which
# are all that the bytes patterns' "\w", "\b" and "\d" know, and its dashes none.
_ASCII_LOWER_WORD = re.compile(rb"[a-z](?<!\w[a-z])[a-z]+\b")
_ASCII_NUMBER = re.compile(rb"\d[\d,]*\.?\d*")


def _reads_as_prose(line: str, numbers: int) -> bool:
    """Words in lower case, six at least and two for each of the line's ``numbers``: a
    sentence with figures in it, not a row of figures under a label."""
    if line.isascii():
        return len(_ASCII_LOWER_WORD.findall(line.encode("ascii"))) >= max(6, 2 * numbers)
    return len(_LOWER_WORD.findall(line)) >= max(6, 2 * numbers)


def _finished_sentences(pending: str, stops: list[int], count: int) -> list[str]:
    """The first ``count`` sentences of ``pending``, each up to its stop (``stops``), as
    _sentences(pending) cuts them (a stop is one character)."""
    starts = [0] + [stop + 1 for stop in stops]
    return [pending[starts[k] : stops[k]] for k in range(count)]


def _sentences(text: str) -> tuple[list[int], list[str]]:
    """``_SENTENCE_END.split(text)`` with where each piece starts."""
    starts: list[int] = []
    pieces: list[str] = []
    start = 0
    for stop in _SENTENCE_END.finditer(text):
        starts.append(start)
        pieces.append(text[start : stop.start()])
        start = stop.end()
    starts.append(start)
    pieces.append(text[start:])
    return starts, pieces


def _few_numbers(line: str, digits: int | None) -> bool:
    """Fewer than three numbers (or dashes) in the line (``digits``: its _ascii_digits)."""
    return _numbers(line, digits) < 3


def _numbers(line: str, digits: int | None) -> int:
    """How many numbers (or dashes) the line holds, or 0 for a line with fewer than three
    digits and dashes, which has fewer than three numbers (``digits``: its _ascii_digits)."""
    if digits is not None:  # an ASCII line
        return 0 if digits < 3 else len(_ASCII_NUMBER.findall(line.encode("ascii")))
    if not _THREE_NUMBER_CHARS.search(line):
        return 0
    return len(_NUMBER.findall(line))


_ASCII_LETTERS = string.ascii_letters.encode("ascii")


def _letters(text: str) -> int:
    """How many letters (``str.isalpha``) the text holds; an ASCII text's counted in C."""
    if text.isascii():
        data = text.encode("ascii")
        return len(data) - len(data.translate(None, _ASCII_LETTERS))
    return sum(map(str.isalpha, text))


# The characters beyond ASCII that a case-blind pattern takes for an ASCII letter.
_CASE_BLIND_ASCII = ("\u0130", "\u0131", "\u017f", "\u212a")  # İ ı ſ and the Kelvin sign


def _boilerplate(sentence: str) -> bool:
    """``_BOILERPLATE`` in the sentence: the sentence lowered and searched for its phrases,
    several times faster than the case-blind pattern, unless it holds one of the few
    characters beyond ASCII that the pattern takes for an ASCII letter ("ſ" for "s")."""
    if any(char in sentence for char in _CASE_BLIND_ASCII):
        return bool(_BOILERPLATE.search(sentence))
    lowered = sentence.lower()
    return any(phrase in lowered for phrase in _BOILERPLATE_PHRASES)


def _first_good_sentence(pieces: list[str], title: str, limit: int) -> str | None:
    for sentence in pieces:
        sentence = " ".join(sentence.split())
        # The cheap tests first: most pieces are short or start in lower case (the words
        # of the joined sentence are its single spaces plus one).
        if sentence.count(" ") < 7 or not sentence[:1].isupper():
            continue
        if _letters(sentence) <= 0.6 * len(sentence) or _boilerplate(sentence):
            continue
        if title and sentence.lower().startswith(title.lower()) and not sentence[len(title) : len(title) + 1].isalnum():
            # The heading run into its sentence ("Debt. The Company ...") is not the sentence's;
            # "Japanese residents ..." under "JAPAN" is a sentence of its own.
            sentence = sentence[len(title) :].strip(" .:-—")
        if len(sentence) > limit:
            sentence = sentence[:limit].rsplit(" ", 1)[0] + "..."
        else:
            sentence += "."
        return sentence
    return None


_FIGURE_TOKEN = re.compile(r"\$|\(?\$?-?[\d,]*\.?\d+\)?%?|—|–|-|%|\)|pts?\.?|bps")
# What a _FIGURE_TOKEN ends with, but for a digit and a unit.
_FIGURE_ENDS = frozenset(")%$—–-")
# The _FIGURE_TOKEN units, the only figures that end in a letter or a full stop: a line that
# ends in "s", "t" or "." (most prose does) ends in one of them if it ends in a figure.
_UNITS = ("pt", "pts", "pt.", "pts.", "bps")
# The _FIGURE_TOKEN branches without a digit, spelt out: any other figure holds one.
_FIGURES_WITHOUT_DIGITS = frozenset(["$", "—", "–", "-", "%", ")", "pt", "pts", "pt.", "pts.", "bps"])


def _row_label(line: str) -> str | None:
    """The label of a table row, a label followed by two or more figures and nothing
    else ("Net sales $ 34,229 $ 35,355"); None for any other line. Asked only of stripped
    lines known to hold two digits (``_two_digits``, ``_PageLines.rows``): two figures with
    digits need two, and most prose lines are turned away by that cheaper test first."""
    # The figures are the line's last tokens, two at least, and the label before them has
    # none. The last two tokens are looked at first, which turns away at once the prose
    # lines with digits, whose last word is no figure (most of them by how the line ends
    # alone), or whose last but one is ("Jeff Agee, 2025"); then the first token, which
    # turns away the rows of figures with no label ("2022 170,683,732 ... n/a 0").
    if len(line) > 160 or line[-1:] not in _FIGURE_ENDS and not line[-1:].isdecimal() and not line.endswith(_UNITS):
        return None
    is_figure = _FIGURE_TOKEN.fullmatch
    last = line.rsplit(None, 2)
    if len(last) < 3 or not is_figure(last[2]) or not is_figure(last[1]):
        return None
    tokens = line.split()
    if is_figure(tokens[0]):
        return None
    first = len(tokens) - 2
    while is_figure(tokens[first - 1]):  # stops at the first token at the latest
        first -= 1
    if any(map(is_figure, tokens[1:first])):
        return None
    figures = tokens[first:]
    if len(figures) - sum(map(_FIGURES_WITHOUT_DIGITS.__contains__, figures)) < 2:
        return None
    label = " ".join(tokens[:first]).strip(" :,.-(")
    return label if label[:1].isalpha() else None


class RowLabels(dict[str, "str | None"]):
    """``_row_label`` of each line with two digits (``_two_digits``), worked out once: a
    leaf's first sentence and its table labels read the same lines. Made afresh for each
    document's summaries. Both look up only lines they have found two digits in, so the
    label is worked out without counting the digits again."""

    def __missing__(self, line: str) -> str | None:
        label = self[line] = _row_label(line)
        return label


# Every byte but an ASCII digit and the line break: what _PageLines._find_rows deletes to
# count each line's digits.
_NOT_DIGIT_OR_NEWLINE = bytes(c for c in range(256) if not (48 <= c <= 57 or c == 10))
# Every ASCII byte: what _PageLines._find_rows deletes to leave a page's characters beyond
# ASCII, and what it looks for among them.
_ASCII_BYTES = bytes(range(128))
_ANY_DIGIT = re.compile(r"\d")


def table_labels(text: str, limit: int = 10, row_labels: RowLabels | None = None) -> list[str]:
    """Row labels of the tables in ``text``: the words before a row's figures."""
    # The text as one page: its lines with two digits, the only ones that may be rows.
    rows = _PageLines([text]).rows(1, 0, text.count("\n") + 1)
    return _table_labels(rows, limit, RowLabels() if row_labels is None else row_labels)


def _table_labels(rows: Iterable[str], limit: int, row_labels: RowLabels) -> list[str]:
    """``table_labels`` of a text whose lines with two digits, stripped, are ``rows``."""
    labels: list[str] = []
    seen: set[str] = set()
    for line in rows:
        label = row_labels[line]
        if label is None:
            continue
        key = label.lower()
        if len(label) < 3 or len(label) > 60 or key in seen or key in _GENERIC_LABELS:
            continue
        if re.match(r"(?i)^(years?|three|six|nine|twelve|fiscal|quarters?|months?|weeks?)\b", label) or re.search(
            r"(?i)\b(millions|thousands|billions|dollars in)\b", label
        ):
            continue  # a column header, not a row
        seen.add(key)
        labels.append(label)
        if len(labels) >= limit:
            break
    return labels


def _clip(parts: list[str], limit: int = MAX_SUMMARY_CHARS) -> str:
    text = " ".join(p for p in parts if p)
    if len(text) <= limit:
        return text
    return text[:limit].rsplit(" ", 1)[0].rstrip(",;") + "..."


Following = tuple[int, str]  # where the next node starts: (page, title)


def walk_sections(nodes: list[Node]) -> list[tuple[Node, Following | None, str | None]]:
    """Every node in reading order with where the next node starts and the heading its text
    starts at (None: its own title). The one walk behind every node's text, so summaries
    and the model's summary prompts cut the same text."""
    flat: list[tuple[Node, Following | None, str | None]] = []
    _collect(nodes, None, None, flat)
    return flat


def _collect(siblings: list[Node], after: Following | None, parent: Node | None,
             flat: list[tuple[Node, Following | None, str | None]]) -> None:
    """``walk_sections``' walk (a module function: a closure calling itself would be a
    reference cycle, the nodes freed only by the cyclic collector)."""
    for i, node in enumerate(siblings):
        nxt = siblings[i + 1] if i + 1 < len(siblings) else None
        following = (nxt.start_page, nxt.title) if nxt else after
        # A parent's introduction ("Item 7 introduction", "Balance sheets (introduction)")
        # has no heading of its own: its text starts at the parent's heading.
        intro = i == 0 and parent is not None and node.title.rstrip(")").endswith("introduction")
        flat.append((node, following, parent.title if intro and parent is not None else None))
        _collect(node.children, following, node, flat)


# What a filing's Item says when it has nothing to disclose: "None.", "Not applicable.".
_SHORT_DISCLOSURE = re.compile(r"(?i)\s*(?:none|not applicable|not required|not material|n/a|omitted|\[?reserved\]?)\.?\s*")


def _short_disclosure(lines: list[str]) -> str:
    """The node's whole say when the first line after its heading is "None." or "Not
    applicable." (too short to be a sentence of prose, the node was summarised as having
    "little extractable text", or by a sentence of whatever followed it)."""
    lines = [line for line in lines[1:3] if line.strip()]
    if lines and _SHORT_DISCLOSURE.fullmatch(lines[0]):
        said = lines[0].strip()
        return said if said.endswith(".") else f"{said}."
    return ""


def summarize_tree(pages: list[str], nodes: list[Node], topics: dict[str, list[str]] | None = None) -> None:
    """Fill in ``summary`` for every node that has none."""
    topics = topics or {}
    flat = walk_sections(nodes)
    page_lines = _PageLines(pages)
    row_labels = RowLabels()
    # The leaves, their texts, and for each leaf to summarise the parts of its summary before
    # its key terms and what its key terms leave out. The key terms weigh every leaf's text,
    # so they come last; each leaf's lines are let go of once read.
    leaves: list[Node] = []
    texts: list[str] = []
    heads: list[str] = []
    excluded: list[str] = []
    for node, after, heading in flat:
        if node.children:
            continue
        lines: list[str] = []
        rows: list[str] = []
        for page, start, end in page_lines.cuts(node, after, heading):
            lines += page_lines.lines(page)[start:end]
            rows += page_lines.rows(page, start, end)
        page_lines.forget(node.end_page)  # the next leaf starts on this one's last page or after it
        leaves.append(node)
        texts.append("\n".join(lines))
        if node.summary:
            heads.append("")
            excluded.append("")
            continue
        sentence = _short_disclosure(lines) or _first_sentence(lines, node.title, 170, row_labels)
        labels = _table_labels(rows, 10, row_labels)
        covered = [t for t in topics.get(node.node_id, []) if t.lower() != node.title.lower()][:8]
        heads.append(" ".join(part for part in [
            sentence,
            f"Covers: {'; '.join(covered)}." if covered else "",
            f"Table rows: {', '.join(labels)}." if labels else "",
        ] if part))
        excluded.append(node.title + " " + " ".join(labels + covered))
    weights = TermWeights(texts)
    for leaf, node in enumerate(leaves):
        if node.summary:
            continue
        terms = weights.key_terms_of(leaf, exclude=excluded[leaf])
        node.summary = _clip([heads[leaf], f"Key terms: {', '.join(terms)}." if terms else ""]) or (
            f"Pages {node.start_page}-{node.end_page}; little extractable text."
        )
    for node, _, _ in reversed(flat):  # children before parents
        if node.summary or not node.children:
            continue
        titles = [c.title for c in node.children]
        node.summary = _clip([f"{len(titles)} parts: {'; '.join(titles)}."])
