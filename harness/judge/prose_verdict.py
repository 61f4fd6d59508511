"""The offline judge's decision for a gold the numeric check does not decide, and that is
not one number: a yes or no, a name, a pick, prose with or without figures.

``decide_prose`` reads the ``Evidence`` gathered from the answer (``answer_reading``) in a
fixed order: a refusal at the answer's opening, its own contradictions, the gold's words
with one turned, then the readings that make an answer wrong (another verdict, pick, date,
range, figure, the figures exchanged or going the other way), and only then what makes it
right (the gold's figures, its verdict, its key terms), each with the readings that still
take it back. The order is the offline judge's numbered list (``offline_judge``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from harness.judge.answer_reading import Evidence
from harness.judge.causes import asks_for_causes, gives_cause, gives_main_cause, main_cause_demoted, main_cause_missed
from harness.judge.change_direction import moves_what_gold_holds, swapped_ends
from harness.judge.exchanged_values import comparison_turned, figure_on_another_item, figure_relabelled, values_exchanged
from harness.judge.left_out import (
    comparison_left_out,
    date_differs,
    enough_terms,
    figure_left_out,
    gives_gold_date,
    name_left_out,
    named_part_added,
    named_part_left_out,
    no_change_left_out,
    other_causes,
    range_differs,
    reason_missed,
    tells_gold,
)
from harness.judge.metric_use import use_denied_against_gold
from harness.judge.name_commitment import PICK_FILLER, SUPERLATIVE, picking_part, rival_pick
from harness.judge.numeric_check import Label
from harness.judge.option_figures import option_figures_swapped
from harness.judge.refusal import sentences
from harness.judge.roles import lead_name_left_out, roles_swapped
from harness.judge.term_direction import DEALS, phrases_reversed, reversed_subject, reversed_terms
from harness.judge.turned_copy import turned_word, turned_year
from harness.judge.undone_deals import deal_undone
from harness.judge.undone_picks import pick_undone
from harness.judge.value_scope import in_another_year
from harness.judge.verdict_polarity import leaves_verdict_open
from harness.judge.words import YES_NO, content


@dataclass(frozen=True)
class HeuristicVerdict:
    """The offline judge's label and a one-line reason."""

    label: Label
    rationale: str


SELF_CONTRADICTED_CHANGE = "the answer's own values go the other way from the direction it states"


def declines(ev: Evidence) -> bool:
    return ev.signal.phrases > 0 and (ev.signal.opens or ev.signal.closes)


def _names_found(ev: Evidence) -> bool:
    """Most of the gold's terms are in the answer, including a name it gives."""
    names = [t for t, w in ev.gold_terms.items() if w > 1.0]
    return ev.term_share >= 0.5 and any(t in ev.terms_found for t in names)


def states_gold(ev: Evidence) -> bool:
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


def _other_of_kind_picked(ev: Evidence) -> bool:
    """Does the answer's verdict pick another of the gold's kind: the gold's pick's last
    word without the words that tell it apart ("interest rate swaps had the highest notional
    value" for "Cross currency swaps")? The gold's other words beside it, its figure too,
    then describe another pick."""
    found = _gold_pick(ev)
    verdict = ev.asked_pick[1] if ev.asked_pick else None
    if found is None or not verdict:
        return False
    pick, wanted = found
    words = content(pick)
    head = words[-1][0] if words else None
    part = {s for s, _ in content(picking_part(verdict, ev.texts[0]))}
    return head in wanted and head in part and not wanted <= part


_LISTED = re.compile(r",\s|\s(?:and|or)\s", re.IGNORECASE)


_WHICH = re.compile(r"\bwhich\b", re.IGNORECASE)
_WHAT = re.compile(r"\bwhat\b", re.IGNORECASE)


_DRIVERS_REVERSED = "the answer states the gold's drivers going the other way"
_DEALS_REVERSED = "the answer states the gold's deals the other way (sold for bought, or bought for sold)"
_SUBJECT_REVERSED = "the answer moves what the question asks about the other way from the gold"
_DEAL_UNDONE = "the answer says the gold's deal was not done (denied, only intended, or undone)"


