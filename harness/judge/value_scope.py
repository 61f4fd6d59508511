"""When and of what an answer states a value: its period and its scope.

The commitment reading (``commitment.find_commitment``) passes over values stated for
another period than the question's ("$1,373 million in FY2017" when FY2018 is asked; "the
prior year"; a change over another span of years) and for another entity or scope ("For
Amazon, it was $X", "The industry average is $X", "In Q4 alone it was $X"). This module
reads both; the years an answer or a question names are read here too.
"""
from __future__ import annotations

import functools
import re

from harness.judge.amounts import CURRENCY_CODES, MONTHS, Quantity
from harness.judge.line_items import another_line_item

# A period named by a year: "FY2018", "FY 18", "fiscal 2018", "fiscal year 2018", "2018", "Jun'23".
_YEAR = re.compile(
    r"\b(?:FY\s?|fiscal\s+(?:year\s+)?)'?(?P<fy>\d{4}|\d{2})\b|(?<![\d,.$])(?P<plain>(?:19|20)\d{2})\b(?![,.]\d)|'(?P<short>\d{2})\b",
    re.IGNORECASE,
)
# An instrument or plan a year names ("2022 Five Year Credit Agreement", "2031 Senior Notes",
# "2019 Omnibus Incentive Plan"): the capitalised words of its title, then what it is.
_NAMED_BY_YEAR = re.compile(
    r"(?:\s+[A-Z0-9][\w-]*){0,5}?\s+(?:Credit\s+)?(?:Agreements?|Notes|Plans?|Facilit(?:y|ies)|Indentures?|Programs?|Programmes?|"
    r"Debentures|Bonds|Term\s+Loans?)\b"
)
_PERIOD_BEFORE = re.compile(r"\b(?:in|for|during|since|of|by|until|through)\s+$", re.IGNORECASE)  # "in 2022 Notes were issued"
_DATED = re.compile(r"(?:jan\w*|feb\w*|mar\w*)\.?\s+\d{1,2},?\s*$", re.IGNORECASE)
_RANGE_BETWEEN = re.compile(r"^\s*(?:-|–|—|to|through|and)\s*$", re.IGNORECASE)
# Periods an answer may name for a figure that are never the fiscal year a gold states: some
# years before it, or a trailing twelve months.
_YEARS_BEFORE = r"\b(?:two|three|four|five|[2-9]) (?:fiscal )?years (?:earlier|ago|before|prior)\b"
_TRAILING_YEAR = r"\btrailing[- ]twelve[- ]months?\b|\bTTM\b"
# ("in the prior year" is not one: it is the year before the answer's own, which may be the
# gold's "from 15.9% in FY2021".)
_SHIFTED_PERIOD = re.compile(f"{_YEARS_BEFORE}|{_TRAILING_YEAR}", re.IGNORECASE)
_OTHER_PERIOD = re.compile(
    r"\b(?:prior|previous|preceding|last) (?:fiscal )?(?:year|period|quarter)|\ba year (?:earlier|ago|before)\b|"
    r"\byear-ago\b|\bthe year before\b|"
    # ("20% higher than two years earlier" compares the value with another period's.)
    rf"(?<!than ){_YEARS_BEFORE}|{_TRAILING_YEAR}",
    re.IGNORECASE,
)


def in_another_year(gold: str, answer: str, question: str = "") -> bool:
    """Does the answer tell a figure of the gold of another period than the gold does: the
    gold dates it ("repurchased $600 million in FY2022"), and wherever the answer holds it,
    it dates it otherwise ("... in FY2020", "... two years earlier")?

    A figure is dated by the periods its clause names as its own: a fiscal year ("FY2020",
    "fiscal 2020"), a year after "in", "for", "at", "as of", "end of" ("at the end of 2019"),
    some years before, a trailing twelve months; not "since 2019", "due 2032", "maturing in
    2029" or a bare "(2019)", which date something else. A clause ends at a turn ("from",
    "to", "compared with", a semicolon or bracket), not at "and" or a comma; a figure whose
    clause names no period takes its sentence's only when it is the sentence's one figure.
    A figure left undated on either side is not moved ("NIM improved to 3.1% (FY2021:
    2.7%)" for "rose to 3.1% from 2.7%"). A year is the gold's when ``year_fits`` takes it
    (a January date closes the fiscal year before), or when one side names a fiscal year and
    the other the calendar year next to it (Best Buy's "Q2 FY2024" ends in July 2023).

    A gold that dates none of its figure ("Yes, it recorded a $1.4 billion impairment")
    tells it of the year the question asks ("in FY2020"), and an answer that dates it, in
    its own clause, two years or more away from every year asked ("... impairment in
    FY2018"), never naming a year asked, tells of another year. One year away is not: "as of FY2021" may be answered from the fiscal year-end in
    calendar 2020 or 2021, and which a filing's figures are is the gold's to say."""
    asked = question_years(question) if question else frozenset()
    for figure in {m.group("figure") or m.group("figure2") for m in _AMOUNT.finditer(gold)}:
        exact = re.compile(rf"(?<![\d,.]){re.escape(figure)}(?![\d]|[.,]\d)")
        dated = [year for years in _dates_of(gold, exact, change_end=True) for year in years]
        if dated:
            held = _dates_of(answer, exact)
            if held and all(years and not any(_same_year(year, dated) for year in years) for years in held):
                return True
        elif asked and not any(year_fits(year, january, asked) for _, _, year, january in years_in(answer)):
            # Only a year of the figure's own clause, in an answer that never names the year
            # asked: a year elsewhere in its sentence ("... on its fleet, which it had bought
            # in 2014") is too loose a tie to refuse on, and "from $2.1 billion in FY2020 to
            # $1.8 billion in FY2022" may answer a question of FY2022 over two years.
            held = _dates_of(answer, exact, own_clause=True)
            if held and all(years and all(_years_away(year, asked) for year in years) for years in held):
                return True
    return False


