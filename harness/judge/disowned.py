"""Values an answer states without claiming them as its own answer.

The commitment reading (``commitment.find_commitment``) looks for the one value an answer
commits to. These are the values it must pass over, each a way an answer can hold the gold's
figure and still not say it: a value asked about ("You asked whether it was $X"), expected
by others ("Analysts estimated $X"), put in others' mouths ("Some sources say $X, but the
filing shows $Y"), denied ("not $X", "$X is incorrect"), or taken back by a correction
("Correction: ...", "$X; actually, $Y"); and the value the answer names as the right one
("the correct figure is $Y").
"""
from __future__ import annotations

import re

from harness.judge.amounts import Quantity, parse_quantities
from harness.judge.claims import ANSWER_LABEL, CROSS_MARKS, FORMER_NAME, KIDDING, REVISED_VALUE, SENTENCE_OPENING, SET_ASIDE, THIS_IS, corrections
from harness.judge.refusal import EMPTY_OPENING, LEAD_IN, SOCIAL_OPENING, sentence_spans
from harness.judge.words import content

# A value asked about, not stated: "You asked whether capex was $1,577 million; it was ...".
# (Not "if not": "$1,577 million, if not $1,600 million" offers the second, asks nothing.)
# (A bracket the "if" opened in and closed ends it: "$X (if D&A is included) / $Y".)
_ASKED_ABOUT = re.compile(r"\b(?:whether|if)\b(?!\s+not\b)[^;,:.()]*(?:\([^;,:.()]*\)[^;,:.()]*)*$", re.IGNORECASE)
# The rest of a clause up to the value, with no turn in it ("..., but the filing shows $Y"
# states Y as the answer's own).
_UNTIL_TURN = r"(?:(?!\b(?:but|however|whereas|yet|while|instead|actually)\b)[^;.])*$"
# A value someone expected, not the one reported: "Analysts estimated capex at $1,577 million;
# the reported figure was $1,400 million", "guidance for FY2018 was $1,577 million". Unless
# the question asks for an expectation ("How much does Pfizer expect to pay ...?").
_FORECAST_WORDS = r"\b(?:analysts?|consensus|guidance|outlook|forecast\w*|budget\w*|planned|targeted|guided|projected|expect(?:s|ed)?|anticipated)\b"
# A target named as the value right before it: "Management's target for it was $X", "the capex
# goal for FY2020: $X", "aimed to spend $X". (A target beside the actual, "$3.9 billion against
# a target of $4.2 billion", names its own value.)
_TARGET_RIGHT_BEFORE = re.compile(
    r"(?:\b(?:target|goal|objective|aim)(?:\s+(?:for|of)\s+[^.;:,$]{0,30})?(?:\s+(?:was|is|were|are|of|at)|\s*:)"
    r"|\baim(?:ed|s)?\s+(?:to\s+\w+|for))\s+(?:(?:about|approximately|roughly|around)\s+)?(?:US)?\$?\s*[-−(]?\s*$",
    re.IGNORECASE,
)
_FORECAST_BEFORE = re.compile(_FORECAST_WORDS + _UNTIL_TURN, re.IGNORECASE)
# A value called a forecast right after it: "$5,466 million (projected)", "$X (forecast)".
_FORECAST_AFTER = re.compile(r"\s*\(\s*(?:forecast\w*|budget\w*|planned|targeted|projected|expected|anticipated|guidance)\s*\)", re.IGNORECASE)
_ASKED_WORD = re.compile(r"\b(?:whether|if)\b", re.IGNORECASE)
_TARGET_WORD = re.compile(r"\b(?:target|goal|objective|aim)", re.IGNORECASE)
_FORECAST_WORD = re.compile(_FORECAST_WORDS, re.IGNORECASE)
# A value put in others' mouths, not the answer's: "Some sources say $8.70, but the filing
# shows $11.40", "It is often reported as ...", "One might think ...".
_ATTRIBUTED_BEFORE = re.compile(
    r"(?:\b(?:some|other|many|several|certain|third-party)\s+(?:sources|analysts|reports|investors|people|commentators|websites|estimates)"
    r"\s+(?:say|said|claim|claimed|report|reported|state|stated|suggest|suggested|cite|cited|put|estimate|estimated|show|showed)"
    r"|\b(?:it is|it's|it has been|it was)\s+(?:often|commonly|widely|sometimes|also)?\s*(?:said|reported|claimed|believed|thought|quoted)"
    r"|\b(?:one|you|some) might (?:think|say|expect|assume)|\breportedly|\baccording to (?:some|other|third-party) \w+)\b"
    + _UNTIL_TURN,
    re.IGNORECASE,
)
_ATTRIBUTED_WORD = re.compile(r"\b(?:sources|analysts|reports|investors|people|commentators|websites|estimates|said|reported|claimed|believed|thought|quoted|might|reportedly|according)\b", re.IGNORECASE)
# ("plan", not "plant": "property, plant, and equipment" asks for no expectation.)
_ASKS_FORECAST = re.compile(r"\b(?:expect\w*|forecast\w*|guidance|project\w*|plan(?!t)\w*|budget\w*|outlook|anticipat\w*|target\w*|estimat\w*)\b", re.IGNORECASE)


