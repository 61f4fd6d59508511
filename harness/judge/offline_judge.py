"""The offline judge: a deterministic stand-in for the LLM judge when no API key exists.

``heuristic_verdict(question, gold, answer, justification)`` always returns a label. It first
asks the numeric check (certain verdicts are kept as they are); for everything the numeric
check leaves open it reads the answer the way a hurried finance reviewer would:

1. Refusal: the answer declines ("the context does not contain ...", "as an AI I don't
   have access ...") in its first or last sentence and states neither the gold's numbers
   nor its names.
2. Off-topic: the answer does not talk about what is asked (a summary of another section
   of the filing, "[END OF FILING]", a greeting) or pastes pages of filing (over 600
   words): incorrect.
3. Single-number gold the numeric check left open: a last-digit slip ("3.45" for 3.46) is
   correct; the gold's value only on the way to another conclusion, or nowhere, is not.
4. Polarity: for a yes/no question, or a gold that denies ("There are none", "X is not a
   relevant metric"), the answer's verdict must agree with the gold's, read from its
   explicit yes/no, negations, and words of direction ("declined" answers "improving?"
   with no); for a question that asks to pick ("improved or declined", "among operations,
   investing, and financing"), the answer must pick the gold's option.
5. Numbers: each number of the gold (years excluded) is *found* when the answer states it
   within rounding or states two values whose difference or percent change gives it; it
   is *contradicted* when the answer gives a different value of the same kind next to the
   same label words ("930 stores" where the gold says "982 stores"). A contradiction
   decides only when the answer also misses the names the gold gives.
6. Key terms: the words the gold adds to the question (segment names, named items,
   people; acronyms and names count double) should mostly appear in the answer (half of
   them; 30 % for a long explanatory gold of eight terms or more).

No LLM, no network; the same inputs always give the same verdict. Like the numeric check,
it reads the answer as data: instructions inside an answer change nothing.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from harness.judge.amounts import (
    Quantity,
    QuestionUnit,
    parse_quantities,
    question_unit,
)
from harness.judge.numeric_check import (
    Label,
    Reading,
    answer_readings,
    closest,
    gold_readings,
    numeric_check,
    single_number_gold,
)
from harness.judge.refusal import DECLINE, RefusalSignal, refusal_signal, sentences

MAX_ANSWER_WORDS = 600  # longer is pasted source text, not an answer a reviewer would accept
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9&'’\-]*")
_STOP = set(
    """a about above across after again against all almost along also although always am among an and another any are
    aren't around as at be because been before being below between both but by can cannot could did do does doing
    done down during each either else etc even ever every few for from further had has have having he her here hers
    him his how however i if in into is isn't it it's its itself just least less let like ll made make many may me
    might more most much must my neither no nor not of off often on once one only or other our out over own per
    please rather s same shall she should since so some such than that the their them then there these they this
    those though through thus to too under until up upon us very via was we were what when where whether which while
    who whom whose why will with within without would yes yet you your based provided information data question
    answer fy fiscal year years company companies using use used primarily mainly following given statement
    statements report reported approximately roughly around total amount value figure figures also new among three
    two four five first second third quarter end close period compared versus vs respectively""".split()
)
_NEGATION = re.compile(
    r"\b(?:no|not|never|none|neither|nor|cannot|can't|didn't|doesn't|don't|hasn't|haven't|isn't|wasn't|weren't|"
    r"won't|aren't|lacks?|lacked|unlikely)\b|n't\b|n’t\b",
    re.IGNORECASE,
)
_CONCLUSION = re.compile(r"^\W*(?:so|therefore|thus|hence|in summary|in conclusion|overall|to summarize|in short)\b", re.IGNORECASE)
_DENIAL_GOLD = re.compile(
    r"^\W*(?:there (?:are|were|is|was) (?:none|no)\b|none\b|no\b)|\b(?:did not|does not|do not|has not|have not|"
    r"is not|are not|was not|not (?:a )?(?:relevant|useful|meaningful|applicable|measured))\b",
    re.IGNORECASE,
)
# Words of direction: a question asking about one side ("improving", "positive",
# "increased") is answered "no" by a clause that only names the other side.
_UP = re.compile(
    r"\b(?:increas\w*|improv\w*|grow\w*|grew|rais\w*|ris(?:e|es|ing)|rose|higher|expand\w*|gain\w*|positive|"
    r"up|healthy|strong\w*|consistent|stable|more)\b",
    re.IGNORECASE,
)
_DOWN = re.compile(
    r"\b(?:decreas\w*|declin\w*|drop\w*|fell|fall\w*|lower\w*|shr[iau]nk\w*|deteriorat\w*|reduc\w*|negative|"
    r"down|contract\w*|worsen\w*|weak\w*|unhealthy|inconsistent|unstable|volatile|fluctuat\w*|fewer|less|deficit)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class HeuristicVerdict:
    """The offline judge's label and a one-line reason."""

    label: Label
    rationale: str


