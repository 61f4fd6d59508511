"""What a credited answer may not leave out or get wrong beside the gold's words, read from
the evidence (``answer_reading``).

An answer can state the gold's figure and still not answer: the figure beside another pick
("Apparel performed best, with sales up 12%" for "Home furnishings, with sales up 12%"),
beside causes of its own ("higher R&D spending and a $400 million litigation settlement" for
"generic competition ... and a $400 million impairment"), or beside one of two things the
gold lists by name. A date is no number to the numeric readings (its year is a period), so
"June 15, 2025" for "June 15, 2027" is read here. And an answer that states most of a worded
gold's terms tells the gold whatever it shares with the question's words. The offline judge
asks these after the numbers.
"""
from __future__ import annotations

import re

from harness.judge.amounts import MONTHS, parse_quantities, ranges
from harness.judge.answer_reading import Evidence, verdict_sentences
from harness.judge.change_direction import HELD
from harness.judge.gold_wording import named_with_detail
from harness.judge.hedging import hedges
from harness.judge.name_commitment import BULLET, picking_part
from harness.judge.refusal import sentences
from harness.judge.undone_picks import pick_undone
from harness.judge.value_scope import years_in
from harness.judge.words import NEGATION, UNIT_STEMS, WORD, YES_NO, content, stem, stems_of


def tells_gold(ev: Evidence) -> bool:
    """Most of a worded gold's key terms, committed to: such an answer is on the gold's topic
    whatever it shares with the question's words ("Lower advertising revenue as advertisers
    cut spending" to "What drove the revenue decline?" repeats only "revenue"). So is one
    that gives the gold's yes or no and most of its reasons, denied as the gold denies them
    ("No, the company reports no material legal proceedings" to "Does it face material
    litigation?")."""
    if len(ev.gold_terms) >= 4 and ev.committed_share >= 0.6:
        return True
    agrees = ev.gold_polarity is not None and ev.answer_polarity == ev.gold_polarity and not ev.mixed_verdict
    # An answer that opens with the gold's own yes or no needs fewer of its words ("No. Debt
    # decreased from $49.8 billion to $47.2 billion" to "Has Microsoft increased its debt?").
    opens = YES_NO.match(ev.texts[2]) is not None and YES_NO.match(ev.texts[1]) is not None
    return agrees and len(ev.gold_terms) >= (1 if opens else 2) and ev.term_share >= 0.6


# A question that asks for an amount: its gold's figure is the answer, the words around it
# are not ("Pepsico's restructuring costs in FY2022 amounted to a significant sum").
_ASKS_AMOUNT = re.compile(r"\b(?:how much|how many|quantity|amount)\b", re.IGNORECASE)


def name_left_out(ev: Evidence) -> bool:
    """For a gold that is a name with what shows it ("Home furnishings, with sales up 12%",
    "The third quarter, with 14.2 terawatt-hours"): does the part of the answer's verdict
    that makes its pick leave out the name's own words? The figure beside another pick
    ("Apparel performed best, with sales up 12%", "Labor was the main driver, while fuel
    costs rose 61%") answers another question."""
    question, gold, answer = ev.texts
    name = named_with_detail(gold)
    if name is None:
        return False
    # Every word of the name, "third" too (which the key terms pass over as a stop word).
    own = _word_stems(name) - _word_stems(question) - _ARTICLES
    # A pick taken back where it is made ("had the lowest growth" to "the highest?") picks nothing.
    parts = [picking_part(p, question) for p in verdict_sentences(answer, question)]
    picked = {s for part in parts if not pick_undone(part, question, gold) for s in _word_stems(part)}
    return bool(own) and not own <= picked


_ARTICLES = frozenset({"the", "a", "an", "its", "of", "and"})


def _word_stems(text: str) -> set[str]:
    return {stem(w) for w in WORD.findall(text)}


# A question that asks for several things by name ("What acquisitions did ... complete?").
_ASKS_NAMED_THINGS = re.compile(
    r"\b(?:acquisitions|divestitures|companies|countries|markets|customers|subsidiaries|brands|deals|businesses|mines|projects)\b",
    re.IGNORECASE,
)


# Stems of words that say how much, which way or that something caused it, not what did.
_NO_CAUSE = UNIT_STEMS | {
    "fell", "rose", "grew", "increa", "decrea", "declin", "higher", "lower", "due", "primar", "mainly", "driven", "result", "caused",
}


