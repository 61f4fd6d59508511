"""Which way an answer's statements go on a yes/no question, and whether they agree.

- ``claim_sentences``: the sentences that make a claim about a text (not framing, definitions,
  talk about the question or declines).
- ``polarity_of``: the yes or no a verdict sentence gives, from its negations and its
  words of direction.
- ``contradicts_itself``: a yes/no verdict its own statements of direction deny.
- ``conclusion_reverses``: an explicit yes or no its own conclusion reverses.
- ``claims_nothing``: framing, a definition or talk about the question.

What an answer affirms of the thing a gold denies is ``affirmed_denial``'s.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from harness.judge.amounts import parse_quantities
from harness.judge.metric_use import verdict_on_use
from harness.judge.number_swaps import question_names
from harness.judge.refusal import DECLINE, sentence_spans, sentences
from harness.judge.value_scope import question_years, years_in
from harness.judge.verdict_commitment import explicit_verdicts
from harness.judge.words import (
    ABOVE_ZERO,
    BELOW_ZERO,
    DETERMINER_NO,
    FALL,
    IT_DEPENDS,
    JUDGED_DOWN,
    JUDGED_UP,
    LOWER_IS_BETTER,
    MOVEMENT_DOWN,
    MOVEMENT_UP,
    NEGATION,
    RISE,
    YES_NO,
    asked_subject,
    content,
    stems_of,
    word_pattern,
)

# Words of direction: a question asking about one side ("improving", "positive",
# "increased") is answered "no" by a clause that only names the other side. Beside the words
# of movement and sign, a verdict names a side by a state ("healthy", "stable", "volatile")
# or a comparison ("more", "fewer"). "contract\w*" also reads "contract", "contracts" and
# "contractual" as the down side, as this reading always has; the shared list holds only the
# movement's forms.
_GOOD_STATE = (
    r"healthy", r"strong\w*", r"consistent", r"stable", r"more", r"adequate", r"sufficient", r"sound", r"solid", r"robust", r"ample",
    r"comfortable",
)
_BAD_STATE = (
    r"weak\w*", r"unhealthy", r"inconsistent", r"unstable", r"volatile", r"fluctuat\w*", r"fewer", r"less", r"contract\w*",
    r"inadequate", r"insufficient", r"poor", r"tight", r"strained", r"concern\w*",
)
_UP = word_pattern(RISE, ABOVE_ZERO, _GOOD_STATE)
_DOWN = word_pattern(FALL, BELOW_ZERO, _BAD_STATE)


# The pace of a change: a question whether growth will accelerate is about its pace, and
# "growth" names what moves, not which way ("growth is expected to decelerate" is a no).
_PACE_UP = word_pattern((r"accelerat\w*", r"speed(?:s|ing)? up", r"sped up"))
_PACE_DOWN = word_pattern((r"decelerat\w*", r"slow(?:s|ed|ing|er)?(?: down)?", r"slowdown"))


# A question that only compares ("more votes against than the other nominees?") is answered
# by movement, sign and comparison: a state ("it often reflects concerns") says nothing of it.
_COMPARING = frozenset({"more", "fewer", "less"})
_COMPARED_UP = word_pattern(RISE, ABOVE_ZERO, ("more",))
_COMPARED_DOWN = word_pattern(FALL, BELOW_ZERO, ("fewer", "less"))


def _sides(question: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The words naming the up and the down side for this question: of pace for a question
    about one; of movement, sign and comparison for one that only compares; else of
    movement, sign and state."""
    if _PACE_UP.search(question) or _PACE_DOWN.search(question):
        return _PACE_UP, _PACE_DOWN
    named = {word.lower() for word in _UP.findall(question) + _DOWN.findall(question)}
    if named and named <= _COMPARING:
        return _COMPARED_UP, _COMPARED_DOWN
    return _UP, _DOWN


@functools.lru_cache(maxsize=4096)
def _asks_direction(question: str) -> tuple[bool, bool]:
    """Does the question name the up side, the down side (words of direction)?"""
    up, down = _sides(question)
    return bool(up.search(question)), bool(down.search(question))