def asks_forecast(question: str) -> bool:
    """Does the question ask for an expectation ("How much does Pfizer expect to pay ...?"),
    so that an expected value is its answer?"""
    return bool(_ASKS_FORECAST.search(question))


# A value only in theory: "If revenue had grown, it would have been $1,577 million".
_COUNTERFACTUAL_BEFORE = re.compile(
    r"\bwould(?:n't| not)? have (?:been|reached|totall?ed|come to|amounted to|equall?ed|stood at)\s+"
    r"(?:about|approximately|roughly|around)?\s*(?:US)?\$?\s*[-−(]?\s*$",
    re.IGNORECASE,
)
# A value put in another source's mouth after it, and turned from: "It is $1,577 million
# according to a press release, but the 10-K says $1,400 million".
_ATTRIBUTED_AFTER = re.compile(
    r"[^;.]{0,30}?\baccording to (?:a|an|the|some|other|one|several|many)?\s*(?:press release|news\w*|media|reports?|articles?|"
    r"blogs?|websites?|analysts?|sources?|rumou?rs?|estimates?|third[- ]party \w+|the press)\b[^;.]*\b(?:but|however|whereas|yet)\b",
    re.IGNORECASE,
)


# A value of the past, superseded in the same breath: "Formerly $X; now $Y", "It used to be
# $X", "$X at first, and $Y after the restatement". A former name is no former value: "Block
# (formerly Square) generated $381.6 million" (``FORMER_NAME``).
_SUPERSEDED_BEFORE = re.compile(rf"\b(?:formerly{FORMER_NAME}|used to be|at first)\b[^;.]{{0,20}}$", re.IGNORECASE)
_SUPERSEDED_AFTER = re.compile(r"[^;.]{0,15}?\b(?:at first|in theory)\b", re.IGNORECASE)


# A value marked as rejected or superseded right after it: "$X ❌ $Y ✅", "$X (old); $Y",
# "$X (estimate); actual $Y", "$X (ignore this) $Y", "$X → $Y".
_REJECTED_AFTER = re.compile(
    r"\s*(?:[" + CROSS_MARKS + rf"]|\({THIS_IS}(?:{SET_ASIDE}|old|estimated?|previous|prior|draft|a typo"
    r"|first (?:pass|attempt|try|guess)|(?:ignore|disregard) (?:this|it))\)"
    r"|(?:→|->|=>|⟶|⇒)\s*(?:US)?\$?\s*[-−(]?\s*\d)",
    re.IGNORECASE,
)


