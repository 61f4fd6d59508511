"""Fetching filings: from a mirror over HTTP (a local server stands in for upstream) or
copied from a local folder; every file is verified as a readable PDF before it is kept."""
from __future__ import annotations

import functools
import shutil
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest
from click.testing import CliRunner

import bench
from core.paths import PDF_DIR
from harness.documents import download

DOCS = ["ULTABEAUTY_2023Q4_EARNINGS", "AMCOR_2023Q4_EARNINGS"]


@pytest.fixture
def mirror(tmp_path):
    """A local HTTP server with the upstream layout: <base>/<doc_name>.pdf."""
    root = tmp_path / "mirror"
    root.mkdir()
    for doc in DOCS:
        shutil.copy(PDF_DIR / f"{doc}.pdf", root)
    (root / "BROKEN_10K.pdf").write_bytes(b"<html>404 page served with 200</html>")
    handler = functools.partial(SimpleHTTPRequestHandler, directory=str(root))
    handler.log_message = lambda *args: None
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def test_fetches_missing_pdfs_from_a_mirror_and_verifies_them(mirror, tmp_path):
    target = tmp_path / "pdfs"
    seen = []
    report = download([*DOCS, "BROKEN_10K", "ABSENT_10K"], target, base_url=mirror, on_progress=lambda d, s: seen.append((d, s)))
    assert sorted(report.fetched) == sorted(DOCS)
    assert set(report.failed) == {"BROKEN_10K", "ABSENT_10K"}
    assert "not a PDF" in report.failed["BROKEN_10K"] and "404" in report.failed["ABSENT_10K"]
    assert sorted(p.name for p in target.iterdir()) == sorted(f"{d}.pdf" for d in DOCS)  # no partial or bad file kept
    again = download(DOCS, target, base_url=mirror)
    assert sorted(again.present) == sorted(DOCS) and not again.fetched
    assert len(seen) == 4


def test_copies_from_a_local_folder(tmp_path):
    source = tmp_path / "source"
    source.mkdir()
    shutil.copy(PDF_DIR / "AMCOR_2023Q4_EARNINGS.pdf", source)
    (source / "CORRUPT_10K.pdf").write_bytes(b"%PDF-1.4 truncated")
    report = download(["AMCOR_2023Q4_EARNINGS", "CORRUPT_10K", "MISSING_10K"], tmp_path / "pdfs", from_dir=source)
    assert report.copied == ["AMCOR_2023Q4_EARNINGS"]
    assert set(report.failed) == {"CORRUPT_10K", "MISSING_10K"}
    assert [p.name for p in (tmp_path / "pdfs").iterdir()] == ["AMCOR_2023Q4_EARNINGS.pdf"]


def test_download_command(tmp_path):
    source = tmp_path / "source"
    source.mkdir()
    shutil.copy(PDF_DIR / "3M_2022_10K.pdf", source)
    runner = CliRunner()
    result = runner.invoke(bench.cli, ["download", "--test-set", "3M_2022_10K", "--from", str(source), "--pdf-dir", str(tmp_path / "pdfs")])
    assert result.exit_code == 0, result.output
    assert "1 copied" in result.output and (tmp_path / "pdfs" / "3M_2022_10K.pdf").is_file()
    result = runner.invoke(bench.cli, ["download", "--test-set", "AMCOR_2023Q4", "--from", str(source), "--pdf-dir", str(tmp_path / "pdfs")])
    assert result.exit_code == 1 and "failed: AMCOR_2023Q4_EARNINGS" in result.output
    result = runner.invoke(bench.cli, ["download", "--from", str(tmp_path / "nowhere"), "--pdf-dir", str(tmp_path / "pdfs")])
    assert result.exit_code == 2 and "--from folder not found" in result.output
