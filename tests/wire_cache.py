"""A prompt cache for the wire server that bills the way the real ones do.

``server.prompt_cache = PromptCache()`` makes the wire server count a request's input tokens
from its content (about four characters a token, the same with or without cache markers)
and split them as the vendors bill them:

* Anthropic and Bedrock: a prefix ending at a ``cache_control`` breakpoint (tools, then
  system, then messages, in that order) that is at least ``min_tokens`` long is stored for
  ``ttl_s`` seconds. A later request whose prefix matches a stored one, at a breakpoint or
  at one of the 20 block boundaries before it, reads it (``cache_read_input_tokens``,
  billed at 0.1x); the part of the prompt up to its last breakpoint that was not read is
  written (``cache_creation_input_tokens``, 1.25x); the rest is plain input. A read
  refreshes the entry's time to live. More than four breakpoints, or a breakpoint on an
  empty text block, is refused with a 400 as the API does.
* OpenAI-compatible: automatic. Every prefix of whole messages of ``min_tokens`` or more
  is stored; the longest stored one is reported as ``prompt_tokens_details.cached_tokens``
  (in steps of 128 tokens), with no charge for writing.

Entries are per model. ``clock`` is injectable so tests can let entries expire.
"""
from __future__ import annotations

import hashlib
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

MAX_BREAKPOINTS = 4
LOOKBACK_BLOCKS = 20


@dataclass
class Billing:
    input: int
    cache_read: int = 0
    cache_write: int = 0


@dataclass
class _Block:
    chars: int
    identity: str  # what the block says, without its cache marker
    marked: bool


def _without_marker(block: Any) -> Any:
    if isinstance(block, dict):
        return {k: v for k, v in block.items() if k != "cache_control"}
    return block


def _chars(block: Any) -> int:
    """Characters the model reads in a block: text, tool input and results, tool schemas."""
    if isinstance(block, str):
        return len(block)
    kind = block.get("type")
    if kind == "text":
        return len(block.get("text") or "")
    if kind == "tool_use":
        return len(block.get("name") or "") + len(json.dumps(block.get("input"), ensure_ascii=False))
    if kind == "tool_result":
        content = block.get("content")
        if isinstance(content, list):
            return sum(len(c.get("text") or "") for c in content if isinstance(c, dict))
        return len(str(content or ""))
    return len(json.dumps(_without_marker(block), ensure_ascii=False))


def anthropic_blocks(body: dict[str, Any]) -> list[_Block]:
    """A Messages request as the cache sees it: tools, system, then every message block."""
    blocks: list[_Block] = []

    def add(item: Any, where: str) -> None:
        marked = isinstance(item, dict) and "cache_control" in item
        identity = json.dumps([where, _without_marker(item)], sort_keys=True, ensure_ascii=False)
        blocks.append(_Block(_chars(item), identity, marked))

    for tool in body.get("tools") or []:
        add(tool, "tool")
    system = body.get("system")
    for item in ([system] if isinstance(system, str) and system else system or []):
        add(item, "system")
    for i, message in enumerate(body.get("messages") or []):
        content = message.get("content")
        for item in [content] if isinstance(content, str) else content or []:
            add(item, f"{message.get('role')}")
        blocks.append(_Block(0, f"end of message {i}", False))  # turns are part of the prefix
    return blocks


def breakpoint_problem(body: Any) -> str | None:
    """The 400 message the Messages API gives for misplaced cache markers, or None."""
    if not isinstance(body, dict):
        return None
    marked = 0
    system = body.get("system")
    items: list[Any] = list(body.get("tools") or []) + (system if isinstance(system, list) else [])
    for message in body.get("messages") or []:
        content = message.get("content") if isinstance(message, dict) else None
        items += content if isinstance(content, list) else []
    for item in items:
        if isinstance(item, dict) and "cache_control" in item:
            marked += 1
            if item.get("type") == "text" and not item.get("text"):
                return "cache_control cannot be set for empty text blocks"
    if marked > MAX_BREAKPOINTS:
        return f"A maximum of {MAX_BREAKPOINTS} blocks with cache_control may be provided. Found {marked}."
    return None


class PromptCache:
    def __init__(self, min_tokens: int = 1024, ttl_s: float = 300.0, clock: Callable[[], float] = time.monotonic):
        self.min_tokens = min_tokens
        self.ttl_s = ttl_s
        self.clock = clock
        self._expiry: dict[str, float] = {}
        self._lock = threading.Lock()

    def clear(self) -> None:
        with self._lock:
            self._expiry.clear()

    def bill(self, api: str, body: dict[str, Any], model: str) -> Billing:
        if api == "openai":
            return self._bill_openai(body, model)
        return self._bill_anthropic(body, model)

    @staticmethod
    def _prefixes(blocks: list[_Block], model: str) -> tuple[list[int], list[str]]:
        """Cumulative characters and a running hash at every block boundary (0..n)."""
        chars, hashes = [0], [hashlib.sha256(model.encode()).hexdigest()]
        for block in blocks:
            chars.append(chars[-1] + block.chars)
            hashes.append(hashlib.sha256((hashes[-1] + block.identity).encode()).hexdigest())
        return chars, hashes

    def _live(self, key: str, now: float) -> bool:
        return self._expiry.get(key, float("-inf")) > now

    def _bill_anthropic(self, body: dict[str, Any], model: str) -> Billing:
        blocks = anthropic_blocks(body)
        chars, hashes = self._prefixes(blocks, model)
        tokens = [c // 4 for c in chars]
        ends = [i + 1 for i, b in enumerate(blocks) if b.marked]  # boundary after each breakpoint
        now = self.clock()
        with self._lock:
            hit = 0
            for end in ends:
                for position in range(end, max(0, end - LOOKBACK_BLOCKS) - 1, -1):
                    if position > hit and self._live(hashes[position], now):
                        hit = position
                        break
            if hit:
                self._expiry[hashes[hit]] = now + self.ttl_s
            written = hit
            for end in ends:
                if end > hit and tokens[end] >= self.min_tokens:
                    self._expiry[hashes[end]] = now + self.ttl_s
                    written = max(written, end)
        total = tokens[-1]
        return Billing(total - tokens[written], tokens[hit], tokens[written] - tokens[hit])

    def _bill_openai(self, body: dict[str, Any], model: str) -> Billing:
        blocks = [_Block(len(json.dumps(tool)), json.dumps(tool, sort_keys=True), False) for tool in body.get("tools") or []]
        for message in body.get("messages") or []:
            content = message.get("content")
            text = content if isinstance(content, str) else json.dumps(content or "")
            calls = json.dumps(message.get("tool_calls") or [])
            blocks.append(_Block(len(text) + (len(calls) if message.get("tool_calls") else 0),
                                 json.dumps(message, sort_keys=True, ensure_ascii=False), False))
        chars, hashes = self._prefixes(blocks, model)
        tokens = [c // 4 for c in chars]
        now = self.clock()
        with self._lock:
            hit = max((p for p in range(1, len(hashes)) if self._live(hashes[p], now)), default=0)
            for position in range(1, len(hashes)):
                if tokens[position] >= self.min_tokens:
                    self._expiry[hashes[position]] = now + self.ttl_s
        cached = tokens[hit] // 128 * 128 if tokens[hit] >= self.min_tokens else 0
        return Billing(tokens[-1] - cached, cached, 0)
