"""HTTP error helpers shared by the SDK-backed providers (no vendor imports here)."""
from __future__ import annotations

import email.utils
import json
import time
from collections.abc import Mapping
from typing import Any

from core.llm.base import ErrorKind, ProviderError, kind_for_status


def parse_retry_after(headers: Mapping[str, str] | None, now: float | None = None) -> float | None:
    """Seconds the server asked us to wait: ``retry-after-ms``, or ``retry-after`` given as
    seconds or as an HTTP date. ``None`` when absent or unreadable."""
    if not headers:
        return None
    millis = headers.get("retry-after-ms")
    if millis:
        try:
            return max(0.0, float(millis) / 1000.0)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


def status_error(
    status: int,
    message: str,
    headers: Mapping[str, str] | None = None,
    *,
    overloaded: bool = False,
) -> ProviderError:
    """The ``ProviderError`` for an HTTP error status. ``overloaded`` marks a vendor error
    body that says so whatever the status (Anthropic's ``overloaded_error``)."""
    kind: ErrorKind = kind_for_status(status)
    if overloaded and kind == "server":
        kind = "overloaded"
    return ProviderError(kind, message, status=status, retry_after=parse_retry_after(headers))


def body_message(body: Any) -> tuple[str | None, str | None]:
    """``(type, message)`` from a vendor error body: Anthropic ``{"error": {"type", "message"}}``,
    OpenAI ``{"error": {...}}`` or its inner dict, Bedrock ``{"message": ...}``."""
    if not isinstance(body, dict):
        return None, (body.strip() or None) if isinstance(body, str) else None
    inner = body.get("error")
    if isinstance(inner, dict):
        body = inner
    elif isinstance(inner, str):
        return None, inner
    message = body.get("message") or body.get("Message")
    kind = body.get("type") or body.get("code")
    return (str(kind) if kind else None), (str(message) if message else None)


def transport_error(exc: BaseException, sdk: object) -> ProviderError | None:
    """Timeouts and dropped or refused connections, as both vendor SDKs raise them (their
    timeout class subclasses their connection class, so it is checked first)."""
    if isinstance(exc, sdk.APITimeoutError):  # type: ignore[attr-defined]
        return ProviderError("timeout", f"request timed out: {getattr(exc, 'message', exc)}")
    if isinstance(exc, sdk.APIConnectionError):  # type: ignore[attr-defined]
        cause = exc.__cause__
        detail = f" ({type(cause).__name__}: {cause})" if cause else ""
        return ProviderError("connection", f"{getattr(exc, 'message', exc)}{detail}")
    return None


def unreadable_body(exc: BaseException) -> ProviderError | None:
    """A response body the SDK could not parse: not JSON, or JSON holding an integer of
    over 4,300 digits (a model that wrote one into a tool call's input), which Python's
    json refuses with a plain ValueError rather than a JSONDecodeError."""
    if isinstance(exc, json.JSONDecodeError):
        return ProviderError("malformed", f"response is not JSON: {exc}")
    if isinstance(exc, ValueError) and "integer string conversion" in str(exc):
        return ProviderError("malformed", f"response holds a number too long to read: {str(exc)[:120]}")
    return None
