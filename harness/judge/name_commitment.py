"""Whether a prose answer commits to the names it gives, as ``commitment`` asks of a number.

An answer earns nothing for a name it hedges ("it could be X or perhaps Y"), denies ("not X"),
asks about ("Was it X?") or buries in a long list of other names ("Regions: X, Y, Z and ten
more"), nor for a pick another sentence overrules with a rival.

- ``names_one``: a sentence that picks one name (a short gold such as "Data Center"), not
  one that asks ("Was it Data Center?").
- ``rival_pick``: another name picked as the answer in a sentence of its own ("Gaming
  increased the most. Data Center increased the most.").
- ``names_committed``: a sentence that states a short list of names (a gold such as
  "Trillium, Array, and Therachon") without hedging, denying or burying it.
- ``padded_names``: how many other names pad the lists that hold the gold's.
- ``prose_committed_stems``: the words an answer states as its own answer to a prose gold.
"""
from __future__ import annotations

import functools
import re

from harness.judge.hedging import ALTERNATIVE_OPENER, OPENERS_BEFORE_AN_ANSWER, hedges
from harness.judge.number_swaps import question_words
from harness.judge.refusal import sentences
from harness.judge.tables import layout_line
from harness.judge.words import NEGATION, WORD, content, stems_of

_NAME = re.compile(r"\b[A-Z][\w&'’\-]*(?:\s+(?:of\s+the\s+|of\s+)?[A-Z][\w&'’\-]*)*")
_CLAUSE_START = re.compile(r"[,;:]|\b(?:but|while|whereas|and)\b", re.IGNORECASE)
# Beside ``hedges``: the softer words a list of guesses opens with ("Possible drivers include").
# A unit that tells what did not happen: a counterfactual ("would have expanded margins", "had
# there been litigation charges") or a plan undone ("considered a new plant in Norway ... but
# deferred it"). (Not where the gold itself says so: its own "would have" is its fact.)
_UNDONE = re.compile(
    r"\bwould\s+have\b|\bhad\s+there\s+been\b|\bif\s+there\s+had\s+been\b|"
    r"\b(?:considered|planned|proposed|explored|weighed)\b[^.;]*\bbut\b[^.;]*\b(?:deferred|postponed|cancell?ed|abandoned|shelved|"
    r"dropped|scrapped|withdrew|withdrawn)\b",
    re.IGNORECASE,
)
# A guess, not a finding: "the Xilinx acquisition could affect operating margins" lists a
# possible driver the way "could have" does.
GUESS = re.compile(
    r"\b(?:possible|potential(?:ly)?|may have|might have|could have|could include|can include|(?:could|may|might) (?:affect|impact|influence))\b",
    re.IGNORECASE,
)


_ASKS_RISKS = re.compile(r"\b(?:risks?|threats?|uncertaint(?:y|ies)|headwinds?)\b", re.IGNORECASE)


def asks(sentence: str) -> bool:
    """A question ("Was it Data Center?") names a candidate; it does not answer with it."""
    return sentence.rstrip().endswith("?")


def _denies(sentence: str, stems: frozenset[str]) -> bool:
    """Is the first of ``stems`` the sentence names denied ("Not the United States, ...",
    "it is not Data Center")? A negation after it ("Data Center, not Gaming") is a pick."""
    for m in WORD.finditer(sentence):
        words = content(m.group(0))
        if words and words[0][0] in stems:
            before = sentence[:m.start()]
            clause = before[max((c.end() for c in _CLAUSE_START.finditer(before)), default=0):]
            negation = NEGATION.search(clause)
            # ("No region fell as much as Developed Rest of World": see ``undenied_stems``.)
            return negation is not None and not _MEASURED_AGAINST.search(clause, negation.end())
    return False


_ACRONYM = re.compile(r"\(([A-Z]{2,8})\)")


def _expansions(sentence: str) -> list[tuple[int, int, str]]:
    """(start, end, letters) of the text an acronym in brackets spells out: in "Europe, the
    Middle East and Africa (EMEA)" the names before "(EMEA)" are the acronym, not others.
    So are those in brackets after an acronym, whatever their letters: "APAC (Asia Pacific,
    Australia and New Zealand)" says what the acronym covers."""
    spans, previous = [], 0
    for m in _ACRONYM.finditer(sentence):
        spans.append((max(previous, m.start() - 80), m.start(), m.group(1)))
        previous = m.end()
    for m in _DEFINED_AFTER.finditer(sentence):
        group = 1 if m.group(1) is not None else 2
        spans.append((m.start(group), m.end(group), _EVERY_LETTER))
    return spans


