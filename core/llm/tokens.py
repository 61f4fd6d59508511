"""Token estimates for providers that report none (the offline model, and a server whose
reply has no usage).

Claude-family tokenizers give about one token per short English word, more for long words,
one per punctuation mark and per 1-3 digit group. The estimate follows that shape; it is
marked ``estimated`` wherever it is recorded and is meant for comparing prompt sizes
between modes, not for billing.
"""
from __future__ import annotations

import functools
import json
import math
import re

from core.llm.types import Completion, CompletionRequest, ToolCall, Usage

_PIECES = re.compile(r"[A-Za-z]+|\d+|[^\sA-Za-z\d]")


@functools.lru_cache(maxsize=16384)
def estimate_tokens(text: str) -> int:
    # Cached: every turn of an agent resends the system prompt, the section index and the
    # earlier tool results, and re-estimating them would make each call cost O(turns).
    total = 0
    for piece in _PIECES.findall(text):
        if piece[0].isalpha():
            total += max(1, math.ceil(len(piece) / 6))
        elif piece[0].isdigit():
            total += max(1, math.ceil(len(piece) / 3))
        else:
            total += 1
    return total


def estimate_request_tokens(request: CompletionRequest) -> int:
    """Input tokens of a request as a provider would see it: system, every message,
    tool calls and results, tool schemas, plus a few tokens of framing per message."""
    parts = [request.system]
    for message in request.messages:
        parts.append(message.text)
        parts.extend(_call_text(c) for c in message.tool_calls)
        parts.extend(r.content for r in message.tool_results)
    parts.extend(json.dumps(t.to_dict()) for t in request.tools)
    framing = 4 * (len(request.messages) + 1)
    return sum(estimate_tokens(p) for p in parts) + framing


def estimate_reply_tokens(text: str, tool_calls: list[ToolCall]) -> int:
    """Output tokens of a reply, counted as ``estimate_request_tokens`` counts it when it is
    sent back: its text and each tool call's name and arguments."""
    return estimate_tokens(text) + sum(estimate_tokens(_call_text(c)) for c in tool_calls)


def reports_usage(usage: Usage) -> bool:
    """Whether a reply's usage holds a count of what it read: every request has a prompt, so
    a usage of no input tokens (an empty ``usage`` object, one with nulls or zeros, or an
    OpenAI-style server's ``total_tokens`` alone) reports nothing and is estimated too."""
    return usage.input + usage.cache_read + usage.cache_write > 0


def estimated_usage(request: CompletionRequest, completion: Completion) -> Usage:
    """The usage of a call whose reply reported none, estimated from the request and the
    reply and marked so: recorded as 0 tokens it would cost $0, pass every token budget and
    never count against ``--max-cost``."""
    output = estimate_reply_tokens(completion.text, completion.tool_calls)
    return Usage(estimate_request_tokens(request), output, estimated=True)


def _call_text(call: ToolCall) -> str:
    return json.dumps(call.arguments) + call.name
