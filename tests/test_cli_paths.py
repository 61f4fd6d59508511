"""Every path option and argument of both command lines refuses an empty value up front.

An empty path is usually an unset shell variable (``--runs-dir "$RUNS"``); as a path it names
the current folder, where a sweep, a report or an index would then have been written."""
from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

import analyze
import bench
from harness.cli_paths import GivenPath


def _path_params(group: click.Group) -> list[tuple[list[str], click.Parameter]]:
    """(the command's words, the parameter) for every path parameter of a CLI's commands."""
    found = []
    ctx = click.Context(group)
    for name in [None, *group.list_commands(ctx)]:
        command = group if name is None else group.get_command(ctx, name)
        assert command is not None
        words = [] if name is None else [name]
        found += [(words, param) for param in command.params if isinstance(param.type, click.Path)]
    return found


CLIS = {"bench": bench.cli, "analyze": analyze.cli}
PARAMS = [(cli, words, param) for cli, group in CLIS.items() for words, param in _path_params(group)]


def test_every_path_parameter_refuses_an_empty_value():
    # A plain click.Path would let "" through as the current folder.
    plain = [f"{cli} {' '.join(words)} {param.name}" for cli, words, param in PARAMS if not isinstance(param.type, GivenPath)]
    assert plain == []
    assert len(PARAMS) >= 20  # the walk found the options (both CLIs have many)


@pytest.mark.parametrize("cli,words,param", PARAMS, ids=lambda v: v if isinstance(v, str) else getattr(v, "name", None))
def test_an_empty_path_exits_2_naming_the_option_and_writes_nothing(tmp_path, monkeypatch, cli, words, param):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PAGEINDEX_HISTORY_DB", str(tmp_path / "history.sqlite"))
    given = [""] if isinstance(param, click.Argument) else [param.opts[0], ""]
    result = CliRunner().invoke(CLIS[cli], [*words, *given])
    assert result.exit_code == 2, result.output
    assert "an empty path names no " in result.output
    shown = param.opts[0] if isinstance(param, click.Option) else param.human_readable_name
    assert shown in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)  # no traceback
    assert list(tmp_path.iterdir()) == []
