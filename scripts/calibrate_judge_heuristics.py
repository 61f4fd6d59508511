"""Measure the no-key judge (numeric check, then the offline heuristic) against humans.

    .venv/bin/python scripts/calibrate_judge_heuristics.py [--labels PATH] [--questions PATH]
        [--show-errors N]

Runs ``numeric_check`` and then ``heuristic_verdict`` on every answer of FinanceBench's
human-labelled file and prints, for the whole file and for each half of a fixed split by
question (``tune``: the half the rules were developed on; ``heldout``: the other half), the
numeric check's coverage and precision, the combined judge's 3-way and correct-vs-not
agreement, Cohen's kappa for both, and the 3x3 confusion matrix.

Gold: each answer is judged against the gold *in the label file*, because that is the gold
the reviewer saw. It differs from questions/ only in format ("1577" vs "$1577.00") except for
financebench_id_00070, whose gold was corrected upstream after the labelling. The questions
file's justification is passed along only where the two golds agree, since 00070's
justification argues for the corrected gold.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from harness.judge.agreement import format_confusion, summarize  # noqa: E402
from harness.judge.heuristic import heuristic_verdict  # noqa: E402
from harness.judge.labels import HUMAN_LABELS_FILE, LabelledAnswer, load_human_labels, split_of  # noqa: E402
from harness.judge.numbers import parse_number  # noqa: E402
from harness.judge.numeric import numeric_check  # noqa: E402
from harness.paths import QUESTIONS_DIR  # noqa: E402

QUESTIONS_FILE = QUESTIONS_DIR / "financebench_open_source.jsonl"


def _same_gold(label_gold: str, question_gold: str) -> bool:
    a, b = parse_number(label_gold), parse_number(question_gold)
    if a is not None and b is not None:
        fa = a.number / 100 if a.percent else a.number
        fb = b.number / 100 if b.percent else b.number
        return abs(fa - fb) <= 1e-9 * max(1.0, abs(fa))
    return " ".join(label_gold.split()) == " ".join(question_gold.split())


def justifications(rows: list[LabelledAnswer], questions_file: Path) -> dict[str, str]:
    """financebench_id -> justification, for ids whose questions-file gold matches the label gold."""
    if not questions_file.is_file():
        return {}
    by_id = {}
    with questions_file.open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                row = json.loads(line)
                by_id[row["financebench_id"]] = row
    golds = {r.financebench_id: r.gold_answer for r in rows}
    return {
        fid: str(by_id[fid].get("justification") or "")
        for fid, gold in golds.items()
        if fid in by_id and _same_gold(gold, str(by_id[fid].get("answer", "")))
    }


def judge_all(rows: list[LabelledAnswer], notes: dict[str, str]) -> tuple[list[str | None], list[str], list[str]]:
    """(numeric labels, combined labels, combined rationales) for every row."""
    numeric, combined, why = [], [], []
    for r in rows:
        numeric.append(numeric_check(r.question, r.gold_answer, r.model_answer).label)
        verdict = heuristic_verdict(r.question, r.gold_answer, r.model_answer, notes.get(r.financebench_id, ""))
        combined.append(verdict.label)
        why.append(verdict.rationale)
    return numeric, combined, why


def _report(name: str, human: list[str], numeric: list[str | None], combined: list[str]) -> str:
    s = summarize(human, numeric, combined)
    lines = [
        f"== {name}: {s['n']} answers",
        f"numeric check alone : coverage {s['numeric_coverage']:.1%} ({s['numeric_decided']} decided), "
        f"precision {s['numeric_precision']:.1%}",
        f"numeric + offline   : 3-way agreement {s['agreement_3way']:.1%}, kappa {s['kappa_3way']:.3f}",
        f"                      correct-vs-not agreement {s['agreement_binary']:.1%}, kappa {s['kappa_binary']:.3f}",
        format_confusion(s["confusion"]),  # type: ignore[arg-type]
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--labels", type=Path, default=HUMAN_LABELS_FILE)
    parser.add_argument("--questions", type=Path, default=QUESTIONS_FILE)
    parser.add_argument("--show-errors", type=int, default=0, help="print N disagreements of the tune half")
    args = parser.parse_args(argv)

    rows = load_human_labels(args.labels)
    numeric, combined, why = judge_all(rows, justifications(rows, args.questions))
    human = [r.label for r in rows]
    print(f"labels: {args.labels}")
    print(_report("full file", human, numeric, combined))
    for half in ("tune", "heldout"):
        idx = [i for i, r in enumerate(rows) if split_of(r.financebench_id) == half]
        questions = len({rows[i].financebench_id for i in idx})
        print()
        print(_report(f"{half} half ({questions} questions)", [human[i] for i in idx],
                      [numeric[i] for i in idx], [combined[i] for i in idx]))
    shown = 0
    for i, r in enumerate(rows):
        if shown >= args.show_errors:
            break
        if split_of(r.financebench_id) == "tune" and human[i] != combined[i]:
            shown += 1
            print(f"\n-- {r.financebench_id} {r.model_name}/{r.eval_mode}: human {human[i]}, judge {combined[i]} ({why[i]})")
            print(f"   gold: {r.gold_answer[:200]!r}\n   answer: {r.model_answer[:400]!r}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