def _figures_misplaced(ev: Evidence) -> str | None:
    """Why the answer is wrong when it holds the gold's figures in the wrong places
    (``exchanged_values``): "Current assets of $2.9 billion exceeded current liabilities of
    $2.4 billion" for the other way round, "Stores were 31%; e-commerce the remaining 69%"
    for "E-commerce was 31%", "a net loss of $318 million" for "net income of $318 million".
    Read only for an answer about to be credited."""
    gold, answer = ev.texts[1], ev.texts[2]
    if figure_on_another_item(gold, answer):
        return "the answer gives the gold's figure to another item, and the gold's item another figure"
    if figure_relabelled(gold, answer):
        return "the answer names the gold's figure as the opposite line item"
    if values_exchanged(gold, answer) or comparison_turned(gold, answer):
        return "the answer puts two of the gold's figures in each other's places"
    return None


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
    if phrases_reversed(gold, answer, question):
        return _DRIVERS_REVERSED
    if deal_undone(question, answer, ev.gold_terms, gold):
        return _DEAL_UNDONE
    if asks_for_causes(question) and main_cause_demoted(question, gold, answer):
        return "the answer calls the gold's main cause a lesser one"
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
        # The figures a denial gold gives of what is used instead ("net interest margin (3.1%
        # in FY2022, up from 2.7%)") must not be given otherwise: changed, on another year or
        # in another currency.
        and not ev.numbers["contradicted"] and not in_another_year(ev.texts[1], ev.texts[2], ev.texts[0])
    )