# An acronym, then in brackets what it stands for or covers: "LACC (Latin America, Canada and
# the Caribbean)", or after "is" up to the clause's end: "APAC is Asia Pacific, Australia and
# New Zealand; ...".
_DEFINED_AFTER = re.compile(
    r"\b[A-Z]{2,8}\s*\(([^()]{3,160})\)|\b[A-Z]{2,8}\s+(?:is|stands\s+for|means|covers|refers\s+to)\s+([^;.()]{3,160})"
)
_EVERY_LETTER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _other_names(sentence: str, known: frozenset[str], gold_name: frozenset[str] = frozenset()) -> int:
    """Names in the sentence that are neither the question's nor the gold's (nor the
    spelled-out words of an acronym in brackets). A name that holds every word of the gold's
    (``gold_name``) is the gold's name written out in full: "Las Vegas Strip Resorts" for
    "Las Vegas"."""
    others = set()
    expansions = _expansions(sentence)
    for m in _NAME.finditer(sentence):
        if m.start() == 0 or not sentence[: m.start()].strip():
            continue  # the sentence's first word is capitalised anyway
        if any(a <= m.start() < b and m.group(0)[0] in letters for a, b, letters in expansions):
            continue
        words = content(m.group(0))
        if gold_name and gold_name <= {s for s, _ in words}:
            continue
        if any(s not in known and w.lower() not in PICK_FILLER for s, w in words):
            others.add(m.group(0))  # not "Source" or "Item 7" of a citation
    return len(others)


def padded_names(answer: str, question: str, items: list[frozenset[str]]) -> int:
    """How many names an answer lists beside the gold's ``items`` (each a set of stems), in
    the lists that hold one of them: "Trillium, Array, Therachon, Hospira, Medivation and
    Wyeth" for "Trillium, Array, and Therachon" pads the list with three. A list item is a
    short capitalised run ("Array BioPharma" is the gold's Array: it shares a stem); the
    question's names ("Pfizer"), the words an acronym in brackets spells out ("Europe, the
    Middle East and Africa (EMEA)") and prose items are no padding."""
    asked = stems_of(question)
    others: set[str] = set()
    for sentence in sentences(answer):
        for start, end, _ in _expansions(sentence):
            sentence = sentence[:start] + " " * (end - start) + sentence[end:]
        named = []
        for i, part in enumerate(_LIST_ITEM_BREAK.split(sentence)):
            part = part.strip(" .:()[]*-")
            if not part[:1].isupper() or len(part.split()) > 4 or _DIGIT.search(part):
                continue  # not a name: lower case, prose, or a date or an amount
            if i == 0 and _OPENER.fullmatch(part):
                continue  # "In summary, ...", "Taken together, ...": capitalised as the sentence's first words
            stems = {s for s, _ in content(part)} - asked
            if stems:
                named.append((part, any(stems & item for item in items)))
        if any(is_gold for _, is_gold in named):
            others.update(part for part, is_gold in named if not is_gold)
    return len(others)


_DIGIT = re.compile(r"\d")
# A sentence's opening words that name nothing: a capitalised word and lower-case ones after it
# ("In summary", "Taken together"), or one word that turns or sums up.
_OPENER = re.compile(r"[A-Z][a-z]+(?:\s+[a-z]+)+|Overall|However|Additionally|Finally|Moreover|Together|Thus|Therefore|Hence|Also")
_LIST_ITEM_BREAK = re.compile(r",\s*(?:and\s+|or\s+)?|;|\s+(?:and|or|plus)\s+|\s+\d+\.\s+|:\s+|\(|\s*/\s*(?=[A-Z])")


