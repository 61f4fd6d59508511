"""What the offline policy finds in text it has been shown.

``candidates_for`` finds values for a need: table rows whose label names the figure, in the
column of the year asked, preferring the statement the figure is printed on (and the one
the question names), else a sentence stating it; sentences for a passage need (one BM25
over everything read); the lines of a statement block for a "largest line" need; the rows
of a segment or region table for a "which" need (``ranking``). Inputs are only what the prompts contain: question text, document
text a tool returned, findings an extraction produced.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from baseline.lineitems import label_score
from baseline.question import Need
from baseline.statements import statement_kind
from baseline.tables import Row, iter_rows, page_lines
from baseline.text import BM25, expand_query, sentences, terms

GOOD_SCORE = 2.5  # a row naming the figure, on its statement or in its year's column
PASSAGE_SECTIONS = 3  # sections read before answering from passages


@dataclass
class Candidate:
    label: str
    value: float | str
    unit: str
    page: int
    section: str
    context: str
    score: float
    year: int | None = None
    others: dict[int, float] = field(default_factory=dict)  # the row's other years

    def finding(self) -> dict[str, Any]:
        return {"label": self.label, "value": self.value, "unit": self.unit, "page": self.page, "section": self.section, "context": self.context}

    def findings(self, base: str) -> list[dict[str, Any]]:
        """This value and the same row's other years, each its own finding."""
        out = [self.finding()]
        for year, value in sorted(self.others.items(), reverse=True):
            if year != self.year:
                out.append({**self.finding(), "label": f"{base}_{year}", "value": value})
        return out


def _context(row: Row) -> str:
    columns = ", ".join(map(str, row.years)) if row.years else "unlabelled"
    scale = row.scale.replace("_usd", " USD") if row.scale else "scale not stated"
    return f"{row.label}: {' '.join(row.raw_cells)} (columns: {columns}; {scale})"


def _statement_bonus(need: Need, section: str, row: Row) -> float:
    kind = statement_kind(section)
    bonus = 0.0
    if kind and need.statements:
        if kind == need.statements[0]:
            bonus = 1.0
        elif kind in need.statements:
            bonus = 0.6
        else:
            bonus = -0.3
    if re.search(r"(?i)changes? in|increase|decrease", row.group) and "balance_sheet" in need.statements[:1]:
        bonus -= 1.0  # "Changes in assets and liabilities: Inventories": a flow, not the balance
    return bonus


def candidates_for(need: Need, text: str, section: str, limit: int = 5, default_page: int = 1) -> list[Candidate]:
    """Candidates in one section (``best_for`` finds passages across all sections at once)."""
    if need.kind == "rows":
        return block_rows(need, text, section, default_page)
    if need.kind == "table":
        from baseline.ranking import which_candidates

        measure = "change" if need.key.endswith("change") else "level"
        rows = which_candidates(need, text, section, default_page, measure)
        return [Candidate(f["label"], f["value"], f["unit"], f["page"], section, f["context"], 2.0) for f in rows]
    names = need.alternatives
    found: list[Candidate] = []
    for row in iter_rows(text, default_page):
        score = label_score(row.label, names, need.context)
        if score <= 0:
            continue
        value = row.value_for(need.year)
        if value is None:
            continue
        year = need.year
        if need.year and row.years:
            score += 0.5  # the column of the year asked for, not a guess
        elif need.year:
            score -= 0.5
        elif row.years:
            year = row.years[0]
        score += _statement_bonus(need, section, row)
        if row.scale:
            score += 0.1
        unit = "percent" if row.is_percent else row.scale
        label = f"{need.base}_{year}" if year else need.base
        found.append(Candidate(label, value, unit, row.page, section, _context(row), score, year, row.by_year()))
    if not found:
        found = sentence_values(need, text, section, default_page)
    found.sort(key=lambda c: -c.score)
    return found[:limit]


_AMOUNT = re.compile(r"(?<![\w.])(\(?\$?\s?\d{1,3}(?:,\d{3})+(?:\.\d+)?|\(?\$?\s?\d+(?:\.\d+)?)\)?\s?(%|percent\b|million\b|billion\b|thousand\b)?", re.IGNORECASE)
_YEAR = re.compile(r"(?<![\d,.$])((?:19|20)\d{2})(?![\d,%])")


def sentence_values(need: Need, text: str, section: str, default_page: int = 1) -> list[Candidate]:
    """A figure stated in prose: "the effective tax rate was 21.6% in 2022 and 24.6% in 2021".
    Values need a unit (%, $, million); with years, the k-th value goes with the k-th year."""
    by_page: dict[int, list[str]] = {}
    for page, line in page_lines(text, default_page):
        by_page.setdefault(page, []).append(line)
    names = [set(terms(n)) for n in need.alternatives if terms(n)]
    out: list[Candidate] = []
    for page, lines in by_page.items():
        for sentence in sentences(" ".join(lines)):
            words = set(terms(sentence))
            if not any(n <= words for n in names) or len(sentence) > 600:
                continue
            values = []
            for match in _AMOUNT.finditer(sentence):
                raw, unit = match.group(1), (match.group(2) or "").lower()
                if _YEAR.fullmatch(raw.strip("($ ")) and not unit:
                    continue
                if not unit and "$" not in raw:
                    continue
                number = float(re.sub(r"[^\d.]", "", raw) or "nan")
                values.append((match.start(), number, "percent" if unit in ("%", "percent") else {"million": "millions_usd", "billion": "billions_usd", "thousand": "thousands_usd"}.get(unit, "")))
            if not values:
                continue
            years = [int(m.group(1)) for m in _YEAR.finditer(sentence)]
            chosen = None
            if need.year and len(years) == len(values) and need.year in years:
                chosen = values[years.index(need.year)]
            elif need.year and need.year in years and len(values) == 1 or not need.year and values:
                chosen = values[0]
            if chosen is None:
                continue
            label = f"{need.base}_{need.year}" if need.year else need.base
            out.append(Candidate(label, chosen[1], chosen[2], page, section, sentence[:200], 1.5 + (0.5 if need.year else 0.0), need.year))
    return out


