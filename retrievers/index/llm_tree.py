"""Build a document's section tree with a model, as PageIndex does, and fall back safely.

The model reads the filing's printed table of contents (role ``toc_parser``) and returns its
entries ``{title, page, level}``; the code, not the model, maps each printed page number to
a physical page (from the page numbers printed in the footers, then by finding the entry's
heading on or near that page), validates the entries, and builds the tree with the same
machinery as the structural tree (``Section`` -> ``refine`` -> ``to_nodes``), so long leaves
are split and node ids follow the same rules. The model then summarises every node (role
``summarizer``), in parallel with a bounded semaphore.

Model output is never trusted to be well-formed: a reply that does not parse is re-asked
once (``ask_json``); a table of contents that still cannot be used falls back to the
structural tree, a summary that cannot be used keeps the extractive one, and a provider
error stops all model calls and keeps the structural index. Every fallback is a warning and
a line in ``index.meta``, never a crash and never an unbounded loop.
"""
from __future__ import annotations

import asyncio
import re
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from core.llm.base import ModelSpec, ProviderError, ProviderSettings
from core.llm.budget import SpendLedger, SweepBudgetExhausted
from core.llm.cache import ResponseCache
from core.llm.client import BudgetExceeded, RunMeter, RunModel
from core.llm.registry import check_model, open_client, parse_model_spec
from core.llm.retry import RetryPolicy
from core.paths import CACHE_DIR, INDEX_DIR
from core.protocol import SectionToSummarise, format_section_to_summarise, format_toc_text, read_summary_text_reply, read_toc_entries_reply
from core.reply_parsing import MalformedOutput, ask_json
from core.trace import Trace
from retrievers.index.builder import load_or_build_index
from retrievers.index.layout import Layout
from retrievers.index.pdf import PdfContent
from retrievers.index.structure import Tree, structural_tree, tree_from_sections
from retrievers.index.summaries import node_text, summarize_tree, walk_sections
from retrievers.index.toc import TocError, find_toc_pages, parse_entries, placed_toc, printed_toc_sections, toc_sections
from retrievers.index.tree import DocumentIndex, Node, slugify

DEFAULT_RESPONSE_CACHE = CACHE_DIR / "responses.sqlite"
Warn = Callable[[str], None]
T = TypeVar("T")


@dataclass
class LlmIndexOptions:
    concurrency: int = 8  # summaries in flight at once
    scan_pages: int = 12  # the table of contents is looked for among the first pages
    max_toc_pages: int = 4
    toc_chars: int = 16000  # the most TOC text sent to the model
    summary_chars: int = 6000  # a node's text is cut to this in its summary prompt
    summarize_parents: bool = True
    min_located_share: float = 0.25  # fewer headings found than this: the TOC is not this PDF's
    calls_in_flight: int | None = None  # the provider's limit (a sweep's --concurrency); None: its default
    retry: RetryPolicy | None = None  # a sweep's retry policy; None: the default one
    # A sweep's --max-cost: every call of the build reserves its cost against it, as a run's
    # calls do, and a build with no room left stops the sweep instead of falling back.
    ledger: SpendLedger | None = None


TOC_SYSTEM = (
    "You read the table of contents of a financial filing and return its entries as JSON. "
    "Reply with only the JSON object."
)
TOC_INSTRUCTIONS = """Parse the table of contents below into its entries, in order. For each entry give:
- "title": the title as printed, without the page number, dot leaders or list markers such as "a)";
- "page": the page number printed next to it, as an integer, exactly as printed;
- "level": 0 for top-level entries (the Items of a 10-K or 10-Q, Signatures, Exhibits),
  1 for entries under them (MD&A sections, financial statements, "Notes to ... Financial Statements"),
  2 for entries under those (the individual notes).
An Item printed without a page of its own (e.g. "Item 1. Financial Statements" above the statements it
contains) takes the page of its first entry. Leave out "PART I"-style group headings, column headers
such as "Page", entries marked N/A and any other line without a page number.
Reply with only: {"entries": [{"title": "Item 1. Business", "page": 4, "level": 0}, ...]}"""

SUMMARY_SYSTEM = "You summarise one section of a financial filing for a retrieval index. Reply with only the JSON object."
SUMMARY_INSTRUCTIONS = """Summarise the section below in one to three sentences (at most 60 words).
Name the specific topics, figures, tables and periods it covers, so that someone looking for a number
can tell whether to open it.
Reply with only: {"summary": "..."}"""
MAX_SUMMARY_CHARS = 600
SUMMARY_COUNTS = ("requested", "llm", "extractive", "malformed", "unusable", "failed", "skipped")


def toc_prompt(text: str, page_count: int) -> str:
    return f"{TOC_INSTRUCTIONS}\n\n{format_toc_text(text, page_count)}"


def summary_prompt(node: Node, text: str) -> str:
    section = SectionToSummarise(node.title, node.start_page, node.end_page, text, tuple(c.title for c in node.children))
    return f"{SUMMARY_INSTRUCTIONS}\n\n{format_section_to_summarise(section)}"


