"""Finding a printed table of contents' pages (an entry line is read by core.protocol.toc_lines).

Used twice: the model-built tree reads the entries, and heading detection skips the pages,
whose entries look like headings but are not where the sections are.
"""
from __future__ import annotations

import itertools

from core.protocol.toc_lines import toc_line


def find_toc_pages(pages: list[str], scan_pages: int = 12, max_pages: int = 4) -> list[int]:
    """The first run of pages that read like a table of contents: many entry lines, making
    up much of the page, with page numbers that mostly go up."""

    def looks_like_toc(page: int, min_entries: int) -> bool:
        lines = [ln for ln in pages[page - 1].split("\n") if ln.strip()]
        entries = [e for ln in lines if (e := toc_line(ln, len(pages) + 5))]
        rising = sum(b[1] >= a[1] for a, b in itertools.pairwise(entries))
        return len(entries) >= min_entries and len(entries) >= 0.3 * len(lines) and rising >= 0.7 * (len(entries) - 1)

    found: list[int] = []
    for page in range(1, min(scan_pages, len(pages)) + 1):
        if not found:
            if looks_like_toc(page, 5):
                found.append(page)
        elif len(found) < max_pages and looks_like_toc(page, 3):
            found.append(page)
        else:
            break
    return found
