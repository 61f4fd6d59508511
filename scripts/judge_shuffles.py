"""Shuffle each question's and gold's words with a few figures, and count the shuffles the
judge credits: words in no sentence's order are no answer, whatever they hold of the gold.

    python scripts/judge_shuffles.py                   # the tune half: count and the first credited
    python scripts/judge_shuffles.py --half heldout    # counts only (its golds are not shown)
    python scripts/judge_shuffles.py LABELS.jsonl      # another labels file's questions

For every question of the half in FinanceBench's human labels, 30 shuffles of 3 to 25 words
drawn from the gold's words (twice over), the question's, a random figure, an amount, a percent,
"Yes,", "No,", "not", "the", "and", "." and a line break (seeded: the same shuffles every run).
Each is judged by the numeric check and the offline judge; the credited ones are counted by
the judge's reason.
"""
from __future__ import annotations

import argparse
import random
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.paths import SHARED_DIR  # noqa: E402
from harness.judge.labels import load_human_labels, split_of  # noqa: E402
from harness.judge.offline_judge import heuristic_verdict  # noqa: E402

LABELS = SHARED_DIR / "financebench" / "human_labels" / "financebench_human_labels_dev.jsonl"
PER_QUESTION = 30


def shuffles(question: str, gold: str, rng: random.Random) -> list[str]:
    """``PER_QUESTION`` shuffles of the question's and the gold's words with a few figures."""
    gold_words, question_words = re.findall(r"\S+", gold), re.findall(r"\S+", question)
    out = []
    for _ in range(PER_QUESTION):
        size = rng.randint(3, 25)
        pool = gold_words * 2 + question_words + [
            str(rng.randint(1, 9999)), f"${rng.randint(1, 999)} million", f"{rng.uniform(0, 100):.1f}%",
            "Yes,", "No,", "not", "the", "and", ".", "\n",
        ]
        out.append(" ".join(rng.choice(pool) for _ in range(size)))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("labels", nargs="?", type=Path, default=LABELS, help="human-labels file (JSON lines); its questions and golds are shuffled")
    parser.add_argument("--half", choices=("tune", "heldout"), default="tune")
    parser.add_argument("--show", type=int, default=5, help="credited shuffles to print (tune only; default 5)")
    args = parser.parse_args(argv)
    if not args.labels.is_file():
        parser.error(f"labels file not found: {args.labels} (pass the path of FinanceBench's human labels)")
    rows = load_human_labels(args.labels)
    questions = {row.financebench_id: (row.question, str(row.gold_answer)) for row in rows if split_of(row.financebench_id) == args.half}
    rng = random.Random(5)
    credited: Counter[str] = Counter()
    judged = shown = 0
    for question, gold in questions.values():
        for answer in shuffles(question, gold, rng):
            judged += 1
            verdict = heuristic_verdict(question, gold, answer)  # the numeric check first, as the judge runs it
            if verdict.label != "correct":
                continue
            credited[re.sub(r"'[^']*'", "'...'", verdict.rationale)] += 1
            if args.half == "tune" and shown < args.show:
                shown += 1
                print(f"credited: {answer!r}\n  gold: {gold[:100]!r}\n  why: {verdict.rationale}\n")
    print(f"{args.half}: {len(questions)} questions, {judged} shuffles, {sum(credited.values())} credited")
    for reason, count in credited.most_common(8):
        print(f"  {count:4d}  {reason}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
