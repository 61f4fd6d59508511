"""The Anthropic Messages wire format, shared by the ``anthropic`` and ``bedrock`` providers.

Both talk to the same Messages API through the anthropic SDK (Bedrock only moves the model
id into the URL), so the request/response translation, the error mapping and the provider
object live here once. The SDK is imported inside functions only.
"""
from __future__ import annotations

from typing import Any

from core.llm.base import ModelSpec, ProviderError
from core.llm.batch import BatchAPI
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

EPHEMERAL = {"type": "ephemeral"}  # the default five-minute prompt cache


def message_blocks(message: Message, *, split_stable: bool = False) -> dict[str, Any]:
    """One neutral message as a Messages API ``{"role", "content": [blocks]}``. With
    ``split_stable`` a message's stable prefix is its own text block, marked as a prompt-cache
    breakpoint; the model reads the two blocks as the one text."""
    blocks: list[dict[str, Any]] = []
    if message.role == "user":
        # Tool results must come first in the user turn that answers a tool_use turn.
        for result in message.tool_results:
            blocks.append(
                {
                    "type": "tool_result",
                    "tool_use_id": result.tool_call_id,
                    "content": result.content,
                    "is_error": result.is_error,
                }
            )
        stable = message.text[: message.stable_chars] if split_stable else ""
        if stable:
            blocks.append({"type": "text", "text": stable, "cache_control": EPHEMERAL})
            if len(stable) < len(message.text):
                blocks.append({"type": "text", "text": message.text[len(stable):]})
        elif message.text or not blocks:
            blocks.append({"type": "text", "text": message.text})
    else:
        # The API refuses empty text blocks: an assistant turn that said nothing is sent
        # as no block at all (the API joins the user turns around it).
        if message.text:
            blocks.append({"type": "text", "text": message.text})
        for call in message.tool_calls:
            blocks.append({"type": "tool_use", "id": call.id, "name": call.name, "input": call.arguments})
    return {"role": message.role, "content": blocks}


def _mark_last_block(messages: list[dict[str, Any]]) -> None:
    """A breakpoint after the conversation so far, so the next turn of a tool loop reads it
    from the cache (on the last non-empty block: empty text cannot be marked)."""
    for message in reversed(messages):
        for block in reversed(message["content"]):
            if block.get("type") != "text" or block.get("text"):
                block["cache_control"] = EPHEMERAL
                return


def request_params(request: CompletionRequest, model: str) -> dict[str, Any]:
    """Keyword arguments for ``client.messages.create`` (and one batch request's ``params``).

    ``temperature`` is not sent: the installed SDK (2.x) no longer has the parameter.
    With ``request.prompt_cache`` up to three cache breakpoints (the API allows four) mark
    what later calls repeat: the system prompt (with the tools before it), a message's
    stable prefix (the section index), and, in a tool loop, the conversation so far.
    Anthropic caches a marked prefix only from a minimum length (1,024 to 4,096 tokens by
    model); a shorter one is simply billed as input, so marking it costs nothing.
    """
    cache = request.prompt_cache
    messages = [message_blocks(m, split_stable=cache) for m in request.messages]
    messages = [m for m in messages if m["content"]]
    params: dict[str, Any] = {"model": model, "max_tokens": request.max_tokens, "messages": messages}
    if request.system:
        params["system"] = [{"type": "text", "text": request.system, "cache_control": EPHEMERAL}] if cache else request.system
    if request.tools:
        params["tools"] = [
            {"name": t.name, "description": t.description, "input_schema": t.input_schema} for t in request.tools
        ]
        if cache:
            _mark_last_block(messages)
    return params


def _field(obj: Any, name: str, default: Any = None) -> Any:
    if isinstance(obj, dict):
        return obj.get(name, default)
    return getattr(obj, name, default)


