"""Whether a prose answer commits to its verdict, as ``commitment`` asks of a number.

An answer earns nothing for a verdict it does not commit to: both a yes and a no ("Yes, it
paid dividends. Actually, no."), names it hedges ("it could be X or perhaps Y"), denies
("not X") or buries in a long list of other names ("Regions: X, Y, Z and ten more").

- ``explicit_verdicts``: every yes or no the answer gives as a verdict: at the head of a
  sentence ("No. Debt rose ..."), after a conclusion word or a comma at the end of a clause
  ("..., so no, it did not"), or both at once ("yes and no").
- ``names_one``: a sentence that picks one name (a short gold such as "Data Center"), not
  one that asks ("Was it Data Center?").
- ``rival_pick``: another name picked as the answer in a sentence of its own ("Gaming
  increased the most. Data Center increased the most.").
- ``names_committed``: a sentence that states a short list of names (a gold such as
  "Trillium, Array, and Therachon") without hedging, denying or burying it.
"""
from __future__ import annotations

import re

from harness.judge.amounts import Quantity
from harness.judge.claims import CROSS_MARKS, corrections
from harness.judge.commitment import hedges
from harness.judge.comparison import quantity_kind
from harness.judge.disowned import denied, last_clause_correction, named_right
from harness.judge.number_swaps import question_words
from harness.judge.refusal import sentence_spans, sentences
from harness.judge.words import NEGATION, WORD, YES_NO, content, stems_of

# "..., so no, it did not improve", "The answer is yes.", "Overall: no."
_INLINE_VERDICT = re.compile(
    r"(?:[,;:]|\b(?:so|therefore|thus|hence|in short|in summary|overall|the answer is|answer is|otherwise|else))\s*\b(yes|no)\b\s*(?=[,.;:!]|$)",
    re.IGNORECASE,
)
# "yes and no", "yes/no", a bare "yes no" in a string of keywords: both at once.
_BOTH = re.compile(r"\byes(?:\W+(?:and|or)\W+|\s*/\s*|\s+)no\b|\bno(?:\W+(?:and|or)\W+|\s*/\s*|\s+)yes\b", re.IGNORECASE)
_NAME = re.compile(r"\b[A-Z][\w&'’\-]*(?:\s+(?:of\s+the\s+|of\s+)?[A-Z][\w&'’\-]*)*")
_CLAUSE_START = re.compile(r"[,;:]|\b(?:but|while|whereas|and)\b", re.IGNORECASE)


# Beside ``hedges``: the softer words a list of guesses opens with ("Possible drivers include").
_GUESS = re.compile(r"\b(?:possible|potential(?:ly)?|may have|might have|could have|could include|can include)\b", re.IGNORECASE)
# A verdict offered as a guess or an opinion one could take either way ("Probably yes",
# "it could be considered capital-intensive", "Arguably yes, though one could argue it is
# not") commits to neither side; so does one asked back ("Yes?", ``_asks``).
_SOFT_VERDICT = re.compile(
    r"\b(?:probably|likely|arguably|presumably|conceivably|one could argue|could (?:be|also be) (?:considered|argued|seen|viewed))\b",
    re.IGNORECASE,
)


def _asks(sentence: str) -> bool:
    """A question ("Was it Data Center?") names a candidate; it does not answer with it."""
    return sentence.rstrip().endswith("?")


def hedges_verdict(sentence: str) -> bool:
    """Does the sentence that gives a verdict (a yes/no, a pick) only guess at it?"""
    return bool(hedges(sentence) or _GUESS.search(sentence) or _SOFT_VERDICT.search(sentence)) or _asks(sentence)


def explicit_verdicts(answer: str) -> set[str]:
    """The yes and no the answer states as verdicts (lower case), wherever they stand."""
    found: set[str] = set()
    for sentence in sentences(answer):
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
        sentence = _settled_part(sentence)
        if _BOTH.search(sentence):
            return {"yes", "no"}
        head = YES_NO.match(sentence)
        if head:
            found.add(head.group(1).lower())
        elif _NOT_YET.match(sentence):
            found.add("no")  # "Not yet. Occupancy was 71% against 79% before the pandemic."
        found.update(m.group(1).lower() for m in _INLINE_VERDICT.finditer(sentence))
    return found


