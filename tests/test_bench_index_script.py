"""``scripts/bench_index.py`` times raw extraction against a cold build and counts the PDFs
within the 1.5x target, naming those over it."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import load_script

ROOT = Path(__file__).resolve().parent.parent
SMALL = [ROOT / "data" / "pdfs" / "FOOTLOCKER_2022_8K_dated-2022-05-20.pdf", ROOT / "data" / "pdfs" / "AMCOR_2022_8K_dated-2022-07-01.pdf"]


def _script():
    return load_script("bench_index")


def test_it_counts_the_pdfs_within_the_target(capsys: pytest.CaptureFixture[str], monkeypatch) -> None:
    script = _script()
    assert script.main([str(p) for p in SMALL] + ["--repeat", "1"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert re.fullmatch(r"within 1\.5x of raw \(CPU\): [012] of 2 PDFs(; over: .+)?", last), last
    # Over the target (here every PDF, with the target made impossible), each is named with its ratio.
    monkeypatch.setattr(script, "TARGET_RATIO", 0.01)
    assert script.main([str(p) for p in SMALL] + ["--repeat", "1"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert re.fullmatch(r"within 0\.01x of raw \(CPU\): 0 of 2 PDFs; over: FOOTLOCKER_\S+ \d+\.\d\d, AMCOR_\S+ \d+\.\d\d", last), last


def test_stages_split_the_build_after_the_read_into_its_parts(capsys: pytest.CaptureFixture[str]) -> None:
    assert _script().main([str(SMALL[0]), "--repeat", "1", "--stages"]) == 0
    out = capsys.readouterr().out
    assert "styled/raw" in out and "rest allowed" in out
    rows = out.split("the rest, CPU ms")[1].splitlines()[2:3]
    assert rows and re.fullmatch(r"FOOTLOCKER_\S+\s+(\d+\.\d\s+){4}\d+\.\d", rows[0].strip()), rows


def test_a_pdf_the_indexer_refuses_is_skipped_with_its_reason(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # It ended the whole run in a PDFError traceback.
    broken = tmp_path / "BROKEN_10K.pdf"
    broken.write_bytes(b"%PDF-1.4 cut short")
    assert _script().main([str(broken), str(SMALL[0]), "--repeat", "1"]) == 0
    out, err = capsys.readouterr()
    assert "skipped:" in err and "BROKEN_10K.pdf" in err and "FOOTLOCKER_" in out
    assert _script().main([str(broken), "--repeat", "1"]) == 2
