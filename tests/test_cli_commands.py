"""The smaller commands: index (build and --show), ask, and --help that explains."""
from __future__ import annotations

import shutil

from click.testing import CliRunner

import analyze
import bench
from core.paths import PDF_DIR


def test_index_builds_then_reuses_the_cache_and_shows_the_tree(tmp_path):
    runner = CliRunner()
    pdf = shutil.copy(PDF_DIR / "BESTBUY_2024Q2_10Q.pdf", tmp_path)
    result = runner.invoke(bench.cli, ["index", str(pdf), "--index-dir", str(tmp_path / "idx")])
    assert result.exit_code == 0, result.output
    assert "30 pages" in result.output and "(structure)" in result.output
    built = tmp_path / "idx" / "BESTBUY_2024Q2_10Q.json"
    assert built.is_file()
    stamp = built.stat().st_mtime_ns
    runner.invoke(bench.cli, ["index", str(pdf), "--index-dir", str(tmp_path / "idx")])
    assert built.stat().st_mtime_ns == stamp  # loaded from the cache, not rebuilt
    shown = runner.invoke(bench.cli, ["index", "--show", str(built)])
    assert shown.exit_code == 0 and "consolidated" in shown.output.lower()
    # as the README writes it: the PDF, then --show
    shown = runner.invoke(bench.cli, ["index", str(pdf), "--show", "--index-dir", str(tmp_path / "idx")])
    assert shown.exit_code == 0, shown.output
    assert "BESTBUY_2024Q2_10Q: 30 pages" in shown.output and "consolidated" in shown.output.lower()


def test_a_corrupt_pdf_among_several_stops_index_before_any_is_written(tmp_path):
    # The first PDF was indexed, the command stopped at the corrupt second and never reached
    # the third: half the work done, against "stops ... before anything is written".
    good = shutil.copy(PDF_DIR / "AMCOR_2023Q4_EARNINGS.pdf", tmp_path)
    bad = tmp_path / "BROKEN_10K.pdf"
    bad.write_bytes(b"%PDF-1.4 cut short")
    result = CliRunner().invoke(bench.cli, ["index", str(good), str(bad), "--index-dir", str(tmp_path / "idx")])
    assert result.exit_code == 2 and "BROKEN_10K.pdf" in result.output, result.output
    assert not (tmp_path / "idx").exists() or not list((tmp_path / "idx").iterdir())


def test_ask_answers_with_cited_pages_and_keeps_the_trace(tmp_path, monkeypatch):
    import core.paths

    monkeypatch.setattr(core.paths, "RUNS_DIR", tmp_path / "runs")
    monkeypatch.setattr(bench.paths, "RUNS_DIR", tmp_path / "runs")
    question = "What is 3M's FY2022 capital expenditure amount (in USD millions)?"
    # --index-dir: the folder its own error messages name as the way out of a read-only cache
    result = CliRunner().invoke(bench.cli, ["ask", question, "--pdf", str(PDF_DIR / "3M_2022_10K.pdf"), "--mode", "iterative", "--trace", "--no-cache",
                                            "--index-dir", str(tmp_path / "idx")])
    assert result.exit_code == 0, result.output
    assert [p.name for p in (tmp_path / "idx").glob("*.json")] == ["3M_2022_10K.json"]
    assert "capital" in result.output.lower() and "sources: p." in result.output
    assert "model calls" in result.output and "(estimated)" in result.output
    trace_line = [line for line in result.output.splitlines() if line.startswith("trace: ")]
    assert trace_line
    trace = trace_line[0].split("trace: ", 1)[1]
    assert (tmp_path / "runs" / "ask") in __import__("pathlib").Path(trace).parents


def test_ask_prints_no_escape_sequence_a_model_answers_with(monkeypatch):
    """A model's text reaches the terminal with its control characters shown, not obeyed:
    "\\r" or an escape sequence would hide or rewrite what the user reads."""
    from sweep_factory import make_record

    import harness.ask

    sneaky = make_record(answer="Capex was $1,749 million.\rCapex was $9 million.\x1b]0;owned\x07", sources=["p. 52\x1b[2J"])
    monkeypatch.setattr(harness.ask, "ask", lambda *args, **kwargs: sneaky)
    result = CliRunner().invoke(bench.cli, ["ask", "What was 3M's capex?", "--pdf", str(PDF_DIR / "3M_2022_10K.pdf"), "--model", "offline"])
    assert result.exit_code == 0, result.output
    assert "million.\\x0dCapex was $9" in result.output and "\\x1b]0;owned\\x07" in result.output and "p. 52\\x1b[2J" in result.output
    assert "\x1b" not in result.output and "\r" not in result.output and "\x07" not in result.output


