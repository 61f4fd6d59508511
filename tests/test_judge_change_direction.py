"""A change whose direction word its own values deny: the answer contradicts itself."""
from __future__ import annotations

import pytest

from harness.judge.change_direction import contradicted_sentences


def _contradicts(text: str) -> bool:
    return bool(contradicted_sentences(text))


SELF_CONTRADICTING = [
    "Revenue declined 10.6% to $51.8 billion in 2022 from $46.3 billion in 2021.",
    "Revenue rose 10.6% year over year, to $46.3 billion in fiscal 2023 from $51.8 billion in fiscal 2022.",
    "Revenue rose 10.6% to $46.3 billion from $51.8 billion.",
    "Revenue fell by $5.5 billion from $46.3 billion to $51.8 billion.",
    "Revenue was $51.8 billion in 2022, down from $46.3 billion.",
    "Revenue decreased to $51.8 billion, from $46.3 billion.",
    "The tax rate increased to 20% from 23%.",
    "The store count dropped sharply to 982 stores in Q2 FY2024 from 969 stores in Q2 FY2023.",
    # A judgement where its clause names a thing whose better way is plain.
    "Operating margin improved from 14.2% to 11.6%.",
    "No, its operating margin is not improving — it improved from 14.2% in FY2021 to 11.6% in FY2022.",
    "Gross margin deteriorated from 38% to 41%.",
    "Net debt improved from $4.2 billion to $5.1 billion.",
]
CONSISTENT = [
    "Revenue declined 10.6% from $51.8 billion to $46.3 billion.",
    "Revenue declined 10.6% to $46.3 billion, from $51.8 billion.",
    "Revenue showed a decline of 10.6% (from $51.8B in 2021 to $46.3B in 2022).",
    "Revenue was $46.3 billion in 2022, down from $51.8 billion.",
    # Another item's values in the same sentence belong to its own direction word.
    "Revenue declined 10.6% to $46.3 billion, while inventory rose from $5.0 billion to $5.1 billion.",
    "Revenue declined 10.6%, and cash grew from $2.9 billion to $3.1 billion.",
    # Better or worse is not up or down: days and costs improve as they fall.
    "Days sales outstanding improved from 45 days to 40 days.",
    "Net debt improved from $5.1 billion to $4.2 billion.",
    "Operating margin improved from 11.6% to 14.2%.",
    "Gross margin worsened from 40% to 38%.",
    # A judgement whose thing's better way is not plain is not read: both kinds named, or neither.
    "Revenue grew 5%, and the expense ratio improved from 60% to 58%.",
    "The effective tax rate improved from 25% to 21%.",
    "Its net loss improved from $5 million to $3 million, while revenue grew.",
    # A rate of growth that slows is named by "growth", which is no movement here.
    "Revenue growth slowed from 10% to 5%.",
    # No pair of values: nothing to check against.
    "Revenue declined 10.6% to $46.3 billion.",
    # Losses in brackets: a loss that grows is a larger bracketed number.
    "The net loss increased to $(5.0) million from $(3.0) million.",
]


@pytest.mark.parametrize("text", SELF_CONTRADICTING)
def test_a_direction_its_values_deny_is_a_contradiction(text: str) -> None:
    assert _contradicts(text)


@pytest.mark.parametrize("text", CONSISTENT)
def test_a_direction_its_values_bear_out_is_none(text: str) -> None:
    assert not _contradicts(text)


def test_a_change_stated_the_wrong_way_round_is_found() -> None:
    from harness.judge.change_direction import from_to_pairs, swapped_ends

    gold = "Yes, there is decline in number stores by 1.32% from 982 stores in Q2 FY 2023 to 969 by the end of Q2 FY2024."
    assert from_to_pairs(gold) == [(982.0, 969.0)]
    assert swapped_ends(gold, "Yes, from 969 to 982.")
    assert not swapped_ends(gold, "Yes, from 982 to 969.")
    assert not swapped_ends(gold, "Yes, it fell 1.32% to 969 stores.")  # no from/to pair: nothing to swap
