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
from core.errors import UserError
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
        # A limit no run can work within would make a sweep of failures, not an error.
        (["--top-k", "0"], ("--top-k must be a whole number of at least 1, got 0",)),
        (["--max-turns", "0", "--modes", "agent"], ("--max-turns must be a whole number of at least 1",)),
        (["--max-iterations", "0", "--modes", "iterative"], ("--max-iterations must be a whole number of at least 1",)),
        (["--max-replans", "-1", "--modes", "planner"], ("--max-replans must be a whole number of at least 0", "pass --max-replans 0 or more")),
        # An absurd one: each turn, iteration or replan may be a model call (a typed 200 for 2).
        (["--max-replans", "200", "--modes", "planner"], ("--max-replans is at most 20, got 200", "pass --max-replans 0 to 20")),
        (["--max-turns", "1000", "--modes", "agent"], ("--max-turns is at most 100, got 1,000",)),
        (["--extractor-turns", "101", "--modes", "iterative"], ("--extractor-turns is at most 100",)),
        (["--max-iterations", "51", "--modes", "iterative"], ("--max-iterations is at most 50",)),
        (["--top-k", "101"], ("--top-k is at most 100",)),
        # The same mode twice would plan its runs twice under the same run ids.
        (["--modes", "agent,agent"], ("mode agent is given twice",)),
        # A NaN cap is never reached (every comparison with NaN is false); 0 or less stops at once.
        (["--max-cost", "nan"], ("--max-cost must be a finite number above 0, got nan",)),
        (["--max-cost", "inf"], ("--max-cost must be a finite number above 0",)),
        (["--max-cost", "0"], ("--max-cost must be a finite number above 0",)),
        (["--max-cost", "-1"], ("--max-cost must be a finite number above 0",)),
        # 0 seconds used to mean no limit while 0 tokens or turns errored every run: all refused.
        (["--max-run-seconds", "0"], ("--max-run-seconds must be a finite number above 0",)),
        (["--max-run-seconds", "-1"], ("--max-run-seconds must be a finite number above 0",)),
        (["--max-run-tokens", "0"], ("--max-run-tokens must be a finite number above 0",)),
        (["--max-run-turns", "0"], ("--max-run-turns must be a finite number above 0",)),
        (["--timeout", "nan"], ("--timeout must be a number of seconds above 0",)),
        (["--timeout", "0"], ("--timeout must be a number of seconds above 0",)),
        (["--timeout", "-5"], ("--timeout must be a number of seconds above 0",)),
        (["--retries", "-1"], ("--retries must be 0 or more, got -1",)),
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
        (['{"financebench_id": "a", "doc_name": "X", "question": "q", "answer": "1"}', "[1, 2]"], ("expected a JSON object", ":2")),
        (["[1, 2]"], ("a JSON array, not JSON Lines", "one question object per line")),
        (['[{"financebench_id": "a", "doc_name": "X", "question": "q", "answer": "1"}]'], ("a JSON array, not JSON Lines",)),
        (["{", '  "financebench_id": "a",', '  "doc_name": "X"', "}"], ("a pretty-printed JSON object", "one line")),
        (["[", '  {"financebench_id": "a"}', "]"], ("a JSON array, not JSON Lines",)),
        # a TOML file is no JSON array for its "[section]" header; the decoder's "at" said once
        (["[defaults]", "x = 1"], ("not valid JSON (Expecting value at column 2)", ":1")),
        (['{"financebench_id": "a\x01"}'], ("Invalid control character at column",)),
    ],
)
def test_malformed_questions_files(folders, tmp_path, lines, phrases):
    pdfs, runs, indexes = folders
    path = tmp_path / "questions.jsonl"
    path.write_text("\n".join(lines) + "\n")
    result = sweep("--questions", str(path), "--test-set", "X", pdfs=pdfs, runs=runs, indexes=indexes)
    assert_refused(result, *phrases)


@pytest.mark.parametrize("spec,phrases", [
    ("FOLDER", ("is a folder, not a questions file", "the JSON Lines file itself")),
    ("/dev/null", ("is a device or a pipe, not a questions file",)),
    ("hf:", ("'hf:' names no dataset", "hf:NAME[@SPLIT]")),
])
def test_a_questions_path_that_is_no_file_is_named_for_what_it_is(folders, tmp_path, spec, phrases):
    # A folder and /dev/null were "not found", with "reinstall the project" as the fix, and
    # "hf:" leaked "list index out of range".
    pdfs, runs, indexes = folders
    result = sweep("--questions", str(tmp_path) if spec == "FOLDER" else spec, pdfs=pdfs, runs=runs, indexes=indexes)
    assert_refused(result, *phrases)
    assert "at at" not in result.output and "index out of range" not in result.output


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


