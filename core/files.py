"""Files that are whole or absent: atomic writes, and folders named by the time they were made."""
from __future__ import annotations

import itertools
import json
import os
import tempfile
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any


def utc_stamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")


def stamped_names(stamp: str) -> Iterator[str]:
    """``stamp``, then ``stamp-2``, ``stamp-3``...: the names tried in turn for a file or
    folder made in the same second as another, so one never lands in (and overwrites)
    another."""
    yield stamp
    for number in itertools.count(2):
        yield f"{stamp}-{number}"


def stamped_order(name: str) -> tuple[str, int]:
    """The order in which ``stamped_names`` names were made: "-10" after "-9", which a sort
    by name puts before "-2" (eleven made in one second, by a script)."""
    stamp, _, number = name.partition("-")
    return (stamp, int(number)) if number.isdigit() else (name, 1)


def new_stamped_file(parent: Path, suffix: str) -> Path:
    """A new empty file ``<UTC time><suffix>`` under ``parent``, made exclusively (two ``ask
    --trace`` runs started together used to write one trace file, the second run's lost)."""
    parent.mkdir(parents=True, exist_ok=True)
    for name in stamped_names(utc_stamp()):
        path = parent / f"{name}{suffix}"
        try:
            os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666))
            return path
        except FileExistsError:
            continue
    raise AssertionError("stamped_names never ends")


def new_stamped_folder(parent: Path, prefix: str = "") -> Path:
    """A new folder ``<prefix><UTC time>`` under ``parent``."""
    parent.mkdir(parents=True, exist_ok=True)
    for name in stamped_names(prefix + utc_stamp()):
        try:
            (parent / name).mkdir()
            return parent / name
        except FileExistsError:
            continue
    raise AssertionError("stamped_names never ends")


def unwritable(folder: Path) -> str:
    """Why files cannot be written in ``folder``, or '' if they can: it writes and deletes a
    probe, since permission bits do not tell (root, read-only mounts). A missing folder is
    not made: the probe goes in the nearest folder that exists, where the missing ones
    would be made, so a command that then fails on something else (a missing key) leaves no
    empty folders behind, and two commands checking one new folder at once never race."""
    existing = existing_ancestor(folder)
    if not existing.is_dir():
        return f"{existing} is not a folder"
    try:
        fd, probe = tempfile.mkstemp(dir=existing, prefix=".write-probe-")
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        return exc.strerror or str(exc)
    return ""


def existing_ancestor(folder: Path) -> Path:
    """``folder`` or the nearest of its parents that exists (what a disk-space check reads
    before the folder is made)."""
    return next((p for p in (folder, *folder.parents) if p.exists()), Path("."))


def write_text_atomic(path: Path, text: str) -> None:
    """Write a temporary file beside ``path``, fsync it, then rename it over ``path``: a
    crash leaves the old file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.fchmod(fd, FILE_MODE)  # as runs.jsonl and the traces beside it
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _read_umask() -> int:
    """The process's umask, read once at import: the portable way to read it is to set it
    and set it back, which a thread creating a file meanwhile would suffer from."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


# The mode a file created here gets (0644 under the usual umask): what a file written
# through mkstemp, which makes it private (0600), is given before it is kept.
FILE_MODE = 0o666 & ~_read_umask()


def write_json_atomic(path: Path, data: Any) -> None:
    write_text_atomic(path, json.dumps(data, indent=2, default=str) + "\n")
