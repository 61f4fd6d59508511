"""Run a command line as click's standalone mode does, but for an interrupt.

click turns a Ctrl-C that reaches it into "Aborted!" and exit code 1: a Ctrl-C in the first
second, while a command imports its modules and before its own handler is in place, ended
``python analyze.py --gate`` with the code of a failed gate. Here it ends, as everywhere
else, with the shell's code for death by the signal (130 for Ctrl-C). (Before this runs, while
an entry script imports its modules, a Ctrl-C is ``core.interrupt``'s.)
"""
from __future__ import annotations

import sys
from typing import NoReturn

import click

from core.interrupt import INTERRUPTED_EXIT, caused_by_interrupt, command_started


def run_command(command: click.Command) -> NoReturn:
    command_started()
    try:
        code = command.main(standalone_mode=False)
    except click.exceptions.Abort as abort:
        stop = abort.__cause__
        if isinstance(stop, KeyboardInterrupt):
            click.echo("interrupted", err=True)
            # A KeyboardInterrupt raised for another signal (SIGTERM) carries its own code.
            sys.exit(getattr(stop, "exit_code", 130))
        click.echo("Aborted!", err=True)  # end of input at a prompt, as click says it
        sys.exit(1)
    except click.ClickException as error:
        error.show()
        sys.exit(error.exit_code)
    except Exception as error:
        if not caused_by_interrupt(error):
            raise
        # A Ctrl-C while a command imports a module of its own, inside a class body, reaches
        # here wrapped in a RuntimeError (``core.interrupt``): still a Ctrl-C.
        click.echo("interrupted", err=True)
        sys.exit(INTERRUPTED_EXIT)
    sys.exit(code if isinstance(code, int) else 0)
