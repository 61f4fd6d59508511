"""The words an answer and a gold are compared by: content words, crude stems, negations,
and the words that say a figure went up or down.

Shared by the offline judge's readings (``answer_reading``, ``verdict_commitment``, ``name_commitment``,
``numeric_check``, ``verdict_polarity``, ``number_swaps``): the same stop words, stems and
words of direction everywhere, so a term found by one reading is the term another reading
looks for, and a word of direction added for one is added for all.
"""
from __future__ import annotations

import functools
import re

WORD = re.compile(r"[A-Za-z][A-Za-z0-9&'’\-]*")
STOP = set(
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
# "No." before a number or a bracket is the abbreviation of "number" ("Employer
# Identification No.)", "File No. 1-7657", on every filing's cover page), not a denial; "no
# doubt" and "no question" affirm, as "not only" does ("Not only did it grow, ...").
_AFFIRMING_NO = r"\s+(?:doubt|question)\b"
NEGATION = re.compile(
    r"\b(?:no(?!\.\s*[\d()]|" + _AFFIRMING_NO + r")|not(?!\s+only\b)|never|none|nothing|neither|nor|cannot|can't|didn't|doesn't|don't|hasn't|haven't|isn't|wasn't|weren't|"
    r"won't|aren't|lacks?|lacked|unlikely)\b|n't\b|n’t\b",
    re.IGNORECASE,
)
# An explicit yes or no that opens a text, with the punctuation after it ("No. Debt rose ...").
# (Not "No doubt, ...": it affirms.)
# ("No. of days" abbreviates "number of": a verdict's next sentence opens with a capital.)
YES_NO = re.compile(r"^\W*(yes|no)\b(?!" + _AFFIRMING_NO + r"|(?-i:\.\s+of\b))\W*", re.IGNORECASE)
# A sentence that opens by conceding what the answer goes on to set aside: "On one hand, the
# Q4 numbers look like acceleration", "At first glance, ...".
CONCEDING_OPENER = re.compile(
    r"^\W*(?:on\s+(?:the\s+)?one\s+hand|at\s+first\s+(?:glance|sight)|admittedly|one\s+could\s+argue|it\s+could\s+be\s+argued)\b",
    re.IGNORECASE,
)
# A sentence that sets itself against the one before: "Even so, total operating income fell".
# (Not "However" or "That said": they as often qualify a verdict just given.)
_CONCEDING_TURN = re.compile(
    r"^\W*(?:even\s+so|nevertheless|nonetheless|despite\s+(?:this|that|these)|in\s+spite\s+of\s+(?:this|that))\b",
    re.IGNORECASE,
)


def conceded(parts: list[str]) -> set[int]:
    """The indexes of ``parts`` (an answer's sentences) that the answer concedes on the way to
    its point: one that opens by conceding, and one without a yes or no of its own that the
    next sentence turns against ("Revenue grew 44%, which would normally expand margins.
    Even so, operating income fell")."""
    out = {i for i, part in enumerate(parts) if CONCEDING_OPENER.match(part)}
    out.update(i - 1 for i, part in enumerate(parts) if i and _CONCEDING_TURN.match(part) and not YES_NO.match(parts[i - 1]))
    return out


# "No significant debt was repaid", "✅ No suspension was disclosed": a "no" that opens its
# noun phrase, not a verdict word (one is set off by punctuation, "No. Debt rose", or says of
# whom, "No it did not").
DETERMINER_NO = re.compile(r"^\W*no\s+(?!(?:it|they|he|she|we|i|this|that|there|the\s+company|not)\b)[a-z]", re.IGNORECASE)
CONCLUSION = re.compile(
    r"^\W*(?:(?:so|therefore|thus|hence|in summary|in conclusion|overall|to summarize|in short|either\s+way|on\s+balance|all\s+in\s+all|all\s+things\s+considered|the\s+(?:final\s+)?answer\s+is"
    r"|bottom\s+line)\b|(?:final\s+)?(?:answer|verdict)\W{0,3}:)",
    re.IGNORECASE,
)
DENIAL_GOLD = re.compile(
    r"^\W*(?:there (?:are|were|is|was) (?:none|no)\b|none\b|no\b)|\b(?:did not|does not|do not|has not|have not|"
    r"is not|are not|was not|not (?:a )?(?:relevant|useful|meaningful|applicable|measured)|"
    r"irrelevant|inapplicable|meaningless|useless|"
    # "made no acquisitions", "has no debt securities listed", "reported no material proceedings"
    r"(?:made|makes|had|has|have|reported|reports|recorded|completed|announced|paid|pays|issued|faces?|faced) no)\b",
    re.IGNORECASE,
)


# Words that say a figure went up or went down ("rose 4%", "declined to $2.1 billion",
# "expansion of 3 points"): one list for every reading that asks which way something moved:
# the direction stated beside a value (``numeric_check``), the direction a yes/no verdict
# names (``verdict_polarity``), and the words of a change that name no item
# (``number_swaps``). Each entry is a regular expression for one word's forms.
# "Up" as a rise; "make up" is a share, not a rise: "Employee liabilities make up 87% of the
# liability", "Office loans make up 12% of the loan book".
NOT_MADE_UP = r"(?<!\bmake )(?<!\bmade )(?<!\bmakes )(?<!\bmaking )"  # before "up": not "make up"
UP = NOT_MADE_UP + "up"
RISE = (
    r"increas\w*", r"improv\w*", r"grow\w*", r"grew", r"rais\w*", r"ris(?:e|es|en|ing)", r"rose", r"higher",
    r"expand\w*", r"expansion", r"gain\w*", r"jump\w*", r"climb\w*", UP,
)
FALL = (
    r"decreas\w*", r"declin\w*", r"drop\w*", r"fell", r"fall\w*", r"lower\w*", r"shr[iau]nk\w*", r"deteriorat\w*",
    r"reduc\w*", r"contract(?:ed|ing|ion)", r"worsen\w*", r"slipp\w*", r"slid", r"down",
    # (What a margin suffers: "operating margin was pressured", "compressed", "squeezed".)
    r"compress(?:ed|ion)", r"squeezed", r"pressured", r"erod(?:ed|ing)", r"erosion",
)
# The words of RISE and FALL that judge a movement rather than say which way it went: days,
# costs, leverage and a combined ratio improve as they fall.
JUDGED_UP = (r"improv\w*", r"favou?rabl\w*")
JUDGED_DOWN = (r"deteriorat\w*", r"worsen\w*", r"unfavou?rabl\w*", r"advers\w*")
# The words of RISE and FALL that only say which way a thing went.
MOVEMENT_UP = tuple(w for w in RISE if w not in JUDGED_UP)
MOVEMENT_DOWN = tuple(w for w in FALL if w not in JUDGED_DOWN)
# What improves as it falls: a judgement of one of these ("leverage improved") is a fall.
LOWER_IS_BETTER = re.compile(
    r"\b(?:debt|leverage|costs?|expenses?|days|dso|dio|dpo|churn|losses|loss ratio|combined ratio|"
    r"delinquenc\w*|charge-offs?|vacanc\w*|unemployment)\b",
    re.IGNORECASE,
)


def judged_move(better: bool, text: str) -> str:
    """The way ("up" or "down") a judgement of better or worse moves what ``text`` speaks of."""
    return "up" if better != bool(LOWER_IS_BETTER.search(text)) else "down"


# Where one clause turns to another that may move another thing ("e-commerce sales fell 2%,
# while store sales grew 11%").
CLAUSE_TURN = re.compile(r";|\b(?:while|whereas|but)\b", re.IGNORECASE)
# The stems of scale and currency words: a unit says how a value is written, not what it is
# a value of ("$1.1 billion" and "$640 million" may both be cash flows), nor what caused it.
UNIT_STEMS = frozenset({"thousa", "millio", "billio", "trilli", "percen", "dollar", "usd"})
# A question that asks for a change ("year-over-year change in operating income", "growth").
ASKS_CHANGE = re.compile(
    r"\b(?:change|growth|grow|grew|increase|decrease|decline|drop|rise|yoy|year[- ]over[- ]year)\b", re.IGNORECASE
)
# A question that asks an average ("3 year average of capex", "mean").
ASKS_AVERAGE = re.compile(r"\baverage\b|\bmean\b", re.IGNORECASE)
# A sign rather than a movement: "positive free cash flow", "negative working capital".
ABOVE_ZERO = (r"positive",)
BELOW_ZERO = (r"negative", r"deficit")


def word_pattern(*groups: tuple[str, ...]) -> re.Pattern[str]:
    """One case-blind pattern for whole words of any of ``groups`` (tuples of word forms)."""
    return re.compile(r"\b(?:" + "|".join(form for group in groups for form in group) + r")\b", re.IGNORECASE)


PERIOD_WORD = re.compile(r"(?:fy|q[1-4]|h[12])?\d+")  # "FY2022", "Q3", "H1": periods, not content


def stem(word: str) -> str:
    """A crude stem: lower case, no possessive, and at most six letters (operating ~ operations)."""
    word = word.lower().strip("'’-")
    if word.endswith(("'s", "’s")):
        word = word[:-2]
    return word[:6]


def content(text: str) -> list[tuple[str, str]]:
    """(stem, original word) for the words that carry meaning."""
    out = []
    for w in WORD.findall(text):
        lower = w.lower()
        if lower not in STOP and len(w) > 2 and not PERIOD_WORD.fullmatch(lower):
            out.append((stem(w), w))
    return out


# What is read from a question or a gold alone is read once per text, not once per run:
# every run of a question shares them (an answer's own words are always read afresh).
@functools.lru_cache(maxsize=4096)
def stems_of(text: str) -> frozenset[str]:
    """The content stems of a question or gold text."""
    return frozenset(s for s, _ in content(text))


# Metrics named by their initials or spelled out: "ROA of 1.82%" and "return on assets of
# 1.82%" say a figure of one thing.
_METRIC_INITIALS = {
    "roa": "return on assets", "roe": "return on equity", "roic": "return on invested capital",
    "eps": "earnings per share", "fcf": "free cash flow", "cogs": "cost of goods sold",
    "dso": "days sales outstanding", "dpo": "days payable outstanding", "dio": "days inventory outstanding",
}


def with_initials(stems: frozenset[str]) -> frozenset[str]:
    """``stems`` with each metric's initials beside its spelled-out words, and the reverse."""
    more = set(stems)
    for initials, spelled in _METRIC_INITIALS.items():
        words = stems_of(spelled)
        if initials in stems:
            more |= words
        elif words <= stems:
            more.add(initials)
    return frozenset(more)


# Endings that turn one root into the words made from it, longest first: "acquisitions" and
# "acquired" are one act, "issuance" and "issued", "closure" and "closed", "expansion" and
# "expanded". Endings that make another meaning ("securities" from "secure") are not here.
_DERIVED = (
    ("isitions", "ir"), ("isition", "ir"), ("ctions", "c"), ("ction", "c"), ("nsions", "nd"), ("nsion", "nd"),
    ("ances", ""), ("ance", ""), ("ments", ""), ("ment", ""), ("ures", ""), ("ure", ""), ("ings", ""), ("ing", ""),
    ("ers", ""), ("er", ""), ("ied", "y"), ("ies", "y"), ("ed", ""), ("es", ""), ("s", ""),
)


@functools.lru_cache(maxsize=65536)
def root(word: str) -> str:
    """A word's root across the forms of one act or thing: "acquired", "acquires" and
    "acquisitions" all give "acquir". Compared for equality only, as ``stem`` is."""
    word = word.lower().strip("'’-")
    if word.endswith(("'s", "’s")):
        word = word[:-2]
    for ending, replacement in _DERIVED:
        if word.endswith(ending) and len(word) - len(ending) + len(replacement) >= 4:
            word = word[: len(word) - len(ending)] + replacement
            break
    return word[:-1] if word.endswith("e") and len(word) > 4 else word


# Words that make the number after them a bound, by the side it bounds ("at least $5,466
# million", "no more than 5%"): the negated forms first, so that a search ending at the
# number finds "no more than" before "more than".
BOUND_ABOVE = (
    # ("over" not after "turned": "inventory turned over 6.75 times" is a turnover, not a bound)
    r"(?:no|not) (?:less|fewer|lower|smaller) than", r"at least", r"(?:more|greater|higher|larger) than", r"(?<!turned )(?<!turns )(?<!turn )over", r"above",
    r"in excess of", r"exceed(?:s|ed|ing)?", r"upwards of",
)
BOUND_BELOW = (
    r"(?:no|not) (?:more|greater|higher|larger) than", r"at most", r"(?:less|fewer|lower|smaller) than", r"under", r"below",
    r"up to",
)
_BOUND_SIDE = re.compile(
    rf"\b(?:(?P<below>{'|'.join(BOUND_BELOW[:1])})|(?P<above>{'|'.join(BOUND_ABOVE)})|(?P<below2>{'|'.join(BOUND_BELOW[1:])}))\s*(?:US)?\$?\s*[-−(]?\s*$",
    re.IGNORECASE,
)


def bound_side(before: str) -> str | None:
    """"above" when ``before`` (the text up to a number) ends in words that bound it from
    below ("more than", "at least"), "below" for "less than", "no more than"; None when the
    number is stated as it is."""
    m = _BOUND_SIDE.search(before)
    return None if m is None else "above" if m.group("above") else "below"


# Words of movement that name one beside a driver or a pick: without the short ones that
# seldom do there ("made up", "write-down", "gain on sale").
# A driver's size compared is its movement too: "greater capital expenditure", "smaller orders".
MOVED_UP = word_pattern(tuple(w for w in RISE if w not in (UP, r"gain\w*")) + (r"greater", r"larger", r"bigger"))
MOVED_DOWN = word_pattern(tuple(w for w in FALL if w != r"down") + (r"smaller",))

# The two ways of a deal: what a company bought, what it let go. "Pfizer sold Trillium, Array
# and Therachon" answers "Which companies did Pfizer acquire?" with its names the other way.
# (Not a bare "buy": Best Buy is a company.)
BOUGHT = word_pattern((r"acqui\w*", r"purchas\w*", r"bought", r"buys", r"buying"))
SOLD = word_pattern((r"sold", r"sell\w*", r"divest\w*", r"dispos\w*", r"spun(?:-off)?", r"spin\w*(?:-off)?"))


# Characters that change how an answer reads to these patterns but not to a person: the
# full-width forms of ASCII ("＄１，５７７"), the ideographic space, and invisible ones
# (zero-width spaces and joiners, the soft hyphen, the byte-order mark) that split a figure.
_PLAIN = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: 0x20} | dict.fromkeys(
    (0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x00AD)
)


