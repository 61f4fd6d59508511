"""Small PDFs made on the spot for tests: text-less, password-protected, image-only, and
typeset text (sizes, bold, indentation) for heading detection."""
from __future__ import annotations

import ctypes
from dataclasses import dataclass
from pathlib import Path

PAGE_WIDTH, PAGE_HEIGHT = 612, 792


def _pdf_file(objects: list[bytes], trailer_extra: bytes = b"") -> bytes:
    """A PDF file of ``objects`` (numbered from 1; the first is the catalog) with its
    cross-reference table and trailer."""
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    trailer = b"<< /Size %d /Root 1 0 R" % (len(objects) + 1) + trailer_extra
    out += b"trailer\n" + trailer + b" >>\nstartxref\n%d\n%%%%EOF\n" % xref
    return bytes(out)


def minimal_pdf(encrypted: bool = False) -> bytes:
    """A one-page PDF without text; with ``encrypted`` it carries a Standard security
    handler whose user password is not empty, as a password-protected file does."""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
    ]
    if not encrypted:
        return _pdf_file(objects)
    objects.append(b"<< /Filter /Standard /V 1 /R 2 /Length 40 /P -4 /O <" + b"11" * 32 + b"> /U <" + b"22" * 32 + b"> >>")
    return _pdf_file(objects, b" /Encrypt 4 0 R /ID [<" + b"ab" * 16 + b"> <" + b"ab" * 16 + b">]")


def outlined_pdf(title_hex: bytes) -> bytes:
    """A one-page PDF with a line of text and one bookmark whose title is the PDF string
    ``<title_hex>`` (hex digits, e.g. a UTF-16BE BOM ``FEFF`` and code units)."""
    content = b"BT /F1 12 Tf 72 720 Td (Item 1. Business. The company makes and sells its products.) Tj ET"
    return _pdf_file([
        b"<< /Type /Catalog /Pages 2 0 R /Outlines 6 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        b"<< /Type /Outlines /First 7 0 R /Last 7 0 R /Count 1 >>",
        b"<< /Title <" + title_hex + b"> /Parent 6 0 R /Dest [3 0 R /XYZ 0 792 0] >>",
    ])


def own_font_per_page_pdf(pages: int) -> bytes:
    """A PDF of ``pages`` pages, each with one line of text set in a font object of its own
    (no two pages share one): bold (Helvetica-Bold) on odd pages, upright (Times-Roman) on
    even ones."""
    kids = b" ".join(b"%d 0 R" % (3 + 3 * n) for n in range(pages))
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, pages)]
    for n in range(pages):
        page_object = 3 + 3 * n
        content = b"BT /F1 12 Tf 72 720 Td (Page %d sets this line in a font object of its own) Tj ET" % (n + 1)
        objects.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R"
                       b" /Resources << /Font << /F1 %d 0 R >> >> >>" % (page_object + 1, page_object + 2))
        objects.append(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
        objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /%s >>" % (b"Helvetica-Bold" if n % 2 == 0 else b"Times-Roman"))
    return _pdf_file(objects)


def image_only_pdf(path: Path, pages: int = 3) -> Path:
    """A scanned-looking PDF: pages holding only an image, made with pypdfium2."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument.new()
    for _ in range(pages):
        page = pdf.new_page(612, 792)
        image = pdfium.PdfImage.new(pdf)
        bitmap = pdfium.PdfBitmap.new_native(40, 40, pdfium.raw.FPDFBitmap_BGRA)
        bitmap.fill_rect((120, 120, 120, 255), 0, 0, 40, 40)
        image.set_bitmap(bitmap)
        image.set_matrix(pdfium.PdfMatrix().scale(400, 400).translate(100, 200))
        page.insert_obj(image)
        page.gen_content()
    pdf.save(str(path))
    return path


def long_pdf(path: Path, source: Path, copies: int) -> Path:
    """A long, real-text PDF: ``copies`` copies of ``source``'s pages back to back."""
    import pypdfium2 as pdfium

    original = pdfium.PdfDocument(str(source))
    out = pdfium.PdfDocument.new()
    for _ in range(copies):
        out.import_pages(original)
    out.save(str(path))
    original.close()
    return path


@dataclass(frozen=True)
class Text:
    """One line of a typeset page: its text, size in points, weight and left indent."""

    text: str
    size: float = 10.0
    bold: bool = False
    x: float = 72.0


BLANK = Text("")  # an empty line: vertical space only

LOREM = (
    "The company reported steady results across its segments during the period and expects demand "
    "to remain firm as new products reach customers in the coming quarters of the year."
)


def paragraph(lines: int = 4, size: float = 10.0, x: float = 72.0) -> list[Text]:
    """Body text: ``lines`` full-width lines of prose, the last one ending a sentence."""
    words = LOREM.split()
    out = []
    for n in range(lines):
        start = (n * 14) % (len(words) - 14)
        out.append(Text(" ".join(words[start : start + 14]) + ("." if n == lines - 1 else ""), size, x=x))
    return out


def typeset_pdf(path: Path, pages: list[list[Text]], leading: float = 1.4) -> Path:
    """A PDF whose pages hold the given lines, top down, in Helvetica (bold: Helvetica-Bold),
    each line ``leading`` times its size below the one before."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    pdf = pdfium.PdfDocument.new()
    for lines in pages:
        page = pdf.new_page(PAGE_WIDTH, PAGE_HEIGHT)
        y = PAGE_HEIGHT - 60.0
        for line in lines:
            y -= (line.size or 10.0) * leading
            if not line.text:
                continue
            font = b"Helvetica-Bold" if line.bold else b"Helvetica"
            obj = raw.FPDFPageObj_NewTextObj(pdf.raw, font, line.size)
            text = ctypes.create_string_buffer((line.text + "\0").encode("utf-16-le"))
            raw.FPDFText_SetText(obj, ctypes.cast(text, ctypes.POINTER(raw.FPDF_WCHAR)))
            raw.FPDFPageObj_Transform(obj, 1, 0, 0, 1, line.x, y)
            raw.FPDFPage_InsertObject(page.raw, obj)
        raw.FPDFPage_GenerateContent(page.raw)
    pdf.save(str(path))
    return path
