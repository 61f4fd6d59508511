"""The report: files written, pages parsed, links resolved, model text kept inert."""
from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pandas as pd
import pytest
from sweep_factory import default_trace, make_record, verdicts_for, write_sweep

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
    for name in ("summary.md", "runs.csv", "runs.parquet", "style.css"):
        assert (out / name).is_file(), name
    assert len(list((out / "runs").glob("*.html"))) == 5
    charts = sorted(p.name for p in (out / "charts").glob("*.png"))
    assert charts == ["accuracy_vs_tokens.png", "reliability.png", "tokens.png", "verdict_grid.png"]
    for chart in (out / "charts").glob("*.png"):
        assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_tables_have_one_row_per_run_with_verdicts(report) -> None:
    out = report[0].parent
    csv = pd.read_csv(out / "runs.csv")
    parquet = pd.read_parquet(out / "runs.parquet")
    assert len(csv) == len(parquet) == 5
    assert {"run_id", "verdict", "verdict_method", "tokens_total", "tool_fetch", "evidence_hit"} <= set(parquet.columns)
    labels = dict(zip(parquet["run_id"], parquet["verdict"]))
    assert labels["offline__simple__q2__r2"] == "incorrect" and labels["offline__simple__q2__r1"] == "refusal"


def test_index_shows_criteria_first_and_every_section(report) -> None:
    html = report[0].read_text(encoding="utf-8")
    page = Page(html)
    text = page.text
    headings = ("Success criteria", "Cells: outcomes and cost", "Charts", "By question type", "Questions × cells", "Runs")
    order = [html.index(f"<h2>{h}") for h in headings]
    assert order == sorted(order)
    assert "20240501T120000Z" in text and "abc1234" in text  # sweep id and git commit in the header
    assert "seed: agent mode" in text and "iterative target" in text
    assert {"cell-offline-simple", "cell-offline-iterative", "criteria"} <= page.ids


def test_links_are_relative_and_resolve(report) -> None:
    index = report[0]
    page = _parse(index)
    for href in page.hrefs():
        parts = urlsplit(href)
        assert not parts.scheme and not parts.netloc, href
        if parts.path:
            assert (index.parent / unquote(parts.path)).is_file(), href
        if parts.fragment and not parts.path:
            assert parts.fragment in page.ids, href
    for tag, attrs in page.tags:
        if tag in ("img", "link"):
            target = attrs.get("src") or attrs.get("href")
            assert not urlsplit(target).scheme and (index.parent / target).is_file()


def test_criteria_row_reaches_a_run_trace_in_two_clicks(report) -> None:
    index = report[0]
    html = index.read_text(encoding="utf-8")
    page = _parse(index)
    first = next(h for h in page.hrefs() if h.startswith("#cell-"))  # the first link: a criteria row
    assert html.index(f'href="{first}"') < html.index("Cells: outcomes and cost")
    section = html[html.index(f'id="{first[1:]}"'):]
    run_href = Page(section).hrefs()[0]
    assert run_href.startswith("runs/")
    run_page = _parse(index.parent / run_href)
    assert "Trace" in run_page.text and "model call #1" in run_page.text


def test_model_text_is_inert(report) -> None:
    out = report[0].parent
    pages = [report[0]] + sorted((out / "runs").glob("*.html"))
    for path in pages:
        html = path.read_text(encoding="utf-8")
        page = Page(html)
        assert not [t for t, _ in page.tags if t in ("script", "iframe", "object", "embed")], path
        assert not any(k.startswith("on") for _, attrs in page.tags for k in attrs), path
        assert not any("javascript:" in v.lower() for _, attrs in page.tags for v in attrs.values()), path
        assert all(a.get("src", "").startswith("charts/") for t, a in page.tags if t == "img"), path
    injected = out / "runs" / "offline__simple__q1__r1.html"
    html = injected.read_text(encoding="utf-8")
    assert "&lt;script&gt;window.__pwned=1" in html and "&lt;img src=x onerror=" in html
    assert INJECTION in Page(html).text  # shown to the reader exactly as the model wrote it
    assert "<title>Run offline__simple__q1__r1</title>" in html


def test_run_page_shows_answer_gold_verdict_usage_findings_and_trace(report) -> None:
    out = report[0].parent
    text = _parse(out / "runs" / "offline__simple__q1__r2.html").text
    assert "What is the FY2018 capex?" in text and "$1577.00" in text and "From the cash flow statement." in text
    assert "Verdict: correct" in text and "llm" in text and "compared with the gold answer" in text
    assert "fetch_section" in text and "model call #1 · agent" in text and "in 800 / out 200 tok" in text
    iterative = _parse(out / "runs" / "offline__iterative__q1__r1.html")
    text = iterative.text
    for expected in ("extractor", "synthesizer", "20,000", "capex <b>", "Cash flows", "segment M&A", "no breakdown",
                     "1 executed of 1 planned", "iteration start", "retry", "rate_limit", "a future event", "<img src=y onerror=alert(2)>"):
        assert expected in text, expected
    assert "Pages" in text and "Gold evidence pages: 11" in text
    links = iterative.hrefs()
    assert "../index.html" in links and "../index.html#cell-offline-iterative" in links


def test_run_page_without_questions_takes_the_question_from_the_trace(sweep_dir, tmp_path) -> None:
    index = render_report(load_sweep(sweep_dir), None, tmp_path / "plain")
    text = _parse(index.parent / "runs" / "offline__simple__q2__r1.html").text
    assert "What is the FY2018 capital expenditure?" in text and "not judged" in text
    assert "Gold answer" not in text


def test_unjudged_report_says_so(sweep_dir, tmp_path) -> None:
    index = render_report(load_sweep(sweep_dir), None, tmp_path / "unjudged")
    text = _parse(index).text
    assert "answers are not judged" in text and "never counted as wrong" in text
    assert "Not drawn: the answers were not judged." in text
    assert not (index.parent / "charts" / "accuracy_vs_tokens.png").exists()
    summary = (index.parent / "summary.md").read_text()
    assert "not judged" in summary


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
    text = _parse(index).text
    assert "CI gate: failed" in text and "Questions whose majority verdict flipped" in text


def test_an_empty_sweep_renders(tmp_path) -> None:
    index = render_report(load_sweep(write_sweep(tmp_path, [])), [], tmp_path / "empty")
    assert "0 runs" in _parse(index).text
    assert json.loads(json.dumps(pd.read_csv(index.parent / "runs.csv").columns.tolist()))


def test_a_cell_with_no_correct_run_still_charts(sweep_dir, tmp_path) -> None:
    sweep = load_sweep(sweep_dir)
    index = render_report(sweep, verdicts_for(sweep.raw.values(), default="incorrect"), tmp_path / "zero")
    assert (index.parent / "charts" / "accuracy_vs_tokens.png").is_file()


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
