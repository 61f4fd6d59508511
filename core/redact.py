"""Credentials out of everything the harness stores or shows.

A base URL may carry a secret: ``http://user:password@host/v1`` or ``...?api-key=SECRET``.
The full URL is used only to make requests (and, hashed, to key the response cache); every
manifest, record, trace, report, file name and console line gets the redacted form, in
which userinfo and the values of secret-looking query parameters are replaced by ``***``.
``redact_text`` is the one function to call: it redacts every URL inside any text.

A server may also quote a credential back in an error body ("invalid key: Bearer sk-..."),
away from any URL. Only the provider knows what it sent, so it lists those values
(``sent_credentials``) and masks them in every error it raises (``mask_credentials``).
"""
from __future__ import annotations

import base64
import hashlib
import re
import urllib.parse
from collections.abc import Iterable
from typing import Any

MASK = "***"

# Query parameters whose values are credentials: api-key, apikey, access_token, X-Amz-Signature,
# X-Amz-Credential, sig (Azure SAS), password, secret, session...
_SECRET_PARAM = re.compile(r"key|token|secret|pass|pwd|auth|sig|credential|session|cookie", re.IGNORECASE)
# A URL in running text: a scheme, then everything up to whitespace, a quote or a bracket.
_URL = re.compile(r"\b[A-Za-z][A-Za-z0-9+.-]*://[^\s'\"<>`]+")


def redact_url(url: str) -> str:
    """``url`` with its userinfo and secret query values replaced by ``***``; the scheme,
    host, port, path and the other parameters stay, so the server is still recognisable."""
    scheme, sep, rest = url.partition("://")
    if not sep:
        scheme, rest = "", url
    cut = len(rest)
    for mark in "/?#":
        at = rest.find(mark)
        if at != -1:
            cut = min(cut, at)
    authority, tail = rest[:cut], rest[cut:]
    if "@" in authority:
        authority = f"{MASK}@{authority.rsplit('@', 1)[1]}"
    path, qmark, query = tail.partition("?")
    if qmark:
        query, hash_mark, fragment = query.partition("#")
        pairs = []
        for pair in query.split("&"):
            name, eq, value = pair.partition("=")
            pairs.append(f"{name}={MASK}" if eq and value and _SECRET_PARAM.search(name) else pair)
        tail = f"{path}?{'&'.join(pairs)}{hash_mark}{fragment}"
    return f"{scheme}{sep}{authority}{tail}"


def redact_text(text: str) -> str:
    """``text`` with every URL in it redacted (model specs, error messages, config values)."""
    if "://" not in text:
        return text
    return _URL.sub(lambda match: redact_url(match.group(0)), text)


# Shorter values are not masked on their own: "pw" would take every "pw" out of a message.
# A short password is still masked as part of its "user:pw" and of that pair's base64.
_MIN_SECRET = 6


def sent_credentials(*keys: str | None, url: str | None = None) -> tuple[str, ...]:
    """Every form in which a server could quote back what a client sent: each key as is;
    from ``url``, its userinfo as written and decoded, the base64 of the Basic
    ``Authorization`` header the HTTP client builds from it, the password alone, and the
    values of secret-looking query parameters. Longest first, so that masking a key never
    leaves the tail of a longer one that contains it."""
    forms = {key for key in keys if key}
    if url:
        parts = urllib.parse.urlsplit(url)
        userinfo = parts.netloc.rpartition("@")[0] if "@" in parts.netloc else ""
        if userinfo:
            user, _, password = userinfo.partition(":")
            plain = f"{urllib.parse.unquote(user)}:{urllib.parse.unquote(password)}"
            forms |= {userinfo, plain, base64.b64encode(plain.encode()).decode(), urllib.parse.unquote(password)}
        for name, value in urllib.parse.parse_qsl(parts.query, keep_blank_values=True):
            if _SECRET_PARAM.search(name):
                forms |= {value, urllib.parse.quote(value, safe="")}
    return tuple(sorted((f for f in forms if len(f) >= _MIN_SECRET), key=len, reverse=True))


def mask_credentials(text: str, credentials: Iterable[str]) -> str:
    """``text`` with each of ``credentials`` (from ``sent_credentials``) replaced by ``***``,
    and its URLs redacted."""
    for credential in credentials:
        text = text.replace(credential, MASK)
    return redact_text(text)


def redact_data(value: Any) -> Any:
    """Parsed JSON with every string in it redacted (e.g. a manifest written before
    credentials were redacted, about to be shown in a report)."""
    if isinstance(value, str):
        return redact_text(value)
    if isinstance(value, dict):
        return {k: redact_data(v) for k, v in value.items()}
    if isinstance(value, list):
        return [redact_data(v) for v in value]
    return value


def is_redacted(text: str) -> bool:
    """Whether ``text`` had a credential taken out (it cannot be used to connect as is)."""
    return MASK in text


def url_fingerprint(text: str) -> str:
    """A short, stable name for a URL that is safe in file names: a hash of its redacted
    form (so distinct servers differ, and no credential can be recovered from it)."""
    return hashlib.sha256(redact_text(text).encode("utf-8")).hexdigest()[:10]
