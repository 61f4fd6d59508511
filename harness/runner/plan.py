"""Planning a sweep: validate the whole input and list its runs, writing nothing.

Everything that can be wrong with the input is checked here, before the sweep's folder
exists (questions, test set, modes, model specs and keys, prices for --max-cost, every
PDF), so a bad input never leaves half a sweep behind.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from core.errors import UserError
from core.llm.base import ModelSpec, ProviderSettings
from core.llm.pricing import price_for
from core.llm.registry import check_model, has_batch_api, parse_model_spec
from core.redact import redact_text, url_fingerprint
from harness.config import SweepConfig
from harness.dataset import Question, load_questions, select_questions
from harness.documents import pdf_path, split_available
from harness.sweepschema import path_problem
from retrievers import check_modes
from retrievers.index.tree import slugify


@dataclass(frozen=True)
class RunSpec:
    run_id: str
    question: Question
    model: str
    mode: str
    run_number: int


@dataclass
class SweepPlan:
    config: SweepConfig
    questions: list[Question]
    skipped: list[Question]
    specs: dict[str, ModelSpec]
    runs: list[RunSpec]


# Far above a full sweep (150 questions x 4 modes x a few models x 5 runs is ~10k runs), low
# enough that a typo (or a damaged manifest) cannot plan more runs than memory holds.
MAX_RUNS = 1_000_000
MAX_CONCURRENCY = 1024


def model_slug(model: str) -> str:
    """A model spec as part of a file name: ``openai:m@http://host/v1`` becomes
    ``openai_m_<hash>``, a hash of the redacted URL, so no URL (or credential) is ever
    in a file name and two servers still differ."""
    name, at, url = model.partition("@")
    slug = f"{slugify(name)}_{url_fingerprint(url)}" if at and "://" in url else slugify(model)
    if len(slug) > 80:  # a run id names a file: room is kept for the mode, question and run number
        slug = f"{slug[:60]}_{url_fingerprint(model)}"
    return slug


def run_id_for(model: str, mode: str, question_id: str, run_number: int) -> str:
    return f"{model_slug(model)}__{mode}__{question_id}__r{run_number}"


def provider_settings(config: SweepConfig) -> ProviderSettings:
    return ProviderSettings(
        openai_base_url=config.openai_base_url, openai_api_key=config.openai_api_key, timeout_s=config.timeout_s
    )


def plan_sweep(config: SweepConfig, warn: Callable[[str], None]) -> SweepPlan:
    """Validate the whole input and list the runs; raises UserError, writes nothing."""
    if config.runs < 1:
        raise UserError(f"--runs must be at least 1, got {config.runs}", "pass --runs 1 or more")
    if not config.models or not config.modes:
        raise UserError("no models or no modes to run", "pass --models and --modes, e.g. --models offline --modes simple")
    if config.concurrency is not None and not 1 <= config.concurrency <= MAX_CONCURRENCY:
        raise UserError(f"--concurrency must be between 1 and {MAX_CONCURRENCY}, got {config.concurrency}", "pass a number of calls in flight, e.g. 8")
    check_modes(config.modes)
    config.options.check()
    check_limits(config)
    for flag, path in (("--questions", config.questions_file), ("--pdf-dir", config.pdf_dir), ("--index-dir", config.index_dir),
                       ("--runs-dir", config.runs_dir)):
        found = path_problem(str(path))
        if found:
            raise UserError(f"{flag} {str(path)[:60]!r}... {found}", f"pass a usable path to {flag}")
    settings = provider_settings(config)
    # Keyed by the spec as written, credentials redacted: what records, cells and the
    # manifest call the model (the full spec stays in memory, in the ModelSpec).
    specs = {}
    for text in config.models:
        spec = parse_model_spec(text)
        check_model(spec, settings)
        name = redact_text(text.strip())
        if name in specs:
            raise UserError(f"model {name} is given twice", "give each model spec once in --models")
        specs[name] = spec
    priced = dict(specs)
    if config.index_model is not None:
        index_spec = parse_model_spec(config.index_model)
        check_model(index_spec, settings)
        priced[index_spec.label] = index_spec
    if config.budgets.max_cost_usd is not None:
        unpriced = [text for text, spec in priced.items() if price_for(spec) is None]
        if unpriced:
            raise UserError(
                f"--max-cost cannot be enforced: no price is known for {', '.join(unpriced)}",
                "give its price with --prices FILE (a TOML table per model, USD per million tokens), or drop --max-cost",
            )
    if config.batch:
        check_batch(config, specs)
    chosen = select_questions(load_questions(config.questions_file), config.test_set, config.question_filter)
    if not Path(config.pdf_dir).is_dir():  # before the count of missing PDFs, which would all be "missing"
        raise UserError(f"--pdf-dir {str(config.pdf_dir)[:200]} is not a folder", "pass the folder that holds the filings' PDFs")
    questions, skipped = split_available(chosen, config.pdf_dir)
    if skipped:
        # One line, not one per question: a new user running --test-set full sees a count.
        docs = sorted({q.doc_name for q in skipped})
        warn(f"skipping {len(skipped)} of {len(chosen)} questions: {len(docs)} PDFs are not in {config.pdf_dir} "
             f"(e.g. {pdf_path(config.pdf_dir, docs[0]).name}); `python bench.py download --test-set {config.test_set}` fetches them")
    if not questions:
        raise UserError(
            f"none of the {len(chosen)} questions in test set {config.test_set!r} has its PDF in {config.pdf_dir}",
            f"run `python bench.py download --test-set {config.test_set}` or pick --test-set sample",
        )
    planned = len(specs) * len(config.modes) * len(questions) * config.runs
    if planned > MAX_RUNS:
        raise UserError(f"the sweep would plan {planned:,} runs, over the limit of {MAX_RUNS:,}", "lower --runs or split the sweep")
    runs = [
        RunSpec(run_id_for(model, mode, q.id, n), q, model, mode, n)
        for model in specs
        for mode in config.modes
        for q in questions
        for n in range(1, config.runs + 1)
    ]
    return SweepPlan(config, questions, skipped, specs, runs)


def _positive(value: float | None) -> bool:
    """A usable limit: a finite number above 0 (NaN compares False with everything, so a
    NaN cap would never be reached, and 0 or less would stop every run at once)."""
    return value is not None and math.isfinite(value) and value > 0


def check_limits(config: SweepConfig) -> None:
    """The numbers that bound a sweep: each given one is a finite number above 0."""
    budgets = config.budgets
    limits = (("--max-cost", budgets.max_cost_usd, "a spend in USD, e.g. 5"), ("--max-run-seconds", budgets.max_run_seconds, "seconds, e.g. 600"),
              ("--max-run-tokens", budgets.max_run_tokens, "tokens, e.g. 200000"), ("--max-run-turns", budgets.max_run_llm_calls, "model calls, e.g. 50"))
    for flag, value, example in limits:
        if value is not None and not _positive(value):
            raise UserError(f"{flag} must be a finite number above 0, got {value}", f"pass {example}, or leave {flag} out for no limit")
    if not _positive(config.timeout_s):
        raise UserError(f"--timeout must be a number of seconds above 0, got {config.timeout_s}", "pass e.g. --timeout 120")
    if config.max_attempts < 1:
        raise UserError(f"--retries must be 0 or more, got {config.max_attempts - 1}", "pass e.g. --retries 5 (0: no retries)")


def check_batch(config: SweepConfig, specs: dict[str, ModelSpec]) -> None:
    """``--batch`` is for simple mode on a provider with a batch API, without ``--max-cost``."""
    others = [m for m in config.modes if m != "simple"]
    if others:
        raise UserError(
            f"--batch runs simple mode only, not {', '.join(others)}: a simple run is two calls (scorer, then answerer), "
            "batched in two rounds, while the other modes chain many calls that each wait on the last",
            "run those modes in a sweep without --batch",
        )
    unbatched = [text for text, spec in specs.items() if not has_batch_api(spec)]
    if unbatched:
        raise UserError(f"{', '.join(unbatched)} has no batch API", "--batch needs anthropic:<model> (the Message Batches API); drop --batch")
    if config.budgets.max_cost_usd is not None:
        raise UserError("--max-cost cannot stop a batch once it is sent", "drop --max-cost or --batch")
