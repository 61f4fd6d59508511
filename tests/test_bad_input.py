"""Bad input: one line naming the problem and the fix, exit code 2, nothing half-written."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from pdf_factory import image_only_pdf, minimal_pdf

import analyze
import bench
from core.paths import PDF_DIR, QUESTIONS_DIR


@pytest.fixture
def folders(tmp_path):
    pdfs, runs, indexes = tmp_path / "pdfs", tmp_path / "runs", tmp_path / "indexes"
    pdfs.mkdir()
    return pdfs, runs, indexes


def sweep(*args: str, pdfs: Path, runs: Path, indexes: Path, env=None):
    base = ["--pdf-dir", str(pdfs), "--runs-dir", str(runs), "--index-dir", str(indexes), "--no-progress", "--no-report", "--modes", "simple"]
    return CliRunner().invoke(bench.cli, [*base, *args], env=env)


def assert_refused(result, *phrases: str) -> None:
    assert result.exit_code == 2, result.output
    message = result.output.strip().splitlines()[-1]
    assert message.startswith("error: ")
    for phrase in phrases:
        assert phrase in message, message


def assert_nothing_written(runs: Path, indexes: Path) -> None:
    assert not runs.exists() or not any(runs.iterdir())
    assert not indexes.exists() or not any(indexes.glob("*.json"))


@pytest.mark.parametrize(
    "content,phrases",
    [
        (b"", ("empty",)),
        (b"%PDF-1.7\n garbage that is not a PDF body", ("3M_2022_10K.pdf",)),
        (minimal_pdf(encrypted=True), ("password",)),
        (minimal_pdf(), ("no extractable text",)),
    ],
    ids=["zero-byte", "corrupt", "encrypted", "text-less"],
)
def test_unreadable_pdfs_stop_the_sweep_before_anything_is_written(folders, content, phrases):
    pdfs, runs, indexes = folders
    (pdfs / "3M_2022_10K.pdf").write_bytes(content)
    result = sweep("--test-set", "3M_2022_10K", pdfs=pdfs, runs=runs, indexes=indexes)
    assert_refused(result, *phrases)
    assert_nothing_written(runs, indexes)


def test_image_only_pdf_asks_for_ocr(folders, tmp_path):
    pdfs, runs, indexes = folders
    image_only_pdf(pdfs / "3M_2022_10K.pdf")
    assert_refused(sweep("--test-set", "3M_2022_10K", pdfs=pdfs, runs=runs, indexes=indexes), "OCR")


def test_absent_pdfs_are_summarised_in_one_line(folders):
    pdfs, runs, indexes = folders
    shutil.copy(PDF_DIR / "ULTABEAUTY_2023Q4_EARNINGS.pdf", pdfs)
    result = sweep("--test-set", "ULTABEAUTY", pdfs=pdfs, runs=runs, indexes=indexes)
    assert result.exit_code == 0, result.output
    result = sweep("--test-set", "AMCOR", pdfs=pdfs, runs=runs, indexes=indexes)
    assert_refused(result, "none of the", "download")
    full = sweep("--test-set", "full", "--question", "006", pdfs=pdfs, runs=runs, indexes=indexes)
    warnings = [line for line in full.output.splitlines() if line.startswith("warning: skipping")]
    assert len(warnings) == 1, warnings  # one line with a count, not one per question
    assert " of " in warnings[0] and "PDFs are not in" in warnings[0] and "bench.py download --test-set full" in warnings[0]


@pytest.mark.parametrize(
    "args,phrases",
    [
        (["--test-set", "no_such_set"], ("unknown test set", "sample")),
        (["--modes", "simple,psychic"], ("unknown mode 'psychic'", "iterative")),
        (["--models", "gpt5"], ("unknown model provider",)),
        (["--models", "anthropic:claude-haiku-4-5"], ("ANTHROPIC_API_KEY",)),
        (["--runs", "0"], ("--runs",)),
        (["--question", "zzzz", "--test-set", "3M_2022_10K"], ("no question",)),
    ],
)
def test_bad_flags(folders, args, phrases):
    pdfs, runs, indexes = folders
    result = sweep(*args, pdfs=pdfs, runs=runs, indexes=indexes, env={"ANTHROPIC_API_KEY": "", "ANTHROPIC_AUTH_TOKEN": ""})
    assert_refused(result, *phrases)
    assert_nothing_written(runs, indexes)


@pytest.mark.parametrize(
    "lines,phrases",
    [
        (['{"financebench_id": "a", "doc_name": "X", "question": "q", "answer": "1"}', "{not json"], ("not valid JSON", ":2")),
        (['{"financebench_id": "a", "doc_name": "X", "question": "q"}'], ("lacks answer",)),
        (['{"financebench_id": "a", "doc_name": "X", "question": "q", "answer": "1"}'] * 2, ("duplicate question id a",)),
        (["[1, 2]"], ("expected a JSON object",)),
    ],
)
def test_malformed_questions_files(folders, tmp_path, lines, phrases):
    pdfs, runs, indexes = folders
    path = tmp_path / "questions.jsonl"
    path.write_text("\n".join(lines) + "\n")
    result = sweep("--questions", str(path), "--test-set", "X", pdfs=pdfs, runs=runs, indexes=indexes)
    assert_refused(result, *phrases)


def test_doc_name_with_path_traversal_is_refused(folders, tmp_path):
    pdfs, runs, indexes = folders
    path = tmp_path / "questions.jsonl"
    path.write_text(json.dumps({"financebench_id": "a", "doc_name": "../../etc/passwd", "question": "q", "answer": "1"}) + "\n")
    result = sweep("--questions", str(path), "--test-set", "../", pdfs=pdfs, runs=runs, indexes=indexes)
    assert_refused(result, "not a plain file name")


def test_analyze_refuses_a_folder_that_is_not_a_sweep(tmp_path):
    result = CliRunner().invoke(analyze.cli, [str(tmp_path), "--no-progress"])
    assert_refused(result, "not a sweep folder")
    result = CliRunner().invoke(analyze.cli, ["--runs-dir", str(tmp_path / "none"), "--no-progress"])
    assert_refused(result, "no sweep found")


def test_ask_about_a_missing_pdf(tmp_path):
    result = CliRunner().invoke(bench.cli, ["ask", "What?", "--pdf", str(tmp_path / "missing.pdf")])
    assert_refused(result, "missing.pdf")


def test_questions_file_default_is_the_bundled_one():
    assert (QUESTIONS_DIR / "financebench_open_source.jsonl").is_file()


def test_a_long_pdf_is_indexed_and_an_oversized_one_refused(tmp_path, monkeypatch):
    import time

    from pdf_factory import long_pdf

    from retrievers.index import build_index
    from retrievers.index import pdf as pdf_module

    big = long_pdf(tmp_path / "BIG_10K.pdf", PDF_DIR / "ADOBE_2022_10K.pdf", copies=10)  # 990 pages
    started = time.monotonic()
    index = build_index(big)
    assert index.page_count == 990 and index.leaves() and time.monotonic() - started < 60
    monkeypatch.setattr(pdf_module, "MAX_PAGES", 500)  # the limit, lowered so the test stays quick
    pdfs, runs, indexes = tmp_path / "pdfs", tmp_path / "runs", tmp_path / "indexes"
    pdfs.mkdir()
    shutil.copy(big, pdfs / "3M_2022_10K.pdf")
    result = CliRunner().invoke(bench.cli, ["--pdf-dir", str(pdfs), "--runs-dir", str(runs), "--index-dir", str(indexes), "--test-set", "3M_2022_10K", "--modes", "simple", "--no-progress", "--no-report"])
    assert_refused(result, "990 pages", "split it")
    assert_nothing_written(runs, indexes)


def test_a_budgets_file_with_a_typo(tmp_path):
    from sweep_factory import make_record, write_sweep

    sweep = write_sweep(tmp_path / "sweep", [make_record()])
    budgets = tmp_path / "budgets.toml"
    budgets.write_text("[defaults]\nmin_acuracy = 0.5\n")
    result = CliRunner().invoke(analyze.cli, [str(sweep), "--gate", str(budgets), "--out", str(tmp_path / "r"), "--no-progress"])
    assert_refused(result, "min_acuracy", "min_accuracy")
    assert not (tmp_path / "r").exists()


def test_node_ids_with_path_traversal_read_nothing_outside_the_index(tiny_index):
    from core.trace import Trace
    from retrievers.tools import SectionTools

    tools = SectionTools(tiny_index, Trace(None))
    for node_id in ("../../../../etc/passwd", "/etc/shadow", "..\\..\\windows"):
        content, _ = tools.call("fetch_section", {"node_id": node_id})
        assert "root:" not in content
        data = json.loads(content)
        assert "error" in data or data["node_id"] in {n.node_id for n in tiny_index.all_nodes()}
