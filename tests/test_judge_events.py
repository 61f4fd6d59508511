"""A gold that denies an event is contradicted by the event named in other words, or
excepted from the denial ("Aside from buying a few salons, it made no acquisitions")."""
from __future__ import annotations

import pytest

from harness.judge.affirmed_denial import affirms_denied
from harness.judge.event_words import event_of, events_named
from harness.judge.offline_judge import heuristic_verdict
from harness.judge.words import root

ACQ_Q = "What are major acquisitions that Ulta Beauty has done in FY2023 and FY2022?"
ACQ_GOLD = "Ulta Beauty did not make any acquisitions in FY2023 and FY2022."
DEBT_Q = "Which debt securities are registered to trade on a national securities exchange under Ulta Beauty's name as of FY2023?"


@pytest.mark.parametrize(
    ("word", "event"),
    [("acquisitions", "acquir"), ("purchases", "acquir"), ("bought", "acquir"), ("divestitures", "divest"),
     ("disposals", "divest"), ("buybacks", "repurchas"), ("issuance", "issu"), ("debt", None), ("salons", None)],
)
def test_the_event_a_word_names(word: str, event: str | None) -> None:
    assert event_of(root(word)) == event


@pytest.mark.parametrize(
    ("clause", "events"),
    [
        ("Aside from buying a few salons", {"acquir"}),
        ("it purchased two salon chains", {"acquir"}),
        ("it sold its salon business", {"divest"}),
        ("it completed a public offering of senior notes", {"issu"}),
        ("it bought back shares worth $900 million", {"repurchas"}),
        ("Ulta repurchased shares", {"repurchas"}),
        # Everyday verbs beside an object of another kind name no event.
        ("its purchases of property and equipment were $300 million", set()),
        ("it sold more cosmetics and bought more inventory", set()),
        ("its product offerings grew", set()),
        ("customers bought more", set()),
        # Taking over or merging with a firm is an acquisition; taking over a role is not.
        ("it took over a regional salon chain", {"acquir"}),
        ("it merged with a rival retailer", {"acquir"}),
        ("it bought out a rival salon chain", {"acquir"}),
        ("the new chief executive took over the leadership of the company", set()),
        ("she took over as chief executive of the company", set()),
        ("it took over responsibility for the stores", set()),
        ("the wholesale segment was merged with the retail segment", set()),
        ("it absorbed higher freight costs", set()),
        # Buying out or purchasing a lease, a contract, a licence or equipment buys no business.
        ("it bought out its lease on a distribution center", set()),
        ("it bought out the lease of one store", set()),
        ("it bought out a supply contract", set()),
        ("it purchased software licenses and new vehicles", set()),
        ("it bought the rights to a fragrance line", set()),
        ("it purchased a franchise agreement", set()),
        ("it bought out a rival chain", {"acquir"}),
        ("it bought out its franchisees", {"acquir"}),
        ("it bought a company that holds leases on fifty stores", {"acquir"}),
    ],
)
def test_the_events_a_clause_names(clause: str, events: set[str]) -> None:
    assert events_named(clause) == events


@pytest.mark.parametrize(
    "answer",
    [
        "Aside from buying a few salons, Ulta Beauty made no acquisitions in FY2023 or FY2022.",
        "Ulta Beauty bought a few salons in FY2023 but made no major acquisitions.",
        "Ulta Beauty purchased several salon chains in FY2023; it made no large acquisitions.",
        "In FY2023 Ulta Beauty bought two salon chains and never made a large acquisition.",
        # What a denial of the thing excepts is of its kind.
        "Ulta Beauty made no acquisitions in FY2023 or FY2022 other than two small salon chains.",
        "Ulta Beauty made no acquisitions in FY2023 or FY2022 except for a few salons.",
        "Ulta Beauty took over a salon chain in FY2023, but made no other acquisitions.",
        "Ulta Beauty merged with a regional salon chain in FY2023.",
    ],
)
def test_the_denied_event_in_other_words_or_excepted(answer: str) -> None:
    assert affirms_denied(answer, ACQ_Q, ACQ_GOLD)


