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


def test_the_last_iterations_synthesis_is_the_last_chance_and_no_call_follows(tiny_index):
    seen = []
    needs = {"status": "needs", "needs": "more data", "reason": "not enough"}
    last = {"status": "answer", "answer": "Consumer, from the data found", "sources": ["p. 3"]}
    result, _, _, provider = run_mode(
        "iterative", tiny_index, QUESTION, script=script(extractor([[CONSUMER]] * 2), [needs, last], seen),
        options=ModeOptions(max_iterations=2),
    )
    assert result.status == "ok" and result.iterations == 2
    assert len(seen) == 2  # one synthesis per iteration: no extra call after the last one
    assert "last_chance=false" in read_block(seen[0].messages[0].text, "loop")
    assert "last_chance=true" in read_block(seen[1].messages[0].text, "loop")
    assert "This is the last chance" in seen[1].messages[0].text and "last chance" not in seen[0].messages[0].text
    assert [r.role for r in provider.requests].count("extractor") == 4  # two extractions of two turns


def test_last_chance_may_fail_and_nothing_forces_an_answer(tiny_index):
    result, _, _, provider = run_mode(
        "iterative", tiny_index, QUESTION, script=script(extractor([[CONSUMER]]), [{"status": "needs", "needs": "still more"}]),
        options=ModeOptions(max_iterations=1),
    )
    assert result.status == "fail" and "still needed: still more" in result.reason
    assert [r.role for r in provider.requests].count("synthesizer") == 1


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


def test_extraction_cache_answers_a_section_read_for_another_item_and_a_second_ask_reads_it(tiny_index, tmp_path):
    section = "item_7_performance_by_business_segment"
    replies = [{"status": "needs", "needs": "Health Care organic sales growth 2022", "reason": "other segments"},
               {"status": "needs", "needs": "Safety and Industrial organic growth", "reason": "the last segment"},
               {"status": "answer", "answer": "Consumer", "sources": ["p. 3"]}]
    results_seen: list[list[dict]] = []

    def extract(request):
        if len(request.messages) == 1:
            results_seen.append([])
            return {"tool_calls": [{"name": "fetch_section", "arguments": {"node_id": section}}]}
        results_seen[-1].append(json.loads(request.messages[-1].tool_results[0].content))
        iteration = len(results_seen)
        if iteration == 3 and len(results_seen[-1]) == 1:  # the cached findings lack it: read the text
            return {"tool_calls": [{"name": "fetch_section", "arguments": {"node_id": section}}]}
        finding = [CONSUMER, HEALTH, {**HEALTH, "label": "safety_growth", "value": 1.0}][iteration - 1]
        return {"tool_calls": [{"name": "return", "arguments": {"findings": [finding], "sections_searched": [section]}}]}

    trace = tmp_path / "trace.jsonl"
    result, meter, tools, _ = run_mode("iterative", tiny_index, QUESTION, script=script(extract, replies), trace_path=trace)
    first, second, third = results_seen
    assert "content" in first[0] and "already_extracted" not in first[0]
    # Iteration 2 looks for another item in the same section: answered from iteration 1's findings.
    assert second[0]["already_extracted"] is True and "content" not in second[0]
    assert [f["label"] for f in second[0]["findings"]] == [CONSUMER["label"]]
    # Iteration 3: the cached findings are offered, then asking again reads the text.
    assert third[0]["already_extracted"] is True and "content" in third[1]
    assert tools.stats.fetch == 2 and result.extra["extraction_cache_hits"] == 2
    assert [f.label for f in result.findings] == [CONSUMER["label"], HEALTH["label"], "safety_growth"]
    assert sum(e["event"] == "extraction_cache_hit" for e in read_trace(trace)) == 2


def test_no_extraction_cache_reads_the_text_every_time(tiny_index):
    replies = [{"status": "needs", "needs": "Health Care growth", "reason": "x"}, {"status": "answer", "answer": "Consumer", "sources": ["p. 3"]}]
    result, _, tools, _ = run_mode("iterative", tiny_index, QUESTION, script=script(extractor([[CONSUMER], [HEALTH]]), replies),
                                   options=ModeOptions(extraction_cache=False))
    assert tools.stats.fetch == 2 and result.extra["extraction_cache_hits"] == 0


