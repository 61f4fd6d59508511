"""The per-line patterns that were rewritten for speed match what their plain spellings do.

Each fast pattern is checked against the straightforward one it replaced, on lines of the
kinds that tell them apart (figures glued to words, stops after brackets, suffixes at the
end of a long line, letters that are no number).
"""
from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from retrievers.index import body_text, headings, layout_headings, summaries
from retrievers.index.headings import COMPANY_LINE, at_end, is_continued
from retrievers.index.numbering import parse_numbering

LINES = [
    "Net sales $ 34,229 $ 35,355 (1,204) 12.5% — –",
    "In 2023, revenue rose 5% to $1.2 billion (see Note 3).",
    "x(3,400) a.5 1.2.3 v2 (12) $ 7 2,000.50) 19 20",
    "Consolidated statements of income (continued)",
    "Revenue was discontinued",
    "The report of ACME HOLDINGS INC.",
    "ACME CORPORATION AND CONSOLIDATED SUBSIDIARIES COMPANIES",
    "Payments to suppliers and",
    "Agreements between",
    "This ends here. Then a new one! Or (not)? Yes” Next.",
    "Chapter 3 The model",
    "IV. Discussion",
    "b) the case",
    "(ii) second",
    "2.3 Results",
    "Section 12: Scope",
    "Thereafter nothing",
    "ſection 2 Long s",
]

OLD_SUMMARY_NUMBER = re.compile(r"\(?\$?\s?\d[\d,]*\.?\d*\)?%?|—|–")
OLD_LOWER_WORD = re.compile(r"\b[a-z]{2,}\b")
OLD_HEADING_NUMBER = re.compile(r"(?<![\w.])\(?\d[\d,]*(?:\.\d+)?\)?(?![\w])")
OLD_SENTENCE_END = re.compile(r"(?<=[a-z0-9%)\]”\"])[.!?](?=\s+[A-Z“\"(]|\s*$)")
OLD_CONTINUED = re.compile(r"\(?\b(continued|cont'?d?\.?)\)?\s*$", re.IGNORECASE)
OLD_SENTENCE_BREAK = re.compile(r"[a-z0-9)][.!?]\s+[A-Z]")


@pytest.mark.parametrize("line", LINES)
def test_fast_patterns_match_their_plain_spellings(line: str) -> None:
    assert len(summaries._NUMBER.findall(line)) == len(OLD_SUMMARY_NUMBER.findall(line))  # only counted
    assert summaries._LOWER_WORD.findall(line) == OLD_LOWER_WORD.findall(line)
    assert layout_headings._NUMBER.findall(line) == OLD_HEADING_NUMBER.findall(line)
    assert summaries._SENTENCE_END.split(line) == OLD_SENTENCE_END.split(line)
    assert is_continued(line) == bool(OLD_CONTINUED.search(line.strip()))
    assert bool(layout_headings._SENTENCE_BREAK.search(line)) == bool(OLD_SENTENCE_BREAK.search(line))
    for text in (line, line + " (Continued)", "Cont'd " + line):
        expected = bool(layout_headings._TABLE_WORDS.search(text)) or is_continued(text)
        assert layout_headings._tabular_or_continued(text) == expected
        figures = [t for t in OLD_HEADING_NUMBER.findall(text) if not body_text.YEAR_TOKEN.match(t)]
        assert layout_headings._has_two_numbers(text) == (len(figures) > 1)
    long_line = "word " * 30 + line
    for text in (line, long_line):
        assert at_end(COMPANY_LINE, text) == bool(COMPANY_LINE.search(text))
        for connector in (layout_headings._CONNECTOR_END, headings._CONNECTOR_END):
            assert at_end(connector, text) == bool(connector.search(text))


@pytest.mark.parametrize("line", [*LINES, "A.1 Scope", "B.2.3. Terms", "10.2.1 Detail", "12. Intro", "3 Results", "2023 Annual Report",
                                  "12 Months", "1.2.3.4.5.6 Deep", "xii) Twelfth", "iv.\tTabbed", "In 2023", "Item 7"])
