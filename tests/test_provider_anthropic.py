"""The anthropic provider drives the real SDK against the local wire server."""
from __future__ import annotations

import email.utils
import json
import socket
import time

import pytest
from provider_calls import call_provider, provider_error
from wire_server import Fault, Reply, ToolUse, WireServer

from core.errors import UserError
from core.llm.base import ModelSpec, ProviderError, ProviderSettings
from core.llm.providers import anthropic
from core.llm.types import Completion, CompletionRequest, Message, ToolResult, ToolSpec

SPEC = ModelSpec("anthropic", "claude-haiku-4-5", text="anthropic:claude-haiku-4-5")
FETCH = ToolSpec(
    "fetch_section", "Read one section.", {"type": "object", "properties": {"node_id": {"type": "string"}}}
)


def settings(server: WireServer, timeout_s: float = 5.0, **env: str) -> ProviderSettings:
    return ProviderSettings(
        env={"ANTHROPIC_API_KEY": "test-key", "ANTHROPIC_BASE_URL": server.url, **env}, timeout_s=timeout_s
    )


def complete(request: CompletionRequest, config: ProviderSettings) -> Completion:
    return call_provider(anthropic.create, SPEC, request, config)


def fails(request: CompletionRequest, config: ProviderSettings) -> ProviderError:
    return provider_error(anthropic.create, SPEC, request, config)


def question(text: str = "What was 3M's FY2022 revenue?") -> CompletionRequest:
    return CompletionRequest(system="You answer from filings.", messages=[Message.user(text)], max_tokens=256)


def test_text_answer(wire_server: WireServer) -> None:
    wire_server.queue(Reply("Revenue was $34.2B.", input_tokens=40, output_tokens=9))
    completion = complete(question(), settings(wire_server))

    assert completion.text == "Revenue was $34.2B."
    assert completion.tool_calls == []
    assert completion.stop_reason == "end_turn"
    assert completion.model == "claude-haiku-4-5"
    sent = wire_server.last
    assert sent.path == "/v1/messages"
    assert sent.json["model"] == "claude-haiku-4-5"
    assert sent.json["system"] == "You answer from filings."
    assert sent.json["max_tokens"] == 256
    assert sent.json["messages"] == [
        {"role": "user", "content": [{"type": "text", "text": "What was 3M's FY2022 revenue?"}]}
    ]
    assert "tools" not in sent.json
    assert "test-key" in sent.headers.get("x-api-key", "") + sent.headers.get("authorization", "")
    assert "anthropic-version" in sent.headers


def test_tool_use_round_trip(wire_server: WireServer) -> None:
    wire_server.queue(
        Reply(
            "Let me look.",
            tool_calls=[
                ToolUse("fetch_section", {"node_id": "0007"}, id="toolu_a"),
                ToolUse("fetch_section", {"node_id": "0009"}, id="toolu_b"),
            ],
        ),
        Reply("Revenue was $34.2B (page 24)."),
    )
    request = CompletionRequest("sys", [Message.user("revenue?")], tools=[FETCH])
    first = complete(request, settings(wire_server))

    assert first.text == "Let me look."
    assert first.stop_reason == "tool_use"
    assert [(c.id, c.name, c.arguments, c.parse_error) for c in first.tool_calls] == [
        ("toolu_a", "fetch_section", {"node_id": "0007"}, None),
        ("toolu_b", "fetch_section", {"node_id": "0009"}, None),
    ]
    assert wire_server.last.json["tools"] == [
        {"name": "fetch_section", "description": FETCH.description, "input_schema": FETCH.input_schema}
    ]

    request.messages += [
        first.to_message(),
        Message(
            "user",
            tool_results=[ToolResult("toolu_a", "Net sales 34,229"), ToolResult("toolu_b", "no node", is_error=True)],
        ),
    ]
    final = complete(request, settings(wire_server))

    assert final.text == "Revenue was $34.2B (page 24)."
    assistant, user = wire_server.last.json["messages"][1:]
    assert assistant == {
        "role": "assistant",
        "content": [
            {"type": "text", "text": "Let me look."},
            {"type": "tool_use", "id": "toolu_a", "name": "fetch_section", "input": {"node_id": "0007"}},
            {"type": "tool_use", "id": "toolu_b", "name": "fetch_section", "input": {"node_id": "0009"}},
        ],
    }
    assert user == {
        "role": "user",
        "content": [
            {"type": "tool_result", "tool_use_id": "toolu_a", "content": "Net sales 34,229", "is_error": False},
            {"type": "tool_result", "tool_use_id": "toolu_b", "content": "no node", "is_error": True},
        ],
    }


