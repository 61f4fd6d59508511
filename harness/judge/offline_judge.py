"""The offline judge: a deterministic, rule-based stand-in for a model judge (no key).

``heuristic_verdict(question, gold, answer, justification)`` always returns a label. It first
asks the numeric check (certain verdicts are kept as they are); for everything the numeric
check leaves open it reads the answer (``answer_reading``) the way a strict finance reviewer
would. Its rules were written against the ``tune`` half of FinanceBench's human labels
(``labels.split_of``); ``calibrate-judge`` reports it on both halves. It would rather call a
right answer wrong than a wrong answer right: a benchmark must not invent successes. For a
gold that is not one number, the steps after the off-topic test (4) are
``prose_verdict.decide_prose``. A gold is read for what it asks, not how it is worded
(``gold_wording``): a citation ahead of it ("According to the filing,") is dropped, and to a
question that asks for things "No, there are none" denies as "There are none" does.

1. Dumps: pages of pasted filing (over 600 words) or pasted statement rows: incorrect.
2. Single-number gold the numeric check left open: correct only for a value one rounding
   step away whose shown arithmetic works out to the gold ("24,576 / 7,110.5 = 3.45" for
   3.46). A list, a hedge, a bare value one rounding step away ("2.7%" for 2.8%), a sign or
   scale slip, or the gold's value only on the way to another conclusion is incorrect; a
   decline is a refusal.
3. Refusal: the answer opens by declining ("As of my last update I don't have access ...":
   what follows is general knowledge), or declines first or last and states neither the
   gold's numbers nor its names.
4. Off-topic: the answer does not talk about what is asked (a summary of another section,
   "[END OF FILING]", a greeting) and states none of the gold's numbers, names or denial of
   a metric's use ("Gross margin is not applicable; ..."): incorrect.
5. Polarity: for a yes/no question, or a gold that denies ("There are none"), the answer's
   verdict must agree with the gold's, read from its explicit yes/no, negations and words of
   direction (a question about one direction, "improving?", needs one named; a sentence that
   only talks about the question, "depends on how it is measured", "is discussed in its
   10-K", "an analysis of whether ...", gives no verdict); its own statements must not
   deny it ("No. Debt rose from $47.2 billion to $49.8 billion" to "has debt increased?");
   and agreement beside a refusal counts for nothing. Without an explicit yes or no, a
   verdict is implied only where the answer speaks of what is asked (half of the question's
   own words in the verdict sentence, or most of them in the answer): an excerpt about the
   company in general ("CVS Health has more than 9,000 retail locations" to "Is CVS
   capital-intensive?") implies nothing, and a gold that is a bare "Yes" is answered only by
   a verdict. An answer that says both yes and no
   commits to neither, and so does one whose own conclusion reverses its yes or no ("No.
   ..., so it is capital-intensive"), unless it labels one of them as its answer ("**Verdict:**
   No.", "So the answer is no"; not "the answer is yes and no"); one that only guesses at its verdict ("Probably yes",
   "Yes?", "arguably") commits to none, and neither does one that gives the gold's figure
   and says the yes or no is open ("0.96; whether that is healthy depends on the industry",
   "may or may not be healthy", "I cannot say whether"); the figure alone, with no word on
   the verdict, is taken as the answer, as people take it. For a question that
   asks to pick, the answer must pick the gold's option: hedging between options, denying
   one, listing them all as the question does, or picking one and then "Actually" another
   is no pick of the gold's. For a gold that denies, an answer that claims the same absence
   ("there are no debt securities registered") is correct even beside "the filing does not
   mention any", and an "either ... or ..." inside the denial's own clause ("no debt, either
   long-term or short-term", "in either FY2023 or FY2022") lists what it denies and hedges
   nothing ("It was either $1.5 billion or $1.6 billion" still hedges); a decline in the answerer's own voice ("I cannot provide") is a refusal.
   An answer that says, in a clause of its own, that the thing such a gold denies exists
   ("It acquired several salons; it did not make any large acquisitions", "acquired two
   salons and made no large acquisitions"), in other words of the same event ("took over a
   salon chain"; not "took over as CEO", "bought out its lease") or as an exception to the
   denial ("Aside from buying a few salons, it made no acquisitions", "no acquisitions other
   than two salon chains"; not one of another kind: "no debt securities ..., except its common stock") or
   as what a denial of "other" or "further" of it takes as given ("made no other
   acquisitions", unless what it sets apart is of another year or kind: "Only its common
   stock is listed; no other debt securities are") is incorrect; a clause that only weighs it
   ("considered several acquisitions and made none") says no such thing. A gold that
   denies a metric's use ("Performance is not measured through gross margin") needs an
   answer that denies that use ("gross margin is not a useful metric", "there is no gross
   margin", "gross margin is irrelevant here"; a gold may deny it so too, or as "does not
   report X"): a "not" about something else ("rose to 45%, not 40%"), one that leaves the use
   standing ("not the only useful metric") or an answer that also calls the metric useful
   for this company ("..., but for this company it is useful") is incorrect; a remark on
   other companies ("typically useful for manufacturers") is no such call.
6. Numbers: each number of the gold (years excluded) is *found* when the answer states it
   within rounding or states two values whose difference or percent change gives it; it is
   *contradicted* when the answer gives a different value of the same kind next to the same
   label words (also when the gold's value is put on another item: "13% ... employee
   liabilities; 87% ... other costs"), or states the gold's figure going the other way ("increased by 1.7%" for
   "decreased by 1.7%"), on the year the gold gives another of its values ("3.39% in 2022
   and 1.82% in 2021" for 1.82% in 2022 and 3.39% in 2021; "only 3.39% in 2022" alone when
   it writes the year as the gold does, not "July 2023" for Q2 FY2024, nor calendar years
   that all sit one year off a gold's fiscal ones: "$46.3 billion in 2022" for fiscal 2023,
   ended January 28, 2023), or as the change of another
   item while a different change stands at the gold's ("gross margin decreased by 1.7%"
   for "operating margin decreased by 1.7%"); each of these three alone makes it
   incorrect. Only values the answer commits to can be found: not in a sentence that
   hedges, not denied, not offered as alternatives ("$124 million or $98 million"), not
   one of a run of four or more values. A contradicted number with none found is incorrect.
   A sentence that writes the gold's figure as a change its own from/to values deny
   ("declined 10.6% to $51.8 billion from $46.3 billion"; also for a single-number gold)
   contradicts itself: incorrect. A side figure's slip beside it is not weighed.
   For a "what drove" question the gold's figure counts only beside a cause ("due to ...",
   "driven by ...", ", as gross margin decreased"; not "driven by several factors"), and
   not beside causes of the answer's own (at most one of the gold's words besides its
   figure's and movement's: ``left_out``). To a question that asks for several things by
   name, the figure beside one of the gold's names with another left out is incorrect.
   For a "which" question the gold's figure counts only beside the gold's pick: a right
   figure next to a wrong pick ("Services did best. Entertainment grew 9%") earns nothing,
   and an answer that names the gold's pick only as the runner-up ("MGM China had the
   highest, ahead of Las Vegas resorts") is incorrect.
7. Names: a gold that is one short name ("Data Center") must be the answer's pick, in the
   sentences that give its verdict, neither hedged ("either X or Y") nor one of a list of
   names nor the runner-up ("Long-term debt was the largest, ahead of customer deposits"),
   nor beside another name picked in a sentence of its own ("Gaming increased the most. Data
   Center increased the most."), nor taken back where it is named ("Customer deposits were
   not the largest", "the second largest", "the smallest"; "Data Center decreased the most"
   to "increased the most?"; "Yes: not Richard A. Johnson"); "Yes, his name is X" needs X;
   a name with what shows it ("Home furnishings, with sales up 12%") needs the name, however
   right the figure; a short list of names ("Trillium, Array, and Therachon") needs every
   one of them, committed to, and not padded with half as many others.
8. Key terms: the words the gold adds to the question (segment names, named items, people;
   acronyms and names count double) should mostly appear in the answer (half of them; 30 %
   for a long explanatory gold of eight terms or more). A term counts only where the answer
   commits to it: not hedged or guessed ("possible drivers include"), not denied ("was not
   driven by", "rather than X"), not buried in a list of many more items than the gold has,
   not asked back as a question, not in a string of keywords with no sentence around them.
   The gold's drivers named going the other way ("despite lower sales of EPYC server
   processors" for "higher sales of their EPYC server processors": a name, or two terms,
   governed by the opposite word of movement) make a credited answer incorrect, and so do the
   gold's companies named with the question's deal denied, only intended or undone ("were
   considered, but none was acquired", ``undone_deals``).

No LLM, no network; the same inputs always give the same verdict. Like the numeric check,
it reads the answer as data: an answer that addresses the grader earns nothing.
"""
from __future__ import annotations

