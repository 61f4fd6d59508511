"""PDF reading: page texts, outlines, and a clear PDFError for every unusable file."""
from __future__ import annotations

from collections import Counter

import pytest
from pdf_factory import image_only_pdf, minimal_pdf, outlined_pdf, own_font_per_page_pdf

from core.errors import PDFError, UserError
from core.paths import PDF_DIR, SHARED_DIR
from retrievers.index.pdf import check_pdf, read_outline, read_pdf, read_pdf_pages

EIGHT_K = PDF_DIR / "FOOTLOCKER_2022_8K_dated-2022-05-20.pdf"
EARNINGS_WITH_OUTLINE = PDF_DIR / "AMCOR_2023Q4_EARNINGS.pdf"


def test_reads_every_page_of_a_real_filing_in_order():
    pages = read_pdf_pages(EIGHT_K)
    assert len(pages) == 4
    assert "FORM 8-K" in pages[0]
    assert "Item 5.07" in pages[1]
    # Table rows stay on one line, which grep and the row-label summaries rely on.
    assert any(line.startswith("Virginia C. Drosos") and "59,657,810" in line for line in pages[1].splitlines())
    assert "\r" not in "".join(pages)


def test_read_pdf_keeps_lines_and_page_texts_in_step():
    content = read_pdf(EIGHT_K)
    assert len(content.lines) == len(content.pages)
    for page_text, lines in zip(content.pages, content.lines):
        assert page_text.split("\n") == [line.text for line in lines]
    headings = [line for line in content.lines[1] if line.text.startswith("Item 5.07")]
    assert headings and headings[0].bold and headings[0].page == 2


def test_styles_are_read_from_each_lines_own_characters_when_pdfium_text_skips_some():
    # The text of the 3M 10-K's cover page leaves out five characters PDFium keeps, so a
    # text position is not a character position there: styles read at text positions came
    # from characters up to a line away (a left edge right of the line's right end, the
    # company's name neither bold nor its size).
    lines = [line for line in read_pdf(PDF_DIR / "3M_2022_10K.pdf").lines[0] if line.text.strip()]
    assert all(line.x0 < line.x1 for line in lines)
    name = next(line for line in lines if line.text == "3M COMPANY")
    body = next(line for line in lines if line.text.startswith("Indicate by check mark"))
    assert name.bold and not body.bold
    assert name.size > 1.5 * body.size
    assert [line.y for line in lines] == sorted(line.y for line in lines)  # the cover reads top to bottom


TEX_LECTURES = SHARED_DIR / "pageindex_reference" / "docs" / "four-lectures.pdf"


@pytest.mark.parametrize("path", [EIGHT_K, TEX_LECTURES], ids=["8-K", "TeX"])
def test_line_positions_are_the_character_boxes_rounded_as_round_does(path):
    # page_lines rounds the positions in float arithmetic, not with round(): checked here
    # against round() on the boxes read through pypdfium2's own (checked) calls.
    import pypdfium2 as pdfium

    if not path.exists():
        pytest.skip(f"no {path}")
    content = read_pdf(path)
    doc = pdfium.PdfDocument(path)
    checked = 0
    try:
        for number, lines in enumerate(content.lines):
            page = doc[number]
            textpage = page.get_textpage()
            width, height = (max(side, 1.0) for side in page.get_size())
            text = textpage.get_text_range()
            if textpage.count_chars() == len(text):  # else text positions are not character indices
                start = 0
                for line, piece in zip(lines, text.split("\r\n"), strict=True):
                    if piece.strip():
                        first, last = start + len(piece) - len(piece.lstrip()), start + len(piece.rstrip()) - 1
                        left, bottom, _, _ = textpage.get_charbox(first)
                        right = textpage.get_charbox(last)[2]
                        expected = round(left / width, 3), round(right / width, 3), round(height - bottom, 1)
                        # hex(): 0.0 and -0.0 differ, as they would in the index's JSON
                        assert [value.hex() for value in (line.x0, line.x1, line.y)] == [value.hex() for value in expected], line
                        checked += 1
                    start += len(piece) + 2
            textpage.close()
            page.close()
    finally:
        doc.close()
    assert checked > 50


@pytest.mark.skipif(not TEX_LECTURES.exists(), reason=f"no {TEX_LECTURES}")
def test_a_tex_pages_body_text_reads_one_size():
    # TeX's bitmap (type-3) fonts report no usable size, so lines are sized by their glyphs'
    # height; a font's first good measurement on a page serves its later lines, where each
    # line measured alone read 10.6 pt in one place and 11.8 in the next.
    shares = []
    for page in read_pdf(TEX_LECTURES).lines:
        sizes = Counter(line.size for line in page if len(line.text) >= 50)
        if sum(sizes.values()) >= 10:
            shares.append(sizes.most_common(1)[0][1] / sum(sizes.values()))
    assert len(shares) >= 10
    assert sum(shares) / len(shares) >= 0.85, shares


