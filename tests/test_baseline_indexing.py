"""The baseline's indexing roles: a table of contents read line by line, an extractive summary."""
from __future__ import annotations

import json

from baseline.indexing import extractive_summary
from baseline.policy import respond
from core.llm.types import CompletionRequest, Message
from core.protocol import TocEntry, format_toc_text, read_summary_reply, read_toc_reply
from core.protocol.toc_lines import parse_toc

TOC = """TABLE OF CONTENTS
Page
PART I
Item 1. Business 4
Item 7. Management's Discussion and Analysis of
Financial Condition and Results of Operations 19
Item 8. Financial Statements and Supplementary Data 40
Consolidated Statement of Income 42
Notes to Consolidated Financial Statements 48
Note 1. Significant Accounting Policies 48
Note 2. Revenue 53
Signatures 90"""


def test_entries_levels_and_wrapped_titles():
    assert parse_toc(TOC, 95) == [
        TocEntry("Item 1. Business", 4, 0),
        TocEntry("Item 7. Management's Discussion and Analysis of Financial Condition and Results of Operations", 19, 0),
        TocEntry("Item 8. Financial Statements and Supplementary Data", 40, 0),
        TocEntry("Consolidated Statement of Income", 42, 1),
        TocEntry("Notes to Consolidated Financial Statements", 48, 1),
        TocEntry("Note 1. Significant Accounting Policies", 48, 2),
        TocEntry("Note 2. Revenue", 53, 2),
        TocEntry("Signatures", 90, 0),
    ]


def test_a_page_beyond_the_document_is_not_an_entry():
    assert parse_toc("Item 1. Business 4\nItem 2. Properties 400", 95) == [TocEntry("Item 1. Business", 4, 0)]


def test_the_roles_answer_in_the_protocol_s_replies():
    toc = respond(CompletionRequest("system", [Message.user(f"Parse it.\n\n{format_toc_text(TOC, 95)}")], role="toc_parser"))[0]
    assert read_toc_reply(json.loads(toc)) == (parse_toc(TOC, 95), 0)
    section = ('<section title="Consolidated Statement of Income" pages="42-42">\nConsolidated Statement of Income\n'
               "(Millions) 2022 2021\nNet sales $ 34,229 $ 35,355\nOperating income 6,539 7,369\n</section>")
    summary = read_summary_reply(json.loads(respond(CompletionRequest("system", [Message.user(section)], role="summarizer"))[0]))
    assert summary is not None and "Table rows: Net sales, Operating income." in summary


def test_a_summary_without_prose_or_tables_says_what_little_there_is():
    summary = extractive_summary("Item 4. Mine Safety Disclosures", "Item 4. Mine Safety Disclosures\nNot applicable.")
    assert summary.startswith("Item 4. Mine Safety Disclosures: Not applicable.")
