"""Whether a prose answer commits to its verdict and its values, as ``commitment`` asks of a number.

An answer earns nothing for a verdict it does not commit to: both a yes and a no ("Yes, it
paid dividends. Actually, no."), a guess ("Probably yes"), a pick among options it hedges
between; nor for a value it lists among others, offers as an alternative or denies. Names
are read in ``name_commitment``.

- ``explicit_verdicts``: every yes or no the answer gives as a verdict: at the head of a
  sentence ("No. Debt rose ..."), after a conclusion word or a comma at the end of a clause
  ("..., so no, it did not"), or both at once ("yes and no").
- ``uncommitted_values``: the values an answer lists, hedges or denies rather than states.
- ``picked_option``: the option of a question's list ("operating, investing or financing")
  a sentence picks.
"""
from __future__ import annotations

import bisect
import re

from harness.judge.amounts import Quantity
from harness.judge.candidate_values import candidate_values
from harness.judge.claims import CROSS_MARKS, corrections
from harness.judge.comparison import quantity_kind
from harness.judge.disowned import denied, last_clause_correction, named_right
from harness.judge.hedging import alternative_offered, alternative_openings, hedges
from harness.judge.metric_use import asks_of_use, verdict_on_use
from harness.judge.name_commitment import GUESS, SUPERLATIVE, asks, undenied_stems
from harness.judge.refusal import sentence_spans, sentences
from harness.judge.two_values import close_in_size, worked_in_brackets
from harness.judge.words import CONCLUSION, DETERMINER_NO, IT_DEPENDS, YES_NO, content, stem, stems_of

# "..., so no, it did not improve", "The answer is yes.", "Overall: no."
_INLINE_VERDICT = re.compile(
    # (A dash after it too: "Based on the information provided, no - its spending has not ...";
    # bold around it: "**Answer: No**"; a sentence's opening "And no, ...", "But yes, ...".)
    r"(?:[,;:]|^\W*(?:and|but)|\b(?:so|therefore|thus|hence|in short|in summary|overall|the answer is|answer is|otherwise|else))\s*\**\s*\b(yes|no)\b\s*\**\s*(?=[,.;:!]|\s[-–—]\s|$)",
    re.IGNORECASE,
)
# "yes and no", "yes/no", a bare "yes no" in a string of keywords: both at once.
_BOTH = re.compile(r"\byes(?:\W+(?:and|or)\W+|\s*/\s*|\s+)no\b|\bno(?:\W+(?:and|or)\W+|\s*/\s*|\s+)yes\b", re.IGNORECASE)


# A verdict offered as a guess or an opinion one could take either way ("Probably yes",
# "it could be considered capital-intensive", "Arguably yes, though one could argue it is
# not") commits to neither side; so does one asked back ("Yes?", ``name_commitment.asks``).
_SOFT_VERDICT = re.compile(
    r"\b(?:probably|likely|arguably|presumably|conceivably|one could (?:\w+ )?(?:argue|say)|"
    r"(?:could|might) (?:equally|just as (?:well|easily)) (?:say|argue|be said)|"
    r"could (?:therefore |thus |also |well )?be (?:considered|argued|seen|viewed)|(?:argued|go|cut) either way)\b",
    re.IGNORECASE,
)


# A verdict declared open in so many words: "Whether this should be considered a cut is a
# matter of interpretation", "it can't be neatly categorized as profitable or unprofitable".
UNDECIDED = re.compile(
    r"\b(?:(?:is|remains)\s+(?:\w+\s+)?a\s+matter\s+of\s+(?:interpretation|opinion|judge?ment|perspective|definition)"
    r"|can(?:not|'t|’t)\s+be\s+(?:neatly|clearly|easily|simply)\s+(?:categori[sz]ed|classified|labell?ed|described)"
    r"|" + IT_DEPENDS + ")",
    re.IGNORECASE,
)


# A verdict the answer says it cannot confirm: "to confirm an improvement, we would need to
# compare this rate to previous years, which are not provided". What it gives is a guess.
UNCONFIRMABLE = re.compile(
    r"\b(?:to\s+(?:actually\s+|truly\s+|fully\s+|definitively\s+|conclusively\s+)?(?:confirm|verify|determine|establish)"
    r"|confirming|verifying|determining|establishing)\b[^.;]{0,100}?\b(?:would|will|need|needs|require|requires)\b"
    r"[^.]{0,160}?\b(?:not\s+(?:\w+\s+)?(?:provided|available|given|included|shown)|unavailable|missing)\b",
    re.IGNORECASE,
)