@pytest.mark.parametrize(
    "answer",
    [
        "Aside from opening new stores, Ulta Beauty made no acquisitions in FY2023 or FY2022.",
        "Other than share repurchases, Ulta Beauty made no acquisitions in FY2023 or FY2022.",
        "Ulta Beauty made no acquisitions in FY2023 or FY2022; its investing cash went to purchases of property and equipment.",
        "Ulta Beauty made no acquisitions in FY2023 or FY2022, and it bought back shares worth $900 million.",
        "Ulta Beauty did not make any acquisitions in FY2023 or FY2022; it sold more cosmetics and bought more inventory.",
    ],
)
def test_another_event_or_another_object_is_no_affirmation(answer: str) -> None:
    assert not affirms_denied(answer, ACQ_Q, ACQ_GOLD)


def test_an_exception_to_a_denial_of_another_thing_affirms_nothing() -> None:
    # Common stock is not debt: the denial before "other than" is not of the gold's thing.
    right = "Ulta Beauty has no securities registered on a national securities exchange other than its common stock."
    assert not affirms_denied(right, DEBT_Q, "There are none")
    wrong = "Ulta Beauty has no debt securities registered on a national securities exchange other than its senior notes."
    assert affirms_denied(wrong, DEBT_Q, "There are none")


def test_the_verdict_for_an_excepted_acquisition() -> None:
    wrong = "Aside from buying a few salons, Ulta Beauty made no acquisitions in FY2023 or FY2022."
    verdict = heuristic_verdict(ACQ_Q, ACQ_GOLD, wrong)
    assert verdict.label == "incorrect" and "denies exists" in verdict.rationale
    right = "Aside from opening new stores, Ulta Beauty made no acquisitions in FY2023 or FY2022."
    assert heuristic_verdict(ACQ_Q, ACQ_GOLD, right).label == "correct"


@pytest.mark.parametrize(
    "answer",
    [
        # "No other", "no further", "no additional", "no more", "not another": the denial
        # presupposes one of the thing, told or untold.
        "Ulta Beauty made no other acquisitions in FY2023 or FY2022.",
        "Ulta Beauty made no further acquisitions in FY2023 or FY2022.",
        "Ulta Beauty made no additional acquisitions in FY2023 or FY2022.",
        "Ulta Beauty made no more acquisitions in FY2023 than in FY2022.",
        "Ulta Beauty did not make another acquisition in FY2023 or FY2022.",
        "Ulta Beauty absorbed a regional salon chain in FY2023 but did not make any other acquisitions.",
        "Ulta Beauty absorbed a regional salon chain in FY2023. It made no further acquisitions in FY2023 or FY2022.",
    ],
)
def test_a_denial_that_presupposes_the_thing(answer: str) -> None:
    assert affirms_denied(answer, ACQ_Q, ACQ_GOLD)


@pytest.mark.parametrize(
    "answer",
    [
        # What "other" sets the thing apart from is of another period or another kind, or
        # has itself been denied to be the thing.
        "Ulta Beauty acquired QM Scientific in FY2018 and made no further acquisitions in FY2023 or FY2022.",
        "Ulta Beauty made no further acquisitions in FY2023 or FY2022 after buying QM Scientific in FY2018.",
        "Ulta Beauty made no acquisitions in FY2023 or FY2022 and announced no plans for any more acquisitions.",
        "Ulta Beauty repurchased shares in FY2023 and made no other acquisitions in FY2023 or FY2022.",
        "Ulta Beauty made no acquisitions in FY2023, and no other acquisitions in FY2022.",
        "Ulta Beauty did not acquire any company in FY2023 or FY2022.",
        "Ulta Beauty made no acquisitions and no divestitures in FY2023 or FY2022.",
    ],
)
def test_no_presupposed_acquisition(answer: str) -> None:
    assert not affirms_denied(answer, ACQ_Q, ACQ_GOLD)


