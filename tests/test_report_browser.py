"""The report in a real browser: headless Chromium opens it from disk and a user drives it.

Skipped when Chromium is absent (CI installs Debian's ``chromium``). Clicks are real mouse
events and typing real keyboard input, sent over the DevTools protocol (tests/chromium.py);
a <select> is set as a user's choice would set it (headless has no popup to click).
"""
from __future__ import annotations

from pathlib import Path

import pytest
from chromium import Chromium, chromium_path
from sweep_factory import make_record, report_with_an_errored_side, verdicts_for, write_sweep

from harness.dataset import Gold, Question
from harness.report import render_report
from harness.stats.compare import compare
from harness.stats.frame import load_sweep

CHROMIUM = chromium_path()
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium not installed (apt-get install -y chromium)"),
]
INJECTION = (
    "<script>window.__pwned=1;document.title='PWNED';document.body.insertAdjacentHTML('beforeend','<p id=pwned>x</p>')</script>"
    "<img src=x onerror=\"window.__pwned=2;document.title='PWNED'\"> <a href=\"javascript:alert(1)\">see</a> Capex was $1,577 million."
)
READY = "document.body.getAttribute('data-ready')"


def _records() -> list:
    out = []
    for q, tokens in (("q1", 1200), ("q2", 5400), ("q3", 800)):
        out.append(make_record(q, mode="simple", tokens=tokens, answer=INJECTION if q == "q1" else f"Answer to {q}: $42 million"))
        out.append(make_record(q, mode="iterative", tokens=tokens * 3, answer=f"Iterative answer to {q}: $42 million"))
    out.append(make_record("q4", mode="iterative", status="fail", tokens=9000, error="could not find the capex of question q4"))
    return out


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("browser")
    records = _records()
    sweep = load_sweep(write_sweep(root / "runs", records))
    base = load_sweep(write_sweep(root / "runs", records, sweep_id="20240401T120000Z"))
    now = verdicts_for(records, {"offline__simple__q2__r1": "incorrect"})
    before = verdicts_for(records)
    questions = [Question(q, "3M_2022_10K", f"What was the capex in question {q}?", question_type="metrics-generated", gold=Gold("$1,577 million"))
                 for q in ("q1", "q2", "q3", "q4")]
    judge = {"name": "numeric check + rule-based offline judge (no model)", "calibration_text": TRUST}
    return render_report(sweep, now, root / "report", questions=questions, baseline_comparison=compare(sweep, base, now, before),
                         baseline=base, baseline_verdicts=before, judge=judge)


# The judge's stored calibration as the overview quotes it (a text, never markup).
TRUST = "on the heldout half it agrees with people on 91.2% <img src=x onerror=window.__pwned=1>"


@pytest.fixture
def browser(tmp_path: Path):
    with Chromium(tmp_path / "profile", width=1400, height=900) as b:
        yield b


def _open(browser: Chromium, site: Path, route: str = "") -> None:
    browser.open(site.resolve().as_uri() + route)
    browser.wait_for(READY)


def _grid_ids(browser: Chromium) -> list[str]:
    return browser.eval("Array.from(document.querySelectorAll('#runs-grid .tabulator-row .tabulator-cell[tabulator-field=run_id]')).map(e => e.textContent)")


