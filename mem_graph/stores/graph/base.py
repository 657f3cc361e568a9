"""The graph store contract and its value types.

Logical schema, identical on every backend::

    (:Entity {id, name, display, type, user_id, agent_id, run_id, namespace})
    (:Memory {id, text, status, created_at, user_id, agent_id, run_id, namespace})
    (:Entity)-[:RELATES {type, memory_id, valid_from, invalid_at, user_id, agent_id, run_id, namespace}]->(:Entity)
    (:Memory)-[:MENTIONS]->(:Entity)

Unset scope fields are stored as '' so equality filters work on every backend.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from mem_graph.types import EntityRef, MemoryRecord, Scope


@dataclass(frozen=True)
class Edge:
    source_id: str
    source: str
    relation: str
    target_id: str
    target: str
    memory_id: str
    valid: bool = True


@dataclass
class GraphMemory:
    """What the graph needs to know about one memory."""

    record: MemoryRecord
    entities: list[EntityRef] = field(default_factory=list)


class GraphStore(Protocol):
    """Every implementation must pass tests/contract/test_graph_store.py."""

    def write_memories(self, items: list[GraphMemory], *, fresh: bool = False) -> None:
        """Create or rewrite each memory's node, MENTIONS and RELATES edges (idempotent).
        ``fresh=True`` promises the memories are new, which skips the rewrite's delete step."""
        ...

    def delete_memories(self, memory_ids: list[str]) -> None:
        """Remove memory nodes, their edges, and entities left with no edge."""
        ...

    def delete_scope(self, scope: Scope) -> None: ...

    def find_entities(self, scope: Scope, names: list[str]) -> dict[str, str]:
        """Normalised entity name -> entity id, for the names that exist in scope."""
        ...

    def neighbourhood(self, scope: Scope, entity_ids: list[str], hops: int, include_invalid: bool = False,
                      max_edges: int = 1000, hub_degree: int = 50, as_of: float | None = None) -> list[Edge]:
        """Edges within ``hops`` of the entities: valid now, all (``include_invalid``), or valid at ``as_of``."""
        ...

    def memories_mentioning(self, scope: Scope, entity_ids: list[str], limit: int) -> dict[str, list[str]]:
        """Active memory id -> the given entity ids it mentions."""
        ...

    def mention_counts(self, scope: Scope, entity_ids: list[str]) -> dict[str, int]:
        """Active memories mentioning each entity."""
        ...

    def active_memories(self, scope: Scope) -> int:
        """How many active memories the scope holds (the N of the entity IDF)."""
        ...

    def relations(self, scope: Scope, include_invalid: bool = False, limit: int = 1000,
                  as_of: float | None = None) -> list[Edge]:
        """The scope's edges: valid now, all (``include_invalid``), or valid at ``as_of``
        (``valid_from <= t`` and ``invalid_at`` unset or after ``t``)."""
        ...

    def cypher(self, query: str, params: dict[str, Any] | None = None, *,
               read_only: bool = False) -> list[dict[str, Any]]: ...

    def counts(self) -> dict[str, int]: ...

    def compact(self) -> None:
        """Make erased data unreadable on disk (embedded stores rewrite their files; a server manages its own)."""
        ...

    def reset(self) -> None: ...

    def close(self) -> None: ...