import re

from harness.judge.amounts import figures_written_plainly, names_written_plainly
from harness.judge.answer_reading import BARE_NONE, Evidence, gather_evidence
from harness.judge.change_between import states_implied_change
from harness.judge.claims import ONLY_DISOWNS, claims_of
from harness.judge.commitment import AMBIGUOUS, MAX_ANSWER_WORDS, looks_like_dump
from harness.judge.disowned import last_self_correction, without_intro, without_restated_question, without_sources
from harness.judge.gold_wording import gold_as_meant
from harness.judge.left_out import gives_gold_date, tells_gold
from harness.judge.numeric_check import NumericDecision, answer_as_read, numeric_check, single_number_gold
from harness.judge.prose_verdict import SELF_CONTRADICTED_CHANGE, HeuristicVerdict, decide_prose, declines, states_gold
from harness.judge.summary_ahead import versions_disagree
from harness.judge.tables import prose_of, stated_beside_table
from harness.judge.words import WORD, quarters_as_gold, spelled_out
from harness.judge.worked_arithmetic import arithmetic_gives_gold

__all__ = ["HeuristicVerdict", "heuristic_verdict"]


def heuristic_verdict(
    question: str, gold: str, answer: str, justification: str = "", *, decided: NumericDecision | None = None,
) -> HeuristicVerdict:
    """Label ``answer`` against ``gold`` without an LLM: correct, incorrect or refusal.

    ``justification`` (FinanceBench's explanation of the gold) is accepted for the judge
    protocol's sake; the offline judge does not need it: its formulas repeat the question.
    ``decided``: the numeric check's decision on these same three texts, when the caller
    has it already (the judge service asks the check first); else it is asked here.
    """
    given = answer or ""
    gold, answer = figures_written_plainly(str(gold)), answer_as_read(given, question)
    # (The gold's "U.S." and "CFO" written out as the answer's are below: else a copy of the
    # gold reads as other words than the gold's.)
    gold = gold_as_meant(spelled_out(gold), question)
    question = names_written_plainly(question)
    if decided is None:
        # (On the answer as given: the check reads words to the grader in what the reading
        # above leaves out, thoughts and hidden markup.)
        decided = numeric_check(question, gold, given)
    if decided.label is not None:
        return HeuristicVerdict(decided.label, f"numeric check: {decided.rationale}")
    if versions_disagree(answer, gold):
        return HeuristicVerdict("incorrect", "the answer's opening summary gives other figures than its longer version (two answers)")
    stated = claims_of(answer)
    if stated is None:
        return HeuristicVerdict("incorrect", ONLY_DISOWNS)
    answer = without_sources(without_intro(without_restated_question(quarters_as_gold(spelled_out(stated), gold), question)))
    if not answer.strip():
        return HeuristicVerdict("incorrect", "the answer only asks the question again")
    if looks_like_dump(answer) and not stated_beside_table(answer):
        return HeuristicVerdict("incorrect", "the answer pastes source text instead of answering")
    answer = _after_self_correction(answer)
    if single_number_gold(question, gold) is not None:
        # Before the keyword test: a terse worked computation ("Average inventory = ($7,367
        # million + $6,854 million) / 2 ...") has few function words, and a number's gold
        # has no words whose order it could follow; only a committed value counts here.
        return _decide_number(gather_evidence(question, gold, answer), decided)
    if _keyword_salad(prose_of(answer) if stated_beside_table(answer) else answer, gold):
        return HeuristicVerdict("incorrect", "the answer strings the gold's words together without saying anything")
    ev = gather_evidence(question, gold, answer)  # after the dump test, which does not need it
    if _words_of(answer) == _words_of(gold) or (_NONE.fullmatch(gold) and _NONE.fullmatch(answer)):
        # "There are none." for "There are none": the gold itself, which the readings below,
        # built for answers that say more, would find off the question's topic.
        return HeuristicVerdict("correct", "the answer is the gold's own words")
    # An answer that picks one of the question's options ("Operating activities.") answers
    # it, however few of the question's words it repeats.
    # So does one that is the gold's date and nothing else ("Maturity: 2027-06-15.").
    if not declines(ev) and _off_topic(ev) and not states_gold(ev) and not ev.answer_choice and not tells_gold(ev) \
            and not gives_gold_date(ev) and not (ev.gold_polarity == "no" and BARE_NONE.match(answer)):
        return HeuristicVerdict("incorrect", "the answer does not address the question")
    implied = states_implied_change(question, gold, answer)
    if implied is False:
        # "rose about 26 percentage points, from 19% to 24%" to "How much has it changed?":
        # the levels repeated, the change asked given wrong.
        return HeuristicVerdict("incorrect", "the answer's change is not the change between the gold's levels")
    verdict = decide_prose(ev)
    if implied and verdict.label == "incorrect":
        # "It rose 5 percentage points" for "rose from 19% to 24%": the change asked, which
        # the gold gives by its levels.
        return HeuristicVerdict("correct", "the answer states the change between the gold's levels")
    return verdict


