"""Calibrating a judge against people: how often does it agree with human labels?

Judges every human-labelled answer of a FinanceBench-format labels file with the same
hybrid judge the analyzer uses (numeric check, then the judge model), and reports 3-way
and correct-vs-not agreement, Cohen's kappa and the confusion matrix, overall and on two
fixed halves of the questions (so a judge tuned on one half can be checked on the other).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.errors import UserError
from core.llm.client import RunMeter
from core.llm.pricing import format_cost
from harness.judge.agreement import format_confusion, summarize
from harness.judge.labels import LabelledAnswer, load_human_labels, split_of
from harness.judge.service import JudgeItem, JudgeSettings, judge_items


@dataclass
class CalibrationReport:
    judge_model: str
    overall: dict[str, Any]
    splits: dict[str, dict[str, Any]] = field(default_factory=dict)
    by_method: dict[str, int] = field(default_factory=dict)
    meter: RunMeter = field(default_factory=RunMeter)
    # (labelled answer, judge label, judge rationale) where judge and person disagree.
    disagreements: list[tuple[LabelledAnswer, str, str]] = field(default_factory=list)


def calibrate(labels_path: Path, settings: JudgeSettings, on_done: Callable[[], None] | None = None) -> CalibrationReport:
    if not Path(labels_path).is_file():
        raise UserError(f"labels file not found: {labels_path}", "pass a FinanceBench human-labels JSONL file")
    try:
        rows = load_human_labels(labels_path)
    except ValueError as exc:
        raise UserError(f"cannot read labels: {exc}", "each line needs financebench_id, question, gold_answer, model_answer and label") from None
    if not rows:
        raise UserError(f"{labels_path} holds no labelled answers", "pass a FinanceBench human-labels JSONL file")
    items = [JudgeItem(f"label_{i}", r.question, r.gold_answer, r.model_answer) for i, r in enumerate(rows)]
    outcome = judge_items(items, settings, on_done)
    human = [r.label for r in rows]
    combined = [v.label for v in outcome.verdicts]
    numeric = [v.label if v.method == "numeric" else None for v in outcome.verdicts]
    report = CalibrationReport(settings.judge_model or "numeric only", summarize(human, numeric, combined), meter=outcome.meter)
    report.by_method = dict(outcome.by_method)
    report.disagreements = [(r, v.label, v.rationale) for r, v in zip(rows, outcome.verdicts, strict=True) if r.label != v.label]
    for split in ("tune", "heldout"):
        chosen = [i for i, r in enumerate(rows) if split_of(r.financebench_id) == split]
        if chosen:
            report.splits[split] = summarize([human[i] for i in chosen], [numeric[i] for i in chosen], [combined[i] for i in chosen])
    return report


def format_report(report: CalibrationReport, show_disagreements: int = 0) -> str:
    o = report.overall
    lines = [
        f"judge: numeric check + {report.judge_model}",
        f"answers judged: {o['n']} (by method: {', '.join(f'{k} {v}' for k, v in sorted(report.by_method.items()))})",
        f"numeric check: decides {o['numeric_coverage']:.1%} of answers, agreeing with people on {o['numeric_precision']:.1%} of those",
        "",
        f"{'':12s}{'3-way':>10s}{'kappa':>8s}{'correct-vs-not':>16s}{'kappa':>8s}",
    ]
    for name, figures in [("all", o)] + list(report.splits.items()):
        lines.append(
            f"{name:12s}{figures['agreement_3way']:>10.1%}{figures['kappa_3way']:>8.3f}{figures['agreement_binary']:>16.1%}{figures['kappa_binary']:>8.3f}"
        )
    lines += ["", "confusion (rows: human label, columns: judge label)", format_confusion(o["confusion"])]
    usage = report.meter.usage
    cost = format_cost(report.meter.cost_usd)
    lines.append(f"judge model usage: {report.meter.llm_calls} calls, {usage.total} tokens{' (estimated)' if usage.estimated else ''}, cost {cost}")
    for row, label, rationale in report.disagreements[:show_disagreements]:
        lines += [
            "",
            f"-- {row.financebench_id} {row.model_name}/{row.eval_mode} [{split_of(row.financebench_id)}]: human {row.label}, judge {label} ({rationale})",
            f"   gold: {row.gold_answer[:200]!r}",
            f"   answer: {row.model_answer[:400]!r}",
        ]
    return "\n".join(lines)
