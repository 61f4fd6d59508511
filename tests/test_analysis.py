"""Statistics over a sweep folder: figures checked against numbers worked out by hand."""
from __future__ import annotations

import json
import math

import pytest
from sweep_factory import make_record, verdicts_for, write_sweep

from core.errors import UserError
from harness.judge.verdict import Verdict
from harness.stats.cells import (
    cell_stats,
    judge_summary,
    majority_label,
    question_table,
    type_stats,
)
from harness.stats.frame import load_sweep, with_verdicts


def test_load_sweep_flattens_usage_roles_tools_and_unknown_cost(tmp_path) -> None:
    records = [
        make_record("q1", tokens=3000, by_role={"extractor": 2000, "synthesizer": 1000}, cost_usd=None),
        make_record("q2", tokens=500),
    ]
    records[0].tool_stats.grep_with_matches = 2
    sweep = load_sweep(write_sweep(tmp_path, records))
    df = sweep.records.set_index("question_id")
    assert sweep.sweep_id == "20240501T120000Z"
    assert df.loc["q1", "tokens_total"] == 3000
    assert df.loc["q1", "tokens_extractor"] == 2000 and df.loc["q2", "tokens_extractor"] == 0
    assert df.loc["q2", "tokens_agent"] == 500
    assert df.loc["q1", "tool_grep_with_matches"] == 2
    assert not df.loc["q1", "cost_known"] and math.isnan(df.loc["q1", "cost_usd"])
    assert df.loc["q1", "cell"] == "offline/simple"
    assert set(sweep.raw) == {r.run_id for r in records}


def test_load_sweep_rejects_a_folder_without_manifest(tmp_path) -> None:
    with pytest.raises(UserError, match="not a sweep folder"):
        load_sweep(tmp_path)


def test_a_run_recorded_twice_counts_once(tmp_path) -> None:
    path = write_sweep(tmp_path, [make_record("q1", status="error"), make_record("q2")])
    redo = make_record("q1", status="ok")
    with (path / "runs.jsonl").open("a") as handle:
        handle.write(json.dumps(redo.to_dict()) + "\n")
    stats = cell_stats(load_sweep(path).records).iloc[0]
    assert stats["runs"] == 2 and stats["reliability"] == 1.0


def test_one_run_under_two_run_ids_counts_once(tmp_path) -> None:
    """A hand-merged file may hold one run (model, mode, question, run number) under another
    id: it is still one sample, or a question would weigh twice."""
    path = write_sweep(tmp_path, [make_record("q1", status="error"), make_record("q2")])
    again = make_record("q1", status="ok").to_dict()
    again["run_id"] += "_copy"
    with (path / "runs.jsonl").open("a") as handle:
        handle.write(json.dumps(again) + "\n")
    sweep = load_sweep(path)
    stats = cell_stats(sweep.records).iloc[0]
    assert stats["runs"] == 2 and stats["reliability"] == 1.0  # the later record of q1's run
    assert set(sweep.raw) == {again["run_id"], make_record("q2").run_id}


def _cell(tmp_path, records, verdicts=None):
    sweep = load_sweep(write_sweep(tmp_path, records))
    return cell_stats(sweep.records, verdicts).set_index("cell")


def _five_runs():
    return [
        make_record("q1", run_number=1),
        make_record("q1", run_number=2),
        make_record("q2", run_number=1),
        make_record("q2", run_number=2),
        make_record("q3", run_number=1, status="fail"),
    ]


def test_accuracy_is_a_mean_over_questions_and_reliability_excludes_refusals(tmp_path) -> None:
    records = _five_runs()
    labels = {records[1].run_id: "incorrect", records[2].run_id: "refusal", records[3].run_id: "incorrect"}
    row = _cell(tmp_path, records, verdicts_for(records, labels)).loc["offline/simple"]
    assert row["runs"] == 5 and row["questions"] == 3 and row["ok"] == 4 and row["fail"] == 1
    # q1 is right in one run of two, q2 in none, q3 failed: (1/2 + 0 + 0) / 3 questions.
    assert row["judged"] and row["unjudged"] == 0 and row["accuracy"] == pytest.approx(1 / 6)
    assert row["accuracy_low"] <= row["accuracy"] <= row["accuracy_high"]
    assert row["ok_rate"] == pytest.approx(4 / 5)
    assert row["reliability"] == pytest.approx(3 / 5)  # the ok run judged a refusal is not an answer
    # One model refusal and one run that gave up (status fail): both the model declining.
    assert row["refusal_rate"] == pytest.approx(2 / 5) and row["errored_rate"] == 0


