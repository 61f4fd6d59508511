"""``--resume`` finishes the sweep that was started, or says why it cannot: options it does
not use are named, a changed questions file or filing is refused, and the sweep's files are
found from any folder."""
from __future__ import annotations

import hashlib
import json
import shutil
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

import bench
from core.paths import PDF_DIR, QUESTIONS_DIR
from harness.config import SweepConfig
from harness.runner.sweep import run_sweep

BUNDLED = QUESTIONS_DIR / "financebench_open_source.jsonl"


def _lines(doc_name: str) -> list[str]:
    return [line for line in BUNDLED.read_text().splitlines() if json.loads(line)["doc_name"] == doc_name]


def _bench(*args: str):
    return CliRunner().invoke(bench.cli, [*args, "--no-progress", "--no-report", "--no-cache"])


@pytest.fixture
def started(tmp_path, monkeypatch) -> Path:
    """A finished offline sweep of the three 3M questions, started in ``tmp_path`` with a
    questions file and a PDF folder named relative to it."""
    (tmp_path / "q.jsonl").write_text("\n".join(_lines("3M_2022_10K")) + "\n")
    (tmp_path / "pdfs").mkdir()
    shutil.copy(PDF_DIR / "3M_2022_10K.pdf", tmp_path / "pdfs")
    monkeypatch.chdir(tmp_path)
    done = _bench("--questions", "q.jsonl", "--pdf-dir", "pdfs", "--test-set", "full", "--modes", "simple", "--runs-dir", "runs")
    assert done.exit_code == 0, done.output
    return next((tmp_path / "runs").iterdir())


def _manifest(sweep: Path) -> dict:
    return json.loads((sweep / "manifest.json").read_text())


def test_the_manifest_keeps_absolute_paths_so_a_resume_from_elsewhere_reads_the_same_files(started, tmp_path, monkeypatch):
    config = _manifest(started)["config"]
    assert config["questions_file"] == str(tmp_path / "q.jsonl") and config["pdf_dir"] == str(tmp_path / "pdfs")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # where q.jsonl and pdfs/ are not
    done = _bench("--resume", str(started))
    assert done.exit_code == 0, done.output


def test_options_a_resume_does_not_use_are_named(started):
    done = _bench("--resume", str(started), "--modes", "agent", "--runs", "3", "--timeout", "5", "--max-run-turns", "50")
    assert done.exit_code == 0, done.output
    warning = next(line for line in done.output.splitlines() if "ignored by --resume" in line)
    assert warning.startswith("warning: --modes, --runs, --timeout are ignored") and "--max-run-turns" not in warning
    assert _manifest(started)["config"]["modes"] == ["simple"]
    # An on/off pair is named as typed, whichever half the option is declared by.
    done = _bench("--resume", str(started), "--full-index", "--no-quality-gate")
    warning = next(line for line in done.output.splitlines() if "ignored by --resume" in line)
    assert warning.startswith("warning: --full-index, --no-quality-gate are ignored"), warning


def test_a_resume_after_the_questions_changed_is_refused_and_the_manifest_kept(started, tmp_path):
    before = _manifest(started)
    (tmp_path / "q.jsonl").write_text("\n".join(_lines("3M_2022_10K")[:1] + _lines("ADOBE_2022_10K")[:2]) + "\n")
    shutil.copy(PDF_DIR / "ADOBE_2022_10K.pdf", tmp_path / "pdfs")
    done = _bench("--resume", str(started))
    assert done.exit_code == 2, done.output
    assert "changed since it started: 2 of its 3 runs are no longer planned and 2 new ones would be" in done.output
    assert _manifest(started) == before


def test_a_resume_after_a_filing_changed_is_refused(started, tmp_path):
    shutil.copy(PDF_DIR / "NETFLIX_2017_10K.pdf", tmp_path / "pdfs" / "3M_2022_10K.pdf")  # another filing under its name
    done = _bench("--resume", str(started))
    assert done.exit_code == 2, done.output
    assert "3M_2022_10K.pdf (sha256" in done.output and "mix two versions" in done.output


