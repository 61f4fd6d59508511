"""The report's figures as PNG files (matplotlib, Agg backend: no display needed).

Each function writes one file and returns a ``Chart`` (file name relative to the report,
title, alt text), or a ``Chart`` with ``file=""`` and a note when there is nothing to draw.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # before pyplot: headless CI and report builds
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402
from matplotlib.patches import Patch, Rectangle  # noqa: E402

from harness.criteria import ACCURACY_MIN, MEAN_TOKENS_MAX, RELIABILITY_MIN  # noqa: E402

COLOURS = {"correct": "#2e7d32", "incorrect": "#c62828", "refusal": "#ef8f00", "unjudged": "#9e9e9e", None: "#e0e0e0"}
DPI = 110
# The seed benchmark's reference points (mean tokens, accuracy low, accuracy high).
REFERENCES = (("seed agent", 80_000, 0.30, 0.30), ("seed planner", 11_000, 0.27, 0.44))


@dataclass
class Chart:
    file: str  # relative to the report folder; "" when not drawn
    title: str
    alt: str
    note: str = ""


def _save(fig: plt.Figure, out_dir: Path, name: str) -> str:
    (out_dir / "charts").mkdir(parents=True, exist_ok=True)
    fig.savefig(out_dir / "charts" / name, dpi=DPI, bbox_inches="tight")
    plt.close(fig)
    return f"charts/{name}"


def accuracy_vs_tokens(stats: pd.DataFrame, out_dir: Path) -> Chart:
    title = "Accuracy vs mean tokens per run"
    judged = stats[stats["accuracy"].notna()]
    if judged.empty:
        return Chart("", title, "", "Not drawn: the answers were not judged.")
    fig, ax = plt.subplots(figsize=(7.5, 4.8))
    ax.fill_between([1, MEAN_TOKENS_MAX], ACCURACY_MIN * 100, 100, color="#e8f5e9", zorder=0)
    ax.axhline(ACCURACY_MIN * 100, color="#66bb6a", linestyle="--", linewidth=1)
    ax.axvline(MEAN_TOKENS_MAX, color="#66bb6a", linestyle="--", linewidth=1)
    for label, tokens, low, high in REFERENCES:
        ax.errorbar([tokens], [(low + high) * 50], yerr=[[(high - low) * 50], [(high - low) * 50]], fmt="s", color="#9e9e9e", capsize=3)
        ax.annotate(label, (tokens, (low + high) * 50), textcoords="offset points", xytext=(6, -12), fontsize=8, color="#757575")
    for number, (_, row) in enumerate(judged.iterrows(), 1):
        y = row["accuracy"] * 100
        # max(0, ...): at 0% or 100% rounding can put the Wilson bound a hair past the point.
        err = [[max(0.0, y - row["accuracy_low"] * 100)], [max(0.0, row["accuracy_high"] * 100 - y)]]
        ax.errorbar([row["tokens_mean"]], [y], yerr=err, fmt="o", capsize=4, markersize=7, label=f"{number}  {row['cell']}")
        ax.annotate(str(number), (row["tokens_mean"], y), textcoords="offset points", xytext=(6, 4), fontsize=9, fontweight="bold")
    # Log scale: the seed modes span 11k-80k tokens and cells can sit far below or above.
    ax.set_xscale("log")
    ax.set_xlim(left=min(2_000, max(1.0, float(judged["tokens_mean"].min()) / 2)), right=max(150_000, float(judged["tokens_mean"].max()) * 2))
    ax.set_ylim(0, 100)
    ax.set_xlabel("mean tokens per run (log scale)")
    ax.set_ylabel("accuracy, % of runs (95% Wilson CI)")
    ax.set_title("Target region: > 50% accuracy, < 25k tokens (green)", fontsize=10)
    ax.grid(alpha=0.3)
    # Points carry a number and the legend names it: full cell names beside close points collide.
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=8, frameon=False)
    return Chart(_save(fig, out_dir, "accuracy_vs_tokens.png"), title,
                 "Scatter of accuracy against mean tokens per model and mode, with confidence intervals and the seed reference points.")


def reliability_bars(stats: pd.DataFrame, out_dir: Path) -> Chart:
    title = "Reliability per cell"
    if stats.empty:
        return Chart("", title, "", "Not drawn: no runs.")
    fig, ax = plt.subplots(figsize=(max(5.0, 0.9 * len(stats) + 2), 3.8))
    values = stats["reliability"] * 100
    colours = ["#2e7d32" if v > RELIABILITY_MIN * 100 else "#c62828" for v in values]
    bars = ax.bar(stats["cell"], values, color=colours)
    ax.bar_label(bars, labels=[f"{v:.0f}%" for v in values], fontsize=8)
    ax.axhline(RELIABILITY_MIN * 100, color="#555", linestyle="--", linewidth=1, label="target > 90%")
    ax.set_ylim(0, 105)
    ax.set_ylabel("% of runs that answered")
    ax.legend(loc="lower right", fontsize=8)
    plt.setp(ax.get_xticklabels(), rotation=30, ha="right")
    return Chart(_save(fig, out_dir, "reliability.png"), title, "Bar chart of the share of runs that produced an answer, per model and mode.")


def verdict_grid(qtable: pd.DataFrame, cells: list[str], out_dir: Path) -> Chart:
    title = "Verdicts per question and cell"
    if qtable.empty:
        return Chart("", title, "", "Not drawn: no runs.")
    questions = sorted(qtable["question_id"].unique())
    fig, ax = plt.subplots(figsize=(max(5.0, 1.2 * len(cells) + 3), max(2.5, 0.28 * len(questions) + 1.5)))
    index = {(r["question_id"], r["cell"]): r for _, r in qtable.iterrows()}
    for y, question in enumerate(questions):
        for x, name in enumerate(cells):
            row = index.get((question, name))
            if row is None:
                continue
            labels = row["labels"]
            width = 1 / len(labels)
            for i, label in enumerate(labels):  # one slice per run, left to right
                ax.add_patch(Rectangle((x + i * width, y), width, 1, facecolor=COLOURS.get(label, COLOURS[None]), edgecolor="white", linewidth=1))
    # Wider gaps between cells than between the runs of one cell.
    ax.vlines(range(1, len(cells)), 0, len(questions), colors="white", linewidth=5)
    ax.set_xlim(0, len(cells))
    ax.set_ylim(len(questions), 0)
    ax.set_xticks([i + 0.5 for i in range(len(cells))], cells, rotation=30, ha="right")
    ax.set_yticks([i + 0.5 for i in range(len(questions))], [q.replace("financebench_id_", "") for q in questions], fontsize=8)
    ax.tick_params(length=0)
    for spine in ax.spines.values():
        spine.set_visible(False)
    handles = [Patch(color=COLOURS[k], label=k) for k in ("correct", "incorrect", "refusal", "unjudged")]
    handles.append(Patch(color=COLOURS[None], label="not judged"))
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=8, frameon=False)
    return Chart(_save(fig, out_dir, "verdict_grid.png"), title,
                 "Grid of questions by model and mode, each run coloured by its verdict.")


def token_distributions(runs: pd.DataFrame, cells: list[str], out_dir: Path) -> Chart:
    title = "Tokens per run"
    if runs.empty:
        return Chart("", title, "", "Not drawn: no runs.")
    fig, ax = plt.subplots(figsize=(max(5.0, 0.9 * len(cells) + 2), 3.8))
    data = [runs.loc[runs["cell"] == c, "tokens_total"].to_numpy() for c in cells]
    ax.boxplot(data, tick_labels=cells, showmeans=True)
    ax.axhline(MEAN_TOKENS_MAX, color="#66bb6a", linestyle="--", linewidth=1, label="25k budget")
    ax.set_ylim(bottom=0)
    ax.set_ylabel("tokens per run")
    ax.legend(loc="upper right", fontsize=8)
    ax.grid(axis="y", alpha=0.3)
    plt.setp(ax.get_xticklabels(), rotation=30, ha="right")
    return Chart(_save(fig, out_dir, "tokens.png"), title, "Box plots of tokens per run for each model and mode; triangles mark means.")


def draw_all(stats: pd.DataFrame, runs: pd.DataFrame, qtable: pd.DataFrame, out_dir: Path) -> list[Chart]:
    cells = list(stats["cell"]) if not stats.empty else []
    return [
        accuracy_vs_tokens(stats, out_dir),
        reliability_bars(stats, out_dir),
        verdict_grid(qtable, cells, out_dir),
        token_distributions(runs, cells, out_dir),
    ]