def test_an_unjudged_answer_makes_the_cell_not_judged_never_wrong(tmp_path) -> None:
    records = _five_runs()
    labels = {records[1].run_id: "incorrect", records[2].run_id: "refusal", records[3].run_id: "unjudged"}
    row = _cell(tmp_path, records, verdicts_for(records, labels)).loc["offline/simple"]
    assert not row["judged"] and row["unjudged"] == 1
    assert math.isnan(row["accuracy"]) and math.isnan(row["accuracy_low"]) and math.isnan(row["refusal_rate"])
    assert row["reliability"] == pytest.approx(3 / 5)  # reliability needs no judge


def test_token_percentiles_and_cost(tmp_path) -> None:
    records = [make_record(f"q{i}", tokens=t, cost_usd=t / 1e6) for i, t in enumerate([1000, 2000, 3000, 4000, 5000])]
    row = _cell(tmp_path, records).iloc[0]
    assert row["tokens_mean"] == 3000 and row["tokens_median"] == 3000
    assert row["tokens_p95"] == pytest.approx(4800)  # linear interpolation: 4000 + 0.8 * 1000
    assert row["cost_sum"] == pytest.approx(0.015) and row["cost_mean"] == pytest.approx(0.003)
    assert row["tokens_agent_mean"] == 3000


def test_cost_is_unknown_when_any_price_is_unknown(tmp_path) -> None:
    row = _cell(tmp_path, [make_record("q1", cost_usd=0.5), make_record("q2", cost_usd=None)]).iloc[0]
    assert not row["cost_known"] and math.isnan(row["cost_sum"]) and math.isnan(row["cost_mean"])


def test_consistency_is_share_of_questions_with_one_label(tmp_path) -> None:
    records = [make_record(q, run_number=n) for q in ("q1", "q2") for n in (1, 2)]
    verdicts = verdicts_for(records, {records[3].run_id: "incorrect"})
    assert _cell(tmp_path, records, verdicts).iloc[0]["consistency"] == 0.5


def test_consistency_is_nan_with_one_run_or_no_verdicts(tmp_path) -> None:
    records = [make_record("q1"), make_record("q2")]
    assert math.isnan(_cell(tmp_path / "a", records, verdicts_for(records)).iloc[0]["consistency"])
    records = [make_record("q1", run_number=n) for n in (1, 2)]
    row = _cell(tmp_path / "b", records).iloc[0]
    assert math.isnan(row["consistency"]) and math.isnan(row["accuracy"]) and not row["judged"]


def test_evidence_hit_rate_skips_questions_without_evidence(tmp_path) -> None:
    records = [
        make_record("q1", evidence_hit=True),
        make_record("q2", evidence_hit=False),
        make_record("q3", evidence_hit=None, evidence_pages=[]),
    ]
    row = _cell(tmp_path, records).iloc[0]
    assert row["evidence_runs"] == 2 and row["evidence_hit_rate"] == 0.5


def test_provenance_rate_counts_answered_runs_that_state_numbers(tmp_path) -> None:
    records = [
        make_record("q1", provenance={"numbers": 2, "traced": 2, "untraced": [], "ok": True, "verified": True}),
        make_record("q2", provenance={"numbers": 2, "traced": 1, "untraced": ["7.5%"], "ok": False, "verified": True}),
        make_record("q3", provenance={"numbers": 0, "traced": 0, "untraced": [], "ok": None, "verified": True}),
        make_record("q4", status="fail", provenance={"ok": None, "verified": True}),
    ]
    row = _cell(tmp_path, records).iloc[0]
    assert row["provenance_runs"] == 2 and row["provenance_rate"] == 0.5


def test_behaviour_means(tmp_path) -> None:
    records = [make_record("q1", turns=2, iterations=3, replans=1), make_record("q2", turns=4, iterations=1)]
    row = _cell(tmp_path, records).iloc[0]
    assert row["turns_mean"] == 3 and row["iterations_mean"] == 2 and row["replans_mean"] == 0.5
    assert row["tool_fetch_mean"] == 1


def test_cells_and_question_types_are_grouped_apart(tmp_path) -> None:
    records = [
        make_record("q1", mode="simple", question_type="metrics-generated"),
        make_record("q2", mode="simple", question_type="novel-generated", status="fail"),
        make_record("q1", mode="iterative"),
    ]
    sweep = load_sweep(write_sweep(tmp_path, records))
    cells = cell_stats(sweep.records).set_index("cell")
    assert list(cells.index) == ["offline/iterative", "offline/simple"]
    assert cells.loc["offline/simple", "reliability"] == 0.5
    types = type_stats(sweep.records).set_index(["cell", "question_type"])
    assert types.loc[("offline/simple", "novel-generated"), "reliability"] == 0.0
    assert types.loc[("offline/simple", "metrics-generated"), "reliability"] == 1.0


