"""The lines of a PDF page with the typography that heading detection needs.

For each line PDFium is asked about its first and last characters only: their font
(weight, or name and flags), the first one's effective size and where the line sits. That
costs a handful of calls per line, where reading every character's style (what pdfplumber
does) makes indexing many times slower than the text extraction itself.
"""
from __future__ import annotations

import ctypes
import re
from typing import NamedTuple

# Font flag bit PDFium sets for synthetic bold (FXFONT_FORCE_BOLD).
_FORCE_BOLD = 0x40000
_BOLD_NAME = re.compile(r"bold|black|heavy|semibold|demi|,B\b|-B\b|Bd\b|CMBX", re.IGNORECASE)
# A type-3 font (TeX's bitmap fonts) reports a nonsense size such as 0.1 pt; its lines are
# measured by the height of their tall glyphs instead: capitals and ascenders with flat tops
# and bottoms (round letters overshoot, digits vary by font), about 0.7 em.
_MIN_REAL_SIZE = 2.0
_TALL_GLYPH = re.compile("[BDEFHIKLMNPRTUVWXYZbdfhklt]")
_ALNUM = re.compile(r"[^\W_]")  # what str.isalnum accepts
_CAP_HEIGHT_EM = 0.7
# Adding 1.5 * 2**52 to a float of magnitude below 2**51 and taking it away again rounds the
# float to a whole number, ties to even: the sum lies where floats are one apart. Used for
# round(value, digits): the value scaled by 10**digits is rounded so, and divided back, which
# gives the float nearest the decimal, as round does. Where the scaled value is within 1e-4
# of a tie its own rounding error (at most 1.2e-7 below 1e9) could decide, so there, at zero
# (whose sign round keeps) and beyond 1e9, round is called.
_TO_WHOLE = 1.5 * 2.0**52


class Line(NamedTuple):
    """One text line of a page with the style of its first and last character.

    Structure detection needs to tell a heading from body text: bold, larger, or standing
    apart from the line above. The two ends of a line are enough for that. (A named tuple:
    a long filing has tens of thousands of lines, and a tuple is the cheapest to build.)
    """

    text: str
    page: int  # 1-based
    number: int  # 0-based line number within the page
    bold: bool = False
    size: float = 0.0  # effective font size in points (font size times the text's scale)
    x0: float = 0.0  # left edge of the first character, as a fraction of the page width
    x1: float = 0.0  # right edge of the last character, likewise
    y: float = 0.0  # the bottom of the first character, in points from the top of the page


def clean_text(text: str) -> str:
    # PDFium marks a word broken at a line end with U+FFFE. A lone "\n" (not PDFium's own
    # "\r\n" line break) is a character of the PDF itself that some producers put between
    # words; treated as a line break it would leave one word per line.
    return text.replace("\ufffe", "-").replace("\x02", "-").replace("\r", "").replace("\n", " ").rstrip()


def _unchecked(function, restype):
    """``function`` (a PDFium function of pypdfium2's) called without declared argument
    types: ctypes then passes ints and pointers as they are instead of checking each against
    its declared type, which halves the cost of a call made tens of thousands of times per
    document. Every argument must then be given as what C expects: Python ints for ``int``,
    pointers, ``byref`` for out-parameters, ctypes values for other integer types.

    The call also keeps Python's global interpreter lock, as a Python C API call does
    (``PYFUNCTYPE``): releasing and taking it back around each call cost more than these
    accessors' own work, and PDFium neither calls back into Python nor blocks.

    Made once per process (kept by name; a ctypes function is not hashable): each call of
    ``PYFUNCTYPE`` makes a new class, which per document read would be a dozen classes of
    garbage for the cyclic collector."""
    key = (function.__name__, restype)
    made = _UNCHECKED.get(key)
    if made is None:
        address = ctypes.cast(function, ctypes.c_void_p).value
        if not address:
            raise RuntimeError(f"PDFium function {function!r} has no address")
        made = _UNCHECKED[key] = ctypes.PYFUNCTYPE(restype)(address)  # no argument types: any arguments pass as they are
    return made


_UNCHECKED: dict[tuple[str, type], object] = {}