@dataclass
class Evidence:
    """What the offline judge measured, kept so the rationale can cite it."""

    signal: RefusalSignal
    topic: float = 1.0  # share of the question's key words found in the answer
    topic_terms: float = 1.0  # the same for the asked sentence's common words (no names)
    words: int = 0  # length of the answer in words
    numbers: dict[str, int] = field(default_factory=lambda: {"found": 0, "near": 0, "contradicted": 0, "missing": 0})
    gold_terms: dict[str, float] = field(default_factory=dict)  # term -> weight
    terms_found: list[str] = field(default_factory=list)
    gold_polarity: str | None = None
    answer_polarity: str | None = None
    gold_choice: str | None = None
    answer_choice: str | None = None

    @property
    def term_share(self) -> float:
        total = sum(self.gold_terms.values())
        return sum(self.gold_terms[t] for t in self.terms_found) / total if total else 1.0


def _stem(word: str) -> str:
    """A crude stem: lower case, no possessive, and at most six letters (operating ~ operations)."""
    word = word.lower().strip("'’-")
    word = re.sub(r"['’]s$", "", word)
    return word[:6]


def _content(text: str) -> list[tuple[str, str]]:
    """(stem, original word) for the words that carry meaning."""
    return [
        (_stem(w), w) for w in _WORD.findall(text)
        if w.lower() not in _STOP and len(w) > 2 and not re.fullmatch(r"(?:fy|q[1-4]|h[12])?\d+", w.lower())
    ]


def _gold_terms(question: str, gold: str) -> dict[str, float]:
    """Words the gold adds to the question; acronyms and mid-sentence names weigh double."""
    asked = {s for s, _ in _content(question)}
    terms: dict[str, float] = {}
    for m in _WORD.finditer(gold):
        word = m.group(0)
        if word.lower() in _STOP or len(word) <= 2 or re.fullmatch(r"(?:fy|q[1-4]|h[12])?\d+", word.lower()):
            continue
        stem = _stem(word)
        if stem in asked or stem in terms:
            continue
        sentence_start = not gold[: m.start()].strip() or gold[: m.start()].rstrip()[-1] in ".:;-\n("
        name = word.isupper() or (word[0].isupper() and not sentence_start)
        terms[stem] = 2.0 if name else 1.0
    return terms


_CLAUSE = re.compile(r"[,;]|\b(?:but|however|although|though|while|whereas|which)\b", re.IGNORECASE)
_FRAMING = re.compile(r"^\W*(?:to (?:determine|calculate|assess|answer|evaluate|find|analy[sz]e)|in order to)\b", re.IGNORECASE)


def _claims(answer: str, about: str) -> list[str]:
    """Sentences that make a claim about the words of ``about`` (two shared at least).

    Framing ("To determine whether ...") and declining sentences claim nothing.
    """
    wanted = {s for s, _ in _content(about)}
    need = 2 if len(wanted) >= 2 else 1
    return [
        p for p in sentences(answer)
        if len({s for s, _ in _content(p)} & wanted) >= need and not _FRAMING.search(p) and not DECLINE.search(p)
    ]


