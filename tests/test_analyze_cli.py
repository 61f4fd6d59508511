"""analyze.py as CI and reviewers use it: baseline comparison, the gate, calibration."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from click.testing import CliRunner
from report_files import report_data
from sweep_factory import make_record, write_sweep

import analyze

QUESTION = "financebench_id_03029"  # 3M FY2018 capex, gold $1577.00


def sweep_with(tmp_path, name, answers):
    records = [make_record(QUESTION, run_number=i + 1, answer=a) for i, a in enumerate(answers)]
    return write_sweep(tmp_path / name, records, sweep_id=name)


def test_baseline_comparison_lists_flips_and_the_change(tmp_path):
    before = sweep_with(tmp_path, "before", ["Capex was $1,900 million."] * 2)
    after = sweep_with(tmp_path, "after", ["Capex was $1,577 million."] * 2)
    result = CliRunner().invoke(analyze.cli, [str(after), "--baseline", str(before), "--out", str(tmp_path / "r"), "--no-progress", "--no-cache"])
    assert result.exit_code == 0, result.output
    summary = (tmp_path / "r" / "summary.md").read_text()
    assert "financebench\\_id\\_03029 | offline/simple | gained | incorrect | correct" in summary
    flips = report_data(tmp_path / "r")["comparison"]["flips"]["rows"]
    assert [(row[0]["text"], row[2]["text"]) for row in flips] == [("financebench_id_03029", "gained")]


def test_gate_fails_a_cell_below_budget_and_writes_junit(tmp_path):
    sweep = sweep_with(tmp_path, "s", ["Capex was $1,900 million."] * 2)
    budgets = tmp_path / "budgets.toml"
    budgets.write_text('[defaults]\nmin_reliability = 0.9\nmax_mean_tokens = 500\n[cells."offline/simple"]\nmin_accuracy = 0.5\n')
    junit = tmp_path / "gate.xml"
    result = CliRunner().invoke(analyze.cli, [str(sweep), "--judge", "--judge-model", "offline", "--gate", str(budgets), "--junit", str(junit), "--out", str(tmp_path / "r"), "--no-progress", "--no-cache"])
    assert result.exit_code == 1, result.output
    assert "FAIL offline/simple min_accuracy" in result.output and "FAIL offline/simple max_mean_tokens" in result.output
    suite = ET.parse(junit).getroot()
    cases = suite.iter("testcase")
    failed = {c.get("name") for c in cases if c.find("failure") is not None}
    assert any("min_accuracy" in name for name in failed) and any("max_mean_tokens" in name for name in failed)
    budgets.write_text('[defaults]\nmin_reliability = 0.9\nmax_mean_tokens = 5000\n')
    result = CliRunner().invoke(analyze.cli, [str(sweep), "--gate", str(budgets), "--out", str(tmp_path / "r2"), "--no-progress", "--no-cache"])
    assert result.exit_code == 0, result.output


def test_calibrate_judge_reports_agreement_with_people(tmp_path):
    labels = Path(__file__).parent / "data" / "human_labels_sample.jsonl"  # 120 labelled answers
    result = CliRunner().invoke(analyze.cli, ["calibrate-judge", str(labels), "--judge-model", "offline", "--no-cache"])
    assert result.exit_code == 0, result.output
    for phrase in ("3-way", "correct-vs-not", "kappa", "confusion", "answers judged: 120"):
        assert phrase in result.output
    shown = CliRunner().invoke(analyze.cli, ["calibrate-judge", str(labels), "--no-cache", "--show-disagreements", "2"])
    assert shown.exit_code == 0 and shown.output.count("\n-- financebench_id_") == 2 and "human " in shown.output
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"financebench_id": "x"}\n')
    result = CliRunner().invoke(analyze.cli, ["calibrate-judge", str(broken)])
    assert result.exit_code == 2 and "cannot read labels" in result.output


def test_two_analyses_in_the_same_second_get_their_own_report_folders(tmp_path):
    from harness.analyze_sweep import AnalyzeConfig, analyze

    sweep = write_sweep(tmp_path / "runs", [make_record(QUESTION)])
    reports = tmp_path / "reports"
    first = analyze(AnalyzeConfig(run_dir=sweep, reports_dir=reports), show_progress=False).report
    second = analyze(AnalyzeConfig(run_dir=sweep, reports_dir=reports), show_progress=False).report
    assert first.parent != second.parent and first.is_file() and second.is_file()


def test_a_failed_analysis_leaves_no_half_written_report(tmp_path):
    sweep = sweep_with(tmp_path, "s", ["Capex was $1,577 million."])
    out = tmp_path / "r"
    result = CliRunner().invoke(analyze.cli, [str(sweep), "--judge-model", "nosuch:model", "--out", str(out), "--no-progress", "--no-cache"])
    assert result.exit_code == 2 and "nosuch" in result.output
    assert not out.exists()  # the report folder made for it is gone, details written meanwhile included
