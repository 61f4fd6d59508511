"""User-facing errors: one line naming the problem and the fix, exit code 2."""
from __future__ import annotations


class UserError(Exception):
    """Bad input from the user (a file, a flag, a folder).

    The CLIs print ``str(error)`` on one line and exit with ``exit_code``; nothing is
    written before the error is raised, so a bad input never leaves half a sweep behind.
    """

    exit_code = 2

    def __init__(self, problem: str, fix: str | None = None):
        self.problem = problem
        self.fix = fix
        super().__init__(f"{problem} -- {fix}" if fix else problem)


class PDFError(UserError):
    """A PDF that cannot be indexed: missing, corrupt, encrypted or without text."""