def hedges_verdict(sentence: str) -> bool:
    """Does the sentence that gives a verdict (a yes/no, a pick) only guess at it?"""
    return bool(hedges(sentence) or GUESS.search(sentence) or _SOFT_VERDICT.search(sentence) or UNDECIDED.search(sentence)) or asks(sentence)


def explicit_verdicts(answer: str, one_part: bool = False, question: str = "") -> set[str]:
    """The yes and no the answer states as verdicts (lower case), wherever they stand.
    ``one_part``: the question asks one thing, so a sentence that gives a verdict to a side
    point and then turns to the asked one ("Yes, it refinanced its revolver, but no, its total
    debt did not increase") gives the one after the turn. (To a two-part question each is one
    part's.) With the ``question``, a yes or no that heads a remark on what was just said
    gives no verdict on what is asked (``side_remark``), nor does one that answers a question
    the answer asks itself about something else ("Is that unusual? No.", ``own_other_question``)
    or one on whether a measure serves, where the question only supposes it may not
    (``metric_use.verdict_on_use``)."""
    found: set[str] = set()
    determiner_no = False
    before = ""
    for sentence in sentences(answer):
        asked_before, before = before, sentence
        if question and found and own_other_question(asked_before, question):
            # "Is it unusual? No, most food companies do.": after its verdict, the answer's own
            # question answered. (Before any verdict, a question is the asked one restated in
            # other words: "Question: Has its new chief executive run a similar company?")
            continue
        if question and (on_use := verdict_on_use(sentence, question)) is not None:
            # "No, working capital is not the most relevant metric here, ...": the question's
            # supposition answered; what the sentence says after it counts.
            sentence = sentence[on_use:]
        if _MARKED_VERDICT.search(sentence):
            # "No ❌ Yes ✅": the verdict ticked is the one given, the one crossed out is not.
            found.update(m.group(1).lower() for m in _MARKED_VERDICT.finditer(sentence) if m.group(2) in _TICKS)
            continue
        if _THEORY_VERDICT.search(sentence):
            # "Yes in theory; no in practice.": the verdict in practice is the one given.
            found.update(m.group(1).lower() for m in _PRACTICE_VERDICT.finditer(sentence))
            continue
        if _RETRACTED_VERDICT.search(sentence):
            # "No (typo) — Yes.": what follows the withdrawn verdict is the one given.
            sentence = _RETRACTED_VERDICT.sub("", sentence).strip()
        sentence = _settled_part(sentence, one_part)
        if _BOTH.search(sentence):
            return {"yes", "no"}
        head = YES_NO.match(sentence)
        if head and question and side_remark(sentence, question):
            head = None
        concluded = CONCLUSION.match(sentence)
        if head and DETERMINER_NO.match(sentence) or concluded and DETERMINER_NO.match(sentence[concluded.end():].lstrip(" ,:")):
            # (Concluded too: "So no dividends were paid in FY2020.")
            determiner_no = True
        elif head:
            found.add(head.group(1).lower())
        elif _NOT_YET.match(sentence):
            found.add("no")  # "Not yet. Occupancy was 71% against 79% before the pandemic."
        elif short := _ELLIPTICAL.match(sentence):
            found.add("no" if short.group("no") else "yes")
        found.update(m.group(1).lower() for m in _INLINE_VERDICT.finditer(sentence))
    # A "no" opening a noun phrase ("No material proceedings were reported") is the answer's
    # no where it gives no other verdict, and no second verdict beside a "Yes." (DETERMINER_NO).
    return found or ({"no"} if determiner_no else found)


def own_other_question(sentence: str, question: str) -> bool:
    """Is ``sentence`` a question the answer asks itself about something other than what is
    asked ("Is it unusual?", "Is working capital a useful metric here?" to "Does it have
    positive working capital?")? The yes or no after it answers that one, not the question.
    One that asks the question again, or most of it ("Does it have positive working
    capital?", "Is it positive?"), is the asked one."""
    if not sentence.rstrip().endswith("?") or _QUESTION_LABEL.match(sentence):
        return False
    if asks_of_use(sentence, question):
        return True  # "Is working capital a useful metric here?" to "Does it have positive working capital?"
    if _ON_ITSELF.search(sentence):
        return False  # "Is that right? No.", "Am I sure? No.": the answer doubts its own claim
    asked, its = stems_of(question), {s for s, _ in content(sentence)} - _DOUBTING
    if its & _ON_TRUTH:
        return False
    return bool(its - asked) and len(its & asked) < 0.5 * len(asked)