def test_usage_maps_cache_tokens(wire_server: WireServer) -> None:
    wire_server.queue(Reply("ok", input_tokens=100, output_tokens=20, cache_read=300, cache_write=50))
    usage = complete(question(), settings(wire_server)).usage

    assert (usage.input, usage.output, usage.cache_read, usage.cache_write) == (100, 20, 300, 50)
    assert usage.total == 470 and not usage.estimated


def test_malformed_tool_input_sets_parse_error(wire_server: WireServer) -> None:
    wire_server.queue(Reply(tool_calls=[ToolUse("fetch_section", '{"node_id": "00', id="toolu_x")]))
    (call,) = complete(question(), settings(wire_server)).tool_calls

    assert (call.id, call.name, call.arguments) == ("toolu_x", "fetch_section", {})
    assert call.parse_error and "not valid JSON" in call.parse_error


@pytest.mark.parametrize(
    "fault, kind, status",
    [
        (Fault.rate_limit(retry_after=7), "rate_limit", 429),
        (Fault.overloaded(), "overloaded", 529),
        (Fault.server_error(500), "server", 500),
        (Fault.server_error(503), "overloaded", 503),
        (Fault.bad_request("max_tokens: 999999 > 64000, the maximum"), "bad_request", 400),
        (Fault.auth(401), "auth", 401),
        (Fault.auth(403), "auth", 403),
    ],
)
def test_http_errors_map_to_kinds(wire_server: WireServer, fault: Fault, kind: str, status: int) -> None:
    wire_server.queue(fault)
    error = fails(question(), settings(wire_server))

    assert (error.kind, error.status) == (kind, status)
    assert len(wire_server.requests) == 1  # the SDK's retries are off
    if kind == "rate_limit":
        assert error.retry_after == 7.0
    if kind == "bad_request":
        assert "max_tokens: 999999 > 64000, the maximum" in error.message


def test_retry_after_as_http_date(wire_server: WireServer) -> None:
    wire_server.queue(Fault.rate_limit(retry_after=email.utils.formatdate(time.time() + 30, usegmt=True)))
    error = fails(question(), settings(wire_server))

    assert error.kind == "rate_limit"
    assert error.retry_after is not None and 25 <= error.retry_after <= 31


def test_timeout(wire_server: WireServer) -> None:
    wire_server.queue(Fault.timeout(5))
    started = time.monotonic()
    error = fails(question(), settings(wire_server, timeout_s=0.2))

    assert error.kind == "timeout" and error.retryable
    assert time.monotonic() - started < 5  # gave up before the server's 5 s answer
    wire_server.wait_for_requests(1)  # (the client may return before the server's thread has recorded it)
    assert len(wire_server.requests) == 1


def test_dropped_connection(wire_server: WireServer) -> None:
    wire_server.queue(Fault.drop())
    error = fails(question(), settings(wire_server))

    assert error.kind == "connection" and error.retryable
    assert len(wire_server.requests) == 1


def test_refused_connection() -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = ProviderSettings(
        env={"ANTHROPIC_API_KEY": "k"}, anthropic_base_url=f"http://127.0.0.1:{port}", timeout_s=2
    )
    assert fails(question(), config).kind == "connection"


@pytest.mark.parametrize("body", ["<html>gateway</html>", '{"unexpected": true}'])
def test_unreadable_response_is_malformed(wire_server: WireServer, body: str) -> None:
    wire_server.queue(Fault.raw(body))
    assert fails(question(), settings(wire_server)).kind == "malformed"


def test_base_url_flag_wins_over_environment(wire_server: WireServer) -> None:
    config = ProviderSettings(
        env={"ANTHROPIC_API_KEY": "k", "ANTHROPIC_BASE_URL": "http://127.0.0.1:9"}, anthropic_base_url=wire_server.url
    )
    assert complete(question(), config).text == "ok"


def test_check_names_the_missing_key() -> None:
    with pytest.raises(UserError) as caught:
        anthropic.check(SPEC, ProviderSettings(env={}))
    assert "ANTHROPIC_API_KEY" in str(caught.value)
    with pytest.raises(UserError):
        anthropic.create(SPEC, ProviderSettings(env={"ANTHROPIC_BASE_URL": "http://127.0.0.1:9"}))
    anthropic.check(SPEC, ProviderSettings(env={"ANTHROPIC_API_KEY": "k"}))


def test_server_refuses_an_unanswered_tool_call(wire_server: WireServer) -> None:
    wire_server.queue(Reply(tool_calls=[ToolUse("fetch_section", {"node_id": "1"}, id="toolu_1")]))
    request = question()
    request.messages += [complete(request, settings(wire_server)).to_message(), Message.user("go on")]
    error = fails(request, settings(wire_server))

    assert error.kind == "bad_request" and "toolu_1" in error.message


