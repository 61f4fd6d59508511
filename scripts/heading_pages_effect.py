"""How much reading a bookmarked document's layout headings on its long leaves alone changes trees.

    python scripts/heading_pages_effect.py                 # every FinanceBench and reference PDF
    python scripts/heading_pages_effect.py --show BESTBUY  # and the sections that differ, for PDFs whose name holds this

An outlined document's layout headings are looked for only on its long leaves, the only
sections they split (``layout_headings.want_headings_on``). Few PDFs here are bookmarked
documents without a filing's Items, so this gives each PDF made-up outlines (the top level of
its own layout tree, every second entry of it, and two levels of it), reads it as if it had no
Items, and builds each tree twice: with the headings read on the long leaves alone, and on
every page (the call that narrows them turned off). It prints the trees that differ, with the
sections only one of the two has. Needs the PDFs; writes nothing.
"""
from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.paths import SHARED_DIR  # noqa: E402
from retrievers.index import structure  # noqa: E402
from retrievers.index.builder import default_tree_builder, layout_tree_builder  # noqa: E402
from retrievers.index.pdf import OutlineEntry, PDFError, read_pdf  # noqa: E402
from retrievers.index.tree import Node  # noqa: E402

DEFAULT_DIRS = [SHARED_DIR / "financebench" / "pdfs", SHARED_DIR / "pageindex_reference" / "docs"]
# (levels, step): the made-up outlines, from the top of a PDF's own layout tree.
OUTLINES = ((1, 1), (1, 2), (2, 1))


def made_up_outline(nodes: list[Node], levels: int, step: int) -> list[OutlineEntry]:
    entries: list[OutlineEntry] = []

    def walk(siblings: list[Node], level: int) -> None:
        for i, node in enumerate(siblings):
            if level == 0 and i % step:
                continue
            entries.append(OutlineEntry(level, node.title, node.start_page))
            if level + 1 < levels:
                walk(node.children, level + 1)

    walk(nodes, 0)
    return entries


def sections(nodes: list[Node]) -> set[tuple[int, int, str]]:
    out: set[tuple[int, int, str]] = set()

    def walk(siblings: list[Node], depth: int) -> None:
        for node in siblings:
            out.add((depth, node.start_page, node.title))
            walk(node.children, depth + 1)

    walk(nodes, 0)
    return out


def _counted(narrowing, asked: list[int]):
    """``narrowing`` (``want_headings_on``), noting in ``asked`` how many pages it was given."""
    def narrowed(layout, pages):
        pages = list(pages)
        asked.append(len(pages))
        narrowing(layout, pages)
    return narrowed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pdf-dir", type=Path, action="append", help="folders of PDFs (default: FinanceBench's and the reference PDFs)")
    parser.add_argument("--show", default="", help="also list the differing sections of PDFs whose name holds this")
    args = parser.parse_args(argv)
    narrowing = structure.want_headings_on
    structure.find_items = lambda layout: []  # every PDF read as one without Items: the path outlined documents take
    built = differ = 0
    for folder in args.pdf_dir or DEFAULT_DIRS:
        for pdf in sorted(Path(folder).glob("*.pdf")):
            try:
                content = read_pdf(pdf)
            except PDFError:
                continue
            own = layout_tree_builder(content)
            for levels, step in OUTLINES:
                outline = made_up_outline(own.nodes, levels, step)
                if len(outline) < 2:
                    continue
                with_outline = replace(content, outline=outline)
                asked: list[int] = []
                structure.want_headings_on = _counted(narrowing, asked)  # type: ignore[assignment]
                narrowed = default_tree_builder(with_outline)
                structure.want_headings_on = lambda layout, pages: None  # type: ignore[assignment]
                everywhere = default_tree_builder(with_outline)
                structure.want_headings_on = narrowing
                if narrowed.source != "outline" or not asked or not asked[0]:
                    continue  # no long leaf: no headings read at all
                built += 1
                only_narrowed, only_everywhere = sections(narrowed.nodes) - sections(everywhere.nodes), sections(everywhere.nodes) - sections(narrowed.nodes)
                if only_narrowed or only_everywhere:
                    differ += 1
                    print(f"{pdf.stem[:40]:40s} outline {levels} level(s), every {step}: {len(only_narrowed)} sections only narrowed, "
                          f"{len(only_everywhere)} only read everywhere")
                    if args.show and args.show in pdf.name:
                        for depth, page, title in sorted(only_narrowed):
                            print(f"    + [{page}] {'  ' * depth}{title}")
                        for depth, page, title in sorted(only_everywhere):
                            print(f"    - [{page}] {'  ' * depth}{title}")
    print(f"{built} trees with long leaves built both ways; {differ} differ")
    return 0


if __name__ == "__main__":
    sys.exit(main())
