"""The baseline's indexing roles: read a table of contents, summarise a section.

``toc_parser`` reads the table of contents line by line, as a careful reader would: a title
followed by a page number is an entry ("ITEM 7 Management's Discussion ... 19", "Note 5.
Restructuring Actions 64"); a title that wrapped is joined to the line that finishes it;
Items are top level, what follows an Item sits under it, notes sit under "Notes to ...
Financial Statements"; "PART I" headings, column headers and prose are left out.
``summarizer`` is extractive: the first sentences of the section's prose, the labels of its
table rows, its most frequent terms and its parts. Both answer in ``core.protocol``'s replies.
"""
from __future__ import annotations

import re
from collections import Counter

from baseline.tables import split_row
from baseline.text import STOPWORDS, sentences
from core.llm.types import CompletionRequest, ToolCall
from core.protocol import TocEntry, format_summary_reply, format_toc_reply, read_section_to_summarise, read_toc_text
from core.protocol.toc_lines import toc_line

Reply = tuple[str, list[ToolCall]]

_ITEM = re.compile(r"^(?:\(?[a-z]\)\s+)?item\s*\d{1,2}[a-d]?\b", re.IGNORECASE)
_NOTE = re.compile(r"^(?:\(?[a-z]\)\s+)?note\s*\d{1,2}\b", re.IGNORECASE)
_NOTES_GROUP = re.compile(r"^(?:\(?[a-z]\)\s+)?notes to\b", re.IGNORECASE)
_PART = re.compile(r"^part\s+(?:iv|i{1,3})\b[\s.:\-—–]*", re.IGNORECASE)
_TOP = re.compile(r"^(signatures?|exhibits?|index to exhibits|exhibit index|glossary)\b", re.IGNORECASE)
_LIST_MARK = re.compile(r"^\(?[a-z]\)\s+", re.IGNORECASE)
_BARE_ITEM = re.compile(r"^(\d{1,2}[A-D]?)\.\s+(?=[A-Z\[])")  # "1A. Risk Factors" in an "Item" column
_LABEL_ONLY = re.compile(r"(?:item|note)\s*\d{1,2}[a-d]?\.?", re.IGNORECASE)
_HEADER = re.compile(r"^(page|pages|page no\.?|beginning page|table of contents|contents|index)$", re.IGNORECASE)
_WRAPS = re.compile(r"(\b(and|or|of|the|to|in|for|with|on|by|from|its|a|an)|[,;&/\-—–])$", re.IGNORECASE)
_CONTINUED = re.compile(r"\(?\b(continued|cont'?d?\.?)\)?\s*$", re.IGNORECASE)
_NOT_APPLICABLE = re.compile(r"(?i)\b(n/a|not applicable|none)$")
_DATE_START = re.compile(r"^(january|february|march|april|may|june|july|august|september|october|november|december|(19|20)\d\d)\b", re.IGNORECASE)


class _Levels:
    """Items at the top; what follows an Item under it; notes under "Notes to ..."."""

    def __init__(self) -> None:
        self.in_item = False
        self.notes_level: int | None = None

    def entry(self, title: str, page: int) -> TocEntry | None:
        title = _LIST_MARK.sub("", title)
        if _PART.match(title) and _ITEM.match(_PART.sub("", title)):
            title = _PART.sub("", title)  # "PART II Item 5. Market ..."
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
            level, self.notes_level = (1 if self.in_item else 0), None
        return TocEntry(title, page, level)


def _starts_entry(line: str) -> bool:
    return bool(_ITEM.match(line) or _NOTE.match(line) or _NOTES_GROUP.match(line))


def _continues(pending: str, line: str) -> bool:
    """Is ``line`` the rest of the wrapped entry ``pending``?"""
    if not pending or _starts_entry(line):
        return False
    if _LABEL_ONLY.fullmatch(pending) or line.isdigit() or _WRAPS.search(pending):
        return True
    if not pending.endswith((".", ":")) and (line[:1].islower() or _DATE_START.match(line)):
        return True  # "... six months ended" / "June 30, 2022 and 2021 91"
    return _starts_entry(pending) and not pending.endswith((".", ":")) and len(line.split()) <= 4


