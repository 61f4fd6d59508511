"""History across sweeps: recorded by every analysis, queried, charted, gated on a trend;
and the view and prune commands."""
from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from sweep_factory import make_record, verdicts_for, write_sweep

import analyze
from harness.history import SEED_FILE, connect, history_frame, record_sweep, trend_gate
from harness.stats.cells import cell_stats, question_table
from harness.stats.frame import load_sweep

QUESTION = "financebench_id_03029"  # 3M FY2018 capex, gold $1577.00: the numeric check decides


def _sweep(root: Path, sweep_id: str, correct: int, tokens: int = 1000, commit: str = "abc") -> Path:
    """Four runs of one question; ``correct`` of them state the gold number."""
    records = [make_record(QUESTION, run_number=i + 1, tokens=tokens, answer="Capex was $1,577 million." if i < correct else "Capex was $1,900 million.")
               for i in range(4)]
    # After the shipped seed's sweeps, which every new database starts with.
    created = f"2030-05-0{len(list(root.glob('*'))) + 1}T12:00:00+00:00" if root.exists() else "2030-05-01T12:00:00+00:00"
    return write_sweep(root, records, sweep_id=sweep_id, created_at=created,
                       environment={"git_commit": commit, "indexes": {}})


def _analyze(sweep: Path, db: Path, out: Path) -> None:
    result = CliRunner().invoke(analyze.cli, [str(sweep), "--history-db", str(db), "--out", str(out), "--no-progress", "--no-cache"])
    assert result.exit_code == 0, result.output


