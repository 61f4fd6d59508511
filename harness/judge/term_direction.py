"""The gold's drivers stated going the other way: "lower EPYC server processor sales" for a
gold of "higher sales of EPYC server processors".

The key-terms reading counts the gold's words (segment names, products, charges) wherever
the answer commits to them; the word of movement beside them is a stop word to it. So an
answer that names every driver the gold names, each moving the other way ("revenue grew
despite lower EPYC sales, lower semi-custom sales and the loss of Xilinx"), would be
credited with the gold's facts while stating their opposites.

Read clause by clause: a word of movement governs the gold's terms just after or just
before it ("higher sales of their EPYC server processors", "EPYC sales increased"), not a
driver further off ("The decrease in operating income was driven by amortization ... of
the Xilinx acquisition": the decrease is operating income's). A gold term is *reversed*
when a clause of the answer has it (a name, or two terms) governed by the other way. A
clause that denies ("did not grow") is not read, nor a term governed both ways. A word that
judges ("improved", "worsened") is set against a word of movement as the way its thing
improves: net debt to EBITDA that fell has improved, reserves that fell have not.
"""
from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Collection, Mapping
from typing import NamedTuple

from harness.judge.refusal import sentences
from harness.judge.verdict_polarity import claims_nothing
from harness.judge.words import (
    BOUGHT,
    JUDGED_DOWN,
    JUDGED_UP,
    MOVED_DOWN,
    MOVED_UP,
    MOVEMENT_DOWN,
    MOVEMENT_UP,
    NEGATION,
    SOLD,
    WORD,
    YES_NO,
    conceded,
    content,
    judged_move,
    stem,
    word_pattern,
)

# Clauses: a comma or semicolon, or a word that sets one movement against another.
_CLAUSE = re.compile(r"[,;:\n]|\b(?:and|but|while|whereas|although|though|despite|offset|partially|partly)\b", re.IGNORECASE)
# A deal's verb governs a list ("sold Trillium, Array and Therachon"): its clauses are cut
# only where one deal is set against another.
_DEAL_CLAUSE = re.compile(r"[;:\n]|\b(?:but|while|whereas|although|though|despite|after|before|then|later)\b", re.IGNORECASE)


class Ways(NamedTuple):
    """The words of two opposite ways, and where a clause ends for them."""

    up: re.Pattern[str]
    down: re.Pattern[str]
    clause: re.Pattern[str]
    # A deal's verb governs what comes before it only in the passive ("Upjohn is being spun
    # off"): "a site in Shanghai and sold its Russian business" sold no Shanghai site.
    passive_only: bool = False


MOVEMENT = Ways(MOVED_UP, MOVED_DOWN, _CLAUSE)  # the gold's drivers: "higher EPYC sales"
DEALS = Ways(BOUGHT, SOLD, _DEAL_CLAUSE, passive_only=True)  # the gold's deals: "acquired Trillium", "spinning off Upjohn"


def _clauses(text: str, clause: re.Pattern[str] = _CLAUSE) -> list[str]:
    return [c for s in sentences(text) for c in clause.split(s) if c and c.strip()]


