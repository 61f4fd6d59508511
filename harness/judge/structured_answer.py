"""An answer given as a JSON object, read as the text it holds.

A model asked for structured output answers ``{"answer": "$1,577 million", "reasoning":
"..."}``. Read as text, the quoted strings look like a pasted excerpt and the right answer
is refused; read whole, the reasoning's figures compete with the answer's. So an object
with one answer field and only fields that explain it (reasoning, sources) is read as its
explanation followed by "Answer: <value>", the way the rules read a worked answer. Any other
field ("alternatives", "confidence") may take back or hedge the answer: such an object is
left as it is, and judged as the pasted text it looks like. A field of figures (``{"figures":
{"Capex (FY2022)": "$1,577 million"}}``) explains as well, read as "label: value" lines.

An answer in HTML (``<p>``, ``<b>``, ``<ul><li>``) is read as the text it lays out, and a
table's "| Answer | ... |" row as the answer said. A reasoning model's thoughts before its
answer (``<think>...</think>``) are left out: the answer is what follows them. An answer in tags, ``<answer>...</answer>`` then
``<reasoning>...</reasoning>``, is read the same way as a JSON object when it is made of such
blocks alone, each once, one of them the answer, none holding a tag: anything else (a stray
``</answer>`` forged to end the answer early) is left as it is, for ``grader_address`` to
refuse.

Layout around the whole answer is not the answer either: a fence (```` ```text ... ``` ````),
a quote (every line after "> ") and a bare "A:" label are read as the answer they wrap, so
wrapping a refusal or a wrong figure in them changes nothing. Nor is the question, copied
into the answer ("Question: Does 3M ...? If the quick ratio is not relevant, please state
that ... Answer: ..."): its words are not the answer's claims (``echo_left_out``).
"""
from __future__ import annotations

import functools
import html
import json
import re

from harness.judge.unshown import page_hidden, without_page_hidden

_ANSWER_KEYS = ("answer", "final_answer", "finalanswer", "result")
_EXPLAINING_KEYS = frozenset({
    "reasoning", "explanation", "rationale", "justification", "analysis", "steps", "thoughts",
    "sources", "source", "citations", "citation", "pages", "page", "evidence",
})
# Fields that list the figures the answer rests on, as an object of label and value.
_FIGURE_KEYS = frozenset({"figures", "key_figures", "supporting_figures", "numbers", "values", "metrics", "data"})
# A fence around the whole answer, with or without a language word on its opening line.
_FENCE = re.compile(r"^```(?:[\w+-]*[ \t]*\n)?(?P<body>.*?)\n?```$", re.DOTALL)
# A quote marker at a line's start.
_QUOTED_LINE = re.compile(r"^[ \t]*>[ \t]?", re.MULTILINE)
# A one-line answer "> 50%" or ">= $5 million" bounds a figure: no quote.
_BOUND_SIGN = re.compile(r"^>[ \t]*=?[ \t]*[$€£(+−-]?[ \t]?\d")
# "A:" labelling the whole answer, as "Answer:" does ("**A:** Customer deposits").
_SHORT_LABEL = re.compile(r"^(\**)A(\**)[ \t]*:(?=[\s*])")
# HTML as a web page returns an answer: its tags mark layout, and a "<" or ">" left in would
# read as "less than" or "more than" beside a figure ("<b>$381,603,000</b>").
_HTML_TAG = re.compile(r"</?(?:p|b|strong|em|i|u|ul|ol|li|br|div|span|h[1-6]|table|thead|tbody|tr|td|th|sup|sub)\b[^<>]{0,200}>", re.IGNORECASE)
_HTML_BREAK = re.compile(r"<(?:br|/p|/div|/h[1-6]|/tr|/ul|/ol|/table)\b[^<>]*>", re.IGNORECASE)
_HTML_ITEM = re.compile(r"<li\b[^<>]*>", re.IGNORECASE)
_HTML_CELL = re.compile(r"</t[dh]>", re.IGNORECASE)


