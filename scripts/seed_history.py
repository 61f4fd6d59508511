"""Build ``data/history_seed.jsonl``: the history a fresh clone starts with.

For each given commit, checks the repository out in a temporary worktree, runs the offline
sweep of a test set there (``python bench.py --no-report``, that commit's code), analyses it
with this checkout's analyzer and the judge that needs no key, and exports the rows (marked
``seed``). Real sweeps at real commits: nothing in the seed is made up. CI's trend gate
compares the baseline's test-split sweep with these, so seed the same test set CI sweeps.

    python scripts/seed_history.py 6f29e10 d1935ce 747107e --test-set test --pdf-dir ../shared/financebench/pdfs
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from harness.history import SEED_FILE, connect, export_rows  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("commits", nargs="+", help="commits to sweep, oldest first")
    parser.add_argument("--out", type=Path, default=SEED_FILE)
    parser.add_argument("--test-set", default="test", help="the test set to sweep (CI's trend gate reads this one)")
    parser.add_argument("--pdf-dir", type=Path, default=ROOT.parent / "shared" / "financebench" / "pdfs", help="the filings")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="seed-history-") as tmp:
        work = Path(tmp)
        db = work / "history.sqlite"
        with connect(db, seed=None):
            pass  # created empty: the analyses below must not start from the current seed
        for commit in args.commits:
            tree = work / f"tree-{commit}"
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), commit], check=True, capture_output=True)
            try:
                runs = work / f"runs-{commit}"
                subprocess.run([sys.executable, "bench.py", "--no-report", "--no-progress", "--runs-dir", str(runs), "--test-set", args.test_set,
                                "--pdf-dir", str(args.pdf_dir.resolve()), "--index-dir", str(work / "indexes"), "--no-cache"], cwd=tree, check=True)
                sweep = next(runs.iterdir())
                subprocess.run([sys.executable, str(ROOT / "analyze.py"), str(sweep), "--judge", "--judge-model", "offline", "--no-cache",
                                "--history-db", str(db), "--out", str(work / f"report-{commit}"), "--no-progress"], check=True)
            finally:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False, capture_output=True)
        with connect(db, seed=None) as conn:
            with conn:
                conn.execute("UPDATE sweeps SET source = 'seed', report = '', sweep_path = ''")
            lines = export_rows(conn)
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{args.out}: {len(lines)} rows from {len(args.commits)} sweeps")


if __name__ == "__main__":
    main()
