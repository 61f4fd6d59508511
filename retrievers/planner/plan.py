"""Plans: parsing, validation, task signatures and verification predicates.

A plan is what the planner model writes (the seeds' format):
``{"agents": {name: {prompt, tools}}, "tasks": [{id, agent, depends_on, input, signature,
output?, fetch?, verification?, type?}]}``, ending in a task ``final_answer``.

Three kinds of task, as in the seeds:
- a *fetch* task declares ``"fetch": [node_id, ...]`` and nothing to work out: it is the
  tool call itself, run without a model (the seeds' direct PTC-Lisp fetches);
- a *computed* task declares ``"output": "expression"`` (the seeds' ``ptc_lisp``): its
  agent writes an expression per field and the harness evaluates it (``expressions``);
- any other task is a model's: a sub-agent with tools, or one model call without.

Signatures use the seeds' notation, ``{capex_2022 :float, page :int, items [:string],
metrics {a :float}}``; a trailing ``?`` makes a field optional. They become JSON schemas;
whether 42 passes for a :float is the executor's choice (strict, as the seeds, by default).
Verification predicates are the small s-expression language the seeds' plans used, e.g.
``(and (number? (get data/result "capex")) (> (get data/result "capex") 0))``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from core.protocol import PlanDraft

FINAL_TASK = "final_answer"
TOOLS = ("fetch_section", "grep_section")
OUTPUTS = {"json": "json", "expression": "expression", "ptc_lisp": "expression"}  # the seeds' name for it
_SCALARS = {"string": "string", "str": "string", "int": "integer", "integer": "integer", "float": "number",
            "number": "number", "bool": "boolean", "boolean": "boolean", "any": "any", "map": "object", "keyword": "string"}


class PlanError(ValueError):
    """The plan cannot be executed; the message says why (shown to the replanner)."""


@dataclass
class AgentDef:
    name: str
    prompt: str
    tools: list[str] = field(default_factory=list)


@dataclass
class Task:
    id: str
    agent: str
    input: str
    depends_on: list[str] = field(default_factory=list)
    signature: str = ""
    output: str = "json"  # json | expression
    verification: str = ""
    type: str = ""
    fetch: list[tuple[str, int]] = field(default_factory=list)  # (node_id, offset): a fetch task

    @property
    def schema(self) -> dict[str, Any]:
        return parse_signature(self.signature) if self.signature.strip() else {"type": "object"}


@dataclass
class Plan:
    agents: dict[str, AgentDef]
    tasks: list[Task]
    raw: dict[str, Any]

    def task(self, task_id: str) -> Task:
        return next(t for t in self.tasks if t.id == task_id)

    def waves(self) -> list[list[Task]]:
        """Tasks in dependency order, each wave runnable concurrently."""
        done: set[str] = set()
        waves = []
        remaining = list(self.tasks)
        while remaining:
            ready = [t for t in remaining if set(t.depends_on) <= done]
            if not ready:
                raise PlanError("the tasks' depends_on form a cycle: " + ", ".join(t.id for t in remaining))
            waves.append(ready)
            done |= {t.id for t in ready}
            remaining = [t for t in remaining if t.id not in done]
        return waves


def parse_plan(data: dict[str, Any]) -> Plan:
    """A runnable plan from the planner's reply (read as ``core.protocol.PlanDraft``), or
    ``PlanError`` saying what is wrong with it."""
    if not isinstance(data, dict) or not isinstance(data.get("tasks"), list) or not data["tasks"]:
        raise PlanError("a plan needs a non-empty \"tasks\" list")
    draft = PlanDraft.from_dict(data)
    agents: dict[str, AgentDef] = {}
    for name, spec in draft.agents.items():
        unknown = [t for t in spec.tools if t not in TOOLS]
        if unknown:
            raise PlanError(f"agent {name!r} asks for unknown tools {unknown}; available: {list(TOOLS)}")
        agents[name] = AgentDef(name, spec.prompt, spec.tools)
    tasks: list[Task] = []
    for raw in draft.tasks:
        if not raw.id:
            raise PlanError("every task needs an \"id\"")
        fetch = _fetch_list(raw.id, raw.fetch)
        agent = raw.agent or ("document_analyst" if fetch else "synthesizer")
        agents.setdefault(agent, AgentDef(agent, "", list(TOOLS) if fetch else []))
        output = raw.output.lower()
        if output not in OUTPUTS:
            raise PlanError(f"task {raw.id!r}: unknown output {output!r}; use \"json\" or \"expression\"")
        if fetch and OUTPUTS[output] != "json":
            raise PlanError(f"task {raw.id!r} both fetches and computes; split it into a fetch task and a computed task")
        tasks.append(Task(raw.id, agent, raw.input, raw.depends_on, raw.signature, OUTPUTS[output], raw.verification, raw.type, fetch))
    ids = [t.id for t in tasks]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise PlanError(f"duplicate task ids: {duplicates}")
    for task in tasks:
        missing = [d for d in task.depends_on if d not in ids]
        if missing:
            raise PlanError(f"task {task.id!r} depends on unknown tasks {missing}")
        try:
            task.schema  # noqa: B018 - parsing the signature is the check
        except PlanError as exc:
            raise PlanError(f"task {task.id!r}: {exc}") from None
    if FINAL_TASK not in ids:
        raise PlanError(f"the plan has no {FINAL_TASK!r} task")
    plan = Plan(agents, tasks, data)
    plan.waves()  # raises on cycles
    return plan


def _fetch_list(task_id: str, items: list[Any]) -> list[tuple[str, int]]:
    """A fetch task's sections: node ids, or {node_id, offset} objects."""
    out: list[tuple[str, int]] = []
    for item in items:
        if isinstance(item, str) and item.strip():
            out.append((item.strip(), 0))
        elif isinstance(item, dict) and str(item.get("node_id") or "").strip():
            offset = item.get("offset", 0)
            if not isinstance(offset, int) or isinstance(offset, bool) or offset < 0:
                raise PlanError(f"task {task_id!r}: a fetch offset is a whole number of characters, not {offset!r}")
            out.append((str(item["node_id"]).strip(), offset))
        else:
            raise PlanError(f"task {task_id!r}: \"fetch\" lists node_ids (or {{node_id, offset}} objects), not {item!r}")
    if len(out) > 8:
        raise PlanError(f"task {task_id!r} fetches {len(out)} sections; at most 8 per task")
    return out


