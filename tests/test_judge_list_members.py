"""A member of the gold's list named in a clause that takes it out of the list ("concert
ticketing was discontinued", "Seattle serving as a focus city rather than a hub") is not
listed; a name taken out beside the gold's full list is no harm."""
from __future__ import annotations

import pytest

from harness.judge.name_commitment import kept_stems
from harness.judge.offline_judge import heuristic_verdict

STREAMS_Q = "What are Xylo Music's main revenue streams?"
STREAMS_GOLD = "Streaming subscriptions, advertising and concert ticketing."
HUBS_Q = "What are Juniper Air's main hubs as of FY2022?"
HUBS_GOLD = "Denver, Atlanta and Seattle"

CASES = [
    (STREAMS_Q, STREAMS_GOLD, "Xylo Music earns revenue from streaming subscriptions and advertising; concert ticketing was discontinued in FY2020.", False),
    (STREAMS_Q, STREAMS_GOLD, "Streaming subscriptions and advertising, with concert ticketing no longer offered.", False),
    (STREAMS_Q, STREAMS_GOLD, "Streaming subscriptions and advertising rather than concert ticketing.", False),
    (HUBS_Q, HUBS_GOLD, "Juniper Air operates hubs in Denver and Atlanta, with Seattle serving as a focus city rather than a hub.", False),
    (HUBS_Q, HUBS_GOLD, "Denver and Atlanta; Seattle was formerly a hub.", False),
    # What the clause takes out is another name: the gold's list stands.
    (STREAMS_Q, STREAMS_GOLD, "Streaming subscriptions, advertising and concert ticketing rather than merchandise.", True),
    (STREAMS_Q, STREAMS_GOLD, "Streaming subscriptions, advertising and concert ticketing; it discontinued merchandise sales in FY2020.", True),
    (HUBS_Q, HUBS_GOLD, "Juniper Air's hubs are Denver, Atlanta and Seattle; it exited Chicago in FY2021.", True),
    (HUBS_Q, HUBS_GOLD, "Juniper Air's main hubs are Denver, Atlanta and Seattle.", True),
]


@pytest.mark.parametrize(("question", "gold", "answer", "credited"), CASES)
def test_a_member_taken_out_is_not_listed(question: str, gold: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(question, gold, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


def test_only_the_clause_that_takes_out_loses_its_names() -> None:
    kept = kept_stems("Denver and Atlanta, while Seattle is no longer a hub", HUBS_Q)
    assert {"denver", "atlant"} <= kept and "seattl" not in kept
