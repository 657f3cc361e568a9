"""Graph store on Neo4j 5 over Bolt (the ``neo4j`` driver): the dialect only.

Every query is the shared openCypher of ``cypher_store``; this module runs
queries (managed transactions with the driver's retries and causal
bookmarks), creates the schema idempotently, and converts Neo4j values to the
plain shapes LadybugDB returns, so exploration results look the same on both.
"""

from __future__ import annotations

from typing import Any

import neo4j
from neo4j import GraphDatabase, RoutingControl
from neo4j.exceptions import AuthError, ClientError, Neo4jError, ServiceUnavailable
from neo4j.graph import Node, Path, Relationship

from mem_graph.errors import ConfigError, ReadOnlyQueryError, StoreError
from mem_graph.stores.graph.cypher_store import CypherGraphStore

_SCOPED = ("user_id", "agent_id", "run_id")
SCHEMA = (
    "CREATE CONSTRAINT mg_entity_id IF NOT EXISTS FOR (e:Entity) REQUIRE e.id IS UNIQUE",
    "CREATE CONSTRAINT mg_memory_id IF NOT EXISTS FOR (m:Memory) REQUIRE m.id IS UNIQUE",
    "CREATE INDEX mg_entity_name IF NOT EXISTS FOR (e:Entity) ON (e.name)",
    "CREATE INDEX mg_relates_memory_id IF NOT EXISTS FOR ()-[r:RELATES]-() ON (r.memory_id)",
    *(f"CREATE INDEX mg_entity_{k} IF NOT EXISTS FOR (e:Entity) ON (e.{k})" for k in _SCOPED),
    *(f"CREATE INDEX mg_memory_{k} IF NOT EXISTS FOR (m:Memory) ON (m.{k})" for k in _SCOPED),
    *(f"CREATE INDEX mg_relates_{k} IF NOT EXISTS FOR ()-[r:RELATES]-() ON (r.{k})" for k in _SCOPED),
)
_RESET_BATCH = ("MATCH (n) WHERE n:Entity OR n:Memory WITH n LIMIT 10000 DETACH DELETE n "
                "RETURN count(*) AS n")


def plain(value: Any) -> Any:
    """Neo4j graph values as LadybugDB returns them: nodes and relationships as dicts
    (``_ID``, ``_LABEL``, ``_SRC``/``_DST`` + properties), paths as ``{_NODES, _RELS}``."""
    if isinstance(value, Node):
        return {"_ID": value.element_id, "_LABEL": next(iter(value.labels), ""), **dict(value)}
    if isinstance(value, Relationship):
        src = value.start_node.element_id if value.start_node is not None else None
        dst = value.end_node.element_id if value.end_node is not None else None
        return {"_SRC": src, "_DST": dst, "_LABEL": value.type, "_ID": value.element_id, **dict(value)}
    if isinstance(value, Path):
        return {"_NODES": [plain(n) for n in value.nodes], "_RELS": [plain(r) for r in value.relationships]}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if hasattr(value, "to_native"):  # neo4j.time types
        return value.to_native()
    return value


class Neo4jGraphStore(CypherGraphStore):
    """The mem_graph schema in one Neo4j database (``database=None``: the server's default)."""

    def __init__(self, url: str = "bolt://localhost:7687", username: str | None = "neo4j",
                 password: str | None = None, database: str | None = None,
                 driver_options: dict[str, Any] | None = None, **unknown: Any):
        if unknown:
            raise ConfigError(f"unknown graph_store.config key(s) for neo4j: {', '.join(sorted(unknown))} "
                              "(known: url, username, password, database, driver_options)")
        self.url = url
        self.database = database or None
        auth = (username, password or "") if username else None
        # INFORMATION notices (e.g. "cartesian product" on the keyed UNWIND writes) would flood app logs
        options = {"notifications_min_severity": "WARNING", **(driver_options or {})}
        try:
            self._driver: neo4j.Driver | None = GraphDatabase.driver(url, auth=auth, **options)
            self._driver.verify_connectivity()
        except (ServiceUnavailable, AuthError, ValueError, OSError) as exc:
            raise StoreError(f"cannot connect to Neo4j at {url}: {exc}") from exc
        self._ensure_schema()

    @property
    def driver(self) -> neo4j.Driver:
        if self._driver is None:
            raise StoreError("Neo4j graph store is closed")
        return self._driver

    def _ensure_schema(self) -> None:
        for stmt in SCHEMA:
            self._run(stmt)
        self._run("CALL db.awaitIndexes(120)")

    def _run(self, query: str, params: dict[str, Any] | None = None, *,
             read_only: bool = False) -> list[dict[str, Any]]:
        routing = RoutingControl.READ if read_only else RoutingControl.WRITE
        try:
            records, _, keys = self.driver.execute_query(query, params or {}, routing_=routing,
                                                         database_=self.database)
        except ClientError as exc:
            if exc.code and exc.code.endswith("AccessMode"):
                raise ReadOnlyQueryError(f"this query must not write: {exc.message}") from exc
            raise StoreError(f"graph query failed: {exc.message or exc}") from exc
        except (Neo4jError, ServiceUnavailable) as exc:
            raise StoreError(f"graph query failed: {exc}") from exc
        return [{k: plain(r[k]) for k in keys} for r in records]

    def _run_read(self, query: str, params: dict[str, Any]) -> list[dict[str, Any]]:
        """A READ transaction: the server itself refuses writes."""
        return self._run(query, params, read_only=True)

    def compact(self) -> None:
        """Nothing to do here: Neo4j reuses deleted records' space itself; its store files are the server's."""

    def reset(self) -> None:
        """Delete every mem_graph node and edge, in batches (other labels are left alone)."""
        while self._run(_RESET_BATCH)[0]["n"]:
            pass

    def close(self) -> None:
        if self._driver is not None:
            self._driver.close()
            self._driver = None