class Rounded(dict[float, float]):
    """``round(value, digits)`` for each value, worked out once per document: ``round`` is
    a dear call (correctly rounded decimal digits) made on every line, and a document
    repeats its few font sizes. (A line's ends and baseline repeat too seldom to gain from
    it: ``page_lines`` rounds them in float arithmetic, see ``_TO_WHOLE``.) Read as
    ``rounded[value]``."""

    def __init__(self, digits: int) -> None:
        super().__init__()
        self.digits = digits

    def __missing__(self, value: float) -> float:
        rounded = self[value] = round(value, self.digits)
        return rounded


class _CharIndices:
    """``indices[position]``: the PDFium character at a text position, the one before it
    when PDFium has none there (the first, 0, when none before it has one either).

    Asked only where a style is read (a line's two ends, a few glyphs), not worked out for
    every character of the page: the page's text runs to thousands of characters, each a
    call, where its lines' ends are a few dozen."""

    def __init__(self, char_index, handle, count: int) -> None:
        self._char_index, self._handle, self._count = char_index, handle, count

    def __getitem__(self, position: int) -> int:
        char_index, handle, count = self._char_index, self._handle, self._count
        for earlier in range(position, -1, -1):
            index = char_index(handle, earlier)
            if 0 <= index < count:
                return index
        return 0


def _as_argument(pointer):
    """A PDFium handle (a ctypes pointer) as the argument ctypes would make of it on each
    call, made once: passed to a call as it is."""
    return ctypes.c_void_p.from_param(ctypes.c_void_p.from_buffer(pointer).value)


class _Handle(ctypes.c_void_p):
    """A PDFium object handle as a function returns it: a ``c_void_p`` subclass comes back
    as itself, not as a Python int, and so passes to the next call as a pointer."""


