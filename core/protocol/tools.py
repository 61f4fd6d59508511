"""The results of the section tools (``fetch_section``, ``grep_section``), of the iterative
extraction cache, and of a tool call that went wrong, as JSON."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from core.protocol.blocks import json_or, read_pages
from core.results import Finding


@dataclass
class FetchResult:
    node_id: str
    title: str
    pages: tuple[int, int]
    content: str
    total_chars: int
    offset: int
    truncated: bool
    hint: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "pages": list(self.pages)}


@dataclass
class GrepMatch:
    node_id: str
    title: str
    page: int
    offset: int
    context: str


@dataclass
class GrepResult:
    node_id: str
    pattern: str
    total_matches: int
    matches: list[GrepMatch] = field(default_factory=list)
    hint: str = ""

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        if not self.hint:
            del data["hint"]
        return data


@dataclass
class AlreadyExtracted:
    """The iterative extraction cache's reply to a fetch of a part of a section (the chunk at
    ``offset``) that an earlier extraction read, for any shopping item: that extraction's
    findings instead of the text. Fetching the same chunk again reads the text."""

    node_id: str
    findings: list[Finding]
    hint: str = ""
    offset: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"node_id": self.node_id, "offset": self.offset, "already_extracted": True,
                "findings": [f.to_dict() for f in self.findings], "hint": self.hint}


@dataclass
class ToolError:
    error: str
    hint: str = ""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


ToolResultData = FetchResult | GrepResult | AlreadyExtracted | ToolError


def tool_result_json(result: ToolResultData) -> str:
    return json.dumps(result.to_dict(), ensure_ascii=False)


def read_tool_result(content: str) -> ToolResultData | None:
    """A fetch, grep, cache or error result from its JSON; None when it is none of them."""
    data = json_or(content, None)
    if not isinstance(data, dict):
        return None
    if "error" in data:
        return ToolError(str(data["error"]), str(data.get("hint", "")))
    if data.get("already_extracted"):
        found = data.get("findings") or []
        return AlreadyExtracted(str(data.get("node_id", "")), [Finding.from_dict(f) for f in found if isinstance(f, dict)], str(data.get("hint", "")),
                                int(data.get("offset") or 0))
    if "content" in data:
        start, end = read_pages(" ".join(str(p) for p in data.get("pages") or []))
        return FetchResult(str(data.get("node_id", "")), str(data.get("title", "")), (start, end), str(data["content"]),
                           int(data.get("total_chars") or 0), int(data.get("offset") or 0), bool(data.get("truncated")), str(data.get("hint", "")))
    if "matches" in data:
        matches = [GrepMatch(str(m.get("node_id", "")), str(m.get("title", "")), int(m.get("page") or 0), int(m.get("offset") or 0), str(m.get("context", "")))
                   for m in data["matches"] if isinstance(m, dict)]
        return GrepResult(str(data.get("node_id", "")), str(data.get("pattern", "")), int(data.get("total_matches") or 0), matches, str(data.get("hint", "")))
    return None