# (A reason, "because higher input costs will offset price increases", is no verdict's clause.)
_CLAUSE = re.compile(r"[,;]|\b(?:but|however|although|though|while|whereas|which|because|due to)\b", re.IGNORECASE)
_FRAMING = re.compile(r"^\W*(?:to (?:determine|calculate|assess|answer|evaluate|find|analy[sz]e)|in order to)\b", re.IGNORECASE)
# A definition ("Adobe defines free cash flow as operating cash flow less capex") states how
# a figure is made, not which way it went: its "less" is a minus.
_DEFINITION = re.compile(r"\bdefin(?:es|ed)\b[^.;]{0,80}?\bas\b|\b(?:is|are) (?:calculated|computed|derived) (?:as|by)\b", re.IGNORECASE)
# Sentences that talk about the question without answering it: an embedded question ("an
# analysis of whether ..."), "it depends", "hard to say", a pointer to where the answer is
# ("... is discussed in its 10-K", "see Note 13"), a heading that introduces a list, and the
# question said again.
_NO_ASSERTION = re.compile(
    r"\bwhether\b|" + IT_DEPENDS + r"|\b(?:difficult|hard|too early) to (?:say|tell)\b"
    r"|\b(?:is|are|was|were) (?:discussed|reported|shown|presented|described|detailed|covered|addressed) in\b"
    r"|(?:^\W*|[:;]\s*)see\b|\brefer to\b|:\s*$"
    # The question said again ("Based on the 10-K, the question asks which segment grew most"):
    # what is asked, not what the answer finds.
    r"|\bthe\s+question\s+(?:asks|is\s+asking|wants)\b",
    re.IGNORECASE,
)
# A verdict left open in so many words ("whether that is healthy depends on the industry",
# "hard to say", "I cannot say whether", "unclear", "a matter of opinion"); "may or may not" is ``_BOTH_WAYS``.
_LEFT_OPEN = re.compile(
    r"\bdepends?\b|\b(?:(?:difficult|hard|too early|impossible) to|can(?:not|'t|’t| not)) (?:say|tell|judge|determine|conclude)\b"
    r"|\b(?:unclear|not clear)\b|\bmatter of (?:opinion|judge?ment|interpretation|perspective)\b",
    re.IGNORECASE,
)


def leaves_verdict_open(answer: str) -> bool:
    """Does a sentence of the answer say that the yes or no is open ("it depends on the
    benchmark", "may or may not be healthy")?"""
    return any(_LEFT_OPEN.search(p) or _BOTH_WAYS.search(p) for p in sentences(answer))


# The other side of a comparison ("All other nominees had fewer votes against"): the mirror
# of "X had more", not a denial of it.
_OTHER_SIDE = re.compile(r"^\W*(?:all |the |every )?(?:other|others|rest|remaining)\b", re.IGNORECASE)


def _before_declined_part(sentence: str) -> str:
    """A sentence's claim before a semicolon, when what follows it declines ("Pfizer is not
    spinning off any large business segments; without further information, it cannot be
    concluded that it is"): the claim is made, the decline is of more than it."""
    declined = DECLINE.search(sentence)
    if declined is None:
        return sentence
    cut = sentence.rfind(";", 0, declined.start())
    return sentence[:cut] if cut > 0 and DECLINE.search(sentence, 0, cut) is None else sentence


def claim_sentences(answer: str, about: str, shared: int = 2) -> list[str]:
    """Sentences that make a claim about the words of ``about`` (``shared`` of them at least).

    Framing ("To determine whether ..."), definitions, sentences that only talk about the
    question ("an analysis of whether ...", "it depends") and declining sentences claim nothing.
    """
    wanted = stems_of(about)
    need = min(shared, len(wanted)) or 1
    return [
        p for p in map(_before_declined_part, sentences(answer))
        if (len({s for s, _ in content(p)} & wanted) >= need or names_property(p, about))
        and not _FRAMING.search(p) and not _DEFINITION.search(p) and not _NO_ASSERTION.search(p) and not DECLINE.search(p)
    ]


# A verb and its own negation offered together ("may or may not", "is or is not", "can or
# cannot"): both sides at once, no verdict.
_BOTH_WAYS = re.compile(r"\b(\w+)\s+or\s+\1(?:\s*not\b|n['’]t\b|not\b)", re.IGNORECASE)


