"""History across sweeps: every analysed sweep's figures in an SQLite database.

Tables, keyed by sweep (and through it by git commit), model, mode and question:

- ``sweeps``: sweep id, when it ran and was analysed, git commit, test set, runs, judge and
  ``judge_version`` (its rules and rubric: ``judge.service.judge_version``), report and sweep
  folders, and ``source`` (``analysis``, or ``seed`` for the rows that
  ship with the repository, see below);
- ``cells``: one row per sweep x model x mode, the figures of ``cell_stats``;
- ``questions``: one row per sweep x model x mode x question, from ``question_table``.

Analysing a sweep again replaces its rows (one transaction), so the latest analysis of a
sweep is what the history shows. Concurrent analyses wait for each other (busy timeout).
A new database starts from ``data/history_seed.jsonl`` when it exists: rows exported from
real offline sweeps of this repository at earlier commits (``scripts/seed_history.py``), so
a fresh clone has a history to look at; they are marked ``seed``. An existing SQLite file
that holds tables but not the history's (another tool's database, named by mistake) is
refused before anything is written to it; an empty file gets the tables.

The trend gate compares each cell of the latest sweep with the median of the same cell in
the sweeps before it that ran the same questions (``question_set``): a drop of accuracy or a
rise of mean tokens past a limit fails. Accuracy is compared only with sweeps judged by the
same judge at the same version: a stricter judge is not a worse model.
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import sqlite3
import statistics
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path
from typing import Any

import pandas as pd

from core import paths
from core.errors import UserError
from harness.errored_runs import with_token_figures
from harness.gate import GateCheck, GateResult
from harness.stats.frame import cell_name
from harness.stats.summary import plain_value

SEED_FILE = paths.PROJECT_ROOT / "data" / "history_seed.jsonl"
ENV_DB = "PAGEINDEX_HISTORY_DB"
CELL_FIGURES = ("runs", "accuracy", "accuracy_low", "accuracy_high", "reliability", "tokens_mean", "tokens_p95", "cost_sum",
                "duration_ms_mean", "evidence_hit_rate", "provenance_rate", "judged", "full_judge", "errored_rate")
# Cell columns added after the first histories were written: an older database gets them
# empty (unknown), and its cells count as measured.
LATER_CELL_FIGURES = ("errored_rate",)
SCHEMA = f"""
CREATE TABLE IF NOT EXISTS sweeps (
    sweep_id TEXT PRIMARY KEY, created_at TEXT, analysed_at TEXT, git_commit TEXT, test_set TEXT,
    runs INTEGER, judge TEXT, report TEXT, sweep_path TEXT, source TEXT, judge_version TEXT, question_set TEXT);
CREATE TABLE IF NOT EXISTS cells (
    sweep_id TEXT NOT NULL REFERENCES sweeps(sweep_id) ON DELETE CASCADE, model TEXT NOT NULL, mode TEXT NOT NULL, cell TEXT,
    {", ".join(f"{name} REAL" for name in CELL_FIGURES)}, PRIMARY KEY (sweep_id, model, mode));
CREATE TABLE IF NOT EXISTS questions (
    sweep_id TEXT NOT NULL REFERENCES sweeps(sweep_id) ON DELETE CASCADE, model TEXT NOT NULL, mode TEXT NOT NULL,
    question_id TEXT NOT NULL, runs INTEGER, correct_share REAL, majority TEXT, PRIMARY KEY (sweep_id, model, mode, question_id));