def decide_prose(ev: Evidence) -> HeuristicVerdict:
    if ev.signal.opens:
        # "As of my last update I don't have access ...": what follows is general knowledge.
        return HeuristicVerdict("refusal", "the answer opens by declining")
    if ev.signal.without_source:
        # "... I should point out that, as an AI, I don't have real-time data access": the same
        # general knowledge, its decline told later.
        return HeuristicVerdict("refusal", "the answer says it answers from memory, not from the filing")
    if ev.change_contradicted:
        # "Revenue declined 10.6% to $51.8 billion from $46.3 billion": whichever half is
        # meant, the other is false, and the gold's figure in it rescues nothing.
        return HeuristicVerdict("incorrect", SELF_CONTRADICTED_CHANGE)
    if turned := turned_word(ev.texts[1], ev.texts[2]):
        # The gold copied with one word turned: all it shares with the gold is then beside
        # the point (see ``turned_copy``).
        return HeuristicVerdict("incorrect", f"the answer has the gold's words with {turned[0]!r} turned to {turned[1]!r}")
    if moved := turned_year(ev.texts[1], ev.texts[2], ev.texts[0]):
        return HeuristicVerdict("incorrect", f"the answer has the gold's words with the year {moved[0]} moved to {moved[1]}")
    if lead_name_left_out(*ev.texts):
        return HeuristicVerdict("incorrect", "the answer does not name the one the gold names")
    if roles_swapped(ev.texts[1], ev.texts[2], ev.texts[0]):
        # "Marcus Webb is the CEO and Anita Cole is the CFO" for the other way round: every
        # name and role of the gold's, each in the other's place.
        return HeuristicVerdict("incorrect", "the answer gives a name of the gold's another role than the gold's")
    if _denies_as_gold(ev):
        return HeuristicVerdict("correct", "the answer denies what the gold denies")
    if declines(ev) and not states_gold(ev):
        return HeuristicVerdict("refusal", "the answer declines and does not state the gold's facts")

    if ev.affirms_denied:
        # "It acquired several salons; it did not make any large acquisitions": a denial of a
        # larger kind beside it does not take back that the thing the gold denies happened.
        return HeuristicVerdict("incorrect", "the answer says the thing the gold denies exists")
    if ev.affirms_use:
        return HeuristicVerdict("incorrect", "the answer calls useful the metric the gold says is not used")
    if use_denied_against_gold(*ev.texts) and not ev.signal.phrases:
        # (An answer that declines may doubt the metric on the way: that is its refusal's.)
        return HeuristicVerdict("incorrect", "the answer denies the use of the metric the gold uses")
    if ev.use_missed:
        # "Gross margin rose to 45%, not 40%" for "Performance is not measured through gross
        # margin": its "not" denies something else, and the gold's point is left unsaid.
        return HeuristicVerdict("incorrect", "the answer does not deny the use of the metric the gold says is not used")
    if ev.mixed_verdict:
        return HeuristicVerdict("incorrect", "the answer gives both a yes and a no")
    if ev.parts_alike:
        return HeuristicVerdict("incorrect", "the answer gives one verdict to both parts where the gold gives a yes and a no")
    if ev.gold_polarity and ev.answer_polarity and ev.gold_polarity != ev.answer_polarity:
        return HeuristicVerdict("incorrect", f"the gold says {ev.gold_polarity}, the answer {ev.answer_polarity}")
    if ev.gold_choice and ev.answer_choice and ev.gold_choice != ev.answer_choice:
        return HeuristicVerdict("incorrect", f"the gold picks {ev.gold_choice!r}, the answer {ev.answer_choice!r}")
    if ev.gold_choice and ev.answer_choice == ev.gold_choice:
        # The gold's pick is half of it: the figures that make it the pick must be the gold's.
        if option_figures_swapped(ev.texts[1], ev.texts[2], ev.options):
            return HeuristicVerdict("incorrect", "the answer gives the gold's figures to the other option, or in another currency")
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
    if numbers["found"] and not numbers["contradicted"] and not ev.pick_missed and not name_left_out(ev) and not ev.rival_pick:
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
        if comparison_left_out(ev):
            return HeuristicVerdict("incorrect", "the answer gives the figure but not how it compares, which the question also asks")
        if no_change_left_out(ev):
            return HeuristicVerdict("incorrect", "the answer gives the figure but does not say it was flat, as the gold does")
        if in_another_year(ev.texts[1], ev.texts[2], ev.texts[0]):
            # "Vesper Energy repurchased $600 million of its shares in FY2020" for "... in
            # FY2022": the gold's figure, told of another year, the likeliest slip of a model.
            return HeuristicVerdict("incorrect", "the answer gives the gold's figures for another year than the gold's")
        if misplaced := _figures_misplaced(ev):
            return HeuristicVerdict("incorrect", misplaced)
        if numbers["missing"] and named_part_left_out(ev):
            # "acquired Redcliff Minerals for $450 million" for "Redcliff Minerals for $450
            # million and a 30% stake in the Kallan copper project": half the list.
            return HeuristicVerdict("incorrect", "the answer leaves out a named part of the gold, and its figure")
        if asks_for_causes(ev.texts[0]) and main_cause_missed(*ev.texts):
            return HeuristicVerdict("incorrect", "the answer gives the gold's figure but not the cause the gold calls the main one")
        if asks_for_causes(ev.texts[0]) and other_causes(ev) and not gives_main_cause(*ev.texts):
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
    if gives_gold_date(ev) and not ev.signal.phrases:
        return HeuristicVerdict("correct", "the answer gives the gold's date")
    if ev.gold_shape == "name" and (len(ev.terms_committed) < len(ev.gold_terms) or ev.ranked_name_missed):
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
        if name_left_out(ev) or _other_of_kind_picked(ev) or ev.ranked_pick_missed:
            return HeuristicVerdict("incorrect", "the answer's verdict picks another name than the gold's")
        if figure_left_out(ev):
            return HeuristicVerdict("incorrect", "the answer leaves out the figure the question asks for")
        if no_change_left_out(ev):
            return HeuristicVerdict("incorrect", "the answer does not say the figure was flat, as the gold does")
        if numbers["contradicted"]:
            # "production of 410 to 563 thousand barrels" for "410 to 430": the gold's words
            # around one of its figures changed do not make the figure right.
            return HeuristicVerdict("incorrect", "the answer gives a different value for one of the gold's figures")
        if in_another_year(ev.texts[1], ev.texts[2], ev.texts[0]):
            return HeuristicVerdict("incorrect", "the answer gives the gold's figures for another year than the gold's")
        if misplaced := _figures_misplaced(ev):
            return HeuristicVerdict("incorrect", misplaced)
        return HeuristicVerdict("correct", "the answer states the gold's key terms")
    if ev.signal.phrases > 0:
        return HeuristicVerdict("refusal", "the answer declines and does not state the gold's facts")
    return HeuristicVerdict("incorrect", "the answer misses the gold's key facts")
