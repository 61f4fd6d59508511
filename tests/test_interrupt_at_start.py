"""A Ctrl-C while a command starts (its modules importing, its commands being defined) ends it
with "interrupted" and 130, not a traceback and 1: `analyze.py --gate` exits 1 for a failed
gate, so CI read such a Ctrl-C as one."""
from __future__ import annotations

import signal
import subprocess
import sys
import textwrap

import click
import pytest

from core.interrupt import caused_by_interrupt
from core.paths import PROJECT_ROOT
from harness.cli_main import run_command


def _run(body: str) -> subprocess.CompletedProcess[str]:
    # Ctrl-C as a terminal delivers it, whatever this test runs under (a background job ignores SIGINT).
    return subprocess.run([sys.executable, "-c", textwrap.dedent(body)], cwd=PROJECT_ROOT, capture_output=True, text=True,
                          timeout=60, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def test_a_ctrl_c_before_the_command_runs_exits_130_saying_so() -> None:
    done = _run("""
        import os, signal, time
        from core.interrupt import exit_if_interrupted_while_starting
        exit_if_interrupted_while_starting()
        os.kill(os.getpid(), signal.SIGINT)  # as if it landed while the modules import
        time.sleep(5)
        print("still running")
    """)
    assert done.returncode == 130, done.stderr
    assert "interrupted: before the command started" in done.stderr and "Traceback" not in done.stderr
    assert "still running" not in done.stdout


def test_once_the_command_runs_a_ctrl_c_is_the_commands_to_handle() -> None:
    done = _run("""
        import os, signal, time
        from core.interrupt import command_started, exit_if_interrupted_while_starting
        exit_if_interrupted_while_starting()
        command_started()
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(5)
        except KeyboardInterrupt:
            print("handled by the command")
    """)
    assert done.returncode == 0, done.stderr
    assert "handled by the command" in done.stdout


def test_an_ignored_ctrl_c_stays_ignored() -> None:
    done = _run("""
        import os, signal
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # nohup, a background job
        from core.interrupt import exit_if_interrupted_while_starting
        exit_if_interrupted_while_starting()
        os.kill(os.getpid(), signal.SIGINT)
        print("still running")
    """)
    assert done.returncode == 0 and "still running" in done.stdout, done.stderr


def test_an_interrupt_inside_a_class_body_is_still_an_interrupt() -> None:
    # Python wraps what __set_name__ raises in a RuntimeError: a Ctrl-C while a dataclass's
    # field is set up, in a module a command imports late, arrives so.
    try:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as stop:
            raise RuntimeError("Error calling __set_name__ on 'Field' instance 'meta'") from stop
    except RuntimeError as wrapped:
        assert caused_by_interrupt(wrapped)
    assert not caused_by_interrupt(RuntimeError("a real error"))


def test_a_command_interrupted_while_it_imports_exits_130(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["late_import"])
    @click.command()
    def late_import() -> None:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as stop:
            raise RuntimeError("Error calling __set_name__") from stop

    with pytest.raises(SystemExit) as exit_info:
        run_command(late_import)
    assert exit_info.value.code == 130
    assert "interrupted" in capsys.readouterr().err


def test_a_real_error_in_a_command_is_not_taken_for_an_interrupt(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["broken"])
    @click.command()
    def broken() -> None:
        raise RuntimeError("a real error")

    with pytest.raises(RuntimeError, match="a real error"):
        run_command(broken)
