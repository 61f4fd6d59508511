"""What the offline policy does with text it has been shown.

``candidates_for`` finds values for a need in table rows (or sentences for a passage
need); ``decide`` turns findings into an answer, a request for the next need, or a
failure. Inputs are only what the prompts contain: question text, document text a tool
returned, findings an extraction produced.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from harness.llm.offline.question import Need, QuestionPlan
from harness.llm.offline.tables import Row, iter_rows, page_lines
from harness.llm.offline.text import BM25, sentences, terms

# Outflows that statements print as negatives; formulas want their size.
OUTFLOWS = ("capital expenditures", "cash dividends paid")


@dataclass
class Candidate:
    label: str
    value: float | str
    unit: str
    page: int
    section: str
    context: str
    score: float

    def finding(self) -> dict[str, Any]:
        return {"label": self.label, "value": self.value, "unit": self.unit, "page": self.page, "section": self.section, "context": self.context}


def row_score(row: Row, query: list[str]) -> float:
    label_terms = terms(row.label)
    if not label_terms:
        return 0.0
    wanted = set(query)
    hits = sum(1 for t in label_terms if t in wanted)
    if not hits:
        return 0.0
    coverage = hits / len(label_terms)
    bonus = 0.3 if re.match(r"(?i)(total|net)\b", row.label) else 0.0
    return hits * coverage + coverage + bonus


def scale_of(text: str) -> str:
    head = text.lower()
    if re.search(r"in thousands|\(thousands|thousands of", head):
        return "thousands_usd"
    if re.search(r"in billions|\(billions", head):
        return "billions_usd"
    if re.search(r"in millions|\(millions|millions of|\$ in millions|dollars in millions", head):
        return "millions_usd"
    return ""


def candidates_for(need: Need, text: str, section: str, limit: int = 5) -> list[Candidate]:
    if need.kind == "passage":
        return passage_candidates(need.phrase, text, section, limit)
    query = need.terms
    scale = scale_of(text)
    found: list[Candidate] = []
    for row in iter_rows(text):
        score = row_score(row, query)
        if score <= 0:
            continue
        value = row.value_for(need.year)
        if value is None:
            continue
        if need.year and row.years and need.year in row.years:
            score += 0.5  # the column of the year asked for, not a guess
        unit = "percent" if row.percent and all(row.percent) else scale
        context = f"{row.line[:160]} (columns: {', '.join(map(str, row.years)) or 'unlabelled'})"
        found.append(Candidate(need.key, value, unit, row.page, section, context, score))
    found.sort(key=lambda c: -c.score)
    return found[:limit]


def passage_candidates(query_text: str, text: str, section: str, limit: int = 3) -> list[Candidate]:
    by_page: dict[int, list[str]] = {}
    for page, line in page_lines(text):
        by_page.setdefault(page, []).append(line)
    passages = [(page, s) for page, lines in by_page.items() for s in sentences(" ".join(lines))]
    if not passages:
        return []
    bm25 = BM25([terms(s) for _, s in passages])
    from harness.llm.offline.text import expand_query

    scores = bm25.scores(expand_query(query_text))
    order = sorted(range(len(passages)), key=lambda i: -scores[i])
    out = []
    for i in order[:limit]:
        if scores[i] <= 0:
            break
        page, sentence = passages[i]
        out.append(Candidate(f"passage_p{page}", sentence[:400], "text", page, section, sentence[:200], scores[i]))
    return out


# --- deciding ---------------------------------------------------------------------------

@dataclass
class Decision:
    status: str  # answer | needs | fail
    answer: str = ""
    pages: list[int] | None = None
    needs: str = ""
    reason: str = ""


def match_need(need: Need, findings: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The finding that best supplies ``need``: its own label, else the closest by terms and year."""
    best, best_score = None, 0.0
    wanted = set(need.terms)
    for finding in findings:
        if finding.get("label") == need.key and _number(finding.get("value")) is not None:
            return finding
        if need.kind == "value" and _number(finding.get("value")) is None:
            continue
        text = f"{finding.get('label', '')} {finding.get('context', '')}"
        words = set(terms(text))
        overlap = len(words & wanted) / (len(wanted) or 1)
        if need.year and str(need.year) not in text:
            overlap *= 0.5
        if overlap > best_score:
            best, best_score = finding, overlap
    return best if best_score >= 0.34 else None


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        match = re.fullmatch(r"\s*\(?-?\$?\s*([\d,]+(?:\.\d+)?)\)?\s*%?\s*", value)
        if match:
            number = float(match.group(1).replace(",", ""))
            return -number if value.strip().startswith(("(", "-")) else number
    return None


