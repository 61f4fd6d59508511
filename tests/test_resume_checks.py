"""``--resume`` finishes the sweep that was started, or says why it cannot: options it does
not use are named, a changed questions file or filing is refused, and the sweep's files are
found from any folder."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import bench
from core.paths import PDF_DIR, QUESTIONS_DIR

BUNDLED = QUESTIONS_DIR / "financebench_open_source.jsonl"


def _lines(doc_name: str) -> list[str]:
    return [line for line in BUNDLED.read_text().splitlines() if json.loads(line)["doc_name"] == doc_name]


def _bench(*args: str):
    return CliRunner().invoke(bench.cli, [*args, "--no-progress", "--no-report", "--no-cache"])


@pytest.fixture
def started(tmp_path, monkeypatch) -> Path:
    """A finished offline sweep of the three 3M questions, started in ``tmp_path`` with a
    questions file and a PDF folder named relative to it."""
    (tmp_path / "q.jsonl").write_text("\n".join(_lines("3M_2022_10K")) + "\n")
    (tmp_path / "pdfs").mkdir()
    shutil.copy(PDF_DIR / "3M_2022_10K.pdf", tmp_path / "pdfs")
    monkeypatch.chdir(tmp_path)
    done = _bench("--questions", "q.jsonl", "--pdf-dir", "pdfs", "--test-set", "full", "--modes", "simple", "--runs-dir", "runs")
    assert done.exit_code == 0, done.output
    return next((tmp_path / "runs").iterdir())


def _manifest(sweep: Path) -> dict:
    return json.loads((sweep / "manifest.json").read_text())


def test_the_manifest_keeps_absolute_paths_so_a_resume_from_elsewhere_reads_the_same_files(started, tmp_path, monkeypatch):
    config = _manifest(started)["config"]
    assert config["questions_file"] == str(tmp_path / "q.jsonl") and config["pdf_dir"] == str(tmp_path / "pdfs")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # where q.jsonl and pdfs/ are not
    done = _bench("--resume", str(started))
    assert done.exit_code == 0, done.output


def test_options_a_resume_does_not_use_are_named(started):
    done = _bench("--resume", str(started), "--modes", "agent", "--runs", "3", "--timeout", "5", "--max-run-turns", "50")
    assert done.exit_code == 0, done.output
    warning = next(line for line in done.output.splitlines() if "ignored by --resume" in line)
    assert warning.startswith("warning: --modes, --runs, --timeout are ignored") and "--max-run-turns" not in warning
    assert _manifest(started)["config"]["modes"] == ["simple"]


def test_a_resume_after_the_questions_changed_is_refused_and_the_manifest_kept(started, tmp_path):
    before = _manifest(started)
    (tmp_path / "q.jsonl").write_text("\n".join(_lines("3M_2022_10K")[:1] + _lines("ADOBE_2022_10K")[:2]) + "\n")
    shutil.copy(PDF_DIR / "ADOBE_2022_10K.pdf", tmp_path / "pdfs")
    done = _bench("--resume", str(started))
    assert done.exit_code == 2, done.output
    assert "changed since it started: 2 of its 3 runs are no longer planned and 2 new ones would be" in done.output
    assert _manifest(started) == before


def test_a_resume_after_a_filing_changed_is_refused(started, tmp_path):
    shutil.copy(PDF_DIR / "NETFLIX_2017_10K.pdf", tmp_path / "pdfs" / "3M_2022_10K.pdf")  # another filing under its name
    done = _bench("--resume", str(started))
    assert done.exit_code == 2, done.output
    assert "3M_2022_10K.pdf (sha256" in done.output and "mix two versions" in done.output
