"""Benchmark: how fast Ctrl-C stops a sweep.

Starts an offline sweep of the bundled sample (all four modes, several runs per question)
as ``python bench.py`` would run, waits until some runs are recorded, sends SIGINT, and
times the "stopping..." notice and the exit. The offline model is CPU-bound in the
sweep's own process, the hardest case for an interrupt: the event loop only sees it
between model calls.

    python scripts/bench_interrupt.py               # 5 trials
    python scripts/bench_interrupt.py --trials 10 --after 20
"""
from __future__ import annotations

import argparse
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def trial(after: int) -> tuple[float, float, int]:
    """(seconds to the notice, seconds to exit, exit code) of one interrupted sweep."""
    with tempfile.TemporaryDirectory() as tmp:
        process = subprocess.Popen(
            [sys.executable, "bench.py", "--modes", "simple,agent,planner,iterative", "--runs", "5", "--runs-dir", tmp,
             "--no-cache", "--no-progress", "--no-report"],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        )
        lines: list[tuple[float, str]] = []
        reader = threading.Thread(target=lambda: lines.extend((time.monotonic(), line) for line in process.stderr or ()), daemon=True)
        reader.start()
        while not any(len(p.read_text().splitlines()) >= after for p in Path(tmp).glob("*/runs.jsonl")):
            if process.poll() is not None:
                raise SystemExit("the sweep ended before it could be interrupted")
            time.sleep(0.02)
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        process.wait()
        exited = time.monotonic() - sent
        reader.join(timeout=5)
        notice = next((at - sent for at, line in lines if line.startswith("stopping...")), float("nan"))
        return notice, exited, process.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trials", type=int, default=5)
    parser.add_argument("--after", type=int, default=10, help="runs recorded before Ctrl-C (default 10)")
    args = parser.parse_args()
    results = [trial(args.after) for _ in range(args.trials)]
    notices, exits = [r[0] for r in results], [r[1] for r in results]
    print(f"Ctrl-C of an offline sweep after {args.after} runs, {args.trials} trials (exit codes {sorted({r[2] for r in results})}):")
    print(f"  'stopping...' shown after  median {statistics.median(notices) * 1000:.0f} ms, max {max(notices) * 1000:.0f} ms")
    print(f"  process exited after       median {statistics.median(exits):.2f} s, max {max(exits):.2f} s")


if __name__ == "__main__":
    main()
