"""Iterative mode against its design document, with a scripted model."""
import json

from conftest import run_mode

from core.protocol import read_block
from core.results import FailedSearch
from core.trace import read_trace
from retrievers.base import ModeOptions

QUESTION = "If we exclude the impact of M&A, which segment has dragged down ACME's overall growth in 2022?"
CONSUMER = {"label": "consumer_organic_growth_2022", "value": -0.9, "unit": "percent", "page": 3, "section": "Performance by Business Segment", "context": "Consumer organic sales change"}
HEALTH = {"label": "health_care_organic_growth_2022", "value": 3.2, "unit": "percent", "page": 3, "section": "Performance by Business Segment", "context": "Health Care organic sales change"}


def extractor(findings_by_call, fetch="item_7_performance_by_business_segment"):
    """An extraction agent that fetches one section, then returns the next scripted findings
    (or fails, when the scripted entry is a string)."""
    calls = iter(findings_by_call)

    def turn(request):
        if len(request.messages) == 1:
            return {"tool_calls": [{"name": "fetch_section", "arguments": {"node_id": fetch}}]}
        outcome = next(calls)
        if isinstance(outcome, str):
            return {"tool_calls": [{"name": "fail", "arguments": {"reason": outcome}}]}
        return {"tool_calls": [{"name": "return", "arguments": {"findings": outcome, "sections_searched": [fetch]}}]}

    return turn


def script(extract, synth_replies, seen=None):
    replies = iter(synth_replies)

    def respond(request):
        if request.role == "extractor":
            return extract(request)
        assert request.role == "synthesizer" and not request.tools  # single-turn, no tools
        if seen is not None:
            seen.append(request)
        return json.dumps(next(replies))

    return respond


def test_answer_in_one_iteration_with_the_question_as_first_item(tiny_index):
    seen = []
    answer = {"status": "answer", "answer": "Consumer: -0.9% organic (p. 3)", "sources": ["p. 3"], "confidence": "high"}
    first_items = []

    def extract(request):
        if len(request.messages) == 1:
            first_items.append(read_block(request.messages[0].text, "shopping_item"))
        return extractor([[CONSUMER]])(request) if len(request.messages) == 1 else {"tool_calls": [{"name": "return", "arguments": {"findings": [CONSUMER], "sections_searched": ["x"]}}]}

    result, meter, tools, provider = run_mode("iterative", tiny_index, QUESTION, script=script(extract, [answer], seen))
    assert result.status == "ok" and result.answer.startswith("Consumer") and result.sources == ["p. 3"]
    assert result.iterations == 1 and len(result.findings) == 1
    assert first_items == [QUESTION]  # no planning call: the first shopping item is the question
    assert [r.role for r in provider.requests] == ["extractor", "extractor", "synthesizer"]
    assert set(meter.by_role) == {"extractor", "synthesizer"}


def test_needs_then_answer_appends_findings(tiny_index):
    seen = []
    replies = [
        {"status": "needs", "needs": "Health Care organic sales growth 2022", "reason": "need the other segments"},
        {"status": "answer", "answer": "Consumer (-0.9%) dragged growth (p. 3)", "sources": ["p. 3"]},
    ]
    result, *_ = run_mode("iterative", tiny_index, QUESTION, script=script(extractor([[CONSUMER], [HEALTH]]), replies, seen))
    assert result.status == "ok" and result.iterations == 2
    assert [f.label for f in result.findings] == [CONSUMER["label"], HEALTH["label"]]  # append-only
    second = read_block(seen[1].messages[0].text, "findings")
    assert "1. consumer_organic_growth_2022" in second and "2. health_care_organic_growth_2022" in second


def test_failed_extraction_reason_reaches_the_next_synthesis(tiny_index):
    seen = []
    replies = [
        {"status": "needs", "needs": "M&A impact per segment", "reason": "to exclude M&A"},
        {"status": "answer", "answer": "Consumer", "sources": ["p. 3"]},
    ]
    extract = extractor([[CONSUMER], "No per-segment M&A breakdown in the segment note"])
    result, *_ = run_mode("iterative", tiny_index, QUESTION, script=script(extract, replies, seen))
    assert result.failed_searches == [
        FailedSearch("M&A impact per segment", "No per-segment M&A breakdown in the segment note", ["item_7_performance_by_business_segment"])
    ]
    failed_block = read_block(seen[1].messages[0].text, "failed_searches")
    assert "No per-segment M&A breakdown" in failed_block and "M&A impact per segment" in failed_block


