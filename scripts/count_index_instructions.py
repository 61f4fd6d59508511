"""Count the CPU instructions of the indexer's stages with valgrind, per PDF.

    python scripts/count_index_instructions.py                  # four-lectures (the worst ratio)
    python scripts/count_index_instructions.py some.pdf --all   # also the 3M 10-K and the other reference PDFs
    python scripts/count_index_instructions.py --split          # and where the cold build's extra work goes

Timings on a shared machine wander by a third from run to run (another tenant's load, CPU
steal), enough to move a cold/raw ratio across the 1.5x target and back. An instruction
count does not wander: each stage runs in a fresh interpreter under ``valgrind
--tool=callgrind`` and the count of an interpreter that only imports the indexer is taken
off. Stages: ``raw`` (pypdfium2's page text alone, as ``bench_index.py`` times it),
``styled`` (the same with line styles), ``cold`` (a whole cold build into an empty cache
folder: styled read, tree, summaries, JSON write). Instructions are not time (an
instruction of PDFium's parser and one of the Python interpreter cost differently), so this
explains where the work is; ``bench_index.py`` measures the time. Needs valgrind (Debian:
``apt-get install valgrind``); runs about 50 times slower than the stages themselves.
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.paths import PDF_DIR, PROJECT_ROOT, SHARED_DIR  # noqa: E402

REFERENCE_DOCS = SHARED_DIR / "pageindex_reference" / "docs"
# What each stage runs in its fresh interpreter ("none": the imports alone, taken off the others).
_STAGE_CODE = {
    "none": "",
    "raw": "read_pdf_pages(pdf)",
    "styled": "read_pdf(pdf)",
    "cold": "load_or_build_index(pdf, tempfile.mkdtemp())",
    # With --split: the cold build cut after the tree and after the summaries.
    "tree": "content = read_pdf(pdf); tree = default_tree_builder(content)",
    "summaries": "content = read_pdf(pdf); tree = default_tree_builder(content); summarize_tree(content.pages, tree.nodes, tree.topics)",
}
STAGES = ("none", "raw", "styled", "cold")
# Every module a stage may import is imported first, in every stage alike, so that "none"
# takes the imports off and a stage counts only its own work.
_PRELUDE = (
    "import sys, tempfile, importlib, pkgutil; sys.path.insert(0, {root!r}); "
    "import pypdfium2, pypdfium2.raw, retrievers.index as package; "
    "[importlib.import_module(f'retrievers.index.{{m.name}}') for m in pkgutil.iter_modules(package.__path__)]; "
    "from retrievers.index import load_or_build_index, read_pdf, read_pdf_pages; "
    "from retrievers.index.builder import default_tree_builder; from retrievers.index.summaries import summarize_tree; pdf = {pdf!r}; "
)


def count(stage: str, pdf: Path) -> int:
    """Instructions of one stage in a fresh interpreter."""
    code = _PRELUDE.format(root=str(PROJECT_ROOT), pdf=str(pdf)) + _STAGE_CODE[stage]
    with tempfile.TemporaryDirectory(prefix="callgrind_") as tmp:
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out", sys.executable, "-c", code],
            capture_output=True, text=True, check=False,
        )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or not found:
        raise SystemExit(f"valgrind failed on {stage} {pdf.name}:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pdfs", nargs="*", type=Path, help="PDFs (default: the TeX lectures)")
    parser.add_argument("--all", action="store_true", help="also the 3M 10-K and every reference PDF")
    parser.add_argument("--split", action="store_true",
                        help="also split the cold build's instructions beyond the styled read into the tree, the summaries "
                             "and the rest (index JSON, file hash): two more valgrind runs per PDF")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("error: valgrind is not installed -- apt-get install valgrind, or time the stages with "
              "`python scripts/bench_index.py --stages`", file=sys.stderr)
        return 2
    pdfs = list(args.pdfs)
    if args.all:
        pdfs += [PDF_DIR / "3M_2022_10K.pdf", *sorted(REFERENCE_DOCS.glob("*.pdf"))]
    if not pdfs:
        pdfs = [REFERENCE_DOCS / "four-lectures.pdf"]
    missing = [pdf for pdf in pdfs if not pdf.is_file()]
    if missing:
        print(f"error: PDF not found: {missing[0]} -- check the path", file=sys.stderr)
        return 2
    base = count("none", pdfs[0])
    print(f"interpreter and imports: {base / 1e6:,.0f}M instructions (taken off each stage)")
    print(f"{'document':42s} {'raw M':>8s} {'styled M':>9s} {'cold M':>8s} {'styled/raw':>10s} {'cold/raw':>9s} {'cold allowed M':>14s}")
    for pdf in pdfs:
        raw, styled, cold = (count(stage, pdf) - base for stage in STAGES[1:])
        print(f"{pdf.stem[:42]:42s} {raw / 1e6:8,.0f} {styled / 1e6:9,.0f} {cold / 1e6:8,.0f} {styled / raw:10.2f} "
              f"{cold / raw:9.2f} {1.5 * raw / 1e6:14,.0f}", flush=True)
        if args.split:
            tree, summaries = (count(stage, pdf) - base for stage in ("tree", "summaries"))
            print(f"  {'':40s} beyond raw: line styles {(styled - raw) / 1e6:,.0f}M, tree {(tree - styled) / 1e6:,.0f}M, "
                  f"summaries {(summaries - tree) / 1e6:,.0f}M, JSON and hash {(cold - summaries) / 1e6:,.0f}M "
                  f"(the target allows {(0.5 * raw) / 1e6:,.0f}M)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
