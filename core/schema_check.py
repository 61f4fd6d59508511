"""A small JSON-schema checker for agents' structured results.

Only what agent result schemas use: type (incl. unions), required, properties, items,
enum. Errors are sentences a model can act on.

Numbers are checked leniently by default: an integer passes where a number is declared, and
an integral float (42.0) where an integer is. ``strict_numbers`` checks them as the seeds'
planner did: a number must be a float, an integer an int. The seeds lost runs to rejecting
42 for a float; the planner keeps that behaviour by default so its figures compare like for
like with theirs, and offers the lenient check as an option.
"""
from __future__ import annotations

from typing import Any

_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "array": (list,),
    "object": (dict,),
    "null": (type(None),),
}


def _type_ok(value: Any, wanted: str, strict_numbers: bool) -> bool:
    if wanted == "any":
        return True
    if isinstance(value, bool) and wanted in ("integer", "number"):
        return False
    if strict_numbers and wanted == "number":
        return isinstance(value, float)
    if not strict_numbers and wanted == "integer" and isinstance(value, float) and value.is_integer():
        return True
    return isinstance(value, _TYPES.get(wanted, (object,)))


def _type_name(value: Any) -> str:
    return {"str": "string", "int": "integer", "float": "float", "bool": "boolean", "list": "array", "dict": "object", "NoneType": "null"}.get(
        type(value).__name__, type(value).__name__
    )


def validate(value: Any, schema: dict[str, Any], path: str = "result", *, strict_numbers: bool = False) -> list[str]:
    """Sentences naming every place ``value`` breaks ``schema``; empty when it conforms."""
    errors: list[str] = []
    wanted = schema.get("type")
    if wanted is not None:
        options = wanted if isinstance(wanted, list) else [wanted]
        if not any(_type_ok(value, w, strict_numbers) for w in options):
            shown = ["float" if strict_numbers and w == "number" else w for w in options]
            errors.append(f"{path} must be {' or '.join(shown)}, got {_type_name(value) if strict_numbers else type(value).__name__}")
            return errors
    if "enum" in schema and value not in schema["enum"]:
        errors.append(f"{path} must be one of {schema['enum']}, got {value!r}")
    if isinstance(value, dict):
        for key in schema.get("required", []):
            if key not in value or value[key] is None:
                errors.append(f"{path}.{key} is required")
        for key, sub in schema.get("properties", {}).items():
            if key in value and value[key] is not None:
                errors.extend(validate(value[key], sub, f"{path}.{key}", strict_numbers=strict_numbers))
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            errors.extend(validate(item, schema["items"], f"{path}[{i}]", strict_numbers=strict_numbers))
    return errors