# "**Question:** ...", "Q: ...": the question restated under its label.
_QUESTION_LABEL = re.compile(r"^\W*(?:question|q)\W*:", re.IGNORECASE)
# A question on the answer itself, not on another matter: in the answerer's voice, or on
# what it stated, the source or the figure ("Can we trust this figure?", "Does the filing
# support this?", "Is that the final answer?").
_ON_ITSELF = re.compile(
    r"\b(?:i|we|me|my|our|us)\b|\b(?:filing|10-?[kq]|report|source|document|statements?|figure|number|answer|estimate|"
    r"final|trust|reliable|support|supports|stand|confirm|verify|holds?)\b",
    re.IGNORECASE,
)


# "Is it really positive?": the asked question doubted, not another one.
_DOUBTING = frozenset(stem(w) for w in "really actually truly indeed definitely certainly genuinely still".split())


# "No, this is not unusual for a manufacturer", "Yes, that is low for a retailer": a yes or
# no that heads a judgement of what was just said ("this", "that") rather than a claim.
_REMARK = re.compile(
    r"^\W*(?:yes|no)\W+(?:this|that|which)\s+(?:is|was|would be|seems|appears|looks"
    r"|(?:does|did)\s+not\s+(?:mean|imply|indicate|suggest|signal)|(?:doesn|didn)[’']t\s+(?:mean|imply|indicate|suggest|signal))\s+(?:not\s+)?"
    r"(?:(?:a|an|very|quite|fairly|relatively|rather|unusually|particularly|too|also)\s+)*(?P<word>[a-z][\w-]*)(?P<rest>[^.;!?]*)",
    re.IGNORECASE,
)
# What a remark may not say of what was just said, for then it is a verdict on it: that it is
# (not) true, (not) the case, (not) what the filing says.
_ON_TRUTH = frozenset(stem(w) for w in (
    "case true untrue correct incorrect right wrong accurate inaccurate false misleading exactly so what how the answer it"
    " likely unlikely possible certain sure clear mistake error typo"
).split())


def side_remark(sentence: str, question: str) -> bool:
    """Does ``sentence`` open with a yes or no on a remark about what the answer just said
    ("Yes, it has positive working capital. No, this is not unusual for a manufacturer."),
    which shares no word with the question? Then that yes or no is no second verdict on what
    is asked. A remark that speaks of what is asked ("No, that is not healthy" to "Is its
    liquidity healthy?") or of the truth of what was said ("No, that is not the case") is a
    verdict."""
    m = _REMARK.match(sentence)
    if not m or stem(m.group("word")) in _ON_TRUTH:
        return False
    said = {s for s, _ in content(m.group("word") + m.group("rest"))}
    return bool(said) and not said & stems_of(question) and not said & _ON_TRUTH


def first_part_verdict(answer: str) -> str | None:
    """To a two-part question, the answer's yes or no to the first part: the first of the two
    in its last sentence that gives both ("So: profitable, no; revenue growing, yes.", the
    summary that follows the question's order), else the first it gives."""
    given = [(sentence, explicit_verdicts(sentence)) for sentence in sentences(answer)]
    both = [sentence for sentence, verdicts in given if len(verdicts) > 1]
    if both:
        return next(m.group(1).lower() for m in re.finditer(r"\b(yes|no)\b", both[-1], re.IGNORECASE))
    return next((next(iter(verdicts)) for _, verdicts in given if verdicts), None)


# A yes or no standing as a verdict: the end of its clause follows ("no, it did not", not "no doubt").
_LATER_VERDICT = re.compile(r"(?<=\W)(?:yes|no)\b(?=\s*(?:[,.;:!)]|$)|\s+[-–—]\s)", re.IGNORECASE)


def _settled_part(sentence: str, turns: bool = False) -> str:
    """The part of a sentence that gives its verdict once it settles on a later one: from a
    yes or no after a correction opening a clause ("Yes, I mean no", "Yes, make that no") or
    after a turn to the answer's own reading ("Yes per a news article; the 10-K itself says
    no"). The whole sentence when it settles on none."""
    for m in reversed(list(_LATER_VERDICT.finditer(sentence))):
        before = sentence[: m.start()]
        if last_clause_correction(before) is not None or named_right(before) or turns and _TURNED_TO.search(before):
            return sentence[m.start():]
    return sentence


