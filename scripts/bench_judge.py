"""Benchmark the offline judge: CPU milliseconds per answer over a labels file.

    python scripts/bench_judge.py                                     # the shared human labels
    python scripts/bench_judge.py LABELS.jsonl --repeat 4

Judges every answer of the file (FinanceBench's human-label format) with the numeric check
and the rule-based offline judge, no caches, ``--repeat`` times, and prints the best pass's
CPU time per answer. Each pass starts cold: the judge modules' memo caches are cleared
first, as a new process would have them. CPU time, not wall-clock, since the machines are
shared; compare two versions as a ratio within one run of this script on each.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.paths import SHARED_DIR  # noqa: E402
from harness.judge.labels import load_human_labels  # noqa: E402
from harness.judge.service import JudgeItem, JudgeSettings, judge_items  # noqa: E402

DEFAULT_LABELS = SHARED_DIR / "financebench" / "human_labels" / "financebench_human_labels_dev.jsonl"


def _clear_caches() -> None:
    for name, module in list(sys.modules.items()):
        if name.startswith("harness.judge"):
            for value in vars(module).values():
                if hasattr(value, "cache_clear"):
                    value.cache_clear()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("labels", nargs="?", type=Path, default=DEFAULT_LABELS, help="human-labels file (JSON lines)")
    parser.add_argument("--repeat", type=int, default=4, help="passes; the best is reported (default 4)")
    args = parser.parse_args(argv)
    if not args.labels.is_file():
        parser.error(f"labels file not found: {args.labels} (pass the path of FinanceBench's human labels)")
    rows = load_human_labels(args.labels)
    items = [JudgeItem(f"label_{i}", r.question, r.gold_answer, r.model_answer) for i, r in enumerate(rows)]
    best = float("inf")
    for _ in range(max(args.repeat, 1)):
        _clear_caches()
        started = time.process_time()
        judge_items(items, JudgeSettings("offline", verdict_cache=None, response_cache=None))
        best = min(best, time.process_time() - started)
    print(f"{len(items)} answers, best of {max(args.repeat, 1)} passes: {best / len(items) * 1000:.2f} ms of CPU per answer")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
