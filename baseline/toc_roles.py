"""The offline policy's indexing roles: read a table of contents, summarise a section.

``toc_parser`` reads the ``<toc>`` block line by line, as a careful reader would: a title
followed by a page number is an entry ("ITEM 7 Management's Discussion ... 19", "Note 5.
Restructuring Actions 64"); Items are top level, what follows an Item sits under it, notes
sit under "Notes to ... Financial Statements"; "PART I" headings and prose are left out.
``summarizer`` is extractive: the first informative sentences of the ``<section>`` block
and the row labels of its tables. Both answer in the JSON the indexer asks for.
"""
from __future__ import annotations

import json
import re
from collections import Counter

from core.llm.types import CompletionRequest, ToolCall
from core.protocol import read_block, read_blocks
from retrievers.index.headings import is_continued
from retrievers.index.summaries import _tokens, first_sentence, table_labels
from retrievers.index.toc import toc_line

Reply = tuple[str, list[ToolCall]]

_ITEM = re.compile(r"^(?:\(?[a-z]\)\s+)?item\s*\d{1,2}[a-d]?\b", re.IGNORECASE)
_NOTE = re.compile(r"^(?:\(?[a-z]\)\s+)?note\s*\d{1,2}\b", re.IGNORECASE)
_NOTES_GROUP = re.compile(r"^(?:\(?[a-z]\)\s+)?notes to\b", re.IGNORECASE)
_PART = re.compile(r"^part\s+(?:iv|i{1,3})\b", re.IGNORECASE)
_TOP = re.compile(r"^(signatures?|exhibits?|index to exhibits|exhibit index|glossary)\b", re.IGNORECASE)
_LIST_MARK = re.compile(r"^\(?[a-z]\)\s+", re.IGNORECASE)
_BARE_ITEM = re.compile(r"^(\d{1,2}[A-D]?)\.\s+(?=[A-Z\[])")  # "1A. Risk Factors" in an "Item" column
_PART_BEFORE_ITEM = re.compile(r"^part\s+(?:iv|i{1,3})\b[\s.:\-—–]*(?=item\b)", re.IGNORECASE)
_LABEL_ONLY = re.compile(r"(?:item|note)\s*\d{1,2}[a-d]?\.?", re.IGNORECASE)
_NOT_APPLICABLE = re.compile(r"(?i)\b(n/a|not applicable|none)$")
_DATE_START = re.compile(
    r"^(january|february|march|april|may|june|july|august|september|october|november|december|(19|20)\d\d)\b", re.IGNORECASE
)
_WRAPS = re.compile(r"(\b(and|or|of|the|to|in|for|with|on|by|from|its|a|an)|[,;&/\-—–])$", re.IGNORECASE)
_HEADER = re.compile(r"^(page|pages|page no\.?|beginning page|table of contents|contents|index)$", re.IGNORECASE)


def _user_text(request: CompletionRequest) -> str:
    return request.messages[0].text if request.messages else ""


class _Levels:
    """Items at the top; what follows an Item under it; notes under "Notes to ..."."""

    def __init__(self) -> None:
        self.in_item = False
        self.notes_level: int | None = None

    def entry(self, title: str, page: int) -> dict | None:
        title = _PART_BEFORE_ITEM.sub("", _LIST_MARK.sub("", title))
        if _BARE_ITEM.match(title) and self.notes_level is None:
            title = f"Item {title}"
        if _PART.match(title) and len(title) < 40:
            return None
        if _ITEM.match(title) or _TOP.match(title):
            level, self.in_item, self.notes_level = 0, bool(_ITEM.match(title)), None
        elif _NOTES_GROUP.match(title):
            level = 1 if self.in_item else 0
            self.notes_level = level
        elif _NOTE.match(title):
            level = self.notes_level + 1 if self.notes_level is not None else (1 if self.in_item else 0)
        else:
            level = 1 if self.in_item else 0
            self.notes_level = None
        return {"title": title, "page": page, "level": level}


def _starts_entry(line: str) -> bool:
    return bool(_ITEM.match(line) or _NOTE.match(line) or _NOTES_GROUP.match(line))


def _continues(pending: str, line: str) -> bool:
    """Is ``line`` the rest of the wrapped entry ``pending`` ("... Purchases of" / "Equity
    Securities 35", "Item 2." / "Management's Discussion ... 38", "... Stockholder" / "Matters 93")?"""
    if not pending or _starts_entry(line):
        return False
    if _LABEL_ONLY.fullmatch(pending) or line.isdigit() or _WRAPS.search(pending):
        return True
    if not pending.endswith((".", ":")) and (line[0].islower() or _DATE_START.match(line)):
        return True  # "... six months ended" / "June 30, 2022 and 2021 91"
    return _starts_entry(pending) and not pending.endswith((".", ":")) and len(line.split()) <= 4


