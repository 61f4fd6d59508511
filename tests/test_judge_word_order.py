"""Words shuffled into an order no sentence has are no answer, whatever figure or term of the
gold they hold; the answers people and models wrote are never read so."""
from __future__ import annotations

import random
import re

import pytest

from harness.judge.labels import load_human_labels
from harness.judge.numeric_check import STRUNG_OUT_OF_ORDER, numeric_check
from harness.judge.word_order import misordered_pairs, strung_out_of_order

PPNE = "What is the year end FY2018 net PPNE for 3M? Answer in USD billions."


@pytest.mark.parametrize("answer", [
    "No, $985 million question the not following sheet: is 8.7 balance is Answer",
    "in sheet: the the by net that FY2018 the sheet: sheet: Answer billions. using . is net using is 8.7 shown",
    "not the that in 48.6% the USD 8.7 FY2018 Answer using shown Yes, information end that PPNE",
])
def test_shuffled_words_with_the_gold_figure_are_strung_out_of_order(answer: str) -> None:
    assert strung_out_of_order(answer)
    decided = numeric_check(PPNE, "8.7", answer)
    assert (decided.label, decided.rationale) == ("incorrect", STRUNG_OUT_OF_ORDER)


@pytest.mark.parametrize("answer", [
    "3M's net PP&E at the end of FY2018 was $8.7 billion.",
    "He said that that figure had had a revision; margins were higher than in 2021.",
    "The answer is 8.7.",
    "| Item | FY2018 |\n|---|---|\n| Net PP&E | $8.7 billion |",
    # Prepositions stranded and stacked, "is" twice, a line broken after "the".
    "Revenue came in at $4.81 billion for fiscal 2021.",
    "The regions it operates in are the United States and EMEA.",
    "What the figure was is not disclosed; net PP&E was the\nsame $8.7 billion.",
])
def test_sentences_are_not(answer: str) -> None:
    assert not strung_out_of_order(answer)


def test_no_labelled_answer_is_strung_out_of_order() -> None:
    # 1,760 answers of models and the labels people gave them: the reading must never take a
    # real answer, right or wrong, for shuffled words.
    rows = load_human_labels()
    assert not [row.model_answer[:80] for row in rows if strung_out_of_order(row.model_answer)]
    worst = max(wrong / pairs for wrong, pairs in (misordered_pairs(row.model_answer) for row in rows))
    assert worst < 0.01  # two break one rule once


def test_most_shuffles_of_a_questions_words_are_caught() -> None:
    # A floor, not a claim of all: a shuffle that keeps these word pairs right passes.
    rng = random.Random(3)
    words = re.findall(r"\S+", PPNE) * 2 + ["8.7", "the", "not", "is", "and", "."]
    shuffles = [" ".join(rng.choice(words) for _ in range(rng.randint(8, 25))) for _ in range(200)]
    assert sum(strung_out_of_order(s) for s in shuffles) >= 0.4 * len(shuffles)
