"""Model output is text everywhere the report shows it: answers, findings, failed searches,
plans, section titles in traces, judge rationales, errors. Checked in headless Chromium on the
run view, which the page builds from the run's detail chunk."""
from __future__ import annotations

from pathlib import Path

import pytest
from chromium import Chromium
from sweep_factory import make_record, write_sweep
from test_report_browser import CHROMIUM, INJECTION, READY

from harness.judge.verdict import Verdict
from harness.report import render_report
from harness.stats.frame import load_sweep

pytestmark = [pytest.mark.browser, pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium not installed (apt-get install -y chromium)")]

TITLE = "<script>document.title='PWNED'</script>Consolidated <img src=x onerror=alert(1)> Statement"
LINK = "javascript:alert(document.cookie)"


@pytest.fixture(scope="module")
def run_page(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("inject")
    finding = {"label": INJECTION, "value": INJECTION, "unit": "<b>usd</b>", "page": 52, "section": TITLE, "context": LINK}
    record = make_record(
        "q1", mode="iterative", answer=f"See [the statement]({LINK}) {INJECTION}", sources=[LINK, "p. 52"],
        findings=[finding], findings_count=1, failed_searches=[{"item": INJECTION, "reason": TITLE, "sections_tried": [TITLE]}],
        plan={"tasks": [{"id": "<script>x</script>", "agent": TITLE, "depends_on": [], "signature": INJECTION}]},
        error=INJECTION,
    )
    trace = [
        {"event": "run_start", "question": INJECTION, "model": "offline", "mode": "iterative"},
        {"event": "model_call_end", "call_id": 1, "role": "extractor", "usage": {"input": 1, "output": 1, "total": 2}, "text": INJECTION,
         "tool_calls": [{"name": "fetch_section", "arguments": {"node_id": TITLE}}]},
        {"event": "tool_call_end", "tool": "fetch_section", "pages": [52, 52], "result": f'{{"title": "{TITLE}", "content": "{LINK}"}}'},
        {"event": "sections_chosen", "node_ids": [TITLE, LINK]},
        {"event": "extraction_failed", "item": INJECTION, "reason": TITLE, "sections_tried": [LINK]},
        {"event": "some_future_event", "payload": INJECTION, "href": LINK},
    ]
    sweep = load_sweep(write_sweep(root / "runs", [record], traces={record.run_id: trace}))
    verdict = Verdict(record.run_id, "incorrect", "llm", "offline", rationale=INJECTION)
    index = render_report(sweep, [verdict], root / "report")
    return index


def test_every_model_text_on_the_run_view_is_inert(run_page, tmp_path):
    with Chromium(tmp_path / "profile") as browser:
        browser.open(run_page.resolve().as_uri() + "#run?id=offline__iterative__q1__r1")
        browser.wait_for(f"{READY} === 'run'")
        browser.eval("document.querySelectorAll('details').forEach(d => d.open = true)")
        assert browser.eval("document.title") == "Sweep 20240501T120000Z"
        assert browser.eval("window.__pwned") is None and browser.eval("document.getElementById('pwned')") is None
        assert browser.eval("document.querySelectorAll('main script, main img, main iframe').length") == 0
        hrefs = browser.eval("Array.from(document.querySelectorAll('a')).map(a => a.getAttribute('href') || '')")
        assert not any(h.strip().lower().startswith("javascript:") for h in hrefs)
        text = browser.eval("document.getElementById('run-detail').textContent")
        # the texts are there, shown as text: answer, findings, failed search, plan, trace, rationale, error
        assert text.count("<script>") >= 5
        assert "javascript:alert(document.cookie)" in text and TITLE in text
        assert browser.errors() == []
