"""The rule-based baseline's scorecard: its figures on the dev split (where it may be tuned)
beside the held-out test split (where it is measured and gated), per mode.

    python scripts/baseline_scorecard.py                          # sweep and judge both splits, print dev | test
    python scripts/baseline_scorecard.py --split dev --by-type    # while tuning: dev only, per question type
    python scripts/baseline_scorecard.py --write-budgets budgets.toml   # re-measure and rewrite CI's baseline gate
    python scripts/baseline_scorecard.py --reports dev=DIR test=DIR     # read analyze.py output folders instead

Each split is swept and judged with the commands CI uses (the filings come from
../shared/financebench/pdfs, or --pdf-dir):

    python bench.py --test-set SPLIT --pdf-dir PDFS --runs-dir OUT/SPLIT/runs --no-progress --no-report
    python analyze.py --runs-dir OUT/SPLIT/runs --judge --judge-model offline --no-progress --out OUT/SPLIT/report

Accuracy counts runs judged correct (numeric check, then the rule-based offline judge);
reliability counts runs that answered (status ok and not judged a refusal), as analyze.py
does; tokens are the baseline's estimates. The test split is for reporting, not tuning:
look at dev while changing the baseline.
"""
from __future__ import annotations

import argparse
import csv
import math
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from statistics import mean
from typing import NoReturn

ROOT = Path(__file__).resolve().parent.parent
MODES = ("simple", "agent", "planner", "iterative")
SPLITS = ("dev", "test")
MARGIN_QUESTIONS = 1  # the gate lets a change lose one question of a split, not two
TOKEN_HEADROOM = 1.15


def _fail(message: str, code: int = 2) -> NoReturn:
    """One line naming the problem and the fix, as the CLIs do."""
    print(f"error: {message}", file=sys.stderr)
    raise SystemExit(code)


def _run(command: list[str]) -> None:
    print("$", " ".join(command), flush=True)
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.stderr.write(done.stdout[-3000:] + done.stderr[-3000:])
        _fail(f"{command[1]} failed with exit code {done.returncode} (its output is above)", done.returncode)


def sweep_and_judge(split: str, out: Path, pdf_dir: Path) -> Path:
    runs, report = out / split / "runs", out / split / "report"
    python = sys.executable
    _run([python, "bench.py", "--test-set", split, "--pdf-dir", str(pdf_dir), "--runs-dir", str(runs), "--no-progress", "--no-report"])
    _run([python, "analyze.py", "--runs-dir", str(runs), "--judge", "--judge-model", "offline", "--no-progress", "--out", str(report)])
    return report


def read_runs(report: Path) -> list[dict[str, str]]:
    path = report / "runs.csv"
    if not path.exists():
        _fail(f"{path} does not exist: point --reports at analyze.py output folders (SPLIT=DIR)")
    with path.open(newline="") as handle:
        return list(csv.DictReader(handle))


def _number(value: str) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return 0.0


def summarise(rows: list[dict[str, str]]) -> dict[str, float]:
    n = len(rows)
    return {
        "n": n,
        "correct": sum(r["verdict"] == "correct" for r in rows),
        "accuracy": sum(r["verdict"] == "correct" for r in rows) / n,
        "evidence": sum(r["evidence_hit"] == "True" for r in rows) / n,
        "reliability": sum(r["status"] == "ok" and r.get("verdict") != "refusal" for r in rows) / n,
        "tokens": mean(_number(r["tokens_total"]) for r in rows),
    }


def by_mode(rows: list[dict[str, str]]) -> dict[str, dict[str, float]]:
    groups: dict[str, list[dict[str, str]]] = defaultdict(list)
    for row in rows:
        groups[row["mode"]].append(row)
    return {mode: summarise(groups[mode]) for mode in MODES if mode in groups}


def print_table(figures: dict[str, dict[str, dict[str, float]]]) -> None:
    splits = list(figures)
    head = f"{'mode':<11}" + "".join(f"{split + ' n':>8}{'acc%':>7}{'evid%':>7}{'rel%':>7}{'tokens':>9}" for split in splits)
    if splits == list(SPLITS):
        head += f"{'test-dev':>10}"
    print(head)
    for mode in MODES:
        line = f"{mode:<11}"
        for split in splits:
            s = figures[split].get(mode)
            line += f"{s['n']:>8.0f}{100 * s['accuracy']:>7.1f}{100 * s['evidence']:>7.1f}{100 * s['reliability']:>7.1f}{s['tokens']:>9,.0f}" if s else " " * 38
        if splits == list(SPLITS) and mode in figures["dev"] and mode in figures["test"]:
            line += f"{100 * (figures['test'][mode]['accuracy'] - figures['dev'][mode]['accuracy']):>+10.1f}"
        print(line)


def print_by_type(rows: list[dict[str, str]]) -> None:
    groups: dict[tuple[str, str], list[dict[str, str]]] = defaultdict(list)
    for row in rows:
        groups[(row["mode"], row.get("question_type") or "?")].append(row)
    for (mode, kind), group in sorted(groups.items()):
        s = summarise(group)
        print(f"  {mode:<10} {kind:<20} n={s['n']:<3.0f} acc {100 * s['accuracy']:5.1f}%  rel {100 * s['reliability']:5.1f}%")


