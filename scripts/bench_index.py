"""Benchmark the indexer: cold build and cached load per PDF.

    python scripts/bench_index.py                       # data/pdfs/3M_2022_10K.pdf
    python scripts/bench_index.py some.pdf other.pdf
    python scripts/bench_index.py --folder /work/shared/financebench/pdfs

"Cold" builds into an empty temporary cache folder (PDF read, structure, summaries, JSON
write); "cached" is the best of ``--repeat`` loads of that same cache file. Targets for the
252-page 3M 10-K: cold < 10 s, cached < 0.5 s.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.paths import PDF_DIR  # noqa: E402
from retrievers.index import load_or_build_index  # noqa: E402

DEFAULT_PDF = PDF_DIR / "3M_2022_10K.pdf"


def bench(pdf: Path, cache_dir: Path, repeat: int) -> dict:
    started = time.perf_counter()
    built = load_or_build_index(pdf, cache_dir)
    cold = time.perf_counter() - started
    loads = []
    for _ in range(repeat):
        started = time.perf_counter()
        cached = load_or_build_index(pdf, cache_dir)
        loads.append(time.perf_counter() - started)
        assert cached.meta.get("cache") == "hit", "the second load rebuilt the index"
    return {
        "doc": pdf.stem,
        "pages": built.page_count,
        "source": built.source,
        "nodes": len(built.all_nodes()),
        "leaves": len(built.leaves()),
        "read": built.meta.get("read_seconds", 0.0),
        "tree": built.meta.get("tree_seconds", 0.0),
        "cold": cold,
        "cached": min(loads),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pdfs", nargs="*", type=Path, help=f"PDFs to index (default {DEFAULT_PDF})")
    parser.add_argument("--folder", type=Path, default=None, help="also every *.pdf in this folder")
    parser.add_argument("--repeat", type=int, default=3, help="cached loads per PDF (best is reported)")
    args = parser.parse_args(argv)

    pdfs = list(args.pdfs)
    if args.folder:
        pdfs += sorted(args.folder.glob("*.pdf"))
    if not pdfs:
        pdfs = [DEFAULT_PDF]
    rows = []
    header = f"{'document':42s} {'pages':>5s} {'source':9s} {'nodes':>5s} {'leaves':>6s} {'read s':>7s} {'tree s':>7s} {'cold s':>7s} {'cached s':>8s}"
    print(header)
    print("-" * len(header))
    with tempfile.TemporaryDirectory(prefix="bench_index_") as tmp:
        for pdf in pdfs:
            row = bench(pdf, Path(tmp), max(args.repeat, 1))
            rows.append(row)
            print(
                f"{row['doc']:42s} {row['pages']:5d} {row['source']:9s} {row['nodes']:5d} {row['leaves']:6d} "
                f"{row['read']:7.2f} {row['tree']:7.2f} {row['cold']:7.2f} {row['cached']:8.3f}"
            )
    if len(rows) > 1:
        print("-" * len(header))
        pages = sum(r["pages"] for r in rows)
        cold = sum(r["cold"] for r in rows)
        print(
            f"{len(rows)} PDFs, {pages} pages: cold total {cold:.1f} s ({pages / cold:.0f} pages/s), "
            f"median cold {statistics.median(r['cold'] for r in rows):.2f} s, "
            f"max cached {max(r['cached'] for r in rows):.3f} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
