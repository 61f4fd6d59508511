"""Section trees a user (and an agent) navigates: right sections, right pages, full ids."""
from __future__ import annotations

import math
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.paths import PDF_DIR
from retrievers.index import build_index, format_tree, structural_tree
from retrievers.index.key_terms import _STOP, _WORD, TermWeights
from retrievers.index.summaries import _NUMBER, _THREE_NUMBER_CHARS, _TWO_DIGITS, _ascii_digits, _few_numbers, _two_digits
from retrievers.index.tree import DocumentIndex, Node, slugify


@pytest.fixture(scope="session")
def mmm() -> DocumentIndex:
    """The 252-page 3M 10-K (no PDF outline), built once for the whole session."""
    return build_index(PDF_DIR / "3M_2022_10K.pdf")


@pytest.fixture(scope="session")
def adobe() -> DocumentIndex:
    return build_index(PDF_DIR / "ADOBE_2022_10K.pdf")


def find(index: DocumentIndex, pattern: str) -> Node:
    matches = [n for n in index.all_nodes() if re.search(pattern, n.title, re.IGNORECASE)]
    assert matches, f"no node titled like {pattern!r}"
    return matches[0]


def assert_well_formed(index: DocumentIndex) -> None:
    """Ids unique; children inside their parent and in order; top level and leaves each
    cover every page."""
    ids = [n.node_id for n in index.all_nodes()]
    assert len(ids) == len(set(ids))

    def check(siblings: list[Node], lo: int, hi: int) -> None:
        assert siblings[0].start_page == lo and siblings[-1].end_page == hi
        for a, b in zip(siblings, siblings[1:]):
            assert a.start_page <= b.start_page, (a.node_id, b.node_id)
            assert b.start_page <= a.end_page + 1, f"pages between {a.node_id} and {b.node_id} belong to nobody"
        for node in siblings:
            assert lo <= node.start_page <= node.end_page <= hi
            if node.children:
                check(node.children, node.start_page, node.end_page)

    check(index.nodes, 1, index.page_count)
    covered = {p for leaf in index.leaves() for p in range(leaf.start_page, leaf.end_page + 1)}
    assert covered == set(range(1, index.page_count + 1))


def test_3m_tree_is_built_from_the_filing_structure(mmm):
    assert mmm.source == "structure"
    assert mmm.page_count == 252
    assert_well_formed(mmm)


def test_3m_items_have_the_right_pages(mmm):
    top = {n.node_id: n for n in mmm.nodes}
    item7 = top["item_7_management_s_discussion_and_analysis_of_financial_condition_and_results_of_operations"]
    assert item7.pages == (19, 42)
    item8 = top["item_8_financial_statements_and_supplementary_data"]
    assert item8.pages == (43, 124)
    assert top["item_1a_risk_factors"].pages == (10, 16)
    assert mmm.nodes[0].start_page == 1 and "cover" in mmm.nodes[0].title.lower()


def test_3m_cash_flow_statement_is_its_own_node(mmm):
    node = find(mmm, r"^consolidated statement of cash flows$")
    # FinanceBench's gold page for 3M's FY2022 capex question is evidence_page_num 51,
    # zero-based: physical page 52.
    assert node.start_page <= 52 <= node.end_page
    assert node.node_id == "consolidated_statement_of_cash_flows"
    item8 = next(n for n in mmm.nodes if n.node_id.startswith("item_8"))
    assert node in item8.children


def test_3m_statements_and_notes_sit_under_item_8(mmm):
    item8 = next(n for n in mmm.nodes if n.node_id.startswith("item_8"))
    titles = [c.title.lower() for c in item8.children]
    for statement in ("statement of income", "balance sheet", "cash flows", "comprehensive income", "changes in equity"):
        assert any(statement in t for t in titles), statement
    notes = next(c for c in item8.children if c.title.startswith("Notes to"))
    assert [int(re.match(r"Note (\d+)", c.title).group(1)) for c in notes.children] == list(range(1, 20))
    assert find(mmm, r"^Note 16\. Commitments and Contingencies").node_id == "note_16_commitments_and_contingencies"


def test_3m_mdna_is_split_into_its_named_sections(mmm):
    item7 = next(n for n in mmm.nodes if n.node_id.startswith("item_7_"))
    titles = [c.title.lower() for c in item7.children]
    for section in ("results of operations", "performance by business segment", "financial condition and liquidity"):
        assert section in titles
    segment = next(c for c in item7.children if c.title.lower() == "performance by business segment")
    assert segment.start_page == 28


