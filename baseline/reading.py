"""Finding what a need asks for in text a tool returned.

A figure is a table row whose label names it, read in the column of the year asked,
preferring the statement it is printed on (and the one the question names), else a
sentence that states it with a unit. A passage is one of the sentences that best match the
question (one BM25 over every sentence read, so scores compare across sections).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from baseline.lineitems import label_score
from baseline.needs import PASSAGE, Need
from baseline.statements import BALANCE, CASH_FLOW, statement_kind
from baseline.tables import Row, iter_rows, page_lines
from baseline.text import BM25, expand_query, sentences, terms
from baseline.wording import core_question
from core.results import Finding

GOOD_SCORE = 2.5  # a row naming the figure, on its statement or in its year's column
PASSAGE_SECTIONS = 3  # sections read before answering from passages
MIN_COVERAGE = 0.2  # a sentence sharing less than a fifth of the question's terms does not answer it

Source = tuple[str, str, int]  # (section title, text, first page)


@dataclass
class Candidate:
    finding: Finding
    score: float
    year: int | None = None
    others: dict[int, float] = field(default_factory=dict)  # the row's other years

    def findings(self, base: str) -> list[Finding]:
        """This value and the same row's other years, each its own finding."""
        out = [self.finding]
        for year, value in sorted(self.others.items(), reverse=True):
            if year != self.year:
                f = self.finding
                out.append(Finding(f"{base}_{year}", value, f.unit, f.page, f.section, f.context))
        return out


def _context(row: Row) -> str:
    columns = ", ".join(map(str, row.years)) if row.years else "unlabelled"
    scale = row.scale.replace("_usd", " USD") if row.scale else "scale not stated"
    return f"{row.label}: {' '.join(row.raw_cells)} (columns: {columns}; {scale})"


def _statement_bonus(need: Need, section: str, row: Row) -> float:
    kind = statement_kind(section)
    bonus = 0.0
    if kind and need.statements:
        bonus = 1.0 if kind == need.statements[0] else (0.6 if kind in need.statements else -0.3)
    if need.statements[:1] == (BALANCE,) and re.search(r"(?i)changes? in|increase|decrease", row.group):
        bonus -= 1.0  # "Changes in assets and liabilities: Inventories": a flow, not the balance
    return bonus


def row_candidates(need: Need, text: str, section: str, default_page: int = 1) -> list[Candidate]:
    """Rows (else sentences) of one section that give ``need``'s figure, best first."""
    found: list[Candidate] = []
    if need.statements == (BALANCE,) and statement_kind(section) == CASH_FLOW:
        return []  # a balance printed in the statement of cash flows is its change, not the balance
    for row in iter_rows(text, default_page):
        score = label_score(row.label, need.alternatives, need.context)
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
        found.append(Candidate(Finding(label, value, unit, row.page, section, _context(row)), score, year, row.by_year()))
    if not found:
        found = sentence_values(need, text, section, default_page)
    found.sort(key=lambda c: -c.score)
    return found


_AMOUNT = re.compile(r"(?<![\w.])(\(?\$?\s?\d{1,3}(?:,\d{3})+(?:\.\d+)?|\(?\$?\s?\d+(?:\.\d+)?)\)?\s?(%|percent\b|million\b|billion\b|thousand\b)?", re.IGNORECASE)
_YEAR = re.compile(r"(?<![\d,.$])((?:19|20)\d{2})(?![\d,%])")
_SCALES = {"million": "millions_usd", "billion": "billions_usd", "thousand": "thousands_usd"}


def _by_page(text: str, first_page: int) -> dict[int, list[str]]:
    pages: dict[int, list[str]] = {}
    for page, line in page_lines(text, first_page):
        pages.setdefault(page, []).append(line)
    return pages


