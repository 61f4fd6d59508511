"""Model specs, aliases and the one table of providers.

Vendor SDKs are imported only when their provider is created (``importlib`` on the module
path below), so the harness starts, and the offline model runs, without them.
"""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, NamedTuple

from core.errors import UserError
from core.llm.base import ModelSpec, Provider, ProviderError, ProviderSettings
from core.redact import redact_text, redact_url

if TYPE_CHECKING:
    from core.llm.budget import SpendLedger
    from core.llm.cache import ResponseCache
    from core.llm.client import ModelClient
    from core.llm.retry import RetryPolicy

# Short names users type, expanded before anything else. One table, as the seeds had.
ALIASES: dict[str, str] = {
    "bedrock:haiku": "bedrock:us.anthropic.claude-haiku-4-5-20251001-v1:0",
    "bedrock:sonnet": "bedrock:us.anthropic.claude-sonnet-4-5-20250929-v1:0",
    "haiku": "anthropic:claude-haiku-4-5",
    "sonnet": "anthropic:claude-sonnet-4-5",
    "opus": "anthropic:claude-opus-4-5",
}

# provider name -> module that exports check(spec, settings) and create(spec, settings), and
# optionally HAS_BATCH_API and KEY_SOURCE
PROVIDERS: dict[str, str] = {
    "offline": "baseline.provider",
    "scripted": "core.llm.providers.scripted",
    "anthropic": "core.llm.providers.anthropic",
    "bedrock": "core.llm.providers.bedrock",
    "openai": "core.llm.providers.openai_compat",
}

# Model calls in flight per provider unless --concurrency says otherwise; sweeps, planner
# tasks and the LLM indexer's parallel summaries all draw from a limiter of this size. The
# offline policy is CPU-bound in this process, so more than one at a time only adds switching.
DEFAULT_CONCURRENCY: dict[str, int] = {"offline": 1, "scripted": 16, "anthropic": 8, "bedrock": 4, "openai": 8}

SPEC_HELP = (
    "use offline, anthropic:<model> (e.g. anthropic:claude-haiku-4-5), bedrock:<model id or alias haiku|sonnet>, "
    "openai:<model>[@<base_url>] or scripted:<name>"
)


def parse_model_spec(text: str) -> ModelSpec:
    raw = text.strip()
    shown = redact_text(raw)  # error messages name the spec without its credentials
    if not raw:
        raise UserError("empty model spec", SPEC_HELP)
    expanded = ALIASES.get(raw, raw)
    if ":" in expanded:
        provider, model = expanded.split(":", 1)
    else:
        provider, model = expanded, ""
    provider = provider.strip().lower()
    if provider not in PROVIDERS:
        raise UserError(f"unknown model provider {provider!r} in {shown!r}", SPEC_HELP)
    base_url = None
    if provider == "openai" and "@" in model:
        model, base_url = model.split("@", 1)
        if not base_url.startswith(("http://", "https://")):
            raise UserError(f"bad base URL {redact_url(base_url)!r} for {provider}:{model}", "write openai:<model>@http://host:port/v1")
    if provider not in ("offline",) and not model:
        raise UserError(f"model spec {shown!r} names no model", SPEC_HELP)
    return ModelSpec(provider, model, base_url, expanded)


def _module(spec: ModelSpec) -> ModuleType:
    return importlib.import_module(PROVIDERS[spec.provider])


def check_model(spec: ModelSpec, settings: ProviderSettings) -> None:
    """Fail before any run starts when a key or setting is missing."""
    _module(spec).check(spec, settings)


def has_batch_api(spec: ModelSpec) -> bool:
    """Whether the provider can answer requests through a batch API (``--batch``)."""
    return bool(getattr(_module(spec), "HAS_BATCH_API", False))


def key_source(spec: ModelSpec) -> str | None:
    """Where the provider's credential comes from (its ``KEY_SOURCE``), for the fix when the
    provider rejects it; ``None`` for a provider that names none."""
    source = getattr(_module(spec), "KEY_SOURCE", None)
    return str(source) if source else None


def endpoint(spec: ModelSpec, settings: ProviderSettings) -> str:
    """The server a model is reached at (its provider's ``endpoint``), worked out without
    opening a client: two servers may serve models of one name, and what one said is not
    the other's answer. Empty for a provider with no server (the offline model)."""
    locate = getattr(_module(spec), "endpoint", None)
    return str(locate(spec, settings)) if locate else ""


# How Bedrock says it knows no such model: a 400, not a 404 (ValidationException).
_UNKNOWN_MODEL_400 = ("model identifier is invalid", "model id is invalid")


class LastingFailure(NamedTuple):
    """Why no later call to a model can succeed: ``kind`` (``refused`` to this account, its
    key ``rejected``, the model ``unknown``), the cause as a sentence and the fix."""

    kind: str
    cause: str
    fix: str


def lasting_failure(label: str, spec: ModelSpec, error: ProviderError) -> LastingFailure | None:
    """Why no later call to the model can succeed, and the fix, when ``error`` says so: a
    key the provider rejects, a model it does not know, an account without access to it.
    None for an error a later call may not meet (a timeout, an overload, a bad reply)."""
    source = key_source(spec) or "the model's credentials"
    text = str(error).lower()
    if error.kind == "auth" and ("access to the model" in text or ("permission" in text and "model" in text)):
        return LastingFailure("refused", f"the provider refused {label} to this account ({error})",
                              f"grant the account access to the model, or check {source}")
    if error.kind == "auth":
        return LastingFailure("rejected", f"the provider rejected the key for {label} ({error})", f"check {source}")
    if error.status == 404 or (error.status == 400 and any(words in text for words in _UNKNOWN_MODEL_400)):
        return LastingFailure("unknown", f"the provider does not know the model {label} ({error})", "check the model name (and the base URL)")
    return None


def create_provider(spec: ModelSpec, settings: ProviderSettings) -> Provider:
    return _module(spec).create(spec, settings)


def open_client(
    spec: ModelSpec,
    settings: ProviderSettings,
    *,
    cache: ResponseCache | None = None,
    retry: RetryPolicy | None = None,
    concurrency: int | None = None,
    ledger: SpendLedger | None = None,
    prompt_cache: bool = True,
) -> ModelClient:
    """The one way every caller (sweeps, ask, the judge, LLM indexing) gets a client: the
    provider, the shared response cache, retries, and a limiter of ``concurrency`` calls in
    flight (default: the provider's), so a rate limit slows every path down alike; with a
    ``ledger``, every call reserves its cost against the sweep's spend cap first;
    ``prompt_cache``: whether requests use the provider's prompt cache. Each attempt at a
    call is cut off after ``settings.call_timeout_s``."""
    from core.llm.client import ModelClient
    from core.llm.retry import AdaptiveLimiter

    limit = concurrency or DEFAULT_CONCURRENCY[spec.provider]
    return ModelClient(create_provider(spec, settings), cache=cache, retry=retry, limiter=AdaptiveLimiter(limit), ledger=ledger,
                       prompt_cache=prompt_cache, call_timeout_s=settings.call_timeout_s)