def test_number_prefilter_turns_away_only_unnumbered_lines(line: str) -> None:
    from retrievers.index import numbering

    full = [numbering._WORD_LABEL, numbering._DECIMAL, numbering._LETTERED, numbering._ROMAN, numbering._LETTER, numbering._PAREN]
    if any(pattern.match(line.strip()) for pattern in full):
        assert numbering._MAY_BE_NUMBERED.match(line.strip())
    if not numbering._MAY_BE_NUMBERED.match(line.strip()):
        assert parse_numbering(line) is None


# The number prefilter as it was before its look at the first two characters.
PLAIN_MAY_BE_NUMBERED = re.compile(
    r"^(?:chapter|section|part|lecture|appendix|annex|schedule|article)\s"
    r"|^(?:\d{1,2}(?:\.\d{1,2}){0,4}\.?\s|\(|[ivx]{1,5}[.)]|[a-z][.)])",
    re.IGNORECASE,
)


def test_number_prefilter_guard_lets_through_what_the_branches_take() -> None:
    """Every character that a case-blind branch takes as a label word's first letter, as a
    roman digit or as a lettered number is among the guard's: the guard spells them
    case-sensitively."""
    import sys

    from retrievers.index import numbering

    characters = [chr(code) for code in range(sys.maxunicode + 1) if not 0xD800 <= code < 0xE000]
    texts = []
    for word in ("chapter", "section", "part", "lecture", "appendix", "annex", "schedule", "article"):
        texts += [first + word[1:] + " 2 Title" for first in filter(re.compile(f"(?i){word[0]}").match, characters)]
    for digit in filter(re.compile("(?i)[ivx]").match, characters):
        texts += [f"x{digit}. Title", f"{digit}{digit}) Title"]
    texts += [f"{letter}. Title" for letter in filter(re.compile("(?i)[a-z]").match, characters)]
    for text in texts:
        assert PLAIN_MAY_BE_NUMBERED.match(text), text  # each is a number the plain prefilter takes
        assert numbering._MAY_BE_NUMBERED.match(text), text


@given(st.text(alphabet="aAcCiIvVxXsSpPlLtTeE.() 0123456789\t\u0130\u0131\u017f\u212a\u0663²", max_size=8),
       st.sampled_from(["", "chapter", "SECTION", "\u017fection", "Part", "lecture", "appendix", "annex", "schedule", "article",
                        "iv.", "X)", "k.", "\u212a.", "\u0130)", "\u0131.", "12.3", "(", "The", "Since"]))
def test_number_prefilter_agrees_with_its_plain_spelling(tail: str, head: str) -> None:
    from retrievers.index import numbering

    text = head + tail
    assert bool(numbering._MAY_BE_NUMBERED.match(text)) == bool(PLAIN_MAY_BE_NUMBERED.match(text))


def test_is_caps_short_cut_agrees_with_the_count() -> None:
    for text in [*LINES, "ABCD", "ABCDEFG h", "AB", "NET SALES", "Net Sales", "A" * 250 + "b" * 40]:
        layout_headings.clear_line_caches()
        sample = text[:200]
        upper, lower = sum(map(str.isupper, sample)), sum(map(str.islower, sample))
        assert layout_headings.is_caps(text) == (upper + lower >= 4 and upper > 0.85 * (upper + lower))


@pytest.mark.parametrize("line", [*LINES, "a—b", "1 2", "", "12 and 3 more —"])
def test_three_number_chars_agrees_with_counting_them(line: str) -> None:
    assert bool(summaries._THREE_NUMBER_CHARS.search(line)) == (len(re.findall(r"[\d—–]", line)) >= 3)


def test_is_caps_counts_letters_beyond_ascii() -> None:
    prose = "The Company reported net sales of 34 billion dollars, up from last year, in all regions."
    others = ["ÉTATS FINANCIERS", "états financiers", "NET SALES — 2023’S", "ΑΒΓΔ", "αβγδ ABCD", "İSTANBUL", "ǅǅǅǅ"]
    for text in (prose, prose.upper(), "ANNUAL REPORT " * 8 + prose, "NET SALES BY SEGMENT AND REGION " * 4, *others):
        layout_headings.clear_line_caches()
        sample = text[:200]
        upper, lower = sum(map(str.isupper, sample)), sum(map(str.islower, sample))
        assert layout_headings.is_caps(text) == (upper + lower >= 4 and upper > 0.85 * (upper + lower))


