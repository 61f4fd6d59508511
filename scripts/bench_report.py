"""How analysis and the report scale with the number of runs.

Builds synthetic sweeps from the records and traces of a real offline sweep (every record
and trace is a real one, copied under new ids: 9 models x 4 modes x 150 questions x 3 runs
is 16,200 runs), then runs ``python analyze.py SWEEP --judge --judge-model offline`` on
each and measures what a user waits for:

- wall time and peak memory (PSS of the analysis and its worker processes, summed, sampled
  every 50 ms) of judging + statistics + report;
- the report folder's size;
- the page's time to interactive in headless Chromium: from navigation to the overview
  drawn, and to the run grid of every run ready (the page sets data-ready);
- the CPU time the analysis used, and the machine's load average (the machine is shared:
  wall time depends on what else runs, CPU time much less).

The synthetic questions copy the real ones (ids suffixed ``-s2``... past the 89 questions
whose filings we have), so the judge compares every answer with its own gold: the judge's
work is real, the accuracy figures are not a result.

    python bench.py --test-set full --pdf-dir ../shared/financebench/pdfs --no-report   # once: a real offline sweep
    python scripts/bench_report.py --source bench_runs/<ts> --sizes 1000,4000,16200
    python scripts/bench_report.py --source bench_runs/<ts> --sizes 50000,100000 --no-browser
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the DevTools client the browser tests use

MODES = ("simple", "agent", "planner", "iterative")
QUESTIONS = 150
RUNS_PER_QUESTION = 3


def build_sweep(source: Path, size: int, out: Path) -> tuple[Path, Path]:
    """A sweep of ``size`` runs from ``source``'s records; returns (sweep dir, questions file)."""
    records = [json.loads(line) for line in (source / "runs.jsonl").read_text().splitlines() if line.strip()]
    by_key = {(r["mode"], r["question_id"]): r for r in records}
    real_ids = sorted({r["question_id"] for r in records})
    questions_src = {}
    for line in (ROOT / "questions" / "financebench_open_source.jsonl").read_text().splitlines():
        row = json.loads(line)
        questions_src[row["financebench_id"]] = row
    ids = [qid if j < len(real_ids) else f"{qid}-s{j // len(real_ids) + 1}" for j, qid in
           ((j, real_ids[j % len(real_ids)]) for j in range(QUESTIONS))]
    sweep = out / f"sweep-{size}"
    if sweep.exists():
        shutil.rmtree(sweep)
    (sweep / "traces").mkdir(parents=True)
    questions_file = out / f"questions-{size}.jsonl"
    with questions_file.open("w") as handle:
        for qid in ids:
            handle.write(json.dumps({**questions_src[qid.split("-s")[0]], "financebench_id": qid}) + "\n")
    written = 0
    models = []
    with (sweep / "runs.jsonl").open("w") as handle:
        model_number = 0
        while written < size:
            model_number += 1
            model = f"offline-{model_number}"
            models.append(model)
            for run in range(1, RUNS_PER_QUESTION + 1):
                for mode in MODES:
                    for qid in ids:
                        if written >= size:
                            break
                        src = by_key.get((mode, qid.split("-s")[0]))
                        if src is None:
                            continue
                        run_id = f"{model}__{mode}__{qid}__r{run}"
                        record = {**src, "run_id": run_id, "question_id": qid, "model": model, "run_number": run,
                                  "trace_path": f"traces/{run_id}.jsonl"}
                        handle.write(json.dumps(record) + "\n")
                        if src.get("trace_path") and (source / src["trace_path"]).is_file():
                            shutil.copyfile(source / src["trace_path"], sweep / record["trace_path"])
                        written += 1
    manifest = json.loads((source / "manifest.json").read_text())
    manifest.update(sweep_id=f"synthetic-{size}", config={**manifest.get("config", {}), "models": models, "questions_file": str(questions_file)},
                    questions=ids, runs=[])
    (sweep / "manifest.json").write_text(json.dumps(manifest))
    return sweep, questions_file


