"""The section index every mode shows its models (the line format is ``core.protocol``'s)."""
from __future__ import annotations

from core.protocol import SectionLine, format_section_line
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