# A yes or no standing as a verdict: the end of its clause follows ("no, it did not", not "no doubt").
_LATER_VERDICT = re.compile(r"(?<=\W)(?:yes|no)\b(?=\s*(?:[,.;:!)]|$))", re.IGNORECASE)


def _settled_part(sentence: str) -> str:
    """The part of a sentence that gives its verdict once it settles on a later one: from a
    yes or no after a correction opening a clause ("Yes, I mean no", "Yes, make that no") or
    after a turn to the answer's own reading ("Yes per a news article; the 10-K itself says
    no"). The whole sentence when it settles on none."""
    for m in reversed(list(_LATER_VERDICT.finditer(sentence))):
        before = sentence[: m.start()]
        if last_clause_correction(before) is not None or named_right(before):
            return sentence[m.start():]
    return sentence


# A no in other words, opening the answer's sentence.
_NOT_YET = re.compile(r"^\W*not (?:yet|really|quite)\b\W", re.IGNORECASE)


_TICKS = "✅✔☑"
_THEORY_VERDICT = re.compile(r"\b(?:yes|no)\b,?\s+in theory\b", re.IGNORECASE)
_PRACTICE_VERDICT = re.compile(r"\b(yes|no)\b,?\s+in (?:practice|reality|fact)\b", re.IGNORECASE)
# A yes or no withdrawn by a note right after it, with what joins it to the next: "No (typo) — ".
_RETRACTED_VERDICT = re.compile(
    r"\b(?:yes|no)\b\W{0,2}\((?:typo|wrong|incorrect|mistake|oops|sic|fabricated)\)\s*[—–:-]?\s*", re.IGNORECASE
)
# A yes or no with a tick or a cross right after it.
_MARKED_VERDICT = re.compile(rf"\b(yes|no)\b\W{{0,3}}?([{_TICKS}{CROSS_MARKS}])", re.IGNORECASE)


def _denies(sentence: str, stems: frozenset[str]) -> bool:
    """Is the first of ``stems`` the sentence names denied ("Not the United States, ...",
    "it is not Data Center")? A negation after it ("Data Center, not Gaming") is a pick."""
    for m in WORD.finditer(sentence):
        words = content(m.group(0))
        if words and words[0][0] in stems:
            before = sentence[:m.start()]
            clause = before[max((c.end() for c in _CLAUSE_START.finditer(before)), default=0):]
            return bool(NEGATION.search(clause))
    return False


_ACRONYM = re.compile(r"\(([A-Z]{2,8})\)")


def _expansions(sentence: str) -> list[tuple[int, int, str]]:
    """(start, end, letters) of the text an acronym in brackets spells out: in "Europe, the
    Middle East and Africa (EMEA)" the names before "(EMEA)" are the acronym, not others."""
    spans, previous = [], 0
    for m in _ACRONYM.finditer(sentence):
        spans.append((max(previous, m.start() - 80), m.start(), m.group(1)))
        previous = m.end()
    return spans


def _other_names(sentence: str, known: frozenset[str]) -> int:
    """Names in the sentence that are neither the question's nor the gold's (nor the
    spelled-out words of an acronym in brackets)."""
    others = set()
    expansions = _expansions(sentence)
    for m in _NAME.finditer(sentence):
        if m.start() == 0 or not sentence[: m.start()].strip():
            continue  # the sentence's first word is capitalised anyway
        if any(a <= m.start() < b and m.group(0)[0] in letters for a, b, letters in expansions):
            continue
        if any(s not in known and w.lower() not in PICK_FILLER for s, w in content(m.group(0))):
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
        for part in _LIST_ITEM_BREAK.split(sentence):
            part = part.strip(" .:()[]*-")
            if not part[:1].isupper() or len(part.split()) > 4 or _DIGIT.search(part):
                continue  # not a name: lower case, prose, or a date or an amount
            stems = {s for s, _ in content(part)} - asked
            if stems:
                named.append((part, any(stems & item for item in items)))
        if any(is_gold for _, is_gold in named):
            others.update(part for part, is_gold in named if not is_gold)
    return len(others)


_DIGIT = re.compile(r"\d")
_LIST_ITEM_BREAK = re.compile(r",\s*(?:and\s+|or\s+)?|;|\s+(?:and|or|plus)\s+|\s+\d+\.\s+|:\s+|\(|\s*/\s*(?=[A-Z])")


