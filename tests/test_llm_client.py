"""The client wrappers (retries, cache, usage, cost, trace) over real SDKs and a local
server speaking their wire protocols."""
from __future__ import annotations

import asyncio
import time

import pytest
from wire_server import Fault, Reply, WireServer

from core.llm.base import ProviderError, ProviderSettings
from core.llm.cache import ResponseCache
from core.llm.client import ModelClient, RunMeter
from core.llm.registry import open_client, parse_model_spec
from core.llm.retry import AdaptiveLimiter, RetryPolicy
from core.llm.types import Message
from core.trace import Trace, read_trace

FAST = RetryPolicy(max_attempts=4, base_delay_s=0.01, max_delay_s=0.05, max_elapsed_s=20)


def make_client(server: WireServer, model: str = "anthropic:claude-haiku-4-5", *, cache=None, retry=FAST, timeout_s=5.0):
    env = {"ANTHROPIC_API_KEY": "sk-ant-test", "ANTHROPIC_BASE_URL": server.url, "OPENAI_API_KEY": "sk-openai-test"}
    settings = ProviderSettings(env=env, openai_base_url=server.openai_url, timeout_s=timeout_s)
    return open_client(parse_model_spec(model), settings, cache=cache, retry=retry, concurrency=4)


def ask(client: ModelClient, *, trace_path=None, run_number=1, text="What were net sales?", limit_s=60.0):
    """One call; a call still going after ``limit_s`` fails the test instead of hanging it."""
    meter = RunMeter()
    trace = Trace(trace_path)

    async def go():
        try:
            return await client.bind(meter=meter, trace=trace, run_number=run_number).complete("system", [Message.user(text)], role="agent")
        finally:
            trace.close()

    return asyncio.run(asyncio.wait_for(go(), limit_s)), meter


@pytest.mark.parametrize("model", ["anthropic:claude-haiku-4-5", "openai:gpt-test"])
def test_429_with_retry_after_then_success(wire_server, tmp_path, model):
    wire_server.queue(Fault.rate_limit(retry_after=1), Reply("Net sales were $34,229 million.", input_tokens=120, output_tokens=30))
    started = time.monotonic()
    completion, meter = ask(make_client(wire_server, model), trace_path=tmp_path / "t.jsonl")
    assert completion.text.startswith("Net sales")
    assert time.monotonic() - started >= 0.95  # retry-after honoured, not the 10 ms backoff
    assert meter.retries == 1 and meter.llm_calls == 1 and len(wire_server.requests) == 2
    assert meter.usage.input == 120 and meter.usage.output == 30 and not meter.usage.estimated
    retry = [e for e in read_trace(tmp_path / "t.jsonl") if e["event"] == "retry"]
    assert retry[0]["kind"] == "rate_limit" and retry[0]["status"] == 429 and retry[0]["wait_s"] >= 1


@pytest.mark.parametrize("fault,kind", [(Fault.overloaded(), "overloaded"), (Fault.server_error(500), "server"), (Fault.drop(), "connection")])
def test_transient_faults_are_retried(wire_server, fault, kind, tmp_path):
    wire_server.queue(fault, Reply("fine"))
    completion, meter = ask(make_client(wire_server), trace_path=tmp_path / "t.jsonl")
    assert completion.text == "fine" and meter.retries == 1
    assert [e["kind"] for e in read_trace(tmp_path / "t.jsonl") if e["event"] == "retry"] == [kind]


def test_timeout_is_retried(wire_server):
    wire_server.queue(Fault.timeout(2.0), Reply("late but fine"))
    completion, meter = ask(make_client(wire_server, timeout_s=0.5))
    assert completion.text == "late but fine" and meter.retries == 1


@pytest.mark.parametrize("model", ["anthropic:claude-haiku-4-5", "openai:gpt-test"])
def test_a_trickling_reply_is_cut_off_and_retried(wire_server, tmp_path, model):
    # A byte every 0.1 s never lets the 0.5 s read timeout fire; the call's whole time
    # (twice --timeout) does.
    wire_server.queue(Fault.trickle(0.1), Reply("whole at last"))
    started = time.monotonic()
    completion, meter = ask(make_client(wire_server, model, timeout_s=0.5), trace_path=tmp_path / "t.jsonl", limit_s=10)
    assert completion.text == "whole at last" and meter.retries == 1
    assert 1.0 <= time.monotonic() - started < 5
    retry = [e for e in read_trace(tmp_path / "t.jsonl") if e["event"] == "retry"]
    assert retry[0]["kind"] == "timeout" and "no complete reply within 1 s" in retry[0]["error"]


