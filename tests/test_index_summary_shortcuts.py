"""The summaries' short cuts answer as the plain code they replaced does.

Each short cut (page lines keyed once, digits counted in C, cheap tests first) is held to a
plain spelling of what it computes, kept here, on texts of the kinds that tell them apart:
letters that lower-case to ASCII ("İ", the Kelvin sign) or that a case-blind pattern takes
for ASCII ("ſ", "ı"), other scripts' digits, dashes, figures glued to words, short titles.
"""
from __future__ import annotations

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from retrievers.index import summaries
from retrievers.index.key_terms import TermWeights
from retrievers.index.summaries import (
    _ASCII_LOWER_WORD,
    _ASCII_NUMBER,
    _BOILERPLATE,
    _FIGURE_TOKEN,
    _LOWER_WORD,
    _NUMBER,
    _TWO_DIGITS,
    RowLabels,
    _boilerplate,
    _left_out,
    _letters,
    _PageLines,
    _row_label,
    node_text,
)
from retrievers.index.tree import Node, compact_key, compact_line_keys

_ODD_CHARS = ["İ", "\u212a", "ı", "ſ", "Σ", "é", "\ud800", "٣", "３", "—", "–", "’", "\u00a0", "\t"]
_TEXT = st.text(st.sampled_from([*"aZ09 .-'\n$%(),", *_ODD_CHARS]), max_size=60)


@settings(max_examples=300, derandomize=True)
@given(_TEXT)
def test_line_keys_are_each_line_s_compact_key(text: str) -> None:
    assert compact_line_keys(text) == "\n".join(map(compact_key, text.split("\n")))


# --- node_text: the node's lines cut out of its pages, as it was spelt line by line ---

def _plain_title_line(lines: list[str], title: str, first: int) -> int | None:
    want = summaries._title_key(title)
    if len(want) >= 6:
        return next((i for i in range(first, len(lines)) if want in compact_key(lines[i])), None)
    labelled = compact_key(title)[:30]
    if len(labelled) >= 6 and labelled != want:
        found = next((i for i in range(first, len(lines)) if labelled in compact_key(lines[i])), None)
        if found is not None:
            return found
    return next((i for i in range(first, len(lines)) if want and re.sub(r"^\d+", "", compact_key(lines[i])) == want), None)


def _plain_node_text(pages: list[str], node: Node, next_start: tuple[int, str] | None, heading: str | None) -> str:
    chunks = []
    for page in range(node.start_page, node.end_page + 1):
        text = pages[page - 1] if 0 < page <= len(pages) else ""
        if page == node.start_page:
            lines = text.split("\n")
            at = _plain_title_line(lines, heading or node.title, 0)
            text = text if at is None else "\n".join(lines[at:])
        if next_start and page == next_start[0] == node.end_page:
            lines = text.split("\n")
            at = _plain_title_line(lines, next_start[1], 1)
            text = text if at is None else "\n".join(lines[:at])
        chunks.append(text)
    return "\n".join(chunks)


_TITLES = ["Note 6. Debt", "Debt", "Item 7. Management's Discussion", "MANAGEMENT'S DISCUSSION", "Net sales by segment",
           "Income taxes (introduction)", "İncome", "\u212aelvin scale", "", "6", "Notes"]
_PAGE_LINES = st.sampled_from([*_TITLES, "6. Debt", "Note 6 Debt", "NOTE 6. DEBT", "The company had debt of $ 4.2 billion.",
                               "Net sales $ 34,229 $ 35,355", "", "  ", "ITEM 7. MANAGEMENT’S DISCUSSION AND ANALYSIS",
                               "net sales by segment (continued)", "Σ ΣΑΣ"])
_PAGES = st.lists(st.lists(_PAGE_LINES, max_size=8).map("\n".join), min_size=1, max_size=4)


@settings(max_examples=400, derandomize=True)
@given(_PAGES, st.integers(0, 5), st.integers(0, 3), st.sampled_from(_TITLES), st.sampled_from(_TITLES),
       st.none() | st.sampled_from(_TITLES), st.booleans())
def test_node_text_is_the_text_cut_line_by_line(pages, start, span, title, next_title, heading, next_on_last):
    node = Node("n", title, start, start + span)
    following = (start + span if next_on_last else start + span + 1, next_title)
    for after in (following, None):
        assert node_text(pages, node, after, heading) == _plain_node_text(pages, node, after, heading)


