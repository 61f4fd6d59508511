"""Options laid out and one picked: only the pick is the answer (``harness.judge.choices``)."""
from __future__ import annotations

import pytest

from harness.judge.choices import chosen


@pytest.mark.parametrize(("text", "expected"), [
    ("Options: A) $1,214 B) $1,577 C) $2,066. I choose C.", "Options: The answer is $2,066.."),
    ("(a) revenue rose (b) costs fell. The answer is (b).", "The answer is costs fell.."),
    ("Between $1,577.00 and $2,065.87, the latter is right.", "The answer is $2,065.87."),
    ("$1,577 million or $2,066 million? The former.", "The answer is $1,577 million."),
])
def test_the_pick_is_what_is_left(text: str, expected: str) -> None:
    assert chosen(text) == expected


@pytest.mark.parametrize("text", [
    "Answer A: $4,173 million. Answer B: $5,466 million.",  # two laid out, none picked
    "It grew 5% and margins held; the former reflects pricing.",  # "the former" picks no answer
    "Net income was $5 million. A. Smith is the CEO.",
    "Segments: (a) Safety (b) Health. Revenue rose in both.",
])
def test_text_without_a_pick_is_left_alone(text: str) -> None:
    assert chosen(text) == text
