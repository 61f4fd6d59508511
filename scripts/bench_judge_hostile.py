"""Benchmark the judge on runaway answers: does its time grow with an answer's length, or
faster?

    python scripts/bench_judge_hostile.py                  # lengths 2,000, 8,000 and 32,000 characters
    python scripts/bench_judge_hostile.py --length 4000    # 4,000, 16,000 and 64,000

Each answer of ``harness.redteam.runaway`` (a unit repeated, random marks) is judged with the
numeric check and the offline judge against three questions (a figure, a yes/no, a prose
gold) at three lengths, each four times the one before. A judge whose time grows with the
length takes about 4 times as long at each step; a ratio well over 4 is a pattern that reads
the answer again from every position. Prints CPU milliseconds at each length and the last
step's ratio, worst first. CPU time, since the machines are shared; each case stops after
``--limit`` seconds.
"""
from __future__ import annotations

import argparse
import signal
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from harness.judge.offline_judge import heuristic_verdict  # noqa: E402
from harness.redteam.runaway import RUNAWAY_UNITS, random_marks, runaway_answer  # noqa: E402

QUESTIONS = {
    "figure": ("What is the FY2018 capital expenditure amount (in USD millions) for 3M?", "1577"),
    "yes/no": ("Has MGM Resorts paid dividends to common shareholders in FY2022?", "Yes. MGM maintained 0.01$ per share annual dividend through out FY 2022."),
    "prose": ("What drove revenue change as of the FY22 for AMD?", "Higher sales of EPYC server processors, higher semi-custom product sales, and the inclusion of Xilinx embedded product sales"),
}


class _OverTime(Exception):
    pass


class JudgeFailed(Exception):
    """The judge raised instead of giving a verdict (a RecursionError, say)."""


def _judge_seconds(question: str, gold: str, answer: str, limit: float) -> float:
    """CPU seconds to judge ``answer``; inf past ``limit`` (wall-clock) seconds; raises
    ``JudgeFailed`` when the judge fails on it."""
    def stop(*_: object) -> None:
        raise _OverTime

    signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, limit)
    started = time.process_time()
    try:
        heuristic_verdict(question, gold, answer)  # the numeric check, then the rules where it is unsure
    except _OverTime:
        return float("inf")
    except Exception as failure:  # what the judge raises is what this script reports
        raise JudgeFailed(type(failure).__name__) from failure
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return time.process_time() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--length", type=int, default=2000, help="the shortest length in characters (default 2000)")
    parser.add_argument("--limit", type=float, default=30.0, help="seconds before a case is stopped (default 30)")
    args = parser.parse_args(argv)
    lengths = [args.length, args.length * 4, args.length * 16]
    makers = {name: (lambda n, unit=unit: runaway_answer(unit, n)) for name, unit in RUNAWAY_UNITS.items()}
    makers["random marks"] = random_marks
    makers["random punctuation"] = lambda n: random_marks(n, ".,;:!?-()[]*_#>|\"' \n", seed=2)
    rows = []
    failures: list[str] = []
    for name, make in makers.items():
        for kind, (question, gold) in QUESTIONS.items():
            times: list[float] = []
            for n in lengths:
                try:
                    times.append(_judge_seconds(question, gold, make(n), args.limit))
                except JudgeFailed as failure:
                    failures.append(f"{name} ({kind} gold) at {n:,} characters: {failure}")
                    times.append(float("nan"))
                if times[-1] != times[-1] or times[-1] == float("inf"):
                    break
            ratio = times[-1] / max(times[-2], 1e-3) if len(times) == 3 else float("inf")
            rows.append((ratio, times[-1] if times[-1] == times[-1] else float("inf"), name, kind, times))
    rows.sort(key=lambda row: (-row[0], -row[1]))
    header = " ".join(f"{n:>9,}" for n in lengths)
    print(f"{'answer':22s} {'gold':7s} {header}   last step (4 is linear)")
    for ratio, _, name, kind, times in rows:
        cells = " ".join(_cell(t, args.limit) for t in times)
        print(f"{name:22s} {kind:7s} {cells}   {ratio:.1f}x")
    finished = [t for *_, times in rows for t in times if t == t and t != float("inf")]
    stopped = sum(1 for *_, times in rows if times[-1] == float("inf"))
    slowest = f"slowest finished {max(finished):.2f} s" if finished else "none finished"
    print(f"\n{len(rows)} cases; {slowest} at up to {lengths[-1]:,} characters; {stopped} stopped after {args.limit:g} s")
    for failure in failures:
        print(f"the judge failed: {failure}")
    return 0


def _cell(seconds: float, limit: float) -> str:
    if seconds != seconds:
        return f"{'failed':>10s}"
    if seconds == float("inf"):
        return f"{'>' + format(limit, 'g') + 's':>10s}"
    return f"{seconds * 1000:8.0f}ms"


if __name__ == "__main__":
    raise SystemExit(main())