def names_one(sentence: str, question: str, gold: str) -> bool:
    """Does the sentence give one name as the answer, rather than hedge, deny or list several?

    "It was either Data Center or Gaming" hedges; "the segments are Client, Data Center,
    Gaming and Embedded" lists: two or more other names beside the gold's, in a sentence
    that names it, are a list, not a pick; "not Data Center" denies it.
    """
    if hedges(sentence) or asks(sentence):
        return False
    gold_stems = stems_of(gold) - stems_of(question)
    if _denies(sentence, gold_stems) or _offered_with_another(sentence, question, gold) or _bare_names(sentence, question, gold_stems):
        return False
    # Names a comparison sets beside the pick ("..., compared with 14.8% for Aggregates and
    # 11.3% for Cement") are runners-up, not more picks.
    part = _company_spelled_out(picking_part(sentence, question), question)
    known = stems_of(question + " " + gold)
    return _other_names(part, known | _aliases(part, gold_stems), gold_stems) < 2


def _bare_names(sentence: str, question: str, gold_stems: frozenset[str]) -> bool:
    """Is the sentence nothing but names, the gold's and another ("Data Center, Gaming",
    "Data Center and Gaming.")? Two names side by side pick neither."""
    parts = [p.strip(" .!*_") for p in _BARE_NAME_BREAK.split(sentence.strip())]
    if len(parts) < 2 or not all(_BARE_NAME.fullmatch(p) for p in parts):
        return False
    asked = stems_of(question)
    return any(stems_of(p) & gold_stems for p in parts) and any(not stems_of(p) & (gold_stems | asked) for p in parts)


_BARE_NAME_BREAK = re.compile(r"\s*(?:,\s*(?:and\s+)?|;|\s+and\s+)\s*")
_BARE_NAME = re.compile(r"[A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*){0,3}")


# The gold's pick joined to another by "or", "and/or" or a slash: what stands after it, and
# before it.
_OR_AFTER = re.compile(r"\s*\(?\s*(?:\bor\b|\band/or\b|/)\s*(?P<other>[^.,;:()/]{2,60})", re.IGNORECASE)
_OR_BEFORE = re.compile(r"(?P<other>[^.,;:()/]{2,60}?)\s*\(?\s*(?:\bor\b|\band/or\b|/)\s*\(?\s*$", re.IGNORECASE)


def _offered_with_another(sentence: str, question: str, gold: str) -> bool:
    """Does the sentence offer the gold's pick with another as an alternative ("Customer
    deposits or long-term debt", "customer deposits / long-term debt", "long-term debt (or
    customer deposits)")? Two picks offered commit to neither. Another name for the same pick
    is no alternative: "customer deposits (or simply deposits)" shares its words, "Data
    Center (or DC)" spells its initials."""
    pick = gold.strip(" .")
    at = sentence.lower().find(pick.lower()) if pick else -1
    if at < 0:
        return False
    asked, own = stems_of(question), stems_of(gold)
    initials = "".join(word[0] for word in pick.split()).lower()
    for joined in (_OR_AFTER.match(sentence, at + len(pick)), _OR_BEFORE.search(sentence, 0, at)):
        if joined is None:
            continue
        other = joined["other"].strip()
        stems = stems_of(other) - asked
        if stems and not stems & own and other.replace(".", "").lower() != initials:
            return True
    return False


# A short name of the company in the question: two capitals or more in a short word ("JnJ",
# "P&G", "AMD").
_SHORT_NAME = re.compile(r"(?<![\w&])(?=[\w&]*[A-Z][\w&]*[A-Z])[A-Za-z&]{2,6}(?![\w&])")
# A run of capitalised words, joined by "&" or "and" too ("Johnson & Johnson's").
_CAPITALISED_RUN = re.compile(r"\b[A-Z][a-z]+(?:\s*(?:&|\band\b)\s*[A-Z][a-z]+|\s+[A-Z][a-z]+)+(?:['’]s)?")


def _company_spelled_out(sentence: str, question: str) -> str:
    """The sentence without the company's name written out where the question writes it
    short ("Johnson & Johnson's" for "JnJ"): the company is no other name beside the pick."""
    shorts = {"".join(c for c in m.group(0) if c.isupper()) for m in _SHORT_NAME.finditer(question)}
    if not shorts:
        return sentence

    def blank(m: re.Match[str]) -> str:
        initials = "".join(word[0] for word in re.findall(r"[A-Z][a-z]+", m.group(0)))
        return " " * len(m.group(0)) if initials in shorts else m.group(0)

    return _CAPITALISED_RUN.sub(blank, sentence)