@pytest.mark.parametrize("line", [*LINES, "2021 2022 2023", "Total 2023 1,204", "$ 12", "Revenue 2023", "well-known (a) 1990s",
                                  "x-1 y-2 z-3", "Figures:\u00a0$\u00a012\u2003(3)"])
def test_looks_like_row_counts_figures_as_before(line: str) -> None:
    layout_headings.clear_line_caches()
    tokens = line.split()
    figures = sum(1 for t in tokens if body_text._FIGURE_TOKEN.match(t) and not body_text.YEAR_TOKEN.match(t))
    plain = figures >= 2 and figures >= 0.3 * len(tokens) or (figures >= 1 and len(tokens) <= 3)
    assert body_text.looks_like_row(line) == plain


def test_chars_between_agrees_with_walking_the_lines() -> None:
    from retrievers.index.layout import Layout

    pages = ["Title\n\nfirst line of text\nsecond\n  indented  ", "next page\nmore text here\n3", "last"]
    layout = Layout.from_pages(pages)
    positions = [(page, line) for page in range(0, 5) for line in range(-1, 6)]
    for start in positions:
        for end in positions:
            walked = sum(len(ln.text.strip()) for ln in layout.iter_lines(start, end))
            assert layout.chars_between(start, end) == walked, (start, end)


def _plain_body_sizes(layout, pages) -> tuple[dict[int, float], float]:
    """The body sizes as every line's row test gives them (``body_text.Typography``)."""
    from collections import Counter

    chars: Counter[float] = Counter()
    page_body = {}
    for page in pages:
        on_page: Counter[float] = Counter()
        for ln in layout.content_lines(page):
            if len(ln.text) > 30 and ln.size and not body_text.looks_like_row(ln.text):
                on_page[ln.size] += len(ln.text)
        chars.update(on_page)
        if sum(on_page.values()) >= 600:
            page_body[page] = on_page.most_common(1)[0][0]
    return page_body, (chars.most_common(1)[0][0] if chars else 0.0)


def test_body_sizes_agree_with_testing_every_line() -> None:
    import random

    from retrievers.index.layout import Layout
    from retrievers.index.pdf import Line

    prose = "The committee reviewed the plan and its effects on the reported results of the year"
    rows = ["Net sales $ 34,229 $ 35,355 (1,204) 12.5%", "Total assets 1,204 2,310 3,400 4,100 5,000"]
    rng = random.Random(7)
    for trial in range(300):
        sizes = rng.sample([7.0, 8.0, 9.0, 10.0, 11.0, 12.0], rng.randint(1, 4))
        row_share = rng.random()
        pages = []
        for page in range(1, rng.randint(1, 6) + 1):
            lines = []
            for number in range(rng.randint(0, 30)):
                text = rng.choice(rows) if rng.random() < row_share else prose[: rng.randint(20, len(prose))]
                lines.append(Line(text, page, number, size=rng.choice(sizes)))
            pages.append(lines)
        layout = Layout.from_lines(pages)
        wanted = [page for page in range(1, layout.page_count + 1) if rng.random() < 0.8]
        layout_headings.clear_line_caches()
        typography = body_text.Typography(layout, wanted)
        assert (typography.page_body, typography.body) == _plain_body_sizes(layout, wanted), trial


def test_body_sizes_of_a_tie_and_of_rows_alone() -> None:
    from retrievers.index.layout import Layout
    from retrievers.index.pdf import Line

    prose = "The committee reviewed the plan and its effects on the reported results"
    row = "Net sales $ 34,229 $ 35,355 (1,204) 12.5%"
    for first, second in ((10.0, 12.0), (12.0, 10.0)):
        tie = [[Line(prose, 1, n, size=first if n % 2 else second) for n in range(30)],
               [Line(row, 2, n, size=9.0) for n in range(10)]]
        rows_alone = [[Line(row, 1, n, size=first) for n in range(30)]]
        for pages in (tie, rows_alone):
            layout = Layout.from_lines(pages)
            layout_headings.clear_line_caches()
            typography = body_text.Typography(layout, [1, 2])
            assert (typography.page_body, typography.body) == _plain_body_sizes(layout, [1, 2])


