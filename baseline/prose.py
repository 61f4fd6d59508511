"""Answers in the filing's own words: the passages an extraction found, quoted with their
pages, and a yes/no read off the passage when the question asks one."""
from __future__ import annotations

import re

from baseline.figures import answered, cite
from baseline.needs import QuestionPlan
from baseline.text import terms
from baseline.wording import core_question, strip_company
from core.protocol import Decision
from core.results import Finding

_NEGATED = re.compile(r"(?i)\b(?:no|not|never|none|neither|nor|without|did not|has not|have not|does not|were not|was not)\b|n't\b")


def passage_answer(plan: QuestionPlan, findings: list[Finding], failed_items: list[str], last_chance: bool, numeric_first: bool = False) -> Decision:
    """The two best passages found, quoted with their pages; ask for one when none was
    found yet, fail once the search for it has failed."""
    passages = [f for f in findings if isinstance(f.value, str) and len(f.value) > 30]
    if numeric_first:
        with_numbers = [f for f in passages if re.search(r"\d", str(f.value))]
        passages = with_numbers + [f for f in passages if f not in with_numbers]
    if passages:
        best = passages[:2]
        pages = sorted({p for f in best if (p := f.page_number) is not None})
        verdict = yes_no(plan, str(best[0].value)) if plan.kind == "yesno" else ""
        return answered(f"{verdict}According to the filing ({cite(pages)}): " + " ".join(str(f.value) for f in best), pages)
    if not last_chance and not failed_items:
        return Decision("needs", needs=plan.text, reason="no relevant passage found yet")
    return Decision("fail", reason="no passage in the filing addresses the question")


def yes_no(plan: QuestionPlan, sentence: str) -> str:
    """"Yes. " when the passage states most of what the question asks about without
    negating it, "No. " when it negates it, "" when it does not say enough to tell."""
    asked = set(terms(strip_company(core_question(plan.text))))
    if not asked:
        return ""
    if len(asked & set(terms(sentence))) / len(asked) < 0.6:
        return ""
    return "No. " if _NEGATED.search(sentence) else "Yes. "