def _moves(clause: str, terms: Collection[str], way_words: Ways = MOVEMENT) -> dict[str, str]:
    """The terms of ``clause`` that a word of movement governs, with its way ("up" or
    "down"): the words just after it ("higher sales of their EPYC server processors") or
    just before it ("EPYC sales increased"). Nothing in a clause that denies ("did not
    grow"), and no term that words of both ways govern."""
    # (A yes or no opening the clause is the answer's verdict, no denial of what follows.)
    if NEGATION.search(YES_NO.sub("", clause, count=1)):
        return {}
    words = WORD.findall(clause)
    # Each term's nearest governing word of movement, by distance in words: in "fell because
    # of higher capital expenditure" both reach the expenditure, and "higher" is the nearer.
    nearest: dict[str, tuple[int, set[str]]] = {}
    for i, word in enumerate(words):
        way = _way(word, way_words, clause)
        if way is None:
            continue
        before = i
        if way_words.passive_only:
            before = i - 1 if i and _AUXILIARY.fullmatch(words[i - 1]) else 0
        reach = [(j, words[j]) for j in range(max(0, before - _BEFORE), before)] + [(j, words[j]) for j in range(i + 1, min(len(words), i + 1 + _AFTER))]
        for j, near in reach:
            for stem_, _ in content(near):
                if stem_ not in terms:
                    continue
                distance = abs(j - i)
                known = nearest.get(stem_)
                if known is None or distance < known[0]:
                    nearest[stem_] = (distance, {way})
                elif distance == known[0]:
                    known[1].add(way)
    return {t: next(iter(w)) for t, (_, w) in nearest.items() if len(w) == 1}


# Words that judge a movement ("improved", "worsened"): their way is better or worse, which
# is up for sales and down for leverage, so it is set against another judgement only.
_BETTER, _WORSE = word_pattern(JUDGED_UP), word_pattern(JUDGED_DOWN)


def _way(word: str, way_words: Ways, clause: str) -> str | None:
    """"up" or "down" for a word of movement; for one that judges, "better" or "worse" and
    the way it moves what ``clause`` speaks of ("better:down" for "leverage improved")."""
    if _BETTER.fullmatch(word) or _WORSE.fullmatch(word):
        better = bool(_BETTER.fullmatch(word))
        return f"{'better' if better else 'worse'}:{judged_move(better, clause)}"
    return "up" if way_words.up.fullmatch(word) else "down" if way_words.down.fullmatch(word) else None


def _opposite(one: str, other: str) -> bool:
    """Two judgements are set against each other as judgements, two movements as
    movements, and a judgement against a movement as the way it moves its thing."""
    judged, other_judged = ":" in one, ":" in other
    if judged == other_judged:
        return one.split(":")[0] != other.split(":")[0]
    return one.split(":")[-1] != other.split(":")[-1]


# How far a word of movement reaches: "higher sales of their EPYC server processors" (the
# product four words on), "Higher sales of its diabetes drug Glucara" (the name six words
# on), "EPYC server processor sales increased" (three words back).
_AFTER, _BEFORE = 6, 3
_AUXILIARY = re.compile(r"(?:is|are|was|were|be|been|being|get|got)", re.IGNORECASE)


_LESS_FAVOURABLE = re.compile(r"\bless\s+favou?rabl[ey]\b", re.IGNORECASE)


def reversed_terms(gold: str, answer: str, gold_terms: Mapping[str, float], ways: Ways = MOVEMENT, question: str = "") -> list[str]:
    """The gold's terms that the answer says moved the other way from the gold: a name, or
    two terms at least, in one clause of the answer. A gold that names without saying which
    way ("Trillium, Array, and Therachon") takes the way of its ``question`` ("companies
    acquired by Pfizer") for those terms, when the question has one way only."""
    # "a less favourable product mix" judges the mix worse, as "an unfavourable mix" does.
    gold, answer = _LESS_FAVOURABLE.sub("unfavourable", gold), _LESS_FAVOURABLE.sub("unfavourable", answer)
    asks_a_way = bool(question) and bool(ways.up.search(question) or ways.down.search(question))
    if not asks_a_way and not (ways.up.search(gold) or ways.down.search(gold)):
        return []  # most golds: no word of either way to read the answer against
    # A term the gold moves both ways ("R&D grew 4% ..., so R&D fell to 9% of revenue") has
    # no one way for the answer to turn.
    gold_ways: dict[str, set[str]] = {}
    for clause in _clauses(gold, ways.clause):
        for term, way in _moves(clause, gold_terms, ways).items():
            gold_ways.setdefault(term, set()).add(way)
    moved = {term: next(iter(w)) for term, w in gold_ways.items() if len(w) == 1}
    if asks_a_way:
        asked = {asked_way for w in WORD.findall(question) if (asked_way := _way(w, ways, question))}
        if len(asked) == 1:
            way = asked.pop()
            moved = {term: moved.get(term, way) for term in gold_terms}
    if not moved:
        return []
    found: list[str] = []
    # Across clauses too: "revenue declined because subscription revenue fell, partly offset
    # by higher advertising revenue" turns both of the gold's drivers, one per clause. A term
    # the answer also moves the gold's way somewhere is not counted so.
    turned: list[str] = []
    kept: set[str] = set()
    for clause in _clauses(answer, ways.clause):
        said = _moves(clause, moved, ways)
        against = [t for t, way in said.items() if _opposite(moved[t], way)]
        kept |= {t for t, way in said.items() if not _opposite(moved[t], way)}
        turned += [t for t in against if t not in turned]
        if any(gold_terms[t] > 1.0 for t in against) or len(against) >= 2:
            found += [t for t in against if t not in found]
    if not found:
        turned = [t for t in turned if t not in kept]
        if any(gold_terms[t] > 1.0 for t in turned) or len(turned) >= 2:
            found = turned
    return found


