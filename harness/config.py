"""The typed configuration of a sweep: what the CLI builds and the tests build too."""
from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from core import paths
from core.errors import UserError
from core.llm.price_file import prices_from_dict
from core.llm.pricing import Price
from core.redact import redact_text, redact_url
from retrievers.base import ModeOptions

DEFAULT_MODES = ("simple",)
DEFAULT_MODELS = ("offline",)


def _absolute(path: Path) -> str:
    """A path as the manifest keeps it: absolute, so that a resume or an analysis started
    in another folder reads the same file (not whatever sits at the relative path there).
    An ``hf:`` dataset name is no path and stays as given."""
    text = str(path)
    return text if text.startswith("hf:") else os.path.abspath(text)


def _manifest_prices(data: Any) -> dict[str, Price]:
    """The prices a sweep was started with; ValueError (a damaged manifest) if unreadable."""
    try:
        return prices_from_dict(data, "prices")
    except UserError as exc:
        raise ValueError(exc.problem) from None


@dataclass
class Budgets:
    max_cost_usd: float | None = None  # the sweep stops starting runs before passing it
    max_run_tokens: int | None = None  # per run
    max_run_seconds: float | None = None  # per run, wall time
    max_run_llm_calls: int | None = None  # per run

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class SweepConfig:
    models: list[str] = field(default_factory=lambda: list(DEFAULT_MODELS))
    modes: list[str] = field(default_factory=lambda: list(DEFAULT_MODES))
    runs: int = 1
    test_set: str = "sample"
    question_filter: str | None = None
    questions_file: Path = field(default_factory=lambda: paths.QUESTIONS_DIR / "financebench_open_source.jsonl")
    pdf_dir: Path = paths.PDF_DIR
    index_dir: Path = paths.INDEX_DIR
    index_model: str | None = None  # None: structural trees; else the model that builds them
    runs_dir: Path = paths.RUNS_DIR
    preset: str | None = None  # the preset the CLI started from (harness/presets.py), for the record
    cache_path: Path | None = field(default_factory=lambda: paths.CACHE_DIR / "responses.sqlite")  # None: --no-cache
    prompt_cache: bool = True  # mark stable prompt prefixes for the provider's prompt cache (--no-prompt-cache: off)
    batch: bool = False  # simple mode's calls through the provider's batch API (--batch)
    concurrency: int | None = None  # per provider; None: each provider's default
    options: ModeOptions = field(default_factory=ModeOptions)
    budgets: Budgets = field(default_factory=Budgets)
    openai_base_url: str | None = None
    openai_api_key: str | None = None  # never written to the manifest
    timeout_s: float = 120.0
    prices: dict[str, Price] = field(default_factory=dict)  # --prices: model -> price, over the built-in table
    index_workers: int = 2
    # Retries of transient provider errors (rate limits, overload, 5xx, timeouts, drops).
    max_attempts: int = 6
    retry_base_delay_s: float = 1.0
    retry_max_delay_s: float = 60.0
    retry_max_elapsed_s: float = 600.0

    def retry_policy(self):
        from core.llm.retry import RetryPolicy

        return RetryPolicy(self.max_attempts, self.retry_base_delay_s, self.retry_max_delay_s, self.retry_max_elapsed_s)

    def to_dict(self) -> dict[str, Any]:
        """The manifest's view of the config: every setting that shapes results, no secrets
        (a credential in a base URL is redacted; --resume asks for it again)."""
        return {
            "models": [redact_text(m) for m in self.models],
            "modes": list(self.modes),
            "runs": self.runs,
            "test_set": self.test_set,
            "question_filter": self.question_filter,
            "questions_file": _absolute(self.questions_file),
            "pdf_dir": _absolute(self.pdf_dir),
            "index_dir": _absolute(self.index_dir),
            "index_model": None if self.index_model is None else redact_text(self.index_model),
            "preset": self.preset,
            "cache": self.cache_path is not None,
            "prompt_cache": self.prompt_cache,
            "batch": self.batch,
            "concurrency": self.concurrency,
            "options": self.options.to_dict(),
            "budgets": self.budgets.to_dict(),
            "openai_base_url": None if self.openai_base_url is None else redact_url(self.openai_base_url),
            "timeout_s": self.timeout_s,
            "prices": {model: price.to_dict() for model, price in self.prices.items()},
            "retry": {
                "max_attempts": self.max_attempts, "base_delay_s": self.retry_base_delay_s,
                "max_delay_s": self.retry_max_delay_s, "max_elapsed_s": self.retry_max_elapsed_s,
            },
        }

    @classmethod
    def from_manifest(cls, data: dict[str, Any], **overrides: Any) -> SweepConfig:
        """Rebuild a sweep's config from its manifest (for --resume)."""
        config = cls(
            models=list(data["models"]),
            modes=list(data["modes"]),
            runs=int(data["runs"]),
            test_set=data["test_set"],
            question_filter=data.get("question_filter"),
            questions_file=Path(data["questions_file"]),
            pdf_dir=Path(data["pdf_dir"]),
            index_dir=Path(data["index_dir"]),
            index_model=data.get("index_model"),
            preset=data.get("preset"),
            concurrency=data.get("concurrency"),
            options=ModeOptions.from_dict(data.get("options", {})),
            budgets=Budgets(**data.get("budgets", {})),
            openai_base_url=data.get("openai_base_url"),
            timeout_s=float(data.get("timeout_s", 120.0)),
            prompt_cache=bool(data.get("prompt_cache", False)),  # sweeps from before it existed ran without
            batch=bool(data.get("batch", False)),
            prices=_manifest_prices(data.get("prices") or {}),
        )
        retry = data.get("retry") or {}
        config.max_attempts = int(retry.get("max_attempts", config.max_attempts))
        config.retry_base_delay_s = float(retry.get("base_delay_s", config.retry_base_delay_s))
        config.retry_max_delay_s = float(retry.get("max_delay_s", config.retry_max_delay_s))
        config.retry_max_elapsed_s = float(retry.get("max_elapsed_s", config.retry_max_elapsed_s))
        for key, value in overrides.items():
            setattr(config, key, value)
        if not data.get("cache", True):  # a sweep run with --no-cache resumes without it
            config.cache_path = None
        return config
