"""Values an answer states beside its answer, not as it: the figures that explain it after
it ("A few drivers of the strong improvement: ..."), figures of other things after the asked one
said in the question's words, and values it sets apart from what is asked ("a separate 'construction payable' line ($311.8 million), which is not part of
accounts payable"). ``commitment`` reads them so as not to take them for the answer's own.
"""
from __future__ import annotations

import re

from harness.judge.amounts import Quantity
from harness.judge.words import ASKS_CHANGE, asked_subject, content

Sentence = tuple[tuple[int, int], list[Quantity]]  # a sentence's span and its candidate values


def about_the_asked(answer: str, sentences: list[Sentence], question: str) -> Sentence | None:
    """Among sentences that conclude nothing, the one that speaks of the asked thing most
    (two of the question's words at least), when the values after it are said to explain it
    ("A few drivers of the strong improvement: ...", "The main reasons were ...") and each
    sentence of them speaks of the asked thing less: they are of other things."""
    if len(sentences) < 2 or not _EXPLAINS.search(answer):
        return None  # most answers name no drivers: read their sentences' words only for those that do
    asked = asked_subject(question)
    shared = [len(asked & {s for s, _ in content(answer[a:b])}) for (a, b), _ in sentences]
    best = max(range(len(sentences)), key=lambda i: (shared[i], i), default=None)
    if best is None or best == len(sentences) - 1 or shared[best] < 2:
        return None
    explained = _EXPLAINS.search(answer, sentences[best][0][1], sentences[best + 1][0][1])
    return sentences[best] if explained and all(n < shared[best] for n in shared[best + 1:]) else None


# Words that turn to what explains a figure: its drivers, reasons, causes.
_EXPLAINS = re.compile(r"\b(?:drivers?|drove|reasons?|due\s+to|because|driven\s+by|explain\w*|thanks\s+to|led\s+by)\b", re.IGNORECASE)


def sets_apart(text: str) -> bool:
    """Does ``text`` use any word that sets a value apart? (Read first: most sentences do not.)"""
    return _SET_APART.search(text) is not None


_SET_APART = re.compile(r"\bnot\s+(?:part\s+of|included\s+in|counted\s+(?:in|as))\b|\bexcluded\s+from\b|\bseparate(?:ly)?\b", re.IGNORECASE)
# Right after a value, a clause of its own that sets it apart: "($311.8 million at year-end
# 2018), which is not part of accounts payable", "..., excluded from ...".
_SET_APART_AFTER = re.compile(
    r"[^.;]{0,40}?,\s*(?:(?:which|that)\s+(?:is|are|was|were)\s+not\s+(?:part\s+of|included\s+in|counted\s+(?:in|as))|excluded\s+from)\b",
    re.IGNORECASE,
)
_SEPARATE = re.compile(r"\bseparate(?:ly)?\b", re.IGNORECASE)


def set_apart(answer: str, span: tuple[int, int], q: Quantity, values: list[Quantity]) -> bool:
    """Does the sentence set ``q`` apart from what is asked: a clause right after it says it
    is not part of it, or it is the figure of a "separate" item named since the value before
    it ("a separate 'construction payable' line ($311.8 million)")?"""
    if _SET_APART_AFTER.match(answer, q.end, span[1]):
        return True
    since = max([v.end for v in values if v.end <= q.start] + [span[0]])
    return bool(_SEPARATE.search(answer, since, q.start))


# A verb that states the value right after it: "... was $", "stood at about".
STATED_VALUE = re.compile(
    # ("Costco had total assets of $", "Nike reported revenue of $": the holder's verb, up to
    # three words of the item and "of".)
    r"\b(?:is|was|are|were|stood\s+at|comes?\s+to|came\s+to|amounts?\s+to|amounted\s+to"
    r"|(?:had|has|reported|held|recorded)\s+(?:[\w-]+\s+){1,3}of)"
    r"(?:\s+(?:about|approximately|roughly|around|nearly|some|now|then))?\s*[*_~]*\s*(?:US|USD)?\s*\$?\s*[-−(]?\s*$",
    re.IGNORECASE,
)


def stated_before_others(answer: str, sentences: list[Sentence], question: str) -> Sentence | None:
    """The last sentence that states a value of the asked thing in three of the question's
    words at least, after a verb that states ("... total current assets at the end of FY2019
    were $16,525 million"), where every later sentence with a value speaks of other things
    (one of the question's words at most): those are figures beside the answer."""
    asked = asked_subject(question)
    if len(asked) < 3:
        return None
    shared = [len(asked & {s for s, _ in content(answer[a:b])}) for (a, b), _ in sentences]
    stating = [
        i for i, ((a, _), values) in enumerate(sentences)
        if shared[i] >= 3 and any(STATED_VALUE.search(answer, max(a, q.start - 40), q.start) for q in values)
    ]
    if not stating or stating[-1] == len(sentences) - 1 or any(n > 1 for n in shared[stating[-1] + 1:]):
        return None
    if ASKS_CHANGE.search(question) and any(
        _NAMES_CHANGE.search(answer, a, b) for (a, b), values in sentences[stating[-1] + 1:] if values
    ):
        # "Walmart's operating income margin was 4.268% in FY2019 versus 4.086% in FY2018. The
        # change of roughly 0.182% rounds to 0.2%" to "What is the change in its margin?": the
        # levels state the asked thing, and the later change is what was asked of it.
        return None
    return sentences[stating[-1]]


_NAMES_CHANGE = re.compile(r"\b(?:change[ds]?|difference|increase[ds]?|decrease[ds]?|improvement|decline[ds]?)\b", re.IGNORECASE)
