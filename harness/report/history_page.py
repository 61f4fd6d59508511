"""The history page (``reports/history/index.html``) and chart (``history.png``): accuracy,
mean tokens and cost per cell across sweeps, from the history database's rows."""
from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pandas as pd

from core.whole_folders import written_whole
from harness.history import comparable_on
from harness.report import fmt as f
from harness.report.export import json_value
from harness.report.pages import is_history_page
from harness.report.render import write_data, write_page, write_static
from harness.report.rows import cell, table

METRICS = (("accuracy", "Accuracy per cell", "share of runs correct"), ("tokens_mean", "Mean tokens per run", "tokens"),
           ("cost_sum", "Cost per sweep and cell (USD)", "USD"))


def _label(row: pd.Series, set_names: dict[str, str]) -> str:
    """A sweep's point on the x axis: when it started, to the second (sweeps started in one
    minute would share a label), its commit and its questions, named as the legend names
    them (``question_set_names``: two sets under one test-set name told apart)."""
    commit = str(row["git_commit"] or "")[:9]
    questions = set_names.get(str(row["question_set"]), str(row["test_set"] or ""))
    return f"{str(row['created_at'])[:19]} {commit} {questions}".strip()


def _sweep_labels(sweeps: pd.DataFrame, set_names: dict[str, str]) -> list[dict[str, str]]:
    """Each sweep's id and label; two sweeps of one commit and question set started in the
    same second (two processes started together) are told apart by their ids."""
    labels = [(str(s["sweep_id"]), _label(s, set_names)) for _, s in sweeps.iterrows()]
    shared = {label for label, count in Counter(label for _, label in labels).items() if count > 1}
    return [{"sweep_id": sweep_id, "label": f"{label} · {sweep_id}" if label in shared else label} for sweep_id, label in labels]


def _judge_text(row: pd.Series) -> str:
    """The judge and its version: accuracy under two versions does not compare."""
    version = row.get("judge_version")
    name = row["judge"] or "numeric check only"
    return f"{name} ({version})" if isinstance(version, str) and version else name


def history_table(frame: pd.DataFrame) -> dict[str, Any]:
    rows = []
    set_names = question_set_names(frame) if len(frame) else {}
    for _, r in frame.iterrows():
        report = str(r.get("report") or "")
        questions = set_names.get(r["question_set"], f.DASH)
        rows.append([
            cell(r["sweep_id"]), cell(str(r["created_at"])[:19]), cell(str(r["git_commit"] or f.DASH)[:12]), cell(r["source"]),
            cell(questions, hint=f"question set {r['question_set']}" if r["question_set"] else ""), cell(r["cell"]), cell(f.num(r["runs"])), cell(f.pct(r["accuracy"])), cell(f.pct(r["reliability"])),
            cell(f.tokens(r["tokens_mean"])), cell(f.usd(r["cost_sum"])), cell(_judge_text(r), hint=report),
        ])
    return table(["sweep", "started", "commit", "source", "questions", "cell", "runs", "accuracy", "reliability", "mean tokens", "cost", "judge"], rows)


def question_set_names(frame: pd.DataFrame) -> dict[str, str]:
    """A readable name per question set: its test-set name, with the fingerprint's start
    added where one name covers several sets (a ``--limit`` run, another questions file)."""
    sets = frame[["test_set", "question_set"]].fillna("").drop_duplicates()
    sets_per_name = sets["test_set"].value_counts()
    names = {}
    for test_set, question_set in zip(sets["test_set"], sets["question_set"]):
        name = str(test_set) or "questions"
        shared = sets_per_name[test_set] > 1
        names[str(question_set)] = f"{name} #{str(question_set)[:6]}" if shared and question_set else name
    return names


def series(frame: pd.DataFrame, metric: str) -> list[dict[str, Any]]:
    """The lines of one chart: one per cell and question set, and for accuracy also per judge
    and judge version. Points on one line compare; the trend gate compares the same ones (a
    sweep of other questions, or accuracy by another judge, is no point on the same trend)."""
    if frame.empty:
        return []
    set_names = question_set_names(frame)
    several_sets = frame["question_set"].nunique() > 1
    keys = comparable_on(metric)
    several_judges = metric == "accuracy" and len(frame[["judge", "judge_version"]].drop_duplicates()) > 1
    # A cell and question set keeps its colour in every chart (``colour``: the index of its
    # hue, ``series_colour``); the accuracy chart's lines of one cell by other judges share
    # it, told apart by their dash (``dash``: 0 for the first judge, solid).
    hues = {pair: i for i, pair in enumerate(sorted(set(zip(frame["cell"].astype(str), frame["question_set"].fillna("").astype(str)))))}
    dashes: dict[tuple[str, str], int] = {}
    lines = []
    for key, group in frame.groupby(keys, sort=True, dropna=False):
        values = {str(r["sweep_id"]): json_value(r[metric]) for _, r in group.iterrows()}
        if all(value is None for value in values.values()):
            continue  # no point to draw (accuracy of sweeps none judged): no legend entry either
        pair = (str(key[0]), "" if pd.isna(key[1]) else str(key[1]))
        parts = [pair[0]] + ([set_names[str(key[1])]] if several_sets else []) + ([_judge_text(group.iloc[0])] if several_judges else [])
        dash = dashes[pair] = dashes.get(pair, -1) + 1
        lines.append({"label": " · ".join(parts), "colour": hues[pair], "dash": dash, "values": values})
    return lines


