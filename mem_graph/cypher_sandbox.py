"""Scope confinement and limits for exploration Cypher: a caller's query runs, in a worker process, on a
read-only copy of its own scope.

Why not rewrite or filter the query? Cypher reaches data through node
patterns, relationship patterns, paths, subqueries, list comprehensions,
``UNION`` branches and procedures; a rewrite that pins every pattern to the
scope, or a check of the returned rows, has to understand all of them exactly
and still leaks scalars (``count(*)``, ``e.name``) computed over other scopes.
Parameters cannot help either: ``$user_id`` is only as good as the query that
uses it.

So ``CypherSandbox.run`` does this, on every graph backend:

1. the text check (``graph_view.check_read_only``) refuses any clause that
   writes or reaches outside the graph (``LOAD``/``COPY``, ``ATTACH``/``USE``,
   ``CALL``, ``INSTALL``, ``EXPORT`` …);
2. the scope's subgraph - its ``Entity`` and ``Memory`` nodes, ``MENTIONS`` and
   ``RELATES`` edges, read from the real store with fixed, parameterised
   queries - is copied into a LadybugDB database with the same schema inside
   an exploration worker process (``sandbox_worker.py``), which reopens it
   ``read_only=True``;
3. the caller's query runs there under the limits of ``ExplorationConfig``:
   the engine's timeout, a kill of the worker when it overruns
   ``timeout_ms`` anyway, a per-query address-space limit (``memory_mb``),
   a row cap and a cap on the reply's size. Every overrun is a typed
   ``QueryLimitError`` naming its config key.

Nothing outside the scope exists where the query runs, so no crafted query,
parameter, ``UNION`` or id guess can read it. On Neo4j the subgraph is read
through the driver, so exploration runs in the same (LadybugDB openCypher)
dialect on every backend.

Why a cached copy is safe (issue #11 item 9b): the copy is kept between
queries and rebuilt only when the scope may have changed. A write that slipped
past the text check cannot persist into later reads, because the engine
refuses every write on a database opened ``read_only=True`` (tested). On the
embedded store the copy is keyed on the scope cache's write generation for the
scope (``ScopeCachedGraphStore.sandbox_version``), so a query after a write
sees it; on stores written by other processes too (Neo4j) the scope is read per
query and the copy is keyed on a hash of what was read, which saves the load
but not the read. Each copy lives in a directory with a random 128-bit name,
so even an ``ATTACH`` past the text check could not name another scope's copy.
"""

from __future__ import annotations

import hashlib
import json
import pickle
import threading
import time
import weakref
from dataclasses import dataclass, field
from typing import Any

from mem_graph.config import ExplorationConfig
from mem_graph.errors import QueryLimitError, ReadOnlyQueryError, StoreError, ValidationError
from mem_graph.sandbox_pool import ReplyTooLarge, SandboxPool, WorkerDied, WorkerTimeout
from mem_graph.stores.graph.base import GraphStore
from mem_graph.stores.graph.cypher_store import NEVER
from mem_graph.stores.graph.ladybug import SCHEMA
from mem_graph.types import Scope

GRACE_S = 2.0  # past timeout_ms, how long the engine's own interrupt gets before the worker is killed


@dataclass
class Exploration:
    """The rows of one exploration query; ``truncated`` when the row cap cut them."""

    rows: list[dict[str, Any]] = field(default_factory=list)
    truncated: bool = False


def scope_rows(store: GraphStore, scope: Scope, expired: dict[str, Any] | None = None) -> dict[str, list[list[Any]]]:
    """The scope's nodes and edges, table by table, read from the real store (both ends of an edge in scope).

    ``expired`` (memory id -> record, mem_graph/expiry.py): an expired memory is copied with status
    ``expired`` and its edges as invalid from its expiry on, so the copy shows it as not active."""
    out = store.table_rows(scope)  # columns in ladybug.SCHEMA order, read-only (Neo4j: a READ transaction)
    # Nodes are read before edges; an edge written in between may name a node this copy lacks.
    entities, memories = {r[0] for r in out["Entity"]}, {r[0] for r in out["Memory"]}
    out["RELATES"] = [r for r in out["RELATES"] if r[0] in entities and r[1] in entities]
    out["MENTIONS"] = [r for r in out["MENTIONS"] if r[0] in memories and r[1] in entities]
    if expired:
        out["Memory"] = [[r[0], r[1], "expired", *r[3:]] if r[0] in expired and r[2] == "active" else r
                         for r in out["Memory"]]
        out["RELATES"] = [[*r[:5], expired[r[3]].expires_at, *r[6:]] if r[3] in expired and r[5] in (None, NEVER)
                          else r for r in out["RELATES"]]
    return out