def claimed(answer: str, start: int, text: str, values: list[Quantity], forecast_asked: bool) -> list[Quantity]:
    """The ``values`` of the sentence ``text`` (starting at ``start`` in ``answer``) that the
    answer claims: not asked about, not expected by others (unless ``forecast_asked``), not
    put in others' mouths, not only in theory. Each test runs only in a sentence with one of
    its words."""
    if values and ("formerly" in text.lower() or "used to" in text or "at first" in text.lower() or "in theory" in text.lower()):
        values = [
            q for q in values
            if not _SUPERSEDED_BEFORE.search(answer, start, q.start) and not _SUPERSEDED_AFTER.match(answer, q.end, start + len(text))
        ]
    if values and any(mark in text for mark in (*CROSS_MARKS, "(", "→", "->", "=>", "⟶", "⇒")):
        values = [q for q in values if not _REJECTED_AFTER.match(answer, q.end)]
    if values and "would" in text:
        values = [q for q in values if not _COUNTERFACTUAL_BEFORE.search(answer, start, q.start)]
    if values and "according to" in text:
        values = [q for q in values if not _ATTRIBUTED_AFTER.match(answer, q.end, start + len(text))]
    if values and _ASKED_WORD.search(text):
        values = [q for q in values if not _ASKED_ABOUT.search(answer, start, q.start)]
    if values and not forecast_asked and _FORECAST_WORD.search(text):
        values = [q for q in values if not _FORECAST_BEFORE.search(answer, start, q.start) and not _FORECAST_AFTER.match(answer, q.end)]
    if values and not forecast_asked and _TARGET_WORD.search(text):
        values = [q for q in values if not _TARGET_RIGHT_BEFORE.search(answer, max(start, q.start - 80), q.start)]
    if values and _ATTRIBUTED_WORD.search(text):
        values = [q for q in values if not _ATTRIBUTED_BEFORE.search(answer, start, q.start)]
    return values


def last_self_correction(answer: str) -> int | None:
    """Where the last sentence after the first that opens by correcting the answer starts
    ("No, debt fell by $2.5 billion. Correction: debt increased by $2.5 billion."): what
    follows is the answer. None when no sentence does, or when the last is a "Final answer:"
    that only says again what came before."""
    found = corrections(answer)
    if not found:
        return None  # most answers: not split into sentences for nothing
    starts = [start for start, _ in sentence_spans(answer)[1:]]
    heads = [s for s in starts if any(f >= s and SENTENCE_OPENING.fullmatch(answer, s, f) for f in found)]
    if heads and _FINAL_LABEL.match(answer, heads[-1]) and _said_before(answer[heads[-1]:], answer[:heads[-1]]):
        # "... Entertainment posted 9.0% growth ... Final answer: Entertainment": the label
        # says again what the answer said, and takes nothing back.
        return None
    return heads[-1] if heads else None


_FINAL_LABEL = re.compile(r"\W*final(?:\s+answer)?\s*:", re.IGNORECASE)


def _said_before(final: str, before: str) -> bool:
    """Are the words and figures of ``final`` (past its label) all in ``before``?"""
    final = _FINAL_LABEL.sub("", final, count=1)
    words, said = {s for s, _ in content(final)}, {s for s, _ in content(before)}
    figures, said_figures = ({q.number for q in parse_quantities(text)} for text in (final, before))
    return bool(words or figures) and words <= said and figures <= said_figures