def plain(text: str) -> str:
    """``text`` as a reader sees it (see ``_PLAIN``); ASCII text is returned as it is."""
    return text if text.isascii() else text.translate(_PLAIN)


# Abbreviations an answer may use for the words a gold or question spells out.
# (The last dot of "U.S." is kept where it may end the sentence: before a capital or the end.)
_SPELLED_OUT = (
    (re.compile(r"\bU\.S\.(?:A\.)?(?=\s+[A-Z]|\s*$)"), "United States."),
    (re.compile(r"\bU\.S\.(?:A\.)?|\bUSA\b|\bUS\b(?!\$)"), "United States"),
    (re.compile(r"\bU\.K\.(?=\s+[A-Z]|\s*$)"), "United Kingdom."),
    (re.compile(r"\bU\.K\.|\bUK\b"), "United Kingdom"),
    (re.compile(r"\bCFO\b"), "chief financial officer"),
    (re.compile(r"\bCEO\b"), "chief executive officer"),
    (re.compile(r"\bCOO\b"), "chief operating officer"),
)


def spelled_out(answer: str) -> str:
    """``answer`` with "the U.S.", "the UK" and "the CFO" written as the gold and the question
    write them ("United States", "chief financial officer")."""
    for pattern, words in _SPELLED_OUT:
        answer = pattern.sub(words, answer)
    return answer


