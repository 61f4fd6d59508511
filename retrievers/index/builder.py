"""Build a document index from a PDF, and cache it as JSON.

The cache file ``<index_dir>/<doc_name>[.<variant>].json`` is reused only while its stored
``pdf_sha256``, ``indexer_version`` and variant match; anything else (a new PDF, a new
indexer, a corrupt or half-written file) rebuilds it. Files are written to a temporary name
and renamed, so a crash never leaves half a JSON behind.

Extension point: ``tree_builder`` turns the PDF's content into a ``Tree``. The default is
the structural (no-LLM) builder; an LLM-built tree passes its own builder and a ``variant``
naming the model, which keeps its cache apart from the structural one.
"""
from __future__ import annotations

import gc
import hashlib
import json
import logging
import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import replace
from pathlib import Path

from core.errors import UserError
from core.files import unwritable, write_text_atomic
from core.paths import INDEX_DIR
from retrievers.index.pdf import Extractor, PdfContent, read_pdf
from retrievers.index.structure import Tree, structural_tree
from retrievers.index.summaries import summarize_tree
from retrievers.index.toc import printed_toc_sections
from retrievers.index.tree import INDEX_FORMAT, DocumentIndex, slugify


def _code_fingerprint() -> str:
    """A short hash of the indexer's own source (every module of this package, the LLM
    tree builder's prompts and parsing included). It is part of the version, so a change to
    the code that builds trees invalidates cached indexes even when nobody remembers to bump
    the number: a stale cache would silently give two checkouts different trees."""
    digest = hashlib.sha256()
    for source in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(source.read_bytes())
    return digest.hexdigest()[:10]


INDEXER_VERSION = f"structural-1+{_code_fingerprint()}"
"""Bump whenever the indexer's output changes: every cached index is then rebuilt."""

TreeBuilder = Callable[[PdfContent], Tree]
log = logging.getLogger(__name__)


def default_tree_builder(content: PdfContent) -> Tree:
    """The tree without a model: the outline, the filing's structure (its printed table of
    contents where the body heads its Items too late), the layout's headings, or windows."""
    return structural_tree(content.pages, content.lines, content.outline, printed_toc=printed_toc_sections)


def layout_tree_builder(content: PdfContent) -> Tree:
    """``default_tree_builder`` as if the PDF had no outline: what its text and layout alone
    give (how recall measures the layout headings against a PDF's bookmarks)."""
    return default_tree_builder(replace(content, outline=[]))


def file_sha256(path: Path | str) -> str:
    """SHA-256 of a file, read in large blocks (a few milliseconds for a 10-K)."""
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


_pause_lock = threading.Lock()
_pauses = 0  # builds running with the collector paused, across threads
_collector_was_on = False


def _pause() -> None:
    global _pauses, _collector_was_on
    with _pause_lock:
        if _pauses == 0:
            _collector_was_on = gc.isenabled()
            gc.disable()
        _pauses += 1


def _unpause() -> None:
    global _pauses
    with _pause_lock:
        _pauses -= 1
        if _pauses == 0 and _collector_was_on:
            gc.enable()


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused while a build runs, and set back as it was
    when the last build running ends.

    A build allocates hundreds of thousands of small objects (a tuple per line, lists per
    page and section) and frees them by reference counting: it makes next to no cycles. The
    collector, run every 700 allocations, would pass over all of them again and again for
    nothing, 3-5% of a cold build's CPU on a long filing. Any cycle a build does make is
    collected by the first pass after it. (The collector's switch is the process's, so
    concurrent builds share one pause: the first to start turns it off, the last to end
    turns it back on.)"""
    _pause()
    try:
        yield
    finally:
        _unpause()


@contextmanager
def _collector_resumed() -> Iterator[None]:
    """Inside ``collector_paused``: this build's pause lifted while the block runs."""
    _unpause()
    try:
        yield
    finally:
        _pause()