def _verdict_sentence(answer: str, question: str) -> str:
    """The sentence a reviewer reads as the answer's verdict ("" when none claims anything)."""
    parts = sentences(answer)
    if parts and re.match(r"^\W*(?:yes|no)\b", parts[0], re.IGNORECASE):
        return parts[0]
    claims = _claims(answer, question)
    if claims and parts and claims[0] in parts[:2]:
        return claims[0]  # the answer leads with its verdict
    concluding = [p for p in claims if _CONCLUSION.search(p)]
    if concluding:
        return concluding[-1]
    return claims[0] if claims else ""


def _polarity_of(sentence: str, question: str) -> str:
    """``yes`` or ``no`` for a verdict sentence, reading negations and opposites."""
    m = re.match(r"^\W*(yes|no)\b", sentence, re.IGNORECASE)
    if m:
        return m.group(1).lower()
    # Read the clause that talks about the question, not a concession beside it
    # ("while it has negative working capital, this does not indicate distress").
    asked = {s for s, _ in _content(question)}
    clauses = [c for c in _CLAUSE.split(sentence) if c and c.strip()]
    clause = max(clauses, key=lambda c: len({s for s, _ in _content(c)} & asked)) if clauses else sentence
    negative = bool(_NEGATION.search(clause))
    asked_up, asked_down = bool(_UP.search(question)), bool(_DOWN.search(question))
    said_up, said_down = bool(_UP.search(clause)), bool(_DOWN.search(clause))
    if asked_up != asked_down and said_up != said_down and said_up != asked_up:
        negative = not negative
    return "no" if negative else "yes"


def _gold_polarity(question: str, gold: str) -> str | None:
    m = re.match(r"^\W*(yes|no)\b", gold, re.IGNORECASE)
    if m:
        return m.group(1).lower()
    if _DENIAL_GOLD.search((sentences(gold) or [""])[0]):
        return "no"
    return None


_OPTION_LIST = re.compile(
    r"(?P<items>(?:[\w&'’\-]+(?: [\w&'’\-]+){0,2},\s+)+[\w&'’\-]+(?: [\w&'’\-]+){0,2},?\s+(?:and|or)\s+[\w&'’\-]+"
    r"|[\w&'’\-]+\s+or\s+[\w&'’\-]+)",
    re.IGNORECASE,
)


