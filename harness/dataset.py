"""FinanceBench questions and test sets.

A ``Question`` keeps what a retriever may see (the question text, the document) apart
from its ``Gold`` (answer, justification, evidence), which only the judge and the
evidence-recall metric read. Retrievers are handed ``question.text`` and nothing else.
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.errors import UserError
from core.paths import QUESTIONS_DIR
from core.text import json_error, lone_surrogate

QUESTIONS_FILE = QUESTIONS_DIR / "financebench_open_source.jsonl"
TEST_SETS_FILE = QUESTIONS_DIR / "test_sets.json"
REQUIRED_FIELDS = ("financebench_id", "doc_name", "question", "answer")
TEXT_FIELDS = ("doc_name", "question", "answer", "justification", "company", "question_type", "question_reasoning")
SAFE_ID = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,120}")
# Limits far above FinanceBench (its longest question is 592 characters, its longest line
# 26 KB, the whole file 0.9 MB) that stop a pathological file before it costs minutes.
MAX_QUESTION_CHARS = 10_000
MAX_DOC_NAME_CHARS = 200  # it names a PDF file: <doc_name>.pdf
MAX_LINE_BYTES = 4 * 1024 * 1024
MAX_FILE_BYTES = 256 * 1024 * 1024


@dataclass(frozen=True)
class Evidence:
    page: int  # 1-based physical PDF page (FinanceBench's evidence_page_num + 1)
    text: str = ""


@dataclass(frozen=True)
class Gold:
    answer: str
    justification: str = ""
    evidence: tuple[Evidence, ...] = ()

    @property
    def evidence_pages(self) -> list[int]:
        return sorted({e.page for e in self.evidence})


@dataclass(frozen=True)
class Question:
    id: str
    doc_name: str
    text: str
    company: str = ""
    question_type: str = ""
    question_reasoning: str = ""
    gold: Gold = field(default_factory=lambda: Gold(""))


def _read_jsonl(path: Path, what: str) -> list[tuple[int, dict[str, Any]]]:
    """(line number, object) for every non-blank line; UserError naming the line otherwise."""
    if path.is_dir():
        raise UserError(f"{path} is a folder, not a {what} file", "pass the JSON Lines file itself (e.g. questions/financebench_open_source.jsonl)")
    if path.exists() and not path.is_file():
        raise UserError(f"{path} is a device or a pipe, not a {what} file", "pass a JSON Lines file")
    if not path.is_file():
        raise UserError(f"{what} file not found: {path}", "check the path, or reinstall the project to restore questions/")
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise UserError(f"{path} is {size / 1e6:.0f} MB, over the {MAX_FILE_BYTES // 2**20} MB a {what} file may be", "split it into smaller files")
    rows: list[tuple[int, dict[str, Any]]] = []
    fix = "fix that line; each line must be one JSON object"
    with path.open("rb") as handle:
        for number, raw in enumerate(iter(lambda: handle.readline(MAX_LINE_BYTES + 1), b""), 1):
            if len(raw) > MAX_LINE_BYTES:
                raise UserError(f"{path}:{number}: the line is over {MAX_LINE_BYTES // 2**20} MB", "a question is a few hundred characters; " + fix)
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise UserError(f"{path}:{number}: not UTF-8 text (byte {exc.start} of the line)", "save the file as UTF-8") from None
            if number == 1:
                line = line.removeprefix("\ufeff")  # the byte-order mark some editors write: no part of the JSON
            if not line.strip():
                continue
            if not rows and _opens_json_array(line):
                # A JSON array (or a pretty-printed file) is the commonest wrong format.
                raise UserError(f"{path}:{number}: a JSON array, not JSON Lines",
                                "write one question object per line (e.g. jq -c '.[]' questions.json > questions.jsonl)")
            try:
                row = json.loads(line)
            except ValueError as exc:  # not JSON, or an integer of over 4,300 digits
                if not rows and line.strip() == "{":
                    raise UserError(f"{path}:{number}: a pretty-printed JSON object, not JSON Lines",
                                    "write each question as one JSON object on one line (e.g. jq -c . questions.json)") from None
                raise UserError(f"{path}:{number}: not valid JSON ({json_error(exc)})", fix) from None
            except RecursionError:
                raise UserError(f"{path}:{number}: JSON nested too deeply", fix) from None
            if not isinstance(row, dict):
                raise UserError(f"{path}:{number}: expected a JSON object, got {type(row).__name__}", "one object per line")
            rows.append((number, row))
    return rows


def _opens_json_array(line: str) -> bool:
    """The first line of a JSON array: "[" alone (pretty-printed), "[{...}, ...]" or "[ {",
    not a TOML or INI section header ("[defaults]"), which is no JSON of any kind."""
    text = line.strip()
    if not text.startswith("["):
        return False
    if text == "[" or text[1:].lstrip()[:1] in ("{", "[", "]", '"'):
        return True
    try:
        return isinstance(json.loads(text), list)  # "[1, 2]"
    except (ValueError, RecursionError):
        return False


HF_PREFIX = "hf:"


def _read_hf(spec: str) -> list[tuple[int, dict[str, Any]]]:
    """Rows of a Hugging Face dataset, ``hf:NAME[@SPLIT]`` (default split: train), e.g.
    ``hf:PatronusAI/financebench``. NAME may be a hub id, a local folder of data files, or a
    folder written by ``Dataset.save_to_disk``. Needs the ``datasets`` package."""
    name, _, split = spec[len(HF_PREFIX):].partition("@")
    if not name:
        raise UserError(f"{spec!r} names no dataset", "write hf:NAME[@SPLIT], e.g. hf:PatronusAI/financebench or hf:LOCAL_FOLDER@train")
    try:
        import datasets
    except ImportError:
        raise UserError(f"{spec} needs the datasets package", "pip install datasets, or pass a FinanceBench JSONL file") from None
    try:
        if Path(name).is_dir() and (Path(name) / "dataset_info.json").is_file():
            loaded = datasets.load_from_disk(name)
            table = loaded[split or "train"] if isinstance(loaded, datasets.DatasetDict) else loaded
        else:
            table = datasets.load_dataset(name, split=split or "train")
    except Exception as exc:  # noqa: BLE001 - the hub, the network and the files fail in many ways; say which
        raise UserError(f"cannot load questions from {spec}: {str(exc).splitlines()[0][:300]}",
                        "check the dataset name and split (hf:NAME@SPLIT) and the network, or pass a local JSONL file") from None
    return [(number, dict(row)) for number, row in enumerate(table, 1)]


def _evidence(row: dict[str, Any], where: str) -> list[Evidence]:
    """FinanceBench's evidence list: objects with a 0-based ``evidence_page_num``."""
    items = row.get("evidence")
    if items is None:
        return []
    if not isinstance(items, list):
        raise UserError(f"{where}: evidence is {type(items).__name__}, not a list", "write evidence as a list of objects, or leave it out")
    evidence = []
    for item in items:
        if not isinstance(item, dict):
            raise UserError(f"{where}: an evidence item is {type(item).__name__}, not an object",
                            "each evidence item is an object with evidence_page_num and evidence_text")
        page, text = item.get("evidence_page_num"), item.get("evidence_text")
        if page is not None and (not isinstance(page, int) or isinstance(page, bool)):
            raise UserError(f"{where}: evidence_page_num {str(page)[:40]!r} is not a whole number", "write the 0-based page number")
        if text is not None and not isinstance(text, str):
            raise UserError(f"{where}: evidence_text is {type(text).__name__}, not text", "write the evidence as text")
        if isinstance(page, int) and page >= 0:
            evidence.append(Evidence(page + 1, text or ""))
    return evidence