# Properties a yes/no question asks about, each with its opposite: "capital-light" is no
# capital-intensive business, a "low-growth" company no high-growth one.
_OPPOSITE_PROPERTIES = (
    (re.compile(r"\bcapital[- ]intensive\b", re.IGNORECASE), re.compile(r"\b(?:capital|asset)[- ]light\b", re.IGNORECASE)),
    (re.compile(r"\bhigh[- ]growth\b", re.IGNORECASE), re.compile(r"\b(?:low|slow)[- ]growth\b", re.IGNORECASE)),
    # "no longer loss-making" to "Did it return to profitability?"; "not a net cash company" to
    # "Does it have net debt?"; "the dividend was uncovered" to "Is the dividend covered?".
    (re.compile(r"\bprofitab", re.IGNORECASE), re.compile(r"\b(?:loss[- ]making|unprofitable|in\s+the\s+red)\b", re.IGNORECASE)),
    (re.compile(r"\bnet\s+debt\b", re.IGNORECASE), re.compile(r"\bnet[- ]cash\b", re.IGNORECASE)),
    (re.compile(r"\bcovered\b", re.IGNORECASE), re.compile(r"\buncovered\b", re.IGNORECASE)),
    (re.compile(r"\bhealthy\b", re.IGNORECASE), re.compile(r"\bunhealthy\b", re.IGNORECASE)),
    # "Is interest coverage a relevant metric?": "... so interest coverage is meaningless". (Only
    # a question that asks it: "If gross margin is not a useful metric, ..." asks something else.)
    (
        re.compile(r"^\W*(?:is|are|was|were)\b[^?]*\b(?:relevant|useful|meaningful)\b[^?]*\?", re.IGNORECASE),
        re.compile(r"\b(?:irrelevant|useless|meaningless)\b", re.IGNORECASE),
    ),
)


def names_property(sentence: str, question: str) -> bool:
    """Does ``sentence`` name a property the question asks about, or its opposite ("JnJ is a
    low-growth company" to "... that of a high growth company?")? Then it gives a verdict,
    however few of the question's other words it repeats."""
    return any(asked.search(question) and (asked.search(sentence) or opposite.search(sentence)) for asked, opposite in _OPPOSITE_PROPERTIES)


def _names_opposite(clause: str, question: str) -> bool:
    """Does ``clause`` name the opposite of a property the question asks about, and not the
    property itself?"""
    return any(
        asked.search(question) and opposite.search(clause) and not asked.search(clause)
        for asked, opposite in _OPPOSITE_PROPERTIES
    )


def _without_opposites(clause: str, question: str) -> str:
    for asked, opposite in _OPPOSITE_PROPERTIES:
        if asked.search(question):
            clause = opposite.sub(" ", clause)
    return clause


# The asked state wanting: "needs some improvement", "would need to improve", "leaves room for
# improvement". Said anywhere in a sentence it settles it ("acceptable but would need to improve
# a bit to be called healthy"), whatever a clause before conceded.
_WANTING = re.compile(
    r"\b(?:needs?\s+(?:(?:some|an?|a\s+(?:bit|little)(?:\s+of)?|slight|modest|further|more)\s+)?improvement|needs?\s+to\s+(?:be\s+)?improved?"
    r"|room\s+for\s+improvement)\b",
    re.IGNORECASE,
)
# The asked state not reached: "the recovery was still incomplete", "8 points short of", or wanting.
_FALLS_SHORT = re.compile(r"\b(?:incomplete|unfinished|short\s+of|shy\s+of|yet\s+to)\b|" + _WANTING.pattern, re.IGNORECASE)


