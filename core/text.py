"""Text that can always be written as UTF-8.

JSON may carry a UTF-16 surrogate on its own as an escape ("\\ud83d": half of an emoji that
a server or an editor cut in two), and Python reads it into a str that cannot be encoded as
UTF-8. Such a str would stop a sweep where it is written: a run record, a cache key, a
verdict's fingerprint, a report.
"""
from __future__ import annotations

import json
import re
from typing import Any

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def lone_surrogate(value: Any) -> str | None:
    """The first lone surrogate in ``value``'s strings (also inside lists and dicts), as an
    escape such as ``\\ud83d``; None when there is none."""
    if isinstance(value, str):
        found = _LONE_SURROGATE.search(value)
        return f"\\u{ord(found.group()):04x}" if found else None
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    for item in items:
        found_in = lone_surrogate(item)
        if found_in:
            return found_in
    return None


def scrub_text(value: Any) -> Any:
    """``value`` with every lone surrogate in its strings (also inside lists and dicts)
    replaced by U+FFFD, the replacement character a UTF-8 decoder puts for broken bytes;
    anything else as it is. For model output, which the harness records as it came, and
    for JSON written with ``ensure_ascii=False``: scrubbing the written text is one scan."""
    if isinstance(value, str):
        return _LONE_SURROGATE.sub("\ufffd", value) if _LONE_SURROGATE.search(value) else value
    if isinstance(value, list):
        return [scrub_text(item) for item in value]
    if isinstance(value, dict):
        return {scrub_text(key): scrub_text(item) for key, item in value.items()}
    return value


# Control characters but the line break and tab: in a model's answer printed on a terminal,
# "\r" or an escape sequence can hide or rewrite what the reader sees.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def terminal_safe(text: str) -> str:
    """``text`` with each control character (but line breaks and tabs) shown as its escape,
    ``\\x1b``, for printing untrusted text (a model's answer) on a terminal."""
    return _CONTROL.sub(lambda found: f"\\x{ord(found.group()):02x}", text)


def json_error(exc: ValueError) -> str:
    """What is wrong with a JSON text, for a message: the decoder's words and where
    ("Expecting ',' delimiter at column 12"). Some of its messages end in "at" themselves
    ("Invalid control character at"), which read "at at column" when the place was added."""
    if isinstance(exc, json.JSONDecodeError):
        return f"{exc.msg.removesuffix(' at')} at column {exc.colno}"
    return str(exc)  # an integer of over 4,300 digits: a ValueError of its own
