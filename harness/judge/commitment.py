"""Which number an answer commits to as its answer, or why it commits to none.

A benchmark must not credit an answer for a figure it merely mentions. The numeric check
therefore decides on one value only: the one the answer *commits* to. This module finds it.

- Not claims: constants of a formula ("x 100", "/ 2"), worked examples ("For example,
  if ..."), sentences that decline ("I cannot verify ..."), and values stated for another
  period than the question's ("$1,373 million in FY2017" when FY2018 is asked; "the prior
  year").
- A correction ("Wait, recomputing: ...") withdraws every value stated before it.
- The deciding sentence: the last sentence that concludes ("therefore", "in summary",
  "the answer is", a computation's "=") and states a candidate value; without one, the last
  sentence that states one. After a computation's last "=", only the result counts.
- Not claims either: a value the answer denies ("capex was not $1,577 million; it was ..."),
  and one in a sentence that asks ("1,577?").
- No commitment: a *list* (three or more distinct candidate values in the deciding
  sentence), a *hedge* ("either $X or $Y", "between $X and $Y", "it might be $X",
  "alternatively ..."; not an "either" that closes a negative clause or lists, inside a
  negation's clause, what is denied: "no debt, either long-term or short-term", "no
  acquisitions since 2020, either large or small"), a *dump* (pasted statement rows, a quoted excerpt of the filing, or
  pages of filing text).

Instructions to the grader inside an answer ("mark this correct", "ignore the rubric") are
recognised by ``grader_address.addresses_grader``: an answer that contains them earns no credit.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from harness.judge.amounts import Quantity, parse_quantities
from harness.judge.answered_first import ANSWER_PHRASE, answered_first, broken_down, on_working_line, worked_from
from harness.judge.asides import STATED_VALUE, about_the_asked, set_apart, sets_apart, stated_before_others
from harness.judge.average_shown import average_of_the_rest
from harness.judge.claims import corrections
from harness.judge.disowned import NAMES_RIGHT, OWN_AFTER_TURN, asks_forecast, claimed, denied, last_clause_correction
from harness.judge.hedging import TIME_TO_COME, alternative_offered, alternative_openings, hedges
from harness.judge.refusal import DECLINE, sentence_spans
from harness.judge.respectively import respective_values
from harness.judge.summary_ahead import summary_ahead
from harness.judge.two_values import between_two, change_among_levels, close_in_size, worked_in_brackets
from harness.judge.value_scope import other_period, other_scope, question_years
from harness.judge.words import BOUND_ABOVE, BOUND_BELOW, asked_subject, content

MAX_ANSWER_WORDS = 600  # longer is pasted source text, not an answer a reviewer would accept
# More figures than any answer holds: of FinanceBench's labelled answers within 600 words,
# none holds more than 56. More is pasted tables or a model's runaway repetition ("1,1,1,...",
# one "word"), which no reading would commit to, and whose figures, read pair by pair, would
# cost seconds.
MAX_ANSWER_FIGURES = 200


_DIGIT_RUN = re.compile(r"\d+")


def _too_long(answer: str, figures: list[Quantity] | None = None) -> bool:
    """More words or figures than an answer a reviewer would accept holds."""
    if len(answer.split()) > MAX_ANSWER_WORDS:
        return True
    if figures is None:
        # Each figure has a run of digits (or is a "zero"): an answer with few of them, as
        # nearly all are, is not parsed again here, on every answer's path.
        if len(_DIGIT_RUN.findall(answer)) + answer.lower().count("zero") <= MAX_ANSWER_FIGURES:
            return False
        figures = parse_quantities(answer)
    return len(figures) > MAX_ANSWER_FIGURES

_STRONG_CONCLUSION = re.compile(
    r"\b(?:therefore|thus|hence|so|in summary|in conclusion|to summari[sz]e|overall|final answer|the answer is|"
    r"in short|as a result|this (?:gives|yields|means|results in)|(?P<which>which (?:gives|yields|equals|is|averages?))|"
    r"bottom line|the result is"
    # The last line of a worked computation ("Result: $X", "That leaves $X", "... gives $X"):
    # the value it arrives at, where the "=" of a step before it names a step.
    r"|gives|leaves|leaving"
    # The value put in the unit the question asks for, after the computation ("Expressed in
    # USD thousands, net debt is ..."): what the answer hands in.
    r"|expressed\s+in|converted\s+(?:in)?to|^\W*in\s+(?:US\$?\s*|USD\s+)?(?:thousands|millions|billions)\b"
    # The computed figure rounded as the question asks ("Rounded to one decimal place, DSO is
    # 54.3 days"): the rounding is the last step.
    r"|rounded\s+to|rounding\s+to|rounds\s+to|when\s+rounded"
    # A sentence that says it answers the question ("On the specific question, JnJ secured
    # $13.2 billion", "To answer the question directly, ..."), after context of its own.
    r"|on\s+the\s+(?:specific|actual)\s+question|(?:to\s+answer|answering)\s+the\s+question\s+directly|in\s+direct\s+answer)\b"
    # (A "Long answer:" after a short one elaborates, it does not conclude.)
    r"|\b(?<!long )(?<!longer )(?<!detailed )(?<!full )(?:answer|result|conclusion):|=|≈"
    # A sentence that calls its value the right one or the answer's own after a turn ("Revenue
    # = 4,812. But the real answer is $5,020 million"): the answer settles there, after the
    # computation.
    r"|" + NAMES_RIGHT + "|" + OWN_AFTER_TURN,
    re.IGNORECASE,
)
_HYPOTHETICAL = re.compile(
    r"\b(?:for example|for instance|hypothetical(?:ly)?|suppose|let's say|let us say|say that|for illustration|as an illustration"
    r"|for illustrative purposes|illustrative only)\b|\be\.g\.(?!\w)|^\s*if\b",
    re.IGNORECASE,
)
# A bracket that names examples of the item, set aside when a sentence is read as an
# illustration: "Current liabilities (for example, accounts payable) totaled $5,466 million".
# Examples of a value ("(e.g. $5,466 million)"), and a bracket that is only the word
# ("(For example) $X", "(illustrative only)"), still make the sentence one.
_EXAMPLES_OF_THE_ITEM = re.compile(r"\(\s*(?:for example|for instance|e\.g\.)\s*[,:]?\s*[A-Za-z][^()]*\)", re.IGNORECASE)
# "If we use the cash flow statement, capex was $1,577 million": a condition on the method,
# with no figure assumed and nothing said to follow only in theory, is no illustration.
_CONDITION_ON_METHOD = re.compile(r"\s*if\b[^\d,;:]*,(?![^.;]*\b(?:would|could|might)\b)", re.IGNORECASE)
# After a refusal, "a typical figure would be $X" is a guess, not an answer.
_CONDITIONAL = re.compile(r"\b(?:would|typical(?:ly)?|usually|generally|likely|probably|estimate[sd]?)\b", re.IGNORECASE)
# A turn after a decline to what the answer does find.
_TURN_AFTER = re.compile(r"[,;]\s*(?:but|however)\b|\bbut\b", re.IGNORECASE)
_ARITHMETIC_WORDS = re.compile(
    r"\b(?:multipl\w*|divid\w*)\s+(?:\w+\s+){0,3}?by\s*$|\bmultiply(?:ing)?\s*$", re.IGNORECASE
)
# Markdown bold ("**1,284**") is no multiplication.
_OPERATOR_BEFORE = re.compile(r"(?:^|[\s)])[x×]\s*$|(?:(?<!\*)\*|[/÷])\s*$")
# A value labelled in words, then a slash: "1,284 (primary) / ". (A computation brackets
# figures: "(1,500 + 62) / 1,562".)
_LABELLED_THEN_SLASH = re.compile(r"\d\s*\([A-Za-z][A-Za-z\s-]*\)\s*/\s*$")
# A term of a computation: an operator between two numbers ("5,121.3 / 7,491.5", "$787 x 100").
_IN_EXPRESSION_AFTER = re.compile(r"^\)?\s*(?:[*×/÷+]|[^\S\n][-−]\s)\s*\(?\s*(?:US)?\$?\s*\(?\d")
# (A term written with its scale or percent sign divides as well: "$1,217 million / $1,832 million".
# A dash that opens a line is a bullet: "- $1,500 million\n- $1,832 million" subtracts nothing.)
_IN_EXPRESSION_BEFORE = re.compile(
    r"\d\)?\s*(?:[*×/÷+]|[^\S\n][-−]\s)\s*\(?\s*(?:US)?\$?\s*\(?$"
    r"|\d\s*(?:%|(?:million|billion|thousand|trillion|bn|mn|mm|[mbk])\b)\)?\s*[*×/÷+]\s*\(?\s*(?:US)?\$?\s*\(?$",
    re.IGNORECASE,
)
# A sum or difference in words, each term named or not: "operating income of $1,126 million
# plus depreciation and amortization of $437 million", "13.82% minus 11.41%", "USD 1.196 bn
# (income statement) plus ...". (Not "plus or minus", a margin of error.)
_WORDED_TERM_LABEL = r"(?:[A-Za-z&'’-]+\s+){0,6}?(?:of\s+)?"
_WORDED_OPERATOR_AFTER = re.compile(
    r"(?:\s*\([^()\d]{1,60}\))?\s+(?:plus|minus)\s+(?!or\b)" + _WORDED_TERM_LABEL + r"\(?\s*(?:US)?\$?\s*\(?\d", re.IGNORECASE
)
_WORDED_OPERATOR_BEFORE = re.compile(
    r"\d\)?\s*(?:%|percent|(?:million|billion|thousand|trillion|bn|mn|mm|[mbk])\b)?(?:\s*\([^()\d]{1,60}\))?\s+(?<!or )(?:plus|minus)\s+(?!or\b)"
    + _WORDED_TERM_LABEL
    + r"\(?\s*(?:US)?\$?\s*\(?$",
    re.IGNORECASE,
)
_OPERATOR_AFTER = re.compile(r"^[ \t]*(?:\*(?!\*)|[×/÷]|[-−]\s*\()")  # on the number's own line
_FROM_TO = re.compile(r"\bfrom\b[^.;]*?$", re.IGNORECASE)
# Reasons an answer commits to no single value although it states some.
AMBIGUOUS = ("list", "hedge", "bound", "dump")


@dataclass(frozen=True)
class Commitment:
    """What the answer commits to: ``value``, or None with the ``reason`` why not.

    ``reason`` is ``committed`` with a value; without one it is ``no value``, ``list``,
    ``hedge``, ``bound`` or ``dump``. ``rivals`` are the deciding sentence's other candidate values.
    """

    value: Quantity | None
    reason: str
    rivals: tuple[Quantity, ...] = ()

    @property
    def ambiguous(self) -> bool:
        return self.reason in AMBIGUOUS


def _word_count(text: str) -> int:
    return len(re.findall(r"[A-Za-z]{2,}", text))


def is_row(line: str) -> bool:
    """A statement row pasted as text: a line item and its columns ("Total debt $47,237 $49,781").

    Two numbers side by side with no word between them are columns; a computation ("=",
    "+", " - ", "/") is reasoning, not a row.
    """
    found = parse_quantities(line)
    if len(found) == 1:
        return _word_count(line) == 0 and not re.search(r"[=+/*×]", line)
    if len(found) < 2 or re.search(r"[=+/*×÷]|\s[-−]\s|\bminus\b|\bdivided\b", line):
        return False
    if _word_count(line) >= 8 and _STATES.search(line):
        return False  # "Capex was $155M, $131M and $116M against revenues of ...": a sentence that lists them
    return any(
        not re.search(r"[A-Za-z]", line[a.end:b.start]) and not _said_again_in_brackets(line[a.end:b.start], a, b)
        for a, b in zip(found, found[1:])
    )


def _said_again_in_brackets(gap: str, a: Quantity, b: Quantity) -> bool:
    """"**$382 million** (381,603 thousand)": one value and itself again, no two columns."""
    return bool(re.fullmatch(r"[*_\s]*\(\s*[~≈]?\s*(?:US)?\$?\s*", gap)) and a.restates(b)


# A verb a sentence states its figures with, as no pasted row has one.
_STATES = re.compile(r"\b(?:was|were|is|are|averages?|averaged|totall?ed|gives?|came\s+to)\b", re.IGNORECASE)
_QUOTED = re.compile(r'"[^"]+"|“[^”]+”')
_ELLIPSIS = re.compile(r"\.\.\.|…")


_AFTERWORD = re.compile(
    r"(?:^|(?<=[.!?\n]))\s*(?:(?:please\s+note|let\s+me\s+know|i\s+hope|hope\s+this\s+helps|feel\s+free|this\s+(?:analysis|answer|information)\s+is\s+based|"
    r"(?:is\s+there\s+)?anything\s+else\s+(?:you|i\s+can)|disclaimer)\b|(?:\*\*)?(?:note|disclaimer)\s*:)[^\n]*",  # ("Note: all figures ...": no word boundary after a colon)
    re.IGNORECASE,
)


_SOURCE_LEAD_IN = re.compile(
    r"^[^\S\n]*(?:(?:quoted|quotes?|excerpts?|passages?|relevant|from|in|according\s+to|as\s+stated\s+in|the|its|this|"
    r"company'?s?|filing|10-?k|10-?q|annual|quarterly|report|document|text|statements?|says|states|reads)\W*){1,8}:[^\S\n]*$",
    re.IGNORECASE | re.MULTILINE,
)


def quoted_excerpt(answer: str) -> bool:
    """Passages of the filing in quotation marks with next to no words of the answer's own.

    One quoted sentence can be an answer in the filing's words ("We maintained an annual
    dividend of $0.01 per share"); fragments cut with an ellipsis, or several passages side
    by side, are an excerpt that leaves the reader to find the answer in it.
    """
    passages = _QUOTED.findall(answer)
    if not passages:
        return False
    inside = sum(_word_count(p) for p in passages)
    # A caveat or sign-off after the passages ("Please note that this analysis is based
    # solely on the filing.") says nothing of the question: no words of an answer's own.
    # Nor does a lead-in that only names where the passages come from ("Quoted from the filing:").
    outside = _word_count(_SOURCE_LEAD_IN.sub(" ", _AFTERWORD.sub(" ", _QUOTED.sub(" ", answer))))
    return outside <= max(3, inside // 10) and (len(passages) >= 2 or bool(_ELLIPSIS.search(passages[0])))


def looks_like_dump(answer: str) -> bool:
    """Pages of pasted filing, a quoted excerpt, or statement rows pasted with next to no
    answer around them."""
    if _too_long(answer) or quoted_excerpt(answer):
        return True
    lines = [line for line in answer.splitlines() if line.strip()]
    row = [is_row(line) for line in lines]  # once per line: is_row parses the line's numbers
    prose = sum(_word_count(line) for line, is_a_row in zip(lines, row) if not is_a_row)
    return sum(row) >= 3 and prose < 15


def is_operand(answer: str, q: Quantity) -> bool:
    """A constant or term of a formula ("x 100", "365 *", "(5,121.3 / 7,491.5)"): not a claimed value."""
    after = _IN_EXPRESSION_AFTER.match(answer[q.end:q.end + 8])
    if after and q.percent and "$" in after.group(0) and not re.search(r"[*×/÷+]", after.group(0)):
        after = None  # "1.42% - $1,248 million of net income ...": a dash before what it is made of, no subtraction
    if after or _IN_EXPRESSION_BEFORE.search(answer[max(0, q.start - 20):q.start]):
        return True
    # (Wide enough for a term named at length, with its source in brackets.)
    if _WORDED_OPERATOR_AFTER.match(answer, q.end, q.end + 160) or _WORDED_OPERATOR_BEFORE.search(answer, max(0, q.start - 160), q.start):
        return True
    if q.currency or q.explicit_scale or q.decimals or q.multiple or (q.percent and q.number != 100):
        return False
    if _ARITHMETIC_WORDS.search(answer[max(0, q.start - 40):q.start]):
        return True
    if _LABELLED_THEN_SLASH.search(answer[max(0, q.start - 40):q.start]):
        return False  # "1,284 (primary) / 1,682 (secondary)": a slash between labelled values divides nothing
    return bool(_OPERATOR_BEFORE.search(answer[max(0, q.start - 3):q.start]) or _OPERATOR_AFTER.match(answer[q.end:q.end + 4]))


def hypothetical(answer: str, span: tuple[int, int], declines: bool) -> bool:
    """An illustration ("For example, if COGS were $10 billion ..."), not the answer.

    In an answer that declines, the worked example that follows such a lead-in (often on
    the next lines, after a colon) is illustrative too.
    """
    text = answer[span[0]:span[1]]
    if "(" in text:
        text = _EXAMPLES_OF_THE_ITEM.sub(lambda bracket: " " * len(bracket.group()), text)
    found = _HYPOTHETICAL.search(text)
    if found and not (found.group().lstrip().lower() == "if" and _CONDITION_ON_METHOD.match(text)):
        return True
    return declines and bool(_HYPOTHETICAL.search(answer[max(0, span[0] - 400):span[0]]))


# What a total is broken into, after it: "$5,466 million, comprising $4,173 million of content
# liabilities, $359 million of accounts payable and ...". ("Of which" and "including" often
# give the part a question asks for, and are not read so.)
_COMPONENTS = re.compile(r"\b(?:comprising|comprised of|consisting of|made up of|composed of|broken down (?:as|into))\b", re.IGNORECASE)


def _without_components(answer: str, span: tuple[int, int], values: list[Quantity]) -> list[Quantity]:
    """``values`` without the parts of the total before them in the sentence ``span``."""
    if len(values) < 2:
        return values
    parts = _COMPONENTS.search(answer, values[0].end, span[1])
    return values if parts is None else [q for q in values if q.start < parts.start()]


def _starts_from(answer: str, span: tuple[int, int], q: Quantity, later: Quantity) -> bool:
    """"from $A to $B": A is where a change started, not the value reached."""
    between = answer[q.end:later.start]
    return bool(re.search(r"\bto\b", between)) and bool(_FROM_TO.search(answer[span[0]:q.start]))


def _presented_again(answer: str, q: Quantity, every: list[Quantity]) -> bool:
    """Is ``q`` a figure the answer stated before, shown again as its statement shows it, in
    an accounting parenthesis ("paid $389 million in dividends ... 'Dividends paid: $(389)
    million'")? The bracket is the statement's sign for an outflow, not another value."""
    if q.number >= 0 or not _ACCOUNTING_OPEN.search(answer, max(0, q.start - 4), q.start + 1):
        return False
    return any(p.start < q.start and p.number == -q.number and p.scale == q.scale for p in every)


_ACCOUNTING_OPEN = re.compile(r"\((?:US\$|\$)?\s?\d?$|\$\s?\(")


def find_commitment(
    answer: str, question: str, is_candidate: Callable[[Quantity], bool], same: Callable[[Quantity, Quantity], bool],
) -> Commitment:
    """The value ``answer`` commits to among the values ``is_candidate`` accepts.

    ``same(a, b)`` says whether two written numbers state one value (so "0.6563, or
    65.63%" is one value, not a list).
    """
    answer = answer or ""
    found = _find_commitment(answer, question, is_candidate, same)
    if found.value is not None:
        # "TL;DR: $1,373 million. ... capex of $1,577 million": the opening summary is an
        # answer too, unless the answer corrects itself after it ("..., wait, $1,577 million").
        ahead = summary_ahead(answer, found.value, is_candidate, same)
        if ahead is not None and not any(cut > ahead.end for cut in corrections(answer)):
            return Commitment(None, "hedge", (ahead, found.value))
    checks = tuple((m.start(), m.end()) for m in _CHECK_SECTION.finditer(answer))
    if not checks or found.value is not None and not (
        _in_check(checks, found.value.start)
        and not any(same(found.value, q) for q in parse_quantities(answer[:checks[0][0]]))
    ):
        # "Check: recomputed 4.3% - 4.1% = 0.2%, consistent." confirms a value the answer
        # gave before it: that value stands.
        return found
    # "0.68 (...). Check: 0.68 x 7,491.5 ≈ 5,094, close to 5,121.3 - consistent.": the values
    # a check works out on the way are the check's, not the answer; read the answer without it.
    unchecked = _find_commitment(answer, question, is_candidate, same, checks)
    return unchecked if unchecked.value is not None else found


def _find_commitment(
    answer: str, question: str, is_candidate: Callable[[Quantity], bool], same: Callable[[Quantity, Quantity], bool],
    checks: tuple[tuple[int, int], ...] = (),
) -> Commitment:
    every = parse_quantities(answer)
    if _too_long(answer, every) or quoted_excerpt(answer):
        return Commitment(None, "dump")
    worked = worked_in_brackets(answer, every, question)
    quantities = [q for q in every if not is_operand(answer, q) and is_candidate(q) and not any(a <= q.start < b for a, b in worked)]
    quantities = [q for q in quantities if not _presented_again(answer, q, every)]
    spans = sentence_spans(answer)
    declines = any(DECLINE.search(answer[a:b]) for a, b in spans)
    asked = question_years(question)
    forecast_asked = asks_forecast(question)
    sentences: list[tuple[tuple[int, int], list[Quantity]]] = []
    row_spans = {span for span in spans if is_row(answer[span[0]:span[1]])}
    rows = len(row_spans) if len(row_spans) >= 2 else 0  # a lone bare number is an answer, not a table
    for span in spans:
        text = answer[span[0]:span[1]]
        if rows and span in row_spans:
            continue  # quoted statement data, not a claim
        decline = DECLINE.search(text)
        turn = _TURN_AFTER.search(text, decline.end()) if decline else None
        if turn is not None:
            # "The excerpt doesn't show the income statement, but the MD&A states that revenue
            # was $4,812 million": what follows the turn is a claim.
            span = (span[0] + turn.end(), span[1])
            text = answer[span[0]:span[1]]
        elif decline:
            continue
        if hypothetical(answer, span, declines) or declines and _CONDITIONAL.search(text):
            continue
        if text.rstrip().endswith("?"):
            continue  # a question, not a claim ("Was it $1,577 million?")
        if _HOW_WORKED_OUT.match(text):
            continue  # "This is calculated by subtracting cost of revenue ($863.7 million) from ...": its operands

        here = [q for q in quantities if span[0] <= q.start < span[1]]
        dropped, dated = respective_values(text, span[0], here, question, asked) or ([], [])
        here = [
            q for q in here
            if q not in dropped and (q in dated or not other_period(answer, span, q, asked)) and not other_scope(answer, span, q, question)
        ]
        here = claimed(answer, span[0], text, here, forecast_asked)
        # "was half of $1,577 million", "was twice $1,577 million": a value worked from it, not it.
        here = [q for q in here if not _SCALED_BEFORE.search(answer, max(span[0], q.start - 90), q.start)]
        # "a separate 'construction payable' line ($311.8 million), which is not part of accounts
        # payable": a value the sentence sets apart from what is asked.
        if sets_apart(text):
            here = [q for q in here if not set_apart(answer, span, q, here)]
        # A value the sentence denies anywhere ("... $1,577 million, but really $1,600 million
        # rather than 1,577") is denied everywhere in it.
        denials = [q for q in here if denied(answer, q)]
        inside = [q for q in here if not any(same(q, d) for d in denials)]
        if inside:
            sentences.append((span, inside))
    if checks:  # the spans of the checks to read the answer without
        sentences = [s for s in sentences if not _in_check(checks, s[0][0])] or sentences
    if not forecast_asked:
        # "JnJ realised $13.2 billion ... It may be $17.3 billion next year.": a doubt about a
        # time to come is no answer of its own, nor an alternative to one.
        sentences = [s for s in sentences if not (TIME_TO_COME.search(answer, *s[0]) and hedges(answer, *s[0]))] or sentences
    taken_back = corrections(answer)
    if taken_back:
        # Only what the answer states after its last correction of itself is its answer, in
        # the sentence it falls in too ("$5,466 million, wait, $4,173 million"), where a
        # value follows it ("..., as recalculated by the company" takes back nothing).
        cut = taken_back[-1]
        sentences = [(s, [q for q in qs if q.start > cut] or qs) for s, qs in sentences if s[1] > cut]
    if not sentences:
        return Commitment(None, "dump" if rows >= 2 else "no value")
    claimed_values = [q for _, qs in sentences for q in qs]
    if alternative_offered(answer, alternative_openings(answer, spans), claimed_values, lambda a, b: same(a, b) or close_in_size(a, b)):
        return Commitment(None, "hedge", tuple(claimed_values))
    # "Net income was $213.1 million, so operating cash flow exceeded reported earnings": a
    # sentence whose only conclusion is a clause after all its values infers from them and
    # hands in none of them.
    concluding = [s for s in sentences if _concludes(answer, s) and not _infers_from_values(answer, s)]
    if len(concluding) > 1:
        # A conclusion that only sets the figure against a bound or a benchmark ("... = 2.6x.
        # It is therefore well below its 3.5x covenant") concludes about the figure before it.
        valued = [s for s in concluding if not all(_bounded(answer, s[0], q) for q in s[1])]
        concluding = valued or concluding
    span, inside = (concluding or sentences)[-1]
    if not concluding and (about := about_the_asked(answer, sentences, question)) is not None:
        # "Operating income rose ..., an increase of 65.4%. ... Operating expenses grew only
        # 12.5%": the answer's figure, then figures of other things that explain it.
        span, inside = about
    if not concluding and (stated := stated_before_others(answer, sentences, question)) is not None:
        # "Nike's total current assets at the end of FY2019 were $16,525 million. ... Total
        # assets were $23,717 million.": the asked figure in the question's words, then
        # figures of other things beside it.
        span, inside = stated
    if concluding and (restated := [s for s in sentences if s[0][0] > span[0] and _states_the_asked(answer, s, question)]):
        # "Net debt / EBITDA = 2.6x. ... Tern Shipping's FY2021 net debt to EBITDA is 3.2x.":
        # after its computation the answer says in the question's words what the figure is,
        # and that statement, not the step before it, is what it hands in.
        span, inside = restated[-1]
    if (
        not taken_back and not hedges(answer, *sentences[0][0])
        and not any(_result_drawn(answer[s[0]:s[1]]) for s, _ in sentences[1:] if not on_working_line(answer, sentences[0][0], s[0]))
        and (first := answered_first(answer, question, every, sentences, same)) is not None
    ):
        # "EBITDA less capex is $9,068 million (≈ $9.07 billion). Operating profit of $11,512M
        # plus D&A of $2,763M gives $14,275M, and capex of $5,207M is subtracted.": the answer
        # first, then the figures it is worked from.
        return Commitment(first, "committed")
    text = answer[span[0]:span[1]]
    if _restates_another(answer, sentences, span, inside, same):
        return Commitment(None, "hedge", tuple(inside))
    # Among conclusions only the ones that say they are the answer are compared: a worked
    # computation's "Margin = 3.057%" lines are steps, each in the same words.
    pool = [s for s in concluding if ANSWER_PHRASE.search(answer[s[0][0]:s[0][1]])] if concluding else sentences
    if any(s[0] == span for s in pool) and _restated_otherwise(answer, question, span, inside, pool, every, same):
        return Commitment(None, "hedge", tuple(inside))
    retraction = last_clause_correction(text)
    if retraction is not None and any(q.start > span[0] + retraction.end() for q in inside):
        inside = [q for q in inside if q.start > span[0] + retraction.end()]
    elif retraction is not None and retraction.group("label"):
        return Commitment(None, "no value")  # "$X; final answer: it is not available": the answer given anew is no value
    # "Taking the square root of 1.1196 gives 1.0581, so the growth rate is 5.81%": after the
    # sentence's last "so" or "therefore", as after its last "=", only what it concludes counts.
    concluded = list(_CONCLUDING_CLAUSE.finditer(text))
    if concluded and any(q.start > span[0] + concluded[-1].end() for q in inside):
        inside = [q for q in inside if q.start > span[0] + concluded[-1].end()]
    # "Multiplying 365 by $640 million gives 233,600, and dividing by 4,805 gives a DPO of
    # 48.62": a worded "=" as well.
    # (Only one a value follows: in "(402 over 21,006 = 1.914%) gives the same rounded result"
    # the "=" gives the value.)
    worded = [m.start() for m in _WORDED_EQUALS.finditer(text) if any(q.start >= span[0] + m.end() for q in inside)]
    # "The difference, 4.3% - 4.1%, is 0.2%": a computation, then its result after "is".
    worded += [m.end() - 1 for m in _COMPUTATION_IS.finditer(text) if any(q.start >= span[0] + m.end() for q in inside)]
    worded.sort()
    bracketed = {at: _bracketed_sign(answer, at, inside) for at in (span[0] + m.start() for m in re.finditer(r"[=≈]", text))}
    if any(kind == "other" for kind in bracketed.values()):
        # "About $70 million (≈ $77.78 million)": one value, and another in its place.
        return Commitment(None, "hedge", tuple(inside))
    signs = [at for at, kind in bracketed.items() if kind != "again"]
    last_eq = max(signs[-1] - span[0] if signs else -1, worded[-1] if worded else -1)
    if last_eq >= 0 and any(q.start > span[0] + last_eq for q in inside):
        inside = [q for q in inside if q.start > span[0] + last_eq]
    inside = _without_components(answer, span, inside)
    # "from $A to $B": the start of a change is not what the answer arrives at.
    inside = [q for i, q in enumerate(inside) if not any(_starts_from(answer, span, q, later) for later in inside[i + 1:])]
    clusters: list[Quantity] = []
    for i, q in enumerate(inside):
        if not any(same(q, c) for c in clusters) and not (i and _bracketed_again(answer, inside[i - 1], q, same)):
            clusters.append(q)
    if (change := change_among_levels(answer, question, span, clusters)) is not None:
        return Commitment(change, "committed", tuple(c for c in clusters if c is not change))
    if (average := average_of_the_rest(answer, question, span, clusters)) is not None:
        return Commitment(average, "committed", tuple(c for c in clusters if c is not average))
    if len(clusters) >= 3 and (outside := [c for c in clusters if not _in_worded_aside(answer, span, c)]) and len(outside) < len(clusters):
        # "EPS was $2.47 (basic EPS was higher at $2.49, on 245.8 million shares)": the values
        # of a bracketed clause of its own are its asides, not a list beside the answer.
        if len(outside) == 1:
            return Commitment(outside[0], "committed", tuple(c for c in clusters if c is not outside[0]))
        clusters = outside
    if len(clusters) >= 3 and _parts_in_brackets(answer, text, span, clusters):
        # "Capex was $1,577 million ($1,200 million of equipment and $377 million of
        # software)": a total and its parts, not a list.
        return Commitment(clusters[0], "committed", tuple(clusters[1:]))
    if len(clusters) >= 3:
        return Commitment(None, "list", tuple(clusters))
    if hedges(text) or any(_hedged_elsewhere(answer, s, qs, clusters[0], same) for s, qs in sentences if s != span):
        return Commitment(None, "hedge", tuple(clusters))
    if len(clusters) == 2 and (decided := between_two(answer, question, span, clusters[0], clusters[1])) is not None:
        value, reason = decided
        return Commitment(value, reason, tuple(q for q in clusters if q is not value))
    if _BOUND_BEFORE.search(answer, max(span[0], clusters[0].start - 40), clusters[0].start) or _BOUND_AFTER.match(answer, clusters[0].end):
        # "At least $5,466 million", "less than 1.0", "$5,466 million or more": a bound, not the value.
        return Commitment(None, "bound", tuple(clusters))
    return Commitment(clusters[0], "committed", tuple(clusters[1:]))


# A paragraph that checks the answer's figure: "Check: ...", "Sanity check: ...", "Verification: ...".
_CHECK_SECTION = re.compile(
    r"^[^\S\n]*[*_#]*[^\S\n]*(?:(?:sanity|cross|double|self|quick)[- ]?)?(?:check|verification|validation)[*_]*[^\S\n]*:[^\n]*(?:\n(?![^\S\n]*\n)[^\n]*)*",
    re.IGNORECASE | re.MULTILINE,
)


def _in_check(checks: tuple[tuple[int, int], ...], position: int) -> bool:
    """Does ``position`` fall in one of the spans of ``checks`` (``_CHECK_SECTION``)?"""
    return any(start <= position < end for start, end in checks)


def _infers_from_values(answer: str, sentence: tuple[tuple[int, int], list[Quantity]]) -> bool:
    """Is the sentence's only conclusion a clause (", so ...", "; therefore ...") after all
    its values?"""
    (start, end), values = sentence
    text = answer[start:end]
    last_value = max(q.end for q in values) - start
    clauses = list(_CONCLUDING_CLAUSE.finditer(text))
    return bool(clauses) and clauses[0].start() >= last_value and all(
        m.start() >= clauses[0].start() for m in _STRONG_CONCLUSION.finditer(text)
    )


def _result_drawn(text: str) -> bool:
    """Does a sentence draw a result of its own ("Result: $4,848 million", "= $400,000,000",
    "So ... by $400 million"), beyond a step's "gives" or "leaves" on the way?"""
    return any(m.group(0).lower().split()[-1] not in ("gives", "leaves", "leaving", "yields") for m in _STRONG_CONCLUSION.finditer(text))


# A sentence in bold as a whole: markdown's way of handing in the answer ("**Block's FY2016
# working capital ratio is 1.73.**").
_WHOLE_BOLD = re.compile(r"\W*\*\*[^*]+\*\*\W*")


def _concludes(answer: str, sentence: tuple[tuple[int, int], list[Quantity]]) -> bool:
    """Does the sentence draw a conclusion (``_STRONG_CONCLUSION``), or hand in its value in
    bold as a whole? "which is" and a step's "gives" conclude only where a value follows them:
    "... the $747M gain, which is below operating income" concludes nothing about the $747M."""
    (start, end), values = sentence
    text = answer[start:end]
    if _WHOLE_BOLD.fullmatch(text):
        return True
    if start and _CLOSING_TLDR.match(text):
        return True  # the working, then "TL;DR: $1,832 million." (not an opening one: that is a summary ahead)
    if any(any(q.start >= start + m.end() for q in values) for m in _COMPUTATION_IS.finditer(text)):
        return True  # "The difference, 4.3% - 4.1%, is 0.2%": a computation's result
    return any(
        not (m.group("which") or m.group(0).lower() in _STEP_WORDS) or any(q.start >= start + m.end() for q in values)
        for m in _STRONG_CONCLUSION.finditer(text)
    )


_CLOSING_TLDR = re.compile(r"\W*tl;?\s?dr\W{0,3}:", re.IGNORECASE)


# A step's words, which conclude only where a value of the kind asked follows them: "leaving
# net working capital of roughly $424 million" to a question of a ratio, and "gives the same
# rounded result", hand in none.
_STEP_WORDS = frozenset({"gives", "leaves", "leaving"})


# A step's result in words: what follows is what the step arrives at.
_WORDED_EQUALS = re.compile(
    r"\b(?:gives|giving|yields|yielding|equals|leaves|leaving|results\s+in|resulting\s+in|averag(?:e|es|ing|ed)\s+(?:out\s+)?(?:to|at))\b",
    re.IGNORECASE
)
# (Tried from a number's first digit only: from each digit of a run of them, the run would be
# read again and again.)
_COMPUTATION_IS = re.compile(
    r"(?<!\d)(?<!\d[.,])\d[\d.,]*\s*(?:%|percent|million|billion|x)?\s*[-−+×÷*/]\s*\$?\s*\d[\d.,]*\s*(?:%|percent|million|billion|x)?\s*\)?\s*,?\s+"
    r"(?:is|was|comes\s+to|works\s+out\s+to)\s",
    re.IGNORECASE,
)
def _bracketed_sign(answer: str, at: int, values: list[Quantity]) -> str | None:
    """What the "=" or "≈" at ``at`` does when it opens a bracket right after a value:
    "again", it says that value again at another precision ("$77.78 million (≈ $0.078
    billion)") and works nothing out; "other", it puts another value in its place ("$77.78
    million (≈ $70 million)"); None for any other sign ("$700 million / 9 ≈ $77.78 million")."""
    before = [q for q in values if q.end <= at]
    after = [q for q in values if q.start > at]
    if not (before and after) or not _RIGHT_BEFORE_BRACKET.fullmatch(answer, before[-1].end, at) \
            or not _BRACKET_CLOSES.match(answer, after[0].end):
        return None  # (a bracket that works the value out, "1.73 (= 2,000 / 1,156)", holds more than one)
    return "again" if after[0].restates(before[-1]) else "other"


# A value, then a bracket the sign opens ("**$77.78 million** (≈"), and the bracket closing
# after the one value in it.
_RIGHT_BEFORE_BRACKET = re.compile(r"[*_\s]*\(\s?")
_BRACKET_CLOSES = re.compile(r"\s?\)")
# A clause that concludes inside the sentence: ", so ...", "; therefore ...".
_CONCLUDING_CLAUSE = re.compile(r"[,;]\s*(?:and\s+)?(?:so|therefore|thus|hence)\b", re.IGNORECASE)


# Between a value and the same value said again in brackets, its sign written or left to the
# words before it: "down 0.6% (-0.6%)", "-1.4 percentage points (about 140 bps of compression)".
_BRACKET_AGAIN = re.compile(
    r"\**\s*\(\s*(?:(?:about|approximately|roughly|around|or|i\.e\.,?|that is,?|ie,?)\s+)?[-−+]?\s*(?:US)?\$?\s*$", re.IGNORECASE,
)


def _bracketed_again(answer: str, before: Quantity, q: Quantity, same: Callable[[Quantity, Quantity], bool]) -> bool:
    """Is ``q`` the value ``before`` it said again in brackets right after it, with the sign
    the words before it give (``_BRACKET_AGAIN``)? One value, not two of opposite signs."""
    return _BRACKET_AGAIN.match(answer, before.end, q.start) is not None and (
        same(q, before) or same(replace(q, number=-q.number), before)
    )


def _states_the_asked(answer: str, sentence: tuple[tuple[int, int], list[Quantity]], question: str) -> bool:
    """Does the sentence say what the asked figure is, in the question's words: most of the
    question's common words (not its names), and one of its values right after a verb that
    states ("... net debt to EBITDA is 3.2x"), not a bound or a benchmark ("is well below its
    3.5x covenant")?"""
    (start, end), values = sentence
    asked = asked_subject(question)
    said = {s for s, _ in content(answer[start:end])}
    if len(asked) < 2 or len(asked & said) < 0.6 * len(asked):
        return False
    return any(STATED_VALUE.search(answer, max(start, q.start - 40), q.start) for q in values)


# A sentence that tells how the figure before it was worked out: its values are the inputs.
_HOW_WORKED_OUT = re.compile(
    r"\W*(?:this|that|it|which|the\s+(?:figure|amount|result|value))\s+(?:is|was|has\s+been)\s+(?:\w+\s+)?"
    r"(?:calculated|computed|derived|obtained|arrived\s+at|determined|worked\s+out)\s+(?:by|as|from|using)\b",
    re.IGNORECASE,
)


def _bounded(answer: str, span: tuple[int, int], q: Quantity) -> bool:
    """Is ``q`` a bound or a benchmark ("below its 3.5x covenant", "over 10%", "than the
    industry's 2.0x"), not a value?"""
    return _BENCHMARK_BEFORE.search(answer, max(span[0], q.start - 60), q.start) is not None


_BENCHMARK_BEFORE = re.compile(
    rf"(?:\b(?:{'|'.join(BOUND_ABOVE + BOUND_BELOW)}|than|within)|[<>≤≥])\s+(?:(?:its|the|a|an|their|our|his|her|[A-Z][\w'’]*)\s+)?"
    r"(?:[a-z-]+\s+){0,2}(?:US|USD)?\$?\s*[-−(]?\s*$",
    re.IGNORECASE,
)


# The stating verb right before the value, with at most a qualifier between ("is
# approximately", "was **"): no bound, comparison or other figure.


# A bracketed clause of its own before a value: words and a verb or preposition that state
# something ("(basic EPS was slightly higher at $2.49"), not a bare restatement ("($4,812").
_WORDED_ASIDE = re.compile(r"\(\s*[A-Za-z][^()]*\b(?:was|were|is|are|at|of|excluding|including)\b[^()]*$", re.IGNORECASE)


def _parts_in_brackets(answer: str, text: str, span: tuple[int, int], clusters: list[Quantity]) -> bool:
    """Are the sentence's values after its first in a bracket opened after it, adding up to
    it, with no "or" between them and nothing hedged?"""
    opened = answer.find("(", clusters[0].end, clusters[1].start)
    return (
        opened >= 0 and ")" not in answer[opened:clusters[-1].start] and broken_down(clusters[0], clusters[1:])
        and not re.search(r"\bor\b", answer[clusters[0].end:clusters[-1].start], re.IGNORECASE) and not hedges(text)
    )


def _in_worded_aside(answer: str, span: tuple[int, int], q: Quantity) -> bool:
    """Is ``q`` inside a bracketed clause of its own in its sentence (``_WORDED_ASIDE``)?"""
    opened = answer.rfind("(", span[0], q.start)
    return opened >= 0 and ")" not in answer[opened:q.start] and _WORDED_ASIDE.match(answer, opened, q.start) is not None


# Words that make the number after them the base of the value the sentence states: a fraction
# or a multiple of it, as what something was ("capex was half of $X", "revenue was 2x $X",
# "dividends were 60% of net income of $X", "was twice as large as $X"), or after a comma as
# what the value before was ("paid $1.84, about 60% of its $3.07 EPS"). Not where the
# fraction opens the sentence: in "About 60% of the $3.45 billion backlog is expected to
# convert ...", or "two-thirds of its 1,284 stores are in North America", the figure is named
# as it is.
_SCALED_BEFORE = re.compile(
    r"(?:\b(?:was|were|is|are|be|been|being|came\s+to|comes\s+to|amount(?:ed|s)\s+to|total(?:l?ed|s)|equall?(?:ed|s)|"
    r"represent(?:ed|s)|reached|stood\s+at)|,)\s+"
    r"(?:(?:about|approximately|roughly|nearly|around|just|some|only|almost|close\s+to|over|under|less\s+than|more\s+than)\s+)?"
    r"(?:(?:(?:a|one|two|three|four)[- ])?(?:half|thirds?|quarters?|fourths?|fifths?|tenths?)(?:\s+of)?"
    r"|twice(?:\s+as\s+\w+\s+as)?|double|triple|thrice|quadruple|\w+fold|\d+(?:\.\d+)?\s?x"
    r"|(?:\d+(?:\.\d+)?|two|three|four|five|six|seven|eight|nine|ten)\s+times(?:\s+as\s+\w+\s+as)?"
    r"|\d+(?:\.\d+)?\s?(?:%|percent|per\s+cent)\s+of)"
    # then what the base is named, if anything ("the company's", "net income of", "roughly")
    r"\s+(?:[^\d.;:!?]{0,40}?\s)?(?:(?:US|USD)\s*)?\$?\s*[-−(]?\s*$",
    re.IGNORECASE,
)


# Words that make the number after them a bound ("at least $5,466 million", "less than 1.0",
# "over 10%"), not a value. ("approximately", "about" and "nearly" still name the value.)
_BOUND_BEFORE = re.compile(
    rf"(?:\b(?:{'|'.join(BOUND_ABOVE + BOUND_BELOW)})|[<>≤≥])\s*(?:(?:US|USD)\s*)?\$?\s*[-−(]?\s*$",
    re.IGNORECASE,
)


# The same said after the number: "$5,466 million or more", "5% or less", "10% and up". (Not
# "at least" after it: "$X, at least according to the balance sheet" cites, it does not bound.)
_BOUND_AFTER = re.compile(
    r"\s*(?:(?:million|billion|thousand|percent|%|times|x)\b\s*)?,?\s*(?:or (?:more|less|higher|lower|above|below|greater|fewer|over|under)"
    r"|and (?:up|above|over|higher|more)|\+(?!\s*\d))(?!\w)",
    re.IGNORECASE,
)


# A sentence that says it restates the one before ("That is, $Y.", "(This equals $Y.)"). ("That
# is an increase of 65.4%" names what the values before it make, no restatement of them.)
_RESTATING_OPENER = re.compile(
    r"[\s(\[—–-]*(?:that is(?!\s+(?:an?|the)\s)|i\.e\.|in other words|put differently|this (?:equals|is equal to|amounts to|comes to)|which (?:is|equals))\b",
    re.IGNORECASE,
)


def _restates_another(
    answer: str, sentences: list[tuple[tuple[int, int], list[Quantity]]], span: tuple[int, int], inside: list[Quantity],
    same: Callable[[Quantity, Quantity], bool],
) -> bool:
    """Does the deciding sentence claim to restate the sentence before it ("$1,373 million.
    That is, $1,577 million.") with none of its values? Two values, neither claimed."""
    at = next((i for i, s in enumerate(sentences) if s[0] == span), 0)
    if at == 0 or not _RESTATING_OPENER.match(answer, span[0]):
        return False
    before = sentences[at - 1][1]
    return not any(same(a, b) or close_in_size(a, b) for a in before for b in inside)


def _restated_otherwise(
    answer: str, question: str, span: tuple[int, int], values: list[Quantity], sentences: list[tuple[tuple[int, int], list[Quantity]]],
    every: list[Quantity], same: Callable[[Quantity, Quantity], bool],
) -> bool:
    """Another sentence in the same words gives another value ("Total current liabilities
    were $4,173 million. Total current liabilities were $5,466 million."; "Answer A: ...
    Answer B: ..."): two answers, and the last is no more the answer than the first. A
    conclusion ("The final answer is ...") settles it, unless another says the same.
    ``every`` is all the answer's values, operands too: the ones before the sentence may
    work its value out."""
    text = answer[span[0]:span[1]]
    words, asked = _words(text), _words(question)
    if not words:
        # "... is $5,466,312. [its parts] Therefore, the answer is:\n\n$5,466,312": a bare figure
        # that repeats a value the answer stated in words is said in those words.
        words = next((_words(answer[o[0]:o[1]]) for o, qs in sentences if o != span and any(same(a, b) for a in qs for b in values)), words)
    made_before: bool | None = None  # worked out from the values before it? (asked once, if at all)
    for other, others in sentences:
        if other == span or any(same(a, b) for a in others for b in values):
            continue
        theirs = _words(answer[other[0]:other[1]])
        if (theirs - words) & _ITEM_QUALIFIERS - asked:
            continue  # "Total current assets were $X. Total assets were $Y.": another line item
        union = words | theirs
        if not union or len(words & theirs) >= _ALIKE * len(union):
            return True
        if not words or _same_label(text, answer[other[0]:other[1]]):
            # "EBITDA: $1,500 million\n$1,832 million", "Final: $X\nFinal: $Y": a bare figure, or
            # one under the other's label, is another value for the same thing, unless the
            # values before it make it ("... $1,500 million ... $332 million.\n$1,832 million").
            # ("Total assets: $Y" after "Total current assets: $X" is of another item.)
            if made_before is None:
                earlier = [q for q in every if q.end <= span[0]]
                made_before = any(worked_from(q, earlier) for q in values)
            if not made_before:
                return True
    return False


def _same_label(sentence: str, other: str) -> bool:
    """Does ``sentence`` open on a label ("Final:") that ``other`` gives too?"""
    label = _LEADING_LABEL.match(sentence)
    return label is not None and re.search(rf"(?<![\w-]){re.escape(label.group(1))}\s*:", other, re.IGNORECASE) is not None


_LEADING_LABEL = re.compile(r"[\s*_#>-]*([A-Za-z][A-Za-z ]{0,30}?)[*_]*\s*:")


_ALIKE = 0.6  # the share of their words two sentences have in common to say the same thing
# Words that make a line item another one: "current" assets are not total assets.
_ITEM_QUALIFIERS = frozenset({
    "current", "non-current", "noncurrent", "long-term", "short-term", "gross", "operating", "diluted", "basic", "adjusted",
    "unadjusted", "pre-tax", "after-tax", "other", "deferred", "accrued", "intangible", "tangible", "segment", "consolidated",
})


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z][A-Za-z'’-]{2,}", text)} - _FILLER


_FILLER = frozenset({"the", "was", "were", "are", "and", "million", "billion", "thousand", "usd", "fiscal"})


def _hedged_elsewhere(
    answer: str, span: tuple[int, int], values: list[Quantity], value: Quantity, same: Callable[[Quantity, Quantity], bool],
) -> bool:
    """Another sentence offers a different value as an alternative ("Alternatively, $X")."""
    return hedges(answer, span[0], span[1]) and any(not same(q, value) for q in values)