# The little words every English statement is built with. A run of six words or more with
# hardly any of them ("acquisition amortization assets associated decrease driven income
# intangible operating primarily with Xilinx") is keywords strung together, which a reading
# by key terms would credit: in the human-labelled answers, prose has a third or more.
_FUNCTION_WORD = re.compile(
    r"\b(?:the|a|an|of|in|on|at|to|for|with|by|from|and|or|but|is|are|was|were|be|been|has|have|had|it|its|this|that|as|which)\b(?![-'’&])"
    r"|(?<=\s)&(?=\s)",  # "Harcourt & Lowe audits ...": an "and" in a name
    re.IGNORECASE,
)


def _keyword_salad(answer: str, gold: str) -> bool:
    """Keywords strung together: hardly a function word, and the words not in the order the
    gold has them (a terse statement, "Yes. MGM maintained 0.01$ per share annual dividend
    through out FY 2022", has few function words too, but follows its words' order)."""
    words = WORD.findall(answer)
    if len(words) < 6 or len(_FUNCTION_WORD.findall(answer)) >= 0.1 * len(words):
        return False  # counted in C: this runs on every answer, and prose stops here
    if _WORKED_RESULT.search(answer) or _LABELLED_FIGURE.search(answer) or _STATED_FIGURE.search(answer):
        # A worked computation ("$2.4 billion - $2.9 billion = -$0.5 billion"), figures under
        # labels ("FY2021 year-end cash: $742 million (FY2020: $610 million)") or a figure a
        # verb states ("free cash flow conversion was 95%") is terse, not strung words.
        return False
    if _notes(answer):
        return False
    words = [w.lower() for w in words]
    gold_words = [w.lower() for w in WORD.findall(gold)]
    gold_pairs = set(zip(gold_words, gold_words[1:]))
    kept = sum(pair in gold_pairs for pair in zip(words, words[1:]))
    return kept < 0.2 * (len(words) - 1)


