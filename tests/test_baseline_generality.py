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


SHARED_PDFS = BASELINE.parent.parent / "shared" / "financebench" / "pdfs"


@pytest.mark.skipif(not SHARED_PDFS.is_dir(), reason=f"FinanceBench's filings are not at {SHARED_PDFS} (the test split's questions need them)")
def test_both_halves_have_enough_questions_with_their_filings():
    from harness.dataset import select_questions
    from harness.documents import split_available

    available = {split: len(split_available(select_questions(load_questions(), split), SHARED_PDFS)[0]) for split in ("dev", "test")}
    assert available == {"dev": 44, "test": 45}


def test_ci_gates_the_baseline_on_the_test_split_and_the_scripted_model_exactly():
    from core.paths import PROJECT_ROOT
    from harness.gate import load_budgets

    baseline = load_budgets(PROJECT_ROOT / "budgets.toml")
    assert set(baseline.cells) == {f"offline/{mode}" for mode in ("simple", "agent", "planner", "iterative")}
    assert all({"min_accuracy", "min_reliability", "max_mean_tokens"} <= set(limits) for limits in baseline.cells.values())
    plumbing = load_budgets(PROJECT_ROOT / "budgets_plumbing.toml")
    assert all(limits["min_mean_tokens"] == limits["max_mean_tokens"] for limits in plumbing.cells.values())
    ci = (PROJECT_ROOT / ".ci" / "run").read_text()
    assert "--test-set test " in ci and "--gate budgets.toml" in ci and "--gate budgets_plumbing.toml" in ci
    assert "--test-set dev" not in ci
