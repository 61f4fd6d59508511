"""The report: files written, its data and run details as the page reads them, links that
stay inside the page, Markdown and CSV."""
from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pandas as pd
import pytest
from report_files import detail, report_data, runs
from sweep_factory import default_trace, make_record, report_with_an_errored_side, verdicts_for, write_sweep

from harness.dataset import Gold, Question
from harness.gate import GateBudgets, evaluate_gate
from harness.report import render_report
from harness.stats.cells import cell_stats
from harness.stats.compare import compare
from harness.stats.frame import load_sweep

INJECTION = (
    "<script>window.__pwned=1;document.title='PWNED'</script>"
    '<img src=x onerror="document.title=\'PWNED\'"> <a href="javascript:alert(1)">see</a> $1,577 million'
)


class Page(HTMLParser):
    """Every start tag with its attributes, the ids, and the visible text."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.text_parts: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {k: v or "" for k, v in attrs}))

    def handle_data(self, data: str) -> None:
        self.text_parts.append(data)

    @property
    def text(self) -> str:
        return "".join(self.text_parts)

    @property
    def ids(self) -> set[str]:
        return {a["id"] for _, a in self.tags if "id" in a}

    def hrefs(self) -> list[str]:
        return [a["href"] for t, a in self.tags if t == "a" and "href" in a]


def _parse(path: Path) -> Page:
    return Page(path.read_text(encoding="utf-8"))


@pytest.fixture
def sweep_dir(tmp_path: Path) -> Path:
    records = [
        make_record("q1", run_number=1, answer=INJECTION),
        make_record("q1", run_number=2),
        make_record("q2", run_number=1, status="fail"),
        make_record("q2", run_number=2, question_type="novel-generated"),
        make_record("q1", mode="iterative", tokens=20_000, by_role={"extractor": 15_000, "synthesizer": 5_000},
                    iterations=2, findings=[{"label": "capex <b>", "value": 1577, "unit": "usd_millions", "page": 60,
                                             "section": "Cash flows", "context": "<script>alert(1)</script>"}],
                    failed_searches=[{"item": "segment M&A", "reason": "no breakdown", "sections_tried": ["n3"]}],
                    plan={"tasks": [{"id": "t1", "agent": "fetch"}]}, tasks_executed=1, planned_tasks=1),
    ]
    trace = default_trace(records[4]) + [
        {"event": "iteration_start", "iteration": 1, "shopping_item": "capex"},
        {"event": "retry", "call_id": 2, "attempt": 1, "kind": "rate_limit", "status": 429, "wait_s": 1.0, "error": "slow down"},
        {"event": "a_future_event", "payload": {"nested": [1, 2]}, "note": "<img src=y onerror=alert(2)>"},
    ]
    path = write_sweep(tmp_path / "runs", records, traces={records[4].run_id: trace})
    # A trace cut short by a kill mid-write, or with a line that is not an object, must not
    # break its page.
    with (path / records[1].trace_path).open("a") as handle:
        handle.write('5\n"a string"\n{"event": "model_call_st')
    return path


@pytest.fixture
def report(sweep_dir: Path, tmp_path: Path) -> tuple[Path, list]:
    sweep = load_sweep(sweep_dir)
    verdicts = verdicts_for(sweep.raw.values(), {"offline__simple__q2__r2": "incorrect"})
    questions = [Question("q1", "3M_2022_10K", "What is the FY2018 capex?", gold=Gold("$1577.00", "From the cash flow statement."))]
    out = render_report(sweep, verdicts, tmp_path / "report", questions=questions)
    return out, verdicts


def test_report_writes_every_file(report) -> None:
    index, _ = report
    out = index.parent
    assert index.name == "index.html"
    for name in ("data.js", "summary.md", "runs.csv", "runs.parquet", "details/0.js", "static/viewer.js", "static/viewer.css",
                 "static/vendor/tabulator.min.js", "static/vendor/chart.umd.min.js", "static/vendor/tabulator.LICENSE",
                 "static/vendor/chart.js.LICENSE.md"):
        assert (out / name).is_file(), name
    assert not (out / "runs").exists()  # no page per run any more: details load on demand


def test_tables_have_one_row_per_run_with_verdicts(report) -> None:
    out = report[0].parent
    csv = pd.read_csv(out / "runs.csv")
    parquet = pd.read_parquet(out / "runs.parquet")
    assert len(csv) == len(parquet) == 5
    assert {"run_id", "verdict", "verdict_method", "tokens_total", "tool_fetch", "evidence_hit"} <= set(parquet.columns)
    labels = dict(zip(parquet["run_id"], parquet["verdict"]))
    assert labels["offline__simple__q2__r2"] == "incorrect" and labels["offline__simple__q2__r1"] == "refusal"
    grid = {r["run_id"]: r for r in runs(report_data(out))}
    assert len(grid) == 5 and grid["offline__simple__q2__r2"]["verdict"] == "incorrect"
    assert grid["offline__iterative__q1__r1"]["tokens_total"] == 20_000


def test_the_page_is_a_fixed_shell_under_a_strict_policy(report) -> None:
    index = report[0]
    page = _parse(index)
    scripts = [a for t, a in page.tags if t == "script"]
    assert scripts and all(a.get("src") for a in scripts)  # no inline script
    for attrs in scripts:
        assert not urlsplit(attrs["src"]).scheme and (index.parent / attrs["src"]).is_file()
    policy = next(a["content"] for t, a in page.tags if t == "meta" and a.get("http-equiv") == "Content-Security-Policy")
    assert "script-src 'self'" in policy and "default-src 'none'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert "$1,577" not in index.read_text(encoding="utf-8")  # the data is not in the page, it is in data.js


def test_every_criteria_figure_links_to_the_runs_behind_it(report) -> None:
    data = report_data(report[0].parent)
    rows = data["criteria"]["rows"]
    measured = [r for r in rows if r[0]["href"]]
    assert {r[0]["text"] for r in measured} == {"offline/simple", "offline/iterative"}
    for row in measured:
        cell_name = row[0]["text"]
        for c in row[2:6]:  # the four criteria
            parts = urlsplit(c["href"])
            assert parts.fragment.startswith("runs?"), c
            assert dict(parse_qsl(parts.fragment.split("?", 1)[1]))["cell"] == cell_name
    sorts = {dict(parse_qsl(urlsplit(c["href"]).fragment.split("?", 1)[1])).get("sort") for c in measured[0][2:6]}
    assert sorts == {"status", "verdict", "-tokens_total", "provenance_ok"}
    # 3 of 4 answered (75% is not > 90%), 2 of 4 correct (50% is not > 50%)
    assert data["failed_criteria"]["offline/simple"] == ["reliability", "accuracy"]


def test_a_run_detail_has_answer_verdict_usage_findings_and_trace(report) -> None:
    out = report[0].parent
    data = report_data(out)
    assert data["questions"]["q1"]["text"] == "What is the FY2018 capex?" and data["questions"]["q1"]["gold"] == "$1577.00"
    d = detail(out, "offline__simple__q1__r2")
    assert d["verdict"]["label"] == "correct" and d["verdict"]["rationale"] == "compared with the gold answer"
    titles = [item["title"] for item in d["timeline"]]
    assert "model call #1 · agent" in titles and "tool · fetch_section" in titles
    assert "in 800 / out 200 tok" in d["timeline"][1]["badges"]
    it = detail(out, "offline__iterative__q1__r1")
    text = json.dumps(it, ensure_ascii=False)
    for expected in ("extractor", "synthesizer", "20,000", "capex <b>", "Cash flows", "segment M&A", "no breakdown",
                     "1 executed of 1 planned", "iteration start", "rate_limit", "a future event", "<img src=y onerror=alert(2)>"):
        assert expected in text, expected
    assert it["evidence_pages"] == "11" and it["texts_cut"] is False
    assert "gold" not in it  # the gold answer lives once per question, not in every run


def test_a_run_without_questions_takes_the_question_from_the_trace(sweep_dir, tmp_path) -> None:
    index = render_report(load_sweep(sweep_dir), None, tmp_path / "plain")
    data = report_data(index.parent)
    assert data["questions"]["q2"]["text"] == "What is the FY2018 capital expenditure?" and data["questions"]["q2"]["gold"] == ""
    assert detail(index.parent, "offline__simple__q2__r1")["verdict"] is None


def test_a_trace_cut_short_still_renders(report) -> None:
    d = detail(report[0].parent, "offline__simple__q1__r2")
    assert d["timeline"] and not d["trace_missing"]


def test_unjudged_report_says_so(sweep_dir, tmp_path) -> None:
    index = render_report(load_sweep(sweep_dir), None, tmp_path / "unjudged")
    data = report_data(index.parent)
    assert data["header"]["judged"] is False and data["header"]["unjudged"] == 5  # the page says how many, never counted as wrong
    assert all(c["accuracy"] is None for c in data["charts"]["cells"])
    summary = (index.parent / "summary.md").read_text()
    assert "not judged" in summary


def test_a_new_run_column_reaches_the_grid(sweep_dir, tmp_path) -> None:
    sweep = load_sweep(sweep_dir)
    sweep.records["a_new_measure"] = range(len(sweep.records))
    data = report_data(render_report(sweep, None, tmp_path / "new").parent)
    column = next(c for c in data["runs"]["columns"] if c["key"] == "a_new_measure")
    assert column["shown"] is False and column["kind"] == "int"  # offered in the column chooser
    assert "a_new_measure" not in [c["key"] for c in data["cell_figures"]["columns"]]
    assert "tokens_p95" in [c["key"] for c in data["cell_figures"]["columns"]]


def test_big_sweeps_cut_trace_texts_harder(sweep_dir, tmp_path, monkeypatch) -> None:
    from harness.report import details

    monkeypatch.setattr(details, "COMPACT_ABOVE_RUNS", 1)
    out = render_report(load_sweep(sweep_dir), None, tmp_path / "compact").parent
    d = detail(out, "offline__iterative__q1__r1")
    assert d["texts_cut"] is True and d["trace_file"].endswith("traces/offline__iterative__q1__r1.jsonl")


def test_summary_md_has_criteria_cells_gate_and_flips(sweep_dir, tmp_path) -> None:
    sweep = load_sweep(sweep_dir)
    now = verdicts_for(sweep.raw.values(), {"offline__simple__q1__r1": "incorrect", "offline__simple__q1__r2": "incorrect"})
    before = verdicts_for(sweep.raw.values())
    comparison = compare(sweep, sweep, now, before)
    gate = evaluate_gate(cell_stats(sweep.records, now), GateBudgets(defaults={"max_mean_tokens": 5000}))
    index = render_report(sweep, now, tmp_path / "pr", baseline_comparison=comparison, gate_result=gate)
    summary = (index.parent / "summary.md").read_text()
    assert "CI gate: FAILED" in summary and "max\\_mean\\_tokens" not in summary and "max_mean_tokens" in summary
    assert "| offline/simple | 4 |" in summary  # the criteria table
    assert "*seed: planner mode*" in summary
    assert "Compared with baseline" in summary and "| q1 | offline/simple | lost | correct | incorrect |" in summary
    data = report_data(index.parent)
    assert data["gate"]["passed"] is False and data["verdict"]["headline"].startswith("CI gate FAILED")
    flip = data["comparison"]["flips"]["rows"][0]
    assert flip[0]["href"] == "#question?id=q1&cell=offline%2Fsimple"  # opens both sweeps' runs side by side


def test_an_empty_sweep_renders(tmp_path) -> None:
    index = render_report(load_sweep(write_sweep(tmp_path, [])), [], tmp_path / "empty")
    assert report_data(index.parent)["header"]["runs"] == 0
    assert json.loads(json.dumps(pd.read_csv(index.parent / "runs.csv").columns.tolist()))


def test_a_cell_with_no_correct_run_still_charts(sweep_dir, tmp_path) -> None:
    sweep = load_sweep(sweep_dir)
    index = render_report(sweep, verdicts_for(sweep.raw.values(), default="incorrect"), tmp_path / "zero")
    points = report_data(index.parent)["charts"]["cells"]
    assert {p["accuracy"] for p in points} == {0.0} and all(p["accuracy_low"] == 0.0 for p in points)


def test_runs_csv_keeps_formulas_as_text_and_parquet_keeps_them_raw(tmp_path) -> None:
    formula = '=HYPERLINK("http://evil.example","click")'
    records = [make_record("q1", answer=formula), make_record("q2", answer="-$1,561 million"), make_record("q3", answer="$1,577 million")]
    out = render_report(load_sweep(write_sweep(tmp_path / "runs", records)), [], tmp_path / "report").parent
    csv = pd.read_csv(out / "runs.csv").set_index("question_id")
    assert csv.loc["q1", "answer"] == "'" + formula and csv.loc["q2", "answer"] == "'-$1,561 million"
    assert csv.loc["q3", "answer"] == "$1,577 million"
    assert pd.api.types.is_numeric_dtype(csv["tokens_total"])  # numbers stay numbers
    parquet = pd.read_parquet(out / "runs.parquet").set_index("question_id")
    assert parquet.loc["q1", "answer"] == formula


def test_paired_accuracies_say_they_are_on_the_shared_questions_only(tmp_path) -> None:
    # The baseline shares 2 of the current sweep's 4 questions: the paired accuracies are on
    # those 2, not the cells' own, and the tables must not read as the cells' accuracies.
    current = [make_record(f"q{i}") for i in range(4)] + [make_record(f"q{i}", mode="iterative") for i in range(4)]
    old = [make_record(f"q{i}") for i in range(2)]
    now_sweep = load_sweep(write_sweep(tmp_path / "now", current))
    was_sweep = load_sweep(write_sweep(tmp_path / "was", old, sweep_id="20240401T120000Z"))
    now = verdicts_for(current, {current[2].run_id: "incorrect"})
    comparison = compare(now_sweep, was_sweep, now, verdicts_for(old, default="incorrect"))
    from harness.report.rows import comparison_tables, mode_table
    from harness.stats.compare import mode_comparisons

    cells = comparison_tables(comparison)["cells"]
    titles = [c["title"] for c in cells["columns"]]
    assert titles[1:5] == ["runs (whole cells)", "shared questions", "accuracy before, on shared questions", "after, on shared questions"]
    row = cells["rows"][0]
    assert [c["text"] for c in row[1:5]] == ["2 → 4", "2", "0.0%", "100.0%"]
    assert row[3]["hint"] == "on the 2 shared questions only"
    modes = mode_table(mode_comparisons(now_sweep.records, now, ["simple", "iterative"]))
    assert [c["title"] for c in modes["columns"]][2:4] == ["shared questions", "accuracy on shared questions"]
    index = render_report(now_sweep, now, tmp_path / "r", baseline_comparison=comparison)
    assert "100.0% on the 2 shared questions" in (index.parent / "summary.md").read_text()


def test_settings_not_given_show_as_a_dash_not_as_json_null(tmp_path):
    from harness.report.rows import header_rows
    from harness.stats.frame import load_sweep

    path = write_sweep(tmp_path, [make_record("q1")], config={"models": ["offline"], "index_model": None,
                                                               "budgets": {"max_cost_usd": None, "max_run_tokens": 5000}})
    from harness.stats.cells import judge_summary

    shown = dict(header_rows(load_sweep(path), judge_summary([]))["config"])
    assert shown["index_model"] == "—" and shown["budgets"] == '{"max_run_tokens": 5000}'


def test_a_cell_whose_every_run_errored_shows_no_token_figures(tmp_path):
    from harness.report.rows import cell_tables
    from harness.stats.cells import cell_stats
    from harness.stats.frame import load_sweep

    sweep = load_sweep(write_sweep(tmp_path, [make_record("q1", status="error", tokens=0), make_record("q2", status="error", tokens=0)]))
    outcome, _ = cell_tables(cell_stats(sweep.records, None))
    at = [c["title"] for c in outcome["columns"]].index("tokens mean")  # then the median and p95 of tokens
    assert [c["text"] for c in outcome["rows"][0][at:at + 3]] == ["—", "—", "—"]
    # and so does the "By question type" table, which showed 0
    from harness.report.rows import type_table
    from harness.stats.cells import type_stats

    types = type_table(type_stats(sweep.records, None))
    at = [c["title"] for c in types["columns"]].index("tokens mean")
    assert [row[at]["text"] for row in types["rows"]] == ["—"]
    # Runs cut short after spending (a run budget) show what they spent.
    cut = load_sweep(write_sweep(tmp_path / "cut", [make_record("q1", status="error", tokens=9000, error="budget")]))
    outcome, _ = cell_tables(cell_stats(cut.records, None))
    assert outcome["rows"][0][[c["title"] for c in outcome["columns"]].index("tokens mean")]["text"].startswith("9,000")


def test_an_errored_run_shows_no_answer_in_its_view_as_in_the_grid(tmp_path):
    # The judge gives an errored run a "refusal" by its status; the grid shows "no answer",
    # and the run view showed "refusal" (method status) beside it.
    records = [make_record("q1"), make_record("q2", status="error", error="provider error after 6 attempt(s): timeout")]
    sweep = load_sweep(write_sweep(tmp_path / "runs", records))
    out = render_report(sweep, verdicts_for(records), tmp_path / "report").parent
    errored = "offline__simple__q2__r1"
    assert {r["run_id"]: r["verdict"] for r in runs(report_data(out))}[errored] == "no answer"
    verdict = detail(out, errored)["verdict"]
    assert verdict["label"] == "no answer" and verdict["css"] == "none"
    assert verdict["rationale"] == "provider error after 6 attempt(s): timeout"
    rows = dict(verdict["rows"])
    assert rows["label"] == "no answer" and "method" not in rows and "not a refusal" in rows["why"]
    assert detail(out, "offline__simple__q1__r1")["verdict"]["label"] == "correct"  # an answered run keeps its verdict


def test_the_questions_legend_takes_the_no_answer_mark_from_the_data(tmp_path):
    from harness.errored_runs import NO_ANSWER_MARK, NO_ANSWER_MEANING

    records = [make_record("q1"), make_record("q2", status="error", error="provider error")]
    out = render_report(load_sweep(write_sweep(tmp_path / "runs", records)), verdicts_for(records), tmp_path / "report").parent
    grid = report_data(out)["grid"]
    assert grid["no_answer"] == [NO_ANSWER_MARK, NO_ANSWER_MEANING]
    assert grid["rows"][1][2][0][0] == NO_ANSWER_MARK  # q2's one run, in the one cell
    empty = render_report(load_sweep(write_sweep(tmp_path / "none", [])), [], tmp_path / "empty").parent
    assert report_data(empty)["grid"]["no_answer"] == [NO_ANSWER_MARK, NO_ANSWER_MEANING]


def test_a_question_that_errored_on_one_side_is_no_flip_in_the_report(tmp_path):
    index = report_with_an_errored_side(tmp_path)
    summary = (index.parent / "summary.md").read_text()
    assert "| q1 | offline/simple | gained | incorrect | correct |" in summary
    assert "| q0 |" not in summary and "refusal |" not in summary  # it read "| q0 | offline/simple | lost | correct | refusal |"
    assert "Not flips (every run on one side ended in an error: no answer, not a refusal): q0 in offline/simple (correct → no answer)." in summary
    comparison = report_data(index.parent)["comparison"]
    assert [row[0]["text"] for row in comparison["flips"]["rows"]] == ["q1"]
    (row,) = comparison["no_answer"]["rows"]
    assert [c["text"] for c in row] == ["q0", "offline/simple", "correct", "no answer"]
    assert row[0]["href"] == "#question?id=q0&cell=offline%2Fsimple"


def test_a_trace_field_left_empty_is_not_shown_as_null() -> None:
    from harness.report.timeline import build_timeline

    synthesis = {"event": "synthesis", "ms": 1200, "decision": "answer", "needs": None, "reason": None, "answer": "$1,577 million"}
    [item] = build_timeline([synthesis])
    shown = dict(item.fields + item.details)
    assert shown == {"decision": "answer", "answer": "$1,577 million"}
    assert "null" not in json.dumps(item.fields + item.details)
    [item] = build_timeline([{**synthesis, "decision": "continue", "needs": "capex FY2018"}])
    assert dict(item.fields)["needs"] == "capex FY2018"


def test_a_page_read_without_scripts_points_to_files_that_exist(sweep_dir, tmp_path) -> None:
    # The history and trace pages pointed to "summary.md and runs.csv beside it": neither has them.
    from harness.history import history_frame
    from harness.report.history_page import write_history_page
    from harness.report.render import render_trace

    def fallback(page: Path) -> str:
        text = page.read_text()
        return text[text.index("<noscript>"): text.index("</noscript>")]

    report = render_report(load_sweep(sweep_dir), None, tmp_path / "report")
    assert "summary.md and runs.csv" in fallback(report) and (report.parent / "summary.md").is_file() and (report.parent / "runs.csv").is_file()
    history = write_history_page(history_frame(tmp_path / "h.sqlite"), tmp_path / "history", tmp_path / "h.sqlite")
    assert "python analyze.py history" in fallback(history) and "summary.md" not in fallback(history)
    trace_file = next((sweep_dir / "traces").glob("*.jsonl"))
    trace = render_trace(trace_file, tmp_path / "trace")
    assert str(trace_file) in fallback(trace) and "summary.md" not in fallback(trace)


def test_a_trace_page_says_which_lines_of_its_file_it_could_not_read(sweep_dir, tmp_path) -> None:
    # A damaged line was dropped without a word: the page counted one event fewer.
    from harness.report.run_detail import trace_only_detail

    lines = next((sweep_dir / "traces").glob("*.jsonl")).read_text().splitlines()
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_text("\n".join([*lines[:1], '{"broken', *lines[1:]]) + "\n")
    facts = dict(map(tuple, trace_only_detail(damaged)["facts"]))
    assert facts["unreadable lines, skipped"] == "2 (not JSON: cut short or damaged)"
    whole = tmp_path / "whole.jsonl"
    whole.write_text("\n".join(lines) + "\n")
    assert "unreadable lines, skipped" not in dict(map(tuple, trace_only_detail(whole)["facts"]))
