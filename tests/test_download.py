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


class _Endless:
    """A mirror's reply that never ends, or that comes a byte at a time."""

    def __init__(self, chunk: bytes) -> None:
        self.chunk = chunk

    def read(self, size: int = -1) -> bytes:
        return self.chunk


def test_a_reply_past_the_size_limit_or_the_time_limit_is_cut_off(tmp_path, monkeypatch):
    # Either would otherwise fill the disk, or hold the command for ever (a byte now and
    # then never trips the per-read timeout).
    import io

    from harness import documents
    from retrievers.index import pdf

    monkeypatch.setattr(pdf, "MAX_BYTES", 1_000_000)
    with pytest.raises(OSError, match="sent over 1 MB"):
        documents._copy_bounded(_Endless(b"x" * 65536), io.BytesIO(), "http://mirror/x.pdf")
    with pytest.raises(OSError, match="took over 0 s"):
        documents._copy_bounded(_Endless(b"x"), io.BytesIO(), "http://mirror/x.pdf", max_seconds=0.0)


def test_a_file_already_there_counts_only_if_it_opens(mirror, tmp_path):
    target = tmp_path / "pdfs"
    target.mkdir()
    (target / f"{DOCS[0]}.pdf").write_text("junk an earlier tool left")
    report = download(DOCS[:1], target, base_url=mirror)
    assert report.fetched == DOCS[:1] and not report.present
    assert (target / f"{DOCS[0]}.pdf").read_bytes().startswith(b"%PDF")


def test_a_kept_pdf_gets_the_folders_usual_mode(mirror, tmp_path):
    import stat

    target = tmp_path / "pdfs"
    download(DOCS[:1], target, base_url=mirror)
    (tmp_path / "plain").write_text("x")
    assert stat.S_IMODE((target / f"{DOCS[0]}.pdf").stat().st_mode) == stat.S_IMODE((tmp_path / "plain").stat().st_mode)


def test_bad_download_arguments_get_a_line_not_a_traceback(tmp_path):
    runner = CliRunner()
    result = runner.invoke(bench.cli, ["download", "--test-set", "AMCOR_2023Q4", "--base-url", "notaurl", "--pdf-dir", str(tmp_path / "pdfs")])
    assert result.exit_code == 2 and "is not an http(s) URL" in result.output, result.output
    (tmp_path / "afile").write_text("x")
    result = runner.invoke(bench.cli, ["download", "--test-set", "AMCOR_2023Q4", "--pdf-dir", str(tmp_path / "afile")])
    assert result.exit_code == 2 and "is a file, not a folder" in result.output
    # A folder that takes no files (/proc, as a read-only mount): a FileNotFoundError traceback.
    result = runner.invoke(bench.cli, ["download", "--test-set", "AMCOR_2023Q4", "--pdf-dir", "/proc/pdfs"])
    assert result.exit_code == 2 and "cannot write to --pdf-dir /proc/pdfs" in result.output, result.output


def test_sigterm_mid_download_leaves_no_partial_file(tmp_path):
    # A CI timeout sends SIGTERM: the hidden .part file of the PDF being fetched must go.
    import signal
    import subprocess
    import sys
    import time
    from http.server import BaseHTTPRequestHandler

    from core.paths import PROJECT_ROOT

    class Trickle(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (the handler's name is http.server's)
            self.send_response(200)
            self.send_header("Content-Length", "1000000")
            self.end_headers()
            for _ in range(600):
                try:
                    self.wfile.write(b"%PDF" if _ == 0 else b"x")
                    self.wfile.flush()
                except OSError:
                    return
                time.sleep(0.05)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Trickle)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    pdfs = tmp_path / "pdfs"
    process = subprocess.Popen([sys.executable, "bench.py", "download", "--test-set", "AMCOR_2023Q4", "--pdf-dir", str(pdfs),
                                "--base-url", f"http://127.0.0.1:{server.server_address[1]}/"], cwd=PROJECT_ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while not list(pdfs.glob(".*.part")) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert list(pdfs.glob(".*.part")), "the download never started"
        time.sleep(0.3)
        process.send_signal(signal.SIGTERM)
        process.communicate(timeout=30)
        assert process.returncode != 0
        assert list(pdfs.iterdir()) == []
    finally:
        process.kill()
        server.shutdown()


def test_a_mirror_url_keeps_its_path_and_its_query():
    # A mirror's token in the query: joined naively, the path and the token were lost.
    from harness.documents import UPSTREAM_BASE_URL, _url_of

    assert _url_of("http://127.0.0.1:1/sub?token=abc", "A B") == "http://127.0.0.1:1/sub/A%20B.pdf?token=abc"
    assert _url_of(UPSTREAM_BASE_URL, "3M_2022_10K") == UPSTREAM_BASE_URL + "3M_2022_10K.pdf"


def test_a_host_that_cannot_be_reached_is_named_with_the_way_round_it(tmp_path):
    # Offline, each filing failed with "[Errno -2] Name or service not known": no host, no --from.
    import socket

    with socket.socket() as probe:  # a port nothing listens on: refused at once, as an unreachable mirror is
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    report = download(["3M_2022_10K"], tmp_path / "pdfs", base_url=f"http://127.0.0.1:{port}/pdfs")
    reason = report.failed["3M_2022_10K"]
    assert f"cannot reach 127.0.0.1:{port}" in reason and "--from FOLDER" in reason and "--base-url" in reason
    assert not list((tmp_path / "pdfs").glob("*"))
