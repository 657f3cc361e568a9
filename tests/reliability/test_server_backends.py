"""The same guarantees on the server backends: Neo4j (a real server) and Qdrant through qdrant-client."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mem_graph import MemGraphError, Memory, ReadOnlyQueryError
from mem_graph.backup import export, import_, read_export
from mem_graph.maintenance import check, repair, snapshot

pytestmark = pytest.mark.neo4j


@pytest.fixture
def server_memory(tmp_path: Path, neo4j_uri: str) -> Iterator[Memory]:
    cfg = {"path": str(tmp_path), "graph_store": {"provider": "neo4j", "config": {
        "url": neo4j_uri, "username": "neo4j", "password": "secret"}},
           "vector_store": {"provider": "qdrant", "config": {"location": ":memory:", "collection_name": "rel"}}}
    with Memory.from_config(cfg) as m:
        m.reset()
        m.add("I live in Paris. Bob works at Acme.", user_id="alice")
        m.add("I moved to Berlin.", user_id="alice")
        m.add("Mallory lives in Oslo.", user_id="mallory")
        yield m
        m.reset()


def test_check_and_repair_on_neo4j_and_qdrant(server_memory: Memory) -> None:
    m = server_memory
    assert check(m).ok, check(m).to_dict()
    victim = next(r for r in m.get_all(user_id="alice")["results"] if "Acme" in r["memory"])["id"]
    other = next(r for r in m.get_all(user_id="mallory")["results"])["id"]
    m.vectors.delete([victim])
    m.graph_store.cypher_write("MATCH (x:Memory {id: $id}) DETACH DELETE x", {"id": other})
    report = check(m)
    assert report.vanished == [victim] and report.vectors_without_graph == [other]
    repair(m)
    assert check(m).ok and repair(m) == []
    assert "Acme" in m.get(victim, user_id="alice")["memory"]


def test_backup_round_trip_on_neo4j_and_qdrant(server_memory: Memory) -> None:
    m = server_memory

    def dump() -> list[Any]:
        buf = io.StringIO()
        export(m, buf)
        rows = [json.loads(x) for x in buf.getvalue().splitlines()]
        return sorted(json.dumps({k: v for k, v in r.items() if k not in ("seq", "exported_at") and
                                  not isinstance(v, float)}, sort_keys=True) for r in rows)

    before = dump()
    buf = io.StringIO()
    export(m, buf)
    m.reset()
    import_(m, read_export(io.StringIO(buf.getvalue())))
    assert dump() == before
    assert check(m).ok


@pytest.mark.parametrize("query", ["MATCH (e:Entity) WHERE e.user_id = 'mallory' RETURN e.name AS n",
                                   "MATCH (m:Memory) RETURN m.text AS n",
                                   "MATCH (e) RETURN e.name AS n UNION MATCH (x:Entity {user_id: 'mallory'}) "
                                   "RETURN x.name AS n"])
def test_cypher_is_confined_on_neo4j(server_memory: Memory, query: str) -> None:
    rows = server_memory.graph.cypher(query, user_id="alice")
    assert "oslo" not in json.dumps(rows).lower() and "mallory" not in json.dumps(rows).lower()


@pytest.mark.parametrize("query", ["MATCH (e:Entity) DETACH DELETE e", "CALL db.labels()",
                                   "LOAD CSV FROM 'file:///etc/passwd' AS l RETURN l"])
def test_cypher_writes_are_refused_on_neo4j(server_memory: Memory, query: str) -> None:
    before = snapshot(server_memory).graph_entities
    with pytest.raises(MemGraphError) as err:
        server_memory.graph.cypher(query, user_id="alice")
    assert isinstance(err.value, ReadOnlyQueryError)
    assert snapshot(server_memory).graph_entities == before
