"""Which sentence ranks the way a question asks, after an opening that ranks nothing.

2023's chat models open with context ("Based on the information provided in the 10-K, total
liabilities were $203,643 million ...") and rank in a later sentence ("The largest liability
was customer deposits"). ``answer_reading`` takes that sentence as the verdict, and a pick
ranked there against the gold's as a wrong pick.
"""
from __future__ import annotations

import re

from harness.judge.name_commitment import SUPERLATIVE
from harness.judge.words import YES_NO, stems_of


def ranking_after_context(parts: list[str], claims: list[str], asked_part: str, question: str) -> str:
    """To a question that asks for the largest (best, biggest drop) of something, the first
    sentence after the opening claim that ranks with the question's own superlative and
    speaks of what it asks, where the opening ranks nothing: "Based on the balance sheet,
    total liabilities were $203,643 million ... The largest liability was customer deposits"
    gives its verdict second, as 2023 models wrote. "" when the opening ranks, or nothing
    after it does. ``asked_part`` is the question's asking sentence."""
    # (The question may capitalise its words, "Which region had the Highest EBITDAR?"; an
    # answer's capitalised superlative is a name, "Best Buy".)
    asked = {_RANK_WAY[word.lower()] for word in SUPERLATIVE.findall(asked_part)}
    # (An opening that ranks below the top, "Interest rate swaps: $19,779 million, the second
    # largest", ranks nothing asked.)
    opening_ranks = _RANKING.search(claims[0]) and not _RANKED_BELOW.search(claims[0]) if claims else False
    if len(asked) != 1 or not claims or YES_NO.match(claims[0]) or opening_ranks or claims[0] not in parts:
        return ""
    wanted = stems_of(question) - stems_of(" ".join(_RANK_WAY))
    for part in parts[parts.index(claims[0]) + 1:]:
        # Not a heading that asks ("**Which region contributed the most?**"), a pronoun that
        # ranks a name the sentence before gave ("It had by far the worst topline
        # performance"), or a group ranked ("its ten largest customers together").
        if part.rstrip(" *_").endswith("?") or _PRONOUN_SUBJECT.match(part) or _RANKED_BELOW.search(part):
            continue
        if asked & {_RANK_WAY[word] for word in _RANKING.findall(part)} and stems_of(part) & wanted:
            return part
    return ""


# Which way each superlative ranks: "increased the most" is answered by "the largest increase".
_RANK_WAY = {
    **dict.fromkeys(("most", "largest", "highest", "biggest", "greatest", "best", "fastest", "strongest"), "top"),
    **dict.fromkeys(("least", "smallest", "lowest", "worst", "slowest", "weakest"), "bottom"),
}
# A superlative as a word, not a name: "Best Buy" ranks nothing.
_RANKING = re.compile(SUPERLATIVE.pattern)  # SUPERLATIVE's words, in their case
# "the second largest", "the next biggest": a rank below the one asked; "the ten largest",
# "its 3 biggest": a group ranked.
_RANKED_BELOW = re.compile(
    r"\b(?:second|third|next|runner-up|two|three|four|five|six|seven|eight|nine|ten|\d+)[- ](?:\w+[- ])?"
    r"(?:most|least|largest|smallest|highest|lowest|biggest|greatest|best|worst)\b",
    re.IGNORECASE,
)
_PRONOUN_SUBJECT = re.compile(r"\W*(?:it|this|that|these|they)\b", re.IGNORECASE)