@settings(max_examples=200, derandomize=True)
@given(_PAGES, st.integers(1, 4), st.integers(0, 3), st.booleans())
def test_a_section_s_rows_are_its_lines_with_two_digits(pages, start, span, other_digits):
    pages = [page + ("\n1 ٣ x\n٣ y ٣\n$ 12" if other_digits else "\n1 é x\n$ 12") for page in pages]
    node = Node("n", "Net sales by segment", start, start + span)
    page_lines = _PageLines(pages)
    for page, first, end in page_lines.cuts(node, None, None):
        lines = page_lines.lines(page)[first:end]
        assert page_lines.rows(page, first, end) == [line.strip() for line in lines if _TWO_DIGITS.search(line)]
        page_lines.forget(page + 1)  # read again when asked again
        assert page_lines.rows(page, first, end) == [line.strip() for line in lines if _TWO_DIGITS.search(line)]


# --- a line's tests ---

_OLD_NUMBER = re.compile(r"\(?\$?\s?\d[\d,]*\.?\d*\)?%?|—|–")
_OLD_LOWER_WORD = re.compile(r"\b[a-z]{2,}\b")
_TOKENS = st.sampled_from(["Net", "sales", "net", "of", "the", "and", "$", "34,229", "(1,204)", "12.5%", "—", "–", "-", "%", ")",
                           "pts", "bps", "pt.", "pts.", "receipts", "excerpt", "concepts.", "2023", "5", "7", "n/a", "1.2.3", "3,374r", "x(3)", "٣", "(", ":", "Σ", "ſales", "İ"])
_LINES = st.lists(_TOKENS, max_size=14).map(" ".join)


def _plain_row_label(line: str) -> str | None:
    tokens = line.split()
    if len(line) > 160 or len(tokens) < 3:
        return None
    first = len(tokens)
    while first > 0 and _FIGURE_TOKEN.fullmatch(tokens[first - 1]):
        first -= 1
    if first == 0 or first == len(tokens) or any(_FIGURE_TOKEN.fullmatch(t) for t in tokens[:first]):
        return None
    if sum(any(c.isdigit() for c in t) for t in tokens[first:]) < 2:
        return None
    label = " ".join(tokens[:first]).strip(" :,.-(")
    return label if label[:1].isalpha() else None


def _plain_left_out(line: str) -> bool:
    numbers = len(_OLD_NUMBER.findall(line))
    prose = len(_OLD_LOWER_WORD.findall(line)) >= max(6, 2 * numbers)
    return (numbers >= 3 and not prose) or (bool(_TWO_DIGITS.search(line)) and _plain_row_label(line) is not None)


@settings(max_examples=500, derandomize=True)
@given(_LINES)
@example("Net 5 7")  # a row with two digits, no more
@example("Revenue ٣ ٣ —")
@example("2022 170,683,732 n/a 0")
@example("Rita Case, 2025")
def test_a_line_s_tests_answer_as_their_plain_spellings(line: str) -> None:
    assert len(_NUMBER.findall(line)) == len(_OLD_NUMBER.findall(line))
    assert _LOWER_WORD.findall(line) == _OLD_LOWER_WORD.findall(line)
    if _TWO_DIGITS.search(line):  # what _row_label is asked of
        assert _row_label(line) == _plain_row_label(line)
    assert _left_out(line, RowLabels()) == _plain_left_out(line)


@settings(max_examples=300, derandomize=True)
@given(st.text(st.sampled_from([*"aZz09_ .,-$%()'\t", "\x1c", "\x7f"]), max_size=40))
@example("12,3.4.5 ab_cd x1y ab9 Ab cd.ef 1..2")
def test_an_ascii_line_s_bytes_patterns_find_what_the_line_s_patterns_do(line: str) -> None:
    # An ASCII line's numbers and lower-case words are found in its bytes (_ASCII_NUMBER,
    # _ASCII_LOWER_WORD): the matches must be those the patterns find on the line.
    data = line.encode("ascii")
    assert [b.decode("ascii") for b in _ASCII_NUMBER.findall(data)] == _NUMBER.findall(line)
    assert [b.decode("ascii") for b in _ASCII_LOWER_WORD.findall(data)] == _LOWER_WORD.findall(line)


@settings(max_examples=300, derandomize=True)
@given(st.lists(st.sampled_from(["Accompanying notes", "INTEGRAL PART OF THESE", "table of contents", "table", "ſ", "ı", "İ",
                                 "\u212a", "é", "Integral part of theſe", "TABLE OF CONTENTS", " ", "x"])).map("".join))
def test_a_sentence_s_letters_and_boilerplate_are_counted_as_before(sentence: str) -> None:
    assert _letters(sentence) == sum(map(str.isalpha, sentence))
    assert _boilerplate(sentence) == bool(_BOILERPLATE.search(sentence))


def test_key_terms_of_a_leaf_are_those_of_its_text() -> None:
    texts = ["Net sales rose; net sales-", "about- about- the-the- sales sales", "Net sales rose; net sales-", "gamma gamma"]
    weights = TermWeights(texts)
    for leaf, text in enumerate(texts):
        assert weights.key_terms_of(leaf, "rose") == weights.key_terms(text, "rose")
