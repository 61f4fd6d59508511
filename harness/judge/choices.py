"""An answer that lays out options and then picks one says only what it picks.

"Options: A) $1,214 B) $1,577 C) $2,066. I choose C." claims $2,066, not the gold's $1,577
listed as B; "Between $1,577 and $2,066, the latter is right." claims $2,066. Read whole,
either holds the gold's figure beside others, and a judge that takes the figure it finds
credits a pick the answer did not make. Each is rewritten as the pick alone before the
answer is read (``claims.claims_of``).
"""
from __future__ import annotations

import re

# Lettered options: "A) ...", "(b) ...", "C. ..." (two or more, each up to the next letter).
_OPTION = re.compile(r"(?:^|(?<=[\s:;,]))\(?([A-Ea-e])[).]\s+(.+?)(?=\s+\(?[A-Ea-e][).]\s|[.;]\s|\n|$)")
# The pick: "I choose C", "I pick (b)", "Answer: C", "The answer is option B", "Option C."
_PICK = re.compile(
    r"\b(?:i (?:choose|pick|select|go with)|(?:my |the )?(?:final )?answer(?: is)?\s*:?|(?:the )?correct (?:option|choice) is)"
    r"\s*(?:option\s+)?\(?([A-Ea-e])\)?(?![\w$])",
    re.IGNORECASE,
)
# "Between X and Y, the latter is right", "X or Y? The former."
_PART = r"(?:[^,;:?.\n]|[.,](?=\d))+?"  # up to a clause's end; a decimal point is no end
_LATTER = re.compile(
    rf"(?:\bbetween\s+)?(?P<a>{_PART})\s+(?:and|or|versus|vs\.?)\s+(?P<b>{_PART})\s*[,;:?]\s*(?:the\s+)?(?P<which>latter|former)"
    r"(?:\s+(?:is|was|would be)\s+(?:right|correct|true|accurate|the (?:right |correct )?(?:answer|one|figure)))?(?=\s*(?:[.!\n]|$))",
    re.IGNORECASE,
)


def chosen(text: str) -> str:
    """``text`` with a set of lettered options and the pick after them replaced by the option
    picked, and "X and Y, the latter/former ..." by the one it names; unchanged otherwise."""
    lowered = text.lower()
    if "latter" in lowered or "former" in lowered:
        text = _LATTER.sub(_one_named, text)
    if len(_OPTION_MARK.findall(text, 0, 4000)) >= 2:  # a cheap test first: most answers lay out no options
        text = _picked_option(text)
    return text


_OPTION_MARK = re.compile(r"(?<![\w.])\(?[A-Ea-e][).]\s")


def _one_named(m: re.Match[str]) -> str:
    pick = m.group("b") if m.group("which").lower() == "latter" else m.group("a")
    return f"The answer is {pick.strip()}"


def _picked_option(text: str) -> str:
    options = {m.group(1).lower(): m for m in _OPTION.finditer(text)}
    if len(options) < 2:
        return text
    # The pick follows every option ("Answer A: $X. Answer B: $Y." lays out two, picks none).
    laid_out = max(m.end() for m in options.values())
    picks = [p for p in _PICK.finditer(text, laid_out) if p.group(1).lower() in options]
    if not picks:
        return text
    option = options[picks[-1].group(1).lower()]
    first = min(m.start() for m in options.values())
    return f"{text[:first]}The answer is {option.group(2).strip()}.{text[picks[-1].end():]}"