def load_questions(path: Path | str = QUESTIONS_FILE) -> list[Question]:
    """Read FinanceBench-format questions, refusing missing fields and duplicate ids: a
    JSONL file, or ``hf:NAME[@SPLIT]`` for a Hugging Face dataset with the same columns."""
    text = str(path)
    rows = _read_hf(text) if text.startswith(HF_PREFIX) else _read_jsonl(Path(path), "questions")
    questions: list[Question] = []
    seen: set[str] = set()
    for number, row in rows:
        where = f"{path}:{number}"
        wrong = [f for f in (*TEXT_FIELDS, "financebench_id") if row.get(f) is not None and not isinstance(row[f], str)]
        if isinstance(row.get("financebench_id"), int) and not isinstance(row["financebench_id"], bool):
            wrong.remove("financebench_id")  # a numeric id reads as its digits
        if wrong:
            raise UserError(f"{where}: {', '.join(wrong)} must be text", "write each of them as a JSON string")
        broken = lone_surrogate(row)
        if broken:
            raise UserError(f"{where}: the text holds half a character (a lone UTF-16 surrogate, {broken})",
                            "write the whole character (both halves of the pair) or remove the escape")
        missing = [f for f in REQUIRED_FIELDS if not str(row.get(f) or "").strip()]
        if missing:
            raise UserError(
                f"{where}: question {str(row.get('financebench_id', 'no id'))[:60]} lacks {', '.join(missing)}",
                "every question needs financebench_id, doc_name, question and answer",
            )
        if len(row["doc_name"]) > MAX_DOC_NAME_CHARS or not row["doc_name"].isprintable():
            raise UserError(f"{where}: doc_name {row['doc_name'][:60]!r} is not a document name", "write the filing's name, e.g. 3M_2022_10K")
        if len(row["question"]) > MAX_QUESTION_CHARS:
            raise UserError(
                f"{where}: the question is {len(row['question']):,} characters, over the limit of {MAX_QUESTION_CHARS:,}",
                "ask a question, not a document; FinanceBench's longest is 592 characters",
            )
        qid = str(row["financebench_id"])
        if not SAFE_ID.fullmatch(qid):
            raise UserError(
                f"{where}: question id {qid[:60]!r} has characters other than letters, digits, '_', '-' and '.' (or is over 121)",
                "ids name trace files, so they must be plain names such as financebench_id_00499",
            )
        if qid in seen:
            raise UserError(f"{path}: duplicate question id {qid}", "give every question a unique financebench_id")
        seen.add(qid)
        evidence = _evidence(row, where)
        questions.append(
            Question(
                id=qid,
                doc_name=str(row["doc_name"]),
                text=str(row["question"]).strip(),
                company=str(row.get("company") or ""),
                question_type=str(row.get("question_type") or ""),
                question_reasoning=str(row.get("question_reasoning") or ""),
                gold=Gold(str(row["answer"]), str(row.get("justification") or ""), tuple(evidence)),
            )
        )
    if not questions:
        raise UserError(f"{path}: no questions in the file", "point --questions at a FinanceBench-format JSONL file")
    return questions