def test_max_iterations_then_last_chance(tiny_index):
    seen = []
    needs = {"status": "needs", "needs": "more data", "reason": "not enough"}
    last = {"status": "answer", "answer": "Consumer, from the data found", "sources": ["p. 3"]}
    result, *_ = run_mode(
        "iterative", tiny_index, QUESTION, script=script(extractor([[CONSUMER]] * 2), [needs, needs, last], seen),
        options=ModeOptions(max_iterations=2),
    )
    assert result.status == "ok" and result.iterations == 2
    assert len(seen) == 3
    assert "last_chance=true" in read_block(seen[2].messages[0].text, "loop")
    assert "last_chance=false" in read_block(seen[1].messages[0].text, "loop")


def test_last_chance_may_fail_and_nothing_forces_an_answer(tiny_index):
    needs = {"status": "needs", "needs": "more", "reason": "x"}
    result, *_ = run_mode(
        "iterative", tiny_index, QUESTION, script=script(extractor([[CONSUMER]]), [needs, {"status": "needs", "needs": "still more"}]),
        options=ModeOptions(max_iterations=1),
    )
    assert result.status == "fail" and "still needed" in result.reason


def test_fail_with_reason(tiny_index):
    fail = {"status": "fail", "reason": "The filing has no segment data"}
    result, *_ = run_mode("iterative", tiny_index, QUESTION, script=script(extractor([[CONSUMER]]), [fail]))
    assert result.status == "fail" and result.reason == "The filing has no segment data"


def test_synthesis_never_sees_raw_pdf_text(tiny_index):
    seen = []
    replies = [{"status": "needs", "needs": "Health Care growth", "reason": "x"}, {"status": "answer", "answer": "Consumer", "sources": ["p. 3"]}]
    run_mode("iterative", tiny_index, QUESTION, script=script(extractor([[CONSUMER], [HEALTH]]), replies, seen))
    raw = tiny_index.pages[2]  # the page the extraction agent fetched
    for request in seen:
        prompt = request.system + "".join(m.text for m in request.messages)
        assert "[Page 3]" not in prompt
        for sentence in raw.split(". "):
            if len(sentence) > 40:  # a section title may appear as provenance; sentences may not
                assert sentence not in prompt
        assert not any(m.tool_results for m in request.messages)


def test_extraction_cache_skips_a_section_already_extracted_for_the_same_item(tiny_index, tmp_path):
    replies = [{"status": "needs", "needs": QUESTION, "reason": "again"}, {"status": "answer", "answer": "Consumer", "sources": ["p. 3"]}]
    extraction_inputs = []

    def extract(request):
        if len(request.messages) == 1:
            return {"tool_calls": [{"name": "fetch_section", "arguments": {"node_id": "item_7_performance_by_business_segment"}}]}
        extraction_inputs.append(request.messages[-1].tool_results[0].content)
        return {"tool_calls": [{"name": "return", "arguments": {"findings": [CONSUMER], "sections_searched": ["item_7_performance_by_business_segment"]}}]}

    trace = tmp_path / "trace.jsonl"
    result, meter, tools, _ = run_mode("iterative", tiny_index, QUESTION, script=script(extract, replies), trace_path=trace)
    first, second = (json.loads(c) for c in extraction_inputs)
    assert "content" in first and "already_extracted" not in first
    assert second["already_extracted"] is True and second["findings"][0]["label"] == CONSUMER["label"]
    assert "content" not in second  # not fetched again
    assert tools.stats.fetch == 1 and result.extra["extraction_cache_hits"] == 1
    assert any(e["event"] == "extraction_cache_hit" for e in read_trace(trace))


def test_run_record_fields_via_offline_model(tiny_index):
    result, meter, tools, _ = run_mode("iterative", tiny_index, "What is ACME's FY2022 capital expenditure amount (in USD millions)? Use the cash flow statement.")
    assert result.status == "ok" and "1,749" in result.answer
    assert result.iterations >= 1 and result.findings and all(f.label and f.value is not None and f.page_number and f.section for f in result.findings)
    assert set(meter.by_role) == {"extractor", "synthesizer"} and meter.usage.estimated
