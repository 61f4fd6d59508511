"""A Ctrl-C that lands while a command starts ends it the way a Ctrl-C anywhere else does: it
prints "interrupted" and exits with 130. Without this, a Ctrl-C in the first half second, while
an entry script imported its modules and defined its commands, printed a traceback and exited
with 1, which for `analyze.py --gate` is a failed gate's code.

Until the command runs (``command_started``), nothing has been written, so the process may
simply end. After it, the command's own handling of KeyboardInterrupt (saving a sweep to
resume) is in charge. Python wraps an exception raised while a class body runs
``__set_name__`` (a dataclass field's, say) in a RuntimeError, so a command that imports a
module late looks for the interrupt along the exception's chain (``caused_by_interrupt``).
"""
from __future__ import annotations

import os
import signal
from types import FrameType

INTERRUPTED_EXIT = 130  # the shell's code for death by SIGINT


def exit_if_interrupted_while_starting() -> None:
    """From here until ``command_started``, a Ctrl-C ends the process at once, with 130. A
    SIGINT that is ignored (a background job, nohup) stays ignored."""
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _end_now)


def command_started() -> None:
    """A Ctrl-C raises KeyboardInterrupt again, for the command to handle."""
    if signal.getsignal(signal.SIGINT) is _end_now:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def _end_now(signum: int, frame: FrameType | None) -> None:
    os.write(2, b"interrupted: before the command started; nothing was done\n")
    os._exit(INTERRUPTED_EXIT)


def caused_by_interrupt(error: BaseException | None) -> bool:
    """Is ``error`` a KeyboardInterrupt, or raised while handling one, or caused by one?"""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, KeyboardInterrupt):
            return True
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return False
