"""An answer's words as a reader takes them, before the rules read it.

A person reads "was **not** $4,812 million", "was n o t $4,812 million" and "was nоt $4,812
million" (its "о" Cyrillic) as "was not $4,812 million"; rules that match the letters "not"
see none of the three, and credit the figure the answer denies. So the rules read the answer
with single words' emphasis markers taken off, letters spaced out to spell a word joined, and
a word's look-alike letters of another script (Cyrillic, Greek) written in Latin. A model
judge reads the answer as it was given.
"""
from __future__ import annotations

import re

# Markdown emphasis around a run of words without figures: "**not**", "_not_", "*never*",
# "`not`"; and asterisks around a figure with its words, "**-1.4 percentage points**", which
# would stand between the figure and the words before it ("a change of **-1.4").
_EMPHASIS = re.compile(
    r"(?<![\w*`~])(\*{1,3}|_{1,3}|`)([A-Za-z][A-Za-z'’ ]{0,40}?[A-Za-z]|[A-Za-z])\1(?![\w*`~])"
    r"|(?<![\w*`~])(\*{1,3})([-−+(]?(?:US)?\$?\d[^*\n]{0,60}?)\3(?![\w*`~])"
)
# A word spelt out letter by letter, "n o t", "N-O-T": three letters or more, each alone.
_SPACED = re.compile(r"(?<![\w-])(?:[A-Za-z][ .-]){2,}[A-Za-z](?![\w-])")
# Letters of Cyrillic and Greek that look like Latin ones, as a word mixing scripts uses them.
_LOOK_ALIKES = str.maketrans(
    "аеорсхуіѕјԁһӏԛԝАВЕКМНОРСТХУІЅЈ" "αοιρτυνκΑΒΕΖΗΙΚΜΝΟΡΤΥΧ",
    "aeopcxyisjdhlqwABEKMHOPCTXYISJ" "aoiptuvkABEZHIKMNOPTYX",
)
_WORD = re.compile(r"[^\W\d_]+")
_SPACED_WORDS = frozenset({"not", "no", "never", "none", "wrong", "incorrect", "false", "untrue"})


def _latin(word: str) -> str:
    """A word mixing Latin letters with look-alikes of another script, in Latin; any other word
    as it is (a word all in Cyrillic or Greek is that language's)."""
    if word.isascii():
        return word
    folded = word.translate(_LOOK_ALIKES)
    has_latin = any("a" <= ch.lower() <= "z" for ch in word)
    return folded if has_latin and folded.isascii() else word


def _joined(match: re.Match[str]) -> str:
    letters = re.sub(r"[ .-]", "", match.group(0))
    return letters if letters.lower() in _SPACED_WORDS else match.group(0)


# A question the answer puts to its own claim, answered at once: "Is that right? No." takes
# it back as plainly as "Scratch that.", "Is that right? Yes." says it is right;
# "Does the filing support this? No." takes the claim back too, and "Am I sure? No." doubts it.
_SELF_CHECK = re.compile(
    r"(?P<lead>\s*)(?<![\w-])(?:(?:is|was)\s+(?:that|this|it)\s+(?:really\s+)?(?:right|correct|true|accurate|so|the\s+(?:right|correct|final)\s+(?:answer|figure|value))"
    r"|(?:does|do)\s+(?:the\s+)?(?:filing|10-?[kq]|report|data|source|statements?)\s+(?:really\s+)?(?:support|confirm|back(?:\s+up)?|show)\s+(?:this|that|it)"
    r"|(?P<me>am\s+i\s+(?:really\s+)?(?:sure|certain|confident)))"
    r"\s*\?\s*(?P<said>yes|no)\b(?:\s*[,:;-]?\s*(?:it\s+(?:is|was|does)(?:\s*n[o'’]t)?|it\s+(?:isn|wasn|doesn)[’']t|i\s+am(?:\s+not)?|i['’]m(?:\s+not)?))?\s*[.!]?",
    re.IGNORECASE,
)


def _self_check_said(match: re.Match[str]) -> str:
    yes = match.group("said").lower() == "yes"
    if match.group("me"):
        said = "I am sure." if yes else "I am not sure."
    else:
        said = "That is right." if yes else "Scratch that."
    # A sentence of its own, even where the claim before it lacks its full stop.
    before = match.string[:match.start()].rstrip()
    return match.group("lead") + said if not before or before[-1] in ".!?:;" else ". " + said


def as_read(answer: str) -> str:
    """``answer`` as a reader takes its words (see the module doc); most answers unchanged."""
    if "?" in answer:
        answer = _SELF_CHECK.sub(_self_check_said, answer)
    if "*" in answer or "_" in answer or "`" in answer:
        answer = _EMPHASIS.sub(lambda m: m.group(2) if m.group(1) else m.group(4), answer)
    if not answer.isascii():
        answer = _WORD.sub(lambda match: _latin(match.group(0)), answer)
    return _SPACED.sub(_joined, answer)