def test_leaves_are_small_and_ids_are_full(mmm):
    for leaf in mmm.leaves():
        assert leaf.end_page - leaf.start_page + 1 <= 6, leaf.node_id
    for node in mmm.all_nodes():
        # An id is the full slug of the title (maybe parent-prefixed), never a truncation.
        assert slugify(node.title) in node.node_id, (node.node_id, node.title)


def test_every_node_has_a_short_informative_summary(mmm):
    for node in mmm.all_nodes():
        assert node.summary and len(node.summary) <= 420, node.node_id
    income = find(mmm, r"^consolidated statement of income$")
    assert "Net sales" in income.summary and "Cost of sales" in income.summary
    item7 = next(n for n in mmm.nodes if n.node_id.startswith("item_7_"))
    assert "RESULTS OF OPERATIONS" in item7.summary  # a parent lists its parts


# Words, stop words, hyphens, apostrophes, digits and letters that lower-case to ASCII
# letters ("İ", the Kelvin sign) or are letters only outside ASCII ("é").
_TERM_TEXT = st.lists(st.sampled_from([
    "Net", "the", "Sales", "sales-", "--sales", "there-", "THERE'", "it's", "ab-", "-x", "'", "-", " ", "\n", "4", "é", "İ",
    "\u212a", "ß", "a",
])).map("".join)


def _term_counts(text: str) -> Counter[str]:
    """A text's terms as summaries.py defines them, counted one word at a time."""
    return Counter(word.strip("'-") for word in map(str.lower, _WORD.findall(text)) if word not in _STOP)


def _key_terms_word_by_word(texts: list[str], text: str, exclude: str, limit: int = 6) -> list[str]:
    """TF-IDF key terms from the terms as ``_term_counts`` defines them, counted one by one."""
    df = Counter(term for one in texts for term in _term_counts(one))
    idf = {term: math.log((1 + len(texts)) / (1 + df[term])) + 1 for term in df}
    skip = _term_counts(exclude)
    scored = sorted(((tf * idf.get(term, math.log(1 + len(texts)) + 1) ** 2, term) for term, tf in _term_counts(text).items()
                     if tf >= 2 and len(term) >= 4 and term not in skip), reverse=True)
    return [term for _, term in scored[:limit]]


@settings(max_examples=300, derandomize=True)
@given(st.lists(_TERM_TEXT, min_size=1, max_size=4), _TERM_TEXT, _TERM_TEXT)
def test_key_terms_are_those_of_the_terms_counted_one_by_one(texts, other, exclude):
    # TermWeights counts terms in C and puts right only the pieces that are no term as they
    # are (a stop word, a hyphen at an end): its key terms must be those of the definition,
    # for its own texts and for a text it has not seen.
    texts = [*texts, texts[0]]  # two leaves may have the same text: each counts
    weights = TermWeights(texts)
    for text in [*texts, other]:
        assert weights.key_terms(text, exclude) == _key_terms_word_by_word(texts, text, exclude)


@settings(max_examples=300, derandomize=True)
@given(st.lists(st.sampled_from(["Net sales", " ", "$", "1", "2,3", "(4)", "%", "—", "–", "-", "٣", "é", "x"])).map("".join))
def test_digits_counted_in_c_answer_as_the_patterns_do(line):
    # A summary's prose and table-row tests count an ASCII line's digits in C instead of
    # scanning it with _TWO_DIGITS and _THREE_NUMBER_CHARS: the answers must be the same.
    digits = _ascii_digits(line)
    assert _two_digits(line, digits) == bool(_TWO_DIGITS.search(line))
    assert _few_numbers(line, digits) == (not _THREE_NUMBER_CHARS.search(line) or len(_NUMBER.findall(line)) < 3)


def test_two_leaves_with_the_same_text_each_count_in_document_frequencies():
    twice = "delta delta alpha delta gamma alpha gamma delta"
    leaves = [twice, twice, "gamma gamma delta delta", "alpha delta", "delta"]
    # Counted once, "delta" would be in four leaves of five and "gamma" would come first.
    assert TermWeights(leaves).key_terms(twice, limit=1) == _key_terms_word_by_word(leaves, twice, "", limit=1) == ["delta"]


