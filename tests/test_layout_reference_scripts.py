"""``scripts/tree_recall.py --bookmarks`` and ``scripts/typeset_papers.py``: the layout
headings measured against PDFs' own bookmarks, and papers made to carry them."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import load_script
from pdf_factory import Text, typeset_pdf

ROOT = Path(__file__).resolve().parent.parent
PAPERS = ROOT / "tests" / "data" / "papers"


tree_recall = load_script("tree_recall")
typeset_papers = load_script("typeset_papers")


def test_bookmarks_mode_prints_and_writes_each_papers_recall(tmp_path, capsys):
    out = tmp_path / "recall.json"
    assert tree_recall.main(["--bookmarks", str(PAPERS), "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "each PDF's bookmarks against its layout alone" in printed
    figures = json.loads(out.read_text())
    assert figures["reference"] == "bookmarks" and figures["outlines_ignored"] is True
    assert [d["doc"] for d in figures["documents"]] == ["amsart_run_in", "article_two_column", "ieee_two_column"]
    assert sum(d["found"] for d in figures["documents"]) == 43 and sum(d["reference_nodes"] for d in figures["documents"]) == 43


def test_bookmarks_mode_refuses_a_missing_path_and_pdfs_without_bookmarks(tmp_path, capsys):
    assert tree_recall.main(["--bookmarks", str(tmp_path / "absent.pdf")]) == 2
    assert "not found" in capsys.readouterr().err
    plain = typeset_pdf(tmp_path / "plain.pdf", [[Text("A page without bookmarks")]])
    assert tree_recall.main(["--bookmarks", str(plain)]) == 2
    err = capsys.readouterr().err
    assert "plain.pdf: it has no bookmarks" in err and "no PDF given has bookmarks" in err


def test_bookmarks_mode_skips_a_corrupt_pdf_and_measures_the_rest(tmp_path, capsys):
    folder = tmp_path / "mixed"
    folder.mkdir()
    (folder / "cut.pdf").write_bytes((PAPERS / "ieee_two_column.pdf").read_bytes()[:5000])  # a download cut short
    (folder / "ieee_two_column.pdf").write_bytes((PAPERS / "ieee_two_column.pdf").read_bytes())
    assert tree_recall.main(["--bookmarks", str(folder)]) == 0
    captured = capsys.readouterr()
    assert "skipped cut.pdf: not a PDF or the PDF is corrupt" in captured.err and "Traceback" not in captured.err
    assert "ieee_two_column" in captured.out


def test_a_corrupt_reference_pdf_is_an_error_not_a_traceback(tmp_path, capsys):
    (tmp_path / "docs").mkdir()
    (tmp_path / "paper_structure.json").write_text(json.dumps({"structure": [{"title": "Introduction", "start_index": 1}]}))
    (tmp_path / "docs" / "paper.pdf").write_bytes(b"%PDF-1.7 cut short")
    assert tree_recall.main([str(tmp_path)]) == 2
    assert capsys.readouterr().err.startswith("error: not a PDF or the PDF is corrupt")


def test_papers_rotate_through_the_styles_and_repeat_for_a_seed():
    styles = [typeset_papers.paper_source(seed)[0] for seed in range(400, 400 + len(typeset_papers.STYLES))]
    assert sorted(styles) == sorted(typeset_papers.STYLES)
    assert typeset_papers.paper_source(401) == typeset_papers.paper_source(401)
    assert typeset_papers.paper_source(401)[1] != typeset_papers.paper_source(408)[1]  # same style, another paper
    for seed in range(400, 407):
        style, source = typeset_papers.paper_source(seed)
        assert r"\usepackage[bookmarks=true]{hyperref}" in source and source.rstrip().endswith(r"\end{document}")
        assert (r"\renewcommand\thesection{\Roman{section}.}" in source) == style.startswith("ieee")
        assert (r"\chapter{Introduction}" in source) == (style in ("report", "book"))


def test_typesetting_into_a_folder_it_cannot_write_says_so(tmp_path, capsys):
    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder")
    assert typeset_papers.main([str(blocker / "papers")]) == 2
    assert "error: cannot write to" in capsys.readouterr().err


def test_typesetting_without_pdflatex_says_what_to_install(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(typeset_papers.shutil, "which", lambda name: None)
    assert typeset_papers.main([str(tmp_path)]) == 2
    assert "apt-get install texlive-latex-base" in capsys.readouterr().err


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed (texlive-latex-base)")
def test_a_typeset_paper_carries_bookmarks_its_layout_rebuilds(tmp_path):
    from retrievers.index.recall import bookmark_recall

    pdf = typeset_papers.typeset(402, tmp_path)  # IEEE style, two columns
    result = bookmark_recall(pdf)
    assert result is not None and result.reference_count >= 8
    assert result.recall >= 0.9, [node.title for node in result.missed]