def _choice(question: str) -> list[str] | None:
    """The options of a question that asks to pick ("improved or declined", "among
    operations, investing, and financing activities"): one stem per option."""
    asked = " ".join(p for p in sentences(question) if p.rstrip().endswith("?"))
    for m in _OPTION_LIST.finditer(asked):
        items = re.split(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", m.group("items"))
        options = []
        for item in items:
            words = [s for s, _ in _content(item)]
            if words:
                options.append(words[0])
        if len(options) >= 2 and len(set(options)) == len(options):
            return options
    return None


def _picked(text: str, options: list[str]) -> str | None:
    """The option a text picks: the only one it names, else the first it names."""
    stems = [s for s, _ in _content(text)]
    named = [o for o in options if o in stems]
    if len(named) == 1:
        return named[0]
    if named:
        return min(named, key=stems.index)
    return None


def _context(text: str, q: Quantity) -> set[str]:
    """Label words around a number: what it is a number of."""
    left = _content(text[max(0, q.start - 60):q.start])[-4:]
    right = _content(text[q.end:q.end + 25])[:2]
    return {s for s, _ in left + right}


def _kind(q: Quantity) -> str:
    return "percent" if q.percent else ("amount" if q.currency or q.explicit_scale else "plain")


def _derived(target: list[Reading], values: list[Reading]) -> str | None:
    """``match`` / ``near`` when the gold value is the difference or percent change of two
    of the answer's values ("from $49.8 billion to $47.2 billion" for "decreased by $2.5bn")."""
    best = None
    for i, a in enumerate(values[:40]):
        for b in values[i + 1:40]:
            if a.kind != b.kind or not a.value or not b.value:
                continue
            for g in target:
                # A difference of two values of the gold's kind, or a percent change.
                candidates = [abs(a.value - b.value)] if a.kind == g.kind else []
                if g.kind == "percent":
                    candidates += [abs(b.value / a.value - 1.0), abs(a.value / b.value - 1.0)]
                for value in candidates:
                    scale = max(abs(g.value), 1e-12)
                    diff = abs(abs(g.value) - value)
                    if diff <= max(g.half_ulp, 0.005 * scale):
                        return "match"
                    if diff <= 3.0 * g.half_ulp and diff <= 0.05 * scale:
                        best = "near"
    return best


def _number_evidence(question: str, gold: str, answer: str, unit: QuestionUnit) -> dict[str, int]:
    out = {"found": 0, "near": 0, "contradicted": 0, "missing": 0}
    gold_qs = [q for q in parse_quantities(gold) if q.number != 0.0]
    if not gold_qs:
        return out
    answer_qs = parse_quantities(answer)
    own_readings = [r for a in answer_qs for r in answer_readings(a, unit, _kind(a))[:1]]
    for g in gold_qs:
        golds = gold_readings(g, unit)
        best = "far"
        for a in answer_qs:
            verdict, _ = closest(golds, answer_readings(a, unit, golds[0].kind))
            if verdict == "match":
                best = "match"
                break
            if verdict in ("near", "sign"):
                best = "near"
        if best != "match":
            derived = _derived(golds, own_readings)
            if derived == "match" or (derived == "near" and best == "far"):
                best = derived
        if best == "match":
            out["found"] += 1
        elif best == "near":
            out["near"] += 1
        else:
            label = _context(gold, g)
            rivals = [a for a in answer_qs if _kind(a) == _kind(g) and label & _context(answer, a)]
            out["contradicted" if rivals else "missing"] += 1
    return out


def gather_evidence(question: str, gold: str, answer: str) -> Evidence:
    """Measure an answer against a gold: the features the offline judge decides on."""
    ev = Evidence(signal=refusal_signal(answer))
    answer_stems = {s for s, _ in _content(answer)}
    asked = list(dict.fromkeys(s for s, _ in _content(question)))
    if asked:
        ev.topic = sum(s in answer_stems for s in asked) / len(asked)
    # The asked sentence's common words say what is asked ("dividends", "liability");
    # names (the company) appear in any excerpt of its filing, on topic or not.
    asked_sentence = " ".join(p for p in sentences(question) if p.rstrip().endswith("?")) or question
    common = list(dict.fromkeys(s for s, w in _content(asked_sentence) if not w[0].isupper()))
    if common:
        ev.topic_terms = sum(s in answer_stems for s in common) / len(common)
    ev.words = len(answer.split())
    ev.numbers = _number_evidence(question, gold, answer, question_unit(question))
    ev.gold_terms = _gold_terms(question, gold)
    ev.terms_found = [t for t in ev.gold_terms if t in answer_stems]
    ev.gold_polarity = _gold_polarity(question, gold)
    if ev.gold_polarity and re.match(r"^\W*(?:yes|no)\b", gold, re.IGNORECASE):
        verdict = _verdict_sentence(answer, question)
        if verdict:
            ev.answer_polarity = _polarity_of(verdict, question)
    elif ev.gold_polarity:
        # A gold that denies ("There are none", "not a relevant metric"): does the answer
        # deny the same thing anywhere? "The filing does not mention ..." declines instead.
        denial = (sentences(gold) or [gold])[0]
        claims = _claims(answer, denial + " " + question)
        ev.answer_polarity = "no" if any(_NEGATION.search(c) for c in claims) else ("yes" if claims else None)
    options = _choice(question)
    if options:
        gold_named = [o for o in options if o in {s for s, _ in _content(gold)}]
        ev.gold_choice = gold_named[0] if len(gold_named) == 1 else None
        if ev.gold_choice:
            # The verdict sentence, else the first claim that names one of the options.
            for claim in [_verdict_sentence(answer, question)] + _claims(answer, question):
                ev.answer_choice = _picked(claim, options)
                if ev.answer_choice:
                    break
    return ev


def heuristic_verdict(question: str, gold: str, answer: str, justification: str = "") -> HeuristicVerdict:
    """Label ``answer`` against ``gold`` without an LLM: correct, incorrect or refusal.

    ``justification`` (FinanceBench's explanation of the gold) is accepted for the judge
    protocol's sake; the offline judge does not need it: its formulas repeat the question.
    """
    decided = numeric_check(question, gold, answer)
    if decided.label is not None:
        return HeuristicVerdict(decided.label, f"numeric check: {decided.rationale}")
    gold, answer = str(gold), answer or ""
    ev = gather_evidence(question, gold, answer)
    if not _declines(ev) and _off_topic(ev) and not _states_gold(ev):
        return HeuristicVerdict("incorrect", "the answer does not address the question")
    if single_number_gold(question, gold) is not None:
        return _decide_number(ev)
    return _decide_prose(ev)


def _off_topic(ev: Evidence) -> bool:
    """Another section's summary, a greeting, "[END OF FILING]", or pages of pasted filing."""
    if ev.words > MAX_ANSWER_WORDS:
        return True
    return ev.topic < 0.3 or (ev.topic_terms < 0.15 and ev.topic < 0.5)


def _declines(ev: Evidence) -> bool:
    return ev.signal.phrases > 0 and (ev.signal.opens or ev.signal.closes)


def _decide_number(ev: Evidence) -> HeuristicVerdict:
    """For a single-number gold the numeric check could not settle."""
    if ev.signal.phrases > 0 and not ev.numbers["found"] and not ev.numbers["near"]:
        return HeuristicVerdict("refusal", "the answer declines and does not give the gold's number")
    if ev.numbers["near"]:
        return HeuristicVerdict("correct", "the answer's number is the gold's up to a last-digit slip")
    if ev.numbers["found"]:
        # The numeric check saw the value but not as the answer's conclusion.
        return HeuristicVerdict("incorrect", "the gold's number appears only on the way to another conclusion")
    return HeuristicVerdict("incorrect", "the gold's number does not appear in the answer")


def _names_found(ev: Evidence) -> bool:
    """Most of the gold's terms are in the answer, including a name it gives."""
    names = [t for t, w in ev.gold_terms.items() if w > 1.0]
    return ev.term_share >= 0.5 and any(t in ev.terms_found for t in names)


def _states_gold(ev: Evidence) -> bool:
    """Hard evidence that an answer states the gold's answer: its numbers or its names."""
    return bool(ev.numbers["found"]) or _names_found(ev)


def _decide_prose(ev: Evidence) -> HeuristicVerdict:
    share = ev.term_share
    if _declines(ev) and not _states_gold(ev):
        return HeuristicVerdict("refusal", "the answer declines and does not state the gold's facts")

    if ev.gold_polarity and ev.answer_polarity and ev.gold_polarity != ev.answer_polarity:
        return HeuristicVerdict("incorrect", f"the gold says {ev.gold_polarity}, the answer {ev.answer_polarity}")
    if ev.gold_choice and ev.answer_choice and ev.gold_choice != ev.answer_choice:
        return HeuristicVerdict("incorrect", f"the gold picks {ev.gold_choice!r}, the answer {ev.answer_choice!r}")
    numbers = ev.numbers
    if numbers["found"] and not numbers["contradicted"]:
        return HeuristicVerdict("correct", "the answer states the gold's numbers")
    # A different value where the gold has its number outweighs agreement only when the
    # answer also misses what the gold names: then the number was the point.
    contradicted = numbers["contradicted"] and not numbers["found"] and not _names_found(ev)
    agrees = (ev.gold_polarity and ev.answer_polarity == ev.gold_polarity) or (
        ev.gold_choice and ev.answer_choice == ev.gold_choice
    )
    if agrees and not contradicted:
        return HeuristicVerdict("correct", "the answer's verdict agrees with the gold's")
    # A long explanatory gold (several drivers, a list of items) is matched by an answer
    # that gives a good part of it; a short gold needs most of its terms.
    enough = 0.3 if len(ev.gold_terms) >= 8 else 0.5
    if share >= enough and not contradicted:
        return HeuristicVerdict("correct", "the answer states the gold's key terms")
    if contradicted:
        return HeuristicVerdict("incorrect", "the answer gives a different value where the gold has its number")
    if ev.signal.phrases > 0:
        return HeuristicVerdict("refusal", "the answer declines and does not state the gold's facts")
    return HeuristicVerdict("incorrect", "the answer misses the gold's key facts")
