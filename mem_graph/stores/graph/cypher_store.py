"""Graph store logic shared by every Cypher backend; subclasses supply only the dialect.

A backend implements ``_run`` (execute, return rows as dicts), ``_run_read`` (the same, refusing
writes), ``compact``, ``reset`` and ``close``, and may make each write operation one transaction
(``_writing``). Every query here is plain openCypher that runs unchanged on LadybugDB and Neo4j 5,
and no module outside the store layer writes Cypher that changes the graph or knows how entity
ids are made (``entity_id`` / ``entity_name``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from mem_graph.stores.graph.base import Edge, GraphInventory, GraphMemory
from mem_graph.stores.graph.walk import ScopeSnapshot, walk_neighbourhood
from mem_graph.types import SCOPE_FIELDS, EntityRef, MemoryRecord, Scope, normalise_entity

_SCOPE_KEYS = (*SCOPE_FIELDS, "namespace")
_SCOPE_SET = ", ".join(f"{{v}}.{k} = r.{k}" for k in _SCOPE_KEYS)
_SCOPE_PROPS = ", ".join(f"{k}: r.{k}" for k in _SCOPE_KEYS)

MERGE_ENTITIES = (
    "UNWIND $rows AS r MERGE (e:Entity {id: r.id}) "
    "ON CREATE SET e.name = r.name, e.display = r.display, e.type = r.type, " + _SCOPE_SET.format(v="e")
)
MERGE_MEMORIES = (
    "UNWIND $rows AS r MERGE (m:Memory {id: r.id}) "
    "SET m.text = r.text, m.status = r.status, m.created_at = r.created_at, " + _SCOPE_SET.format(v="m")
)
# A fresh write's memory ids are new: CREATE skips MERGE's lookup (~1 ms of a one-turn add on LadybugDB).
CREATE_MEMORIES = (
    "UNWIND $rows AS r CREATE (m:Memory {id: r.id, text: r.text, status: r.status, created_at: r.created_at, "
    + _SCOPE_PROPS + "})"
)
DELETE_MENTIONS = "MATCH (m:Memory)-[x:MENTIONS]->(:Entity) WHERE m.id IN $ids DELETE x"
DELETE_RELATES = "MATCH (:Entity)-[x:RELATES]->(:Entity) WHERE x.memory_id IN $ids DELETE x"
# One MATCH per end: a key lookup each (LadybugDB joins a comma pattern 4-5x slower; Neo4j warns of a product).
CREATE_MENTIONS = (
    "UNWIND $rows AS r MATCH (m:Memory {id: r.m}) MATCH (e:Entity {id: r.e}) CREATE (m)-[:MENTIONS]->(e)"
)
CREATE_RELATES = (
    "UNWIND $rows AS r MATCH (a:Entity {id: r.s}) MATCH (b:Entity {id: r.o}) "
    "CREATE (a)-[:RELATES {type: r.type, memory_id: r.m, valid_from: r.vf, invalid_at: r.ia, "
    + _SCOPE_PROPS + "}]->(b)"
)
MENTIONED_BY = "MATCH (m:Memory)-[:MENTIONS]->(e:Entity) WHERE m.id IN $ids RETURN DISTINCT e.id AS id"
DELETE_MEMORY_NODES = "MATCH (m:Memory) WHERE m.id IN $ids DETACH DELETE m"
_ORPHAN = "NOT EXISTS { MATCH (e)-[]-() }"
DELETE_ORPHANS = f"MATCH (e:Entity) WHERE e.id IN $ids AND {_ORPHAN} DELETE e"
_SCOPE_RETURN = ", ".join(f"x.{k} AS {k}" for k in _SCOPE_KEYS)
# Every row of each table, columns in ladybug.SCHEMA order (COPY maps CSV columns by position); {w_x}: the
# scope condition on variable x (both ends of an edge in scope).
_TABLES: dict[str, str] = {
    "Entity": "MATCH (e:Entity) WHERE {w_e} RETURN e.id, e.name, e.display, e.type, "
              + ", ".join(f"e.{k}" for k in _SCOPE_KEYS),
    "Memory": "MATCH (m:Memory) WHERE {w_m} RETURN m.id, m.text, m.status, m.created_at, "
              + ", ".join(f"m.{k}" for k in _SCOPE_KEYS),
    "RELATES": "MATCH (a:Entity)-[r:RELATES]->(b:Entity) WHERE {w_a} AND {w_b} AND {w_r} RETURN a.id, b.id, "
               "r.type, r.memory_id, r.valid_from, r.invalid_at, " + ", ".join(f"r.{k}" for k in _SCOPE_KEYS),
    "MENTIONS": "MATCH (m:Memory)-[:MENTIONS]->(e:Entity) WHERE {w_m} AND {w_e} RETURN m.id, e.id",
}

_EDGE_RETURN = (
    "RETURN a.id AS sid, a.display AS s, r.type AS rel, b.id AS oid, b.display AS o, "
    "r.memory_id AS mid, r.invalid_at AS ia"
)
# Sentinel for "still valid": some embedded engines cannot infer a column type from an all-null list.
NEVER = -1.0


def scope_where(var: str, scope: Scope) -> tuple[str, dict[str, Any]]:
    """``var.user_id = $s_user_id AND …`` for the scope's set fields (names are whitelisted)."""
    fields = scope.fields()
    clause = " AND ".join(f"{var}.{k} = $s_{k}" for k in fields)
    return clause, {f"s_{k}": v for k, v in fields.items()}


