"""What prompts carry inside their blocks: the section index, the documents simple mode
reads, the iterative synthesis's findings, failed searches and loop state, a planner task's
results and signature, and the text an LLM indexer reads."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from core.protocol.blocks import DOCUMENT, SECTION, SUBSECTIONS, TOC, block, json_or, pages_attr, read_block, read_blocks, read_pages
from core.results import FailedSearch, Finding

# Every mode shows its models the same index, one line per node, indented two spaces per
# depth: ``- <node_id> (pp. 27-28)[ [+N subsections]][: <title>][ -- <summary>]``. A folded
# index (what extraction turns see) hides some nodes' subsections; such a node says how many.

SECTION_LINE = re.compile(
    r"^(?P<indent>\s*)- (?P<node_id>\S+) \(pp?\. (?P<start>\d+)(?:-(?P<end>\d+))?\)"
    r"(?: \[\+(?P<folded>\d+) subsections?\])?(?:: (?P<title>.*?))?(?: -- (?P<summary>.*))?$"
)


@dataclass(frozen=True)
class SectionLine:
    node_id: str
    depth: int
    start_page: int
    end_page: int
    title: str = ""  # empty when the node id already says it
    summary: str = ""
    folded: int = 0  # subsections not listed (fetch or grep the node to read inside them)


def format_section_line(line: SectionLine) -> str:
    pages = f"p. {line.start_page}" if line.start_page == line.end_page else f"pp. {line.start_page}-{line.end_page}"
    text = f"{'  ' * line.depth}- {line.node_id} ({pages})"
    if line.folded:
        text += f" [+{line.folded} subsection{'s' if line.folded > 1 else ''}]"
    if line.title:
        text += f": {line.title}"
    if line.summary:
        text += f" -- {line.summary}"
    return text


def parse_section_index(text: str) -> list[SectionLine]:
    """The lines of a section index; a line without a title gets its node id, spelled out."""
    out = []
    for raw in text.splitlines():
        match = SECTION_LINE.match(raw)
        if match:
            start = int(match["start"])
            node_id = match["node_id"]
            out.append(SectionLine(node_id, len(match["indent"]) // 2, start, int(match["end"] or start),
                                   match["title"] or node_id.replace("_", " "), match["summary"] or "", int(match["folded"] or 0)))
    return out


# --- documents (simple mode) ---------------------------------------------------------------

@dataclass(frozen=True)
class Document:
    """A section read for simple mode's answerer: its text with ``[Page N]`` markers."""

    node_id: str
    title: str
    start_page: int
    end_page: int
    text: str


def format_documents(documents: list[Document]) -> str:
    return "\n\n".join(
        block(DOCUMENT, d.text, node_id=d.node_id, title=d.title, pages=pages_attr(d.start_page, d.end_page)) for d in documents
    )


def read_documents(text: str) -> list[Document]:
    out = []
    for attrs, body in read_blocks(text, DOCUMENT):
        start, end = read_pages(attrs.get("pages", ""))
        node_id = attrs.get("node_id", "")
        out.append(Document(node_id, attrs.get("title", node_id), start, end, body))
    return out


# --- the findings list and loop state (iterative synthesis) -------------------------------
# ``N. label: value [unit] (page P, section) -- context``, numbered from 1; the unit in
# square brackets, so a text value's last word is never read as its unit.

FINDING_LINE = re.compile(r"^\s*(?P<number>\d+)\.\s+(?P<label>[^:]*): (?P<rest>.*)$")
NO_FINDINGS = "(none yet)"
NO_FAILED_SEARCHES = "(none)"


def format_findings(findings: list[Finding]) -> str:
    lines = []
    for number, f in enumerate(findings, 1):
        unit = f" [{f.unit}]" if f.unit else ""
        context = f" -- {f.context}" if f.context else ""
        lines.append(f"{number}. {f.label}: {f.value}{unit} (page {f.page}, {f.section}){context}")
    return "\n".join(lines) or NO_FINDINGS


def parse_findings(text: str) -> list[Finding]:
    """Read back what ``format_findings`` wrote; a value that reads as a number is one."""
    out = []
    for line in text.splitlines():
        match = FINDING_LINE.match(line)
        if not match:
            continue
        rest = match["rest"]
        cut = rest.find(" (page ")
        if cut == -1:
            continue
        value_text, tail = rest[:cut].strip(), rest[cut + len(" (page "):]
        page, _, after = tail.partition(", ")
        section, sep, context = after.partition(") -- ")
        if not sep:
            section = section.removesuffix(")")
        unit = ""
        bracketed = re.fullmatch(r"(?P<value>.*) \[(?P<unit>[^\]]*)\]", value_text)
        if bracketed:
            value_text, unit = bracketed["value"], bracketed["unit"]
        value: float | str = value_text
        try:
            value = float(value_text.replace(",", ""))
        except ValueError:
            pass
        page_text = page.strip()
        out.append(Finding(match["label"].strip(), value, unit, int(page_text) if page_text.isdigit() and len(page_text) <= 9 else page_text, section, context))
    return out