# "..., but no, ...", "... — but yes, ...": a verdict the sentence turns to.
_TURNED_TO = re.compile(r"\bbut\W*$", re.IGNORECASE)


# A no in other words, opening the answer's sentence.
_NOT_YET = re.compile(r"^\W*not (?:yet|really|quite)\b\W", re.IGNORECASE)
# A yes or no said with the question's own verb, nothing else in its sentence: "It isn't.",
# "It does not.", "They did." to "Did it ...?".
_ELLIPTICAL = re.compile(
    r"^\W*(?:it|they)\s+(?:is|was|are|were|does|did|do|has|have|had|can|will)(?P<no>\s*n[’']t|\s+not)?\s*[.!]?\W*$",
    re.IGNORECASE,
)


_TICKS = "✅✔☑"
_THEORY_VERDICT = re.compile(r"\b(?:yes|no)\b,?\s+in theory\b", re.IGNORECASE)
_PRACTICE_VERDICT = re.compile(r"\b(yes|no)\b,?\s+in (?:practice|reality|fact)\b", re.IGNORECASE)
# A yes or no withdrawn by a note right after it, with what joins it to the next: "No (typo) — ".
_RETRACTED_VERDICT = re.compile(
    r"\b(?:yes|no)\b\W{0,2}\((?:typo|wrong|incorrect|mistake|oops|sic|fabricated)\)\s*[—–:-]?\s*", re.IGNORECASE
)
# A yes or no with a tick or a cross right after it.
_MARKED_VERDICT = re.compile(rf"\b(yes|no)\b\W{{0,3}}?([{_TICKS}{CROSS_MARKS}])", re.IGNORECASE)



_OR_BETWEEN = re.compile(r"^[^.;]{0,20}?\bor\b[^.;]{0,12}$", re.IGNORECASE)
_LIST_RUN = 4  # values of one kind with next to no words between them: a list, not a claim


# "about 0.958, or roughly 0.96": the value again, rounded, not an alternative to it.
_OR_ROUGHLY = re.compile(r"\W*or\s+(?:roughly|about|approximately|around|nearly|~)\s*(?:US\$|\$)?\s*", re.IGNORECASE)


def _rounded_again(gap: str, a: Quantity, b: Quantity) -> bool:
    """Is ``b`` ``a`` said again after "or roughly", at fewer places? "-3.7 or -3.8" and "0.95
    or roughly 0.96" stay alternatives: the same places, or not ``a`` rounded."""
    return bool(_OR_ROUGHLY.fullmatch(gap)) and b.half_ulp > a.half_ulp and a.restates(b)


def _in_another_scale(a: Quantity, b: Quantity) -> Quantity | None:
    """The rounder of ``a`` and ``b`` when each says the other again in another scale word
    ("roughly $0.38 billion, or $381.6 million"): the exact one is the claim. ("$1.2 billion
    or $1.25 billion" stays two answers.)"""
    if a.scale == b.scale or not (a.explicit_scale and b.explicit_scale) or a.half_ulp == b.half_ulp or not a.restates(b):
        return None
    return a if a.half_ulp > b.half_ulp else b


_SAID_AGAIN_IN_BRACKETS = re.compile(r"\s*\(\s*(?:or\s+|i\.e\.\s+|about\s+)?(?:US\$|\$)?\s*")


