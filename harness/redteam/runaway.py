"""Answers a model in a runaway loop writes: one short unit repeated to the length limit
("1,1,1,...", ">>>>...", "<!-- <!-- ..."), and a few made of random marks.

A judge must read each in time that grows with its length, not with its square, and must
not fail on it: a quadratic pattern or a recursion per layer turns one such answer into a
judge that hangs or crashes a whole sweep's judging. ``scripts/bench_judge_hostile.py``
measures the growth; the tests judge each once.
"""
from __future__ import annotations

import random

# Units whose runs once cost the judge seconds (or its stack), and their neighbours.
RUNAWAY_UNITS = {
    "digits": "1", "grouped figures": "1,", "figures in brackets": "(1)", "open brackets": "(1", "dots": ".",
    "dotted digits": "1.", "newlines": "\n", "empty bullets": "- \n", "percents": "1%", "quote marks": ">",
    "nested quotes": "> ", "backticks": "`", "fences": "```\n", "hyphenated digits": "1-", "question marks": "?",
    "exclamation marks": "!", "ellipses": "...", "sentence ends": ". ", "comment openings": "<!-- ",
    "hidden openings": "<span hidden>", "equals": "=1", "negatives": "-1 ", "dollar figures": "$1 ",
    "table rows": "| a | 1 |\n", "words": "not ", "counterfactuals": "if it would have ", "image openings": "![",
    "strike marks": "~~", "a sentence": "The capital expenditure was $1,577 million. ",
}


def runaway_answer(unit: str, length: int) -> str:
    """``unit`` repeated to ``length`` characters."""
    return (unit * (length // len(unit) + 1))[:length]


def random_marks(length: int, alphabet: str = "1,. $%-()\nabnotyes>*|", seed: int = 1) -> str:
    """``length`` characters drawn from ``alphabet``: no unit repeats, so no pattern that only
    collapses repeats would pass."""
    rng = random.Random(seed)
    return "".join(rng.choice(alphabet) for _ in range(length))
