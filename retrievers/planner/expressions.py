"""The output language of computed plan tasks: arithmetic the model writes and the harness
evaluates, so that no figure of a plan is computed in a model's head (the seeds' planner
had its calculator agents write PTC-Lisp for the same reason).

An expression is arithmetic over named inputs: ``100 * capex_2022 / revenue_2022``,
``avg(fetch_cash_flow.capex_2022, fetch_cash_flow.capex_2021)``. It has numbers, names
(letters, digits, ``_`` and ``.``), ``+ - * /``, parentheses, unary minus, and the functions
``min max abs round avg sum``. Nothing else: it is parsed by hand into a tree and evaluated
over plain floats, never handed to ``eval``, so a hostile expression can only fail.
"""
from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

MAX_LENGTH = 1000  # characters
MAX_DEPTH = 40  # nesting of parentheses and operators
_TOKEN = re.compile(r"\s*(?:(?P<number>\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|(?P<name>[A-Za-z_][\w.]*)|(?P<op>[-+*/(),]))")


class ExpressionError(ValueError):
    """The expression cannot be evaluated; the message says why (it goes back to the model)."""


def _avg(*values: float) -> float:
    if not values:
        raise ExpressionError("avg() needs at least one value")
    return sum(values) / len(values)


def _round(value: float, digits: float = 0) -> float:
    if digits != int(digits) or not 0 <= digits <= 12:
        raise ExpressionError("round(x, n) needs a whole n from 0 to 12")
    return round(value, int(digits)) if digits else float(round(value))


def _sum(*values: float) -> float:
    return math.fsum(values)


def _min(*values: float) -> float:
    if not values:
        raise ExpressionError("min() needs at least one value")
    return min(values)


def _max(*values: float) -> float:
    if not values:
        raise ExpressionError("max() needs at least one value")
    return max(values)


def _abs(value: float) -> float:
    return abs(value)


FUNCTIONS: dict[str, Callable[..., float]] = {"min": _min, "max": _max, "abs": _abs, "round": _round, "avg": _avg, "mean": _avg, "sum": _sum}


@dataclass(frozen=True)
class Parsed:
    """A parsed expression: evaluate it with ``evaluate``; ``names`` are the inputs it uses."""

    tree: Any
    names: tuple[str, ...]
    text: str


def _tokens(text: str) -> Iterator[tuple[str, str]]:
    position = 0
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None or match.end() == position:
            if text[position:].strip() == "":
                return
            raise ExpressionError(f"unexpected {text[position:position + 10].strip()!r} at character {position + 1}")
        kind = match.lastgroup or ""
        yield kind, match.group(kind)
        position = match.end()


class _Parser:
    """Recursive descent: sum := product (('+'|'-') product)*; product := unary (('*'|'/') unary)*;
    unary := '-' unary | '+' unary | atom; atom := number | name | name '(' args ')' | '(' sum ')'."""

    def __init__(self, text: str):
        self.items = list(_tokens(text))
        self.position = 0
        self.names: list[str] = []

    def peek(self) -> tuple[str, str] | None:
        return self.items[self.position] if self.position < len(self.items) else None

    def take(self) -> tuple[str, str]:
        item = self.peek()
        if item is None:
            raise ExpressionError("the expression ends early")
        self.position += 1
        return item

    def expect(self, symbol: str) -> None:
        kind, value = self.take()
        if (kind, value) != ("op", symbol):
            raise ExpressionError(f"expected {symbol!r}, found {value!r}")

    def sum(self, depth: int) -> Any:
        if depth > MAX_DEPTH:
            raise ExpressionError(f"the expression nests deeper than {MAX_DEPTH} levels")
        node = self.product(depth + 1)
        while (item := self.peek()) is not None and item in (("op", "+"), ("op", "-")):
            self.take()
            node = (item[1], node, self.product(depth + 1))
        return node

    def product(self, depth: int) -> Any:
        node = self.unary(depth + 1)
        while (item := self.peek()) is not None and item in (("op", "*"), ("op", "/")):
            self.take()
            node = (item[1], node, self.unary(depth + 1))
        return node

    def unary(self, depth: int) -> Any:
        if depth > MAX_DEPTH:
            raise ExpressionError(f"the expression nests deeper than {MAX_DEPTH} levels")
        item = self.peek()
        if item in (("op", "-"), ("op", "+")):
            self.take()
            operand = self.unary(depth + 1)
            return ("neg", operand) if item == ("op", "-") else operand
        return self.atom(depth + 1)

    def atom(self, depth: int) -> Any:
        kind, value = self.take()
        if kind == "number":  # written as a whole number: an integer, as in the seeds' interpreter
            return ("num", int(value) if value.isdigit() else float(value))
        if kind == "name":
            following = self.peek()
            if following == ("op", "("):
                if value.lower() not in FUNCTIONS:
                    raise ExpressionError(f"unknown function {value!r}; use {', '.join(sorted(FUNCTIONS))}")
                self.take()
                args = []
                if self.peek() != ("op", ")"):
                    args.append(self.sum(depth + 1))
                    while self.peek() == ("op", ","):
                        self.take()
                        args.append(self.sum(depth + 1))
                self.expect(")")
                return ("call", value.lower(), tuple(args))
            self.names.append(value)
            return ("name", value)
        if (kind, value) == ("op", "("):
            node = self.sum(depth + 1)
            self.expect(")")
            return node
        raise ExpressionError(f"unexpected {value!r}")