def passages_across(query_text: str, documents: list[tuple[str, str, int]], limit: int = 3) -> list[Candidate]:
    """The sentences that best answer ``query_text`` across all documents (one BM25 over
    every sentence read, so scores compare across sections)."""
    passages: list[tuple[str, int, str]] = []
    for section, text, first in documents:
        by_page: dict[int, list[str]] = {}
        for page, line in page_lines(text, first):
            by_page.setdefault(page, []).append(line)
        passages += [(section, page, s) for page, lines in by_page.items() for s in sentences(" ".join(lines)) if not _boilerplate(s)]
    if not passages:
        return []
    bm25 = BM25([terms(s) for _, _, s in passages])
    query = expand_query(_strip_asker(query_text))
    scores = bm25.scores(query)
    if _ASKS_WHY.search(query_text):  # a "what drove" question is answered by a sentence that gives causes
        scores = [score * (1.4 if _CAUSAL.search(p[2]) else 1.0) for score, p in zip(scores, passages, strict=True)]
    wanted = set(query)
    out = []
    for i in sorted(range(len(passages)), key=lambda i: -scores[i]):
        if scores[i] <= 0 or len(out) >= limit:
            break
        section, page, sentence = passages[i]
        coverage = len(set(terms(sentence)) & wanted) / (len(wanted) or 1)
        out.append(Candidate(f"passage_p{page}", sentence[:400], "text", page, section, f"covers {coverage:.0%} of the question's terms", scores[i]))
    return out


_ASKS_WHY = re.compile(r"(?i)\bwhat drove|\bdrivers?\b|\bwhy\b|what caused|reasons? for")
_CAUSAL = re.compile(r"(?i)\b(?:primarily|mainly|largely|partially|partly)?\s*(?:due to|driven by|as a result of|attributable to|reflect(?:s|ed|ing)|because of|offset by)\b")


def _strip_asker(question: str) -> str:
    """The question without the instructions around it ("If X is not a useful metric ...")."""
    text = re.split(r"(?i)\bif (?:\w+ ){1,4}(?:is|are) not (?:a )?(?:useful|relevant)", question)[0]
    return re.sub(r"(?i)\b(?:please|state that|explain why|the answer here assumes.*)$", " ", text)


def _boilerplate(sentence: str) -> bool:
    letters = re.sub(r"[^A-Za-z]", "", sentence)
    return len(letters) < 0.5 * len(sentence) or bool(re.search(r"(?i)table of contents|securities and exchange commission|washington, d\.c\.", sentence))


def block_rows(need: Need, text: str, section: str, default_page: int = 1) -> list[Candidate]:
    """The lines of a statement block ("liabilities"): the rows after its heading and before
    its total, totals and subtotals left out."""
    word = need.phrase.rstrip("s")[:8].lower()  # liabilit | asset | expense
    kind = statement_kind(section)
    if need.statements and kind and kind != need.statements[0]:
        return []
    out: list[Candidate] = []
    inside = False
    for row in iter_rows(text, default_page):
        label = row.label.lower()
        heading = f"{row.group} ".lower()
        if word in heading and not re.search(r"and (?:stockholders|shareholders)|equity", heading):
            inside = True
        if re.match(rf"total {word}", label) or re.match(r"total (?:stockholders|shareholders)|commitments", label):
            if inside:
                break
            continue
        if not inside or re.match(r"(?:total|net|subtotal)\b", label):
            continue
        value = row.value_for(need.year)
        if value is None:
            continue
        year = need.year or (row.years[0] if row.years else None)
        out.append(Candidate(_slug(row.label) + (f"_{year}" if year else ""), value, row.scale, row.page, section, _context(row), abs(value), year))
    out.sort(key=lambda c: -abs(float(c.value)))
    return out[:8]


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", re.sub(r"\(.*?\)", " ", text.lower())).strip("_")[:48] or "line"


def best_for(need: Need, documents: list[tuple[str, str, int]]) -> list[Candidate]:
    """Candidates for ``need`` across documents given as (section title, text, first page)."""
    if need.kind == "passage":
        return passages_across(need.phrase, documents)
    found: list[Candidate] = []
    for title, text, page in documents:
        found += candidates_for(need, text, title, default_page=page)
    found.sort(key=lambda c: -c.score)
    return found


def findings_for(need: Need, documents: list[tuple[str, str, int]]) -> list[dict[str, Any]]:
    """The findings an extraction reports for a need: the best value with its row's other
    years, two passages, or the lines of a block."""
    found = best_for(need, documents)
    if not found:
        return []
    if need.kind == "passage":
        return [c.finding() for c in found[:2]]
    if need.kind == "rows":
        return [c.finding() for c in found[:8]]
    if need.kind == "table":  # the rows of the one table that matched best
        first = found[0]
        return [c.finding() for c in found if (c.section, c.page) == (first.section, first.page)][:12]
    return found[0].findings(need.base)


def confident(need: Need, documents: list[tuple[str, str, int]], found: list[Candidate]) -> bool:
    """Whether ``found`` (``best_for(need, documents)``) settles the need."""
    if need.kind == "passage":
        return len(documents) >= PASSAGE_SECTIONS and bool(found)
    if need.kind in ("rows", "table"):
        return len(found) >= (2 if need.kind == "rows" else 3)
    return bool(found) and found[0].score >= GOOD_SCORE
