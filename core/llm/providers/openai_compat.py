"""``openai:<model>[@<base_url>]``: any OpenAI-compatible chat-completions server.

vLLM, Ollama, a LiteLLM proxy or OpenAI itself, through the openai SDK's async client.
Base URL: the spec's ``@<base_url>``, then ``--openai-base-url``, then ``OPENAI_BASE_URL``;
key: ``--openai-api-key``, then ``OPENAI_API_KEY``. A local server needs no key, so with a
base URL and no key a placeholder is sent. The SDK's own retries are off.

Prompt caching on these servers is automatic (OpenAI's for prompts of 1,024 tokens or more,
vLLM's with prefix caching on) and cannot be asked for per request; what they report as
``prompt_tokens_details.cached_tokens`` is recorded as cache reads. OpenAI itself also gets
a ``prompt_cache_key`` (which helps it route requests with the same prefix to the same
cache); other servers get no parameter they might refuse.
"""
from __future__ import annotations

import hashlib
import json
import re
import urllib.parse
from dataclasses import replace
from typing import Any

from core.errors import UserError
from core.llm.base import ModelSpec, ProviderError, ProviderSettings
from core.llm.providers._http import (
    as_provider_error,
    body_message,
    not_api_reply,
    status_error,
    token_count,
    transport_error,
    unreadable_body,
)
from core.llm.tokens import estimated_usage, reports_usage
from core.llm.types import Completion, CompletionRequest, Message, ToolCall, Usage, decode_tool_arguments
from core.redact import redact_url, sent_credentials

OPENAI_BASE_URL = "https://api.openai.com/v1"
PLACEHOLDER_KEY = "not-needed"
KEY_SOURCE = "OPENAI_API_KEY (or --openai-api-key)"  # where the key comes from, for the fix when it is rejected
STOP_REASONS = {"tool_calls": "tool_use", "function_call": "tool_use", "stop": "end_turn", "length": "max_tokens"}


def base_url(spec: ModelSpec, settings: ProviderSettings) -> str | None:
    return spec.base_url or settings.openai_base_url or settings.getenv("OPENAI_BASE_URL")


def endpoint(spec: ModelSpec, settings: ProviderSettings) -> str:
    """The server the model is reached at."""
    return base_url(spec, settings) or OPENAI_BASE_URL


def api_key(settings: ProviderSettings) -> str | None:
    return settings.openai_api_key or settings.getenv("OPENAI_API_KEY")


def check(spec: ModelSpec, settings: ProviderSettings) -> None:
    if not spec.model:
        raise UserError(f"{spec.label} names no model", "write openai:<model>[@<base_url>]")
    url = base_url(spec, settings)
    if url and not url.startswith(("http://", "https://")):
        # Taken as it is, "localhost:8000/v1" is a URL of scheme "localhost", and every call
        # of the sweep fails to connect after its retries.
        where = "--openai-base-url" if settings.openai_base_url else ("OPENAI_BASE_URL" if not spec.base_url else spec.label)
        raise UserError(f"the base URL {redact_url(url)!r} ({where}) is not an http:// or https:// URL",
                        f"write it in full, e.g. http://{redact_url(url)}")
    if not base_url(spec, settings) and not api_key(settings):
        raise UserError(
            f"{spec.label} has neither a server nor a key: OPENAI_BASE_URL and OPENAI_API_KEY are not set",
            "for a local server write openai:<model>@http://host:port/v1 (or set OPENAI_BASE_URL); "
            "for OpenAI itself export OPENAI_API_KEY",
        )


def to_wire_messages(system: str, messages: list[Message]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"role": "system", "content": system}] if system else []
    for message in messages:
        if message.role == "assistant":
            entry: dict[str, Any] = {"role": "assistant", "content": message.text or None}
            if message.tool_calls:
                entry["tool_calls"] = [
                    {
                        "id": call.id,
                        "type": "function",
                        "function": {"name": call.name, "arguments": json.dumps(call.arguments)},
                    }
                    for call in message.tool_calls
                ]
            elif entry["content"] is None:
                entry["content"] = ""
            out.append(entry)
            continue
        # role:tool messages must directly follow the assistant turn that made the calls.
        for result in message.tool_results:
            # The wire format has no error flag, so the error travels in the text.
            content = f"Error: {result.content}" if result.is_error else result.content
            out.append({"role": "tool", "tool_call_id": result.tool_call_id, "content": content})
        if message.text or not message.tool_results:
            out.append({"role": "user", "content": message.text})
    return out


# OpenAI's reasoning models (o1, o3, o4-mini, gpt-5 ...) refuse any temperature but their own
# default, with a 400 on every call: they are sent none.
_FIXED_TEMPERATURE = re.compile(r"^(o\d|gpt-5)(?![\w.]*-chat)")


def request_params(request: CompletionRequest, model: str, official: bool) -> dict[str, Any]:
    params: dict[str, Any] = {
        "model": model,
        "messages": to_wire_messages(request.system, request.messages),
    }
    if not (official and _FIXED_TEMPERATURE.match(model)):
        params["temperature"] = request.temperature
    # OpenAI's own reasoning models refuse max_tokens; compatible servers all take it.
    params["max_completion_tokens" if official else "max_tokens"] = request.max_tokens
    if request.tools:
        params["tools"] = [
            {
                "type": "function",
                "function": {"name": t.name, "description": t.description, "parameters": t.input_schema},
            }
            for t in request.tools
        ]
    if official and request.prompt_cache:
        params["prompt_cache_key"] = prompt_cache_key(request)
    return params


