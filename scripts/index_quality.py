"""Eyeball the section trees against FinanceBench's gold evidence pages.

Indexes every PDF found, then prints per document its source (outline / structure / toc /
headings / windows), node and leaf counts and leaf sizes, and for each question the leaf holding each
gold evidence page with its title, marked plausible when a distinctive word of the title
(or its parent's) appears in the gold evidence text or the question.

    python scripts/index_quality.py --pdf-dir /work/shared/financebench/pdfs --index-dir /tmp/indexes

This reads gold evidence on purpose: it is a development tool for the indexer, never part
of a retrieval run.
"""
from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.errors import UserError  # noqa: E402
from core.paths import INDEX_DIR, PDF_DIR  # noqa: E402
from harness.dataset import QUESTIONS_FILE, load_questions  # noqa: E402
from retrievers.index import load_or_build_index  # noqa: E402
from retrievers.index.tree import DocumentIndex, Node  # noqa: E402

# Words that say nothing about what a section is about.
_GENERIC = set(
    """item items note notes part pages page introduction consolidated condensed statement statements financial
    information data other company total results supplementary annual report form section sections continued
    overview general matters certain related including their with from that this table unaudited"""
    .split()
)


def _stems(text: str) -> set[str]:
    words = re.findall(r"[a-z]{4,}", text.lower())
    return {re.sub(r"(ies|es|s|ing|ed)$", "", w) for w in words if w not in _GENERIC}


def leaves_at(index: DocumentIndex, page: int) -> list[tuple[Node, Node | None]]:
    """(leaf, parent) pairs whose page range holds ``page``."""
    found = []

    def visit(node: Node, parent: Node | None) -> None:
        if not node.start_page <= page <= node.end_page:
            return
        if not node.children:
            found.append((node, parent))
        for child in node.children:
            visit(child, node)

    for top in index.nodes:
        visit(top, None)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pdf-dir", type=Path, default=PDF_DIR)
    parser.add_argument("--index-dir", type=Path, default=INDEX_DIR)
    parser.add_argument("--questions", type=Path, default=QUESTIONS_FILE)
    parser.add_argument("--rebuild", action="store_true", help="rebuild indexes even when cached")
    parser.add_argument("--docs", nargs="*", default=None, help="only these doc names (substring match)")
    parser.add_argument("--quiet", action="store_true", help="only the per-document table and the totals")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures as JSON here")
    args = parser.parse_args(argv)

    try:
        questions = load_questions(args.questions)
    except UserError as error:
        print(error, file=sys.stderr)
        return 2
    by_doc: dict[str, list] = {}
    for q in questions:
        by_doc.setdefault(q.doc_name, []).append(q)
    pdfs = sorted(args.pdf_dir.glob("*.pdf"))
    if args.docs:
        pdfs = [p for p in pdfs if any(d in p.stem for d in args.docs)]
    if not pdfs:
        print(f"no PDFs in {args.pdf_dir}", file=sys.stderr)
        return 2

    rows, hits, all_leaf_pages = [], [], []
    sources: Counter[str] = Counter()
    print(f"{'document':42s} {'source':9s} {'pages':>5s} {'nodes':>5s} {'leaves':>6s} {'med':>4s} {'max':>4s} {'secs':>5s}")
    for pdf in pdfs:
        started = time.perf_counter()
        index = load_or_build_index(pdf, args.index_dir, rebuild=args.rebuild)
        seconds = time.perf_counter() - started
        sizes = [n.end_page - n.start_page + 1 for n in index.leaves()]
        all_leaf_pages += sizes
        sources[index.source] += 1
        row = {
            "doc": pdf.stem,
            "source": index.source,
            "pages": index.page_count,
            "nodes": len(index.all_nodes()),
            "leaves": len(sizes),
            "median_leaf_pages": statistics.median(sizes) if sizes else 0,
            "max_leaf_pages": max(sizes, default=0),
            "seconds": round(seconds, 2),
        }
        rows.append(row)
        print(
            f"{pdf.stem:42s} {index.source:9s} {index.page_count:5d} {row['nodes']:5d} {row['leaves']:6d} "
            f"{row['median_leaf_pages']:4.0f} {row['max_leaf_pages']:4d} {seconds:5.2f}"
        )
        for q in by_doc.get(pdf.stem, []):
            evidence_text = " ".join(e.text for e in q.gold.evidence)
            wanted = _stems(evidence_text + " " + q.text)
            for page in q.gold.evidence_pages:
                found = leaves_at(index, page)
                plausible = any(
                    _stems(leaf.title) & wanted or (parent is not None and _stems(parent.title) & wanted) for leaf, parent in found
                )
                label = " | ".join(f"{leaf.node_id} [{leaf.start_page}-{leaf.end_page}] {leaf.title!r}" for leaf, _ in found)
                hits.append({"doc": pdf.stem, "question": q.id, "page": page, "plausible": plausible, "leaves": label,
                             "leaf_pages": min((leaf.end_page - leaf.start_page + 1 for leaf, _ in found), default=0)})
                if not args.quiet:
                    mark = "ok " if plausible else "?? "
                    print(f"    {mark}{q.id} p{page}: {label}")
                    print(f"         Q: {q.text[:110]}")

    print()
    print("sources:", dict(sources))
    if all_leaf_pages:
        print(f"leaf pages: median {statistics.median(all_leaf_pages)}, mean {statistics.mean(all_leaf_pages):.1f}, "
              f"max {max(all_leaf_pages)}, share <= 5 pages {sum(s <= 5 for s in all_leaf_pages) / len(all_leaf_pages):.0%}")
    if hits:
        ok = sum(h["plausible"] for h in hits)
        print(f"evidence pages: {len(hits)}, in a plausibly titled leaf: {ok} ({ok / len(hits):.0%}), "
              f"median leaf size at evidence {statistics.median(h['leaf_pages'] for h in hits)} pages")
    if args.json:
        args.json.write_text(json.dumps({"documents": rows, "evidence": hits, "sources": dict(sources)}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
