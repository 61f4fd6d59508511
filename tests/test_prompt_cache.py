"""Prompt caching: which prefixes are marked, what the fake server bills for them, and a
whole sweep through the real SDK costing less with the same answers."""
from __future__ import annotations

import json

import pytest
from offline_server import offline_responder
from provider_calls import call_provider
from wire_cache import PromptCache
from wire_server import Reply, WireServer

from core.llm.base import ModelSpec, ProviderSettings
from core.llm.cache import cache_key
from core.llm.pricing import PRICES
from core.llm.providers import anthropic, bedrock, openai_compat
from core.llm.providers._anthropic_wire import request_params
from core.llm.types import CompletionRequest, Message, ToolCall, ToolResult, ToolSpec
from harness.config import SweepConfig
from harness.runner.sweep import run_sweep

SPEC = ModelSpec("anthropic", "claude-haiku-4-5", text="anthropic:claude-haiku-4-5")
INDEX = "<sections>\n" + "\n".join(f"- section_{i} (pp. {i}-{i}) Notes on line item {i}" for i in range(400)) + "\n</sections>\n\n"
TOOLS = [ToolSpec("fetch_section", "Read a section.", {"type": "object", "properties": {"node_id": {"type": "string"}}})]


def loop_request(prompt_cache: bool, turns: int = 2) -> CompletionRequest:
    first = Message.user(INDEX + "<question>What was capex?</question>", stable_chars=len(INDEX))
    messages = [first]
    for turn in range(1, turns):
        messages.append(Message("assistant", "", [ToolCall(f"t{turn}", "fetch_section", {"node_id": f"section_{turn}"})]))
        messages.append(Message("user", "", tool_results=[ToolResult(f"t{turn}", f"[Page {turn}] capex text " * 200)]))
    return CompletionRequest("You are an analyst.", messages, TOOLS, max_tokens=100, prompt_cache=prompt_cache)


def marks(params: dict) -> list[str]:
    found = []
    system = params.get("system")
    for block in system if isinstance(system, list) else []:
        found += ["system"] if "cache_control" in block else []
    for i, message in enumerate(params["messages"]):
        for j, block in enumerate(message["content"]):
            found += [f"message {i} block {j}"] if "cache_control" in block else []
    return found


def test_the_stable_prefix_the_system_prompt_and_the_conversation_are_marked():
    params = request_params(loop_request(prompt_cache=True, turns=2), "claude-haiku-4-5")
    assert marks(params) == ["system", "message 0 block 0", "message 2 block 0"]  # three of the four allowed
    first = params["messages"][0]["content"]
    assert first[0]["text"] == INDEX and first[1]["text"] == "<question>What was capex?</question>"
    # A single call with no tools marks no conversation: nothing later would read it.
    single = request_params(CompletionRequest("s", [Message.user(INDEX + "q", stable_chars=len(INDEX))], prompt_cache=True), "m")
    assert marks(single) == ["system", "message 0 block 0"]


def test_without_prompt_cache_nothing_is_marked_and_the_text_is_one_block():
    params = request_params(loop_request(prompt_cache=False), "claude-haiku-4-5")
    assert marks(params) == [] and params["system"] == "You are an analyst."
    assert "cache_control" not in json.dumps(params)
    assert [b["type"] for b in params["messages"][0]["content"]] == ["text"]


def test_an_empty_assistant_turn_is_not_sent_as_an_empty_block():
    request = CompletionRequest("s", [Message.user("q"), Message("assistant", ""), Message.user("Use your tools.")], prompt_cache=True)
    params = request_params(request, "m")
    assert [m["role"] for m in params["messages"]] == ["user", "user"]
    assert all(b.get("text") for m in params["messages"] for b in m["content"])


def test_whether_a_request_used_the_prompt_cache_is_part_of_its_response_cache_key():
    on, off = loop_request(True), loop_request(False)
    assert cache_key(SPEC, on, 1) != cache_key(SPEC, off, 1)
    assert cache_key(SPEC, on, 1) == cache_key(SPEC, loop_request(True), 1)


def anthropic_settings(server: WireServer) -> ProviderSettings:
    return ProviderSettings(env={"ANTHROPIC_API_KEY": "k", "ANTHROPIC_BASE_URL": server.url}, timeout_s=5)


def test_the_fake_cache_bills_a_write_then_reads_and_the_same_prompt_tokens_either_way(wire_server):
    wire_server.prompt_cache = PromptCache(min_tokens=1024)
    wire_server.responder = lambda request: Reply("ok")
    first = call_provider(anthropic.create, SPEC, loop_request(True, 2), anthropic_settings(wire_server)).usage
    second = call_provider(anthropic.create, SPEC, loop_request(True, 3), anthropic_settings(wire_server)).usage
    assert first.cache_read == 0 and first.cache_write > 1024
    assert second.cache_read == first.cache_write  # the whole earlier conversation, read back
    wire_server.prompt_cache.clear()
    plain = call_provider(anthropic.create, SPEC, loop_request(False, 3), anthropic_settings(wire_server)).usage
    assert plain.cache_read == plain.cache_write == 0
    # Caching changes how the prompt is billed, never how long it is.
    assert plain.input == second.input + second.cache_read + second.cache_write


