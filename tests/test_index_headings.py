"""Headings found from layout on typeset PDFs: size, bold, numbering, page furniture and
tables, as a reader would see them."""
from __future__ import annotations

from pathlib import Path

import pytest
from pdf_factory import BLANK, Text, paragraph, typeset_pdf

from retrievers.index import build_index
from retrievers.index.layout import Layout
from retrievers.index.layout_headings import find_layout_headings
from retrievers.index.numbering import as_roman, follows, may_be_nested, parse_numbering
from retrievers.index.pdf import read_pdf

HEADER = Text("Northwind Holdings Annual Review 2023", 8)


def page(number: int, *blocks: list[Text] | Text) -> list[Text]:
    """A page with a running header, the blocks, and its page number at the foot."""
    lines = [HEADER, BLANK]
    for block in blocks:
        lines += block if isinstance(block, list) else [block]
    return lines + [BLANK, Text(str(number), 8, x=300)]


@pytest.fixture(scope="module")
def report(tmp_path_factory) -> Path:
    """A three-page report: a title, bold section and sub-section headings in two sizes, a
    table with a bold caption, header row and total, running headers and page numbers."""
    path = tmp_path_factory.mktemp("pdfs") / "northwind_review.pdf"
    return typeset_pdf(path, [
        page(1, Text("Northwind Annual Review", 22, bold=True), BLANK, paragraph(6), BLANK, paragraph(5)),
        page(
            2,
            Text("Strategy and Markets", 15, bold=True), paragraph(5), BLANK,
            Text("Regional Demand", 11, bold=True), paragraph(6), BLANK,
            Text("Pricing", 11, bold=True), paragraph(5),
        ),
        page(
            3,
            Text("Financial Review", 15, bold=True), paragraph(4), BLANK,
            Text("Net sales by segment", 10, bold=True),
            Text("Segment 2023 2022", 10, bold=True),
            Text("Consumer 1,234 1,100"), Text("Industrial 2,345 2,200"),
            Text("Total net sales 3,579 3,300", 10, bold=True), BLANK,
            paragraph(3), BLANK,
            Text("Outlook", 15, bold=True), paragraph(5),
        ),
    ])


@pytest.fixture(scope="module")
def numbered(tmp_path_factory) -> Path:
    """A memo set entirely in 10 pt regular type: only the numbers mark its headings, and a
    stray "7." of a list does not."""
    path = tmp_path_factory.mktemp("pdfs") / "numbered_memo.pdf"
    return typeset_pdf(path, [
        [Text("1. Introduction"), *paragraph(5), BLANK, Text("1.1 Background"), *paragraph(5), BLANK,
         Text("7. Other matters", x=90), *paragraph(3), BLANK, Text("1.2 Scope of the Review"), *paragraph(5)],
        [Text("2. Methods"), *paragraph(4), BLANK, Text("A. Sampling"), *paragraph(5), BLANK,
         Text("B. Analysis"), *paragraph(5), BLANK, Text("3. Findings"), *paragraph(5)],
    ])


def headings(pdf: Path):
    content = read_pdf(pdf)
    layout = Layout.from_lines(content.lines)
    return layout, find_layout_headings(layout)


def test_headings_come_from_size_and_weight_with_levels(report):
    _, heads = headings(report)
    assert [h.title for h in heads] == [
        "Northwind Annual Review", "Strategy and Markets", "Regional Demand", "Pricing", "Financial Review", "Outlook",
    ]
    levels = {h.title: h.level for h in heads}
    assert levels["Strategy and Markets"] == levels["Financial Review"] == levels["Outlook"] == 0
    assert levels["Regional Demand"] == levels["Pricing"] == 1
    # The title names the opening section and is nobody's parent.
    assert heads[0].is_title


def test_running_headers_and_page_numbers_are_furniture(report):
    layout, heads = headings(report)
    furniture = {layout.line_at(pos).text for pos in layout.boilerplate}
    assert HEADER.text in furniture and {"1", "2", "3"} <= furniture
    assert not any("Northwind Holdings" in h.title or h.title.isdigit() for h in heads)


def test_table_rows_captions_and_totals_are_not_headings(report):
    _, heads = headings(report)
    titles = " | ".join(h.title for h in heads)
    for text in ("Net sales by segment", "Segment", "Consumer", "Total net sales"):
        assert text not in titles


def test_numbers_give_headings_and_levels_in_body_type(numbered):
    _, heads = headings(numbered)
    assert [(h.title, h.level) for h in heads] == [
        ("1. Introduction", 0), ("1.1 Background", 1), ("1.2 Scope of the Review", 1),
        ("2. Methods", 0), ("A. Sampling", 1), ("B. Analysis", 1), ("3. Findings", 0),
    ]


