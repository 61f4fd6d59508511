"""The baseline earns its name: general knowledge only, nothing written for the questions
it is measured on, and it plays every role a sweep asks of a model."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from baseline.policy import ROLE_HANDLERS
from harness.dataset import load_questions

BASELINE = Path(__file__).resolve().parent.parent / "baseline"
SOURCES = {path.name: path.read_text(encoding="utf-8") for path in sorted(BASELINE.glob("*.py"))}


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9&']+", text.lower())


def test_no_company_of_the_question_set_is_named_in_the_baseline():
    names = set()
    for question in load_questions():
        names |= {question.company, question.doc_name.split("_")[0]}
    named = [(name, file) for name in sorted(names) for file, text in SOURCES.items()
             if re.search(rf"(?<![A-Za-z_]){re.escape(name)}(?![A-Za-z_])", text)]
    assert named == []


def test_no_question_of_the_question_set_is_quoted_in_the_baseline():
    source = " ".join(_words(" ".join(SOURCES.values())))
    quoted = set()
    for question in load_questions():
        words = _words(question.text)
        quoted |= {" ".join(words[i:i + 8]) for i in range(len(words) - 7) if " ".join(words[i:i + 8]) in source}
    assert quoted == set()


def test_the_baseline_plays_every_role_a_sweep_asks_of_a_model():
    assert set(ROLE_HANDLERS) == {"scorer", "answerer", "agent", "extractor", "synthesizer", "planner", "executor", "quality_gate",
                                  "toc_parser", "summarizer"}


@pytest.mark.parametrize("split", ["dev", "test"])
def test_the_split_is_by_company_and_covers_every_question_once(split):
    sets = json.loads((BASELINE.parent / "questions" / "test_sets.json").read_text())
    other = {"dev": "test", "test": "dev"}[split]
    assert not set(sets[split]["companies"]) & set(sets[other]["companies"])
    companies = {q.company for q in load_questions()}
    assert set(sets["dev"]["companies"]) | set(sets["test"]["companies"]) == companies