def completion_from_message(message: Any) -> Completion:
    """Translate a Messages API response (SDK object or plain dict) into a ``Completion``.
    A response without usage gets zero counts here; ``completion_for`` estimates them."""
    not_json = not_api_reply(message)
    if not_json is not None:
        raise not_json
    content = _field(message, "content")
    if not isinstance(content, list):
        raise ProviderError("malformed", f"response has no content list (got {type(content).__name__})")
    texts: list[str] = []
    calls: list[ToolCall] = []
    for block in content:
        kind = _field(block, "type")
        if kind == "text":
            texts.append(str(_field(block, "text", "") or ""))
        elif kind == "tool_use":
            call_id, name = str(_field(block, "id", "") or ""), str(_field(block, "name", "") or "")
            arguments, problem = decode_tool_arguments(_field(block, "input"))
            calls.append(ToolCall(call_id, name, arguments, problem))
        # thinking and server-tool blocks carry nothing the harness uses
    usage = _field(message, "usage")
    return Completion(
        text="".join(texts),
        tool_calls=calls,
        usage=Usage(
            input=token_count(_field(usage, "input_tokens"), "input_tokens"),
            output=token_count(_field(usage, "output_tokens"), "output_tokens"),
            cache_read=token_count(_field(usage, "cache_read_input_tokens"), "cache_read_input_tokens"),
            cache_write=token_count(_field(usage, "cache_creation_input_tokens"), "cache_creation_input_tokens"),
        ),
        stop_reason=str(_field(message, "stop_reason") or "end_turn"),
        model=str(_field(message, "model") or ""),
    )


def completion_for(request: CompletionRequest, message: Any) -> Completion:
    """The ``Completion`` of ``message``, the reply to ``request`` (a live call's or a batch
    item's). A reply that reports no usage, or none of what it read, gets an estimate from
    the request, marked so: counted as 0 tokens it would cost $0 and pass every budget."""
    completion = completion_from_message(message)
    if _field(message, "usage") is None or not reports_usage(completion.usage):
        completion.usage = estimated_usage(request, completion)
    return completion


def provider_error(exc: BaseException) -> ProviderError | None:
    """The ``ProviderError`` for an anthropic SDK exception, or ``None`` if it is not one."""
    import anthropic

    transport = transport_error(exc, anthropic)
    if transport is not None:
        return transport
    if isinstance(exc, anthropic.APIStatusError):
        kind, text = body_message(exc.body)
        kind = getattr(exc, "type", None) or kind or exc.response.headers.get("x-amzn-errortype", "").split(":")[0]
        message = text or exc.message
        if kind:
            message = f"{kind}: {message}"
        return status_error(
            exc.status_code, message, exc.response.headers, overloaded=kind == "overloaded_error"
        )
    if isinstance(exc, anthropic.APIResponseValidationError):
        return ProviderError("malformed", exc.message, status=exc.status_code)
    return unreadable_body(exc)


class MessagesProvider:
    """A provider over an anthropic SDK async client (``AsyncAnthropic`` or
    ``AsyncAnthropicBedrock``); both expose the same ``messages.create``. ``batches`` is the
    provider's Message Batches API, where it has one (Anthropic's; Bedrock has none).
    ``credentials``: what the client sends (``core.redact.sent_credentials``), masked in
    every error this provider raises."""

    deterministic = False

    def __init__(self, spec: ModelSpec, client: Any, batches: BatchAPI | None = None, credentials: tuple[str, ...] = ()):
        self.spec = spec
        self._client = client
        self.batches = batches
        self._credentials = credentials

    async def complete(self, request: CompletionRequest) -> Completion:
        params = request_params(request, self.spec.model)
        try:
            message = await self._client.messages.create(**params)
            completion = completion_for(request, message)
        except Exception as exc:
            error = as_provider_error(exc, provider_error, self._credentials)
            if error is None:
                raise
            # Not chained to the SDK's exception: its text holds the body unmasked.
            raise error from None
        return completion

    async def aclose(self) -> None:
        await self._client.close()
