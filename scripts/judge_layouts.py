"""Wrap FinanceBench's labelled answers in the openings, labels and layouts models use, and
count the verdicts that change: the same answer laid out otherwise must keep its verdict.

    python scripts/judge_layouts.py                 # the tune half: counts and the answers that flip
    python scripts/judge_layouts.py --half heldout  # counts only (its answers are not shown)

For each answer people labelled correct that the offline judge credits, and each answer they
labelled incorrect that it refuses, every form below is judged again; a right answer refused
or a wrong one credited in some form is a flip. The forms: a preamble, a caveat, figures in
bold, a heading, sentences as bullets or numbered lines or lines of their own, "Sure!", an
"**Answer:**" label, a sign-off, "fiscal year" for "FY", a JSON answer, a closing line of
sources, and an opening that only says an answer follows ("TL;DR: see below.", "Let me walk
through this step by step.", "The answer to your question is as follows.", "**Key findings:**"),
the whole answer in a fence or a quote, an "A:" label, "USD 1,577" for "$1,577", openings that
claim nothing ("In short, here is what the filing shows.", "Thanks for your question.", "Happy
to help.", "I reviewed the filing carefully."), a closing "Note:" or "Is there anything else you
would like to know?", and the question copied before the answer, labelled or not.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.paths import SHARED_DIR  # noqa: E402
from harness.judge.labels import split_of  # noqa: E402
from harness.judge.numeric_check import numeric_check  # noqa: E402
from harness.judge.offline_judge import heuristic_verdict  # noqa: E402
from harness.judge.refusal import sentence_spans  # noqa: E402

LABELS = SHARED_DIR / "financebench" / "human_labels" / "financebench_human_labels_dev.jsonl"
_FIGURE = re.compile(r"(?<![\w*])(\$\d[\d,]*(?:\.\d+)?(?: (?:million|billion))?|\d[\d,]*(?:\.\d+)?%)(?![\w*])")


def _each_sentence(answer: str, mark: Callable[[int], str]) -> str:
    """The answer's sentences one per line, each after ``mark(n)``; an answer laid out in
    lines already is left as it is."""
    text = answer.strip()
    if "\n" in text:
        return answer
    return "\n".join(mark(n) + text[a:b].strip() for n, (a, b) in enumerate(sentence_spans(text), 1) if text[a:b].strip())


FORMS: dict[str, Callable[[str, str], str]] = {
    "preamble": lambda a, q: "Based on the information provided in the company's 10-K filing, here is the answer.\n\n" + a,
    "caveat": lambda a, q: a.rstrip() + "\n\nPlease note that this analysis is based solely on the information in the provided filing.",
    "bold figures": lambda a, q: _FIGURE.sub(r"**\1**", a, count=3),
    "heading": lambda a, q: "### Answer\n\n" + a,
    "bullets": lambda a, q: _each_sentence(a, lambda n: "- "),
    "numbered": lambda a, q: _each_sentence(a, lambda n: f"{n}. "),
    "lines": lambda a, q: _each_sentence(a, lambda n: ""),
    "sure": lambda a, q: "Sure! " + a,
    "answer label": lambda a, q: "**Answer:** " + a.strip(),
    "sign-off": lambda a, q: a.rstrip() + "\n\nLet me know if you need any further details!",
    "anything else": lambda a, q: a.rstrip() + "\n\nIs there anything else you would like to know?",
    "fiscal year": lambda a, q: re.sub(r"\bFY\s?(20\d\d)\b", r"fiscal year \1", a),
    "json": lambda a, q: json.dumps({"answer": a.strip()}),
    "sources": lambda a, q: a.rstrip() + "\n\nSources: Form 10-K, Item 7 and Item 8.",
    "tl;dr": lambda a, q: "TL;DR: see below.\n\n" + a,
    "as follows": lambda a, q: "The answer to your question is as follows. " + a,
    "walk through": lambda a, q: "Let me walk through this step by step.\n\n" + a,
    "bold header": lambda a, q: "**Key findings:**\n\n" + a,
    "code block": lambda a, q: "```text\n" + a.strip() + "\n```",
    "quoted": lambda a, q: "\n".join("> " + line if line.strip() else ">" for line in a.strip().splitlines()),
    "A: label": lambda a, q: "A: " + a.strip(),
    "USD": lambda a, q: re.sub(r"\$\s?(?=\d)", "USD ", a),
    "in short": lambda a, q: "In short, here is what the filing shows.\n\n" + a.strip(),
    "thanks": lambda a, q: "Thanks for your question. " + a.strip(),
    "happy to help": lambda a, q: "Happy to help. " + a.strip(),
    "reviewed": lambda a, q: "I reviewed the filing carefully. " + a.strip(),
    "note": lambda a, q: a.rstrip() + "\n\nNote: all figures are in USD millions unless stated otherwise.",
    "question echoed": lambda a, q: "Question: " + q.strip() + "\n\nAnswer: " + a.strip(),
    "question first": lambda a, q: q.strip() + "\n\n" + a.strip(),
}


def judge(question: str, gold: str, answer: str) -> str:
    decided = numeric_check(question, gold, answer)
    return decided.label if decided.label is not None else heuristic_verdict(question, gold, answer, decided=decided).label


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--half", choices=("tune", "heldout"), default="tune", help="which half of the questions (default: tune)")
    parser.add_argument("--labels", type=Path, default=LABELS, help="FinanceBench human-labels file")
    args = parser.parse_args(argv)
    if not args.labels.is_file():
        print(f"labels file not found: {args.labels} (pass --labels)", file=sys.stderr)
        return 2
    rows = [json.loads(line) for line in args.labels.read_text(encoding="utf-8").splitlines() if line.strip()]
    show = args.half == "tune"
    totals = {"right": 0, "wrong": 0}
    flips: dict[str, list[str]] = {form: [] for form in FORMS}
    for i, row in enumerate(rows):
        if split_of(row["financebench_id"]) != args.half:
            continue
        question, gold, answer = (str(row[k]) for k in ("question", "gold_answer", "model_answer"))
        right = row["label"] == "Correct Answer"
        if (judge(question, gold, answer) == "correct") != right:
            continue  # judged wrongly as it is: no form to hold it to
        totals["right" if right else "wrong"] += 1
        for form, wrap in FORMS.items():
            if (judge(question, gold, wrap(answer, question)) == "correct") != right:
                flips[form].append(f"{'right refused' if right else 'wrong credited'}: line {i + 1}")
    print(f"{args.half} half: {totals['right']} right answers credited and {totals['wrong']} wrong ones refused, each in "
          f"{len(FORMS)} forms")
    print(f"{'form':14s} {'flips':>5s}")
    for form, found in flips.items():
        print(f"{form:14s} {len(found):5d}" + (f"  ({'; '.join(found[:6])}{' ...' if len(found) > 6 else ''})" if show and found else ""))
    print(f"total flips: {sum(map(len, flips.values()))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
