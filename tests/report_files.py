"""Read a report folder the way its page does: data.js and the detail chunks."""
from __future__ import annotations

import base64
import gzip
import json
import re
from pathlib import Path
from typing import Any

PREFIX = "window.BENCH_REPORT="


def report_data(folder: Path) -> dict[str, Any]:
    text = (folder / "data.js").read_text(encoding="utf-8").strip()
    assert text.startswith(PREFIX) and text.endswith(";"), text[:80]
    return json.loads(text[len(PREFIX):-1])


def chunk(folder: Path, number: int | str) -> dict[str, Any]:
    """Detail chunk ``n`` (``details/<n>.js``) or verdict chunk ``"v<n>"``."""
    text = (folder / "details" / f"{number}.js").read_text(encoding="utf-8")
    function = "BENCH_VERDICTS" if str(number).startswith("v") else "BENCH_CHUNK"
    match = re.fullmatch(function + r'\((\d+),"([A-Za-z0-9+/=]*)"\);\n', text)
    assert match and match.group(1) == str(number).lstrip("v"), text[:80]
    return json.loads(gzip.decompress(base64.b64decode(match.group(2))))


def runs(data: dict[str, Any]) -> list[dict[str, Any]]:
    keys = [c["key"] for c in data["runs"]["columns"]]
    return [dict(zip(keys, row)) for row in data["runs"]["rows"]]


def detail(folder: Path, run_id: str) -> dict[str, Any]:
    """A run's detail as the run view shows it: its chunk, with its verdict merged in."""
    row = next(r for r in runs(report_data(folder)) if r["run_id"] == run_id)
    return {**chunk(folder, row["chunk"])[run_id], "verdict": chunk(folder, f"v{row['chunk']}").get(run_id)}
