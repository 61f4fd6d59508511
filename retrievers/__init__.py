"""Retrieval modes. Each is a class with ``retrieve(index, question, ctx)``; registered here."""
from __future__ import annotations

import importlib

from core.errors import UserError

MODES: dict[str, str] = {
    "simple": "retrievers.simple:SimpleRetriever",
    "agent": "retrievers.agent:AgentRetriever",
    "planner": "retrievers.planner:PlannerRetriever",
    "iterative": "retrievers.iterative:IterativeRetriever",
}


def get_retriever(name: str):
    try:
        module_name, class_name = MODES[name].split(":")
    except KeyError:
        raise UserError(f"unknown mode {name!r}", f"use one of {', '.join(MODES)}") from None
    return getattr(importlib.import_module(module_name), class_name)()


def check_modes(names: list[str]) -> None:
    for number, name in enumerate(names):
        if name not in MODES:
            raise UserError(f"unknown mode {name!r}", f"use one or more of {', '.join(MODES)}")
        if name in names[:number]:
            # Its runs would be planned twice under the same run ids.
            raise UserError(f"mode {name} is given twice", "give each mode once in --modes")
