"""The baseline's indexing roles: read a table of contents, summarise a section.

``toc_parser`` reads the table of contents line by line, as a careful reader would
(``core.protocol.toc_lines.parse_toc``, which the structural indexer reads TOCs with too).
``summarizer`` is extractive: the first sentences of the section's prose, the labels of its
table rows, its most frequent terms and its parts. Both answer in ``core.protocol``'s replies.
"""
from __future__ import annotations

import re
from collections import Counter

from baseline.tables import split_row
from baseline.text import STOPWORDS, sentences
from core.llm.types import CompletionRequest, ToolCall
from core.protocol import format_summary_reply, format_toc_reply, read_section_to_summarise, read_toc_text
from core.protocol.toc_lines import ITEM_ENTRY, NOTE_ENTRY, parse_toc

Reply = tuple[str, list[ToolCall]]


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
        if len(bare) < 120 and ((want and key(bare).startswith(want)) or ITEM_ENTRY.match(bare) or NOTE_ENTRY.match(bare)):
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
