"""The same answer laid out otherwise is the same answer. FinanceBench's labelled right answers
of the tune half, each credited, were given the openings, labels and layouts models wrap
answers in (a preamble, a heading, "Sure!", "**Answer:**", bullets, numbered lines, a caveat);
these forms of them were refused, and are credited since. The wrong answers so wrapped stay
refused: a pasted excerpt with a caveat after it, a refusal in numbered lines.
"""
from __future__ import annotations

import pytest

from harness.judge.disowned import without_intro
from harness.judge.offline_judge import heuristic_verdict
from harness.judge.refusal import refusal_signal


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("Based on the information provided in the company's 10-K filing, here is the answer.\n\nRevenue was $5.",
         "Revenue was $5."),
        ("Sure! Here are the key points:\n- Revenue was $5.", "- Revenue was $5."),
        ("### Answer\n\nRevenue was $5.", "Revenue was $5."),
        ("**Answer:** Revenue was $5.", "Revenue was $5."),
        ("Sure! Revenue was $5.", "Revenue was $5."),
        # Nothing after the opening, or an opening that says something: left as written.
        ("Here is the answer.", "Here is the answer."),
        ("Revenue was $5. Here is the breakdown: ...", "Revenue was $5. Here is the breakdown: ..."),
    ],
)
def test_an_opening_that_only_says_an_answer_follows_is_set_aside(written: str, read: str) -> None:
    assert without_intro(written) == read


LIABILITY_Q = "What was the largest liability in American Express's Balance Sheet in 2022?"
LIABILITY_A = ("According to the Consolidated Balance Sheets provided in the filing, the largest liability in American "
               "Express's Balance Sheet in 2022 was \"Customer deposits,\" which amounted to $110,239 million.")
VOTES_Q = "Were there any board member nominees who had substantially more votes against joining than the other nominees?"
VOTES_GOLD = "Yes, his name is Richard A. Johnson"
VOTES_A = [
    "Yes, based on the voting results provided in the filing, there were board member nominees who had substantially "
    "more votes against their election than others.",
    "Specifically, Richard A. Johnson received a notably higher number of votes against his election to the Board of "
    "Directors, with 16,105,005 votes against, compared to the other nominees whose votes against ranged from 294,935 to "
    "6,074,467.",
    "This indicates that Richard A. Johnson faced more opposition than the other nominees for election to the Board.",
]


@pytest.mark.parametrize(
    ("question", "gold", "answer"),
    [
        (LIABILITY_Q, "Customer deposits", "- " + LIABILITY_A),
        (LIABILITY_Q, "Customer deposits", "**Answer:** " + LIABILITY_A),
        (LIABILITY_Q, "Customer deposits", "### Answer\n\n" + LIABILITY_A),
        (LIABILITY_Q, "Customer deposits", "Sure! Based on the filing, here is an analysis of the balance sheet's liabilities:\n\n"
         + LIABILITY_A),
        # Bullets that are statements are read sentence by sentence, not as one list of names.
        (VOTES_Q, VOTES_GOLD, "\n".join("- " + line for line in VOTES_A)),
    ],
)
def test_a_right_answer_wrapped_otherwise_is_credited(question: str, gold: str, answer: str) -> None:
    assert heuristic_verdict(question, gold, answer).label == "correct"


NIKE_Q = ("Among operations, investing, and financing activities, which brought in the most (or lost the least) cash flow "
          "for Nike in FY2023?")
NIKE_GOLD = "Among the three, cash flow from operations was the highest for Nike in FY2023."
NIKE_EXCERPT = ("\"Cash provided (used) by operations was an inflow of $2,485 million for fiscal 2020... Cash used by financing "
                "activities was $5,293 million for fiscal 2019...\"")
QUICK_Q = ("Does 3M have a reasonably healthy liquidity profile based on its quick ratio for Q2 of FY2023? If the quick ratio "
           "is not relevant to measure liquidity, please state that and explain why.")
QUICK_GOLD = "No. The quick ratio for 3M was 0.96 by Jun'23 close, which needs a bit of an improvement to touch the 1x mark"
# No verdict: only how the ratio is computed.
QUICK_WRONG = ("3M's quick ratio at the end of Q2 FY2023 was computed from cash, marketable securities and receivables "
               "over current liabilities.")


