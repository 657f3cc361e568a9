"""An in-process read cache of each scope's graph, for stores with a single writer.

Retrieval asks the graph three small questions per search (which entities does the query
name, how many memories mention them, which edges lie within two hops). On the embedded
LadybugDB each is a query round trip of ~2-8 ms; answered from a per-scope snapshot held
in memory they cost microseconds. The snapshot is only correct while every write goes
through this process, which the embedded store guarantees (its directory is locked to one
process); server backends shared by several processes are not wrapped.

Coherence: every write drops the snapshots of the scopes it touches (a record's scope
matches a cached query scope when the query's set fields equal the record's), and a
generation counter keeps a snapshot that was being built during a write from being stored.
``cypher`` is read-only (the engine refuses writes), so it leaves every snapshot in place;
only ``cypher_write`` (and the other writes) drop them.
``sandbox_version`` gives exploration (mem_graph/cypher_sandbox.py) a number per scope that changes
whenever a write may have touched the scope, so its read-only copy is rebuilt only after a write.
At most ``max_scopes`` snapshots are kept (least recently searched dropped first); a scope of
10,000 memories takes a few MB.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from mem_graph.stores.graph.base import Edge, GraphInventory, GraphMemory
from mem_graph.stores.graph.cypher_store import CypherGraphStore
from mem_graph.stores.graph.walk import ScopeSnapshot, walk_neighbourhood
from mem_graph.types import Scope, normalise_entity


class _ScopeIndex:
    def __init__(self, snap: ScopeSnapshot) -> None:
        self.ids_by_name: dict[str, list[str]] = {}
        for eid, name in snap.names.items():
            self.ids_by_name.setdefault(name, []).append(eid)
        self.mentions = snap.mentions
        self.memories = snap.memories
        self.edges_of: dict[str, list[Edge]] = {}
        # in a fixed order: a walk reads at most ``max_edges`` per hop, and which ones must not follow the
        # store's storage order (it changes between processes)
        for edge in sorted(snap.edges, key=lambda e: (e.source_id, e.relation, e.target_id, e.memory_id)):
            self.edges_of.setdefault(edge.source_id, []).append(edge)
            if edge.target_id != edge.source_id:
                self.edges_of.setdefault(edge.target_id, []).append(edge)


def _matches(query: Scope, written: Scope) -> bool:
    stored = written.stored_fields()
    return all(stored[k] == v for k, v in query.fields().items())


class ScopeCachedGraphStore:
    """A GraphStore that answers retrieval reads from per-scope snapshots of ``inner``."""

    def __init__(self, inner: CypherGraphStore, max_scopes: int = 64) -> None:
        self.inner = inner
        self.max_scopes = max_scopes
        self._indexes: OrderedDict[Scope, _ScopeIndex] = OrderedDict()
        self._generation = 0
        self._versions: dict[Scope, int] = {}  # exploration copies' versions (sandbox_version)
        self._lock = threading.Lock()

    # -- cache bookkeeping ------------------------------------------------------------------------
    def _index(self, scope: Scope) -> _ScopeIndex:
        with self._lock:
            index = self._indexes.get(scope)
            if index is not None:
                self._indexes.move_to_end(scope)
                return index
            generation = self._generation
        index = _ScopeIndex(self.inner.scope_snapshot(scope))
        with self._lock:
            if generation == self._generation:  # no write happened while it was being read
                self._indexes[scope] = index
                while len(self._indexes) > self.max_scopes:
                    self._indexes.popitem(last=False)
        return index

    def _forget(self, written: set[Scope] | None) -> None:
        """Drop the snapshots a write may have changed (all of them when ``written`` is None)."""
        with self._lock:
            self._generation += 1
            if written is None:
                self._indexes.clear()
                self._versions.clear()
                return
            for cached in [s for s in self._indexes if any(_matches(s, w) for w in written)]:
                del self._indexes[cached]
            for cached in [s for s in self._versions if any(_matches(s, w) for w in written)]:
                del self._versions[cached]

    def sandbox_version(self, scope: Scope) -> int:
        """A number that changes whenever a write may have changed ``scope``'s graph. Take it before reading
        the scope: a write that lands during the read then changes it, so nothing stale is kept."""
        with self._lock:
            if len(self._versions) > 4 * self.max_scopes and scope not in self._versions:
                self._versions.clear()  # forgetting a version only costs a rebuild: no write happened since
            return self._versions.setdefault(scope, self._generation)

    # -- writes: through to the store, then invalidate ------------------------------------------------
    def write_memories(self, items: list[GraphMemory], *, fresh: bool = False) -> None:
        try:
            self.inner.write_memories(items, fresh=fresh)
        finally:
            self._forget({item.record.scope for item in items})

    def delete_memories(self, memory_ids: list[str]) -> None:
        try:
            self.inner.delete_memories(memory_ids)
        finally:
            self._forget(None)

    def delete_scope(self, scope: Scope) -> None:
        try:
            self.inner.delete_scope(scope)
        finally:
            self._forget(None)

    def compact(self) -> None:
        try:
            self.inner.compact()
        finally:
            self._forget(None)

    def reset(self) -> None:
        try:
            self.inner.reset()
        finally:
            self._forget(None)

    def delete_relations(self, memory_ids: list[str]) -> None:
        try:
            self.inner.delete_relations(memory_ids)
        finally:
            self._forget(None)

    def delete_orphans(self, *, scope: Scope | None = None, entity_ids: list[str] | None = None) -> None:
        try:
            self.inner.delete_orphans(scope=scope, entity_ids=entity_ids)
        finally:
            self._forget({scope} if scope is not None else None)

    def cypher_write(self, query: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        try:
            return self.inner.cypher_write(query, params)
        finally:
            self._forget(None)

    # -- reads served from the snapshot ---------------------------------------------------------------
    def find_entities(self, scope: Scope, names: list[str]) -> dict[str, str]:
        index = self._index(scope)
        keys = {normalise_entity(n) for n in names} - {""}
        return {eid: key for key in keys for eid in index.ids_by_name.get(key, ())}

    def mention_counts(self, scope: Scope, entity_ids: list[str]) -> dict[str, int]:
        mentions = self._index(scope).mentions
        return {e: mentions[e] for e in entity_ids if e in mentions}

    def active_memories(self, scope: Scope) -> int:
        return self._index(scope).memories

    def neighbourhood(self, scope: Scope, entity_ids: list[str], hops: int, include_invalid: bool = False,
                      max_edges: int = 1000, hub_degree: int = 50, as_of: float | None = None) -> list[Edge]:
        if include_invalid or as_of is not None:  # not kept in the snapshot; rare (exploration, as_of search)
            return self.inner.neighbourhood(scope, entity_ids, hops, include_invalid=include_invalid,
                                            max_edges=max_edges, hub_degree=hub_degree, as_of=as_of)
        edges_of = self._index(scope).edges_of

        def touching(frontier: set[str]) -> list[Edge]:
            out: dict[int, Edge] = {}
            for eid in sorted(frontier):
                for edge in edges_of.get(eid, ()):
                    out.setdefault(id(edge), edge)
                    if len(out) >= max_edges:
                        return list(out.values())
            return list(out.values())

        return walk_neighbourhood(touching, entity_ids, hops, hub_degree)

    # -- everything else goes straight to the store ----------------------------------------------------
    def cypher(self, query: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        return self.inner.cypher(query, params)

    def entity_id(self, scope: Scope, name: str) -> str:
        return self.inner.entity_id(scope, name)

    def entity_name(self, entity_id: str) -> str:
        return self.inner.entity_name(entity_id)

    def memory_nodes(self, memory_ids: list[str]) -> dict[str, dict[str, Any]]:
        return self.inner.memory_nodes(memory_ids)

    def inventory(self) -> GraphInventory:
        return self.inner.inventory()

    def table_rows(self, scope: Scope | None = None) -> dict[str, list[list[Any]]]:
        return self.inner.table_rows(scope)

    def entity_types(self, scope: Scope) -> dict[str, str]:
        return self.inner.entity_types(scope)

    def export_rows(self, scope: Scope | None = None) -> dict[str, list[dict[str, Any]]]:
        return self.inner.export_rows(scope)

    def memories_mentioning(self, scope: Scope, entity_ids: list[str], limit: int) -> dict[str, list[str]]:
        return self.inner.memories_mentioning(scope, entity_ids, limit)

    def relations(self, scope: Scope, include_invalid: bool = False, limit: int = 1000,
                  as_of: float | None = None) -> list[Edge]:
        return self.inner.relations(scope, include_invalid=include_invalid, limit=limit, as_of=as_of)

    def scope_snapshot(self, scope: Scope) -> ScopeSnapshot:
        return self.inner.scope_snapshot(scope)

    def counts(self) -> dict[str, int]:
        return self.inner.counts()

    def close(self) -> None:
        self._forget(None)
        self.inner.close()

