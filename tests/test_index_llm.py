"""LLM indexing: the model reads the table of contents and writes the summaries, and
whatever it gets wrong (bad JSON, garbage, a provider error) falls back with a warning,
never a crash."""
from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest

import retrievers.index.builder as builder
from core.llm.base import ProviderError
from core.llm.providers.scripted import register_script, unregister_script
from core.llm.types import CompletionRequest
from core.paths import PDF_DIR
from core.protocol import read_blocks
from retrievers.index import index_path, load_or_build_index
from retrievers.index.llm_tree import LlmIndexOptions, build_llm_index
from retrievers.index.pdf import read_pdf
from retrievers.index.tree import DocumentIndex, Node

MMM = PDF_DIR / "3M_2022_10K.pdf"
NETFLIX = PDF_DIR / "NETFLIX_2017_10K.pdf"

# What a good model makes of 3M's printed table of contents (pages 2-3), plus two mistakes
# the indexer must catch: a page past the end and a page that goes backwards.
GOOD_TOC = [
    ("ITEM 1 Business", 4, 0),
    ("ITEM 1A Risk Factors", 10, 0),
    ("ITEM 1B Unresolved Staff Comments", 16, 0),
    ("ITEM 2 Properties", 16, 0),
    ("ITEM 3 Legal Proceedings", 17, 0),
    ("ITEM 5 Market for Registrant’s Common Equity, Related Stockholder Matters and Issuer Purchases of Equity", 18, 0),
    ("ITEM 7 Management’s Discussion and Analysis of Financial Condition and Results of Operations", 19, 0),
    ("Results of Operations", 27, 1),
    ("Financial Condition and Liquidity", 37, 1),
    ("ITEM 7A Quantitative and Qualitative Disclosures About Market Risk", 42, 0),
    ("ITEM 8 Financial Statements and Supplementary Data", 43, 0),
    ("Consolidated Statement of Income for years ended December 31,2022, 2021 and 2020", 48, 1),
    ("Consolidated Balance Sheet at December 31,2022 and 2021", 50, 1),
    ("Notes to Consolidated Financial Statements", 53, 1),
    ("Note 5. Restructuring Actions", 64, 2),
    ("Note 16. Commitments and Contingencies", 94, 2),
    ("Note 2. Revenue", 59, 2),  # out of the TOC's order, but its heading is on page 59: kept, in page order
    ("Note 23. Spacecraft", 30, 2),  # out of order and nowhere near page 30: dropped
    ("Note 17. Leases", 116, 2),
    ("ITEM 9A Controls and Procedures", 125, 0),
    ("ITEM 15 Exhibits, Financial Statement Schedules", 128, 0),
    ("Glossary", 999, 0),  # past the last page: dropped
]


@pytest.fixture(autouse=True)
def read_each_pdf_once(monkeypatch):
    """The indexer really reads the PDFs; each is parsed once per session to keep this fast."""
    monkeypatch.setattr(builder, "read_pdf", _read_once)


_CONTENT: dict[tuple, object] = {}


def _read_once(path, **kwargs):
    key = (str(path), tuple(sorted(kwargs.items())))
    if key not in _CONTENT:
        _CONTENT[key] = read_pdf(path, **kwargs)
    return _CONTENT[key]


@pytest.fixture
def script():
    """Register a scripted model for one test: ``script(fn) -> "scripted:<name>"``."""
    names = []

    def register(fn, name="llm_index"):
        register_script(name, fn)
        names.append(name)
        return f"scripted:{name}"

    yield register
    for name in names:
        unregister_script(name)


def section_title(request: CompletionRequest) -> str:
    found = read_blocks(request.messages[0].text, "section")
    return found[0][0].get("title", "") if found else ""


def good_toc_reply() -> str:
    return json.dumps({"entries": [{"title": t, "page": p, "level": lv} for t, p, lv in GOOD_TOC]})


def plain_model(request: CompletionRequest) -> str:
    return good_toc_reply() if request.role == "toc_parser" else '{"summary": "Model summary of a section."}'


def build(pdf: Path, model: str, tmp_path: Path, warnings: list[str] | None = None, **kwargs) -> DocumentIndex:
    sink = warnings if warnings is not None else []
    kwargs.setdefault("response_cache", None)
    return build_llm_index(pdf, model, tmp_path / "indexes", warn=sink.append, **kwargs)


def by_title(index: DocumentIndex, pattern: str) -> Node:
    found = [n for n in index.all_nodes() if re.search(pattern, n.title, re.IGNORECASE)]
    assert found, f"no node titled like {pattern!r}"
    return found[0]


def assert_well_formed(index: DocumentIndex) -> None:
    ids = [n.node_id for n in index.all_nodes()]
    assert len(ids) == len(set(ids))
    covered = {p for leaf in index.leaves() for p in range(leaf.start_page, leaf.end_page + 1)}
    assert covered == set(range(1, index.page_count + 1))
    for node in index.all_nodes():
        assert node.summary
        for child in node.children:
            assert node.start_page <= child.start_page <= child.end_page <= node.end_page


