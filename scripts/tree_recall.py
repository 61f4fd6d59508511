"""Node recall of the structural trees against PageIndex reference trees.

    python scripts/tree_recall.py                                  # ../shared/pageindex_reference
    python scripts/tree_recall.py REF_DIR [PDF_DIR] --missed       # list the nodes not found
    python scripts/tree_recall.py --json recall.json
    python scripts/tree_recall.py --ignore-outline                 # the layout headings alone
    python scripts/tree_recall.py --bookmarks PDF_OR_DIR ...       # the layout against a PDF's own bookmarks

REF_DIR holds ``<name>_structure.json`` files (or a ``trees/`` folder of them); PDF_DIR
holds ``<name>.pdf`` (default: REF_DIR's ``docs/`` folder, else REF_DIR). A reference node
is found when a node of our tree has a matching title (``retrievers.index.recall.
titles_match``: normalised titles, difflib ratio >= 0.8) and starts within one page of it.
Each tree is built from scratch without a model, exactly as ``bench.py index`` builds it.

``--bookmarks`` needs no reference trees: each PDF's own bookmarks are the reference, and
its tree is built from the layout alone (as if it had none), so any folder of bookmarked
PDFs (LaTeX papers, typeset reports, your own filings) measures the layout headings.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.errors import UserError  # noqa: E402
from core.paths import SHARED_DIR  # noqa: E402
from harness.progress import Progress  # noqa: E402
from retrievers.index.recall import (  # noqa: E402
    PAGE_TOLERANCE,
    STRUCTURE_SUFFIX,
    TITLE_SIMILARITY,
    measure_bookmarks,
    measure_folder,
    overall,
    reference_files,
)

DEFAULT_REFERENCE = SHARED_DIR / "pageindex_reference"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reference_dir", nargs="?", type=Path, default=DEFAULT_REFERENCE, help="folder of *_structure.json trees")
    parser.add_argument("pdf_dir", nargs="?", type=Path, default=None, help="folder of the PDFs (default: REF_DIR/docs)")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures as JSON here")
    parser.add_argument("--missed", action="store_true", help="list the reference nodes not found")
    parser.add_argument("--ignore-outline", action="store_true",
                        help="build every tree as if its PDF had no outline (measures the layout headings alone)")
    parser.add_argument("--bookmarks", nargs="+", type=Path, default=None, metavar="PDF_OR_DIR",
                        help="instead of reference trees: each PDF's own bookmarks, against its tree built from the layout alone")
    args = parser.parse_args(argv)

    if args.bookmarks:
        absent = [path for path in args.bookmarks if not path.exists()]
        if absent:
            print(f"error: not found: {absent[0]} -- pass PDFs or folders of PDFs", file=sys.stderr)
            return 2
        progress: list[Progress] = []

        def advance(done: int, total: int) -> None:  # a bar on stderr: a folder of filings takes minutes
            if not progress:
                progress.append(Progress(total, unit="pdf", desc="bookmarks", enabled=sys.stderr.isatty()))
            progress[0].advance()

        results, skipped = measure_bookmarks(args.bookmarks, on_pdf=advance)
        for bar in progress:
            bar.close()
        for name, why in skipped:
            print(f"skipped {name}: {why}", file=sys.stderr)
        if not results:
            print("error: no PDF given has bookmarks -- pass PDFs that do (e.g. LaTeX papers built with hyperref)", file=sys.stderr)
            return 2
    else:
        if not reference_files(args.reference_dir):
            print(f"no *{STRUCTURE_SUFFIX} files in {args.reference_dir}", file=sys.stderr)
            return 2
        try:
            results, missing = measure_folder(args.reference_dir, args.pdf_dir, args.ignore_outline)
        except UserError as exc:  # a reference PDF that cannot be read: its figure would be missing
            print(f"error: {exc}", file=sys.stderr)
            return exc.exit_code
        for name in missing:
            print(f"skipped {name}: its PDF is not there", file=sys.stderr)
        if not results:
            print("no reference tree has its PDF", file=sys.stderr)
            return 2
    against = " (each PDF's bookmarks against its layout alone)" if args.bookmarks else ""
    print(f"node recall: title similarity >= {TITLE_SIMILARITY}, start page within {PAGE_TOLERANCE}"
          + (" (outlines ignored)" if args.ignore_outline else "") + against)
    header = f"{'document':48s} {'outline':>7s} {'ref':>5s} {'found':>5s} {'ours':>5s} {'recall':>7s}"
    print(header)
    print("-" * len(header))
    for r in results:
        print(f"{r.doc[:48]:48s} {'yes' if r.has_outline else 'no':>7s} {r.reference_count:5d} {r.found_count:5d} "
              f"{r.our_count:5d} {r.recall:7.1%}")
    print("-" * len(header))
    total_ref = sum(r.reference_count for r in results)
    total_found = sum(r.found_count for r in results)
    print(f"{'overall':48s} {'':>7s} {total_ref:5d} {total_found:5d} {'':>5s} {overall(results):7.1%}")
    if args.missed:
        for r in results:
            print(f"\n{r.doc}: {len(r.missed)} missed")
            for node in r.missed:
                print(f"  {'  ' * node.depth}p{node.start_page} {node.title}")
    if args.json:
        payload = {
            "outlines_ignored": args.ignore_outline or bool(args.bookmarks),
            "reference": "bookmarks" if args.bookmarks else "reference trees",
            "title_similarity": TITLE_SIMILARITY,
            "page_tolerance": PAGE_TOLERANCE,
            "overall": overall(results),
            "documents": [
                {
                    "doc": r.doc,
                    "has_outline": r.has_outline,
                    "reference_nodes": r.reference_count,
                    "found": r.found_count,
                    "our_nodes": r.our_count,
                    "recall": r.recall,
                    "missed": [{"title": n.title, "start_page": n.start_page} for n in r.missed],
                }
                for r in results
            ],
        }
        args.json.write_text(json.dumps(payload, indent=2, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