def usable_summary(value: Any) -> str | None:
    """The model's summary, tidied and clipped; None for anything that is not prose."""
    if not isinstance(value, str):
        return None
    text = " ".join(value.split())
    if len(text) < 15 or len(re.findall(r"[A-Za-z]{2,}", text)) < 3:
        return None
    if len(text) > MAX_SUMMARY_CHARS:
        text = text[:MAX_SUMMARY_CHARS].rsplit(" ", 1)[0] + "..."
    return text


def _prompt_texts(pages: list[str], nodes: list[Node], limit: int) -> dict[int, str]:
    """Each node's own text (from its heading to the next node's), cut to ``limit``; a
    parent's is read from its first pages only."""
    texts: dict[int, str] = {}
    for node, following, heading in walk_sections(nodes):
        head = Node(node.node_id, node.title, node.start_page, min(node.end_page, node.start_page + 3))
        texts[id(node)] = node_text(pages, head, following if head.end_page == node.end_page else None, heading)[:limit]
    return texts


async def summarize_with_model(
    llm: RunModel, pages: list[str], nodes: list[Node], options: LlmIndexOptions
) -> tuple[Counter, Exception | None]:
    """Overwrite each node's (extractive) summary with the model's, ``options.concurrency``
    at a time. A reply that is unusable keeps the extractive summary; the first provider
    error stops every call not yet made."""
    flat = [n for node in nodes for n, _ in node.walk()]
    targets = flat if options.summarize_parents else [n for n in flat if not n.children]
    texts = _prompt_texts(pages, nodes, options.summary_chars)
    semaphore = asyncio.Semaphore(max(1, options.concurrency))
    counts: Counter[str] = Counter(dict.fromkeys(SUMMARY_COUNTS, 0))
    counts["requested"] = len(targets)
    stopped: list[Exception] = []

    async def one(node: Node) -> None:
        async with semaphore:
            if stopped:
                counts["skipped"] += 1
                return
            try:
                prompt = summary_prompt(node, texts[id(node)])
                written = await ask_json(llm, SUMMARY_SYSTEM, prompt, role="summarizer", max_tokens=400, read=read_summary_text_reply)
            except MalformedOutput:
                counts["malformed"] += 1
                return
            except (ProviderError, BudgetExceeded) as exc:
                stopped.append(exc)
                counts["failed"] += 1
                return
            summary = usable_summary(written)
            if summary is None:
                counts["unusable"] += 1
                return
            node.summary = summary
            counts["llm"] += 1

    await asyncio.gather(*(one(n) for n in targets))
    counts["extractive"] = len(flat) - counts["llm"]
    return counts, (stopped[0] if stopped else None)


async def toc_tree(
    content: PdfContent, layout: Layout, llm: RunModel, options: LlmIndexOptions, meta: dict[str, Any]
) -> Tree:
    """The tree from the model's reading of the table of contents; ``TocError`` or
    ``MalformedOutput`` when there is none to be had. What was found goes into ``meta``."""
    pages = content.pages
    toc_pages = find_toc_pages(pages, options.scan_pages, options.max_toc_pages)
    if not toc_pages:
        raise TocError(f"no table of contents found in the first {min(options.scan_pages, len(pages))} pages")
    meta["pages"] = toc_pages
    text = "\n".join(pages[p - 1] for p in toc_pages)[: options.toc_chars]
    reply = await ask_json(llm, TOC_SYSTEM, toc_prompt(text, len(pages)), role="toc_parser", max_tokens=4096, read=read_toc_entries_reply)
    entries, unreadable = parse_entries(reply)
    placed = placed_toc(layout, pages, toc_pages, entries, options.min_located_share, meta, unreadable)
    sections = toc_sections(layout, placed)
    return tree_from_sections(layout, sections, f"llm:{llm.spec.label}")


