"""Runs that ended in an error (status "error": a provider fault, a crash, a budget): how
they count, and how the report's tables show them.

The judge gives such a run a "refusal" verdict by its status (method ``status``), as
FinanceBench scores a missing answer, so accuracy counts it as not correct. But the model
declined nothing: the harness could not finish the run. So an errored run is counted apart
from the refusals (``errored_rate``), and is shown with no verdict of its own: "no answer"
in the run grid, side by side and in the run view (with the run's error as the reason), "!"
in the questions view, no verdict's colour for a question none of whose runs answered, and
no flip against a baseline for such a question (it has no verdict to flip from or to).

A run a provider fault ended (a rate limit or an outage that outlasted the retries, or any
provider error before the run spent a token) is left out of its cell's per-run means (tokens, cost per run, duration, pages, evidence hit,
behaviour: ``measured_runs``): it measures the provider, not the mode. It still counts
against reliability and accuracy, and what it spent is in the cost sum.

A cell whose every run errored is measured only as far as its runs got. When they spent
nothing or a provider ended them all (a dead endpoint) the cell has no token figures (dashes in the
page's and summary.md's tables, null in summary.json and the history, no bar or point in the
charts): it spent nothing because it did nothing, not because it is frugal. When they spent
tokens before they were cut short (a run budget, a malformed reply), those tokens were paid
for and are shown; they are a floor on what a finished run costs, so they can fail the
token criterion or a spending budget but never pass one.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pandas as pd

ERROR = "error"  # the run's status
NO_ANSWER = "no answer"  # its verdict, as the run grid and the side-by-side view show it
NO_ANSWER_MARK = "!"  # its mark in the questions view
NO_ANSWER_MEANING = "ended in an error (no answer)"  # the mark's meaning, in the questions view's legend
# Why an errored run shows no verdict, as the run view says beside the run's error.
NO_ANSWER_WHY = "the run ended in an error (a provider fault, a crash or a budget): no answer to judge, and not a refusal"


def provider_ended(runs: pd.DataFrame) -> pd.Series:
    """Per run (a row of the run frame), whether a provider fault ended it
    (``RunRecord.ended_by_provider``, which the frame carries)."""
    return runs["ended_by_provider"].astype(bool)


def measured_runs(runs: pd.DataFrame) -> pd.DataFrame:
    """The runs whose spend and behaviour measure their mode: all but those a provider fault
    ended (``provider_ended``). A run cut short by its own budget, or by model output it
    could not parse, stays: that is the mode's doing."""
    return runs[~provider_ended(runs)]


def is_errored(status: Any) -> bool:
    """Did the run with this status end in an error?"""
    return status == ERROR


def errored_runs(statuses: pd.Series) -> pd.Series:
    """Per run, whether it ended in an error."""
    return statuses == ERROR


def every_run_errored(statuses: Iterable[Any]) -> bool:
    """Did every one of these runs (a question's runs in a cell) end in an error? Then no
    run answered, and the question shows no verdict's colour, the refusal's least of all."""
    return all(is_errored(status) for status in statuses)


def spent_nothing_runs(statuses: Iterable[Any], tokens: Iterable[float]) -> bool:
    """Did these runs (one or more) all end in an error before spending a token? What
    ``spent_nothing`` decides for a cell of ``cell_stats``, for runs read as they are."""
    statuses = list(statuses)
    return bool(statuses) and every_run_errored(statuses) and not any(t > 0 for t in tokens)


def all_errored(row: Any) -> bool:
    """Did every run of a cell (a row of ``cell_stats``) end in an error? Such a cell spent
    nothing and measured nothing: a dead endpoint, not a frugal mode."""
    return bool(row["runs"]) and row["error"] == row["runs"]


TOKEN_FIGURES = ("tokens_mean", "tokens_median", "tokens_p95")  # the cell_stats columns of what a cell spent per run


def spent_nothing(row: Any) -> bool:
    """Did every run of a cell end in an error before spending a token, or by a provider
    fault (a dead endpoint, an outage), so that nothing of the mode was measured? Runs cut
    short by their own budget after some replies spent what they spent, and show it."""
    tokens = row["tokens_mean"]
    return all_errored(row) and not (tokens is not None and tokens > 0)  # NaN > 0 is False


def cut_short_floor(row: Any) -> bool:
    """Is the cell's token spend only a floor: every run cut short by an error after
    spending tokens? A finished run would have spent more, so the figure can show a cell
    over a limit, never under one."""
    return all_errored(row) and not spent_nothing(row)


def token_figures(row: Any) -> dict[str, Any]:
    """A cell's token figures (``TOKEN_FIGURES``), each None for a cell that spent nothing
    because every run ended in an error first (``spent_nothing``): the tables show dashes,
    summary.json null, and the charts leave it out, where 0 would read as the most frugal
    cell."""
    shown = not spent_nothing(row)
    return {name: row[name] if shown else None for name in TOKEN_FIGURES}


def with_token_figures(stats: pd.DataFrame) -> pd.DataFrame:
    """``cell_stats`` with each cell's token figures as ``token_figures`` gives them."""
    frame = stats.copy()
    if len(frame):
        nothing = [spent_nothing(row) for _, row in frame.iterrows()]
        frame.loc[nothing, list(TOKEN_FIGURES)] = float("nan")  # NaN keeps the columns numeric; JSON and SQL write null
    return frame


def errors_of_errored_runs(runs: pd.DataFrame) -> dict[str, str]:
    """run_id -> the error of each run that ended in one: the reason its verdict shows as
    ``NO_ANSWER`` in the run view."""
    if not len(runs):
        return {}
    errored = runs[errored_runs(runs["status"])]
    return {str(run_id): "" if pd.isna(error) else str(error) for run_id, error in zip(errored["run_id"], errored["error"])}


def shown_verdicts(runs: pd.DataFrame) -> pd.DataFrame:
    """The run frame with an errored run's verdict shown as ``NO_ANSWER`` (a run without a
    verdict stays without one)."""
    frame = runs.copy()
    if "verdict" in frame.columns and "status" in frame.columns:
        frame["verdict"] = frame["verdict"].where(~errored_runs(frame["status"]) | frame["verdict"].isna(), NO_ANSWER)
    return frame
