"""Parsing quantities out of answers, golds and questions."""
from __future__ import annotations

import pytest

from harness.judge.amounts import parse_number, parse_quantities, question_unit


def values(text: str) -> list[float]:
    return [q.value for q in parse_quantities(text)]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("$1,577 million", 1.577e9),
        ("$1.577 billion", 1.577e9),
        ("US$ 2,018mn", 2.018e9),
        ("$ 124Mn", 124e6),
        ("1.6B", 1.6e9),
        ("$3M", 3e6),
        ("5k", None),  # bare one-letter scale without currency or decimals is not read
        ("$2.5bn", 2.5e9),
        ("about 68 cents", 0.68),
        ("1,234,567", 1234567.0),
        # A statement's note of scale after the figure is its scale.
        ("$5,466,312 (in thousands)", 5.466312e9),
        ("5,466 in millions", 5.466e9),
        ("$(473) (in millions)", -473e6),
        # And a label's scale before it.
        ("Revenue (in thousands): 4,812", 4.812e6),
        ("($ in millions) $5,466", 5.466e9),
        ("In billions: 1.6", 1.6e9),
    ],
)
def test_scale_words_and_thousands_separators(text: str, expected: float | None) -> None:
    got = values(text)
    if expected is None:
        assert got == []
    else:
        assert got == [pytest.approx(expected)]


def test_accounting_negatives_and_signs() -> None:
    assert values("Investing activities (1,234)") == [-1234.0]
    assert values("net revenue of $(473) million") == [pytest.approx(-473e6)]
    assert values("working capital of -$1,561M") == [pytest.approx(-1561e6)]
    assert values("ROA = −0.0153") == [pytest.approx(-0.0153)]
    assert values("the range 2019-2031") == []  # a range of years, not a negative 2031
    # A minus inside markdown emphasis, a table cell or quotes is still the number's.
    assert values("The CCC is **-3.7** days") == [pytest.approx(-3.7)]
    assert values("| CCC | -3.7 |") == [pytest.approx(-3.7)]
    assert values('the value "-3.7"') == [pytest.approx(-3.7)]
    assert values("**-$1,561M**") == [pytest.approx(-1561e6)]
    assert values("Item 5-3") == [3.0]  # a hyphen between two numbers is no minus


def test_percent_multiples_and_basis_points() -> None:
    (pct,) = parse_quantities("a decline of 1.9%")
    assert pct.percent and pct.number == 1.9 and pct.decimals == 1
    (pp,) = parse_quantities("up 1.7 percentage points")
    assert pp.percent and pp.number == 1.7
    (bps,) = parse_quantities("margin fell 50 bps")
    assert bps.percent and bps.number == pytest.approx(0.5)
    (times,) = parse_quantities("inventory turned 9.5x")
    assert times.multiple and times.number == 9.5
    (times2,) = parse_quantities("converted inventory 9.5 times")
    assert times2.multiple


def test_years_dates_and_identifiers_are_not_values() -> None:
    assert values("In FY2021 and 2022 revenue grew, see fiscal 2020 and Q2 FY2024") == []
    assert values("as of June 30, 2020 and Dec. 31, 2022 and 12/31/2022 and Jun'23") == []
    assert values("3M's 10-K, Note 5, Item 7, page 45, COVID-19, the S&P 500, its 65th year") == []
    assert values("a 3 year average over a 12-month period") == []


def test_footnote_and_list_markers_are_skipped() -> None:
    assert values("Capex was $1,577 million.[1]") == [pytest.approx(1577e6)]  # "[1]" marks a footnote
    assert values("Revenue(1) was $5bn") == [pytest.approx(5e9)]
    assert values("1. Net sales 34,229\n2) Cost 19,232") == [34229.0, 19232.0]
    assert values("(2) other items") == []
    # Within a line, after a clause's end or a joining word: "N)" opens an item, not a value.
    assert values("Litigation includes: 1) AFFF cases, over 3,000 lawsuits. 2) State suits, and 3) others.") == [3000.0]
    # A figure before a bracket it opened is still a figure, and so is one inside a clause.
    assert values("a loss (of $5 million) and 2) other items") == [pytest.approx(5e6)]
    assert values("It rose 5) percent") == [5.0]


def test_formatted_gold_drops_formatting_zeros() -> None:
    gold = parse_number("$8.70")
    assert gold is not None and gold.number == 8.7 and gold.decimals == 1 and gold.currency
    assert parse_number("$1577.00").decimals == 0  # type: ignore[union-attr]
    assert parse_number("1.9%").percent  # type: ignore[union-attr]
    assert parse_number("The consumer segment shrunk by 0.9% and 1.2%") is None


def test_question_units() -> None:
    unit = question_unit("What is the FY2018 capital expenditure amount (in USD millions) for 3M?")
    assert unit.scale == 1e6 and unit.currency and not unit.percent
    assert question_unit("what is the net PPNE for 3M? Answer in USD billions.").scale == 1e9
    pct = question_unit("Answer in units of percents and round to one decimal place.")
    assert pct.percent and pct.decimals == 1 and pct.scale is None
    assert question_unit("Round your answer to two decimal places.").decimals == 2
    assert question_unit("What is Coca Cola's FY2021 COGS % margin?").percent
    assert question_unit("How much does Pfizer expect to pay in USD million?").scale == 1e6


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # The figure said again to its last digit later in the clause, after a year or a word.
        ("Eastgate paid $1.2 billion in cash dividends in FY2021 ($1,248 million).", [1.2e9, 1.248e9]),
        ("Net income was $1.2 billion in FY2021 ($1,248 million).", [1.2e9, 1.248e9]),
        # Not the same figure, another sentence, or a loss named between: a loss in brackets.
        ("Revenue was $1.2 billion in FY2021 ($1,348 million).", [1.2e9, -1.348e9]),
        ("Revenue was $1.2 billion. Net income was ($1,248 million).", [1.2e9, -1.248e9]),
        ("Revenue was $1.2 billion and the segment posted a loss of ($1,248 million).", [1.2e9, -1.248e9]),
        ("Revenue was $1.2 billion in FY2021 and operating income in FY2022, after a long list of one-off charges, was ($1,248 million).", [1.2e9, -1.248e9]),
    ],
)
def test_a_bracketed_figure_that_says_an_earlier_one_again_is_no_loss(text: str, expected: list[float]) -> None:
    assert values(text) == pytest.approx(expected)


def test_a_dollar_sign_glued_after_an_amount_is_its_currency_and_not_the_next_ones() -> None:
    # FinanceBench's own golds write "0.01$ per share".
    glued = parse_quantities("MGM maintained 0.01$ per share annual dividend")
    assert [(q.number, q.currency) for q in glued] == [(0.01, True)]
    apart = parse_quantities("capex of 1,577 $2,000 million")
    assert [(q.number, q.currency) for q in apart] == [(1577.0, False), (2000.0, True)]


def test_a_percent_never_states_an_amount_of_the_same_digits() -> None:
    from harness.judge.comparison import Reading, compare

    one_percent = parse_quantities("1%")[0]
    cent = parse_quantities("$0.01")[0]
    assert compare(Reading(0.01, 0.005, "amount", cent), Reading(0.01, 0.00005, "percent", one_percent)) == "far"
    assert compare(Reading(0.01, 0.005, "plain", cent), Reading(0.01, 0.00005, "percent", one_percent)) == "match"
