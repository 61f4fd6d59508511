"""Named sweep presets: one word for a whole benchmark configuration.

``seeds`` reproduces the seed benchmark (``shared/seeds/page_index_README.md``): trees built
by an LLM from the printed table of contents, haiku and sonnet, the agent, planner and
iterative modes, the three 3M FY2022 questions, three runs each, with the seeds' settings
(planner: quality gate, strict signatures, self-failure, tool-only fetches, computed
tasks; iterative: extraction agents of up to 10 turns, 4 iterations). The seeds built their
trees with their default model, haiku, so the preset does too. The seeds ran on Bedrock;
the preset names the registry's aliases, ``haiku`` and ``sonnet`` (the Anthropic API). With
AWS credentials instead, override: ``--models bedrock:haiku,bedrock:sonnet --index-model
bedrock:haiku``. Any option given explicitly overrides the preset's value.
"""
from __future__ import annotations

from typing import Any

from core.errors import UserError

# Preset name -> CLI option (its Python name) -> value.
PRESETS: dict[str, dict[str, Any]] = {
    "seeds": {
        "models": "haiku,sonnet",
        "modes": "agent,planner,iterative",
        "test_set": "3M_2022_10K",
        "runs": 3,
        "index_model": "haiku",
        "extractor_turns": 10,
        "max_iterations": 4,
        "quality_gate": True,
        "self_failure": True,
        "strict_signatures": True,
        "expression_tasks": True,
        "tool_fetch_tasks": True,
    },
}


def apply_preset(name: str | None, options: dict[str, Any], explicit: set[str]) -> dict[str, Any]:
    """``options`` with the preset's values for every option not given explicitly."""
    if name is None:
        return options
    if name not in PRESETS:
        raise UserError(f"unknown preset {name!r}", f"use one of {', '.join(PRESETS)}")
    return {**options, **{key: value for key, value in PRESETS[name].items() if key not in explicit}}
