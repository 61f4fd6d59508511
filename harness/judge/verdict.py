"""The verdict contract: what the judge decided about one run's answer."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Verdict:
    run_id: str
    label: str  # correct | incorrect | refusal | unjudged (numeric check only, undecidable)
    method: str  # numeric | llm | rules (the offline judge) | status (a fail/error run: not an answer) | none
    judge_model: str = ""
    rationale: str = ""
    cache_key: str = ""
    # With --judge-runs K: every label the judge gave, and the share agreeing with the majority.
    samples: list[str] = field(default_factory=list)
    agreement: float | None = None
    usage_total: int = 0
    cost_usd: float | None = 0.0
    cached: bool = False  # served from the verdict cache or from the sweep's stored verdicts
    judged_with: str = ""  # the judge of the whole pass ("offline", a model spec; "" numeric only)
    fingerprint: str = ""  # what was judged, and by which judge and rules (see judge.store)

    def to_dict(self) -> dict[str, Any]:
        # Field by field rather than dataclasses.asdict, whose deep copy of every value
        # costs seconds over a big sweep's verdicts; samples is the only mutable field.
        out = {name: getattr(self, name) for name in self.__dataclass_fields__}
        out["samples"] = list(self.samples)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Verdict:
        known = cls.__dataclass_fields__
        return cls(**{k: v for k, v in data.items() if k in known})