def names_one(sentence: str, question: str, gold: str) -> bool:
    """Does the sentence give one name as the answer, rather than hedge, deny or list several?

    "It was either Data Center or Gaming" hedges; "the segments are Client, Data Center,
    Gaming and Embedded" lists: two or more other names beside the gold's, in a sentence
    that names it, are a list, not a pick; "not Data Center" denies it.
    """
    if hedges(sentence) or _asks(sentence):
        return False
    gold_stems = stems_of(gold) - stems_of(question)
    if _denies(sentence, gold_stems) or _offered_with_another(sentence, question, gold):
        return False
    # Names a comparison sets beside the pick ("..., compared with 14.8% for Aggregates and
    # 11.3% for Cement") are runners-up, not more picks.
    part = _company_spelled_out(picking_part(sentence, question), question)
    known = stems_of(question + " " + gold)
    return _other_names(part, known | _aliases(part, gold_stems)) < 2


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
    "source", "sources", "see", "item", "note", "page", "pages", "part", "section", "exhibit", "filing", "k", "q",
})


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
    for sentence in sentences:
        stemmed = content(sentence)
        if hedges(sentence) or _asks(sentence) or {s for s, _ in stemmed} & gold_stems:
            continue
        words = [(s, w) for s, w in stemmed if s not in known and w.lower() not in PICK_FILLER]
        names = [w for _, w in words if w[:1].isupper()]
        if not names:
            continue
        if _RANKED.search(sentence):
            continue  # "Gaming increased the second most" ranks, it does not pick
        in_superlative = any(w.lower() in superlatives for w in SUPERLATIVE.findall(sentence))
        if in_superlative or len(words) == len(names):  # a bare name has no other word
            return True
    return False


# What follows these names the runner-up, not the pick ("Long-term debt was the largest,
# ahead of customer deposits"; "Gaming grew the most, more than Data Center").
_RUNNER_UP = re.compile(
    r"\b(?:than|ahead of|exceed\w*|followed by|behind|compared (?:to|with)|versus|vs\b|outpac\w*|surpass\w*|instead of)\b",
    re.IGNORECASE,
)
_TURN = re.compile(r";|\b(?:while|whereas|but|although)\b", re.IGNORECASE)


def picking_part(sentence: str, question: str) -> str:
    """The part of a verdict sentence that makes its pick: the clause that talks most about
    the question ("The largest liability was long-term debt; customer deposits came
    second"), up to where it turns to a runner-up ("..., ahead of customer deposits")."""
    # The question's own words, but for the company's name and the years, which every
    # clause of an answer about it may repeat ("Meridian Chemicals' largest asset as of FY2021
    # is ...; its largest liability is ...").
    asked = question_words(question)
    clauses = [c for c in _TURN.split(sentence) if c.strip()] or [sentence]
    # The clause in the question's own superlative first ("..., but MGM China had the highest
    # EBITDAR contribution" to "Which region had the Highest EBITDAR Contribution?", whose
    # title case hides its words among names).
    superlatives = {w.lower() for w in SUPERLATIVE.findall(question)}
    clause = max(
        clauses,
        key=lambda c: (bool(superlatives & {w.lower() for w in SUPERLATIVE.findall(c)}), len({s for s, _ in content(c)} & asked)),
    )
    cut = _RUNNER_UP.search(clause)
    if cut and {s for s, _ in content(clause[:cut.start()])} - asked:
        return clause[:cut.start()]
    return clause


_BULLET = re.compile(r"^\s*(?:[-*•▪◦]|\d{1,2}[.)])\s+")


def list_units(answer: str) -> list[str]:
    """The answer's sentences, with each run of bullet lines read as one unit: a list of
    fourteen bullets is one list, not fourteen answers of one name each."""
    units: list[str] = []
    run: list[str] = []
    for line in (answer or "").splitlines():
        if _BULLET.match(line):
            run.append(_BULLET.sub("", line))
            continue
        if run:
            units.append("; ".join(run))
            run = []
        units.extend(sentences(line))
    if run:
        units.append("; ".join(run))
    return units


