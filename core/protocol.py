"""The formats prompts are written in, each with its reader: one module, so that whoever
writes a prompt (the retrievers, the judge) and whoever reads one (the rule-based
baseline, the tests) agree by construction, and a format change breaks a round-trip test
instead of silently moving a figure.

- Tagged blocks: ``<question>...</question>``. Each piece of data sits in its own block so
  that a model can tell data from instructions (an answer that says "ignore the rubric"
  stays inside its block), and so that the baseline reads the same prompt a model reads.
- The section index every mode shows, one line per node.
- The numbered findings list and the loop state the iterative synthesis agent sees.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass

from core.results import Finding

_ATTR = re.compile(r'(\w+)="([^"]*)"')


def block(name: str, body: str, **attrs: object) -> str:
    """``<name a="1">body</name>``; closing tags inside the body are neutralised so the
    body cannot end its own block early."""
    attr_text = "".join(f' {k}="{html.escape(str(v), quote=True)}"' for k, v in attrs.items())
    safe = str(body).replace(f"</{name}>", f"<\\/{name}>")
    return f"<{name}{attr_text}>\n{safe}\n</{name}>"


def read_blocks(text: str, name: str) -> list[tuple[dict[str, str], str]]:
    pattern = re.compile(rf"<{name}((?:\s+\w+=\"[^\"]*\")*)\s*>\n?(.*?)\n?</{name}>", re.S)
    out = []
    for match in pattern.finditer(text):
        attrs = {k: html.unescape(v) for k, v in _ATTR.findall(match.group(1))}
        out.append((attrs, match.group(2).replace(f"<\\/{name}>", f"</{name}>")))
    return out


def read_block(text: str, name: str) -> str | None:
    found = read_blocks(text, name)
    return found[0][1] if found else None


# --- the section index -------------------------------------------------------------------
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


# --- the findings list (iterative synthesis) ----------------------------------------------
# ``N. label: value [unit] (page P, section) -- context``, numbered from 1; the unit in
# square brackets, so a text value's last word is never read as its unit.

FINDING_LINE = re.compile(r"^\s*(?P<number>\d+)\.\s+(?P<label>[^:]*): (?P<rest>.*)$")


def format_findings(findings: list[Finding]) -> str:
    lines = []
    for number, f in enumerate(findings, 1):
        unit = f" [{f.unit}]" if f.unit else ""
        context = f" -- {f.context}" if f.context else ""
        lines.append(f"{number}. {f.label}: {f.value}{unit} (page {f.page}, {f.section}){context}")
    return "\n".join(lines)


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
        out.append(Finding(match["label"].strip(), value, unit, int(page_text) if page_text.isdigit() else page_text, section, context))
    return out


# --- the named inputs of a computed plan task ---------------------------------------------
# ``<inputs>`` lists the numbers a computed task may use, one ``name = value`` per line; the
# task replies with a JSON object whose numeric fields are expressions over these names
# (``"capex_pct": "100 * capex_2022 / revenue_2022"``), which the harness evaluates.

INPUT_LINE = re.compile(r"^(?P<name>[A-Za-z_][\w.]*) = (?P<value>-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)$")


def format_inputs(named: dict[str, float]) -> str:
    return "\n".join(f"{name} = {value!r}" for name, value in named.items())


def parse_inputs(text: str) -> dict[str, float]:
    """Read back what ``format_inputs`` wrote."""
    out: dict[str, float] = {}
    for line in text.splitlines():
        match = INPUT_LINE.match(line.strip())
        if match:
            value = float(match["value"])
            out[match["name"]] = int(value) if re.fullmatch(r"-?\d+", match["value"]) else value
    return out


# --- the loop state line (iterative synthesis) --------------------------------------------

def format_loop_state(iteration: int, max_iterations: int, last_chance: bool) -> str:
    return f"iteration {iteration} of {max_iterations}; last_chance={'true' if last_chance else 'false'}"


def is_last_chance(loop_text: str | None) -> bool:
    return "last_chance=true" in (loop_text or "")
