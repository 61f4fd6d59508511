"""The span a value covers, against the span the question asks: a growth rate over one year,
a compound annual rate, a total over several years, a several-year average, a level or a
change. The same digits for another span are another figure: "grew 8.9% in total between
FY2019 and FY2022" does not answer "What is the three-year CAGR?", nor "6.1% of revenue in
FY2021" a three-year average, nor "free cash flow was negative $318 million" the change in
free cash flow.

Each reading is of what the answer says of its own figure, in the words right around it or
in its sentence, against what the question asks in so many words; an answer that says
neither is left alone.
"""
from __future__ import annotations

import re

from harness.judge.amounts import Quantity
from harness.judge.value_scope import years_in
from harness.judge.words import ASKS_AVERAGE

# A question that asks a compound or an average rate over years.
_ASKS_COMPOUND = re.compile(r"\bcagr\b|\bcompound(?:ed)?\b|\bannuali[sz]ed\b|\bper\s+(?:year|annum)\b", re.IGNORECASE)
# A question whose span is several years in so many words ("three-year", "3 year", "FY2019 -
# FY2021"): only then is a stacked or cumulative figure asked.
_ASKS_SEVERAL_YEARS = re.compile(
    r"\b(?:two|three|four|five|[2-9])[- ]years?\b|\b(?:cumulative|stacked|in\s+total|over\s+the\s+(?:period|years))\b"
    r"|(?:FY\s?)?(?:19|20)\d\d\s*(?:-|–|to|through)\s*(?:FY\s?)?(?:19|20)\d\d",
    re.IGNORECASE,
)
# The answer calling its figure a total over the span: right after it.
_TOTAL_AFTER = re.compile(r"\s*(?:in\s+total|cumulatively|overall|altogether|all\s+told|over\s+the\s+(?:whole\s+)?period)\b", re.IGNORECASE)
# The answer calling its figure a rate compounded or averaged over years, or stacked over two:
# right after it ("12.0% compound annual rate", "-1.8% on a two-year stacked basis") or right
# before it ("a compound annual rate of 12.0%", "CAGR of").
_MULTI_YEAR_AFTER = re.compile(
    r"\s*(?:(?:a\s+)?(?:compound(?:ed)?\s+annual(?:\s+(?:growth\s+)?rate)?|cagr|annuali[sz]ed)\b"
    r"|on\s+an?\s+(?:two|three|four|[2-4])[- ]year\s+(?:stacked|cumulative|average)\s+basis"
    r"|(?:on\s+a\s+)?(?:stacked|cumulative)\b)",
    re.IGNORECASE,
)
_MULTI_YEAR_BEFORE = re.compile(
    r"(?:\bcompound(?:ed)?\s+annual(?:\s+growth)?(?:\s+rate)?|\bcagr|\bannuali[sz]ed(?:\s+rate)?|\b(?:two|three|[23])[- ]year\s+stacked"
    r"(?:\s+\w+)?)\s*(?:of|was|is|:|=)?\s*(?:about|approximately|roughly)?\s*[-−+]?$",
    re.IGNORECASE,
)
# A year right after the value (and what it is of), dating it alone: "7.7% in FY2022", "6.1% of
# revenue in FY2021".
_DATED_AFTER = re.compile(r"(?:\s+of\s+(?:[\w'’]+\s+){0,3}?[\w'’]+)?\s*(?:in|for|during|at\s+the\s+end\s+of)\s+(?:fiscal\s+(?:year\s+)?)?(?:FY\s?)?(?:19|20)\d\d\b(?!\s*(?:-|–|to|through))", re.IGNORECASE)
_AVERAGE_WORDS = re.compile(
    r"\b(?:average|averaged|mean|on\s+average|per\s+year|a\s+year|each\s+year|annually|cagr|compound\w*|annuali[sz]ed|over|between|across)\b"
    r"|(?:19|20)\d\d\s*(?:-|–|to|through)",
    re.IGNORECASE,
)


def another_span(question: str, answer: str, sentence: tuple[int, int], q: Quantity) -> str | None:
    """Why the answer's value ``q`` (in the sentence at ``sentence``) covers another span than
    the question asks, or None when it does not say so."""
    compound = _ASKS_COMPOUND.search(question) is not None
    average = ASKS_AVERAGE.search(question) is not None
    several_years = _ASKS_SEVERAL_YEARS.search(question) is not None
    if compound and _TOTAL_AFTER.match(answer, q.end):
        return "the answer's figure is a total over the years, where the question asks a compound annual rate"
    if not (compound or average or several_years) and (
        _MULTI_YEAR_AFTER.match(answer, q.end) or _MULTI_YEAR_BEFORE.search(answer, max(0, q.start - 40), q.start)
    ):
        return "the answer's figure is a rate over several years, where the question asks one year's"
    if average and several_years and not compound:
        start, end = sentence
        text = answer[start:end]
        one_year = _DATED_AFTER.match(answer, q.end) is not None or len({year for _, _, year, _ in years_in(text)}) == 1
        if one_year and not _AVERAGE_WORDS.search(text):
            return "the answer's figure is one year's, where the question asks an average over several"
    return None
