"""Calibrating a judge against people: how often does it agree with human labels?

Judges every human-labelled answer of a FinanceBench-format labels file with the same
hybrid judge the analyzer uses (numeric check, then the judge model or the rule-based
offline judge), and reports 3-way and correct-vs-not agreement, Cohen's kappa, the
false-correct rate and the confusion matrix, overall and on two fixed halves of the
questions. The offline judge's rules were tuned on the ``tune`` half only, so the
``heldout`` half is the honest estimate of how it does on questions it has not seen.
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
from harness.judge.labels import HALVES, LabelledAnswer, load_human_labels, people_agreement, split_of
from harness.judge.reasons import ReasonRow, by_reason, format_by_reason, reason_of, rows_json
from harness.judge.service import OFFLINE_JUDGE, JudgeItem, JudgeSettings, judge_items, judge_name

# What a judge must reach on each half of the human labels before its verdicts are trusted
# for a report: agreement on correct-vs-not, and few invented successes.
GOALS = {"binary_agreement": 0.93, "false_correct_rate": 0.03}
TUNED_ON = "tune"  # the half the offline judge's rules were written against


@dataclass
class CalibrationReport:
    judge_model: str
    overall: dict[str, Any]
    splits: dict[str, dict[str, Any]] = field(default_factory=dict)
    by_method: dict[str, int] = field(default_factory=dict)
    meter: RunMeter = field(default_factory=RunMeter)
    # (labelled answer, judge label, judge rationale) where judge and person disagree.
    disagreements: list[tuple[LabelledAnswer, str, str]] = field(default_factory=list)
    # People with each other, where two labelled one answer (``labels.people_agreement``).
    people: dict[str, Any] | None = None
    # The verdicts grouped by the judge's reason, with how often people disagree (``reasons``).
    by_reason: list[ReasonRow] = field(default_factory=list)


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
    questions = [r.financebench_id for r in rows]
    report = CalibrationReport(settings.judge_model or "", summarize(human, numeric, combined, questions), meter=outcome.meter)
    report.by_method = dict(outcome.by_method)
    report.people = people_agreement(rows)
    report.disagreements = [(r, v.label, v.rationale) for r, v in zip(rows, outcome.verdicts, strict=True) if r.label != v.label]
    report.by_reason = by_reason(
        (split_of(r.financebench_id), r.label, v.label, reason_of(v.method, v.rationale)) for r, v in zip(rows, outcome.verdicts, strict=True)
    )
    for split in HALVES:
        chosen = [i for i, r in enumerate(rows) if split_of(r.financebench_id) == split]
        if chosen:
            report.splits[split] = summarize(
                [human[i] for i in chosen], [numeric[i] for i in chosen], [combined[i] for i in chosen], [questions[i] for i in chosen]
            )
    return report


def goals_met(figures: dict[str, Any]) -> bool:
    return figures["binary_agreement"] >= GOALS["binary_agreement"] and figures["false_correct_rate"] <= GOALS["false_correct_rate"]


def goals_settled(figures: dict[str, Any]) -> bool:
    """Would more questions like these leave ``goals_met`` as it is? Yes when the 95%
    intervals lie on the verdict's side of the goals: both wholly inside them for "met",
    one wholly outside for "missed". A handful of labelled answers meets the goals by its
    point figures as easily as by luck (one right verdict is 100% agreement), so a verdict
    whose intervals reach across a goal is printed as unsure. No interval (no question ids,
    or no answer people marked wrong) settles nothing."""
    agree, invented = figures.get("binary_agreement_ci"), figures.get("false_correct_rate_ci")
    if not agree or not invented:
        return False
    agree_goal, invented_goal = GOALS["binary_agreement"], GOALS["false_correct_rate"]
    if goals_met(figures):
        return agree[0] >= agree_goal and invented[1] <= invented_goal
    return agree[1] < agree_goal or invented[0] > invented_goal


def _verdict(figures: dict[str, Any]) -> str:
    word = "met" if goals_met(figures) else "MISSED"
    return word if goals_settled(figures) else f"{word}?"


def _public(figures: dict[str, Any]) -> dict[str, Any]:
    return {**figures, "goals_met": goals_met(figures), "goals_settled": goals_settled(figures)}


def goals_read_on(report: CalibrationReport) -> list[str]:
    """The halves whose figures decide the goals: each half the judge was not tuned on (for
    the offline judge, ``heldout``; for a model judge, both). Never all the answers
    together: those include the half the rules were written against, whose figures say how
    well the rules fit it, not how well they judge."""
    tuned = TUNED_ON if report.judge_model == OFFLINE_JUDGE else None
    return [name for name in report.splits if name != tuned]


def goals_verdict(report: CalibrationReport) -> tuple[bool, bool]:
    """(met, settled) over the halves the goals are read on: met when each of them meets
    them; settled when each is settled as met, or when one is settled as missed. No such
    half (a file of tune-half answers only, judged offline) meets nothing."""
    halves = [report.splits[name] for name in goals_read_on(report)]
    if not halves:
        return False, False
    met = all(goals_met(figures) for figures in halves)
    if met:
        return True, all(goals_settled(figures) for figures in halves)
    return False, any(not goals_met(figures) and goals_settled(figures) for figures in halves)


def report_json(report: CalibrationReport, labels_path: Path | None = None, with_reasons: bool = False) -> dict[str, Any]:
    """The calibration as one JSON object: the figures over all answers at the top with the
    goals' verdict (read on the held-out halves, ``goals_read_on``), then each half; with
    ``with_reasons``, every reason the judge gave and how often people disagree with it."""
    met, settled = goals_verdict(report)
    reasons = {"by_reason": rows_json(report.by_reason)} if with_reasons else {}
    return {
        "judge": judge_name(report.judge_model),
        "judge_model": report.judge_model or None,
        "labels": str(labels_path) if labels_path else None,
        **report.overall,
        "goals_met": met,
        "goals_settled": settled,
        "goals_read_on": goals_read_on(report),
        "by_method": report.by_method,
        "goals": {"binary_agreement_min": GOALS["binary_agreement"], "false_correct_rate_max": GOALS["false_correct_rate"]},
        "tuned_on": TUNED_ON if report.judge_model == OFFLINE_JUDGE else None,
        "splits": {name: _public(figures) for name, figures in report.splits.items()},
        "people_agreement": report.people,
        "judge_usage": {"calls": report.meter.llm_calls, "tokens": report.meter.usage.total, "cost_usd": report.meter.cost_usd},
        **reasons,
    }


def interval_text(interval: list[float] | None) -> str:
    """A 95% interval as "87.7% to 93.7%" ("n/a" when there is none)."""
    return "n/a" if not interval else f"{interval[0]:.1%} to {interval[1]:.1%}"


def format_report(report: CalibrationReport, show_disagreements: int = 0, reasons: int = 0) -> str:
    o = report.overall
    unjudged = int(o.get("unjudged", 0))  # absent from figures stored before it was counted
    tuned = f" (its rules were tuned on the {TUNED_ON!r} half)" if report.judge_model == OFFLINE_JUDGE else ""
    lines = [
        f"judge: {judge_name(report.judge_model)}{tuned}",
        f"answers judged: {o['n'] - unjudged} of {o['n']} (by method: {', '.join(f'{k} {v}' for k, v in sorted(report.by_method.items()))})"
        + (f"; {unjudged} not judged, each counted as a disagreement" if unjudged else ""),
        f"numeric check: decides {o['numeric_coverage']:.1%} of answers, agreeing with people on {o['numeric_precision']:.1%} of those",
        f"goals on each half: correct-vs-not agreement >= {GOALS['binary_agreement']:.0%}, "
        f"false-correct rate <= {GOALS['false_correct_rate']:.0%}",
        "",
        f"{'':12s}{'3-way':>10s}{'kappa':>8s}{'correct-vs-not':>16s}{'kappa':>8s}{'false-correct':>16s}{'goals':>10s}",
    ]
    read_on = goals_read_on(report)
    for name, figures in [("all", o)] + list(report.splits.items()):
        invented = f"{figures['false_correct_rate']:.1%} ({figures['false_correct']})"
        # The goals are per half; all the answers together mix in the half the rules were written on.
        verdict = "per half" if name == "all" else _verdict(figures)
        lines.append(
            f"{name:12s}{figures['three_way_agreement']:>10.1%}{figures['kappa_three_way']:>8.3f}"
            f"{figures['binary_agreement']:>16.1%}{figures['kappa_binary']:>8.3f}{invented:>16s}"
            f"{verdict:>10s}"
        )
    if any(not goals_settled(figures) for figures in report.splits.values()):
        lines.append("(?: a 95% interval below reaches across a goal: these labels are too few to settle it)")
    met, settled = goals_verdict(report)
    word = ("met" if met else "MISSED") + ("" if settled else "?")
    if not read_on:
        where = "no half the judge was not tuned on: these labels cannot tell"
    elif tuned:
        where = f"read on {read_on[0]}, the half its rules were not written on"
    else:
        where = "read on " + " and ".join(read_on)
    lines.append(f"goals: {word} ({where})")
    if report.people:
        people = report.people
        lines.append(f"people with each other: {people['answers']} answer(s) labelled by two or more people agree on "
                     f"correct-vs-not in {people['binary_agreement']:.1%} of {people['pairs']} pair(s) of labels "
                     "(the judge agrees with one person at a time)")
    lines += ["", "95% intervals, clustered by question (a question's answers are not independent samples):"]
    for name, figures in [("all", o)] + list(report.splits.items()):
        if figures.get("binary_agreement_ci"):
            lines.append(f"{name:12s}{figures['n_questions']:>4d} questions   correct-vs-not {interval_text(figures['binary_agreement_ci'])}"
                         f"   false-correct {interval_text(figures.get('false_correct_rate_ci'))}")
    lines += ["", "confusion (rows: human label, columns: judge label)", format_confusion(o["confusion"])]
    usage = report.meter.usage
    cost = format_cost(report.meter.cost_usd)
    lines.append(f"judge model usage: {report.meter.llm_calls} calls, {usage.total} tokens{' (estimated)' if usage.estimated else ''}, cost {cost}")
    if reasons:
        lines += ["", *format_by_reason(report.by_reason, list(report.splits), reasons)]
    for row, label, rationale in report.disagreements[:show_disagreements]:
        lines += [
            "",
            f"-- {row.financebench_id} {row.model_name}/{row.eval_mode} [{split_of(row.financebench_id)}]: human {row.label}, judge {label} ({rationale})",
            f"   gold: {row.gold_answer[:200]!r}",
            f"   answer: {row.model_answer[:400]!r}",
        ]
    return "\n".join(lines)