def other_causes(ev: Evidence) -> bool:
    """Does the answer commit to at most one of the gold's causes (its words beyond those of
    amount, movement and causing), short of the share it needs: the figure, with causes of
    its own ("higher freight costs and increased promotional activity" for "higher component
    costs, unfavourable product mix, currency headwinds")?"""
    causes = [t for t in ev.gold_terms if t not in _NO_CAUSE]
    listed = _listed_causes(ev.texts[2])
    given = [t for t in causes if t in ev.terms_committed or t in listed]
    return bool(causes) and len(given) <= 1 and len(given) < enough_terms(ev) * len(causes) and not tells_gold(ev)


# A line that opens a list of causes: "The main drivers were:", "This was due to:".
_CAUSES_FOLLOW = re.compile(r"\b(?:drivers?|reasons?|causes?|factors?|culprits?|due to|driven by|because of)\b[^:\n]{0,30}:\s*$", re.IGNORECASE)


def _listed_causes(answer: str) -> set[str]:
    """The stems of the bullets right under a line that opens a list of causes ("The main
    drivers were:"): that list is the answer's causes as much as its verdict sentence is."""
    stems: set[str] = set()
    lines = answer.splitlines()
    for i, line in enumerate(lines):
        if not _CAUSES_FOLLOW.search(line):
            continue
        for item in lines[i + 1:]:
            if not item.strip():
                if stems:
                    break
                continue
            if not BULLET.match(item):
                break
            if not hedges(item) and not NEGATION.search(item):
                stems |= {s for s, _ in content(item)}
    return stems


def named_part_left_out(ev: Evidence) -> bool:
    """To a question that asks for several things by name, does the answer leave out every
    word of one of the names the gold gives (a run of capitalised words it adds to the
    question), while it states another?"""
    if not _ASKS_NAMED_THINGS.search(ev.texts[0]):
        return False
    names = _gold_names(ev.texts[0], ev.texts[1])
    said = {s for s, _ in content(ev.texts[2])}
    return len(names) >= 2 and any(name & said for name in names) and any(not name & said for name in names)


def named_part_added(ev: Evidence) -> bool:
    """To a question that asks for several things by name, does the answer add one with a
    figure of its own, as the gold gives its names ("Harbor Bakeries for $150 million" beside
    the gold's two acquisitions and their prices)?"""
    question, gold, answer = ev.texts
    if not _ASKS_NAMED_THINGS.search(question) or not _PRICED_NAME.search(gold):
        return False
    known = stems_of(question) | stems_of(gold)
    return any(not {stem(w) for w in WORD.findall(m.group(1))} & known for m in _PRICED_NAME.finditer(answer))


# A name and its price, as a list of deals gives them ("Harbor Bakeries for $150 million").
_PRICED_NAME = re.compile(r"\b([A-Z][a-z]+(?:\s+[A-Z][a-z]+)*)\s+for\s+(?:about\s+|approximately\s+)?(?:US)?\$\s?\d")


def _gold_names(question: str, gold: str) -> list[frozenset[str]]:
    """The names the gold's first sentence adds to its question, each as its stems:
    "Redcliff Minerals", "Kallan" (not a word that opens a sentence). (Later lines hold the
    labels of figures: "Fixed assets/Total Assets: 7%".)"""
    asked = stems_of(question)
    gold = re.split(r"\n|(?<=[a-z0-9%)])[.!?]\s", gold.strip(), maxsplit=1)[0]
    names: list[frozenset[str]] = []
    run: list[tuple[str, int]] = []
    for m in WORD.finditer(gold):
        before = gold[:m.start()].rstrip()
        capital = m.group(0)[0].isupper() and before != "" and before[-1] not in ".:;!?\n"
        stem_ = stem(m.group(0))
        if capital and stem_ not in asked and len(m.group(0)) > 2:
            if run and gold[run[-1][1]:m.start()].strip():
                names.append(frozenset(s for s, _ in run))
                run = []
            run.append((stem_, m.end()))
            continue
        if run:
            names.append(frozenset(s for s, _ in run))
            run = []
    if run:
        names.append(frozenset(s for s, _ in run))
    return names


def figure_left_out(ev: Evidence) -> bool:
    """The gold's figure missing from an answer that states no figure at all (years are none)."""
    question, _, answer = ev.texts
    return bool(ev.numbers["missing"]) and bool(_ASKS_AMOUNT.search(question)) and not parse_quantities(answer)


# An answer that says no movement, in any of the ways one is said. "Stable", "level", "the
# same" and "zero" only as said of the figure: "steady growth of 3%", "the level of growth",
# "the same period last year", "3%, the same as FY2022" and "constant currency" say no such
# thing.
_NO_CHANGE = re.compile(
    r"\b(?:flat|unchanged)\b(?!-)|\bnil\b|\bneither\s+(?:grew|rose|increased|declined|fell)\b"
    r"|\b(?:was|were|is|are|remained|stayed|held|kept|broadly|essentially|largely|roughly)\s+(?:stable|steady|constant|level|zero)\b"
    r"|\b(?:about|roughly|essentially|broadly|virtually|nearly|largely)\s+the\s+same\b"
    r"|\bno\s+(?:\w+\s+){0,2}(?:change|growth|increase|decrease|decline|movement)\b"
    r"|\b(?:did|does|has|have|was|were)(?:\s+not|n't)\s+(?:change|grow|move|increase|decrease)\w*"
    r"|(?<![\d.,])[+-]?0(?:\.0+)?\s*(?:%|percent|pp\b|percentage\s+points?)",
    re.IGNORECASE,
)


