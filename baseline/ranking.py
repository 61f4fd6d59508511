"""Questions that ask which segment, region or category ranks first on a measure.

"Which region had the highest EBITDAR?", "which segment dragged down growth?", "which
geographic region had the biggest drop in revenues?": the answer is a row of a table whose
rows are the segments (or regions). The table is found by the words above it (the measure,
"segment", "region", "geographic"), each row's value is read in the column of the period
asked for, or as the change between its two periods, and the best row is picked.
"""
from __future__ import annotations

import re
from typing import Any

from baseline.question import (
    Need,
    QuestionPlan,
    core_question,
    strip_company,
)
from baseline.tables import Row, iter_rows
from baseline.text import expand_query, terms

_WHICH = re.compile(
    r"(?i)\bwhich (?:of \S+ )?(?:business |reporting |operating |geographic(?:al)? |product )?"
    r"(segments?|regions?|geograph\w*|areas?|categor(?:y|ies)|divisions?|business(?:es)?|markets?)\b"
)
_LOW = re.compile(r"(?i)\b(?:lowest|least|smallest|worst|weakest|dragged|drag|biggest drop|largest drop|largest decline|biggest decline|most decline)\b")
_CHANGE = re.compile(r"(?i)\b(?:drop|declin\w*|decreas\w*|grow\w*|growth|increas\w*|performance|dragged|change|year over year)\b")
_NOT_ENTITY = re.compile(r"(?i)^(?:total|consolidated|net (?:revenues?|sales)$|revenues?$|eliminations?|intersegment|reconcil|adjust)")
ENTITY_WORDS = "segment segments region regions geographic area business reportable operating division market"


def plan_which(question: str, plan: QuestionPlan) -> bool:
    core = core_question(question)
    match = _WHICH.search(core)
    if not match:
        return False
    entity = match.group(1).lower()
    measure = re.sub(r"(?i)\s+(?:during|in|for)\s+(?:the\s+)?(?:FY|Q\d|H\d|fiscal)\s?'?\S*.*$", " ", core[match.end():])
    measure = strip_company(measure.replace("?", " ")).strip()
    measure = re.sub(r"(?i)\b(?:had|has|have|the|of|in|for|during|did|with|was|were|is|are|on a percentage basis|basis|by)\b", " ", measure)
    measure = re.sub(r"(?i)\b(?:highest|lowest|largest|biggest|smallest|best|worst|most|least|drop|decline|performed)\b", " ", measure)
    measure = re.sub(r"\b(?:FY|Q\d)\s?'?\d{2,4}\b|\b(?:19|20)\d{2}\b|\?", " ", measure)
    measure = " ".join(w for w in measure.split() if w[0].islower() or (w.isupper() and len(w) > 3))
    if re.search(r"(?i)top ?line|sales|revenue", core) and not re.search(r"(?i)revenue|sales", measure):
        measure += " revenues"
    if re.search(r"(?i)growth|dragged", core) and not measure.strip():
        measure = "sales change"
    plan.kind = "which"
    plan.pick = "min" if _LOW.search(core) else "max"
    plan.group = "change" if _CHANGE.search(core) else "level"
    plan.metric = " ".join(measure.split()) or "value"
    plan.needs = [Need(f"which_{plan.group}", f"{plan.metric} {entity}", plan.target_year, "table", (), question, entity),
                  Need("passage", question, plan.target_year, kind="passage", context=question)]
    return True


_LINE_ITEM = re.compile(
    r"(?i)income|expense|tax|depreciation|amortization|interest|provision|cash|assets?\b|liabilit|equity|shares?\b|"
    r"per share|gain|loss|adjust|plus|less|total|other|cost|margin|reconcil|compensation|charges?\b|items?\b|"
    r"same-store|net revenues|dispositions|hold\b|operating|earnings|ebit|affiliates|\d"
)


_NOT_A_NAME = re.compile(
    r"%|\b(?:note|refer|form|section|page|see)\b|\bN[AM]\b|\([a-z]\)$|\b(?:sales|change|acquisitions?|divestitures?|translation|"
    r"organic|runoff|movement|model|ratio|rwa|basis|period|quarter|year|months?)\b",
    re.IGNORECASE,
)


def entity_like(label: str) -> bool:
    """A segment, region or category name ("MGM China", "Developed Europe", "Consumer"),
    not a line item ("Depreciation and amortization") or a column heading ("Organic sales")."""
    return (len(label.split()) <= 6 and label[:1].isupper() and not _LINE_ITEM.search(label)
            and not _NOT_ENTITY.match(label) and not _NOT_A_NAME.search(label))