def budgets_text(test: dict[str, dict[str, float]], commands: str) -> str:
    """budgets.toml for CI's baseline gate: one question of slack under each measured rate,
    15% over each mean token count."""
    def floor(rate: float, n: float) -> float:
        return math.floor(100 * max(0.0, (round(rate * n) - MARGIN_QUESTIONS) / n) + 1e-9) / 100

    lines = [
        "# CI's gate on the rule-based baseline, read by `python analyze.py --gate budgets.toml` (harness/gate.py).",
        "#",
        "# It gates the baseline's held-out TEST split only (questions/test_sets.json: split by company; the",
        "# baseline is tuned on dev, never on test), judged with the judge that needs no key. Produced by",
        "#     python scripts/baseline_scorecard.py --write-budgets budgets.toml",
        "# which runs, for the test split (and dev, for the comparison printed beside it):",
        *[f"#     {c}" for c in commands.splitlines()],
        "# The baseline is deterministic, so a sweep measures the same figures every time; each rate's",
        f"# limit lets a change lose {MARGIN_QUESTIONS} question of the split (not two), each token budget sits 15% above",
        "# the measured mean. Re-measure with the command above when the judge or the baseline changes.",
        "# Measured on test (offline judge): accuracy / reliability / evidence hit / mean tokens",
        *[f"#   {m:<10} {s['accuracy']:.3f} / {s['reliability']:.3f} / {s['evidence']:.3f} / {s['tokens']:>7,.0f}   (n={s['n']:.0f})" for m, s in test.items()],
        "# Scripted plumbing is gated exactly by budgets_plumbing.toml.",
        "#",
        "# Keys (any other key is an error, exit code 2): min_accuracy, min_reliability, min_mean_tokens,",
        "# max_mean_tokens, max_p95_tokens, max_cost_usd, min_evidence_hit_rate, min_provenance_rate, min_questions",
        "# (see harness/gate.py). [defaults] applies to every cell; cells.\"model/mode\" overrides it key by key.",
        "# A budgeted cell missing from the sweep fails the gate.",
        "",
        "[defaults]",
        "max_cost_usd = 0.0          # the offline baseline is free: any cost is a bug",
    ]
    for mode, s in test.items():
        lines += [
            "",
            f'[cells."offline/{mode}"]',
            f"min_questions = {s['n']:.0f}       # every test question with its filing: a sweep that skipped some does not pass",
            f"min_accuracy = {floor(s['accuracy'], s['n']):.2f}",
            f"min_reliability = {floor(s['reliability'], s['n']):.2f}",
            f"min_evidence_hit_rate = {floor(s['evidence'], s['n']):.2f}",
            f"max_mean_tokens = {int(round(s['tokens'] * TOKEN_HEADROOM, -2))}",
        ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("--split", choices=(*SPLITS, "both"), default="both", help="which split(s) to sweep (default both; dev while tuning)")
    parser.add_argument("--reports", nargs="+", metavar="SPLIT=DIR", help="read these analyze.py output folders instead of sweeping")
    parser.add_argument("--by-type", action="store_true", help="also break each split down by FinanceBench question type")
    parser.add_argument("--write-budgets", type=Path, metavar="FILE", help="write CI's baseline gate from the test figures")
    parser.add_argument("--out", type=Path, default=Path("/tmp/baseline_scorecard"), help="where sweeps and reports go")
    parser.add_argument("--pdf-dir", type=Path, default=(ROOT / ".." / "shared" / "financebench" / "pdfs").resolve())
    args = parser.parse_args(argv)
    if args.reports:
        named = [item.split("=", 1) for item in args.reports]
        if any(len(pair) != 2 or pair[0] not in SPLITS for pair in named):
            _fail(f"--reports takes SPLIT=DIR pairs with SPLIT one of {', '.join(SPLITS)}, got {' '.join(args.reports)}")
        reports = {split: Path(path) for split, path in named}
    else:
        if not args.pdf_dir.is_dir():
            _fail(f"no filings folder at {args.pdf_dir}: pass --pdf-dir, or fetch them with python bench.py download --test-set full")
        splits = SPLITS if args.split == "both" else (args.split,)
        reports = {split: sweep_and_judge(split, args.out, args.pdf_dir) for split in splits}
    rows = {split: read_runs(path) for split, path in reports.items()}
    figures = {split: by_mode(r) for split, r in rows.items()}
    print()
    print_table(figures)
    if args.by_type:
        for split, r in rows.items():
            print(f"\n{split} by question type")
            print_by_type(r)
    if args.write_budgets:
        if "test" not in figures:
            _fail("--write-budgets needs the test split's figures: leave out --split dev, or add test=DIR to --reports")
        commands = ("python bench.py --test-set test --pdf-dir ../shared/financebench/pdfs --no-progress --no-report\n"
                    "python analyze.py --judge --judge-model offline --no-progress")
        args.write_budgets.write_text(budgets_text(figures["test"], commands), encoding="utf-8")
        print(f"\nwrote {args.write_budgets}")


if __name__ == "__main__":
    main()