def polarity_of(sentence: str, question: str) -> str | None:
    """``yes`` or ``no`` for a verdict sentence, reading negations and opposites; None when
    a question about one direction ("improving?") gets a sentence that names none."""
    against_others = bool(_ASKS_AGAINST_OTHERS.search(question))
    m = YES_NO.match(sentence)
    if m and not (against_others and _OTHERS_FIRST.match(sentence)):
        return m.group(1).lower()
    if _BOTH_WAYS.search(sentence):
        return None  # "may or may not be healthy" says neither
    # Read the clause that talks about the question, not a concession beside it
    # ("while it has negative working capital, this does not indicate distress").
    asked = stems_of(question)
    clauses = [c for c in _CLAUSE.split(sentence) if c and c.strip()]
    # A clause about a year the question does not ask ("recorded an impairment in FY2019; no
    # impairment was recorded in FY2020" to "... in FY2020?") gives no verdict on it.
    years = question_years(question)
    clause = max(
        clauses, key=lambda c: (not _dated_elsewhen(c, years), len({s for s, _ in content(c)} & asked))
    ) if clauses else sentence
    if against_others and (others := _OTHERS_FIRST.match(clause)):
        # "Did any nominee get more votes against than the others?": "... and every other
        # nominee had fewer" says it of the others, the same yes ("No other nominee received
        # more" too).
        told = direction_of(clause[others.end():], question)
        if told is None:
            return None
        return "yes" if (told == "no") != bool(NEGATION.search(clause[: others.end()])) else "no"
    if against_others:
        # Another clause of the sentence, about the others, is no verdict on the one asked.
        sentence = " ".join(c for c in clauses if not _OTHERS_FIRST.match(c))
    if _names_opposite(clause, question):
        # "3M is a capital-light business" to "Is 3M capital-intensive?": the opposite
        # property, so a plain statement is a no and a negated one ("not capital-light") a yes.
        # (The opposite itself may be a word of negation: "irrelevant", "meaningless".)
        return "yes" if NEGATION.search(_without_opposites(clause, question)) else "no"
    if (_FALLS_SHORT.search(clause) or _WANTING.search(sentence)) and not _FALLS_SHORT.search(question):
        # "the recovery was still incomplete", "8 points short of the pre-pandemic level" to
        # "Has occupancy recovered?": the asked state not reached, a no.
        return "no"
    # Naming the other side of a one-sided question flips the negation ("debt fell" to "did debt rise?").
    direction = direction_of(clause, question) or direction_of(sentence, question)
    if direction:
        return direction
    asked_up, asked_down = _asks_direction(question)
    if asked_up != asked_down and not NEGATION.search(clause):
        # "Adobe's free cash flow conversion is a key metric" says nothing of "improving?".
        return None
    return "no" if NEGATION.search(clause) else "yes"


# A question that compares one with the others ("more votes against than the other
# nominees?"), and a clause whose subject is the others.
_ASKS_AGAINST_OTHERS = re.compile(r"\bthan\s+(?:the\s+|all\s+)?others?\b", re.IGNORECASE)
_OTHERS_FIRST = re.compile(
    r"\W*(?:(?:and|but|while|whereas|so)\s+)?(?:(?:every|each|any|all(?:\s+the)?|the|no|none\s+of\s+the)\s+)other(?:s\b|\s+\w+)",
    re.IGNORECASE,
)


def _dated_elsewhen(clause: str, asked: frozenset[int]) -> bool:
    """Does ``clause`` name only years the question does not ask (it asks some)?"""
    named = {year for _, _, year, _ in years_in(clause)}
    return bool(asked) and bool(named) and not named & asked


# A question that judges ("improving?", "worse?") what improves as it falls (a combined ratio,
# debt, days: ``LOWER_IS_BETTER``): an answer's words of movement then name the other side
# ("the combined ratio rose" to "improving?" is a no), its words of judgement their own.
_BETTER_OR_WORSE = word_pattern(JUDGED_UP, JUDGED_DOWN, (r"better", r"worse"))
_SAID_BETTER = word_pattern(JUDGED_UP, (r"better",))
_SAID_WORSE = word_pattern(JUDGED_DOWN, (r"worse",))
_MOVED_UP, _MOVED_DOWN = word_pattern(MOVEMENT_UP), word_pattern(MOVEMENT_DOWN)


@functools.lru_cache(maxsize=4096)
def _judges_what_falls_to_improve(question: str) -> bool:
    return bool(_BETTER_OR_WORSE.search(question) and LOWER_IS_BETTER.search(question))


def direction_of(sentence: str, question: str) -> str | None:
    """``yes``/``no`` read only from words of direction, for a question that asks about one
    direction ("increased?", "healthy?"); None when the sentence states no direction."""
    asked_up, asked_down = _asks_direction(question)
    up, down = _sides(question)
    if _judges_what_falls_to_improve(question):
        said_up = bool(_SAID_BETTER.search(sentence) or _MOVED_DOWN.search(sentence))
        said_down = bool(_SAID_WORSE.search(sentence) or _MOVED_UP.search(sentence))
    else:
        said_up, said_down = bool(up.search(sentence)), bool(down.search(sentence))
    if asked_up == asked_down or said_up == said_down:
        return None
    same = said_up == asked_up
    return "yes" if same != bool(NEGATION.search(sentence)) else "no"