def uncommitted_values(answer: str, quantities: list[Quantity], listed_kinds: frozenset[str] = frozenset()) -> set[int]:
    """Indexes of the answer's values it does not commit to: in a sentence that hedges or
    guesses, denied ("not $124 million"), offered as alternatives ("$124 million or $98
    million"), or one of a run of four or more values of a kind ("$12M, $124M, $1,240M, ..."),
    or, of ``listed_kinds``, of three or more with nothing but commas, slashes, "and" or "or"
    between them ("$610 million, $742 million and $815 million"; not when the sentence says
    "respectively", which gives each its own item)."""
    out: set[int] = set()
    # The terms a bracket works a value out of ("0.96x ((15,754 − 5,280) / 10,936)") are its
    # working, no list beside it.
    working = worked_in_brackets(answer, quantities) if "(" in answer else []
    spans = sentence_spans(answer)
    # "Employee liabilities make up 17% ... Then again, employee liabilities make up 87% ...":
    # values of a kind offered as two answers, each in its own sentences.
    openings = alternative_openings(answer, spans)
    # Values laid out for the reader to choose from: "the answer depends on the definition:"
    # and a list, or "between $6.4 billion and $14.3 billion, depending on the measure" over
    # the answer's own values.
    out.update(candidate_values(answer, quantities, spans))
    for kind in {quantity_kind(q) for q in quantities} if openings else ():
        of_kind = [q for q in quantities if quantity_kind(q) == kind]
        if alternative_offered(answer, openings, of_kind, lambda a, b: a.restates(b) or close_in_size(a, b)):
            out.update(i for i, q in enumerate(quantities) if quantity_kind(q) == kind)
    # (Each sentence's values found by halves among the values in order, not by reading all
    # of them for each sentence.)
    by_start = sorted(range(len(quantities)), key=lambda i: quantities[i].start)
    starts = [quantities[i].start for i in by_start]
    for start, end in spans:
        inside = sorted(
            i for i in by_start[bisect.bisect_left(starts, start):bisect.bisect_left(starts, end)]
            if not any(a <= quantities[i].start < b for a, b in working)
        )
        if not inside:
            continue
        if hedges(answer, start, end):
            out.update(inside)
            continue
        if guess := GUESS.search(answer, start, end):
            # A guess at what follows it: "possibly $5 billion", not the 78% before "exposing
            # it to ... possible increases in royalties".
            out.update(i for i in inside if quantities[i].start > guess.start())
        out.update(i for i in inside if denied(answer, quantities[i]))
        # A value the sentence replaces after it ("guided to 410 to 430, but cut the range to
        # 390 to 410"; "$2.47; following the restatement, ... is now $2.31") is taken back
        # when one of its kind follows the replacement.
        replaced = last_clause_correction(answer[start:end])
        if replaced is not None:
            cut = start + replaced.end()
            after = {quantity_kind(quantities[i]) for i in inside if quantities[i].start >= cut}
            out.update(i for i in inside if quantities[i].start < cut and quantity_kind(quantities[i]) in after)
        if listed_kinds and not _RESPECTIVELY.search(answer, start, end):
            out.update(_bare_runs(answer, quantities, [i for i in inside if quantity_kind(quantities[i]) in listed_kinds]))
        run = [inside[0]]
        for previous, current in zip(inside, inside[1:]):
            a, b = quantities[previous], quantities[current]
            gap = answer[a.end:b.start]
            one_rate = _one_rate(answer, a, b) if quantity_kind(a) == quantity_kind(b) else None
            rounder = _in_another_scale(a, b) if quantity_kind(a) == quantity_kind(b) and _OR_BETWEEN.match(gap) else None
            if rounder is not None:
                out.add(previous if rounder is a else current)
            elif quantity_kind(a) == quantity_kind(b) and _OR_BETWEEN.match(gap) and not one_rate \
                    and not (one_rate is None and _IN_TOTAL.match(answer, b.end)) and not _rounded_again(gap, a, b):
                # (Not "four dividends of $0.30, or $1.20 in total": a total, not an alternative;
                # nor "$565.20 for the year, or $47.10 per month": one rate over two periods.)
                out.update((previous, current))
            if quantity_kind(a) == quantity_kind(b) and _SAID_AGAIN_IN_BRACKETS.fullmatch(gap) and a.restates(b):
                continue  # "5 percentage points (500 basis points)": one value said twice, not two of a list
            if quantity_kind(a) == quantity_kind(b) and len(re.findall(r"[A-Za-z]{2,}", gap)) <= 3:
                run.append(current)
                continue
            if len(run) >= _LIST_RUN:
                out.update(run)
            run = [current]
        if len(run) >= _LIST_RUN:
            out.update(run)
    return out


def _bare_runs(answer: str, quantities: list[Quantity], inside: list[int], length: int = 3) -> list[int]:
    """The values of runs of ``length`` or more of one kind with only a list's separators
    between them."""
    found: list[int] = []
    if len(inside) < length:
        return found
    run = [inside[0]]
    for previous, current in [*zip(inside, inside[1:]), (inside[-1], None)]:
        a = quantities[previous]
        if current is not None and quantity_kind(a) == quantity_kind(quantities[current]) and _BARE_GAP.fullmatch(answer, a.end, quantities[current].start):
            run.append(current)
            continue
        if len(run) >= length:
            found.extend(run)
        if current is not None:
            run = [current]
    return found


