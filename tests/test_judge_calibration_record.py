"""The stored calibration that reports quote: fresh for the judge's current rules, ignored
once they change, and shown on the console, in the report and in its summaries."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from sweep_factory import make_record, write_sweep

import analyze
from harness.judge.calibration_record import CALIBRATION_FILE, calibration_text, save_calibration, stored_calibration
from harness.judge.service import judge_version


def test_the_offline_judges_stored_calibration_is_of_its_current_rules() -> None:
    # A rule changed without measuring it again would leave every report quoting another judge's agreement.
    entry = json.loads(CALIBRATION_FILE.read_text())["offline"]
    assert entry["judge_version"] == judge_version("offline"), (
        "data/judge_calibration.json is of other rules: python analyze.py calibrate-judge "
        "../shared/financebench/human_labels/financebench_human_labels_dev.jsonl --save")
    assert entry["read_on"] == ["heldout"] and set(entry["halves"]) == {"heldout"}  # never the half the rules were written on
    assert stored_calibration("offline") == entry


def _entry(model: str, version: str) -> dict:
    half = {"n": 10, "n_questions": 5, "binary_agreement": 0.9, "binary_agreement_ci": [0.8, 0.95], "false_correct": 1,
            "false_correct_rate": 0.05, "false_correct_rate_ci": [0.01, 0.2]}
    return {"judge_model": model, "judge_version": version, "labels": "labels.jsonl", "goals": {"binary_agreement": 0.93,
            "false_correct_rate": 0.03}, "goals_met": False, "goals_settled": False, "read_on": ["heldout"], "halves": {"heldout": half}}


def test_a_calibration_counts_only_at_its_judge_version(tmp_path: Path) -> None:
    path = tmp_path / "calibration.json"
    save_calibration(_entry("offline", judge_version("offline")), path)
    save_calibration(_entry("anthropic:claude-sonnet-4-5", "rules 00000000, rubric 0"), path)  # another version
    assert set(json.loads(path.read_text())) == {"offline", "anthropic:claude-sonnet-4-5"}  # one entry per judge, both kept
    assert stored_calibration("offline", path)["labels"] == "labels.jsonl"
    assert stored_calibration("anthropic:claude-sonnet-4-5", path) is None  # stale: not shown as this judge's
    assert stored_calibration("openai:gpt-4o", path) is None and stored_calibration(None, path) is None
    (tmp_path / "broken.json").write_text("{not json")
    assert stored_calibration("offline", tmp_path / "broken.json") is None
    text = calibration_text(stored_calibration("offline", path), "offline")
    assert "agrees with people on 90.0% (80.0% to 95.0%)" in text and "credits 5.0% (1.0% to 20.0%)" in text
    assert "missed (not settled" in text
    assert "not measured at this judge's version" in calibration_text(None, "openai:gpt-4o")
    assert calibration_text(None, None) == ""  # numeric check only: no judge to calibrate
    # measured on tune-half answers only: no held-out figure to quote, and it says so
    assert calibration_text({**_entry("offline", "v"), "halves": {}, "read_on": []}, "offline").startswith(
        "measured on no answers of a half it was not tuned on (labels.jsonl)")


def test_an_analysis_quotes_its_judges_calibration(tmp_path: Path) -> None:
    sweep = write_sweep(tmp_path / "runs", [make_record("financebench_id_03029", answer="Capex was $1,577 million.")])
    out = tmp_path / "report"
    result = CliRunner().invoke(analyze.cli, [str(sweep), "--judge-model", "offline", "--out", str(out), "--no-history",
                                              "--no-progress", "--no-cache"])
    assert result.exit_code == 0, result.output
    stored = stored_calibration("offline")
    assert stored is not None
    said = f"{stored['halves']['heldout']['binary_agreement']:.1%}"
    assert f"judge calibration: on the heldout half ({stored['halves']['heldout']['n']} answers" in result.output
    summary = json.loads((out / "summary.json").read_text())
    assert summary["judge"]["calibration"] == stored
    assert said in (out / "summary.md").read_text() and '"judge_trust":"on the heldout half' in (out / "data.js").read_text()