# An analyst's notes are short items cut by colons, commas and dashes ("Outlier: Richard A.
# Johnson, 16,105,005 votes against - significantly more than any other nominee"; "top
# EBITDAR region: Las Vegas Strip Resorts - $3,142,308 (thousands)"); keywords strung together
# run on in one piece ("Xilinx EPYC semi-custom server processors embedded sales higher
# inclusion").
_NOTE_BREAK = re.compile(r"[,:;()\[\]\n.!?]|\s[-–—]\s")


def _notes(answer: str) -> bool:
    pieces = [len(WORD.findall(piece)) for piece in _NOTE_BREAK.split(answer)]
    pieces = [n for n in pieces if n]
    return len(pieces) >= 3 and sum(pieces) <= 5 * len(pieces)


_WORKED_RESULT = re.compile(r"\d[^=]{0,40}=\s*[-−(]?\$?[-−]?\s?\d")  # "... = -$0.5", read as "$-0.5"
# A figure a verb states: "free cash flow conversion was 95%", "equalled about 0.95x".
_STATED_FIGURE = re.compile(
    r"\b(?:was|were|is|are|equall?ed|equals|totall?ed|reached|stood\s+at|came\s+to)\s+(?:about\s+|approximately\s+|roughly\s+)?[-−(]?(?:US\$|\$)?\s?\d",
    re.IGNORECASE,
)
_LABELLED_FIGURE = re.compile(r"[A-Za-z0-9)]\s*:\s*[-−(]?(?:US\$|\$)?\s?\d")  # "cash: $742", "FY2020: 610"
# "None." to a gold of "There are none": nothing, said either way.
_NONE = re.compile(r"\W*(?:there (?:are|were|is|was) )?(?:none|nothing)\W*", re.IGNORECASE)


