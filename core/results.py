"""What a retrieval run produces: the result, its findings, its failed searches, and the
provenance of its answer's numbers.

These are the typed forms of the iterative design's data model (``Finding``,
``FailedSearch``) and of what every mode returns (``RetrievalResult``). A run record holds
its result as it is; ``to_dict``/``from_dict`` are the JSON forms written in ``runs.jsonl``.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any


def _known(cls: type, data: dict[str, Any]) -> dict[str, Any]:
    names = {f.name for f in fields(cls)}
    return {k: v for k, v in data.items() if k in names}


@dataclass
class Finding:
    """One extracted data point with its provenance. ``value`` is a number or text;
    ``page`` is the 1-based page the extractor read it on (text when it gave no page)."""

    label: str
    value: float | int | str | None
    unit: str = ""
    page: int | str = ""
    section: str = ""
    context: str = ""
    iteration: int = 0  # the loop iteration that found it (0: not from a loop)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Finding:
        data = _known(cls, data)
        page = data.get("page", "")
        return cls(
            label=str(data.get("label", "")),
            value=data.get("value"),
            unit=str(data.get("unit") or ""),
            page=page if isinstance(page, int) and not isinstance(page, bool) else str(page if page is not None else ""),
            section=str(data.get("section") or ""),
            context=str(data.get("context") or ""),
            iteration=int(data.get("iteration") or 0),
        )

    @property
    def page_number(self) -> int | None:
        """The page as a number, or None when the finding names none."""
        if isinstance(self.page, int):
            return self.page
        text = str(self.page).strip().lstrip("pP. ")
        # A run of digits too long to be a page (int() refuses over 4,300) names none.
        return int(text) if text.isdigit() and len(text) <= 9 else None


@dataclass
class FailedSearch:
    """An extraction that found nothing: what was looked for, why it failed, and where."""

    item: str
    reason: str
    sections_tried: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FailedSearch:
        tried = data.get("sections_tried") or []
        return cls(str(data.get("item", "")), str(data.get("reason", "")), [str(s) for s in tried] if isinstance(tried, list) else [str(tried)])


@dataclass
class Provenance:
    """Whether the answer's numbers trace to the text of pages the run read. ``ok`` is None
    when there is no answer or it states no number. ``verified`` is False for records
    written before provenance was checked against page text (they trusted findings)."""

    numbers: int = 0
    traced: int = 0  # found on a page the run fetched
    derived: int = 0  # computed from traced numbers (or verified findings) by one arithmetic step
    untraced: list[str] = field(default_factory=list)
    ok: bool | None = None
    findings_checked: int = 0  # findings with a numeric value
    findings_verified: int = 0  # ... whose value is on their page, which exists and was read
    unverified_findings: list[str] = field(default_factory=list)  # why each failed
    verified: bool = False

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Provenance:
        data = _known(cls, data or {})

        def texts(key: str) -> list[str]:
            value = data.get(key) or []
            return [str(u) for u in value] if isinstance(value, list) else [str(value)]

        return cls(
            int(data.get("numbers") or 0), int(data.get("traced") or 0), int(data.get("derived") or 0), texts("untraced"),
            data.get("ok") if isinstance(data.get("ok"), bool) else None,
            int(data.get("findings_checked") or 0), int(data.get("findings_verified") or 0), texts("unverified_findings"),
            data.get("verified") is True,
        )


@dataclass
class RetrievalResult:
    """What a retriever returns: an answer (``ok``) or a reasoned refusal (``fail``), with
    the loop and plan counters its mode keeps."""

    status: str  # ok (answered) | fail (declined, with a reason)
    answer: str = ""
    sources: list[str] = field(default_factory=list)
    reason: str = ""
    confidence: str = ""
    turns: int = 0
    iterations: int = 0
    findings: list[Finding] = field(default_factory=list)
    failed_searches: list[FailedSearch] = field(default_factory=list)
    replans: int = 0
    tasks_executed: int = 0
    planned_tasks: int = 0
    agent_types: list[str] = field(default_factory=list)
    plan: dict[str, Any] | None = None
    extra: dict[str, Any] = field(default_factory=dict)  # mode-specific counters (e.g. cache hits)
