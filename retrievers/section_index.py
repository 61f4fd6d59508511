"""The section index every mode shows its models (the line format is ``core.protocol``'s)."""
from __future__ import annotations

from core.llm.types import Message
from core.protocol import SECTIONS, SectionLine, block, format_section_line
from retrievers.index.tree import DocumentIndex, slugify

SUMMARY_CHARS = 100


def section_index(index: DocumentIndex, *, summary_chars: int = SUMMARY_CHARS) -> str:
    """The index every mode shows its models. Ids are full descriptive slugs of the titles,
    so a title is only repeated when the id does not already say it; summaries are cut to
    ``summary_chars`` because the index rides along in every turn of every agent."""
    lines = []
    for node, depth in index.walk():
        summary = " ".join(node.summary.split())
        lines.append(format_section_line(SectionLine(
            node.node_id, depth, node.start_page, node.end_page,
            title="" if slugify(node.title) in node.node_id else node.title,
            summary=summary[:summary_chars] if summary_chars else "",
        )))
    return "\n".join(lines)


def indexed_prompt(sections: str, *parts: str) -> Message:
    """The first message of a call that shows the section index: the index first, as a
    stable prefix (``Message.stable_chars``) that a provider's prompt cache reuses across a
    tool loop's turns and across the calls and questions on the same filing, then what
    varies (the question, the task, the instructions): long documents before the query."""
    head = block(SECTIONS, sections) + "\n\n"
    return Message.user(head + "\n\n".join(p for p in parts if p), stable_chars=len(head))