_ID_SEP = "\x1e"  # between the scope key and the entity's normalised name; known only to this module


def entity_id(scope: Scope, name: str) -> str:
    """The id of the entity ``name`` in ``scope``: one entity per (scope, normalised name)."""
    return f"{scope.key}{_ID_SEP}{normalise_entity(name)}"


def entity_name(eid: str) -> str:
    """The normalised name inside an entity id."""
    return eid.rsplit(_ID_SEP, 1)[-1]


class CypherGraphStore(ABC):
    """Implements the GraphStore protocol on top of ``_run`` / ``_run_read``."""

    @abstractmethod
    def _run(self, query: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]: ...

    @abstractmethod
    def _run_read(self, query: str, params: dict[str, Any]) -> list[dict[str, Any]]:
        """``_run`` for a query that must not write: the engine refuses (``ReadOnlyQueryError``)."""

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """One write operation (several statements); LadybugDB makes it one transaction."""
        yield

    @abstractmethod
    def compact(self) -> None: ...

    @abstractmethod
    def reset(self) -> None: ...

    @abstractmethod
    def close(self) -> None: ...

    # -- entity ids -------------------------------------------------------
    def entity_id(self, scope: Scope, name: str) -> str:
        return entity_id(scope, name)

    def entity_name(self, entity_id: str) -> str:
        return entity_name(entity_id)

    # -- writes -----------------------------------------------------------
    def write_memories(self, items: list[GraphMemory], *, fresh: bool = False) -> None:
        if not items:
            return
        with self._writing():
            self._write_memories(items, fresh=fresh)

    def _write_memories(self, items: list[GraphMemory], *, fresh: bool) -> None:
        entities: dict[str, dict[str, Any]] = {}
        mentions, relates, memories = [], [], []
        for item in items:
            rec = item.record
            scope_props = rec.scope.stored_fields()
            memories.append({"id": rec.id, "text": rec.text, "status": rec.status.value,
                             "created_at": rec.created_at, **scope_props})
            refs = {e.key: e for e in item.entities if e.key}
            for t in rec.triples:  # triple ends are entities even when the extractor did not list them
                for name in (t.subject, t.object):
                    refs.setdefault(normalise_entity(name), EntityRef(name))
            for key, ref in refs.items():
                eid = entity_id(rec.scope, key)
                entities.setdefault(eid, {"id": eid, "name": key, "display": ref.name, "type": ref.type, **scope_props})
                mentions.append({"m": rec.id, "e": eid})
            for t in rec.triples:
                relates.append({
                    "s": entity_id(rec.scope, t.subject), "o": entity_id(rec.scope, t.object), "type": t.relation,
                    "m": rec.id, "vf": rec.valid_from, "ia": rec.invalid_at if rec.invalid_at is not None else NEVER,
                    **scope_props,
                })
        ids = [m["id"] for m in memories]
        if entities:
            self._run(MERGE_ENTITIES, {"rows": list(entities.values())})
        self._run(CREATE_MEMORIES if fresh else MERGE_MEMORIES, {"rows": memories})
        touched: list[str] = []
        if not fresh:
            touched = [r["id"] for r in self._run(MENTIONED_BY, {"ids": ids}) if r["id"] not in entities]
            self._run(DELETE_MENTIONS, {"ids": ids})
            self._run(DELETE_RELATES, {"ids": ids})
        if mentions:
            self._run(CREATE_MENTIONS, {"rows": mentions})
        if relates:
            self._run(CREATE_RELATES, {"rows": relates})
        if touched:  # entities a rewritten memory no longer mentions: drop those left without any edge
            self._run(DELETE_ORPHANS, {"ids": touched})

    def delete_memories(self, memory_ids: list[str]) -> None:
        if not memory_ids:
            return
        with self._writing():
            touched = [r["id"] for r in self._run(MENTIONED_BY, {"ids": memory_ids})]
            self._run(DELETE_RELATES, {"ids": memory_ids})
            self._run(DELETE_MEMORY_NODES, {"ids": memory_ids})
            if touched:
                self._run(DELETE_ORPHANS, {"ids": touched})

    def delete_scope(self, scope: Scope) -> None:
        where_m, params = scope_where("m", scope)
        where_e, _ = scope_where("e", scope)
        with self._writing():
            self._run(f"MATCH (m:Memory) WHERE {where_m} DETACH DELETE m", params)
            self._run(f"MATCH (e:Entity) WHERE {where_e} DETACH DELETE e", params)

    def delete_relations(self, memory_ids: list[str]) -> None:
        if memory_ids:
            with self._writing():
                self._run(DELETE_RELATES, {"ids": list(memory_ids)})

    def delete_orphans(self, *, scope: Scope | None = None, entity_ids: list[str] | None = None) -> None:
        where, params = scope_where("e", scope) if scope is not None else ("", {})
        if entity_ids is not None:
            if not entity_ids:
                return
            where, params = " AND ".join(filter(None, (where, "e.id IN $ids"))), {**params, "ids": list(entity_ids)}
        with self._writing():
            self._run(f"MATCH (e:Entity) WHERE {where + ' AND ' if where else ''}{_ORPHAN} DELETE e", params)

    # -- reads ------------------------------------------------------------
    def find_entities(self, scope: Scope, names: list[str]) -> dict[str, str]:
        keys = sorted({normalise_entity(n) for n in names} - {""})
        if not keys:
            return {}
        where, params = scope_where("e", scope)
        rows = self._run(f"MATCH (e:Entity) WHERE e.name IN $names AND {where} RETURN e.name AS name, e.id AS id",
                         {"names": keys, **params})
        return {r["id"]: r["name"] for r in rows}

    def neighbourhood(self, scope: Scope, entity_ids: list[str], hops: int, include_invalid: bool = False,
                      max_edges: int = 1000, hub_degree: int = 50, as_of: float | None = None) -> list[Edge]:
        """Edges within ``hops`` of the given entities (see ``walk.walk_neighbourhood``); with ``as_of``,
        the edges valid at that time."""
        where, params = scope_where("r", scope)
        valid, at = _validity(include_invalid, as_of)
        params |= at
        # One index lookup per edge end (an OR over both ends makes Neo4j scan every entity).
        side = "MATCH (a:Entity)-[r:RELATES]->(b:Entity) WHERE {}.id IN $ids AND " + where + valid + " " + _EDGE_RETURN
        query = f"{side.format('a')} LIMIT $limit UNION {side.format('b')} LIMIT $limit"

        def touching(frontier: set[str]) -> list[Edge]:
            rows = self._run(query, {"ids": sorted(frontier), "limit": int(max_edges), **params})
            return [_edge(r) for r in rows[:max_edges]]

        return walk_neighbourhood(touching, entity_ids, hops, hub_degree)

    def scope_snapshot(self, scope: Scope) -> ScopeSnapshot:
        """Everything retrieval reads from one scope's graph, in three queries (for an in-process cache)."""
        where_e, params = scope_where("e", scope)
        where_m, _ = scope_where("m", scope)
        names = {r["id"]: r["name"] for r in self._run(
            f"MATCH (e:Entity) WHERE {where_e} RETURN e.id AS id, e.name AS name", params)}
        mentions = {r["eid"]: int(r["n"]) for r in self._run(
            "MATCH (m:Memory)-[:MENTIONS]->(e:Entity) WHERE m.status = 'active' AND "
            f"{where_m} RETURN e.id AS eid, count(m) AS n", params)}
        return ScopeSnapshot(names, mentions, self.relations(scope, limit=10**9), self.active_memories(scope))

    def active_memories(self, scope: Scope) -> int:
        where, params = scope_where("m", scope)
        rows = self._run(f"MATCH (m:Memory) WHERE m.status = 'active' AND {where} RETURN count(m) AS n", params)
        return int(rows[0]["n"]) if rows else 0

    def memories_mentioning(self, scope: Scope, entity_ids: list[str], limit: int) -> dict[str, list[str]]:
        if not entity_ids:
            return {}
        where, params = scope_where("m", scope)
        rows = self._run(
            "MATCH (m:Memory)-[:MENTIONS]->(e:Entity) WHERE e.id IN $ids AND m.status = 'active' AND "
            f"{where} RETURN m.id AS mid, e.id AS eid LIMIT $limit",
            {"ids": list(entity_ids), "limit": int(limit), **params},
        )
        out: dict[str, list[str]] = {}
        for r in rows:
            out.setdefault(r["mid"], []).append(r["eid"])
        return out

    def mention_counts(self, scope: Scope, entity_ids: list[str]) -> dict[str, int]:
        """How many active memories mention each entity (its specificity: fewer is more specific)."""
        if not entity_ids:
            return {}
        where, params = scope_where("m", scope)
        rows = self._run(
            "MATCH (m:Memory)-[:MENTIONS]->(e:Entity) WHERE e.id IN $ids AND m.status = 'active' AND "
            f"{where} RETURN e.id AS eid, count(m) AS n", {"ids": list(entity_ids), **params})
        return {r["eid"]: int(r["n"]) for r in rows}

    def relations(self, scope: Scope, include_invalid: bool = False, limit: int = 1000,
                  as_of: float | None = None) -> list[Edge]:
        """The scope's edges: valid now, all (``include_invalid``), or valid at ``as_of``."""
        where, params = scope_where("r", scope)
        valid, at = _validity(include_invalid, as_of)
        rows = self._run(f"MATCH (a:Entity)-[r:RELATES]->(b:Entity) WHERE {where}{valid} {_EDGE_RETURN} LIMIT $limit",
                         {"limit": int(limit), **params, **at})
        return [_edge(r) for r in rows]

    def memory_nodes(self, memory_ids: list[str]) -> dict[str, dict[str, Any]]:
        if not memory_ids:
            return {}
        rows = self._run("MATCH (x:Memory) WHERE x.id IN $ids RETURN x.id AS id, x.text AS text, "
                         "x.status AS status, x.created_at AS created_at", {"ids": list(memory_ids)})
        return {r["id"]: r for r in rows}

    def table_rows(self, scope: Scope | None = None) -> dict[str, list[list[Any]]]:
        where: dict[str, str] = {}
        params: dict[str, Any] = {}
        for var in ("a", "b", "e", "m", "r"):
            where[f"w_{var}"], params = scope_where(var, scope) if scope is not None else ("true", {})
        return {table: [list(r.values()) for r in self._run_read(query.format(**where), params)]
                for table, query in _TABLES.items()}

    def export_rows(self, scope: Scope | None = None) -> dict[str, list[dict[str, Any]]]:
        where = {v: scope_where(v, scope)[0] if scope is not None else "true" for v in ("e", "m", "r")}
        params = scope_where("e", scope)[1] if scope is not None else {}
        props = ", ".join(f"e.{k} AS {k}" for k in _SCOPE_KEYS)
        return {
            "entity": self._run_read(f"MATCH (e:Entity) WHERE {where['e']} RETURN e.id AS id, e.name AS name, "
                                     f"e.display AS display, e.type AS entity_type, {props} ORDER BY id", params),
            "mention": self._run_read(f"MATCH (m:Memory)-[:MENTIONS]->(e:Entity) WHERE {where['m']} RETURN m.id AS "
                                      "memory_id, e.id AS entity_id ORDER BY memory_id, entity_id", params),
            "relation": self._run_read(
                f"MATCH (a:Entity)-[r:RELATES]->(b:Entity) WHERE {where['r']} RETURN a.id AS source_id, b.id AS "
                "target_id, r.type AS relation, r.memory_id AS memory_id, r.valid_from AS valid_from, "
                "r.invalid_at AS invalid_at ORDER BY memory_id, source_id, target_id", params),
        }

    def entity_types(self, scope: Scope) -> dict[str, str]:
        where, params = scope_where("e", scope)
        return {r["id"]: r["type"] or "" for r in self._run(
            f"MATCH (e:Entity) WHERE {where} RETURN e.id AS id, e.type AS type", params)}

    def inventory(self) -> GraphInventory:
        memories = {r["id"]: r for r in self._run(
            f"MATCH (x:Memory) RETURN x.id AS id, x.text AS text, x.status AS status, {_SCOPE_RETURN}")}
        entities = {r["id"]: r for r in self._run(
            f"MATCH (x:Entity) RETURN x.id AS id, x.name AS name, {_SCOPE_RETURN}")}
        orphans = [r["id"] for r in self._run(f"MATCH (e:Entity) WHERE {_ORPHAN} RETURN e.id AS id")]
        relations: dict[str, set[tuple[str, str, str, bool]]] = defaultdict(set)
        for r in self._run("MATCH (a:Entity)-[r:RELATES]->(b:Entity) RETURN r.memory_id AS mid, a.name AS s, "
                           "r.type AS rel, b.name AS o, r.invalid_at AS ia"):
            relations[r["mid"]].add((r["s"], r["rel"], r["o"], r["ia"] in (None, NEVER)))
        return GraphInventory(memories, entities, orphans, dict(relations))

    def cypher(self, query: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        return self._run_read(query, params or {})

    def cypher_write(self, query: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        return self._run(query, params or {})

    def counts(self) -> dict[str, int]:
        def one(q: str) -> int:
            rows = self._run(q)
            return int(next(iter(rows[0].values()))) if rows else 0

        return {
            "entities": one("MATCH (e:Entity) RETURN count(e) AS n"),
            "memories": one("MATCH (m:Memory) RETURN count(m) AS n"),
            "relations": one("MATCH ()-[r:RELATES]->() RETURN count(r) AS n"),
            "mentions": one("MATCH ()-[r:MENTIONS]->() RETURN count(r) AS n"),
        }


def _validity(include_invalid: bool, as_of: float | None) -> tuple[str, dict[str, float]]:
    """The WHERE fragment choosing edges: valid at ``as_of`` (valid_from <= t < invalid_at), every edge
    (``include_invalid``), or the edges valid now."""
    if as_of is not None:
        return (f" AND r.valid_from <= $as_of AND (r.invalid_at = {NEVER} OR r.invalid_at > $as_of)",
                {"as_of": float(as_of)})
    return ("" if include_invalid else f" AND r.invalid_at = {NEVER}"), {}


def _edge(r: dict[str, Any]) -> Edge:
    return Edge(r["sid"], r["s"], r["rel"], r["oid"], r["o"], r["mid"], valid=(r["ia"] is None or r["ia"] == NEVER))


def memory_of(record: MemoryRecord, entities: list[EntityRef] | None = None) -> GraphMemory:
    return GraphMemory(record, entities if entities is not None else [EntityRef(n) for n in record.entities])

