"""Read FinanceBench's human-labelled answers, the yardstick for every judge.

Each line of ``financebench_human_labels_dev.jsonl`` holds a model answer to one of the
open-source questions and the label a human reviewer gave it. The label strings
("Correct Answer", ...) are mapped to the judge's own ``correct | incorrect | refusal``.

``gold_answer`` is kept exactly as the reviewers saw it: numeric golds stay numbers turned
into text ("1577", "0.019" for 1.9%), and financebench_id_00070 keeps the gold that was
later corrected upstream, because agreement with a human is only meaningful against the
gold that human judged by.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from core.paths import SHARED_DIR
from core.text import lone_surrogate

HUMAN_LABELS_FILE = SHARED_DIR / "financebench" / "human_labels" / "financebench_human_labels_dev.jsonl"
LABEL_MAP = {"correct answer": "correct", "incorrect answer": "incorrect", "refusal": "refusal"}
# The strings a labels file is written with ("Correct Answer"), which LABEL_MAP reads back.
WRITTEN_LABEL = {label: written.title() for written, label in LABEL_MAP.items()}
HALVES = ("tune", "heldout")  # what split_of gives


@dataclass(frozen=True)
class LabelledAnswer:
    financebench_id: str
    model_name: str
    eval_mode: str
    question: str
    gold_answer: str
    model_answer: str
    label: str  # correct | incorrect | refusal
    labeller: str = ""  # who gave the label, where the file says (``analyze.py label`` writes it; FinanceBench's file does not)


def normalise_label(raw: str) -> str:
    """Map "Correct Answer" / "Incorrect Answer" / "Refusal" (any case) to the judge's labels."""
    key = str(raw).strip().lower()
    if key in LABEL_MAP:
        return LABEL_MAP[key]
    if key in LABEL_MAP.values():
        return key
    raise ValueError(f"unknown human label {raw!r}")


def _gold_text(value: object) -> str:
    # Numbers arrive as JSON numbers; 1577 and 1577.0 must both read "1577", 0.019 "0.019".
    if isinstance(value, bool) or value is None:
        return str(value or "")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    return str(value)


def load_human_labels(path: Path | str = HUMAN_LABELS_FILE) -> list[LabelledAnswer]:
    """All labelled answers of the file, in file order."""
    rows: list[LabelledAnswer] = []
    with Path(path).open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                data = json.loads(line)
                broken = lone_surrogate(data)
                if broken:
                    raise ValueError(f"the text holds half a character (a lone UTF-16 surrogate, {broken})")
                rows.append(LabelledAnswer(
                    financebench_id=str(data["financebench_id"]),
                    model_name=str(data.get("model_name", "")),
                    eval_mode=str(data.get("eval_mode", "")),
                    question=str(data.get("question", "")),
                    gold_answer=_gold_text(data.get("gold_answer")),
                    model_answer=str(data.get("model_answer") or ""),
                    label=normalise_label(data["label"]),
                    labeller=str(data.get("labeller") or ""),
                ))
            except (KeyError, ValueError, json.JSONDecodeError) as exc:
                raise ValueError(f"{path}:{number}: {exc}") from None
    return rows


def answer_key(financebench_id: str, answer: str) -> tuple[str, str]:
    """What makes two labelled answers one answer: the question and the answer's text. A
    deterministic model gives the same text on every run, and the same text labelled twice by
    one person would count twice in the agreement."""
    return financebench_id, answer.strip()


def people_agreement(rows: list[LabelledAnswer]) -> dict[str, float | int] | None:
    """How often two people, labelling the same answer, agree on correct-vs-not: the ceiling
    a judge's agreement with one person is read against (people disagree too, and a judge
    cannot agree with both). An answer is its question and its text; only labels whose
    labeller is named count, each labeller's last label of an answer. None when no answer
    has labels from two people."""
    by_answer: dict[tuple[str, str], dict[str, str]] = {}
    for row in rows:
        if row.labeller:
            by_answer.setdefault(answer_key(row.financebench_id, row.model_answer), {})[row.labeller] = row.label
    pairs = agreeing = answers = 0
    for labels in by_answer.values():
        said = [label == "correct" for label in labels.values()]
        if len(said) < 2:
            continue
        answers += 1
        for first in range(len(said)):
            for second in range(first + 1, len(said)):
                pairs += 1
                agreeing += said[first] == said[second]
    if not pairs:
        return None
    return {"answers": answers, "pairs": pairs, "binary_agreement": agreeing / pairs}


def split_of(financebench_id: str) -> str:
    """``"tune"`` or ``"heldout"``: a fixed half of the questions, by a hash of the id.

    Splitting by question (not by answer) keeps every answer to a question on one side,
    so rules tuned on one half cannot have seen the other half's golds.
    """
    digest = hashlib.md5(financebench_id.encode("utf-8")).hexdigest()
    return "heldout" if int(digest, 16) % 2 else "tune"