# The same within a sentence, opening a clause: "$34,229 million; actually, $30,000 million",
# "$34,229 million (actually $30,000 million)", "$X (per the draft); final: $Y", "$X; revised
# figure $Y" take back the value before them.
_CLAUSE_CORRECTION = re.compile(
    rf"[;:(,—–]\s*(?:(?:but|or|and|later|since)\s+)?(?:(?P<label>{ANSWER_LABEL})|actually|correction|rather(?!\s+than)"
    rf"|(?:revised|corrected|updated|restated|changed) to|{REVISED_VALUE}"
    # "$X, I mean $Y", "$X, sorry, $Y", "$X, make that $Y", "$X; on reflection, $Y", "$X
    # (first pass); second pass: $Y", "$X (superseded by $Y)".
    r"|I mean|sorry|make (?:that|it)|(?:no,?\s+)?wait|scratch that|on (?:second |further )?reflection|on second thought"
    # "$X, er, $Y": a slip caught in the saying (in lower case, before a comma: "(ER segment"
    # is a name).
    r"|(?-i:er|erm|uh|um)(?=,)"
    r"|second (?:pass|attempt|try|look)|superseded by"
    # A figure replaced in so many words: "$2.47; following the restatement, ... is now $2.31",
    # "guided to 410 to 430, but cut the range to 390 to 410".
    r"|(?:following|after) (?:the|a|its) restatement"
    r"|(?:cut|lowered|raised|trimmed|reduced|narrowed|widened) (?:the|its|that) (?:range|guidance|figure|estimate|outlook|forecast) to)\b"
    r"|\b(?:" + KIDDING + r")\b",  # "$X jk, $Y"
    re.IGNORECASE,
)
# A value the answer denies: "not $1,577 million", "rather than 1,577", "isn't exactly $1.6 billion",
# "I would not say $1,577 million".
# ("$1,577 million, if not $1,600 million" offers the second as a likelier value: no denial.)
_DENIED_BEFORE = re.compile(
    # A value the answer says was not reached: "did not reach $X", "fell short of $X", "came
    # nowhere near $X", "never hit $X", "far from $X".
    r"(?:\b(?:(?:did|does|do|has|have|had)\s*(?:not|n[’']t)|never)\s+(?:reach|hit|top|touch|approach|get to|come close to|"
    r"reached|hit|topped|touched|approached|got to|came close to)\s+|\b(?:fell|falls|fall|came|comes|come)\s+(?:well\s+|far\s+)?short\s+of\s+"
    r"|\b(?:(?:came|comes|come|was|were|is|are)\s+)?nowhere\s+near\s+|\b(?:was|were|is|are)\s+(?:far|a long way)\s+from\s+"
    r"|\b(?:well|far|way)\s+short\s+of\s+|\bnever\s+(?:got|came|comes|gets)\s+(?:near|close\s+to)\s+"
    # In another language: "no fue $X", "no llegó a $X", "nicht (bei) $X", "n'était pas $X",
    # "non era $X", "non sono stati $X", "не составила $X", "不是$X" (in lower case: "PAS" is a name).
    r"|(?:\bno\s+(?:fue|fueron|es|son|era|eran|ha sido|llegó a|alcanzó)|\bnicht(?:\s+bei)?|(?-i:\bpas)|\bnon\s+(?:era|è|e|fu|sono stati|sono state|è stato)"
    r"|\bне\s+(?:составила|составил|составило|было|был|была)|不是)\s*"
    r"|(?:\b(?:(?<!\bif )not|never|rather than|instead of|other than|no longer|excluding|except(?: for)?|apart from|anything but)|n[’']t)\s+)"
    r"(?:(?:the|a|an|equal to|exactly|quite|just|only|simply|actually|really|say|call it|put it at|go with|claim)\s+){0,2}(?:US)?\$?\s*[-−(]?\s*$",
    re.IGNORECASE,
)


def last_clause_correction(text: str) -> re.Match[str] | None:
    """The last correction opening a clause of the sentence ``text``; its ``label`` group is
    set when it gives the answer anew ("$5,466 million; final answer: it is not available"),
    which overrules the values before it even when no value follows."""
    found = list(_CLAUSE_CORRECTION.finditer(text))
    return found[-1] if found else None


def denied(answer: str, q: Quantity) -> bool:
    """A value stated only to be denied ("not $1,577 million", "$1,577 million is incorrect"):
    the answer claims the opposite."""
    return bool(_DENIED_BEFORE.search(answer[max(0, q.start - 40):q.start]) or _DENIED_AFTER.match(answer, q.end))


# A value called wrong right after it: "$1,577 million is incorrect", "... would be wrong".
_DENIED_AFTER = re.compile(
    r"\s*(?:\)\s*)?(?:is|was|would be|will be|seems|looks|appears)\s+(?:(?:clearly|simply|actually|probably|likely)\s+)?"
    r"(?:incorrect|wrong|not correct|not right|not the answer|a mistake|an error|mistaken|erroneous|too (?:high|low))\b",
    re.IGNORECASE,
)


# Words that call the value after them the right one, whatever stood before it: "the
# correct figure is", and the item named between ("the true FY2018 capex is").
NAMES_RIGHT = (
    r"\b(?:the|a)\s+(?:correct|actual|right|true|accurate|real|proper)\s+(?:[\w&'’-]+\s+){0,4}?"
    r"(?:is|was|would be|stands at|comes to)"
)
_NAMED_RIGHT_BEFORE = re.compile(NAMES_RIGHT + r"\s*(?:(?:US|USD)\s*)?\$?\s*[-−(]?\s*$", re.IGNORECASE)


