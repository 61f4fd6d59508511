"""Provenance: the answer's numbers checked against the text of the pages the run fetched;
findings checked against their own pages. Nothing a run says about its sources is trusted."""
from __future__ import annotations

import pytest
from sweep_factory import make_record, write_sweep

from core.paths import INDEX_DIR, PDF_DIR
from core.results import Finding
from harness.criteria import evaluate_criteria
from harness.metrics.provenance import check_provenance
from harness.stats.cells import cell_stats
from harness.stats.frame import load_sweep
from retrievers.index import load_or_build_index

CAPEX = Finding("capex_2022", 1749, "millions_usd", 5, "Cash flows", "purchases of PP&E")
SALES = Finding("net_sales_2022", 34229, "millions_usd", 4, "Income statement", "net sales")


@pytest.fixture(scope="module")
def three_m():
    return load_or_build_index(PDF_DIR / "3M_2022_10K.pdf", INDEX_DIR)


def test_a_fabricated_finding_on_a_page_that_does_not_exist_is_untraced_and_fails_the_criterion(three_m, tmp_path):
    fabricated = Finding("special_reserve_2022", 777777, "millions_usd", 999, "Notes", "a reserve")
    result = check_provenance("The reserve was $777,777 million (p. 999).", [fabricated], [48, 52], three_m)
    assert result.ok is False and result.untraced == ["777,777 million"] and result.traced == 0
    assert result.findings_checked == 1 and result.findings_verified == 0
    assert result.unverified_findings == ["special_reserve_2022 = 777777: page 999 does not exist (252 pages)"]

    record = make_record("q1", mode="iterative", provenance=result)
    sweep = load_sweep(write_sweep(tmp_path, [record]))
    check = evaluate_criteria(cell_stats(sweep.records))[0].checks["provenance"]
    assert check.status == "fail" and check.actual == 0.0


def test_numbers_on_a_fetched_page_are_traced_cited_or_not(tiny_index):
    result = check_provenance("Capex was $1,749 million (p. 5).", [], [5], tiny_index)
    assert result.ok is True and result.traced == 1  # printed as (1,749): the sign is presentation
    assert check_provenance("Capex was $1,749 million.", [], [5], tiny_index).ok is True  # read, not cited: still on the page


def test_a_cited_page_the_run_never_fetched_traces_nothing(tiny_index):
    result = check_provenance("Capex was $1,749 million (p. 5).", [], [4], tiny_index)
    assert result.ok is False and result.untraced == ["1,749 million"]
    assert check_provenance("Capex was $1,749 million (p. 5).", [], [], tiny_index).ok is False


def test_a_finding_counts_only_if_its_page_exists_was_read_and_shows_its_value(tiny_index):
    answer = "Capex was $1,749 million."
    assert check_provenance(answer, [CAPEX], [5], tiny_index).findings_verified == 1
    unread = check_provenance(answer, [CAPEX], [4], tiny_index)
    assert unread.ok is False and unread.unverified_findings == ["capex_2022 = 1749: page 5 was not read"]
    wrong_page = check_provenance(answer, [Finding("capex_2022", 1749, page=4)], [4, 5], tiny_index)
    assert wrong_page.unverified_findings == ["capex_2022 = 1749: not on page 4"]
    assert wrong_page.ok is True  # the answer's number is still on a page the run read
    invented = check_provenance("Capex was $2,222 million.", [Finding("capex", 2222, page=5)], [5], tiny_index)
    assert invented.ok is False and invented.unverified_findings == ["capex = 2222: not on page 5"]
    no_page = check_provenance("", [Finding("capex", 1749, page="")], [5], tiny_index)
    assert no_page.unverified_findings == ["capex = 1749: page (none) does not exist (6 pages)"] and no_page.ok is None


def test_text_findings_are_not_checked(tiny_index):
    passage = Finding("driver", "Higher raw material costs and litigation charges lowered the margin", "text", 2, "MD&A")
    result = check_provenance("Margins fell on costs.", [passage], [2], tiny_index)
    assert result.findings_checked == 0 and result.ok is None


def test_scale_and_rounding_are_allowed_but_a_one_digit_number_must_match_as_written(tiny_index):
    read = [4, 5]
    assert check_provenance("Capex was $1.749 billion.", [], read, tiny_index).ok is True
    assert check_provenance("Capex was about $1.7 billion.", [], read, tiny_index).ok is True
    assert check_provenance("Net sales were $34.2 billion.", [], read, tiny_index).ok is True
    assert check_provenance("Net sales were $34.3 billion.", [], read, tiny_index).ok is False  # not a rounding of 34,229
    assert check_provenance("Capex was about $2 billion.", [], read, tiny_index).ok is False  # one digit: anything from 1.5 to 2.5