def test_overview_renders_without_errors_and_fits_1400px(browser: Chromium, site: Path, tmp_path: Path) -> None:
    _open(browser, site)
    assert browser.eval(READY) == "overview"
    assert browser.eval("document.title") == "Sweep 20240501T120000Z"
    assert "Design targets met by 0 of 2 cells" in browser.eval("document.getElementById('verdict').textContent")
    assert browser.eval("document.getElementById('judge-trust').textContent").endswith(f"Against human labels, {TRUST}.")
    assert browser.eval("window.__pwned") is None
    # why runs gave no answer: one cause, linked to its run
    assert browser.eval("document.querySelectorAll('#failures tbody tr').length") == 1
    assert "could not find the capex of question q4" in browser.eval("document.querySelector('#failures tbody tr').textContent")
    assert browser.eval("document.querySelectorAll('#charts canvas').length") == 3
    assert browser.eval("document.documentElement.scrollWidth") <= 1400  # wide tables scroll inside their box
    assert browser.eval("document.body.getAttribute('data-csp-violations')") is None
    assert browser.errors() == []
    shot = browser.screenshot(tmp_path / "overview.png")
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    browser.eval("document.querySelector('#failures tbody a').click()")  # the cause opens its one run
    browser.wait_for("document.getElementById('run-count') && document.getElementById('run-count').textContent.startsWith('1 of')")
    assert _grid_ids(browser) == ["offline__iterative__q4__r1"]


def test_a_criteria_figure_opens_its_runs_then_filter_search_sort_and_open_a_run(browser: Chromium, site: Path) -> None:
    _open(browser, site)
    # the tokens figure of offline/iterative: that cell's runs, most tokens first
    browser.click("#criteria tbody tr:nth-child(1) td:nth-child(5) a")
    browser.wait_for(f"{READY} === 'runs'")
    browser.wait_for("document.getElementById('run-count').textContent.startsWith('4 of 7')")
    assert _grid_ids(browser)[:2] == ["offline__iterative__q2__r1", "offline__iterative__q4__r1"]  # 16,200 and 9,000 tokens
    assert "cell=offline%2Fiterative" in browser.eval("location.hash") and "sort=-tokens_total" in browser.eval("location.hash")

    browser.click("#clear-filters")
    browser.wait_for("document.getElementById('run-count').textContent.startsWith('7 of 7')")
    browser.select("#filter-mode", "simple")
    browser.wait_for("document.getElementById('run-count').textContent.startsWith('3 of 7')")
    browser.select("#filter-verdict", "incorrect")
    browser.wait_for("document.getElementById('run-count').textContent.startsWith('1 of 7')")
    assert _grid_ids(browser) == ["offline__simple__q2__r1"]
    browser.select("#filter-verdict", "")
    browser.type("#search", "capex 1,577")  # words of the question and of the answer
    browser.wait_for("document.getElementById('run-count').textContent.startsWith('1 of 7')")
    assert _grid_ids(browser) == ["offline__simple__q1__r1"]
    browser.eval("(function(){var s=document.getElementById('search'); s.value=''; s.dispatchEvent(new Event('input'));})()")
    browser.wait_for("document.getElementById('run-count').textContent.startsWith('3 of 7')")

    # sort by tokens with a click on the column header: ascending, then descending
    browser.click("#runs-grid .tabulator-col[tabulator-field=tokens_total] .tabulator-col-title")
    browser.wait_for("location.hash.includes('sort=tokens_total')")
    assert _grid_ids(browser) == ["offline__simple__q3__r1", "offline__simple__q1__r1", "offline__simple__q2__r1"]
    browser.click("#runs-grid .tabulator-col[tabulator-field=tokens_total] .tabulator-col-title")
    browser.wait_for("location.hash.includes('sort=-tokens_total')")
    assert _grid_ids(browser)[0] == "offline__simple__q2__r1"

    # open a run: its detail and trace are loaded from a chunk on demand
    browser.click("#runs-grid .tabulator-row .tabulator-cell[tabulator-field=run_id]")
    browser.wait_for(f"{READY} === 'run'")
    assert browser.eval("location.hash") == "#run?id=offline__simple__q2__r1"
    assert browser.eval("document.getElementById('run-answer').textContent") == "Answer to q2: $42 million"
    assert browser.eval("document.getElementById('run-question').textContent") == "What was the capex in question q2?"
    timeline = browser.eval("document.getElementById('timeline').textContent")
    assert "model call #1 · agent" in timeline and "tool · fetch_section" in timeline
    assert browser.errors() == []


