"""An answer given as a JSON object, read as the text it holds.

A model asked for structured output answers ``{"answer": "$1,577 million", "reasoning":
"..."}``. Read as text, the quoted strings look like a pasted excerpt and the right answer
is refused; read whole, the reasoning's figures compete with the answer's. So an object
with one answer field and only fields that explain it (reasoning, sources) is read as its
explanation followed by "Answer: <value>", the way the rules read a worked answer. Any other
field ("alternatives", "confidence") may take back or hedge the answer: such an object is
left as it is, and judged as the pasted text it looks like.
"""
from __future__ import annotations

import json
import re

_ANSWER_KEYS = ("answer", "final_answer", "finalanswer", "result")
_EXPLAINING_KEYS = frozenset({
    "reasoning", "explanation", "rationale", "justification", "analysis", "steps", "thoughts",
    "sources", "source", "citations", "citation", "pages", "page", "evidence",
})
_FENCE = re.compile(r"^```(?:json)?\s*\n?(?P<body>.*?)\n?```$", re.DOTALL | re.IGNORECASE)


def _as_text(value: object) -> str | None:
    """A field's value as text: a string, a number, yes/no for a boolean, or the items of a
    list of those; None for anything else (an object within the object)."""
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if isinstance(value, (str, int, float)):
        return str(value)
    if isinstance(value, list) and all(isinstance(item, (str, int, float)) and not isinstance(item, bool) for item in value):
        return "; ".join(map(str, value))
    return None


def answer_text(answer: str) -> str:
    """``answer`` itself, or for a JSON object of one answer field and explaining fields, its
    explanation and then "Answer: <value>"."""
    text = (answer or "").strip()
    fenced = _FENCE.match(text)
    if fenced:
        text = fenced.group("body").strip()
    if not (text.startswith("{") and text.endswith("}")):
        return answer  # most answers: prose
    try:
        parsed = json.loads(text)
    except ValueError:
        return answer
    if not isinstance(parsed, dict):
        return answer
    named = {str(key).strip().lower(): value for key, value in parsed.items()}
    answer_keys = [key for key in _ANSWER_KEYS if key in named]
    if len(answer_keys) != 1 or not set(named) - {answer_keys[0]} <= _EXPLAINING_KEYS:
        return answer
    value = _as_text(named[answer_keys[0]])
    if value is None or not value.strip():
        return answer
    explained = [_as_text(named[key]) for key in named if key in _EXPLAINING_KEYS]
    if any(part is None for part in explained):
        return answer
    return "\n\n".join([*(part for part in explained if part and part.strip()), f"Answer: {value}"])
