"""Parse quantities out of financial text: answers, gold answers and questions.

A ``Quantity`` keeps what a reviewer reads off a number: its signed value, the scale word
that followed it ("million", "bn", "k"), whether it is a percent, a currency amount or a
multiple ("9.5x"), and how many decimals were written (its displayed precision).

What is deliberately *not* a quantity, because a reviewer would never read it as an answer:
years ("2022", "FY2021", "'23"), days of dates ("June 30, 2020", "12/31/2022"), footnote
and list markers ("(1)", "1. "), references ("Note 5", "Item 7", "page 45", "10-K",
"S&P 500"), ordinals ("65th") and identifiers with digits ("Q2", "COVID-19", the company
name "3M").
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace

from harness.judge.number_words import numbers_in_words_as_figures

SCALES: dict[str, float] = {
    "thousand": 1e3, "thousands": 1e3, "k": 1e3,
    "million": 1e6, "millions": 1e6, "mn": 1e6, "mm": 1e6, "mil": 1e6, "mio": 1e6, "m": 1e6,
    "billion": 1e9, "billions": 1e9, "bn": 1e9, "bil": 1e9, "b": 1e9,
    "trillion": 1e12, "trillions": 1e12, "tn": 1e12, "t": 1e12,
    "cent": 0.01, "cents": 0.01,
}
# One-letter abbreviations are only read as scales when attached to a currency amount or
# a decimal number: "3M" is a company, "10K" a filing, but "$3M" and "1.6B" are amounts.
_ONE_LETTER = {"k", "m", "b", "t"}

# Units of quantity a figure may be written glued to: thousand tonnes, barrels (of oil
# equivalent) a day, megawatts and energy, ounces, kilometres.
_GLUED_UNIT = re.compile(r"(?:kt|MM[Bb]oe/d|MMbbls?/d|M[Bb]oe/d|Mbbls?/d|Mt|mt|[km]?boe/d|k?bbls?/d|[kMG]Wh?|TWh|k?oz|Moz|km)(?![A-Za-z])")
# Those whose "k" counts thousands of a unit a question names in words ("in thousand tonnes"),
# and the oil trade's "M" ("410 MBoe/d"); a kilometre or a kilowatt is a unit of its own, not
# a thousand of one.
_THOUSANDS_UNIT = frozenset({"kt", "kboe/d", "kbbl/d", "kbbls/d", "koz", "MBoe/d", "Mboe/d", "Mbbl/d", "Mbbls/d"})
# Those of barrels, tonnes and ounces: counted, as "barrels" and "tonnes" in words are.
_COUNTED_UNIT = re.compile(r"\w*(?:boe|bbls?)/d|kt|Mt|mt|k?oz|Moz", re.IGNORECASE)
# Those whose "M" counts millions: a million ounces ("1.2 Moz"), and the oil trade's "MM"
# (its single "M" is a thousand, above).
_MILLIONS_UNIT = frozenset({"Moz", "MMBoe/d", "MMboe/d", "MMbbl/d", "MMbbls/d"})
# Thousands are grouped by commas, or by the thin and no-break spaces of European style
# ("1\u202f577"), read as commas; a plain space stays a gap between two numbers.
_NUMBER = re.compile(r"(?<![\w.'’/])(\d{1,3}(?:[,\u202f\u2009\u00a0]\d{3})+|\d+)(\.\d+)?")
_GROUP_SPACES = str.maketrans({"\u202f": ",", "\u2009": ",", "\u00a0": ","})
_SUFFIX = re.compile(
    r"(?P<space>\s?)(?P<word>%|‰|‱|per mille\b|percentage[- ]points?|percent|per cent|pps?\b|bps?\b|basis[- ]points?|points?\b"
    r"|thousands?|millions?|billions?|trillions?|cents?\b|mn|mm|mil|mio|bn|bil|tn|[kmbt]\b|x\b|times\b)",
    re.IGNORECASE,
)
# The same note as a label before a figure: "(in thousands): 4,812", "($ in millions) $5,466",
# "In thousands: 4,812".
# ("reports the figure in thousands as $302,578": the scale said, then the figure "as" it.)
_SCALE_LABEL_BEFORE = re.compile(
    r"(?:\(\s?(?:in\s+|\$\s?(?:in\s+)?|USD\s+)?(thousands|millions|billions)\s?\)\s*[:=]?|\bin\s+(?:\$\s?|USD\s+)?(thousands|millions|billions)\s*(?::|\s+as|,?\s+(?:shows?|lists?|reports?|gives?|reads?|records?)))"
    r"\s*(?:US\$|\$|USD)?\s?[-−(]?\s?$",
    re.IGNORECASE,
)
_SCALE_NOTE = re.compile(r"\s?(?:\(\s?(?:in\s+|\$\s?)?(thousands|millions|billions)\s?\)|in\s+(thousands|millions|billions)\b)", re.IGNORECASE)
# Dollars of other countries ("C$", "HK$") are foreign; an "S$" in "US$" is not read as one,
# since the search takes the leftmost match. "RS." and "R$" (rupees, reais) likewise.
_FOREIGN_CODES = ("EUR", "GBP", "JPY", "CHF", "CAD", "AUD", "HKD", "CNY", "RMB", "INR", "KRW", "SEK", "NOK", "DKK", "MXN", "BRL", "SGD", "NZD")
_FOREIGN_DOLLARS = ("C$", "CA$", "A$", "AU$", "HK$", "NZ$", "S$", "R$", "MX$")
# Every currency code a figure may carry before it ("USD 1,234 million").
CURRENCY_CODES = ("USD", *_FOREIGN_CODES)
_CURRENCY_BEFORE = re.compile(
    r"(US\$|\b(?:" + "|".join(re.escape(d) for d in _FOREIGN_DOLLARS) + r")|\$|USD|€|£|¥|₹|₩|\bRs\.?|\b(?:" + "|".join(_FOREIGN_CODES) + r"))\s?$",
    re.IGNORECASE,
)
# A currency named after the amount, or its sign glued after it ("0.01$ per share", as some
# write it; not "$" opening the next amount).
_CURRENCY_AFTER = re.compile(r"^(?:\s?(?:USD|dollars|US dollars)\b|\$(?!\s?\d))", re.IGNORECASE)
_FOREIGN_CURRENCIES = frozenset({"€", "£", "¥", "₹", "₩", "RS", "RS.", *_FOREIGN_CODES, *_FOREIGN_DOLLARS})
# A currency named after the amount ("8.70 billion euros", "1,577 million Swiss francs").
_FOREIGN_AFTER = re.compile(
    r"^\s?(?:euros?|yen|yuan|renminbi|(?:swiss\s+)?francs?|pounds?(?:\s+sterling)?|sterling|rupees?|won|pesos?|reais"
    r"|kronor|kroner|krona|krone|(?:canadian|australian|hong kong|new zealand|singapore)\s+dollars?"
    r"|" + "|".join(_FOREIGN_CODES) + r")\b",
    re.IGNORECASE,
)
# The things a number counts when it is not money ("1,577 million shares", "982 stores").
COUNTED_AFTER = re.compile(
    r"\s?(?:(?:common|ordinary|diluted|basic|outstanding|retail|full-time|active)\s+)?"
    r"(?:shares|employees|stores|units|customers|people|members|locations|restaurants|vehicles|barrels|tons|tonnes"
    r"|subscribers|users|accounts|patients|hours|days|weeks|months|years|clubs|hotels|rooms|aircraft|branches)\b",
    re.IGNORECASE,
)
MONTHS = (  # month names and abbreviations, for a pattern
    "jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|"
    "july|august|september|october|november|december"
)
_DATE_DAY_BEFORE = re.compile(rf"\b(?:{MONTHS})\.?\s$", re.IGNORECASE)
# The day written before its month, as most of the world writes a date ("31 December 2022",
# "1st of July").
_DATE_MONTH_AFTER = re.compile(rf"(?:st|nd|rd|th)?\s(?:of\s)?(?:{MONTHS})\b", re.IGNORECASE)
_REFERENCE_BEFORE = re.compile(
    r"\b(?:item|items|note|notes|page|pages|p\.|pp\.|section|sections|rule|part|step|exhibit|form|"
    r"schedule|level|tier|chapter|article|footnote|no\.|phase|topic|asc|asu|regulation|"
    r"s&p|fortune|russell|nasdaq|act of|line|row|column|table|figure)\s?#?$",
    re.IGNORECASE,
)
# The second page of "pp. 61, 63", "pages 39 and 41", "Notes 5-7": a reference still.
_REFERENCES_GO_ON = re.compile(r"\b(?:pages|pp\.|notes|items)\s?\d{1,3}(?:\s?(?:,|and|&|-|–)\s?\d{1,3})*\s?(?:,|and|&|-|–)\s?$", re.IGNORECASE)
_SLASH_DATE = re.compile(r"\b\d{1,2}/\d{1,2}/\d{2,4}\b")
_PRECISION_AFTER = re.compile(r"\s*(?:d\.?p\b\.?|decimal(?:s|\s+places?|\s+digits?)?\b|sig(?:nificant)?\.?\s+fig)", re.IGNORECASE)
_DURATION_AFTER = re.compile(r"[- ]?(?:year|month|quarter|week)s?\b", re.IGNORECASE)
_ORDINAL_AFTER = re.compile(r"^(st|nd|rd|th)\b", re.IGNORECASE)

# A minus glued to the number, after a space, a bracket, a sign of equality or of markdown
# ("**-3.7**", "| -3.7 |", "\"-3.7\""); not a hyphen inside a word or an identifier.
_MINUS_BEFORE = re.compile(r"(?:^|[\s(=:,;*\"“\[|≈~])[-−]$")
_MINUS_CURRENCY_BEFORE = re.compile(r"(?:^|[\s(=:,;*\"“\[|≈~])[-−]\s?(US\$|\$)\s?$")
# A list item's dash at the start of a line ("- $1.5 billion remains"), not a minus.
# (Read in the last 64 characters before a figure: from the text's start, each figure of a
# long answer would read all before it again.)
_BULLET_BEFORE = re.compile(r"(?:^|\n)[ \t]*[-−][ \t]+(?:US\$|\$)?[ \t]?$")
# What a bracketed amount that restates the one before it follows: a figure with its unit
# ("$4.8 billion (", "25% (", "$2.5 per share (") or a fraction in words ("one quarter (").
_RESTATED_BEFORE = re.compile(
    r"(?:\d(?:\s?%|\s?(?:thousand|million|billion|trillion|bn|mn)s?|\s(?:per|a) share)|\b(?:half|thirds?|quarters?|fifths?|tenths?))"
    r"\s?\(\s?(?:US\$|\$)?\s?$",
    re.IGNORECASE,
)
_ZERO = re.compile(r"\bzero\b(?![-‐])", re.IGNORECASE)
# A common noun right before a bracket: a word in lower case that is no verb or preposition a
# value's slot opens with, nor a word of a figure's own row ("margin", "change", "loss").
_THING_BEFORE = re.compile(
    r"(?<![-\w])(?!(?i:was|were|is|are|be|been|being|of|at|to|by|from|for|totall?ed|reached|equals?|about|approximately|"
    r"roughly|around|nearly|almost|some|than|margin|change|growth|decline|decrease|increase|loss|losses|income|result)\s?\()"
    r"[a-z]{3,}\s?\(\s?(?:US\$|\$)?\s?$"
)
_SENTENCE_GOES_ON = re.compile(r"\s+[a-z]{2,}\b(?!\s*[\d$(])")


def _says_again(text: str, before: Quantity, value: float, percent: bool, start: int) -> bool:
    """Does a value in brackets, its unit inside them, say ``before`` again to its last digit,
    later in the same sentence ("$1.2 billion ... in FY2021 ($1,248 million)")? Then it is
    that figure, not a loss in brackets; a loss said again would carry the sign before."""
    return (
        before.number > 0 and before.percent == percent and abs(value - before.value) <= before.half_ulp
        and start - before.end <= _SAID_AGAIN_WITHIN and not _SENTENCE_END_BETWEEN.search(text, before.end, start)
        and not _LOSS_BETWEEN.search(text, before.end, start)
    )


_SENTENCE_END_BETWEEN = re.compile(r"[.;!?](?:\s|$)")
# Words that make a bracketed figure after them a loss after all ("$1.2 billion of revenue and
# a loss of ($1,248 million)").
_LOSS_BETWEEN = re.compile(r"\b(?:loss|losses|lost|lose|deficits?|negative|decline[sd]?)\b", re.IGNORECASE)
_SAID_AGAIN_WITHIN = 80  # characters: a clause's words on the figure, not another clause's figure
_WORD_DECIMALS = {"zero": 0, "no": 0, "one": 1, "two": 2, "three": 3, "four": 4, "0": 0, "1": 1, "2": 2, "3": 3, "4": 4}


_SIGN_BEFORE_CURRENCY = re.compile(r"(?<![\w.])([-−])(US\$|\$)(?=\s?\d)")


def sign_after_currency(text: str) -> str:
    """``text`` with a minus before a dollar sign put after it ("-$96.00" as "$-96.00"): the
    same length, so every position stays, and the words that deny, bound or restate a value
    ("not $X", "at least $X") are written for a sign after the currency."""
    if "$" not in text:
        return text
    return _SIGN_BEFORE_CURRENCY.sub(lambda m: m.group(2) + m.group(1), text)


# "20% → 23%", "$3.8B -> $4.2B": a change written with an arrow.
_ARROWS = ("→", "->", "⟶", "➝", "➔")
_ARROW_AFTER_VALUE = re.compile(
    r"((?:\bfrom\s+)?[-−]?\$?\s?\d[\d,.]*%?(?:\s?(?:million|billion|thousand|[MBK])\b)?)\s*(?:"
    + "|".join(map(re.escape, _ARROWS)) + r")\s*"
)


def arrows_written_out(text: str) -> str:
    """``text`` with a change written with an arrow ("20% → 23%") in words ("from 20% to
    23%"), as every reading of where a change started and ended reads it."""
    if not any(arrow in text for arrow in _ARROWS):
        return text
    return _ARROW_AFTER_VALUE.sub(lambda m: f"{'' if m.group(1).startswith('from') else 'from '}{m.group(1)} to ", text)


# LaTeX as a model writes figures in it: inline math between dollar signs that holds a
# command or a grouped comma ("grew $65.4\%$", "$\$5{,}466$ million"), read as its content;
# "{,}" as a comma and "\$" as a dollar sign. (Two amounts in one sentence, "$5 and $6", hold
# no backslash or brace between their signs, and stay amounts.)
_INLINE_MATH = re.compile(r"(?<![\\\w])\$(?!\s)((?:[^$\n]|\\\$){1,80}?(?:\\|\{,\})(?:[^$\n]|\\\$){0,80}?)(?<![\s\\])\$(?!\w)")


# What LaTeX strikes out or draws invisibly ("\sout{5{,}466}", "\phantom{5{,}466}"): not said,
# as struck-through or hidden markup is not. What it sets as text ("\text{not }") is said.
_LATEX_UNSAID = re.compile(r"\\(?:sout|st|cancel|xcancel|bcancel|phantom|hphantom|vphantom)\s*\{[^{}]*(?:\{,\}[^{}]*)*\}")
_LATEX_TEXT = re.compile(r"\\(?:text|textbf|textit|textrm|mathrm|mathbf|mbox)\s*\{([^{}]*)\}")


# A computation set in LaTeX ("\\frac{744}{5{,}000} \\times 365 \\approx 54.31", between "$$"
# or "\\[ ... \\]"): its fractions, operators and delimiters as plain text writes them, so that
# its operands read as operands and its result as the figure it arrives at.
_LATEX_FRACTION = re.compile(r"\\[dt]?frac\s*\{((?:[^{}]|\{,\})*)\}\s*\{((?:[^{}]|\{,\})*)\}")
_LATEX_SYMBOLS = (
    (re.compile(r"\\(?:times|cdot)(?![A-Za-z])"), " × "), (re.compile(r"\\div(?![A-Za-z])"), " ÷ "),
    (re.compile(r"\\approx(?![A-Za-z])"), " ≈ "), (re.compile(r"\\left\s*([(\[])|\\right\s*([)\]])"), r"\1\2"),
    (re.compile(r"\$\$|\\\[|\\\]|\\\(|\\\)"), " "),
)
_LATEX_SPACE = re.compile(r"\\[,;:! ]")  # thin and other spaces, read after the inline math they may mark
# A reasoning model's boxed final answer ("Final answer: $\\boxed{3.45}$"): its content.
_LATEX_BOXED = re.compile(r"(\$?)\\(?:boxed|fbox)\s*\{((?:[^{}]|\{,\})*)\}(\$?)")


def latex_written_out(text: str) -> str:
    """``text`` with figures written in LaTeX written plainly (see ``_INLINE_MATH`` and
    ``_LATEX_SYMBOLS``), less what LaTeX strikes out or hides (``_LATEX_UNSAID``)."""
    if "\\" not in text and "{,}" not in text:
        return text  # most answers
    text = _LATEX_UNSAID.sub(" ", text)
    text = _LATEX_TEXT.sub(lambda m: m.group(1), text)
    # (The math delimiters around a box go with it; one left alone stays.)
    text = _LATEX_BOXED.sub(lambda m: m.group(2) if m.group(1) and m.group(3) else m.group(1) + m.group(2) + m.group(3), text)
    for _ in range(3):  # a fraction within a fraction, from the inside out
        text, found = _LATEX_FRACTION.subn(lambda m: f"{m.group(1)} / {m.group(2)}", text)
        if not found:
            break
    for pattern, plain in _LATEX_SYMBOLS:
        text = pattern.sub(plain, text)
    text = _LATEX_SPACE.sub(" ", _INLINE_MATH.sub(lambda m: m.group(1), text))
    return text.replace("{,}", ",").replace("\\$", "$").replace("\\%", "%")


# A citation mark of a file-search tool ("【4:0†source】") or a markdown footnote's mark
# ("$1,196 million[^1]", and "[^1]:" before the note itself) beside a figure: no number of the answer.
_CITATION_MARK = re.compile(r"【[^】\n]{0,80}】|\[\^[\w-]{1,20}\]:?")


# The percent words of _SUFFIX: a percent, percentage points, basis points.
_PERCENT_WORD = re.compile(r"%|percent|per cent|percentage[- ]points?|pps?$|bps?$|basis[- ]points?|points?$", re.IGNORECASE)


def figures_written_plainly(text: str) -> str:
    """``text`` with its figures written as every reading reads them: without a file-search
    tool's citation marks, LaTeX written out (``latex_written_out``), a sign after the
    currency (``sign_after_currency``), a change in words, not arrows (``arrows_written_out``),
    a share in words as a percent (``fractions_as_percents``), a number in words as its digits
    (``number_words``: "one point seven three" as 1.73), and a name joined by a hyphen
    written as its words ("Asia-Pacific" as "Asia Pacific", which a gold spells either way)."""
    if "【" in text or "[^" in text:
        text = _CITATION_MARK.sub("", text)
    return fractions_as_percents(arrows_written_out(sign_after_currency(latex_written_out(names_written_plainly(numbers_in_words_as_figures(text))))))


def names_written_plainly(text: str) -> str:
    """``text`` with a name joined by a hyphen written as its words ("Asia-Pacific" as "Asia
    Pacific"), as ``figures_written_plainly`` writes an answer's and a gold's: a question is
    read so too, or its "Asia-Pacific" would be another option than the gold's "Asia Pacific"."""
    return _HYPHENED_NAME.sub(r"\1 ", text) if "-" in text else text


# Two words joined by a hyphen, the second capitalised: "Asia-Pacific", "Coca-Cola", a
# sentence's "asia-Pacific" (not "Non-GAAP",
# "COVID-19" or "year-over-year").
_HYPHENED_NAME = re.compile(r"\b([A-Z]?[a-z]+)-(?=[A-Z][a-z]+\b)")


# A share in words ("about one third of sales", "roughly a quarter of revenue", "two-thirds
# of its debt"): the whole percent it stands for, which the answer's "33%" or the gold's
# "33.3%" is compared with as figures are. Only before "of" (a share of something: "a
# quarter of revenue", not "in a quarter"), and not where the figure follows in brackets
# ("one quarter (24.6%) of"), which says it exactly already.
_FRACTION_PERCENT = {
    "half": 50, "third": 33, "quarter": 25, "fifth": 20, "tenth": 10,
    "thirds": 67, "quarters": 75, "fifths": 40,  # after "two" or "three"; "three fifths" below
}
_FRACTION_WORDS = re.compile(
    r"\b(?P<count>one|a|two|three)[\s-]+(?P<part>half|thirds?|quarters?|fifths?|tenth)(?=\s+of\b)"
    # "in a quarter of 2022", "one quarter of the fiscal year": a span of time, not a share
    # ("a third of its FY2022 sales" is one: a thing of the year follows)
    r"(?!\s+of\s+(?:(?:the|its|this|that|fiscal|calendar|financial)\s+)*(?:(?:FY|Q)?\d+\b(?!\s+[a-z])|years?\b|decades?\b|centur))",
    re.IGNORECASE,
)


def fractions_as_percents(text: str) -> str:
    """``text`` with each share written in words (``_FRACTION_WORDS``) as its percent, when
    it holds no figure of its own: beside a figure ("fuel rose 61% and made up about a third
    of costs") the share is a detail, and made a second figure it would turn a one-figure
    gold, whose figure an answer must commit to, into a list any answer holding both meets."""
    if not any(part in text.lower() for part in ("half", "third", "quarter", "fifth", "tenth")):
        return text
    if not _FRACTION_WORDS.search(text) or parse_quantities(text):
        return text

    def percent(match: re.Match[str]) -> str:
        count, part = match.group("count").lower(), match.group("part").lower()
        several = count in ("two", "three")
        if several != part.endswith("s") or (count == "three" and part == "thirds"):
            return match.group(0)  # "two third", "a thirds", "three thirds": not a share
        value = 60 if (count, part) == ("three", "fifths") else _FRACTION_PERCENT[part]
        return f"{value}%"

    return _FRACTION_WORDS.sub(percent, text)


@dataclass(frozen=True)
class Quantity:
    """A number as written in text, with the qualifiers that change its meaning."""

    number: float  # signed, as written ("(1,234)" -> -1234.0); bps already turned into percent
    scale: float = 1.0  # from an explicit scale word; 1.0 when none was written
    percent: bool = False
    currency: bool = False
    multiple: bool = False  # "9.5x", "9.5 times"
    decimals: int = 0  # digits written after the decimal point
    explicit_scale: bool = False
    start: int = 0
    end: int = 0
    text: str = ""
    foreign_currency: bool = False  # "€1,577 million", "£12m": not the dollars a USD question asks for
    counted: bool = False  # "1,577 million shares", "982 stores": a count of things, not money

    @property
    def value(self) -> float:
        """The number times its scale word (percent stays in percent points)."""
        return self.number * self.scale

    @property
    def half_ulp(self) -> float:
        """Half a unit of the last written digit: how far the true value may be from it."""
        return 0.5 * 10.0 ** (-self.decimals) * self.scale

    def restates(self, other: Quantity) -> bool:
        """Is ``other`` this value again, within the rounding of either ("$411 million" and
        "$0.41 billion", "381,603 thousand" and "$382 million")?"""
        return abs(self.value - other.value) <= max(self.half_ulp, other.half_ulp)


@dataclass(frozen=True)
class QuestionUnit:
    """What the question says about the unit of its answer."""

    scale: float | None = None  # 1e6 for "in USD millions"
    percent: bool = False  # "in units of percents", "% margin", "as a %"
    decimals: int | None = None  # "round to two decimal places"
    currency: bool = False
    # A percent the question asks for in points: 0.01 for "in percentage points", 0.0001 for
    # "in basis points", the size of one point as a fraction. A bare gold counts these.
    points: float | None = None


def _looks_like_year(digits: str, frac: str | None, has_unit: bool) -> bool:
    if frac or has_unit or "," in digits or len(digits) != 4:
        return False
    return 1900 <= int(digits) <= 2100


def _list_marker(text: str, start: int, end: int) -> bool:
    """'1. Revenue', '2) Capex' and '(3) Other' opening a line, and '2) Capex' within one
    ("includes: 1) AFFF cases ... 2) State lawsuits"): list enumerations, not values."""
    digits = text[start:end]
    # Length first: int() refuses a run of over 4,300 digits, which a degenerate answer can hold.
    if not digits.isdigit() or len(digits) > 3 or int(digits) >= 100:
        return False
    # Only the last few characters before matter: a long line is read in constant time.
    window = max(0, start - 40)
    line_start = max(text.rfind("\n", window, start) + 1, window)
    before = text[line_start:start].strip()
    after = text[end:end + 2]
    if before not in ("", "(", "-", "*", "•"):
        # Within a line only "N)" after a clause's end or a joining word and before a word:
        # a figure closes no bracket it did not open.
        return bool(_INLINE_MARKER_BEFORE.search(before)) and bool(re.match(r"\)\s+[A-Za-z\"'“*]", text[end:end + 8]))
    return bool(re.match(r"[.)]\s|[.)]$", after)) or (before == "(" and after.startswith(")"))


_INLINE_MARKER_BEFORE = re.compile(r"(?:[:;,.]|\b(?:and|or|then))$", re.IGNORECASE)


def parse_quantities(text: str) -> list[Quantity]:
    """Every value-like number in ``text``, in order, without years, dates and markers."""
    if not text:
        return []
    slash_spans = [m.span() for m in _SLASH_DATE.finditer(text)]
    out: list[Quantity] = []
    for match in _NUMBER.finditer(text):
        start, end = match.span()
        digits, frac = match.group(1).translate(_GROUP_SPACES), match.group(2)
        if any(a <= start < b for a, b in slash_spans):
            continue
        before = text[max(0, start - 24):start]
        after = text[end:end + 24]
        # Identifiers: a letter or hyphen-joined word right before ("COVID-19", "FY2022"),
        # a filing form after ("10-K"), ordinals ("65th").
        if re.search(r"[A-Za-z]-$", before) or re.match(r"-[A-Za-z]", after) or _ORDINAL_AFTER.match(after):
            continue
        if _REFERENCE_BEFORE.search(before) or _REFERENCES_GO_ON.search(before) or _list_marker(text, start, end):
            continue
        if before.endswith("[") and after.startswith("]") and not frac and end - start <= 2:
            continue  # a footnote's mark, "[1]"
        if not frac and "," not in digits and _DURATION_AFTER.match(after):
            continue  # "3 year average", "12-month period": a span of time, not a value
        if not frac and "," not in digits and _PRECISION_AFTER.match(after):
            continue  # "Rounded to 1 dp: 65.4%", "2 decimal places": a precision, not a value
        number = float(digits.replace(",", "") + (frac or ""))
        decimals = len(frac) - 1 if frac else 0
        scale, explicit, percent, multiple = 1.0, False, False, False
        suffix_end = end
        unsigned = re.sub(r"[-−(]$", "", before)
        cur_before = _CURRENCY_BEFORE.search(unsigned)
        currency = bool(cur_before)
        suffix = _SUFFIX.match(after)
        offset = end
        if not suffix and after.startswith(")") and re.search(r"\(\s?(?:US\$|\$)?\s?$", before):
            # "$(473) million", "(1.3) percentage points": the scale word or the percent
            # follows the accounting parenthesis.
            suffix = _SUFFIX.match(after[1:])
            offset = end + 1
            if suffix and suffix.group("word").lower() not in SCALES and not _PERCENT_WORD.match(suffix.group("word")):
                suffix, offset = None, end
        if suffix:
            word = suffix.group("word").lower()
            spaced = bool(suffix.group("space"))
            if word in _ONE_LETTER:
                # "3M" is a company and "10K" a filing; "$3M", "1.6B" and "$ 124 m" are amounts.
                if currency or frac:
                    scale, explicit = SCALES[word], True
                    suffix_end = offset + suffix.end()
                elif not spaced:
                    continue
            elif word in SCALES:
                scale, explicit = SCALES[word], True
                currency = currency or word.startswith("cent")
                suffix_end = offset + suffix.end()
            elif word == "%" or word.startswith(("percent", "per cent", "pp")) or word in ("point", "points"):
                # (A bare "3.1 points" of a margin or a growth rate is percentage points.)
                percent = True
                suffix_end = offset + suffix.end()
            elif word in ("‰", "per mille"):  # tenths of a percent: "65.4‰" is 6.54%
                percent, number, decimals = True, number / 10.0, decimals + 1
                suffix_end = offset + suffix.end()
            elif word in ("bp", "bps", "basis point", "basis points", "basis-point", "basis-points", "‱"):
                percent, number, decimals = True, number / 100.0, decimals + 2
                suffix_end = offset + suffix.end()
            elif word == "x" and not spaced or word == "times":
                multiple = True
                suffix_end = offset + suffix.end()
        if not explicit:
            # "$5,466,312 (in thousands)", "5,466 in millions": the statement's note of scale
            # after the figure is its scale, as a scale word would be.
            note = _SCALE_NOTE.match(text, suffix_end) or (
                _SCALE_NOTE.match(text, suffix_end + 1) if text.startswith(")", suffix_end) else None  # "$(473) (in millions)"
            )
            if note:
                scale, explicit = SCALES[(note.group(1) or note.group(2)).lower()], True
                suffix_end = note.end()
            elif label := _SCALE_LABEL_BEFORE.search(before):
                # "Revenue (in thousands): 4,812", "the balance sheet, in thousands, shows
                # $302,578": a label's scale is the figure's after it.
                scale, explicit = SCALES[(label.group(1) or label.group(2)).lower()], True
        physical = False  # a glued unit of a physical quantity counted ("430 kboe/d", "1.2 Moz")
        if not suffix or suffix_end == end:
            # An unknown word glued to the number is an identifier ("1A", "2nd", "3D"); a
            # physical unit is not ("312kt", "430kboe/d", "500MW"): the figure stands, in it,
            # and a unit of thousands ("kt", "kboe/d", not "km") is its scale.
            if after.startswith(" "):
                unit = _GLUED_UNIT.match(after, 1)  # "430 kboe/d"
            else:
                unit = _GLUED_UNIT.match(after)
                if unit is None and re.match(r"[A-Za-z]", after):
                    continue
            if unit is not None and unit.group(0) in _THOUSANDS_UNIT and not explicit:
                scale, explicit = SCALES["thousand"], True
            elif unit is not None and unit.group(0) in _MILLIONS_UNIT and not explicit:
                scale, explicit = SCALES["million"], True
            physical = unit is not None and _COUNTED_UNIT.fullmatch(unit.group(0)) is not None
        foreign_after = _FOREIGN_AFTER.match(text[suffix_end:suffix_end + 24]) is not None
        if not currency and (foreign_after or _CURRENCY_AFTER.match(text[suffix_end:suffix_end + 12])):
            currency = True
        has_unit = currency or percent or explicit or multiple
        if _looks_like_year(digits, frac, has_unit):
            continue
        if not has_unit and not frac and "," not in digits and number <= 31 and (
            _DATE_DAY_BEFORE.search(before) or _DATE_MONTH_AFTER.match(text, end)
        ):
            continue
        # Sign: accounting parentheses "(1,234)" / "$(1,234)", or a minus glued to the number.
        negative = False
        # The text before with the currency sign taken out, a sign after it kept ("$-215").
        stripped = unsigned[: cur_before.start()] + before[len(unsigned):] if cur_before else before
        close = text[suffix_end:suffix_end + 1] == ")" or text[end:end + 1] == ")"
        if close and (stripped.endswith("(") or before.endswith("(")):
            if not has_unit and not frac and "," not in digits and number < 10:
                continue  # "(1)": a footnote or list marker, not a loss of one
            # "About one quarter (24.6%)", "$4.8 billion ($4,812 million)": the amount said
            # again more exactly, its unit inside the brackets, not a loss in brackets.
            unit_inside = suffix_end > end or (cur_before is not None and not before.endswith("("))  # "($2.47)", not "$(2.47)"
            negative = not (text.startswith(")", suffix_end) and unit_inside and _RESTATED_BEFORE.search(stripped))
            if negative and unit_inside and out and _says_again(text, out[-1], number * scale, percent, start):
                negative = False
            if negative and not unit_inside and "," in digits and out and out[-1].explicit_scale \
                    and _says_again(text, out[-1], number * scale, percent, start):
                # "about 9.8 thousand homes (9,840)": the figure written out in full, its digits
                # the scaled one's to its last place; a loss would not restate it so.
                negative = False
            if negative and unit_inside and text.startswith(")", suffix_end) and _THING_BEFORE.search(stripped) \
                    and _SENTENCE_GOES_ON.match(text, suffix_end + 1):
                # "the rest (58%) came from ...": a share set in brackets after the common noun
                # it is of, the sentence going on, is said again, not a loss. Not after a
                # name ("the US (24.6%)", another entity's share, stays unread as the answer),
                # a value's slot ("was (58%)") or at a row's end ("Margin (12.6%)").
                negative = False
        elif (_MINUS_BEFORE.search(stripped) or _MINUS_CURRENCY_BEFORE.search(before)) and not _BULLET_BEFORE.search(text, max(0, start - 64), start):
            # (Not a dash that sets off the figure said again to its last digit: "about USD
            # 16.5 bn - $16,525 million exactly".)
            negative = not (out and before.rstrip("$US \t").endswith(" -") and _says_again(text, out[-1], number * scale, percent, start))
        if negative:
            number = -number
        out.append(Quantity(
            number=number, scale=scale, percent=percent, currency=currency, multiple=multiple,
            decimals=decimals, explicit_scale=explicit, start=start, end=suffix_end,
            text=text[start:suffix_end],
            foreign_currency=foreign_after or (cur_before is not None and cur_before.group(1).upper() in _FOREIGN_CURRENCIES),
            counted=not percent and (physical or bool(COUNTED_AFTER.match(text, suffix_end))),
        ))
    # "zero" is the one number word worth reading: golds such as "state 0 if not outlined".
    for word in _ZERO.finditer(text):
        out.append(Quantity(number=0.0, start=word.start(), end=word.end(), text=word.group(0)))
    return _proportions_as_percents(text, _ranges_share_units(text, sorted(out, key=lambda q: q.start)))


# "85 of every 100 seats", "1 in every 4 customers": one proportion, not two values.
_OF_EVERY = re.compile(r"\s+(?:out\s+)?(?:of|in)\s+(?:every|each)\s+")


def _proportions_as_percents(text: str, found: list[Quantity]) -> list[Quantity]:
    """``found`` with each proportion written "N of every M" read as the one percent it
    states (85 of every 100 is 85%), where an answer restates a rate ("84.7%, about 85 of
    every 100 seats"): read as two bare numbers it made a one-value answer a list."""
    if len(found) < 2 or " every " not in text:
        return found
    out: list[Quantity] = []
    skip = False
    for part, whole in zip(found, [*found[1:], None], strict=True):
        if skip:
            skip = False
            continue
        bare = whole is not None and not any(
            q.percent or q.currency or q.multiple or q.explicit_scale for q in (part, whole)
        )
        if bare and whole is not None and 0 <= part.number <= whole.number and _OF_EVERY.fullmatch(text, part.end, whole.start):
            digits = max(0, part.decimals + len(str(int(whole.number))) - 3)  # 85 of 100: 85%; 5 of 1000: 0.5%
            out.append(replace(part, number=100.0 * part.number / whole.number, percent=True, decimals=digits,
                               end=whole.end, text=text[part.start:whole.end]))
            skip = True
            continue
        out.append(part)
    return out


RANGE_JOIN = re.compile(r"\s?(?:-|–|to)\s?(?:US\$|\$)?")


@functools.lru_cache(maxsize=4096)  # a gold's ranges are read once, not once per answer
def ranges(text: str) -> tuple[tuple[float, float], ...]:
    """The ranges ``text`` states ("4% to 6%", "$8.4 to $8.6 billion"), as pairs of values; not
    a change's two ends ("rose from 48% to 53%")."""
    found = parse_quantities(text)
    return tuple(
        (low.value, high.value) for low, high in zip(found, found[1:])
        if low.percent == high.percent and RANGE_JOIN.fullmatch(text, low.end, high.start)
        and not FROM_BEFORE.search(text, 0, low.start)
    )


# The words before the value a change starts from ("from $2.1 billion", "from -3.2%").
FROM_BEFORE = re.compile(r"\bfrom\s+(?:US\$|\$)?\s?[-−(]?$", re.IGNORECASE)


def _ranges_share_units(text: str, found: list[Quantity]) -> list[Quantity]:
    """A range's first end written bare takes the unit of its second ("4-6%", "4 to 6%",
    "$1.5-2.0 billion"): "4" there is 4%, not a plain 4."""
    for i, (low, high) in enumerate(zip(found, found[1:])):
        if low.percent or low.explicit_scale or low.multiple or not RANGE_JOIN.fullmatch(text, low.end, high.start):
            continue
        if high.percent or high.explicit_scale:
            found[i] = replace(
                low, percent=high.percent, scale=high.scale, explicit_scale=high.explicit_scale,
                currency=low.currency or high.currency,
            )
    return found


def display_precision(q: Quantity) -> Quantity:
    """A gold's quantity with the precision it really shows.

    Trailing zeros of the decimals are not precision: FinanceBench formats every amount
    with two decimals ("$8.70" is 8.7 billion), so they are dropped.
    """
    frac = re.search(r"\.(\d+)", q.text)
    # The decimals parsing added for the unit ("35 basis points" is 0.35%, two more places)
    # are kept: only the shown digits' trailing zeros are no precision.
    shown = len(frac.group(1)) if frac else 0
    return replace(q, decimals=(len(frac.group(1).rstrip("0")) if frac else 0) + max(q.decimals - shown, 0))


def parse_number(text: str) -> Quantity | None:
    """The single quantity of a short text such as a formatted gold ("$1577.00", "1.9%")."""
    found = parse_quantities(str(text).strip())
    return display_precision(found[0]) if len(found) == 1 else None


_Q_SCALE = re.compile(
    r"\b(?:in|of|as|using)\s+(?:units\s+of\s+)?(?:usd|us\$|\$|dollars|us\s+dollars)?\s*"
    r"(thousands?|millions?|billions?|trillions?|mn|bn)\b"
    r"|\b(?:usd|us\$|\$)\s*(thousands?|millions?|billions?|trillions?|mn|bn)\b",
    re.IGNORECASE,
)
_Q_PERCENT = re.compile(
    r"units? of percents?|\bin percent|\bas a (?:%|percent)|%\s*(?:margin|change|of)|\bpercent(?:age)?\b|%",
    re.IGNORECASE,
)
_Q_DECIMALS = re.compile(r"round\w*\s+(?:\w+\s+){0,3}?to\s+(?:the\s+)?(\w+)\s+decimal", re.IGNORECASE)


@functools.lru_cache(maxsize=4096)  # a question's unit is read once, not once per run of it
def question_unit(question: str) -> QuestionUnit:
    """Read the unit the question asks for ("in USD millions", "in units of percents")."""
    scale = None
    m = _Q_SCALE.search(question or "")
    if m:
        word = (m.group(1) or m.group(2)).lower()
        scale = SCALES.get(word, SCALES.get(word.rstrip("s")))
    decimals = None
    d = _Q_DECIMALS.search(question or "")
    if d and d.group(1).lower() in _WORD_DECIMALS:
        decimals = _WORD_DECIMALS[d.group(1).lower()]
    if re.search(r"nearest (?:whole|integer)", question or "", re.IGNORECASE):
        decimals = 0
    percent = bool(_Q_PERCENT.search(question or ""))
    # A scale alone asks for money ("in millions"), but not one of things counted ("in
    # thousand tonnes", "in millions of barrels").
    counted = m is not None and (
        bool(COUNTED_AFTER.match(re.sub(r"^\s*of\b", "", (question or "")[m.end():])))
        or re.search(r"\bhow many\b", question or "", re.IGNORECASE) is not None
    )
    currency = bool(scale) and not counted or bool(re.search(r"\busd\b|\$|dollars", question or "", re.IGNORECASE))
    points = 0.0001 if _Q_BASIS_POINTS.search(question or "") else (0.01 if _Q_PERCENT_POINTS.search(question or "") else None)
    return QuestionUnit(scale=scale, percent=percent or points is not None, decimals=decimals, currency=currency, points=points)


_Q_BASIS_POINTS = re.compile(r"\bbasis[- ]points?\b|\bbps\b", re.IGNORECASE)
_Q_PERCENT_POINTS = re.compile(r"\bpercentage[- ]points?\b|\bpp\b", re.IGNORECASE)