def test_help_explains_every_command():
    runner = CliRunner()
    for cli, args in ((bench.cli, ["--help"]), (bench.cli, ["ask", "--help"]), (bench.cli, ["download", "--help"]),
                      (bench.cli, ["index", "--help"]), (analyze.cli, ["--help"]), (analyze.cli, ["calibrate-judge", "--help"]),
                      (analyze.cli, ["label", "--help"])):
        result = runner.invoke(cli, args)
        assert result.exit_code == 0 and "Usage:" in result.output and len(result.output) > 300
    listed = runner.invoke(analyze.cli, ["--help"]).output
    for command in ("report", "history", "view", "prune", "calibrate-judge", "label"):
        assert f"  {command} " in listed, command  # the subcommands are listed, not only report's options


def test_index_with_a_model_builds_beside_the_structural_index(tmp_path):
    runner = CliRunner()
    pdf = PDF_DIR / "BESTBUY_2024Q2_10Q.pdf"
    result = runner.invoke(bench.cli, ["index", str(pdf), "--model", "offline", "--index-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "(llm:offline)" in result.output and "model calls" in result.output
    assert (tmp_path / "BESTBUY_2024Q2_10Q.llm_offline.json").is_file()
    eight_k = runner.invoke(bench.cli, ["index", str(PDF_DIR / "AMCOR_2022_8K_dated-2022-07-01.pdf"), "--model", "offline", "--index-dir", str(tmp_path)])
    assert eight_k.exit_code == 0 and "warning: " in eight_k.output and "(structure)" in eight_k.output  # no TOC: falls back
    missing_key = runner.invoke(bench.cli, ["index", str(pdf), "--model", "anthropic:claude-haiku-4-5", "--index-dir", str(tmp_path)], env={"ANTHROPIC_API_KEY": "", "ANTHROPIC_AUTH_TOKEN": ""})
    assert missing_key.exit_code == 2 and "ANTHROPIC_API_KEY" in missing_key.output


def test_a_sweep_can_run_on_model_built_trees(tmp_path):
    import json

    from harness.config import SweepConfig

    runner = CliRunner()
    index_dir, runs_dir = tmp_path / "idx", tmp_path / "runs"
    args = ["--test-set", "BESTBUY", "--modes", "agent", "--index-model", "offline", "--index-dir", str(index_dir),
            "--runs-dir", str(runs_dir), "--no-progress", "--no-report", "--no-cache"]
    result = runner.invoke(bench.cli, args)
    assert result.exit_code == 0, result.output
    # Only the model-built tree exists: the structural indexer never ran for this sweep.
    assert sorted(p.name for p in index_dir.iterdir()) == ["BESTBUY_2024Q2_10Q.llm_offline.json"]
    (sweep,) = runs_dir.iterdir()
    manifest = json.loads((sweep / "manifest.json").read_text())
    assert manifest["config"]["index_model"] == "offline"
    entry = manifest["environment"]["indexes"]["BESTBUY_2024Q2_10Q"]
    assert entry["source"] == "llm:offline" and entry["variant"] == "llm-offline" and entry["cache"] == "built"
    assert entry["build"]["llm_calls"] > 0 and entry["build"]["cost_usd"] == 0.0
    tree = json.loads((index_dir / "BESTBUY_2024Q2_10Q.llm_offline.json").read_text())
    node_ids = set()
    stack = list(tree["nodes"])
    while stack:
        node = stack.pop()
        node_ids.add(node["node_id"])
        stack.extend(node.get("children") or [])
    fetched = set()
    for trace in (sweep / "traces").iterdir():
        for line in trace.read_text().splitlines():
            event = json.loads(line)
            if event.get("event") == "tool_call_start" and event["tool"] == "fetch_section":
                fetched.add(event["arguments"]["node_id"])
    assert fetched and fetched <= node_ids
    # --resume rebuilds the config from the manifest, model-built trees included.
    assert SweepConfig.from_manifest(manifest["config"]).index_model == "offline"
    again = runner.invoke(bench.cli, args)  # the second sweep reuses the cached tree
    assert again.exit_code == 0, again.output
    newest = max(runs_dir.iterdir())
    assert json.loads((newest / "manifest.json").read_text())["environment"]["indexes"]["BESTBUY_2024Q2_10Q"]["cache"] == "hit"


def test_an_unknown_index_model_stops_before_anything_is_written(tmp_path):
    result = CliRunner().invoke(bench.cli, ["--index-model", "nosuch:model", "--runs-dir", str(tmp_path / "runs"), "--index-dir", str(tmp_path / "idx"), "--no-progress"])
    assert result.exit_code == 2 and "nosuch" in result.output
    assert not (tmp_path / "runs").exists() and not (tmp_path / "idx").exists()


def test_a_report_judge_that_cannot_run_stops_the_sweep_before_any_run(tmp_path, monkeypatch):
    # Found after the sweep, a missing judge key would come after every run was paid for.
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    for judge, named in (("haiku", "ANTHROPIC_API_KEY"), ("nosuch:judge", "nosuch")):
        result = CliRunner().invoke(bench.cli, ["--judge-model", judge, "--modes", "simple", "--runs-dir", str(tmp_path / "runs"), "--no-progress"])
        assert result.exit_code == 2 and named in result.output, result.output
        assert not (tmp_path / "runs").exists()


def test_an_analysis_judge_that_cannot_run_stops_before_the_sweep_is_read(tmp_path, monkeypatch):
    # Reading a big sweep takes seconds; the missing key was said only after it.
    import analyze
    import harness.analyze_sweep

    def read(path):
        raise AssertionError("the sweep was read before the judge was checked")

    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.setattr(harness.analyze_sweep, "load_finished_sweep", read)
    sweep = tmp_path / "runs" / "s"
    sweep.mkdir(parents=True)
    for judge, named in (("anthropic:claude-sonnet-4-5", "ANTHROPIC_API_KEY"), ("nosuch:judge", "nosuch")):
        result = CliRunner().invoke(analyze.cli, [str(sweep), "--judge-model", judge, "--out", str(tmp_path / "r"), "--no-progress", "--no-history"])
        assert result.exit_code == 2 and named in result.output, result.output
        assert not (tmp_path / "r").exists()


def test_a_sweep_stopped_by_a_missing_key_leaves_no_empty_folders(tmp_path, monkeypatch):
    # The output folders are checked for writability before the models' keys, and the check
    # made them: a mistyped --reports-dir stayed behind, empty, after the error.
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    out = tmp_path / "new" / "deeper"
    result = CliRunner().invoke(bench.cli, ["--models", "anthropic:claude-haiku-4-5", "--judge-model", "offline", "--modes", "simple",
                                            "--runs-dir", str(out / "runs"), "--reports-dir", str(out / "reports"),
                                            "--cache-dir", str(out / "cache"), "--no-progress"])
    assert result.exit_code == 2 and "ANTHROPIC_API_KEY" in result.output, result.output
    assert list(tmp_path.iterdir()) == []


def test_an_unwritable_check_leaves_an_existing_folder_and_its_files(tmp_path):
    from core.files import unwritable

    (tmp_path / "kept.txt").write_text("x")
    assert unwritable(tmp_path) == "" and [p.name for p in tmp_path.iterdir()] == ["kept.txt"]
    assert unwritable(tmp_path / "a" / "b") == "" and not (tmp_path / "a").exists()
    assert unwritable(tmp_path / "kept.txt" / "sub") == f"{tmp_path / 'kept.txt'} is not a folder"


def test_the_commands_a_sweep_prints_can_be_pasted_when_its_path_has_a_space(tmp_path):
    runs = tmp_path / "my runs"
    result = CliRunner().invoke(bench.cli, ["--modes", "simple", "--question", "01865", "--runs-dir", str(runs), "--no-progress", "--no-report"])
    assert result.exit_code == 0, result.output
    sweep = next(runs.iterdir())
    assert f"python analyze.py '{sweep}' --judge" in result.output
