"""A scorecard for tuning the offline policy: per mode and per question type, accuracy,
evidence-hit rate, reliability, mean tokens, mean iterations and findings.

    python scripts/offline_scorecard.py                       # sweep the full set, judge, print
    python scripts/offline_scorecard.py --sweep /tmp/offline_runs/<ts>   # judge an existing sweep
    python scripts/offline_scorecard.py --report /tmp/offline_report     # only read a report's runs.csv
    python scripts/offline_scorecard.py --report NEW --baseline OLD      # plus per-question changes

Without --sweep/--report it runs the two commands of the tuning loop:

    python bench.py --test-set full --pdf-dir ../shared/financebench/pdfs --no-progress --no-report --runs-dir /tmp/offline_runs
    python analyze.py --runs-dir /tmp/offline_runs --judge --judge-model offline --no-progress --no-cache --out /tmp/offline_report

Reliability counts runs that answered (status ok and not judged a refusal), as analyze.py
does. The "kind" table groups questions by how the offline policy reads them (lookup, formula,
explain, yesno, other): that is computed from the question text only.
"""
from __future__ import annotations

import argparse
import csv
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from statistics import mean

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MODES = ("simple", "agent", "iterative", "planner")


def _run(command: list[str]) -> None:
    print("$", " ".join(command), flush=True)
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.stderr.write(done.stdout[-3000:] + done.stderr[-3000:])
        raise SystemExit(f"command failed with exit code {done.returncode}")


def sweep_and_judge(runs_dir: Path, report_dir: Path, pdf_dir: Path, sweep: Path | None) -> Path:
    python = sys.executable
    if sweep is None:
        before = set(runs_dir.glob("*")) if runs_dir.exists() else set()
        _run([python, "bench.py", "--test-set", "full", "--pdf-dir", str(pdf_dir), "--no-progress", "--no-report", "--runs-dir", str(runs_dir)])
        new = sorted(set(runs_dir.glob("*")) - before)
        sweep = new[-1] if new else max(runs_dir.glob("*"))
    _run([python, "analyze.py", str(sweep), "--judge", "--judge-model", "offline", "--no-progress", "--no-cache", "--out", str(report_dir)])
    return report_dir


def read_runs(report_dir: Path) -> list[dict[str, str]]:
    path = report_dir / "runs.csv"
    if not path.exists():
        raise SystemExit(f"{path} does not exist: point --report at an analyze.py output folder")
    with path.open(newline="") as handle:
        return list(csv.DictReader(handle))


def _kinds() -> dict[str, str]:
    """question id -> how the offline policy reads the question (from its text only)."""
    try:
        from baseline.question import plan_question
        from harness.dataset import load_questions
    except ImportError:
        return {}
    return {q.id: plan_question(q.text).kind for q in load_questions()}


def _num(value: str) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return 0.0


def summarise(rows: list[dict[str, str]]) -> dict[str, float]:
    n = len(rows)
    return {
        "n": n,
        "accuracy": 100 * sum(r["verdict"] == "correct" for r in rows) / n,
        "evidence": 100 * sum(r["evidence_hit"] == "True" for r in rows) / n,
        "reliability": 100 * sum(r["status"] == "ok" and r.get("verdict") != "refusal" for r in rows) / n,
        "tokens": mean(_num(r["tokens_total"]) for r in rows),
        "iterations": mean(_num(r["iterations"]) for r in rows),
        "findings": mean(_num(r["findings_count"]) for r in rows),
        "tools": mean(_num(r["tool_calls"]) for r in rows),
    }


HEADER = f"{'':<34}{'n':>4}{'acc%':>7}{'evid%':>7}{'rel%':>7}{'tokens':>9}{'iters':>7}{'finds':>7}{'tools':>7}"


def _line(name: str, s: dict[str, float]) -> str:
    return (
        f"{name:<34}{s['n']:>4}{s['accuracy']:>7.1f}{s['evidence']:>7.1f}{s['reliability']:>7.1f}"
        f"{s['tokens']:>9,.0f}{s['iterations']:>7.2f}{s['findings']:>7.2f}{s['tools']:>7.1f}"
    )


def print_scorecard(rows: list[dict[str, str]]) -> None:
    kinds = _kinds()
    by_mode: dict[str, list[dict[str, str]]] = defaultdict(list)
    for row in rows:
        by_mode[row["mode"]].append(row)
    modes = [m for m in MODES if m in by_mode] + sorted(set(by_mode) - set(MODES))
    print(HEADER)
    for mode in modes:
        print(_line(mode, summarise(by_mode[mode])))
    for title, key in (("question type", lambda r: r.get("question_type") or "?"), ("offline kind", lambda r: kinds.get(r["question_id"], "?"))):
        print(f"\nby {title}")
        print(HEADER)
        for mode in modes:
            groups: dict[str, list[dict[str, str]]] = defaultdict(list)
            for row in by_mode[mode]:
                groups[key(row)].append(row)
            for group in sorted(groups):
                print(_line(f"{mode} / {group}", summarise(groups[group])))


def print_changes(rows: list[dict[str, str]], baseline: list[dict[str, str]]) -> None:
    old = {r["run_id"]: r for r in baseline}
    gained, lost = [], []
    for row in rows:
        before = old.get(row["run_id"])
        if before is None:
            continue
        now_ok, was_ok = row["verdict"] == "correct", before["verdict"] == "correct"
        if now_ok and not was_ok:
            gained.append(row["run_id"])
        elif was_ok and not now_ok:
            lost.append(row["run_id"])
    print(f"\nagainst the baseline: {len(gained)} runs now correct, {len(lost)} no longer correct")
    for run_id in lost:
        print(f"  lost   {run_id}")
    for run_id in gained:
        print(f"  gained {run_id}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sweep", type=Path, help="judge this existing sweep folder instead of running a new one")
    parser.add_argument("--report", type=Path, help="only read this analyze.py output folder")
    parser.add_argument("--baseline", type=Path, help="another report folder: list the runs that changed verdict")
    parser.add_argument("--runs-dir", type=Path, default=Path("/tmp/offline_runs"))
    parser.add_argument("--out", type=Path, default=Path("/tmp/offline_report"))
    parser.add_argument("--pdf-dir", type=Path, default=(ROOT / ".." / "shared" / "financebench" / "pdfs").resolve())
    args = parser.parse_args(argv)
    report = args.report or sweep_and_judge(args.runs_dir, args.out, args.pdf_dir, args.sweep)
    rows = read_runs(report)
    print_scorecard(rows)
    if args.baseline:
        print_changes(rows, read_runs(args.baseline))


if __name__ == "__main__":
    main()
