"""``scripts/judge_shuffles.py`` counts the shuffled answers the judge credits, on the half asked."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import load_script

from harness.judge.labels import split_of

judge_shuffles = load_script("judge_shuffles")


def test_it_judges_thirty_shuffles_a_question_and_counts_the_credited(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ids = [f"financebench_id_{n:05d}" for n in range(40)]
    tune = [i for i in ids if split_of(i) == "tune"][:2]
    labels = tmp_path / "labels.jsonl"
    labels.write_text("".join(json.dumps({
        "financebench_id": i, "model_name": "m", "eval_mode": "e", "question": "What is the FY2018 capital expenditure (in USD millions) for 3M?",
        "gold_answer": 1577, "model_answer": "$1,577 million", "label": "Correct Answer",
    }) + "\n" for i in tune), encoding="utf-8")
    assert judge_shuffles.main([str(labels), "--show", "0"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("tune: 2 questions, 60 shuffles, ")
    # Most shuffles holding the gold's figure are refused (15 of these 60 are credited today).
    assert int(first.split(", ")[2].split()[0]) <= 20


def test_a_missing_labels_file_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        judge_shuffles.main([str(tmp_path / "none.jsonl")])
    assert stop.value.code == 2
    assert "labels file not found" in capsys.readouterr().err