def test_a_typeset_report_gets_a_tree_of_its_sections(report):
    index = build_index(report)
    assert index.source == "headings"
    top = [(n.node_id, n.start_page, n.end_page) for n in index.nodes]
    assert top == [
        ("northwind_annual_review", 1, 1),
        ("strategy_and_markets", 2, 2),
        ("financial_review", 3, 3),
        ("outlook", 3, 3),
    ]
    strategy = index.nodes[1]
    # A few lines before the first sub-section are no section of their own.
    assert [c.title for c in strategy.children] == ["Regional Demand", "Pricing"]
    assert all(n.summary for n in index.all_nodes())


@pytest.mark.parametrize(
    "text, scheme, values, rest",
    [
        ("2.3 Types and Values", "decimal", (2, 3), "Types and Values"),
        ("IV. ECONOMIC ANALYSIS", "ROMAN", (4,), "ECONOMIC ANALYSIS"),
        ("I. Introduction", "ROMAN", (1,), "Introduction"),
        ("C. Key Terms", "LETTER", (3,), "Key Terms"),
        ("b. Duration of Obligation", "letter", (2,), "Duration of Obligation"),
        ("(2) Fees and Charges", "(1)", (2,), "Fees and Charges"),
        ("ii. Ongoing Burdens", "roman", (2,), "Ongoing Burdens"),
        ("Appendix B: Files", "appendix", (2,), "Files"),
        ("A.1. Per-Document Scores", "lettered", (1, 1), "Per-Document Scores"),
        ("B.2.3 Prompt Templates", "lettered", (2, 2, 3), "Prompt Templates"),
    ],
)
def test_section_numbers_are_read_with_their_scheme(text, scheme, values, rest):
    n = parse_numbering(text)
    assert n is not None and (n.scheme, n.values, n.rest) == (scheme, values, rest)


@pytest.mark.parametrize("text", ["2023 Results", "3M Company", "Net sales increased", "12 34 Totals", "(vx) Not a numeral", "A.1 2023 totals", "U.S. sales"])
def test_figures_and_names_are_not_section_numbers(text):
    assert parse_numbering(text) is None


def test_numbers_follow_in_order():
    def n(text: str):
        return parse_numbering(f"{text} Title")

    assert follows(n("2"), n("2.1")) and follows(n("2.1.3"), n("2.2")) and follows(n("2.4"), n("3"))
    assert follows(n("A."), n("B.")) and follows(None, n("1."))
    assert not follows(n("1.1"), n("7.")) and not follows(n("A."), n("C.")) and not follows(None, n("4."))
    # An appendix's sub-sections: "A.2" after "A.1", "A.2.1" under it, "B.1" opens the next appendix.
    assert follows(None, n("A.1")) and follows(n("A.1"), n("A.2")) and follows(n("A.2"), n("A.2.1")) and follows(n("A.3"), n("B.1"))
    assert not follows(None, n("B.2")) and not follows(n("A.1"), n("A.3")) and not follows(n("A.3"), n("C.1"))
    assert n("A.2.1").depth == 2 + 1 and n("A.1").nested and not n("A.").nested


def test_a_paper_keeps_its_title_and_numbered_sections(tmp_path):
    """A research paper: title, authors, an abstract, numbered sections with sub-sections,
    a table caption and references; the author line is nobody's parent."""
    pdf = typeset_pdf(tmp_path / "paper.pdf", [
        [Text("Retrieval Without Vectors for Long Filings", 17, bold=True, x=120), Text("Ada Lovelace and Alan Turing", 11, x=200),
         BLANK, Text("Abstract", 11, bold=True, x=280), *paragraph(6, x=90), BLANK,
         Text("1 Introduction", 12, bold=True), *paragraph(8)],
        [Text("2 Related Work", 12, bold=True), *paragraph(6), BLANK, Text("2.1 Vector Retrieval", 10, bold=True), *paragraph(6),
         BLANK, Text("2.2 Tree Indexes", 10, bold=True), *paragraph(6)],
        [Text("3 Method", 12, bold=True), *paragraph(8), BLANK, Text("Table 1: Accuracy by mode", 9, bold=True),
         Text("Mode Accuracy Tokens"), Text("simple 47.6 7,335"), Text("agent 52.4 14,245"), BLANK, *paragraph(4)],
        [Text("4 Conclusion", 12, bold=True), *paragraph(5), BLANK, Text("References", 12, bold=True),
         Text("[1] A. Author. A paper about things. In Proceedings, 2020.", 9),
         Text("[2] B. Author. Another paper about other things. Journal of Things, 2021.", 9)],
    ])
    index = build_index(pdf)
    assert [n.title for n in index.nodes] == [
        "Retrieval Without Vectors for Long Filings", "Abstract", "1 Introduction", "2 Related Work", "3 Method",
        "4 Conclusion", "References",
    ]
    related = index.nodes[3]
    assert [c.title for c in related.children] == ["2.1 Vector Retrieval", "2.2 Tree Indexes"]
    assert "Table 1: Accuracy by mode" in [c.title for c in index.nodes[4].children]


