"""A ``--baseline`` is judged by the judge that judges the sweep.

Each side judged by the judge last stored with it compared two judges: the same answers,
judged by the offline rules in the baseline and by a model judge in the sweep, read as a
significant fall in accuracy. These sweeps hold identical answers, so any change in
accuracy between them could only come from judging them differently.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from harness.analyze_config import AnalyzeConfig
from harness.analyze_sweep import analyze as analyze_sweep
from harness.config import SweepConfig
from harness.runner.sweep import run_sweep

MODEL_JUDGE = "scripted:judge"  # judges what the numeric check leaves "incorrect", unlike the offline rules


@pytest.fixture(scope="module")
def pristine(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("answers")
    config = SweepConfig(models=["offline"], modes=["simple"], runs_dir=root / "runs", index_dir=root / "idx", cache_path=None)
    return run_sweep(config, show_progress=False, warn=lambda message: None).sweep.path


def _analyse(tmp_path: Path, run_dir: Path, judge: str | None = None, baseline: Path | None = None):
    said: list[str] = []
    config = AnalyzeConfig(run_dir=run_dir, judge_model=judge, baseline=baseline, cache=False, cache_dir=tmp_path / "cache",
                           out_dir=tmp_path / f"report-{len(list(tmp_path.glob('report-*')))}", history_db=None)
    outcome = analyze_sweep(config, show_progress=False, log=said.append)
    return outcome, said


def _judged(pristine: Path, tmp_path: Path, name: str, judge: str) -> Path:
    """A copy of the sweep whose stored verdicts are ``judge``'s."""
    folder = Path(shutil.copytree(pristine, tmp_path / name))
    _analyse(tmp_path, folder, judge)
    return folder


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((folder / "verdicts").glob("*.jsonl"))}


def test_the_two_judges_disagree_on_these_answers(pristine, tmp_path):
    """What the other tests stand on: judged each by its own judge, the same answers differ."""
    offline, _ = _analyse(tmp_path, _judged(pristine, tmp_path, "a", "offline"))
    model, _ = _analyse(tmp_path, _judged(pristine, tmp_path, "b", MODEL_JUDGE))
    accuracy = {o.stats.set_index("cell").loc["offline/simple", "accuracy"] for o in (offline, model)}
    assert len(accuracy) == 2


def test_a_baseline_stored_with_another_judge_is_judged_by_this_sweeps_judge(pristine, tmp_path):
    sweep = _judged(pristine, tmp_path, "sweep", "offline")
    baseline = _judged(pristine, tmp_path, "baseline", MODEL_JUDGE)
    before = _files(baseline)
    outcome, said = _analyse(tmp_path, sweep, baseline=baseline)
    change = outcome.comparison.cells[0].accuracy
    assert change is not None and change.diff == 0 and change.gained == change.lost == 0
    assert outcome.comparison.judge.startswith("numeric check + rule-based offline judge")
    assert _files(baseline) == before  # the baseline's own judge stays the one stored with it
    summary = json.loads((outcome.report.parent / "summary.json").read_text())
    assert summary["baseline"]["judge"] == outcome.comparison.judge
    assert f"Both sweeps judged by {outcome.comparison.judge}." in (outcome.report.parent / "summary.md").read_text()
    assert any("run on the baseline too" in line for line in said)


def test_a_stored_model_judge_never_judged_the_baseline_so_accuracy_is_not_compared(pristine, tmp_path):
    sweep = _judged(pristine, tmp_path, "sweep", MODEL_JUDGE)
    baseline = _judged(pristine, tmp_path, "baseline", "offline")
    before = _files(baseline)
    outcome, said = _analyse(tmp_path, sweep, baseline=baseline)
    assert outcome.comparison.cells[0].accuracy is None and not outcome.comparison.flips
    advice = next(line for line in said if "never judged" in line)
    assert f"--judge-model {MODEL_JUDGE}" in advice and "not compared" in advice
    assert _files(baseline) == before  # no call was made, nothing written


def test_one_judge_asked_for_judges_both_sides(pristine, tmp_path):
    sweep = _judged(pristine, tmp_path, "sweep", MODEL_JUDGE)
    baseline = _judged(pristine, tmp_path, "baseline", "offline")
    outcome, _ = _analyse(tmp_path, sweep, judge=MODEL_JUDGE, baseline=baseline)
    change = outcome.comparison.cells[0].accuracy
    assert change is not None and change.diff == 0
    assert MODEL_JUDGE in outcome.comparison.judge