def test_one_arithmetic_step_from_traced_numbers_or_verified_findings_is_derived(tiny_index):
    answer = "Capex of $1.749 billion is 5.1% of net sales of $34,229 million (pp. 4-5)."
    result = check_provenance(answer, [], [4, 5], tiny_index)
    assert result.ok is True and result.traced == 2 and result.derived == 1
    assert check_provenance("Capex / sales = 5.11%", [CAPEX, SALES], [4, 5], tiny_index).ok is True
    # The same ratio from findings whose pages were never read is not traceable.
    assert check_provenance("Capex / sales = 5.11%", [CAPEX, SALES], [], tiny_index).ok is False
    # Nor is a ratio of numbers that are on the pages but neither in the answer nor found.
    assert check_provenance("Capex is 5.11% of sales.", [], [4, 5], tiny_index).ok is False


def test_no_number_means_nothing_to_check(tiny_index):
    assert check_provenance("Consumer dragged growth.", [], [], tiny_index).ok is None
    assert check_provenance("", [], [], tiny_index).ok is None


def test_a_flood_of_numbers_is_checked_quickly_and_mostly_untraced(tiny_index):
    answer = " ".join(f"{n:,}.{n % 97:02d} million" for n in range(10_000, 12_000))
    result = check_provenance(answer, [CAPEX, SALES], [1, 2, 3, 4, 5, 6], tiny_index)
    assert result.numbers == 2000 and result.ok is False and len(result.untraced) == 20


def test_the_answers_own_arithmetic_is_checked_and_its_constants_are_not_figures(tiny_index):
    answer = "Capex / sales = 1,749 / 34,229 * 100 = 5.11%; growth (34,229 / 35,355 - 1) * 100 = -3.18%."
    result = check_provenance(answer, [], [4, 5], tiny_index)
    assert result.ok is True and result.numbers == 6  # 1,749, 34,229 (twice), 35,355 and both results; not the 1 or the 100
    wrong = check_provenance("Capex / sales = 1,749 / 34,229 * 100 = 7.11%", [], [4, 5], tiny_index)
    assert wrong.ok is False and wrong.untraced == ["7.11%"]  # arithmetic shown but wrong
    unread = check_provenance("Turnover = 34,229 / ((9,178 + 9,429) / 2) = 3.68", [], [4], tiny_index)
    assert unread.ok is False and "9,178" in unread.untraced  # an operand on a page never read


def test_a_step_from_derived_numbers_is_derived(tiny_index):
    # Margins 19.1% and 20.8% are one step from page 4's figures; their difference is one more.
    answer = "Operating margin fell 1.7 points, from 20.8% to 19.1% (operating income 7,369 and 6,539 over net sales 35,355 and 34,229)."
    assert check_provenance(answer, [], [4], tiny_index).ok is True


def test_a_hostile_answer_is_checked_in_linear_time(tiny_index):
    import time

    started = time.perf_counter()
    check_provenance("1 " * 40_000 + "= 2", [], [4], tiny_index)
    check_provenance("(" * 5_000 + "1 + 1" + ")" * 5_000 + " = 2", [], [4], tiny_index)
    assert time.perf_counter() - started < 30  # a sanity bound on a pathological input, not a benchmark


def test_shown_arithmetic_may_round_its_result_to_the_decimals_written(tiny_index):
    assert check_provenance("ROA = 6,539 / ((46,455 + 47,072) / 2) = 0.14", [], [4, 6], tiny_index).ok is True
    assert check_provenance("ROA = 6,539 / ((46,455 + 47,072) / 2) = 0.2", [], [4, 6], tiny_index).ok is False


def test_arithmetic_on_constants_alone_traces_nothing(tiny_index):
    assert check_provenance("Revenue was 12 * 100 = 1,200 million.", [], [4], tiny_index).ok is False
    assert check_provenance("The reserve was 777,777 * 1 = 777,777 (p. 4).", [], [4], tiny_index).ok is False


def test_a_number_is_not_traced_to_a_year_another_scale_or_two_steps(tiny_index):
    # Each of these was traced: a percent and a per-share figure read in a table's millions,
    # an amount read from the year of a column head, a ratio made in two steps with constants.
    read = [4, 5]
    assert check_provenance("The margin was 34.2%.", [], read, tiny_index).ok is False  # 34,229 in millions is no 34.2%
    assert check_provenance("Earnings were $5.78 per share.", [], read, tiny_index).ok is False  # nor 5,777 $5.78
    assert check_provenance("Capex was $2.02 billion.", [], read, tiny_index).ok is False  # "2020" heads a column
    assert check_provenance("Sales per day were 31.3%.", [], read, tiny_index).ok is False  # 34,229 / 3 / 365
    # and what is on the pages as written, or in the scale the answer names, still is
    assert check_provenance("Net sales were $34.2 billion; the margin was 19.1%.", [], [2, 4], tiny_index).ok is True
    assert check_provenance("Capex was $1,749,000,000.", [], read, tiny_index).ok is True
    assert check_provenance("Net sales fell 3.2% to $34,229 million.", [], [2], tiny_index).ok is True