# A name alone in brackets ("Consumer Health segment (Kenvue)").
_BRACKETED_NAME = re.compile(r"\(([A-Z][\w&'’\-]*(?:\s+[A-Z][\w&'’\-]*){0,3})\)")


def _aliases(sentence: str, gold_stems: frozenset[str]) -> frozenset[str]:
    """The stems of a name in brackets right after the gold's name ("Consumer Health segment
    (Kenvue)"): another name for the pick, not another pick."""
    aliases: set[str] = set()
    for m in _BRACKETED_NAME.finditer(sentence):
        before = {stem_ for stem_, _ in content(sentence[max(0, m.start() - 40) : m.start()])}
        if before & gold_stems:
            aliases |= {stem_ for stem_, _ in content(m.group(1))}
    return frozenset(aliases)


# The superlative a "which ...?" question asks by ("increased the most", "the largest").
SUPERLATIVE = re.compile(
    r"\b(?:most|least|largest|smallest|highest|lowest|biggest|greatest|best|worst|fastest|slowest|strongest|weakest)\b",
    re.IGNORECASE,
)
_RANKED = re.compile(r"\b(?:second|third|next|runner-up)\b", re.IGNORECASE)
# Words around a bare pick ("It was Gaming.", "Then again, Data Center.") that name nothing,
# and those of a citation beside it ("Source: 10-K, Item 7.", "See Note 12, page 45").
PICK_FILLER = frozenset({
    "then", "again", "actually", "answer", "segment", "one",
    "source", "sources", "see", "item", "note", "page", "pages", "part", "section", "exhibit", "filing", "form", "k", "q",
    # a statement cited ("per the Consolidated Balance Sheets") and a currency's code ("USD 110,239m")
    "consolidated", "condensed", "statement", "statements", "usd", "eur", "gbp", "jpy", "chf", "cad",
})


# A line that only labels what follows: "**Details:**", "Why:" (a heading, "## Supporting
# figures", is ``tables.layout_line``'s).
_LABEL_LINE = re.compile(r"\s*(?:\*\*|__)?[A-Za-z][\w '’-]{0,30}?(?:\*\*|__)?\s*:\s*(?:\*\*|__)?\s*")


def rival_pick(sentences: list[str], question: str, gold: str) -> bool:
    """Does one of the sentences that give the answer's verdict pick another name than the
    gold's, as the answer to the question ("Gaming increased the most. Data Center increased
    the most.", "It was Gaming. Then again, Data Center.")? Two picks commit to neither. A
    pick is a sentence in the question's own superlative ("the most", not "the second most")
    or a bare name; a sentence that hedges, asks or names the gold is not a rival."""
    asked = SUPERLATIVE.findall(question)
    if not asked:
        return False
    superlatives = {w.lower() for w in asked}
    known = stems_of(question + " " + gold)
    gold_stems = stems_of(gold) - stems_of(question)
    if gold_stems and _picked_either_side(sentences, known, gold_stems):
        return True
    for sentence in sentences:
        stemmed = content(sentence)
        if any(
            _TIED.search(clause) and any(w.lower() in superlatives for w in SUPERLATIVE.findall(clause))
            and any(w[:1].isupper() and s not in known and w.lower() not in PICK_FILLER for s, w in content(clause))
            for clause in _TURN.split(sentence)
        ):
            return True  # "Developed Europe and Developed Rest of World both had the biggest drop": a tie is two picks
        if hedges(sentence) or asks(sentence) or {s for s, _ in stemmed} & gold_stems or sentence.count("|") >= 2 \
                or _LABELLED_FIGURES.match(sentence) or _LABEL_LINE.fullmatch(sentence) or layout_line(sentence):
            continue  # (nor a table's row, "| Region | Q2 2023 | % Change |", nor a label's figures, "Gaming: 5,607 → 6,805",
            # nor a label or a heading alone, "**Details:**", "## Reasoning")
        # A key's label is no name ("Scope: Embedded excluded", "Period: FY2022").
        keyed = _KEY_LABEL.match(sentence)
        if keyed:
            stemmed = content(sentence[keyed.end():])
        words = [(s, w) for s, w in stemmed if s not in known and w.lower() not in PICK_FILLER]
        names = [w for _, w in words if w[:1].isupper()]
        if not names:
            continue
        if _RANKED.search(sentence):
            continue  # "Gaming increased the second most" ranks, it does not pick
        # The superlative's own clause must hold the name: in "Embedded grew the most, but that
        # jump came from the Xilinx acquisition" the clause with a name picks nothing.
        in_superlative = any(
            any(w.lower() in superlatives for w in SUPERLATIVE.findall(clause))
            and any(w[:1].isupper() and s not in known and w.lower() not in PICK_FILLER for s, w in content(clause))
            for clause in _TURN.split(sentence)
        )
        if in_superlative or len(words) == len(names):  # a bare name has no other word
            return True
    return False


