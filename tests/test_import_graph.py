"""The extraction package and the write path import in one direction (issue #12: the LLM factory used to
import the strategies that imported it back). Read from the source with ast, every import counted, those
inside functions too; only ``if TYPE_CHECKING:`` blocks are left out (they never run)."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

PACKAGE = Path(__file__).resolve().parents[1] / "mem_graph"


def _module(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(tree: ast.AST, module: str, modules: set[str], is_package: bool) -> set[str]:
    out: set[str] = set()
    todo = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            todo.extend(node.orelse)  # the body never runs
            continue
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.split(".") if is_package else module.split(".")[:-1]
                base = ".".join(package[:len(package) - node.level + 1] + ([base] if base else []))
            out.update(f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names)
        todo.extend(ast.iter_child_nodes(node))
    return {m for m in out if m in modules and m != module}


def import_graph() -> nx.DiGraph:
    files = {_module(p): p for p in PACKAGE.rglob("*.py")}
    graph = nx.DiGraph()
    for module, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        graph.add_edges_from((module, target) for target in
                             _imports(tree, module, set(files), path.name == "__init__.py"))
    return graph


def test_no_import_cycle_runs_through_extraction_or_the_write_path() -> None:
    graph = import_graph()
    ours = [c for c in nx.simple_cycles(graph)
            if any(m.startswith("mem_graph.extract") or m == "mem_graph.write" for m in c)]
    assert ours == []
    assert graph.has_edge("mem_graph.write", "mem_graph.extract.base")  # the graph is read at all


def test_the_package_has_no_import_cycle() -> None:
    """Dependencies point one way across the whole package (issue #12), lazy imports inside functions included."""
    assert list(nx.simple_cycles(import_graph())) == []