def test_outline_tree_of_an_adobe_10k(adobe):
    assert adobe.source == "outline"
    assert_well_formed(adobe)
    cash = find(adobe, r"^consolidated statements of cash flows$")
    assert cash.pages == (57, 57)
    item7 = find(adobe, r"^item 7\. management")
    assert [c.title for c in item7.children][:3] == ["Item 7 introduction", "Critical Accounting Policies and Estimates", "Acquisitions"]


@pytest.mark.parametrize(
    "name, source, expected",
    [
        ("FOOTLOCKER_2022_8K_dated-2022-05-20.pdf", "structure", r"^Item 5\.07\. Submission of Matters"),
        ("ULTABEAUTY_2023Q4_EARNINGS.pdf", "headings", r"^Condensed Consolidated Statements of Cash Flows$"),
        ("AMCOR_2023Q4_EARNINGS.pdf", "outline", r"^GAAP Balance Sheet$"),
        ("BESTBUY_2024Q2_10Q.pdf", "structure", r"^Condensed Consolidated Statements of Earnings$"),
    ],
)
def test_short_filings(name, source, expected):
    index = build_index(PDF_DIR / name)
    assert index.source == source
    assert_well_formed(index)
    find(index, expected)


def test_10q_reuses_item_numbers_without_id_clashes():
    index = build_index(PDF_DIR / "BESTBUY_2024Q2_10Q.pdf")
    ids = {n.node_id for n in index.nodes}
    assert "item_1_financial_statements" in ids and "item_1_legal_proceedings" in ids
    assert find(index, r"^Item 2\. Management").pages == (14, 23)


def test_text_without_headings_falls_back_to_page_windows():
    prose = "This paragraph talks about the business in plain sentences without any heading at all. " * 12
    pages = [f"{prose}\n{n}" for n in range(1, 23)]
    tree = structural_tree(pages)
    assert tree.source == "windows"
    index = DocumentIndex("plain", pages, tree.nodes, tree.source)
    assert_well_formed(index)
    assert all(n.end_page - n.start_page + 1 <= 5 for n in index.leaves())


@pytest.mark.parametrize("page_count", [1, 2, 3])
def test_a_short_text_without_headings_is_one_node(page_count):
    """Too short for two windows, it is still a node the agents can fetch and grep: an
    empty tree would give them nothing to open."""
    prose = "This paragraph talks about the business in plain sentences without any heading at all. " * 12
    pages = [prose] * page_count
    tree = structural_tree(pages)
    index = DocumentIndex("short", pages, tree.nodes, tree.source)
    assert [(n.title, n.start_page, n.end_page) for n in index.nodes] == [(f"Pages 1-{page_count}", 1, page_count)]
    assert_well_formed(index)


def test_format_tree_shows_ids_pages_and_summaries(mmm):
    text = format_tree(mmm)
    assert text.splitlines()[0].startswith("3M_2022_10K: 252 pages, source=structure")
    assert "[52-52] consolidated_statement_of_cash_flows: Consolidated Statement of Cash Flows" in text
    assert "    " in text  # children are indented


@pytest.mark.parametrize("text,expected", [
    # a short line that carries on the sentence in lower case is the sentence's
    ("Cash and cash equivalents at the end of the quarter were $737.9\nmillion.\n"
     "Merchandise inventories at the end of the fourth quarter totaled $1.6 billion overall.",
     "Cash and cash equivalents at the end of the quarter were $737.9 million."),
    # so is a line full of figures that does
    ("During the fourth quarter of fiscal 2022, the Company repurchased 722,457 shares of its\n"
     "common stock at a cost of $328.1 million. As of January 28, 2023, $2.2\n"
     "billion remained available under the $2.0 billion share repurchase program.",
     "During the fourth quarter of fiscal 2022, the Company repurchased 722,457 shares of its common stock at a cost of $328.1 million."),
    # a table row or a heading between two pieces of prose ends the first: the pieces are not
    # joined into a sentence the text never says
    ("The components of investments, including associated derivatives, were as\n"
     "Cash and equivalents 1,234 2,345 3,456\n"
     "These investments are carried at cost and are reviewed quarterly for impairment.",
     "These investments are carried at cost and are reviewed quarterly for impairment."),
    ("Revenue in the segment rose because of higher volumes in the Americas and\n"
     "Balance Sheet\n"
     "Operating expenses fell as the company closed two plants during the year.",
     "Operating expenses fell as the company closed two plants during the year."),
    # a sentence with three figures in it is prose, not a table row: a release opens so
    ("Fourth Quarter Fiscal 2022 Results\n"
     "Net sales increased 18.2% to $3.2 billion compared to $2.7 billion in the fourth quarter of fiscal 2021.\n"
     "Comparable sales increased 15.6% compared to an increase of 21.9% a year ago.",
     "Net sales increased 18.2% to $3.2 billion compared to $2.7 billion in the fourth quarter of fiscal 2021."),
    # the stop of a title or a place's abbreviation ends no sentence
    ("The general offices, corporate research laboratories, and certain division laboratories are located in St.\n"
     "Paul, Minnesota. In the United States, 3M has many sales offices.",
     "The general offices, corporate research laboratories, and certain division laboratories are located in St. Paul, Minnesota."),
    ("On March 3 the board appointed Ms. Jane Smith as the chief financial officer of the company. Mr. Lee retires.",
     "On March 3 the board appointed Ms. Jane Smith as the chief financial officer of the company."),
])
def test_a_summary_s_sentence_is_one_the_text_says(text: str, expected: str) -> None:
    from retrievers.index.summaries import first_sentence

    assert first_sentence(text) == expected


