"""Node recall against PageIndex reference trees: the matching rule, and the goals on the
shared reference documents."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from retrievers.index.recall import (
    TreeNode,
    bookmark_recall,
    measure_bookmarks,
    measure_folder,
    node_recall,
    normalise_title,
    overall,
    reference_files,
    reference_nodes,
    titles_match,
)

REFERENCE_DIR = Path(__file__).resolve().parents[2] / "shared" / "pageindex_reference"


@pytest.mark.parametrize(
    "reference, ours",
    [
        ("Overview", "1 Overview"),
        ("Market for Advice Services", "1. Market for Advice Services385F"),
        ("Programming with ML Modules", "2 Programming with ML Modules"),
        ("Coercive Signature Matching", "1.7 Coersive Signature Matching"),
        ("Federal Reserve System Organization", "A Federal Reserve System Organization"),
        ("Capacity", "(1) Capacity"),
        ("INTRODUCTION", "I. Introduction"),
        ("Signatures", "SIGNATURE"),
        ("Risk Factors", "Item 1A. Risk Factors"),
    ],
)
def test_titles_that_name_the_same_section_match(reference, ours):
    assert titles_match(reference, ours)


@pytest.mark.parametrize(
    "reference, ours",
    [
        ("Overview", "Overview of Regulation Best Interest"),
        ("Structures", "Substructures and Sharing"),
        ("Benefits", "Costs"),
        ("Appendix A", "Appendix B"),
        ("Preface", ""),
    ],
)
def test_different_sections_do_not_match(reference, ours):
    assert not titles_match(reference, ours)


def test_normalised_titles_lose_labels_case_and_punctuation():
    assert normalise_title("2.1  Types and Values:") == "types and values"
    assert normalise_title("IV. ECONOMIC ANALYSIS") == "economic analysis"
    assert normalise_title("Appendix B") == "appendix b"  # nothing but a label: kept


def test_a_reference_node_is_found_only_near_its_page(tmp_path):
    tree = {"structure": [
        {"title": "Introduction", "start_index": 3, "end_index": 5, "nodes": [
            {"title": "Background", "start_index": 4, "end_index": 5, "nodes": []},
        ]},
        {"title": "Results", "start_index": 6, "end_index": 9},
    ]}
    path = tmp_path / "doc_structure.json"
    path.write_text(json.dumps(tree), encoding="utf-8")
    reference = reference_nodes(path)
    assert [(n.title, n.start_page, n.depth) for n in reference] == [("Introduction", 3, 0), ("Background", 4, 1), ("Results", 6, 0)]
    ours = [TreeNode("1. Introduction", 2), TreeNode("1.1 Background", 7), TreeNode("RESULTS", 6)]
    result = node_recall("doc", reference, ours)
    assert (result.found_count, result.reference_count) == (2, 3)
    assert [n.title for n in result.missed] == ["Background"]
    assert overall([result]) == pytest.approx(2 / 3)


@pytest.mark.slow
@pytest.mark.skipif(not reference_files(REFERENCE_DIR), reason=f"no PageIndex reference trees in {REFERENCE_DIR}")
def test_trees_recover_the_reference_indexers_sections():
    """The goals of a tree built without a model, on PageIndex's published trees: 80% of
    their nodes overall, 60% on each document without an outline."""
    results, _ = measure_folder(REFERENCE_DIR)
    assert results
    assert overall(results) >= 0.80, [(r.doc, round(r.recall, 3)) for r in results]
    for result in results:
        if not result.has_outline:
            assert result.recall >= 0.60, (result.doc, result.recall)


PAPERS = Path(__file__).resolve().parent / "data" / "papers"


@pytest.mark.parametrize("name", ["article_two_column", "ieee_two_column"])
def test_a_papers_layout_rebuilds_its_own_bookmarks(name):
    """Two-column LaTeX papers (tests/data/papers, their sources beside them): one in the
    article class's bold numbered headings, one in IEEE's body-type small capitals numbered
    I. to VI. with italic A., B. sub-sections. Read without their bookmarks, their layout
    gives every bookmarked section."""
    result = bookmark_recall(PAPERS / f"{name}.pdf")
    assert result is not None and result.reference_count >= 10
    assert result.missed == [], [node.title for node in result.missed]


def test_run_in_sub_sections_of_a_mathematics_paper_are_found():
    """amsart sets its sub-sections run in, at the start of a paragraph in body type:
    "2.1. Efficiency. Navigation parser ...". Each is found from its number, which follows
    the section's; the appendix's "A.1." too (a lettered number), under its appendix."""
    result = bookmark_recall(PAPERS / "amsart_run_in.pdf")
    assert result is not None and result.reference_count == 18
    assert result.missed == [], [node.title for node in result.missed]
    from retrievers.index import build_index, structural_tree

    index = build_index(PAPERS / "amsart_run_in.pdf", tree_builder=lambda content: structural_tree(content.pages, content.lines, []))
    appendix = next(node for node in index.nodes if node.title == "APPENDIX A. ADDITIONAL RESULTS")
    assert [child.title for child in appendix.children][-1] == "A.1. Per-Document Scores"  # after the appendix's introduction


def test_bookmark_recall_skips_pdfs_without_bookmarks(tmp_path):
    from pdf_factory import Text, typeset_pdf

    plain = typeset_pdf(tmp_path / "plain.pdf", [[Text("No bookmarks here at all")]])
    told: list[tuple[int, int]] = []
    results, skipped = measure_bookmarks([plain, PAPERS, PAPERS / "ieee_two_column.pdf"], on_pdf=lambda *n: told.append(n))
    assert skipped == [("plain.pdf", "it has no bookmarks to measure against")]
    assert told == [(1, 4), (2, 4), (3, 4), (4, 4)]  # told after each PDF, the repeated one not counted
    assert [r.doc for r in results] == ["amsart_run_in", "article_two_column", "ieee_two_column"]  # the repeated paper counts once


def test_a_papers_front_matter_and_column_centred_headings():
    """The IEEE paper built from its layout (as a copy without bookmarks would be): its
    authors (12 pt over 10 pt text, in a style no section uses) follow the title as front
    matter and parent none of the sections; "ABSTRACT" and "REFERENCES", capitals centred
    over a column rather than the page, are sections beside I. to VI."""
    from retrievers.index import build_index, structural_tree

    index = build_index(PAPERS / "ieee_two_column.pdf", tree_builder=lambda read: structural_tree(read.pages, read.lines, []))
    top = [node.title for node in index.nodes]
    assert top == ["Reasoning-Based Retrieval over Long Documents", "ABSTRACT", "I. INTRODUCTION", "II. ANALYSIS", "III. METHOD",
                   "IV. RELATED WORK", "V. BACKGROUND", "VI. CONCLUSION", "REFERENCES"]
