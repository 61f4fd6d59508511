"""Red-team the offline judge: answers made from each question's gold to fool it.

    python scripts/judge_redteam.py                  # the tune half of the questions
    python scripts/judge_redteam.py --half heldout   # the held-out half: counts only
    python scripts/judge_redteam.py --show           # list every probe the judge got wrong
    python scripts/judge_redteam.py --questions tests/data/redteam_dev_questions.jsonl --half all --show
                                                     # golds written for the red team, not FinanceBench's

For each FinanceBench question (``questions/financebench_open_source.jsonl``) the gold is
turned into answers that must not be credited (its figure in a list, a hedge, a bound,
denied, asked about, expected by others, taken back, dated to another year, in euros,
in a pasted table; a yes/no verdict flipped, hedged or taken back; a prose gold taken back
or reduced to its keywords) and controls that must be (see ``harness.redteam``).
The questions are split in the halves the judge's calibration uses (``harness.judge.labels.
split_of``): rules are written against the tune half; ``--half heldout`` prints counts
only, so that its answers are not read while writing rules. Another questions file (the
red team's own pool of made-up golds) may be read whole. Exit code 1 when any
adversarial probe is credited or any control refused (keyword answers are counted apart:
the gold's words out of order may still name its pick or its names).
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.paths import PROJECT_ROOT  # noqa: E402
from harness.judge.labels import split_of  # noqa: E402
from harness.judge.service import JudgeItem, JudgeSettings, judge_items  # noqa: E402
from harness.redteam import WEAK_KINDS, probes_for  # noqa: E402

QUESTIONS = PROJECT_ROOT / "questions" / "financebench_open_source.jsonl"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--half", choices=("tune", "heldout", "all"), default="tune", help="which half of the questions (default: tune)")
    parser.add_argument("--questions", type=Path, default=QUESTIONS, help="FinanceBench questions file (JSON lines)")
    parser.add_argument("--show", action="store_true", help="print each probe judged wrongly (not with --half heldout)")
    args = parser.parse_args(argv)
    if args.show and args.half != "tune" and args.questions.resolve() == QUESTIONS.resolve():
        parser.error("--show reads the probes' answers: only for --half tune, the half rules are written on")
    rows = [json.loads(line) for line in args.questions.read_text(encoding="utf-8").splitlines() if line.strip()]
    rows = [r for r in rows if args.half == "all" or split_of(r["financebench_id"]) == args.half]
    probes = [p for r in rows for p in probes_for(r["financebench_id"], r["question"], r["answer"])]
    items = [JudgeItem(f"probe_{i}", p.question, p.gold, p.answer) for i, p in enumerate(probes)]
    verdicts = judge_items(items, JudgeSettings("offline", verdict_cache=None, response_cache=None)).verdicts
    wrong: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for probe, verdict in zip(probes, verdicts):
        total[probe.kind] += 1
        fooled = (verdict.label == "correct") == probe.adversarial
        if fooled:
            wrong[probe.kind] += 1
            if args.show:
                print(f"[{probe.kind}] {verdict.label}: {verdict.rationale}\n  Q: {probe.question[:140]}\n  G: {probe.gold[:140]}\n  A: {probe.answer[:200]}\n")
    print(f"{len(rows)} questions ({args.half}), {len(probes)} probes")
    print(f"{'kind':22s} {'probes':>7s} {'judged wrongly':>15s}")
    for kind in sorted(total, key=lambda k: (k.startswith("control"), k)):
        print(f"{kind:22s} {total[kind]:7d} {wrong[kind]:15d}")
    adversarial = sum(n for k, n in wrong.items() if not k.startswith("control") and k not in WEAK_KINDS)
    weak = sum(n for k, n in wrong.items() if k in WEAK_KINDS)
    refused = sum(n for k, n in wrong.items() if k.startswith("control"))
    print(f"adversarial answers credited: {adversarial} (and {weak} keyword answers, which may still name the pick); "
          f"right answers refused: {refused}")
    return 1 if adversarial or refused else 0


if __name__ == "__main__":
    raise SystemExit(main())
