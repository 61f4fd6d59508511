"""The browsable report of a sweep: ``render_report`` writes a static site that opens from
disk (index.html, one page per run, charts), plus summary.md, runs.csv and runs.parquet."""
from __future__ import annotations

from harness.report.render import render_report

__all__ = ["render_report"]
