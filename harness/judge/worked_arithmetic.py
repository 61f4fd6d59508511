"""An answer's own arithmetic, worked out again: does the computation it shows give the gold?

"Inventory turnover = $24,576 million / $7,110.5 million = 3.45" for a gold of 3.46: the
inputs and the operation are right, and only the last rounding slipped (24,576 / 7,110.5 is
3.4563). People credit such answers. A value one rounding step away with no computation
behind it ("$302 million" for a gold of 303, read from "$302,578" thousand) stays a slip
the benchmark does not count, and so does arithmetic whose own result misses the gold
("787 / 40,648 x 100% = 2.7%" is 1.9%, not the gold's 2.8%).

Only the equation whose right side is the answer's committed value counts, its left side
must be figures joined by operators (no words, at least two operands), and none of those
figures may be the gold itself: "3.46 x 1 = 3.45" shows no computation of the gold.
"""
from __future__ import annotations

import ast
import operator
import re

from harness.judge.amounts import Quantity, parse_quantities, question_unit
from harness.judge.comparison import Reading, answer_readings, compare, gold_readings
from harness.judge.numeric_check import single_number_gold

# Between the operands of a shown computation: operators, brackets, dollar signs (or the
# code: "USD 1,493,602,000 - USD 903,095,000"), spaces.
_CODE = r"\bUSD\b|\bUS(?=\$)"
_GAP = re.compile(rf"(?:[\s$()+\-−–*/×÷xX]|{_CODE})*")
_CURRENCY_CODE = re.compile(r"\bUSD?\b")
# Between the equals sign and the result: "= $", "≈ ", "= approximately -", or the sign in
# words: "$24,576 million / $7,110.5 million, gives 3.45".
_RESULT_LEAD = re.compile(
    r"(?:=|≈|≅|,?\s*(?:which\s+)?(?:gives|giving|yields|equals|comes\s+to|works\s+out\s+to)\b)"
    r"\s*(?:approximately\s+|about\s+|roughly\s+)?(?:USD\s*|US)?\$?\s*[-−]?\s*$",
    re.I,
)
# A result given under the computation's name: brackets closing it, then the name (a few
# words, no figures).
_NAMED = re.compile(r"([\s)]*)([A-Za-z][A-Za-z'’&(). -]{1,60}?)\s*")
_NORMALISE = str.maketrans({"×": "*", "x": "*", "X": "*", "÷": "/", "−": "-", "–": "-", "$": " "})
_BINARY = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv}
_MAX_OPERANDS = 12


def _operand(q: Quantity) -> float:
    """A figure as the computation uses it: its size in base units ("100%" is 1); its sign
    is the text's, read from the operators around it."""
    size = abs(q.number) * q.scale
    return size / 100.0 if q.percent else size


def _evaluate(node: ast.AST) -> float:
    if isinstance(node, ast.Expression):
        return _evaluate(node.body)
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
        return float(node.value)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        value = _evaluate(node.operand)
        return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        return _BINARY[type(node.op)](_evaluate(node.left), _evaluate(node.right))
    raise ValueError("not arithmetic")


def shown_computation(answer: str, result: Quantity, quantities: list[Quantity]) -> tuple[float, list[Quantity]] | None:
    """The value of the computation the answer shows as giving ``result``, and its operands;
    None when ``result`` is not the right side of such an equation. Two shapes count:
    "A / B = result", and the computation named and then its result given under the same
    name ("Turnover = A / B  Turnover = result")."""
    before = [q for q in quantities if q.end <= result.start]
    if not before:
        return None
    lead = answer[before[-1].end : result.start]
    equals = _RESULT_LEAD.search(lead)
    if equals is None:
        return None
    closing, name = lead[: equals.start()], None
    if not _GAP.fullmatch(closing):
        named = _NAMED.fullmatch(closing)
        if named is None:
            return None
        closing, name = named.group(1), named.group(2)
    operands = [before[-1]]
    for q in reversed(before[:-1]):
        if len(operands) == _MAX_OPERANDS or not _GAP.fullmatch(answer[q.end : operands[0].start]):
            break
        operands.insert(0, q)
    if len(operands) < 2:
        return None
    # The brackets and signs right before the first operand belong to the computation; the
    # text before them must name it the same way, when the result is given under a name.
    head = answer[max(0, operands[0].start - 160) : operands[0].start]
    opening = re.search(rf"(?:[\s$(\-−–]|{_CODE})*$", head)
    prefix = opening.group(0) if opening else ""
    if name is not None and not re.search(rf"{re.escape(name)}\s*(?:=|≈)\s*$", head[: len(head) - len(prefix)], re.I):
        return None
    parts = [prefix]
    for i, q in enumerate(operands):
        parts.append(repr(_operand(q)))
        parts.append(answer[q.end : operands[i + 1].start] if i + 1 < len(operands) else closing)
    expression = _CURRENCY_CODE.sub(" ", "".join(parts)).translate(_NORMALISE)
    try:
        value = _evaluate(ast.parse(expression.strip(), mode="eval"))
    except (SyntaxError, ValueError, ZeroDivisionError, RecursionError):
        return None
    return value, operands


def results_of(answer: str) -> list[tuple[Quantity, float, list[Quantity]]]:
    """Every equation in the answer with figures on both sides: (its result as written, the
    value its left side works out to, the left side's operands)."""
    quantities = parse_quantities(answer)
    found = []
    for q in quantities:
        shown = shown_computation(answer, q, quantities)
        if shown is not None:
            found.append((q, *shown))
    return found


def arithmetic_gives_gold(question: str, gold: str, answer: str, committed: float) -> bool:
    """Does the answer show a computation of its committed value (``committed``: the
    numeric check's reading of it, in comparison space) that, worked out again, matches
    the gold, though the value written after it does not?"""
    gold_q = single_number_gold(question, str(gold))
    if gold_q is None:
        return False
    unit = question_unit(question)
    golds = gold_readings(gold_q, unit)
    kind = golds[0].kind
    for result, value, operands in results_of(answer):
        if any(compare(g, r) == "match" for q in operands for r in answer_readings(q, unit, kind) for g in golds):
            continue  # the gold among the operands: "3.46 x 1 = 3.45" computes nothing
        for reading in answer_readings(result, unit, kind):
            if reading.value != committed or not result.value:
                continue
            # The left side in the result's space, as the answer wrote the result: a ratio
            # written as a percent ("... / 903,095,000 = 65.3%") may be worked out as a
            # fraction, or the other way round.
            factor = reading.value / result.value
            step = 3.0 * reading.half_ulp  # within one and a half steps of the result's last digit
            worked = min((value * factor * k for k in (1.0, 100.0, 0.01)), key=lambda v: abs(v - committed))
            if abs(worked - committed) > step:
                continue  # the equation does not work out to its own result
            if any(compare(g, Reading(worked, 0.0, g.kind, result)) == "match" for g in golds):
                return True
    return False
