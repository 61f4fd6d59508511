"""Formatting for the report: every figure becomes text here, so templates only print.

Also the page's internal links (``route``): built from our own identifiers and URL-encoded,
so nothing a model wrote can ever become a link target.
"""
from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlencode

import pandas as pd

DASH = "—"
# One encoder for every trace value: json.dumps with options builds a new one per call,
# and a big report turns hundreds of thousands of values into text.
_AS_JSON = json.JSONEncoder(ensure_ascii=False, default=str)
LABEL_CLASSES = {"correct": "correct", "incorrect": "incorrect", "refusal": "refusal", "unjudged": "unjudged"}


def missing(value: Any) -> bool:
    """None, NaN or pandas NA (a list or dict is never missing)."""
    if value is None:
        return True
    try:
        return bool(pd.isna(value))
    except (TypeError, ValueError):
        return False


def pct(value: Any, digits: int = 1) -> str:
    return DASH if missing(value) else f"{float(value) * 100:.{digits}f}%"


def ci(low: Any, high: Any) -> str:
    return "" if missing(low) or missing(high) else f"{float(low) * 100:.0f}–{float(high) * 100:.0f}%"


def num(value: Any, digits: int = 0) -> str:
    return DASH if missing(value) else f"{float(value):,.{digits}f}"


def mean(value: Any) -> str:
    """Means of small counts (turns, tool calls): one decimal."""
    return num(value, 1)


def tokens(value: Any) -> str:
    if missing(value):
        return DASH
    value = float(value)
    return f"{value / 1000:.1f}k" if value >= 10_000 else f"{value:,.0f}"


def usd(value: Any, known: bool = True) -> str:
    if not known or value is None:
        return "unknown"
    if missing(value):
        return DASH
    return f"${float(value):.4f}" if float(value) < 1 else f"${float(value):,.2f}"


def seconds(ms: Any) -> str:
    """A duration given in milliseconds: "850 ms" below a second, else "12.3 s"."""
    if missing(ms):
        return DASH
    ms = float(ms)
    return f"{ms:.0f} ms" if abs(ms) < 1000 else f"{ms / 1000:.1f} s"


def signed_pct(value: Any) -> str:
    return DASH if missing(value) else f"{float(value) * 100:+.1f} pp"


def p_value(p: float, alpha: float = 0.05) -> str:
    """A p-value in three significant digits, or as many more as it takes to show which side
    of ``alpha`` it falls: 0.04998 is not "0.05" beside a change called significant."""
    for digits in (3, 4, 5, 6):
        text = f"{p:.{digits}g}"
        if (float(text) < alpha) == (p < alpha):
            return text
    return text


def signed_bound(value: Any) -> str:
    """An interval's bound in signed points; a bound that is not zero never shows as 0.0
    (an interval said to exclude zero must not seem to touch it)."""
    if missing(value):
        return DASH
    text = signed_pct(value)
    return f"{float(value) * 100:+.2g} pp" if float(value) != 0 and text in ("+0.0 pp", "-0.0 pp") else text


def signed_num(value: Any) -> str:
    return DASH if missing(value) else f"{float(value):+,.0f}"


def yes_no(value: Any) -> str:
    if missing(value):
        return DASH
    return "yes" if bool(value) else "no"


def slug(text: str) -> str:
    """An anchor id: lowercase letters, digits and dashes only."""
    return re.sub(r"[^a-z0-9]+", "-", str(text).lower()).strip("-") or "x"


def route(view: str, **params: Any) -> str:
    """A link inside the page: ``#view?key=value`` (values URL-encoded, empty ones left out).

    The page's router reads these; they are the only links the report builds, so nothing
    a model wrote can become a link target."""
    query = urlencode({k: str(v) for k, v in params.items() if v not in (None, "")})
    return f"#{view}" + (f"?{query}" if query else "")


def as_text(value: Any, limit: int | None = None) -> str:
    """Any trace value as readable text (JSON for structures), cut to ``limit`` chars."""
    if isinstance(value, str):
        text = value
    else:
        try:
            text = _AS_JSON.encode(value)
        except (TypeError, ValueError):
            text = str(value)
    if limit is not None and len(text) > limit:
        text = text[:limit] + f" … [{len(text) - limit} more chars]"
    return text


def tail(text: str, limit: int) -> str:
    """The end of a long text (a prompt's question and instructions sit at its end)."""
    text = str(text or "")
    return text if len(text) <= limit else f"[… {len(text) - limit} earlier chars] " + text[-limit:]


def label_class(label: Any) -> str:
    return LABEL_CLASSES.get(str(label), "none")
