"""Judge the tune half's human-labelled answers against golds said in other words, and count
where a verdict does not hold (see ``harness.judge.rewordings``).

    python scripts/judge_rewordings.py                 # every rewording: agreement, original -> reworded
    python scripts/judge_rewordings.py --written measured-only   # only those never read to change a rule
    python scripts/judge_rewordings.py --show          # with the answers whose verdict changed

Exit code 1 when any rewording loses agreement or adds a false credit, declared ones too
(``tests/test_judge_reworded_golds.py`` holds the declared list and fails on any other).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.paths import PROJECT_ROOT  # noqa: E402
from harness.judge.labels import HUMAN_LABELS_FILE, load_human_labels  # noqa: E402
from harness.judge.rewordings import judge_rewordings, load_rewordings  # noqa: E402

REWORDINGS = PROJECT_ROOT / "tests" / "data" / "reworded_golds.jsonl"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rewordings", nargs="?", type=Path, default=REWORDINGS, help="rewordings file (JSON lines)")
    parser.add_argument("--labels", type=Path, default=HUMAN_LABELS_FILE, help="FinanceBench's human labels (JSON lines)")
    parser.add_argument("--written", choices=("to-find", "to-check-then-read", "measured-only"), help="only the rewordings written so")
    parser.add_argument("--show", action="store_true", help="print the answers whose verdict changed")
    args = parser.parse_args(argv)
    for path in (args.rewordings, args.labels):
        if not path.is_file():
            parser.error(f"file not found: {path}")
    try:
        rewordings = [r for r in load_rewordings(args.rewordings) if args.written in (None, r.written)]
    except ValueError as exc:
        parser.error(str(exc))
    results = judge_rewordings(load_human_labels(args.labels), rewordings)
    totals = [0, 0, 0, 0, 0]
    for result in results:
        mark = "" if result.holds else "   <-- does not hold"
        print(f"{result.rewording.financebench_id[-5:]} agree {result.agree_original:2} -> {result.agree_reworded:2} of {result.answers}"
              f", false-correct {result.false_correct_original} -> {result.false_correct_reworded}  {result.rewording.gold[:70]!r}{mark}")
        if args.show:
            for human, verdict, start in result.changed:
                print(f"      people: {human:9} judge now: {verdict:9} {start!r}")
        totals = [t + x for t, x in zip(totals, (result.answers, result.agree_original, result.agree_reworded,
                                                  result.false_correct_original, result.false_correct_reworded))]
    n, agree_0, agree_1, fc_0, fc_1 = totals
    broken = sum(not r.holds for r in results)
    print(f"\n{len(results)} rewordings, {n} judged answers: agreement {agree_0} -> {agree_1}"
          f" ({agree_0 / max(n, 1):.1%} -> {agree_1 / max(n, 1):.1%}), false-correct {fc_0} -> {fc_1}; {broken} do not hold")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