def _years_away(year: tuple[int, bool, bool], asked: frozenset[int]) -> bool:
    """Is ``year`` a named year two or more years from each year ``asked``? (A period some
    years before, year 0, names none: "two years earlier" than what the gold does not say.)"""
    value = year[0]
    return bool(value) and all(abs(value - other) >= 2 for other in asked)


def _same_year(year: tuple[int, bool, bool], dated: list[tuple[int, bool, bool]]) -> bool:
    """Is ``year`` (year, fiscal, a January-March date) one of ``dated``? (A period some
    years before, or a trailing twelve months, is year 0: no year's.)"""
    value, fiscal, january = year
    if not value:
        return False
    if year_fits(value, january, frozenset(other for other, _, _ in dated if other)):
        return True
    # A fiscal year named for the calendar year it ends in holds most of the calendar year
    # before (a retailer's FY2024 runs from February 2023): calendar 2023 may be FY2024's, not
    # FY2022's.
    return any(
        other and fiscal != other_fiscal and (value - other if fiscal else other - value) == 1 for other, other_fiscal, _ in dated
    )


def _dates_of(
    text: str, figure: re.Pattern[str], own_clause: bool = False, change_end: bool = False,
) -> list[list[tuple[int, bool, bool]]]:
    """For each place ``figure`` is in ``text``, the periods that date it (see
    ``in_another_year``), each as (year, fiscal, January-March date); a period some years
    before or a trailing twelve months is (0, False, False). ``own_clause``: only the
    periods of the figure's clause, never its sentence's. ``change_end`` (a gold's): the
    period after where a change started, told after the level it reached ("improved to 14.2%
    from 3.5% in FY2022"), dates the change, not its start."""
    found: list[list[tuple[int, bool, bool]]] = []
    for sentence in re.split(r"(?<=[.!?])\s+|\n+", text):
        clauses = _clauses(sentence)
        opening = clauses[0][1] if clauses else ""
        for number, (_, clause) in enumerate(clauses):
            held = figure.search(clause)
            if held and change_end and number and clauses[number][0].lower() == "from" \
                    and clauses[number - 1][0].lower() == "to" and _REACHED_LEVEL.fullmatch(clauses[number - 1][1]):
                found.append([])
                continue
            if held:
                periods = _periods(clause, held.start())
                if len({year for year, _, _ in periods}) > 1:
                    # Two periods joined by "and" ("$742 million at year end FY2020 and a
                    # similar amount in FY2021"): the figure's is the one on its side.
                    at = held.start()
                    joins = [m for m in _AND.finditer(clause) if not _SPAN_OPENED.search(clause, 0, m.start())]
                    cut = max((m.end() for m in joins if m.end() <= at), default=0)
                    end = min((m.start() for m in joins if m.start() >= held.end()), default=len(clause))
                    periods = _periods(clause[cut:end], at - cut) or periods
                if not periods and own_clause and number and _LEADING_PERIOD.match(opening):
                    # "In FY2018, it recorded a $1.4 billion impairment": a period that opens
                    # the sentence is every clause's.
                    periods = _periods(opening)
                if not periods and not own_clause and len(_AMOUNT.findall(sentence)) == 1:
                    # The sentence's periods, but for those of a clause that compares ("well
                    # above its FY2021 total", "up from 2020"): another period's, not the figure's.
                    periods = [p for turn, other in clauses if not _compares(turn, other) for p in _periods(other)]
                found.append(periods)
    return found


def _clauses(sentence: str) -> list[tuple[str, str]]:
    """The clauses of ``sentence`` split at its turns (``_TURN_BREAK``), each with the turn
    before it ("" for the first)."""
    clauses, start, turn = [], 0, ""
    for m in _TURN_BREAK.finditer(sentence):
        clauses.append((turn, sentence[start:m.start()]))
        start, turn = m.end(), m.group(0)
    clauses.append((turn, sentence[start:]))
    return [(turn, clause) for turn, clause in clauses if clause]


def _compares(turn: str, clause: str) -> bool:
    """Does the clause set another value beside the figure's ("than its FY2021 total", ",
    well above its 2019 share", "compared with 2020")?"""
    return bool(_COMPARING_TURN.fullmatch(turn.strip()) or _COMPARING_OPENER.match(clause))


