"""What the offline judge reads in an answer, measured against a gold answer.

``gather_evidence(question, gold, answer)`` returns an ``Evidence``: how strongly the answer
declines, whether it talks about what is asked, which of the gold's numbers it states (or
contradicts: ``number_evidence``), which of the gold's words it uses (and whether in the
sentences that give its verdict), the yes/no or the option it picks (``verdict_polarity``),
and whether its own statements contradict its verdict or a change's direction
(``change_direction``). ``offline_judge`` decides on these
features.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from harness.judge.affirmed_denial import affirms_denied
from harness.judge.amounts import question_unit
from harness.judge.change_direction import contradicted_sentences
from harness.judge.gold_wording import asked_part, asks_which, named_subject, named_with_detail, one_named
from harness.judge.metric_use import affirms_use, denied_use, denies_use
from harness.judge.name_commitment import (
    BULLET,
    SUPERLATIVE,
    kept_stems,
    list_units,
    names_committed,
    names_one,
    padded_names,
    picking_part,
    prose_committed_stems,
    rival_pick,
)
from harness.judge.number_evidence import number_evidence, writes_gold_value
from harness.judge.ranking import ranking_after_context
from harness.judge.refusal import RefusalSignal, refusal_signal, sentences
from harness.judge.tables import layout_line
from harness.judge.undone_picks import opposite_extreme, pick_undone, superlative_swapped
from harness.judge.value_scope import opposite_metric
from harness.judge.verdict_commitment import (
    NO_PICK,
    UNCONFIRMABLE,
    UNDECIDED,
    after_last_correction,
    explicit_verdicts,
    first_part_verdict,
    hedges_verdict,
    picked_option,
)
from harness.judge.verdict_polarity import (
    claim_sentences,
    concluded_polarity,
    conclusion_reverses,
    conclusions,
    contradicts_itself,
    names_property,
    polarity_of,
)
from harness.judge.words import (
    CLAUSE_TURN,
    CONCLUSION,
    DENIAL_GOLD,
    DETERMINER_NO,
    FALL,
    NEGATION,
    PERIOD_WORD,
    RISE,
    STOP,
    WORD,
    YES_NO,
    conceded,
    content,
    root,
    stem,
    stems_of,
)


@dataclass
class Evidence:
    """What the offline judge measured, kept so the rationale can cite it."""

    signal: RefusalSignal
    topic: float = 1.0  # share of the question's key words found in the answer
    topic_terms: float = 1.0  # the same for the asked sentence's common words (no names)
    words: int = 0  # length of the answer in words
    numbers: dict[str, int] = field(default_factory=lambda: {"found": 0, "near": 0, "contradicted": 0, "missing": 0, "reversed": 0, "swapped": 0})
    gold_terms: dict[str, float] = field(default_factory=dict)  # term -> weight
    terms_found: list[str] = field(default_factory=list)
    gold_polarity: str | None = None
    answer_polarity: str | None = None
    options: tuple[str, ...] = ()  # the options a question that asks to pick offers, one stem each
    gold_choice: str | None = None
    answer_choice: str | None = None
    extreme_reversed: bool = False  # the gold's option picked at the other extreme ("lowest" for "highest")
    self_contradiction: bool = False  # the answer's statements deny its own yes/no verdict
    gold_shape: str = "prose"  # prose | name (one short name) | names (a short list) | yes_no_name
    terms_committed: list[str] = field(default_factory=list)  # gold terms in the answer's verdict sentences
    rival_pick: bool = False  # another sentence picks another name (a one-name gold)
    mixed_verdict: bool = False  # the answer says both yes and no
    parts_alike: bool = False  # to a gold of a yes and a no, the answer gives one verdict twice
    hedged_verdict: bool = False  # the sentence that gives the yes/no only guesses at it
    affirms_denied: bool = False  # a clause says the thing the gold denies exists
    denied_metric: tuple[str, ...] = ()  # the metric whose use the gold denies ("not measured through gross margin")
    use_denied: bool = False  # the answer denies that use too
    affirms_use: bool = False  # a clause says that metric is useful for this company
    change_contradicted: bool = False  # the gold's figure stated as a change its own from/to values deny
    texts: tuple[str, str, str] = ("", "", "")  # question, gold, answer: what the lazy readings read

    @property
    def use_missed(self) -> bool:
        """The gold denies a metric's use and the answer nowhere denies it: a denial of
        something else ("rose to 45%, not 40%") does not answer it."""
        return bool(self.denied_metric) and not self.use_denied

    @property
    def term_share(self) -> float:
        return self._share(self.terms_found)

    @functools.cached_property
    def terms_listed(self) -> list[str]:
        """The gold's terms where the answer states them as its answer (not hedged, guessed,
        denied or buried in a longer list). Read only when a verdict comes down to the key
        terms: most answers are decided before, and this reading is one of the costliest."""
        question, gold, answer = self.texts
        if self.gold_shape == "names":
            listed = {s for unit in list_units(answer) if names_committed(unit, question, gold) for s in kept_stems(unit, question)}
        else:
            listed = prose_committed_stems(answer, gold, question)
        return [t for t in self.gold_terms if t in listed]

    @functools.cached_property
    def asked_pick(self) -> tuple[str, str] | None:
        """For a "which ...?" question with a prose gold ("The entertainment segment grew the
        most, 9%"): the gold's pick, the first term its first sentence adds to the question,
        and the sentence that gives the answer's verdict; None for other questions."""
        question, gold, answer = self.texts
        if self.gold_shape != "prose" or self.gold_polarity or _choice(question) or not asks_which(question):
            return None
        first = (sentences(gold) or [gold])[0]
        pick = next((s for s, _ in content(first) if s in self.gold_terms), None)
        return None if pick is None else (pick, _verdict_sentence(answer, question))

    @property
    def pick_missed(self) -> bool:
        """The answer's verdict sentence does not pick the gold's pick (see ``asked_pick``). A
        right figure beside a wrong pick ("Services did best. Entertainment grew 9%")
        answers another question."""
        if self.asked_pick is None:
            return False
        pick, verdict = self.asked_pick
        return not verdict or hedges_verdict(verdict) or pick not in {s for s, _ in content(picking_part(verdict, self.texts[0]))}

    @property
    def ranked_pick_missed(self) -> bool:
        """``pick_missed``, where the verdict sentence ranks the way the question asks ("The
        region with the highest contribution was Regional Operations" to "Which region had
        the highest EBITDAR contribution?"): a pick in so many words, whatever else the
        answer names."""
        question, _, answer = self.texts
        if self.asked_pick is None or not self.pick_missed:
            return False
        return _verdict_reading(answer, question)[1]

    @property
    def ranked_name_missed(self) -> bool:
        """For a gold that is one name: does the answer rank another name the way the question
        asks, after its context ("Long-term debt was the largest liability at $42,573 million"
        to "What was the largest liability?"), whatever names it gives on the way?"""
        question, _, answer = self.texts
        verdict, ranked = _verdict_reading(answer, question)
        if self.gold_shape != "name" or not ranked:
            return False
        named = {s for s, _ in content(picking_part(verdict, question))}
        return not all(t in named for t in self.gold_terms)

    @property
    def opposite_item(self) -> bool:
        """Does the answer's verdict name the opposite line item of the one asked ("Customer
        deposits were the largest asset" to "What was the largest liability?")?"""
        question, _, answer = self.texts
        # A terse answer claims in no sentence the claim reading accepts: its first is its verdict.
        verdict = _verdict_sentence(answer, question) or next(iter(sentences(answer)), "")
        return opposite_metric(verdict, question.lower())

    @property
    def pick_demoted(self) -> bool:
        """The answer's verdict sentence names the gold's pick only as the runner-up ("MGM
        China had the highest contribution, ahead of Las Vegas resorts")."""
        if self.asked_pick is None:
            return False
        pick, verdict = self.asked_pick
        named = {s for s, _ in content(verdict)}
        return pick in named and pick not in {s for s, _ in content(picking_part(verdict, self.texts[0]))}

    @property
    def items_missed(self) -> int:
        """For a short list of names ("Trillium, Array, and Therachon"): how many of its
        items the answer does not commit to. Two right names beside a wrong third are not
        the list the question asks for."""
        if self.gold_shape != "names":
            return 0
        listed = set(self.terms_listed)
        # Every word of an item: "Rail Transport" is not "Road Transport".
        return sum(1 for item in self._gold_items if not item <= listed)

    @property
    def items_padded(self) -> bool:
        """For a short list of names: does the answer list as many other names beside them
        (at least two), so that the right ones are a few among guesses?"""
        if self.gold_shape != "names":
            return False
        question, _, answer = self.texts
        items = self._gold_items
        return padded_names(answer, question, items) >= max(2, (len(items) + 1) // 2)

    @property
    def _gold_items(self) -> list[frozenset[str]]:
        """The items of a short list of names, each as its stems beyond the question's."""
        question, gold, _ = self.texts
        asked = stems_of(question)
        # The question's words in another form are the question's too: "Fallow Farms entered
        # Japan" is the item "Japan" to "What new markets did Fallow Farms enter?".
        asked_roots = {root(word) for word in WORD.findall(question)}
        # (A firm's legal form is no word of its name: "Deloitte & Touche" is "Deloitte &
        # Touche LLP", as the gold's key terms read it.)
        items = [
            frozenset(s for s, word in content(item) if root(word) not in asked_roots and word.lower() not in _LEGAL_FORMS) - asked
            for item in re.split(r"[,;]\s*(?:and\s+)?|\s+and\s+", gold)
        ]
        return [item for item in items if item]

    @property
    def committed_share(self) -> float:
        """``term_share``, counting only the terms the answer commits to."""
        return self._share(self.terms_listed)

    def _share(self, terms: list[str]) -> float:
        total = sum(self.gold_terms.values())
        return sum(self.gold_terms[t] for t in terms) / total if total else 1.0


@functools.lru_cache(maxsize=4096)
def _asked_stems(question: str) -> tuple[str, ...]:
    """The question's content stems in order, each once."""
    return tuple(dict.fromkeys(s for s, _ in content(question)))


@functools.lru_cache(maxsize=4096)
def _asked_common_stems(question: str) -> tuple[str, ...]:
    """The asked sentence's stems of common words (no names), in order, each once."""
    asked_sentence = asked_part(question) or question
    return tuple(dict.fromkeys(s for s, w in content(asked_sentence) if not w[0].isupper()))


def _speaks_of_asked(said: set[str], question: str) -> float:
    """The share of the asked sentence's common words (``_asked_common_stems``) among the
    stems ``said`` (a text's ``content`` stems)."""
    common = _asked_common_stems(question)
    return sum(s in said for s in common) / len(common) if common else 0.0


# A firm's legal form after its name ("Ernst & Young LLP", "Acme Holdings, Inc."): people
# name the firm without it, and an answer that does names the gold's firm.
_LEGAL_FORMS = frozenset({"llp", "llc", "inc", "incorporated", "corp", "corporation", "ltd", "limited", "plc"})
_AFTER_NAME = re.compile(r"[A-Z][\w&'’\-]*[.,]?\s+\Z")


@functools.lru_cache(maxsize=4096)
def _gold_terms(question: str, gold: str) -> dict[str, float]:
    """Words the gold adds to the question; acronyms and mid-sentence names weigh double."""
    asked = stems_of(question)
    terms: dict[str, float] = {}
    for m in WORD.finditer(gold):
        word = m.group(0)
        lower = word.lower()
        if lower in STOP or len(word) <= 2 or PERIOD_WORD.fullmatch(lower):
            continue
        if m.start() and gold[m.start() - 1].isdigit():
            continue  # the tail of "3M's" or "10-K": no word of its own
        if lower in _LEGAL_FORMS and _AFTER_NAME.search(gold, 0, m.start()):
            continue
        word_stem = stem(word)
        if word_stem in asked or word_stem in terms:
            continue
        sentence_start = not gold[: m.start()].strip() or gold[: m.start()].rstrip()[-1] in ".:;-\n("
        # (A direction word a gold capitalises, "AMD reported Higher sales", is no name.)
        name = (word.isupper() or (word[0].isupper() and not sentence_start)) and not _DIRECTION_WORD.fullmatch(lower)
        terms[word_stem] = 2.0 if name else 1.0
    return terms


_DIRECTION_WORD = re.compile("|".join(RISE + FALL))


_FORMULA = re.compile(r"=\s*\(?\s*[A-Za-z]")


def _sentence_before(part: str, told: list[str]) -> str:
    """The sentence before the one of ``told`` that holds ``part`` ("" for the first)."""
    at = next((i for i, p in enumerate(told) if part in p or p in part), 0)
    return told[at - 1] if at else ""


@functools.lru_cache(maxsize=4096)  # asked by several readings of one answer
def _verdict_sentence(answer: str, question: str) -> str:
    """The sentence a reviewer reads as the answer's verdict ("" when none claims anything)."""
    return _verdict_reading(answer, question)[0]


@functools.lru_cache(maxsize=4096)
def _verdict_reading(answer: str, question: str) -> tuple[str, bool]:
    """``_verdict_sentence``, and whether it is a ranking the answer gives after its context
    (``ranking.ranking_after_context``): a pick in so many words."""
    # (A markdown table's lines and headings are the answer's layout, no verdict: see ``tables``.)
    parts = [p for p in sentences(answer) if not layout_line(p)]
    if parts and YES_NO.match(parts[0]):
        return parts[0], False
    # A formula ("Quick ratio = (Cash + ...) / Current liabilities") states how a figure is
    # made, no verdict.
    # Nor does a sentence the answer concedes on its way ("On one hand, the Q4 numbers look
    # like acceleration. ... growth is not expected to accelerate").
    set_aside = {parts[i] for i in conceded(parts)}
    claims = [c for c in claim_sentences(answer, question) if not _FORMULA.search(c) and c not in set_aside and not layout_line(c)]
    concluding = [p for p in claims if CONCLUSION.search(p)]
    if ranked := ranking_after_context(parts, claims, asked_part(question) or question, question):
        return ranked, True
    if claims and parts and claims[0] in parts[:2] and not (
        # A conclusion drawn at the end that speaks of the question at least as much is the
        # verdict, whatever the opening claimed on the way ("Interest rate swaps ... are
        # sizable. ... So cross currency swaps had the highest notional value"); one beside
        # the point ("Therefore, analysts should focus on net interest margin") is not.
        concluding and not YES_NO.match(claims[0])
        and len(stems_of(concluding[-1]) & stems_of(question)) >= len(stems_of(claims[0]) & stems_of(question))
    ):
        return claims[0], False  # the answer leads with its verdict
    if concluding:
        return concluding[-1], False
    if claims and set_aside & set(parts[:2]):
        return claims[-1], False  # an answer that opens by conceding gives its verdict last
    return (claims[0] if claims else ""), False


@functools.lru_cache(maxsize=4096)
def _gold_polarity(question: str, gold: str) -> str | None:
    m = YES_NO.match(gold)
    if m:
        return m.group(1).lower()
    # A denial in a relative clause ("volatile jet fuel prices, which it does not hedge,") is
    # a detail of a gold that names things, not a gold that denies.
    if DENIAL_GOLD.search(_RELATIVE_CLAUSE.sub(" ", (sentences(gold) or [""])[0])):
        return "no"
    return None


_RELATIVE_CLAUSE = re.compile(r",\s*(?:which|who|whom|whose)\b[^,;.]*", re.IGNORECASE)


_OPTION_LIST = re.compile(
    r"(?P<items>(?:[\w&'’\-]+(?: [\w&'’\-]+){0,2},\s+)+[\w&'’\-]+(?: [\w&'’\-]+){0,2},?\s+(?:and|or)\s+[\w&'’\-]+"
    r"|[\w&'’\-]+\s+or\s+[\w&'’\-]+)",
    re.IGNORECASE,
)


_WHICH_AFTER = re.compile(r"\bwhich\b", re.IGNORECASE)
# A period within a listed item ("in FY2022", "Q3 2021"): the question's scope, not an option.
_PERIOD_IN_ITEM = re.compile(r"\b(?:FY|CY)\s?'?\d{2,4}\b|\b(?:19|20)\d\d\b|\b[QH][1-4]\b", re.IGNORECASE)


# The two ways a pick between options compares ("Which had the higher margin?", "... the
# lower combined ratio?").
_MORE = re.compile(
    r"\b(?:higher|highest|larger|largest|more|most|bigger|biggest|greater|greatest|faster|fastest|exceed\w*|"
    r"outperform\w*|outpac\w*|ahead|better|best|steeper|steepest)\b",
    re.IGNORECASE,
)
_LESS = re.compile(
    r"\b(?:lower|lowest|smaller|smallest|less|least|fewer|fewest|slower|slowest|behind|worse|worst|lagg\w*|trail\w*)\b",
    re.IGNORECASE,
)


def _compared_picks(claims: list[str], question: str, options: tuple[str, ...]) -> str:
    """The clause that makes the answer's pick by comparing the way the question asks ("So
    direct-to-consumer was the larger channel" to "... more revenue from wholesale or
    direct-to-consumer?"), the last of them; not a clause that names the other option the
    lesser ("which keeps its margin lower") or compares something else ("amid higher
    interest rates"). "" when no clause compares so, and the question's own list when two
    such clauses pick different options: an answer that calls each option the winner picks
    neither."""
    asked = asked_part(question) or question
    way = _MORE if _MORE.search(asked) else _LESS if _LESS.search(asked) else None
    if way is None:
        return ""
    found: list[tuple[str, str]] = []
    for claim in claims:
        for clause in _COMPARING_CLAUSE_END.split(claim):
            if not clause or not way.search(clause):
                continue
            if _OUTFLOW_MOST.search(clause) and _OUTFLOW_LEAST.search(asked):
                # "... and financing used the most cash" to "which brought in the most (or lost
                # the least)?": the other extreme, the loser named.
                continue
            # The winner stands before "than" or "exceeded"; the option after it is the
            # loser ("bought back $1.15 billion, exceeding its $780 million of capex"). A
            # denied comparison ("Wholesale is no longer its largest channel") picks nothing.
            winner = _COMPARED_WITH.split(clause, maxsplit=1)[0]
            option = picked_option(winner, options, _OPTION_LIST)
            # The winner is what the clause opens with: in "maturities and sales of short-term
            # investments exceeded purchases" no option wins, whatever "investments" shares.
            if option in options and not NEGATION.search(winner) and option in {s for s, _ in content(winner)[:3]}:
                found.append((option, winner))
    if len({option for option, _ in found}) > 1:
        # picked_option reads the question's own list as no pick: "a, b or c", whose every
        # item the list takes in ("a or b or c" would leave "c" over, a pick).
        return ", ".join(options[:-1]) + " or " + options[-1]
    return found[-1][1] if found else ""


_OUTFLOW = r"\b(?:used|spent|lost|consumed|burned|burnt)\s+(?:the\s+)?"
_OUTFLOW_MOST = re.compile(_OUTFLOW + r"most\b", re.IGNORECASE)
_OUTFLOW_LEAST = re.compile(_OUTFLOW + r"least\b", re.IGNORECASE)
_COMPARED_WITH = re.compile(r"\b(?:than|exceed\w*|outpac\w*|outperform\w*|over|versus|vs|compared|relative|ahead\s+of)\b", re.IGNORECASE)
_COMPARING_CLAUSE_END = re.compile(r"[,;:]|\s[-–—]\s|\b(?:while|whereas|but|although|though|as|amid|because|since)\b", re.IGNORECASE)


# Where a gold's pick ends and its comparison begins.
_LEAD_END = re.compile(r"[,;:(]|\.(?:\s|$)|\s[-–—]\s|\b(?:versus|vs|compared|against|while|whereas|ahead)\b", re.IGNORECASE)


def _lead_clause(gold: str) -> str:
    """The gold's opening clause, up to where it turns to a comparison; "" when that clause
    compares ("Fluid Controls earned less than Motion Systems"), naming no pick by its place."""
    lead = _LEAD_END.split(gold.strip(), maxsplit=1)[0]
    return "" if re.search(r"\bthan\b", lead, re.IGNORECASE) else lead


@functools.lru_cache(maxsize=4096)
def _choice(question: str) -> tuple[str, ...] | None:
    """The options of a question that asks to pick ("improved or declined", "among
    operations, investing, and financing activities"): one stem per option."""
    asked = asked_part(question)
    for m in _OPTION_LIST.finditer(asked):
        if "," not in m.group("items") and _WHICH_AFTER.search(asked, m.end()):
            # "Among the derivatives it used to manage exchange rates or interest rates, which
            # one had the highest notional value?": a pair before the "which" describes what
            # is picked from; the options of a pick come with or after it.
            continue
        items = re.split(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", m.group("items"))
        options = []
        for item in items:
            if _PERIOD_IN_ITEM.search(item):
                # "... for Tolland Industrial in FY2022, Fluid Controls or Motion Systems?": the
                # words before the comma say whose and when, and are no option.
                continue
            words = [s for s, _ in content(item)]
            if words:
                options.append(words[0])
        if len(options) >= 2 and len(set(options)) == len(options):
            return tuple(options)
    return None


def _gold_shape(gold: str, terms: dict[str, float]) -> str:
    """What kind of answer a short gold is: one name ("Data Center"), a short list of names
    ("Trillium, Array, and Therachon"), or yes/no with the name that makes it so ("Yes, his
    name is Richard A. Johnson"); anything else is prose."""
    words = gold.split()
    if not terms or len(words) > 8:
        return "prose"
    if YES_NO.match(gold):
        return "yes_no_name" if any(w > 1.0 for w in terms.values()) and len(terms) <= 3 else "prose"
    if DENIAL_GOLD.search(gold) or re.search(r"\b(?:is|was|are|were|has|had|did|does)\b", gold, re.IGNORECASE):
        return "prose"
    if named_with_detail(gold):
        return "name"  # "Home furnishings, with sales up 12%": one name and what shows it
    # (A date's comma, "June 15, 2027", parts no two names.)
    return "names" if re.search(r",(?!\s*(?:19|20)\d\d\b)|;|\band\b", gold) else "name"


_ASKS_CHANGE = re.compile(r"\bchange[ds]?\b", re.IGNORECASE)
_NO_CHANGE = re.compile(
    r"\b(?:unchanged|no change|(?:remained|stayed|was|were|held) (?:the same|flat|constant|steady))\b", re.IGNORECASE
)


# A conclusion drawn inside a sentence: "the division with the lowest margin was therefore
# Adhesives", "..., so on a comparable basis the highest was ...".
_CONCLUDED_WITHIN = re.compile(r"\b(?:therefore|thus|hence)\b|[,;:]\s*so\b", re.IGNORECASE)


# A sentence that says it gives the answer: "**Answer:** ...", "Either way the answer is ...".
# The words that say what follows is the answer: "the final answer is", "Answer:".
_ANSWER_LABEL = r"(?:either\s+way,?\s+)?the\s+(?:final\s+)?answer\s+is|(?:final\s+)?answer\W{0,3}:"
_ANSWER_LINE = re.compile(rf"^\W*(?:{_ANSWER_LABEL})", re.IGNORECASE)


def verdict_sentences(answer: str, question: str) -> list[str]:
    """Where an answer gives its verdict: its opening sentences and its conclusions, at a
    sentence's start ("Therefore, ...") or within it ("... was therefore Adhesives")."""
    # (A bullet's dash is no part of the sentence it opens.)
    parts = [BULLET.sub("", p) for p in sentences(answer) if not layout_line(p)]
    concluding = [p for p in parts[2:] if CONCLUSION.search(p) or _CONCLUDED_WITHIN.search(p)]
    return parts[:2] + concluding + [_verdict_sentence(answer, question)]


def _picked_at_other_extreme(ev: Evidence) -> bool:
    """For a "which ...?" question, does the clause of the answer's verdict that names the
    gold's pick put it at the other extreme ("Asia Pacific had the best topline performance;
    Europe had the worst" for "Asia Pacific had the worst")?"""
    if ev.asked_pick is None:
        return False
    pick, verdict = ev.asked_pick
    return any(
        pick in {s for s, _ in content(clause)} and opposite_extreme(clause, ev.texts[1])
        for clause in CLAUSE_TURN.split(verdict or "")
    )


_CONCLUSION_KEY = re.compile(r"\W*(?:conclusion|tl;\s?dr)\W{0,3}:", re.IGNORECASE)
BARE_NONE = re.compile(
    # (After its source: "According to its Form 10-K, none were reported.")
    r"\W*(?:according\s+to\s+[^,.;\n]{1,60},\s*)?(?:none|nothing|there\s+(?:are|were)\s+none)"
    # "None that were widely reported.", "None that I am aware of.", "None were reported."
    r"(?:\s+(?:that|which)\s+(?:(?:were|was|have\s+been|had\s+been)\s+(?:widely\s+|publicly\s+)?(?:reported|announced|disclosed)"
    r"|(?:i|we)\s+(?:am|'m|are|know)\s+(?:aware\s+)?of)"
    r"|\s+(?:were|was|have\s+been|had\s+been)\s+(?:made|reported|announced|disclosed|completed))?"
    # ("None - no significant acquisitions were reported.")
    r"\s*(?:[.;:!,]|\s[-–—])\s",
    re.IGNORECASE,
)


def _passed_over(claim: str, question: str) -> bool:
    """Does the claim deny what is asked by setting it aside ("grows through new stores
    rather than acquisitions" to "What acquisitions did it make?")?"""
    turn = _SET_ASIDE.search(claim)
    return turn is not None and bool({s for s, _ in content(claim[turn.end():])} & set(_asked_stems(question)))


_SET_ASIDE = re.compile(r"\b(?:rather than|instead of|as opposed to)\b", re.IGNORECASE)


# A verdict the answer labels as its answer: "Verdict: No", "**Answer:** Yes", "so the answer
# is no", "The final answer is yes" (not "the answer is yes and no").
_LABELLED_VERDICT = re.compile(
    rf"\b(?:{_ANSWER_LABEL}|(?:final\s+)?verdict\W{{0,3}}:|the\s+short\s+answer\s+is)\W{{0,4}}(yes|no)\b"
    r"(?!\W{0,3}(?:and|or|but|/)\W{0,3}(?:yes|no)\b)",
    re.IGNORECASE,
)


def gather_evidence(question: str, gold: str, answer: str) -> Evidence:
    """Measure an answer against a gold: the features the offline judge decides on."""
    ev = Evidence(signal=refusal_signal(answer), texts=(question, gold, answer))
    answer_stems = {s for s, _ in content(answer)}
    asked = _asked_stems(question)
    if asked:
        ev.topic = sum(s in answer_stems for s in asked) / len(asked)
    # The asked sentence's common words say what is asked ("dividends", "liability");
    # names (the company) appear in any excerpt of its filing, on topic or not.
    ev.topic_terms = _speaks_of_asked(answer_stems, question)  # the stems already read, not the answer again
    ev.words = len(answer.split())
    unit = question_unit(question)
    ev.numbers = number_evidence(gold, answer, unit, question)
    # A self-contradicting change counts against the answer only in the figure that answers:
    # reviewers forgive a sub-item's values written the wrong way round beside the right total.
    ev.change_contradicted = any(writes_gold_value(gold, answer[lo:hi], unit, question) for lo, hi in contradicted_sentences(answer))
    ev.gold_terms = dict(_gold_terms(question, gold))  # the Evidence's own copy: the cached dict is shared
    subject = named_subject(question, gold)
    subject_stems = stems_of(subject) if subject else frozenset()
    own = {t: w for t, w in ev.gold_terms.items() if t in subject_stems}
    if own:
        # "Data Center segment saw the highest growth" to "Which segment grew the most?": the
        # name answers; the rest says again, in other words, what was asked.
        ev.gold_terms = own
    ev.terms_found = [t for t in ev.gold_terms if t in answer_stems]
    ev.gold_shape = "name" if own else _gold_shape(gold, ev.gold_terms)
    if ev.gold_shape == "prose" and (the_one := one_named(question, gold)):
        # "Yes. Richard A. Johnson received substantially more votes against ..." to "Were there
        # any nominees ...?": the one named is what the yes is about; another is another answer.
        ev.gold_shape = "yes_no_name"
        # (Each word of it a name's, the first and the one after an initial's full stop too.)
        name_stems = stems_of(the_one)
        ev.gold_terms = {t: 2.0 for t in ev.gold_terms if t in name_stems} or ev.gold_terms
    # A verdict sentence that picks one name picks it where it makes its pick, not in a
    # clause about a runner-up ("..., ahead of X").
    verdict_parts = verdict_sentences(answer, question)
    answer_lines = [p for p in verdict_parts if _ANSWER_LINE.match(p) and names_one(p, question, gold)]
    if answer_lines:
        # A line that says it is the answer ("Either way the answer is the same: Gaming.",
        # "**Answer:** ...") makes the pick, whatever the figure lines before it name.
        verdict_parts = answer_lines[-1:]
    # A pick the sentence takes back ("Customer deposits were not the largest", "the second
    # largest", "decreased the most" to "increased the most?") picks nothing.
    picks = [
        part for part in (picking_part(p, question) for p in verdict_parts if names_one(p, question, gold))
        if ev.gold_shape != "name" or not pick_undone(part, question, gold)  # only a one-name gold's verdict is its pick
    ]
    committed = {s for part in picks for s, _ in content(part)}
    ev.terms_committed = [t for t in ev.gold_terms if t in committed]
    if ev.gold_shape == "name" and ev.terms_committed:
        # The gold's name picked in one sentence and another name in the next is two picks.
        ev.rival_pick = rival_pick(list(dict.fromkeys(verdict_parts)), question, gold)
    ev.gold_polarity = _gold_polarity(question, gold)
    if ev.gold_polarity == "no":
        # ("None, it acquired GlamSquad": what follows a bare "None" is a sentence of its own.)
        bare = BARE_NONE.match(answer)
        ev.affirms_denied = affirms_denied(answer[:bare.end()].rstrip(" ,;:-–—") + ". " + answer[bare.end():] if bare else answer, question, gold)
        ev.denied_metric = denied_use(question, gold)
        if ev.denied_metric:
            ev.use_denied = denies_use(answer, ev.denied_metric)
            ev.affirms_use = affirms_use(answer, ev.denied_metric)
    if ev.gold_polarity and YES_NO.match(gold):
        # A two-part question whose gold answers "yes" to one part and "no" to the other ("Yes,
        # it is profitable ...; no, its margin is not improving") wants both from the answer.
        two_parts = len(explicit_verdicts(gold)) > 1
        stated = explicit_verdicts(answer, one_part=not two_parts, question=question)
        # "**Verdict:** No.", "So the answer is no.": the answer names its own verdict, whatever
        # it concedes or weighs on the way ("Occupancy has recovered strongly, yes - ...").
        labelled = set() if two_parts else {m.group(1).lower() for m in _LABELLED_VERDICT.finditer(answer)}
        named = len(labelled) == 1 and labelled <= stated
        if named:
            stated = labelled
        ev.mixed_verdict = len(stated) > 1 and not two_parts
        # ... and an answer that gives its one verdict to each part ("No, it is not profitable.
        # And no, revenue is not growing") gives one of them wrong.
        per_sentence = [(p, explicit_verdicts(p)) for p in sentences(answer)]
        ev.parts_alike = two_parts and len(stated) == 1 and sum(bool(given) for _, given in per_sentence) > 1
        verdict = _verdict_sentence(answer, question)
        if len(stated) == 1:
            # One explicit yes or no ("..., so no, it did not") is the verdict, whatever
            # the sentence around it seems to say.
            ev.answer_polarity = next(iter(stated))
            ev.mixed_verdict = not named and conclusion_reverses(answer, question, ev.answer_polarity)
        elif two_parts and len(stated) > 1:
            # Both, as the gold gives them: which is the answer to the gold's first part?
            ev.answer_polarity = first_part_verdict(answer)
        elif verdict and (
            ev.topic_terms > 0.5 or _speaks_of_asked({s for s, _ in content(verdict)}, question) >= 0.5
            or names_property(verdict, question)
        ):
            # Without a yes or no, a verdict is implied only where the answer speaks of what
            # is asked, the question's own words ("capital-intensive", "dividends", "debt
            # ... increase"): half of them in the verdict sentence, or most of them in the
            # answer. An excerpt about the company in general ("CVS Health has more than
            # 9,000 retail locations" to "Is CVS capital-intensive?") implies nothing.
            ev.answer_polarity = polarity_of(verdict, question)
        if ev.answer_polarity is None and len(stated) != 1:
            # "Capex was 5.1% of revenue and fixed assets 20% of total assets, so 3M is
            # capital-intensive": the gold's figures, and a verdict drawn from them.
            ev.answer_polarity = concluded_polarity(answer, question)
        if ev.answer_polarity is None and _ASKS_CHANGE.search(question) and any(_NO_CHANGE.search(p) for p in sentences(answer)):
            # "The store count was unchanged at 982" to "Was there any change in the number
            # of stores?": a no, in words no negation reading knows.
            ev.answer_polarity = "no"
        if ev.answer_polarity is None and ev.use_denied and verdict and denies_use(verdict, ev.denied_metric):
            # A gold whose no is that the metric is not used ("No, gross margin is not a useful
            # metric for a bank"): a verdict that denies that use ("gross margin is irrelevant
            # here") gives the same no without a word of negation.
            ev.answer_polarity = "no"
        if verdict and ev.answer_polarity:
            ev.self_contradiction = contradicts_itself(answer, question, verdict, ev.answer_polarity)
        # Where the yes or no stands: the sentences that state it, else the verdict sentence.
        carriers = [p for p, given in per_sentence if given] if len(stated) == 1 else [verdict]
        # A "no" that opens a noun phrase ("No individual case is singled out ...") carries the
        # verdict only where no sentence gives it in so many words ("**Answer:** No.").
        carriers = [p for p in carriers if not DETERMINER_NO.match(p)] or carriers
        if not stated:
            # Without a yes or no, a sentence that declares the asked verdict open ("it can't be
            # neatly categorized as profitable or unprofitable") withholds it, wherever it stands.
            carriers += [p for p in sentences(answer) if UNDECIDED.search(p) and _speaks_of_asked({s for s, _ in content(p)}, question) > 0]
        ev.hedged_verdict = any(hedges_verdict(p) for p in carriers if p) or any(UNCONFIRMABLE.search(p) for p in sentences(answer))
    elif ev.gold_polarity:
        # A gold that denies ("There are none", "not a relevant metric"): does the answer
        # deny the same thing anywhere? "The filing does not mention ..." declines instead.
        denial = (sentences(gold) or [gold])[0]
        claims = claim_sentences(answer, denial + " " + question)
        # A gold that denies a use is denied by a denial of that use, not by any "not".
        if ev.denied_metric:
            told = sentences(answer)
            denials = [c for c in claims if denies_use(c, ev.denied_metric, _sentence_before(c, told))]
        else:
            denials = [c for c in claims if NEGATION.search(c) or _passed_over(c, question)]
        if ev.denied_metric and not denials:
            # A lead-in claims nothing ("Here are the key points:"), but one that denies the
            # use ("Gross margin is not a useful metric for American Express:") is the denial,
            # its bullets the reasons.
            denials = [p for p in sentences(answer) if p.rstrip().endswith(":") and denies_use(p, ev.denied_metric)]
        ev.answer_polarity = "no" if denials else ("yes" if claims else None)
        if ev.answer_polarity is None and not ev.denied_metric and BARE_NONE.match(answer):
            # "None. The cash flow statement shows no acquisitions outflow in ...": a bare
            # denial opening the answer, its support after it. (Not "None. It bought Glow
            # Labs in FY2023.": what it goes on to claim takes the denial back.)
            ev.answer_polarity = "no"
        ev.hedged_verdict = bool(denials) and all(hedges_verdict(c) for c in denials)
    options = ev.options = _choice(question) or ()
    if options:
        gold_named = [o for o in options if o in stems_of(gold)]
        if len(gold_named) > 1:
            # "Motion Systems, with $412 million versus $365 million for Fluid Controls": the
            # gold gives the loser for comparison; its pick is the option its lead names.
            gold_named = [o for o in options if o in stems_of(_lead_clause(gold))]
        ev.gold_choice = gold_named[0] if len(gold_named) == 1 else None
        if ev.gold_choice:
            # The verdict sentence, else the first claim that names one of the options; after
            # a correction of itself ("Actually, financing ..."), what follows it.
            parts = sentences(answer)
            corrected = after_last_correction(answer, parts)
            if len(corrected) < len(parts):
                claims = claim_sentences("\n".join(corrected), question)
            else:
                claims = [_verdict_sentence(answer, question)] + claim_sentences(answer, question)
            # A conclusion that makes a pick ("..., so financing brought in the most") is
            # the verdict, whatever a figure-by-figure opening named first.
            picks = [c for c in conclusions("\n".join(corrected)) if SUPERLATIVE.search(c)]
            # Then the last claim that compares the way the question asks ("So direct-to-
            # consumer was the larger channel"), not an opening that states one option's figure.
            compared = _compared_picks(claim_sentences("\n".join(corrected), question), question, options)
            # A bare pick that opens the answer ("Operating activities. In FY2023 it generated
            # ..., investing activities provided $564M ...") is its verdict; the figures after
            # it are its support.
            opening = [corrected[0]] if len(corrected) > 1 and len(WORD.findall(corrected[0])) <= 4 and not re.search(r"\d", corrected[0]) else []
            # A closing line that says it is the answer ("**Answer:** Operating activities ...")
            # is its pick before all of these.
            closing = [claims[0]] if len(corrected) == len(parts) and claims and claims[0] and CONCLUSION.search(claims[0]) else []
            for claim in closing + picks[::-1] + opening + ([compared] if compared else []) + claims:
                ev.answer_choice = picked_option(claim, options, _OPTION_LIST)
                if ev.answer_choice:
                    # "Cash flow from operations was the lowest" names the gold's option at
                    # the other end from the gold's "highest".
                    ev.extreme_reversed = ev.answer_choice == ev.gold_choice and opposite_extreme(claim, gold)
                    break
            concluded = [c for c in claims[1:] if CONCLUSION.search(c) or _CONCLUSION_KEY.match(c)][-1:] if len(corrected) == len(parts) else []
            if ev.answer_choice and concluded and picked_option(concluded[0], options, _OPTION_LIST) not in (None, ev.answer_choice):
                # A conclusion that picks otherwise than the verdict, or picks none ("Finding 1:
                # operations ... Conclusion: these are the figures for operations, financing and
                # investing"): the answer stands by no one option.
                ev.answer_choice = NO_PICK
    # The gold's figure on the other extreme of its thing ("smallest customer" for "largest").
    ev.extreme_reversed = ev.extreme_reversed or superlative_swapped(answer, gold) or _picked_at_other_extreme(ev)
    return ev