def reversed_subject(question: str, gold: str, answer: str) -> bool:
    """Does the answer move what the question asks about the other way from the gold ("What
    drove operating margin change?": "Operating margin increased, driven by ..." for a gold of
    "The decrease in AMD's operating income was driven by ...")? The question's own words
    are the subject; an answer (or a gold) that moves them both ways is not read."""
    # The subject is in common words ("operating margin"), not a name ("AMD's operating
    # income" moves the income, not AMD); the answer states it where it opens, before the
    # factor-by-factor account a long answer goes on to ("1. Increase in gross margin ...").
    terms, gold_way = _gold_subject_way(question, gold)
    if not gold_way:
        return False
    if (picked := _PICK_OF.match(question)) and terms <= {stem(picked.group(1))}:
        # "Which region had the worst topline performance?": the region is what is picked,
        # not a thing that moves ("... whereas the other regions increased their revenues").
        return False
    # The yes or no an answer opens with is its verdict, not a denial of its grounds ("No. Rate
    # of decline in adjusted EPS ..."; a sentence splitter reads "No." as the abbreviation).
    answer = YES_NO.sub("", answer, count=1)
    # Framing ("To determine if Microsoft has increased its debt, ...") states no movement.
    # Nor does a sentence it concedes on the way ("Revenue grew 44%, which would normally
    # expand margins. Even so, operating income fell").
    parts = sentences(answer)
    set_aside = conceded(parts)
    opening = list(itertools.islice((s for i, s in enumerate(parts) if i not in set_aside and not claims_nothing(s)), 2))
    if opening and _LIST_ITEM.match(opening[0]) and (closing := [s for s in parts if _CLOSING_LINE.match(s)]):
        # "1. Short-term portion: the current portion rose ... 2. ... Conclusion: No -
        # Microsoft lowered its debt": an answer that opens with its account, item by item,
        # states its movement where it closes.
        opening = closing[-1:]
    if opening and (bare := _BARE_MOVE.fullmatch(opening[0])):
        # "Yes, a small increase." to "Was there any change in the number of stores?": a
        # movement with no subject of its own moves what the question asks about.
        way = "down" if MOVED_DOWN.search(bare.group("way")) else "up"
        return _opposite(way, gold_way)
    answer_ways = _ways_over(_other_items_masked(" ".join(opening), terms, question + " " + gold), terms)
    said = set().union(*answer_ways.values()) if answer_ways else set()
    return len(said) == 1 and _opposite(next(iter(said)), gold_way)


_PICK_OF = re.compile(r"\W*which\s+(\w+)", re.IGNORECASE)
# Words that make a subject's word name another item: "operating expenses" is no operating
# margin, "capital lease" no capital.
_OTHER_ITEM = frozenset({"expens", "cost", "costs", "spendi", "lease", "leases", "cash", "assets", "liabil", "debt"})