def test_an_outline_denser_than_a_table_of_contents_is_cut_to_the_levels_that_fit() -> None:
    # 5,000 bookmarks on three pages made 5,000 nodes, and 135k tokens of section index in
    # every simple-mode prompt.
    from retrievers.index.layout import Layout
    from retrievers.index.outline import outline_sections
    from retrievers.index.pdf import OutlineEntry

    layout = Layout.from_pages([f"Chapter {n}\n" + "Body text of the chapter goes on here. " * 20 for n in (1, 2, 3)])
    flat = [OutlineEntry(0, f"Entry {i}", 1 + i % 3) for i in range(5000)]
    assert outline_sections(layout, flat) is None  # the top level alone is too long: not used
    chapters = [OutlineEntry(0, f"Chapter {n}", n) for n in (1, 2, 3)]
    nested = [entry for chapter in chapters for entry in [chapter] + [OutlineEntry(1, f"Point {i}", chapter.page) for i in range(2000)]]
    sections = outline_sections(layout, nested)
    assert sections is not None and [s.title for s in sections] == ["Chapter 1", "Chapter 2", "Chapter 3"]
    assert not any(s.children for s in sections)


_PROSE = "The company discusses its business in plain sentences on this page of the annual report. " * 10


def _rows(count: int) -> str:
    return "\n".join(f"Line item number {i} $ {1000 + i * 7:,} $ {900 + i * 5:,}" for i in range(count))


def _ten_k_with_statements_at_the_end(last_items: list[str]) -> DocumentIndex:
    """A 10-K whose Item 8 points to financial statements printed after its last Item."""
    pages = [
        "ACME CORPORATION\nANNUAL REPORT ON FORM 10-K\n" + _PROSE,
        "PART I\nItem 1. Business\n" + _PROSE,
        "Item 7. Management's Discussion and Analysis of Financial Condition and Results of Operations\n" + _PROSE,
        "Item 8. Financial Statements and Supplementary Data\nThe financial statements are filed as part of this report.\n" + _PROSE,
        "Item 15. Exhibits, Financial Statement Schedules\n(a) The following documents are filed as part of this report.\n" + _PROSE,
        *last_items,
        "ACME CORPORATION\nINDEX TO FINANCIAL STATEMENTS\nConsolidated Statements of Operations 40\nConsolidated Balance Sheets 41",
        "REPORT OF INDEPENDENT REGISTERED PUBLIC ACCOUNTING FIRM\n" + _PROSE,
        "ACME CORPORATION\nCONSOLIDATED STATEMENTS OF OPERATIONS\n(in thousands)\n" + _rows(20),
        "ACME CORPORATION\nCONSOLIDATED BALANCE SHEETS\n(in thousands)\n" + _rows(20),
        "NOTES TO CONSOLIDATED FINANCIAL STATEMENTS\nNote 1. Summary of Significant Accounting Policies\n" + _PROSE,
        "Note 2. Revenue Recognition\n" + _PROSE,
        "Note 3. Income Taxes\n" + _PROSE,
        "SIGNATURES\nPursuant to the requirements of the Securities Exchange Act of 1934 the registrant has signed this report.",
    ]
    tree = structural_tree(pages)
    index = DocumentIndex("acme", pages, tree.nodes, tree.source)
    assert_well_formed(index)
    return index