def test_a_flipped_question_opens_side_by_side_with_the_baseline(browser: Chromium, site: Path) -> None:
    _open(browser, site)
    browser.click("#flips tbody tr td a")  # the first flipped question
    browser.wait_for(f"{READY} === 'question'")
    cards = browser.eval("Array.from(document.querySelectorAll('.cell-card h3')).map(e => e.textContent)")
    assert cards[0] == "offline/simple"
    text = browser.eval("document.querySelector('.cell-card').textContent")
    assert "this sweep" in text and "baseline 20240401T120000Z" in text and "incorrect" in text and "correct" in text
    browser.click(".cell-card .run-head a")
    browser.wait_for(f"{READY} === 'run'")
    assert browser.eval("location.hash") == "#run?id=offline__simple__q2__r1"


def test_questions_grid_searches_and_links(browser: Chromium, site: Path) -> None:
    _open(browser, site, "#questions")
    assert browser.eval("document.querySelectorAll('table.grid tbody tr').length") == 4
    browser.type("#question-search", "q3")
    browser.wait_for("document.querySelectorAll('table.grid tbody tr').length === 1")
    browser.click("table.grid tbody tr td.marks a")
    browser.wait_for(f"{READY} === 'question'")
    assert "q3" in browser.eval("location.hash")


def test_injected_model_text_stays_text(browser: Chromium, site: Path) -> None:
    _open(browser, site, "#run?id=offline__simple__q1__r1")
    browser.wait_for("!!document.getElementById('run-answer')")
    assert browser.eval("document.getElementById('run-answer').textContent") == INJECTION
    assert browser.eval("window.__pwned") is None and browser.eval("document.title") == "Sweep 20240501T120000Z"
    assert browser.eval("document.getElementById('pwned')") is None
    assert browser.eval("document.querySelectorAll('main img, main script, a[href^=javascript]').length") == 0
    _open(browser, site, "#runs?q=capex%201%2C577")
    browser.wait_for("document.getElementById('run-count').textContent.startsWith('1 of')")
    assert browser.eval("window.__pwned") is None and browser.eval("document.querySelectorAll('main img').length") == 0


def test_history_and_trace_pages_render(browser: Chromium, tmp_path: Path) -> None:
    from harness.history import history_frame
    from harness.report.history_page import write_history_page
    from harness.report.render import render_trace

    db = tmp_path / "h.sqlite"
    page = write_history_page(history_frame(db), tmp_path / "history", db)  # a new database: the shipped seed
    browser.open(page.resolve().as_uri())
    browser.wait_for(f"{READY} === 'history'")
    assert browser.eval("document.querySelectorAll('canvas').length") == 3
    assert browser.eval("document.querySelectorAll('#view-history tbody tr').length") >= 12  # 3 sweeps x 4 cells
    records = _records()[:1]
    sweep = write_sweep(tmp_path / "runs", records)
    trace = render_trace(sweep / records[0].trace_path, tmp_path / "trace")
    browser.open(trace.resolve().as_uri())
    browser.wait_for(f"{READY} === 'run'")
    assert "model call #1 · agent" in browser.eval("document.getElementById('timeline').textContent")
    assert browser.eval("document.getElementById('run-answer').textContent") == INJECTION  # as text, from the trace
    assert browser.eval("window.__pwned") is None
    assert browser.errors() == []