CREATE INDEX IF NOT EXISTS cells_by_cell ON cells (model, mode);
CREATE INDEX IF NOT EXISTS questions_by_question ON questions (question_id, model, mode);
"""


# The sweeps table's columns in every version of the history (later ones are added when
# missing): a database with tables but no such sweeps table is not a history database.
SWEEP_COLUMNS = ("sweep_id", "created_at", "analysed_at", "git_commit", "test_set", "runs", "judge", "report", "sweep_path", "source")
WHICH_DB = "(--history-db; --db for history and prune)"


def default_db() -> Path:
    """``$PAGEINDEX_HISTORY_DB`` if set, else ``data/history.sqlite``."""
    return Path(os.environ.get(ENV_DB) or paths.PROJECT_ROOT / "data" / "history.sqlite")


def _printable(name: str) -> str:
    return "".join(c if c.isprintable() else "?" for c in name)[:40]


def _refuse_if_not_ours(conn: sqlite3.Connection, db: Path) -> None:
    """UserError when the open database holds tables and they are not a history's."""
    tables = sorted(str(r[0]) for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, 7) != 'sqlite_'"))
    if not tables:
        return  # a new or empty file: the tables are made in it
    if "sweeps" not in tables:
        shown = ", ".join(_printable(t) for t in tables[:3]) + (f" and {len(tables) - 3} more" if len(tables) > 3 else "")
        why = f"it holds other tables ({shown}) and no sweeps table"
    else:
        missing = [c for c in SWEEP_COLUMNS if c not in {str(r[1]) for r in conn.execute("PRAGMA table_info(sweeps)")}]
        if not missing:
            return
        why = f"its sweeps table has no {', '.join(missing)} column{'s' if len(missing) > 1 else ''}"
    raise UserError(f"{db} is not a history database of this project: {why}; nothing was written to it",
                    f"pass this project's history database, or a path with no file yet for a new one {WHICH_DB}")


def check_history_db(db: Path) -> None:
    """Refuse, reading only, a database the history cannot use: not SQLite, or another
    tool's (tables, but not the history's). A path with no file yet passes: it is created
    when the first sweep is recorded. For the commands, before they write anything."""
    if not db.exists():
        return
    try:
        conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True, timeout=30)
    except sqlite3.Error as exc:
        raise UserError(f"cannot open the history database {db}: {exc}", f"pass a readable path {WHICH_DB}") from None
    try:
        _refuse_if_not_ours(conn, db)
    except sqlite3.DatabaseError as exc:
        raise UserError(f"{db} is not a usable history database ({exc})", f"move it aside or pass another path {WHICH_DB}") from None
    finally:
        conn.close()


@contextmanager
def connect(db: Path, seed: Path | None = SEED_FILE) -> Iterator[sqlite3.Connection]:
    """An open database (created, and seeded, when new); UserError if it is not one, or is
    another tool's."""
    new = not db.exists()
    try:
        db.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(db, timeout=30)
    except (OSError, sqlite3.Error) as exc:
        raise UserError(f"cannot open the history database {db}: {exc}", f"pass a writable path {WHICH_DB}") from None
    try:
        _refuse_if_not_ours(conn, db)  # before the tables are made in it
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA foreign_keys = ON")
        with conn:
            conn.executescript(SCHEMA)
            columns = {r["name"] for r in conn.execute("PRAGMA table_info(sweeps)")}
            # A database from before these were recorded: its sweeps' values are unknown.
            for column in ("judge_version", "question_set"):
                if column not in columns:
                    _add_column(conn, "sweeps", column, "TEXT")
            cell_columns = {r["name"] for r in conn.execute("PRAGMA table_info(cells)")}
            for column in LATER_CELL_FIGURES:
                if column not in cell_columns:
                    _add_column(conn, "cells", column, "REAL")
        if new and seed is not None and seed.is_file():
            import_rows(conn, seed)
        yield conn
    except sqlite3.DatabaseError as exc:
        raise UserError(f"{db} is not a usable history database ({exc})", f"move it aside or pass another path {WHICH_DB}") from None
    finally:
        conn.close()


def _add_column(conn: sqlite3.Connection, table: str, column: str, kind: str) -> None:
    """Add a column an older database lacks. Two processes opening it at once (two CI jobs
    after an upgrade) both find it missing, and the second one's ALTER finds it made."""
    try:
        conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
    except sqlite3.OperationalError as exc:
        if "duplicate column name" not in str(exc):
            raise


def _insert(conn: sqlite3.Connection, table: str, row: dict[str, Any]) -> None:
    names = list(row)
    conn.execute(f"INSERT OR REPLACE INTO {table} ({', '.join(names)}) VALUES ({', '.join('?' for _ in names)})", [plain_value(row[n]) for n in names])


def import_rows(conn: sqlite3.Connection, path: Path) -> int:
    """Load an export (``{"table": ..., "row": {...}}`` per line) in one transaction."""
    count = 0
    with conn:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                item = json.loads(line)
                if item.get("table") in ("sweeps", "cells", "questions"):
                    _insert(conn, item["table"], item["row"])
                    count += 1
    return count