async def build_llm_tree(
    content: PdfContent, llm: RunModel, options: LlmIndexOptions | None = None, warn: Warn = print
) -> Tree:
    """The section tree with the model's summaries, or the structural tree (with the
    model's summaries where it could write them) and the reason in ``meta["fallback"]``."""
    options = options or LlmIndexOptions()
    started = time.perf_counter()
    warnings: list[str] = []

    def note(message: str) -> None:
        warnings.append(message)
        warn(message)

    layout = Layout.from_lines(content.lines) if content.lines else Layout.from_pages(content.pages)
    fallback: str | None = None
    provider_error: Exception | None = None
    toc_meta: dict[str, Any] = {}
    try:
        tree = await toc_tree(content, layout, llm, options, toc_meta)
    except (TocError, MalformedOutput) as exc:
        fallback = f"table of contents unusable: {exc}"
    except SweepBudgetExhausted:
        raise  # the sweep's money is spent: a tree built without the model is not what was asked for
    except (ProviderError, BudgetExceeded) as exc:
        fallback, provider_error = f"model error: {exc}", exc
    if fallback:
        note(f"{fallback}; using the structural tree")
        tree = structural_tree(content.pages, content.lines, content.outline, layout=layout, printed_toc=printed_toc_sections)
    summarize_tree(content.pages, tree.nodes, tree.topics)  # every node's fallback summary
    if provider_error is None:
        counts, provider_error = await summarize_with_model(llm, content.pages, tree.nodes, options)
        if isinstance(provider_error, SweepBudgetExhausted):
            raise provider_error
        if provider_error is not None:
            note(f"model error while summarising ({provider_error}); {counts['extractive']} nodes keep extractive summaries")
        elif counts["malformed"] + counts["unusable"]:
            bad = counts["malformed"] + counts["unusable"]
            note(f"{bad} model summaries were unusable; those nodes keep extractive summaries")
    else:
        counts = Counter(dict.fromkeys(SUMMARY_COUNTS, 0))
        counts["extractive"] = sum(1 for node in tree.nodes for _ in node.walk())
    meter = llm.meter
    tree.meta = {
        "model": llm.spec.label,
        "tree_source": tree.source,
        "fallback": fallback,
        "toc": toc_meta,
        "summaries": dict(counts),
        "usage": meter.usage.to_dict(),
        "usage_by_role": meter.by_role_dict(),
        "cost_usd": meter.cost_usd,
        "spent_usd": meter.spent_usd,  # what this build paid: cost_usd minus replies from the cache
        "llm_calls": meter.llm_calls,
        "cached_calls": meter.cached_calls,
        "retries": meter.retries,
        "llm_seconds": round(time.perf_counter() - started, 3),
        "warnings": warnings,
        # A provider fault may be gone tomorrow: such an index is not cached.
        "transient": provider_error is not None,
    }
    return tree


# --- entry points --------------------------------------------------------------------------


def run_sync(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to completion from sync code, also when an event loop is running."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()


def llm_variant(spec: ModelSpec) -> str:
    """The index-cache variant of an LLM-built index: one file per model beside the structural one."""
    return f"llm-{slugify(spec.label)}"


class LlmTreeBuilder:
    """A ``tree_builder`` for ``build_index``/``load_or_build_index`` that asks a model.

    The client (provider, response cache, meter) lives for one build, inside its own event
    loop, so a cache hit never creates a provider at all."""

    def __init__(
        self,
        spec: ModelSpec,
        settings: ProviderSettings | None = None,
        options: LlmIndexOptions | None = None,
        response_cache: Path | None = DEFAULT_RESPONSE_CACHE,
        warn: Warn = print,
        trace_path: Path | None = None,
    ):
        self.spec = spec
        self.settings = settings or ProviderSettings()
        self.options = options or LlmIndexOptions()
        self.response_cache = response_cache
        self.warn = warn
        self.trace_path = trace_path

    def __call__(self, content: PdfContent) -> Tree:
        return run_sync(self.build(content))

    async def build(self, content: PdfContent) -> Tree:
        cache = ResponseCache(Path(self.response_cache)) if self.response_cache else None
        client = open_client(self.spec, self.settings, cache=cache, retry=self.options.retry, concurrency=self.options.calls_in_flight,
                             ledger=self.options.ledger)
        trace = Trace(self.trace_path)
        try:
            llm = client.bind(meter=RunMeter(), trace=trace)
            return await build_llm_tree(content, llm, self.options, self.warn)
        finally:
            await client.aclose()
            trace.close()
            if cache is not None:
                cache.close()


def build_llm_index(
    pdf: Path | str,
    model_spec: str | ModelSpec,
    index_dir: Path | str = INDEX_DIR,
    rebuild: bool = False,
    settings: ProviderSettings | None = None,
    warn: Warn = print,
    *,
    options: LlmIndexOptions | None = None,
    response_cache: Path | None = DEFAULT_RESPONSE_CACHE,
    trace_path: Path | None = None,
    pdf_sha256: str | None = None,
) -> DocumentIndex:
    """The LLM-built index of ``pdf`` (cached beside the structural one as
    ``<doc>.llm_<model>.json``), built when missing, stale or ``rebuild``; ``pdf_sha256``
    as for ``load_or_build_index``.

    Raises ``UserError`` for a bad model spec or a missing key and ``PDFError`` for a bad
    PDF; model trouble never raises: it falls back with a warning, recorded in ``meta``."""
    spec = parse_model_spec(model_spec) if isinstance(model_spec, str) else model_spec
    settings = settings or ProviderSettings()
    check_model(spec, settings)
    name = Path(pdf).name
    builder = LlmTreeBuilder(spec, settings, options, response_cache, lambda m: warn(f"{name}: {m}"), trace_path)
    # The cache key's indexer version hashes this module too, so an index built by older
    # LLM-indexing code is rebuilt like a structural one.
    return load_or_build_index(pdf, index_dir, rebuild=rebuild, variant=llm_variant(spec), tree_builder=builder, pdf_sha256=pdf_sha256)
