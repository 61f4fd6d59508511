"""The OpenAI-compatible provider drives the real openai SDK against the local wire server."""
from __future__ import annotations

import asyncio
import time

import pytest
from provider_calls import call_provider, provider_error
from wire_server import Fault, Reply, ToolUse, WireServer

from core.errors import UserError
from core.llm.base import ModelSpec, ProviderError, ProviderSettings
from core.llm.providers import openai_compat
from core.llm.types import Completion, CompletionRequest, Message, ToolResult, ToolSpec

GREP = ToolSpec("grep_section", "Search a section.", {"type": "object", "properties": {"pattern": {"type": "string"}}})


def spec(server: WireServer, base: str | None = None) -> ModelSpec:
    url = server.openai_url if base is None else base
    return ModelSpec("openai", "qwen2.5-7b", url, f"openai:qwen2.5-7b@{url}")


def complete(request: CompletionRequest, model: ModelSpec, config: ProviderSettings | None = None) -> Completion:
    return call_provider(openai_compat.create, model, request, config or ProviderSettings(env={}, timeout_s=5))


def fails(request: CompletionRequest, model: ModelSpec, config: ProviderSettings | None = None) -> ProviderError:
    return provider_error(openai_compat.create, model, request, config or ProviderSettings(env={}, timeout_s=5))


def question() -> CompletionRequest:
    return CompletionRequest("You answer from filings.", [Message.user("Capex in FY2022?")], max_tokens=300)


def test_text_answer_with_placeholder_key(wire_server: WireServer) -> None:
    wire_server.queue(Reply("Capex was $1.7B."))
    completion = complete(question(), spec(wire_server))

    assert (completion.text, completion.stop_reason, completion.model) == ("Capex was $1.7B.", "end_turn", "qwen2.5-7b")
    sent = wire_server.last
    assert sent.path == "/v1/chat/completions"
    assert sent.headers["authorization"] == "Bearer not-needed"
    assert sent.json["messages"] == [
        {"role": "system", "content": "You answer from filings."},
        {"role": "user", "content": "Capex in FY2022?"},
    ]
    assert sent.json["max_tokens"] == 300 and sent.json["temperature"] == 0.0
    assert "tools" not in sent.json


def test_base_url_without_v1_prefix(wire_server: WireServer) -> None:
    complete(question(), spec(wire_server, base=wire_server.url))
    assert wire_server.last.path == "/chat/completions"


def test_tool_use_round_trip(wire_server: WireServer) -> None:
    wire_server.queue(
        Reply(
            tool_calls=[
                ToolUse("grep_section", {"pattern": "capital expenditure"}, id="call_1"),
                ToolUse("grep_section", {"pattern": "capex"}, id="call_2"),
            ]
        ),
        Reply("Capex was $1.7B (page 51)."),
    )
    request = CompletionRequest("sys", [Message.user("capex?")], tools=[GREP])
    first = complete(request, spec(wire_server))

    assert first.stop_reason == "tool_use" and first.text == ""
    assert [(c.id, c.name, c.arguments, c.parse_error) for c in first.tool_calls] == [
        ("call_1", "grep_section", {"pattern": "capital expenditure"}, None),
        ("call_2", "grep_section", {"pattern": "capex"}, None),
    ]
    assert wire_server.last.json["tools"] == [
        {
            "type": "function",
            "function": {"name": "grep_section", "description": "Search a section.", "parameters": GREP.input_schema},
        }
    ]

    request.messages += [
        first.to_message(),
        Message(
            "user",
            tool_results=[ToolResult("call_1", "p.51: 1,749"), ToolResult("call_2", "too short", is_error=True)],
        ),
    ]
    final = complete(request, spec(wire_server))

    assert final.text == "Capex was $1.7B (page 51)."
    first_args, second_args = '{"pattern": "capital expenditure"}', '{"pattern": "capex"}'  # JSON strings on the wire
    assert wire_server.last.json["messages"][2:] == [
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "call_1", "type": "function", "function": {"name": "grep_section", "arguments": first_args}},
                {"id": "call_2", "type": "function", "function": {"name": "grep_section", "arguments": second_args}},
            ],
        },
        {"role": "tool", "tool_call_id": "call_1", "content": "p.51: 1,749"},
        {"role": "tool", "tool_call_id": "call_2", "content": "Error: too short"},
    ]


def test_usage_subtracts_cached_tokens(wire_server: WireServer) -> None:
    wire_server.queue(Reply("ok", input_tokens=100, output_tokens=20, cache_read=300))
    usage = complete(question(), spec(wire_server)).usage

    assert (usage.input, usage.output, usage.cache_read, usage.cache_write) == (100, 20, 300, 0)
    assert usage.total == 420  # prompt_tokens 400 + completion 20


def test_length_finish_reason(wire_server: WireServer) -> None:
    wire_server.queue(Reply("Capex was", stop_reason="max_tokens"))
    assert complete(question(), spec(wire_server)).stop_reason == "max_tokens"