@pytest.mark.parametrize(
    "answer",
    [
        "Only Ulta Beauty's common stock is listed on Nasdaq; no other debt securities are registered.",
        "Title of each class: Common stock, par value $0.01 per share\nTrading symbol: ULTA\n"
        "Name of each exchange on which registered: The NASDAQ Global Select Market\n\n"
        "No other debt securities are listed in the filing as being registered to trade on a national securities exchange.",
        "Its $1.0 billion credit facility is a bank loan, not registered debt securities. "
        "The 10-K does not disclose any other registered debt securities trading on a national securities exchange.",
        # "Other" after a denial of the kind only repeats the denial.
        "There are no debt securities listed in the filing. There are no additional securities, including debt "
        "securities, registered under Section 12(g) of the Act.",
        "Ulta Beauty's common stock is its only registered security; it has no other registered securities, debt or otherwise.",
    ],
)
def test_no_other_debt_securities_beside_stock_or_a_loan(answer: str) -> None:
    assert not affirms_denied(answer, DEBT_Q, "There are none")


def test_no_other_debt_securities_with_nothing_else_named() -> None:
    assert affirms_denied("No other debt securities are listed as registered on an exchange.", DEBT_Q, "There are none")
    assert affirms_denied(
        "Ulta Beauty's senior notes trade on Nasdaq; no other debt securities are registered.", DEBT_Q, "There are none"
    )


# An exception counts as an admission when what it names is of the denied kind or of no
# kind the judge knows; common stock is not a debt security, a share repurchase is not an
# acquisition.
@pytest.mark.parametrize(
    ("question", "gold", "answer", "admits"),
    [
        (DEBT_Q, "There are none", "No debt securities are registered, except its common stock.", False),
        (DEBT_Q, "There are none", "No debt securities are registered other than its ordinary shares.", False),
        (DEBT_Q, "There are none", "No debt securities are registered, except its 4.5% senior notes.", True),
        (DEBT_Q, "There are none", "No debt securities are registered, except two series of notes.", True),
        (DEBT_Q, "There are none", "No debt securities are registered, except its common stock and its senior notes.", True),
        (DEBT_Q, "There are none", "No debt securities are registered, except those of its finance arm.", True),
        (ACQ_Q, ACQ_GOLD, "Ulta Beauty made no acquisitions in FY2023 or FY2022 other than share repurchases.", False),
        (ACQ_Q, ACQ_GOLD, "Ulta Beauty made no acquisitions in FY2023 or FY2022 other than two salon chains.", True),
    ],
)
def test_an_exception_of_another_kind(question: str, gold: str, answer: str, admits: bool) -> None:
    assert affirms_denied(answer, question, gold) == admits


def test_the_verdict_for_a_presupposed_or_excepted_thing() -> None:
    debt_q = "What debt securities are registered to trade on a national exchange?"
    right = "No debt securities are registered, except its common stock."
    assert heuristic_verdict(debt_q, "There are none", right).label == "correct"
    wrong = "Ulta took over a salon chain in 2023, but made no other acquisitions."
    verdict = heuristic_verdict(ACQ_Q, ACQ_GOLD, wrong)
    assert verdict.label == "incorrect" and "denies exists" in verdict.rationale
    for right in (
        "Ulta Beauty made no acquisitions and no divestitures in FY2023 or FY2022.",
        "Ulta Beauty did not acquire any company in FY2023 or FY2022.",
        "Ulta Beauty's chief executive took over as CEO in FY2022; Ulta Beauty made no acquisitions in FY2023 or FY2022.",
    ):
        assert heuristic_verdict(ACQ_Q, ACQ_GOLD, right).label == "correct", right
