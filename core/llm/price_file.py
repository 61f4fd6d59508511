"""Prices a user gives in a TOML file (``--prices FILE``), for models the built-in table
(``pricing.PRICES``) lacks or prices differently.

Apart from ``pricing`` because reading a key that names a whole model spec needs the spec
parser, whose registry builds clients that price their calls through ``pricing``.
"""
from __future__ import annotations

import math
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from core.errors import UserError
from core.llm.pricing import Price, normalise_model
from core.llm.registry import parse_model_spec

PRICE_FIELDS = ("input", "output", "cache_read", "cache_write")
PRICES_FORMAT = ('a TOML table per model, keyed by its name or its whole spec, in USD per million tokens, e.g. '
                 '["gpt-4.1"] input = 2.0, output = 8.0, cache_read = 0.5 (cache_read and cache_write default to input)')


def prices_from_dict(data: Mapping[str, Any], where: str) -> dict[str, Price]:
    """Prices from their TOML or manifest form: model -> {input, output[, cache_read,
    cache_write]}. A key with a provider ("openai:llama@http://gpu:8000/v1") prices that
    spec alone, keyed as records name it (a credential redacted); a bare name ("gpt-4.1")
    prices the model under any provider. UserError naming ``where`` and the key otherwise."""
    if not isinstance(data, Mapping):
        raise UserError(f"{where}: prices are not a table of models", PRICES_FORMAT)
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
