"""Run a command line as click's standalone mode does, but for an interrupt.

click turns a Ctrl-C that reaches it into "Aborted!" and exit code 1: a Ctrl-C in the first
second, while a command imports its modules and before its own handler is in place, ended
``python analyze.py --gate`` with the code of a failed gate. Here it ends, as everywhere
else, with the shell's code for death by the signal (130 for Ctrl-C).
"""
from __future__ import annotations

import sys
from typing import NoReturn

import click


def run_command(command: click.Command) -> NoReturn:
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
    sys.exit(code if isinstance(code, int) else 0)
