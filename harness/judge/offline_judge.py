"""The offline judge: a deterministic, rule-based stand-in for a model judge (no key).

``heuristic_verdict(question, gold, answer, justification)`` always returns a label. It first
asks the numeric check (certain verdicts are kept as they are); for everything the numeric
check leaves open it reads the answer (``answer_reading``) the way a strict finance reviewer
would. Its rules were written against the ``tune`` half of FinanceBench's human labels
(``labels.split_of``); ``calibrate-judge`` reports it on both halves. It would rather call a
right answer wrong than a wrong answer right: a benchmark must not invent successes.

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
   ..., so it is capital-intensive"); one that only guesses at its verdict ("Probably yes",
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
from dataclasses import dataclass

from harness.judge.amounts import figures_written_plainly
from harness.judge.answer_reading import Evidence, gather_evidence
from harness.judge.causes import asks_for_causes, gives_cause
from harness.judge.change_direction import moves_what_gold_holds, swapped_ends
from harness.judge.claims import ONLY_DISOWNS, claims_of
from harness.judge.commitment import AMBIGUOUS, MAX_ANSWER_WORDS, looks_like_dump
from harness.judge.disowned import last_self_correction, without_restated_question
from harness.judge.left_out import (
    date_differs,
    enough_terms,
    figure_left_out,
    name_left_out,
    named_part_added,
    named_part_left_out,
    other_causes,
    range_differs,
    reason_missed,
    tells_gold,
)
from harness.judge.name_commitment import PICK_FILLER, SUPERLATIVE, rival_pick
from harness.judge.numeric_check import Label, NumericDecision, numeric_check, single_number_gold
from harness.judge.refusal import sentences
from harness.judge.structured_answer import answer_text
from harness.judge.term_direction import DEALS, reversed_subject, reversed_terms
from harness.judge.turned_copy import turned_word
from harness.judge.undone_deals import deal_undone
from harness.judge.undone_picks import pick_undone
from harness.judge.verdict_polarity import leaves_verdict_open
from harness.judge.words import WORD, YES_NO, content, spelled_out
from harness.judge.worked_arithmetic import arithmetic_gives_gold


@dataclass(frozen=True)
class HeuristicVerdict:
    """The offline judge's label and a one-line reason."""

    label: Label
    rationale: str


def heuristic_verdict(
    question: str, gold: str, answer: str, justification: str = "", *, decided: NumericDecision | None = None,
) -> HeuristicVerdict:
    """Label ``answer`` against ``gold`` without an LLM: correct, incorrect or refusal.

    ``justification`` (FinanceBench's explanation of the gold) is accepted for the judge
    protocol's sake; the offline judge does not need it: its formulas repeat the question.
    ``decided``: the numeric check's decision on these same three texts, when the caller
    has it already (the judge service asks the check first); else it is asked here.
    """
    gold, answer = figures_written_plainly(str(gold)), figures_written_plainly(answer_text(answer or ""))
    if decided is None:
        decided = numeric_check(question, gold, answer)
    if decided.label is not None:
        return HeuristicVerdict(decided.label, f"numeric check: {decided.rationale}")
    stated = claims_of(answer)
    if stated is None:
        return HeuristicVerdict("incorrect", ONLY_DISOWNS)
    answer = without_restated_question(spelled_out(stated), question)
    if not answer.strip():
        return HeuristicVerdict("incorrect", "the answer only asks the question again")
    if looks_like_dump(answer):
        return HeuristicVerdict("incorrect", "the answer pastes source text instead of answering")
    answer = _after_self_correction(answer)
    if single_number_gold(question, gold) is not None:
        # Before the keyword test: a terse worked computation ("Average inventory = ($7,367
        # million + $6,854 million) / 2 ...") has few function words, and a number's gold
        # has no words whose order it could follow; only a committed value counts here.
        return _decide_number(gather_evidence(question, gold, answer), decided)
    if _keyword_salad(answer, gold):
        return HeuristicVerdict("incorrect", "the answer strings the gold's words together without saying anything")
    ev = gather_evidence(question, gold, answer)  # after the dump test, which does not need it
    if _words_of(answer) == _words_of(gold) or (_NONE.fullmatch(gold) and _NONE.fullmatch(answer)):
        # "There are none." for "There are none": the gold itself, which the readings below,
        # built for answers that say more, would find off the question's topic.
        return HeuristicVerdict("correct", "the answer is the gold's own words")
    # An answer that picks one of the question's options ("Operating activities.") answers
    # it, however few of the question's words it repeats.
    if not _declines(ev) and _off_topic(ev) and not _states_gold(ev) and not ev.answer_choice and not tells_gold(ev):
        return HeuristicVerdict("incorrect", "the answer does not address the question")
    return _decide_prose(ev)