def _blocks(rows: list[Row]) -> list[list[Row]]:
    """Runs of rows on one page under one header with the same number of cells, mostly
    naming segments or regions."""
    blocks: list[list[Row]] = []
    for row in rows:
        last = blocks[-1][-1] if blocks else None
        if last is not None and last.page == row.page and last.header == row.header and len(last.values) == len(row.values):
            blocks[-1].append(row)
        else:
            blocks.append([row])
    out = []
    for block in blocks:
        entities = [r for r in block if entity_like(r.label)]
        if len(entities) >= 3 and len(entities) >= 0.6 * len([r for r in block if not _NOT_ENTITY.match(r.label)]):
            out.append(block)
    return out


def _column_value(row: Row, need: Need, measure: str, annual: bool) -> float | None:
    values = row.plain_values()
    if measure == "change":
        percents = [v for v, pct in zip(row.values, row.percent) if pct]
        if percents and percents[0] is not None:
            return percents[0]
        years = row.years
        if need.year and years and need.year in years and need.year - 1 in years and len(values) >= len(years):
            now, before = values[years.index(need.year)], values[years.index(need.year - 1)]
        elif len(values) >= 2:
            now, before = values[0], values[1]
        else:
            return None
        if now is None or before in (None, 0):
            return None
        return (now - before) / abs(before) * 100
    if need.year and row.years and need.year in row.years and len(values) >= len(row.years):
        positions = [i for i, y in enumerate(row.years) if y == need.year]
        return values[positions[-1] if annual else positions[0]]
    return values[0] if values else None


def which_candidates(need: Need, text: str, section: str, default_page: int, measure: str) -> list[dict[str, Any]]:
    """The rows of the table that best matches the measure, each valued as asked."""
    rows = iter_rows(text, default_page)
    lines = text.splitlines()
    wanted = set(expand_query(need.phrase)) | set(terms(ENTITY_WORDS)) | (set(terms("change growth sales")) if measure == "change" else set())
    annual = bool(re.search(r"(?i)\bFY\s?\d|full year|fiscal year|annual|twelve months", need.context))
    best: tuple[float, list[Row]] | None = None
    for block in _blocks(rows):
        first = block[0].line
        at = next((i for i, line in enumerate(lines) if line.strip() == first), 0)
        above = " ".join(lines[max(0, at - 20):at]) + " " + block[0].header + " " + block[0].group
        score = len(set(terms(above)) & wanted) + 0.1 * len(block)
        if best is None or score > best[0]:
            best = (score, block)
    if best is None or best[0] < 2.0:  # the measure and the kind of entity named above the table
        return []
    out = []
    for row in best[1]:
        if not entity_like(row.label):
            continue
        value = _column_value(row, need, measure, annual)
        if value is None:
            continue
        label = re.sub(r"\(\d\)$|\d$", "", row.label).strip()
        unit = "percent" if measure == "change" else row.scale
        out.append({"label": re.sub(r"[^a-z0-9]+", "_", label.lower()).strip("_"), "value": round(value, 2), "unit": unit, "page": row.page,
                    "section": section, "context": f"{label}: {' '.join(row.raw_cells)} ({'change' if measure == 'change' else 'value'})"})
    return out


def which_answer(plan: QuestionPlan, findings: list[dict[str, Any]]):
    """The best row, its value, and the others it beat; None without at least two rows."""
    from baseline.answers import Decision, number

    rows = [f for f in findings if number(f.get("value")) is not None and not str(f.get("label", "")).startswith("not_found")]
    if len(rows) < 2:
        return None
    chosen = (min if plan.pick == "min" else max)(rows, key=lambda f: number(f["value"]) or 0.0)
    change = plan.group == "change"

    def name(f: dict[str, Any]) -> str:
        return str(f.get("context", "")).split(":")[0] or str(f.get("label", "")).replace("_", " ")

    def shown(f: dict[str, Any]) -> str:
        return f"{number(f['value']):+.1f}%" if change else f"{number(f['value']):,.0f}"

    others = "; ".join(f"{name(f)} {shown(f)}" for f in rows if f is not chosen)
    word = {"max": "the highest", "min": "the lowest"}[plan.pick]
    what = f"{'change in ' if change else ''}{plan.metric}".strip()
    year = f" in FY{plan.target_year}" if plan.target_year else ""
    page = str(chosen.get("page", ""))
    return Decision("answer", answer=f"{name(chosen)} had {word} {what}{year}: {shown(chosen)} (p. {page}). Others: {others}.",
                    pages=[int(page)] if page.isdigit() else [])