def contradicts_itself(answer: str, question: str, verdict: str, polarity: str) -> bool:
    """A yes/no verdict that the answer's own statements of direction deny ("No. Debt rose
    from $47.2 billion to $49.8 billion" to "has debt increased?")."""
    for claim in claim_sentences(answer, question):
        if _OTHER_SIDE.search(claim):
            continue
        if (on_use := verdict_on_use(claim, question)) is not None:
            claim = claim[on_use:]  # past its verdict on whether the measure serves (``metric_use``)
            if not claim.strip(" ,;:.-"):
                continue
        if polarity == "no" and _stays_put(claim, question):
            # "... price increases offset by higher input costs, leaving margins roughly where
            # they were": a statement that the asked thing stays put says no to its moving,
            # whatever moves in its reasons.
            continue
        if claim == verdict:
            # "No. Debt rose ...": the words after an explicit yes/no are a statement too.
            explicit = YES_NO.match(claim)
            claim = claim[explicit.end():] if explicit else ""
        # Read without the reasons it gives: in "margins will stay flat because higher input
        # costs offset price increases" the costs and prices rise, not the margins.
        claim = _REASON.split(claim, maxsplit=1)[0] if claim else ""
        # Nor with what it sets beside it: in "Johnson received 16.1 million votes against,
        # while no other nominee had more than 6.1 million" the others have no more.
        claim = _SET_BESIDE.split(claim, maxsplit=1)[0] if claim else ""
        if claim and _ASKS_AGAINST_OTHERS.search(question):
            # What it says of the others is read the other way round ("and every other nominee
            # had fewer" is the yes; "had more" denies it), apart from the rest.
            parts = [c for c in _CLAUSE.split(claim) if c and c.strip()]
            if any((told := polarity_of(c, question)) is not None and told != polarity for c in parts if _OTHERS_FIRST.match(c)):
                return True
            claim = " ".join(c for c in parts if not _OTHERS_FIRST.match(c))
        direction = direction_of(claim, question) if claim.strip() else None
        if direction is not None and direction != polarity:
            return True
    return False


_SET_BESIDE = re.compile(r"(?<=\w)[,;]?\s+(?:while|whereas)\b", re.IGNORECASE)  # mid-sentence, not opening it


# The asked thing said to stay where it was.
_NO_MOVE = re.compile(
    r"\b(?:unchanged|flat|(?:roughly|broadly|about|largely)\s+(?:flat|stable|unchanged)|where\s+(?:they|it)\s+(?:was|were|is|are)"
    r"|stay(?:s|ed)?\s+(?:the\s+same|level|stable)|remain(?:s|ed)?\s+(?:the\s+same|level|stable))\b",
    re.IGNORECASE,
)


_CLAUSE_TURN = re.compile(r"[,;]|\b(?:although|though|while|whereas|but)\b", re.IGNORECASE)


def _stays_put(claim: str, question: str) -> bool:
    """Does a clause of ``claim`` say the question's subject stays where it was ("leaving
    margins roughly where they were"), not another thing ("although costs were flat")?"""
    subject = asked_subject(question)
    return any(
        _NO_MOVE.search(clause) and {s for s, _ in content(clause)} & subject for clause in _CLAUSE_TURN.split(claim)
    )


# (And after a comma, "as" or "since" giving a reason: "flat margins, as higher input costs
# offset price increases"; not "as of", "as well", "such as", "as expected", "as reported".)
_REASON = re.compile(
    r"\b(?:because|due to|owing to|given that)\b"
    r"|,\s+(?:as|since)\s+(?!of\b|well\b|such\b|part\b|expected\b|reported\b|noted\b|shown\b|described\b|discussed\b|a\s+result\b)",
    re.IGNORECASE,
)


# Where an answer draws a conclusion: "so" or "hence" opening a sentence or a clause
# ("..., so it is capital-intensive"), or "therefore" or "thus" anywhere in a clause
# ("3M is therefore capital-intensive").
_CONCLUDES = re.compile(
    r"(?:^|[,;:]\s*(?:and\s+)?|\band\s+)(?:so|hence|therefore|thus)\b,?|\b(?:therefore|thus)\b,?", re.IGNORECASE
)
_CLAUSE_END = re.compile(r"[,;:]")


