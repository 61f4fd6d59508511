from __future__ import annotations

import importlib.util
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from wire_server import WireServer

# Analyses record their sweep in the history database: the tests' go to a throwaway one,
# never the repository's data/history.sqlite (subprocesses inherit this too).
os.environ["PAGEINDEX_HISTORY_DB"] = os.path.join(tempfile.mkdtemp(prefix="pageindex-history-"), "history.sqlite")

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


def load_script(name: str) -> ModuleType:
    """A script of ``scripts/`` (not a package) loaded as a module, to call its ``main``."""
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def wire_server() -> Iterator[WireServer]:
    """A started local server speaking the Anthropic, Bedrock and OpenAI wire protocols
    (see ``tests/wire_server.py``); stopped after the test."""
    with WireServer() as server:
        yield server


def _tiny_pages() -> list[str]:
    return [
        "ACME CORP\nFORM 10-K\nFor the fiscal year ended December 31, 2022\nTable of Contents",
        "Item 7. Management's Discussion and Analysis\nResults of Operations\n"
        "Operating income margin was 19.1% in 2022 compared with 20.8% in 2021. The decrease was primarily due to "
        "higher raw material costs and litigation charges. Net sales decreased 3.2% to $34,229 million.",
        "Performance by Business Segment\nConsumer segment sales decreased 0.9% organically in 2022. "
        "Health Care organic sales grew 3.2%. Safety and Industrial organic sales grew 1.0%.",
        "Item 8. Financial Statements\nConsolidated Statement of Income\n(Millions) 2022 2021 2020\n"
        "Net sales $ 34,229 $ 35,355 $ 32,184\nCost of sales 19,232 18,795 16,605\n"
        "Operating income 6,539 7,369 7,161\nNet income attributable to Acme $ 5,777 $ 5,921 $ 5,449",
        "Consolidated Statement of Cash Flows\n(Millions) 2022 2021 2020\n"
        "Net cash provided by operating activities 5,591 7,454 8,113\n"
        "Purchases of property, plant and equipment (PP&E) (1,749) (1,603) (1,501)\n"
        "Depreciation and amortization 1,831 1,915 1,911",
        "Consolidated Balance Sheet\n(Millions) 2022 2021\nTotal current assets 14,688 15,403\n"
        "Property, plant and equipment, net 9,178 9,429\nTotal assets $ 46,455 $ 47,072\n"
        "Total current liabilities 9,523 9,035",
    ]


def make_tiny_index():
    """A six-page synthetic filing with a realistic tree; no PDF needed."""
    from retrievers.index.tree import DocumentIndex, Node

    nodes = [
        Node("front_matter", "Front matter", 1, 1, "Cover page of the annual report."),
        Node(
            "item_7_managements_discussion_and_analysis", "Item 7. Management's Discussion and Analysis", 2, 3,
            "Results of operations and segment performance.",
            [
                Node("item_7_results_of_operations", "Results of Operations", 2, 2, "Operating income margin, net sales."),
                Node("item_7_performance_by_business_segment", "Performance by Business Segment", 3, 3, "Organic sales growth by segment."),
            ],
        ),
        Node(
            "item_8_financial_statements", "Item 8. Financial Statements", 4, 6, "The consolidated financial statements.",
            [
                Node("consolidated_statement_of_income", "Consolidated Statement of Income", 4, 4, "Net sales, Cost of sales, Operating income, Net income"),
                Node("consolidated_statement_of_cash_flows", "Consolidated Statement of Cash Flows", 5, 5, "Operating cash flow, Purchases of PP&E, Depreciation"),
                Node("consolidated_balance_sheet", "Consolidated Balance Sheet", 6, 6, "Current assets, PP&E net, Total assets, Current liabilities"),
            ],
        ),
    ]
    return DocumentIndex("ACME_2022_10K", _tiny_pages(), nodes, "structure", "0" * 64, "test")


@pytest.fixture
def tiny_index():
    return make_tiny_index()


def run_mode(mode, index, question, model="offline", *, script=None, options=None, trace_path=None):
    """Run one retrieval mode through the real client stack (scripted or offline model).

    Returns (result, meter, tools, provider) so tests can inspect what the model was sent.
    """
    import asyncio

    from core.llm.base import ProviderSettings
    from core.llm.client import ModelClient, RunMeter
    from core.llm.providers.scripted import register_script
    from core.llm.registry import create_provider, parse_model_spec
    from core.trace import Trace
    from retrievers import get_retriever
    from retrievers.base import ModeOptions, RetrievalContext
    from retrievers.tools import SectionTools

    if script is not None:
        register_script("test", script)
        model = "scripted:test"
    provider = create_provider(parse_model_spec(model), ProviderSettings())
    client = ModelClient(provider)
    trace = Trace(trace_path)
    meter = RunMeter()
    tools = SectionTools(index, trace)
    ctx = RetrievalContext(client.bind(meter=meter, trace=trace), tools, trace, options or ModeOptions())
    result = asyncio.run(get_retriever(mode).retrieve(index, question, ctx))
    trace.close()
    return result, meter, tools, provider
