"""Arithmetic over figures: an expression tree that can be evaluated, shown with the
numbers put in ("6,489 / ((282 + 253) / 2)"), and asked which figures it still misses.

``Alt`` holds two ways to get one quantity (gross profit as printed, or revenue minus cost
of sales): the first that the figures found can evaluate is used.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Ref:
    key: str


@dataclass(frozen=True)
class Num:
    value: float


@dataclass(frozen=True)
class Op:
    op: str  # + - * /
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Fn:
    name: str  # avg | abs | pow
    args: tuple[Expr, ...]


@dataclass(frozen=True)
class Alt:
    first: Expr
    second: Expr


Expr = Ref | Num | Op | Fn | Alt


class Missing(KeyError):
    """A figure the expression needs is not supplied."""


def refs(expr: Expr) -> list[str]:
    """Every figure the expression can use, in order, without repeats."""
    out: list[str] = []

    def walk(e: Expr) -> None:
        if isinstance(e, Ref):
            if e.key not in out:
                out.append(e.key)
        elif isinstance(e, Op):
            walk(e.left)
            walk(e.right)
        elif isinstance(e, Fn):
            for a in e.args:
                walk(a)
        elif isinstance(e, Alt):
            walk(e.first)
            walk(e.second)

    walk(expr)
    return out


def missing(expr: Expr, have: set[str], unavailable: frozenset[str] | set[str] = frozenset()) -> list[str]:
    """The figures still needed to evaluate ``expr``: for an Alt, the cheaper branch (the
    first on a tie), never a branch that needs a figure known to be unavailable."""
    if isinstance(expr, Ref):
        return [] if expr.key in have else [expr.key]
    if isinstance(expr, Num):
        return []
    if isinstance(expr, Op):
        return _merge(missing(expr.left, have, unavailable), missing(expr.right, have, unavailable))
    if isinstance(expr, Fn):
        out: list[str] = []
        for a in expr.args:
            out = _merge(out, missing(a, have, unavailable))
        return out
    first, second = missing(expr.first, have, unavailable), missing(expr.second, have, unavailable)
    first_ok = not (set(first) & unavailable)
    second_ok = not (set(second) & unavailable)
    if first_ok and (len(first) <= len(second) or not second_ok):
        return first
    return second if second_ok else first


def _merge(a: list[str], b: list[str]) -> list[str]:
    return a + [k for k in b if k not in a]


def evaluate(expr: Expr, values: dict[str, float]) -> float:
    if isinstance(expr, Ref):
        if expr.key not in values:
            raise Missing(expr.key)
        return values[expr.key]
    if isinstance(expr, Num):
        return expr.value
    if isinstance(expr, Op):
        a, b = evaluate(expr.left, values), evaluate(expr.right, values)
        if expr.op == "+":
            return a + b
        if expr.op == "-":
            return a - b
        if expr.op == "*":
            return a * b
        if b == 0:
            raise ZeroDivisionError("division by zero")
        return a / b
    if isinstance(expr, Fn):
        args = [evaluate(a, values) for a in expr.args]
        if expr.name == "avg":
            return sum(args) / len(args)
        if expr.name == "abs":
            return abs(args[0])
        if expr.name == "pow":
            if args[0] < 0:
                raise ValueError("root of a negative number")
            return args[0] ** args[1]
        raise ValueError(f"unknown function {expr.name}")
    try:
        return evaluate(expr.first, values)
    except (Missing, ZeroDivisionError):
        return evaluate(expr.second, values)


def usable(expr: Expr, values: dict[str, float]) -> bool:
    try:
        result = evaluate(expr, values)
    except (Missing, ZeroDivisionError, ValueError, OverflowError):
        return False
    return not (math.isnan(result) or math.isinf(result))


def used_refs(expr: Expr, values: dict[str, float]) -> list[str]:
    """The figures an evaluation actually uses (the chosen branch of each Alt)."""
    if isinstance(expr, Alt):
        return used_refs(expr.first, values) if usable(expr.first, values) else used_refs(expr.second, values)
    if isinstance(expr, Op):
        return _merge(used_refs(expr.left, values), used_refs(expr.right, values))
    if isinstance(expr, Fn):
        out: list[str] = []
        for a in expr.args:
            out = _merge(out, used_refs(a, values))
        return out
    return refs(expr)


_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}


def _plain(value: float) -> str:
    return f"{value:,.2f}".rstrip("0").rstrip(".")


def render(expr: Expr, values: dict[str, float], fmt: Callable[[float], str] = _plain) -> str:
    """The arithmetic with the figures put in: ``6,489 / ((282 + 253) / 2)``."""

    def show(e: Expr, parent: int = 0, right_side: bool = False) -> str:
        if isinstance(e, Ref):
            return fmt(values[e.key]) if e.key in values else e.key
        if isinstance(e, Num):
            return fmt(e.value)
        if isinstance(e, Alt):
            return show(e.first if usable(e.first, values) else e.second, parent, right_side)
        if isinstance(e, Fn):
            if e.name == "avg":
                inner = " + ".join(show(a, 1) for a in e.args)
                return f"(({inner}) / {len(e.args)})" if parent else f"({inner}) / {len(e.args)}"
            if e.name == "abs":
                return show(e.args[0], parent, right_side)
            return f"{show(e.args[0], 3)} ^ {show(e.args[1], 3)}"
        level = _PRECEDENCE[e.op]
        text = f"{show(e.left, level)} {e.op} {show(e.right, level, True)}"
        if level < parent or (right_side and level == parent and e.op in "-/"):
            return f"({text})"
        return text

    return show(expr)
