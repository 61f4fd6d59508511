"""``bench_results.md``: a sweep's results in the seed benchmark's layout, beside its figures.

The seeds kept their results in a ``bench_results.md`` that their documents quote but do
not include. What they quote gives its shape, and this file follows it:

- per model x mode: accuracy by LLM judge, average tokens and reliability ("agent mode ~80k
  tokens, 30% accuracy", "planner ~11k tokens, 27-44%": one row per model, hence a range);
- reliability of all runs together ("63% current combined");
- the errors by cause ("[the quality gate] caused 14 of 22 errors");
- the questions by number ("Q3 ('Is 3M capital-intensive?')", "Q2 (segment growth)").

Accuracy is the mean over questions of the share of runs judged correct (a failed or
errored run is not correct), and reliability runs that produced an answer over all runs, as
in the criteria table. As there, a cell with an answer nobody judged shows "not judged" and
how many: an unjudged answer is never counted as wrong.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from core.files import write_text_atomic
from core.records import RunRecord
from harness.criteria import md_code, md_escape
from harness.dataset import Question
from harness.errored_runs import spent_nothing_runs
from harness.intervals import exact_mean
from harness.judge import LABELS
from harness.judge.service import judge_name as name_of_judge
from harness.judge.verdict import Verdict
from harness.stats.frame import Sweep

# The seed benchmark's figures, as ``shared/seeds/iterative_retrieval_design.md`` gives them.
SEED_FIGURES = (
    ("agent", "~30%", "~80k", "—"),
    ("planner", "27–44%", "~11k", "—"),
    ("all modes combined", "30% (best)", "—", "63%"),
    ("iterative (the design's target)", "> 50%", "< 25k", "> 90%"),
)
CAUSES = (
    "refusal (judged)", "quality gate", "type validation", "verification", "task failed with a reason", "unusable plan", "turn limit",
    "no answer found", "budget", "provider error", "malformed output", "harness error",
)
MARKS = {"correct": "✓", "incorrect": "✗", "refusal": "∅", "unjudged": "?"}


def failure_cause(record: RunRecord) -> str:
    """Why a run gave no answer, in the seeds' terms (one of ``CAUSES``)."""
    if record.status == "error":
        kind = record.error_kind
        if kind == "budget":
            return "budget"
        if kind.startswith("provider"):
            return "provider error"
        return "malformed output" if kind == "malformed_output" else "harness error"
    reason = record.reason.lower()
    for needle, cause in (
        ("quality gate", "quality gate"), ("did not match the signature", "type validation"), ("must be float", "type validation"),
        ("must be integer", "type validation"), ("verification", "verification"), ("the task failed", "task failed with a reason"),
        ("could not be used", "unusable plan"), ("turn limit", "turn limit"),
    ):
        if needle in reason:
            return cause
    return "no answer found"


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "—"


def _seconds(ms: float) -> str:
    return f"{ms / 1000:.1f} s"


def _live_duration(runs: list[RunRecord]) -> str:
    """Mean duration over the runs whose model calls were all live (a replay from the
    response cache takes milliseconds whatever the model took); "—" when there are none,
    and how many it is over when not all."""
    live = [r.duration_ms for r in runs if r.calls_all_live]
    if not live:
        return "— (replayed)" if runs else "—"
    return _seconds(sum(live) / len(live)) + ("" if len(live) == len(runs) else f" ({len(live)} of {len(runs)} runs live)")


def _label(record: RunRecord, verdicts: dict[str, Verdict]) -> str:
    verdict = verdicts.get(record.run_id)
    if record.status != "ok":
        return "none"
    return verdict.label if verdict is not None else "unjudged"


def _unjudged(runs: Sequence[RunRecord], verdicts: dict[str, Verdict]) -> int:
    """Answers without a verdict (a failed run is not an answer: it is not correct)."""
    return sum(r.status == "ok" and _label(r, verdicts) not in LABELS for r in runs)


