"""The hop-by-hop neighbourhood walk every graph store shares, and the scope snapshot the
in-process read cache is built from."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from mem_graph.stores.graph.base import Edge


@dataclass
class ScopeSnapshot:
    """One scope's graph as retrieval reads it: entity names, active mention counts, valid edges."""

    names: dict[str, str] = field(default_factory=dict)  # entity id -> normalised name
    mentions: dict[str, int] = field(default_factory=dict)  # entity id -> active memories mentioning it
    edges: list[Edge] = field(default_factory=list)  # valid RELATES edges
    memories: int = 0  # active memories in scope


def walk_neighbourhood(touching: Callable[[set[str]], list[Edge]], entity_ids: list[str], hops: int,
                       hub_degree: int) -> list[Edge]:
    """Edges within ``hops`` of ``entity_ids``. ``touching(frontier)`` returns (at most a fixed
    number of) edges with an end in the frontier. A walk does not continue *through* a hub (an
    entity with more than ``hub_degree`` edges in a hop, like the user themself), so a query costs
    the same on a large graph as on a small one."""
    seen: dict[tuple[str, str, str, str], Edge] = {}
    frontier, visited = set(entity_ids), set(entity_ids)
    for _ in range(max(hops, 0)):
        if not frontier:
            break
        degree: dict[str, int] = {}
        for edge in touching(frontier):
            seen.setdefault((edge.source_id, edge.relation, edge.target_id, edge.memory_id), edge)
            for node in (edge.source_id, edge.target_id):
                degree[node] = degree.get(node, 0) + 1
        frontier = {n for n, d in degree.items() if d <= hub_degree} - visited
        visited |= set(degree)
    return list(seen.values())
