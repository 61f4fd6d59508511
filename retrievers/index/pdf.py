"""Read a PDF's page texts, line styles and outline with pypdfium2.

pypdfium2 reads the 252-page 3M 10-K in about a second where pdfplumber needs two minutes,
and keeps table rows on one line, which is what the summaries and the agents' grep need.
Every failure a user can cause (missing, empty, corrupt, encrypted, scanned file) becomes a
``PDFError`` naming the problem and the fix.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from core.errors import PDFError
from retrievers.index.line_styles import Line, LineStyleReader, clean_text

Extractor = Literal["pypdfium2", "pdfplumber"]

# A page with fewer characters than this is treated as blank (a scan, a divider page).
MIN_PAGE_CHARS = 20

# PDFium's document-loading error codes (fpdfview.h).
_ERR_FILE, _ERR_FORMAT, _ERR_PASSWORD, _ERR_SECURITY = 2, 3, 4, 6


@dataclass(frozen=True)
class OutlineEntry:
    level: int  # 0 = top level
    title: str
    page: int  # 1-based


@dataclass
class PdfContent:
    """Everything the indexer takes from one PDF."""

    pages: list[str]
    lines: list[list[Line]] = field(default_factory=list)  # per page; empty without styles
    outline: list[OutlineEntry] = field(default_factory=list)


# Limits that keep one pathological file from taking a sweep's memory and time: FinanceBench
# filings run to ~400 pages and ~5 MB; a page costs the index ~4 KB of text.
MAX_PAGES = 3000
MAX_BYTES = 300_000_000


def _open(path: Path):  # -> pdfium.PdfDocument
    import pypdfium2 as pdfium

    if not path.exists():
        raise PDFError(f"PDF not found: {path}", "check the path or download the filing into data/pdfs/")
    if not path.is_file():
        raise PDFError(f"not a file: {path}", "pass the path of a .pdf file")
    size = path.stat().st_size
    if size == 0:
        raise PDFError(f"PDF is empty (0 bytes): {path}", "download the file again")
    if size > MAX_BYTES:
        raise PDFError(
            f"PDF is {size / 1e6:.0f} MB, over the indexer's {MAX_BYTES / 1e6:.0f} MB limit: {path}",
            "split it (e.g. qpdf --split-pages) or index only the filing's main document",
        )
    try:
        # PDFium reports no error for a file it parses but finds no page tree in, so the
        # last error would be a stale one (e.g. "password" from an earlier file): set it
        # to "file error" first with a load that cannot succeed, and read it as such below.
        pdfium.raw.FPDF_LoadDocument(b"\0", None)
        return pdfium.PdfDocument(str(path))
    except pdfium.PdfiumError as exc:
        code = getattr(exc, "err_code", None)
        if code == _ERR_PASSWORD:
            raise PDFError(
                f"PDF is password-protected: {path}", "save an unencrypted copy (e.g. qpdf --decrypt) and index that"
            ) from None
        if code == _ERR_SECURITY:
            raise PDFError(
                f"PDF uses an unsupported encryption scheme: {path}", "save an unencrypted copy and index that"
            ) from None
        if code == _ERR_FILE and os.access(path, os.R_OK):  # readable, yet PDFium set no error: no pages
            raise PDFError(f"PDF has no pages: {path}", "download the file again") from None
        if code == _ERR_FILE:
            raise PDFError(f"cannot open PDF: {path}", "check the file's permissions") from None
        raise PDFError(
            f"not a PDF or the PDF is corrupt: {path} ({exc})", "download the file again; a truncated download looks like this"
        ) from None


def check_pdf(path: Path | str) -> int:
    """Open ``path`` and return its page count; raise ``PDFError`` if it is unusable.

    Cheap (no text extraction) so that a downloader can verify every file it fetched.
    """
    path = Path(path)
    doc = _open(path)
    try:
        count = len(doc)
    finally:
        doc.close()
    _check_page_count(count, path)
    return count


def _check_page_count(count: int, path: Path) -> None:
    if count < 1:
        raise PDFError(f"PDF has no pages: {path}", "download the file again")
    if count > MAX_PAGES:
        raise PDFError(
            f"PDF has {count} pages, over the indexer's limit of {MAX_PAGES}: {path}",
            "split it (e.g. qpdf --split-pages) or index only the filing's main document",
        )


def _title(bookmark) -> str:
    """A bookmark's title. pypdfium2's ``get_title`` decodes strictly, and a title holding
    half a character (a lone UTF-16 surrogate, which a PDF string can) would end indexing
    with a UnicodeDecodeError: the half becomes U+FFFD, as page text drops it."""
    import ctypes

    import pypdfium2.raw as raw

    size = raw.FPDFBookmark_GetTitle(bookmark, None, 0)
    if size <= 2:
        return ""
    buffer = ctypes.create_string_buffer(size)
    raw.FPDFBookmark_GetTitle(bookmark, buffer, size)
    return buffer.raw[: size - 2].decode("utf-16-le", errors="replace")


def _outline(doc) -> list[OutlineEntry]:
    entries = []
    for bookmark in doc.get_toc():
        dest = bookmark.get_dest()
        index = dest.get_index() if dest is not None else None
        title = " ".join(_title(bookmark).split())
        if index is None or not title:
            continue
        entries.append(OutlineEntry(bookmark.level, title, index + 1))
    return entries


def _check_text(path: Path, pages: list[str]) -> None:
    if all(len(p.strip()) < MIN_PAGE_CHARS for p in pages):
        raise PDFError(
            f"PDF has no extractable text (scanned or image-only, {len(pages)} pages): {path}",
            "run OCR on it first (e.g. ocrmypdf in.pdf out.pdf) and index the OCR'd copy",
        )


def _read_pdfplumber(path: Path) -> list[str]:
    try:
        import pdfplumber
    except ImportError:  # pragma: no cover - pdfplumber is a declared dependency
        raise PDFError("pdfplumber is not installed", "pip install pdfplumber, or use the default pypdfium2 extractor") from None
    with pdfplumber.open(str(path)) as pdf:
        return ["\n".join(clean_text(line) for line in (page.extract_text() or "").split("\n")) for page in pdf.pages]


def read_pdf(path: Path | str, extractor: Extractor = "pypdfium2", styles: bool = True) -> PdfContent:
    """Read page texts (index 0 = page 1), per-line styles and the outline of a PDF.

    ``extractor="pdfplumber"`` is a much slower alternative (minutes for a long 10-K) for the
    rare PDF whose text PDFium garbles; it gives no line styles.
    """
    import pypdfium2 as pdfium

    if extractor not in ("pypdfium2", "pdfplumber"):
        raise PDFError(f"unknown PDF text extractor {extractor!r}", "use pypdfium2 or pdfplumber")
    path = Path(path)
    doc = _open(path)
    try:
        _check_page_count(len(doc), path)
    except PDFError:
        doc.close()
        raise
    reader = LineStyleReader() if styles else None
    pages: list[str] = []
    lines: list[list[Line]] = []
    try:
        outline = _outline(doc)
        for index in range(len(doc) if extractor == "pypdfium2" else 0):
            page = doc[index]
            textpage = page.get_textpage()
            try:
                raw_text = textpage.get_text_range()
                if reader is not None:
                    width, height = page.get_size()
                    styled = reader.page_lines(textpage, raw_text, index + 1, width, height)
                    lines.append(styled)
                    # Page text and line objects stay in step: line n is split("\n")[n].
                    pages.append("\n".join(line.text for line in styled))
                else:
                    pages.append("\n".join(clean_text(piece) for piece in raw_text.split("\r\n")))
            finally:
                textpage.close()
                page.close()
    except pdfium.PdfiumError as exc:
        raise PDFError(f"PDF is corrupt, text extraction failed: {path} ({exc})", "download the file again") from None
    finally:
        doc.close()
    if extractor == "pdfplumber":
        pages = _read_pdfplumber(path)
    if not pages:
        raise PDFError(f"PDF has no pages: {path}", "download the file again")
    _check_text(path, pages)
    return PdfContent(pages, lines, outline)


def read_pdf_pages(path: Path | str, extractor: Extractor = "pypdfium2") -> list[str]:
    """Page texts of a PDF, index 0 = page 1."""
    return read_pdf(path, extractor=extractor, styles=False).pages


def read_outline(path: Path | str) -> list[tuple[int, str, int]]:
    """The PDF's bookmarks as (level, title, 1-based page); empty when it has none."""
    path = Path(path)
    doc = _open(path)
    try:
        return [(e.level, e.title, e.page) for e in _outline(doc)]
    finally:
        doc.close()
