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
from typing import TYPE_CHECKING, Any, Protocol

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


@dataclass
class GraphInventory:
    """Every node and edge of the graph, all scopes (``check`` and ``repair`` compare it with the other stores)."""

    memories: dict[str, dict[str, Any]]  # memory id -> {id, text, status, user_id, agent_id, run_id, namespace}
    entities: dict[str, dict[str, Any]]  # entity id -> {id, name, user_id, agent_id, run_id, namespace}
    orphans: list[str]  # ids of entities with no edge at all
    relations: dict[str, set[tuple[str, str, str, bool]]]  # memory id -> its (subject, relation, object, valid)


class GraphStore(Protocol):
    """Every implementation must pass tests/contract/test_graph_store.py.

    Callers never write Cypher that changes the graph: writes are the named operations below, and
    ``cypher`` is read-only (``cypher_write`` is the one explicit escape hatch).
    """

    def write_memories(self, items: list[GraphMemory], *, fresh: bool = False) -> None:
        """Create or rewrite each memory's node, MENTIONS and RELATES edges (idempotent).
        ``fresh=True`` promises the memories are new, which skips the rewrite's delete step."""
        ...

    def delete_memories(self, memory_ids: list[str]) -> None:
        """Remove memory nodes, their edges, and entities left with no edge."""
        ...

    def delete_scope(self, scope: Scope) -> None: ...

    def delete_relations(self, memory_ids: list[str]) -> None:
        """Remove the RELATES edges these memories assert (whether or not their memory node exists)."""
        ...

    def delete_orphans(self, *, scope: Scope | None = None, entity_ids: list[str] | None = None) -> None:
        """Remove entities left with no edge: of ``scope`` (every scope when None), only ``entity_ids`` if given."""
        ...

    def entity_id(self, scope: Scope, name: str) -> str:
        """The id of the entity called ``name`` in ``scope`` (ids embed the scope)."""
        ...

    def entity_name(self, entity_id: str) -> str:
        """The normalised name inside an entity id (what memories list in ``entities``)."""
        ...

    def find_entities(self, scope: Scope, names: list[str]) -> dict[str, str]:
        """Entity id -> normalised name, for the names that exist in scope."""
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

    def memory_nodes(self, memory_ids: list[str]) -> dict[str, dict[str, Any]]:
        """Memory id -> {id, text, status, created_at} for the ids that have a node."""
        ...

    def inventory(self) -> GraphInventory:
        """Every node and edge of every scope (a full scan, for check and repair)."""
        ...

    def table_rows(self, scope: Scope | None = None) -> dict[str, list[list[Any]]]:
        """Each table's rows (Entity, Memory, RELATES, MENTIONS), columns in the LadybugDB schema's order:
        the scope's (both ends of an edge in it), or the whole graph's (exploration copies, compaction)."""
        ...

    def entity_types(self, scope: Scope) -> dict[str, str]:
        """Entity id -> its type ("" when unknown), for the scope's entities."""
        ...

    def export_rows(self, scope: Scope | None = None) -> dict[str, list[dict[str, Any]]]:
        """The scope's (or every scope's) ``entity``, ``mention`` and ``relation`` rows as a backup writes them,
        each list in a stable order (mem_graph/backup.py)."""
        ...

    def cypher(self, query: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        """Run a read-only query; one that writes raises ``ReadOnlyQueryError`` (the engine refuses it)."""
        ...

    def cypher_write(self, query: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        """Run a query that may write (``Memory.graph.cypher(allow_writes=True)``, SDK only)."""
        ...

    def counts(self) -> dict[str, int]: ...

    def compact(self) -> None:
        """Make erased data unreadable on disk (embedded stores rewrite their files; a server manages its own)."""
        ...

    def reset(self) -> None: ...

    def close(self) -> None: ...


if TYPE_CHECKING:  # mypy checks that every store, and the read cache, conforms to the protocol
    from mem_graph.stores.graph.ladybug import LadybugGraphStore
    from mem_graph.stores.graph.neo4j import Neo4jGraphStore
    from mem_graph.stores.graph.scope_cache import ScopeCachedGraphStore

    _conforming: tuple[type[GraphStore], ...] = (LadybugGraphStore, Neo4jGraphStore, ScopeCachedGraphStore)
