"""Planning a sweep: validate the whole input and list its runs, writing nothing.

Everything that can be wrong with the input is checked here, before the sweep's folder
exists (questions, test set, modes, model specs and keys, prices for --max-cost, every
PDF), so a bad input never leaves half a sweep behind.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from core.errors import UserError
from core.llm.base import ModelSpec, ProviderSettings
from core.llm.pricing import price_for
from core.llm.registry import check_model, parse_model_spec
from harness.config import SweepConfig
from harness.dataset import Question, load_questions, select_questions
from harness.documents import pdf_path, split_available
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


def run_id_for(model: str, mode: str, question_id: str, run_number: int) -> str:
    return f"{slugify(model)}__{mode}__{question_id}__r{run_number}"


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
    check_modes(config.modes)
    settings = provider_settings(config)
    specs = {}
    for text in config.models:
        spec = parse_model_spec(text)
        check_model(spec, settings)
        specs[text] = spec
    priced = dict(specs)
    if config.index_model is not None:
        priced[config.index_model] = parse_model_spec(config.index_model)
        check_model(priced[config.index_model], settings)
    if config.budgets.max_cost_usd is not None:
        unpriced = [text for text, spec in priced.items() if price_for(spec) is None]
        if unpriced:
            raise UserError(
                f"--max-cost cannot be enforced: no price is known for {', '.join(unpriced)}",
                "add the model to core/llm/pricing.py or drop --max-cost",
            )
    chosen = select_questions(load_questions(config.questions_file), config.test_set, config.question_filter)
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
    runs = [
        RunSpec(run_id_for(model, mode, q.id, n), q, model, mode, n)
        for model in config.models
        for mode in config.modes
        for q in questions
        for n in range(1, config.runs + 1)
    ]
    return SweepPlan(config, questions, skipped, specs, runs)
