"""The section tree of one document and the page text it points into.

Pages are 1-based and ranges inclusive, as in PageIndex. The index JSON keeps the page
texts beside the tree so that retrieval never reopens the PDF.
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

INDEX_FORMAT = "pageindex-bench/index"


@dataclass
class Node:
    node_id: str
    title: str
    start_page: int
    end_page: int
    summary: str = ""
    children: list[Node] = field(default_factory=list)

    @property
    def pages(self) -> tuple[int, int]:
        return (self.start_page, self.end_page)

    def walk(self, depth: int = 0) -> Iterator[tuple[Node, int]]:
        yield self, depth
        for child in self.children:
            yield from child.walk(depth + 1)

    def to_dict(self) -> dict[str, Any]:
        return {
            "node_id": self.node_id,
            "title": self.title,
            "start_page": self.start_page,
            "end_page": self.end_page,
            "summary": self.summary,
            "children": [c.to_dict() for c in self.children],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Node:
        return cls(
            data["node_id"],
            data["title"],
            int(data["start_page"]),
            int(data["end_page"]),
            data.get("summary", ""),
            [cls.from_dict(c) for c in data.get("children", [])],
        )


@dataclass
class SectionText:
    """A node's text with the character offset at which each of its pages starts, so that a
    window of the text can be mapped back to the pages it shows."""

    text: str
    page_starts: list[tuple[int, int]]  # (char offset, page number), ascending
    _lowered: str | None = None

    @property
    def lowered(self) -> str | None:
        """The text in lower case, for case-insensitive search without re.IGNORECASE (several
        times slower); None when lowering would shift offsets (a few Unicode letters)."""
        if self._lowered is None:
            lowered = self.text.lower()
            self._lowered = lowered if len(lowered) == len(self.text) else ""
        return self._lowered or None

    def pages_in(self, start: int, end: int) -> list[int]:
        pages = []
        for i, (offset, page) in enumerate(self.page_starts):
            next_offset = self.page_starts[i + 1][0] if i + 1 < len(self.page_starts) else len(self.text)
            if offset < end and next_offset > start:
                pages.append(page)
        return pages

    def page_at(self, offset: int) -> int:
        page = self.page_starts[0][1] if self.page_starts else 1
        for start, number in self.page_starts:
            if start <= offset:
                page = number
            else:
                break
        return page


@dataclass
class DocumentIndex:
    doc_name: str
    pages: list[str]
    nodes: list[Node]
    source: str  # outline | structure | toc | headings | windows | llm:<model>
    pdf_sha256: str = ""
    indexer_version: str = ""
    meta: dict[str, Any] = field(default_factory=dict)
    # Section texts built once per loaded index and shared by every run that reads it.
    _sections: dict[str, SectionText] = field(default_factory=dict, repr=False, compare=False)

    @property
    def page_count(self) -> int:
        return len(self.pages)

    def walk(self) -> Iterator[tuple[Node, int]]:
        for node in self.nodes:
            yield from node.walk(0)

    def all_nodes(self) -> list[Node]:
        return [n for n, _ in self.walk()]

    def leaves(self) -> list[Node]:
        return [n for n, _ in self.walk() if not n.children]

    def node(self, node_id: str) -> Node | None:
        for n, _ in self.walk():
            if n.node_id == node_id:
                return n
        return None

    def closest_node(self, node_id: str) -> Node | None:
        """Fuzzy match an unknown id (a truncated or mistyped one) to the closest node."""
        wanted = _slug(node_id)
        ids = {n.node_id: n for n in self.all_nodes()}
        if not ids or not wanted:
            return None
        prefixed = [i for i in ids if i.startswith(wanted) or wanted.startswith(i)]
        if prefixed:
            return ids[min(prefixed, key=lambda i: abs(len(i) - len(wanted)))]
        match = difflib.get_close_matches(wanted, list(ids), n=1, cutoff=0.4)
        if match:
            return ids[match[0]]
        titled = {_slug(n.title): n for n in ids.values()}
        match = difflib.get_close_matches(wanted, list(titled), n=1, cutoff=0.4)
        return titled[match[0]] if match else None

    def section_text(self, node: Node) -> SectionText:
        cached = self._sections.get(node.node_id)
        if cached is not None:
            return cached
        parts: list[str] = []
        starts: list[tuple[int, int]] = []
        offset = 0
        for page in range(node.start_page, node.end_page + 1):
            text = self.pages[page - 1] if 0 < page <= len(self.pages) else ""
            starts.append((offset, page))
            chunk = f"[Page {page}]\n{text.strip()}\n\n"
            parts.append(chunk)
            offset += len(chunk)
        built = SectionText("".join(parts), starts)
        self._sections[node.node_id] = built
        return built

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": INDEX_FORMAT,
            "indexer_version": self.indexer_version,
            "doc_name": self.doc_name,
            "pdf_sha256": self.pdf_sha256,
            "source": self.source,
            "page_count": self.page_count,
            "meta": self.meta,
            "nodes": [n.to_dict() for n in self.nodes],
            "pages": self.pages,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DocumentIndex:
        if data.get("format") != INDEX_FORMAT:
            raise ValueError(f"not a {INDEX_FORMAT} file")
        index = cls(
            data["doc_name"],
            list(data["pages"]),
            [Node.from_dict(n) for n in data["nodes"]],
            data["source"],
            data.get("pdf_sha256", ""),
            data.get("indexer_version", ""),
            dict(data.get("meta", {})),
        )
        index.check()
        return index

    def check(self) -> None:
        """ValueError naming the first thing in the index no build writes: a file edited by
        hand (or damaged) into valid JSON would be used as it is, a node on page 999 of a
        nine-page filing shown and fetched, a title of 5 ending a run with an AttributeError."""
        if not self.pages or not all(isinstance(page, str) for page in self.pages):
            raise ValueError("its pages are not a list of page texts")
        if not self.nodes:
            raise ValueError("it has no nodes")
        seen: set[str] = set()
        for node in self.all_nodes():
            if not isinstance(node.node_id, str) or not node.node_id or node.node_id in seen:
                raise ValueError(f"node id {node.node_id!r} is empty, not text or given twice")
            seen.add(node.node_id)
            if not isinstance(node.title, str) or not isinstance(node.summary, str):
                raise ValueError(f"node {node.node_id}: its title or summary is not text")
            if not 1 <= node.start_page <= node.end_page <= len(self.pages):
                raise ValueError(f"node {node.node_id}: pages {node.start_page}-{node.end_page} are not within the {len(self.pages)} pages")


_NOT_ALNUM = re.compile(r"[^a-z0-9]+")  # compiled once: compact_key runs on every line of a summary's search


def _slug(text: str) -> str:
    return _NOT_ALNUM.sub("_", text.lower()).strip("_")


slugify = _slug


# Every ASCII character but a-z and 0-9: what compact_key drops from an ASCII line.
_ASCII_NOT_ALNUM = bytes(c for c in range(128) if not (ord("a") <= c <= ord("z") or ord("0") <= c <= ord("9")))
# The same with every byte from 0x80 up, which is all a non-ASCII character's UTF-8 bytes are.
_NOT_ALNUM_BYTES = _ASCII_NOT_ALNUM + bytes(range(128, 256))


def compact_key(text: str) -> str:
    """Lower-case letters and digits only: how a title is matched to a heading on the page,
    whatever the spacing, punctuation or line wrapping."""
    lowered = text.lower()
    # The characters _NOT_ALNUM matches dropped in one C pass over the bytes, about five
    # times faster than the substitution: the summaries key every line they search for a
    # title. A line with a curly quote or a dash (one in five) is encoded as UTF-8, whose
    # bytes for a non-ASCII character (a lone surrogate's too, with "surrogatepass") are all
    # 0x80 or more and are dropped with it.
    if lowered.isascii():
        return lowered.encode("ascii").translate(None, _ASCII_NOT_ALNUM).decode("ascii")
    return lowered.encode("utf-8", "surrogatepass").translate(None, _NOT_ALNUM_BYTES).decode("ascii")


# What compact_line_keys deletes from a text's UTF-8 bytes: all but ASCII letters, digits and
# the line break; and how it maps the rest: a capital letter lowered.
_NOT_ALNUM_OR_NEWLINE_BYTES = bytes(c for c in range(256) if not (chr(c).isascii() and chr(c).isalnum() or c == 10))
_ASCII_LOWERED = bytes(c + 32 if 65 <= c <= 90 else c for c in range(256))
# The only characters beyond ASCII that lower-case to ASCII letters ("İ" to "i" and a dot
# above, the Kelvin sign to "k"): a text holding one is lowered whole.
_LOWERED_TO_ASCII = ("\u0130", "\u212a")


def compact_line_keys(text: str, utf8: bytes | None = None) -> str:
    """The compact_key of each line of ``text``, one line break apart, as
    ``"\\n".join(map(compact_key, text.split("\\n")))`` is, in one pass over the text: the
    summaries key every line of a page they search for a title. The text is not lowered
    first, which for a text beyond ASCII costs several times the rest: each capital ASCII
    letter is lowered as its byte is kept, and every character beyond ASCII dropped, as
    compact_key drops it once lowered, but for the two whose lower case is an ASCII letter.
    (Lowering a text whole lowers each of its lines as lowering it alone would, but for a
    capital sigma at a line's end, which is not ASCII either way.) ``utf8``: the text's
    UTF-8 bytes, a lone surrogate's too ("surrogatepass"), when the caller has them."""
    if any(char in text for char in _LOWERED_TO_ASCII):
        utf8 = text.lower().encode("utf-8", "surrogatepass")
    elif utf8 is None:
        utf8 = text.encode("utf-8", "surrogatepass")
    return utf8.translate(_ASCII_LOWERED, _NOT_ALNUM_OR_NEWLINE_BYTES).decode("ascii")