_QUARTER_IN_WORDS = re.compile(r"\b(?:first|second|third|fourth)\s+quarter\b", re.IGNORECASE)
_QUARTER_CODE = re.compile(r"\bQ([1-4])\b")
_ORDINAL = {"1": "first", "2": "second", "3": "third", "4": "fourth"}


def quarters_as_gold(answer: str, gold: str) -> str:
    """``answer`` with "Q4" written "fourth quarter" where the gold names its quarter in
    words ("The fourth quarter"), as a reader reads it; elsewhere as it is, since the
    readings of periods take "Q4 FY2022" as a period."""
    if not _QUARTER_IN_WORDS.search(gold) or not _QUARTER_CODE.search(answer):
        return answer
    return _QUARTER_CODE.sub(lambda m: f"{_ORDINAL[m.group(1)]} quarter", answer)


# A question's words that frame what it asks rather than name it: its verbs of asking and
# expecting, units and rounding ("Does management expect margins to improve?", "How did the
# customer count change?", "Answer in USD millions, rounded to one decimal place").
_QUESTION_FRAME = frozenset({
    "manage", "expect", "anticip", "believ", "foreca", "guidan", "guide", "plan", "compan", "report", "outloo",
    "change", "chang", "how", "did", "what", "much", "many", "fiscal", "answer", "round", "decima", "places", "place",
    "percen", "millio", "billio", "thousa", "units", "calcul", "using", "based", "inform", "provid", "primar", "statem",
    "shown", "please",
})


@functools.lru_cache(maxsize=4096)
def asked_subject(question: str) -> frozenset[str]:
    """The stems of what a question asks about: its common words (no names) less its framing
    (``_QUESTION_FRAME``): "margin" in "Does Birch Energy's management expect margins to
    improve?"."""
    return frozenset(s for s, w in content(question) if not w[0].isupper()) - _QUESTION_FRAME


# "It depends on ...", "depends on how you count": a verdict left to something else (a
# pattern to join into others). Not a fact that one thing depends on another ("its
# profitability depends on underwriting results"), nor one more factor ("capital intensity
# also depends on how much weight these assets carry").
IT_DEPENDS = (
    r"\b(?:it|that|this|which|the answer)\s+(?:really\s+)?depends\b"
    r"|(?<!\balso\s)\bdepends?\s+(?:(?:entirely|largely|heavily)\s+)?on\s+(?:how|whether|what|which|who|your|one's|one’s|the\s+(?:definition|industry|context|reader))\b"
)
