"""A run of thousands of digits in model output or a user's file is bad input, not a crash.

Python's ``int()`` (and so ``json.loads``) refuses integers of over 4,300 digits with a plain
``ValueError``, not the ``JSONDecodeError`` the readers catch. A model stuck repeating a digit
writes such a run; each place that reads model text or a user's file must treat it as the
malformed output or bad input it is, not end the run as an "internal" error or the command
with a traceback.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.errors import UserError
from core.llm.types import decode_tool_arguments
from core.protocol.blocks import json_or, read_pages
from core.reply_parsing import MalformedOutput, parse_json_object
from core.results import Finding
from harness.dataset import load_questions

LONG = "9" * 5000


def test_a_reply_holding_a_number_too_long_to_read_is_malformed_output() -> None:
    # Malformed output is re-asked once and then classified as such, not as a bug.
    with pytest.raises(MalformedOutput, match="expected a JSON object"):
        parse_json_object('{"status": "answer", "answer": "x", "confidence": ' + LONG + "}")


def test_tool_arguments_holding_one_say_so_in_the_parse_error() -> None:
    arguments, problem = decode_tool_arguments('{"page": ' + LONG + "}")
    assert arguments == {}
    assert problem is not None and problem.startswith("arguments are not valid JSON (Exceeds the limit")


def test_a_page_too_long_to_be_a_page_names_none() -> None:
    assert Finding("capex", 1577.0, "USD millions", LONG).page_number is None
    assert Finding("capex", 1577.0, "USD millions", "51").page_number == 51
    assert read_pages(f"{LONG}-52") == (52, 52)
    assert json_or('{"pages": ' + LONG + "}", "unread") == "unread"


def test_a_questions_file_holding_one_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "questions.jsonl"
    path.write_text('{"financebench_id": "q1", "question": "Capex?", "answer": ' + LONG + "}\n", encoding="utf-8")
    with pytest.raises(UserError, match=r"questions\.jsonl:1: not valid JSON \(Exceeds the limit"):
        load_questions(path)
    json.loads('{"answer": 1577}')  # an ordinary number still reads


def test_a_filing_line_that_mimics_a_page_marker_is_text() -> None:
    # The offline model reads "[Page N]" markers the tools write; a PDF line of the same
    # shape with a number no page has is the filing's text, not a marker to parse.
    from baseline.tables import iter_rows, page_lines

    text = f"[Page 7]\nNet sales $ 34,229 $ 35,355\n[Page {LONG}]\nCost of sales $ 18,100 $ 19,372"
    assert [page for page, _ in page_lines(text)] == [7, 7, 7]
    assert {row.page for row in iter_rows(text)} == {7}