def build_index(
    pdf_path: Path | str,
    doc_name: str | None = None,
    tree_builder: TreeBuilder | None = None,
    extractor: Extractor = "pypdfium2",
    pdf_sha256: str | None = None,
) -> DocumentIndex:
    """Read a PDF and build its section tree with summaries. Raises ``PDFError`` for a
    file that cannot be indexed."""
    pdf_path = Path(pdf_path)
    tree_builder = tree_builder or default_tree_builder
    # A structural build is run with the collector paused from end to end. Another builder
    # (a model's) may wait minutes on calls whose clients make cycles: it runs with the
    # collector on, only the reading and the summaries paused.
    structural = tree_builder in (default_tree_builder, layout_tree_builder)
    started = time.perf_counter()
    with collector_paused():
        content = read_pdf(pdf_path, extractor=extractor, styles=extractor == "pypdfium2")
        read_s = time.perf_counter() - started
        with nullcontext() if structural else _collector_resumed():
            tree = tree_builder(content)
        tree_s = time.perf_counter() - started - read_s
        summarize_tree(content.pages, tree.nodes, tree.topics)
        # The lines with their styles are freed here, by reference counting, while the
        # collector is still paused: alive when it resumes, every one of them (tens of
        # thousands in a long filing) would be passed over by its first collection.
        pages, outline_entries = content.pages, len(content.outline)
        del content
    index = DocumentIndex(
        doc_name=doc_name or pdf_path.stem,
        pages=pages,
        nodes=tree.nodes,
        source=tree.source,
        pdf_sha256=pdf_sha256 or file_sha256(pdf_path),
        indexer_version=INDEXER_VERSION,
    )
    leaves = index.leaves()
    index.meta = {
        "pdf_file": pdf_path.name,
        "extractor": extractor,
        "outline_entries": outline_entries,
        "node_count": len(index.all_nodes()),
        "leaf_count": len(leaves),
        "max_leaf_pages": max((n.end_page - n.start_page + 1 for n in leaves), default=0),
        "read_seconds": round(read_s, 3),
        "tree_seconds": round(tree_s, 3),
        "build_seconds": round(time.perf_counter() - started, 3),
    }
    # A builder that calls a model reports what happened (model, usage, fallbacks).
    index.meta.update(tree.meta)
    return index


def index_path(pdf_path: Path | str, index_dir: Path | str = INDEX_DIR, variant: str = "") -> Path:
    name = Path(pdf_path).stem
    suffix = f".{slugify(variant)}" if variant else ""
    return Path(index_dir) / f"{name}{suffix}.json"


def _read_cached(path: Path, sha: str, variant: str) -> DocumentIndex | None:
    if not path.is_file():
        return None
    try:
        with path.open(encoding="utf-8") as handle:
            index = DocumentIndex.from_dict(json.load(handle))
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        log.warning("index cache %s is unreadable (%s); rebuilding it", path, exc)
        return None
    if index.pdf_sha256 != sha or index.indexer_version != INDEXER_VERSION or index.meta.get("variant", "") != variant:
        return None
    return index


# How every index file this package writes begins (``DocumentIndex.to_dict`` puts the format
# first), read to tell a stale or damaged index, which may be rebuilt over, from someone's file;
# the pattern also takes one laid out again (``jq . x.json``).
_INDEX_FILE_START = json.dumps({"format": INDEX_FORMAT})[:-1].encode()
_INDEX_FILE_PATTERN = re.compile(rb'\s*\{\s*"format"\s*:\s*' + re.escape(json.dumps(INDEX_FORMAT).encode()))


