"""Every format the retrievers and their models exchange, each writer beside its reader: one
protocol, so that whoever writes a prompt, a tool result or a reply (the retrievers, the
rule-based baseline, a scripted model) and whoever reads it agree by construction, and a
format change breaks a round-trip test (tests/test_protocol.py) instead of silently moving
a figure.

- ``blocks``: tagged blocks, ``<question>...</question>``, one piece of data per block, so a
  model can tell data from instructions (an answer that says "ignore the rubric" stays
  inside its block); the block names are constants here.
- ``prompts``: what the blocks carry: the section index, simple mode's documents, the
  iterative synthesis's findings, failed searches and loop state, a planner task's results,
  signature and named inputs, a table of contents or a section to summarise.
- ``tools``: ``fetch_section`` and ``grep_section`` results, the extraction cache's reply.
- ``replies``: section scores, answers and synthesis decisions, extraction returns, plans,
  task results, quality-gate and judge verdicts, table-of-contents entries, summaries; and
  each role's reply reader, which says why a reply is not a valid one (``MalformedOutput``).
"""
from core.protocol.blocks import (  # noqa: F401
    DEPENDENCIES,
    DOCUMENT,
    DOCUMENTS,
    FAILED_SEARCHES,
    FINDINGS,
    INPUTS,
    LOOP,
    PREVIOUS_PLAN,
    QUESTION,
    RESULTS,
    SECTION,
    SECTIONS,
    SHOPPING_ITEM,
    SIGNATURE,
    SUBSECTIONS,
    TASK,
    TOC,
    block,
    read_block,
    read_blocks,
)
from core.protocol.prompts import (  # noqa: F401
    FINDING_LINE,
    INPUT_LINE,
    NO_FAILED_SEARCHES,
    NO_FINDINGS,
    NO_INPUTS,
    SECTION_LINE,
    Document,
    SectionLine,
    SectionToSummarise,
    SignatureField,
    format_documents,
    format_failed_searches,
    format_findings,
    format_inputs,
    format_loop_state,
    format_section_line,
    format_section_to_summarise,
    format_signature,
    format_task_results,
    format_toc_text,
    is_last_chance,
    parse_findings,
    parse_inputs,
    parse_section_index,
    read_documents,
    read_failed_searches,
    read_section_to_summarise,
    read_signature,
    read_task_results,
    read_toc_text,
)
from core.protocol.replies import (  # noqa: F401
    JUDGE_LABELS,
    TASK_FAIL_REPLY,
    Decision,
    ExtractionReturn,
    GateVerdict,
    JudgeVerdict,
    MalformedOutput,
    PlanDraft,
    PlannedAgent,
    PlannedTask,
    TaskResult,
    TocEntry,
    format_scores,
    format_summary_reply,
    format_toc_reply,
    read_scores,
    read_scores_reply,
    read_summary_reply,
    read_summary_text_reply,
    read_toc_entries_reply,
    read_toc_reply,
)
from core.protocol.tools import (  # noqa: F401
    AlreadyExtracted,
    FetchResult,
    GrepMatch,
    GrepResult,
    ToolError,
    ToolResultData,
    read_tool_result,
    tool_result_json,
)
