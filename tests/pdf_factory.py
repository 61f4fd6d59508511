"""Small PDFs made on the spot for tests: text-less, password-protected, image-only."""
from __future__ import annotations

from pathlib import Path


def minimal_pdf(encrypted: bool = False) -> bytes:
    """A one-page PDF without text; with ``encrypted`` it carries a Standard security
    handler whose user password is not empty, as a password-protected file does."""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
    ]
    if encrypted:
        objects.append(b"<< /Filter /Standard /V 1 /R 2 /Length 40 /P -4 /O <" + b"11" * 32 + b"> /U <" + b"22" * 32 + b"> >>")
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    trailer = b"<< /Size %d /Root 1 0 R" % (len(objects) + 1)
    if encrypted:
        trailer += b" /Encrypt 4 0 R /ID [<" + b"ab" * 16 + b"> <" + b"ab" * 16 + b">]"
    out += b"trailer\n" + trailer + b" >>\nstartxref\n%d\n%%%%EOF\n" % xref
    return bytes(out)


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