# --- signatures ------------------------------------------------------------------------

# How deep a signature's or a verification's brackets may nest: a model that repeats "[" ten
# thousand times would otherwise end the run in a RecursionError rather than a plan error.
MAX_NESTING = 32
_SIG_TOKEN = re.compile(r"\s*(\{|\}|\[|\]|,|:[\w-]+\??|[\w\-\.]+\??)")


def parse_signature(text: str) -> dict[str, Any]:
    tokens = [t for t in _SIG_TOKEN.findall(text) if t.strip()]
    if not tokens:
        raise PlanError(f"empty signature {text!r}")
    schema, position = _parse_type(tokens, 0, text)
    if position != len(tokens):
        raise PlanError(f"unexpected {' '.join(tokens[position:position + 3])!r} in signature {text!r}")
    return schema


def _parse_type(tokens: list[str], i: int, text: str, depth: int = 0) -> tuple[dict[str, Any], int]:
    if depth > MAX_NESTING:
        raise PlanError(f"signature nests deeper than {MAX_NESTING} levels: {text[:80]!r}")
    if i >= len(tokens):
        raise PlanError(f"signature {text!r} ends early")
    token = tokens[i]
    if token == "{":
        properties: dict[str, Any] = {}
        required: list[str] = []
        i += 1
        while i < len(tokens) and tokens[i] != "}":
            if tokens[i] == ",":
                i += 1
                continue
            name = tokens[i]
            optional = name.endswith("?")
            name = name.rstrip("?").lstrip(":")
            sub, i = _parse_type(tokens, i + 1, text, depth + 1)
            if sub.pop("_optional", False):
                optional = True
            properties[name] = sub
            if not optional:
                required.append(name)
        if i >= len(tokens):
            raise PlanError(f"unclosed {{ in signature {text!r}")
        return {"type": "object", "properties": properties, "required": required}, i + 1
    if token == "[":
        item, i = _parse_type(tokens, i + 1, text, depth + 1)
        if i >= len(tokens) or tokens[i] != "]":
            raise PlanError(f"unclosed [ in signature {text!r}")
        return {"type": "array", "items": item}, i + 1
    if token.startswith(":"):
        optional = token.endswith("?")
        name = token[1:].rstrip("?").lower()
        if name not in _SCALARS:
            raise PlanError(f"unknown type :{name} in signature {text!r}; use :string :int :float :bool :any or :map")
        kind = _SCALARS[name]
        schema: dict[str, Any] = {} if kind == "any" else {"type": kind}
        if optional:
            schema["_optional"] = True
        return schema, i + 1
    raise PlanError(f"expected a type after a field name, got {token!r} in signature {text!r}")