def _statement_page(title: str, rows: list[str], units: Text | None = None) -> list[Text]:
    """A statement's page: its title (in 11 pt bold, or in 10 pt over a line of units),
    column headings and rows."""
    if units is not None:
        return [Text(title, 10, bold=True, x=180), units, Text("2023 2022", 8, bold=True, x=400), *(Text(row, 8) for row in rows)]
    return [Text(title, 11, bold=True), Text("($ million) 2023 2022", 8, bold=True), *(Text(row, 8) for row in rows)]


def test_an_earnings_release_gets_its_statements_and_no_contact_names(tmp_path):
    """A release whose statements name their accounting basis first ("U.S. GAAP Condensed
    ...") and whose contact list sets each person's name in capitals like a heading: the
    statements are sections of their own, the names are not."""
    pdf = typeset_pdf(tmp_path / "release.pdf", [
        [Text("Northwind reports fiscal 2023 results", 16, bold=True), BLANK, Text("Fourth Quarter Highlights", 12, bold=True),
         *paragraph(8), BLANK, Text("Outlook", 12, bold=True), *paragraph(6)],
        [Text("Conference Call", 12, bold=True), *paragraph(5), BLANK, Text("About Northwind", 12, bold=True), *paragraph(5),
         BLANK, Text("NORTHWIND CONTACTS", 12, bold=True), Text("Investor Relations", 10, bold=True),
         Text("JANE SMITH"), Text("Vice President of Investor Relations"), Text("(212) 555-0100 or jsmith@northwind.example"),
         Text("ROBERT BROWN"), Text("Director of Investor Relations"), Text("(212) 555-0101 or rbrown@northwind.example"),
         Text("News Media", 10, bold=True), Text("MARIA GARCIA"), Text("Director of Communications"),
         Text("media@northwind.example"), BLANK, Text("FORWARD-LOOKING STATEMENTS"), *paragraph(6)],
        _statement_page("U.S. GAAP Condensed Consolidated Statements of Income (Unaudited)",
                        ["Net sales 3,909 3,673", "Cost of sales (3,115) (2,951)", "Gross profit 794 722", "Net income 252 325"]),
        _statement_page("U.S. GAAP Condensed Consolidated Balance Sheets (Unaudited)",
                        ["Cash and cash equivalents 689 775", "Total assets 17,003 17,426", "Total equity 4,092 4,349"]),
        _statement_page("Components of Net Sales Growth", ["Net sales 2023 2,777 897", "Net sales 2022 2,967 942"]),
    ])
    titles = [node.title for node, _ in build_index(pdf).walk()]
    assert "U.S. GAAP Condensed Consolidated Statements of Income (Unaudited)" in titles
    assert "U.S. GAAP Condensed Consolidated Balance Sheets (Unaudited)" in titles
    assert "Investor Relations" in titles and "FORWARD-LOOKING STATEMENTS" in titles
    assert not {"JANE SMITH", "ROBERT BROWN", "MARIA GARCIA"} & set(titles)