def parse_expression(text: str) -> Parsed:
    """Parse an expression (ExpressionError when it is not one)."""
    if not isinstance(text, str):
        raise ExpressionError(f"an expression is text, not {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise ExpressionError(f"the expression is longer than {MAX_LENGTH} characters")
    if not text.strip():
        raise ExpressionError("the expression is empty")
    parser = _Parser(text)
    tree = parser.sum(0)
    if parser.peek() is not None:
        raise ExpressionError(f"unexpected {parser.peek()[1]!r} after a complete expression")  # type: ignore[index]
    return Parsed(tree, tuple(dict.fromkeys(parser.names)), text)


def evaluate(parsed: Parsed, inputs: Mapping[str, float]) -> float | int:
    """The expression's value over ``inputs``. Whole results of whole inputs stay integers
    (``+ - *`` of integers), as in the seeds' interpreter; ``/`` always gives a float."""
    try:
        value = _evaluate(parsed.tree, inputs)
    except OverflowError:
        raise ExpressionError("the result is too large") from None
    if isinstance(value, float) and not math.isfinite(value):
        raise ExpressionError("the result is not a finite number")
    return value


def _evaluate(node: Any, inputs: Mapping[str, float]) -> float | int:
    kind = node[0]
    if kind == "num":
        return node[1]
    if kind == "name":
        if node[1] not in inputs:
            raise ExpressionError(f"unknown input {node[1]!r}; use the names listed in <inputs>")
        return inputs[node[1]]
    if kind == "neg":
        return -_evaluate(node[1], inputs)
    if kind == "call":
        args = [float(_evaluate(a, inputs)) for a in node[2]]
        try:
            return FUNCTIONS[node[1]](*args)
        except TypeError:
            raise ExpressionError(f"wrong number of arguments to {node[1]}()") from None
    left, right = _evaluate(node[1], inputs), _evaluate(node[2], inputs)
    if kind == "+":
        return left + right
    if kind == "-":
        return left - right
    if kind == "*":
        result = left * right
        if isinstance(result, int) and abs(result) > 10**30:
            raise ExpressionError("the result is too large")
        return result
    if right == 0:
        raise ExpressionError("division by zero")
    return left / right


def numeric_inputs(results: Mapping[str, Any], *, limit: int = 300) -> tuple[dict[str, float], dict[str, float]]:
    """Every number in the dependencies' results, named by its path (``task.field``,
    ``task.lines.0.value``); a path whose last part only one dependency has may also be
    called by that part alone. Returns (every name an expression may use, the names to show
    the model: the short one where there is one). Booleans are not numbers."""
    named: dict[str, float] = {}

    def walk(prefix: str, value: Any) -> None:
        if len(named) >= limit:
            return
        if isinstance(value, bool):
            return
        if isinstance(value, (int, float)) and math.isfinite(value):
            named[prefix] = value
        elif isinstance(value, Mapping):
            for key, sub in value.items():
                if re.fullmatch(r"[A-Za-z_]\w*", str(key)):
                    walk(f"{prefix}.{key}", sub)
        elif isinstance(value, list):
            for i, sub in enumerate(value[:50]):
                walk(f"{prefix}.{i}", sub)

    for task_id, result in results.items():
        if re.fullmatch(r"[A-Za-z_]\w*", str(task_id)):
            walk(str(task_id), result)
    short: dict[str, list[str]] = {}
    for name in named:
        short.setdefault(name.split(".", 1)[1] if "." in name else name, []).append(name)
    usable = dict(named)
    shown: dict[str, float] = {}
    aliases = {full[0]: alias for alias, full in short.items() if len(full) == 1 and alias not in named}
    for name, value in named.items():
        alias = aliases.get(name)
        if alias is not None:
            usable[alias] = value
        shown[alias or name] = value
    return usable, shown