_AND = re.compile(r"\band\b", re.IGNORECASE)
# A sentence's opening clause that is a period alone: "In FY2018", "As of December 31, 2018".
_LEADING_PERIOD = re.compile(
    r"\s*(?:(?:back\s+)?in|for|during|throughout|as\s+of|at\s+the\s+end\s+of|by\s+the\s+end\s+of)\s+"
    r"(?:the\s+)?(?:(?:fiscal|calendar)\s+)?(?:year\s+)?(?:FY\s?)?(?:(?:" + MONTHS + r")\.?\s+\d{1,2},?\s*)?'?\d{2,4}\s*$",
    re.IGNORECASE,
)
# "between FY2022 and FY2023": an "and" that closes a span, which joins no two statements.
_SPAN_OPENED = re.compile(r"\bbetween\s+(?:the\s+)?(?:end\s+of\s+)?(?:fiscal\s+(?:year\s+)?|FY\s?)?'?\d{2,4}\s*$", re.IGNORECASE)
# (Not "from": "decreased by 1.7% from FY2021 to FY2022" names the figure's own span.)
_COMPARING_TURN = re.compile(r"than|compar\w*\s+(?:with|to)|versus|vs\.?|against", re.IGNORECASE)
_COMPARING_OPENER = re.compile(
    r"\s*(?:(?:well|far|slightly|just|way|significantly|much|roughly)\s+)?(?:above|below|over|under|ahead\s+of|behind|short\s+of|"
    r"up\s+from|down\s+from|(?:higher|lower|more|less|greater|fewer|smaller|larger)\s+than|exceed\w*|surpass\w*|topp\w*)\b",
    re.IGNORECASE,
)


def _periods(text: str, figure_at: int | None = None) -> list[tuple[int, bool, bool]]:
    """The periods ``text`` names as its figures' own (see ``in_another_year``). A year set
    before a noun ("Acme's 2020 revenue of") counts only before the figure at ``figure_at``
    in its own clause: after it, or elsewhere in the sentence, it is another thing's year
    ("..., well above its 2019 share")."""
    periods = [(0, False, False)] * len(_SHIFTED_PERIOD.findall(text))
    for start, _, year, january in years_in(text):
        before = text[max(0, start - 30):start]
        if _NOT_ITS_DATE.search(before):
            continue
        fiscal = bool(_FISCAL.match(text, start))
        attributive = (
            figure_at is not None and start < figure_at
            and bool(_ATTRIBUTIVE_YEAR.match(text, start)) and bool(_BEFORE_ATTRIBUTE.search(before))
        )
        if fiscal or attributive or _DATED_BY.search(before):
            periods.append((year, fiscal, january))
    return periods


_FISCAL = re.compile(r"FY|fiscal", re.IGNORECASE)
# A figure of an amount, a rate or a count, not a name's number ("the 737", "777X"): with a
# currency sign, a decimal or thousands mark, a percent, or a scale or unit after it.
_AMOUNT = re.compile(
    r"(?:\$\s?)(?P<figure>\d(?:[\d,]*\d)?(?:\.\d+)?)|(?<![\w.$])(?P<figure2>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d+|\d+(?=\s?(?:%|x\b|"
    r"percent|per cent|million|billion|thousand|times|bps|basis points)))",
    re.IGNORECASE,
)
# A clause's turn: a change's start or end ("to $2.7 billion"), a comparison, a comma, a
# semicolon or a bracket (not "and", which joins the items of one statement: "cash and cash
# equivalents at year end FY2021"; nor an infinitive's "to"; nor the thousands mark of a
# figure, "$1,577 million", which split would leave the figure in no clause and so undated;
# nor the comma of a date, "December 31, 2020", which would part the year from its words).
# The clause of the level a change reached, between its "to" and the "from" of where it
# started: "to 14.2% from".
_REACHED_LEVEL = re.compile(r"\s*(?:about\s+|approximately\s+|roughly\s+|~)?(?:US)?\$?\s*[-−(]?\d[\d,.]*\s*(?:%|percent|million|billion|bn)?\s*", re.IGNORECASE)
_TURN_BREAK = re.compile(
    r"(?:(?<!\d),|,(?!\d))(?!\s*(?:19|20)\d\d\b)|[;()\[\]]|\bto\b(?=\s*(?:US)?\$?\s*[-−(]?\d)|\b(?:from|compar\w*\s+(?:with|to)|versus|vs\.?|against|than|while|whereas|but)\b",
    re.IGNORECASE,
)
# Words that put a year on a figure: "in 2019", "at the end of 2019", "as of December 31, 2019".
# (Not across a comma, but a date's: "at year end, enough to cover its 2023 maturities".)
_DATED_BY = re.compile(r"\b(?:in|for|during|at|as of|end of|ended|ending|year[- ]end)\b(?:[^.;(),]|,(?=\s*$)){0,22}$", re.IGNORECASE)
# Words that put the year on something else: "since 2019", "due 2032", "maturing in 2029",
# "authorised in 2019", "until 2024".
_NOT_ITS_DATE = re.compile(
    r"\b(?:since|due|matur\w*|expir\w*|until|till|through|before|after|authori[sz]ed|announced|founded|established|"
    r"acquired|bought|purchased|built|opened|launched|issued|signed|pre|post)\b[^.;()\d]{0,14}$"
    # "by" only right before the year ("by 2025", "by the end of 2025"): in "reported by the
    # company in 2022" it names who, and the year is the figure's.
    r"|\bby\s+(?:the\s+end\s+of\s+)?$",
    re.IGNORECASE,
)
# A year set before a noun as its attribute: "X's 2020 revenue", "the 2020 value of $411
# million" (not the name of a note or bond, "the 2032 notes", whose year is its maturity).
_ATTRIBUTIVE_YEAR = re.compile(
    r"(?:19|20)\d\d\s+(?!(?:senior\s+|convertible\s+)?(?:notes?|bonds?|debentures?|term\s+loans?|debt|maturit\w+)\b)"
    r"(?!(?:and|or|to|through|was|were|is|are|had|has|vs|versus|from|compared)\b)[a-z]"
)
_BEFORE_ATTRIBUTE = re.compile(
    rf"(?:^|\b(?:the|its|their|our|[\w&.-]+['’]s?)(?:\s+(?:{MONTHS})\.?\s+\d{{1,2}},?)?)\s*$", re.IGNORECASE
)