# After a turn ("but", "however", ";"), the value the answer gives as its own: worked out
# ("but I computed $Y", "however, ..., giving $Y"), given as the answer ("; the question's
# answer is $Y") or read from the filing over another source ("$X per a news article; the 10-K
# itself says $Y").
OWN_AFTER_TURN = (
    r"(?:\b(?:but|however|though|yet|whereas)\b|;)[^.;]*?;?[^.;]*?\b(?:"
    r"I (?:computed|calculated|get|got|arrived? at|make it|estimate|would say|'d say|would go with|'d go with)"
    r"|my (?:own )?(?:calculation|computation|estimate|figure|answer) (?:is|gives|shows)"
    r"|(?:the|my) (?:question's |final |own )?answer (?:is|would be)"
    r"|giving|which gives|leaving|resulting in"
    r"|the (?:10-?K|10-?Q|filing|balance sheet|annual report|financial statements?|income statement|cash flow statement"
    r"|numbers|figures|data)(?: itself| themselves)? (?:says?|shows?|states?|reports?|gives?|has|have))"
)
_OWN_AFTER_TURN = re.compile(
    OWN_AFTER_TURN + r"\s*(?:(?:a|an|of|about|approximately|roughly|only)\s+)?(?:(?:US|USD)\s*)?\$?\s*[-−(]?\s*$", re.IGNORECASE
)


def named_right(between: str) -> bool:
    """Does the text between two values name the second as the right one ("A common mistake
    is to say $X; the correct figure is $Y"), or give it after a turn as the answer's own
    ("The 10-K shows $X, but I computed $Y")?"""
    return bool(_NAMED_RIGHT_BEFORE.search(between) or _OWN_AFTER_TURN.search(between))


# A heading, a quoted line ("> Has AMCOR's quick ratio improved ...") or a memo's subject line
# ("RE: Ulta Beauty major acquisitions, FY2023 and FY2022").
_HEADING = re.compile(r"^[^\S\n]*(?:#{1,6}\s|>\s|(?:re|subject)\s*:)", re.IGNORECASE | re.MULTILINE)


_QUESTION_LABEL = re.compile(r"\W*q(?:uestion)?\s*:", re.IGNORECASE)
# A sentence that says it tells the question again: "You asked which of Nike's three cash flow
# categories brought in the most in FY2023.", "You asked for Nike's total current assets at
# the end of FY2019: $16,525 million." (what follows its colon is the answer). Not "You asked
# whether ...": a yes or no asked in so many words, which the verdict after it answers ("It
# appears to be.") and which claims nothing.
_ASKED_AGAIN = re.compile(
    r"\W*(?:you(?:'ve|’ve|\s+have)?\s+asked|you(?:'re|’re|\s+are)\s+asking|you\s+want(?:ed)?\s+to\s+know)\b(?!\s+(?:whether|if)\b)(?P<asked>[^:\n]*)(?::\s*)?",
    re.IGNORECASE,
)
_ANSWER_AFTER_Q = re.compile(r"\A\s*[*_]{0,2}a(?:nswer)?\s*:[*_]{0,2}\s*", re.IGNORECASE)


def without_restated_question(answer: str, question: str) -> str:
    """``answer`` without the sentences that restate the question ("The question asks: Has
    AMCOR's quick ratio improved or declined ...?"): a question asked again states nothing,
    and its options ("improved or declined") or its subject ("Which debt securities are
    registered ...?" beside "There are none") are not the answer's. A restatement is a
    sentence ending in a question mark, or a whole line that is a heading, a quote or a
    memo's subject line ("### Ulta Beauty's major acquisitions in FY2023 and FY2022", which
    would read as saying there were some), with most of the question's first sentence's
    words."""
    headed = _HEADING.search(answer)
    again = _ASKED_AGAIN.match(answer)
    if "?" not in answer and not headed and not again:
        return answer  # most answers: nothing to look for
    asked = {s for s, _ in content(question.split("?", 1)[0])}
    if len(asked) < 3:
        return answer
    if again:
        first_end = sentence_spans(answer)[0][1]
        told = answer[again.start("asked"):min(again.end("asked"), first_end)]
        if len(asked & {s for s, _ in content(told)}) >= 0.5 * len(asked):
            # Up to its colon where one follows in the sentence with the answer, else the
            # whole sentence.
            colon = again.end("asked") < first_end and answer[again.end("asked"):again.end()].startswith(":")
            rest = answer[again.end() if colon else first_end:]
            answer = rest if rest.strip() else answer
    if headed:
        lines = answer.splitlines(keepends=True)
        kept_lines = [
            line for line in lines if not (_HEADING.match(line) and len(asked & {s for s, _ in content(line)}) >= 0.7 * len(asked))
        ]
        if kept_lines and len(kept_lines) < len(lines):
            answer = "".join(kept_lines)
    kept, cursor, asked_as_q = [], 0, False
    for start, end in sentence_spans(answer):
        sentence = answer[start:end]
        if sentence.rstrip().endswith("?") and len(asked & {s for s, _ in content(sentence)}) >= 0.7 * len(asked):
            kept.append(answer[cursor:start])
            cursor = end
            asked_as_q = asked_as_q or bool(_QUESTION_LABEL.match(sentence))
    if not kept:
        return answer
    rest = answer[cursor:]
    # "Q: Did debt increase?" then "A: No. ...": the answer's label goes with the question's.
    return "".join(kept) + (_ANSWER_AFTER_Q.sub("", rest, count=1) if asked_as_q else rest)


