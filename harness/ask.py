"""Ad-hoc questions: one question, one PDF, one mode, one model, answered with cited pages.

An ask is a run like any other (``run_one``): the same budgets, trace and measures; it
simply has no gold answer and no sweep folder.
"""
from __future__ import annotations

import asyncio
from pathlib import Path

from core import paths
from core.errors import UserError
from core.files import new_stamped_file
from core.llm.base import ModelSpec, ProviderSettings
from core.llm.cache import ResponseCache
from core.llm.registry import check_model, open_client, parse_model_spec
from core.records import RunRecord
from core.redact import redact_text
from harness.config import Budgets
from harness.dataset import MAX_QUESTION_CHARS, Question
from harness.runner.execute import RunSettings, run_one
from harness.runner.plan import RunSpec, run_id_for
from retrievers import MODES
from retrievers.base import ModeOptions
from retrievers.index import DocumentIndex, load_or_build_index


def ask(
    question: str,
    pdf: Path,
    *,
    mode: str = "agent",
    model: str = "offline",
    options: ModeOptions | None = None,
    budgets: Budgets | None = None,
    trace_dir: Path | None = None,
    settings: ProviderSettings | None = None,
    cache_path: Path | None = paths.CACHE_DIR / "responses.sqlite",
    index_dir: Path = paths.INDEX_DIR,
) -> RunRecord:
    """Answer ``question`` from ``pdf``; with ``trace_dir`` the trace is kept there."""
    settings = settings or ProviderSettings()
    # As a questions file's question: a blank one would spend model calls on nothing.
    if not question.strip():
        raise UserError("the question is empty", "ask something, e.g. bench.py ask \"What was 3M's FY2022 capex?\" --pdf ...")
    if len(question) > MAX_QUESTION_CHARS:
        raise UserError(f"the question is {len(question):,} characters, over the limit of {MAX_QUESTION_CHARS:,}",
                        "ask a question, not a document")
    if mode not in MODES:
        raise UserError(f"unknown mode {mode!r}", f"use one of {', '.join(MODES)}")
    (options or ModeOptions()).check()
    spec = parse_model_spec(model)
    check_model(spec, settings)
    index = load_or_build_index(pdf, index_dir)
    target = Question(id="ask", doc_name=index.doc_name, text=question)
    name = redact_text(model)  # the record never holds a credential from a base URL
    run = RunSpec(run_id_for(name, mode, "ask", 1), target, name, mode, 1)
    trace_path = new_stamped_file(trace_dir, f"_{mode}.jsonl") if trace_dir else None
    run_settings = RunSettings(options or ModeOptions(), budgets or Budgets())
    return asyncio.run(_ask(run, spec, index, settings, run_settings, trace_path, cache_path))


async def _ask(run: RunSpec, spec: ModelSpec, index: DocumentIndex, settings: ProviderSettings, run_settings: RunSettings,
               trace_path: Path | None, cache_path: Path | None) -> RunRecord:
    cache = ResponseCache(cache_path) if cache_path else None
    client = open_client(spec, settings, cache=cache)
    try:
        return await run_one(run, client, index, run_settings, trace_path=trace_path)
    finally:
        await client.aclose()
        if cache:
            cache.close()
