"""A model in a runaway loop ("1,1,1,...", ">>>>...", "<!-- <!-- ...") writes answers no
person would; the judge still gives each a verdict, never a traceback, and credits none.

How the judge's time grows with such an answer's length is measured, not asserted here:
``python scripts/bench_judge_hostile.py`` (each step four times longer should take about four
times as long).
"""
from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from harness.judge.amounts import parse_quantities
from harness.judge.commitment import MAX_ANSWER_FIGURES, MAX_ANSWER_WORDS
from harness.judge.labels import load_human_labels
from harness.judge.numeric_check import numeric_check
from harness.judge.offline_judge import heuristic_verdict
from harness.judge.refusal import sentence_span_at, sentence_spans
from harness.judge.structured_answer import answer_text
from harness.judge.unshown import page_hidden, without_page_hidden, without_unshown
from harness.redteam.runaway import RUNAWAY_UNITS, random_marks, runaway_answer

CAPEX = ("What is the FY2018 capital expenditure amount (in USD millions) for 3M?", "1577")
DIVIDENDS = ("Has MGM Resorts paid dividends to common shareholders in FY2022?", "Yes. MGM maintained 0.01$ per share annual dividend through out FY 2022.")
DRIVERS = ("What drove revenue change as of the FY22 for AMD?", "Higher sales of EPYC server processors, higher semi-custom product sales, and the inclusion of Xilinx embedded product sales")


def judge(question: str, gold: str, answer: str) -> str:
    return heuristic_verdict(question, gold, answer).label  # the numeric check, then the rules


@pytest.mark.parametrize("unit", sorted(set(RUNAWAY_UNITS) - {"a sentence"}))
def test_a_runaway_answer_gets_a_verdict_and_no_credit(unit: str) -> None:
    # (">" five thousand times was five thousand layers of quote, each taken off by a call of
    # its own: the stack ran out.)
    answer = runaway_answer(RUNAWAY_UNITS[unit], 5000)
    for question, gold in (CAPEX, DIVIDENDS, DRIVERS):
        assert judge(question, gold, answer) in ("incorrect", "refusal")


def test_the_right_figure_repeated_to_the_length_limit_is_a_dump_not_an_answer() -> None:
    answer = runaway_answer(RUNAWAY_UNITS["a sentence"], 8000)
    assert len(answer.split()) > MAX_ANSWER_WORDS
    assert judge(*CAPEX, answer) == "incorrect"


def test_more_figures_than_an_answer_holds_commit_to_none_even_before_a_closing_answer() -> None:
    # One "word" of figures ("1%;2%;3%;...") passes the word limit: the figure limit does not.
    figures = ";".join(f"{n}%" for n in range(1, MAX_ANSWER_FIGURES + 50))
    answer = f"Figures: {figures}.\n\nThe answer is $1,577 million."
    assert len(answer.split()) < MAX_ANSWER_WORDS
    decided = numeric_check(*CAPEX, answer)
    assert decided.commitment == "dump"
    assert judge(*CAPEX, answer) != "correct"
    # The same closing answer after fewer figures is an answer.
    fewer = ";".join(f"{n}%" for n in range(1, 40))
    assert numeric_check(*CAPEX, f"Figures: {fewer}.\n\nThe answer is $1,577 million.").label == "correct"


def test_no_labelled_answer_within_the_word_limit_reaches_the_figure_limit() -> None:
    # The limit reads runaways only: the answers people labelled are far below it.
    most = max(len(parse_quantities(row.model_answer)) for row in load_human_labels() if len(row.model_answer.split()) <= MAX_ANSWER_WORDS)
    assert most * 3 < MAX_ANSWER_FIGURES


def test_a_few_layers_of_layout_come_off_and_a_thousand_stay() -> None:
    assert answer_text("> ```text\n> $1,577 million\n> ```") == "$1,577 million"
    deep = ">" * 1000 + " $1,577 million"
    assert answer_text(deep).endswith("$1,577 million")  # read as it is, without a RecursionError


def test_hidden_elements_run_to_their_first_closing_and_unclosed_ones_hide_nothing() -> None:
    text = 'a<!-- x -->b<span style="display:none">hid<b>den</b></SPAN >c<div hidden><div>in</div></div>d<!-- open'
    assert page_hidden(text) == ['<!-- x -->', '<span style="display:none">hid<b>den</b></SPAN >', "<div hidden><div>in</div>"]
    assert without_page_hidden(text) == "a b c </div>d<!-- open"
    # An unclosed opening of one kind leaves a later element of another kind hidden.
    assert without_page_hidden("<!-- a <span hidden>b</span> c") == "<!-- a   c"
    assert without_page_hidden("<span hidden>" * 3 + "shown") == "<span hidden>" * 3 + "shown"


def test_struck_deleted_collapsed_and_pictured_text_is_not_shown() -> None:
    text = "~~$1,200~~ <del>$1,300</del> <s>$1,400</s> <details>$1,500</details> ![$1,600](x.png) $1,577 million"
    assert without_unshown(text).split() == ["$1,577", "million"]
    assert without_unshown("![" * 100 + "$1,577") == "![" * 100 + "$1,577"


def test_the_sentence_at_a_position_is_the_one_that_holds_it() -> None:
    # Found by halves: the same sentence as reading them one by one, for every position of
    # real answers (between sentences, the whole text).
    rows = load_human_labels()[::20]
    for row in rows:
        text = row.model_answer
        spans = sentence_spans(text)
        for pos in range(0, len(text), 5):
            expected = next(((a, b) for a, b in spans if a <= pos < b), (0, len(text)))
            assert sentence_span_at(text, pos) == expected
            assert sentence_span_at(text, pos, spans) == expected


@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 60)), derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from([*"1,.$%-()[]<>!~`*_#|:;\"' \n\tnotyesabc=+/", "<!--", "-->", "```", "</span>", "<span hidden>", "**", "Yes", "No"]), max_size=200).map("".join))
def test_any_mix_of_marks_gets_a_verdict(answer: str) -> None:
    for question, gold in (CAPEX, DIVIDENDS, DRIVERS):
        assert judge(question, gold, answer) in ("correct", "incorrect", "refusal")


def test_random_marks_get_a_verdict_and_no_credit() -> None:
    # (Fixed by their seeds: CI judges these same answers every time.)
    for answer in (random_marks(3000, seed=1), random_marks(3000, seed=2), random_marks(3000, alphabet=".,;:!?-()[]*_#>|\"' \n", seed=7)):
        for question, gold in (CAPEX, DIVIDENDS, DRIVERS):
            assert judge(question, gold, answer) != "correct"