def test_the_fake_cache_ignores_short_prefixes_and_forgets_after_its_ttl(wire_server):
    now = [0.0]
    wire_server.prompt_cache = PromptCache(min_tokens=1024, ttl_s=300, clock=lambda: now[0])
    short = CompletionRequest("s", [Message.user("short question")], TOOLS, prompt_cache=True)
    assert call_provider(anthropic.create, SPEC, short, anthropic_settings(wire_server)).usage.cache_write == 0
    call_provider(anthropic.create, SPEC, loop_request(True), anthropic_settings(wire_server))
    now[0] = 301.0
    again = call_provider(anthropic.create, SPEC, loop_request(True), anthropic_settings(wire_server)).usage
    assert again.cache_read == 0 and again.cache_write > 0


def test_five_breakpoints_are_refused_as_the_api_does(wire_server):
    body = request_params(loop_request(True, 3), "m")
    for message in body["messages"]:
        for block in message["content"]:
            block["cache_control"] = {"type": "ephemeral"}
    from wire_rules import ANTHROPIC, validate

    assert "A maximum of 4 blocks with cache_control" in (validate(ANTHROPIC, body) or "")


def test_bedrock_sends_the_same_breakpoints_and_records_cache_usage(wire_server):
    wire_server.prompt_cache = PromptCache(min_tokens=1024)
    wire_server.responder = lambda request: Reply("ok")
    spec = ModelSpec("bedrock", "us.anthropic.claude-sonnet-4-5-20250929-v1:0", text="bedrock:sonnet")
    config = ProviderSettings(env={"AWS_BEARER_TOKEN_BEDROCK": "k", "ANTHROPIC_BEDROCK_BASE_URL": wire_server.url}, timeout_s=5)
    call_provider(bedrock.create, spec, loop_request(True, 2), config)
    usage = call_provider(bedrock.create, spec, loop_request(True, 3), config).usage
    assert wire_server.last.api == "bedrock" and "cache_control" in json.dumps(wire_server.last.json)
    assert usage.cache_read > 0 and usage.cache_write > 0


def test_openai_compatible_servers_cache_on_their_own_and_get_no_unknown_parameter(wire_server):
    wire_server.prompt_cache = PromptCache(min_tokens=1024)
    wire_server.responder = lambda request: Reply("ok")
    spec = ModelSpec("openai", "qwen", wire_server.openai_url, text="openai:qwen")
    first = call_provider(openai_compat.create, spec, loop_request(True, 2), ProviderSettings(env={}, timeout_s=5)).usage
    second = call_provider(openai_compat.create, spec, loop_request(True, 3), ProviderSettings(env={}, timeout_s=5)).usage
    assert first.cache_read == 0 and second.cache_read > 0 and second.cache_read % 128 == 0  # cached_tokens, as reported
    assert "prompt_cache_key" not in wire_server.last.json and "cache_control" not in json.dumps(wire_server.last.json)
    official = openai_compat.request_params(loop_request(True), "gpt-4.1", official=True)
    assert len(official["prompt_cache_key"]) == 32
    assert "prompt_cache_key" not in openai_compat.request_params(loop_request(False), "gpt-4.1", official=True)


# Measured on these three questions (scripts/bench_prompt_cache.py --test-set 3M_2022_10K):
# 45% (agent, two calls a run) and 26% (iterative, whose folded index is small).
MIN_SAVING = {"agent": 0.4, "iterative": 0.2}


def sweep(tmp_path, prompt_cache: bool, mode: str):
    config = SweepConfig(models=["anthropic:claude-haiku-4-5"], modes=[mode], test_set="3M_2022_10K", runs_dir=tmp_path,
                         cache_path=None, prompt_cache=prompt_cache, concurrency=1)
    outcome = run_sweep(config, show_progress=False, warn=lambda message: None)
    return outcome, sorted(outcome.records, key=lambda r: r.run_id)


@pytest.mark.parametrize("mode", ["agent", "iterative"])
def test_a_sweep_costs_less_with_prompt_caching_and_answers_the_same(wire_server, monkeypatch, tmp_path, mode):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-fake")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", wire_server.url)
    wire_server.responder = offline_responder
    wire_server.prompt_cache = PromptCache(min_tokens=1024)
    _, plain = sweep(tmp_path, False, mode)
    wire_server.prompt_cache = PromptCache(min_tokens=1024)
    outcome, cached = sweep(tmp_path, True, mode)

    assert [(r.status, r.answer, r.sources) for r in cached] == [(r.status, r.answer, r.sources) for r in plain]
    assert all(r.status == "ok" for r in cached)
    for before, after in zip(plain, cached, strict=True):
        assert before.usage.cache_read == before.usage.cache_write == 0
        assert after.usage.cache_read > 0 and after.usage.cache_write > 0
        # The same prompts, billed differently: the sum of input tokens does not move.
        assert before.usage.input == after.usage.input + after.usage.cache_read + after.usage.cache_write
        price = PRICES["claude-haiku-4-5"]
        u = after.usage
        assert after.cost_usd == pytest.approx((u.input * price.input + u.output * price.output + u.cache_read * price.cache_read
                                                + u.cache_write * price.cache_write) / 1e6, abs=2e-6)
        assert set(after.usage.by_role[mode if mode == "agent" else "extractor"]) >= {"cache_read", "cache_write"}
    saving = 1 - sum(r.cost_usd for r in cached) / sum(r.cost_usd for r in plain)
    assert saving > MIN_SAVING[mode]
    assert json.loads((outcome.sweep.path / "manifest.json").read_text())["config"]["prompt_cache"] is True