def test_statements_after_a_form_10k_summary_are_a_section_of_their_own():
    """Item 16, "Form 10-K Summary: None.", does not hold the statements printed after it:
    they are the report's financial statements, beside it, from their index page on."""
    index = _ten_k_with_statements_at_the_end(["Item 16. Form 10-K Summary\nNone."])
    top = {node.node_id: node for node in index.nodes}
    assert top["item_16_form_10_k_summary"].pages == (6, 6)
    assert not top["item_16_form_10_k_summary"].children
    statements = top["financial_statements"]
    assert statements.pages == (7, 13)
    assert [child.title for child in statements.children][-3:] == [
        "CONSOLIDATED STATEMENTS OF OPERATIONS", "CONSOLIDATED BALANCE SHEETS", "Notes to Consolidated Financial Statements"]
    assert top["signatures"].pages == (14, 14)


def test_statements_after_item_15_stay_under_it():
    """Item 15, "Exhibits, Financial Statement Schedules", is where many 10-Ks file them."""
    index = _ten_k_with_statements_at_the_end([])
    top = {node.node_id: node for node in index.nodes}
    assert "financial_statements" not in top
    item15 = top["item_15_exhibits_financial_statement_schedules"]
    assert item15.pages == (5, 12)
    assert "CONSOLIDATED BALANCE SHEETS" in [child.title for child in item15.children]


def test_a_node_with_a_short_title_is_summarised_from_its_own_heading():
    """"Note 6. Debt" shares its page with Note 5: its title's key ("debt") was too short to
    look for, so its summary was read from the top of the page, Note 5's sentence; and a
    sentence under "JAPAN" that opens with "Japanese" lost its first five letters."""
    from retrievers.index.summaries import summarize_tree

    page = ("Note 5. Derivatives\nWe manage our exposure to foreign exchange rates with forward contracts of many kinds.\n"
            "Note 6. Debt\nIn April 2023 we entered into a $1.25 billion five-year senior unsecured revolving credit facility.\n"
            "JAPAN\nJapanese residents are required to report the assets they hold outside of Japan every December.")
    nodes = [Node("note_5", "Note 5. Derivatives", 1, 1), Node("note_6", "Note 6. Debt", 1, 1), Node("japan", "JAPAN", 1, 1)]
    summarize_tree([page], nodes)
    assert nodes[1].summary.startswith("In April 2023 we entered into a $1.25 billion five-year senior unsecured revolving credit facility.")
    assert nodes[2].summary.startswith("Japanese residents are required to report")


def test_an_item_with_nothing_to_disclose_says_so():
    """"Item 4. Mine Safety Disclosures / Not applicable.": too short for a sentence, it was
    "little extractable text", or a sentence of the next section."""
    from retrievers.index.summaries import summarize_tree

    page = ("Item 1B. Unresolved Staff Comments\nNone.\nItem 4. Mine Safety Disclosures\nNot applicable.\n"
            "Executive Officers of the Registrant\nThe following are the executive officers of the company as of the filing date.")
    nodes = [Node("item_1b", "Item 1B. Unresolved Staff Comments", 1, 1), Node("item_4", "Item 4. Mine Safety Disclosures", 1, 1),
             Node("officers", "Executive Officers of the Registrant", 1, 1)]
    summarize_tree([page], nodes)
    assert [node.summary.split(" Key terms")[0] for node in nodes[:2]] == ["None.", "Not applicable."]


def test_a_releases_numbered_exhibit_tables_are_sections_of_their_own():
    """Ulta's release ends with "Exhibit 5 / Ulta Beauty, Inc. / Store Update" and "Exhibit 6 /
    ... / Sales by Category": they fell under the cash flow statement before them, and a
    question about sales by category found no section of that name."""
    index = build_index(PDF_DIR / "ULTABEAUTY_2023Q4_EARNINGS.pdf")
    top = [(node.title, node.start_page, node.end_page) for node in index.nodes]
    assert ("Condensed Consolidated Statements of Cash Flows", 8, 8) in top
    assert ("Exhibit 5: Store Update", 8, 9) in top and ("Exhibit 6: Sales by Category", 9, 9) in top
    assert_well_formed(index)
