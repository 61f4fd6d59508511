"""Folders that appear whole or not at all: a sweep folder with its first manifest, a report,
the history page.

Such a folder is written under a hidden "partial" name beside its target and renamed into
place when complete, so a Ctrl-C or a crash meanwhile leaves the previous folder (or none),
never half of one. What only a ``kill -9`` or a power cut can leave (a stale partial folder,
a report's empty reserved folder, a folder set aside to be replaced) is cleaned up by the
next writer in that parent. A target that already holds something is replaced only when it
is a folder of the same kind: the user's own folder named by mistake is never touched.
"""
from __future__ import annotations

import errno
import os
import re
import shutil
import stat
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from core.errors import UserError

# A folder still partial after this long was left by a process killed meanwhile, and is nobody's.
STALE_PARTIAL_SECONDS = 3600
_PARTIAL, _PREVIOUS = ".partial-", ".previous-"
# ".<target name>.partial-<pid>-<8 hex>": the names this module gives, and no others.
_HIDDEN = re.compile(r"^\.(?P<target>.+)(?P<kind>\.partial-|\.previous-)\d+-[0-9a-f]{8}$")


def partial_folder(target: Path) -> Path:
    """The hidden name, beside ``target``, to write ``target`` under until it is whole."""
    return target.parent / f".{target.name}{_PARTIAL}{os.getpid()}-{uuid.uuid4().hex[:8]}"


def previous_folder(target: Path) -> Path:
    """The hidden name, beside ``target``, to set ``target`` aside under while a whole new
    one is renamed onto its name."""
    return target.parent / f".{target.name}{_PREVIOUS}{os.getpid()}-{uuid.uuid4().hex[:8]}"


def remove_stale_partials(parent: Path) -> None:
    """Clean up what a killed process left in ``parent``: stale partial folders, and the empty
    folder each stood to be renamed onto (a report's name is taken first); a folder set aside
    to be replaced whose replacement never came is put back."""
    now = time.time()
    for path in parent.glob(".*-*"):
        named = _HIDDEN.match(path.name)
        if named is None:
            continue
        target = parent / named["target"]
        try:
            if not path.is_dir() or path.is_symlink() or now - path.stat().st_mtime <= STALE_PARTIAL_SECONDS:
                continue
            if named["kind"] == _PREVIOUS and not os.path.lexists(target):
                path.rename(target)  # killed between the two renames: the old one is kept
                continue
            shutil.rmtree(path, ignore_errors=True)
            if named["kind"] == _PARTIAL:
                target.rmdir()  # only when empty: a finished folder of that name stays
        except OSError:
            continue  # not empty, or dealt with meanwhile by another process


def check_replaceable(target: Path, replaceable: Callable[[Path], bool], flag: str, what: str) -> None:
    """UserError unless ``target`` is missing, an empty folder, or a folder ``replaceable``
    accepts (a report, the history page): writing there replaces what it holds."""
    for _ in range(10):
        try:
            before = os.lstat(target)
            is_folder = stat.S_ISDIR(before.st_mode)
            held = sorted(os.listdir(target)) if is_folder else []
            if is_folder and (not held or replaceable(target)):
                return
            if os.lstat(target).st_ino == before.st_ino:
                break  # looked at one folder throughout: it is no such page
        except FileNotFoundError:
            return  # missing, or moved away meanwhile by another writer of the same page
    if is_folder:
        shown = ", ".join(held[:3]) + (f" and {len(held) - 3} more" if len(held) > 3 else "")
        raise UserError(f"{flag} {target} is a folder that holds other files ({shown}), not {what}: nothing was written to it",
                        f"pass a new folder (it is made), or a folder holding {what} to replace it")
    raise UserError(f"{flag} {target} is not a folder", f"pass a new folder (it is made), or a folder holding {what}")


@contextmanager
def written_whole(target: Path, *, replaceable: Callable[[Path], bool], flag: str, what: str,
                  made_for_it: bool = False, clean_up: bool = False) -> Iterator[Path]:
    """A folder beside ``target`` to write into, renamed onto ``target`` once complete.
    ``target`` may be missing, empty, or a folder ``replaceable`` accepts (checked first and
    again at the rename: UserError otherwise, and nothing there is touched). ``made_for_it``:
    ``target`` is an empty folder made to reserve its name, removed again if nothing is
    written. ``clean_up``: the parent is a folder of this project's (a reports folder), so
    what killed writers left in it is cleaned up first."""
    check_replaceable(target, replaceable, flag, what)
    target.parent.mkdir(parents=True, exist_ok=True)
    if clean_up:
        remove_stale_partials(target.parent)
    partial = partial_folder(target)
    partial.mkdir()
    try:
        yield partial
        _put_in_place(partial, target, replaceable, flag, what)
    except BaseException:
        shutil.rmtree(partial, ignore_errors=True)
        if made_for_it:
            try:
                target.rmdir()
            except OSError:
                pass
        raise


def _put_in_place(partial: Path, target: Path, replaceable: Callable[[Path], bool], flag: str, what: str) -> None:
    """Rename the whole ``partial`` onto ``target``. Two writers of one page (two analyses
    writing the history page at once) race here: a writer that finds the other's page put
    in place meanwhile looks again, and its own, just as whole, goes when the other's wins."""
    for _ in range(10):
        check_replaceable(target, replaceable, flag, what)  # something else may have been put there meanwhile
        try:
            partial.replace(target)  # onto a missing or empty folder
            return
        except OSError as exc:
            if exc.errno not in (errno.ENOTEMPTY, errno.EEXIST):
                raise
        previous = previous_folder(target)
        try:
            target.rename(previous)
        except FileNotFoundError:
            continue  # moved away meanwhile by the other writer: look again
        try:
            partial.rename(target)
        except OSError as exc:
            if exc.errno not in (errno.ENOTEMPTY, errno.EEXIST):
                previous.rename(target)  # the old one back where it was
                raise
            shutil.rmtree(partial, ignore_errors=True)  # the other writer's page won the name
        shutil.rmtree(previous, ignore_errors=True)
        return
    raise UserError(f"{flag} {target} kept changing while this {what} was put in place", "run the command again")
