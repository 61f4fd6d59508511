"""``scripts/bench_judge_hostile.py`` judges every runaway answer at three lengths and says
how the time grew, and names any the judge fails on."""
from __future__ import annotations

import pytest
from conftest import load_script

from harness.redteam.runaway import RUNAWAY_UNITS


def test_it_prints_each_case_at_three_lengths(capsys: pytest.CaptureFixture[str]) -> None:
    assert load_script("bench_judge_hostile").main(["--length", "40", "--limit", "20"]) == 0
    out = capsys.readouterr().out
    cases = (len(RUNAWAY_UNITS) + 2) * 3
    assert out.splitlines()[0].split()[-8:-5] == ["40", "160", "640"]
    assert f"{cases} cases; slowest finished " in out
    assert "0 stopped after 20 s" in out and "the judge failed" not in out


def test_a_judge_that_fails_is_named(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    script = load_script("bench_judge_hostile")

    def fails(question: str, gold: str, answer: str) -> None:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(script, "heuristic_verdict", fails)
    assert script.main(["--length", "10"]) == 0
    assert "the judge failed: digits (figure gold) at 10 characters: RecursionError" in capsys.readouterr().out