class CypherSandbox:
    """Runs text-checked read queries on cached, read-only copies of scopes in worker processes."""

    def __init__(self, store: GraphStore, cfg: ExplorationConfig | None = None) -> None:
        self.store = store
        self.cfg = cfg or ExplorationConfig()
        self._pool: SandboxPool | None = None
        self._pool_lock = threading.Lock()

    @property
    def pool(self) -> SandboxPool:
        with self._pool_lock:
            return self._pool or self._open_pool()

    def _open_pool(self) -> SandboxPool:
        if self._pool is None:  # workers start on the first exploration, not with every Memory
            self._pool = SandboxPool(self.cfg.workers, {"schema": list(SCHEMA), "cached_scopes": self.cfg.cached_scopes,
                                                        "buffer_pool_mb": self.cfg.buffer_pool_mb})
            weakref.finalize(self, self._pool.close)  # a sandbox nobody closed still ends its workers
        return self._pool

    def run(self, scope: Scope, query: str, params: dict[str, Any], *, max_rows: int | None = None,
            expired: dict[str, Any] | None = None) -> Exploration:
        """Run ``query`` on ``scope``'s copy; at most ``max_rows`` rows (default ``exploration.max_rows``).
        ``expired``: the scope's expired memories, shown as not active (see ``scope_rows``)."""
        cfg = self.cfg
        rows_cap = min(max_rows or cfg.max_rows, cfg.max_rows)
        limits = {"timeout_ms": cfg.timeout_ms, "memory_mb": cfg.memory_mb, "max_rows": rows_cap,
                  "max_result_bytes": cfg.max_result_mb * 2**20}
        key = json.dumps(scope.stored_fields(), sort_keys=True)
        version_of = getattr(self.store, "sandbox_version", None)
        tables: dict[str, list[list[Any]]] | None = None
        if version_of is not None:
            # taken before the rows are read: a later write changes it; so does a memory expiring
            version: Any = f"{version_of(scope)}:{hashlib.blake2b(repr(sorted(expired or ())).encode()).hexdigest()}"
        else:  # other processes may write: read the scope, key the copy on what was read
            tables = scope_rows(self.store, scope, expired)
            version = hashlib.blake2b(pickle.dumps(tables), digest_size=16).hexdigest()
        try:
            request = pickle.dumps(params)  # what the worker will get; refuse what it could not
        except Exception as exc:
            raise ValidationError(f"cypher params must be plain values: {exc}") from None
        del request
        worker = self.pool.take(key, cfg.timeout_ms / 1000)
        if worker is None:
            raise QueryLimitError(f"{cfg.workers} exploration queries are already running (exploration.workers); "
                                  "retry later", "exploration.workers")
        healthy = False
        try:
            deadline = time.monotonic() + cfg.timeout_ms / 1000 + GRACE_S
            reply = worker.ask(("run", key, version, None, query, params, limits), deadline, limits["max_result_bytes"])
            if reply[0] == "need_rows":
                tables = tables if tables is not None else scope_rows(self.store, scope, expired)
                build_s = 30 + sum(len(t) for t in tables.values()) / 5000
                deadline = time.monotonic() + build_s + cfg.timeout_ms / 1000 + GRACE_S
                reply = worker.ask(("run", key, version, tables, query, params, limits), deadline,
                                   limits["max_result_bytes"])
            worker.keys.add(key)
            healthy = True
        except WorkerTimeout:
            raise self._limit("timeout") from None
        except ReplyTooLarge:
            raise self._limit("result_size") from None
        except WorkerDied:
            raise self._limit("memory", crashed=True) from None
        finally:
            self.pool.give(worker, healthy)
        if reply[0] == "error":
            kind, message = reply[1], reply[2]
            if kind == "query":
                raise ValidationError(f"cypher query failed: {message}")
            if kind == "build":
                raise StoreError(f"cannot build the exploration copy of the scope: {message}")
            raise self._limit(kind)
        out = Exploration(reply[1], reply[2])
        _check_scope(out.rows, scope)
        return out

    def _limit(self, kind: str, crashed: bool = False) -> QueryLimitError:
        cfg = self.cfg
        if kind == "timeout":
            return QueryLimitError(f"cypher query ran longer than {cfg.timeout_ms} ms (exploration.timeout_ms); "
                                   "narrow it or add a LIMIT", "exploration.timeout_ms")
        if kind == "result_size":
            return QueryLimitError(f"cypher result is larger than {cfg.max_result_mb} MB (exploration.max_result_mb); "
                                   "return fewer or smaller values", "exploration.max_result_mb")
        if kind == "buffer_pool":
            return QueryLimitError(f"cypher query needs more than the {cfg.buffer_pool_mb} MB buffer pool of its scope "
                                   "copy (exploration.buffer_pool_mb); narrow it or add a LIMIT",
                                   "exploration.buffer_pool_mb")
        how = "the exploration worker stopped (out of memory or crashed)" if crashed else "it ran out of memory"
        return QueryLimitError(f"cypher query needs more than {cfg.memory_mb} MB (exploration.memory_mb): {how}; "
                               "narrow it or add a LIMIT", "exploration.memory_mb")

    def close(self) -> None:
        """End the worker processes (their scope copies are deleted)."""
        with self._pool_lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.close()


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
