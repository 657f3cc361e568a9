"""The hub pins every node pattern of an exploration query to the caller's scope, or refuses the query."""

from __future__ import annotations

import pytest

from mem_graph import ReadOnlyQueryError, ValidationError
from mem_graph.server.cypher_guard import check_rows, pin_to_scope

KEYS = ["user_id", "namespace"]
PIN = "{user_id: $user_id, namespace: $namespace}"


@pytest.mark.parametrize(("query", "pinned"), [
    ("MATCH (e:Entity) RETURN e.name, count(e)", f"MATCH (e:Entity {PIN}) RETURN e.name, count(e)"),
    ("MATCH(n) RETURN labels(n)", f"MATCH(n {PIN}) RETURN labels(n)"),
    ("MATCH ()-[r:RELATES]->() RETURN r", f"MATCH ( {PIN})-[r:RELATES]->( {PIN}) RETURN r"),
    ("MATCH (a {name: 'x'})-->(b) RETURN b", f"MATCH (a {{name: 'x', {PIN[1:]})-->(b {PIN}) RETURN b"),
    ("MATCH (n /* c */) RETURN n", f"MATCH (n /* c */ {PIN}) RETURN n"),
    ("MATCH (n:Entity) WHERE n.name = '(m)' // (x)\nRETURN n", f"MATCH (n:Entity {PIN}) WHERE n.name = '(m)' // (x)\nRETURN n"),
    ("MATCH (`my n`:Entity) RETURN `my n`", f"MATCH (`my n`:Entity {PIN}) RETURN `my n`"),
    ("MATCH (a) WHERE EXISTS { MATCH (a)-->(:Memory) } RETURN a",
     f"MATCH (a {PIN}) WHERE EXISTS {{ MATCH (a {PIN})-->(:Memory {PIN}) }} RETURN a"),
    ("MATCH p = shortestPath((a:Entity)-[*]-(b)) RETURN length(p)",
     f"MATCH p = shortestPath((a:Entity {PIN})-[*]-(b {PIN})) RETURN length(p)"),
    ("MATCH ANY SHORTEST (a)-->(b) RETURN a", f"MATCH ANY SHORTEST (a {PIN})-->(b {PIN}) RETURN a"),
    ("RETURN toLower('A') AS x, (1 + 2) AS y", "RETURN toLower('A') AS x, (1 + 2) AS y"),
])
def test_every_node_pattern_is_pinned(query: str, pinned: str) -> None:
    assert pin_to_scope(query, KEYS) == pinned


@pytest.mark.parametrize(("query", "error"), [
    ("MATCH (e:Entity {namespace: 'other'}) RETURN e", ReadOnlyQueryError),
    ("MATCH (e {user_id : 'bob'}) RETURN e", ReadOnlyQueryError),
    ("MATCH (e:Entity WHERE e.namespace = 'x') RETURN e", ValidationError),
    ("MATCH (e IS Entity) RETURN e", ValidationError),
    ("MATCH (e:(Entity|Memory)) RETURN e", ValidationError),
    ("MATCH (e $props) RETURN e", ValidationError),
    ("MATCH (e {a: 1} WHERE true) RETURN e", ValidationError),
    ("SHOW DATABASES", ReadOnlyQueryError),
    ("MATCH (e {name: 'x') RETURN e", ValidationError),
])
def test_what_cannot_be_pinned_is_refused(query: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        pin_to_scope(query, KEYS)


def test_rows_from_another_scope_are_refused() -> None:
    mine = {"_LABEL": "Entity", "name": "x", "namespace": "a", "user_id": "u"}
    check_rows([{"n": mine, "p": {"_NODES": [mine]}}], {"namespace": "a", "user_id": "u"})
    with pytest.raises(ReadOnlyQueryError):
        check_rows([{"p": {"_NODES": [mine, {**mine, "namespace": "b"}]}}], {"namespace": "a", "user_id": "u"})
