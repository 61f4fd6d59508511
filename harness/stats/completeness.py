"""How much of a sweep's plan its records cover.

A sweep stopped by Ctrl-C, a kill or a budget has fewer records than its manifest planned,
and its figures cover only the runs that finished: a cell with 9 of its 42 runs, or none at
all. Every view of an analysis says so, so that a partial sweep is never read as a whole one.
(The manifest's own status can be stale: a killed sweep's still says "running".)
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from harness.stats.frame import Sweep, cell_name


@dataclass(frozen=True)
class Completeness:
    status: str  # the manifest's: complete, interrupted, running (a killed sweep), ...
    planned: int
    recorded: int
    # Cells with fewer records than planned: cell -> (recorded, planned).
    short_cells: dict[str, tuple[int, int]] = field(default_factory=dict)
    # Records of runs the manifest never planned, left out of every figure (run ids).
    unplanned: list[str] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return not self.short_cells and self.recorded >= self.planned

    def text(self) -> str:
        """One line for the console and the report's header."""
        foreign = (f"; {len(self.unplanned)} record(s) of runs the sweep never planned left out (e.g. {self.unplanned[0]})"
                   if self.unplanned else "")
        if self.complete:
            return f"{self.recorded} of {self.planned} planned runs recorded{foreign}"
        cells = ", ".join(f"{cell} {got} of {want}" for cell, (got, want) in self.short_cells.items())
        return (f"INCOMPLETE: {self.recorded} of {self.planned} planned runs recorded (sweep status: {self.status}); "
                f"figures cover the recorded runs only; short cells: {cells}{foreign}")

    def to_dict(self) -> dict[str, Any]:
        return {
            "complete": self.complete, "status": self.status, "planned_runs": self.planned, "recorded_runs": self.recorded,
            "short_cells": [{"cell": cell, "recorded_runs": got, "planned_runs": want} for cell, (got, want) in self.short_cells.items()],
            "unplanned_records": len(self.unplanned),
        }


def completeness(sweep: Sweep) -> Completeness:
    """The sweep's records against the runs its manifest planned."""
    planned_runs = sweep.manifest.get("runs") or []
    planned = Counter(cell_name(str(r.get("model", "")), str(r.get("mode", ""))) for r in planned_runs if isinstance(r, dict))
    recorded = Counter(cell_name(str(model), str(mode)) for model, mode in zip(sweep.records.get("model", []), sweep.records.get("mode", []), strict=True))
    short = {cell: (recorded.get(cell, 0), want) for cell, want in planned.items() if recorded.get(cell, 0) < want}
    return Completeness(
        status=str(sweep.manifest.get("status") or "unknown"),
        planned=max(sum(planned.values()), len(sweep.records)),
        recorded=len(sweep.records),
        short_cells=short,
        unplanned=list(sweep.unplanned),
    )
