"""A small JSON-schema checker for agents' structured results.

Only what agent result schemas use: type (incl. unions), required, properties, items,
enum. Errors are sentences a model can act on. An integer is accepted where a number is
declared: the seeds' planner lost runs to rejecting 42 for a float.
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


def _type_ok(value: Any, wanted: str) -> bool:
    if wanted == "any":
        return True
    if isinstance(value, bool) and wanted in ("integer", "number"):
        return False
    if wanted == "integer" and isinstance(value, float) and value.is_integer():
        return True
    return isinstance(value, _TYPES.get(wanted, (object,)))


def validate(value: Any, schema: dict[str, Any], path: str = "result") -> list[str]:
    errors: list[str] = []
    wanted = schema.get("type")
    if wanted is not None:
        options = wanted if isinstance(wanted, list) else [wanted]
        if not any(_type_ok(value, w) for w in options):
            errors.append(f"{path} must be {' or '.join(options)}, got {type(value).__name__}")
            return errors
    if "enum" in schema and value not in schema["enum"]:
        errors.append(f"{path} must be one of {schema['enum']}, got {value!r}")
    if isinstance(value, dict):
        for key in schema.get("required", []):
            if key not in value or value[key] is None:
                errors.append(f"{path}.{key} is required")
        for key, sub in schema.get("properties", {}).items():
            if key in value and value[key] is not None:
                errors.extend(validate(value[key], sub, f"{path}.{key}"))
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            errors.extend(validate(item, schema["items"], f"{path}[{i}]"))
    return errors