def export_rows(conn: sqlite3.Connection, sweep_ids: list[str] | None = None) -> list[str]:
    """Rows as JSON lines (the seed format), for the given sweeps or all."""
    lines = []
    for table in ("sweeps", "cells", "questions"):
        for row in conn.execute(f"SELECT * FROM {table} ORDER BY sweep_id"):
            if sweep_ids is None or row["sweep_id"] in sweep_ids:
                lines.append(json.dumps({"table": table, "row": dict(row)}, sort_keys=True))
    return lines


def record_sweep(
    db: Path, sweep_id: str, manifest: dict[str, Any], stats: pd.DataFrame, qtable: pd.DataFrame, *,
    judge: str, report: Path | None, sweep_path: Path, judge_version: str = "", leave_out: Collection[str] = (),
) -> int:
    """Store (or replace) one sweep's figures; returns how many cells were stored.

    The cells in ``leave_out`` (a sweep's short cells: runs planned and never recorded, as an
    interrupted or still running sweep has) are not stored. Their figures cover part of their
    runs, yet the trend would compare them as whole measurements of the same questions; they
    are stored once the sweep is finished (``--resume``) and analysed again. A sweep none of
    whose cells is whole is not stored at all."""
    config = manifest.get("config") or {}
    env = manifest.get("environment") or {}
    if leave_out:
        stats = stats[~stats["cell"].isin(leave_out)]
        qtable = qtable.loc[[cell_name(str(model), str(mode)) not in leave_out for model, mode in zip(qtable["model"], qtable["mode"])]]
    with connect(db) as conn, conn:
        conn.execute("DELETE FROM sweeps WHERE sweep_id = ?", (sweep_id,))
        if not len(stats):
            return 0
        _insert(conn, "sweeps", {
            "sweep_id": sweep_id, "created_at": manifest.get("created_at") or "", "analysed_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "git_commit": env.get("git_commit") or "", "test_set": str(config.get("test_set") or ""), "runs": int(stats["runs"].sum()),
            "judge": judge, "judge_version": judge_version, "report": str(report or ""), "sweep_path": str(sweep_path),
            "source": "analysis", "question_set": question_set(manifest.get("questions") or (qtable["question_id"] if len(qtable) else [])),
        })
        # A cell that spent nothing (every run errored first) has no token figures: null, not
        # the 0 that would read as the most frugal sweep and drag the trend's median down.
        for _, row in with_token_figures(stats).iterrows():
            _insert(conn, "cells", {"sweep_id": sweep_id, "model": row["model"], "mode": row["mode"], "cell": row["cell"],
                                    **{name: row.get(name) for name in CELL_FIGURES}})
        conn.executemany(
            "INSERT OR REPLACE INTO questions (sweep_id, model, mode, question_id, runs, correct_share, majority) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(sweep_id, r.model, r.mode, r.question_id, int(r.runs), plain_value(r.correct_share), r.majority) for r in qtable.itertuples(index=False)],
        )
    return len(stats)


def question_set(question_ids: Any) -> str:
    """A short fingerprint of the questions a sweep ran: the trend compares sweeps of the same
    questions only (a sweep of one question, or of another questions file, under the same
    test-set name is no trend point)."""
    ids = sorted({str(q) for q in question_ids})
    return hashlib.sha256("\n".join(ids).encode()).hexdigest()[:12] if ids else ""


def history_frame(db: Path, *, cells: list[str] | None = None, last: int | None = None, test_set: str | None = None) -> pd.DataFrame:
    """One row per sweep x cell, oldest sweep first (``last``: only the last N sweeps)."""
    with connect(db) as conn:
        query = ("SELECT s.sweep_id, s.created_at, s.git_commit, s.test_set, s.judge, s.judge_version, s.question_set, s.source, s.report, "
                 "c.* FROM cells c "
                 "JOIN sweeps s USING (sweep_id)")
        params: list[Any] = []
        if test_set:
            query += " WHERE s.test_set = ?"
            params.append(test_set)
        frame = pd.read_sql_query(query + " ORDER BY s.created_at, s.sweep_id, c.model, c.mode", conn, params=params)
    frame = frame.loc[:, ~frame.columns.duplicated()]
    # Sweeps recorded before these columns existed have none: one unnamed set, one version.
    frame = frame.assign(question_set=frame["question_set"].fillna(""), judge_version=frame["judge_version"].fillna(""))
    if cells:
        frame = frame[frame["cell"].isin(cells)]
    if last:
        keep = list(dict.fromkeys(frame["sweep_id"]))[-last:]
        frame = frame[frame["sweep_id"].isin(keep)]
    return frame.reset_index(drop=True)


