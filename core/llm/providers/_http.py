"""HTTP reply and error helpers shared by the SDK-backed providers (no vendor imports here)."""
from __future__ import annotations

import email.utils
import json
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from core.llm.base import HTML_REPLY, ErrorKind, ProviderError, kind_for_status
from core.redact import mask_credentials


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
    """A response body the SDK could not parse: not JSON, not UTF-8 (json reads bytes
    as UTF-8 and raises UnicodeDecodeError, a ValueError, on anything else), or JSON
    holding an integer of over 4,300 digits (a model that wrote one into a tool call's
    input), which Python's json refuses with a plain ValueError rather than a
    JSONDecodeError. Each is malformed, so retried: a body garbled on the way may come
    back whole."""
    if isinstance(exc, json.JSONDecodeError):
        if _looks_like_html(exc.doc):
            return ProviderError("malformed", HTML_REPLY)
        return ProviderError("malformed", f"response is not JSON: {exc}")
    if isinstance(exc, UnicodeDecodeError):
        return ProviderError("malformed", f"response is not UTF-8 text: {exc}")
    if isinstance(exc, ValueError) and "integer string conversion" in str(exc):
        return ProviderError("malformed", f"response holds a number too long to read: {str(exc)[:120]}")
    return None




def _looks_like_html(text: str) -> bool:
    head = text.lstrip()[:512].lower()
    return head.startswith("<") and ("<html" in head or "<!doctype" in head or "<head" in head or "<body" in head)


def not_api_reply(body: object) -> ProviderError | None:
    """The error for a 200 reply whose body is not the provider's JSON. The SDKs hand back
    such a body (a web page served at a wrong base URL, a proxy's login page) as a plain
    string rather than fail, and reading it as a reply would only say a field is missing.
    Malformed, so retried like any unreadable reply: a proxy may serve a page for a moment,
    and a wrong base URL costs only the attempts ``--retries`` allows."""
    if not isinstance(body, str | bytes):
        return None
    text = body.decode("utf-8", "replace") if isinstance(body, bytes) else body
    if _looks_like_html(text):
        return ProviderError("malformed", HTML_REPLY)
    return ProviderError("malformed", f"the server's reply is not the provider's JSON: {text.strip()[:80]!r}")


# More tokens than any model reads or writes in one call (context windows hold a few million):
# a count past it is a broken server's, and would make every figure of its cell absurd.
MAX_TOKEN_COUNT = 1_000_000_000


def token_count(value: object, name: str) -> int:
    """A usage field as an int (0 when absent). A value that is not a whole number of tokens
    (a string of letters, true, 12.7, Infinity, which JSON parsers accept) or not a count (a
    negative one, which would make a cell look cheaper than free and hand --max-cost back
    what it spent, or one past ``MAX_TOKEN_COUNT``) is a malformed reply, not a bug of the
    harness and not a figure."""
    if value is None or value == 0 or value == "":
        return 0
    try:
        if isinstance(value, bool):
            raise ValueError("a truth value")
        count = int(value)  # type: ignore[call-overload]  # whatever the server sent
        if isinstance(value, float) and count != value:
            raise ValueError("not a whole number")
    except (TypeError, ValueError, OverflowError):
        raise ProviderError("malformed", f"usage field {name} is not a number: {str(value)[:40]!r}") from None
    if not 0 <= count <= MAX_TOKEN_COUNT:
        raise ProviderError("malformed", f"usage field {name} is not a token count: {str(value)[:40]!r}")
    return count


def mask_error(error: ProviderError, credentials: Iterable[str]) -> ProviderError:
    """``error`` with every credential the provider sent masked in its message: a server may
    quote the key it refused, and the message goes to records, traces and the console."""
    error.message = mask_credentials(error.message, credentials)
    error.args = (error.message,)
    return error


def as_provider_error(
    exc: BaseException, translate: Callable[[BaseException], ProviderError | None], credentials: Iterable[str]
) -> ProviderError | None:
    """``exc`` as the ``ProviderError`` a provider raises, every credential it sent masked:
    a ``ProviderError`` of its own as it is, a vendor SDK's exception through ``translate``
    (the provider's mapping). ``None`` for an exception that is neither, which the caller
    lets through or reports as it sees fit. Raise the result ``from None``: chained, the
    SDK's exception would carry the body unmasked."""
    error = exc if isinstance(exc, ProviderError) else translate(exc)
    return None if error is None else mask_error(error, credentials)
