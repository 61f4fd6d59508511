"""The provider protocol and the errors providers raise.

A provider turns one ``CompletionRequest`` into one ``Completion`` and nothing more:
retries, the response cache, usage accounting, budgets and tracing wrap every provider the
same way in ``core.llm.client``. Providers translate vendor exceptions into
``ProviderError`` so that the retry policy never imports a vendor SDK.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, Protocol, runtime_checkable

from core.llm.types import Completion, CompletionRequest
from core.redact import redact_text

ErrorKind = Literal[
    "rate_limit",  # 429: retry after the server's retry-after
    "overloaded",  # 529 / 503: retry with backoff
    "server",  # other 5xx: retry with backoff
    "timeout",  # the request timed out: retry
    "connection",  # the connection dropped or was refused: retry
    "bad_request",  # 400 / 404 / 422: the request is wrong, never retry
    "auth",  # 401 / 403: the key is wrong, never retry
    "malformed",  # the response could not be understood: retry once or twice
]
# What a provider's error says when the server at its base URL is a web page (a login page, a
# proxy's), not the API: a wrong URL, which the sweep treats like one that cannot be reached.
HTML_REPLY = "the server answered with an HTML page, not the provider's API: check the base URL"
RETRYABLE: frozenset[str] = frozenset({"rate_limit", "overloaded", "server", "timeout", "connection", "malformed"})


class ProviderError(Exception):
    def __init__(
        self,
        kind: ErrorKind,
        message: str,
        *,
        status: int | None = None,
        retry_after: float | None = None,
    ):
        super().__init__(message)
        self.kind = kind
        self.status = status
        self.retry_after = retry_after
        self.message = message

    @property
    def retryable(self) -> bool:
        return self.kind in RETRYABLE

    def __str__(self) -> str:
        status = f" {self.status}" if self.status else ""
        return f"{self.kind}{status}: {self.message}"


def kind_for_status(status: int) -> ErrorKind:
    """The retry class of an HTTP status, shared by every HTTP provider."""
    if status == 429:
        return "rate_limit"
    if status in (503, 529):
        return "overloaded"
    if status in (401, 403):
        return "auth"
    if status == 408:
        return "timeout"
    if status >= 500:
        return "server"
    return "bad_request"


@dataclass(frozen=True)
class ModelSpec:
    """A parsed model spec: ``provider:model[@base_url]`` or ``offline``."""

    provider: str
    model: str
    base_url: str | None = None
    text: str = ""  # the spec as the user wrote it (after alias expansion); may hold a credential

    @property
    def label(self) -> str:
        """The spec as stored and shown everywhere: a credential in its base URL redacted."""
        return redact_text(self.text or (f"{self.provider}:{self.model}" if self.model else self.provider))


@runtime_checkable
class Provider(Protocol):
    spec: ModelSpec
    # Whether identical requests give identical answers (the offline policy): the response
    # cache is pointless for such providers and is skipped.
    deterministic: bool

    async def complete(self, request: CompletionRequest) -> Completion: ...

    async def aclose(self) -> None: ...


CALL_TIMEOUT_FACTOR = 2  # a call's whole time, in --timeout (see ProviderSettings.call_timeout_s)


@dataclass(frozen=True)
class ProviderSettings:
    """Connection settings from flags and the environment. ``env`` is injectable so that
    tests can set keys without touching the process environment."""

    env: Mapping[str, str] | None = None
    openai_base_url: str | None = None
    openai_api_key: str | None = None
    anthropic_base_url: str | None = None
    timeout_s: float = 120.0

    @property
    def call_timeout_s(self) -> float:
        """The most one attempt at a model call may take, start to end. ``timeout_s`` (the
        SDKs' httpx timeout) bounds each connect and each read only, so a server that sends
        a byte now and then keeps a call open for ever. A healthy call needs little more
        than one ``timeout_s``: the providers are called without streaming, so nothing
        comes back until the reply is complete (a longer wait is already a read timeout)
        and then the body arrives at once. Twice leaves a whole ``timeout_s`` more for the
        connection and for a large body on a slow link."""
        return CALL_TIMEOUT_FACTOR * self.timeout_s

    def getenv(self, name: str) -> str | None:
        import os

        source = os.environ if self.env is None else self.env
        value = source.get(name)
        return value or None