def prompt_cache_key(request: CompletionRequest) -> str:
    """What requests sharing a prefix have in common: the system prompt and the first
    message's stable prefix (the section index)."""
    first = request.messages[0] if request.messages else None
    stable = first.text[: first.stable_chars] if first else ""
    return hashlib.sha256(f"{request.system}\x00{stable}".encode()).hexdigest()[:32]


def _tool_call(raw: Any) -> ToolCall | None:
    function = getattr(raw, "function", None)
    if function is None:  # a custom (non-function) tool call: the harness never offers those
        return None
    call_id, name = str(getattr(raw, "id", "") or ""), str(getattr(function, "name", "") or "")
    # Some servers send "" for a call without arguments, some encode the JSON text twice.
    arguments, problem = decode_tool_arguments(getattr(function, "arguments", None))
    return ToolCall(call_id, name, arguments, problem)


def completion_from_response(response: Any) -> Completion:
    """Translate a chat-completions response into a ``Completion``. A response without
    usage gets zero counts here; ``OpenAICompatProvider`` estimates them."""
    not_json = not_api_reply(response)
    if not_json is not None:
        raise not_json
    choices = getattr(response, "choices", None)
    if not choices:
        raise ProviderError("malformed", "response has no choices")
    choice = choices[0]
    message = getattr(choice, "message", None)
    if message is None:
        raise ProviderError("malformed", "response choice has no message")
    calls = [c for c in (_tool_call(raw) for raw in (getattr(message, "tool_calls", None) or [])) if c]
    usage = Usage()
    wire_usage = getattr(response, "usage", None)
    if wire_usage is not None:
        details = getattr(wire_usage, "prompt_tokens_details", None)
        cache_read = token_count(getattr(details, "cached_tokens", 0), "cached_tokens")
        cache_write = token_count(getattr(details, "cache_write_tokens", 0), "cache_write_tokens")
        prompt = token_count(getattr(wire_usage, "prompt_tokens", 0), "prompt_tokens")
        usage = Usage(
            input=max(0, prompt - cache_read - cache_write),
            output=token_count(getattr(wire_usage, "completion_tokens", 0), "completion_tokens"),
            cache_read=cache_read,
            cache_write=cache_write,
        )
    finish = getattr(choice, "finish_reason", None) or ("tool_calls" if calls else "stop")
    return Completion(
        text=getattr(message, "content", None) or getattr(message, "refusal", None) or "",
        tool_calls=calls,
        usage=usage,
        stop_reason=STOP_REASONS.get(finish, str(finish)),
        model=str(getattr(response, "model", "") or ""),
    )


def provider_error(exc: BaseException) -> ProviderError | None:
    import openai

    transport = transport_error(exc, openai)
    if transport is not None:
        return transport
    if isinstance(exc, openai.APIStatusError):
        kind, text = body_message(exc.body)
        message = f"{kind}: {text}" if kind and text else text or exc.message
        return status_error(exc.status_code, message, exc.response.headers)
    if isinstance(exc, openai.APIResponseValidationError):
        return ProviderError("malformed", exc.message, status=exc.status_code)
    return unreadable_body(exc)


class OpenAICompatProvider:
    """``credentials``: what the client sends (``core.redact.sent_credentials``), masked in
    every error this provider raises."""

    deterministic = False

    def __init__(self, spec: ModelSpec, client: Any, official: bool, credentials: tuple[str, ...] = ()):
        self.spec = spec
        self._client = client
        self._official = official
        self._credentials = credentials

    async def complete(self, request: CompletionRequest) -> Completion:
        params = request_params(request, self.spec.model, self._official)
        try:
            response = await self._client.chat.completions.create(**params)
            completion = completion_from_response(response)
        except Exception as exc:
            error = as_provider_error(exc, provider_error, self._credentials)
            if error is None:
                raise
            # Not chained to the SDK's exception: its text holds the body unmasked.
            raise error from None
        if getattr(response, "usage", None) is None or not reports_usage(completion.usage):
            # Some local OpenAI-compatible servers report no usage, or only a total.
            completion.usage = estimated_usage(request, completion)
        return completion

    async def aclose(self) -> None:
        await self._client.close()


def create(spec: ModelSpec, settings: ProviderSettings) -> OpenAICompatProvider:
    check(spec, settings)
    import openai

    url = base_url(spec, settings)
    # A query in the base URL (a gateway's ?api-key=...) must go on every request; the SDK
    # drops it when it joins paths onto the base, so it is passed as the default query.
    address, _, query = (url or OPENAI_BASE_URL).partition("?")
    key = api_key(settings)
    client = openai.AsyncOpenAI(
        api_key=key or PLACEHOLDER_KEY,
        base_url=address,
        default_query=dict(urllib.parse.parse_qsl(query, keep_blank_values=True)) or None,
        timeout=settings.timeout_s,
        max_retries=0,
    )
    # The spec carries the URL actually used, so the response cache never replays one
    # server's replies for another that serves a model of the same name.
    return OpenAICompatProvider(
        replace(spec, base_url=url or OPENAI_BASE_URL), client, official=not url or url.rstrip("/") == OPENAI_BASE_URL,
        credentials=sent_credentials(key, url=url),
    )
