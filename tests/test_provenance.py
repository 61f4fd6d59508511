"""Provenance: the answer's numbers traced to findings or cited pages, or derived from them."""
from core.results import Finding
from harness.metrics.provenance import check_provenance


def test_numbers_on_a_cited_page_are_traced(tiny_index):
    result = check_provenance("Capex was $1,749 million (p. 5).", ["p. 5"], [], [5], tiny_index)
    assert result.ok is True and result.traced == 1  # printed as (1,749): the sign is presentation


def test_a_page_that_was_not_read_or_not_cited_traces_nothing(tiny_index):
    assert check_provenance("Capex was $1,749 million (p. 5).", ["p. 5"], [], [4], tiny_index).ok is False
    assert check_provenance("Capex was $1,749 million.", [], [], [5], tiny_index).ok is False


def test_scale_words_and_arithmetic_are_accepted(tiny_index):
    answer = "Capex of $1.749 billion is 5.1% of net sales of $34,229 million (pp. 4-5)."
    result = check_provenance(answer, ["p. 4", "p. 5"], [], [4, 5], tiny_index)
    assert result.ok is True and result.derived == 1


def test_findings_trace_and_invented_numbers_do_not(tiny_index):
    findings = [Finding("capex", 1749, page=5), Finding("sales", 34229, page=4)]
    assert check_provenance("Capex / sales = 5.11%", [], findings, [], tiny_index).ok is True
    result = check_provenance("Capex was $2,222 million.", [], findings, [], tiny_index)
    assert result.ok is False and result.untraced


def test_no_number_means_nothing_to_check(tiny_index):
    assert check_provenance("Consumer dragged growth.", [], [], [], tiny_index).ok is None
