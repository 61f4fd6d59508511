"""``offline``: the rule-based baseline, registered like any other provider."""
from __future__ import annotations

from baseline.policy import respond
from core.llm.base import ModelSpec, ProviderSettings
from core.llm.tokens import estimate_request_tokens, estimate_tokens
from core.llm.types import Completion, CompletionRequest, Usage


def check(spec: ModelSpec, settings: ProviderSettings) -> None:
    return None  # needs no key, no network


def create(spec: ModelSpec, settings: ProviderSettings) -> OfflineProvider:
    return OfflineProvider(spec)


class OfflineProvider:
    deterministic = True

    def __init__(self, spec: ModelSpec):
        self.spec = spec

    async def complete(self, request: CompletionRequest) -> Completion:
        text, tool_calls = respond(request)
        output = estimate_tokens(text) + sum(estimate_tokens(str(c.arguments)) + 8 for c in tool_calls)
        usage = Usage(input=estimate_request_tokens(request), output=output, estimated=True)
        return Completion(text, tool_calls, usage, "tool_use" if tool_calls else "end_turn", "offline")

    async def aclose(self) -> None:
        return None
