"""USD prices per million tokens, in one table, and the prices a user gives for the rest.

A model missing from the table has an unknown price: its calls are recorded with
``cost_usd = None`` and reports say "unknown", never a guess. Prices are list prices for
on-demand use; Bedrock's on-demand prices for these models match Anthropic's. Prompt-cache
writes (five-minute cache) cost 1.25x the input price and reads 0.1x; batch calls half.

A model the table does not know (an OpenAI model, a self-hosted server at $0) gets its
price from a prices file the user names (``--prices FILE``, see ``read_prices``), which
also overrides the table (a negotiated price). ``given_prices`` puts such prices in effect
for one sweep or analysis; a sweep's manifest keeps them, so its resume prices alike.
"""
from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from core.errors import UserError
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


PRICE_FIELDS = ("input", "output", "cache_read", "cache_write")
PRICES_FORMAT = ('a TOML table per model, keyed by its name or its whole spec, in USD per million tokens, e.g. '
                 '["gpt-4.1"] input = 2.0, output = 8.0, cache_read = 0.5 (cache_read and cache_write default to input)')


def prices_from_dict(data: Mapping[str, Any], where: str) -> dict[str, Price]:
    """Prices from their TOML or manifest form: model -> {input, output[, cache_read,
    cache_write]}. A key with a provider ("openai:llama@http://gpu:8000/v1") prices that
    spec alone, keyed as records name it (a credential redacted); a bare name ("gpt-4.1")
    prices the model under any provider. UserError naming ``where`` and the key otherwise."""
    from core.llm.registry import parse_model_spec

    out: dict[str, Price] = {}
    for key, value in data.items():
        if not str(key).strip():
            raise UserError(f"{where}: a price has an empty model name", PRICES_FORMAT)
        if not isinstance(value, Mapping):
            raise UserError(f"{where}: the price of {key!r} is not a table of input and output prices", PRICES_FORMAT)
        unknown = sorted(set(value) - set(PRICE_FIELDS))
        if unknown:
            raise UserError(f"{where}: the price of {key!r} has unknown field {unknown[0]!r}", f"use only {', '.join(PRICE_FIELDS)}")
        missing = [name for name in ("input", "output") if name not in value]
        if missing:
            raise UserError(f"{where}: the price of {key!r} has no {missing[0]} price", PRICES_FORMAT)
        figures = {name: value.get(name, value["input"]) for name in PRICE_FIELDS}
        for name, figure in figures.items():
            if isinstance(figure, bool) or not isinstance(figure, (int, float)) or not math.isfinite(figure) or figure < 0:
                raise UserError(f"{where}: the {name} price of {key!r} is {figure!r}, not a number of USD per million tokens",
                                "write a number of 0 or more, e.g. 2.5")
        name = parse_model_spec(str(key)).label if ":" in str(key) else normalise_model(str(key).strip())
        out[name] = Price(*(float(figures[field]) for field in PRICE_FIELDS))
    return out


def read_prices(path: Path | str) -> dict[str, Price]:
    """The prices in a TOML file (``PRICES_FORMAT``); UserError naming the file and the fix."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UserError(f"prices file not found: {path}", "check the path given to --prices") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"cannot read the prices file {path} ({exc})", "give --prices a readable TOML text file") from None
    except tomllib.TOMLDecodeError as exc:
        raise UserError(f"the prices file {path} is not valid TOML ({exc})", PRICES_FORMAT) from None
    prices = prices_from_dict(data, str(path))
    if not prices:
        raise UserError(f"the prices file {path} prices no model", PRICES_FORMAT)
    return prices


def cost_of(spec: ModelSpec, usage: Usage, *, batch: bool = False) -> float | None:
    price = price_for(spec)
    if price is None:
        return None
    return price.cost(usage) * (BATCH_DISCOUNT if batch else 1.0)


def format_cost(usd: float | None) -> str:
    """A cost for the terminal: "$0.0123", or "unknown" when a price was missing."""
    return "unknown" if usd is None else f"${usd:.4f}"