def _picked_either_side(sentences: list[str], known: frozenset[str], gold_stems: frozenset[str]) -> bool:
    """Does a sentence open as another answer (``hedging.ALTERNATIVE_OPENER``: "Then again,
    Data Center.") with the gold's name on one side of it only, and another name as a
    sentence's subject on the other ("Gaming saw the largest proportional increase.")? Two
    picks, whichever comes last. ("Otherwise" and "unless" are left out: "Otherwise, Revenue
    was flat" tells of other things.)"""
    for i, sentence in enumerate(sentences[1:], 1):
        if (opener := _NAME_ON_ITS_OWN.match(sentence) or _MAY_ALSO_BE.match(sentence)) is not None:
            rest = sentence[opener.end():]  # "That said, Data Center.", "It might also be Data Center."
        elif _ALSO_AN_ANSWER.search(sentence):
            rest = sentence  # "Data Center is also plausible.": the sentence offers its subject
        elif (opener := ALTERNATIVE_OPENER.match(sentence)) is not None and not _ASIDE_OPENER.match(sentence):
            rest = sentence[opener.end():]
        else:
            continue
        before, after = sentences[:i], [rest, *sentences[i + 1:]]
        gold_before, gold_after = (any({s for s, _ in content(t)} & gold_stems for t in side) for side in (before, after))
        if gold_before != gold_after and any(_subject_name(t, known) for t in (after if gold_before else before)):
            return True
    return False


_ASIDE_OPENER = re.compile(r"\W*(?:otherwise|unless|else)\b", re.IGNORECASE)
# Another answer in words that would tell of other things before a clause, with nothing but a
# name after them: "Otherwise, Data Center.", "On the other hand, Gaming.", "Or perhaps Gaming."
_NAME_ON_ITS_OWN = re.compile(
    r"\W*(?:(?:or\s+)?(?:perhaps|maybe|possibly)|" + OPENERS_BEFORE_AN_ANSWER + r")\.?\b[,:]?"
    r"(?=\s+(?:\*\*|__)?(?-i:[A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*){0,3})(?:\*\*|__)?\s*[.!]?\s*$)",
    re.IGNORECASE,
)
# A name offered as a possible answer: "It might also be Gaming.", "Gaming is also plausible.",
# "Gaming could also be the answer.", "Gaming is another candidate."
_MAY_ALSO_BE = re.compile(r"\W*(?:it|the answer)\s+(?:might|could|may)\s+(?:also|equally|just as well)\s+be\b", re.IGNORECASE)
_ALSO_AN_ANSWER = re.compile(
    r"\b(?:is|are|would\s+be|could\s+be|might\s+be|may\s+be)\s+(?:also|equally)\s+(?:plausible|possible|defensible|valid|a\s+(?:plausible\s+|possible\s+)?candidate"
    r"|the\s+answer|an\s+answer|in\s+the\s+running)\b"
    r"|\b(?:could|might|may)\s+(?:also|equally)\s+be\s+(?:the|an)\s+answer\b|\bis\s+another\s+(?:candidate|contender|possibility|option)\b",
    re.IGNORECASE,
)


def _subject_name(sentence: str, known: frozenset[str]) -> bool:
    """Does ``sentence`` open on a name the question and gold do not hold ("Gaming saw ...")?"""
    words = content(sentence)
    return bool(words) and words[0][1][:1].isupper() and words[0][0] not in known and words[0][1].lower() not in PICK_FILLER


# A line that labels figures: "Gaming: 5,607 → 6,805 = +21.4%", "- Client: $6,201M".
_KEY_LABEL = re.compile(r"\s*(?:\*\*|__)?[A-Z][a-z]+(?:\*\*|__)?\s*:(?:\*\*|__)?\s+")
_LABELLED_FIGURES = re.compile(r"^\W*[A-Za-z][\w &'’.-]{0,40}:\s*(?:from\s+)?[-−+~≈$(]*\s*\d")