def _not_an_index(path: Path) -> str:
    """Why the index may not be written at ``path``: something is there that is not an index
    file (the user's own ``<doc>.json`` in a folder named with ``--index-dir``, a folder),
    which a rebuild would replace for good. Empty when nothing is there or an index is, even
    a stale or damaged one."""
    if not path.exists() and not path.is_symlink():
        return ""
    if not path.is_file():
        return f"{path.name} is already there and is not a file"
    try:
        with path.open("rb") as handle:
            start = handle.read(256)
    except OSError as exc:
        return f"{path.name} is already there and cannot be read ({exc.strerror or exc})"
    # An empty file, or one cut short within the start, holds nothing to lose.
    if not (_INDEX_FILE_START.startswith(start) or _INDEX_FILE_PATTERN.match(start)):
        return f"{path.name} is already there and is not an index file, so it is left as it is"
    return ""


def write_index(index: DocumentIndex, path: Path) -> None:
    write_text_atomic(path, json.dumps(index.to_dict(), ensure_ascii=False))


def load_or_build_index(
    pdf_path: Path | str,
    index_dir: Path | str = INDEX_DIR,
    rebuild: bool = False,
    variant: str = "",
    tree_builder: TreeBuilder | None = None,
    pdf_sha256: str | None = None,
) -> DocumentIndex:
    """The cached index of a PDF, built (and cached) when missing or stale.

    ``variant`` names a non-default tree builder (e.g. ``"llm:claude-haiku-4-5"``); it is
    part of the cache key and of the file name. An index whose builder marked it
    ``transient`` (built around a provider fault) is returned but not cached.
    ``pdf_sha256`` is the PDF's SHA-256 when the caller has just read it (a resume checks
    every filing against its manifest), so that the file is not read a second time.
    """
    pdf_path = Path(pdf_path)
    if not pdf_path.is_file():
        read_pdf(pdf_path)  # raises the PDFError that explains what is wrong
    sha = pdf_sha256 or file_sha256(pdf_path)
    path = index_path(pdf_path, index_dir, variant)
    problem = _not_an_index(path)
    if problem:
        raise UserError(f"cannot write the index of {pdf_path.name} to {path.parent}: {problem}",
                        "pass --index-dir a folder of its own, or move the file away")
    if not rebuild:
        cached = _read_cached(path, sha, variant)
        if cached is not None:
            cached.meta["cache"] = "hit"
            return cached
    # Said before the build, not after it: a cold build takes seconds to minutes.
    problem = unwritable(path.parent)
    if problem:
        raise UserError(f"cannot write the index of {pdf_path.name} to {path.parent}: {problem}",
                        "fix the folder's permissions or pass --index-dir elsewhere")
    index = build_index(pdf_path, tree_builder=tree_builder, pdf_sha256=sha)
    if variant:
        index.meta["variant"] = variant
    if index.meta.pop("transient", False):
        # Built around a passing fault (a provider error): good for now, not for the cache.
        index.meta["cache"] = "not cached"
        return index
    write_index(index, path)
    index.meta["cache"] = "built"
    return index


def format_tree(index: DocumentIndex, summaries: bool = True) -> str:
    """A readable indented tree: pages, node id, title and the summary's first line."""
    lines = [f"{index.doc_name}: {index.page_count} pages, source={index.source}, {len(index.leaves())} leaves"]
    for node, depth in index.walk():
        indent = "  " * depth
        lines.append(f"{indent}[{node.start_page}-{node.end_page}] {node.node_id}: {node.title}")
        if summaries and node.summary:
            first = node.summary.splitlines()[0]
            lines.append(f"{indent}    {first[:160]}{'...' if len(first) > 160 else ''}")
    return "\n".join(lines)


def load_index_file(path: Path | str) -> DocumentIndex:
    """Read an index JSON (e.g. for ``bench.py index --show``); ``UserError`` if unusable."""
    from core.errors import UserError

    path = Path(path)
    try:
        with path.open(encoding="utf-8") as handle:
            return DocumentIndex.from_dict(json.load(handle))
    except FileNotFoundError:
        raise UserError(f"index file not found: {path}", "build it with `python bench.py index PDF`") from None
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise UserError(f"not a readable index file: {path} ({exc})", "rebuild it with `python bench.py index --rebuild PDF`") from None
