"""What an analysis says on the console: who judged, why runs gave no answer, the
criteria, the paired changes against a baseline and the verdict line."""
from __future__ import annotations

import shlex
from collections import Counter

from core.llm.pricing import format_cost
from harness.analyze_config import AnalyzeOutcome
from harness.errored_runs import errored_runs, provider_ended
from harness.report import fmt as f
from harness.report.rows import overall_verdict
from harness.stats.cells import failure_causes, judged_refusals
from harness.stats.compare import Comparison
from harness.stats.completeness import completeness


def console_lines(outcome: AnalyzeOutcome) -> list[str]:
    """What an analysis says on the console: who judged, what is unjudged, the criteria."""
    judging = outcome.judging
    methods = ", ".join(f"{k} {v}" for k, v in sorted(judging.by_method.items()))
    coverage = outcome.coverage or completeness(outcome.sweep)
    lines = [
        f"sweep: {outcome.sweep.path} ({len(outcome.sweep.records)} runs)",
        *([coverage.text()] if not coverage.complete else []),
        f"judge: {outcome.judge['name']} ({outcome.judge['chosen']})",
        *([f"judge calibration: {outcome.judge['calibration_text']}"] if outcome.judge.get("calibration_text") else []),
        f"verdicts by method: {methods}",
    ]
    if outcome.judge.get("unjudged"):
        lines.append(
            f"not judged: {outcome.judge['unjudged']} answers (their cells show 'not judged'); "
            "judge them with --judge, or --judge-model offline without a key"
        )
        # Why, when a judge was asked and failed (a rejected key, a dead endpoint): the cause
        # is otherwise only in the verdict files.
        reasons = Counter(v.rationale for v in judging.verdicts if v.label == "unjudged" and v.method != "none" and v.rationale)
        for reason, count in reasons.most_common(2):
            lines.append(f"  {count:4d} x {reason[:160]}")
    if judging.judge_model and judging.meter.llm_calls:
        meter = judging.meter
        lines.append(
            f"judge {judging.judge_model}: {meter.llm_calls} calls, {meter.usage.total} tokens, "
            f"cost {format_cost(meter.cost_usd)} (not counted in the runs' figures)"
        )
    records = outcome.sweep.records
    # An answer the judge reads as a refusal is no answer to reliability either: counted here
    # too, so that this count, the report's and bench_results.md's agree.
    refused = len(judged_refusals(records, judging.verdicts))
    missed = (int((records["status"] != "ok").sum()) if len(records) else 0) + refused
    if missed:
        # Why runs gave no answer, before any figure they lower: a dead endpoint, a budget, a search that found nothing.
        lines.append(f"runs without an answer: {missed} of {len(records)}" + (f" ({refused} answered, but judged a refusal)" if refused else "")
                     + ", commonest causes first:")
        for found in failure_causes(records, verdicts=judging.verdicts):
            shown = found.example if len(found.example) <= 110 else found.example[:109] + "…"
            detail = f": {shown}" if found.by_kind else ""  # an error's kind, then one of its messages
            lines.append(f"  {found.runs:4d} x {found.label}{detail}")
        if errored_runs(outcome.sweep.records["status"]).any():
            lines.append(f"  (an error is a run the harness could not finish, a provider fault or a budget: `python bench.py "
                         f"--retry-errors {shlex.quote(str(outcome.sweep.path))}` runs them again)")
        faulted = int(provider_ended(outcome.sweep.records).sum())
        if faulted:
            lines.append(f"  ({faulted} of them ended by a provider fault: left out of the per-run tokens, durations and evidence "
                         "below, which they would show cheaper, faster and blinder; reliability and accuracy count them)")
    for row in outcome.criteria:
        checks = "  ".join(f"{name} {check.shown} [{check.status}{check.unsure}]" for name, check in row.checks.items())
        lines.append(f"  {row.cell:40s} {checks}")
    if outcome.comparison is not None:
        lines += comparison_lines(outcome.comparison)
    verdict = overall_verdict(outcome.criteria, outcome.gate)
    lines.append(f"verdict: {verdict['headline']}")
    if outcome.gate is not None and outcome.gate.passed != all(r.verdict != "fail" for r in outcome.criteria):
        lines.append(f"  {verdict['explanation']}")
    if outcome.stored_verdicts:
        lines.append(f"verdicts kept with the sweep: {outcome.stored_verdicts}")
    lines.append(f"report: {outcome.report}")
    return lines


def comparison_lines(comparison: Comparison) -> list[str]:
    """What ``--baseline`` says on the console: each shared cell's paired change, or why
    nothing could be compared (the report has the table and the questions that flipped)."""
    head = f"vs baseline {comparison.baseline_id}:"
    if not comparison.cells:
        return [f"{head} no cell in common (here only {', '.join(comparison.only_current) or '-'}; "
                f"in the baseline only {', '.join(comparison.only_baseline) or '-'}): nothing compared"]
    lines = [head] + ([f"  both sweeps judged by {comparison.judge}"] if comparison.judge else [])
    for change in comparison.cells:
        if not change.shared_questions:
            lines.append(f"  {change.cell:40s} not compared: no question in common")
            continue
        tokens = (f"tokens {f.num(change.tokens_before)} -> {f.num(change.tokens_after)} ({f.signed_num(change.tokens_diff)}) "
                  f"on the {change.shared_questions} shared question{'' if change.shared_questions == 1 else 's'}")
        paired = change.accuracy
        if paired is None or not comparison.judged:
            accuracy = "accuracy not compared (a side is not judged)"
        else:
            accuracy = (f"accuracy {f.pct(paired.before)} -> {f.pct(paired.after)} ({f.signed_pct(paired.diff)}, 95% "
                        f"{f.signed_bound(paired.low)} to {f.signed_bound(paired.high)}; {paired.gained} gained, {paired.lost} lost, "
                        f"p={f.p_value(paired.p_value)}, {paired.n_questions} shared question{'' if paired.n_questions == 1 else 's'})")
        lines.append(f"  {change.cell:40s} {accuracy}; {tokens}")
    if comparison.only_current or comparison.only_baseline:
        lines.append(f"  not compared: here only {', '.join(comparison.only_current) or '-'}; "
                     f"in the baseline only {', '.join(comparison.only_baseline) or '-'}")
    return lines
