"""What an analysis of a sweep is asked to do (``AnalyzeConfig``, built by ``analyze.py`` and
``bench.py``) and what it found (``AnalyzeOutcome``, read by the console and the tests)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from core import paths
from core.llm.base import ProviderSettings
from core.llm.pricing import Price
from harness.criteria import CriteriaRow
from harness.gate import GateResult
from harness.history import default_db
from harness.judge.service import JudgeOutcome
from harness.stats.compare import Comparison, ModeComparison
from harness.stats.completeness import Completeness
from harness.stats.frame import Sweep


@dataclass
class AnalyzeConfig:
    run_dir: Path | None = None  # None: the latest sweep under runs_dir
    judge_model: str | None = None  # None: the sweep's stored judge, else the numeric check only
    judge_runs: int = 1
    baseline: Path | None = None
    gate: Path | None = None
    junit: Path | None = None
    runs_dir: Path = paths.RUNS_DIR
    reports_dir: Path = paths.REPORTS_DIR
    out_dir: Path | None = None
    questions_file: Path | None = None  # None: the file the sweep used
    cache: bool = True
    batch: bool = False  # the judge model's calls through its batch API, batch ids kept in the sweep folder
    cache_dir: Path = paths.CACHE_DIR
    provider: ProviderSettings = field(default_factory=ProviderSettings)
    history_db: Path | None = field(default_factory=default_db)  # None: not recorded
    gate_present_only: bool = False  # gate only the budgeted cells the sweep has
    prices: dict[str, Price] = field(default_factory=dict)  # --prices: the judge model's, when the table lacks it


@dataclass
class AnalyzeOutcome:
    sweep: Sweep
    report: Path
    stats: pd.DataFrame
    criteria: list[CriteriaRow]
    judging: JudgeOutcome
    judge: dict = field(default_factory=dict)  # who judged, as summary.json names it
    comparison: Comparison | None = None
    modes: list[ModeComparison] = field(default_factory=list)
    gate: GateResult | None = None
    junit: Path | None = None
    summary: Path | None = None
    stored_verdicts: Path | None = None
    coverage: Completeness | None = None  # the records against the runs the manifest planned