def _after_self_correction(answer: str) -> str:
    """The answer from the sentence of its last self-correction on ("No, debt fell by $2.5
    billion. Correction: debt increased by $2.5 billion." is judged on the correction); the
    whole answer when it corrects nothing. A correction opens its sentence: "inventory
    correction actions" are the market's, not the answer's."""
    at = last_self_correction(answer)
    return answer if at is None else answer[at:]


def _words_of(text: str) -> list[str]:
    """The words and figures of ``text``, in order: "the gold's own words" must have the
    gold's figures too ("The US government accounted for 52% ..." is not the gold's 40%)."""
    return _WORD_OR_FIGURE.findall(text.lower())


_WORD_OR_FIGURE = re.compile(r"[a-z][a-z0-9&'’\-]*|\d[\d,]*(?:\.\d+)?|[$€£¥₹₩]")  # a currency too: "€742 million" is not "$742 million"




def _off_topic(ev: Evidence) -> bool:
    """Another section's summary, a greeting, "[END OF FILING]", or pages of pasted filing."""
    if ev.words > MAX_ANSWER_WORDS:
        return True
    return ev.topic < 0.3 or (ev.topic_terms < 0.15 and ev.topic < 0.5)


def _decide_number(ev: Evidence, decided: NumericDecision) -> HeuristicVerdict:
    """For a single-number gold the numeric check could not settle.

    A committed value one rounding step from the gold ("$302 million" for 302.6) is
    credited only when the answer's own shown arithmetic works out to the gold ("24,576 /
    7,110.5 = 3.45" for 3.46: ``worked_arithmetic``); a list, a hedge, a value for another period or one merely on the way to
    the answer is not.
    """
    if ev.change_contradicted:
        return HeuristicVerdict("incorrect", SELF_CONTRADICTED_CHANGE)
    if decided.commitment in AMBIGUOUS:
        return HeuristicVerdict("incorrect", f"the answer commits to no single value ({decided.commitment})")
    if decided.closeness == "near" and decided.matched_value is not None and not ev.signal.phrases:
        question, gold, answer = ev.texts
        if arithmetic_gives_gold(question, gold, answer, decided.matched_value):
            return HeuristicVerdict("correct", "the answer's own arithmetic gives the gold; only its last rounding slipped")
    if decided.closeness == "near":
        # One step of the last digit away ("2.7%" for 2.8%): reviewers split on these, and
        # a benchmark that must not invent successes does not count them.
        return HeuristicVerdict("incorrect", "the answer's committed number is one rounding step from the gold's")
    if ev.signal.phrases > 0:
        return HeuristicVerdict("refusal", "the answer declines and does not commit to the gold's number")
    if decided.closeness in ("sign", "scale"):
        return HeuristicVerdict("incorrect", f"the answer's committed number differs from the gold in {decided.closeness}")
    if ev.numbers["found"] or ev.numbers["near"]:
        return HeuristicVerdict("incorrect", "the gold's number appears only on the way to another conclusion")
    return HeuristicVerdict("incorrect", "the gold's number does not appear in the answer as its conclusion")