# A yes or no echoed by a pronoun and its verb, nothing else ("Yes, it was.", "No, they did
# not."): the echo must say the same as the word before it.
_ECHO = re.compile(
    r"\W*(?:it|they|he|she|this|that|the company)\s+(?:was|were|is|are|did|does|do|has|have|had|can|could|will|would)"
    r"(?P<not>\s*(?:not|n['’]t))?\W*$",
    re.IGNORECASE,
)


# What ends a bare yes or no as a verdict of its own: a full stop, or a dash.
_SET_APART = re.compile(r"[.—–]|\s-\s")


def conclusion_reverses(answer: str, question: str, polarity: str) -> bool:
    """Does a conclusion the answer draws go against its own explicit yes or no ("No. Capex
    was 5.1% of revenue, so 3M is capital-intensive.")? A verdict that its own conclusion
    reverses says both yes and no. So does the rest of the verdict's own sentence, up to a
    turn ("No, 3M is capital-intensive."; not "Yes, but it is not as capital-intensive as
    its peers")."""
    for sentence in sentences(answer):
        head = YES_NO.match(sentence)
        if head and not DETERMINER_NO.match(sentence) and verdict_on_use(sentence, question) is None:
            rest = _CLAUSE.split(sentence[head.end():])[0]
            # A sentence of figures after a "No." of its own is the verdict's evidence ("No.
            # JnJ's sales increased only 1.3% ..."), not a verdict again in other words; so
            # are figures after a dash ("Yes — days of inventory increased to 84 from 61").
            evidence = bool(_SET_APART.search(head.group(0))) and bool(parse_quantities(rest))
            if not evidence and (
                rest.strip() and claim_sentences(rest, question, shared=1) and not _shares_part_of_compound(rest, question)
                and _speaks_to_verdict(rest, question) and polarity_of(rest, question) not in (None, polarity)
            ):
                return True
            echo = _ECHO.match(rest)
            if echo and (polarity == "yes") == bool(echo.group("not")):
                return True  # "Yes, it was not.", "No, it did."
    # A conclusion drawn before the answer's own yes or no is weighed on the way to it ("...,
    # so negative working capital is not necessarily a sign of distress. ... So no, it did
    # not have positive working capital"): the verdict given last is the answer's.
    return any(said not in (None, polarity) for said in _concluded(_from_last_verdict(answer, question), question, past_concession=True))


def _from_last_verdict(answer: str, question: str) -> str:
    """``answer`` from the start of its last sentence that gives a yes or no in so many words
    (to the question: not one on whether a measure serves, ``verdict_on_use``)."""
    spans = sentence_spans(answer)
    starts = [lo for lo, hi in spans if explicit_verdicts(answer[lo:hi], question=question)]
    return answer[starts[-1]:] if starts else answer


# A compound the question asks about ("capital-intensive", "asset-light").
_COMPOUND = re.compile(r"\b([A-Za-z]+)-([A-Za-z]+)\b")


def _shares_part_of_compound(clause: str, question: str) -> bool:
    """Does ``clause`` share with the question only part of a compound it asks about
    ("capital expenditures were 2.3% of revenue" to "Is it capital-intensive?")? Such a
    clause speaks of something else, and its plain statement is no verdict."""
    shared = stems_of(clause) & stems_of(question)
    if not shared:
        return False
    for m in _COMPOUND.finditer(question):
        if not re.search(rf"\b{m.group(1)}[- ]{m.group(2)}\b", clause, re.IGNORECASE):
            shared -= stems_of(m.group(0))
    return not shared


_YEARISH = re.compile(r"(?:fy|q[1-4]|cy)?\d{2,4}", re.IGNORECASE)