def test_a_history_of_many_lines_keeps_each_chart_readable(browser: Chromium, tmp_path: Path) -> None:
    # Twelve accuracy lines (4 cells x 3 judges): in a box of fixed height Chart.js capped the
    # legend at half the box, hid the lines past it and left the plot a sliver; and it cycles
    # seven colours, so the eighth line looked like the first.
    import pandas as pd

    from harness.history import history_frame
    from harness.report.history_page import write_history_page

    db = tmp_path / "h.sqlite"
    seeded = history_frame(db)
    judges = [seeded.assign(judge=f"a judge with a long name, number {n} (rules {n:08x})") for n in range(3)]
    page = write_history_page(pd.concat(judges, ignore_index=True), tmp_path / "history", db)
    browser.open(page.resolve().as_uri())
    browser.wait_for(f"{READY} === 'history'")
    charts = "Array.from(document.querySelectorAll('#view-history canvas')).map(function (c) { return Chart.getChart(c); })"
    assert browser.eval(f"{charts}[0].data.datasets.length") == 12
    # The box grows to the legend after layout, and the chart follows it on its next resize.
    browser.wait_for(f"{charts}.every(function (c) {{ return c.chartArea.height >= 150; }})")
    assert browser.eval(f"{charts}.every(function (c) {{ return c.legend.legendHitBoxes.length === c.data.datasets.length"
                        " && c.legend.height < c.legend.options.maxHeight; })")
    # A cell keeps its colour in every chart (it took the colour of its place in each chart's
    # own list); its lines by the three judges share it, each with a dash of its own.
    styles = browser.eval(f"{charts}.map(function (c) {{ return c.data.datasets.map(function (d) {{ return [d.label, d.borderColor, JSON.stringify(d.borderDash)]; }}); }})")
    accuracy, tokens = styles[0], styles[1]
    assert len({(colour, dash) for _, colour, dash in accuracy}) == 12
    assert len({colour for _, colour, _ in accuracy}) == 4
    token_colour = {label: colour for label, colour, _ in tokens}
    assert all(colour == token_colour[label.split(" · ")[0]] for label, colour, _ in accuracy)
    # a long line name is cut in its middle in the legend, and whole in the dataset (tooltip)
    legend = browser.eval(f"{charts}[0].legend.legendItems.map(function (i) {{ return i.text; }})")
    assert all(len(text) <= 60 and "…" in text for text in legend)
    assert all(len(label) > 60 for label, _, _ in accuracy)
    assert browser.errors() == []


def test_an_errored_run_reads_no_answer_in_the_grid_its_view_and_the_legend(browser: Chromium, tmp_path: Path) -> None:
    from harness.errored_runs import NO_ANSWER_MARK, NO_ANSWER_MEANING

    records = [make_record("q1"), make_record("q2", status="error", error="provider error after 6 attempt(s): timeout")]
    sweep = load_sweep(write_sweep(tmp_path / "runs", records))
    site = render_report(sweep, verdicts_for(records), tmp_path / "report")
    _open(browser, site, "#run?id=offline__simple__q2__r1")
    browser.wait_for(f"{READY} === 'run'")
    pills = browser.eval("Array.from(document.querySelectorAll('#run-detail p .pill')).map(e => e.textContent)")
    assert pills == ["error", "no answer"]
    headings = browser.eval("Array.from(document.querySelectorAll('#run-detail h3')).map(e => e.textContent)")
    assert "Verdict: no answer" in headings and not any("refusal" in h for h in headings)
    assert "provider error after 6 attempt(s): timeout" in browser.eval("document.getElementById('run-detail').textContent")
    _open(browser, site, "#questions")
    legend = browser.eval("document.querySelector('#view-questions p.hint').textContent")
    assert f"{NO_ANSWER_MARK} {NO_ANSWER_MEANING}." in legend
    assert browser.eval("document.querySelector('table.grid tbody tr:nth-child(2) td.marks').textContent") == NO_ANSWER_MARK
    assert browser.errors() == []


