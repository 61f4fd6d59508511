"""The report in a real browser: headless Chromium loads the pages from disk.

Skipped when Chromium is absent (CI installs Debian's ``chromium``). No Selenium: Chromium's
``--dump-dom`` prints the DOM after scripts ran, and ``--screenshot`` renders a PNG. A
control page with a live script proves the dump really reflects script execution, so "the
injected script did not run" is a meaningful result.
"""
from __future__ import annotations

import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote

import pytest
from sweep_factory import make_record, verdicts_for, write_sweep

from harness.report import render_report
from harness.stats.frame import load_sweep


def _chromium() -> str | None:
    found = shutil.which("chromium")
    if found:
        return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").is_file() else None


CHROMIUM = _chromium()
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium not installed (apt-get install -y chromium)"),
]
FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--hide-scrollbars", "--virtual-time-budget=3000",
]
INJECTION = (
    "<script>window.__pwned=1;document.title='PWNED';document.body.insertAdjacentHTML('beforeend','<p id=pwned>x</p>')</script>"
    "<img src=x onerror=\"document.title='PWNED'\"> <a href=\"javascript:alert(1)\">see</a> Capex was $1,577 million."
)


def _run(profile: Path, *args: str) -> str:
    result = subprocess.run(
        [CHROMIUM, *FLAGS, f"--user-data-dir={profile}", *args], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


def dump_dom(path: Path, profile: Path) -> str:
    return _run(profile, "--dump-dom", path.resolve().as_uri())


class Links(HTMLParser):
    def __init__(self, html: str):
        super().__init__()
        self.hrefs: list[str] = []
        self.scripts = 0
        self.imgs: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attrs_d = dict(attrs)
        if tag == "a" and attrs_d.get("href"):
            self.hrefs.append(attrs_d["href"] or "")
        if tag == "script":
            self.scripts += 1
        if tag == "img":
            self.imgs.append(attrs_d.get("src") or "")


def _title(dom: str) -> str:
    match = re.search(r"<title>(.*?)</title>", dom, re.S)
    return match.group(1) if match else ""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("browser")
    records = [make_record("q1", answer=INJECTION), make_record("q2"), make_record("q1", mode="iterative", status="fail")]
    sweep = load_sweep(write_sweep(root / "runs", records))
    return render_report(sweep, verdicts_for(records), root / "report")


def test_the_dump_reflects_script_execution(tmp_path: Path) -> None:
    control = tmp_path / "control.html"
    control.write_text("<html><head><title>before</title></head><body><script>document.title='after'</script></body></html>")
    assert _title(dump_dom(control, tmp_path / "profile")) == "after"


def test_index_links_to_a_run_page_whose_injected_answer_stays_text(site: Path, tmp_path: Path) -> None:
    dom = dump_dom(site, tmp_path / "profile")
    assert _title(dom) == "Sweep 20240501T120000Z"
    assert "Success criteria" in dom and "cell-offline-simple" in dom
    links = Links(dom)
    assert links.scripts == 0
    run_links = [h for h in links.hrefs if h.startswith("runs/")]
    assert run_links
    target = next(h for h in run_links if "offline__simple__q1__r1" in h)
    page = site.parent / unquote(target)
    assert page.is_file()

    run_dom = dump_dom(page, tmp_path / "profile")
    assert "offline__simple__q1__r1" in run_dom
    assert _title(run_dom) == "Run offline__simple__q1__r1"  # the injected script did not retitle the page
    assert 'id="pwned"' not in run_dom
    assert "&lt;script&gt;window.__pwned=1" in run_dom and "&lt;img src=x onerror=" in run_dom
    run_links = Links(run_dom)
    assert run_links.scripts == 0
    assert "x" not in run_links.imgs and not any(h.startswith("javascript:") for h in run_links.hrefs)


def test_screenshots_render(site: Path, tmp_path: Path) -> None:
    run_page = next((site.parent / "runs").glob("*.html"))
    for name, page in (("index", site), ("run", run_page)):
        shot = tmp_path / f"{name}.png"
        _run(tmp_path / f"profile-{name}", "--window-size=1280,1600", f"--screenshot={shot}", page.resolve().as_uri())
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000
