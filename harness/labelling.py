"""People's labels on a sweep's answers (``analyze.py label``), for calibrating the judge.

A judge is trusted only as far as it agrees with people, and FinanceBench's human labels
judge another model's answers on their own questions. This asks a person to label the
answers of a sweep, one at a time, and adds each label to a file in FinanceBench's
human-labels format, which ``analyze.py calibrate-judge`` reads.

What a labeller sees is what FinanceBench's reviewers saw: the question, the gold answer and
its justification, and the answer. Not the judge's verdict, which would pull the label
towards it, nor the model or mode that answered, which would pull it towards what the
labeller expects of them (both are stored with the label, for whoever reads the file).

Each label is on disk (written, flushed and synced) before the next answer shows, so a
crash, Ctrl-C or a closed terminal loses none; the same command goes on where it stopped,
since an answer the same labeller has labelled is not asked again (another person's label
on it does not spare it: ``calibrate-judge`` reports how often two people agree). One session writes a file at a
time (an OS lock): two would ask the same answers twice. A session that adds nothing to a
file it made leaves no empty file behind.
"""
from __future__ import annotations

import fcntl
import hashlib
import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

from core.errors import UserError
from core.records import RunRecord
from core.text import terminal_safe
from harness.dataset import Question
from harness.judge.labels import HALVES, WRITTEN_LABEL, LabelledAnswer, answer_key, load_human_labels, split_of

CHOICES = ("all", *HALVES)  # which half of the questions a session labels


@dataclass(frozen=True)
class ToLabel:
    """One answer to label: the run that gave it and the question it answers."""

    record: RunRecord
    question: Question

    @property
    def half(self) -> str:
        return split_of(self.question.id)


def answers_to_label(records: list[RunRecord], questions: dict[str, Question], labelled: set[tuple[str, str]],
                     half: str = "all") -> list[ToLabel]:
    """The sweep's answers not labelled yet, each text once, in an order that mixes
    questions, models and modes: a session stopped early has labelled a spread of them,
    not every answer to the first question. The order is a hash of question and answer, so
    it is the same on every machine and in every session."""
    if half not in CHOICES:
        raise UserError(f"unknown half {half!r}", f"pass one of {', '.join(CHOICES)}")
    chosen: dict[tuple[str, str], ToLabel] = {}
    for record in records:
        question = questions.get(record.question_id)
        if record.status != "ok" or not record.answer.strip() or question is None:
            continue  # a failed run has no answer to label; a question without a gold cannot be labelled
        if half != "all" and split_of(question.id) != half:
            continue
        key = answer_key(question.id, record.answer)
        if key not in labelled:
            chosen.setdefault(key, ToLabel(record, question))
    return [chosen[key] for key in sorted(chosen, key=lambda key: hashlib.sha256("\0".join(key).encode()).hexdigest())]


def label_line(item: ToLabel, label: str, labeller: str, sweep_id: str) -> str:
    """One line of the labels file: FinanceBench's fields, then where the answer came from."""
    row = {
        "financebench_id": item.question.id,
        "model_name": item.record.model,
        "eval_mode": item.record.mode,
        "question": item.question.text,
        "gold_answer": item.question.gold.answer,
        "model_answer": item.record.answer,
        "label": WRITTEN_LABEL[label],
        "labeller": labeller,
        "labelled_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "sweep_id": sweep_id,
        "run_id": item.record.run_id,
    }
    return json.dumps(row, ensure_ascii=False) + "\n"


class LabelFile:
    """A labels file open for adding to, held by one session (see ``open_label_file``)."""

    def __init__(self, handle: IO[bytes], rows: list[LabelledAnswer], repaired: bool, labeller: str):
        self._handle = handle
        self.rows = rows
        self.repaired = repaired  # a half-written last line was dropped on opening
        # The answers this labeller has labelled: another person's label on an answer does not
        # spare it, since two people's labels on one answer say how far people agree.
        self.labelled = {answer_key(row.financebench_id, row.model_answer) for row in rows if row.labeller == labeller}
        self.added = 0

    def add(self, line: str) -> None:
        """Append one label and put it on disk before returning."""
        self._handle.write(line.encode("utf-8"))
        self._handle.flush()
        os.fsync(self._handle.fileno())
        self.added += 1