def test_a_good_toc_reply_builds_the_llm_tree_with_physical_pages(tmp_path, script):
    def model(request: CompletionRequest):
        if request.role == "toc_parser":
            assert "ITEM 7 Management" in request.messages[0].text  # the model is shown the printed TOC
            return good_toc_reply()
        return {"text": json.dumps({"summary": f"Model summary of {section_title(request)}."})}

    warnings: list[str] = []
    index = build(MMM, script(model), tmp_path, warnings)

    assert index.source == "llm:scripted:llm_index"
    assert index.meta["fallback"] is None and not warnings
    assert index.meta["toc"]["pages"] == [2, 3]
    assert index.meta["toc"]["entries"] == len(GOOD_TOC) and index.meta["toc"]["used"] == len(GOOD_TOC) - 2
    item7 = index.node("item_7_management_s_discussion_and_analysis_of_financial_condition_and_results_of_operations")
    assert item7 is not None and (item7.start_page, item7.end_page) == (19, 42)
    assert item7.title.startswith("Item 7. ")
    item8 = by_title(index, r"^Item 8\.")
    assert (item8.start_page, item8.end_page) == (43, 124)
    assert by_title(index, r"^Consolidated Statement of Income$").start_page == 48  # dates cut from the title
    assert by_title(index, r"^Note 5\.").start_page == 64
    assert by_title(index, r"^Note 16\.").start_page == 94
    assert by_title(index, r"^Note 17\.").start_page == 116
    assert by_title(index, r"^Note 2\.").start_page == 59
    assert not [n for n in index.all_nodes() if "Glossary" in n.title or "Spacecraft" in n.title]
    # Signatures and exhibits follow the last TOC entry.
    assert [n.title for n in index.nodes[-2:]] == ["Signatures", "Exhibits filed with the report"]
    assert_well_formed(index)
    assert all(n.summary.startswith("Model summary of ") for n in index.all_nodes())
    assert index.meta["summaries"]["llm"] == len(index.all_nodes())
    assert index.meta["usage"]["total"] > 0 and index.meta["llm_calls"] == 1 + len(index.all_nodes())
    assert set(index.meta["usage_by_role"]) == {"toc_parser", "summarizer"}


def test_summaries_are_requested_concurrently_and_bounded(tmp_path, script):
    in_flight, peak = 0, 0

    async def model(request: CompletionRequest):
        nonlocal in_flight, peak
        if request.role == "toc_parser":
            return good_toc_reply()
        in_flight += 1
        peak = max(peak, in_flight)
        await asyncio.sleep(0.002)
        in_flight -= 1
        return json.dumps({"summary": f"Model summary of {section_title(request)}."})

    index = build(MMM, script(model), tmp_path, options=LlmIndexOptions(concurrency=5))
    assert index.meta["summaries"]["llm"] == len(index.all_nodes())
    assert 1 < peak <= 5

    # A sweep's --concurrency bounds the provider's calls in flight for indexing too.
    peak = 0
    build(MMM, script(model), tmp_path, options=LlmIndexOptions(concurrency=5, calls_in_flight=2), rebuild=True)
    assert peak == 2


def test_malformed_toc_json_twice_falls_back_to_the_structural_tree(tmp_path, script):
    toc_calls = []

    def model(request: CompletionRequest):
        if request.role == "toc_parser":
            toc_calls.append(request)
            return "Sure! Here are the entries: [{title: Item 1, page: 4"  # never JSON
        return json.dumps({"summary": f"Model summary of {section_title(request)}."})

    warnings: list[str] = []
    index = build(MMM, script(model), tmp_path, warnings)

    assert len(toc_calls) == 2  # asked once, repaired once, then given up
    assert index.source == "structure"
    assert "table of contents unusable" in index.meta["fallback"]
    assert any("using the structural tree" in w for w in warnings)
    assert by_title(index, r"^Item 7\.").start_page == 19
    assert_well_formed(index)
    # The summaries still come from the model.
    assert index.meta["summaries"]["llm"] == len(index.all_nodes())


def test_a_garbage_summary_keeps_the_extractive_one(tmp_path, script):
    asked = []

    def model(request: CompletionRequest):
        if request.role == "toc_parser":
            return good_toc_reply()
        title = section_title(request)
        if title == "Item 2. Properties":
            asked.append(request)
            return "I cannot summarise this section, sorry"
        return json.dumps({"summary": f"Model summary of {title}."})

    warnings: list[str] = []
    index = build(MMM, script(model), tmp_path, warnings)

    assert index.source.startswith("llm:")
    properties = index.node("item_2_properties")
    assert len(asked) == 2  # one repair round for that node, no more
    assert properties.summary and not properties.summary.startswith("Model summary")
    assert "manufacturing" in properties.summary.lower() or "properties" in properties.summary.lower()
    others = [n for n in index.all_nodes() if n is not properties]
    assert all(n.summary.startswith("Model summary of ") for n in others)
    assert index.meta["summaries"]["malformed"] == 1 and index.meta["summaries"]["extractive"] == 1
    assert any("unusable" in w for w in warnings)