@pytest.mark.parametrize(
    ("question", "gold", "answer"),
    [
        (LIABILITY_Q, "Customer deposits", "- " + LIABILITY_A.replace("Customer deposits", "Long-term debt")),
        (VOTES_Q, VOTES_GOLD, "\n".join("- " + line.replace("Richard A. Johnson", "Alan D. Feldman") for line in VOTES_A)),
        # A pasted excerpt stays one with a caveat or a note after it.
        (NIKE_Q, NIKE_GOLD, NIKE_EXCERPT + "\n\nPlease note that this analysis is based solely on the information in the provided filing."),
        (NIKE_Q, NIKE_GOLD, NIKE_EXCERPT + "\n\nNote: all figures are in USD millions unless stated otherwise."),
        (NIKE_Q, NIKE_GOLD, NIKE_EXCERPT + "\n\nIs there anything else you would like to know?"),
        # The question copied before the answer, labelled or not, claims nothing: its "If the
        # quick ratio is not relevant ..." is no "No" beside the answer's verdict.
        (QUICK_Q, QUICK_GOLD, "Question: " + QUICK_Q + "\n\nAnswer: " + QUICK_WRONG),
        (QUICK_Q, QUICK_GOLD, QUICK_Q + "\n\n" + QUICK_WRONG),
        (QUICK_Q, QUICK_GOLD, "**Question:** " + QUICK_Q + "\n\n**Answer:** " + QUICK_WRONG),
        # An answer's label before a sentence that disowns all after it disowns nothing less.
        (QUICK_Q, QUICK_GOLD, "Answer: The opposite of the following is true: " + QUICK_GOLD),
    ],
)
def test_a_wrong_answer_wrapped_otherwise_is_not(question: str, gold: str, answer: str) -> None:
    assert heuristic_verdict(question, gold, answer).label != "correct"


def test_a_refusal_in_numbered_lines_still_opens_by_declining() -> None:
    numbered = ("1. As an AI, I don't have real-time data access.\n2. However, AMD's revenue change was driven by demand.\n"
                "3. For the most accurate information, please refer to AMD's official financial statements.")
    assert refusal_signal(numbered).opens


def test_the_layout_script_finds_no_flip_on_the_sample_labels(capsys) -> None:
    """``scripts/judge_layouts.py`` on the bundled sample of labelled answers: no form of a
    verdict the judge gets right changes it (the whole tune half is held to 2 flips in the
    README, too slow to judge here)."""
    import importlib.util

    from core.paths import PROJECT_ROOT

    spec = importlib.util.spec_from_file_location("judge_layouts", PROJECT_ROOT / "scripts" / "judge_layouts.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--labels", str(PROJECT_ROOT / "tests" / "data" / "human_labels_sample.jsonl")]) == 0
    out = capsys.readouterr().out
    assert "total flips: 0" in out
    assert " 0 right answers credited" not in out  # the sample holds tune answers to hold


@pytest.mark.parametrize(
    "opening", ["TL;DR: see below.\n\n", "Let me walk through this step by step.\n\n",
                "The answer to your question is as follows. ", "**Key findings:**\n\n",
                # Words that claim nothing: a refusal after them still opens by declining, and
                # "Thanks" is no name beside the verdict's.
                "In short, here is what the filing shows.\n\n", "Thanks for your question. ", "Happy to help. ",
                "I reviewed the filing carefully. ", "Great question! "],
)
def test_an_empty_opening_neither_hides_a_refusal_nor_the_verdict(opening: str) -> None:
    refusal = ("As an AI, I don't have access to the filing, so I cannot say which liability was largest. Customer deposits "
               "are often large at card issuers.")
    assert refusal_signal(opening + refusal).opens
    assert heuristic_verdict(LIABILITY_Q, "Customer deposits", opening + refusal).label != "correct"
    assert heuristic_verdict(LIABILITY_Q, "Customer deposits", opening + LIABILITY_A).label == "correct"


def test_a_closing_line_of_sources_names_no_answer() -> None:
    answer = LIABILITY_A + "\n\nSources: Form 10-K, Item 7 and Item 8."
    assert heuristic_verdict(LIABILITY_Q, "Customer deposits", answer).label == "correct"
    wrong = LIABILITY_A.replace("Customer deposits", "Long-term debt") + "\n\nSources: Form 10-K, Item 7 and Item 8."
    assert heuristic_verdict(LIABILITY_Q, "Customer deposits", wrong).label != "correct"


def test_the_question_copied_before_a_right_answer_leaves_it_right() -> None:
    right = "No. 3M's quick ratio was 0.96 at the end of Q2 FY2023, short of the 1x mark."
    for copied in ("Question: " + QUICK_Q + "\n\nAnswer: " + right, QUICK_Q + "\n\n" + right,
                   "The question asks: " + QUICK_Q + " " + right):
        assert heuristic_verdict(QUICK_Q, QUICK_GOLD, copied).label == "correct"
