"""A progress bar for long work that degrades to nothing when disabled."""
from __future__ import annotations

import sys
from collections import Counter


class Progress:
    def __init__(self, total: int | None, done: int = 0, enabled: bool = True, unit: str = "run", desc: str = "sweep"):
        self.counts: Counter[str] = Counter()
        self._bar = None
        if enabled:
            from tqdm import tqdm

            self._bar = tqdm(total=total, initial=done, unit=unit, desc=desc, file=sys.stderr, dynamic_ncols=True)

    def advance(self, status: str = "ok") -> None:
        self.counts[status] += 1
        if self._bar is not None:
            self._bar.set_postfix(dict(sorted(self.counts.items())), refresh=False)
            self._bar.update(1)

    def advance_by(self, count: int) -> None:
        """``count`` more done at once (work that finishes in batches)."""
        if self._bar is not None:
            self._bar.update(count)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
