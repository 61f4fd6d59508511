"""What judging cost is the sum of its calls, whatever ran at the same time.

Answers are judged concurrently. Each verdict's tokens and cost were the shared meter's
growth while that answer waited for its reply, which held the other answers' calls too: a
sweep's judging was reported at two to three times its tokens, differently on every run.
"""
from __future__ import annotations

import threading
import time

from offline_server import offline_responder

from core.llm.pricing import Price, given_prices
from harness.judge.service import JudgeItem, JudgeSettings, judge_items

ANSWERS = 6


def test_each_verdict_counts_its_own_calls_and_they_add_up_to_the_whole(wire_server, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    together = threading.Barrier(ANSWERS, timeout=10)

    def all_at_once(request):  # every answer's call is in flight before any is answered
        together.wait()
        time.sleep(0.05)
        return offline_responder(request)

    wire_server.responder = all_at_once
    items = [JudgeItem(f"a{i}", "What was 3M's FY2022 capital expenditure?", "$1577.00",
                       f"Capital spending is discussed on page {40 + i} among other uses of cash.") for i in range(ANSWERS)]
    settings = JudgeSettings(f"openai:gpt-test@{wire_server.url}/v1", verdict_cache=None, response_cache=None, concurrency=ANSWERS)
    with given_prices({"gpt-test": Price(2.0, 8.0, 2.0, 2.0)}):
        outcome = judge_items(items, settings)
    assert len(wire_server.requests) == ANSWERS and all(v.method == "llm" for v in outcome.verdicts)
    # What the server billed, call by call (its usage is the request's and the reply's size).
    billed = [v.usage_total for v in outcome.verdicts]
    assert sum(billed) == outcome.meter.usage.total
    assert all(0 < tokens < outcome.meter.usage.total / 2 for tokens in billed)  # no verdict holds another's call
    assert sum(v.cost_usd for v in outcome.verdicts) == outcome.meter.cost_usd
    assert outcome.meter.cost_usd < outcome.meter.usage.total * 8.0 / 1e6