def format_failed_searches(failed: list[FailedSearch]) -> str:
    return json.dumps([f.to_dict() for f in failed], indent=1) if failed else NO_FAILED_SEARCHES


def read_failed_searches(text: str | None) -> list[FailedSearch]:
    items = json_or(text, [])
    return [FailedSearch.from_dict(i) for i in items if isinstance(i, dict)] if isinstance(items, list) else []


def format_loop_state(iteration: int, max_iterations: int, last_chance: bool) -> str:
    return f"iteration {iteration} of {max_iterations}; last_chance={'true' if last_chance else 'false'}"


def is_last_chance(loop_text: str | None) -> bool:
    return "last_chance=true" in (loop_text or "")


# --- planner prompts: dependencies, results, signatures -------------------------------------

def format_task_results(results: dict[str, Any]) -> str:
    """Task id -> result, as the DEPENDENCIES and RESULTS blocks carry them."""
    return json.dumps(results, indent=1)


def read_task_results(text: str | None) -> dict[str, Any]:
    value = json_or(text, {})
    return value if isinstance(value, dict) else {}


@dataclass(frozen=True)
class SignatureField:
    name: str
    type: str  # the signature notation without the colon: "float", "[:string]", "{a :float}"
    optional: bool = False


_TOP_FIELD = re.compile(r"([\w\-.]+)(\??)\s*(:[\w-]+\??|\[[^\]]*\]\??|\{[^}]*\}\??)")


def format_signature(fields: list[SignatureField]) -> str:
    """``{capex_2022 :float, unit :string?, sources [:string]}``, the planner's notation."""
    parts = []
    for f in fields:
        kind = f.type if f.type.startswith(("[", "{")) else f":{f.type.lstrip(':')}"
        parts.append(f"{f.name} {kind}{'?' if f.optional else ''}")
    return "{" + ", ".join(parts) + "}"


# A computed task's named inputs: ``name = value`` per line, the numbers of its dependencies'
# results; the task replies with an expression over these names per numeric field
# (``"capex_pct": "100 * capex_2022 / revenue_2022"``), which the harness evaluates.

INPUT_LINE = re.compile(r"^(?P<name>[A-Za-z_][\w.]*) = (?P<value>-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)$")
NO_INPUTS = "(none)"


def format_inputs(named: dict[str, float]) -> str:
    return "\n".join(f"{name} = {value!r}" for name, value in named.items()) or NO_INPUTS


def parse_inputs(text: str | None) -> dict[str, float]:
    """Read back what ``format_inputs`` wrote."""
    out: dict[str, float] = {}
    for line in (text or "").splitlines():
        match = INPUT_LINE.match(line.strip())
        if match:
            value = float(match["value"])
            out[match["name"]] = int(value) if re.fullmatch(r"-?\d+", match["value"]) else value
    return out


def read_signature(text: str) -> list[SignatureField]:
    """The top-level fields of a signature (the planner's parser turns it into a schema)."""
    inner = text.strip()
    inner = inner[1:-1] if inner.startswith("{") and inner.endswith("}") else inner
    out = []
    for name, mark, kind in _TOP_FIELD.findall(inner):
        optional = bool(mark) or kind.endswith("?")
        out.append(SignatureField(name, kind.rstrip("?").lstrip(":") if kind.startswith(":") else kind.rstrip("?"), optional))
    return out


# --- indexing prompts: a table of contents, a section to summarise -------------------------

def format_toc_text(text: str, page_count: int) -> str:
    return block(TOC, text, pages=page_count)


def read_toc_text(prompt: str) -> tuple[str, int | None]:
    """(table-of-contents text, the PDF's page count when stated)."""
    found = read_blocks(prompt, TOC)
    if not found:
        return "", None
    attrs, text = found[0]
    pages = attrs.get("pages", "")
    return text, int(pages) if pages.isdigit() else None


@dataclass(frozen=True)
class SectionToSummarise:
    title: str
    start_page: int
    end_page: int
    text: str
    subsections: tuple[str, ...] = ()


def format_section_to_summarise(section: SectionToSummarise) -> str:
    parts = [block(SECTION, section.text, title=section.title, pages=pages_attr(section.start_page, section.end_page))]
    if section.subsections:
        parts.append(block(SUBSECTIONS, "\n".join(section.subsections)))
    return "\n\n".join(parts)


def read_section_to_summarise(prompt: str) -> SectionToSummarise:
    found = read_blocks(prompt, SECTION)
    attrs, text = found[0] if found else ({}, "")
    start, end = read_pages(attrs.get("pages", ""))
    subsections = tuple(s for s in (read_block(prompt, SUBSECTIONS) or "").split("\n") if s.strip())
    return SectionToSummarise(attrs.get("title", ""), start, end, text, subsections)
