"""One provider call through a real SDK, for the provider wire-protocol tests: create the
provider, send the request, always close the client."""
from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from core.llm.base import ModelSpec, Provider, ProviderError, ProviderSettings
from core.llm.types import Completion, CompletionRequest

Create = Callable[[ModelSpec, ProviderSettings], Provider]


def call_provider(create: Create, spec: ModelSpec, request: CompletionRequest, settings: ProviderSettings) -> Completion:
    async def go() -> Completion:
        provider = create(spec, settings)
        try:
            return await provider.complete(request)
        finally:
            await provider.aclose()

    return asyncio.run(go())


def provider_error(create: Create, spec: ModelSpec, request: CompletionRequest, settings: ProviderSettings) -> ProviderError:
    """The ProviderError the call raises (the test fails if it raises none)."""
    with pytest.raises(ProviderError) as caught:
        call_provider(create, spec, request, settings)
    return caught.value