_TIED = re.compile(
    r"\b(?:both|jointly|equally)\s+(?:had|saw|posted|recorded|showed|experienced|suffered|were|are|shared|declined|grew|fell|rose)\b"
    r"|\btied\s+(?:for|at|as)\b|\b(?:were|are)\s+tied\b",
    re.IGNORECASE,
)


# What follows these names the runner-up, not the pick ("Long-term debt was the largest,
# ahead of customer deposits"; "Gaming grew the most, more than Data Center").
_RUNNER_UP = re.compile(
    r"\b(?:than|ahead of|exceed\w*|followed by|behind|compared (?:to|with)|versus|vs\b|outpac\w*|surpass\w*|instead of)\b",
    re.IGNORECASE,
)
# (And a reason given after a comma, ", as the company is now focused on X": X is no pick.)
_TURN = re.compile(
    r";|\b(?:while|whereas|but|although)\b|,\s+as\s+(?!of\b|well\b|such\b|part\b|a\s+result\b|expected\b|reported\b|shown\b)"
    r"|,\s+(?:and\s+)?(?:so|thus|hence|therefore)\s+(?=it\b)",
    re.IGNORECASE,
)
# A conclusion that speaks of the sentence's subject: "MGM China was the only region with a
# decline, while the others grew, so it had the worst topline performance".
_CONCLUDES_OF_SUBJECT = re.compile(r"\s*it\s+(?:had|has|was|is|posted|saw|showed|made|recorded)\b", re.IGNORECASE)


# A sentence that ends on a bare name after a colon: the name is its pick.
_BARE_AFTER_COLON = re.compile(r":\s*([A-Za-z][^:;,.\d]*?)\s*[.!]?\s*$")


def picking_part(sentence: str, question: str) -> str:
    """The part of a verdict sentence that makes its pick: the clause that talks most about
    the question ("The largest liability was long-term debt; customer deposits came
    second"), up to where it turns to a runner-up ("..., ahead of customer deposits")."""
    # The question's own words, but for the company's name and the years, which every
    # clause of an answer about it may repeat ("Meridian Chemicals' largest asset as of FY2021
    # is ...; its largest liability is ...").
    if (bare := _BARE_AFTER_COLON.search(sentence)) and len(bare.group(1).split()) <= 4:
        return bare.group(1)  # "..., but it is clear: Data Center."
    asked = question_words(question)
    clauses = [c for c in _TURN.split(sentence) if c.strip()] or [sentence]
    # The clause in the question's own superlative first ("..., but MGM China had the highest
    # EBITDAR contribution" to "Which region had the Highest EBITDAR Contribution?", whose
    # title case hides its words among names).
    superlatives = {w.lower() for w in SUPERLATIVE.findall(question)}
    # Before the count of the question's words, its superlative with the words it qualifies
    # ("the largest revenue growth came from Power Systems" over "Industrial Automation
    # remained the largest product line by revenue" to "Which product line had the largest
    # revenue growth?").
    phrases = _superlative_phrases(question)
    clause = max(
        clauses,
        key=lambda c: (
            bool(superlatives & {w.lower() for w in SUPERLATIVE.findall(c)}),
            any(p in " ".join(c.lower().split()) for p in phrases),
            len({s for s, _ in content(c)} & asked),
        ),
    )
    cut = _RUNNER_UP.search(clause)
    if cut and {s for s, _ in content(clause[:cut.start()])} - asked:
        return clause[:cut.start()]
    if clause is not clauses[0] and _CONCLUDES_OF_SUBJECT.match(clause):
        return clauses[0] + ", " + clause
    return clause


@functools.lru_cache(maxsize=4096)  # asked for each verdict sentence of each answer to a question
def _superlative_phrases(question: str) -> tuple[str, ...]:
    """The question's superlatives with the two words after each, lowered: "largest revenue
    growth" in "Which product line had the largest revenue growth ...?" (none shorter: one
    word after "largest" is as often the item as what it is largest in)."""
    phrases = []
    for m in SUPERLATIVE.finditer(question):
        words = question[m.end():].split()[:2]
        if len(words) == 2:
            phrases.append(" ".join([m.group(0), *words]).lower().strip("?.,"))
    return tuple(phrases)