class LineStyleReader:
    """Reads line styles from the text pages of one document.

    A document has thousands of lines, each costing a handful of PDFium calls, and on a PDF
    that parses fast this per-line work weighs as much as the text extraction itself. So the
    ctypes functions, buffers and out-parameters are made once per document, the calls skip
    ctypes' argument checks (``_unchecked``) and take the text page's handle as a ready
    ctypes argument (the helper object would be converted through a Python property on every
    call, its raw pointer into a fresh argument object), and each font name is judged bold or
    not once per document.
    """

    def __init__(self) -> None:
        import pypdfium2.raw as raw

        self._font_weight = _unchecked(raw.FPDFText_GetFontWeight, ctypes.c_int)
        self._font_info = _unchecked(raw.FPDFText_GetFontInfo, ctypes.c_ulong)
        self._font_size = _unchecked(raw.FPDFText_GetFontSize, ctypes.c_double)
        self._get_matrix = _unchecked(raw.FPDFText_GetMatrix, ctypes.c_int)
        self._get_box = _unchecked(raw.FPDFText_GetCharBox, ctypes.c_int)
        self._buffer = ctypes.create_string_buffer(256)
        self._buffer_size = ctypes.c_ulong(len(self._buffer))
        self._flags = ctypes.c_int()
        self._flags_ref = ctypes.byref(self._flags)
        self._box = [ctypes.c_double() for _ in range(4)]  # a character box: left, right, bottom, top (points, y up)
        self._box_refs = [ctypes.byref(value) for value in self._box]
        self._matrix = raw.FS_MATRIX()
        self._matrix_ref = ctypes.byref(self._matrix)
        self._bold_names: dict[bytes, bool] = {}
        self._tenths = Rounded(1)
        # Boldness is the font's (its weight, name and flags), and a document sets its lines
        # in a few fonts: each font is judged once per document, found through the
        # character's text object, two cheap calls where weight and name cost two dear ones.
        # (Once per document, not per page: PDFium keeps every font it loads until the
        # document is closed, so one address is one font for the whole read, even where
        # each page has a font object of its own; tests/test_index_pdf.py holds it to that.)
        self._text_object = _unchecked(raw.FPDFText_GetTextObject, _Handle)
        self._object_font = _unchecked(raw.FPDFTextObj_GetFont, ctypes.c_void_p)
        self._font_bold: dict[int | None, bool] = {}  # looked up with None too (a character with no text object), never stored so
        self._count_chars = _unchecked(raw.FPDFText_CountChars, ctypes.c_int)
        self._char_index = _unchecked(raw.FPDFText_GetCharIndexFromTextIndex, ctypes.c_int)
        self._glyph_sizes: dict[tuple[int | None, float] | None, float] = {}  # (font, reported size) -> measured size, per document

    def _bold_of(self, font, handle, index: int) -> bool:
        """Whether the character ``index``, set in ``font`` (its text object's), is bold."""
        if font is None:  # a character PDFium made up (no text object): asked directly
            return self._font_is_bold(handle, index)
        bold = self._font_bold.get(font)
        if bold is None:
            bold = self._font_bold[font] = self._font_is_bold(handle, index)
        return bold

    def _font_is_bold(self, handle, index: int) -> bool:
        if self._font_weight(handle, index) >= 600:
            return True
        buffer = self._buffer
        length = self._font_info(handle, index, buffer, self._buffer_size, self._flags_ref)
        name = buffer.raw[: max(length - 1, 0)]
        bold = self._bold_names.get(name)
        if bold is None:
            bold = self._bold_names[name] = bool(_BOLD_NAME.search(name.decode("latin-1", "replace")))
        return bold or bool(self._flags.value & _FORCE_BOLD)

    def _glyph_size(self, handle, raw_text: str, start: int, end: int, to_char: _CharIndices | None, key: tuple | None) -> float:
        """A size estimated from the median height of the line's first few tall glyphs (of
        any letters or digits when it has none).

        A font set at one reported size has one glyph height, so an estimate made from five
        tall glyphs serves every later line of the document in that font and size: a TeX
        document sets all its lines in such fonts, and measuring each line's glyphs again
        cost as much as the rest of its style. (Kept for the document, not the page: each
        page measured afresh read its body text 11.7 pt on one page and 11.8 on the next,
        which split the body size a heading stands out from.) (An estimate from fewer glyphs, a short
        line's or one of digits, is not passed on.) ``key``: (font, reported size) of the
        line's first character, its font as ``page_lines`` looked it up for its boldness;
        None when the character has no text object. (``page_lines`` reads the kept estimate
        itself and calls this only without one.)"""
        get_box, box_refs = self._get_box, self._box_refs
        _, _, bottom, top = self._box
        for glyph in (_TALL_GLYPH, _ALNUM):
            heights = []
            for match in glyph.finditer(raw_text, start, end):
                get_box(handle, to_char[match.start()] if to_char else match.start(), *box_refs)
                heights.append(top.value - bottom.value)
                if len(heights) == 5:
                    break
            if heights:
                size = sorted(heights)[len(heights) // 2] / _CAP_HEIGHT_EM
                if key is not None and glyph is _TALL_GLYPH and len(heights) == 5:
                    self._glyph_sizes[key] = size
                return size
        return 0.0

    def _char_indices(self, handle, text_length: int) -> _CharIndices | None:
        """Where each character of the page's text sits among PDFium's characters, when the
        two differ; None when they are one to one.

        The text leaves out some characters PDFium keeps (about 1 page in 1,600 of the
        FinanceBench filings and TeX documents), and a style read at a text position would
        then be another character's: a heading's first letter read a few characters early,
        in the line above. (-1, a character of the text PDFium has no box for, is read as
        the character before it.)"""
        count = self._count_chars(handle)
        if count == text_length:
            return None
        return _CharIndices(self._char_index, handle, count)

    def page_lines(self, textpage, raw_text: str, page: int, width: float, height: float) -> list[Line]:
        """Split a page's text (PDFium's ``get_text_range``) into styled lines."""
        handle = _as_argument(textpage.raw)
        width, height = max(width, 1.0), max(height, 1.0)
        bold_of, font_size, get_matrix, get_box = self._bold_of, self._font_size, self._get_matrix, self._get_box
        # The box's four out-parameters named, not unpacked from a list on each call.
        left_ref, right_ref, bottom_ref, top_ref = self._box_refs
        text_object_of, object_font = self._text_object, self._object_font
        font_bold, glyph_sizes = self._font_bold, self._glyph_sizes
        matrix, matrix_ref = self._matrix, self._matrix_ref
        left, right, bottom, _ = self._box
        tenths, to_whole, min_real_size = self._tenths, _TO_WHOLE, _MIN_REAL_SIZE
        # clean_text's one-for-one replacements made on the whole page at once (character
        # positions stay as PDFium counts them); the rest of it matters only on a page with a
        # lone "\r" or "\n", where each line is cleaned in full.
        page_text = raw_text.replace("\ufffe", "-").replace("\x02", "-")
        to_char = self._char_indices(handle, len(raw_text))
        pieces = page_text.split("\r\n")
        breaks = len(pieces) - 1  # page_text.count("\r\n"), without scanning the page again
        lone_breaks = page_text.count("\n") != breaks or page_text.count("\r") != breaks
        lines: list[Line] = []
        start = 0
        for number, piece in enumerate(pieces):
            stripped = piece.rstrip()
            if not stripped:
                lines.append(Line(clean_text(piece), page, number))
                start += len(piece) + 2
                continue
            text = clean_text(piece) if lone_breaks else stripped
            first = text_first = start + len(stripped) - len(stripped.lstrip())
            last = text_last = start + len(stripped) - 1
            if to_char is not None:
                first, last = to_char[first], to_char[last]
            # A line is bold when both its ends are, so that a run-in heading ("Net Sales:
            # ...") does not count as a heading line.
            # The first character's font is looked up once, for its boldness and, in a type-3
            # font, its glyph size.
            text_object = text_object_of(handle, first)
            # PDFium's FPDFTextObj_GetFont gives no font (None) for no text object, as for
            # a text object without one: no test of the handle needed.
            font = object_font(text_object)
            # The font's boldness as _bold_of keeps it, looked up here: most lines' fonts are
            # known by then, and the call cost as much as the look-up. (None is never a key.)
            bold = font_bold.get(font)
            if bold is None:
                bold = bold_of(font, handle, first)
            if bold and last != first:  # the last character's boldness, found as the first's
                last_font = object_font(text_object_of(handle, last))
                bold = font_bold.get(last_font)
                if bold is None:
                    bold = bold_of(last_font, handle, last)
            # Font size times the scale of the character's transformation matrix: what the
            # reader sees, whatever mix of font size and scaling the producer used.
            size = font_size(handle, first)  # a float already (restype c_double)
            if get_matrix(handle, first, matrix_ref):
                size *= abs(matrix.a * matrix.d - matrix.b * matrix.c) ** 0.5
            if size < min_real_size:
                key = (font, size) if text_object else None
                # The size _glyph_size keeps for the font and size, looked up here, as above.
                measured = glyph_sizes.get(key)
                if measured is None:
                    measured = self._glyph_size(handle, raw_text, text_first, text_last + 1, to_char, key)
                size = measured or size
            # The two character boxes read in place.
            get_box(handle, first, left_ref, right_ref, bottom_ref, top_ref)
            x0, y = left.value / width, height - bottom.value
            get_box(handle, last, left_ref, right_ref, bottom_ref, top_ref)
            x1 = right.value / width
            # round(x0, 3), round(x1, 3) and round(y, 1), the same floats at a quarter of the
            # cost (see _TO_WHOLE): the nearest whole number of thousandths or tenths, divided
            # back, unless it is all but a tie (or zero, whose sign round keeps, or far off).
            # (A cache of rounded left edges missed on most lines of a TeX document, whose
            # glyph boxes start where each glyph's ink does.)
            scaled = x0 * 1000.0
            whole = scaled + to_whole - to_whole
            x0 = whole / 1000.0 if whole and -0.4999 < scaled - whole < 0.4999 and -1e9 < scaled < 1e9 else round(x0, 3)
            scaled = x1 * 1000.0
            whole = scaled + to_whole - to_whole
            x1 = whole / 1000.0 if whole and -0.4999 < scaled - whole < 0.4999 and -1e9 < scaled < 1e9 else round(x1, 3)
            scaled = y * 10.0
            whole = scaled + to_whole - to_whole
            y = whole / 10.0 if whole and -0.4999 < scaled - whole < 0.4999 and -1e9 < scaled < 1e9 else round(y, 1)
            # tuple.__new__ is what Line(...) calls, without its Python-level __new__.
            lines.append(_new_tuple(Line, (text, page, number, bold, tenths[size], x0, x1, y)))
            start += len(piece) + 2
        return lines


_new_tuple = tuple.__new__