@contextmanager
def open_label_file(path: Path, labeller: str = "") -> Iterator[LabelFile]:
    """The labels file at ``path`` (made when missing), locked for this session, with the
    labels it already holds (``labeller``'s are not asked again). A last line cut short (a crash mid-write of another tool) is
    dropped; any other line that is no label stops the session before anything is added,
    since adding to a file calibrate-judge cannot read would waste the labels."""
    existed = path.exists()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = path.open("a+b")
    except OSError as exc:
        raise UserError(f"cannot write the labels file {path}: {exc.strerror or exc}", "pass --out a file in a folder you can write to") from None
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise UserError(f"{path} is being written by another label session",
                            "finish that session first, or pass --out another file (two sessions would ask the same answers)") from None
        repaired = _drop_torn_tail(handle)
        try:
            rows = load_human_labels(path)
        except (ValueError, UnicodeDecodeError) as exc:
            raise UserError(f"{path} is not a labels file calibrate-judge can read: {exc}",
                            "fix or remove that line, or pass --out another file") from None
        yield LabelFile(handle, rows, repaired, labeller)
    finally:
        if not existed and not handle.tell() and not os.fstat(handle.fileno()).st_size:
            path.unlink(missing_ok=True)  # made for a session that added nothing: no empty file left behind
        handle.close()  # closing releases the lock


def _drop_torn_tail(handle: IO[bytes]) -> bool:
    """Cut a last line that has no line end and is no JSON (half written); give a whole one
    its line end. True when something was cut."""
    handle.seek(0, os.SEEK_END)
    size = handle.tell()
    if not size:
        return False
    handle.seek(max(0, size - 1))
    if handle.read(1) == b"\n":
        return False
    handle.seek(0)
    data = handle.read()
    start = data.rfind(b"\n") + 1
    try:
        json.loads(data[start:])
    except ValueError:
        handle.truncate(start)
        return True
    handle.write(b"\n")
    handle.flush()
    return False


# What the labeller types: a label, or skip (asked again next session) or quit.
KEYS = {"c": "correct", "i": "incorrect", "r": "refusal", "s": "skip", "q": "quit"}
PROMPT = "label: [c]orrect, [i]ncorrect, [r]efusal, [s]kip, [q]uit"


def shown(item: ToLabel, position: int, total: int) -> str:
    """What the labeller reads for one answer (see the module's docstring for what is left out)."""
    gold = item.question.gold
    lines = [
        "",
        f"=== answer {position} of {total} · {item.question.id} ({item.half} half) · {item.question.doc_name}",
        f"QUESTION: {item.question.text}",
        f"GOLD ANSWER: {gold.answer}",
    ]
    if gold.justification.strip():
        lines.append(f"GOLD JUSTIFICATION: {gold.justification.strip()}")
    lines += ["ANSWER:", item.record.answer.strip(), ""]
    return terminal_safe("\n".join(lines))


def label_session(items: list[ToLabel], labels: LabelFile, *, ask: Callable[[str], str], show: Callable[[str], None],
                  labeller: str, sweep_id: str, limit: int | None = None) -> str:
    """Ask for a label on each item in turn and add it to ``labels``. ``ask`` returns a key
    of ``KEYS`` (the caller makes end of input or Ctrl-C a "q"). Returns why it stopped:
    ``done`` (every item seen), ``quit`` or ``limit``."""
    for position, item in enumerate(items, 1):
        if limit is not None and labels.added >= limit:
            return "limit"
        show(shown(item, position, len(items)))
        choice = KEYS[ask(PROMPT)]
        if choice == "quit":
            return "quit"
        if choice != "skip":
            labels.add(label_line(item, choice, labeller, sweep_id))
    return "done"