def left_unread(answer: str) -> str:
    """What ``answer_text`` leaves out of the answer: thoughts before it and what a page
    hides. Not the answer; but words to the grader there still earn nothing, for a judge model
    reads the answer as it was given."""
    text = (answer or "").strip()
    if "<" not in text:
        return ""  # most answers: no markup
    hidden = page_hidden(text) if _HTML_TAG.search(text) or "<!--" in text else []
    thought = _THOUGHT.match(text)
    return " ".join([*hidden, thought.group(0) if thought else ""]).strip()


def _html_as_text(text: str) -> str:
    """``text`` with its HTML layout as plain text: items as "- " lines, paragraphs and rows
    on lines of their own, cells apart, other tags dropped, entities written out."""
    text = without_page_hidden(text)  # what the page does not show is not said
    text = _HTML_ITEM.sub("\n- ", text)
    text = _HTML_BREAK.sub("\n", text)
    text = _HTML_CELL.sub(" | ", text)
    text = html.unescape(_HTML_TAG.sub("", text))
    return re.sub(r"\n\s*\n\s*\n+", "\n\n", text).strip()


_ANSWER_ROW = re.compile(
    r"^[ \t]*\|[ \t]*\**(?:final[ \t]+)?(?:answer|conclusion)\**[ \t]*\|[ \t]*([^|\n]+?)[ \t]*(?:\|[ \t]*)*$",
    re.IGNORECASE | re.MULTILINE,
)
_THOUGHT = re.compile(r"<(think|thinking)>.*?</\1>\s*(?=\S)", re.DOTALL | re.IGNORECASE)
_TAG_BLOCK = re.compile(r"\s*<(?P<name>[a-z_]+)>(?P<body>[^<]*)</(?P=name)>\s*", re.IGNORECASE)


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


_MOST_LAYOUT_LAYERS = 4


def answer_text(answer: str) -> str:
    """``answer`` itself, or for a JSON object of one answer field and explaining fields, its
    explanation and then "Answer: <value>"."""
    text = (answer or "").strip()
    # Layers of layout come off one at a time, a few at most: a fence in a quote is real, a
    # thousand ">" are not layers to take off one by one.
    for _ in range(_MOST_LAYOUT_LAYERS):
        unwrapped = _layout_unwrapped(text)
        if unwrapped == text:
            break
        answer, text = unwrapped, unwrapped.strip()
    if "<" in text and _HTML_TAG.search(text):
        answer = text = _html_as_text(text)
    if "|" in text and _ANSWER_ROW.search(text):
        # "| Answer | Customer deposits |" closing a table of figures: the answer, said.
        answer = text = _ANSWER_ROW.sub(lambda m: f"\nAnswer: {m.group(1).strip(' *')}.\n", text)
    thought = _THOUGHT.match(text)
    if thought:
        # A reasoning model's thoughts before its answer ("<think>Let me check the balance
        # sheet ...</think>") are not the answer: what follows them is.
        answer = text = text[thought.end():]
    if text.startswith("<"):
        return _tagged_text(text) or answer
    if not (text.startswith("{") and text.endswith("}")):
        return answer  # most answers: prose
    try:
        parsed = json.loads(text)
    except ValueError:
        return answer
    if not isinstance(parsed, dict):
        return answer
    named = {str(key).strip().lower(): value for key, value in parsed.items()}
    return _explained_answer(named) or answer


def _layout_unwrapped(text: str) -> str:
    """``text`` without layout wrapping the whole of it: a fence, a quote, an "A:" label
    (as "Answer:"); ``text`` itself when there is none."""
    fenced = _FENCE.match(text)
    if fenced and fenced.group("body").strip():
        return fenced.group("body").strip()
    if text.startswith(">"):
        lines = [line for line in text.splitlines() if line.strip()]
        if len(_QUOTED_LINE.findall(text)) == len(lines) and (len(lines) > 1 or not _BOUND_SIGN.match(text)):
            return _QUOTED_LINE.sub("", text).strip()
    if text.startswith(("A", "*")):
        return _SHORT_LABEL.sub(r"\1Answer\2:", text, count=1)
    return text