def test_headings_after_a_releases_statements_nest_by_prominence(tmp_path):
    """After the statements (bold capitals between the company's name and their units), a
    release's larger capital headings are the statements' siblings and its bold lower-case
    headings sit under them, not under the cash flow statement."""
    company = Text("NORTHWIND HOLDINGS INC.", 10, bold=True, x=230)
    units = Text("(unaudited; in millions, except per share data)", 9, x=200)
    pdf = typeset_pdf(tmp_path / "release.pdf", [
        [Text("Northwind reports fiscal 2023 results", 16, bold=True), BLANK, Text("Fourth Quarter Highlights", 12, bold=True),
         *paragraph(8), BLANK, Text("Outlook", 12, bold=True), *paragraph(6)],
        [company, *_statement_page("CONDENSED CONSOLIDATED STATEMENTS OF INCOME", units=units, rows=["Net sales 3,909 3,673", "Net income 252 325"])],
        [company, *_statement_page("CONDENSED CONSOLIDATED BALANCE SHEETS", units=units, rows=["Total assets 17,003 17,426", "Total equity 4,092 4,349"])],
        [company, *_statement_page("CONDENSED CONSOLIDATED STATEMENTS OF CASH FLOWS", units=units, rows=["Net income 252 325", "Capital expenditures (527) (526)"])],
        [Text("NON-GAAP FINANCIAL MEASURES", 11, bold=True, x=200), *paragraph(4), BLANK, Text("Adjusted earnings per share", 10, bold=True),
         *paragraph(4), BLANK, Text("Free cash flow", 10, bold=True), *paragraph(4), BLANK,
         Text("FORWARD-LOOKING STATEMENTS", 11, bold=True, x=200), *paragraph(8)],
    ])
    top = {node.title: node for node in build_index(pdf).nodes}
    assert {"CONDENSED CONSOLIDATED STATEMENTS OF CASH FLOWS", "NON-GAAP FINANCIAL MEASURES", "FORWARD-LOOKING STATEMENTS"} <= set(top)
    assert [c.title for c in top["NON-GAAP FINANCIAL MEASURES"].children] == ["Adjusted earnings per share", "Free cash flow"]
    assert not top["CONDENSED CONSOLIDATED STATEMENTS OF CASH FLOWS"].children


def _prose(part: str, lines: int = 4) -> list[Text]:
    """Body lines no other part repeats (repeated lines at a page's edges are furniture)."""
    return [Text(f"Finding {k} of {part} holds for the sample and is set out in full below.") for k in range(lines)]


def test_a_lone_letter_that_is_a_roman_numeral_continues_the_roman_sections(tmp_path):
    """Body-type sections numbered I. to VI. with lettered sub-sections: "V." after "IV."
    (and its "A.") is the fifth section, not the letter after "U.", so "V." and "VI." are
    sections and "V." does not sit under "IV."."""
    pdf = typeset_pdf(tmp_path / "memo.pdf", [
        [Text("I. Introduction"), *_prose("the introduction"), BLANK, Text("II. Method"), *_prose("the method"), BLANK,
         Text("A. Data"), *_prose("the data"), BLANK, Text("B. Model"), *_prose("the model")],
        [Text("III. Results"), *_prose("the results"), BLANK, Text("IV. Analysis"), *_prose("the analysis"), BLANK,
         Text("A. Errors"), *_prose("the errors")],
        [Text("V. Limitations"), *_prose("the limitations"), BLANK, Text("VI. Conclusion"), *_prose("the conclusion")],
    ])
    _, found = headings(pdf)
    assert [(h.title, h.level) for h in found] == [
        ("I. Introduction", 0), ("II. Method", 0), ("A. Data", 1), ("B. Model", 1), ("III. Results", 0),
        ("IV. Analysis", 0), ("A. Errors", 1), ("V. Limitations", 0), ("VI. Conclusion", 0),
    ]
    roman = as_roman(parse_numbering("V. Limitations"))
    assert roman is not None and (roman.scheme, roman.values) == ("ROMAN", (5,))
    assert as_roman(parse_numbering("B. Model")) is None


def test_a_long_line_opening_with_an_appendix_sub_section_number_is_its_run_in_heading(tmp_path):
    """A paragraph that opens "A.1. Scores. ..." on a line too long for any other heading is
    the appendix's first sub-section, as "2.1. Method. ..." is a section's."""
    run_in = "Scores. " + "The per-document figures are set out here in full for every filing of the sample. " * 3
    pdf = typeset_pdf(tmp_path / "appendix.pdf", [
        [Text("1. Introduction", bold=True), *_prose("the introduction"), BLANK,
         Text(f"1.1. Method. {run_in[8:]}"), *_prose("the method")],
        [Text("Appendix A. Additional Results", bold=True), *_prose("the appendix"), BLANK, Text(f"A.1. {run_in}"), *_prose("the scores")],
    ])
    _, found = headings(pdf)
    assert ("A.1. Scores", 1) in [(h.title, h.level) for h in found]
    assert may_be_nested("A.1. Scores. The") and may_be_nested("2.1 Method") and not may_be_nested("A. Data")


