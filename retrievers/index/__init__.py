"""Document indexing: PDF -> section tree with summaries, cached as JSON.

The public surface is re-exported here; ``tree`` holds the index's data classes.
"""
from retrievers.index.builder import (
    INDEXER_VERSION,
    TreeBuilder,
    build_index,
    file_sha256,
    format_tree,
    index_path,
    load_index_file,
    load_or_build_index,
)
from retrievers.index.pdf import check_pdf, read_outline, read_pdf, read_pdf_pages
from retrievers.index.structure import Tree, structural_tree
from retrievers.index.tree import DocumentIndex, Node, slugify

__all__ = [
    "INDEXER_VERSION",
    "DocumentIndex",
    "Node",
    "Tree",
    "TreeBuilder",
    "build_index",
    "check_pdf",
    "file_sha256",
    "format_tree",
    "index_path",
    "load_index_file",
    "load_or_build_index",
    "read_outline",
    "read_pdf",
    "read_pdf_pages",
    "slugify",
    "structural_tree",
]