# A list item's mark at a line's start: a bullet or a number ("- ", "2. ", "3) ").
BULLET = re.compile(r"^\s*(?:[-*•▪◦–]|\d{1,2}[.)])\s+")


# A clause that takes a name out of the list it stands in: "with Seattle serving as a focus
# city rather than a hub", "concert ticketing was discontinued in FY2020", "its Australian
# project is not yet a mine". (Not "sold" or "closed": "tickets sold at its venues"; a list
# of deals "divested" is read as deals the other way, ``term_direction``.)
_TAKEN_OUT = re.compile(
    r"\b(?:discontinu\w+|exit(?:ed|s)|ceased|no\s+longer|not\s+yet|rather\s+than|instead\s+of|"
    r"formerly|previously|was\s+replaced|were\s+replaced|wound\s+down|phased\s+out)\b",
    re.IGNORECASE,
)
_CLAUSE_OF_LIST = re.compile(r"[;,(]|\b(?:with|while|whereas|but|although|though)\b", re.IGNORECASE)


def kept_stems(unit: str, question: str) -> set[str]:
    """The content stems of a list unit less those named only in a clause that takes them
    out of the list (``_TAKEN_OUT``)."""
    if not _TAKEN_OUT.search(unit):
        return {s for s, _ in content(unit)}
    asked = _singulars(question)
    kept: set[str] = set()
    for clause in _CLAUSE_OF_LIST.split(unit):
        cue = _TAKEN_OUT.search(clause)
        if cue is None:
            kept.update(s for s, _ in content(clause))
        elif _PREFERRED_OVER.fullmatch(cue.group(0)) and not _singulars(clause[cue.end():]) & asked:
            # "advertising and concert ticketing rather than merchandise" takes out what
            # follows; "Seattle serving as a focus city rather than a hub" (the question's
            # thing) takes out the clause's own subject.
            kept.update(s for s, _ in content(clause[: cue.start()]))
    return kept


def _singulars(text: str) -> set[str]:
    """The content words of ``text`` in lower case, a plural's "s" dropped ("hubs", "hub")."""
    return {word.lower().removesuffix("s") for _, word in content(text)}


def list_units(answer: str) -> list[str]:
    """The answer's sentences, with each run of bullet lines read as one unit: a list of
    fourteen bullets is one list, not fourteen answers of one name each. A run of bullets
    that are statements (most of them sentences of ``_STATEMENT_WORDS`` words or more: "-
    Richard A. Johnson received 16,105,005 votes against ...") is read sentence by sentence,
    as the same text without its dashes would be."""
    units: list[str] = []
    run: list[str] = []

    def flush() -> None:
        if sum(len(item.split()) >= _STATEMENT_WORDS for item in run) * 2 > len(run):
            units.extend(sentence for item in run for sentence in sentences(item))
        else:
            units.append("; ".join(run))
        run.clear()

    for line in (answer or "").splitlines():
        if BULLET.match(line):
            run.append(BULLET.sub("", line))
            continue
        if run:
            flush()
        units.extend(sentences(line))
    if run:
        flush()
    return units


_STATEMENT_WORDS = 12  # a bullet this long is a statement, not an item of a list


def names_committed(sentence: str, question: str, gold: str) -> bool:
    """Does the sentence state the gold's short list of names as its answer?

    Not when it hedges or denies them, nor when it buries them among more other names
    than twice the gold's own (a list of every region is not an answer naming four).
    """
    gold_stems = stems_of(gold) - stems_of(question)
    if not {s for s, _ in content(sentence)} & gold_stems:
        return False
    if hedges(sentence) or asks(sentence) or _denies(sentence, gold_stems):
        return False
    return _other_names(sentence, stems_of(question + " " + gold)) <= 2 * _items(gold)


_ITEM_BREAK = re.compile(r"[,;]|\band\b|\bor\b", re.IGNORECASE)


def _items(text: str) -> int:
    return len([part for part in _ITEM_BREAK.split(text) if part.strip()])


def _short_items(text: str) -> int:
    """Items of a list of a few words each ("Ryzen, Radeon, consoles, PCs, pricing"): a
    sentence of long clauses between its commas is prose, not a list, and words in brackets
    ("EBITDAR (Earnings Before Interest, Taxes, ...)") spell out a term, not list items."""
    text = re.sub(r"\([^()]*\)", " ", text)
    return len([part for part in _ITEM_BREAK.split(text) if 0 < len(part.split()) <= 4])


