"""``Memory.graph``: read-only exploration of a scope's entity graph."""

from __future__ import annotations

import re
from typing import Any

import networkx as nx

from mem_graph.errors import ReadOnlyQueryError, ValidationError
from mem_graph.stores.graph.base import GraphStore
from mem_graph.stores.graph.cypher_store import scope_where
from mem_graph.types import Scope, normalise_entity
from mem_graph.validation import make_scope

_WRITE_CLAUSES = re.compile(
    r"\b(CREATE|MERGE|DELETE|DETACH|SET|REMOVE|DROP|ALTER|COPY|LOAD|IMPORT|EXPORT|INSTALL|ATTACH|CALL|FOREACH|"
    r"USE|BEGIN|COMMIT|ROLLBACK|CHECKPOINT)\b", re.IGNORECASE)
_STRINGS = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|`[^`]*`")
MAX_QUERY_CHARS = 10_000


def check_read_only(query: str) -> None:
    """Refuse anything but a read query (string literals are ignored when looking for clauses)."""
    if not isinstance(query, str) or not query.strip():
        raise ValidationError("cypher query must be a non-empty string")
    if len(query) > MAX_QUERY_CHARS:
        raise ValidationError(f"cypher query longer than {MAX_QUERY_CHARS} characters")
    bare = _STRINGS.sub("''", query)
    found = _WRITE_CLAUSES.search(bare)
    if found:
        raise ReadOnlyQueryError(f"exploration queries are read-only: {found.group(1).upper()} is not allowed")


class GraphView:
    def __init__(self, store: GraphStore):
        self.store = store

    def cypher(self, query: str, params: dict[str, Any] | None = None, *, user_id: str | None = None,
               agent_id: str | None = None, run_id: str | None = None, namespace: str | None = None,
               allow_writes: bool = False) -> list[dict[str, Any]]:
        """Run a Cypher query; the scope is passed as $user_id, $agent_id, $run_id, $namespace.

        Queries are read-only unless ``allow_writes`` (SDK only; never exposed over HTTP).
        """
        scope = make_scope(user_id, agent_id, run_id, namespace)
        if not allow_writes:
            check_read_only(query)
        if params is not None and not isinstance(params, dict):
            raise ValidationError("cypher params must be an object")
        merged = {**(params or {}), **scope.stored_fields()}
        return self.store.cypher(query, merged, read_only=not allow_writes)

    def cypher_graph(self, query: str, params: dict[str, Any] | None = None, **kwargs: Any) -> nx.MultiDiGraph:
        """Run ``cypher`` and return the nodes, relationships and paths it returned as a networkx graph."""
        return rows_to_networkx(self.cypher(query, params, **kwargs))

    def relations(self, *, include_invalid: bool = False, limit: int = 1000, **scope_ids: Any) -> list[dict[str, Any]]:
        scope = make_scope(**scope_ids)
        return [{"source": e.source, "relationship": e.relation, "destination": e.target, "memory_id": e.memory_id,
                 "valid": e.valid} for e in self.store.relations(scope, include_invalid, limit)]

    def neighbours(self, entity: str, hops: int = 1, *, include_invalid: bool = False, **scope_ids: Any) -> nx.MultiDiGraph:
        """The entity's ``hops``-neighbourhood as a networkx graph (nodes carry display names)."""
        if not isinstance(hops, int) or not 0 <= hops <= 3:
            raise ValidationError("hops must be an integer in 0..3")
        scope = make_scope(**scope_ids)
        ids = list(self.store.find_entities(scope, [entity]))
        edges = self.store.neighbourhood(scope, ids, hops, include_invalid) if ids else []
        g = nx.MultiDiGraph()
        for eid in ids:
            g.add_node(eid, name=normalise_entity(entity))
        for e in edges:
            g.add_node(e.source_id, name=e.source)
            g.add_node(e.target_id, name=e.target)
            g.add_edge(e.source_id, e.target_id, relation=e.relation, memory_id=e.memory_id, valid=e.valid)
        return g

    def to_networkx(self, *, include_invalid: bool = False, **scope_ids: Any) -> nx.MultiDiGraph:
        """The scope's whole RELATES graph."""
        scope = make_scope(**scope_ids)
        g = nx.MultiDiGraph()
        for e in self.store.relations(scope, include_invalid, limit=100_000):
            g.add_node(e.source_id, name=e.source)
            g.add_node(e.target_id, name=e.target)
            g.add_edge(e.source_id, e.target_id, relation=e.relation, memory_id=e.memory_id, valid=e.valid)
        return g


def scoped_entities_query(scope: Scope) -> tuple[str, dict[str, Any]]:
    where, params = scope_where("e", scope)
    return f"MATCH (e:Entity) WHERE {where} RETURN e.display AS name, e.type AS type ORDER BY name", params


def _internal_id(value: Any) -> str:
    """A backend's internal node id as a string (LadybugDB: {table, offset}; Neo4j: element id)."""
    return f"{value['table']}:{value['offset']}" if isinstance(value, dict) else str(value)


def rows_to_networkx(rows: list[dict[str, Any]]) -> nx.MultiDiGraph:
    """Collect every node / relationship / path value in Cypher rows into a graph.

    Nodes are keyed by their ``id`` property (mem_graph ids) when they have one; attributes are the
    node's properties plus ``label``. Scalars in the rows are ignored.
    """
    nodes: dict[str, dict[str, Any]] = {}
    rels: list[dict[str, Any]] = []

    def visit(value: Any) -> None:
        if isinstance(value, list):
            for v in value:
                visit(v)
        elif isinstance(value, dict):
            if "_NODES" in value or "_RELS" in value:
                visit(value.get("_NODES", []))
                visit(value.get("_RELS", []))
            elif "_SRC" in value and "_DST" in value:
                rels.append(value)
            elif "_ID" in value and "_LABEL" in value:
                nodes[_internal_id(value["_ID"])] = value

    for row in rows:
        visit(list(row.values()))
    key = {iid: str(n.get("id") or iid) for iid, n in nodes.items()}
    g = nx.MultiDiGraph()
    for iid, n in nodes.items():
        g.add_node(key[iid], label=n["_LABEL"], **{k: v for k, v in n.items() if not k.startswith("_")})
    for r in rels:
        src, dst = _internal_id(r["_SRC"]), _internal_id(r["_DST"])
        attrs = {k: v for k, v in r.items() if not k.startswith("_")}
        g.add_edge(key.get(src, src), key.get(dst, dst), key=_internal_id(r.get("_ID")), label=r["_LABEL"], **attrs)
    return g
