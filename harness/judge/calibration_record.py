"""A judge's measured agreement with people, kept with the repository so that every report
can say how far its accuracy figures can be trusted.

``python analyze.py calibrate-judge LABELS --save`` measures a judge against human labels
and stores the figures of the halves the goals are read on (for the offline judge, the
half its rules were not written on) in ``data/judge_calibration.json``, one entry per judge
model. A report looks its judge up there. The entry counts only while its judge version
(the hash of the rules' code, and a model judge's rubric) is the judge's current one: a
changed rule makes the figures stale, and a report then says the judge is not calibrated
rather than show another judge's agreement.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from core.files import write_json_atomic
from core.paths import PROJECT_ROOT
from harness.judge.calibration import GOALS, CalibrationReport, goals_read_on, goals_verdict, interval_text
from harness.judge.labels import HUMAN_LABELS_FILE
from harness.judge.service import judge_version

CALIBRATION_FILE = PROJECT_ROOT / "data" / "judge_calibration.json"
_HALF_FIGURES = ("n", "n_questions", "binary_agreement", "binary_agreement_ci", "false_correct", "false_correct_rate",
                 "false_correct_rate_ci")


def calibration_entry(report: CalibrationReport, labels_path: Path) -> dict[str, Any]:
    """What a report needs of a calibration: the verdict and the figures it was read on."""
    met, settled = goals_verdict(report)
    read_on = goals_read_on(report)
    return {
        "judge_model": report.judge_model,
        "judge_version": judge_version(report.judge_model or None),
        "labels": Path(labels_path).name,
        "goals": dict(GOALS),
        "goals_met": met,
        "goals_settled": settled,
        "read_on": read_on,
        "halves": {name: {key: report.splits[name].get(key) for key in _HALF_FIGURES} for name in read_on},
    }


def save_calibration(entry: dict[str, Any], path: Path = CALIBRATION_FILE) -> Path:
    """Store ``entry`` under its judge model, keeping the other judges' entries."""
    stored = _read(path)
    stored[entry["judge_model"]] = entry
    write_json_atomic(path, dict(sorted(stored.items())))
    return path


def _read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}  # none yet, or unreadable: no judge counts as calibrated
    return data if isinstance(data, dict) else {}


def stored_calibration(judge_model: str | None, path: Path = CALIBRATION_FILE) -> dict[str, Any] | None:
    """The judge's stored calibration, or None when it has none at its current version."""
    if not judge_model:
        return None
    entry = _read(path).get(judge_model)
    if not isinstance(entry, dict) or entry.get("judge_version") != judge_version(judge_model):
        return None
    return entry


def _span(interval: list[float] | None) -> str:
    return f" ({interval_text(interval)})" if interval else ""


def calibration_text(entry: dict[str, Any] | None, judge_model: str | None) -> str:
    """One sentence on how far to trust the judge's verdicts, for the console and reports."""
    if not judge_model:
        return ""
    if entry is None:
        labels = os.path.relpath(HUMAN_LABELS_FILE) if HUMAN_LABELS_FILE.is_file() else "LABELS"
        return (f"not measured at this judge's version: `python analyze.py calibrate-judge {labels} --judge-model {judge_model} "
                "--save` measures it against human labels")
    if not entry["halves"]:  # e.g. the offline judge measured on tune-half answers only
        return f"measured on no answers of a half it was not tuned on ({entry['labels']}): nothing to say how far to trust it"
    parts = []
    for name, half in entry["halves"].items():
        parts.append(
            f"on the {name} half ({half['n']} answers, {half['n_questions']} questions) it agrees with people on "
            f"{half['binary_agreement']:.1%}{_span(half.get('binary_agreement_ci'))} of answers and credits "
            f"{half['false_correct_rate']:.1%}{_span(half.get('false_correct_rate_ci'))} of those they marked wrong"
        )
    goals = entry["goals"]
    verdict = "met" if entry["goals_met"] else "missed"
    if not entry["goals_settled"]:
        verdict += " (not settled: these labels are too few)"
    return (f"{'; '.join(parts)}; goals {goals['binary_agreement']:.0%} and {goals['false_correct_rate']:.0%}: {verdict}"
            f" ({entry['labels']})")
