"""A sweep folder appears with its manifest or not at all, and nothing that lists sweeps
takes the hidden folder a sweep is made in for one.

A kill between making the folder and writing its first manifest used to leave a folder
that ``--resume`` refuses (no manifest.json) and that looked like a sweep to anyone
listing ``bench_runs/``.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import core.whole_folders
import harness.sweepdir
from core.errors import UserError
from core.paths import PROJECT_ROOT
from harness.analyze_sweep import latest_sweep
from harness.config import SweepConfig
from harness.runner.sweep import run_sweep
from harness.sweepdir import SweepDir

# bench.py, with the process sent a signal at the moment the sweep's first manifest is
# about to be written (the folder it goes into has been made by then).
# Ctrl-C raises KeyboardInterrupt as in a terminal, also when the tests run where SIGINT is
# ignored (a background job, nohup): Python then installs no handler of its own for it.
SIGNALLED_AT_FIRST_MANIFEST = """
import os, runpy, signal, sys
import harness.sweepdir
signal.signal(signal.SIGINT, signal.default_int_handler)

def signalled(path, data):
    os.kill(os.getpid(), signal.{signal})

harness.sweepdir.write_json_atomic = signalled
sys.argv = ["bench.py", *sys.argv[1:]]
runpy.run_path("bench.py", run_name="__main__")
"""


def _config(runs_dir: Path) -> SweepConfig:
    return SweepConfig(models=["offline"], modes=["simple"], test_set="3M_2022_10K", runs_dir=runs_dir, cache_path=None)


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT], ids=["SIGKILL", "Ctrl-C"])
def test_a_sweep_killed_while_its_folder_is_made_leaves_no_folder_resume_refuses(tmp_path, sig):
    runs = tmp_path / "runs"
    done = subprocess.run(
        [sys.executable, "-c", SIGNALLED_AT_FIRST_MANIFEST.format(signal=sig.name), "--modes", "simple", "--test-set", "3M_2022_10K",
         "--runs-dir", str(runs), "--no-cache", "--no-progress", "--no-report"],
        cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=300,
    )
    assert done.returncode != 0, done.stderr  # it was stopped, not finished
    visible = [p for p in runs.iterdir() if not p.name.startswith(".")]
    assert visible == []  # no folder without a manifest to be passed to --resume
    if sig == signal.SIGINT:
        assert list(runs.iterdir()) == []  # Ctrl-C cleans up the folder being made too
    with pytest.raises(UserError, match="no sweep found"):
        latest_sweep(runs)

    sweep = run_sweep(_config(runs), show_progress=False).sweep.path  # the next sweep is unaffected
    assert latest_sweep(runs) == sweep and harness.sweepdir.sweep_folders(runs) == [sweep]
    assert SweepDir.open(sweep).read_manifest()["status"] == "complete"


def test_a_hidden_folder_left_by_a_kill_is_never_taken_for_the_latest_sweep(tmp_path):
    runs = tmp_path / "runs"
    finished = run_sweep(_config(runs), show_progress=False).sweep.path
    # What a kill just before the rename into place leaves: a whole folder under a hidden name.
    leftover = finished.rename(runs / f".{finished.name}.partial-1-0000abcd")
    assert (leftover / "manifest.json").is_file()
    with pytest.raises(UserError, match="no sweep found"):
        latest_sweep(runs)
    assert harness.sweepdir.sweep_folders(runs) == []

    later = run_sweep(_config(runs), show_progress=False).sweep.path
    assert latest_sweep(runs) == later and harness.sweepdir.sweep_folders(runs) == [later]
    assert leftover.is_dir()  # young: it may be another process's folder being made

    # An hour later it is nobody's: the next sweep made there removes it, and only it.
    old = time.time() - core.whole_folders.STALE_PARTIAL_SECONDS - 60
    os.utime(leftover, (old, old))
    os.utime(later, (old, old))
    third = run_sweep(_config(runs), show_progress=False).sweep.path
    assert not leftover.exists() and sorted(p.name for p in runs.iterdir()) == sorted([later.name, third.name])


def test_a_name_taken_in_the_same_second_is_never_written_into(tmp_path, monkeypatch):
    monkeypatch.setattr(harness.sweepdir, "utc_stamp", lambda: "20250101T000000Z")
    runs = tmp_path / "runs"
    (runs / "20250101T000000Z").mkdir(parents=True)  # an empty folder: a rename would replace it
    other = runs / "20250101T000000Z-2"

    def first_manifest(target: SweepDir) -> dict:
        if target.path == other and not other.exists():  # another sweep takes this name meanwhile
            other.mkdir()
            (other / "manifest.json").write_text('{"sweep_id": "the other sweep"}')
        return {"sweep_id": target.path.name}

    sweep = SweepDir.create(runs, first_manifest)
    assert sweep.path.name == "20250101T000000Z-3" and sweep.traces_dir.is_dir()
    assert json.loads(sweep.manifest_path.read_text()) == {"sweep_id": "20250101T000000Z-3"}
    assert json.loads((other / "manifest.json").read_text()) == {"sweep_id": "the other sweep"}
    assert not any((runs / "20250101T000000Z").iterdir())
    assert sorted(p.name for p in runs.iterdir()) == ["20250101T000000Z", "20250101T000000Z-2", "20250101T000000Z-3"]


def test_a_failure_while_the_folder_is_made_leaves_nothing(tmp_path):
    runs = tmp_path / "runs"

    def broken(target: SweepDir) -> dict:
        raise OSError("No space left on device")

    with pytest.raises(OSError, match="No space"):
        SweepDir.create(runs, broken)
    assert list(runs.iterdir()) == []


def test_sweeps_made_in_one_second_are_listed_in_the_order_they_were_made(tmp_path) -> None:
    # "-10" sorts before "-2" by name: the latest of eleven sweeps started in one second was "-9".
    from harness.sweepdir import sweep_folders

    names = ["20261127T185413Z", *(f"20261127T185413Z-{n}" for n in range(2, 12)), "20261127T185414Z"]
    for name in reversed(names):
        (tmp_path / name).mkdir()
        (tmp_path / name / "manifest.json").write_text("{}")
    assert [p.name for p in sweep_folders(tmp_path)] == names
