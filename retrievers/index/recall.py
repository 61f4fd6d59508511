"""Node recall of our section trees against reference trees in PageIndex's format.

A reference tree is PageIndex's ``<name>_structure.json``: ``structure`` is a list of nodes
with ``title``, ``start_index`` (1-based physical page) and ``nodes`` (children). A
reference node is *found* when some node of ours, anywhere in the tree, has a title that
``titles_match`` accepts and a start page within ``PAGE_TOLERANCE`` of the reference's.
Several reference nodes may be found by the same node of ours, as the definition asks
only whether the section can be reached, not whether the trees have the same shape.

This measures the indexer; nothing here is read while an index is built.
"""
from __future__ import annotations

import difflib
import json
import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

TITLE_SIMILARITY = 0.8
"""Minimum ``difflib.SequenceMatcher`` ratio between two normalised titles."""
PAGE_TOLERANCE = 1
"""A found node starts at most this many pages before or after the reference node."""

# A leading enumeration label: "1.", "1.2.3", "A.", "IV.", "(a)", "a)", "Item 7.", "Note 3 -",
# "Chapter 2:", "Appendix B:", "Table G.1.". PageIndex's titles keep some of these and drop others, and a
# label says where a section sits, not what it is.
_LABEL = re.compile(
    r"^\s*(?:(?i:item|note|part|section|chapter|appendix|lecture|exhibit|table|figure|box)\s+)?\(?"
    r"(?:(?:[A-Z][.-])?\d{1,3}(?:\.\d{1,3})*(?i:[a-z])?\.?|(?i:[ivxlc]{1,6})[.)]|[A-Za-z][.)]|[A-Z](?=\s+[A-Z]|:))"
    r"\)?(?=[\s:.\-—–]|$)[\s.:\-—–]*"
)


def normalise_title(title: str) -> str:
    """Lower case, Unicode-normalised, without a leading enumeration label, punctuation or
    repeated spaces: "2.1  Types and Values:" -> "types and values"."""
    text = unicodedata.normalize("NFKC", title).replace("’", "'").strip()
    stripped = _LABEL.sub("", text, count=1)
    if re.search(r"[A-Za-z]{2}", stripped):
        text = stripped  # a title that is only a label ("Appendix A") keeps it
    text = re.sub(r"[^\w\s]", " ", text.lower())
    return " ".join(text.split())


def titles_match(reference: str, ours: str, threshold: float = TITLE_SIMILARITY) -> bool:
    """Do two section titles name the same section? True when their normalised forms
    (``normalise_title``) have a ``difflib.SequenceMatcher`` ratio of at least
    ``threshold`` (0.8 by default) and the same numbers and one-letter words: "Signatures"
    matches "Signature", "Market for Advice Services" matches "1. Market for Advice
    Services385F"; "Overview" does not match "Overview of Regulation Best Interest", nor
    "Appendix A" "Appendix B"."""
    a, b = normalise_title(reference), normalise_title(ours)
    if not a or not b:
        return False
    if a == b:
        return True
    return _markers(a) == _markers(b) and difflib.SequenceMatcher(None, a, b, autojunk=False).ratio() >= threshold


def _markers(title: str) -> set[str]:
    """Numbers and one-letter labels (not the article "a"): what tells "Version 1" from
    "Version 2" and "Appendix A" from "Appendix B"."""
    return {w for w in title.split() if w.isdigit() or (len(w) == 1 and w != "a")}


@dataclass(frozen=True)
class TreeNode:
    """A node reduced to what recall compares: its title and first page."""

    title: str
    start_page: int
    depth: int = 0


def reference_nodes(path: Path | str) -> list[TreeNode]:
    """Every node of a PageIndex ``*_structure.json`` file, in document order."""
    with Path(path).open(encoding="utf-8") as handle:
        data = json.load(handle)
    structure = data["structure"] if isinstance(data, dict) else data
    return list(_walk_reference(structure, 0))


def _walk_reference(nodes: list[dict[str, Any]], depth: int) -> Iterator[TreeNode]:
    for node in nodes:
        yield TreeNode(str(node.get("title", "")), int(node.get("start_index", 0)), depth)
        yield from _walk_reference(node.get("nodes") or [], depth + 1)


@dataclass
class Recall:
    """How many reference nodes one of our trees finds, and which it misses."""

    doc: str
    reference_count: int
    found_count: int
    our_count: int
    has_outline: bool = False
    missed: list[TreeNode] = field(default_factory=list)

    @property
    def recall(self) -> float:
        return self.found_count / self.reference_count if self.reference_count else 0.0


def node_recall(doc: str, reference: list[TreeNode], ours: list[TreeNode], has_outline: bool = False) -> Recall:
    """Which reference nodes have a node of ours with a matching title near their page."""
    missed = [
        ref
        for ref in reference
        if not any(abs(o.start_page - ref.start_page) <= PAGE_TOLERANCE and titles_match(ref.title, o.title) for o in ours)
    ]
    return Recall(doc, len(reference), len(reference) - len(missed), len(ours), has_outline, missed)