@pytest.mark.parametrize("arguments", ['{"pattern": "cap', '["capex"]'])
def test_malformed_arguments_set_parse_error(wire_server: WireServer, arguments: str) -> None:
    wire_server.queue(Reply(tool_calls=[ToolUse("grep_section", arguments, id="call_9")]))
    (call,) = complete(question(), spec(wire_server)).tool_calls

    assert (call.id, call.name, call.arguments) == ("call_9", "grep_section", {})
    assert call.parse_error and arguments in call.parse_error


@pytest.mark.parametrize(
    "fault, kind, status",
    [
        (Fault.rate_limit(retry_after=3), "rate_limit", 429),
        (Fault.overloaded(), "overloaded", 529),
        (Fault.server_error(500), "server", 500),
        (Fault.bad_request("This model's maximum context length is 32768 tokens"), "bad_request", 400),
        (Fault.auth(401), "auth", 401),
    ],
)
def test_http_errors_map_to_kinds(wire_server: WireServer, fault: Fault, kind: str, status: int) -> None:
    wire_server.queue(fault)
    error = fails(question(), spec(wire_server))

    assert (error.kind, error.status) == (kind, status)
    assert len(wire_server.requests) == 1  # the SDK's retries are off
    if kind == "rate_limit":
        assert error.retry_after == 3.0
    if kind == "bad_request":
        assert "maximum context length is 32768 tokens" in error.message


def test_timeout(wire_server: WireServer) -> None:
    wire_server.queue(Fault.timeout(5))
    started = time.monotonic()
    error = fails(question(), spec(wire_server), ProviderSettings(env={}, timeout_s=0.2))

    assert error.kind == "timeout"
    assert time.monotonic() - started < 5  # gave up before the server's 5 s answer
    wire_server.wait_for_requests(1)  # (the client may return before the server's thread has recorded it)
    assert len(wire_server.requests) == 1


def test_dropped_connection(wire_server: WireServer) -> None:
    wire_server.queue(Fault.drop())
    assert fails(question(), spec(wire_server)).kind == "connection"
    assert len(wire_server.requests) == 1


@pytest.mark.parametrize("body", ["upstream error", '{"choices": []}'])
def test_unreadable_response_is_malformed(wire_server: WireServer, body: str) -> None:
    wire_server.queue(Fault.raw(body))
    assert fails(question(), spec(wire_server)).kind == "malformed"


def test_injected_faults_hit_a_share_of_calls(wire_server: WireServer) -> None:
    wire_server.inject_faults(0.5, [Fault.rate_limit(retry_after=0), Fault.server_error()], seed=3)
    model = spec(wire_server)

    async def go() -> list[str]:
        provider = openai_compat.create(model, ProviderSettings(env={}, timeout_s=5))
        outcomes = []
        for _ in range(12):
            try:
                outcomes.append((await provider.complete(question())).text)
            except ProviderError as error:
                outcomes.append(error.kind)
        await provider.aclose()
        return outcomes

    outcomes = asyncio.run(go())
    assert len(wire_server.requests) == 12
    assert set(outcomes) == {"ok", "rate_limit", "server"}
    assert outcomes.count("ok") == sum(isinstance(r.served, Reply) for r in wire_server.requests)


def test_base_url_and_key_precedence(wire_server: WireServer) -> None:
    dead = "http://127.0.0.1:9/v1"
    config = ProviderSettings(
        env={"OPENAI_BASE_URL": dead, "OPENAI_API_KEY": "env-key"},
        openai_base_url=wire_server.openai_url,
        openai_api_key="flag-key",
    )
    complete(question(), ModelSpec("openai", "m"), config)  # the flag beats the environment
    assert wire_server.last.headers["authorization"] == "Bearer flag-key"

    complete(question(), spec(wire_server), ProviderSettings(env={"OPENAI_BASE_URL": dead}, openai_base_url=dead))
    assert len(wire_server.requests) == 2  # the spec's @base_url beats both


def test_official_endpoint_uses_max_completion_tokens() -> None:
    params = openai_compat.request_params(question(), "gpt-5-mini", official=True)
    assert params["max_completion_tokens"] == 300 and "max_tokens" not in params


@pytest.mark.parametrize("model, official, sent", [
    ("o3-mini", True, False), ("gpt-5-mini", True, False), ("o1", True, False),  # reasoning models refuse a temperature
    ("gpt-4.1", True, True), ("gpt-5-chat-latest", True, True),
    ("o3-mini", False, True),  # a compatible server's model of that name takes what it is sent
])
def test_openais_reasoning_models_are_sent_no_temperature(model: str, official: bool, sent: bool) -> None:
    params = openai_compat.request_params(question(), model, official=official)
    assert ("temperature" in params) is sent


