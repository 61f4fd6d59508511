"""The printed table of contents read without a model, for a filing whose body heads its
first Items nowhere (JPMorgan's 10-Qs): its tree comes from the TOC instead of one "cover
page" section that swallows everything before the first Item the body does head."""
from __future__ import annotations

from pathlib import Path

import pytest
from pdf_factory import Text, paragraph, typeset_pdf

from retrievers.index.builder import build_index, layout_tree_builder
from retrievers.index.pdf import read_pdf
from retrievers.index.recall import bookmark_recall
from retrievers.index.structure import structural_tree

FILINGS = Path(__file__).resolve().parents[2] / "shared" / "financebench" / "pdfs"

# (title, printed page) as the TOC lists them; "Item 2." and "Item 1." are printed without
# pages, over the sections they hold, and the statements come first as in JPMorgan's TOC.
TOC = [
    "TABLE OF CONTENTS",
    "Part I - Financial information Page",
    "Item 1. Financial Statements.",
    "Consolidated statements of income (unaudited) 10",
    "Notes to Consolidated Financial Statements (unaudited) 11",
    "Item 2. Management's Discussion and Analysis of Financial Condition and Results of Operations.",
    "Introduction 3",
    "Executive Overview 4",
    "Liquidity Risk Management 6",
    "Market Risk Management 8",
    "Item 3. Quantitative and Qualitative Disclosures About Market Risk. 14",
    "Item 4. Controls and Procedures. 14",
    "Part II - Other information",
    "Item 1. Legal Proceedings. 15",
    "Item 6. Exhibits. 15",
]
# Headings on their pages, set in capitals and bold as JPMorgan sets them, with no "Item".
HEADINGS = {
    3: "INTRODUCTION",
    4: "EXECUTIVE OVERVIEW",
    6: "LIQUIDITY RISK MANAGEMENT",
    8: "MARKET RISK MANAGEMENT",
    10: "CONSOLIDATED STATEMENTS OF INCOME (UNAUDITED)",
    11: "NOTES TO CONSOLIDATED FINANCIAL STATEMENTS (UNAUDITED)",
}


def _filing(path: Path, toc: list[str]) -> Path:
    pages: list[list[Text]] = [[Text("FORM 10-Q", 16, bold=True), Text("Example Bank & Co.", 12), *paragraph(3)]]
    pages.append([Text(line, 10, bold=line.startswith(("TABLE", "Part"))) for line in toc])
    for page in range(3, 16):
        lines: list[Text] = []
        if page in HEADINGS:
            lines.append(Text(HEADINGS[page], 12, bold=True))
        if page == 14:
            lines += [Text("Item 3. Quantitative and Qualitative Disclosures About Market Risk.", 10, bold=True), *paragraph(2),
                      Text("Item 4. Controls and Procedures.", 10, bold=True)]
        if page == 15:
            lines += [Text("Item 1. Legal Proceedings.", 10, bold=True), *paragraph(2), Text("Item 6. Exhibits.", 10, bold=True)]
        lines += paragraph(6)
        lines.append(Text(str(page), 9, x=300))  # the printed page number in the footer
        pages.append(lines)
    return typeset_pdf(path / "filing.pdf", pages)


def _tops(index) -> list[tuple[str, int, int]]:
    return [(n.title, n.start_page, n.end_page) for n in index.nodes]


def test_a_filing_without_its_first_items_in_the_body_gets_its_printed_tocs_sections(tmp_path):
    index = build_index(_filing(tmp_path, TOC))

    assert index.source == "toc"
    tops = _tops(index)
    assert tops[0] == ("Cover page and table of contents", 1, 2)
    # "Item 2." has no page of its own in the TOC: it starts where its first section does.
    item2 = index.nodes[1]
    assert item2.title.startswith("Item 2. Management's Discussion") and (item2.start_page, item2.end_page) == (3, 9)
    assert [(c.title, c.start_page, c.end_page) for c in item2.children] == [
        ("Introduction", 3, 3), ("Executive Overview", 4, 5), ("Liquidity Risk Management", 6, 7), ("Market Risk Management", 8, 9)]
    item1 = next(n for n in index.nodes if n.title.startswith("Item 1. Financial Statements"))
    assert (item1.start_page, item1.end_page) == (10, 13)
    assert [c.title for c in item1.children][:2] == [
        "Consolidated statements of income (unaudited)", "Notes to Consolidated Financial Statements (unaudited)"]
    assert any(t.startswith("Item 3. Quantitative") and s == 14 for t, s, _ in tops)
    assert any(t.startswith("Item 6. Exhibits") and s == 15 for t, s, _ in tops)


