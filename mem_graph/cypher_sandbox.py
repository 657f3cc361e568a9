"""Scope confinement for exploration Cypher: a caller's query runs on a throwaway copy of its own scope.

Why not rewrite or filter the query? Cypher reaches data through node
patterns, relationship patterns, paths, subqueries, list comprehensions,
``UNION`` branches and procedures; a rewrite that pins every pattern to the
scope, or a check of the returned rows, has to understand all of them exactly
and still leaks scalars (``count(*)``, ``e.name``) computed over other scopes.
Parameters cannot help either: ``$user_id`` is only as good as the query that
uses it.

So ``run_confined`` does this, on every graph backend:

1. the text check (``graph_view.check_read_only``) refuses any clause that
   writes or reaches outside the graph (``LOAD``/``COPY`` read and write files
   and, in LadybugDB's Python binding, can scan Python variables; ``ATTACH``
   and ``USE`` open other databases; ``CALL``, ``INSTALL``, ``EXPORT`` …);
2. the scope's subgraph - its ``Entity`` and ``Memory`` nodes, ``MENTIONS`` and
   ``RELATES`` edges, read from the real store with fixed, parameterised
   queries - is bulk-loaded into a fresh in-memory LadybugDB with the same
   schema (nothing else exists there: no other scope, no other table);
3. the caller's query runs there, with a timeout and a row cap, and the copy
   is dropped.

Nothing outside the scope exists where the query runs, so no crafted query,
parameter, ``UNION`` or id guess can read it, and a write that slipped past the
text check would change only the throwaway copy. On Neo4j the subgraph is read
through the driver, so exploration runs in the same (LadybugDB openCypher)
dialect on every backend. The copy costs ~30 ms for a small scope and ~0.6 s for
a scope of 10,000 memories, 3,500 entities and 30,000 edges (2 shared cores).
"""

from __future__ import annotations

import csv
import tempfile
from pathlib import Path
from typing import Any

import ladybug

from mem_graph.errors import ReadOnlyQueryError, ValidationError
from mem_graph.stores.graph.base import GraphStore
from mem_graph.stores.graph.cypher_store import scope_where
from mem_graph.stores.graph.ladybug import SCHEMA
from mem_graph.types import Scope

_SCOPE = ("user_id", "agent_id", "run_id", "namespace")
# Column order of each table in ladybug.SCHEMA (COPY maps CSV columns by position).
_TABLES: dict[str, tuple[str, str]] = {
    "Entity": ("e", "MATCH (e:Entity) WHERE {w_e} RETURN e.id, e.name, e.display, e.type, "
                    + ", ".join(f"e.{k}" for k in _SCOPE)),
    "Memory": ("m", "MATCH (m:Memory) WHERE {w_m} RETURN m.id, m.text, m.status, m.created_at, "
                    + ", ".join(f"m.{k}" for k in _SCOPE)),
    "RELATES": ("r", "MATCH (a:Entity)-[r:RELATES]->(b:Entity) WHERE {w_a} AND {w_b} AND {w_r} RETURN a.id, b.id, "
                     "r.type, r.memory_id, r.valid_from, r.invalid_at, " + ", ".join(f"r.{k}" for k in _SCOPE)),
    "MENTIONS": ("x", "MATCH (m:Memory)-[:MENTIONS]->(e:Entity) WHERE {w_m} AND {w_e} RETURN m.id, e.id"),
}
TIMEOUT_MS = 10_000
MAX_ROWS = 100_000


def scope_rows(store: GraphStore, scope: Scope) -> dict[str, list[list[Any]]]:
    """The scope's nodes and edges, table by table, read from the real store (both ends of an edge in scope)."""
    where = {}
    params: dict[str, Any] = {}
    for var in ("a", "b", "e", "m", "r"):
        where[f"w_{var}"], params = scope_where(var, scope)
    out: dict[str, list[list[Any]]] = {}
    for table, (_, query) in _TABLES.items():
        rows = store.cypher(query.format(**where), params, read_only=True)  # Neo4j: a READ transaction
        out[table] = [list(r.values()) for r in rows]
    # Nodes are read before edges; an edge written in between may name a node this copy lacks.
    entities, memories = {r[0] for r in out["Entity"]}, {r[0] for r in out["Memory"]}
    out["RELATES"] = [r for r in out["RELATES"] if r[0] in entities and r[1] in entities]
    out["MENTIONS"] = [r for r in out["MENTIONS"] if r[0] in memories and r[1] in entities]
    return out


def _load(conn: Any, rows: dict[str, list[list[Any]]], tmp: Path) -> None:
    for stmt in SCHEMA:
        conn.execute(stmt)
    for table, data in rows.items():
        if not data:
            continue
        file = tmp / f"{table}.csv"
        with file.open("w", newline="", encoding="utf-8") as f:
            csv.writer(f, quoting=csv.QUOTE_NONNUMERIC).writerows(data)  # '' stays '', None becomes NULL
        conn.execute(f"COPY {table} FROM '{file.as_posix()}' (header=false, parallel=false)")


def run_confined(store: GraphStore, scope: Scope, query: str, params: dict[str, Any], *,
                 timeout_ms: int = TIMEOUT_MS, max_rows: int = MAX_ROWS) -> list[dict[str, Any]]:
    """Run a (text-checked) read query on an in-memory copy of ``scope``'s subgraph; returns rows as dicts."""
    rows = scope_rows(store, scope)
    size = sum(len(v) for v in rows.values())
    db = ladybug.Database(":memory:", buffer_pool_size=max(64, size // 1000 * 2 + 64) * 1024 * 1024, max_num_threads=1)
    conn = ladybug.Connection(db)
    try:
        with tempfile.TemporaryDirectory(prefix="mem_graph_sandbox_") as tmp:
            _load(conn, rows, Path(tmp))
        conn.set_query_timeout(timeout_ms)
        try:
            result = conn.execute(query, params)
            results = result if isinstance(result, list) else [result]
            last = results[-1]
            cols = last.get_column_names()
            out = []
            while last.has_next():
                if len(out) >= max_rows:
                    raise ValidationError(f"cypher query returned more than {max_rows} rows; add a LIMIT")
                out.append(dict(zip(cols, last.get_next(), strict=True)))
        except ValidationError:
            raise
        except Exception as exc:  # noqa: BLE001 - the query and its parameters are the caller's input
            msg = str(exc) or type(exc).__name__
            if "interrupt" in msg.lower() or "timeout" in msg.lower():
                raise ValidationError(f"cypher query ran longer than {timeout_ms} ms; narrow it or add a LIMIT") from None
            raise ValidationError(f"cypher query failed: {msg}") from None
    finally:
        conn.close()
        db.close()
    _check_scope(out, scope)
    return out


def _check_scope(rows: list[dict[str, Any]], scope: Scope) -> None:
    """Defence in depth: every node or relationship in the result belongs to the scope."""
    want = scope.fields()

    def visit(value: Any) -> None:
        if isinstance(value, dict):
            if "_LABEL" in value and any(value.get(k) not in (None, v) for k, v in want.items()):
                raise ReadOnlyQueryError("the query reached outside the caller's scope")
            for v in value.values():
                visit(v)
        elif isinstance(value, (list, tuple)):
            for v in value:
                visit(v)

    visit(rows)