# A sentence headed so lists other periods' values: "Other years: $2.9 billion, $5.0 billion".
_OTHER_PERIODS_LABEL = re.compile(
    r"\W*(?:other|prior|previous|preceding|earlier|past)\s+(?:fiscal\s+)?(?:years|periods|quarters)\b[^:.]{0,30}:", re.IGNORECASE
)
# (Not the comma of a date, "December 31, 2016": it would part the year from its value.)
_CLAUSE_BREAK = re.compile(
    # (Not a comma between a figure's digits: "$1,260M" is one figure.)
    r"(?:(?<!\d),|,(?!\d))(?!\s*(?:19|20)\d\d\b)|[;()\[\]]|\b(?:while|whereas|compared|versus|vs\.?|against|but|from|up from|down from|and)\b", re.IGNORECASE
)


def _norm_year(raw: str) -> int:
    year = int(raw)
    return year + 2000 if year < 100 else year


def years_in(text: str) -> list[tuple[int, int, int, bool]]:
    """(start, end, year, dated) for each year named in ``text``; ``dated`` for the year of
    a January-March date ("February 1, 2020"), which may close the previous fiscal year."""
    out = []
    for m in _YEAR.finditer(text or ""):
        if m.group("plain") and _NAMED_BY_YEAR.match(text, m.end()) and not _PERIOD_BEFORE.search(text, 0, m.start()):
            continue  # "the 2022 Five Year Credit Agreement": a name, dating no figure beside it
        raw = m.group("fy") or m.group("plain") or m.group("short")
        year = _norm_year(raw)
        if not 1990 <= year <= 2039:
            continue
        out.append((m.start(), m.end(), year, bool(_DATED.search(text[max(0, m.start() - 16):m.start()]))))
    return out


@functools.lru_cache(maxsize=4096)  # read once per question, not once per run of it
def question_years(question: str) -> frozenset[int]:
    """The years a question asks about; "FY2017 - FY2019" includes 2018. When the question
    asks with years and defines its terms after ("What is the FY2019 cash conversion cycle?
    ... DIO is defined as: 365 * (average inventory between FY2018 and FY2019) ..."), the
    years of the asking are the ones asked."""
    mark = question.find("?")
    asking = question[: mark + 1] if mark >= 0 else ""
    found = years_in(asking)
    if found:
        question = asking
    else:
        found = years_in(question)
    years = {y for _, _, y, _ in found}
    for (_, end, a, _), (start, _, b, _) in zip(found, found[1:]):
        if a < b <= a + 10 and _RANGE_BETWEEN.match(question[end:start]):
            years.update(range(a, b + 1))
    return frozenset(years)


def _clause(sentence: str, offset: int, q: Quantity) -> str:
    """The clause of ``sentence`` (starting at ``offset`` in the answer) that holds ``q``."""
    start, end = q.start - offset, q.end - offset
    left = max((m.end() for m in _CLAUSE_BREAK.finditer(sentence, 0, start)), default=0)
    right = min((m.start() for m in _CLAUSE_BREAK.finditer(sentence, end)), default=len(sentence))
    return sentence[left:right]


def year_fits(year: int, dated: bool, asked: frozenset[int]) -> bool:
    """Is ``year`` one the question asks (or, for a January-March date, the year before it)?"""
    return year in asked or (dated and year - 1 in asked)


def _other_span(clause: str, years: list[tuple[int, int, int, bool]], asked: frozenset[int]) -> bool:
    """A span of years ("from FY2016 to FY2017", "2016-2017") that reaches outside the years
    a question about a span asks (FY2015 to FY2016): a change over another span, though one
    of its years is asked."""
    return any(
        _RANGE_BETWEEN.match(clause[end:start]) and not (year_fits(a, da, asked) and year_fits(b, db, asked))
        for (_, end, a, da), (start, _, b, db) in zip(years, years[1:])
    )


