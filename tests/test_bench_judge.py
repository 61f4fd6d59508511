"""``scripts/bench_judge.py`` runs on the bundled label sample and says what it measured."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import load_script

ROOT = Path(__file__).resolve().parent.parent


def _script():
    return load_script("bench_judge")


def test_it_prints_cpu_per_answer_for_the_sample(capsys: pytest.CaptureFixture[str]) -> None:
    assert _script().main([str(ROOT / "tests" / "data" / "human_labels_sample.jsonl"), "--repeat", "1"]) == 0
    assert re.fullmatch(r"120 answers, best of 1 passes: \d+\.\d\d ms of CPU per answer\n", capsys.readouterr().out)


def test_a_missing_labels_file_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        _script().main(["/nonexistent/labels.jsonl"])
    assert exit_info.value.code == 2
    assert "labels file not found: /nonexistent/labels.jsonl" in capsys.readouterr().err
