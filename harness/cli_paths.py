"""Path options and arguments for the command lines, refusing an empty path.

click lets "" through as a path (no file or folder of that name exists), and as a path it
names the current folder: ``--runs-dir ""`` wrote a sweep where the command ran, ``--out ""``
looked for room for a report there, and a file option read or wrote the folder itself, which
failed with a traceback. An empty value is almost always an unset shell variable
(``--runs-dir "$RUNS"``), so it is refused up front (exit 2), naming the option.
"""
from __future__ import annotations

from pathlib import Path

import click


class GivenPath(click.Path):
    """A ``click.Path`` giving a ``pathlib.Path``, that refuses an empty value."""

    def __init__(self, file_okay: bool = True, dir_okay: bool = True) -> None:
        super().__init__(path_type=Path, file_okay=file_okay, dir_okay=dir_okay)
        self.names = "file" if not dir_okay else "folder" if not file_okay else "file or folder"

    def convert(self, value, param, ctx):  # click's signature
        if isinstance(value, str) and not value.strip():
            hint = " (for the current folder, give .)" if self.names == "folder" else ""
            self.fail(f"an empty path names no {self.names}{hint}", param, ctx)
        return super().convert(value, param, ctx)


def file_path() -> GivenPath:
    return GivenPath(dir_okay=False)


def folder_path() -> GivenPath:
    return GivenPath(file_okay=False)


def any_path() -> GivenPath:
    return GivenPath()