# A year right after a value: "1.73 for FY2015", "3.46 in FY2020", "-3.7 days for fiscal 2018",
# and said of it: "the other figure, $4,173 million, is for FY2016", "$4,173 million is FY2016".
_YEAR_RIGHT_AFTER = re.compile(
    r"\s*(?:(?:days|times|x|million|billion|thousand)\b\s*)?(?:,\s*(?:which\s+)?)?"
    r"(?:(?:is|was|are|were)\s+(?:(?:for|from|in|of)\s+)?|(?:in|for|during)\s+)(?:the\s+)?"
    r"(?P<year>(?:FY\s?|fiscal\s+(?:year\s+)?)'?\d{2,4}\b|(?:19|20)\d{2}\b)",
    re.IGNORECASE,
)


def other_period(answer: str, span: tuple[int, int], q: Quantity, asked: frozenset[int]) -> bool:
    """Is ``q`` stated for a period the question does not ask about?"""
    sentence = answer[span[0]:span[1]]
    clause = _clause(sentence, span[0], q)
    if _OTHER_PERIOD.search(clause) or _OTHER_PERIODS_LABEL.match(sentence):
        return True
    if not asked:
        return False
    right_after = _YEAR_RIGHT_AFTER.match(answer, q.end)
    if right_after:
        # "The ratio for FY2016 was 1.73 for FY2015 and 1.59 for FY2016": the year written
        # right after a value is its own, whatever else its clause names.
        year = years_in(right_after.group("year"))
        if year:
            return not year_fits(year[0][2], year[0][3], asked)
    clause_years = years_in(clause)
    if len(asked) >= 2 and _other_span(clause, clause_years, asked):
        return True
    if clause_years:
        return not any(year_fits(y, d, asked) for _, _, y, d in clause_years)
    # The part of the sentence between semicolons speaks for itself when it names a year ("In
    # FY2016, it was $8.70; in FY2018, it was $11.40"), else the whole sentence does.
    at = q.start - span[0]
    left = sentence.rfind(";", 0, at) + 1
    right = sentence.find(";", at)
    part = sentence[left:right if right >= 0 else len(sentence)]
    part_years = _unattached_years(part) if (left or right >= 0) else []
    sentence_years = part_years or _unattached_years(sentence)
    if len(asked) >= 2 and _other_span(part if part_years else sentence, sentence_years, asked):
        return True
    return bool(sentence_years) and not any(year_fits(y, d, asked) for _, _, y, d in sentence_years)


# Words that put a value on another entity or scope than the question's: a peer or the
# industry, one segment, one quarter, a per-share figure. Each counts only where the question
# does not speak of it ("Which segment ...?", "What was EPS ...?", "In Q2 ...").
# (A company's name is bounded in length: tried at every word start, an unbounded one reads
# a run of "1.1.1..." to its end from each.)
_SCOPES = {
    "peer": r"peers?|competitors?|rivals?|industry|sector|benchmark|median",
    # One part of the company, not a segment the answer names ("Data Center segment revenue").
    "segment": r"(?:a|one|another|other|some|(?:the|its|their|[\w&.-]{1,40}['’]s?) (?:largest|smallest|biggest))\s+(?:\w+\s+)?"
    r"(?:segments?|divisions?|subsidiar(?:y|ies)|business units?)",
    # (Not a fraction: "around three-quarters ($2.6 billion) was senior notes", "about one quarter", "nearly a quarter of revenue".)
    "quarter": r"(?<!three[- ])(?<!one[- ])(?<!\ba )quarters?|Q[1-4]",
    # Part of the year, or a span other than it: "the first nine months", "the second half",
    # "the trailing twelve months ending June".
    "part": r"(?:first|second) half|(?:first )?(?:six|nine) months|(?:trailing|last)[- ]twelve[- ]months?|TTM|year[- ]to[- ]date|YTD",
    # Another company the question's is tied to, as the one that reports the figure: "Its joint
    # venture reported $X", "Its equity-method investee held $X" (not "attributable to
    # shareholders of the parent", nor "which owns 30% of a joint venture, held $X").
    "related": r"(?:its|the|their|a|an|[\w&.-]{1,40}['’]s)\s+(?:[\w&'’-]+\s+){0,2}(?:joint\s+ventures?|former\s+parent(?:\s+company)?|equity(?:[- ]method)?\s+"
    r"(?:affiliates?|investees?))\s+(?:reported|held|had|recorded|generated|earned|posted|made|produced|spent|paid)",
    "share": r"per share|a share(?!\s+of\b)|EPS",  # ("as a share of revenue" is a proportion)
    # An average of the year's values, not the value the question asks ("average inventory").
    "average": r"average",
    # A sum over several periods, not the one period asked ("a cumulative $1,577 million over
    # FY2016-FY2018").
    "sum": r"cumulative(?:ly)?|(?:combined|in aggregate|aggregated?|in total)\s+(?:over|across)",
    # The balance a year opened with is the year before's closing one ("at the start of
    # FY2017" for "year end FY2017").
    "opening": r"(?:start|beginning|opening) of (?:the |its )?(?:fiscal )?(?:year|period|FY\s?'?\d{2,4}|fiscal \d{4})|opening balance",
}
_SCOPE = re.compile(r"\b(?:" + "|".join(f"(?P<{k}>{v})" for k, v in _SCOPES.items()) + r")\b", re.IGNORECASE)
# A question that speaks of a scope asks about it: its words there are no other scope.
_ASKED_SCOPE = {
    "peer": re.compile(r"peer|competitor|rival|industry|sector|benchmark|median"),
    "segment": re.compile(r"segment|division|subsidiar|business unit"),
    "quarter": re.compile(r"quarter|\bq[1-4]"),
    "part": re.compile(r"half|months|twelve|ttm|year[- ]to[- ]date|ytd"),
    "related": re.compile(r"joint venture|parent|affiliate|investee"),
    # A dividend question may ask per share, unless it asks the total in millions or billions.
    "share": re.compile(r"per share|eps|earnings per|^(?!.*\bin (?:usd |us\$ ?|\$ ?)?(?:thousands|millions|billions)\b).*dividend", re.DOTALL),
    "average": re.compile(r"averag|turnover|days|ratio|return on|roe|roa|per share"),  # "price increases averaging 7%"
    "sum": re.compile(r"cumulative|combined|aggregate|total (?:over|across|for|of) (?:the )?(?:two|three|four|five|last|past)|\bsum\b"),
    # Only a question about a year's closing balance is answered wrongly by its opening one:
    # any other question (a flow such as capex, or one that asks the opening balance) has
    # the opening scope "asked", so the check is off.
    "opening": re.compile(r"start|beginning|opening|begin|^(?!.*\b(?:year[- ]end|end of|as of|balance))", re.DOTALL),
}
# "For Amazon, it was $X": a named entity the question does not name (not a period: "For FY2018").
# (Not a currency's code: "stood at USD 1,234 million", "at US$2.1 billion".)
_FOR_NAME = re.compile(
    r"\b(?:[Ff]or|[Aa]t)\s+(?!(?:the|its|this|that|fiscal|FY|Q[1-4]|[A-Z][a-z]+ \d|" + "|".join(CURRENCY_CODES) + r")\b|US\$)"
    r"([A-Z][\w&'’.-]+)"
)
# (A span of them too: "for FY2019-FY2021", "for Q1-Q3".)
_MONTH_OR_TERM = re.compile(rf"(?:{MONTHS}|fiscal|fy\w*|q[1-4])(?:[-–](?:fy)?\w*)?$", re.IGNORECASE)