def _other_items_masked(text: str, terms: Collection[str], told: str) -> str:
    """``text`` with the subject's words blanked where the next word makes them name another
    item than ``told`` (the question and the gold) speak of: "Operating expenses rose" moves
    no operating margin."""
    known = {stem(w) for w in WORD.findall(told)}
    return _WORD_THEN_WORD.sub(
        lambda m: "_" * len(m.group(1)) if stem(m.group(1)) in terms and (after := stem(m.group(2))) in _OTHER_ITEM and after not in known else m.group(1),
        text,
    )


_WORD_THEN_WORD = re.compile(r"\b(\w+)(?=\s+(\w+))")


_LIST_ITEM = re.compile(r"\s*(?:\d+[.)]|[-*•])(?:\s|$)")
_CLOSING_LINE = re.compile(r"\W*(?:conclusion|in\s+summary|in\s+short|overall|bottom\s+line)\b", re.IGNORECASE)
_BARE_MOVE = re.compile(
    r"\W*(?:an?\s+)?(?:(?:small|slight|modest|marginal|minor|large|big|sharp|significant|substantial|net)\s+)?"
    r"(?P<way>increase|rise|gain|growth|decrease|decline|drop|fall|reduction)\W*",
    re.IGNORECASE,
)


@functools.lru_cache(maxsize=4096)
def _gold_subject_way(question: str, gold: str) -> tuple[frozenset[str], str]:
    """The question's words the gold moves, and the one way it moves them ("" when it moves
    none, or them both ways): read once per gold, not once per answer."""
    if not (MOVED_UP.search(gold) or MOVED_DOWN.search(gold)):
        return frozenset(), ""
    asked = {stem_ for stem_, word in content(question) if word.islower()}
    gold_ways = _ways_over(gold, asked)
    said = set().union(*gold_ways.values()) if gold_ways else set()
    return (frozenset(gold_ways), next(iter(said))) if len(said) == 1 else (frozenset(), "")


def _ways_over(text: str, terms: Collection[str]) -> dict[str, set[str]]:
    """The ways each of ``terms`` moves in the clauses of ``text``."""
    ways: dict[str, set[str]] = {}
    for clause in _clauses(text):
        for term, way in _moves(clause, terms).items():
            ways.setdefault(term, set()).add(way)
    return ways


# A sentence that opens with a name of two capitalised words or more ("Las Vegas Strip
# Resorts", "Regional Operations"), after an article or a turn ("By contrast, the ...").
_NAMED_SUBJECT = re.compile(
    r"\W*(?:(?:By|In)\s+contrast,?\s+|Meanwhile,?\s+|Elsewhere,?\s+|Separately,?\s+)?(?:[Tt]he\s+)?"
    r"((?:[A-Z][\w&'’.-]*\s+)+[A-Z][\w&'’.-]*)"
)


def _name_words(text: str) -> set[str]:
    return {re.sub(r"['’]s$", "", w.lower()) for w in _PHRASE_WORD.findall(text)}


def phrases_reversed(gold: str, answer: str, question: str = "") -> list[str]:
    """The gold's moved things (``_moved_phrases``) that the answer moves the other way, the
    same words right beside a word of movement ("operating cash flow fell" for "though
    operating cash flow grew", "reduced inventory" for "higher inventory"), and never the
    gold's way. The reading by terms (``reversed_terms``) wants two terms or a name turned:
    one thing named in the gold's own words is enough here."""
    if not (_ROSE.search(gold) or _FELL.search(gold)):
        return []
    gold_ways: dict[str, set[str]] = {}
    for phrase, way in _moved_phrases(gold):
        gold_ways.setdefault(phrase, set()).add(way)
    moved = {phrase: next(iter(w)) for phrase, w in gold_ways.items() if len(w) == 1}
    if not moved:
        return []
    said: dict[str, set[str]] = {}
    # "MGM China's revenue fell 44% ... Las Vegas Strip Resorts, by contrast, grew revenue
    # 77%": a sentence of another named subject (named in neither the gold nor the question)
    # moves that subject's things, not the gold's.
    known = _name_words(gold + " " + question)
    own = [p for p in sentences(answer) if not (m := _NAMED_SUBJECT.match(p)) or _name_words(m.group(1)) & known]
    for run, way in (found for p in own for found in _moved_phrases(p)):
        # The gold's words at the run's near end: "reduced inventory levels during the year"
        # moves the gold's "inventory".
        for phrase in moved:
            if run == phrase or run.startswith(phrase + " ") or run.endswith(" " + phrase):
                said.setdefault(phrase, set()).add(way)
    return [p for p, ways in said.items() if ways == {"down" if moved[p] == "up" else "up"}]