def test_small_letters_rule_out_only_lines_not_in_capitals() -> None:
    from retrievers.index.layout import Layout

    texts = [*LINES, "NET SALES", "ÉTATS FINANCIERS état", "ACME Inc. AND SUBSIDIARIES", "  indented text here", "x" * 250]
    layout = Layout.from_pages(["\n".join(texts), "", "one line"])
    for page in range(1, layout.page_count + 1):
        counts = layout_headings._small_letters(layout, page)
        lines = layout.content_lines(page)
        assert counts == [sum(1 for c in ln.text if "a" <= c <= "z") for ln in lines]
        for count, ln in zip(counts, lines):
            text = ln.text.strip()
            if 6 * count > len(text) and len(text) <= 200:
                assert not layout_headings.is_caps(text)


@pytest.mark.parametrize(("line", "entry"), [
    ("Mine Safety Disclosures 15 Part II", ("Mine Safety Disclosures", 15)),
    ("Item 7. Management's Discussion ..... 19\u00a0 ", ("Item 7. Management's Discussion", 19)),
    ("Risk Factors 12 part iv", ("Risk Factors", 12)),
    ("The plan was approved in 2021, when", None),
    ("Net sales $ 34,229 $ 35,355", None),
    ("   ", None),
])
def test_toc_line_reads_entries_after_its_early_exit(line: str, entry: tuple[str, int] | None) -> None:
    from core.protocol.toc_lines import toc_line

    assert toc_line(line, 100) == entry


def _plain_boilerplate(layout) -> set:
    """The running headers and footers as the first spelling of ``Layout._mark_boilerplate``
    found them: every edge line's key and shape, counted per page."""
    from collections import Counter

    from retrievers.index import layout as layout_module

    def norm(text: str) -> str:
        return " ".join(text.lower().split())

    def shape(key: str) -> str:
        key = re.sub(r"\d+", "#", key)
        roman = re.search(r"\b[ivxlc]{1,6}$", key)
        return key if roman is None else key[: roman.start()] + "#"

    edges = [page[:4] + page[-3:] for page in layout._nonblank]
    exact = Counter(k for edge in edges for k in {norm(ln.text) for ln in edge})
    shapes = Counter(k for edge in edges for k in {shape(norm(ln.text)) for ln in edge})
    pages = max(layout.page_count, 1)
    return {(ln.page, ln.number) for edge in edges for ln in edge
            if exact[norm(ln.text)] >= max(3, int(0.03 * pages)) or shapes[shape(norm(ln.text))] >= max(3, 0.25 * pages)
            or layout_module._PAGE_NUMBER.match(norm(ln.text))}


def test_boilerplate_agrees_with_counting_every_shape() -> None:
    import random

    from retrievers.index.layout import Layout

    headers = ["ACME Corp 2023 Annual Report {n}", "Page {n} of 40", "Section ii  Overview {n}", "Notes — {r}",
               "{r}", "Chapter {r}", "Rapport annuel ٢٠٢٣ — {n}", "Report #{n} ix", "Item {n}. Business", "Page {r}#"]
    body = ["The committee reviewed the plan {n}.", "Revenue rose {n}% in the year.", "Text without digits here",
            "x" * 30, "Part {r} of the record"]
    romans = ["i", "ii", "iii", "iv", "v", "vi", "vii", "ix", "xi", "xiv", "xl", "lc"]
    rng = random.Random(11)
    for trial in range(60):
        chosen = rng.sample(headers, 3)
        pages = []
        for _ in range(rng.randint(1, 39)):
            lines = [rng.choice(chosen) if rng.random() < 0.7 else rng.choice(body) for _line in range(rng.randint(0, 12))]
            pages.append("\n".join(t.format(n=rng.randint(1, 300), r=rng.choice(romans)) for t in lines))
        layout = Layout.from_pages(pages)
        assert layout.boilerplate == _plain_boilerplate(layout), trial


@pytest.mark.parametrize("line", [*LINES, "NET SALES", "Net Sales", "AB", "ABc", "A1B2C3 d", "ÉTATS FINANCIERS", "ΑΒΓΔ αβ", "", "123"])
def test_filing_is_caps_counts_letters_as_before(line: str) -> None:
    letters = [c for c in line if c.isalpha()]
    plain = len(letters) >= 3 and sum(c.isupper() for c in letters) / len(letters) > 0.85
    assert headings._is_caps(line) == plain