# A question that asks how much something moved.
_ASKS_CHANGE = re.compile(
    r"\bhow\s+much\b|\bhow\s+(?:did|has|have|does)\b.*\bchange"
    r"|\bwhat\s+(?:was|is|were)\s+(?:the\s+)?(?:[\w&'-]+\s+){0,4}(?:change|growth|movement)\b",
    re.IGNORECASE,
)


def no_change_left_out(ev: Evidence) -> bool:
    """To a question that asks how much a figure moved, a gold whose first sentence says it
    did not ("The real growth was flat") and an answer that never says so: its words beside
    the gold's ("5% growth" beside "growth was flat") leave the gold's value unsaid. (A flat
    figure further on in a gold is a side fact, "The Flow Control segment was roughly flat",
    which a right answer may leave out.) Also asked of an answer that gives the gold's figure:
    "Gross margin was 38.2%" is the level, not the "unchanged" the question asks for."""
    question, gold, answer = ev.texts
    first = sentences(gold)[0] if gold.strip() else ""
    # The gold's "flat" and "unchanged" (change_direction.HELD) are its value, as a figure is another gold's.
    if not (_ASKS_CHANGE.search(question) and HELD.search(first)) or _NO_CHANGE.search(answer):
        return False
    # Two years named is the figure in each ("38.2% in FY2022 and in FY2021"): it says no movement.
    return len({year for _, _, year, _ in years_in(answer)}) < 2


# A question in two parts whose second asks how the figure compares ("What is the FY2022
# operating margin, and how does it compare with FY2021?").
_ASKS_COMPARISON = re.compile(r"\bhow\s+(?:does|did|do)\s+(?:it|this|that|they|these|those)\s+compare\b", re.IGNORECASE)
# Any word that compares or moves: the answer says how the figure compares, rightly or not.
_COMPARES = re.compile(
    r"\b(?:same|unchanged|flat|steady|stable|constant|level|higher|lower|up|down|increas\w*|decreas\w*|rise|rose|risen|"
    r"fell|fallen|grew|grown|declin\w*|improv\w*|deteriorat\w*|expan\w*|contract\w*|compar\w*|versus|vs|than|from|"
    r"previous|prior|in\s+line|change[ds]?|bps|basis\s+points?|points?|both|stayed|remained|held|kept|again)\b",
    re.IGNORECASE,
)


def comparison_left_out(ev: Evidence) -> bool:
    """To a question that also asks how its figure compares, an answer that gives the figure
    and no comparison at all: half an answer (the other half may be the gold's "unchanged")."""
    question, _, answer = ev.texts
    # Two years named is a comparison too ("21.0% (FY2021: 21.0%)").
    return bool(_ASKS_COMPARISON.search(question)) and not _COMPARES.search(answer) and len({year for _, _, year, _ in years_in(answer)}) < 2


def enough_terms(ev: Evidence) -> float:
    """The share of the gold's key terms an answer must commit to: a long explanatory gold
    (several drivers, a list of items) is matched by a good part of it, a short gold needs
    most of its terms."""
    return 0.3 if len(ev.gold_terms) >= 8 else 0.5


_DATE = re.compile(
    rf"\b(?P<m1>{MONTHS})\.?\s+(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<y1>\d{{4}})\b"
    rf"|\b(?P<d2>\d{{1,2}})\s+(?P<m2>{MONTHS})\.?,?\s+(?P<y2>\d{{4}})\b"
    # ISO 8601, as a table or a structured answer writes it: "2027-06-15"; and the US style,
    # month first: "03/03/2022" (a US filing's dates; "15/06/2027" has no month 15).
    r"|\b(?P<y3>(?:19|20)\d\d)-(?P<m3>0[1-9]|1[0-2])-(?P<d3>0[1-9]|[12]\d|3[01])\b(?!-)"
    r"|(?<![\d/])(?P<m4>0?[1-9]|1[0-2])/(?P<d4>0?[1-9]|[12]\d|3[01])/(?P<y4>(?:19|20)\d\d)\b(?!/)",
    re.IGNORECASE,
)
_MONTH_OF_NUMBER = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


