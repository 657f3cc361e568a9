"""Exploration Cypher is read-only and confined to the caller's scope, whatever the query or parameters say."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mem_graph import MemGraphError, Memory, ReadOnlyQueryError
from mem_graph.graph_view import check_read_only
from mem_graph.maintenance import snapshot

SECRETS = ("mallory", "evil", "oslo", "sekrit")


@pytest.fixture(scope="module")
def two_users(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Memory, dict[str, Any]]]:
    with Memory(path=tmp_path_factory.mktemp("cy") / "m") as m:
        m.add("I live in Paris. Bob works at Acme. Alice knows Bob.", user_id="alice")
        m.add("Carol visited Rome", user_id="alice", agent_id="helper", infer=False)
        m.add("Alice likes the other namespace", user_id="alice", namespace="private", infer=False)
        secret = m.add("Mallory works at Evil Corp. Mallory lives in Oslo. The code is sekrit.",
                       user_id="mallory")["results"][0]["id"]
        yield m, {"secret_id": secret}


INJECTIONS: list[tuple[str, dict[str, Any]]] = [
    # writes, plain and disguised
    ("CREATE (:Entity {id: 'x'})", {}),
    ("cReAtE (n:Entity {id: 'x'}) RETURN n", {}),
    ("MATCH (e:Entity) SET e.name = 'pwned' RETURN e", {}),
    ("MATCH (e:Entity) DETACH DELETE e", {}),
    ("MATCH (e:Entity) WITH e MERGE (x:Entity {id: 'y'}) RETURN x", {}),
    ("MATCH (e:Entity) REMOVE e.name RETURN e", {}),
    ("FOREACH (x IN [1] | CREATE (:Entity {id: 'f'}))", {}),
    ("RETURN 1 AS x; CREATE (n:Entity {id: 'q'})", {}),
    ("RETURN 1 AS x\nCREATE (n:Entity {id: 'q'})", {}),
    ("RETURN 1CREATE (n:Entity {id: 'q'})", {}),
    ("RETURN 'a\\'' AS s CREATE (n:Entity {id: 'q'}) //'", {}),  # quote escape tricks
    ("RETURN 'a\\\\' AS s CREATE (n:Entity {id: 'q'}) //'", {}),
    ('RETURN "x\\"" AS s SET x.y = 1 //"', {}),
    ("MATCH (e) RETURN e.name AS n /* */ UNION ALL MATCH (e) SET e.name = 'u' RETURN e.name AS n", {}),
    ("MATCH (e:Entity) RETURN e.name AS n UNION CREATE (z:Entity {id: 'u'}) RETURN z.name AS n", {}),
    # procedures, files, other databases, extensions, schema
    ("CALL show_tables() RETURN *", {}),
    ("CALL db.labels()", {}),
    ("CALL table_info('Entity') RETURN *", {}),
    ("LOAD FROM '/etc/passwd' RETURN *", {}),
    ("LOAD CSV FROM 'file:///etc/passwd' AS line RETURN line", {}),
    ("LOAD FROM secrets RETURN *", {}),
    ("COPY Entity FROM '/tmp/mg-injected.csv'", {}),
    ("COPY (MATCH (e) RETURN e.name) TO '/tmp/mg-leak.csv'", {}),
    ("ATTACH 'graph.lbug' AS real (dbtype lbug)", {}),
    ("USE real; MATCH (e) RETURN e", {}),
    ("INSTALL httpfs", {}),
    ("LOAD EXTENSION json", {}),
    ("EXPORT DATABASE '/tmp/mg-export'", {}),
    ("IMPORT DATABASE '/tmp/mg-export'", {}),
    ("BEGIN TRANSACTION", {}),
    ("CHECKPOINT", {}),
    ("CREATE MACRO leak(x) AS x", {}),
    ("DROP TABLE Entity", {}),
    ("ALTER TABLE Entity ADD pwned INT64", {}),
    ("SHOW DATABASES", {}),
]

READS: list[tuple[str, dict[str, Any]]] = [
    ("MATCH (e) /*/ SET e.name='x' //*/ RETURN e.name AS n", {}),  # the SET is inside a comment: harmless
    # reading another user's data by property, id, name, parameter or union
    ("MATCH (e:Entity) WHERE e.user_id = 'mallory' RETURN e.name AS n", {}),
    ("MATCH (e:Entity {user_id: 'mallory'}) RETURN e", {}),
    ("MATCH (e) WHERE e.id STARTS WITH 'mallory' RETURN e", {}),
    ("MATCH (m:Memory) WHERE m.id = $mid RETURN m.text AS t", {"mid": "SECRET_ID"}),
    ("MATCH (m:Memory {id: $mid}) RETURN m", {"mid": "SECRET_ID"}),
    ("MATCH (e:Entity) WHERE e.user_id = $user_id RETURN e.name AS n", {"user_id": "mallory"}),
    ("MATCH (e:Entity) WHERE e.user_id = $u RETURN e.name AS n", {"u": "mallory"}),
    ("MATCH (e:Entity) WHERE e.user_id = $user_id RETURN e.name AS n UNION MATCH (e:Entity) RETURN e.name AS n", {}),
    ("MATCH (e:Entity) WHERE e.name = 'mallory' OR true RETURN e.display AS n", {}),
    ("MATCH p = (a)-[*1..5]-(b) RETURN nodes(p) AS ns", {}),
    ("MATCH (a)-[r]->(b) RETURN a, r, b", {}),
    ("OPTIONAL MATCH (x:Entity {user_id: 'mallory'}) RETURN x", {}),
    ("MATCH (e) WHERE e.namespace <> 'default' RETURN e", {}),
    ("MATCH (m:Memory) RETURN m.text AS t", {}),
    ("MATCH (e) RETURN count(*) AS n, collect(e.name) AS names", {}),
    ("MATCH (e:Entity) WHERE e.user_id IN ['alice', 'mallory'] RETURN e.name AS n", {}),
    ("MATCH (m:Memory) WHERE m.text CONTAINS 'sekrit' RETURN m.text AS t", {}),
    ("MATCH (`e`:`Entity`) WHERE `e`.`user_id` = 'mallory' RETURN `e`.`name` AS n", {}),
    ("UNWIND ['mallory', 'oslo'] AS name MATCH (e:Entity {name: name}) RETURN e.name AS n", {}),
]


def _leaks(rows: Any) -> list[str]:
    text = json.dumps(rows, default=str).lower()
    return [s for s in SECRETS if s in text]


@pytest.mark.parametrize(("query", "params"), INJECTIONS)
def test_write_and_escape_attempts_are_refused(two_users: tuple[Memory, dict[str, Any]], query: str,
                                                params: dict[str, Any]) -> None:
    m, _ = two_users
    before = snapshot(m)
    with pytest.raises(MemGraphError) as err:
        m.graph.cypher(query, params, user_id="alice")
    assert isinstance(err.value, ReadOnlyQueryError) or "not allowed" in str(err.value) or "failed" in str(err.value)
    after = snapshot(m)
    assert (after.graph_memories, after.graph_entities, after.relation_memory_ids) == (
        before.graph_memories, before.graph_entities, before.relation_memory_ids)
    assert not any(Path(p).exists() for p in ("/tmp/mg-leak.csv", "/tmp/mg-export"))


@pytest.mark.parametrize(("query", "params"), READS)
def test_reads_see_only_the_callers_scope(two_users: tuple[Memory, dict[str, Any]], query: str,
                                          params: dict[str, Any]) -> None:
    m, ids = two_users
    params = {k: ids["secret_id"] if v == "SECRET_ID" else v for k, v in params.items()}
    try:
        rows = m.graph.cypher(query, params, user_id="alice")
    except MemGraphError as exc:  # refusing is fine too; leaking is not
        rows = [str(exc)]
    assert _leaks(rows) == []
    assert "private" not in json.dumps(rows, default=str)  # another namespace of the same user
    assert "x" not in {r.get("n") for r in rows if isinstance(r, dict)}


def test_confinement_still_answers_the_callers_questions(two_users: tuple[Memory, dict[str, Any]]) -> None:
    m, _ = two_users
    names = {r["n"] for r in m.graph.cypher("MATCH (e:Entity) RETURN e.name AS n", user_id="alice")}
    assert {"bob", "acme", "paris", "carol", "rome"} <= names and not _leaks(list(names))
    assert {r["n"] for r in m.graph.cypher("MATCH (e:Entity) RETURN e.name AS n", user_id="alice",
                                           agent_id="helper")} == {"carol", "rome"}
    [row] = m.graph.cypher("MATCH (b:Entity {name: 'bob'})-[r:RELATES]->(c:Entity) RETURN c.display AS c, "
                           "r.type AS t", user_id="alice")
    assert row == {"c": "Acme", "t": "works_at"}
    assert m.graph.cypher("MATCH (e:Entity) RETURN e.name AS n", user_id="mallory", namespace="private") == []
    mallory = {r["n"] for r in m.graph.cypher("MATCH (e:Entity) RETURN e.name AS n", user_id="mallory")}
    assert "oslo" in mallory and "bob" not in mallory


@pytest.mark.parametrize("query", [
    "MATCH (e) WHERE e.name = 'create' RETURN e",  # in a string
    "MATCH (e) RETURN e.`set` AS s",  # a quoted identifier
    "MATCH (e) RETURN e.name AS n // SET e.name = 1",  # in a comment
    "MATCH (e) WHERE e.name = \"it's\" RETURN e",
])
def test_keywords_inside_literals_and_comments_are_not_clauses(query: str) -> None:
    check_read_only(query)


def test_runaway_queries_are_stopped(two_users: tuple[Memory, dict[str, Any]]) -> None:
    m, _ = two_users
    with pytest.raises(MemGraphError, match=r"rows|longer than"):
        m.graph.cypher("UNWIND range(1, 200000) AS x RETURN x", user_id="alice")
    with pytest.raises(MemGraphError):
        m.graph.cypher("MATCH (e) RETURN e.nope(", user_id="alice")