def load_test_sets(path: Path | str = TEST_SETS_FILE) -> dict[str, dict[str, Any]]:
    try:
        sets = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as exc:
        raise UserError(f"cannot read test sets from {path}: {exc}", "restore questions/test_sets.json") from None
    if not isinstance(sets, dict) or not all(isinstance(v, dict) for v in sets.values()):
        raise UserError(f"{path} is not an object of test sets", "restore questions/test_sets.json")
    return sets


def select_questions(
    questions: Iterable[Question],
    test_set: str,
    question_filter: str | None = None,
    test_sets: dict[str, dict[str, Any]] | None = None,
) -> list[Question]:
    """Questions of a named test set (all, listed ids, companies or documents), or of every
    document whose name starts with ``test_set``; ``question_filter`` keeps ids containing it (as the seed bench did)."""
    questions = list(questions)
    sets = load_test_sets() if test_sets is None else test_sets
    if test_set in sets:
        spec = sets[test_set]
        if spec.get("all"):
            chosen = questions
        elif "question_ids" in spec:
            wanted = set(spec["question_ids"])
            chosen = [q for q in questions if q.id in wanted]
        elif "companies" in spec:  # a split by company: no company's filings on both sides
            companies = set(spec["companies"])
            chosen = [q for q in questions if q.company in companies]
        else:
            docs = set(spec.get("doc_names", []))
            chosen = [q for q in questions if q.doc_name in docs]
    else:
        chosen = [q for q in questions if q.doc_name.startswith(test_set)]
        if not chosen:
            raise UserError(
                f"unknown test set {test_set!r}",
                f"use one of {', '.join(sorted(sets))} or a document-name prefix such as 3M_2022",
            )
    if not chosen and questions:
        # The default set "sample" lists the bundled filings: a file of other questions
        # shares none of them, and the failure must not read as missing PDFs.
        raise UserError(
            f"test set {test_set!r} selects none of the {len(questions)} questions in the questions file",
            "pass --test-set full for all of them, or a document-name prefix such as " + questions[0].doc_name.split("_")[0],
        )
    if question_filter:
        chosen = [q for q in chosen if question_filter in q.id]
        if not chosen:
            raise UserError(
                f"no question in test set {test_set!r} has an id containing {question_filter!r}",
                "check the id (e.g. --question 01865) or pick another --test-set",
            )
    return chosen
