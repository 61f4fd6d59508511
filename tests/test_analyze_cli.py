"""analyze.py as CI and reviewers use it: baseline comparison, the gate, calibration."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from report_files import report_data
from sweep_factory import make_record, write_sweep

import analyze
from core.paths import PROJECT_ROOT

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
    # the console says it too, paired on the shared question
    assert "vs baseline before:" in result.output
    assert "offline/simple" in result.output and "accuracy 0.0% -> 100.0% (+100.0 pp" in result.output
    assert "1 gained, 0 lost" in result.output and "1 shared question)" in result.output


def test_a_baseline_with_no_cell_in_common_says_nothing_was_compared(tmp_path):
    before = write_sweep(tmp_path / "before", [make_record(QUESTION, mode="agent", answer="Capex was $1,577 million.")], sweep_id="before")
    after = sweep_with(tmp_path, "after", ["Capex was $1,577 million."])
    result = CliRunner().invoke(analyze.cli, [str(after), "--baseline", str(before), "--out", str(tmp_path / "r"), "--no-progress", "--no-cache"])
    assert result.exit_code == 0, result.output
    assert "vs baseline before: no cell in common (here only offline/simple; in the baseline only offline/agent): nothing compared" in result.output


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


def test_a_few_labels_cannot_settle_the_goals(tmp_path):
    import json

    labels = Path(__file__).parent / "data" / "human_labels_sample.jsonl"
    one = tmp_path / "one.jsonl"
    # The first sample row: an answer about something else, which judge and person both call incorrect.
    one.write_text(labels.read_text().splitlines()[0] + "\n")
    result = CliRunner().invoke(analyze.cli, ["calibrate-judge", str(one), "--no-cache", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert figures["n"] == 1 and figures["binary_agreement"] == 1.0
    # 100% agreement on one answer meets the goals by its point figures and settles nothing.
    assert figures["goals_met"] is True and figures["goals_settled"] is False
    table = CliRunner().invoke(analyze.cli, ["calibrate-judge", str(one), "--no-cache"]).output
    assert "met?" in table and "too few to settle" in table


def test_the_goals_verdict_is_read_on_the_halves_the_judge_was_not_tuned_on():
    """All the answers together can meet the goals while the held-out half misses them (the
    tune half, which the offline rules were written on, lifts the mix): the verdict at the
    top of --json and under the table is the held-out half's, never the mix's."""
    from harness.judge.calibration import CalibrationReport, format_report, goals_verdict, report_json

    def figures(agree, invented):
        return {"n": 100, "n_questions": 50, "numeric_coverage": 0.3, "numeric_precision": 0.99, "three_way_agreement": agree,
                "binary_agreement": agree, "kappa_three_way": 0.8, "kappa_binary": 0.8, "false_correct": 3,
                "false_correct_rate": invented, "binary_agreement_ci": [agree - 0.03, agree + 0.02],
                "false_correct_rate_ci": [invented - 0.01, invented + 0.01], "confusion": {}}

    mix, tune, heldout = figures(0.936, 0.023), figures(0.961, 0.014), figures(0.912, 0.031)
    offline = CalibrationReport("offline", mix, {"tune": tune, "heldout": heldout})
    assert goals_verdict(offline) == (False, False)  # heldout misses by its point figures; its intervals reach the goals
    shown = report_json(offline)
    assert shown["goals_met"] is False and shown["goals_read_on"] == ["heldout"]
    assert shown["splits"]["tune"]["goals_met"] is True and shown["binary_agreement"] == 0.936
    table = format_report(offline)
    assert "goals: MISSED? (read on heldout" in table and "per half" in table.splitlines()[6]
    # a model judge was tuned on neither half: both decide, and both must meet the goals
    model = CalibrationReport("anthropic:claude-sonnet-4-5", mix, {"tune": tune, "heldout": heldout})
    assert report_json(model)["goals_read_on"] == ["tune", "heldout"] and goals_verdict(model) == (False, False)
    both = CalibrationReport("anthropic:claude-sonnet-4-5", mix, {"tune": tune, "heldout": figures(0.99, 0.001)})
    assert goals_verdict(both) == (True, True)  # met on each, every interval inside the goals
    close = CalibrationReport("anthropic:claude-sonnet-4-5", mix, {"tune": figures(0.945, 0.014), "heldout": figures(0.99, 0.001)})
    assert goals_verdict(close) == (True, False)  # met on each, but tune's agreement interval reaches 91.5%
    # settled as missed when one half's intervals lie wholly outside a goal
    far = CalibrationReport("offline", mix, {"tune": tune, "heldout": figures(0.80, 0.02)})
    assert goals_verdict(far) == (False, True)
    # offline judge, tune-half answers only: no held-out figures, so nothing is met
    assert goals_verdict(CalibrationReport("offline", tune, {"tune": tune})) == (False, False)


def test_goals_are_settled_only_when_the_intervals_keep_to_one_side():
    from harness.judge.calibration import goals_settled

    def figures(agree, agree_ci, invented, invented_ci):
        return {"binary_agreement": agree, "binary_agreement_ci": agree_ci,
                "false_correct_rate": invented, "false_correct_rate_ci": invented_ci}

    assert goals_settled(figures(0.97, [0.95, 0.98], 0.01, [0.0, 0.02]))  # met, both wholly inside
    assert not goals_settled(figures(0.96, [0.92, 0.98], 0.01, [0.0, 0.02]))  # agreement may be below 93%
    assert not goals_settled(figures(0.96, [0.95, 0.98], 0.02, [0.01, 0.04]))  # invented may be above 3%
    assert goals_settled(figures(0.80, [0.75, 0.85], 0.02, [0.01, 0.04]))  # missed: agreement wholly below
    assert goals_settled(figures(0.95, [0.94, 0.97], 0.08, [0.05, 0.12]))  # missed: invented wholly above
    assert not goals_settled(figures(0.92, [0.90, 0.95], 0.02, [0.01, 0.04]))  # missed, but may not be
    assert not goals_settled(figures(1.0, None, 0.0, None))  # no interval: nothing settled


def test_two_analyses_in_the_same_second_get_their_own_report_folders(tmp_path):
    from harness.analyze_sweep import AnalyzeConfig, analyze

    sweep = write_sweep(tmp_path / "runs", [make_record(QUESTION)])
    reports = tmp_path / "reports"
    first = analyze(AnalyzeConfig(run_dir=sweep, reports_dir=reports), show_progress=False).report
    second = analyze(AnalyzeConfig(run_dir=sweep, reports_dir=reports), show_progress=False).report
    assert first.parent != second.parent and first.is_file() and second.is_file()


def test_a_gate_on_accuracy_without_a_judge_stops_up_front(tmp_path):
    sweep = sweep_with(tmp_path, "s", ["Capex was $1,577 million.", "Capex is hard to say."])
    budgets = tmp_path / "budgets.toml"
    budgets.write_text('[cells."offline/simple"]\nmin_accuracy = 0.5\n')
    out = tmp_path / "r"
    result = CliRunner().invoke(analyze.cli, [str(sweep), "--gate", str(budgets), "--out", str(out), "--no-progress", "--no-cache"])
    assert result.exit_code == 2 and "min_accuracy" in result.output and "--judge" in result.output
    assert len(result.output.strip().splitlines()) == 1 and not out.exists()  # nothing half-written


def test_verdicts_travel_with_the_sweep_and_are_reused(tmp_path):
    import json
    import shutil

    from core.llm.providers.scripted import register_script
    from harness.analyze_sweep import AnalyzeConfig, analyze
    from harness.judge.store import read_verdicts

    calls = []

    def judge(request):
        calls.append(request)
        return json.dumps({"label": "correct", "rationale": "fine"})

    register_script("store-judge", judge)
    sweep = sweep_with(tmp_path, "s", ["Capex matched the depreciation charge.", "Capex rose, as planned."])
    cache = tmp_path / "cache"
    config = dict(run_dir=sweep, reports_dir=tmp_path / "reports", cache_dir=cache)
    first = analyze(AnalyzeConfig(judge_model="scripted:store-judge", **config), show_progress=False)
    shutil.rmtree(cache)  # from here on only the sweep folder remembers the verdicts
    stored = sweep / "verdicts" / "scripted-store-judge.jsonl"
    assert first.stored_verdicts == stored and set(read_verdicts(stored)) == {r.run_id for r in first.sweep.raw.values()}
    assert first.report.parent.name.startswith("s__scripted-store-judge__") and len(calls) == 2
    # The same judge again: its verdicts come from the sweep folder, no call is made.
    again = analyze(AnalyzeConfig(judge_model="scripted:store-judge", **config), show_progress=False)
    assert len(calls) == 2 and all(v.cached for v in again.judging.verdicts)
    # Without a judge option the analysis uses the judge stored with the sweep, calling nothing;
    # an answer it never judged stays unjudged rather than costing a call nobody asked for.
    runs = (sweep / "runs.jsonl").read_text().replace("Capex rose, as planned.", "Capex fell, as planned.")
    (sweep / "runs.jsonl").write_text(runs)
    stored_only = analyze(AnalyzeConfig(**config), show_progress=False)
    assert len(calls) == 2 and stored_only.judge["model"] == "scripted:store-judge"
    assert [v.label for v in stored_only.judging.verdicts] == ["correct", "unjudged"]
    assert "not judged by scripted:store-judge yet" in stored_only.judging.verdicts[1].rationale
    # Asked for again, the judge judges only the changed answer.
    shutil.rmtree(cache, ignore_errors=True)
    last = analyze(AnalyzeConfig(judge_model="scripted:store-judge", **config), show_progress=False)
    assert len(calls) == 3 and [v.cached for v in last.judging.verdicts] == [True, False]


def test_the_offline_judge_is_run_again_not_read_back(tmp_path):
    from harness.analyze_sweep import AnalyzeConfig, analyze

    sweep = sweep_with(tmp_path, "s", ["Capex was $1,577 million.", "I cannot tell from the context."])
    first = analyze(AnalyzeConfig(run_dir=sweep, judge_model="offline", reports_dir=tmp_path / "r"), show_progress=False)
    stored = sweep / "verdicts" / "offline.jsonl"
    # A tampered file changes nothing: the rules decide again.
    stored.write_text(stored.read_text().replace('"refusal"', '"correct"'))
    again = analyze(AnalyzeConfig(run_dir=sweep, reports_dir=tmp_path / "r"), show_progress=False)
    assert again.judge["model"] == "offline" and not any(v.cached for v in again.judging.verdicts)
    assert [v.label for v in again.judging.verdicts] == [v.label for v in first.judging.verdicts] == ["correct", "refusal"]


def test_summary_json_has_every_cell_and_says_when_it_is_not_judged(tmp_path):
    import json

    sweep = sweep_with(tmp_path, "s", ["Capex was $1,577 million.", "Capex was roughly in line with depreciation."])
    out = tmp_path / "r"
    result = CliRunner().invoke(analyze.cli, [str(sweep), "--out", str(out), "--no-progress", "--no-cache"])
    assert result.exit_code == 0, result.output
    assert "not judged: 1 answers" in result.output
    assert "judge: numeric check only (no judge requested, none stored with the sweep)" in result.output  # said once
    (cell,) = json.loads((out / "summary.json").read_text())["cells"]
    assert cell["judged"] is False and cell["accuracy"] is None and cell["accuracy_ci"] is None and cell["unjudged"] == 1
    assert (cell["model"], cell["mode"], cell["n_questions"], cell["n_runs"]) == ("offline", "simple", 1, 2)
    assert cell["reliability"] == 1.0 and cell["mean_tokens"] == 1000
    outcome = report_data(out)["outcome_table"]["rows"][0]
    assert outcome[2]["text"] == "not judged (1 of 2 unjudged)"
    judged = tmp_path / "j"
    result = CliRunner().invoke(analyze.cli, [str(sweep), "--judge-model", "offline", "--out", str(judged), "--no-progress", "--no-cache"])
    summary = json.loads((judged / "summary.json").read_text())
    (cell,) = summary["cells"]
    assert cell["judged"] is True and cell["accuracy"] == 0.5 and len(cell["accuracy_ci"]) == 2
    assert summary["judge"]["name"] == "numeric check + rule-based offline judge (no model)"


def test_a_failed_analysis_leaves_no_half_written_report(tmp_path):
    sweep = sweep_with(tmp_path, "s", ["Capex was $1,577 million."])
    out = tmp_path / "r"
    result = CliRunner().invoke(analyze.cli, [str(sweep), "--judge-model", "nosuch:model", "--out", str(out), "--no-progress", "--no-cache"])
    assert result.exit_code == 2 and "nosuch" in result.output
    assert not out.exists()  # the report folder made for it is gone, details written meanwhile included


def test_a_big_sweep_judged_on_every_core_gets_the_same_verdicts(tmp_path, monkeypatch):
    import harness.sweep_judging
    from harness.analyze_sweep import AnalyzeConfig, analyze

    answers = ["Capex was $1,577 million.", "Capex was $1,900 million.", "I cannot tell.", "Roughly in line with depreciation."] * 3
    sweep = sweep_with(tmp_path, "s", answers)
    serial = analyze(AnalyzeConfig(run_dir=sweep, judge_model="offline", reports_dir=tmp_path / "a", history_db=None), show_progress=False)
    monkeypatch.setattr(harness.sweep_judging, "PARALLEL_JUDGE_MIN", 1)
    monkeypatch.setattr(harness.sweep_judging.os, "cpu_count", lambda: 2)
    parallel = analyze(AnalyzeConfig(run_dir=sweep, judge_model="offline", reports_dir=tmp_path / "b", history_db=None), show_progress=False)
    assert [(v.run_id, v.label, v.method) for v in parallel.judging.verdicts] == [(v.run_id, v.label, v.method) for v in serial.judging.verdicts]
    assert {v.label for v in serial.judging.verdicts} >= {"correct", "incorrect"}


def test_a_partial_sweep_says_so_everywhere_its_figures_are_read(tmp_path):
    # A killed sweep: 2 of its 4 planned runs recorded, one cell with none, the manifest
    # still "running". Its figures cover the recorded runs; every view must say so.
    done = [make_record(QUESTION, run_number=n, answer="Capex was $1,577 million.") for n in (1, 2)]
    planned = [*done, make_record(QUESTION, run_number=3), make_record(QUESTION, mode="agent")]
    from sweep_factory import manifest_for

    path = write_sweep(tmp_path / "runs", done, sweep_id="killed", status="running", runs=manifest_for(planned, "killed")["runs"])
    result = CliRunner().invoke(analyze.cli, [str(path), "--judge-model", "offline", "--out", str(tmp_path / "r"), "--no-progress", "--no-history"])
    assert result.exit_code == 0, result.output
    assert "INCOMPLETE: 2 of 4 planned runs recorded (sweep status: running)" in result.output
    assert "offline/simple 2 of 3, offline/agent 0 of 1" in result.output
    import json

    coverage = json.loads((tmp_path / "r" / "summary.json").read_text())["completeness"]
    assert coverage["complete"] is False and (coverage["planned_runs"], coverage["recorded_runs"]) == (4, 2)
    brief = dict(report_data(tmp_path / "r")["header"]["brief"])
    assert brief["runs recorded"].startswith("INCOMPLETE: 2 of 4")
    assert "**INCOMPLETE: 2 of 4 planned runs recorded" in (tmp_path / "r" / "summary.md").read_text()


def test_a_whole_sweep_is_not_called_partial(tmp_path):
    path = sweep_with(tmp_path, "whole", ["Capex was $1,577 million."] * 2)
    result = CliRunner().invoke(analyze.cli, [str(path), "--judge-model", "offline", "--out", str(tmp_path / "r"), "--no-progress", "--no-history"])
    assert result.exit_code == 0 and "INCOMPLETE" not in result.output
    import json

    assert json.loads((tmp_path / "r" / "summary.json").read_text())["completeness"]["complete"] is True


def test_a_sweep_whose_own_questions_file_is_gone_is_not_judged_against_other_golds(tmp_path):
    # Judged against the bundled golds instead, the answers would get verdicts for another
    # question set's golds and nothing would say so.
    path = write_sweep(tmp_path / "runs", [make_record(QUESTION)], sweep_id="custom",
                       config={"models": ["offline"], "modes": ["simple"], "runs": 1, "questions_file": str(tmp_path / "gone.jsonl")})
    result = CliRunner().invoke(analyze.cli, [str(path), "--judge-model", "offline", "--out", str(tmp_path / "r"), "--no-progress", "--no-history"])
    assert result.exit_code == 2 and "gone.jsonl" in result.output and "--questions" in result.output
    assert not (tmp_path / "r").exists()
    # A sweep of the bundled questions, copied from another machine, still judges here.
    moved = write_sweep(tmp_path / "runs", [make_record(QUESTION)], sweep_id="copied",
                        config={"models": ["offline"], "modes": ["simple"], "runs": 1,
                                "questions_file": "/elsewhere/questions/financebench_open_source.jsonl"})
    result = CliRunner().invoke(analyze.cli, [str(moved), "--judge-model", "offline", "--out", str(tmp_path / "r2"), "--no-progress", "--no-history"])
    assert result.exit_code == 0, result.output


def test_a_judge_that_fails_says_why_on_the_console(tmp_path, wire_server, monkeypatch):
    # A request the provider refuses (not for good: another answer's may pass): every answer
    # the numeric check leaves stays unjudged, and the cause, otherwise only in the verdict
    # files, is printed beside the count.
    from wire_server import Fault

    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", wire_server.url)
    wire_server.inject_faults(1.0, [Fault.status(400, "prompt is too long")])
    path = sweep_with(tmp_path, "prose", ["3M invested heavily in new plants and equipment that year."])
    result = CliRunner().invoke(analyze.cli, [str(path), "--judge-model", "anthropic:claude-haiku-4-5", "--out", str(tmp_path / "r"),
                                              "--no-progress", "--no-history", "--no-cache"])
    assert result.exit_code == 0, result.output
    assert "not judged: 1 answers" in result.output
    assert "1 x the judge model failed" in result.output and "prompt is too long" in result.output


def test_a_judge_whose_key_is_rejected_stops_with_the_cause_and_no_report(tmp_path, wire_server, monkeypatch):
    # No answer can be judged: exit 2 at the first call, where every answer was left
    # unjudged one failing call each and the command exited 0.
    from wire_server import Fault

    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-rejected")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", wire_server.url)
    wire_server.inject_faults(1.0, [Fault.auth(message="invalid x-api-key")])
    path = sweep_with(tmp_path, "prose", ["3M invested heavily in new plants and equipment that year."])
    result = CliRunner().invoke(analyze.cli, [str(path), "--judge-model", "anthropic:claude-haiku-4-5", "--out", str(tmp_path / "r"),
                                              "--no-progress", "--no-history", "--no-cache"])
    assert result.exit_code == 2, result.output
    assert "the judge cannot run: the provider rejected the key" in result.output and "ANTHROPIC_API_KEY" in result.output
    assert "sk-ant-rejected" not in result.output
    assert not (tmp_path / "r").exists()


def test_a_cell_whose_every_run_errored_has_no_token_figures_anywhere(tmp_path):
    # A dead endpoint: every run of offline/agent errored at its first call and spent 0
    # tokens. The page showed dashes; summary.md showed 0 and summary.json 0.0.
    import json

    records = [make_record(QUESTION, answer="Capex was $1,577 million."),
               *(make_record(QUESTION, mode="agent", run_number=n, status="error", tokens=0, error="provider error: connection refused")
                 for n in (1, 2))]
    path = write_sweep(tmp_path / "runs", records, sweep_id="dead")
    out = tmp_path / "r"
    result = CliRunner().invoke(analyze.cli, [str(path), "--judge-model", "offline", "--out", str(out), "--no-progress", "--no-history"])
    assert result.exit_code == 0, result.output
    cells = {c["cell"]: c for c in json.loads((out / "summary.json").read_text())["cells"]}
    assert [cells["offline/agent"][k] for k in ("mean_tokens", "median_tokens", "p95_tokens")] == [None, None, None]
    assert cells["offline/agent"]["errored_rate"] == 1.0 and cells["offline/agent"]["criteria"]["tokens"] == "n/a"
    assert [cells["offline/simple"][k] for k in ("mean_tokens", "median_tokens", "p95_tokens")] == [1000, 1000, 1000]
    table = (out / "summary.md").read_text().split("#### Cells")[1]
    agent = next(line for line in table.splitlines() if line.startswith("| offline/agent |")).split(" | ")
    simple = next(line for line in table.splitlines() if line.startswith("| offline/simple |")).split(" | ")
    assert agent[4:6] == ["—", "—"] and simple[4:6] == ["1,000", "1,000"]  # mean and p95 tokens
    outcome = report_data(out)["outcome_table"]
    at = [c["title"] for c in outcome["columns"]].index("tokens mean")
    shown = {row[0]["text"]: [c["text"] for c in row[at:at + 3]] for row in outcome["rows"]}
    assert shown["offline/agent"] == ["—", "—", "—"]  # the page, as before
    charts = {c["cell"]: c for c in report_data(out)["charts"]["cells"]}  # drawn at 0 tokens, it was the most frugal cell
    assert [charts["offline/agent"][k] for k in ("tokens_mean", "tokens_median", "tokens_p95")] == [None, None, None]
    assert charts["offline/simple"]["tokens_mean"] == 1000


def test_what_a_killed_report_write_left_is_removed_once_stale(tmp_path):
    # A SIGKILL while a report is written leaves its reserved (empty) folder and the hidden
    # folder it was being written in. `view` and `prune` pass them by, so nothing removed them.
    import os
    import time

    import core.whole_folders

    sweep = sweep_with(tmp_path, "s", ["Capex was $1,577 million."])
    reports = tmp_path / "reports"
    old_name, young_name = "s__offline__20250101T000000Z", "s__offline__20990101T000000Z"
    for name in (old_name, young_name):
        (reports / name).mkdir(parents=True)
        (reports / f".{name}.partial-1-0000abcd").mkdir()
        (reports / f".{name}.partial-1-0000abcd" / "index.html").write_text("half")
    finished = reports / "s__offline__20240101T000000Z"
    finished.mkdir()
    (finished / "index.html").write_text("a whole report")
    (reports / f".{finished.name}.partial-2-0000abcd").mkdir()  # a rewrite of it, killed
    # A rewrite killed between its two renames: the old report set aside, the new one not in place.
    set_aside = reports / ".s__offline__20230101T000000Z.previous-3-0000abcd"
    set_aside.mkdir()
    (set_aside / "index.html").write_text("an older whole report")
    stale = time.time() - core.whole_folders.STALE_PARTIAL_SECONDS - 60
    for path in (reports / old_name, reports / f".{old_name}.partial-1-0000abcd", reports / f".{finished.name}.partial-2-0000abcd", set_aside):
        os.utime(path, (stale, stale))
    from harness.analyze_sweep import AnalyzeConfig
    from harness.analyze_sweep import analyze as analyze_sweep

    # A report in the reports folder (a folder of this project's: an explicit --out's parent is not cleaned)
    made = analyze_sweep(AnalyzeConfig(run_dir=sweep, reports_dir=reports, cache=False, history_db=None), show_progress=False,
                         log=lambda message: None).report.parent
    left = sorted(p.name for p in reports.iterdir())
    # the stale pair is gone; the young pair may be a report being written now; a whole report stays
    assert left == sorted([young_name, f".{young_name}.partial-1-0000abcd", finished.name, made.name, "s__offline__20230101T000000Z"])
    assert (finished / "index.html").read_text() == "a whole report"
    assert (reports / "s__offline__20230101T000000Z" / "index.html").read_text() == "an older whole report"  # put back


def _someones_folder(path: Path) -> dict[str, str]:
    (path / "sub").mkdir(parents=True)
    (path / "thesis.txt").write_text("precious")
    (path / "sub" / "data.csv").write_text("1,2")
    return {str(p.relative_to(path)): p.read_text() for p in path.rglob("*") if p.is_file()}


def test_out_naming_a_folder_that_is_no_report_is_refused_and_left_as_it_was(tmp_path):
    # `--out ~/Documents` (or the reports folder itself) replaced the folder with the report,
    # deleting everything in it.
    sweep = sweep_with(tmp_path, "s", ["Capex was $1,577 million."])
    mine = tmp_path / "important"
    before = _someones_folder(mine)
    result = CliRunner().invoke(analyze.cli, [str(sweep), "--out", str(mine), "--no-progress", "--no-cache", "--no-history"])
    assert result.exit_code == 2, result.output
    assert "holds other files (sub, thesis.txt), not a report: nothing was written to it" in result.output
    assert {str(p.relative_to(mine)): p.read_text() for p in mine.rglob("*") if p.is_file()} == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no partial folder left
    # An earlier report is replaced, a new or empty folder filled.
    (tmp_path / "empty").mkdir()
    for target in (tmp_path / "new", tmp_path / "empty"):
        done = CliRunner().invoke(analyze.cli, [str(sweep), "--out", str(target), "--no-progress", "--no-cache", "--no-history"])
        assert done.exit_code == 0, done.output
        again = CliRunner().invoke(analyze.cli, [str(sweep), "--out", str(target), "--no-progress", "--no-cache", "--no-history"])
        assert again.exit_code == 0 and (target / "index.html").is_file(), again.output


def test_history_out_naming_a_folder_that_is_no_history_page_is_refused(tmp_path):
    # `history --out` removed the folder it was given (and a sibling "<name>.tmp") outright.
    mine = tmp_path / "important"
    before = _someones_folder(mine)
    (tmp_path / "important.tmp").write_text("mine too")
    from harness.history import connect

    db = tmp_path / "h.sqlite"
    with connect(db):
        pass  # a new database: the shipped seed's sweeps
    result = CliRunner().invoke(analyze.cli, ["history", "--db", str(db), "--out", str(mine)])
    assert result.exit_code == 2, result.output
    assert "not a history page: nothing was written to it" in result.output
    assert {str(p.relative_to(mine)): p.read_text() for p in mine.rglob("*") if p.is_file()} == before
    assert (tmp_path / "important.tmp").read_text() == "mine too"
    page = tmp_path / "page"
    for _ in range(2):  # written, then replaced
        done = CliRunner().invoke(analyze.cli, ["history", "--db", str(db), "--out", str(page)])
        assert done.exit_code == 0 and (page / "index.html").is_file(), done.output


@pytest.mark.parametrize("args,phrase", [
    (["--gate", ""], "an empty path names no file"),  # was IsADirectoryError: '.'
    (["--gate", "budgets.toml", "--junit", ""], "an empty path names no file"),  # likewise
    (["--gate", "BINARY"], "not UTF-8 text (byte 4), so not a budgets file"),  # was UnicodeDecodeError
    (["history", "--png", ""], "an empty path names no file"),  # wrote a hidden ".png" where it ran
    (["history", "--junit", "", "--gate-accuracy-drop", "0.1"], "an empty path names no file"),
    (["calibrate-judge", ""], "an empty path names no file"),
])
def test_a_file_option_naming_no_file_is_refused_without_a_traceback(tmp_path, monkeypatch, args, phrase):
    sweep = sweep_with(tmp_path, "s", ["Capex was $1,577 million."])
    binary = tmp_path / "budgets.bin"
    binary.write_bytes(b"\x7fELF\xd0\xff")
    args = [str(binary) if a == "BINARY" else a for a in args]
    work = tmp_path / "cwd"
    work.mkdir()
    monkeypatch.chdir(work)
    full = args if args[0] in ("history", "calibrate-judge") else [str(sweep), *args, "--out", str(tmp_path / "r"), "--no-history"]
    result = CliRunner().invoke(analyze.cli, full)
    assert result.exit_code == 2, result.output
    assert phrase in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)  # no traceback
    assert list(work.iterdir()) == []  # nothing written where it ran


def test_a_history_folder_of_the_users_beside_the_report_is_refused_before_judging(tmp_path):
    # The history page goes beside the report: `--out ~/report` with a ~/history of the user's
    # removed that folder, after the report was written.
    from harness.history import connect

    sweep = sweep_with(tmp_path, "s", ["Capex was $1,577 million."])
    home = tmp_path / "home"
    before = _someones_folder(home / "history")
    db = tmp_path / "h.sqlite"
    with connect(db):
        pass
    result = CliRunner().invoke(analyze.cli, [str(sweep), "--out", str(home / "report"), "--history-db", str(db), "--no-progress", "--no-cache"])
    assert result.exit_code == 2, result.output
    assert "holds other files: nothing was written" in result.output and "--no-history" in result.output
    assert {str(p.relative_to(home / "history")): p.read_text() for p in (home / "history").rglob("*") if p.is_file()} == before
    assert not (home / "report").exists()
    done = CliRunner().invoke(analyze.cli, [str(sweep), "--out", str(home / "report"), "--no-history", "--no-progress", "--no-cache"])
    assert done.exit_code == 0 and (home / "report" / "index.html").is_file(), done.output


@pytest.mark.parametrize("args,flag", [
    (["--out", "/proc/pageindex-report"], "--out"),
    (["--gate", "GATE", "--junit", "/proc/gate.xml"], "--junit"),  # after the whole analysis
    (["history", "--junit", "/proc/trend.xml", "--gate-accuracy-drop", "0.5"], "--junit"),
    (["history", "--png", "/proc/history.png"], "--png"),
    (["history", "--out", "/proc/history"], "--out"),
])
def test_an_output_path_that_cannot_be_written_is_refused_before_any_work(tmp_path, args, flag):
    # /proc takes no new files, as a read-only mount does not: each ended in a traceback.
    sweep = sweep_with(tmp_path, "s", ["Capex was $1,577 million."])
    args = [str(PROJECT_ROOT / "budgets_plumbing.toml") if a == "GATE" else a for a in args]
    full = args if args[0] == "history" else [str(sweep), *args, "--no-history", "--no-progress", "--no-cache"]
    if "--out" not in full:
        full += ["--out", str(tmp_path / "r")]
    result = CliRunner().invoke(analyze.cli, full)
    assert result.exit_code == 2, result.output
    assert f"cannot write {flag} /proc/" in result.output and f"pass {flag} in a folder you can write to" in result.output
    assert not (tmp_path / "r").exists()  # refused before the report was written


def test_a_negative_number_of_disagreements_is_refused(tmp_path):
    # [: -5] printed every disagreement but the last five.
    sample = PROJECT_ROOT / "tests" / "data" / "human_labels_sample.jsonl"
    result = CliRunner().invoke(analyze.cli, ["calibrate-judge", str(sample), "--show-disagreements", "-5"])
    assert result.exit_code == 2 and "-5 is not in the range x>=0" in result.output, result.output
