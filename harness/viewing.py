"""Finding the page to open (``analyze.py view``) and pruning old reports (``analyze.py prune``)."""
from __future__ import annotations

import shutil
from pathlib import Path

from core import paths
from core.errors import UserError
from harness.report.pages import HISTORY, TRACES, is_report
from harness.sweepdir import MANIFEST


def reports(reports_dir: Path) -> list[Path]:
    """Report folders, oldest first (by when they were written)."""
    if not reports_dir.is_dir():
        return []
    return sorted((p for p in reports_dir.iterdir() if is_report(p)), key=lambda p: ((p / "data.js").stat().st_mtime, p.name))


def _report_of_sweep(sweep: Path, reports_dir: Path) -> Path | None:
    """The newest report whose data names this sweep's folder."""
    name = sweep.resolve().name
    for folder in reversed(reports(reports_dir)):
        head = (folder / "data.js").read_text(encoding="utf-8", errors="replace")[:4000]
        if f'"sweep_id":"{name}"' in head.replace(" ", "") or f"Sweep {name}" in head:
            return folder / "index.html"
    return None


def find_page(target: Path | None, reports_dir: Path | None = None) -> Path:
    """The index.html to open for ``target`` (see ``analyze.py view --help``)."""
    reports_dir = reports_dir or paths.REPORTS_DIR
    if target is None:
        found = reports(reports_dir)
        if not found:
            raise UserError(f"no report in {reports_dir} yet", "run `python bench.py` (it ends with a report) or `python analyze.py RUN_DIR`")
        return found[-1] / "index.html"
    if str(target) == HISTORY:
        page = reports_dir / HISTORY / "index.html"
        if not page.is_file():
            raise UserError(f"no history page in {reports_dir}", "run `python analyze.py history` to write it")
        return page
    if target.is_file() and target.name == "index.html":
        return target
    if target.is_dir() and (target / "index.html").is_file():
        return target / "index.html"
    if target.is_dir() and (target / MANIFEST).is_file():
        existing = _report_of_sweep(target, reports_dir)
        if existing is not None:
            return existing
        from harness.analyze_sweep import AnalyzeConfig, analyze

        return analyze(AnalyzeConfig(run_dir=target, reports_dir=reports_dir), show_progress=True).report
    if target.is_file() and target.suffix == ".jsonl":
        from harness.report.render import render_trace

        return render_trace(target, reports_dir / TRACES / trace_page_name(target))
    if not target.exists():
        raise UserError(f"{target} does not exist", "pass a report folder, a sweep folder (bench_runs/<ts>), a trace .jsonl, or `history`")
    raise UserError(f"{target} is not a report, a sweep or a trace", "pass a report folder, a sweep folder (bench_runs/<ts>), a trace .jsonl, or `history`")


def trace_page_name(trace: Path) -> str:
    """The folder name of a trace file's page: its name and a short hash of where it is.
    Two sweeps' traces of one run share a file name (the run id), and one's page replaced
    the other's; the same file always gets the same page."""
    import hashlib

    where = hashlib.sha256(str(trace.resolve()).encode("utf-8", "surrogateescape")).hexdigest()[:8]
    return f"{trace.stem}-{where}"


def prune_reports(reports_dir: Path | None, keep: int, *, dry_run: bool = False) -> tuple[list[Path], int]:
    """Delete all but the newest ``keep`` report folders; returns those deleted (or to be)
    and how many reports are kept."""
    found = reports(reports_dir or paths.REPORTS_DIR)
    doomed = found[:-keep] if keep > 0 else found
    if not dry_run:
        for folder in doomed:
            shutil.rmtree(folder)
    return doomed, len(found) - len(doomed)