@pytest.mark.parametrize("question,phrase", [("   ", "the question is empty"), ("Capex? " * 2000, "14,000 characters, over the limit of 10,000")])
def test_ask_refuses_a_blank_or_document_sized_question_before_any_model_call(question, phrase):
    # As a questions file does: a blank question would spend model calls answering nothing.
    result = CliRunner().invoke(bench.cli, ["ask", question, "--pdf", str(PDF_DIR / "3M_2022_10K.pdf"), "--model", "offline"])
    assert_refused(result, phrase)


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


QUESTION_ROW = {"financebench_id": "financebench_id_01865", "doc_name": "3M_2022_10K", "question": "What drove 3M's operating margin change?",
                "answer": "Litigation", "evidence": [{"evidence_page_num": 10, "evidence_text": "..."}]}


@pytest.mark.parametrize(
    "content,phrases",
    [
        (b'{"financebench_id": "a", "doc_name": "X", "question": "q", "answer": "1"}\n{"question": "caf\xe9"}\n', ("questions.jsonl:2", "not UTF-8")),
        (json.dumps({**QUESTION_ROW, "evidence": "page 10"}).encode(), ("evidence is str, not a list",)),
        (json.dumps({**QUESTION_ROW, "evidence": ["page 10"]}).encode(), ("evidence item is str, not an object",)),
        (json.dumps({**QUESTION_ROW, "evidence": [{"evidence_page_num": "ten"}]}).encode(), ("evidence_page_num 'ten' is not a whole number",)),
        (json.dumps({**QUESTION_ROW, "question": {"text": "q"}}).encode(), ("question must be text",)),
        (b'{"financebench_id": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", ("nested too deeply",)),
        (json.dumps({**QUESTION_ROW, "question": "How? " * 4_000}).encode(), ("20,000 characters", "over the limit of 10,000")),
        (json.dumps({**QUESTION_ROW, "justification": "x" * (5 * 1024 * 1024)}).encode(), ("questions.jsonl:1", "over 4 MB")),
        (json.dumps({**QUESTION_ROW, "answer": "Litigation \ud83d"}).encode(), ("questions.jsonl:1", "half a character", "\\ud83d")),
        (b'{"financebench_id": "a", "answer": ' + b"9" * 5000 + b"}", ("questions.jsonl:1", "not valid JSON", "Exceeds the limit")),
    ],
    ids=["not-utf8", "evidence-not-a-list", "evidence-item-not-an-object", "evidence-page-not-a-number", "question-not-text",
         "deeply-nested", "question-too-long", "line-too-long", "half-a-character", "number-too-long"],
)
def test_malformed_questions_are_refused_with_the_line_and_the_fix(folders, tmp_path, content, phrases):
    pdfs, runs, indexes = folders
    path = tmp_path / "questions.jsonl"
    path.write_bytes(content)
    result = sweep("--questions", str(path), "--test-set", "3M_2022_10K", pdfs=pdfs, runs=runs, indexes=indexes)
    assert_refused(result, *phrases)
    assert_nothing_written(runs, indexes)


def test_a_zero_page_pdf_is_called_empty_not_corrupt(folders):
    import pypdfium2 as pdfium

    pdfs, runs, indexes = folders
    pdfium.PdfDocument.new().save(str(pdfs / "3M_2022_10K.pdf"))  # a valid PDF with an empty page tree
    result = sweep("--test-set", "3M_2022_10K", pdfs=pdfs, runs=runs, indexes=indexes)
    assert_refused(result, "PDF has no pages", "3M_2022_10K.pdf")
    assert "PDFium" not in result.output


@pytest.fixture(scope="module")
def finished_sweep(tmp_path_factory) -> Path:
    """A real one-question offline sweep, finished: what --resume and analyze are given."""
    runs = tmp_path_factory.mktemp("finished")
    result = CliRunner().invoke(bench.cli, ["--test-set", "3M_2022_10K", "--question", "01865", "--modes", "simple,agent", "--runs-dir", str(runs),
                                            "--no-cache", "--no-progress", "--no-report"])
    assert result.exit_code == 0, result.output
    return next(runs.iterdir())


@pytest.fixture
def damaged(finished_sweep, tmp_path) -> Path:
    copy = tmp_path / "sweep"
    shutil.copytree(finished_sweep, copy)
    return copy


def resume(folder: Path, *extra: str):
    return CliRunner().invoke(bench.cli, ["--resume", str(folder), "--no-progress", "--no-report", *extra])


def analysis(folder: Path, tmp_path: Path):
    return CliRunner().invoke(analyze.cli, [str(folder), "--out", str(tmp_path / "report"), "--no-progress", "--no-cache"])


def edit_json(path: Path, change) -> None:
    data = json.loads(path.read_text())
    path.write_text(json.dumps(change(data)))


@pytest.mark.parametrize(
    "change,phrases",
    [
        (lambda m: {**m, "config": "models=offline"}, ("config is text, not an object",)),
        (lambda m: {**m, "config": {}}, ("has no config",)),
        (lambda m: {**m, "runs": {"a": 1}}, ("runs is an object, not a list",)),
        (lambda m: {**m, "version": 99}, ("manifest version 99",)),
        (lambda m: [m], ("is a list, not an object",)),
        (lambda m: {**m, "config": {**m["config"], "runs": "3"}}, ("config.runs is text, not an integer",)),
        (lambda m: {**m, "config": {**m["config"], "budgets": {"max_cost_usd": "lots"}}}, ("config.budgets.max_cost_usd",)),
        (lambda m: {**m, "environment": {**m["environment"], "packages": ["pandas"]}}, ("environment.packages is a list",)),
    ],
    ids=["config-text", "config-empty", "runs-not-a-list", "version-99", "not-an-object", "runs-count-text", "budget-text", "packages-list"],
)
def test_a_damaged_manifest_is_refused_by_resume_and_by_analyze(damaged, tmp_path, change, phrases):
    edit_json(damaged / "manifest.json", change)
    before = (damaged / "runs.jsonl").read_bytes()
    assert_refused(resume(damaged), "manifest.json", *phrases)
    assert_refused(analysis(damaged, tmp_path), "manifest.json", *phrases)
    assert (damaged / "runs.jsonl").read_bytes() == before and not (tmp_path / "report").exists()


def test_a_manifest_that_is_not_json_or_not_utf8(damaged, tmp_path):
    (damaged / "manifest.json").write_bytes(b'{"version": 1, "config": "caf\xe9"}')
    assert_refused(resume(damaged), "not UTF-8")
    (damaged / "manifest.json").write_bytes(b"[" * 100_000)
    assert_refused(analysis(damaged, tmp_path), "nested too deeply")


@pytest.mark.parametrize(
    "change,phrases",
    [
        (lambda r: {**r, "run_number": "1"}, ("run_number is text, not an integer",)),
        (lambda r: {**r, "usage": {**r["usage"], "by_role": {"agent": {"total": "12"}}}}, ("usage.by_role.agent.total is text",)),
        (lambda r: {**r, "findings": "none"}, ("findings is text, not a list",)),
        (lambda r: {**r, "spent_usd": [1]}, ("spent_usd is a list",)),
        (lambda r: {**r, "status": "great"}, ("status 'great' is none of ok, fail, error",)),
        (lambda r: {k: v for k, v in r.items() if k != "run_id"}, ("lacks run_id",)),
        (lambda r: {**r, "trace_path": "../../../../etc/passwd"}, ("trace_path", "not a file under traces/")),
        (lambda r: {**r, "run_id": "../escape"}, ("not a plain name",)),
        (lambda r: {**r, "answer": "$1,577 million \ud83d"}, ("half a character", "\\ud83d")),
    ],
    ids=["run-number-text", "role-tokens-text", "findings-text", "spent-list", "unknown-status", "no-run-id", "trace-path-escape", "run-id-path",
         "half-a-character"],
)
def test_a_record_of_wrong_types_is_refused_with_its_line(damaged, tmp_path, change, phrases):
    lines = (damaged / "runs.jsonl").read_text().splitlines()
    lines[0] = json.dumps(change(json.loads(lines[0])))
    (damaged / "runs.jsonl").write_text("\n".join(lines) + "\n")
    assert_refused(resume(damaged), "runs.jsonl:1:", *phrases)
    assert_refused(analysis(damaged, tmp_path), "runs.jsonl:1:", *phrases)


def test_a_corrupt_line_names_its_number(damaged, tmp_path):
    lines = (damaged / "runs.jsonl").read_text().splitlines()
    (damaged / "runs.jsonl").write_text("\n".join([lines[0], "{not json", lines[1]]) + "\n")
    assert_refused(resume(damaged), "runs.jsonl:2:", "corrupt line")
    assert_refused(analysis(damaged, tmp_path), "runs.jsonl:2:", "corrupt line")


def test_resume_refuses_options_it_does_not_know(damaged):
    edit_json(damaged / "manifest.json", lambda m: {**m, "config": {**m["config"], "options": {"warp_speed": 9}}})
    assert_refused(resume(damaged), "options this version does not know: warp_speed")


def test_a_damaged_response_cache_is_refused_before_any_work(folders, tmp_path):
    pdfs, runs, indexes = folders
    shutil.copy(PDF_DIR / "3M_2022_10K.pdf", pdfs)
    cache_dir = tmp_path / "cache"
    cache_dir.mkdir()
    (cache_dir / "responses.sqlite").write_bytes(b"this is not a database" * 100)
    result = sweep("--test-set", "3M_2022_10K", "--cache-dir", str(cache_dir), pdfs=pdfs, runs=runs, indexes=indexes)
    assert_refused(result, "responses.sqlite", "damaged", "--no-cache")
    assert not runs.exists() or not any(runs.iterdir())


def test_a_response_cache_damaged_inside_stops_the_sweep_with_what_was_recorded(tmp_path):
    import sqlite3

    from core.llm.cache import ResponseCache

    path = tmp_path / "responses.sqlite"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE responses (key TEXT PRIMARY KEY, model TEXT, completion TEXT, created REAL)")
    db.executemany("INSERT INTO responses VALUES (?, 'm', ?, 0)", [(f"k{i}", "x" * 3000) for i in range(200)])
    db.commit()
    db.close()
    data = bytearray(path.read_bytes())
    data[8192:40960] = b"\xff" * (40960 - 8192)  # B-tree pages overwritten: the header still reads as SQLite
    path.write_bytes(bytes(data))
    cache = ResponseCache(path)
    with pytest.raises(UserError, match="damaged"):
        for i in range(200):
            cache.get(f"k{i}")


@pytest.mark.parametrize(
    "change,phrases",
    [
        (lambda m: {**m, "config": {**m["config"], "runs": 10**9}}, ("2,000,000,000 runs, over the limit of 1,000,000",)),
        (lambda m: {**m, "config": {**m["config"], "concurrency": 10**6}}, ("--concurrency must be between 1 and 1024",)),
        (lambda m: {**m, "config": {**m["config"], "pdf_dir": "/tmp/" + "x" * 300}}, ("config.pdf_dir is too long",)),
        (lambda m: {**m, "config": {**m["config"], "questions_file": "questions\u0000.jsonl"}}, ("config.questions_file has a NUL byte",)),
    ],
    ids=["a-billion-runs", "a-million-calls-in-flight", "path-too-long", "path-with-nul"],
)
def test_absurd_sizes_in_a_manifest_are_refused_before_any_work(damaged, change, phrases):
    edit_json(damaged / "manifest.json", change)
    assert_refused(resume(damaged), *phrases)


def test_absurd_flags_are_refused(folders, tmp_path):
    pdfs, runs, indexes = folders
    shutil.copy(PDF_DIR / "3M_2022_10K.pdf", pdfs)
    assert_refused(sweep("--runs", "100000000", "--test-set", "3M_2022_10K", pdfs=pdfs, runs=runs, indexes=indexes), "300,000,000 runs, over the limit")
    assert_refused(sweep("--concurrency", "0", pdfs=pdfs, runs=runs, indexes=indexes), "--concurrency must be between")
    doc = json.dumps({**QUESTION_ROW, "doc_name": "D" * 300})
    (tmp_path / "q.jsonl").write_text(doc + "\n")
    assert_refused(sweep("--questions", str(tmp_path / "q.jsonl"), "--test-set", "D", pdfs=pdfs, runs=runs, indexes=indexes), "is not a document name")
    assert_nothing_written(runs, indexes)


def test_a_byte_order_mark_is_not_part_of_the_first_question(tmp_path):
    from harness.dataset import load_questions

    path = tmp_path / "questions.jsonl"
    path.write_text("\ufeff" + json.dumps(QUESTION_ROW) + "\n", encoding="utf-8")
    assert [q.id for q in load_questions(path)] == [QUESTION_ROW["financebench_id"]]


def test_a_test_set_that_selects_none_of_a_custom_file_says_so(folders, tmp_path):
    # The default set lists the bundled filings; told "no PDF found", a user of their own
    # questions would go looking for PDFs that are not the problem.
    pdfs, runs, indexes = folders
    path = tmp_path / "questions.jsonl"
    path.write_text(json.dumps({**QUESTION_ROW, "doc_name": "ACME_2022_10K"}) + "\n")
    result = sweep("--questions", str(path), pdfs=pdfs, runs=runs, indexes=indexes)
    assert_refused(result, "test set 'sample' selects none of the 1 questions", "--test-set full", "ACME")
    assert_nothing_written(runs, indexes)


def test_a_pdf_folder_that_does_not_exist_is_named_as_such(folders, tmp_path):
    _, runs, indexes = folders
    result = sweep(pdfs=tmp_path / "no" / "such" / "dir", runs=runs, indexes=indexes)
    assert_refused(result, "is not a folder", "--pdf-dir")
    assert "skipping" not in result.output  # the folder is the problem, not each of its PDFs
    assert_nothing_written(runs, indexes)