def prune(db: Path, keep: int, dry_run: bool = False) -> list[str]:
    """Forget all but the last ``keep`` sweeps; returns the sweep ids removed (with
    ``dry_run``, the ones that would be, and nothing is changed or created)."""
    if dry_run and not Path(db).exists():
        return []
    with connect(db) as conn, conn:
        ids = [r["sweep_id"] for r in conn.execute("SELECT sweep_id FROM sweeps ORDER BY created_at, sweep_id")]
        gone = ids[:-keep] if keep > 0 else ids
        if not dry_run:
            conn.executemany("DELETE FROM sweeps WHERE sweep_id = ?", [(sweep_id,) for sweep_id in gone])
        return gone


def comparable_on(metric: str) -> list[str]:
    """The columns two sweeps' rows must share for their ``metric`` to compare: the cell and
    the question set, and for accuracy also the judge and its version (a stricter judge
    lowers every figure). The trend gate and the history charts both go by it."""
    return ["cell", "question_set"] + (["judge", "judge_version"] if metric == "accuracy" else [])


def _comparable_rows(rows: pd.DataFrame, row: pd.Series, metric: str) -> pd.DataFrame:
    """The ``rows`` whose ``metric`` compares with ``row``'s (``comparable_on``)."""
    mask = pd.Series(True, index=rows.index)
    for column in comparable_on(metric):
        mask &= rows[column].fillna("") == (row[column] or "")
    return rows[mask]


def stored_fraction(value: float) -> Fraction:
    """A stored accuracy as the fraction it was rounded from.

    An accuracy is a mean of counts over runs and questions, so its denominator is small
    (questions x a common multiple of the run counts); the nearest fraction with a
    denominator up to a million is that one. Subtracting the floats instead made a drop from
    80% to 60% 20.000000000000004 points, past a 20-point limit."""
    return Fraction(value).limit_denominator(1_000_000)


def _limit_fraction(limit: float) -> Fraction:
    """A limit as the decimal it was written as (0.2 is 1/5, not the float nearest it)."""
    return Fraction(repr(limit))


def _outage(rows: pd.DataFrame) -> pd.Series:
    """Per row, whether every run of the cell ended in an error (unknown for a sweep
    recorded before the errored share was: counted as measured)."""
    if "errored_rate" not in rows:
        return pd.Series(False, index=rows.index)
    return rows["errored_rate"].fillna(0).astype(float) >= 1.0


