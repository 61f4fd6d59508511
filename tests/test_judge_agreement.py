"""Agreement metrics, the human-label reader, and the no-key judge against the real labels."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from harness.judge.agreement import (
    agreement,
    binarise,
    cohens_kappa,
    confusion_matrix,
    coverage_and_precision,
    format_confusion,
    summarize,
)
from harness.judge.calibration import calibrate
from harness.judge.labels import (
    HUMAN_LABELS_FILE,
    load_human_labels,
    normalise_label,
    split_of,
)
from harness.judge.service import JudgeSettings


def test_kappa_on_a_small_example_computed_by_hand() -> None:
    # p_o = 5/6; marginals human (c3, i2, r1), judge (c2, i3, r1): p_e = (3*2 + 2*3 + 1*1)/36 = 13/36
    # kappa = (30/36 - 13/36) / (23/36) = 17/23
    human = ["correct", "correct", "correct", "incorrect", "incorrect", "refusal"]
    judge = ["correct", "correct", "incorrect", "incorrect", "incorrect", "refusal"]
    assert agreement(human, judge) == pytest.approx(5 / 6)
    assert cohens_kappa(human, judge) == pytest.approx(17 / 23)
    # Binary: human (c3, n3), judge (c2, n4), p_o = 5/6, p_e = (3*2 + 3*4)/36 = 1/2 -> kappa 2/3
    assert cohens_kappa(binarise(human), binarise(judge)) == pytest.approx(2 / 3)


def test_kappa_edge_cases() -> None:
    assert cohens_kappa(["correct"] * 4, ["correct"] * 4) == 1.0
    assert cohens_kappa([], []) == 0.0
    # Chance-level agreement gives zero.
    assert cohens_kappa(["a", "a", "b", "b"], ["a", "b", "a", "b"]) == pytest.approx(0.0)
    with pytest.raises(ValueError):
        agreement(["a"], [])


def test_confusion_matrix_and_coverage() -> None:
    human = ["correct", "incorrect", "refusal", "correct"]
    judge = ["correct", "correct", "refusal", "incorrect"]
    matrix = confusion_matrix(human, judge)
    assert matrix["correct"] == {"correct": 1, "incorrect": 1, "refusal": 0}
    assert matrix["incorrect"]["correct"] == 1 and matrix["refusal"]["refusal"] == 1
    assert "human" in format_confusion(matrix)
    coverage, precision, decided = coverage_and_precision(human, ["correct", None, "refusal", "incorrect"])
    assert (coverage, precision, decided) == (0.75, pytest.approx(2 / 3), 3)
    assert binarise(["correct", "refusal", None]) == ["correct", "not_correct", None]
    figures = summarize(human, ["correct", None, None, None], judge)
    assert figures["agreement_3way"] == 0.5 and figures["numeric_precision"] == 1.0


def test_label_reader_maps_labels_and_keeps_the_reviewers_gold(tmp_path: Path) -> None:
    rows = [
        {"financebench_id": "financebench_id_1", "question": "q", "gold_answer": 1577, "model_answer": "a",
         "label": "Correct Answer"},
        {"financebench_id": "financebench_id_2", "question": "q", "gold_answer": 0.019, "model_answer": "a",
         "label": "Refusal"},
        {"financebench_id": "financebench_id_3", "question": "q", "gold_answer": "Yes", "model_answer": None,
         "label": "Incorrect Answer"},
    ]
    path = tmp_path / "labels.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    loaded = load_human_labels(path)
    assert [r.label for r in loaded] == ["correct", "refusal", "incorrect"]
    assert [r.gold_answer for r in loaded] == ["1577", "0.019", "Yes"]
    assert loaded[2].model_answer == ""
    assert normalise_label("correct") == "correct"
    with pytest.raises(ValueError):
        normalise_label("Maybe")
    assert split_of("financebench_id_1") in ("tune", "heldout")


# Measured with `python analyze.py calibrate-judge <labels>`; a regression of more than the margin fails.
MEASURED = {"full": 0.924, "heldout": 0.910, "numeric_precision": 0.988, "numeric_coverage": 0.365}
MARGIN = 0.01


@pytest.mark.skipif(not HUMAN_LABELS_FILE.is_file(), reason="FinanceBench human labels not available")
def test_no_key_judge_agrees_with_the_human_labels() -> None:
    report = calibrate(HUMAN_LABELS_FILE, JudgeSettings("offline", verdict_cache=None, response_cache=None))
    full = report.overall
    assert full["agreement_binary"] >= max(0.90, MEASURED["full"] - MARGIN)
    assert full["numeric_precision"] >= MEASURED["numeric_precision"] - MARGIN
    assert full["numeric_coverage"] >= MEASURED["numeric_coverage"] - 2 * MARGIN
    heldout = report.splits["heldout"]
    assert heldout["agreement_binary"] >= MEASURED["heldout"] - MARGIN