def _tree_memory(pid: int) -> int:
    """Memory in bytes of a process and all its descendants: the sum of their PSS
    (proportional set size, Linux /proc), so pages a forked worker shares with its parent
    count once, not once per process as a sum of RSS would."""
    total, stack = 0, [pid]
    while stack:
        current = stack.pop()
        try:
            for line in Path(f"/proc/{current}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1]) * 1024
            for task in Path(f"/proc/{current}/task").iterdir():
                stack += [int(c) for c in (task / "children").read_text().split()]
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            continue
    return total


def measure_analysis(sweep: Path, questions: Path, report: Path, history: Path) -> dict:
    if report.exists():
        shutil.rmtree(report)
    command = [sys.executable, str(ROOT / "analyze.py"), str(sweep), "--judge", "--judge-model", "offline", "--questions", str(questions),
               "--out", str(report), "--no-progress", "--no-cache", "--history-db", str(history)]
    peak = 0
    cpu_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, _tree_memory(proc.pid))
            time.sleep(0.05)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    out, err = proc.communicate()
    seconds = time.perf_counter() - start
    done.set()
    sampler.join()
    cpu_after = resource.getrusage(resource.RUSAGE_CHILDREN)  # the analysis and its workers, once reaped
    cpu = (cpu_after.ru_utime - cpu_before.ru_utime) + (cpu_after.ru_stime - cpu_before.ru_stime)
    if proc.returncode != 0:
        raise SystemExit(f"analyze failed ({proc.returncode}): {err[-2000:]}")
    size = sum(p.stat().st_size for p in report.rglob("*") if p.is_file())
    details = sum(p.stat().st_size for p in (report / "details").glob("*.js"))
    return {"seconds": seconds, "cpu_seconds": cpu, "peak_mb": peak / 1e6, "report_mb": size / 1e6, "details_mb": details / 1e6,
            "data_js_mb": (report / "data.js").stat().st_size / 1e6}


def measure_page(report: Path, profile: Path) -> dict:
    from chromium import Chromium

    times = {}
    with Chromium(profile, width=1400, height=900) as browser:
        for name, route in (("overview", ""), ("runs", "#runs")):
            browser.open("about:blank")
            start = time.perf_counter()
            browser.open((report / "index.html").resolve().as_uri() + route)
            browser.wait_for(f"document.body.getAttribute('data-ready') === '{name}'", timeout=120)
            times[f"{name}_s"] = time.perf_counter() - start
        errors = browser.errors()
    if errors:
        raise SystemExit(f"the page reported errors: {errors[:3]}")
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--source", type=Path, required=True, help="a real sweep folder (e.g. an offline sweep of --test-set full)")
    parser.add_argument("--sizes", default="1000,4000,16200", help="comma-separated run counts")
    parser.add_argument("--work", type=Path, default=Path("/tmp/bench_report"), help="where synthetic sweeps and reports go")
    parser.add_argument("--no-browser", action="store_true", help="skip the page timing")
    parser.add_argument("--keep", action="store_true", help="keep the synthetic sweeps and reports")
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    print(f"machine: {os.cpu_count()} cores; source: {args.source}")
    print("| runs | analysis + report (wall) | CPU time | wall per 1k runs | peak memory (PSS) | report folder | data.js | details | overview ready | run grid ready | load avg |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for size in [int(s) for s in args.sizes.split(",")]:
        sweep, questions = build_sweep(args.source, size, args.work)
        report = args.work / f"report-{size}"
        m = measure_analysis(sweep, questions, report, args.work / f"history-{size}.sqlite")
        page = {} if args.no_browser else measure_page(report, args.work / "profile")
        print(f"| {size:,} | {m['seconds']:.1f} s | {m['cpu_seconds']:.1f} s | {m['seconds'] / size * 1000:.2f} s | {m['peak_mb']:,.0f} MB "
              f"| {m['report_mb']:.1f} MB | {m['data_js_mb']:.1f} MB | {m['details_mb']:.1f} MB | {page.get('overview_s', float('nan')):.2f} s "
              f"| {page.get('runs_s', float('nan')):.2f} s | {os.getloadavg()[0]:.1f} |", flush=True)
        if not args.keep:
            shutil.rmtree(sweep)
            shutil.rmtree(report)


if __name__ == "__main__":
    main()