def trend_gate(frame: pd.DataFrame, *, max_accuracy_drop: float | None = None, max_token_rise: float | None = None, window: int = 3) -> GateResult:
    """Each cell of the newest sweep against the median of its previous ``window`` sweeps.

    ``max_accuracy_drop`` is in accuracy points (0.05 = 5 pp); ``max_token_rise`` a ratio
    (0.2 = 20% more mean tokens). A cell with no earlier sweep, or no judged accuracy
    before, is reported as not compared (it passes: there is no trend to break). Accuracy
    is compared only with sweeps judged by the same judge at the same version (rules and
    rubric): a judge made stricter lowers every figure, and that is no regression. Only
    sweeps of the same questions count at all: one question's accuracy is no trend point
    for forty-five's. An earlier sweep whose every run of the cell errored is no trend point
    either; a newest one that spent nothing fails the token check, and a newest one not
    judged fails the accuracy check (nothing was measured), as does a cell the sweep before the
    newest ran and the newest did not."""
    checks: list[GateCheck] = []
    asked = [(key, limit, column) for key, limit, column in (("accuracy_drop", max_accuracy_drop, "accuracy"), ("token_rise", max_token_rise, "tokens_mean"))
             if limit is not None]
    if frame.empty:
        # No sweep matched the filters (a mistyped --cell or --test-set): nothing was gated,
        # and a CI job must not pass on that.
        return GateResult([GateCheck("(no sweep)", key, limit, None, False, "no sweep in the history matches the filters")
                           for key, limit, _ in asked])
    if "question_set" not in frame:
        frame = frame.assign(question_set="")  # sweeps of unknown questions: one set
    newest = frame["sweep_id"].iloc[-1]
    sweep_order = list(dict.fromkeys(frame["sweep_id"]))
    previous = sweep_order[-2] if len(sweep_order) > 1 else None
    for cell, group in frame.groupby("cell", sort=True):
        now = group[group["sweep_id"] == newest]
        if now.empty:
            # A cell the sweep before ran and the newest did not: a mode or model that stopped
            # running measures nothing, and a gate that cannot see it does not pass it.
            if previous is not None and (group["sweep_id"] == previous).any():
                checks += [GateCheck(str(cell), key, limit, None, False, f"not measured: the cell ran in sweep {previous} and not in the newest, {newest}")
                           for key, limit, _ in asked]
            continue
        row = now.iloc[-1]
        # An earlier sweep whose every run of the cell errored (an outage) measured nothing:
        # its 0% accuracy is no trend point, and would drag the median down to hide a drop.
        others = group[(group["sweep_id"] != newest) & ~_outage(group)]
        before = _comparable_rows(others, row, "tokens_mean").tail(window)
        same_judge = _comparable_rows(others, row, "accuracy").tail(window)
        for key, limit, column in asked:
            earlier = same_judge if column == "accuracy" else before
            past = [float(v) for v in earlier[column] if v is not None and not pd.isna(v)]
            current = row[column]
            if column == "tokens_mean" and (current is None or pd.isna(current)) and _outage(now).iloc[-1]:
                # A dead endpoint spent nothing: no rise, and no measurement either (as the
                # budget gate fails it, so does the trend, or an outage would pass CI).
                checks.append(GateCheck(str(cell), key, limit, None, False, "not measured: every run of the cell ended in an error before spending a token"))
                continue
            if column == "accuracy" and (current is None or pd.isna(current)):
                # Unjudged (or partly): the gate cannot see the accuracy it was asked to
                # guard, and a gate that cannot see does not pass, as the budget gate's doesn't.
                checks.append(GateCheck(str(cell), key, limit, None, False, "not measured: the newest sweep's accuracy is not "
                                        "judged (judge it: python analyze.py RUN_DIR --judge, or --judge-model offline)"))
                continue
            if not past or current is None or pd.isna(current):
                if not len(before):
                    why = "no earlier sweep of this cell on the same questions" if len(others) else f"no earlier {column} for this cell"
                else:
                    why = "no earlier sweep of this cell judged by the same judge and version" if column == "accuracy" else f"no earlier {column} for this cell"
                checks.append(GateCheck(str(cell), key, limit, None, True, f"not compared: {why}"))
                continue
            # Compared exactly: a change of exactly the limit passes ("past a limit fails").
            if key == "accuracy_drop":
                exact_median = statistics.median(stored_fraction(v) for v in past)
                drop = exact_median - stored_fraction(float(current))
                median, change, passed = float(exact_median), float(drop), drop <= _limit_fraction(limit)
                message = f"accuracy {float(current) * 100:.1f}% vs median {median * 100:.1f}% of {len(past)} earlier sweeps: drop {change * 100:+.1f} pp (limit {limit * 100:.1f} pp)"
            else:
                exact_median = statistics.median(Fraction(v) for v in past)  # mean tokens: the stored float as it is
                rise = Fraction(float(current)) / exact_median - 1 if exact_median else None
                median = float(exact_median)
                change, passed = (math.inf, False) if rise is None else (float(rise), rise <= _limit_fraction(limit))
                message = f"mean tokens {float(current):,.0f} vs median {median:,.0f} of {len(past)} earlier sweeps: {change * 100:+.1f}% (limit +{limit * 100:.0f}%)"
            checks.append(GateCheck(str(cell), key, limit, change, passed, message))
    return GateResult(checks)
