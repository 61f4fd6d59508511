"""USD prices per million tokens, in one table, and the prices a user gives for the rest.

A model missing from the table has an unknown price: its calls are recorded with
``cost_usd = None`` and reports say "unknown", never a guess. Prices are list prices for
on-demand use; Bedrock's on-demand prices for these models match Anthropic's. Prompt-cache
writes (five-minute cache) cost 1.25x the input price and reads 0.1x; batch calls half.

A model the table does not know (an OpenAI model, a self-hosted server at $0) gets its
price from a prices file the user names (``--prices FILE``, read by ``price_file``), which
also overrides the table (a negotiated price). ``given_prices`` puts such prices in effect
for one sweep or analysis; a sweep's manifest keeps them, so its resume prices alike.
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import asdict, dataclass

from core.llm.base import ModelSpec
from core.llm.types import Usage


@dataclass(frozen=True)
class Price:
    input: float
    output: float
    cache_read: float
    cache_write: float

    def to_dict(self) -> dict[str, float]:
        return asdict(self)

    def cost(self, usage: Usage) -> float:
        return (
            usage.input * self.input
            + usage.output * self.output
            + usage.cache_read * self.cache_read
            + usage.cache_write * self.cache_write
        ) / 1_000_000


FREE = Price(0.0, 0.0, 0.0, 0.0)
# Anthropic's Message Batches bill every token (cache reads and writes too) at half price.
BATCH_DISCOUNT = 0.5

# Normalised model name -> price. Normalising strips the provider, Bedrock's region and
# vendor prefixes, date stamps and version suffixes, so one row serves every spelling.
PRICES: dict[str, Price] = {
    "claude-haiku-4-5": Price(1.00, 5.00, 0.10, 1.25),
    "claude-sonnet-4-5": Price(3.00, 15.00, 0.30, 3.75),
    "claude-sonnet-4": Price(3.00, 15.00, 0.30, 3.75),
    "claude-opus-4-5": Price(5.00, 25.00, 0.50, 6.25),
    "claude-opus-4-1": Price(15.00, 75.00, 1.50, 18.75),
    "claude-3-5-haiku": Price(0.80, 4.00, 0.08, 1.00),
    "claude-3-7-sonnet": Price(3.00, 15.00, 0.30, 3.75),
}

# Providers that cost nothing to call: the built-in offline policy and the test double.
FREE_PROVIDERS = {"offline", "scripted"}


def normalise_model(model: str) -> str:
    name = model.lower()
    name = re.sub(r"^(us|eu|apac|global)\.", "", name)
    name = re.sub(r"^anthropic\.", "", name)
    name = re.sub(r"-v\d+(:\d+)?$", "", name)
    name = re.sub(r"-\d{8}$", "", name)
    name = re.sub(r"-latest$", "", name)
    return name


# The prices in effect from the user (given_prices): a model spec's label or a normalised
# model name -> price. Looked up before the table.
_given: dict[str, Price] = {}


def price_for(spec: ModelSpec) -> Price | None:
    if spec.provider in FREE_PROVIDERS:
        return FREE
    name = normalise_model(spec.model)
    return _given.get(spec.label) or _given.get(name) or PRICES.get(name)


@contextmanager
def given_prices(prices: Mapping[str, Price]) -> Iterator[None]:
    """``prices`` (from ``read_prices`` or a manifest) in effect within the block, on top of
    the table; what was in effect before comes back after it."""
    global _given
    before = _given
    _given = {**before, **prices}
    try:
        yield
    finally:
        _given = before


def cost_of(spec: ModelSpec, usage: Usage, *, batch: bool = False) -> float | None:
    price = price_for(spec)
    if price is None:
        return None
    return price.cost(usage) * (BATCH_DISCOUNT if batch else 1.0)


def format_cost(usd: float | None) -> str:
    """A cost for the terminal: "$0.0123", or "unknown" when a price was missing."""
    return "unknown" if usd is None else f"${usd:.4f}"
