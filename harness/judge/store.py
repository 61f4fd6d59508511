"""Verdicts kept in the sweep folder, so a sweep and its judgement travel together.

``bench_runs/<sweep>/verdicts/<judge id>.jsonl`` holds one verdict per run, written
atomically (a crash leaves the old file or the new one). Each verdict carries a
fingerprint of what it judged (question, gold, answer, status, judge, rubric and rule
versions): a later analysis with the same judge reuses a verdict only when its
fingerprint still matches, and a different judge writes its own file. The judge id is
filesystem-safe and never holds a URL (an ``openai:<model>@<base_url>`` judge is named by
its model and a short hash of the whole spec).
"""
from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from core.files import write_text_atomic
from core.text import scrub_text
from harness.judge.verdict import Verdict

VERDICTS_DIR = "verdicts"
NUMERIC_ONLY = "numeric"


def judge_id(judge_model: str | None, judge_runs: int = 1) -> str:
    """A file-name-safe name for a judge: "offline", "anthropic-claude-sonnet-4-5", "numeric"."""
    if not judge_model:
        return NUMERIC_ONLY
    spec, _, location = judge_model.partition("@")
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", spec).strip("-.") or "judge"
    if location:
        name += "-" + hashlib.sha256(judge_model.encode()).hexdigest()[:8]
    return name[:80] + (f"-x{judge_runs}" if judge_runs > 1 else "")


def verdicts_path(sweep_path: Path, judge: str) -> Path:
    return Path(sweep_path) / VERDICTS_DIR / f"{judge}.jsonl"


def read_verdicts(path: Path) -> dict[str, Verdict]:
    """run_id -> verdict of one stored file; unreadable lines are skipped (they get judged again)."""
    out: dict[str, Verdict] = {}
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return out
    for line in lines:
        try:
            data = json.loads(line)
            verdict = Verdict.from_dict(data)
        except (ValueError, TypeError):
            continue
        if verdict.run_id and verdict.fingerprint:
            out[verdict.run_id] = verdict
    return out


def latest_stored(sweep_path: Path) -> tuple[str, str, dict[str, Verdict]] | None:
    """(judge id, judge model, verdicts) of the judge that last judged this sweep, if any."""
    folder = Path(sweep_path) / VERDICTS_DIR
    files = sorted(folder.glob("*.jsonl"), key=lambda p: p.stat().st_mtime, reverse=True) if folder.is_dir() else []
    for path in files:
        if path.stem == NUMERIC_ONLY:
            continue
        verdicts = read_verdicts(path)
        models = {v.judged_with for v in verdicts.values() if v.judged_with}
        if verdicts and len(models) == 1:
            return path.stem, models.pop(), verdicts
    return None


def write_verdicts(sweep_path: Path, judge: str, verdicts: list[Verdict]) -> Path:
    """Replace the judge's file in the sweep folder with ``verdicts`` (atomically)."""
    path = verdicts_path(sweep_path, judge)
    text = scrub_text("".join(json.dumps(v.to_dict(), ensure_ascii=False) + "\n" for v in verdicts))  # see core.text
    write_text_atomic(path, text)
    return path
