"""Benchmark: what prompt caching saves per mode, against a server that bills like Anthropic.

The sweep goes through the real Anthropic SDK to the local wire server (``tests/``), whose
replies are the offline policy's (so they depend only on what the request says) and whose
prompt cache bills as Anthropic's does: a prefix up to a ``cache_control`` breakpoint seen
before within five minutes is a cache read (0.1x the input price), the first time a cache
write (1.25x), and only prefixes of at least ``--min-tokens`` are cached. Each mode runs
twice on the same questions, without and with prompt caching (``--no-prompt-cache``), with
the response cache off; the script prints the cost per run from the price table, the
token split, and whether every answer is identical.

    python scripts/bench_prompt_cache.py                               # claude-sonnet-4-5, 1,024-token minimum
    python scripts/bench_prompt_cache.py --model anthropic:claude-haiku-4-5 --min-tokens 4096
    python scripts/bench_prompt_cache.py --modes agent --test-set 3M_2022_10K
    python scripts/bench_prompt_cache.py --modes agent --agent-turns 8     # agent runs as long as the seeds'

The offline policy answers in two to four calls, far fewer than the 8-10 turns the seeds'
agent took; ``--agent-turns N`` makes the agent read on (the next sections of the index,
in order) until its N-th call, then answer as the policy would, so the saving on runs of
the seeds' length is measured too.

Run order decides which run writes a prefix another run reads, so ``--concurrency`` (default
1, for a repeatable figure) moves the numbers a little; answers never change.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from offline_server import offline_responder, request_of  # noqa: E402
from wire_cache import PromptCache  # noqa: E402
from wire_server import WireServer  # noqa: E402

from core.errors import UserError  # noqa: E402
from core.protocol import parse_section_index, read_block  # noqa: E402
from harness.config import SweepConfig  # noqa: E402
from harness.runner.sweep import run_sweep  # noqa: E402

MODES = ("simple", "agent", "planner", "iterative")


def reading_on(turns: int):
    """A responder that keeps the offline agent fetching until its ``turns``-th call."""

    def respond(request):  # type: ignore[no-untyped-def]
        reply = offline_responder(request)
        neutral = request_of(request)
        if neutral.role != "agent" or not reply.tool_calls or reply.tool_calls[0].name not in ("return", "fail"):
            return reply
        calls_so_far = sum(1 for m in neutral.messages if m.role == "assistant")
        if calls_so_far + 1 >= turns:
            return reply
        fetched = {c.arguments.get("node_id") for m in neutral.messages for c in m.tool_calls if c.name == "fetch_section"}
        sections = parse_section_index(read_block(neutral.messages[0].text, "sections") or "")
        unread = [s.node_id for s in sections if s.node_id not in fetched]
        if not unread:
            return reply
        return type(reply)("", [type(reply.tool_calls[0])("fetch_section", {"node_id": unread[0], "offset": 0})])

    return respond


def sweep(mode: str, prompt_cache: bool, args: argparse.Namespace, server: WireServer, runs_dir: Path) -> list:
    server.prompt_cache = PromptCache(min_tokens=args.min_tokens)  # a cold cache for each sweep
    config = SweepConfig(models=[args.model], modes=[mode], test_set=args.test_set, runs=args.runs, runs_dir=runs_dir,
                         cache_path=None, prompt_cache=prompt_cache, concurrency=args.concurrency)
    outcome = run_sweep(config, show_progress=False, warn=lambda message: None)
    return sorted(outcome.records, key=lambda r: r.run_id)


def row(mode: str, plain: list, cached: list) -> dict:
    def mean(records: list, pick) -> float:
        return sum(pick(r) for r in records) / len(records)

    same = [(r.status, r.answer, r.sources) for r in plain] == [(r.status, r.answer, r.sources) for r in cached]
    prompt = mean(cached, lambda r: r.usage.input + r.usage.cache_read + r.usage.cache_write)
    before, after = mean(plain, lambda r: r.cost_usd), mean(cached, lambda r: r.cost_usd)
    return {
        "mode": mode, "runs": len(plain), "uncached": before, "cached": after, "saving": 1 - after / before if before else 0.0,
        "read": mean(cached, lambda r: r.usage.cache_read) / prompt, "write": mean(cached, lambda r: r.usage.cache_write) / prompt,
        "calls": mean(cached, lambda r: r.llm_calls), "identical": same,
        "errors": sum(r.status == "error" for r in plain + cached), "by_calls": by_calls(plain, cached),
    }


def by_calls(plain: list, cached: list) -> dict[int, tuple[int, float]]:
    """Saving by the number of model calls a run made: the longer the conversation, the
    more of each call is a prefix read from the cache."""
    groups: dict[int, list[tuple[float, float]]] = {}
    for before, after in zip(plain, cached, strict=True):
        groups.setdefault(after.llm_calls, []).append((before.cost_usd, after.cost_usd))
    return {n: (len(pairs), 1 - sum(a for _, a in pairs) / sum(b for b, _ in pairs)) for n, pairs in sorted(groups.items())}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", default="anthropic:claude-sonnet-4-5", help="a priced anthropic: model")
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--test-set", default="sample")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--min-tokens", type=int, default=1024, help="shortest prefix the fake cache stores (Anthropic: 1,024-4,096 by model)")
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--agent-turns", type=int, default=0, help="agent mode: keep reading until this many calls per run (0: as the policy would)")
    args = parser.parse_args()
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    if not args.model.startswith("anthropic:") or not modes or set(modes) - set(MODES):
        print(f"error: give an anthropic:<model> and modes among {', '.join(MODES)} -- e.g. --model anthropic:claude-sonnet-4-5 --modes agent", file=sys.stderr)
        return 2
    rows = []
    with WireServer() as server, tempfile.TemporaryDirectory() as tmp:
        server.responder = reading_on(args.agent_turns) if args.agent_turns else offline_responder
        os.environ.update(ANTHROPIC_API_KEY="sk-ant-local-fake", ANTHROPIC_BASE_URL=server.url)
        try:
            for mode in modes:
                plain = sweep(mode, False, args, server, Path(tmp))
                cached = sweep(mode, True, args, server, Path(tmp))
                rows.append(row(mode, plain, cached))
                print(f"{mode}: done", file=sys.stderr)
        except UserError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
    print(f"{args.model}, test set {args.test_set}, {args.runs} run(s) per question, cache minimum {args.min_tokens} tokens, concurrency {args.concurrency}")
    print("| mode | runs | model calls per run | cost per run, no prompt cache | with prompt cache | saving | prompt read from cache | written to cache | identical answers |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['mode']} | {r['runs']} | {r['calls']:.1f} | ${r['uncached']:.4f} | ${r['cached']:.4f} | {r['saving']:.0%} | {r['read']:.0%} | {r['write']:.0%} | "
              f"{'yes' if r['identical'] else 'NO'} |")
    for r in rows:
        shown = ", ".join(f"{n} calls: {saving:.0%} ({count} runs)" for n, (count, saving) in r["by_calls"].items())
        print(f"{r['mode']} saving by model calls per run: {shown}")
    errors = sum(r["errors"] for r in rows)
    if errors:
        print(f"warning: {errors} runs ended in error; see the sweep folders", file=sys.stderr)
    return 0 if all(r["identical"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
