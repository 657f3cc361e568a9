"""Expiry on the graph side: a memory whose ``expires_at`` has passed is not active anywhere.

The vector store is where expiry lives (``expires_at`` in the payload, filtered by ``alive_at``); the
graph holds no clock, and a memory expires without any write. So graph reads ask the vector store which of
the scope's memories have expired (one filtered scroll on the indexed ``expires_at``; normally none) and
drop their RELATES edges, or keep them marked not valid where the caller asked for invalid edges too.
Retention (maintenance.apply_retention) later erases them from every store.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from mem_graph.stores.graph.base import Edge
from mem_graph.stores.vector.base import VectorFilter, VectorStore, scroll_all
from mem_graph.timeutil import now
from mem_graph.types import MemoryRecord, Scope

ExpiredOf = Callable[[Scope], dict[str, MemoryRecord]]


def expired_memories(vectors: VectorStore, scope: Scope, at: float | None = None) -> dict[str, MemoryRecord]:
    """The scope's memories (any status) whose ``expires_at`` is at or before ``at`` (now), by id."""
    flt = VectorFilter(scope=scope, statuses=None, expired_at=now() if at is None else at)
    return {r.id: r for r in scroll_all(vectors, flt)}


def edge_budget(expired: dict[str, MemoryRecord]) -> int:
    """At most how many RELATES edges the expired memories hold (one per triple)."""
    return sum(len(r.triples) for r in expired.values())


def hide_expired(edges: list[Edge], expired: dict[str, MemoryRecord] | set[str],
                 include_invalid: bool = False) -> list[Edge]:
    """``edges`` without those of expired memories, or with them marked not valid (``include_invalid``)."""
    if not expired:
        return edges
    if include_invalid:
        return [replace(e, valid=False) if e.memory_id in expired else e for e in edges]
    return [e for e in edges if e.memory_id not in expired]