def test_a_provider_error_falls_back_and_is_not_cached(tmp_path, script):
    calls = []

    def model(request: CompletionRequest):
        calls.append(request.role)
        return ProviderError("bad_request", "model not found")

    warnings: list[str] = []
    index = build(MMM, script(model), tmp_path, warnings)

    assert calls == ["toc_parser"]  # no summaries asked of a failing provider
    assert index.source == "structure"
    assert "bad_request" in index.meta["fallback"]
    assert any("model error" in w for w in warnings)
    assert index.meta["summaries"]["llm"] == 0
    assert_well_formed(index)  # extractive summaries everywhere
    assert index.meta["cache"] == "not cached"
    assert not list((tmp_path / "indexes").glob("*.json"))


def test_a_provider_error_while_summarising_stops_the_calls(tmp_path, script):
    summaries = []

    def model(request: CompletionRequest):
        if request.role == "toc_parser":
            return good_toc_reply()
        summaries.append(request)
        return ProviderError("auth", "key revoked")

    warnings: list[str] = []
    index = build(MMM, script(model), tmp_path, warnings, options=LlmIndexOptions(concurrency=2))
    assert index.source.startswith("llm:")  # the tree was fine
    assert len(summaries) <= 2  # the calls already in flight, nothing after
    assert index.meta["summaries"]["llm"] == 0 and index.meta["summaries"]["skipped"] >= len(index.all_nodes()) - 2
    assert any("model error while summarising" in w for w in warnings)
    assert_well_formed(index)


def test_offline_model_builds_an_llm_index_of_3m_with_sensible_items(tmp_path):
    warnings: list[str] = []
    index = build(MMM, "offline", tmp_path, warnings)

    assert index.source == "llm:offline" and not warnings
    assert index.meta["toc"]["located"] == index.meta["toc"]["used"] >= 50
    top = {n.title.split(".")[0]: n for n in index.nodes if n.title.startswith("Item ")}
    expected = {"Item 1": 4, "Item 1A": 10, "Item 7": 19, "Item 7A": 42, "Item 8": 43, "Item 9A": 125, "Item 16": 130}
    assert {k: top[k].start_page for k in expected} == expected
    notes = by_title(index, r"^Notes to Consolidated Financial Statements$")
    assert [n.title.split(".")[0] for n in notes.children] == [f"Note {i}" for i in range(1, 20)]
    assert by_title(index, r"^Performance by Business Segment$").start_page == 28
    assert_well_formed(index)
    assert max(n.end_page - n.start_page + 1 for n in index.leaves()) <= 6  # long leaves are split
    assert index.meta["usage"]["estimated"] and index.meta["summaries"]["llm"] == len(index.all_nodes())


def test_printed_page_numbers_are_mapped_to_physical_pages(tmp_path):
    """Netflix's printed page 1 is the PDF's page 3: the TOC says Item 7 is on page 19."""
    index = build(NETFLIX, "offline", tmp_path)
    assert index.source == "llm:offline" and index.meta["toc"]["page_offset"] == 2
    assert by_title(index, r"^Item 7\.").start_page == 21
    assert by_title(index, r"^Item 1A\.").start_page == 5


def test_the_cache_keeps_llm_and_structural_indexes_apart(tmp_path, script):
    index_dir = tmp_path / "indexes"
    structural = load_or_build_index(MMM, index_dir)
    llm = build(MMM, "offline", tmp_path)
    assert structural.source == "structure" and llm.source == "llm:offline"
    paths = sorted(p.name for p in index_dir.glob("*.json"))
    assert paths == ["3M_2022_10K.json", "3M_2022_10K.llm_offline.json"]
    assert index_path(MMM, index_dir, llm.meta["variant"]).name == "3M_2022_10K.llm_offline.json"

    def unused(request):
        raise AssertionError("a cached index called the model")

    assert load_or_build_index(MMM, index_dir).source == "structure"
    again = build(MMM, "offline", tmp_path)
    assert again.meta["cache"] == "hit" and again.source == "llm:offline"
    # Another model is another file: built, not served from the offline one.
    other = build(MMM, script(plain_model), tmp_path)
    assert other.meta["cache"] == "built" and other.source == "llm:scripted:llm_index"
    register_script("llm_index", unused)
    assert build(MMM, "scripted:llm_index", tmp_path).meta["cache"] == "hit"


def test_a_rebuild_replays_model_replies_from_the_response_cache(tmp_path, script):
    model = script(plain_model)
    cache = tmp_path / "responses.sqlite"
    first = build(MMM, model, tmp_path, response_cache=cache)
    second = build(MMM, model, tmp_path, response_cache=cache, rebuild=True)
    assert first.meta["cached_calls"] == 0
    assert second.meta["cached_calls"] == second.meta["llm_calls"] == first.meta["llm_calls"]
    assert [n.node_id for n in second.all_nodes()] == [n.node_id for n in first.all_nodes()]