def _dates(text: str) -> set[tuple[int, str, int]]:
    """The full dates in ``text`` as (year, month's first three letters, day)."""
    return {
        (int(m.group("y3")), _MONTH_OF_NUMBER[int(m.group("m3")) - 1], int(m.group("d3"))) if m.group("y3") else
        (int(m.group("y4")), _MONTH_OF_NUMBER[int(m.group("m4")) - 1], int(m.group("d4"))) if m.group("y4") else
        (int(m.group("y1") or m.group("y2")), (m.group("m1") or m.group("m2")).lower()[:3], int(m.group("d1") or m.group("d2")))
        for m in _DATE.finditer(text)
    }


# A question whose answer is a date ("When did ...?", "What is the maturity date ...?").
_ASKS_DATE = re.compile(r"\bwhen\b|\bdates?\b|\bmatur", re.IGNORECASE)


def date_differs(ev: Evidence) -> bool:
    """To a question that asks for a date, does the answer give full dates, none of them the
    one the gold gives ("June 15, 2025" for "The notes mature on June 15, 2027")? (A date
    beside another answer, "On August 1, 2022, it acquired ...", is not what was asked.)"""
    if not _ASKS_DATE.search(ev.texts[0]):
        return False
    # The date a gold opens with is the one asked ("October 3, 2022. The deal ... had been
    # announced on January 18, 2022."); a later one is its context.
    gold_dates = _dates((sentences(ev.texts[1]) or [""])[0]) or _dates(ev.texts[1])
    if not gold_dates:
        return False
    said = _dates(ev.texts[2])
    return bool(said) and not said & gold_dates


def gives_gold_date(ev: Evidence) -> bool:
    """To a question that asks for a date, is the answer the gold's one date and no other
    ("June 15, 2027." for "The notes mature on June 15, 2027.")? The gold's other words say
    what the question has asked ("mature" to "What is the maturity date?"). No other year
    may stand beside it ("June 15, 2027 or 2028")."""
    if not _ASKS_DATE.search(ev.texts[0]):
        return False
    gold_dates = _dates(ev.texts[1])
    if len(gold_dates) != 1:
        return False
    answer = ev.texts[2]
    if NEGATION.search(answer) or _UNSURE.search(answer) or hedges(answer):
        return False  # "The notes do not mature on June 15, 2027", "Probably June 15, 2027"
    ((year, _, _),) = gold_dates
    if _dates(answer) != gold_dates or set(_YEAR.findall(answer)) != {str(year)}:
        return False
    # Words of its own would be another event's: "were issued on June 15, 2027". The same
    # event's other words are its own: "closed" for "completed", "due" for "mature".
    question, gold, _ = ev.texts
    known = stems_of(question) | stems_of(gold)
    known |= {word for group in _SAME_EVENT if group & known for word in group}
    return stems_of(_DATE.sub(" ", answer)) <= known


# The stems of words that name one event: an acquisition's completion, a debt's maturity.
_SAME_EVENT = (
    frozenset({"comple", "close", "closed", "closin", "consum", "finali"}),
    frozenset({"mature", "maturi", "due", "matures", "repaya", "payabl"}),
)


_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
# What ``hedges`` lets pass but a date given as the answer may not carry: "about", "likely",
# "I think" ("probably", "perhaps", "not sure" are hedges already).
_UNSURE = re.compile(r"\b(?:likely|around|about|approximately|roughly|guess\w*|i\s+think|i\s+believe)\b", re.IGNORECASE)


def reason_missed(ev: Evidence) -> bool:
    """To a question that opens with "Why", does the answer give causes of its own? The
    verdict is the question's ("Why is operating margin not useful?"); the reason is the
    answer ("because its earnings are volatile" for "banks do not report it")."""
    return _WHY.match(ev.texts[0]) is not None and other_causes(ev)


_WHY = re.compile(r"\W*why\b", re.IGNORECASE)


def range_differs(ev: Evidence) -> bool:
    """Does the answer give a range where the gold gives one, and not the gold's ("fall 10% to
    15%" for "fall 5% to 10%": one end right is not the range)? Not for a gold that opens with
    a yes or no: there the verdict is the answer, and figures behind it are weighed as
    FinanceBench's reviewers weigh them (``tests/test_judge_realistic.py``)."""
    if YES_NO.match(ev.texts[1]):
        return False
    gold_ranges = ranges(ev.texts[1])
    if not gold_ranges:
        return False
    said = ranges(ev.texts[2])
    return bool(said) and not any(_same_range(a, g) for a in said for g in gold_ranges)


def _same_range(one: tuple[float, float], other: tuple[float, float]) -> bool:
    return all(abs(x - y) <= 1e-9 + 0.005 * max(abs(x), abs(y)) for x, y in zip(one, other))

