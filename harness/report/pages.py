"""Which of this project's pages a folder holds: a sweep report, the history page or a trace
page, told by how its data.js begins. Pruning deletes only reports, and writing a page
replaces only a folder holding one of its kind."""
from __future__ import annotations

from pathlib import Path

HISTORY = "history"
TRACES = "traces"


# How a page's data.js begins (render.write_data), then its kind: "sweep" (a report),
# "history" or "trace".
_DATA_HEAD = 'window.BENCH_REPORT={"version":1,"kind":"'


def page_kind(folder: Path) -> str | None:
    """The kind of page a folder holds ("sweep", "history", "trace"), or None when it holds
    none of this project's pages (or is a symbolic link)."""
    if folder.is_symlink() or not folder.is_dir():
        return None
    data = folder / "data.js"
    if not (folder / "index.html").is_file() or not data.is_file() or data.is_symlink():
        return None
    with data.open("r", encoding="utf-8", errors="replace") as handle:
        head = handle.read(len(_DATA_HEAD) + 16)
    return head[len(_DATA_HEAD):].split('"', 1)[0] if head.startswith(_DATA_HEAD) else None


def is_report(folder: Path) -> bool:
    """A sweep report folder: not the history and trace pages, wherever they were written,
    and not a symbolic link (a "latest" link would be kept as the newest report while the
    report it points to was pruned)."""
    if folder.name.startswith(".") or folder.name in (HISTORY, TRACES):
        return False  # a report still being written is a dot-folder
    return page_kind(folder) == "sweep"


def is_history_page(folder: Path) -> bool:
    """A history page's folder (``analyze.py history --out``), which a new page replaces."""
    return page_kind(folder) == "history"