def overall(results: list[Recall]) -> float:
    """Recall over all reference nodes of all documents (micro average)."""
    total = sum(r.reference_count for r in results)
    return sum(r.found_count for r in results) / total if total else 0.0


STRUCTURE_SUFFIX = "_structure.json"


def reference_files(reference_dir: Path) -> list[Path]:
    """The ``*_structure.json`` trees of a folder (or of its ``trees/`` sub-folder)."""
    folder = reference_dir / "trees" if (reference_dir / "trees").is_dir() else reference_dir
    return sorted(folder.glob(f"*{STRUCTURE_SUFFIX}"))


def recall_of_pdf(reference_file: Path, pdf: Path, ignore_outline: bool = False) -> Recall:
    """Build ``pdf``'s tree without a model, as ``bench.py index`` does, and compare
    (``ignore_outline``: as if the PDF had no bookmarks, to measure the layout alone)."""
    ours, outline_entries = _our_nodes(pdf, ignore_outline)
    has_outline = outline_entries > 0 and not ignore_outline
    return node_recall(pdf.stem, reference_nodes(reference_file), ours, has_outline=has_outline)


def _our_nodes(pdf: Path, ignore_outline: bool) -> tuple[list[TreeNode], int]:
    """Our tree of ``pdf`` as recall compares it (built as if it had no outline when
    ``ignore_outline``), and how many outline entries the PDF has."""
    from retrievers.index.builder import build_index, layout_tree_builder

    index = build_index(pdf, tree_builder=layout_tree_builder if ignore_outline else None)
    return [TreeNode(node.title, node.start_page, depth) for node, depth in index.walk()], index.meta.get("outline_entries", 0)


def bookmark_recall(pdf: Path) -> Recall | None:
    """How many of a PDF's own bookmarks the layout alone finds: the tree is built as if
    the PDF had none, and its bookmarks are the reference. None for a PDF without them.

    Any PDF with bookmarks (a LaTeX paper, a typeset report) thereby becomes a reference
    tree for the layout headings, with no LLM-built tree needed. Bookmarks are not always
    printed headings: Amcor's FY2023 release bookmarks "Narrative" and "Highlights", titles
    its pages never show, so a low figure there says little about the layout."""
    from retrievers.index.pdf import read_outline

    outline = read_outline(pdf)
    if not outline:
        return None
    reference = [TreeNode(title, page, level) for level, title, page in outline]
    ours, _ = _our_nodes(pdf, ignore_outline=True)
    return node_recall(pdf.stem, reference, ours)


def measure_bookmarks(
    paths: list[Path], on_pdf: Callable[[int, int], None] | None = None
) -> tuple[list[Recall], list[tuple[str, str]]]:
    """``bookmark_recall`` for every PDF given or in a folder given (a file name seen
    before, a copy of the same filing in another folder, counts once), and the PDFs skipped
    with why: no bookmarks, or unreadable (corrupt, encrypted: one bad file in a folder does
    not end the measurement). ``on_pdf(done, total)`` is told after each PDF."""
    from core.errors import PDFError

    listed = [pdf for path in paths for pdf in (sorted(path.glob("*.pdf")) if path.is_dir() else [path])]
    pdfs, seen = [], set()
    for pdf in listed:
        if pdf.name not in seen:
            seen.add(pdf.name)
            pdfs.append(pdf)
    results: list[Recall] = []
    skipped: list[tuple[str, str]] = []
    for done, pdf in enumerate(pdfs, 1):
        try:
            result = bookmark_recall(pdf)
        except PDFError as exc:
            skipped.append((pdf.name, str(exc)))
            result = None
        else:
            if result is None:
                skipped.append((pdf.name, "it has no bookmarks to measure against"))
            else:
                results.append(result)
        if on_pdf is not None:
            on_pdf(done, len(pdfs))
    return results, skipped


def measure_folder(
    reference_dir: Path, pdf_dir: Path | None = None, ignore_outline: bool = False
) -> tuple[list[Recall], list[str]]:
    """Recall for every reference tree whose PDF is present (PDFs in ``pdf_dir``, default
    the reference folder's ``docs/``), and the names of those without a PDF."""
    pdfs = pdf_dir or (reference_dir / "docs" if (reference_dir / "docs").is_dir() else reference_dir)
    results, missing = [], []
    for reference_file in reference_files(reference_dir):
        pdf = pdfs / f"{reference_file.name[: -len(STRUCTURE_SUFFIX)]}.pdf"
        if pdf.is_file():
            results.append(recall_of_pdf(reference_file, pdf, ignore_outline))
        else:
            missing.append(reference_file.name)
    return results, missing