# The little words every English statement is built with. A run of six words or more with
# hardly any of them ("acquisition amortization assets associated decrease driven income
# intangible operating primarily with Xilinx") is keywords strung together, which a reading
# by key terms would credit: in the human-labelled answers, prose has a third or more.
_FUNCTION_WORD = re.compile(
    r"\b(?:the|a|an|of|in|on|at|to|for|with|by|from|and|or|but|is|are|was|were|be|been|has|have|had|it|its|this|that|as|which)\b(?![-'’&])",
    re.IGNORECASE,
)


def _keyword_salad(answer: str, gold: str) -> bool:
    """Keywords strung together: hardly a function word, and the words not in the order the
    gold has them (a terse statement, "Yes. MGM maintained 0.01$ per share annual dividend
    through out FY 2022", has few function words too, but follows its words' order)."""
    words = WORD.findall(answer)
    if len(words) < 6 or len(_FUNCTION_WORD.findall(answer)) >= 0.1 * len(words):
        return False  # counted in C: this runs on every answer, and prose stops here
    if _WORKED_RESULT.search(answer) or _LABELLED_FIGURE.search(answer):
        # A worked computation ("$2.4 billion - $2.9 billion = -$0.5 billion") or figures under
        # labels ("FY2021 year-end cash: $742 million (FY2020: $610 million)") is terse, not
        # strung words.
        return False
    words = [w.lower() for w in words]
    gold_words = [w.lower() for w in WORD.findall(gold)]
    gold_pairs = set(zip(gold_words, gold_words[1:]))
    kept = sum(pair in gold_pairs for pair in zip(words, words[1:]))
    return kept < 0.2 * (len(words) - 1)


_WORKED_RESULT = re.compile(r"\d[^=]{0,40}=\s*[-−(]?\$?[-−]?\s?\d")  # "... = -$0.5", read as "$-0.5"
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


_SELF_CONTRADICTED_CHANGE = "the answer's own values go the other way from the direction it states"


def _off_topic(ev: Evidence) -> bool:
    """Another section's summary, a greeting, "[END OF FILING]", or pages of pasted filing."""
    if ev.words > MAX_ANSWER_WORDS:
        return True
    return ev.topic < 0.3 or (ev.topic_terms < 0.15 and ev.topic < 0.5)


def _declines(ev: Evidence) -> bool:
    return ev.signal.phrases > 0 and (ev.signal.opens or ev.signal.closes)


def _decide_number(ev: Evidence, decided: NumericDecision) -> HeuristicVerdict:
    """For a single-number gold the numeric check could not settle.

    A committed value one rounding step from the gold ("$302 million" for 302.6) is
    credited only when the answer's own shown arithmetic works out to the gold ("24,576 /
    7,110.5 = 3.45" for 3.46: ``worked_arithmetic``); a list, a hedge, a value for another period or one merely on the way to
    the answer is not.
    """
    if ev.change_contradicted:
        return HeuristicVerdict("incorrect", _SELF_CONTRADICTED_CHANGE)
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


def _names_found(ev: Evidence) -> bool:
    """Most of the gold's terms are in the answer, including a name it gives."""
    names = [t for t, w in ev.gold_terms.items() if w > 1.0]
    return ev.term_share >= 0.5 and any(t in ev.terms_found for t in names)


def _states_gold(ev: Evidence) -> bool:
    """Hard evidence that an answer states the gold's answer: its numbers, its names, or
    the denial of the metric's use that the gold makes ("Gross margin is not applicable;
    ..." answers "If gross margin is not a useful metric ..., state that" without echoing
    the question's other words), or, for a gold that is a bare yes or no, the same yes or
    no said outright ("Yes. 3M paid $5.96 per share", where "paid" is not "paying")."""
    bare_verdict = not ev.gold_terms and ev.gold_polarity is not None and YES_NO.match(ev.texts[2]) is not None
    return (
        bool(ev.numbers["found"]) or _names_found(ev) or (bool(ev.denied_metric) and ev.use_denied)
        or (bare_verdict and ev.answer_polarity == ev.gold_polarity and not ev.mixed_verdict)
        or _pick_named(ev)
    )