_DENIAL_ENDS = re.compile(r"[;:]|\b(?:but|while|whereas)\b|\brather\b(?!\s+than)|\binstead\b(?!\s+of)", re.IGNORECASE)
_PREFERRED_OVER = re.compile(r"\b(?:rather than|instead of|as opposed to)\b", re.IGNORECASE)


def undenied_stems(unit: str) -> list[str]:
    """The unit's content stems in order, less those its clause denies ("was not driven by X")."""
    stems: list[str] = []
    # A denial reaches over the list it heads ("not driven by X, Y or Z"); a semicolon or a
    # turn ("but", "rather", "instead") ends it, and "X rather than Y" denies Y.
    for clause in _DENIAL_ENDS.split(unit):
        end = len(clause)
        negation = NEGATION.search(clause) or _PREFERRED_OVER.search(clause)
        if negation:
            # The words that start before the negation ends (the negation's own word too)
            # count; the rest of a denying clause is what it denies.
            end = 0
            for m in WORD.finditer(clause, 0, negation.end()):
                end = m.end()
            # A denied comparison denies the comparing, not what it is measured against: "no
            # region fell as much as Developed Rest of World" names that region the one that
            # fell most.
            if not _PREFERRED_OVER.search(clause) and (measured := _MEASURED_AGAINST.search(clause, negation.end())):
                stems.extend(s for s, _ in content(clause[measured.end():]))
        stems.extend(s for s, _ in content(clause[:end]))
    return stems


# Where a comparison turns to what it measures against: "as much as", "further than".
_MEASURED_AGAINST = re.compile(r"\bas\s+\w+\s+as\b|\b(?:more|less|further|farther|\w{2,}er)\s+than\b", re.IGNORECASE)


# Words no English statement of six words or more goes without; a run that has none is a
# string of keywords ("Xilinx EPYC semi-custom server processors embedded sales higher").
_FUNCTION_WORDS = frozenset(
    "a an the of in on to for by with from at as and or but was were is are be been has have had its their this that "
    "which who than into over &".split()  # "&" is "and" ("Johnson & Johnson's Consumer Health segment")
)
_SEGMENT = re.compile(r"[^,;:()]+")


_FIGURE_UNITS = frozenset({"usd", "us$", "bn", "mn", "mm", "million", "billion", "thousand", "trillion", "m", "b", "k"})


def _without_keyword_runs(unit: str) -> str:
    """The unit less its runs of six or more words with no function word between them."""
    def keep(m: re.Match[str]) -> str:
        # Words (and "&", an "and"), not a dash between them ("Laura Kim - Chief Executive
        # Officer" is five words), nor a figure and its unit ("Customer deposits - about USD
        # 110.2 bn ($110,239 million) - were ..." names two words before its figure).
        words = [
            w for w in m.group(0).split()
            if w == "&" or any(c.isalpha() for c in w) and not any(c.isdigit() for c in w) and w.strip("()$,.").lower() not in _FIGURE_UNITS
        ]
        if len(words) >= 6 and not any(w.lower().strip(".!?'\"") in _FUNCTION_WORDS for w in words):
            return " "
        return m.group(0)
    return _SEGMENT.sub(keep, unit)


def prose_committed_stems(answer: str, gold: str, question: str = "") -> set[str]:
    """The stems an answer states as its own answer to a prose gold: not in a unit that
    guesses ("may have been driven by", "possible drivers include"), not in a list of many
    more items than the gold has, not in a string of keywords, and not in a clause that
    denies them."""
    allowed = max(6, 2 * _items(gold) + 2)
    # A risk is a possibility: "possible disruptions in its supply chain" names one, it does
    # not guess at the answer.
    guessing = None if _ASKS_RISKS.search(question) else GUESS
    stems: set[str] = set()
    for unit in list_units(answer):
        if hedges(unit) or (guessing and guessing.search(unit)) or asks(unit) or _short_items(unit) > allowed:
            continue
        if _UNDONE.search(unit) and not _UNDONE.search(gold):
            continue  # "a new plant ... would have expanded margins", "considered a new plant ... but deferred it"
        stems.update(undenied_stems(_without_keyword_runs(unit)))
    return stems