def _accuracy(runs: Sequence[RunRecord], verdicts: dict[str, Verdict]) -> str:
    """Mean over questions of the share of runs correct, exact; or plainly not judged."""
    unjudged = _unjudged(runs, verdicts)
    if unjudged:
        return f"not judged ({unjudged} of {len(runs)} unjudged)"
    by_question: dict[str, list[bool]] = {}
    for r in runs:
        by_question.setdefault(r.question_id, []).append(_label(r, verdicts) == "correct")
    marks = list(by_question.values())
    return f"{float(exact_mean([sum(m) / len(m) for m in marks], [len(m) for m in marks])) * 100:.1f}%"


def _judge_line(verdicts: Sequence[Verdict], judge_name: str) -> str:
    """Who judged: the judge analyze ran, whoever decided each answer (the numeric check may
    decide them all under the offline judge)."""
    if judge_name and judge_name != name_of_judge(None):  # the numeric check alone is no judge to name
        return f"Judge: {md_escape(judge_name)}."
    if not judge_name and any(v.method not in ("numeric", "status", "none", "") for v in verdicts):
        judges = sorted({v.judge_model for v in verdicts if v.judge_model})
        return f"Judge: {', '.join(md_code(j) for j in judges) or 'offline rules'} after the numeric check."
    return ("Judge: numeric check only (run `python analyze.py --judge` for the answers it cannot decide); "
            "a cell with an answer it left undecided shows \"not judged\".")