def _usable(text: str) -> bool:
    return len(text.split()) <= 25 and not is_continued(text) and not _NOT_APPLICABLE.search(text)


def parse_toc(text: str, page_count: int | None = None) -> list[dict]:
    """Entries ``{title, page, level}`` from table-of-contents text."""
    entries: list[dict] = []
    levels = _Levels()
    pending = ""  # a wrapped line still waiting for the rest of its title and its page number
    waiting_item = ""  # "Item 1. Financial Statements" printed without a page: it starts with its first part
    limit = page_count + 5 if page_count else None

    def emit(title: str, page: int) -> None:
        entry = levels.entry(title, page)
        if entry:
            entries.append(entry)

    for raw in text.split("\n"):
        line = " ".join(raw.split())
        if not line or _HEADER.match(line):
            continue
        joins = _continues(pending, line)
        candidate = f"{pending} {line}" if joins else line
        found = toc_line(candidate, limit)
        if found is None:
            if _ITEM.match(candidate):
                waiting_item = candidate if _usable(candidate) else ""
            pending = candidate if _usable(candidate) else ""
            continue
        pending = ""
        if waiting_item and not _ITEM.match(found[0]):
            emit(waiting_item, found[1])
        waiting_item = ""
        emit(*found)
    return entries


def toc_parser(request: CompletionRequest) -> Reply:
    prompt = _user_text(request)
    found = read_blocks(prompt, "toc")
    if not found:
        return json.dumps({"entries": []}), []
    attrs, text = found[0]
    pages = int(attrs["pages"]) if attrs.get("pages", "").isdigit() else None
    return json.dumps({"entries": parse_toc(text, pages)}), []


def _body(title: str, text: str) -> str:
    """The section text without its heading lines and "[Page N]" markers."""
    want = re.sub(r"[^a-z0-9]+", "", re.sub(r"(?i)^(item|note)\s+\w+\.?\s*", "", title).lower())[:20]
    kept = []
    for line in text.split("\n"):
        bare = line.strip()
        key = re.sub(r"[^a-z0-9]+", "", re.sub(r"(?i)^(item|note)\s+\w+\.?\s*", "", bare).lower())
        if not bare or re.fullmatch(r"\[Page \d+\]|\d{1,4}|table of contents", bare, re.IGNORECASE):
            continue
        if len(bare) < 120 and ((want and key.startswith(want)) or _ITEM.match(bare) or _NOTE.match(bare)):
            continue
        kept.append(line)
    return "\n".join(kept)


def extractive_summary(title: str, text: str, subsections: list[str], limit: int = 400) -> str:
    """The first two informative sentences (or the opening words), the row labels of the
    section's tables, its most frequent terms and its parts."""
    body = _body(title, text)
    sentences: list[str] = []
    rest = body
    for _ in range(2):
        sentence = first_sentence(rest, title)
        if len(sentence) < 20:
            break
        sentences.append(sentence)
        anchor = rest.find(sentence[:40].rstrip(". "))
        if anchor < 0:
            break
        rest = rest[anchor + len(sentence) :]
    labels = table_labels(body, limit=8)
    if not sentences and not labels:
        # No prose and no table: the opening words say what little there is ("None.").
        opening = " ".join(body.split())
        opening = opening if len(opening) <= 160 else opening[:160].rsplit(" ", 1)[0] + "..."
        sentences = [f"{title}: {opening}" if len(opening) < 40 else opening] if opening else []
    own = {w.lower() for w in re.findall(r"[A-Za-z]+", title)}
    terms = [t for t, _ in Counter(w for w in _tokens(body) if len(w) >= 5 and w not in own).most_common(6)]
    parts = sentences + ([f"Table rows: {', '.join(labels)}."] if labels else [])
    parts += [f"Key terms: {', '.join(terms)}."] if terms else []
    if subsections:
        parts.append(f"Parts: {'; '.join(subsections[:10])}.")
    summary = " ".join(p for p in parts if p) or f"{title}: no text."
    return summary if len(summary) <= limit else summary[:limit].rsplit(" ", 1)[0] + "..."


def summarizer(request: CompletionRequest) -> Reply:
    prompt = _user_text(request)
    found = read_blocks(prompt, "section")
    attrs, text = found[0] if found else ({}, "")
    subsections = [s for s in (read_block(prompt, "subsections") or "").split("\n") if s.strip()]
    return json.dumps({"summary": extractive_summary(attrs.get("title", ""), text, subsections)}), []