def _explained_answer(named: dict[str, object]) -> str | None:
    """The fields (by lowered name) as text: what explains, then "Answer: <value>"; None when
    they are not one answer and what explains it."""
    answer_keys = [key for key in _ANSWER_KEYS if key in named]
    if len(answer_keys) != 1 or not set(named) - {answer_keys[0]} <= _EXPLAINING_KEYS | _FIGURE_KEYS:
        return None
    value = _as_text(named[answer_keys[0]])
    if value is None or not value.strip():
        return None
    explained = [_as_text(named[key]) if key in _EXPLAINING_KEYS else _figures_text(named[key]) for key in named if key != answer_keys[0]]
    if any(part is None for part in explained):
        return None
    return "\n\n".join([*(part for part in explained if part and part.strip()), f"Answer: {value}"])


def _figures_text(value: object) -> str | None:
    """A field of figures as "label: value" lines; None unless an object of label and value."""
    if not isinstance(value, dict):
        return None
    lines = [f"{label}: {text}" for label, text in ((str(k), _as_text(v)) for k, v in value.items()) if text is not None]
    return "\n".join(lines) if len(lines) == len(value) else None


def _tagged_text(text: str) -> str | None:
    """An answer made of tag blocks alone (``<answer>...</answer>``, ``<reasoning>...``), each
    once, as text; None for anything else."""
    blocks, at = {}, 0
    for block in _TAG_BLOCK.finditer(text):
        if block.start() != at or block["name"].lower() in blocks:
            return None
        blocks[block["name"].lower()] = block["body"].strip()
        at = block.end()
    if at != len(text) or not blocks:
        return None
    return _explained_answer(dict(blocks))


# "Question:" or "Q:" before a copy of the question, in bold or not.
_QUESTION_LABEL = (
    r"(?:\**[ \t]*(?:Question|Q|(?:the\s+)?question\s+(?:asks|is|was)|you\s+asked)[ \t]*\**[ \t]*:[ \t]*\**[ \t]*)?"
)
_ECHO_MIN_WORDS = 5  # a shorter sentence of the question ("Answer in USD millions.") may be the answer's own words


def echo_left_out(answer: str, question: str) -> str:
    """``answer`` without the question copied into it, whole or a sentence of it, with its
    "Question:" label: a copy asks or instructs, and claims nothing. An answer that is only
    the copy is left whole, for the readings to call it the question asked again."""
    given, lowered = answer, (answer or "").lower()
    for first, last, echo in _echo_patterns(question or ""):
        # (A cheap test first: most answers copy no sentence of the question.)
        if first in lowered and last in lowered and echo.search(answer):
            answer = echo.sub("\n", answer)  # (a line apart: what follows the copy starts afresh)
            lowered = answer.lower()
    return answer if re.search(r"\w", answer or "") else given


@functools.lru_cache(maxsize=1024)
def _echo_patterns(question: str) -> tuple[tuple[str, str, re.Pattern[str]], ...]:
    """The question whole, then each of its sentences of five words or more: its first and
    last words, and a pattern that allows any run of spaces between the words."""
    parts = [question.strip(), *re.split(r"(?<=[.?!])\s+", question.strip())]
    long_enough = dict.fromkeys(tuple(p.split()) for p in parts if len(p.split()) >= _ECHO_MIN_WORDS)
    return tuple(
        (words[0].lower(), words[-1].lower(), re.compile(_QUESTION_LABEL + r"\s+".join(map(re.escape, words)), re.IGNORECASE))
        for words in long_enough
    )
