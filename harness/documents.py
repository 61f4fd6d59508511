"""Where filings live and how missing ones are fetched.

A question's PDF is ``<pdf_dir>/<doc_name>.pdf``. ``download`` fills in missing PDFs, either
from the upstream FinanceBench repository (or any mirror with the same layout) or by
copying from a local folder, and keeps a file only once it opens as a readable PDF.
"""
from __future__ import annotations

import os
import shutil
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from core.errors import PDFError, UserError
from core.files import FILE_MODE, unwritable
from harness.dataset import Question

UPSTREAM_BASE_URL = "https://github.com/patronus-ai/financebench/raw/main/pdfs/"
USER_AGENT = "pageindex-bench/0.1 (FinanceBench downloader)"


def pdf_path(pdf_dir: Path, doc_name: str) -> Path:
    if "/" in doc_name or "\\" in doc_name or doc_name.startswith("."):
        raise UserError(f"document name {doc_name!r} is not a plain file name", "fix the doc_name in the questions file")
    return pdf_dir / f"{doc_name}.pdf"


def split_available(questions: Iterable[Question], pdf_dir: Path) -> tuple[list[Question], list[Question]]:
    """(questions whose PDF is present, questions whose PDF is absent)."""
    present: list[Question] = []
    absent: list[Question] = []
    for question in questions:
        (present if pdf_path(pdf_dir, question.doc_name).is_file() else absent).append(question)
    return present, absent


@dataclass
class DownloadReport:
    fetched: list[str] = field(default_factory=list)
    copied: list[str] = field(default_factory=list)
    present: list[str] = field(default_factory=list)
    failed: dict[str, str] = field(default_factory=dict)


def _readable(path: Path) -> bool:
    """A PDF already in the folder counts as present only if it opens: a file left by a
    failed download elsewhere, or an error page saved under the name, is fetched again."""
    try:
        _verify(path)
    except PDFError:
        return False
    return True


def _verify(path: Path) -> None:
    from retrievers.index.pdf import check_pdf

    check_pdf(path)


def _install(tmp: Path, target: Path, source: str) -> None:
    """Keep ``tmp`` as ``target`` only if it is a readable PDF; never leave a partial file."""
    try:
        _verify(tmp)
    except PDFError as exc:
        tmp.unlink(missing_ok=True)
        raise PDFError(f"{source} is not a readable PDF ({exc.problem.split(':')[0]})", "the source may be an error page or a truncated file") from None
    os.replace(tmp, target)


def _temp_beside(target: Path) -> Path:
    fd, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.stem}.", suffix=".part")
    os.fchmod(fd, FILE_MODE)  # mkstemp's is private (0600): a PDF kept from it gets the usual mode
    os.close(fd)
    return Path(name)


# A download is cut off past the indexer's size limit (a mirror that never stops sending
# would fill the disk) and past this much time in all (a mirror that sends a byte now and
# then never trips the per-read timeout): FinanceBench's largest filing is ~30 MB.
MAX_DOWNLOAD_SECONDS = 600.0
_CHUNK = 1 << 16


def copy_pdf(source: Path, target: Path) -> None:
    tmp = _temp_beside(target)
    try:
        shutil.copyfile(source, tmp)
        _install(tmp, target, str(source))
    finally:
        tmp.unlink(missing_ok=True)


def fetch_pdf(url: str, target: Path, timeout: float = 60.0) -> None:
    tmp = _temp_beside(target)
    try:
        request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response, tmp.open("wb") as out:
                _copy_bounded(response, out, url)
        except urllib.error.HTTPError as exc:
            raise OSError(f"HTTP {exc.code} {exc.reason} from {url}") from None
        except urllib.error.URLError as exc:  # no route, no DNS: the machine is offline, or the host is wrong
            host = urllib.parse.urlsplit(url).netloc
            raise OSError(f"cannot reach {host} ({exc.reason}): offline? copy the PDFs from a folder with --from FOLDER, "
                          "or name a mirror with --base-url") from None
        _install(tmp, target, url)
    finally:
        tmp.unlink(missing_ok=True)


def _copy_bounded(response: IO[bytes], out: IO[bytes], url: str, max_seconds: float = MAX_DOWNLOAD_SECONDS) -> None:
    from retrievers.index.pdf import MAX_BYTES

    started, written = time.monotonic(), 0
    while chunk := response.read(_CHUNK):
        written += len(chunk)
        if written > MAX_BYTES:
            raise OSError(f"{url} sent over {MAX_BYTES / 1e6:.0f} MB, more than any filing the indexer takes: stopped")
        if time.monotonic() - started > max_seconds:
            raise OSError(f"{url} took over {max_seconds:.0f} s ({written / 1e6:.1f} MB so far): stopped; try another --base-url")
        out.write(chunk)


def _url_of(base_url: str, doc_name: str) -> str:
    """``<base_url>/<doc_name>.pdf``, keeping the base's path and its query (a mirror's
    token: "https://host/pdfs?token=..." joined naively lost both)."""
    parts = urllib.parse.urlsplit(base_url)
    path = parts.path.rstrip("/") + "/" + urllib.parse.quote(f"{doc_name}.pdf")
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, path, parts.query, ""))


def download(
    doc_names: Iterable[str],
    pdf_dir: Path,
    *,
    from_dir: Path | None = None,
    base_url: str = UPSTREAM_BASE_URL,
    on_progress: Callable[[str, str], None] | None = None,
) -> DownloadReport:
    """Fetch or copy every missing PDF among ``doc_names``; one failure does not stop the rest."""
    if from_dir is not None and not from_dir.is_dir():
        raise UserError(f"--from folder not found: {from_dir}", "name a folder that holds <doc_name>.pdf files")
    if from_dir is None and urllib.parse.urlsplit(base_url).scheme not in ("http", "https"):
        raise UserError(f"--base-url {base_url[:200]!r} is not an http(s) URL", "pass a mirror such as https://host/path/pdfs/, or --from FOLDER")
    if pdf_dir.exists() and not pdf_dir.is_dir():
        raise UserError(f"--pdf-dir {pdf_dir} is a file, not a folder", "name the folder the PDFs go into")
    problem = unwritable(pdf_dir)  # a read-only mount: said once, not as a traceback
    if problem:
        raise UserError(f"cannot write to --pdf-dir {pdf_dir}: {problem}", "fix its permissions or pass --pdf-dir elsewhere")
    pdf_dir.mkdir(parents=True, exist_ok=True)
    report = DownloadReport()
    for doc_name in sorted(set(doc_names)):
        target = pdf_path(pdf_dir, doc_name)
        status = "present"
        try:
            if target.is_file() and _readable(target):
                report.present.append(doc_name)
            elif from_dir is not None:
                source = pdf_path(from_dir, doc_name)
                if not source.is_file():
                    raise FileNotFoundError(f"not in {from_dir}")
                copy_pdf(source, target)
                report.copied.append(doc_name)
                status = "copied"
            else:
                url = _url_of(base_url, doc_name)
                fetch_pdf(url, target)
                report.fetched.append(doc_name)
                status = "fetched"
        except (OSError, urllib.error.URLError, PDFError) as exc:
            report.failed[doc_name] = str(getattr(exc, "reason", None) or exc)
            status = "failed"
        if on_progress:
            on_progress(doc_name, status)
    return report