def test_a_reply_that_always_trickles_fails_as_a_timeout(wire_server):
    wire_server.responder = lambda request: Fault.trickle(0.1)
    with pytest.raises(ProviderError) as caught:
        ask(make_client(wire_server, timeout_s=0.3, retry=RetryPolicy(max_attempts=2, base_delay_s=0.01)), limit_s=10)
    assert caught.value.kind == "timeout" and caught.value.attempts == 2  # type: ignore[attr-defined]
    assert len(wire_server.requests) == 2


def test_bad_request_is_not_retried_and_keeps_the_provider_message(wire_server, tmp_path):
    wire_server.queue(Fault.bad_request("messages: field required"), Reply("never sent"))
    with pytest.raises(ProviderError) as caught:
        ask(make_client(wire_server), trace_path=tmp_path / "t.jsonl")
    assert caught.value.kind == "bad_request" and "messages: field required" in str(caught.value)
    assert len(wire_server.requests) == 1  # no retry
    assert [e["event"] for e in read_trace(tmp_path / "t.jsonl")][-1] == "model_call_error"


def test_retries_are_bounded_by_attempts(wire_server):
    wire_server.queue(*[Fault.server_error(503)] * 5)
    with pytest.raises(ProviderError):
        ask(make_client(wire_server))
    assert len(wire_server.requests) == FAST.max_attempts


def test_usage_cost_and_cache_tokens(wire_server):
    wire_server.queue(Reply("ok", input_tokens=1_000_000, output_tokens=100_000, cache_read=500_000, cache_write=200_000))
    _, meter = ask(make_client(wire_server))
    # claude-haiku-4-5: $1 in, $5 out, $0.10 cache read, $1.25 cache write per million tokens
    assert meter.cost_usd == pytest.approx(1.0 + 0.5 + 0.05 + 0.25)
    assert meter.usage.cache_read == 500_000 and meter.usage.cache_write == 200_000
    assert meter.by_role["agent"].total == 1_800_000


def test_unknown_price_is_recorded_as_unknown(wire_server):
    wire_server.queue(Reply("ok", input_tokens=10, output_tokens=5))
    _, meter = ask(make_client(wire_server, "openai:some-local-model"))
    assert meter.cost_usd is None and meter.usage.total == 15


def test_response_cache_replays_identically_and_for_free(wire_server, tmp_path):
    cache = ResponseCache(tmp_path / "responses.sqlite")
    wire_server.queue(Reply("first answer", input_tokens=50, output_tokens=5))
    first, meter1 = ask(make_client(wire_server, cache=cache))
    second, meter2 = ask(make_client(wire_server, cache=cache))
    assert second.text == first.text and len(wire_server.requests) == 1
    assert meter2.cached_calls == 1 and meter2.spent_usd == 0 and meter2.usage.total == meter1.usage.total
    wire_server.queue(Reply("a new sample"))
    third, _ = ask(make_client(wire_server, cache=cache), run_number=2)  # run 2 is its own sample
    assert third.text == "a new sample" and len(wire_server.requests) == 2


def test_the_cache_never_replays_one_server_for_another(wire_server, tmp_path):
    cache = ResponseCache(tmp_path / "responses.sqlite")
    other = WireServer().start()
    try:
        for server, reply in ((wire_server, "from server A"), (other, "from server B")):
            server.queue(Reply(reply))
            # The same spec, its URL from --openai-base-url: only the server differs.
            completion, _ = ask(make_client(server, "openai:local", cache=cache))
            assert completion.text == reply and len(server.requests) == 1
    finally:
        other.stop()


def test_rate_limits_shrink_the_limiter():
    limiter = AdaptiveLimiter(8, grow_after=2)

    async def go():
        await limiter.record(rate_limited=True)
        await limiter.record(rate_limited=True)
        low = limiter.limit
        for _ in range(4):
            await limiter.record(rate_limited=False)
        return low, limiter.limit

    low, later = asyncio.run(go())
    assert low == 2 and later == 4


def test_a_reply_without_usage_is_priced_from_an_estimate(wire_server):
    wire_server.queue({"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-haiku-4-5",
                       "stop_reason": "end_turn", "content": [{"type": "text", "text": "Net sales were $34,229 million."}]})
    _, meter = ask(make_client(wire_server))
    assert meter.usage.estimated and meter.usage.total > 10 and meter.cost_usd and meter.cost_usd > 0