def test_a_tool_input_with_a_number_too_long_to_read_is_malformed(wire_server: WireServer) -> None:
    # The SDK's json refuses an integer of over 4,300 digits with a plain ValueError; the
    # run must see a malformed reply (retried, then classified), not an internal error.
    body = (
        '{"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-haiku-4-5", "content": '
        '[{"type": "tool_use", "id": "toolu_1", "name": "fetch_section", "input": {"page": ' + "9" * 5000 + "}}], "
        '"stop_reason": "tool_use", "stop_sequence": null, "usage": {"input_tokens": 5, "output_tokens": 5}}'
    )
    wire_server.queue(Fault.raw(body))
    error = fails(question(), settings(wire_server))
    assert (error.kind, "number too long to read" in str(error)) == ("malformed", True)


MESSAGE_WITHOUT_USAGE = {
    "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-haiku-4-5", "stop_reason": "end_turn",
    "content": [{"type": "text", "text": "3M spent $1,577 million on capex in FY2018."}],
}


def test_a_reply_without_usage_gets_an_estimate_marked_so(wire_server: WireServer) -> None:
    # Recorded as 0 tokens it would cost $0: --max-cost would never stop the sweep and
    # every token budget would pass.
    wire_server.queue(dict(MESSAGE_WITHOUT_USAGE))
    usage = complete(question(), settings(wire_server)).usage
    assert usage.estimated and usage.input > 5 and usage.output > 5
    wire_server.queue(Reply("ok", input_tokens=11, output_tokens=2))  # reported usage stays as reported
    reported = complete(question(), settings(wire_server)).usage
    assert (reported.input, reported.output, reported.estimated) == (11, 2, False)


@pytest.mark.parametrize("usage", [{}, {"input_tokens": 0, "output_tokens": 0}, {"output_tokens": 7},
                                   {"input_tokens": None, "output_tokens": None}])
def test_a_usage_that_counts_no_input_gets_an_estimate_marked_so(wire_server: WireServer, usage: dict) -> None:
    """Every request has a prompt: a usage with no input tokens reports nothing, and taken
    as it is it made a cell of 0 tokens and $0 that passed every budget."""
    wire_server.queue({**MESSAGE_WITHOUT_USAGE, "usage": usage})
    counted = complete(question(), settings(wire_server)).usage
    assert counted.estimated and counted.input > 5 and counted.output > 5


@pytest.mark.parametrize(
    "body,problem",
    [
        # Not UTF-8: json raises UnicodeDecodeError, which is no JSONDecodeError.
        (b'{"type": "message", "content": [{"type": "text", "text": "caf\xe9 \xff"}]}', "not UTF-8"),
        (json.dumps({**MESSAGE_WITHOUT_USAGE, "usage": {"input_tokens": "abc", "output_tokens": 5}}), "input_tokens is not a number"),
        # A negative count made a cell cheaper than free (and handed --max-cost back what it
        # spent); Infinity, which JSON parsers accept, ended the run as an internal error.
        (json.dumps({**MESSAGE_WITHOUT_USAGE, "usage": {"input_tokens": -90000, "output_tokens": 5}}), "input_tokens is not a token count"),
        (json.dumps(MESSAGE_WITHOUT_USAGE)[:-1] + ', "usage": {"input_tokens": 7, "output_tokens": Infinity}}', "output_tokens is not a number"),
        (json.dumps({**MESSAGE_WITHOUT_USAGE, "usage": {"input_tokens": 1e300, "output_tokens": 5}}), "input_tokens is not a token count"),
        (json.dumps({**MESSAGE_WITHOUT_USAGE, "usage": {"input_tokens": True, "output_tokens": 5}}), "input_tokens is not a number"),
        (json.dumps({**MESSAGE_WITHOUT_USAGE, "usage": {"input_tokens": 12.7, "output_tokens": 5}}), "input_tokens is not a number"),
    ],
)
def test_a_body_that_cannot_be_read_is_malformed_not_internal(wire_server: WireServer, body: bytes | str, problem: str) -> None:
    wire_server.queue(Fault.raw(body))
    error = fails(question(), settings(wire_server))
    assert error.kind == "malformed" and problem in error.message


@pytest.mark.parametrize("content_type", ["text/html; charset=utf-8", "application/json"])
def test_a_web_page_is_named_as_such(wire_server: WireServer, content_type: str) -> None:
    # A base URL that points at a web site: not "response has no content list".
    page = "<!DOCTYPE html>\n<html><head><title>Welcome</title></head><body>Sign in</body></html>"
    wire_server.queue(Fault.raw(page, content_type=content_type))
    error = fails(question(), settings(wire_server))
    assert error.kind == "malformed" and "HTML page, not the provider's API: check the base URL" in error.message
