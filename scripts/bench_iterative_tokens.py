"""Tokens of a three-iteration iterative run on the 3M FY2022 10-K, with scripted replies.

    python scripts/bench_iterative_tokens.py
    python scripts/bench_iterative_tokens.py --full-index     # extraction turns see the whole index
    python scripts/bench_iterative_tokens.py --pdf data/pdfs/OTHER.pdf --sections a,b,c

The design's target is < 25k tokens per run. This measures what the harness itself sends:
a scripted model (no LLM) whose extraction agent fetches one section per iteration and
returns two findings, and whose synthesis agent asks for more twice, then answers. Token
counts are the estimator's (``core/llm/tokens.py``), the same as the offline model's, so
the figure compares prompt sizes, not a bill. Printed per role and per call.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.llm.base import ProviderSettings  # noqa: E402
from core.llm.client import ModelClient, RunMeter  # noqa: E402
from core.llm.providers.scripted import register_script  # noqa: E402
from core.llm.registry import create_provider, parse_model_spec  # noqa: E402
from core.llm.tokens import estimate_request_tokens  # noqa: E402
from core.llm.types import CompletionRequest  # noqa: E402
from core.paths import INDEX_DIR, PDF_DIR  # noqa: E402
from core.trace import Trace  # noqa: E402
from retrievers import get_retriever  # noqa: E402
from retrievers.base import ModeOptions, RetrievalContext  # noqa: E402
from retrievers.index import load_or_build_index  # noqa: E402
from retrievers.tools import SectionTools  # noqa: E402

QUESTION = "Is 3M a capital-intensive business based on FY2022 data?"
SECTIONS = ("consolidated_statement_of_cash_flows", "consolidated_statement_of_income", "consolidated_balance_sheet")


def scripted_model(sections: list[str]):
    """Extraction: fetch the iteration's section, then return two findings. Synthesis:
    needs, needs, answer."""
    state = {"extraction": 0, "synthesis": 0}

    def respond(request: CompletionRequest):
        if request.role == "extractor":
            if len(request.messages) == 1:
                node = sections[state["extraction"] % len(sections)]
                state["extraction"] += 1
                return {"tool_calls": [{"name": "fetch_section", "arguments": {"node_id": node}}]}
            node = sections[(state["extraction"] - 1) % len(sections)]
            findings = [
                {"label": f"{node}_figure_{i}", "value": 1000 + i, "unit": "millions_usd", "page": 50, "section": node, "context": "a figure"}
                for i in range(2)
            ]
            return {"tool_calls": [{"name": "return", "arguments": {"findings": findings, "sections_searched": [node]}}]}
        state["synthesis"] += 1
        if state["synthesis"] < 3:
            return json.dumps({"status": "needs", "needs": f"item {state['synthesis'] + 1}", "reason": "more data"})
        return json.dumps({"status": "answer", "answer": "No (p. 50)", "sources": ["p. 50"]})

    return respond


def measure(pdf: Path, sections: list[str], compact_index: bool) -> None:
    index = load_or_build_index(pdf, INDEX_DIR)
    register_script("bench_iterative_tokens", scripted_model(sections))
    provider = create_provider(parse_model_spec("scripted:bench_iterative_tokens"), ProviderSettings())
    trace = Trace(None)
    meter = RunMeter()
    ctx = RetrievalContext(ModelClient(provider).bind(meter=meter, trace=trace), SectionTools(index, trace), trace, ModeOptions(max_iterations=3, compact_index=compact_index))
    result = asyncio.run(get_retriever("iterative").retrieve(index, QUESTION, ctx))
    shown = "folded" if compact_index else "full"
    print(f"{pdf.name}: {index.page_count} pages, {len(index.all_nodes())} sections, {shown} index; status {result.status}, {result.iterations} iterations")
    for number, request in enumerate(provider.requests, 1):  # type: ignore[attr-defined]
        print(f"  call {number:2d} {request.role:12s} {len(request.messages)} messages  {estimate_request_tokens(request):6,d} input tokens")
    for role, usage in sorted(meter.by_role.items()):
        print(f"  {role:12s} {usage.total:7,d} tokens")
    print(f"  total        {meter.usage.total:7,d} tokens (estimated; target < 25,000)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pdf", type=Path, default=PDF_DIR / "3M_2022_10K.pdf")
    parser.add_argument("--sections", default=",".join(SECTIONS), help="node ids fetched in iterations 1, 2, 3")
    parser.add_argument("--full-index", action="store_true", help="extraction turns see the whole section index (the old behaviour)")
    args = parser.parse_args()
    measure(args.pdf, [s for s in args.sections.split(",") if s], not args.full_index)


if __name__ == "__main__":
    main()