def write_history_page(frame: pd.DataFrame, out_dir: Path, db: Path) -> Path:
    """Write the page (replacing the previous one, and only a history page: UserError for a
    folder that holds anything else) and return its index.html."""
    with written_whole(out_dir, replaceable=is_history_page, flag="--out", what="a history page") as tmp:
        _write_history_page(frame, tmp, db)
    return out_dir / "index.html"


def _write_history_page(frame: pd.DataFrame, tmp: Path, db: Path) -> None:
    sweeps = frame.drop_duplicates("sweep_id")
    set_names = question_set_names(frame) if len(frame) else {}
    data: dict[str, Any] = {
        "version": 1, "kind": "history", "title": "History across sweeps",
        "lede": f"{len(sweeps)} sweeps, {frame['cell'].nunique() if len(frame) else 0} cells · database {db}",
        "history": "",
        "history_data": {
            "note": "One line per model/mode cell and question set (and, for accuracy, per judge and judge version: a "
                    "stricter judge lowers every figure), one point per analysed sweep (oldest left); points on one line "
                    "compare, as the trend gate compares them. Rows marked seed ship with the repository: real offline "
                    "sweeps at earlier commits. `python analyze.py history` prints the same table.",
            "sweeps": _sweep_labels(sweeps, set_names),
            "metrics": [{"key": k, "title": t, "unit": u, "series": series(frame, k)} for k, t, u in METRICS],
            "table": history_table(frame.iloc[::-1]),
        },
    }
    write_static(tmp)
    write_data(tmp, data)
    write_page(tmp, data["title"], "run `python analyze.py history`, which prints the same table")


# The dash of the n-th judge's line of one cell (matplotlib's on-off lengths; the page's
# script spells the same).
DASHES: tuple[tuple[int, ...], ...] = ((), (6, 3), (2, 2), (8, 3, 2, 3))


def series_colour(index: int) -> tuple[float, float, float]:
    """The colour of a chart's ``index``-th line: a hue of its own for each, the golden angle
    apart so that neighbours differ most (a palette of ten or seven would give the eleventh
    line the first one's colour). The history page's script spells the same colours."""
    import colorsys

    hue = (index * 137.5) % 360 / 360
    return colorsys.hls_to_rgb(hue, 0.38 if index % 2 else 0.5, 0.7)


_LEGEND_ROWS = 12


def history_figure(frame: pd.DataFrame):  # -> matplotlib.figure.Figure
    """The history chart: a panel per metric, one above the other, each with its legend at
    its right, where a legend of a dozen long labels (a line per cell, question set and
    judge) neither hides the lines nor runs into the next panel."""
    import math

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(len(METRICS), 1, figsize=(9, 3.2 * len(METRICS)))
    fig.subplots_adjust(hspace=0.5)  # room for a panel's axis label under it and the next one's title
    order = list(dict.fromkeys(frame["sweep_id"]))
    for ax, (key, title, unit) in zip(axes, METRICS):
        for line in series(frame, key):
            points = [(order.index(sweep), value) for sweep, value in line["values"].items() if value is not None]
            dash = DASHES[line["dash"] % len(DASHES)]
            ax.plot([x for x, _ in points], [float(v) for _, v in points], marker="o", label=line["label"],
                    color=series_colour(line["colour"]), linestyle=(0, dash) if dash else "-")
        ax.set_title(title)
        ax.set_ylabel(unit)
        ax.set_xticks(range(len(order)), [str(i + 1) for i in range(len(order))])
        ax.set_xlabel("sweep (oldest first)")
        ax.grid(alpha=0.3)
        if ax.lines:  # a panel's height holds about a dozen legend lines: more go in columns
            ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False, ncol=math.ceil(len(ax.lines) / _LEGEND_ROWS))
    return fig


def write_history_png(frame: pd.DataFrame, path: Path) -> Path:
    """The history chart as a PNG (for a CI artifact or a pull request)."""
    import matplotlib.pyplot as plt

    fig = history_figure(frame)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100, bbox_inches="tight")  # "tight" takes in the legends beside the panels
    plt.close(fig)
    return path