def test_question_table_lists_labels_in_run_order(tmp_path) -> None:
    records = [make_record("q1", run_number=n) for n in (1, 2, 3)]
    verdicts = verdicts_for(records, {records[1].run_id: "incorrect"})
    table = question_table(load_sweep(write_sweep(tmp_path, records)).records, verdicts)
    row = table.iloc[0]
    assert row["labels"] == ["correct", "incorrect", "correct"]
    assert row["correct_share"] == pytest.approx(2 / 3) and row["majority"] == "correct"
    assert row["run_ids"] == [r.run_id for r in records]


def test_majority_label() -> None:
    assert majority_label(["correct", "correct", "incorrect"]) == "correct"
    assert majority_label(["correct", "incorrect"]) == "incorrect"  # a tie is not a majority
    assert majority_label(["refusal", "incorrect"]) == "refusal"
    assert majority_label([None]) == "unjudged"


def test_runs_without_a_verdict_get_none(tmp_path) -> None:
    records = [make_record("q1"), make_record("q2")]
    df = with_verdicts(load_sweep(write_sweep(tmp_path, records)).records, verdicts_for(records[:1]))
    assert list(df["verdict"]) == ["correct", None]


def test_judge_summary_is_apart_from_the_runs() -> None:
    verdicts = [
        Verdict("a", "correct", "llm", "judge-x", agreement=1.0, usage_total=100, cost_usd=0.01),
        Verdict("b", "incorrect", "numeric", agreement=0.5, usage_total=0, cost_usd=0.0),
        Verdict("c", "refusal", "status", cost_usd=None),
    ]
    summary = judge_summary(verdicts)
    assert summary["agreement_mean"] == 0.75 and summary["agreement_runs"] == 2
    assert summary["tokens"] == 100 and summary["cost_usd"] is None
    assert summary["methods"] == {"llm": 1, "numeric": 1, "status": 1} and summary["judge_models"] == ["judge-x"]
    assert summary["full_judge"]
    assert not judge_summary([verdicts[1]])["full_judge"]


def test_an_empty_sweep_has_no_cells(tmp_path) -> None:
    stats = cell_stats(load_sweep(write_sweep(tmp_path, [])).records)
    assert stats.empty and "accuracy" in stats.columns


def test_pages_read_sit_beside_the_evidence_hit(tmp_path) -> None:
    """Fetching every page always "hits" the evidence: the cell reports how many pages its
    runs read, so such a hit rate is seen for what it is."""
    records = [
        make_record("q1", evidence_hit=True, pages_fetched=list(range(1, 201))),
        make_record("q2", evidence_hit=True, pages_fetched=[12, 13]),
    ]
    row = _cell(tmp_path, records).iloc[0]
    assert row["evidence_hit_rate"] == 1.0 and row["pages_read_mean"] == 101.0


def test_the_console_says_why_runs_gave_no_answer(tmp_path) -> None:
    """Causes, commonest first: provider errors grouped by kind (their messages differ by
    attempt counts), fails by what they could not find; and how to retry the errors."""
    from click.testing import CliRunner

    import analyze
    from harness.stats.cells import failure_causes

    records = [make_record("financebench_id_03029", run_number=n, status="error", error=f"provider error after {n} attempt(s): connection refused",
                           error_kind="provider:connection") for n in (1, 2, 3)]
    records += [make_record("financebench_id_04672", status="fail", error="could not find Adjusted EBIT for FY2022 in the filing"),
                make_record("financebench_id_00499", answer="Capex was $1,577 million.")]
    path = write_sweep(tmp_path / "runs", records)
    causes = failure_causes(load_sweep(path).records)
    assert [(found.label, found.runs, found.cells) for found in causes] == [
        ("error provider:connection", 3, ("offline/simple",)),
        ("fail: could not find Adjusted EBIT for FY2022 in the filing", 1, ("offline/simple",))]
    assert causes[0].example == "provider error after 1 attempt(s): connection refused"
    long = "could not find " + "a very long reason " * 6
    cut = failure_causes(load_sweep(write_sweep(tmp_path / "long", [make_record("financebench_id_00499", status="fail", error=long)])).records)
    assert cut[0].cut and cut[0].label == f"fail: {long[:80]}…" and cut[0].example == long
    shown = CliRunner().invoke(analyze.cli, [str(path), "--judge-model", "offline", "--out", str(tmp_path / "report"),
                                             "--no-history", "--no-progress", "--no-cache"]).output
    assert "runs without an answer: 4 of 5" in shown
    assert "   3 x error provider:connection: provider error after 1 attempt(s): connection refused" in shown
    assert f"--retry-errors {path}" in shown
    assert failure_causes(load_sweep(write_sweep(tmp_path / "ok", [make_record("financebench_id_00499")])).records) == []