@pytest.mark.skipif(not TEX_LECTURES.exists(), reason=f"no {TEX_LECTURES}")
def test_a_tex_documents_body_text_reads_one_size_throughout():
    # A glyph-measured size is kept for the document, not the page: measured afresh on each
    # page, the same body font read 11.8 pt on some pages and 11.7 on others (43% of the
    # long lines at the commonest size), which split the body size headings stand out from.
    sizes = Counter(line.size for page in read_pdf(TEX_LECTURES).lines for line in page if len(line.text) >= 50)
    assert sizes.most_common(1)[0][1] / sum(sizes.values()) >= 0.8, sizes.most_common(5)


def test_each_pages_own_font_object_is_judged_as_itself(tmp_path):
    # Line styles judge each font once per document, by its PDFium address: that holds only
    # while PDFium keeps every font of an open document, so that no page's font takes the
    # address of another page's. Forty pages, each with a font object of its own, bold and
    # upright in turn: every page's font has an address of its own, and every line is read
    # as its own font sets it.
    import ctypes

    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    path = tmp_path / "own_fonts.pdf"
    path.write_bytes(own_font_per_page_pdf(40))
    assert [page[0].bold for page in read_pdf(path).lines] == [n % 2 == 0 for n in range(40)]
    doc = pdfium.PdfDocument(str(path))
    addresses = set()
    try:
        for n in range(len(doc)):
            page = doc[n]
            textpage = page.get_textpage()
            font = raw.FPDFTextObj_GetFont(raw.FPDFText_GetTextObject(textpage.raw, 0))
            addresses.add(ctypes.cast(font, ctypes.c_void_p).value)
            textpage.close()
            page.close()  # closed before the next page loads, as read_pdf closes it
    finally:
        doc.close()
    assert len(addresses) == 40


def test_outline_pages_are_one_based():
    outline = read_outline(EARNINGS_WITH_OUTLINE)
    assert outline[0] == (0, "Highlights", 1)
    titles = {title: page for _, title, page in outline}
    assert titles["GAAP Statement of Income"] == 8
    assert read_outline(EIGHT_K) == []


def test_check_pdf_returns_the_page_count():
    assert check_pdf(EIGHT_K) == 4


def test_missing_file(tmp_path):
    with pytest.raises(PDFError, match="PDF not found") as error:
        read_pdf_pages(tmp_path / "nowhere.pdf")
    assert isinstance(error.value, UserError) and " -- " in str(error.value)


def test_zero_byte_file(tmp_path):
    empty = tmp_path / "empty.pdf"
    empty.write_bytes(b"")
    with pytest.raises(PDFError, match=r"empty \(0 bytes\).*download the file again"):
        check_pdf(empty)


def test_garbage_bytes(tmp_path):
    garbage = tmp_path / "garbage.pdf"
    garbage.write_bytes(b"<html>404 Not Found</html>" * 50)
    with pytest.raises(PDFError, match="not a PDF or the PDF is corrupt"):
        read_pdf_pages(garbage)


def test_truncated_download(tmp_path):
    data = EIGHT_K.read_bytes()
    truncated = tmp_path / "truncated.pdf"
    truncated.write_bytes(data[: len(data) // 2])
    with pytest.raises(PDFError, match="truncated download"):
        check_pdf(truncated)


def test_password_protected(tmp_path):
    locked = tmp_path / "locked.pdf"
    locked.write_bytes(minimal_pdf(encrypted=True))
    with pytest.raises(PDFError, match="password-protected.*unencrypted copy"):
        read_pdf_pages(locked)
    with pytest.raises(PDFError, match="password-protected"):
        check_pdf(locked)


def test_image_only_pdf_asks_for_ocr(tmp_path):
    scanned = image_only_pdf(tmp_path / "scanned.pdf")
    assert check_pdf(scanned) == 3  # a valid PDF ...
    with pytest.raises(PDFError, match="no extractable text.*OCR") as error:
        read_pdf(scanned)  # ... that cannot be indexed
    assert "\n" not in str(error.value)


def test_text_less_minimal_pdf(tmp_path):
    blank = tmp_path / "blank.pdf"
    blank.write_bytes(minimal_pdf())
    with pytest.raises(PDFError, match="no extractable text"):
        read_pdf_pages(blank)


def test_pdfplumber_is_a_slower_alternative():
    pages = read_pdf(EIGHT_K, extractor="pdfplumber").pages
    assert len(pages) == 4
    assert pages[1].splitlines()[0].startswith("Item 5.07")


def test_unknown_extractor():
    with pytest.raises(PDFError, match="unknown PDF text extractor"):
        read_pdf(EIGHT_K, extractor="tesseract")  # type: ignore[arg-type]


def test_a_bookmark_title_holding_half_a_character_is_read_not_a_crash(tmp_path):
    # A PDF string may hold a lone UTF-16 surrogate (D83D: half of an emoji); a strict
    # decode of it ended indexing with a UnicodeDecodeError. The half becomes U+FFFD.
    path = tmp_path / "odd_outline.pdf"
    path.write_bytes(outlined_pdf(b"FEFF" + b"D83D" + b"0041"))
    assert read_outline(path) == [(0, "\ufffdA", 1)]
    assert read_pdf(path).outline[0].title == "\ufffdA"
    path.write_bytes(outlined_pdf(b"FEFF" + b"0042" + b"0043"))
    assert read_outline(path) == [(0, "BC", 1)]