def parse_toc(text: str, page_count: int | None = None) -> list[TocEntry]:
    entries: list[TocEntry] = []
    levels = _Levels()
    pending = ""  # a wrapped title still waiting for the rest of it and its page number
    waiting_item = ""  # "Item 1. Financial Statements" printed without a page: it starts with its first part
    limit = page_count + 5 if page_count else None
    for raw in text.split("\n"):
        line = " ".join(raw.split())
        if not line or _HEADER.match(line):
            continue
        candidate = f"{pending} {line}" if _continues(pending, line) else line
        found = toc_line(candidate, limit)
        usable = len(candidate.split()) <= 25 and not _CONTINUED.search(candidate) and not _NOT_APPLICABLE.search(candidate)
        if found is None:
            if _ITEM.match(candidate):
                waiting_item = candidate if usable else ""
            pending = candidate if usable else ""
            continue
        pending = ""
        for title, page in ([(waiting_item, found[1])] if waiting_item and not _ITEM.match(found[0]) else []) + [found]:
            entry = levels.entry(title, page)
            if entry is not None:
                entries.append(entry)
        waiting_item = ""
    return entries


def toc_parser(request: CompletionRequest) -> Reply:
    text, pages = read_toc_text(request.messages[0].text if request.messages else "")
    return format_toc_reply(parse_toc(text, pages)), []


_WORD = re.compile(r"[A-Za-z][A-Za-z'-]+")
_PAGE_OR_NUMBER = re.compile(r"\[Page \d+\]|\d{1,4}|table of contents", re.IGNORECASE)


def _body(title: str, text: str) -> str:
    """The section text without its heading lines, page markers and page numbers."""
    def key(line: str) -> str:
        return re.sub(r"[^a-z0-9]+", "", re.sub(r"(?i)^(item|note)\s+\w+\.?\s*", "", line).lower())

    want = key(title)[:20]
    kept = []
    for line in text.split("\n"):
        bare = line.strip()
        if not bare or _PAGE_OR_NUMBER.fullmatch(bare):
            continue
        if len(bare) < 120 and ((want and key(bare).startswith(want)) or _ITEM.match(bare) or _NOTE.match(bare)):
            continue
        kept.append(line)
    return "\n".join(kept)


def _prose(body: str, limit: int = 2) -> list[str]:
    """The first sentences of running prose (lines of words, not table rows)."""
    lines = [ln.strip() for ln in body.split("\n") if len(ln.strip()) > 40 and split_row(ln.strip()) is None]
    out = []
    for sentence in sentences("\n".join(lines)):
        words = sentence.split()
        if len(words) >= 8 and sum(c.isalpha() for c in sentence) > 0.6 * len(sentence) and sentence[:1].isupper():
            out.append(sentence if len(sentence) <= 170 else sentence[:170].rsplit(" ", 1)[0] + "...")
        if len(out) >= limit:
            break
    return out


def _row_labels(body: str, limit: int = 8) -> list[str]:
    labels: list[str] = []
    for line in body.split("\n"):
        row = split_row(line.strip())
        if row and 3 <= len(row[0]) <= 60 and row[0].lower() not in {label.lower() for label in labels}:
            labels.append(row[0])
        if len(labels) >= limit:
            break
    return labels


def extractive_summary(title: str, text: str, subsections: tuple[str, ...] = (), limit: int = 400) -> str:
    """The first two sentences of prose, the labels of the section's table rows, its most
    frequent terms and its parts."""
    body = _body(title, text)
    found = _prose(body)
    labels = _row_labels(body)
    if not found and not labels:  # no prose and no table: the opening words say what little there is ("None.")
        opening = " ".join(body.split())
        opening = opening if len(opening) <= 160 else opening[:160].rsplit(" ", 1)[0] + "..."
        found = [f"{title}: {opening}" if len(opening) < 40 else opening] if opening else []
    own = {w.lower() for w in _WORD.findall(title)}
    counts = Counter(w.lower() for w in _WORD.findall(body) if len(w) >= 5 and w.lower() not in STOPWORDS and w.lower() not in own)
    parts = found + ([f"Table rows: {', '.join(labels)}."] if labels else [])
    parts += [f"Key terms: {', '.join(t for t, _ in counts.most_common(6))}."] if counts else []
    if subsections:
        parts.append(f"Parts: {'; '.join(subsections[:10])}.")
    summary = " ".join(parts) or f"{title}: no text."
    return summary if len(summary) <= limit else summary[:limit].rsplit(" ", 1)[0] + "..."


def summarizer(request: CompletionRequest) -> Reply:
    section = read_section_to_summarise(request.messages[0].text if request.messages else "")
    return format_summary_reply(extractive_summary(section.title, section.text, section.subsections)), []
