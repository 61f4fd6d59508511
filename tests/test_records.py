"""The run record: version 2 holds its typed result, writes the flat contract, reads version 1."""
from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path

from core.records import RECORD_VERSION, RunRecord
from core.results import FailedSearch, Finding, Provenance, RetrievalResult
from harness.stats.frame import records_frame

V1 = Path(__file__).parent / "data" / "runs_v1.jsonl"


def v1_lines() -> list[dict]:
    return [json.loads(line) for line in V1.read_text().splitlines()]


def test_a_version_1_record_reads_into_typed_findings_and_provenance():
    data = v1_lines()[0]
    assert data["record_version"] == 1 and data["findings"]
    record = RunRecord.from_dict(data)
    assert record.status == "ok" and record.answer == data["answer"]
    assert all(isinstance(f, Finding) for f in record.findings)
    assert [f.label for f in record.findings] == [f["label"] for f in data["findings"]]
    assert record.findings[0].value == data["findings"][0]["value"]
    assert isinstance(record.provenance, Provenance) and record.provenance.ok is data["provenance"]["ok"]
    assert record.result.iterations == data["iterations"] and record.findings_count == len(data["findings"])


def test_a_version_1_record_is_written_back_as_version_2_with_the_same_contract_keys():
    for data in v1_lines():
        written = RunRecord.from_dict(data).to_dict()
        assert written["record_version"] == RECORD_VERSION == 2
        assert set(data) <= set(written)  # nothing a reader of version 1 relied on is gone
        for key in ("run_id", "answer", "sources", "status", "iterations", "findings_count", "replans", "plan", "usage"):
            assert written[key] == data[key], key


def test_version_2_round_trips_exactly():
    result = RetrievalResult(
        "ok", answer="Capex was $1,749 million (p. 5).", sources=["p. 5"], confidence="high", turns=3, iterations=2,
        findings=[Finding("capex_2022", 1749, "millions_usd", 5, "Cash flows", "FY2022 capex", 1)],
        failed_searches=[FailedSearch("segment capex", "not broken out", ["note_17"])],
        extra={"extraction_cache_hits": 1},
    )
    record = RunRecord("r1", "q1", "DOC", "offline", "iterative", 1, "ok", result=result,
                       provenance=Provenance(1, 1, 0, [], True), pages_fetched=[5])
    line = json.loads(json.dumps(record.to_dict()))
    again = RunRecord.from_dict(line)
    assert again == record


def test_a_declined_run_keeps_its_reason_and_an_errored_run_its_error():
    declined = RunRecord("r1", "q1", "DOC", "m", "agent", 1, "fail", result=RetrievalResult("fail", reason="not in the filing"))
    assert declined.to_dict()["error"] == "not in the filing"
    assert RunRecord.from_dict(declined.to_dict()).reason == "not in the filing"
    errored = RunRecord("r2", "q1", "DOC", "m", "agent", 1, "error", error="provider error: 500")
    assert RunRecord.from_dict(errored.to_dict()).reason == "provider error: 500"


def test_the_run_frame_has_a_column_for_every_scalar_field_of_the_types():
    record = RunRecord.from_dict(v1_lines()[0])
    frame = records_frame([record])
    nested = {"result", "usage", "tool_stats", "provenance", "record_version"}
    expected = {f.name for f in fields(RunRecord)} - nested
    expected |= {f.name for f in fields(RetrievalResult)} - {"status", "reason", "findings", "failed_searches", "plan", "extra"}
    expected |= {f"provenance_{f.name}" for f in fields(Provenance)}
    expected |= {"tokens_total", "tokens_input", "tool_fetch", "findings_count", "failed_searches_count", "cell", "cost_known"}
    assert expected <= set(frame.columns), expected - set(frame.columns)
    assert frame.loc[0, "findings_count"] == len(record.findings)


def test_a_file_written_whole_gets_the_usual_mode_not_a_private_one(tmp_path):
    # mkstemp's 0600 made manifest.json and the indexes unreadable to a colleague's account
    # while runs.jsonl beside them was readable. (Under a private umask both are 0600.)
    import stat

    from core.files import write_json_atomic

    write_json_atomic(tmp_path / "manifest.json", {"a": 1})
    (tmp_path / "plain.txt").write_text("x")
    assert stat.S_IMODE((tmp_path / "manifest.json").stat().st_mode) == stat.S_IMODE((tmp_path / "plain.txt").stat().st_mode)


def test_two_files_stamped_in_the_same_second_get_two_names(tmp_path):
    # Two `ask --trace` runs started together wrote one trace file; the second run's was lost.
    from core.files import new_stamped_file

    first, second = new_stamped_file(tmp_path, "_simple.jsonl"), new_stamped_file(tmp_path, "_simple.jsonl")
    assert first != second and first.is_file() and second.is_file()
    assert second.name.endswith("_simple.jsonl")