def test_an_errored_run_is_marked_as_not_answering_not_as_a_refusal(tmp_path) -> None:
    # A provider error or a crash is no decline of the model's; a run that gave up (fail) is.
    from harness.report.export import question_grid
    from harness.stats.cells import question_table

    records = [make_record("q1", run_number=1), make_record("q1", run_number=2, status="error"),
               make_record("q1", run_number=3, status="fail"), make_record("q1", run_number=4)]
    verdicts = verdicts_for(records, {records[3].run_id: "refusal"})  # the runs without an answer get status "refusal" verdicts
    sweep = load_sweep(write_sweep(tmp_path, records))
    row = cell_stats(sweep.records, verdicts).iloc[0]
    assert row["refusal_rate"] == pytest.approx(2 / 4) and row["errored_rate"] == pytest.approx(1 / 4)
    grid = question_grid(question_table(sweep.records, verdicts), ["offline/simple"])
    assert grid["rows"][0][2][0][0] == "✓!⊘⊘"


def test_the_run_grid_shows_no_refusal_for_a_run_that_gave_no_answer(tmp_path) -> None:
    # A filter "verdict = refusal" and the run's pill must list what the model declined,
    # not the provider errors that carry a "refusal" verdict by their status.
    from harness.errored_runs import NO_ANSWER
    from harness.report.export import question_grid, runs_table
    from harness.stats.cells import question_table
    from harness.stats.frame import with_verdicts

    records = [make_record("q1", status="error"), make_record("q1", run_number=2, status="error"),
               make_record("q2"), make_record("q2", run_number=2, status="fail")]
    verdicts = verdicts_for(records, {records[2].run_id: "refusal", records[3].run_id: "refusal"})
    sweep = load_sweep(write_sweep(tmp_path, records))
    table = runs_table(with_verdicts(sweep.records, verdicts), {})
    column = [c["key"] for c in table["columns"]].index("verdict")
    shown = {row[[c["key"] for c in table["columns"]].index("run_id")]: row[column] for row in table["rows"]}
    assert [shown[r.run_id] for r in records] == [NO_ANSWER, NO_ANSWER, "refusal", "refusal"]
    grid = question_grid(question_table(sweep.records, verdicts), ["offline/simple"])
    styles = {row[0]: row[2][0][1] for row in grid["rows"]}
    assert styles["q1"] == "none" and styles["q2"] != "none"  # no run of q1 answered: no verdict's colour


def test_an_answer_judged_a_refusal_is_counted_among_the_runs_without_an_answer(tmp_path) -> None:
    """A run that finished with "I cannot answer ..." is no answer to reliability: the
    console's count, its causes and the report's table and hints say so, as bench_results.md
    does (they counted only the runs whose status was not ok, and disagreed with it)."""
    from click.testing import CliRunner

    import analyze
    from harness.report.rows import cell_tables, failure_table
    from harness.stats.cells import JUDGED_REFUSAL, cell_stats, failure_causes

    declined = "I cannot answer from the filing: could not find Adjusted EBIT for FY2022 in the filing."
    records = [make_record("financebench_id_04672", answer=declined),
               make_record("financebench_id_03029", status="fail", error="could not find capex in the filing"),
               make_record("financebench_id_00499", answer="Capex was $1,577 million.")]
    path = write_sweep(tmp_path / "runs", records)
    sweep = load_sweep(path)
    verdicts = verdicts_for(records, {records[0].run_id: "refusal"})
    causes = failure_causes(sweep.records, verdicts=verdicts)
    refused = next(found for found in causes if found.status == JUDGED_REFUSAL)
    assert (refused.runs, refused.example) == (1, declined)
    assert len(failure_causes(sweep.records)) == 1  # unjudged: no refusal is known
    link = failure_table(causes)["rows"][[c.status for c in causes].index(JUDGED_REFUSAL)][0]["href"]
    assert "verdict=refusal" in link and "status=ok" in link
    row = cell_stats(sweep.records, verdicts).iloc[0]
    outcome, _ = cell_tables(cell_stats(sweep.records, verdicts))
    hints = [c.get("hint", "") for c in outcome["rows"][0]]
    assert row["reliability"] == pytest.approx(1 / 3) and any("1 answered, but judged a refusal" in h for h in hints)
    shown = CliRunner().invoke(analyze.cli, [str(path), "--judge-model", "offline", "--out", str(tmp_path / "report"),
                                             "--no-history", "--no-progress", "--no-cache"]).output
    assert "runs without an answer: 2 of 3 (1 answered, but judged a refusal)" in shown, shown
    assert "1 x refusal (answered, but judged a refusal): I cannot answer from the filing" in shown