def _gold_pick(ev: Evidence) -> tuple[str, frozenset[str]] | None:
    """To a "which ...?" question, or one asking what was the largest, a gold that opens with
    its pick in a few words ("Cross currency swaps. Its notional value was ..."): the pick and
    its words beyond the question's."""
    question, gold, _ = ev.texts
    if not (_WHICH.search(question) or (_WHAT.search(question) and SUPERLATIVE.search(question))):
        return None  # "What was the largest liability?" asks for a pick as "which" does
    pick = re.split(r"[.;:\n]", gold.strip(), maxsplit=1)[0]
    if len(pick.split()) > 5:
        return None
    wanted = frozenset({s for s, _ in content(pick)} - {s for s, _ in content(question)})
    return (pick, wanted) if wanted else None


def _pick_named(ev: Evidence) -> bool:
    """An answer whose sentence names every word of the gold's pick ("Cross currency swaps had
    the highest notional value") answers the question, unless that sentence takes the pick
    back: at the other extreme, below the first, or in a list ("Cross currency swaps had the
    lowest notional value", "the second highest", "Interest rate swaps, cross currency swaps
    and forward contracts")."""
    found = _gold_pick(ev)
    if found is None:
        return False
    pick, wanted = found
    said = sentences(ev.texts[2])
    sentence = next((p for p in said if wanted <= {s for s, _ in content(p)}), None)
    if sentence is None or pick_undone(sentence, ev.texts[0], pick) or len(_LISTED.findall(sentence)) >= 2:
        return False
    if rival_pick(list(dict.fromkeys(said)), ev.texts[0], ev.texts[1]):
        return False
    # A second bare pick beside it ("Long-term debt. Customer deposits."): two picks are none.
    asked = {s for s, _ in content(ev.texts[0])}
    return not any(
        p is not sentence and len(p.split()) <= 5 and not wanted & {s for s, _ in content(p)}
        and any(s not in asked and w.lower() not in PICK_FILLER for s, w in content(p))
        for p in said
    )


_LISTED = re.compile(r",\s|\s(?:and|or)\s", re.IGNORECASE)


_WHICH = re.compile(r"\bwhich\b", re.IGNORECASE)
_WHAT = re.compile(r"\bwhat\b", re.IGNORECASE)


_DRIVERS_REVERSED = "the answer states the gold's drivers going the other way"
_DEALS_REVERSED = "the answer states the gold's deals the other way (sold for bought, or bought for sold)"
_SUBJECT_REVERSED = "the answer moves what the question asks about the other way from the gold"
_DEAL_UNDONE = "the answer says the gold's deal was not done (denied, only intended, or undone)"


def _drivers_reversed(ev: Evidence) -> str | None:
    """Why the answer is wrong when it names the gold's terms going the other way
    (``term_direction``): "despite lower EPYC sales" for a gold of "higher sales of EPYC
    server processors", "Pfizer sold Trillium" for the companies Pfizer acquired. Read only
    for an answer about to be credited."""
    question, gold, answer = ev.texts
    if reversed_terms(gold, answer, ev.gold_terms):
        return _DRIVERS_REVERSED
    if reversed_terms(gold, answer, ev.gold_terms, DEALS, question):
        return _DEALS_REVERSED
    if reversed_subject(question, gold, answer):
        return _SUBJECT_REVERSED
    if deal_undone(question, answer, ev.gold_terms):
        return _DEAL_UNDONE
    return None


def _leaves_verdict_open(ev: Evidence) -> bool:
    """For a gold that opens with a yes or no: does the answer give none, and say that it is
    open ("it depends", "may or may not")?"""
    return (
        ev.answer_polarity is None and ev.gold_polarity is not None and YES_NO.match(ev.texts[1]) is not None
        and leaves_verdict_open(ev.texts[2])
    )


def _denies_as_gold(ev: Evidence) -> bool:
    """For a gold that denies ("There are none"), an answer that claims the same absence
    ("there are no debt securities registered") answers it, even beside "the filing does
    not mention any": what the source lacks is the point. A decline in the answerer's own
    voice ("I cannot provide ...") or at its opening still makes it a refusal."""
    return (
        ev.gold_shape != "yes_no_name" and not YES_NO.match(ev.texts[1]) and ev.gold_polarity == "no"
        and ev.answer_polarity == "no" and not ev.hedged_verdict and not ev.signal.opens and not ev.signal.personal
        and not ev.affirms_denied and not ev.affirms_use
        and not reason_missed(ev)
    )