def names_committed(sentence: str, question: str, gold: str) -> bool:
    """Does the sentence state the gold's short list of names as its answer?

    Not when it hedges or denies them, nor when it buries them among more other names
    than twice the gold's own (a list of every region is not an answer naming four).
    """
    gold_stems = stems_of(gold) - stems_of(question)
    if not {s for s, _ in content(sentence)} & gold_stems:
        return False
    if hedges(sentence) or _asks(sentence) or _denies(sentence, gold_stems):
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
        stems.extend(s for s, _ in content(clause[:end]))
    return stems


# Words no English statement of six words or more goes without; a run that has none is a
# string of keywords ("Xilinx EPYC semi-custom server processors embedded sales higher").
_FUNCTION_WORDS = frozenset(
    "a an the of in on to for by with from at as and or but was were is are be been has have had its their this that "
    "which who than into over &".split()  # "&" is "and" ("Johnson & Johnson's Consumer Health segment")
)
_SEGMENT = re.compile(r"[^,;:()]+")


def _without_keyword_runs(unit: str) -> str:
    """The unit less its runs of six or more words with no function word between them."""
    def keep(m: re.Match[str]) -> str:
        words = m.group(0).split()
        if len(words) >= 6 and not any(w.lower().strip(".!?'\"") in _FUNCTION_WORDS for w in words):
            return " "
        return m.group(0)
    return _SEGMENT.sub(keep, unit)


def prose_committed_stems(answer: str, gold: str) -> set[str]:
    """The stems an answer states as its own answer to a prose gold: not in a unit that
    guesses ("may have been driven by", "possible drivers include"), not in a list of many
    more items than the gold has, not in a string of keywords, and not in a clause that
    denies them."""
    allowed = max(6, 2 * _items(gold) + 2)
    stems: set[str] = set()
    for unit in list_units(answer):
        if hedges(unit) or _GUESS.search(unit) or _asks(unit) or _short_items(unit) > allowed:
            continue
        stems.update(undenied_stems(_without_keyword_runs(unit)))
    return stems


_OR_BETWEEN = re.compile(r"^[^.;]{0,20}?\bor\b[^.;]{0,12}$", re.IGNORECASE)
_LIST_RUN = 4  # values of one kind with next to no words between them: a list, not a claim


def uncommitted_values(answer: str, quantities: list[Quantity], listed_kinds: frozenset[str] = frozenset()) -> set[int]:
    """Indexes of the answer's values it does not commit to: in a sentence that hedges or
    guesses, denied ("not $124 million"), offered as alternatives ("$124 million or $98
    million"), or one of a run of four or more values of a kind ("$12M, $124M, $1,240M, ..."),
    or, of ``listed_kinds``, of three or more with nothing but commas, slashes, "and" or "or"
    between them ("$610 million, $742 million and $815 million"; not when the sentence says
    "respectively", which gives each its own item)."""
    out: set[int] = set()
    for start, end in sentence_spans(answer):
        inside = [i for i, q in enumerate(quantities) if start <= q.start < end]
        if not inside:
            continue
        if hedges(answer, start, end) or _GUESS.search(answer, start, end):
            out.update(inside)
            continue
        out.update(i for i in inside if denied(answer, quantities[i]))
        if listed_kinds and not _RESPECTIVELY.search(answer, start, end):
            out.update(_bare_runs(answer, quantities, [i for i in inside if quantity_kind(quantities[i]) in listed_kinds]))
        run = [inside[0]]
        for previous, current in zip(inside, inside[1:]):
            a, b = quantities[previous], quantities[current]
            gap = answer[a.end:b.start]
            if quantity_kind(a) == quantity_kind(b) and _OR_BETWEEN.match(gap) and not _IN_TOTAL.match(answer, b.end):
                # (Not "four dividends of $0.30, or $1.20 in total": a total, not an alternative.)
                out.update((previous, current))
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
_IN_TOTAL = re.compile(r"(?:\s+(?:per|a)\s+share)?\s+(?:in total|in all|altogether|combined|for the (?:full )?year)\b", re.IGNORECASE)


NO_PICK = "no single option"  # what an answer that names options without choosing one picks


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
    return min(named, key=stems.index)


def after_last_correction(answer: str, parts: list[str]) -> list[str]:
    """The sentences after the answer's last correction of itself ("Actually, ..."), which
    then hold its verdict; all of them when it corrects nothing."""
    marked = [i for i, part in enumerate(parts) if corrections(part)]
    return parts[marked[-1]:] if marked else parts
