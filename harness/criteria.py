"""The iterative-retrieval design's success criteria as a pass/fail table per model x mode.

From ``seeds/iterative_retrieval_design.md`` (Success Criteria):

- reliability: more than 90% of runs produce an answer (status ok, not judged a refusal);
- accuracy: more than 50% correct by the judge (the design says LLM-as-judge; the rule-based
  offline judge stands in without a key, and the row names which judged). Decided only when
  every run of the cell has a verdict; with any answer unjudged the row says "not judged"
  and how many, and never counts an unjudged answer as wrong. The note gives the 95%
  interval clustered by question;
- token cost: fewer than 25k tokens per run. Decided on the mean, as the seeds compared
  modes (~80k, ~11k); the share of runs that stayed under 25k is shown beside it, since a
  mean can hide a tail of runs far over budget;
- provenance: every number in the answer traceable to a page. Checked per run by the
  runner (``harness.metrics.provenance``) against the text of the pages the run fetched:
  a number is traced when it is on such a page (scale, rounding and sign allowed) or one
  arithmetic step from such numbers or verified findings. The design says *every* number,
  so the criterion is the share of answered runs that state a number whose every number is
  traced, and a cell passes only when that share is 100%: one answer with a number nobody
  read fails it. The share is shown, so 98% (a tracer miss worth a look on the run page)
  reads differently from 60%. Runs whose answer states no number are left out (nothing to
  trace); a cell with none shows "n/a". Records written before page-text verification are
  not counted (the note says how many).

"Simplicity" is a design property, not a measurement, so it is not in the table.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from harness.errored_runs import cut_short_floor, spent_nothing

RELIABILITY_MIN = 0.90  # strictly greater
ACCURACY_MIN = 0.50  # strictly greater
TOKENS_PER_RUN = 25_000  # strictly less
MEAN_TOKENS_MAX = TOKENS_PER_RUN  # the criterion is decided on the mean
PROVENANCE_MIN = 1.0  # every answer with numbers fully traced

CRITERIA = ("reliability", "accuracy", "tokens", "provenance")
CRITERION_TITLES = {
    "reliability": "Reliability > 90%",
    "accuracy": "Accuracy > 50%",
    "tokens": "Mean tokens < 25k",
    "provenance": "Provenance: every number traced",
}

# The seed benchmark's figures and the iterative target, shown beside the measured rows. (The seeds
# tracked no provenance, "Data provenance: None" in the design: not a rate of 0%.)
REFERENCE_ROWS: tuple[dict[str, str], ...] = (
    {"label": "seed: agent mode", "reliability": "—", "accuracy": "~30%", "tokens": "~80k", "provenance": "not tracked"},
    {"label": "seed: planner mode", "reliability": "—", "accuracy": "27–44%", "tokens": "~11k", "provenance": "not tracked"},
    {"label": "seed: combined", "reliability": "63%", "accuracy": "30% (best)", "tokens": "—", "provenance": "—"},
    {"label": "iterative target", "reliability": "> 90%", "accuracy": "> 50%", "tokens": "< 25k", "provenance": "every number"},
)


@dataclass
class Check:
    """One criterion on one cell: status is pass | fail | not judged | n/a."""

    criterion: str
    status: str
    actual: float | None
    shown: str  # the figure as the table prints it
    note: str = ""
    # False when the figure's 95% interval reaches across the target: more questions like
    # these could turn the verdict (printed "fail?"); the status is still the point figure's.
    settled: bool = True

    @property
    def passed(self) -> bool:
        return self.status == "pass"

    @property
    def unsure(self) -> str:
        """"?" after a verdict its interval does not settle, else nothing."""
        return "" if self.settled else "?"


def _settled(passed: bool, low: Any, high: Any, target: float) -> bool:
    """Does the 95% interval lie on the verdict's side of a strictly-greater target? No
    interval settles nothing."""
    if _nan(low) or _nan(high):
        return False
    return float(low) > target if passed else float(high) <= target


@dataclass
class CriteriaRow:
    model: str
    mode: str
    cell: str
    runs: int
    checks: dict[str, Check] = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        """True when every decided criterion passes and at least one was decided."""
        decided = [c for c in self.checks.values() if c.status in ("pass", "fail")]
        return bool(decided) and all(c.passed for c in decided)

    @property
    def verdict(self) -> str:
        statuses = {c.status for c in self.checks.values()}
        if "fail" in statuses:
            return "fail"
        return "pass" if statuses <= {"pass"} else ("pass (partial)" if "pass" in statuses else "undecided")


METHOD_NAMES = {"numeric": "numeric check", "rules": "rule-based offline judge", "llm": "model judge", "status": "run status"}


def judge_label(methods: str) -> str:
    """"numeric, rules" -> "numeric check + rule-based offline judge": never "LLM" for rules."""
    names = [METHOD_NAMES.get(m.strip(), m.strip()) for m in methods.split(",") if m.strip() and m.strip() != "status"]
    return " + ".join(names) or "run status"


def _nan(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def _pct(value: float) -> str:
    return f"{value * 100:.1f}%"


def _ci_note(low: float, high: float) -> str:
    return f"95% CI {_pct(low)}–{_pct(high)}"


def evaluate_row(stats_row: pd.Series | dict[str, Any]) -> CriteriaRow:
    """The four criteria for one row of ``analysis.cell_stats``."""
    s = dict(stats_row)
    row = CriteriaRow(s["model"], s["mode"], s["cell"], int(s["runs"]))

    rel = s["reliability"]
    rel_note = f"{s['answered']}/{s['runs']} answered"
    if not _nan(s.get("reliability_low")) and not _nan(s.get("reliability_high")):
        rel_note += f"; {_ci_note(s['reliability_low'], s['reliability_high'])}"
    row.checks["reliability"] = Check(
        "reliability", "pass" if rel > RELIABILITY_MIN else "fail", rel, _pct(rel), rel_note,
        _settled(rel > RELIABILITY_MIN, s.get("reliability_low"), s.get("reliability_high"), RELIABILITY_MIN),
    )

    acc = s.get("accuracy")
    if not s.get("judged") or acc is None or _nan(acc):
        unjudged = s.get("unjudged")
        why = f"{int(unjudged)} of {s['runs']} answers unjudged" if unjudged and not _nan(unjudged) else "no verdicts for this cell"
        row.checks["accuracy"] = Check("accuracy", "not judged", None, "not judged", why + ": judge them with --judge")
    else:
        note = f"{_ci_note(s['accuracy_low'], s['accuracy_high'])} over {s['questions']} questions"
        if s.get("judge_methods"):
            note += f"; judged by {judge_label(str(s['judge_methods']))}"
        row.checks["accuracy"] = Check("accuracy", "pass" if acc > ACCURACY_MIN else "fail", acc, _pct(acc), note,
                                       _settled(acc > ACCURACY_MIN, s.get("accuracy_low"), s.get("accuracy_high"), ACCURACY_MIN))

    tokens = s["tokens_mean"]
    under = s.get("tokens_under_budget")
    shown = f"{tokens:,.0f}" + ("" if under is None or _nan(under) else f" ({_pct(under)} of runs < 25k)")
    faulted = int(s.get("provider_fault_runs") or 0)
    note = "; ".join(filter(None, ["estimated counts" if s.get("tokens_estimated") else "",
                                   "" if under is None or _nan(under) else f"{_pct(under)} of runs under 25k",
                                   f"over {int(s['runs']) - faulted} of {int(s['runs'])} runs: {faulted} ended by a provider fault, "
                                   "which measures the provider" if faulted else ""]))
    if spent_nothing(s):
        # Runs that died at their first call (a dead endpoint) spend nothing, and runs a
        # provider ended measure it, not the mode: a cell of them would pass the token budget
        # on no work at all.
        row.checks["tokens"] = Check("tokens", "n/a", None, "n/a",
                                     "every run ended in an error before spending a token, or by a provider fault: nothing of the mode to judge")
    elif cut_short_floor(s):
        # Runs cut short (a run budget) spent at least this much: over the target is a fail
        # a finished run could only make worse, under it says nothing of a finished run.
        over = tokens >= MEAN_TOKENS_MAX  # (no share of runs under 25k: a cut-short run's is no finished run's)
        row.checks["tokens"] = Check("tokens", "fail" if over else "n/a", tokens if over else None, f"{tokens:,.0f}",
                                     f"every run ended in an error, cut short after spending this much: "
                                     f"{'already over the target' if over else 'a finished run would spend more'}")
    else:
        row.checks["tokens"] = Check("tokens", "pass" if tokens < MEAN_TOKENS_MAX else "fail", tokens, shown, note)

    row.checks["provenance"] = _provenance_check(s)
    return row


def _provenance_check(s: dict[str, Any]) -> Check:
    prov = s.get("provenance_rate")
    unverified = int(s.get("provenance_unverified_runs") or 0)
    older = f"; {unverified} older records not verified against page text, not counted" if unverified else ""
    if prov is None or _nan(prov) or not s.get("provenance_runs"):
        return Check("provenance", "n/a", None, "n/a", "no answered run states a number" + older)
    runs = int(s["provenance_runs"])
    traced = round(prov * runs)
    note = f"{traced}/{runs} answers with numbers fully traced{older}"
    checked = s.get("findings_checked")
    if checked:
        note += f"; {_pct(s['findings_verified_rate'])} of {int(checked)} findings verified on their pages"
    return Check("provenance", "pass" if prov >= PROVENANCE_MIN else "fail", prov, _pct(prov), note)


def evaluate_criteria(stats: pd.DataFrame) -> list[CriteriaRow]:
    """One ``CriteriaRow`` per row of ``cell_stats``, in its order."""
    return [evaluate_row(r) for _, r in stats.iterrows()]


def criteria_frame(rows: list[CriteriaRow]) -> pd.DataFrame:
    """The table as a DataFrame: one row per cell, status and value per criterion."""
    out = []
    for row in rows:
        item: dict[str, Any] = {"model": row.model, "mode": row.mode, "cell": row.cell, "runs": row.runs, "verdict": row.verdict}
        for name, check in row.checks.items():
            item[name] = check.actual
            item[f"{name}_status"] = check.status
            item[f"{name}_settled"] = check.settled
        out.append(item)
    return pd.DataFrame(out)


def criteria_markdown(rows: list[CriteriaRow]) -> str:
    """A GitHub-flavoured Markdown table, reference rows last."""
    mark = {"pass": "✅", "fail": "❌", "not judged": "➖", "n/a": "➖"}
    header = "| cell | runs | " + " | ".join(CRITERION_TITLES[c] for c in CRITERIA) + " |"
    lines = [header, "|" + "---|" * (len(CRITERIA) + 2)]
    for row in rows:
        cells = [f"{mark.get(row.checks[c].status, '')}{row.checks[c].unsure} {row.checks[c].shown}".strip() for c in CRITERIA]
        lines.append(f"| {md_escape(row.cell)} | {row.runs} | " + " | ".join(cells) + " |")
    for ref in REFERENCE_ROWS:
        lines.append(f"| *{ref['label']}* | | " + " | ".join(ref[c] for c in CRITERIA) + " |")
    return "\n".join(lines)


def md_escape(text: str) -> str:
    """Keep user-controlled text from breaking a Markdown table or becoming markup."""
    out = str(text)
    for ch in ("\\", "|", "*", "_", "`", "[", "]", "<", ">"):
        out = out.replace(ch, "\\" + ch)
    return out.replace("\n", " ")


def md_code(text: str, in_table: bool = False) -> str:
    """``text`` as a Markdown code span, shown as written: a backslash escape inside a code
    span is shown as it is ("financebench\\_id"), so the text is fenced with one backtick
    more than its longest run of them instead. In a table cell a pipe would still end the
    cell, and GitHub's tables read ``\\|`` there as a pipe (``in_table``)."""
    body = str(text).replace("\n", " ")
    if in_table:
        body = body.replace("|", "\\|")
    longest = max((len(run) for run in re.findall("`+", body)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if body.startswith("`") or body.endswith("`") else ""
    return f"{fence}{pad}{body}{pad}{fence}"
