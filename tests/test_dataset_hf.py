"""Questions from a Hugging Face dataset (``--questions hf:NAME``), tested on local datasets:
the loader is the real ``datasets`` one, the data are FinanceBench's own rows."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.errors import UserError
from harness.dataset import QUESTIONS_FILE, load_questions

datasets = pytest.importorskip("datasets", reason="the datasets package is not installed")


def _rows(n: int = 5) -> list[dict]:
    return [json.loads(line) for line in QUESTIONS_FILE.read_text(encoding="utf-8").splitlines()[:n]]


def test_a_saved_dataset_loads_like_the_jsonl(tmp_path: Path) -> None:
    folder = tmp_path / "financebench"
    datasets.Dataset.from_list(_rows()).save_to_disk(str(folder))
    loaded = load_questions(f"hf:{folder}")
    expected = load_questions(QUESTIONS_FILE)[:5]
    assert [q.id for q in loaded] == [q.id for q in expected]
    assert loaded[0].gold == expected[0].gold and loaded[0].text == expected[0].text  # evidence pages included


def test_a_folder_of_data_files_loads_with_a_split(tmp_path: Path) -> None:
    folder = tmp_path / "hub_layout"
    folder.mkdir()
    (folder / "train.jsonl").write_text("\n".join(json.dumps(r) for r in _rows(3)) + "\n", encoding="utf-8")
    assert len(load_questions(f"hf:{folder}@train")) == 3


def test_a_missing_dataset_is_a_clear_error(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    with pytest.raises(UserError) as caught:
        load_questions(f"hf:{tmp_path / 'nothing-here'}")
    assert "cannot load questions from hf:" in str(caught.value) and "hf:NAME@SPLIT" in caught.value.fix