def other_scope(answer: str, span: tuple[int, int], q: Quantity, question: str) -> bool:
    """Is ``q`` stated for another entity or scope than the question's ("For Amazon, it was
    $X; for 3M, $Y", "The industry average is $X", "In Q4 alone it was $X")?"""
    return named_otherwise(answer, span, q, question) or (q.percent and _of_another_base(answer, q, question.lower()))


def named_otherwise(answer: str, span: tuple[int, int], q: Quantity, question: str, context: str = "", gold_label: str = "") -> bool:
    """Is ``q`` (in the sentence ``span``) labelled as another metric than the question asks
    (or than ``gold_label``, the words a worded gold puts before the same figure), or stated
    for an entity or a scope that neither the question nor ``context`` (a worded gold, whose
    own words may name its scope) speaks of?"""
    asked = question.lower()
    before = _before_value(answer, span, q)
    # "capital expenditures nearly doubled to $520 million" in a gold to a question about free
    # cash flow: the figure is the gold's capex, and "Capex ... $520 million" labels it so.
    return (
        scope_not_asked(answer, span, q, f"{asked}\n{context.lower()}" if context else asked)
        or labelled_as_another_metric(before, f"{asked}\n{gold_label.lower()}" if gold_label else asked)
        or another_line_item(before, answer[q.end:span[1]], f"{asked}\n{context}")
    )


def scope_not_asked(answer: str, span: tuple[int, int], q: Quantity, asked: str) -> bool:
    """Is ``q`` stated for an entity or a scope that ``asked`` (lower case: the question, or
    the question with its gold) does not speak of: another company ("For Amazon, it was $X"),
    a peer or the industry, one segment, one quarter, a per-share figure?"""
    sentence = answer[span[0]:span[1]]
    before = _before_value(answer, span, q)
    for m in _FOR_NAME.finditer(before):
        # ("for Nike's total current assets": Nike, whose possessive the question need not use.)
        name = re.sub(r"['’]s?$", "", m.group(1).rstrip(".,"))
        if name.lower() not in asked and not _MONTH_OR_TERM.match(name):
            return True
    clause = _clause(sentence, span[0], q)
    if _PER_UNIT_AFTER.match(answer, q.end) and not _ASKS_PER.search(asked):
        return True  # "$4,812 per employee" to a question of no figure per anything
    # The words before it from where its own clause opens: "faced generic competitors, and
    # because it booked a $400 million impairment" states no competitor's figure.
    opens = [m.end() for m in _NEW_CLAUSE.finditer(before)]
    own = before[opens[-1]:] if opens else before
    return any(not _ASKED_SCOPE[m.lastgroup or ""].search(asked) for text in (clause, own) for m in _SCOPE.finditer(text))


