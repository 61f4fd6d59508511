"""``anthropic:<model>``: the Anthropic Messages API through the SDK's async client.

The key comes from ``ANTHROPIC_API_KEY`` (or ``ANTHROPIC_AUTH_TOKEN`` for a gateway that
takes a bearer token); the base URL from ``ANTHROPIC_BASE_URL`` (tests set ``ProviderSettings.anthropic_base_url``).
The SDK's own retries are off: the harness retries every provider the same way.
"""
from __future__ import annotations

from dataclasses import replace

from core.errors import UserError
from core.llm.base import ModelSpec, ProviderSettings
from core.llm.providers._anthropic_wire import MessagesProvider
from core.redact import redact_url, sent_credentials

DEFAULT_BASE_URL = "https://api.anthropic.com"
KEY_SOURCE = "ANTHROPIC_API_KEY"  # where the key comes from, for the fix when it is rejected
HAS_BATCH_API = True  # the Message Batches API (Bedrock's batch inference is a different, S3-based service)


def check(spec: ModelSpec, settings: ProviderSettings) -> None:
    if not spec.model:
        raise UserError(f"{spec.label} names no model", "write anthropic:<model>, e.g. anthropic:claude-haiku-4-5")
    if not (settings.getenv("ANTHROPIC_API_KEY") or settings.getenv("ANTHROPIC_AUTH_TOKEN")):
        raise UserError(
            f"{spec.label} needs an Anthropic API key, but ANTHROPIC_API_KEY is not set",
            "export ANTHROPIC_API_KEY=sk-ant-... (or use the offline model)",
        )
    url = endpoint(spec, settings)
    if not url.startswith(("http://", "https://")):
        raise UserError(f"ANTHROPIC_BASE_URL {redact_url(url)!r} is not an http:// or https:// URL", f"write it in full, e.g. http://{redact_url(url)}")


def endpoint(spec: ModelSpec, settings: ProviderSettings) -> str:
    """The server the model is reached at."""
    return settings.anthropic_base_url or settings.getenv("ANTHROPIC_BASE_URL") or DEFAULT_BASE_URL


def create(spec: ModelSpec, settings: ProviderSettings) -> MessagesProvider:
    check(spec, settings)
    import anthropic

    api_key = settings.getenv("ANTHROPIC_API_KEY")
    auth_token = None if api_key else settings.getenv("ANTHROPIC_AUTH_TOKEN")
    base_url = endpoint(spec, settings)
    client = anthropic.AsyncAnthropic(
        # Exactly one credential: the SDK rejects more than one explicit argument.
        api_key=api_key,
        auth_token=auth_token,
        base_url=base_url,
        timeout=settings.timeout_s,
        max_retries=0,
    )
    from core.llm.providers._anthropic_batches import MessageBatches

    credentials = sent_credentials(api_key, auth_token, url=base_url)
    # The cache keys on the URL used.
    return MessagesProvider(
        replace(spec, base_url=base_url), client, MessageBatches(client, spec.model, credentials), credentials
    )
