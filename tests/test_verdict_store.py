"""Verdicts kept in the sweep folder: safe names, damaged files, read-only sweeps."""
from __future__ import annotations

from sweep_factory import make_record, write_sweep

from harness.analyze_sweep import AnalyzeConfig, analyze, report_folder
from harness.judge.store import judge_id, read_verdicts, verdicts_path

QUESTION = "financebench_id_03029"  # 3M FY2018 capex, gold $1577.00


def test_judge_ids_are_safe_file_names_without_urls() -> None:
    assert judge_id(None) == "numeric" and judge_id("offline") == "offline"
    assert judge_id("anthropic:claude-sonnet-4-5") == "anthropic-claude-sonnet-4-5"
    named = judge_id("openai:llama3@http://10.0.0.1:8000/v1")
    assert named.startswith("openai-llama3-") and "/" not in named and ":" not in named and "10.0.0.1" not in named
    assert judge_id("openai:llama3@http://a/v1") != judge_id("openai:llama3@http://b/v1")
    assert judge_id("offline", judge_runs=3) == "offline-x3"


def test_report_folders_name_the_sweep_and_the_judge(tmp_path) -> None:
    first = report_folder(tmp_path, "20250101T000000Z", "openai-llama3-1a2b3c4d")
    second = report_folder(tmp_path, "20250101T000000Z", "openai-llama3-1a2b3c4d")
    assert first.name.startswith("20250101T000000Z__openai-llama3-1a2b3c4d__") and first != second


def _sweep(tmp_path):
    records = [make_record(QUESTION, run_number=1, answer="Capex was $1,577 million."),
               make_record(QUESTION, run_number=2, answer="Capex was $1,900 million.")]
    return write_sweep(tmp_path / "runs", records, sweep_id="s")


def test_a_damaged_verdicts_file_is_judged_again_not_trusted(tmp_path) -> None:
    sweep = _sweep(tmp_path)
    analyze(AnalyzeConfig(run_dir=sweep, judge_model="offline", reports_dir=tmp_path / "r"), show_progress=False)
    path = verdicts_path(sweep, "offline")
    lines = path.read_text().splitlines()
    # A cut-short line and a hand-edited label whose fingerprint no longer matches the answer.
    path.write_text(lines[0].replace('"correct"', '"incorrect"').replace('"fingerprint": "', '"fingerprint": "x') + "\n" + lines[1][:40])
    again = analyze(AnalyzeConfig(run_dir=sweep, judge_model="offline", reports_dir=tmp_path / "r"), show_progress=False)
    assert [v.label for v in again.judging.verdicts] == ["correct", "incorrect"]
    assert not any(v.cached for v in again.judging.verdicts)
    assert len(read_verdicts(path)) == 2  # rewritten whole


def test_a_sweep_folder_that_cannot_take_the_verdicts_still_gets_its_report(tmp_path) -> None:
    sweep = _sweep(tmp_path)
    (sweep / "verdicts").write_text("not a folder")  # as unwritable as a read-only disk, even for root
    warnings: list[str] = []
    outcome = analyze(AnalyzeConfig(run_dir=sweep, judge_model="offline", reports_dir=tmp_path / "r"), show_progress=False, log=warnings.append)
    assert outcome.report.is_file() and outcome.stored_verdicts is None
    assert any("could not keep the verdicts" in w for w in warnings)
