"""Which of a prose gold's numbers an answer states, and which it contradicts.

A gold number is *found* when the answer commits to it within rounding, or states two values
whose difference or percent change gives it ("from $49.8 billion to $47.2 billion" for
"decreased by $2.5bn"). It is *contradicted* when the answer gives another value of its
kind next to the gold's label words, or states the gold's figure going the other way
("increased by 1.7%" for "decreased by 1.7%"), or gives the gold's value to another item
while a different value stands at the gold's label words. Only values the answer commits
to count (``verdict_commitment.uncommitted_values``).
"""
from __future__ import annotations

import functools
import re

from harness.judge.amounts import Quantity, QuestionUnit, parse_quantities
from harness.judge.comparison import Reading, answer_readings, closest, gold_readings, quantity_kind
from harness.judge.numeric_check import stated_direction
from harness.judge.refusal import sentence_spans
from harness.judge.verdict_commitment import uncommitted_values
from harness.judge.words import content, stems_of


def _context(text: str, q: Quantity) -> set[str]:
    """Label words around a number: what it is a number of."""
    left = content(text[max(0, q.start - 60):q.start])[-4:]
    right = content(text[q.end:q.end + 25])[:2]
    return {s for s, _ in left + right}


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


@functools.lru_cache(maxsize=4096)
def _gold_numbers(
    gold: str, unit: QuestionUnit, question: str,
) -> tuple[tuple[Quantity, list[Reading], frozenset[str], str | None, frozenset[str]], ...]:
    """Each non-zero number of the gold with its readings (read only: shared by the runs),
    its label words, the direction the gold gives it ("decreased by 1.7%"), and the words
    its sentence adds to the question (what the number is of: "Employee liabilities")."""
    asked = stems_of(question)
    return tuple(
        (g, gold_readings(g, unit), frozenset(_context(gold, g)), stated_direction(gold, g), _sentence_of(gold, g) - asked)
        for g in parse_quantities(gold) if g.number != 0.0
    )


def _sentence_of(text: str, q: Quantity) -> frozenset[str]:
    """The content stems of the sentence that holds ``q``."""
    span = next(((a, b) for a, b in sentence_spans(text) if a <= q.start < b), (0, len(text)))
    return stems_of(text[span[0]:span[1]])


_LEVEL_BEFORE = re.compile(r"\b(?:to|from|at|reaching|was|were|is|are)\s+(?:about\s+|approximately\s+|~)?(?:US)?\$?\s*$", re.IGNORECASE)


def _is_change(text: str, q: Quantity) -> bool:
    """A value stated as a change ("an increase of 81%", "down 3%"), not as the level
    reached ("rose to $4.1 billion", "from $3.2 billion to ...")."""
    return stated_direction(text, q) is not None and not _LEVEL_BEFORE.search(text[max(0, q.start - 24):q.start])


def _on_another_label(answer: str, a: Quantity, g: Quantity, labels: tuple[frozenset[str], ...], values: list[Quantity]) -> bool:
    """Is the answer's value ``a`` away from the gold's label words while another value of
    its kind stands next to them: the right value put on the wrong item? Read with the
    words right around the gold's number and with the words its sentence adds to the question."""
    kind = quantity_kind(g)
    rivals = [b for b in values if b is not a and quantity_kind(b) == kind and b.number != a.number]
    if not rivals:
        return False
    own = _context(answer, a)
    return any(
        label and not label & own and any(label & _context(answer, b) for b in rivals) for label in labels
    )


def number_evidence(gold: str, answer: str, unit: QuestionUnit, question: str = "") -> dict[str, int]:
    """How many of the gold's numbers the answer states (``found``), states one rounding step
    away (``near``), contradicts (``contradicted``; of those, ``reversed``: the gold's figure
    gone the other way) or leaves out (``missing``)."""
    out = {"found": 0, "near": 0, "contradicted": 0, "missing": 0, "reversed": 0}
    gold_numbers = _gold_numbers(gold, unit, question)
    if not gold_numbers:
        return out
    # Only values the answer commits to can state the gold's number: not hedged, denied,
    # offered as alternatives or listed among many.
    every_value = parse_quantities(answer)
    skipped = uncommitted_values(answer, every_value)
    answer_qs = [q for i, q in enumerate(every_value) if i not in skipped]
    own_readings = [r for a in answer_qs for r in answer_readings(a, unit, quantity_kind(a))[:1]]
    for g, golds, label, direction, item in gold_numbers:
        best = "far"
        for a in answer_qs:
            verdict, _ = closest(golds, answer_readings(a, unit, golds[0].kind))
            if verdict == "match" and direction and stated_direction(answer, a) not in (None, direction):
                # The gold's figure gone the other way ("increased by 1.7%" for "decreased
                # by 1.7%"): a different claim, whatever the digits.
                best = "reversed"
                continue
            # A change ("decreased its debt by $2.5bn") sits beside the levels it is taken
            # from, which share its label words: only a level ("87% of ...") has one item.
            if verdict == "match" and not direction and _on_another_label(answer, a, g, (label, item), answer_qs):
                # The gold's value on another item while a different value sits at the
                # gold's label words ("13% ... employee liabilities; 87% ... other costs").
                best = "misplaced"
                continue
            if verdict == "match":
                best = "match"
                break
            if verdict in ("near", "sign") and best == "far":
                best = "near"
        if best in ("far", "near"):
            derived = _derived(golds, own_readings)
            if derived == "match" or (derived == "near" and best == "far"):
                best = derived
        if best == "match":
            out["found"] += 1
        elif best == "near":
            out["near"] += 1
        elif best == "misplaced":
            out["contradicted"] += 1
        elif best == "reversed":
            out["reversed"] += 1
            out["contradicted"] += 1
        else:
            # A rival states the same quantity: a change ("an increase of 81%") does not
            # contradict a level the gold gives without a direction ("~90% of EBITDAR").
            rivals = [
                a for a in every_value
                if quantity_kind(a) == quantity_kind(g) and label & _context(answer, a) and (direction or not _is_change(answer, a))
            ]
            out["contradicted" if rivals else "missing"] += 1
    return out
