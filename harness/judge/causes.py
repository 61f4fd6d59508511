"""A question that asks what drove a change is not answered by the change alone.

"What drove operating margin change as of FY2022 for 3M?" has a gold that gives the change
and its drivers ("decreased by 1.7% primarily due to ..."). An answer that states the
gold's figure ("3M's operating margin decreased by 1.7% in FY2022") has the number and none
of the answer; so has one whose cause is empty words ("driven by several factors"). A cause
is a word of causation ("due to", "driven by", "because", "as a result of", "reflecting",
...) with a word after it that neither the question has nor says nothing ("factors").
"""
from __future__ import annotations

import re

from harness.judge.words import content, stem, stems_of

# Not the "explain why" of FinanceBench's "If working capital is not a useful metric ...,
# please state that and explain why": that asks why a metric does not apply.
_ASKS = re.compile(
    r"\bwhat (?:drove|drives|caused|causes|led to|explains)\b|^\W*why\b|\b(?:drivers|reasons|causes) (?:of|for|behind)\b",
    re.IGNORECASE,
)
_CAUSE = re.compile(
    r"\b(?:due (?:primarily |mainly |largely |mostly |partly |partially )?to|driven (?:primarily |mainly |largely |mostly |partly )?by"
    r"|drove|because(?: of)?|as a result of|result(?:ed|ing|s)? (?:from|in)|attributable to|attributed to|reflect(?:ed|ing|s)?"
    r"|owing to|led (?:by|to)|thanks to|caused by|contribut(?:ed|ing|ions?)(?: to)?|offset(?: by)?|stemm(?:ed|ing) from"
    r"|on (?:the back of|higher|lower|increased|decreased|rising|falling|strong|weak)|(?:from|with) (?:higher|lower|increased|decreased|rising|falling)"
    r"|(?:primarily|mainly|largely) (?:from|by)|(?:impacted|affected|pressured|hurt|helped|boosted|lifted|cushioned|squeezed"
    r"|dragged(?: down)?|held back|supported|fuell?ed|powered) by|benefit(?:ed|ing|ted)? from"
    r"|weigh(?:ed|ing|s)? on|amid|(?:drivers?|reasons?|causes?|factors?|culprits?)\s*(?:was|were|is|are|include\w*|:))"
    # ", as gross margin decreased": "as" opening a clause of cause (not "as of", "as well");
    # so does "as" right after the figure of the change ("fell 38% to $1.1B as capex climbed").
    r"|(?:[,;]|(?<=[\d%])(?:\s?(?:[MBK]|bn|million|billion|points?|bps))?)\s+as\s+(?!of\b|well\b|such\b|per\b|a whole\b|reported\b|a (?:share|percent)"
    r"|much\b|high\b|low\b|expected\b)"
    # "FCF fell to $155M from $410M: capex roughly doubled ...": the change, then its causes.
    r"|(?<=[\d%MBK]):\s",
    re.IGNORECASE,
)
# Words that name no cause: "driven by several factors", "due to a number of reasons".
_EMPTY = frozenset(
    stem(word) for word in
    "factors several various number multiple reasons things items different certain key main primary other combination mix changes "
    "including developments".split()
)
_REACH = 60  # characters after the word of causation in which the cause must be named


def asks_for_causes(question: str) -> bool:
    return _ASKS.search(question) is not None


def gives_cause(answer: str, question: str) -> bool:
    """Does the answer name something as a cause (a word the question does not have)?"""
    asked = stems_of(question)
    for m in _CAUSE.finditer(answer):
        after = {s for s, _ in content(answer[m.end() : m.end() + _REACH])}
        if after - asked - _EMPTY:
            return True
    return False
