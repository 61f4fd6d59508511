"""`calibrate-judge --by-reason`: where the judge and people disagree, grouped by the rule
that gave each verdict."""
import json
from pathlib import Path

from click.testing import CliRunner

import analyze
from harness.judge.reasons import by_reason, format_by_reason, reason_of

SAMPLE = Path(__file__).parent / "data" / "human_labels_sample.jsonl"  # 120 labelled answers


def test_a_reason_loses_the_values_it_quotes_and_keeps_its_words():
    assert reason_of("numeric", "the answer commits to '2.6%'; the gold is 0.028 and no value in the answer matches it") == (
        "numeric: the answer commits to …; the gold is N and no value in the answer matches it"
    )
    # the apostrophes of "gold's" and "answer's" open no quotation
    assert reason_of("rules", "the answer's verdict agrees with the gold's") == "rules: the answer's verdict agrees with the gold's"
    assert reason_of("rules", "the gold picks 'operat', the answer 'invest'") == "rules: the gold picks …, the answer …"
    assert reason_of("rules", "the answer leaves out 2 of the names the gold lists") == reason_of(
        "rules", "the answer leaves out 3 of the names the gold lists")
    assert reason_of("llm", "The answer gives $1,577 million, as the gold does.") == "model judge"


def test_verdicts_are_counted_by_reason_and_label_with_the_most_disputed_first():
    verdicts = [
        ("tune", "correct", "incorrect", "rules: misses"),   # disagree
        ("heldout", "correct", "incorrect", "rules: misses"),  # disagree
        ("heldout", "incorrect", "incorrect", "rules: misses"),
        ("tune", "correct", "correct", "rules: agrees"),
        ("tune", "refusal", "correct", "rules: agrees"),  # disagree: refusal is not correct
        ("tune", "refusal", "incorrect", "rules: agrees"),  # same reason, another label: its own row
    ]
    rows = by_reason(verdicts)
    assert [(r.reason, r.judge_label, r.disagreements) for r in rows] == [
        ("rules: misses", "incorrect", 2), ("rules: agrees", "correct", 1), ("rules: agrees", "incorrect", 0)]
    assert rows[0].halves == {"tune": (1, 1), "heldout": (2, 1)}
    lines = format_by_reason(rows, ["tune", "heldout"], limit=1)
    assert any(line.startswith("incorrect") and "1 / 1" in line and "1 / 2" in line and "rules: misses" in line for line in lines)
    assert "... and 1 more reason(s)" in lines[-1]  # the row without a disagreement is never listed


def test_the_table_accounts_for_every_answer_and_every_disagreement():
    result = CliRunner().invoke(analyze.cli, ["calibrate-judge", str(SAMPLE), "--no-cache", "--json", "--by-reason", "1"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    rows = figures["by_reason"]
    answers = sum(h["answers"] for row in rows for h in row["halves"].values())
    disputed = sum(h["people_disagree"] for row in rows for h in row["halves"].values())
    assert answers == figures["n"] == 120
    assert disputed == round(figures["n"] * (1 - figures["binary_agreement"])) > 0
    for half, split in figures["splits"].items():
        assert sum(row["halves"].get(half, {}).get("answers", 0) for row in rows) == split["n"]
    # without the option the JSON stays as it was
    plain = json.loads(CliRunner().invoke(analyze.cli, ["calibrate-judge", str(SAMPLE), "--no-cache", "--json"]).output)
    assert "by_reason" not in plain


def test_the_printed_table_lists_the_most_disputed_reasons():
    result = CliRunner().invoke(analyze.cli, ["calibrate-judge", str(SAMPLE), "--no-cache", "--by-reason", "3"])
    assert result.exit_code == 0, result.output
    text = result.output.split("by the judge's reason", 1)[1]
    listed = [line for line in text.splitlines()[3:] if line and not line.startswith("...")]
    assert 1 <= len(listed) <= 3
    assert all(line.split()[0] in ("correct", "incorrect", "refusal") and " / " in line for line in listed)