# Only a list's separators between two values: a value's closing bracket, commas, "and",
# "or", a currency, and the next value's own sign or opening bracket ("-$180 million,
# -$210 million" or "($180), ($210)"), but not a minus between values ("$49,781 - $47,237").
# (A value's span starts at its digits.)
_BARE_GAP = re.compile(r"\)?(?:\s|[,/;|$€£]|\bUS(?=\$)|\band\b|\bor\b)*(?:[-−–(](?:US)?[$€£]?)?", re.IGNORECASE)
_RESPECTIVELY = re.compile(r"\brespectively\b", re.IGNORECASE)
# The period a value is given over, right after it: "$47.10 per month", "$565.20 for the year".
_OVER_PERIOD = re.compile(
    r"(?:\s+(?:per|a|each|every)\s+(?P<per>month|quarter|week|day|year|annum)|\s+(?P<ly>monthly|quarterly|weekly|daily|annually|yearly)"
    r"|\s+(?:for|in|over)\s+the\s+(?:full\s+|whole\s+)?(?P<the>month|quarter|week|day|year))\b",
    re.IGNORECASE,
)
_PERIOD_OF = {"monthly": "month", "quarterly": "quarter", "weekly": "week", "daily": "day", "annually": "year", "yearly": "year", "annum": "year"}
_PER_YEAR = {"year": 1, "quarter": 4, "month": 12, "week": 52, "day": 365}


def _one_rate(answer: str, a: Quantity, b: Quantity) -> bool | None:
    """Are ``a`` and ``b`` one rate given over two periods ("$565.20 for the year, or $47.10
    per month")? Then the "or" between them says it again. False when they disagree
    ("$577.20 for the year, or $47.10 per month": two answers) or share a period; None when
    either is given over none."""
    yearly = []
    for q in (a, b):
        m = _OVER_PERIOD.match(answer, q.end)
        if m is None:
            return None
        word = (m.group("per") or m.group("ly") or m.group("the")).lower()
        yearly.append(q.value * _PER_YEAR[_PERIOD_OF.get(word, word)])
    (one, other), periods_differ = yearly, a.value != b.value
    return periods_differ and abs(one - other) <= 0.01 * max(abs(one), abs(other))


_IN_TOTAL = re.compile(r"(?:\s+(?:per|a)\s+share)?\s+(?:in total|in all|altogether|combined|for the (?:full )?year)\b", re.IGNORECASE)


NO_PICK = "no single option"  # what an answer that names options without choosing one picks


_RANKS = re.compile(
    SUPERLATIVE.pattern + r"|\b(?:more|less|greater|higher|lower|larger|smaller|bigger|top|only|than|twice|exceed\w*|outpac\w*|ahead\s+of|followed\s+by)\b",
    re.IGNORECASE,
)


def picked_option(text: str, options: tuple[str, ...], option_list: re.Pattern[str]) -> str | None:
    """The option a sentence picks: the only one it names, else the first it names.

    Not a pick: options it hedges between ("either operating or investing"), denies ("not
    operating activities"), or only lists the way the question does ("operating, investing
    and financing activities all ..."): those give ``NO_PICK``. None when it names none.
    """
    named_at_all = [o for o in options if o in {s for s, _ in content(text)}]
    if not named_at_all:
        return None
    if hedges_verdict(text):
        return NO_PICK
    # The question's own list echoed ("Among operations, investing and financing, ...") picks
    # nothing; what the rest of the sentence names is the pick.
    unlisted = option_list.sub(
        lambda m: " " if sum(o in {s for s, _ in content(m.group(0))} for o in options) >= 2 else m.group(0), text
    )
    stems = undenied_stems(unlisted)
    named = [o for o in options if o in stems]
    if not named:
        return NO_PICK
    if len(named) == 1:
        return named[0]
    if len(named) == len(options) >= 3 and not _RANKS.search(unlisted):
        # Each option with its own figure and none ranked ("operations inflow $2,485 million;
        # financing use $5,293 million; investing inflow $564 million"): a list, not a pick.
        return NO_PICK
    return min(named, key=stems.index)


def after_last_correction(answer: str, parts: list[str]) -> list[str]:
    """The sentences after the answer's last correction of itself ("Actually, ..."), which
    then hold its verdict; all of them when it corrects nothing."""
    marked = [i for i, part in enumerate(parts) if corrections(part)]
    return parts[marked[-1]:] if marked else parts