def bench_results(sweep: Sweep, verdicts: Sequence[Verdict], questions: dict[str, Question], judge_name: str = "") -> str:
    """The Markdown text (see the module doc). ``judge_name``: the judge analyze ran
    (``judge.service.judge_name``). Every string from a run or a question goes through
    ``md_escape``, or ``md_code`` where it is shown as code."""
    by_run = {v.run_id: v for v in verdicts}
    records = sorted(sweep.raw.values(), key=lambda r: (r.model, r.mode, r.question_id, r.run_number))
    config = sweep.manifest.get("config") or {}
    cells: dict[tuple[str, str], list[RunRecord]] = {}
    for record in records:
        cells.setdefault((record.model, record.mode), []).append(record)
    question_ids = sorted({r.question_id for r in records})
    lines = [
        "# Benchmark results",
        "",
        f"Sweep {md_code(sweep.sweep_id)}" + (f" (preset {md_code(config['preset'])})" if config.get("preset") else "")
        + f": {len(question_ids)} questions × {len(cells)} model/mode cells × {config.get('runs', '?')} run(s) per question, {len(records)} runs; "
        f"test set {md_code(config.get('test_set', '?'))}; trees built "
        + (f"by {md_code(config['index_model'])}" if config.get("index_model") else "from the filings' structure (no model)") + ".",
        "",
        _judge_line(verdicts, judge_name),
        "",
        "## Results by model and mode",
        "",
        "Accuracy is the mean over questions of the share of runs judged correct (a failed run is not correct); "
        "a cell with an answer nobody judged shows \"not judged\", never an unjudged answer counted as wrong. "
        "Avg tokens, LLM calls and duration leave out the runs a provider fault ended (they measure the provider, "
        "and would show the cell cheaper and faster); reliability and accuracy count them.",
        "",
        "| Model | Mode | Runs | Answered | Reliability | Correct | Accuracy | Avg tokens | Avg LLM calls | Avg duration |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    all_answered = 0
    all_correct = 0
    for (model, mode), runs in cells.items():
        labels = [_label(r, by_run) for r in runs]
        answered = sum(1 for r, label in zip(runs, labels) if r.status == "ok" and label != "refusal")
        correct = labels.count("correct")
        all_answered += answered
        all_correct += correct
        estimated = " (est.)" if any(r.usage.estimated for r in runs) else ""
        # Per-run means leave out the runs a provider fault ended (they measure the provider),
        # and a cell none of whose runs spent a token has no token figure.
        measured = [r for r in runs if not r.ended_by_provider]
        spent = [r.usage.total for r in measured]
        nothing = not measured or spent_nothing_runs((r.status for r in measured), spent)
        tokens = "—" if nothing else f"{sum(spent) / len(measured):,.0f}{estimated}"
        calls = "—" if not measured else f"{sum(r.llm_calls for r in measured) / len(measured):.1f}"
        lines.append(
            f"| {md_escape(model)} | {md_escape(mode)} | {len(runs)} | {answered} | {_pct(answered, len(runs))} | {correct} | "
            f"{_accuracy(runs, by_run)} | {tokens} | {calls} | {_live_duration(measured)} |"
        )
    unjudged_all = _unjudged(records, by_run)
    lines += [
        "",
        f"All runs together: reliability {_pct(all_answered, len(records))} ({all_answered}/{len(records)} answered), "
        + (f"accuracy not judged ({unjudged_all} of {len(records)} answers unjudged)." if unjudged_all else
         # Pooled over runs, unlike the cells' accuracy (a mean over questions): said so.
         f"{_pct(all_correct, len(records))} of runs correct ({all_correct}/{len(records)})."),
        "",
        "## Runs without an answer, by cause",
        "",
    ]
    def cause(record: RunRecord) -> str:
        return "refusal (judged)" if record.status == "ok" else failure_cause(record)

    failed = [r for r in records if r.status != "ok" or _label(r, by_run) == "refusal"]
    if not failed:
        lines.append("Every run produced an answer.")
    else:
        counts = Counter((r.model, r.mode, cause(r)) for r in failed)
        present = [c for c in CAUSES if any(key[2] == c for key in counts)]
        lines += ["| Model | Mode | Without an answer | " + " | ".join(present) + " |", "|---|---|---|" + "---|" * len(present)]
        without = {r.run_id for r in failed}
        for (model, mode), runs in cells.items():
            missing = [r for r in runs if r.run_id in without]
            lines.append(f"| {md_escape(model)} | {md_escape(mode)} | {len(missing)} | " + " | ".join(str(counts[(model, mode, c)]) for c in present) + " |")
        totals = Counter(cause(r) for r in failed)
        lines += ["", "Across all cells: " + ", ".join(f"{c} {totals[c]} of {len(failed)}" for c in present) + "."]
    lines += ["", "## By question", "", "✓ correct, ✗ incorrect, ∅ refusal, ? not judged, – no answer (fail or error); one mark per run.", ""]
    lines += ["| Question | " + " | ".join(f"{md_escape(m)} {md_escape(mo)}" for m, mo in cells) + " |", "|---|" + "---|" * len(cells)]
    for number, qid in enumerate(question_ids, 1):
        text = questions[qid].text if qid in questions else qid
        short = text if len(text) <= 90 else text[:87] + "..."
        marks = []
        for runs in cells.values():
            mine = [r for r in runs if r.question_id == qid]
            marks.append(" ".join(MARKS.get(_label(r, by_run), "–") for r in mine) or " ")
        lines.append(f"| Q{number} {md_code(qid, in_table=True)}: {md_escape(short)} | " + " | ".join(marks) + " |")
    lines += [
        "",
        "## The seed benchmark's published figures",
        "",
        "| Mode | Accuracy (LLM judge) | Avg tokens | Reliability |",
        "|---|---|---|---|",
        *[f"| {mode} | {acc} | {tokens} | {rel} |" for mode, acc, tokens, rel in SEED_FIGURES],
        "",
        "From `iterative_retrieval_design.md` (FinanceBench's 3M FY2022 questions, Claude haiku and sonnet on Bedrock, "
        "trees built by a model from the printed table of contents). Their per-run records are not published, so the "
        "comparison is with these rounded figures only.",
        "",
    ]
    return "\n".join(lines)


def write_bench_results(sweep: Sweep, verdicts: Sequence[Verdict], questions: dict[str, Question], out_dir: Path, judge_name: str = "") -> Path:
    path = out_dir / "bench_results.md"
    write_text_atomic(path, bench_results(sweep, verdicts, questions, judge_name))
    return path