def _decide_prose(ev: Evidence) -> HeuristicVerdict:
    if ev.signal.opens:
        # "As of my last update I don't have access ...": what follows is general knowledge.
        return HeuristicVerdict("refusal", "the answer opens by declining")
    if ev.change_contradicted:
        # "Revenue declined 10.6% to $51.8 billion from $46.3 billion": whichever half is
        # meant, the other is false, and the gold's figure in it rescues nothing.
        return HeuristicVerdict("incorrect", _SELF_CONTRADICTED_CHANGE)
    if turned := turned_word(ev.texts[1], ev.texts[2]):
        # The gold copied with one word turned: all it shares with the gold is then beside
        # the point (see ``turned_copy``).
        return HeuristicVerdict("incorrect", f"the answer has the gold's words with {turned[0]!r} turned to {turned[1]!r}")
    if _denies_as_gold(ev):
        return HeuristicVerdict("correct", "the answer denies what the gold denies")
    if _declines(ev) and not _states_gold(ev):
        return HeuristicVerdict("refusal", "the answer declines and does not state the gold's facts")

    if ev.affirms_denied:
        # "It acquired several salons; it did not make any large acquisitions": a denial of a
        # larger kind beside it does not take back that the thing the gold denies happened.
        return HeuristicVerdict("incorrect", "the answer says the thing the gold denies exists")
    if ev.affirms_use:
        return HeuristicVerdict("incorrect", "the answer calls useful the metric the gold says is not used")
    if ev.use_missed:
        # "Gross margin rose to 45%, not 40%" for "Performance is not measured through gross
        # margin": its "not" denies something else, and the gold's point is left unsaid.
        return HeuristicVerdict("incorrect", "the answer does not deny the use of the metric the gold says is not used")
    if ev.mixed_verdict:
        return HeuristicVerdict("incorrect", "the answer gives both a yes and a no")
    if ev.gold_polarity and ev.answer_polarity and ev.gold_polarity != ev.answer_polarity:
        return HeuristicVerdict("incorrect", f"the gold says {ev.gold_polarity}, the answer {ev.answer_polarity}")
    if ev.gold_choice and ev.answer_choice and ev.gold_choice != ev.answer_choice:
        return HeuristicVerdict("incorrect", f"the gold picks {ev.gold_choice!r}, the answer {ev.answer_choice!r}")
    if date_differs(ev):
        return HeuristicVerdict("incorrect", "the answer gives another date than the gold's")
    if range_differs(ev):
        return HeuristicVerdict("incorrect", "the answer gives another range than the gold's")
    numbers = ev.numbers
    if numbers["reversed"]:
        return HeuristicVerdict("incorrect", "the answer states the gold's figure going the other way")
    if numbers["found"] and swapped_ends(ev.texts[1], ev.texts[2]):
        # "Yes, from 969 to 982" for "a decline from 982 stores to 969": each figure right,
        # the change the wrong way round.
        return HeuristicVerdict("incorrect", "the answer states the gold's change the wrong way round")
    if numbers["found"] and moves_what_gold_holds(ev.texts[1], ev.texts[2]):
        # "21.0%, up from 19.5%" for "21.0% in FY2022, unchanged from FY2021".
        return HeuristicVerdict("incorrect", "the answer has the gold's figure move where the gold says it held")
    if numbers["swapped"]:
        # The gold's own figures exchanged ("3.39% in 2022 and 1.82% in 2021"): each digit
        # is right and each claim wrong, so the figures found beside them rescue nothing.
        return HeuristicVerdict("incorrect", "the answer puts the gold's figure on another year or item")
    if ev.pick_demoted:
        return HeuristicVerdict("incorrect", "the answer ranks the gold's pick below another")
    if ev.opposite_item:
        return HeuristicVerdict("incorrect", "the answer's verdict names the opposite line item of the one asked")
    if ev.extreme_reversed:
        return HeuristicVerdict("incorrect", "the answer puts the gold's pick at the other extreme")
    # A different value where the gold has its number: the number was the point.
    if numbers["contradicted"] and not numbers["found"]:
        return HeuristicVerdict("incorrect", "the answer gives a different value where the gold has its number")
    # The gold's figure does not rescue a wrong pick ("Services did best. Entertainment grew
    # 9%" when Entertainment is the answer): then the key terms must carry the verdict.
    if numbers["found"] and not numbers["contradicted"] and not ev.pick_missed and not name_left_out(ev):
        if _leaves_verdict_open(ev):
            # "3M's quick ratio was 0.96; whether that is healthy depends on the industry" to
            # "Is its liquidity healthy? No, 0.96 needs improvement": the figure is right and
            # the verdict the question asks for is withheld in so many words. (The figure
            # alone, "3M's quick ratio was 0.96", people take as the answer, and so does this.)
            if ev.signal.phrases > 0:
                return HeuristicVerdict("refusal", "the answer gives the gold's figures but declines the yes or no")
            return HeuristicVerdict("incorrect", "the answer gives the gold's figures but leaves the yes or no open")
        if reversed_why := _drivers_reversed(ev):
            return HeuristicVerdict("incorrect", reversed_why)
        if named_part_added(ev):
            return HeuristicVerdict("incorrect", "the answer adds a named part with its figure to the gold's")
        if numbers["missing"] and named_part_left_out(ev):
            # "acquired Redcliff Minerals for $450 million" for "Redcliff Minerals for $450
            # million and a 30% stake in the Kallan copper project": half the list.
            return HeuristicVerdict("incorrect", "the answer leaves out a named part of the gold, and its figure")
        if asks_for_causes(ev.texts[0]) and other_causes(ev):
            # "due to higher R&D spending and a $400 million litigation settlement" for
            # "generic competition ... and a $400 million impairment": the figure, other causes.
            return HeuristicVerdict("incorrect", "the answer gives the gold's figure but not the causes the gold gives")
        if asks_for_causes(ev.texts[0]) and not gives_cause(ev.texts[2], ev.texts[0]) and not tells_gold(ev):
            # "3M's operating margin decreased by 1.7%" to "What drove operating margin
            # change?": the gold's figure, and none of what was asked (``causes``). An answer
            # with most of the gold's words gives the causes the gold gives, in its words.
            return HeuristicVerdict("incorrect", "the answer gives the gold's figure but not what drove it")
        return HeuristicVerdict("correct", "the answer states the gold's numbers")
    # A short gold is the name that answers: one name must be the answer's verdict, and
    # "Yes, his name is X" needs X.
    if ev.gold_shape == "name" and len(ev.terms_committed) < len(ev.gold_terms):
        return HeuristicVerdict("incorrect", "the answer's verdict does not name the gold's answer")
    if ev.rival_pick:
        return HeuristicVerdict("incorrect", "the answer picks the gold's name and another one")
    if ev.items_missed:
        return HeuristicVerdict("incorrect", f"the answer leaves out {ev.items_missed} of the names the gold lists")
    if ev.items_padded:
        return HeuristicVerdict("incorrect", "the answer pads the gold's names with as many others")
    # The name must be stated, not denied or guessed ("Yes: not Richard A. Johnson, but another nominee").
    if ev.gold_shape == "yes_no_name" and any(w > 1.0 and t not in ev.terms_listed for t, w in ev.gold_terms.items()):
        return HeuristicVerdict("incorrect", "the answer misses the name the gold gives")
    agrees = (ev.gold_polarity and ev.answer_polarity == ev.gold_polarity) or (
        ev.gold_choice and ev.answer_choice == ev.gold_choice
    )
    if agrees and reason_missed(ev):
        return HeuristicVerdict("incorrect", "the answer gives the gold's verdict but not the reason the question asks for")
    if agrees and ev.hedged_verdict:
        return HeuristicVerdict("incorrect", "the answer only guesses at its verdict")
    if agrees and ev.self_contradiction:
        return HeuristicVerdict("incorrect", "the answer's own statements contradict its verdict")
    if agrees and ev.signal.phrases:
        return HeuristicVerdict("refusal", "the answer's verdict comes with a refusal to commit to it")
    if agrees and (reversed_why := _drivers_reversed(ev)):
        return HeuristicVerdict("incorrect", reversed_why)
    if agrees:
        return HeuristicVerdict("correct", "the answer's verdict agrees with the gold's")
    # A gold with no words beyond the question's (a bare "Yes") has no key terms to find:
    # the answer's verdict had to carry it.
    if ev.gold_terms and ev.committed_share >= enough_terms(ev):
        if reversed_why := _drivers_reversed(ev):
            return HeuristicVerdict("incorrect", reversed_why)
        if name_left_out(ev):
            return HeuristicVerdict("incorrect", "the answer's verdict picks another name than the gold's")
        if figure_left_out(ev):
            return HeuristicVerdict("incorrect", "the answer leaves out the figure the question asks for")
        if numbers["contradicted"]:
            # "production of 410 to 563 thousand barrels" for "410 to 430": the gold's words
            # around one of its figures changed do not make the figure right.
            return HeuristicVerdict("incorrect", "the answer gives a different value for one of the gold's figures")
        return HeuristicVerdict("correct", "the answer states the gold's key terms")
    if ev.signal.phrases > 0:
        return HeuristicVerdict("refusal", "the answer declines and does not state the gold's facts")
    return HeuristicVerdict("incorrect", "the answer misses the gold's key facts")