# An opening that says an answer follows and claims nothing: "Sure!", "Certainly.", "Based on
# the information provided in the 10-K filing, here is the answer.", "Here are the key points:".
_INTRO = re.compile(
    # (A heading line of a few words first: "### Answer", "**Short answer:**".)
    r"\A\s*(?:#{1,6}[ \t]+[^\n]{1,40}\n+\s*)?(?:" + LEAD_IN + r"\s*[!.,]\s*)?"
    r"(?:(?:based on|according to|from|using|after reviewing)\s+[^.!?\n]{0,120}?,\s*)?"
    r"(?:here\s+(?:is|are)|below\s+(?:is|are)|the\s+following\s+(?:is|are))\s+(?:the|an?|my|some|a\s+few)?\s*"
    r"(?:\w+\s+){0,2}(?:answer|analysis|summary|breakdown|points|details|figures|information|overview|calculation|response)s?\b"
    r"(?:\s+(?:on|of|about|regarding|for)\s+(?P<topic>[^.!?:\n]{1,120}?)(?=:[ \t]+\w))?"
    r"[^.!?:\n]{0,120}[.:!]\s*",
    re.IGNORECASE,
)


_INTERJECTION = re.compile(r"\A\s*" + SOCIAL_OPENING + r"\s*[!.]\s+", re.IGNORECASE)
# A label before the answer's text: "**Answer:** According to ...", "Answer: To determine ...",
# "TL;DR: $2,018 million.".
_ANSWER_LABEL = re.compile(r"\A\s*[*_]{0,2}(?:(?:short\s+|final\s+)?answer|tl;?\s?dr)\s*:[*_]{0,2}\s*", re.IGNORECASE)


# A closing line of sources: "Sources: Form 10-K, Item 7 and Item 8." names no answer.
_SOURCES_LINE = re.compile(r"\n\s*[*_]{0,2}(?:sources?|references?|citations?)\s*:[*_]{0,2}[^\n]*\s*\Z", re.IGNORECASE)


def without_sources(answer: str) -> str:
    """``answer`` without a closing line that lists its sources (``_SOURCES_LINE``)."""
    return _SOURCES_LINE.sub("", answer)


def without_intro(answer: str) -> str:
    """``answer`` without an opening that only says an answer follows (``_INTRO``): the
    readings take an answer's first sentences as its verdict, and a line of preamble pushed
    the verdict out of them."""
    for opening in (_ANSWER_LABEL, _INTRO, _INTERJECTION):
        intro = opening.match(answer)
        if intro is not None and answer[intro.end():].strip():
            # "Here are the key points on AMD's FY22 revenue change: the main drivers were
            # ...": a lead-in the sentence runs on from keeps what it is about.
            topic = intro.groupdict().get("topic")
            answer = (topic + ": " if topic else "") + answer[intro.end():]
    for _ in range(2):  # "TL;DR: see below.", "Let me walk through this step by step."
        spans = sentence_spans(answer)
        if len(spans) < 2 or not EMPTY_OPENING.fullmatch(answer[spans[0][0]:spans[0][1]]):
            break
        answer = answer[spans[1][0]:]
    return answer