_PHRASE_WORD = re.compile(r"[A-Za-z][A-Za-z&'’-]*")
_NOT_IN_PHRASE = frozenset({"the", "a", "an", "its", "their", "our", "of", "and", "or", "to", "in", "on", "for", "by", "with", "was",
                            "from", "at", "than", "over", "about", "nearly", "almost", "roughly", "approximately", "x", "bn",
                            "were", "is", "are", "has", "have", "had", "been", "be", "that", "which", "as", "it", "this", "mainly",
                            "primarily", "largely", "partly", "also", "significantly", "slightly", "sharply", "due", "because"})


_MEASURE_WORDS = frozenset({"share", "shares", "rate", "rates", "level", "levels", "growth", "amount", "amounts", "number",
                            "percentage", "portion", "proportion", "ratio", "total", "value", "values", "figure", "trend"})
# Words of movement only: a judgement ("improved", "worsened") is up for sales and down for
# leverage, which the words beside it do not say.
_ROSE, _FELL = word_pattern(MOVEMENT_UP), word_pattern(MOVEMENT_DOWN)


def _in_phrase(word: str) -> bool:
    return word != _BREAK and word.lower() not in _NOT_IN_PHRASE and not (_ROSE.fullmatch(word) or _FELL.fullmatch(word) or _BETTER.fullmatch(word)
                                                       or _WORSE.fullmatch(word))


_BRACKET = re.compile(r"[()\[\]]")
_BREAK = "("  # stands between the words of two bracketed pieces; no word of a phrase


def _moved_phrases(text: str) -> list[tuple[str, str]]:
    """Each thing a word of movement moves in ``text``, as its words lowered, with the way:
    the run of up to three words right after the movement word ("higher inventory levels"
    gives "inventory levels") or right before it, an auxiliary between allowed ("operating
    cash flow grew", "inventory was reduced"). Not in a clause that denies."""
    found: list[tuple[str, str]] = []
    for clause in _clauses(text):
        if NEGATION.search(YES_NO.sub("", clause, count=1)):
            continue
        # A bracket ends the run: "higher semi-custom sales (gaming console chip demand)"
        # moves "semi-custom sales".
        words = [w for piece in _BRACKET.split(clause) for w in (_PHRASE_WORD.findall(piece) + [_BREAK])]
        for i, word in enumerate(words):
            way = "up" if _ROSE.fullmatch(word) else "down" if _FELL.fullmatch(word) else None
            if way is None:
                continue
            after = list(itertools.takewhile(_in_phrase, words[i + 1:i + 4]))
            j = i - 1 if i and _AUXILIARY.fullmatch(words[i - 1]) else i
            before = list(itertools.takewhile(_in_phrase, reversed(words[max(0, j - 3):j])))[::-1]
            for run in (after, before):
                # A measure of anything ("a falling share", "the rate rose") is no thing named:
                # alone it may be another thing's, in the next clause.
                if run and any(len(w) > 3 for w in run) and not (len(run) == 1 and run[0].lower() in _MEASURE_WORDS):
                    found.append((" ".join(w.lower() for w in run), way))
    return found
