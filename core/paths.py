"""Where the project keeps its data. Every path can be overridden by the caller."""
from __future__ import annotations

from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
QUESTIONS_DIR = PROJECT_ROOT / "questions"
PDF_DIR = PROJECT_ROOT / "data" / "pdfs"
INDEX_DIR = PROJECT_ROOT / "data" / "indexes"
CACHE_DIR = PROJECT_ROOT / "data" / "cache"
RUNS_DIR = PROJECT_ROOT / "bench_runs"
REPORTS_DIR = PROJECT_ROOT / "reports"
# Beside the checkout: FinanceBench's filings and human labels, PageIndex's reference trees.
SHARED_DIR = PROJECT_ROOT.parent / "shared"
