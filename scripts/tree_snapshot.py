"""Snapshot every structural tree, to prove a speed-up of the indexer changed no tree.

    python scripts/tree_snapshot.py dump /tmp/trees_before      # before the change
    python scripts/tree_snapshot.py dump /tmp/trees_after       # after it
    python scripts/tree_snapshot.py diff /tmp/trees_before /tmp/trees_after

Each PDF of ``../shared/financebench/pdfs`` and ``../shared/pageindex_reference/docs`` (or
the folders given with ``--pdf-dir``) is indexed twice: as it is, and as if it had no
outline (the layout headings alone). Each tree is written as sorted JSON without its
``meta`` (timings) and ``indexer_version`` (a hash of the indexer's source, which any edit
changes). ``diff`` exits 1 when a tree differs or is missing.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.paths import SHARED_DIR  # noqa: E402
from retrievers.index.builder import build_index, layout_tree_builder  # noqa: E402

DEFAULT_DIRS = [SHARED_DIR / "financebench" / "pdfs", SHARED_DIR / "pageindex_reference" / "docs"]


def _snapshot(pdf: Path, ignore_outline: bool) -> str:
    try:
        data = build_index(pdf, tree_builder=layout_tree_builder if ignore_outline else None).to_dict()
    except Exception as exc:  # a PDF that cannot be indexed must fail the same way after the change
        return f"ERROR {type(exc).__name__}: {exc}"
    data.pop("meta", None)
    data.pop("indexer_version", None)
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def dump(out: Path, pdf_dirs: list[Path]) -> int:
    out.mkdir(parents=True, exist_ok=True)
    pdfs = sorted(p for folder in pdf_dirs for p in folder.glob("*.pdf"))
    if not pdfs:
        print(f"no PDFs in {', '.join(map(str, pdf_dirs))}", file=sys.stderr)
        return 2
    for pdf in pdfs:
        for variant, ignore in (("outline", False), ("no-outline", True)):
            (out / f"{pdf.stem}.{variant}.json").write_text(_snapshot(pdf, ignore), encoding="utf-8")
    print(f"{2 * len(pdfs)} trees of {len(pdfs)} PDFs written to {out}")
    return 0


def diff(before: Path, after: Path) -> int:
    names = sorted({p.name for p in before.glob("*.json")} | {p.name for p in after.glob("*.json")})
    changed = [n for n in names if not (before / n).is_file() or not (after / n).is_file()
               or (before / n).read_bytes() != (after / n).read_bytes()]
    for name in changed:
        print(f"differs: {name}")
    print(f"{len(names)} trees compared, {len(changed)} differ")
    return 1 if changed or not names else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("dump", help="write every tree to a folder")
    d.add_argument("out", type=Path)
    d.add_argument("--pdf-dir", type=Path, action="append", help="folder of PDFs (repeatable; default: ../shared's)")
    c = sub.add_parser("diff", help="compare two dumps (exit 1 when a tree differs)")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    args = parser.parse_args()
    if args.command == "dump":
        return dump(args.out, args.pdf_dir or DEFAULT_DIRS)
    return diff(args.before, args.after)


if __name__ == "__main__":
    sys.exit(main())