# Where a clause with a subject and verb of its own opens.
_NEW_CLAUSE = re.compile(r",\s+(?:and|but|while|whereas)\b|\b(?:while|whereas|but)\b", re.IGNORECASE)


# A figure per something else than the question asks, right after it: "$4,812 per employee"
# (to a question that asks for no figure per anything).
_ASKS_PER = re.compile(r"\bper\b|\beach\b|average")
_PER_UNIT_AFTER = re.compile(
    r"\s*(?:million|billion|thousand)?\s*(?:per|a|each)\s+(?:employee|store|aircraft|customer|subscriber|user|vehicle|location|"
    r"square (?:foot|feet|metre|meter))\b",
    re.IGNORECASE,
)


def _before_value(answer: str, span: tuple[int, int], q: Quantity) -> str:
    """The words of ``q``'s sentence before it, from the last semicolon."""
    sentence = answer[span[0]:span[1]]
    at = q.start - span[0]
    return sentence[sentence.rfind(";", 0, at) + 1 : at]


def labelled_as_another_metric(before: str, asked: str) -> bool:
    """Do the words ``before`` a value (in its sentence, from its last semicolon) label it as
    the opposite line item of the one the question asks (``asked``, lower case), or another
    metric of its family ("Gross margin was 14.2%" to "What was the operating margin?")?"""
    label = _ASSETS_BY_ANOTHER_NAME.sub("total assets", before)[-_LABEL_REACH:]
    return opposite_metric(label, asked) or another_metric(label, asked)


def both_ways(pairs: tuple[tuple[str, str], ...]) -> tuple[tuple[re.Pattern[str], re.Pattern[str]], ...]:
    """Each pair of names as (one, other) and (other, one), compiled as whole words."""
    return tuple(
        (re.compile(rf"\b(?:{one})\b", re.IGNORECASE), re.compile(rf"\b(?:{other})\b", re.IGNORECASE))
        for pair in pairs
        for one, other in (pair, pair[::-1])
    )


def names_the_other(label: str, asked: str, pairs: tuple[tuple[re.Pattern[str], re.Pattern[str]], ...]) -> bool:
    """Does ``label`` name the other of a pair whose one the question (``asked``) names, and
    not that one itself?"""
    return any(one.search(asked) and not other.search(asked) and other.search(label) and not one.search(label) for one, other in pairs)


# Line items that are each other's opposite on a statement: a figure the answer labels as one
# ("Costco had total liabilities of $59,268 million") does not answer a question about the
# other (total assets), whatever its digits.
OPPOSITE_ITEMS = both_ways((
    # (An asset retirement obligation is a liability: "the liability was $845 million" states it.)
    (r"assets?(?!\s+retirement)", r"liabilit(?:y|ies)"),
    (r"receivables?", r"payables?"),
    (r"inflows?", r"outflows?"),
))
_LABEL_REACH = 50  # how far before a value its label words are read


# Metrics of one family that are not each other: a value the answer labels as one ("Coca
# Cola's return on equity is 0.01") does not answer a question that asks the other (its
# return on assets), whatever its digits. Only the words after the label's last "=" or ":"
# count: in "Retention ratio = 1 - payout ratio = 0.54" the payout ratio is a step.
_OTHER_METRICS = both_ways((
    (r"payout ratio", r"retention ratio"),
    (r"return on (?:average )?(?:shareholders'?\s|stockholders'?\s)?equity|roe", r"return on (?:average )?(?:total )?assets|roa"),
    (r"fixed asset turnover", r"(?<!fixed )(?:total )?asset turnover"),
    (r"inventory turnover", r"(?:fixed |total )?asset turnover|(?:receivables?|payables?) turnover"),
    (r"turnover", r"(?:inventory|payables?|receivables?|sales) days|days (?:of |in )?(?:inventory|sales|payables?)|dio|dso|dpo"),
    (r"capital (?:expenditures?|spending)|capex", r"depreciation|amorti[sz]ation|free cash flow"),
    (r"cost of (?:goods sold|sales|revenues?)|cogs", r"gross (?:profit )?margin"),
    (r"gross (?:profit )?(?:% )?margin", r"operating (?:profit |income )?(?:% )?margin|net (?:profit |income )?(?:% )?margin"),
    (r"operating (?:profit |income )?(?:% )?margin", r"net (?:profit |income )?(?:% )?margin"),
    (r"total assets", r"(?:total )?(?:shareholders'?\s|stockholders'?\s)?equity"),
    (r"current ratio", r"quick ratio|cash ratio"),
    (r"quick ratio", r"cash ratio"),
    (r"(?:diluted |basic )?(?:eps|earnings per (?:diluted )?share)", r"dividends? (?:paid |declared )?per share|book value per share"),
    (r"effective (?:income )?tax rate", r"statutory (?:federal )?(?:income )?tax rate"),
    (r"combined ratio", r"loss ratio|expense ratio"),
    # A railroad's or a trucker's operating ratio is its expenses over revenue, 100% less its margin.
    (r"operating ratio", r"operating (?:profit |income )?(?:% )?margin"),
    (r"(?:cash (?:flows? )?(?:from|provided by) operat\w+|operating cash flows?)", r"free cash flows?"),
    (r"net income attributable", r"comprehensive income"),
    (r"long[- ]term debt", r"short[- ]term (?:debt|borrowings)|current portion of (?:long[- ]term )?debt|lease liabilit(?:y|ies)"),
    (r"net interest income", r"non[- ]?interest income|non[- ]?interest expense"),
    (r"gross profit", r"operating expenses|operating income"),
))
# "Total liabilities and shareholders' equity" is total assets by another name.
_ASSETS_BY_ANOTHER_NAME = re.compile(r"liabilities\s+and\s+(?:total\s+)?(?:shareholders'?|stockholders'?|share\s?owners'?)?\s*equity", re.IGNORECASE)