def test_a_resume_reads_each_filing_once(tmp_path, monkeypatch):
    # The resume hashes every filing to compare it with the manifest; the index cache takes
    # that hash instead of reading the PDF again (a 10-K is a few MB).
    config = SweepConfig(models=["offline"], modes=["simple"], test_set="sample", runs_dir=tmp_path, cache_path=None)
    sweep = run_sweep(config, show_progress=False).sweep.path
    lines = (sweep / "runs.jsonl").read_text().splitlines(keepends=True)
    (sweep / "runs.jsonl").write_text("".join(lines[: len(lines) // 2]))  # killed halfway
    hashed = tmp_path / "hashed.txt"  # a file, not a list: the index workers are other processes
    real = hashlib.file_digest

    def counted(handle, digest, /, **options):
        with hashed.open("a") as out:
            out.write(Path(handle.name).name + "\n")
        return real(handle, digest, **options)

    monkeypatch.setattr(hashlib, "file_digest", counted)
    outcome = run_sweep(config, resume=sweep, show_progress=False)
    assert outcome.tally.finished == len(lines) and _manifest(sweep)["status"] == "complete"
    filings = {f"{name}.pdf" for name in _manifest(sweep)["environment"]["indexes"]}
    reads = Counter(name for name in hashed.read_text().split() if name.endswith(".pdf"))
    assert len(filings) > 1 and reads == dict.fromkeys(filings, 1)


def test_the_judge_of_a_resumed_sweep_reaches_the_provider_the_sweep_named(tmp_path, monkeypatch, wire_server):
    # Started with --openai-base-url, the sweep's report judge (an OpenAI-compatible model)
    # must use that server on --resume too, without the flag given again.
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    started = _bench("--question", "01865", "--modes", "simple", "--runs-dir", "runs", "--openai-base-url", wire_server.openai_url)
    assert started.exit_code == 0, started.output
    sweep = next((tmp_path / "runs").iterdir())
    wire_server.responder = lambda request: '{"label": "correct", "rationale": "matches"}'
    resumed = CliRunner().invoke(bench.cli, ["--resume", str(sweep), "--judge-model", "openai:judge", "--no-progress", "--no-cache",
                                             "--reports-dir", str(tmp_path / "reports"), "--cache-dir", str(tmp_path / "cache")])
    assert resumed.exit_code == 0, resumed.output
    assert wire_server.requests_for("openai"), "the judge never reached the sweep's server"


def test_a_resume_after_a_questions_text_changed_is_refused(started, tmp_path):
    """Same ids, another question: runs before and after would answer two questions, judged
    as one cell (a questions file fixed by a pull between the interruption and the resume)."""
    before = _manifest(started)
    rows = [json.loads(line) for line in (tmp_path / "q.jsonl").read_text().splitlines()]
    rows[1]["question"] = "What was the total revenue of 3M in FY2022 in USD millions?"
    (tmp_path / "q.jsonl").write_text("\n".join(json.dumps(row) for row in rows) + "\n")
    done = _bench("--resume", str(started))
    assert done.exit_code == 2, done.output
    assert f"question {rows[1]['financebench_id']} of {started} asks something else than when the sweep started" in done.output
    assert _manifest(started) == before
    # A gold answer fixed is no other question: the judge reads it again whenever it judges.
    rows = [json.loads(line) for line in _lines("3M_2022_10K")]
    rows[1]["answer"] = "another gold answer"
    (tmp_path / "q.jsonl").write_text("\n".join(json.dumps(row) for row in rows) + "\n")
    assert _bench("--resume", str(started)).exit_code == 0


def test_a_resume_after_the_indexer_changed_is_refused(started):
    """The indexer's version hashes its code: a resume after a pull that changed it would
    read other trees for the runs still to do."""
    manifest = _manifest(started)
    manifest["environment"]["indexer_version"] = "structural-1+0000000000"
    (started / "manifest.json").write_text(json.dumps(manifest))
    done = _bench("--resume", str(started))
    assert done.exit_code == 2, done.output
    assert "the indexer changed since" in done.output and "version structural-1+0000000000 then" in done.output


def test_a_manifest_without_its_planned_runs_is_refused(started):
    manifest = _manifest(started)
    del manifest["runs"]
    manifest["config"]["runs"] = 3
    (started / "manifest.json").write_text(json.dumps(manifest))
    done = _bench("--resume", str(started))
    assert done.exit_code == 2 and "lists no planned runs" in done.output, done.output
    assert len((started / "runs.jsonl").read_text().splitlines()) == 3  # nothing ran


def test_records_of_runs_the_sweep_never_planned_are_left_out_and_named(started, tmp_path):
    """A record pasted in from another sweep (another mode) is no run of this one: it is in
    no figure, the analysis names it, and a resume does not count it."""
    from harness.stats.completeness import completeness
    from harness.stats.frame import load_sweep

    lines = (started / "runs.jsonl").read_text().splitlines()
    pasted = json.loads(lines[0])
    pasted.update(run_id=pasted["run_id"].replace("__simple__", "__planner__"), mode="planner")
    (started / "runs.jsonl").write_text("\n".join([*lines, json.dumps(pasted)]) + "\n")
    sweep = load_sweep(started)
    assert set(sweep.records["mode"]) == {"simple"} and sweep.unplanned == [pasted["run_id"]]
    found = completeness(sweep)
    assert (found.planned, found.recorded, found.complete) == (3, 3, True)
    assert f"1 record(s) of runs the sweep never planned left out (e.g. {pasted['run_id']})" in found.text()
    done = _bench("--resume", str(started))
    assert done.exit_code == 0 and "never planned" in done.output, done.output
    assert _manifest(started)["summary"]["finished"] == 3


def test_ctrl_c_before_a_resume_runs_anything_says_the_sweep_is_kept(started, monkeypatch):
    """Interrupted while the resume builds its indexes: the runs recorded before are there,
    and the message gives the resume command, not "nothing was recorded"."""
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    import harness.runner.sweep

    monkeypatch.setattr(harness.runner.sweep, "run_sweep", interrupted)
    done = _bench("--resume", str(started))
    assert done.exit_code == 130
    assert "what the sweep recorded is kept: resume with `python bench.py --resume" in done.output
    assert "nothing was recorded" not in done.output
