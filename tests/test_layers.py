"""The three floors hold: core imports nothing above it, retrievers and the baseline import
only the core (never each other), and no two modules import each other, however far apart."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLOORS = {"core": 0, "retrievers": 1, "baseline": 1, "harness": 2}


def _modules() -> dict[str, Path]:
    out = {}
    for package in FLOORS:
        for path in (ROOT / package).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            out[name.removesuffix(".__init__")] = path
    return out


def _imports() -> dict[str, set[str]]:
    modules = _modules()

    def resolve(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):  # function-level imports count too
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found |= {t for a in node.names if (t := resolve(f"{node.module}.{a.name}") or resolve(node.module))}
            elif isinstance(node, ast.Import):
                found |= {t for a in node.names if (t := resolve(a.name))}
        graph[name] = found - {name}
    return graph


def test_no_import_runs_up_a_floor_or_across_the_middle_one():
    wrong = []
    for module, targets in _imports().items():
        for target in targets:
            here, there = module.split(".")[0], target.split(".")[0]
            if FLOORS[there] > FLOORS[here] or (FLOORS[here] == FLOORS[there] == 1 and here != there):
                wrong.append(f"{module} -> {target}")
    assert wrong == []


def test_there_is_no_import_cycle():
    graph = _imports()
    cycles: list[list[str]] = []
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    assert cycles == []
