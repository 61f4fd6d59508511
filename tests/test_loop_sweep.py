"""The iterative loop end to end through a sweep and its analysis: a scripted model that asks
for more (needs), meets a failed search, is answered from the extraction cache, reads again,
and answers at the last chance; then the records and the report. And the loop state a run
keeps when a budget cuts it short."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from report_files import detail, report_data, runs

from core.llm.providers.scripted import register_script, unregister_script
from core.protocol import is_last_chance, read_block
from core.trace import read_trace
from harness.analyze_sweep import AnalyzeConfig, analyze
from harness.config import Budgets, SweepConfig
from harness.runner.sweep import run_sweep
from retrievers.base import ModeOptions

QUESTION_ID = "financebench_id_01865"  # which segment dragged down 3M's growth, excluding M&A
SECTION = "worldwide_sales_change"  # pp. 25-26 of the 3M FY2022 10-K
CONSUMER = {"label": "consumer_organic_sales_change_2022", "value": -0.9, "unit": "percent", "page": 25, "section": "Worldwide Sales Change",
            "context": "Consumer segment organic sales change, 2022"}
TOTAL = {"label": "total_company_organic_sales_change_2022", "value": 1.2, "unit": "percent", "page": 25, "section": "Worldwide Sales Change",
         "context": "Total company organic sales change, 2022"}
DIVESTITURES = {"label": "consumer_divestitures_2022", "value": -0.4, "unit": "percent", "page": 25, "section": "Worldwide Sales Change",
                "context": "Consumer sales change from divestitures, 2022"}
M_AND_A = "M&A impact per segment for 2022"
DIVESTITURE_ITEM = "Consumer segment divestiture impact on 2022 sales"
ANSWER = "Consumer: its organic sales fell 0.9% while the company's grew 1.2% (p. 25)."


def call(name: str, **arguments) -> dict:
    return {"tool_calls": [{"name": name, "arguments": arguments}]}


def loop_model(request):
    """Stateless: each reply is read off the request, as a model would."""
    first = request.messages[0].text
    if request.role == "extractor":
        item = read_block(first, "shopping_item")
        turn = len(request.messages)
        if item == M_AND_A:
            return call("grep_section", node_id="all", pattern="acquisition impact by segment") if turn == 1 else \
                call("fail", reason="No per-segment M&A breakdown; the segment table only shows acquisitions as a dash.")
        if item == DIVESTITURE_ITEM:  # iteration 3: offered the cached findings, then reads the text again
            if turn == 1:
                return call("fetch_section", node_id=SECTION)
            if turn == 3:
                assert json.loads(request.messages[-1].tool_results[0].content)["already_extracted"] is True
                return call("fetch_section", node_id=SECTION)
            return call("return", findings=[DIVESTITURES], sections_searched=[SECTION])
        return call("fetch_section", node_id=SECTION) if turn == 1 else call("return", findings=[CONSUMER, TOTAL], sections_searched=[SECTION])
    assert request.role == "synthesizer"
    loop = read_block(first, "loop") or ""
    if is_last_chance(loop):
        return json.dumps({"status": "answer", "answer": ANSWER, "sources": ["p. 25"], "confidence": "high"})
    if "iteration 1 " in loop:
        return json.dumps({"status": "needs", "needs": M_AND_A, "reason": "to exclude M&A"})
    return json.dumps({"status": "needs", "needs": DIVESTITURE_ITEM, "reason": "no M&A split; divestitures are in the sales change table"})


@pytest.fixture
def scripted_loop():
    register_script("loop", loop_model)
    yield "scripted:loop"
    unregister_script("loop")


def sweep_config(tmp_path: Path, model: str, **overrides) -> SweepConfig:
    values = dict(models=[model], modes=["iterative"], test_set="3M_2022_10K", question_filter="01865", runs_dir=tmp_path / "runs",
                  cache_path=None, options=ModeOptions(max_iterations=3))
    values.update(overrides)
    return SweepConfig(**values)


def test_a_scripted_sweep_goes_through_needs_a_failed_search_the_cache_and_the_last_chance(tmp_path, scripted_loop):
    outcome = run_sweep(sweep_config(tmp_path, scripted_loop), show_progress=False)
    [record] = outcome.records
    line = json.loads((outcome.sweep.path / "runs.jsonl").read_text().splitlines()[0])
    assert line["status"] == "ok" and line["answer"] == ANSWER and line["iterations"] == 3
    assert line["findings_count"] == 3 and [f["label"] for f in line["findings"]] == [CONSUMER["label"], TOTAL["label"], DIVESTITURES["label"]]
    assert line["failed_searches"] == [{"item": M_AND_A, "reason": "No per-segment M&A breakdown; the segment table only shows acquisitions as a dash.",
                                        "sections_tried": ["all"]}]
    assert line["extra"]["extraction_cache_hits"] == 1 and line["turns"] == 2 + 2 + 3
    assert line["provenance"]["ok"] is True and line["provenance"]["findings_verified"] == 3
    assert line["usage"]["by_role"]["synthesizer"] and line["llm_calls"] == 7 + 3

    events = read_trace(outcome.sweep.path / record.trace_path)
    synthesis = [e for e in events if e["event"] == "synthesis"]
    assert [(e["iteration"], e["last_chance"], e["status"]) for e in synthesis] == [(1, False, "needs"), (2, False, "needs"), (3, True, "answer")]
    assert [e["event"] for e in events].count("extraction_failed") == 1 and any(e["event"] == "extraction_cache_hit" for e in events)

    analysis = analyze(AnalyzeConfig(run_dir=outcome.sweep.path, reports_dir=tmp_path / "reports", judge_model="offline", cache=False),
                       show_progress=False, log=lambda m: None)
    folder = analysis.report.parent
    [row] = analysis.criteria
    assert row.checks["provenance"].status == "pass" and row.checks["reliability"].status == "pass"
    assert analysis.stats.iloc[0]["iterations_mean"] == 3 and analysis.stats.iloc[0]["failed_searches_count_mean"] == 1
    [run] = runs(report_data(folder))
    run_view = json.dumps(detail(folder, run["run_id"]), ensure_ascii=False)  # what the run view shows
    assert "No per-segment M&A breakdown" in run_view and "consumer_divestitures_2022" in run_view
    results = (folder / "bench_results.md").read_text()
    assert "| scripted:loop | iterative | 1 | 1 | 100.0% |" in results and "Q1 `financebench_id_01865`" in results
    assert "Provenance" in (folder / "summary.md").read_text()


def test_a_run_cut_by_a_budget_keeps_its_loop_state(tmp_path, scripted_loop):
    # Seven model calls allowed: iterations 1 and 2 finish (six calls), iteration 3's
    # extraction makes one call and the next is refused.
    outcome = run_sweep(sweep_config(tmp_path, scripted_loop, budgets=Budgets(max_run_llm_calls=7)), show_progress=False)
    [record] = outcome.records
    assert record.status == "error" and record.error_kind == "budget" and "model-call budget of 7" in record.error
    line = json.loads((outcome.sweep.path / "runs.jsonl").read_text().splitlines()[0])
    assert line["iterations"] == 3 and line["findings_count"] == 2 and line["failed_searches_count"] == 1
    assert line["failed_searches"][0]["item"] == M_AND_A and line["turns"] == 2 + 2 + 1 and line["answer"] == ""
    events = read_trace(outcome.sweep.path / record.trace_path)
    assert sum(e["event"] == "extraction" for e in events) == 1 and sum(e["event"] == "extraction_failed" for e in events) == 1


def test_a_planner_run_cut_by_a_budget_keeps_its_replans_and_tasks(tmp_path):
    plan = {"agents": {"document_analyst": {"prompt": "Extract.", "tools": ["fetch_section", "grep_section"]}, "synthesizer": {"prompt": "Answer.", "tools": []}},
            "tasks": [{"id": "read", "fetch": [SECTION]},
                      {"id": "extract", "agent": "document_analyst", "input": "Consumer organic growth", "signature": "{growth :float, page :int}"},
                      {"id": "final_answer", "agent": "synthesizer", "depends_on": ["read", "extract"], "input": "Answer", "signature": "{answer :string, sources [:string]}"}]}

    def planner_model(request):
        if request.role == "planner":
            return json.dumps(plan)
        if len(request.messages) == 1:
            return call("grep_section", node_id=SECTION, pattern="Consumer")
        return call("fail", reason="the organic figure is not in this section")

    register_script("planner_cut", planner_model)
    try:
        # planner, extract x2 (fails), replan, extract x1, then refused at the sixth call.
        config = sweep_config(tmp_path, "scripted:planner_cut", modes=["planner"], budgets=Budgets(max_run_llm_calls=5),
                              options=ModeOptions(quality_gate=False))
        [record] = run_sweep(config, show_progress=False).records
    finally:
        unregister_script("planner_cut")
    assert record.status == "error" and record.error_kind == "budget"
    assert record.result.replans == 1 and record.result.planned_tasks == 3 and record.result.plan is not None
    assert record.result.tasks_executed == 2  # the fetch (once: reused after the replan) and the failed extraction
    assert record.result.turns == 2 + 1 and record.tool_stats.fetch == 1 and record.tool_stats.grep == 2