def decide(plan: QuestionPlan, findings: list[dict[str, Any]], failed_items: list[str], last_chance: bool) -> Decision:
    if plan.kind in ("lookup", "formula"):
        supplied: dict[str, tuple[float, dict]] = {}
        for need in plan.needs:
            finding = match_need(need, findings)
            if finding is not None:
                value = _number(finding["value"])
                if any(o in need.phrase for o in OUTFLOWS):
                    value = abs(value)
                supplied[need.key] = (value, finding)
        missing = [n for n in plan.needs if n.key not in supplied]
        if not missing:
            return _numeric_answer(plan, supplied)
        tried = {" ".join(i.lower().split()) for i in failed_items}
        untried = [n for n in missing if " ".join(n.description.lower().split()) not in tried]
        if untried and not last_chance:
            first = untried[0]
            return Decision("needs", needs=first.description, reason=f"have {len(supplied)} of {len(plan.needs)} figures; missing {first.description}")
        names = ", ".join(n.description for n in missing)
        return Decision("fail", reason=f"could not find {names} in the filing")
    passages = [f for f in findings if isinstance(f.get("value"), str) and len(str(f["value"])) > 30]
    if passages:
        best = passages[:2]
        text = " ".join(str(f["value"]) for f in best)
        return Decision("answer", answer=f"According to the filing: {text}", pages=sorted({int(f['page']) for f in best if str(f.get('page', '')).isdigit()}))
    if not last_chance and not failed_items:
        return Decision("needs", needs=plan.text, reason="no relevant passage found yet")
    return Decision("fail", reason="no passage in the filing addresses the question")


def _numeric_answer(plan: QuestionPlan, supplied: dict[str, tuple[float, dict]]) -> Decision:
    pages = sorted({int(f["page"]) for _, f in supplied.values() if str(f.get("page", "")).isdigit()})
    cites = ", ".join(f"p. {p}" for p in pages)
    if plan.kind == "lookup":
        value, finding = next(iter(supplied.values()))
        unit = _unit_words(str(finding.get("unit", "")))
        return Decision("answer", answer=f"{plan.needs[0].description}: {_format(value, None)}{unit} ({cites}).", pages=pages)
    values = {key: v for key, (v, _) in supplied.items()}
    try:
        result = plan.formula(values) if plan.formula else None
    except (ZeroDivisionError, ValueError, OverflowError, KeyError):
        result = None
    if result is None or (isinstance(result, float) and (math.isnan(result) or math.isinf(result))):
        return Decision("fail", reason="the figures found do not give a usable result (division by zero or missing data)")
    inputs = "; ".join(f"{key} = {_format(v, None)} (p. {f.get('page')})" for key, (v, f) in supplied.items())
    suffix = "%" if plan.unit == "percent" else ""
    shown = _format(result, plan.decimals if plan.decimals is not None else (1 if suffix else 2))
    return Decision("answer", answer=f"{shown}{suffix}. Computed as {plan.formula_text} from {inputs}.", pages=pages)


def _format(value: float, decimals: int | None) -> str:
    if decimals is not None:
        return f"{value:,.{decimals}f}"
    if abs(value) >= 1000 or float(value).is_integer():
        return f"{value:,.0f}" if float(value).is_integer() else f"{value:,.2f}"
    return f"{value:,.2f}".rstrip("0").rstrip(".")


def _unit_words(unit: str) -> str:
    return {"millions_usd": " million USD", "billions_usd": " billion USD", "thousands_usd": " thousand USD", "percent": "%"}.get(unit, f" {unit}" if unit else "")
