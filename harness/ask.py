"""Ad-hoc questions: one question, one PDF, one mode, one model, answered with cited pages."""
from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path

from harness import paths
from harness.llm.base import ProviderSettings
from harness.llm.cache import ResponseCache
from harness.llm.client import RunMeter
from harness.llm.registry import check_model, open_client, parse_model_spec
from harness.sweepdir import utc_stamp
from harness.trace import Trace
from retrievers import check_modes, get_retriever
from retrievers.base import ModeOptions, RetrievalContext, RetrievalResult
from retrievers.index import load_or_build_index
from retrievers.tools import SectionTools


@dataclass
class AskResult:
    result: RetrievalResult
    meter: RunMeter
    pages_fetched: list[int]
    trace_path: Path | None


def ask(
    question: str,
    pdf: Path,
    *,
    mode: str = "agent",
    model: str = "offline",
    options: ModeOptions | None = None,
    trace_dir: Path | None = None,
    settings: ProviderSettings | None = None,
    cache_path: Path | None = paths.CACHE_DIR / "responses.sqlite",
    index_dir: Path = paths.INDEX_DIR,
) -> AskResult:
    """Answer ``question`` from ``pdf``; with ``trace_dir`` the trace is kept there."""
    settings = settings or ProviderSettings()
    check_modes([mode])
    spec = parse_model_spec(model)
    check_model(spec, settings)
    index = load_or_build_index(pdf, index_dir)
    trace_path = trace_dir / f"{utc_stamp()}_{mode}.jsonl" if trace_dir else None
    return asyncio.run(_ask(question, index, mode, spec, settings, options or ModeOptions(), trace_path, cache_path))


async def _ask(question, index, mode, spec, settings, options, trace_path, cache_path) -> AskResult:
    cache = ResponseCache(cache_path) if cache_path else None
    client = open_client(spec, settings, cache=cache)
    trace = Trace(trace_path)
    meter = RunMeter()
    tools = SectionTools(index, trace)
    ctx = RetrievalContext(client.bind(meter=meter, trace=trace), tools, trace, options)
    trace.event("run_start", question=question, model=spec.label, mode=mode, doc_name=index.doc_name)
    try:
        result = await get_retriever(mode).retrieve(index, question, ctx)
        trace.event("run_end", status=result.status, answer=result.answer, error=result.reason)
    finally:
        trace.close()
        await client.aclose()
        if cache:
            cache.close()
    return AskResult(result, meter, sorted(tools.pages_fetched), trace_path)