def sentence_values(need: Need, text: str, section: str, default_page: int = 1) -> list[Candidate]:
    """A figure stated in prose: "the effective tax rate was 21.6% in 2022 and 24.6% in 2021".
    Values need a unit (%, $, million); with years, the k-th value goes with the k-th year."""
    names = [set(terms(n)) for n in need.alternatives if terms(n)]
    out: list[Candidate] = []
    for page, lines in _by_page(text, default_page).items():
        for sentence in sentences(" ".join(lines)):
            if len(sentence) > 600 or not any(n <= set(terms(sentence)) for n in names):
                continue
            values: list[tuple[float, str]] = []
            for match in _AMOUNT.finditer(sentence):
                raw, unit = match.group(1), (match.group(2) or "").lower()
                if (_YEAR.fullmatch(raw.strip("($ ")) and not unit) or (not unit and "$" not in raw):
                    continue
                values.append((float(re.sub(r"[^\d.]", "", raw) or "nan"), "percent" if unit in ("%", "percent") else _SCALES.get(unit, "")))
            if not values:
                continue
            years = [int(m.group(1)) for m in _YEAR.finditer(sentence)]
            if need.year and len(years) == len(values) and need.year in years:
                chosen = values[years.index(need.year)]
            elif (need.year and need.year in years and len(values) == 1) or not need.year:
                chosen = values[0]
            else:
                continue
            label = f"{need.base}_{need.year}" if need.year else need.base
            finding = Finding(label, chosen[0], chosen[1], page, section, sentence[:200])
            out.append(Candidate(finding, 1.5 + (0.5 if need.year else 0.0), need.year))
    return out


_ASKS_WHY = re.compile(r"(?i)\bwhat drove|\bdrivers?\b|\bwhy\b|what caused|reasons? for")
_CAUSAL = re.compile(r"(?i)\b(?:due to|driven by|as a result of|attributable to|reflect(?:s|ed|ing)|because of|offset by)\b")


def _boilerplate(sentence: str) -> bool:
    letters = re.sub(r"[^A-Za-z]", "", sentence)
    return len(letters) < 0.5 * len(sentence) or bool(re.search(r"(?i)table of contents|securities and exchange commission", sentence))


def passages_across(question: str, sources: list[Source], limit: int = 3) -> list[Candidate]:
    """The sentences that best answer ``question`` across every source read."""
    passages = [(section, page, s) for section, text, first in sources for page, lines in _by_page(text, first).items()
                for s in sentences(" ".join(lines)) if not _boilerplate(s)]
    if not passages:
        return []
    query = expand_query(core_question(question))  # the asking sentence, not the instructions around it
    scores = BM25([terms(s) for _, _, s in passages]).scores(query)
    if _ASKS_WHY.search(question):  # a "what drove" question is answered by a sentence that gives causes
        scores = [score * (1.4 if _CAUSAL.search(p[2]) else 1.0) for score, p in zip(scores, passages, strict=True)]
    wanted = set(query)
    out = []
    for i in sorted(range(len(passages)), key=lambda i: -scores[i])[:limit]:
        if scores[i] <= 0:
            break
        section, page, sentence = passages[i]
        coverage = len(set(terms(sentence)) & wanted) / (len(wanted) or 1)
        if coverage < MIN_COVERAGE:
            continue
        out.append(Candidate(Finding(f"passage_p{page}", sentence[:400], "text", page, section, f"covers {coverage:.0%} of the question's terms"), scores[i]))
    return out


def best_for(need: Need, sources: list[Source]) -> list[Candidate]:
    """Candidates for ``need`` across every source, best first."""
    if need.kind == PASSAGE:
        return passages_across(need.phrase, sources)
    found = [c for title, text, page in sources for c in row_candidates(need, text, title, page)]
    found.sort(key=lambda c: -c.score)
    return found


def findings_for(need: Need, sources: list[Source]) -> list[Finding]:
    """What an extraction reports for a need: the best value with its row's other years, or
    the two best passages."""
    found = best_for(need, sources)
    if not found:
        return []
    if need.kind == PASSAGE:
        return [c.finding for c in found[:2]]
    return found[0].findings(need.base)


def settled(need: Need, sources: list[Source], found: list[Candidate]) -> bool:
    """Whether ``found`` (``best_for(need, sources)``) settles the need: a good row, or
    passages from enough sections."""
    if need.kind == PASSAGE:
        return len(sources) >= PASSAGE_SECTIONS and bool(found)
    return bool(found) and found[0].score >= GOOD_SCORE


def gather(needs: list[Need], sources: list[Source]) -> list[Finding]:
    """The findings for every need, each label once."""
    findings: list[Finding] = []
    seen: set[str] = set()
    for need in needs:
        for finding in findings_for(need, sources):
            if finding.label not in seen:
                seen.add(finding.label)
                findings.append(finding)
    return findings