def test_without_the_toc_reader_the_same_filing_is_one_long_cover_section(tmp_path):
    # What the tree was before: the Items the body heads (3, 4 and Part II's) are its
    # structure, and pages 1-13 are "front matter".
    content = read_pdf(_filing(tmp_path, TOC))
    tree = structural_tree(content.pages, content.lines, content.outline)
    assert tree.source == "structure"
    assert (tree.nodes[0].start_page, tree.nodes[0].end_page) == (1, 13)


def test_a_toc_whose_pages_do_not_hold_its_headings_is_not_trusted(tmp_path):
    # The same filing with a TOC from another document: its titles are nowhere in the body,
    # so the structure found in the body stands.
    elsewhere = iter(["Letter to Shareholders", "Our Strategy", "Regional Results", "Trust Services", "Capital Markets Review",
                      "Investor Information"])
    other = [f"{next(elsewhere)} {line.split()[-1]}" if line[-1:].isdigit() and not line.startswith("Item") else line
             for line in TOC]
    index = build_index(_filing(tmp_path, other))
    assert index.source == "structure"
    assert (index.nodes[0].start_page, index.nodes[0].end_page) == (1, 13)


def test_a_filing_whose_body_heads_its_items_keeps_them(tmp_path):
    # The Items found where they start: the TOC is not read, though it would pass its checks.
    items = ["Item 1. Business", "Item 1A. Risk Factors", "Item 2. Properties", "Item 3. Legal Proceedings", "Item 4. Mine Safety Disclosures"]
    pages = [[Text("FORM 10-K", 16, bold=True), *paragraph(3)],
             [Text("TABLE OF CONTENTS", 10, bold=True), *(Text(f"{title} {n}", 10) for n, title in enumerate(items, 3))]]
    pages += [[Text(title, 11, bold=True), *paragraph(8)] for title in items]
    pages += [[*paragraph(10)] for _ in range(12)]
    index = build_index(typeset_pdf(tmp_path / "tenk.pdf", pages))
    assert index.source == "structure"
    assert [(n.title, n.start_page) for n in index.nodes[1:4]] == [("Item 1. Business", 3), ("Item 1A. Risk Factors", 4), ("Item 2. Properties", 5)]


def test_a_toc_that_does_not_list_the_items_does_not_replace_them(tmp_path):
    # A 10-K bound into a glossy annual report: the first TOC lists the report's parts, all
    # found on their pages, and the Items come after them. The Items stay the structure.
    parts = ["Letter to Shareholders", "Our Businesses", "Financial Highlights", "Sustainability", "Leadership"]
    starts = [3, 5, 8, 10, 12]
    pages = [[Text("2023 ANNUAL REPORT", 16, bold=True), *paragraph(3)],
             [Text("CONTENTS", 10, bold=True), *(Text(f"{title} {page}", 10) for title, page in zip(parts, starts))]]
    for page in range(3, 14):
        heading = [Text(parts[starts.index(page)].upper(), 12, bold=True)] if page in starts else []
        pages.append([*heading, *paragraph(8)])
    items = ["Item 1. Business", "Item 1A. Risk Factors", "Item 2. Properties", "Item 7. Management's Discussion and Analysis",
             "Item 8. Financial Statements and Supplementary Data"]
    pages += [[Text(title, 11, bold=True), *paragraph(8)] for title in items]
    index = build_index(typeset_pdf(tmp_path / "wrapped.pdf", pages))
    assert index.source == "structure"
    assert [n.title for n in index.nodes[1:3]] == ["Item 1. Business", "Item 1A. Risk Factors"]


@pytest.mark.skipif(not (FILINGS / "JPMORGAN_2022Q2_10Q.pdf").is_file(), reason="the shared FinanceBench filings are not beside the project")
@pytest.mark.parametrize("name, found_before", [("JPMORGAN_2021Q1_10Q", 55), ("JPMORGAN_2022Q2_10Q", 64), ("JPMORGAN_2023Q2_10Q", 60)])
def test_jpmorgans_10qs_without_their_bookmarks_get_the_printed_tocs_tree(name, found_before):
    pdf = FILINGS / f"{name}.pdf"
    index = build_index(pdf, tree_builder=layout_tree_builder)
    assert index.source == "toc"
    assert index.nodes[0].end_page <= 3  # the cover and the TOC, not the whole MD&A
    titles = {n.title for n in index.all_nodes()}
    assert {"Business Segment Results", "Liquidity Risk Management", "Market Risk Management"} <= titles
    mdna = index.nodes[1]
    assert mdna.title.startswith("Item 2. Management’s Discussion") and mdna.start_page == 3 and len(mdna.children) >= 15
    recall = bookmark_recall(pdf)
    assert recall is not None and recall.found_count >= found_before + 8