def test_check_needs_a_server_or_a_key() -> None:
    model = ModelSpec("openai", "gpt-5-mini")
    with pytest.raises(UserError) as caught:
        openai_compat.check(model, ProviderSettings(env={}))
    assert "OPENAI_API_KEY" in str(caught.value) and "OPENAI_BASE_URL" in str(caught.value)
    openai_compat.check(model, ProviderSettings(env={"OPENAI_API_KEY": "sk-test"}))
    openai_compat.check(model, ProviderSettings(env={"OPENAI_BASE_URL": "http://localhost:8000/v1"}))
    openai_compat.check(ModelSpec("openai", "m", "http://localhost:11434/v1"), ProviderSettings(env={}))


def test_a_number_too_long_to_read_is_malformed_or_a_parse_error(wire_server: WireServer) -> None:
    # In the body itself: the SDK's json refuses it with a plain ValueError.
    body = (
        '{"id": "c1", "object": "chat.completion", "created": 1, "model": "m", "choices": [{"index": 0, '
        '"finish_reason": "stop", "message": {"role": "assistant", "content": "ok"}}], '
        '"usage": {"prompt_tokens": 1, "completion_tokens": ' + "9" * 5000 + ', "total_tokens": 2}}'
    )
    wire_server.queue(Fault.raw(body))
    assert fails(question(), spec(wire_server)).kind == "malformed"
    # In a tool call's arguments (a JSON string the harness decodes): the call's parse error.
    wire_server.queue(Reply(tool_calls=[ToolUse("grep_section", '{"page": ' + "9" * 5000 + "}", id="call_9")]))
    (call,) = complete(question(), spec(wire_server)).tool_calls
    assert call.arguments == {} and call.parse_error and "not valid JSON" in call.parse_error


@pytest.mark.parametrize("usage", ['{"total_tokens": 812}', '{"prompt_tokens": null, "completion_tokens": null}',
                                   '{"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0}'])
def test_a_usage_that_counts_no_prompt_gets_an_estimate_marked_so(wire_server: WireServer, usage: str) -> None:
    """A prompt is never 0 tokens: a usage without its count reports nothing."""
    body = ('{"id": "c1", "object": "chat.completion", "created": 1, "model": "m", "choices": [{"index": 0, '
            '"finish_reason": "stop", "message": {"role": "assistant", "content": "3M spent $1,577 million on capex in FY2018."}}], '
            f'"usage": {usage}}}')
    wire_server.queue(Fault.raw(body))
    counted = complete(question(), spec(wire_server)).usage
    assert counted.estimated and counted.input > 5 and counted.output > 5


def test_a_server_that_reports_no_usage_gets_an_estimate_marked_so(wire_server: WireServer) -> None:
    # Some local OpenAI-compatible servers send no usage: recorded as 0 tokens, every run
    # of such a model would look free and tiny.
    body = ('{"id": "c1", "object": "chat.completion", "created": 1, "model": "m", "choices": [{"index": 0, '
            '"finish_reason": "stop", "message": {"role": "assistant", "content": "3M spent $1,577 million on capex in FY2018."}}]}')
    wire_server.queue(Fault.raw(body))
    usage = complete(question(), spec(wire_server)).usage
    assert usage.estimated and usage.input > 5 and usage.output > 5
    wire_server.queue(Reply("ok", input_tokens=11, output_tokens=2))  # reported usage stays as reported
    reported = complete(question(), spec(wire_server)).usage
    assert (reported.input, reported.output, reported.estimated) == (11, 2, False)


@pytest.mark.parametrize(
    "body,problem",
    [
        (b'{"choices": [{"index": 0, "message": {"role": "assistant", "content": "caf\xe9 \xff"}}]}', "not UTF-8"),
        ('{"id": "c1", "object": "chat.completion", "created": 1, "model": "m", "choices": [{"index": 0, '
         '"finish_reason": "stop", "message": {"role": "assistant", "content": "ok"}}], '
         '"usage": {"prompt_tokens": 7, "completion_tokens": "lots"}}', "completion_tokens is not a number"),
        ('{"id": "c1", "object": "chat.completion", "created": 1, "model": "m", "choices": [{"index": 0, '
         '"finish_reason": "stop", "message": {"role": "assistant", "content": "ok"}}], '
         '"usage": {"prompt_tokens": -5000, "completion_tokens": 3}}', "prompt_tokens is not a token count"),
        ('{"id": "c1", "object": "chat.completion", "created": 1, "model": "m", "choices": [{"index": 0, '
         '"finish_reason": "stop", "message": {"role": "assistant", "content": "ok"}}], '
         '"usage": {"prompt_tokens": 7, "completion_tokens": Infinity}}', "completion_tokens is not a number"),
    ],
)
def test_a_body_that_cannot_be_read_is_malformed_not_internal(wire_server: WireServer, body: bytes | str, problem: str) -> None:
    wire_server.queue(Fault.raw(body))
    error = fails(question(), spec(wire_server))
    assert error.kind == "malformed" and problem in error.message


def test_a_web_page_is_named_as_such(wire_server: WireServer) -> None:
    wire_server.queue(Fault.raw("<html><body>It works!</body></html>", content_type="text/html"))
    error = fails(question(), spec(wire_server))
    assert error.kind == "malformed" and "HTML page, not the provider's API: check the base URL" in error.message