def test_an_outlined_documents_headings_are_read_on_its_long_leaves_alone(tmp_path):
    """A bookmarked document's layout headings split only its long leaves, so they are
    looked for there alone: the short leaf's bold headings are never read, and the long
    leaf still gets its sections."""
    from dataclasses import replace

    from retrievers.index.layout_headings import document_headings, headings_wanted_on
    from retrievers.index.pdf import OutlineEntry
    from retrievers.index.structure import structural_tree

    overview = [page(1, Text("Overview", 15, bold=True), paragraph(6), BLANK, Text("Company Profile", 11, bold=True), paragraph(8)),
                page(2, Text("Our People", 11, bold=True), paragraph(10))]
    review = [page(3, Text("Operations Review", 15, bold=True), paragraph(8))]
    for number, title in zip(range(4, 11), ["Manufacturing", "Distribution", "Sales", "Service", "Research", "Suppliers", "Outlook"]):
        review.append(page(number, Text(title, 11, bold=True), paragraph(10), BLANK, paragraph(8)))
    appendix = [page(11, Text("Appendix", 15, bold=True), paragraph(6), BLANK, Text("Glossary", 11, bold=True), paragraph(6))]
    pdf = typeset_pdf(tmp_path / "outlined_review.pdf", overview + review + appendix)
    bookmarks = [OutlineEntry(0, "Overview", 1), OutlineEntry(0, "Operations Review", 3), OutlineEntry(0, "Appendix", 11)]
    content = replace(read_pdf(pdf), outline=bookmarks)
    layout = Layout.from_lines(content.lines)

    tree = structural_tree(content.pages, content.lines, content.outline, layout=layout)

    assert tree.source == "outline"
    assert headings_wanted_on(layout) == list(range(3, 11))  # the 8-page leaf; the others are short
    assert [h.title for h in document_headings(layout)] == [
        "Operations Review", "Manufacturing", "Distribution", "Sales", "Service", "Research", "Suppliers", "Outlook",
    ]
    # Read on every page, the short leaf's headings would be found too.
    assert "Company Profile" in [h.title for h in find_layout_headings(layout)]
    by_title = {node.title: node for node in tree.nodes}
    assert [child.title for child in by_title["Operations Review"].children][-3:] == ["Research", "Suppliers", "Outlook"]
    assert not by_title["Overview"].children and not by_title["Appendix"].children


def test_headings_found_on_every_page_are_not_served_for_fewer(report):
    from retrievers.index.layout_headings import document_headings, want_headings_on

    layout, _ = headings(report)
    everywhere = [h.title for h in document_headings(layout)]
    want_headings_on(layout, [3])
    assert [h.title for h in document_headings(layout)] == ["Financial Review", "Outlook"]
    assert "Strategy and Markets" in everywhere


def _heading_scores(pdf: Path) -> dict[str, float]:
    from retrievers.index.headings import heading_score

    content = read_pdf(pdf)
    layout = Layout.from_lines(content.lines)
    return {ln.text.strip(): heading_score(layout, ln) for page in content.lines for ln in page if ln.text.strip()}


def test_the_column_heads_of_a_table_of_words_are_not_headings(tmp_path):
    """Pfizer's pipeline tables: bold capitals centred over a column, rows of words in small
    print with no figures for the table-row test to see. A heading at the margin over the text of
    its section, or over a small-print table of figures, stays a heading."""
    rows = [Text("Ibrance palbociclib for metastatic breast cancer", 7), Text("Xtandi enzalutamide for prostate cancer", 7),
            Text("Litfulo ritlecitinib for vitiligo in adults", 7)]
    figures = [Text("Net sales $ 341,004 $ 331,666", 7), Text("Operating income $ 17,380 $ 17,386", 7),
               Text("Unit counts at period end 4,756 4,769", 7)]
    pdf = typeset_pdf(tmp_path / "pipeline.pdf", [
        [*_prose("pipeline"), Text("PRODUCT CANDIDATE PROPOSED DISEASE AREA", 7, bold=True, x=225), *rows,
         *_prose("segments"), Text("Walmart Segment Results", 10, bold=True), *figures,
         *_prose("outlook"), Text("OUTLOOK FOR THE YEAR", 10, bold=True), *_prose("the year ahead")],
        [*_prose("the late pages", 30)],
    ])
    content = read_pdf(pdf)
    head = next(ln for ln in content.lines[0] if ln.text.startswith("PRODUCT"))
    assert Layout.from_lines(content.lines).aligned(head), "centred on the page, where a heading may sit"
    scores = _heading_scores(pdf)
    assert scores["PRODUCT CANDIDATE PROPOSED DISEASE AREA"] == 0
    assert scores["Walmart Segment Results"] > 0
    assert scores["OUTLOOK FOR THE YEAR"] > 0