def test_every_analysis_lands_in_the_database_and_a_rerun_replaces_it(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    sweep = _sweep(tmp_path / "runs", "s1", correct=2)
    _analyze(sweep, db, tmp_path / "reports" / "a")
    _analyze(sweep, db, tmp_path / "reports" / "b")  # the same sweep again: replaced, not doubled
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM sweeps WHERE source = 'analysis'").fetchone()[0] == 1
        assert conn.execute("SELECT runs, cell FROM cells WHERE sweep_id = 's1'").fetchall() == [(4.0, "offline/simple")]
        assert conn.execute("SELECT runs, correct_share FROM questions WHERE sweep_id = 's1'").fetchall() == [(4, 0.5)]
        assert conn.execute("SELECT git_commit FROM sweeps WHERE sweep_id = 's1'").fetchone()[0] == "abc"
    page = tmp_path / "reports" / "history" / "index.html"
    assert page.is_file()  # beside the report folders, and the report links to it
    data = (tmp_path / "reports" / "b" / "data.js").read_text()
    assert '"history":"../history/index.html"' in data


def test_history_prints_three_sweeps_and_the_trend_gate_fails_a_drop(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    root = tmp_path / "runs"
    for n, correct in enumerate((4, 4, 4, 1), 1):
        sweep = _sweep(root, f"s{n}", correct=correct, commit=f"c{n}")
        _analyze(sweep, db, tmp_path / "reports" / f"r{n}")
    runner = CliRunner()
    shown = runner.invoke(analyze.cli, ["history", "--db", str(db), "--out", str(tmp_path / "hist"), "--png", str(tmp_path / "h.png")])
    assert shown.exit_code == 0, shown.output
    assert "7 sweeps" in shown.output and shown.output.count("offline/simple") == 7  # 3 seeded, 4 analysed
    assert (tmp_path / "h.png").read_bytes()[:4] == b"\x89PNG" and (tmp_path / "hist" / "data.js").is_file()
    gated = runner.invoke(analyze.cli, ["history", "--db", str(db), "--out", str(tmp_path / "hist"), "--gate-accuracy-drop", "0.10",
                                        "--junit", str(tmp_path / "trend.xml")])
    assert gated.exit_code == 1, gated.output
    assert "FAIL offline/simple accuracy_drop" in gated.output and "drop +75.0 pp" in gated.output
    assert "failures=\"1\"" in (tmp_path / "trend.xml").read_text()
    # the same gate over the first three sweeps only (no drop) passes
    frame = history_frame(db)
    assert trend_gate(frame[frame["sweep_id"] != "s4"], max_accuracy_drop=0.10).passed


def test_history_takes_the_database_by_the_name_report_gives_it(tmp_path: Path) -> None:
    # `analyze.py report --history-db X` records into X; `analyze.py history --history-db X`
    # (as well as --db X) reads it back: one name for one file across the commands.
    db = tmp_path / "h.sqlite"
    _analyze(_sweep(tmp_path / "runs", "s1", correct=3), db, tmp_path / "reports" / "a")
    shown = CliRunner().invoke(analyze.cli, ["history", "--history-db", str(db), "--out", str(tmp_path / "hist")])
    assert shown.exit_code == 0, shown.output
    assert "4 sweeps" in shown.output  # 3 seeded, 1 analysed


def test_token_rise_gate_and_a_cell_with_no_past(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    root = tmp_path / "runs"
    for n, tokens in enumerate((1000, 1000, 1500), 1):
        sweep = load_sweep(_sweep(root, f"t{n}", correct=4, tokens=tokens))
        stats = cell_stats(sweep.records)
        record_sweep(db, sweep.sweep_id, sweep.manifest, stats, question_table(sweep.records), judge="", report=None, sweep_path=sweep.path)
    result = trend_gate(history_frame(db), max_token_rise=0.2)
    assert not result.passed and "+50.0%" in result.failures[0].message
    lone = trend_gate(history_frame(db, last=1), max_token_rise=0.2)
    assert lone.passed and "not compared" in lone.checks[0].message


def test_a_new_database_starts_from_the_shipped_seed(tmp_path: Path) -> None:
    assert SEED_FILE.is_file(), "data/history_seed.jsonl ships with the repository"
    frame = history_frame(tmp_path / "fresh.sqlite")
    assert frame["sweep_id"].nunique() >= 3 and set(frame["source"]) == {"seed"}
    assert frame["git_commit"].nunique() >= 3  # sweeps at different commits


def test_a_file_that_is_not_a_database_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "h.sqlite"
    bad.write_text("not sqlite " * 100)
    result = CliRunner().invoke(analyze.cli, ["history", "--db", str(bad)])
    assert result.exit_code == 2 and "not a usable history database" in result.output


def _other_tools_database(path: Path, schema: str) -> bytes:
    with sqlite3.connect(path) as conn:
        conn.executescript(schema)
    conn.close()
    return path.read_bytes()


@pytest.mark.parametrize("command", ["history", "report", "prune"])
@pytest.mark.parametrize(
    "schema,why",
    [
        ("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES ('keep me');",
         "it holds other tables (notes) and no sweeps table"),
        # another tool's "sweeps": the name alone does not make it the history's
        ("CREATE TABLE sweeps (id INTEGER PRIMARY KEY, learning_rate REAL); INSERT INTO sweeps (learning_rate) VALUES (0.1);",
         "its sweeps table has no sweep_id, created_at, analysed_at"),
    ],
    ids=["other-tables", "other-sweeps-table"],
)
def test_another_tools_database_is_refused_and_left_as_it_was(tmp_path: Path, command: str, schema: str, why: str) -> None:
    # The history's tables were written into any SQLite file named with --db/--history-db.
    db = tmp_path / "other.sqlite"
    before = _other_tools_database(db, schema)
    reports = tmp_path / "reports"
    _analyze(_sweep(tmp_path / "runs", "s0", correct=2), tmp_path / "h.sqlite", reports / "r0")  # a report prune could delete
    args = {
        "history": ["history", "--db", str(db), "--out", str(tmp_path / "hist")],
        "report": [str(_sweep(tmp_path / "runs", "s1", correct=2)), "--history-db", str(db), "--out", str(reports / "r1"), "--no-progress"],
        "prune": ["prune", "--keep", "0", "--reports-dir", str(reports), "--history-keep", "1", "--db", str(db)],
    }[command]
    result = CliRunner().invoke(analyze.cli, args)
    assert result.exit_code == 2, result.output
    last = result.output.strip().splitlines()[-1]
    assert f"error: {db} is not a history database of this project: {why}" in last and "pass this project's history database" in last
    assert db.read_bytes() == before  # no table added, nothing written
    assert not (tmp_path / "hist").exists() and not (reports / "r1").exists() and (reports / "r0" / "index.html").is_file()


def test_a_sweep_refuses_another_tools_history_database_before_it_runs(tmp_path: Path, monkeypatch) -> None:
    # $PAGEINDEX_HISTORY_DB naming another tool's database: the sweep ran to its end, then
    # its report was refused. It is now refused before the first run.
    import bench

    db = tmp_path / "other.sqlite"
    before = _other_tools_database(db, "CREATE TABLE experiments (id INTEGER PRIMARY KEY);")
    monkeypatch.setenv("PAGEINDEX_HISTORY_DB", str(db))
    runs = tmp_path / "runs"
    result = CliRunner().invoke(bench.cli, ["--modes", "simple", "--question", "00499", "--runs-dir", str(runs),
                                            "--reports-dir", str(tmp_path / "reports"), "--no-progress"])
    assert result.exit_code == 2, result.output
    assert f"{db} is not a history database of this project" in result.output
    assert not runs.exists() or not any(runs.iterdir())  # no sweep was started
    assert db.read_bytes() == before


def test_an_empty_file_named_as_the_database_gets_the_tables(tmp_path: Path) -> None:
    db = tmp_path / "new.sqlite"
    db.touch()  # made by the user to hold the history: accepted, as before, and not seeded
    _analyze(_sweep(tmp_path / "runs", "s1", correct=2), db, tmp_path / "reports" / "a")
    shown = CliRunner().invoke(analyze.cli, ["history", "--db", str(db), "--out", str(tmp_path / "hist")])
    assert shown.exit_code == 0, shown.output
    assert f"1 sweeps in {db}" in shown.output and "s1" in shown.output


def _page(output: str) -> Path:
    """The page path ``view`` prints (after any progress bar on stderr)."""
    return Path(re.findall(r"((?:/[\w.-]+)+/index\.html)", output)[-1])


def test_view_finds_reports_sweeps_and_traces(tmp_path: Path) -> None:
    reports = tmp_path / "reports"
    sweep = _sweep(tmp_path / "runs", "v1", correct=2)
    runner = CliRunner()
    # a sweep with no report yet: built, then opened
    built = runner.invoke(analyze.cli, ["view", str(sweep), "--no-open", "--reports-dir", str(reports)])
    assert built.exit_code == 0, built.output
    page = _page(built.output)
    assert page.name == "index.html" and page.parent.parent == reports
    # the latest report, and the same sweep again: found, not rebuilt
    assert _page(runner.invoke(analyze.cli, ["view", "--no-open", "--reports-dir", str(reports)]).output) == page
    assert _page(runner.invoke(analyze.cli, ["view", str(sweep), "--no-open", "--reports-dir", str(reports)]).output) == page
    # an ask --trace file becomes a page of its own
    trace = next((sweep / "traces").glob("*.jsonl"))
    shown = runner.invoke(analyze.cli, ["view", str(trace), "--no-open", "--reports-dir", str(reports)])
    assert shown.exit_code == 0, shown.output
    folder = _page(shown.output).parent
    data = json.loads((folder / "data.js").read_text()[len("window.BENCH_REPORT="):-2])
    assert data["kind"] == "trace" and (folder / "details" / "0.js").is_file()
    missing = runner.invoke(analyze.cli, ["view", str(tmp_path / "nope"), "--no-open"])
    assert missing.exit_code == 2 and "does not exist" in missing.output


def test_two_traces_of_one_run_id_get_a_page_each(tmp_path: Path) -> None:
    # Two sweeps' traces of one run share a file name; the second's page replaced the first's.
    reports = tmp_path / "reports"
    runner = CliRunner()
    pages = []
    for name, answer in (("a", "first sweep's answer"), ("b", "second sweep's answer")):
        trace = tmp_path / name / "traces" / "offline__simple__q1__1.jsonl"
        trace.parent.mkdir(parents=True)
        trace.write_text(json.dumps({"event": "run_end", "answer": answer}) + "\n")
        shown = runner.invoke(analyze.cli, ["view", str(trace), "--no-open", "--reports-dir", str(reports)])
        assert shown.exit_code == 0, shown.output
        pages.append(_page(shown.output))
    assert pages[0] != pages[1]
    for page, name in zip(pages, ("a", "b")):  # each page is its own file's (the lede names the file)
        data = json.loads((page.parent / "data.js").read_text()[len("window.BENCH_REPORT="):-2])
        assert data["lede"].startswith(str(tmp_path / name / "traces")), data["lede"]
    again = runner.invoke(analyze.cli, ["view", str(tmp_path / "a" / "traces" / "offline__simple__q1__1.jsonl"), "--no-open",
                                        "--reports-dir", str(reports)])
    assert _page(again.output) == pages[0]  # the same file keeps its page


@pytest.mark.parametrize(
    "name,lines,why",
    [
        ("questions", [json.dumps({"financebench_id": "financebench_id_03029", "question": "What was 3M's FY2018 capex?"})],
         "line 1 is not a trace event"),
        ("runs", None, "line 1 is not a trace event"),  # a sweep's runs.jsonl, written below
        ("mixed", [json.dumps({"event": "run_start"}), json.dumps({"label": "correct"})], "line 2 is not a trace event"),
        ("lists", ["[1, 2]", "3"], "line 1 is not a trace event"),
        ("not-json", ["question,answer", "capex,1577"], "it has no trace events"),
    ],
    ids=["questions", "sweep-runs", "mixed", "lists", "not-json"],
)
def test_view_refuses_a_jsonl_file_that_is_not_a_trace(tmp_path: Path, name: str, lines: list[str] | None, why: str) -> None:
    # Any .jsonl was rendered as a trace page with nothing on it.
    reports = tmp_path / "reports"
    path = tmp_path / f"{name}.jsonl"
    if lines is None:
        path.write_bytes((_sweep(tmp_path / "runs", "v1", correct=2) / "runs.jsonl").read_bytes())
    else:
        path.write_text("\n".join(lines) + "\n")
    result = CliRunner().invoke(analyze.cli, ["view", str(path), "--no-open", "--reports-dir", str(reports)])
    assert result.exit_code == 2, result.output
    last = result.output.strip().splitlines()[-1]
    assert last.startswith(f"error: {path} is not a trace file: {why}")
    assert 'a trace file has one JSON object per line, each naming its event ({"event": "run_start", ...})' in last
    assert not (reports / "traces").exists()  # no page written


def test_view_refuses_a_binary_jsonl_file_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "image.jsonl"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe" * 20)
    result = CliRunner().invoke(analyze.cli, ["view", str(path), "--no-open", "--reports-dir", str(tmp_path / "reports")])
    assert result.exit_code == 2, result.output  # not a traceback
    assert f"error: {path} is not a trace file: it is not UTF-8 text" in result.output
    assert not (tmp_path / "reports").exists()


def test_prune_keeps_the_newest_reports_and_nothing_else(tmp_path: Path) -> None:
    reports = tmp_path / "reports"
    db = tmp_path / "h.sqlite"
    for n in range(3):
        _analyze(_sweep(tmp_path / "runs", f"p{n}", correct=2), db, reports / f"r{n}")
    (reports / "notes").mkdir()
    runner = CliRunner()
    dry = runner.invoke(analyze.cli, ["prune", "--keep", "1", "--reports-dir", str(reports), "--dry-run"])
    assert dry.exit_code == 0 and "would delete" in dry.output and (reports / "r0").is_dir()
    # a dry run lists the sweeps it would forget too (it said nothing of them), and forgets none
    dry = runner.invoke(analyze.cli, ["prune", "--keep", "1", "--reports-dir", str(reports), "--history-keep", "2", "--db", str(db), "--dry-run"])
    assert dry.exit_code == 0, dry.output
    assert "history: 4 sweep(s) to forget, newest 2 kept" in dry.output and "would forget sweep p0" in dry.output
    with connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM sweeps").fetchone()[0] == 6  # the shipped seed's three and p0-p2
    done = runner.invoke(analyze.cli, ["prune", "--keep", "1", "--reports-dir", str(reports), "--history-keep", "2", "--db", str(db)])
    assert done.exit_code == 0, done.output
    assert sorted(p.name for p in reports.iterdir()) == ["history", "notes", "r2"]
    with connect(db) as conn:
        assert [r[0] for r in conn.execute("SELECT sweep_id FROM sweeps ORDER BY sweep_id")] == ["p1", "p2"]


def test_prune_and_history_say_what_is_so(tmp_path: Path) -> None:
    # "newest 50 kept" of 3 reports, and "no sweep yet" for a filter that matched nothing.
    reports = tmp_path / "reports"
    db = tmp_path / "h.sqlite"
    for n in range(3):
        _analyze(_sweep(tmp_path / "runs", f"p{n}", correct=2), db, reports / f"r{n}")
    runner = CliRunner()
    done = runner.invoke(analyze.cli, ["prune", "--keep", "50", "--reports-dir", str(reports)])
    assert done.exit_code == 0 and "0 report(s) deleted, 3 kept (--keep 50)" in done.output, done.output
    none = runner.invoke(analyze.cli, ["history", "--db", str(db), "--cell", "nosuch/cell", "--out", str(tmp_path / "hist")])
    assert none.exit_code == 0 and "matches --cell nosuch/cell" in none.output and "yet" not in none.output, none.output
    # The same filter under a trend gate: nothing was gated, so a CI job must not pass.
    gated = runner.invoke(analyze.cli, ["history", "--db", str(db), "--test-set", "tset", "--gate-accuracy-drop", "0.05",
                                        "--out", str(tmp_path / "hist")])
    assert gated.exit_code == 1 and "matches --cell (any) --test-set tset" in gated.output, gated.output
    assert "trend gate FAILED: no sweep to gate" in gated.output
    # and its JUnit file says so (it was not written: the CI job found no report of the failure)
    junit = tmp_path / "trend.xml"
    gated = runner.invoke(analyze.cli, ["history", "--db", str(db), "--test-set", "tset", "--gate-accuracy-drop", "0.05",
                                        "--out", str(tmp_path / "hist"), "--junit", str(junit)])
    assert gated.exit_code == 1 and junit.is_file(), gated.output
    assert 'failures="1"' in junit.read_text() and "no sweep in the history matches" in junit.read_text()


def test_prune_deletes_no_report_a_link_or_a_history_page_stands_for(tmp_path: Path) -> None:
    # A "latest" link was kept as the newest report while the report it names was deleted,
    # and a history page written among the reports was kept in place of a sweep's report.
    reports = tmp_path / "reports"
    db = tmp_path / "h.sqlite"
    for n in range(3):
        _analyze(_sweep(tmp_path / "runs", f"p{n}", correct=2), db, reports / f"r{n}")
    (reports / "latest").symlink_to(reports / "r2", target_is_directory=True)
    runner = CliRunner()
    moved = runner.invoke(analyze.cli, ["history", "--db", str(db), "--out", str(reports / "history-ulta")])
    assert moved.exit_code == 0, moved.output
    done = runner.invoke(analyze.cli, ["prune", "--keep", "1", "--reports-dir", str(reports)])
    assert done.exit_code == 0, done.output
    assert sorted(p.name for p in reports.iterdir()) == ["history", "history-ulta", "latest", "r2"]
    assert (reports / "latest" / "index.html").is_file()


@pytest.mark.parametrize(
    "args,phrase",
    [
        (["history", "--last", "0"], "--last must be at least 1, got 0"),
        # "5" read as five points would be a 500-point allowance: a gate that never fails.
        (["history", "--gate-accuracy-drop", "5"], "--gate-accuracy-drop is a fraction from 0 to 1, got 5.0"),
        (["history", "--gate-accuracy-drop", "-0.5"], "--gate-accuracy-drop is a fraction from 0 to 1"),
        (["history", "--gate-token-rise", "-1"], "--gate-token-rise must be a finite number, 0 or more"),
        (["history", "--gate-token-rise", "inf"], "--gate-token-rise must be a finite number, 0 or more"),
        (["history", "--gate-token-rise", "nan"], "--gate-token-rise must be a finite number, 0 or more"),
        (["prune", "--history-keep", "-1"], "--history-keep must be 0 or more"),
        # A mistyped database path would be created, seeded and shown as the user's history.
        (["history", "--db", "typo/h.sqlite"], "no history database at"),
        (["prune", "--history-keep", "1", "--db", "typo/h.sqlite"], "no history database at"),
    ],
)
def test_history_and_prune_refuse_limits_that_mean_nothing(tmp_path: Path, args: list[str], phrase: str) -> None:
    db = tmp_path / "h.sqlite"
    where = ["--out", str(tmp_path / "hist")] if args[0] == "history" else ["--reports-dir", str(tmp_path / "reports")]
    result = CliRunner().invoke(analyze.cli, [*args, "--db", str(db), *where])
    assert result.exit_code == 2, result.output
    assert phrase in result.output.strip().splitlines()[-1]
    assert not (tmp_path / "hist").exists() and not db.exists()  # refused before anything is read or written


def test_the_trend_gate_compares_accuracy_only_under_the_same_judge_version() -> None:
    # A judge made stricter lowers every figure at once; that is no regression of the model.
    import pandas as pd

    judge = "numeric check + rule-based offline judge (no model)"
    rows = [("s1", "rules aaaa", 0.73, 1000.0), ("s2", "rules aaaa", 0.73, 1000.0), ("s3", "rules bbbb", 0.62, 1000.0)]
    frame = pd.DataFrame([{"sweep_id": s, "cell": "offline/agent", "judge": judge, "judge_version": v, "accuracy": a, "tokens_mean": t}
                          for s, v, a, t in rows])
    result = trend_gate(frame, max_accuracy_drop=0.05, max_token_rise=0.2)
    by_key = {c.criterion: c for c in result.checks}
    assert result.passed and by_key["accuracy_drop"].actual is None
    assert "same judge and version" in by_key["accuracy_drop"].message
    assert by_key["token_rise"].actual == 0.0  # tokens do not depend on the judge: still compared
    # under one version the same drop fails
    frame.loc[frame["sweep_id"] == "s3", "judge_version"] = "rules aaaa"
    assert not trend_gate(frame, max_accuracy_drop=0.05).passed


def test_the_trend_gate_fails_a_newest_sweep_whose_accuracy_is_not_judged() -> None:
    # It passed, "not compared: no earlier sweep ... same judge": a gate that cannot see.
    import pandas as pd

    judge = "numeric check + rule-based offline judge (no model)"
    rows = [("s1", judge, "rules aaaa", 0.73), ("s2", judge, "rules aaaa", 0.73), ("s3", "", "", None)]
    frame = pd.DataFrame([{"sweep_id": s, "cell": "offline/simple", "judge": j, "judge_version": v, "accuracy": a, "tokens_mean": 1000.0}
                          for s, j, v, a in rows])
    result = trend_gate(frame, max_accuracy_drop=0.05, max_token_rise=0.2)
    by_key = {c.criterion: c for c in result.checks}
    assert not result.passed and not by_key["accuracy_drop"].passed
    assert "not judged" in by_key["accuracy_drop"].message
    assert by_key["token_rise"].passed  # its tokens are measured all the same
    assert trend_gate(frame, max_token_rise=0.2).passed  # a gate on tokens alone needs no verdicts


def test_the_trend_gate_fails_a_cell_the_newest_sweep_no_longer_runs() -> None:
    # A mode dropped from the newest sweep was neither reported nor failed.
    import pandas as pd

    judge = "numeric check + rule-based offline judge (no model)"
    rows = [(s, c) for s in ("s1", "s2") for c in ("offline/agent", "offline/iterative")] + [("s3", "offline/agent")]
    frame = pd.DataFrame([{"sweep_id": s, "cell": c, "judge": judge, "judge_version": "rules a", "accuracy": 0.7, "tokens_mean": 1000.0}
                          for s, c in rows])
    result = trend_gate(frame, max_accuracy_drop=0.05)
    failed = {(c.cell, c.criterion) for c in result.failures}
    assert not result.passed and failed == {("offline/iterative", "accuracy_drop")}
    assert "ran in sweep s2 and not in the newest, s3" in result.failures[0].message
    # a cell only an older sweep ran, not the one before the newest, is no cell of its to gate
    older = frame[~((frame["sweep_id"] == "s2") & (frame["cell"] == "offline/iterative"))]
    assert trend_gate(older, max_accuracy_drop=0.05).passed


def test_the_trend_gate_compares_only_sweeps_of_the_same_questions() -> None:
    # A sweep of one question under the same test-set name is no trend point for a sweep of
    # forty-five: its accuracy and tokens are another question's.
    import pandas as pd

    judge, version = "numeric check + rule-based offline judge (no model)", "rules aaaa"
    rows = [("s1", "all", 0.60, 1000.0), ("s2", "all", 0.60, 1000.0), ("s3", "one", 1.0, 9000.0), ("s4", "all", 0.58, 1050.0)]
    frame = pd.DataFrame([{"sweep_id": s, "cell": "offline/agent", "judge": judge, "judge_version": version, "question_set": q,
                           "accuracy": a, "tokens_mean": t} for s, q, a, t in rows])
    result = trend_gate(frame, max_accuracy_drop=0.05, max_token_rise=0.2)
    by_key = {c.criterion: c for c in result.checks}
    assert result.passed  # against s1 and s2 only: -2 pp and +5% tokens
    assert "of 2 earlier sweeps" in by_key["accuracy_drop"].message and "of 2 earlier sweeps" in by_key["token_rise"].message
    lone = trend_gate(frame[frame["sweep_id"] != "s4"], max_accuracy_drop=0.05, max_token_rise=0.2)
    assert lone.passed and all("same questions" in c.message for c in lone.checks)


def test_the_seeded_sweeps_record_the_questions_they_ran() -> None:
    from harness.history import question_set

    rows = [json.loads(line) for line in SEED_FILE.read_text(encoding="utf-8").splitlines() if line.strip()]
    for sweep in (r["row"] for r in rows if r["table"] == "sweeps"):
        ran = {r["row"]["question_id"] for r in rows if r["table"] == "questions" and r["row"]["sweep_id"] == sweep["sweep_id"]}
        assert sweep["question_set"] == question_set(ran), sweep["sweep_id"]


def test_a_database_from_before_judge_versions_opens_and_records(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite"
    with sqlite3.connect(db) as conn:  # the sweeps table as it was, with one sweep in it
        conn.executescript(
            "CREATE TABLE sweeps (sweep_id TEXT PRIMARY KEY, created_at TEXT, analysed_at TEXT, git_commit TEXT, test_set TEXT,"
            " runs INTEGER, judge TEXT, report TEXT, sweep_path TEXT, source TEXT);"
            "INSERT INTO sweeps (sweep_id, created_at, source) VALUES ('old', '2026-01-01', 'analysis');"
        )
    _analyze(_sweep(tmp_path / "runs", "s1", correct=2), db, tmp_path / "reports" / "a")
    with sqlite3.connect(db) as conn:
        versions = dict(conn.execute("SELECT sweep_id, judge_version FROM sweeps WHERE sweep_id IN ('old', 's1')").fetchall())
    # the analysis named no judge (the numeric check alone, which has rules too)
    assert versions["old"] is None and versions["s1"].startswith("rules ")


def test_the_seeded_history_is_judged_by_the_current_judge_version() -> None:
    # CI's trend gate compares accuracy only within one judge version: a seed of another
    # version would leave it nothing to compare with, passing without a word.
    from harness.judge.service import OFFLINE_JUDGE, judge_version

    rows = [json.loads(line) for line in SEED_FILE.read_text(encoding="utf-8").splitlines() if line.strip()]
    versions = {r["row"].get("judge_version") for r in rows if r["table"] == "sweeps"}
    assert versions == {judge_version(OFFLINE_JUDGE)}, (
        "the judge's rules changed since the history was seeded: re-seed with "
        "`python scripts/seed_history.py COMMIT COMMIT COMMIT --test-set test` (the commits in data/history_seed.jsonl)"
    )


def test_chart_lines_join_only_sweeps_that_compare(tmp_path: Path) -> None:
    """A sweep of other questions, or accuracy by another judge version, starts a line of
    its own: joined to the seed's line it would draw a drop (or a rise) that is no trend."""
    from harness.report.history_page import series

    db = tmp_path / "h.sqlite"
    sweep = load_sweep(_sweep(tmp_path / "runs", "other", correct=1))  # one question, not the seed's test set
    judged = verdicts_for(list(sweep.raw.values()))
    record_sweep(db, sweep.sweep_id, sweep.manifest, cell_stats(sweep.records, judged), question_table(sweep.records),
                 judge="numeric check + rule-based offline judge (no model)", judge_version="rules 00000000",
                 report=None, sweep_path=sweep.path)
    frame = history_frame(db)
    seed_sweeps = set(frame[frame["source"] == "seed"]["sweep_id"])
    assert len(seed_sweeps) == 3
    for metric in ("tokens_mean", "accuracy"):
        lines = {line["label"]: set(line["values"]) for line in series(frame, metric)}
        simple = {label: sweeps for label, sweeps in lines.items() if label.startswith("offline/simple")}
        # the seed's three sweeps on one line, the new sweep on another, never the four on one
        assert sorted(map(len, simple.values())) == [1, 3], lines
        assert seed_sweeps in simple.values() and {"other"} in simple.values()
        assert all(" · test" in label for label, sweeps in simple.items() if sweeps == seed_sweeps)
    accuracy = [line["label"] for line in series(frame, "accuracy") if "other" in line["values"]]
    assert accuracy == ["offline/simple · sample · numeric check + rule-based offline judge (no model) (rules 00000000)"]
    # one question set and one judge: a line is named by its cell alone
    seed_only = frame[frame["source"] == "seed"]
    assert sorted(line["label"] for line in series(seed_only, "accuracy")) == sorted(seed_only["cell"].unique())
    # and the printed table names each row's questions
    shown = CliRunner().invoke(analyze.cli, ["history", "--db", str(db), "--out", str(tmp_path / "hist")])
    rows = [line.split() for line in shown.output.splitlines() if "offline/simple" in line]
    assert [row[3] for row in rows] == ["test", "test", "test", "sample"], shown.output


def test_a_drop_or_rise_of_exactly_the_limit_passes_the_trend_gate() -> None:
    # 80% -> 60% is a drop of 20 points; in floats 0.8 - 0.6 is 0.20000000000000007 > 0.2.
    import pandas as pd

    judge, version = "numeric check + rule-based offline judge (no model)", "rules aaaa"
    rows = [("s1", 0.8, 1000.0), ("s2", 0.8, 1000.0), ("s3", 0.6, 1200.0)]
    frame = pd.DataFrame([{"sweep_id": s, "cell": "offline/agent", "judge": judge, "judge_version": version, "question_set": "all",
                           "accuracy": a, "tokens_mean": t} for s, a, t in rows])
    result = trend_gate(frame, max_accuracy_drop=0.2, max_token_rise=0.2)
    assert result.passed, result.summary()
    assert not trend_gate(frame, max_accuracy_drop=0.19, max_token_rise=0.19).passed
    # A median between two sweeps of thirds: (2/3 + 13/15) / 2 = 23/30; 23/30 - 17/30 = 1/5.
    thirds = frame.assign(accuracy=[2 / 3, 13 / 15, 17 / 30])
    assert trend_gate(thirds, max_accuracy_drop=0.2).passed


@pytest.mark.parametrize("extra", [["--junit", "gate.xml"], ["--gate-present-only"]])
def test_a_gate_option_without_the_gate_is_refused(tmp_path: Path, extra: list[str]) -> None:
    # Ignored without --gate: a CI job waiting for the JUnit file got none, and exit 0.
    out = tmp_path / "report"
    result = CliRunner().invoke(analyze.cli, [str(_sweep(tmp_path / "runs", "g1", correct=2)), "--out", str(out), "--no-progress",
                                              "--no-history", *extra])
    assert result.exit_code == 2, result.output
    assert f"{extra[0]} works with --gate, which was not given" in result.output and "--gate budgets.toml" in result.output
    assert not out.exists()


def test_a_trend_junit_without_a_trend_gate_is_refused(tmp_path: Path) -> None:
    result = CliRunner().invoke(analyze.cli, ["history", "--db", str(tmp_path / "h.sqlite"), "--junit", str(tmp_path / "t.xml"),
                                              "--out", str(tmp_path / "hist")])
    assert result.exit_code == 2 and "no gate was asked for" in result.output, result.output
    assert not (tmp_path / "hist").exists() and not (tmp_path / "h.sqlite").exists()


def test_an_outage_is_recorded_without_token_figures_and_is_no_trend_point(tmp_path: Path) -> None:
    # A dead endpoint: every run errored before a reply. Its 0 tokens are no measurement, and
    # its 0% is an outage, not a level the next sweep's accuracy is compared with.
    db = tmp_path / "h.sqlite"
    dead = [make_record(QUESTION, run_number=i + 1, status="error", tokens=0, answer="") for i in range(4)]
    sweep = load_sweep(write_sweep(tmp_path / "runs", dead, sweep_id="dead", created_at="2030-05-01T12:00:00+00:00"))
    record_sweep(db, sweep.sweep_id, sweep.manifest, cell_stats(sweep.records), question_table(sweep.records),
                 judge="", report=None, sweep_path=sweep.path)
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT tokens_mean, tokens_p95, errored_rate FROM cells WHERE sweep_id = 'dead'").fetchone() == (None, None, 1.0)
    import pandas as pd

    judge, version = "numeric check + rule-based offline judge (no model)", "rules aaaa"
    rows = [("s1", 0.60, 1000.0, 0.0), ("s2", 0.0, None, 1.0), ("s3", 0.0, None, 1.0), ("s4", 0.40, 1000.0, 0.0)]
    frame = pd.DataFrame([{"sweep_id": s, "cell": "offline/agent", "judge": judge, "judge_version": version, "question_set": "all",
                           "accuracy": a, "tokens_mean": t, "errored_rate": e} for s, a, t, e in rows])
    result = trend_gate(frame, max_accuracy_drop=0.05, max_token_rise=0.2)
    by_key = {c.criterion: c for c in result.checks}
    # Against s1 alone: a 20-point drop. With the outages as points the median was 0%, and it passed.
    assert not by_key["accuracy_drop"].passed and "drop +20.0 pp" in by_key["accuracy_drop"].message
    assert "of 1 earlier sweeps" in by_key["accuracy_drop"].message and by_key["token_rise"].passed
    # The newest sweep an outage: its token check measured nothing, and fails, as its accuracy does.
    outage = trend_gate(frame[frame["sweep_id"] != "s4"], max_token_rise=0.2)
    assert not outage.passed and "not measured" in outage.failures[0].message
    # A database from before the errored share was recorded opens, and its cells count as measured.
    old = frame.drop(columns=["errored_rate"])
    assert trend_gate(old, max_accuracy_drop=0.05).passed  # median of 60%, 0%, 0% is 0%: the old reading


def test_a_database_from_before_the_errored_share_gets_the_column(tmp_path: Path) -> None:
    from harness.history import SCHEMA

    db = tmp_path / "old.sqlite"
    with sqlite3.connect(db) as conn:  # the cells table as it was, without errored_rate
        conn.executescript(SCHEMA.replace(", errored_rate REAL", ""))
    assert "errored_rate" not in {r[1] for r in sqlite3.connect(db).execute("PRAGMA table_info(cells)")}
    _analyze(_sweep(tmp_path / "runs", "s1", correct=2), db, tmp_path / "reports" / "a")
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT errored_rate FROM cells WHERE sweep_id = 's1'").fetchone() == (0.0,)


def test_two_processes_upgrading_one_database_at_once_both_open_it(tmp_path: Path) -> None:
    # Both read the cells table without errored_rate; the first adds it; the second's ALTER
    # then finds it made ("duplicate column name"), which ended its analysis with "not a
    # usable history database" about 1 time in 30 with four at once.
    from harness.history import SCHEMA, _add_column

    db = tmp_path / "old.sqlite"
    with sqlite3.connect(db) as conn:
        conn.executescript(SCHEMA.replace(", errored_rate REAL", ""))
    first, second = sqlite3.connect(db), sqlite3.connect(db)
    missing = [r[1] for r in second.execute("PRAGMA table_info(cells)")]
    assert "errored_rate" not in missing  # what the second one saw
    _add_column(first, "cells", "errored_rate", "REAL")
    first.commit()
    _add_column(second, "cells", "errored_rate", "REAL")  # made meanwhile: no error
    assert [r[1] for r in second.execute("PRAGMA table_info(cells)")].count("errored_rate") == 1
    with pytest.raises(sqlite3.OperationalError, match="no such table"):
        _add_column(second, "nosuch", "x", "REAL")  # any other failure still is one
    first.close(), second.close()


def test_analyses_writing_the_history_page_at_once_all_succeed(tmp_path: Path) -> None:
    # Two CI jobs' analyses end by writing the same history page. Both wrote it in one shared
    # "history.tmp" folder, each removing the other's: about 2 writes in 3 failed with three at once.
    import threading

    from harness.report.history_page import write_history_page

    db = tmp_path / "h.sqlite"
    frame = history_frame(db)
    out = tmp_path / "history"
    errors: list[str] = []
    for _ in range(15):
        barrier = threading.Barrier(3)

        def write(barrier: threading.Barrier = barrier) -> None:
            barrier.wait()
            try:
                write_history_page(frame, out, db)
            except Exception as exc:  # noqa: BLE001 - counted, not raised, so every writer runs
                errors.append(f"{type(exc).__name__}: {exc}")

        writers = [threading.Thread(target=write) for _ in range(3)]
        for writer in writers:
            writer.start()
        for writer in writers:
            writer.join()
    assert errors == []
    assert (out / "index.html").is_file() and sorted(p.name for p in tmp_path.iterdir()) == ["h.sqlite", "history"]


def test_a_partial_sweep_records_its_whole_cells_only_until_it_is_finished(tmp_path: Path) -> None:
    """A killed or still running sweep's short cells cover part of their runs; the trend
    would compare them as whole measurements of the same questions (the manifest names them
    all), so they wait until the sweep is finished and analysed again."""
    from sweep_factory import manifest_for

    db = tmp_path / "h.sqlite"
    simple = [make_record(QUESTION, run_number=n, answer="Capex was $1,577 million.") for n in (1, 2)]
    agent = [make_record(QUESTION, mode="agent", run_number=n, answer="Capex was $1,900 million.") for n in (1, 2)]
    planned = manifest_for([*simple, *agent], "s")["runs"]

    def analyse(records: list, status: str) -> str:
        path = write_sweep(tmp_path / "runs", records, sweep_id="s", status=status, runs=planned, created_at="2030-05-01T12:00:00+00:00")
        result = CliRunner().invoke(analyze.cli, [str(path), "--history-db", str(db), "--out", str(tmp_path / "r"), "--no-progress", "--no-cache"])
        assert result.exit_code == 0, result.output
        return result.output

    def stored() -> list:
        with sqlite3.connect(db) as conn:
            return [conn.execute("SELECT COUNT(*) FROM sweeps WHERE sweep_id = 's'").fetchone()[0],
                    conn.execute("SELECT cell, runs FROM cells WHERE sweep_id = 's' ORDER BY cell").fetchall(),
                    conn.execute("SELECT mode, runs FROM questions WHERE sweep_id = 's' ORDER BY mode").fetchall()]

    said = analyse([simple[0]], "running")  # every cell short
    assert stored() == [0, [], []]
    assert "history: nothing recorded; left out, as their figures cover part of their runs: offline/simple, offline/agent" in said
    said = analyse([*simple, agent[0]], "interrupted")  # simple whole, agent short
    assert stored() == [1, [("offline/simple", 2.0)], [("simple", 2)]]
    assert "history: recorded its 1 whole cell only; left out, as their figures cover part of their runs: offline/agent" in said
    said = analyse([*simple, *agent], "complete")  # resumed and finished: the whole sweep replaces it
    assert stored() == [1, [("offline/agent", 2.0), ("offline/simple", 2.0)], [("agent", 2), ("simple", 2)]]
    assert "history:" not in said


def test_the_history_png_shows_every_line_of_a_long_legend_in_a_colour_of_its_own(tmp_path: Path) -> None:
    # Twelve accuracy lines (4 seeded cells x 3 judges) with long labels: the legend drawn
    # inside its panel hid the lines and ran over the next panel, and matplotlib's ten
    # colours gave the eleventh line the first one's.
    import matplotlib.pyplot as plt
    import pandas as pd

    from harness.report.history_page import history_figure

    seeded = history_frame(tmp_path / "h.sqlite")
    frame = pd.concat([seeded.assign(judge=f"a judge with a long name, number {n} (rules {n:08x})") for n in range(3)], ignore_index=True)
    fig = history_figure(frame)
    try:
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
        panels = [(ax, ax.get_window_extent(renderer)) for ax in fig.axes]
        assert len(panels[0][0].lines) == 12
        for ax, _ in panels:
            legend = ax.get_legend().get_window_extent(renderer)
            assert not any(legend.overlaps(box) for _, box in panels), ax.get_title()
            # a cell's lines share its colour, the first judge's solid and the others' dashed
            by_colour: dict[str, list[str]] = {}
            for line in ax.lines:
                by_colour.setdefault(str(line.get_color()), []).append(line.get_linestyle())
            assert all(styles.count("-") == 1 for styles in by_colour.values())
        # a cell keeps its colour from panel to panel
        colours = [{line.get_label().split(" · ")[0]: line.get_color() for line in ax.lines} for ax, _ in panels]
        assert all(colour == colours[1][cell] for cell, colour in colours[0].items())
    finally:
        plt.close(fig)


def test_history_lines_keep_their_colour_and_sweeps_of_one_minute_their_own_label(tmp_path: Path) -> None:
    import pandas as pd

    from harness.report.history_page import _write_history_page, series

    seeded = history_frame(tmp_path / "h.sqlite")
    first = seeded[seeded["sweep_id"] == seeded["sweep_id"].iloc[0]]
    # a sweep started seconds after the first one, with no judge: no accuracy to draw
    unjudged = first.assign(sweep_id="20991231T235959Z", created_at=first["created_at"].str[:17] + "59+00:00",
                            accuracy=None, judge="", judge_version="")
    frame = pd.concat([seeded, unjudged], ignore_index=True)
    accuracy, tokens = series(frame, "accuracy"), series(frame, "tokens_mean")
    # the unjudged sweep's accuracy line has no point: it is left out, legend entry and all
    assert len(accuracy) == len(tokens) == 4
    assert not any("20991231T235959Z" in line["values"] for line in accuracy)
    colour = {line["label"]: line["colour"] for line in tokens}
    assert all(line["colour"] == colour[line["label"].split(" · ")[0]] and line["dash"] == 0 for line in accuracy)
    _write_history_page(frame, tmp_path / "page", tmp_path / "h.sqlite")
    data = (tmp_path / "page" / "data.js").read_text()
    labels = [s["label"] for s in json.loads(data[data.index("{"): data.rindex("}") + 1])["history_data"]["sweeps"]]
    assert len(labels) == len(set(labels)) == frame["sweep_id"].nunique()


def test_sweeps_started_in_the_same_second_keep_labels_of_their_own(tmp_path: Path) -> None:
    import pandas as pd

    from harness.report.history_page import _write_history_page

    seeded = history_frame(tmp_path / "h.sqlite")
    first = seeded[seeded["sweep_id"] == seeded["sweep_id"].iloc[0]]
    twin = first.assign(sweep_id="20991231T235959Z")  # same commit, questions and second
    frame = pd.concat([seeded, twin], ignore_index=True)
    _write_history_page(frame, tmp_path / "page", tmp_path / "h.sqlite")
    data = (tmp_path / "page" / "data.js").read_text()
    sweeps = json.loads(data[data.index("{"): data.rindex("}") + 1])["history_data"]["sweeps"]
    labels = [s["label"] for s in sweeps]
    assert len(labels) == len(set(labels)) == frame["sweep_id"].nunique()
    assert any(label.endswith("· 20991231T235959Z") for label in labels)


def test_report_makes_its_folder_under_the_reports_dir_it_is_given(tmp_path: Path) -> None:
    # As bench.py --reports-dir, view and prune take it: the report folder and the history
    # page beside it go there, and nothing goes to the repository's reports/.
    sweep = _sweep(tmp_path / "runs", "s1", correct=2)
    reports = tmp_path / "my reports"
    result = CliRunner().invoke(analyze.cli, [str(sweep), "--reports-dir", str(reports), "--history-db", str(tmp_path / "h.sqlite"),
                                              "--no-progress", "--no-cache"])
    assert result.exit_code == 0, result.output
    made = [p.name for p in reports.iterdir()]
    assert sorted(made) == sorted(["history", next(n for n in made if n.startswith("s1__"))])
    assert (reports / next(n for n in made if n.startswith("s1__")) / "summary.json").is_file()
    assert (reports / "history" / "index.html").is_file()
