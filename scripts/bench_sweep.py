"""Benchmark: how well a sweep uses concurrency, and what the harness itself costs.

A model with simulated latency (the offline policy behind an ``asyncio.sleep``, registered
as a scripted provider, so every call takes the real client path: retries, limiter, usage,
traces, records) runs the same sweep at several concurrency levels. For each level it
reports wall time against the ideal, max(total model time / concurrency, the longest run's
own chain of calls), and the speedup over concurrency 1 against the ideal speedup. With
zero latency it measures the harness's overhead per model call: wall time minus the time
the policy itself spent thinking, per call. Finally it times index builds of a folder of
PDFs, cold and cached, over a process pool.

    python scripts/bench_sweep.py                          # 200 ms per call, levels 1 4 16 64
    python scripts/bench_sweep.py --latency 0.05 --runs 2 --levels 1,16
    python scripts/bench_sweep.py --pdf-dir ../shared/financebench/pdfs   # index timings too
    python scripts/bench_sweep.py --scale 1000,10000,100000   # the runner's cost per run as sweeps grow

``--scale`` runs sweeps of growing size with a model that answers at once (the offline
policy's replies, recorded once and replayed), each in its own process, and reports the
wall time per run and the peak memory: a runner whose cost per run is constant shows the
same time per run and about the same memory at every size.

Machines are shared and noisy: compare the ratios within one run of the script.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import math
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baseline.policy import respond  # noqa: E402
from core.llm.providers.scripted import register_script  # noqa: E402
from harness.config import Budgets, SweepConfig  # noqa: E402
from harness.runner.sweep import run_sweep  # noqa: E402
from retrievers.index.batch import ensure_indexes  # noqa: E402

# The offline policy's replies, keyed by request: it is deterministic, so a warm-up sweep
# records them and the timed sweeps replay them, leaving only the simulated latency (a
# remote model's thinking happens elsewhere, not in the harness's event loop).
_REPLIES: dict[str, tuple] = {}


def _key(request) -> str:
    import json

    return json.dumps(request.to_dict(), sort_keys=True)


class LatencyModel:
    """The offline policy, answering after ``latency`` seconds; counts calls and the time
    spent computing replies not yet recorded (zero once warmed up)."""

    def __init__(self, latency: float):
        self.latency = latency
        self.calls = 0
        self.think_s = 0.0

    async def __call__(self, request):
        started = time.perf_counter()
        key = _key(request)
        if key not in _REPLIES:
            _REPLIES[key] = respond(request)
        text, calls = _REPLIES[key]
        self.think_s += time.perf_counter() - started
        self.calls += 1
        if self.latency:
            await asyncio.sleep(self.latency)
        return {"text": text, "tool_calls": [{"id": c.id, "name": c.name, "arguments": c.arguments} for c in calls]}


def sweep_once(latency: float, concurrency: int, args: argparse.Namespace, out: Path) -> tuple[float, LatencyModel, list]:
    model = LatencyModel(latency)
    register_script("latency", model)
    config = SweepConfig(
        models=["scripted:latency"], modes=args.modes.split(","), runs=args.runs, test_set=args.test_set,
        runs_dir=out, cache_path=None, concurrency=concurrency, index_workers=1,
    )
    started = time.perf_counter()
    outcome = run_sweep(config, show_progress=False, warn=lambda m: None)
    return time.perf_counter() - started, model, outcome.records


def concurrency_table(args: argparse.Namespace, out: Path) -> None:
    levels = [int(x) for x in args.levels.split(",")]
    sweep_once(0.0, 1, args, out)  # warm the index cache and record the policy's replies
    print(f"\nsweep: modes {args.modes}, test set {args.test_set}, {args.runs} run(s) per question, {args.latency * 1000:.0f} ms per model call")
    print("(the offline policy's replies are recorded in a warm-up sweep and replayed, so think s,")
    print(" the time spent computing replies during the timed sweep, is ~0; net s = wall - think)")
    print(f"{'concurrency':>11} {'runs':>5} {'calls':>6} {'wall s':>8} {'think s':>8} {'net s':>7} {'ideal s':>8} {'of ideal':>9} {'speedup':>8} {'ideal x':>8}")
    base_wall = base_ideal = None
    for level in levels:
        wall, model, records = sweep_once(args.latency, level, args, out)
        net = wall - model.think_s
        chains = [r.llm_calls * args.latency for r in records]
        total_model = model.calls * args.latency
        ideal = max(total_model / level, max(chains, default=0.0))
        base_wall = base_wall or net
        base_ideal = base_ideal or ideal
        print(
            f"{level:>11} {len(records):>5} {model.calls:>6} {wall:>8.2f} {model.think_s:>8.2f} {net:>7.2f} {ideal:>8.2f} "
            f"{ideal / net:>9.0%} {base_wall / net:>7.1f}x {base_ideal / ideal:>7.1f}x"
        )
    # Per-call overhead is the slope between a small and a large zero-latency sweep, so the
    # sweep's fixed costs (planning, manifest, loading indexes) do not count as per-call cost.
    # The large sweep has at least three runs per question, so the two always differ in size.
    small_args = argparse.Namespace(**{**vars(args), "runs": 1})
    large_args = argparse.Namespace(**{**vars(args), "runs": max(3, args.runs)})
    wall1, model1, _ = sweep_once(0.0, 1, small_args, out)
    wall2, model2, _ = sweep_once(0.0, 1, large_args, out)
    calls = model2.calls - model1.calls
    slope_ms = ((wall2 - model2.think_s) - (wall1 - model1.think_s)) / max(calls, 1) * 1000
    fixed_s = (wall1 - model1.think_s) - slope_ms / 1000 * model1.calls
    print(
        f"\nharness overhead at zero latency: {slope_ms:.2f} ms per model call "
        f"(slope between sweeps of {model1.calls} and {model2.calls} calls; the offline policy's own think time excluded), "
        f"plus {fixed_s:.2f} s fixed per sweep"
    )


def index_table(pdf_dir: Path, workers: int) -> None:
    pdfs = {p.stem: p for p in sorted(pdf_dir.glob("*.pdf"))}
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        indexes = ensure_indexes(pdfs, Path(tmp), workers=workers)
        cold = time.perf_counter() - started
        started = time.perf_counter()
        ensure_indexes(pdfs, Path(tmp), workers=workers)
        cached = time.perf_counter() - started
    pages = sum(i.page_count for i in indexes.values())
    print(f"\nindexes of {len(pdfs)} PDFs ({pages} pages) over {workers} worker processes: cold {cold:.1f} s ({pages / cold:.0f} pages/s), cached {cached:.2f} s")


def scale_one(total: int, modes: str, test_set: str) -> dict:
    """One sweep of about ``total`` runs with an instant model, in this process."""
    import collections

    from core.llm.providers import scripted

    # The scripted provider keeps every request for tests to inspect; here it keeps none,
    # so that the memory measured is the runner's.
    keep_all = scripted.ScriptedProvider.__init__

    def keep_none(self, spec, script):
        keep_all(self, spec, script)
        self.requests = collections.deque(maxlen=1)

    scripted.ScriptedProvider.__init__ = keep_none  # type: ignore[method-assign]
    model = LatencyModel(0.0)
    register_script("instant", model)
    with tempfile.TemporaryDirectory() as tmp:
        warm = SweepConfig(models=["scripted:instant"], modes=modes.split(","), runs=1, test_set=test_set, runs_dir=Path(tmp), cache_path=None,
                           index_workers=1)
        run_sweep(warm, show_progress=False, warn=lambda m: None)  # records the policy's replies; indexes loaded
        questions = len(list(Path(tmp).glob("*/runs.jsonl"))[0].read_text().splitlines()) // len(warm.modes)
        runs = max(1, math.ceil(total / (questions * len(warm.modes))))
        # A --max-cost the free model never reaches: the spend check runs before every run and call.
        config = SweepConfig(models=["scripted:instant"], modes=modes.split(","), runs=runs, test_set=test_set, runs_dir=Path(tmp),
                             cache_path=None, index_workers=1, budgets=Budgets(max_cost_usd=1000.0))
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        started = time.perf_counter()
        run_sweep(config, show_progress=False, warn=lambda m: None)
        wall = time.perf_counter() - started
        planned = questions * len(warm.modes) * runs
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"runs": planned, "wall_s": wall, "ms_per_run": wall / planned * 1000, "peak_mb": peak / 1024, "growth_mb": (peak - before) / 1024}


def scale_table(args: argparse.Namespace) -> None:
    print(f"\nrunner cost as sweeps grow: modes {args.modes}, test set {args.test_set}, a model that answers at once")
    print(f"{'runs':>8} {'wall s':>8} {'ms/run':>7} {'peak MB':>8} {'MB grown':>9}")
    for total in (int(x) for x in args.scale.split(",")):
        done = subprocess.run([sys.executable, __file__, "--scale-one", str(total), "--modes", args.modes, "--test-set", args.test_set],
                              capture_output=True, text=True, check=True)
        row = json.loads(done.stdout.strip().splitlines()[-1])
        print(f"{row['runs']:>8} {row['wall_s']:>8.1f} {row['ms_per_run']:>7.2f} {row['peak_mb']:>8.0f} {row['growth_mb']:>9.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--latency", type=float, default=0.2, help="seconds per model call (default 0.2)")
    parser.add_argument("--levels", default="1,4,16,64", help="concurrency levels (default 1,4,16,64)")
    parser.add_argument("--modes", default="agent", help="modes to sweep (default agent: multi-turn chains)")
    parser.add_argument("--test-set", default="sample")
    parser.add_argument("--runs", type=int, default=3, help="runs per question (default 3)")
    parser.add_argument("--pdf-dir", type=Path, default=None, help="also time index builds of every PDF here")
    parser.add_argument("--workers", type=int, default=2, help="index build processes (default 2)")
    parser.add_argument("--scale", default=None, help="sweep sizes (runs) to time instead, e.g. 1000,10000,100000 (use --modes simple)")
    parser.add_argument("--scale-one", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.scale_one is not None:
        print(json.dumps(scale_one(args.scale_one, args.modes, args.test_set)))
        return
    if args.scale:
        scale_table(args)
        return
    with tempfile.TemporaryDirectory() as tmp:
        concurrency_table(args, Path(tmp))
    if args.pdf_dir:
        index_table(args.pdf_dir, args.workers)


if __name__ == "__main__":
    main()
