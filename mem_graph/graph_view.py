"""``Memory.graph``: read-only exploration of a scope's entity graph.

``cypher`` confines a query to the caller's scope by running it, in a worker
process and under the limits of ``exploration`` in the config, on a read-only
copy of that scope's subgraph (mem_graph/cypher_sandbox.py explains why and
how); ``check_read_only`` is the text check that runs first.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import networkx as nx

from mem_graph.config import ExplorationConfig
from mem_graph.cypher_sandbox import CypherSandbox, Exploration
from mem_graph.errors import QueryLimitError, ReadOnlyQueryError, ValidationError
from mem_graph.expiry import ExpiredOf, edge_budget, hide_expired
from mem_graph.results import GraphRelation
from mem_graph.stores.graph.base import GraphStore
from mem_graph.timeutil import parse_timestamp
from mem_graph.types import normalise_entity
from mem_graph.validation import check_json, check_text, check_unicode, make_scope, show

# Clauses that write, or reach past the graph (files, Python variables, other databases, extensions, settings).
FORBIDDEN = frozenset({
    "CREATE", "MERGE", "DELETE", "DETACH", "SET", "REMOVE", "DROP", "ALTER", "RENAME", "COPY", "LOAD", "IMPORT",
    "EXPORT", "INSTALL", "UNINSTALL", "ATTACH", "USE", "CALL", "FOREACH", "BEGIN", "COMMIT", "ROLLBACK",
    "CHECKPOINT", "TRANSACTION", "MACRO", "GRANT", "DENY", "REVOKE", "TERMINATE", "SHOW",
})
_WORD = re.compile(r"[^\W\d]\w*")
MAX_QUERY_CHARS = 10_000
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
MAX_RELATIONS = 100_000


def _code_only(query: str, *, backslash_escapes: bool) -> str:
    """The query with string literals, quoted identifiers and comments blanked out."""
    out, i, n = [], 0, len(query)
    while i < n:
        c = query[i]
        if c in "'\"`":
            j = i + 1
            while j < n and query[j] != c:
                j += 2 if (backslash_escapes and c != "`" and query[j] == "\\") else 1
            out.append(" ")
            i = j + 1
        elif query.startswith("//", i):
            j = query.find("\n", i)
            i = n if j < 0 else j
            out.append(" ")
        elif query.startswith("/*", i):
            j = query.find("*/", i + 2)
            i = n if j < 0 else j + 2
            out.append(" ")
        else:
            out.append(c)
            i += 1
    return "".join(out)


def check_read_only(query: str) -> None:
    """Refuse anything but a read query: no word of ``FORBIDDEN`` may appear outside literals and comments.

    Every word counts (``1CREATE`` is refused too), and literals are masked both with and without backslash
    escapes, so a quote trick that hides a clause from one reading shows it to the other.
    """
    if not isinstance(query, str) or not query.strip():
        raise ValidationError("cypher query must be a non-empty string")
    if len(query) > MAX_QUERY_CHARS:
        raise ValidationError(f"cypher query longer than {MAX_QUERY_CHARS} characters")
    if "\x00" in query:
        raise ValidationError("cypher query contains a NUL character")
    check_unicode(query, what="cypher query")
    for escapes in (True, False):
        for word in _WORD.findall(_code_only(query, backslash_escapes=escapes)):
            if word.upper() in FORBIDDEN:
                raise ReadOnlyQueryError(f"exploration queries are read-only: {word.upper()} is not allowed")


class GraphView:
    def __init__(self, store: GraphStore, exploration: ExplorationConfig | None = None,
                 expired_of: ExpiredOf | None = None, before_read: Callable[[], object] | None = None):
        self.store = store
        self.sandbox = CypherSandbox(store, exploration)
        self._expired_of = expired_of  # the scope's expired memories (mem_graph/expiry.py); None: no expiry
        # Memory.flush: deferred graph steps of verbatim adds land before any read (read-your-writes)
        self._before_read = before_read

    def _settle(self) -> None:
        if self._before_read is not None:
            self._before_read()

    def _expired(self, scope: Any) -> dict[str, Any]:
        return self._expired_of(scope) if self._expired_of is not None else {}

    def _relations(self, scope: Any, include_invalid: bool, limit: int, as_of: float | None = None) -> list[Any]:
        """The store's RELATES edges without expired memories' (or marked not valid), at most ``limit``;
        with ``as_of``, the edges valid at that time."""
        expired = self._expired(scope)
        ask = limit if include_invalid or not expired else min(limit + edge_budget(expired), MAX_RELATIONS)
        edges = self.store.relations(scope, include_invalid, ask, as_of=as_of)
        return hide_expired(edges, expired, include_invalid)[:limit]

    def cypher(self, query: str, params: dict[str, Any] | None = None, *, user_id: str | None = None,
               agent_id: str | None = None, run_id: str | None = None, namespace: str | None = None,
               allow_writes: bool = False) -> list[dict[str, Any]]:
        """Run a read-only Cypher query on the scope's own subgraph (nothing else is visible to it).

        The scope is also passed as $user_id, $agent_id, $run_id, $namespace. A query past a limit of the
        config's ``exploration`` section (time, memory, rows, result size) raises ``QueryLimitError``.
        ``allow_writes`` (SDK only, never exposed over HTTP) runs the query unchecked, unconfined and
        unlimited on the real store.
        """
        self._settle()
        if allow_writes:
            scope = make_scope(user_id, agent_id, run_id, namespace)
            return self.store.cypher_write(query, {**_params(params), **scope.stored_fields()})
        found = self.explore(query, params, user_id=user_id, agent_id=agent_id, run_id=run_id, namespace=namespace)
        if found.truncated:
            cap = self.sandbox.cfg.max_rows
            raise QueryLimitError(f"cypher query returned more than {cap} rows (exploration.max_rows); add a LIMIT",
                                  "exploration.max_rows")
        return found.rows

    def explore(self, query: str, params: dict[str, Any] | None = None, *, max_rows: int | None = None,
                user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None,
                namespace: str | None = None) -> Exploration:
        """``cypher`` that returns the first ``max_rows`` rows with a ``truncated`` flag instead of raising."""
        scope = make_scope(user_id, agent_id, run_id, namespace)
        merged = {**_params(params), **scope.stored_fields()}
        check_read_only(query)
        self._settle()
        return self.sandbox.run(scope, query, merged, max_rows=max_rows, expired=self._expired(scope))

    def close(self) -> None:
        """End the exploration worker processes (``Memory.close`` calls this)."""
        self.sandbox.close()

    def cypher_graph(self, query: str, params: dict[str, Any] | None = None, **kwargs: Any) -> nx.MultiDiGraph:
        """Run ``cypher`` and return the nodes, relationships and paths it returned as a networkx graph."""
        return rows_to_networkx(self.cypher(query, params, **kwargs))

    def relations(self, *, include_invalid: bool = False, limit: int = 1000, as_of: Any = None,
                  **scope_ids: Any) -> list[GraphRelation]:
        """The scope's RELATES edges (at most ``limit``, 1..100,000); ``as_of`` (epoch seconds, ISO-8601 or
        datetime): the edges valid at that time, whatever their status now (``valid`` says so)."""
        scope = make_scope(**scope_ids)
        _check_flag(include_invalid, "include_invalid")
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_RELATIONS:
            raise ValidationError(f"limit must be an integer in 1..{MAX_RELATIONS}, got {show(limit)}")
        at = parse_timestamp(as_of, field="as_of")
        self._settle()
        return [{"source": e.source, "relationship": e.relation, "destination": e.target, "memory_id": e.memory_id,
                 "valid": e.valid or at is not None} for e in self._relations(scope, include_invalid, limit, at)]

    def neighbours(self, entity: str, hops: int = 1, *, include_invalid: bool = False,
                   **scope_ids: Any) -> nx.MultiDiGraph:
        """The entity's ``hops``-neighbourhood as a networkx graph (nodes carry display names)."""
        if isinstance(hops, bool) or not isinstance(hops, int) or not 0 <= hops <= 3:
            raise ValidationError("hops must be an integer in 0..3")
        scope = make_scope(**scope_ids)
        check_text(entity, what="entity", max_chars=1000)
        _check_flag(include_invalid, "include_invalid")
        self._settle()
        ids = list(self.store.find_entities(scope, [entity]))
        edges = self.store.neighbourhood(scope, ids, hops, include_invalid) if ids else []
        edges = hide_expired(edges, self._expired(scope), include_invalid)
        g = nx.MultiDiGraph()
        for eid in ids:
            g.add_node(eid, name=normalise_entity(entity))
        for e in edges:
            g.add_node(e.source_id, name=e.source)
            g.add_node(e.target_id, name=e.target)
            g.add_edge(e.source_id, e.target_id, relation=e.relation, memory_id=e.memory_id, valid=e.valid)
        return g

    def to_networkx(self, *, include_invalid: bool = False, **scope_ids: Any) -> nx.MultiDiGraph:
        """The scope's whole RELATES graph, ready for ``nx.write_graphml``.

        Node ids are the entities' normalised names (printable: the store's ids carry control-character
        separators that XML cannot hold); nodes carry ``name`` (as written) and ``type`` ("" when unknown).
        """
        scope = make_scope(**scope_ids)
        _check_flag(include_invalid, "include_invalid")
        self._settle()
        types = self.store.entity_types(scope)
        g = nx.MultiDiGraph()
        node_id = self.store.entity_name
        for e in self._relations(scope, include_invalid, MAX_RELATIONS):
            for eid, name in ((e.source_id, e.source), (e.target_id, e.target)):
                g.add_node(export_node_id(node_id(eid)), name=name, type=types.get(eid, ""))
            g.add_edge(export_node_id(node_id(e.source_id)), export_node_id(node_id(e.target_id)),
                       relation=e.relation, memory_id=e.memory_id, valid=e.valid)
        return g


def export_node_id(name: str) -> str:
    """An entity's normalised name as a printable node id: any control character written as an escape."""
    return _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), name)


def _params(params: Any) -> dict[str, Any]:
    if params is not None and (not isinstance(params, dict) or not all(isinstance(k, str) for k in params)):
        raise ValidationError("cypher params must be an object with string keys")
    check_json(params, what="cypher params")
    return dict(params or {})


def _check_flag(value: Any, name: str) -> None:
    if not isinstance(value, bool):
        raise ValidationError(f"{name} must be a boolean, got {type(value).__name__}")


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