def test_sections_tried_include_the_sections_grepped(tiny_index):
    replies = [{"status": "needs", "needs": "M&A impact per segment", "reason": "x"}, {"status": "fail", "reason": "not disclosed"}]

    def extract(request):
        item = read_block(request.messages[0].text, "shopping_item")
        if item == QUESTION:
            return extractor([[CONSUMER]])(request)
        if len(request.messages) == 1:
            return {"tool_calls": [{"name": "grep_section", "arguments": {"node_id": "all", "pattern": "acquisition"}},
                                   {"name": "grep_section", "arguments": {"node_id": "item_7_results_of_operations", "pattern": "M&A"}},
                                   {"name": "grep_section", "arguments": {"node_id": "consolidated_statement_of_income", "pattern": "divest"}}]}
        return {"tool_calls": [{"name": "fail", "arguments": {"reason": "no M&A figures"}}]}

    result, *_ = run_mode("iterative", tiny_index, QUESTION, script=script(extract, replies))
    assert result.failed_searches == [
        FailedSearch("M&A impact per segment", "no M&A figures", ["all", "item_7_results_of_operations", "consolidated_statement_of_income"])
    ]


def test_extractor_turns_bound_each_extraction(tiny_index):
    def wander(request):  # greps forever, never returns
        return {"tool_calls": [{"name": "grep_section", "arguments": {"node_id": "all", "pattern": f"x{len(request.messages)}"}}]}

    fail = {"status": "fail", "reason": "nothing found"}
    for turns in (2, 5):
        result, _, _, provider = run_mode("iterative", tiny_index, QUESTION, script=script(wander, [fail]), options=ModeOptions(extractor_turns=turns))
        assert [r.role for r in provider.requests].count("extractor") == turns and result.turns == turns
        assert result.failed_searches[0].reason == f"turn limit of {turns} reached without a result"


def test_extraction_turns_see_the_folded_index_and_three_iterations_on_the_3m_10k_stay_under_25k_tokens():
    """The design's < 25k tokens: a scripted run of three iterations, one section fetched per
    iteration, on the 252-page 3M 10-K (estimated tokens, deterministic)."""
    from core.llm.tokens import estimate_tokens
    from core.paths import INDEX_DIR, PDF_DIR
    from retrievers.index import load_or_build_index
    from retrievers.section_index import FOLDED_TOKENS, section_index

    index = load_or_build_index(PDF_DIR / "3M_2022_10K.pdf", INDEX_DIR)
    sections = iter(["consolidated_statement_of_cash_flows", "consolidated_statement_of_income", "consolidated_balance_sheet"])
    found = {"label": "capex_2022", "value": 1749, "unit": "millions_usd", "page": 52, "section": "Cash flows", "context": "capex"}
    seen = []

    def extract(request):
        if len(request.messages) == 1:
            seen.append(read_block(request.messages[0].text, "sections"))
            return {"tool_calls": [{"name": "fetch_section", "arguments": {"node_id": next(sections)}}]}
        return {"tool_calls": [{"name": "return", "arguments": {"findings": [found], "sections_searched": []}}]}

    replies = [{"status": "needs", "needs": "net sales 2022", "reason": "x"}, {"status": "needs", "needs": "total assets", "reason": "x"},
               {"status": "answer", "answer": "No (p. 52)", "sources": ["p. 52"]}]
    result, meter, *_ = run_mode("iterative", index, "Is 3M capital-intensive based on FY2022 data?", script=script(extract, replies),
                                 options=ModeOptions(max_iterations=3))
    assert result.status == "ok" and result.iterations == 3
    folded = seen[0]
    assert estimate_tokens(folded) <= FOLDED_TOKENS < estimate_tokens(section_index(index)) / 3
    assert all(f"- {node.node_id} (" in folded for node in index.nodes)  # every top-level section is listed
    assert "note_19_business_segments_and_geographic_information" in folded and "subsections]" in folded
    assert meter.usage.total < 25_000
    # The same run with the full index (summaries, every node) is over the target.
    full, full_meter, *_ = run_mode("iterative", index, "Is 3M capital-intensive based on FY2022 data?",
                                    options=ModeOptions(max_iterations=3, compact_index=False),
                                    script=script(extractor([[found]] * 3, fetch="consolidated_statement_of_cash_flows"), replies))
    assert full.status == "ok" and full_meter.usage.total > 2 * meter.usage.total > 25_000 / 2


def test_run_record_fields_via_offline_model(tiny_index):
    result, meter, tools, _ = run_mode("iterative", tiny_index, "What is ACME's FY2022 capital expenditure amount (in USD millions)? Use the cash flow statement.")
    assert result.status == "ok" and "1,749" in result.answer
    assert result.iterations >= 1 and result.findings and all(f.label and f.value is not None and f.page_number and f.section for f in result.findings)
    assert set(meter.by_role) == {"extractor", "synthesizer"} and meter.usage.estimated
