"""The Bedrock provider drives the anthropic SDK's Bedrock client against the local server."""
from __future__ import annotations

import importlib.util
import time

import pytest
from provider_calls import call_provider, provider_error
from wire_server import Fault, Reply, ToolUse, WireServer

from core.errors import UserError
from core.llm.base import ModelSpec, ProviderError, ProviderSettings
from core.llm.providers import bedrock
from core.llm.types import Completion, CompletionRequest, Message, ToolResult, ToolSpec

MODEL_ID = "us.anthropic.claude-haiku-4-5-20251001-v1:0"
SPEC = ModelSpec("bedrock", MODEL_ID, text=f"bedrock:{MODEL_ID}")
HAS_BOTO = all(importlib.util.find_spec(name) for name in ("boto3", "botocore"))


def settings(server: WireServer, timeout_s: float = 5.0, **env: str) -> ProviderSettings:
    base = {"AWS_BEARER_TOKEN_BEDROCK": "bedrock-api-key", "ANTHROPIC_BEDROCK_BASE_URL": server.url}
    return ProviderSettings(env={**base, **env}, timeout_s=timeout_s)


def complete(request: CompletionRequest, config: ProviderSettings) -> Completion:
    return call_provider(bedrock.create, SPEC, request, config)


def fails(request: CompletionRequest, config: ProviderSettings) -> ProviderError:
    return provider_error(bedrock.create, SPEC, request, config)


def question() -> CompletionRequest:
    return CompletionRequest("You answer from filings.", [Message.user("Dividend per share?")], max_tokens=200)


def test_text_answer_through_invoke(wire_server: WireServer) -> None:
    wire_server.queue(Reply("$5.96 per share.", input_tokens=30, output_tokens=6, cache_read=12, cache_write=4))
    completion = complete(question(), settings(wire_server))

    assert completion.text == "$5.96 per share."
    usage = completion.usage
    assert (usage.input, usage.output, usage.cache_read, usage.cache_write) == (30, 6, 12, 4)
    sent = wire_server.last
    assert (sent.api, sent.path, sent.model) == ("bedrock", f"/model/{MODEL_ID}/invoke", MODEL_ID)
    assert "model" not in sent.json and sent.json["anthropic_version"]
    assert sent.json["system"] == "You answer from filings." and sent.json["max_tokens"] == 200
    assert sent.headers["authorization"] == "Bearer bedrock-api-key"


def test_tool_use_round_trip(wire_server: WireServer) -> None:
    schema = {"type": "object", "properties": {"node_id": {"type": "string"}}}
    fetch = ToolSpec("fetch_section", "Read a section.", schema)
    wire_server.queue(Reply(tool_calls=[ToolUse("fetch_section", {"node_id": "0012"}, id="toolu_b1")]), Reply("$5.96."))
    request = CompletionRequest("sys", [Message.user("dividend?")], tools=[fetch])
    first = complete(request, settings(wire_server))

    calls = [(c.id, c.name, c.arguments) for c in first.tool_calls]
    assert calls == [("toolu_b1", "fetch_section", {"node_id": "0012"})]
    assert wire_server.last.json["tools"][0]["input_schema"] == fetch.input_schema

    request.messages += [first.to_message(), Message("user", tool_results=[ToolResult("toolu_b1", "Dividends 5.96")])]
    assert complete(request, settings(wire_server)).text == "$5.96."
    assert wire_server.last.json["messages"][-1]["content"] == [
        {"type": "tool_result", "tool_use_id": "toolu_b1", "content": "Dividends 5.96", "is_error": False}
    ]


@pytest.mark.parametrize(
    "fault, kind, status",
    [
        (Fault.rate_limit(retry_after=4), "rate_limit", 429),
        (Fault.server_error(500), "server", 500),
        (Fault.server_error(503), "overloaded", 503),
        (Fault.bad_request("Malformed input request: #: extraneous key [foo]"), "bad_request", 400),
        (Fault.auth(403), "auth", 403),
    ],
)
def test_http_errors_map_to_kinds(wire_server: WireServer, fault: Fault, kind: str, status: int) -> None:
    wire_server.queue(fault)
    error = fails(question(), settings(wire_server))

    assert (error.kind, error.status) == (kind, status)
    assert len(wire_server.requests) == 1
    if kind == "rate_limit":
        assert error.retry_after == 4.0 and "ThrottlingException" in error.message
    if kind == "bad_request":
        assert "extraneous key [foo]" in error.message


def test_timeout_and_dropped_connection(wire_server: WireServer) -> None:
    wire_server.queue(Fault.timeout(5), Fault.drop())
    started = time.monotonic()
    assert fails(question(), settings(wire_server, timeout_s=0.2)).kind == "timeout"
    assert time.monotonic() - started < 5  # gave up before the server's 5 s answer
    # On a loaded machine the client may return before the server's thread has taken the first
    # request; the second would then take the held answer in its place and get it.
    wire_server.wait_for_requests(1)
    assert fails(question(), settings(wire_server)).kind == "connection"
    assert len(wire_server.requests) == 2


def test_malformed_tool_input(wire_server: WireServer) -> None:
    wire_server.queue(Reply(tool_calls=[ToolUse("fetch_section", "0012")]))
    (call,) = complete(question(), settings(wire_server)).tool_calls
    assert call.arguments == {} and call.parse_error


def test_check_without_credentials_names_the_variables() -> None:
    with pytest.raises(UserError) as caught:
        bedrock.check(SPEC, ProviderSettings(env={}))
    assert "AWS_ACCESS_KEY_ID" in str(caught.value) and "AWS_PROFILE" in str(caught.value)


def test_bearer_token_needs_no_boto(monkeypatch) -> None:
    monkeypatch.setattr(bedrock, "_has_boto", lambda: False)  # as on a machine without the extra
    bedrock.check(SPEC, ProviderSettings(env={"AWS_BEARER_TOKEN_BEDROCK": "k"}))


def test_aws_keys_without_boto_ask_for_the_extra(monkeypatch) -> None:
    monkeypatch.setattr(bedrock, "_has_boto", lambda: False)  # as on a machine without the extra
    env = {"AWS_ACCESS_KEY_ID": "AKIDEXAMPLE", "AWS_SECRET_ACCESS_KEY": "secret"}
    with pytest.raises(UserError) as caught:
        bedrock.check(SPEC, ProviderSettings(env=env))
    assert "pip install 'pageindex-bench[bedrock]'" in str(caught.value)


@pytest.mark.skipif(not HAS_BOTO, reason="SigV4 signing needs boto3 and botocore")
def test_aws_keys_sign_requests(wire_server: WireServer) -> None:
    env = {
        "AWS_ACCESS_KEY_ID": "AKIDEXAMPLE",
        "AWS_SECRET_ACCESS_KEY": "secret",
        "AWS_REGION": "eu-west-1",
        "ANTHROPIC_BEDROCK_BASE_URL": wire_server.url,
    }
    complete(question(), ProviderSettings(env=env, timeout_s=5))
    authorization = wire_server.last.headers["authorization"]
    assert authorization.startswith("AWS4-HMAC-SHA256") and "/eu-west-1/bedrock/" in authorization


def test_a_reply_without_usage_gets_an_estimate_marked_so(wire_server: WireServer) -> None:
    wire_server.queue({"id": "msg_1", "type": "message", "role": "assistant", "model": MODEL_ID, "stop_reason": "end_turn",
                       "content": [{"type": "text", "text": "$5.96 per share."}]})
    usage = complete(question(), settings(wire_server)).usage
    assert usage.estimated and usage.input > 5 and usage.output > 0