def _speaks_to_verdict(clause: str, question: str) -> bool:
    """Can ``clause`` give a yes or no to the question on its own: does it name a direction,
    the property asked, a negation, or three of the question's words besides its years? A
    plain statement of a figure that shares one word ("Occupancy was 71% in FY2022 against
    79% in FY2019" to "Has occupancy recovered ...?") is evidence, not a verdict."""
    if NEGATION.search(clause) or direction_of(clause, question) or names_property(clause, question):
        return True
    # Three of the question's words besides its names and years restate what it asks ("Zander
    # Foods changed its dividend policy"); two are its subject ("revenue ... guidance" in
    # "revenue fell short of guidance" to "Did it meet its revenue guidance?").
    shared = {s for s in stems_of(clause) & stems_of(question) if not _YEARISH.fullmatch(s)} - question_names(question)
    return len(shared) >= 3


_CONCEDED = re.compile(r"^(?:while|although|though|even\s+though|whereas)\b[^,;]*,\s*(?=\S)", re.IGNORECASE)


def conclusions(answer: str) -> Iterator[str]:
    """The conclusions the answer draws, in order: the clause a "so", "hence", "therefore" or
    "thus" opens ("..., so 3M is capital-intensive" gives "3M is capital-intensive")."""
    for sentence in sentences(answer):
        for m in _CONCLUDES.finditer(sentence):
            start = max((c.end() for c in _CLAUSE_END.finditer(sentence, 0, m.start() + 1)), default=0)
            end = sentence.find(";", m.end())
            yield (sentence[start:m.start()] + " " + sentence[m.end():end if end >= 0 else None]).strip()


def _concluded(answer: str, question: str, past_concession: bool = False) -> Iterator[str | None]:
    """The yes or no of each conclusion the answer draws ("..., so 3M is capital-intensive"),
    in order; None for one that names no direction of what is asked. ``past_concession``:
    each read past a clause it concedes on the way ("So while Fenwick did return capital, it
    did not do so through dividends"), as a conclusion that may reverse a stated verdict is
    (a verdict drawn from such a remainder alone, "while the ratio is useful, it should not
    be the sole measure", would be one the answer never gives)."""
    for conclusion in conclusions(answer):
        if past_concession:
            conclusion = _CONCEDED.sub("", conclusion, count=1) or conclusion
        # A conclusion is short ("so it is capital-intensive"): one of the question's
        # words names what it concludes about.
        if YES_NO.match(conclusion) or not claim_sentences(conclusion, question, shared=1):
            continue  # "..., so no, it did not" states the verdict itself
        if _shares_part_of_compound(conclusion, question):
            continue  # "so it manages its capital spending efficiently" to "capital-intensive?"
        stated = explicit_verdicts(conclusion)
        if past_concession and not stated and not _speaks_to_verdict(conclusion, question):
            # To take back an explicit yes or no, a conclusion must give one on its own: "so
            # Verizon's leverage was essentially unchanged" to "Has Verizon increased its
            # debt?" is evidence for the verdict, not its reversal.
            yield None
            continue
        # "..., but on the metric itself the answer is no": the conclusion's own yes or no.
        yield next(iter(stated)) if len(stated) == 1 else polarity_of(conclusion, question)


def concluded_polarity(answer: str, question: str) -> str | None:
    """The yes or no an answer without one in so many words concludes to ("Capex was 5.1% of
    revenue, so 3M is capital-intensive"): its last conclusion that says one."""
    said = [p for p in _concluded(answer, question) if p is not None]
    return said[-1] if said else None


# The thing a gold denies, after "not ... any" or "no" ("did not make any acquisitions",
# "There are no debt securities registered"); for a bare "There are none" or "No.", what the
# question asks about ("Which debt securities are registered ...", "Did it make any
# acquisitions?").


# How to read a metric, not how it moved: "a lower combined ratio indicates better
# underwriting", "a higher ratio means more liquidity".
_READING_RULE = re.compile(
    r"\b(?:a|an)\s+(?:lower|higher|rising|falling|declining|increasing)\s+[^.;]{0,60}?\b(?:indicates?|means|signals?|suggests?|"
    r"implies|reflects?|is\s+(?:better|worse|favou?rable|unfavou?rable))\b",
    re.IGNORECASE,
)


def claims_nothing(sentence: str) -> bool:
    """Is ``sentence`` framing ("To determine whether ..."), a definition, a rule for
    reading the metric, or talk about the question rather than a claim?"""
    return bool(_FRAMING.search(sentence) or _DEFINITION.search(sentence) or _NO_ASSERTION.search(sentence)
                or _READING_RULE.search(sentence))