def another_metric(label: str, asked: str) -> bool:
    """Does ``label`` (the words before a value) name another metric of the family of the
    one the question asks (``asked``, lower case), and not that metric itself?"""
    # The words after the label's last "=" or ":", and after the figure and the comma before
    # them: in "Against EPS of $3.07, Hawthorn paid a dividend of $1.84" the EPS is another
    # figure's label.
    words = re.split(r"[=:]", label)[-1]
    figures = list(_AMOUNT.finditer(words))
    if figures:  # a figure's own label words end at the comma after it
        words = words[figures[-1].end():]
        words = words.rsplit(",", 1)[-1] if "," in words else words
    return names_the_other(words, asked, _OTHER_METRICS)


def opposite_metric(label: str, asked: str) -> bool:
    """Does ``label`` (the words before a value) name the opposite of a line item the
    question asks (``asked``, lower case), and not that item itself?"""
    return names_the_other(label, asked, OPPOSITE_ITEMS)


def _unattached_years(sentence: str) -> list[tuple[int, int, int, bool]]:
    """The years of ``sentence`` that may date a value outside their own clause: not those
    in a clause with a value of its own ("The ratio is 0.83 (FY2016: 0.78; FY2015: 0.71)",
    "0.83, compared with 0.78 in FY2016" date 0.78 and 0.71, not 0.83)."""
    years = years_in(sentence)
    if not years:
        return years
    bounds = [0, *(m.end() for m in _CLAUSE_BREAK.finditer(sentence)), len(sentence)]
    # The sentence without its years: a figure left in a year's clause is a value it dates.
    undated = list(sentence)
    for start, end, _, _ in years:
        undated[start:end] = " " * (end - start)
    figures = "".join(undated)
    said_of_a_value: set[int] | None = None
    kept = []
    for start, end, year, dated in years:
        left = max(b for b in bounds if b <= start)
        right = min((b for b in bounds if b >= end), default=len(sentence))
        if _A_VALUE.search(figures, left, right):
            continue
        if said_of_a_value is None:
            # A year said of the value before it across a comma ("the other figure, $4,173
            # million, is for FY2016") is that value's, though its clause holds no figure.
            # Read once, and only for a sentence with such a year: this runs per value.
            said_of_a_value = {m.start("year") for f in _A_FIGURE.finditer(sentence) if (m := _YEAR_RIGHT_AFTER.match(sentence, f.end()))}
        if start not in said_of_a_value:
            kept.append((start, end, year, dated))
    return kept


_A_VALUE = re.compile(r"\d")
# A figure's digits; its scale word ("million") is read by _YEAR_RIGHT_AFTER, as after a value.
_A_FIGURE = re.compile(r"\d(?:[\d,]*\d)?(?:\.\d+)?%?")


# What a percent is of ("5.4% of total assets", "1.9% of operating income"), and the bases a
# question asks a percent of: a margin's is revenue; "as a % of revenue" names its own.
_PERCENT_OF = re.compile(
    r"\s+of\s+(?:(?:the\s+)?(?:company's|its|their)\s+)?(?:(?:total|net|gross|operating|pre-tax|pretax)\s+)?"
    r"(?P<base>revenues?|sales|assets|equity|income|profits?|earnings|liabilities|ebitda|capex|capital expenditures)\b",
    re.IGNORECASE,
)
_ASKED_PERCENT_OF = re.compile(r"(?:%|percent(?:age)?)\s+(?:of|to)\s+(?P<base>[a-z][\w'’&. -]{2,60})", re.IGNORECASE)
_REVENUE = frozenset({"revenue", "revenues", "sales"})


def _of_another_base(answer: str, q: Quantity, asked: str) -> bool:
    """Is the percent ``q`` said to be of another base than the question asks it of ("5.4% of
    total assets" for an EBITDA margin, "1.9% of operating income" for capex as a % of
    revenue)? Read only for a question that names its base (a margin, or "% of revenue")."""
    of = _PERCENT_OF.match(answer, q.end)
    if not of:
        return False
    base = of.group("base").lower()
    bases: set[str] = set()
    if "margin" in asked:
        bases |= _REVENUE
    for m in _ASKED_PERCENT_OF.finditer(asked):
        words = set(re.findall(r"[a-z]+", m.group("base")))
        bases |= words | (_REVENUE if words & _REVENUE else set())
    if not bases:
        return False
    return base not in bases and base.rstrip("s") not in bases