# --- verification ----------------------------------------------------------------------

def _tokenise_sexpr(text: str) -> list[str]:
    return re.findall(r'\(|\)|"(?:[^"\\]|\\.)*"|[^\s()]+', text)


def _read(tokens: list[str], i: int, depth: int = 0) -> tuple[Any, int]:
    if depth > MAX_NESTING:
        raise PlanError(f"verification nests deeper than {MAX_NESTING} levels")
    if tokens[i] == "(":
        items, i = [], i + 1
        while i < len(tokens) and tokens[i] != ")":
            item, i = _read(tokens, i, depth + 1)
            items.append(item)
        if i >= len(tokens):
            raise PlanError("unbalanced parentheses in verification")
        return items, i + 1
    token = tokens[i]
    if token.startswith('"'):
        return ("str", token[1:-1]), i + 1
    try:
        return float(token), i + 1
    except ValueError:
        return ("sym", token), i + 1


def verify(expression: str, result: Any) -> bool:
    """Evaluate a verification predicate against a task's result; PlanError if unreadable."""
    tokens = _tokenise_sexpr(expression)
    if not tokens:
        return True
    tree, position = _read(tokens, 0)
    if position != len(tokens):
        raise PlanError("trailing text in verification")
    return bool(_eval(tree, result))


def _eval(node: Any, result: Any) -> Any:
    if isinstance(node, float):
        return node
    if isinstance(node, tuple):
        kind, value = node
        if kind == "str":
            return value
        if value in ("data/result", "result"):
            return result
        if value in ("true", "false", "nil"):
            return {"true": True, "false": False, "nil": None}[value]
        raise PlanError(f"unknown symbol {value!r} in verification")
    if not node:
        return None
    head = node[0][1] if isinstance(node[0], tuple) else node[0]
    args = node[1:]
    if head == "and":
        return all(_eval(a, result) for a in args)
    if head == "or":
        return any(_eval(a, result) for a in args)
    values = [_eval(a, result) for a in args]
    if head == "not":
        return not values[0]
    if head in ("get", "get-in"):
        target, keys = values[0], values[1] if head == "get-in" else [values[1]]
        for key in keys:
            target = target.get(key) if isinstance(target, dict) else None
        return target
    if head == "number?":
        return isinstance(values[0], (int, float)) and not isinstance(values[0], bool)
    if head == "string?":
        return isinstance(values[0], str)
    if head in ("some?", "present?"):
        return values[0] not in (None, "", [], {})
    if head == "count":
        return len(values[0] or [])
    if head in (">", "<", ">=", "<=", "="):
        a, b = values[0], values[1]
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (a, b)):
            return False if head != "=" else a == b
        return {">": a > b, "<": a < b, ">=": a >= b, "<=": a <= b, "=": a == b}[head]
    raise PlanError(f"unknown function {head!r} in verification")


def task_kind(task: Task) -> str:
    """fetch | computed | model: what runs the task (see the module doc)."""
    return "fetch" if task.fetch else ("computed" if task.output == "expression" else "model")


def plan_summary(plan: Plan) -> dict[str, Any]:
    return {
        "agents": {a.name: {"tools": a.tools} for a in plan.agents.values()},
        "tasks": [{"id": t.id, "agent": t.agent, "depends_on": t.depends_on, "signature": t.signature, "kind": task_kind(t)} for t in plan.tasks],
    }

