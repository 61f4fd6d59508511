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
_TALL_GLYPHS = frozenset("BDEFHIKLMNPRTUVWXYZbdfhklt")
_CAP_HEIGHT_EM = 0.7


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


class _PageReader:
    """Reads line styles from one PDFium text page, reusing its ctypes buffers."""

    def __init__(self, textpage, width: float, height: float, name_buffer: ctypes.Array):
        import pypdfium2.raw as raw

        self.raw = raw
        self.textpage = textpage
        self.width = max(width, 1.0)
        self.height = max(height, 1.0)
        self.buffer = name_buffer
        self.flags = ctypes.c_int()
        self.box = [ctypes.c_double() for _ in range(4)]
        self.box_refs = [ctypes.byref(value) for value in self.box]
        self.matrix = raw.FS_MATRIX()
        self.bold_names: dict[bytes, bool] = {}

    def is_bold(self, index: int) -> bool:
        raw = self.raw
        if raw.FPDFText_GetFontWeight(self.textpage, index) >= 600:
            return True
        length = raw.FPDFText_GetFontInfo(self.textpage, index, self.buffer, len(self.buffer), ctypes.byref(self.flags))
        name = self.buffer.raw[: max(length - 1, 0)]
        bold = self.bold_names.get(name)
        if bold is None:
            bold = self.bold_names[name] = bool(_BOLD_NAME.search(name.decode("latin-1", "replace")))
        return bold or bool(self.flags.value & _FORCE_BOLD)

    def char_box(self, index: int) -> tuple[float, float, float, float]:
        """(left, right, bottom, top) in page points, y upwards."""
        self.raw.FPDFText_GetCharBox(self.textpage, index, *self.box_refs)
        return self.box[0].value, self.box[1].value, self.box[2].value, self.box[3].value

    def size(self, index: int) -> float:
        """Font size times the scale of the character's transformation matrix: what the
        reader sees, whatever mix of font size and scaling the producer used."""
        raw = self.raw
        points = float(raw.FPDFText_GetFontSize(self.textpage, index))
        if raw.FPDFText_GetMatrix(self.textpage, index, self.matrix):
            m = self.matrix
            points *= abs(m.a * m.d - m.b * m.c) ** 0.5
        return points

    def glyph_size(self, raw_text: str, start: int, end: int) -> float:
        """A size estimated from the median height of the line's first few tall glyphs (of
        any letters or digits when it has none)."""
        for wanted in (_TALL_GLYPHS.__contains__, str.isalnum):
            heights = []
            for index in range(start, end):
                if wanted(raw_text[index]):
                    _, _, bottom, top = self.char_box(index)
                    heights.append(top - bottom)
                    if len(heights) == 5:
                        break
            if heights:
                return sorted(heights)[len(heights) // 2] / _CAP_HEIGHT_EM
        return 0.0

    def line(self, raw_text: str, start: int, end: int, page: int, number: int) -> Line:
        text = clean_text(raw_text[start:end])
        first = start + len(raw_text[start:end]) - len(raw_text[start:end].lstrip())
        if first >= end:
            return Line(text, page, number)
        last = start + len(raw_text[start:end].rstrip()) - 1
        # A line is bold when both its ends are, so that a run-in heading ("Net Sales: ...")
        # does not count as a heading line.
        bold = self.is_bold(first) and (last == first or self.is_bold(last))
        size = self.size(first)
        if size < _MIN_REAL_SIZE:
            size = self.glyph_size(raw_text, first, last + 1) or size
        x0, _, bottom, _ = self.char_box(first)
        _, x1, _, _ = self.char_box(last)
        return Line(
            text, page, number, bold, round(size, 1), round(x0 / self.width, 3), round(x1 / self.width, 3), round(self.height - bottom, 1)
        )


def page_lines(textpage, raw_text: str, page: int, width: float, height: float, buffer: ctypes.Array) -> list[Line]:
    """Split a page's text (PDFium's ``get_text_range``) into styled lines."""
    reader = _PageReader(textpage, width, height, buffer)
    lines: list[Line] = []
    offset = 0
    count = len(raw_text)
    for number, piece in enumerate(raw_text.split("\r\n")):
        start, end = offset, min(offset + len(piece), count)
        offset += len(piece) + 2
        lines.append(reader.line(raw_text, start, end, page, number))
    return lines