def test_a_question_that_errored_on_one_side_is_listed_apart_from_the_flips(browser: Chromium, tmp_path: Path) -> None:
    site = report_with_an_errored_side(tmp_path)
    _open(browser, site)
    rows = "Array.from(document.querySelectorAll('#%s tbody tr')).map(r => Array.from(r.cells).map(c => c.textContent))"
    assert [r[:3] for r in browser.eval(rows % "flips")] == [["q1", "offline/simple", "gained"]]
    assert browser.eval(rows % "no-answer-sides") == [["q0", "offline/simple", "correct", "no answer"]]
    browser.click("#no-answer-sides tbody tr td a")  # side by side with the baseline: no answer now, correct before
    browser.wait_for(f"{READY} === 'question'")
    pills = browser.eval("Array.from(document.querySelectorAll('.cell-card .run-list')).map(l => Array.from(l.querySelectorAll('.pill')).map(p => p.textContent))")
    assert pills == [["error", "no answer"], ["ok", "correct"]]
    assert browser.errors() == []


def test_a_cell_whose_every_run_errored_is_no_point_of_the_accuracy_tokens_chart(browser: Chromium, tmp_path: Path) -> None:
    # Drawn at 0 tokens (on a log axis), a dead endpoint stood as the most frugal cell.
    records = [make_record(q, tokens=1500) for q in ("q1", "q2")]
    records += [make_record(q, mode="agent", status="error", tokens=0, error="provider error: connection refused") for q in ("q1", "q2")]
    site = render_report(load_sweep(write_sweep(tmp_path / "runs", records)), verdicts_for(records), tmp_path / "report")
    _open(browser, site)
    points = "Chart.getChart(document.querySelector('#charts canvas')).data.datasets[0].data.map(p => [p.cell, p.x])"
    assert browser.eval(points) == [["offline/simple", 1500]]
    bars = "Chart.getChart(document.querySelectorAll('#charts canvas')[2]).data.datasets[1].data"  # the mean-tokens bars
    assert browser.eval(bars) == [None, 1500]  # the cells in order: agent, then simple
    assert browser.errors() == []


def test_the_reliability_axis_runs_to_100_percent_when_no_run_answered(browser: Chromium, tmp_path: Path) -> None:
    # Every cell at 0%: Chart.js drew the axis "% of runs that answered" from 0 to 1.
    records = [make_record(q, status="fail", tokens=900) for q in ("q1", "q2")]
    site = render_report(load_sweep(write_sweep(tmp_path / "runs", records)), verdicts_for(records), tmp_path / "report")
    _open(browser, site)
    assert browser.eval("Chart.getChart(document.querySelectorAll('#charts canvas')[1]).scales.y.max") == 100
    assert browser.errors() == []


def test_a_long_finding_wraps_so_every_column_of_its_table_stays_on_screen(browser: Chromium, tmp_path: Path) -> None:
    # The baseline's passage findings carry ~500 characters of filing text; on one line they
    # pushed the unit, page and section columns thousands of pixels off to the right.
    passage = " ".join(["Information provided herein reflects the impact of these changes for all periods."] * 6)
    finding = {"label": "passage_p19", "value": passage, "unit": "text", "page": 19, "section": "Item 7. MD&A",
               "context": "x" * 300}  # an unbroken string wraps too
    records = [make_record("q1", mode="iterative", findings=[finding], findings_count=1,
                           failed_searches=[{"item": "capex", "reason": passage, "sections_tried": ["Item 8"]}])]
    site = render_report(load_sweep(write_sweep(tmp_path / "runs", records)), verdicts_for(records), tmp_path / "report")
    _open(browser, site, "#run?id=offline__iterative__q1__r1")
    browser.wait_for(f"{READY} === 'run'")
    tables = "Array.from(document.querySelectorAll('#run-detail .scroll')).map(b => [b.scrollWidth, b.clientWidth])"
    widths = browser.eval(tables)
    assert len(widths) == 3  # usage, findings, failed searches
    assert all(scroll <= client for scroll, client in widths), widths
    page_cell = "document.querySelectorAll('#run-detail .scroll')[1].querySelector('tbody td:nth-child(4)').getBoundingClientRect().right"
    assert 0 < browser.eval(page_cell) <= 1400
    assert browser.eval("document.documentElement.scrollWidth") <= 1400
    assert browser.errors() == []
