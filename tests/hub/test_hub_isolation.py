"""Two clients, two tokens, two namespaces: neither can read, search, list, change, explore or sync
the other's memories, and a refusal never tells whether the memory exists."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from running_hub import RunningHub

from mem_graph import NotFoundError, ReadOnlyQueryError
from mem_graph.client import MemoryClient, PermissionDeniedError

USER = "shared-user"  # the same user id in both namespaces


@pytest.fixture(scope="module")
def pair(hub_server: RunningHub) -> Iterator[tuple[MemoryClient, MemoryClient, str]]:
    a = hub_server.client(hub_server.token("ide", ["alpha"]))
    b = hub_server.client(hub_server.token("phone", ["beta"]))
    a.delete_all(user_id=USER)
    b.delete_all(user_id=USER)
    secret = a.add("Alice works at Acme. My sister Anna lives in Paris.", user_id=USER)["results"][0]["id"]
    b.add("I live in Oslo.", user_id=USER)
    yield a, b, secret
    a.close()
    b.close()


def test_reads_of_the_other_namespace_are_refused_or_not_found(pair: tuple[MemoryClient, MemoryClient, str]) -> None:
    a, b, secret = pair
    assert a.get(secret, user_id=USER)["namespace"] == "alpha"
    with pytest.raises(NotFoundError) as missing:
        b.get(secret, user_id=USER)  # in b's own namespace: the same answer as for an id that never existed
    with pytest.raises(NotFoundError) as never:
        b.get("00000000-0000-4000-8000-000000000000", user_id=USER)
    assert str(missing.value).replace(secret, "X") == str(never.value).replace(
        "00000000-0000-4000-8000-000000000000", "X")
    for call in (lambda: b.get(secret, user_id=USER, namespace="alpha"),
                 lambda: b.history(secret, user_id=USER, namespace="alpha"),
                 lambda: b.search("who works at Acme", user_id=USER, namespace="alpha"),
                 lambda: b.get_all(user_id=USER, namespace="alpha"),
                 lambda: b.changes(0, namespace="alpha"),
                 lambda: b.graph.cypher("MATCH (e:Entity) RETURN e.name", user_id=USER, namespace="alpha")):
        with pytest.raises(PermissionDeniedError, match="not granted to client 'phone'"):
            call()
    with pytest.raises(NotFoundError):
        b.history(secret, user_id=USER)


def test_search_list_and_sync_only_show_the_own_namespace(pair: tuple[MemoryClient, MemoryClient, str]) -> None:
    a, b, _ = pair
    assert [h["memory"] for h in b.search("where does Anna live, who works at Acme", user_id=USER)["results"]] == [
        "User lives in Oslo"]
    assert [m["memory"] for m in b.get_all(user_id=USER)["results"]] == ["User lives in Oslo"]
    b_feed = list(b.iter_changes(0))
    assert b_feed and {c["namespace"] for c in b_feed} == {"beta"}
    assert not any("Acme" in (c["new_memory"] or "") for c in b_feed)
    a_feed = list(a.iter_changes(0))
    assert {c["namespace"] for c in a_feed} == {"alpha"} and any("Acme" in (c["new_memory"] or "") for c in a_feed)


def test_writes_cannot_reach_the_other_namespace(pair: tuple[MemoryClient, MemoryClient, str]) -> None:
    a, b, secret = pair
    with pytest.raises(NotFoundError):
        b.update(secret, "User works at Evil Corp", user_id=USER)
    with pytest.raises(NotFoundError):
        b.delete(secret, user_id=USER)
    with pytest.raises(PermissionDeniedError):
        b.add("I like tea", user_id=USER, namespace="alpha")
    with pytest.raises(PermissionDeniedError):
        b.delete_all(user_id=USER, namespace="alpha")
    assert a.get(secret, user_id=USER)["version"] == 1


def test_cypher_is_confined_to_the_callers_scope(pair: tuple[MemoryClient, MemoryClient, str]) -> None:
    a, b, _ = pair
    names = {r["n"] for r in b.graph.cypher("MATCH (e) RETURN e.name AS n", user_id=USER)}
    assert names - {None} == {"user", "oslo"}  # (Memory nodes have no name)
    assert "acme" in {r["n"] for r in a.graph.cypher("MATCH (e:Entity) RETURN e.name AS n", user_id=USER)}
    everything = b.graph.cypher("MATCH (x)-[r]->(y) RETURN x, r, y", user_id=USER)
    assert everything and all(row["x"]["namespace"] == "beta" for row in everything)
    assert b.graph.cypher("MATCH ()-[r:RELATES]->() RETURN count(r) AS n", user_id=USER) == [{"n": 1}]
    assert b.graph.cypher("MATCH p = (x:Entity)-[*1..3]-(y) RETURN count(p) AS n", user_id=USER)[0]["n"] >= 1
    # another user of the same namespace is out of reach too
    assert b.graph.cypher("MATCH (e:Entity) RETURN e.name AS n", user_id="nobody") == []
    # naming another namespace finds nothing: the query runs on a copy of the caller's scope only
    assert b.graph.cypher("MATCH (e:Entity {namespace: 'alpha'}) RETURN e.name", user_id=USER) == []
    assert b.graph.cypher("MATCH (e:Entity) WHERE e.namespace = 'alpha' RETURN e.name", user_id=USER) == []
    with pytest.raises(ReadOnlyQueryError):
        b.graph.cypher("MATCH (e:Entity) DETACH DELETE e", user_id=USER)
    assert a.graph.relations(user_id=USER)  # nothing was deleted


def test_a_token_limited_to_some_users_cannot_touch_others(hub_server: RunningHub) -> None:
    with hub_server.client(hub_server.token("kiosk", ["beta"], user_ids=["kiosk-user"])) as k:
        k.add("I like tea", user_id="kiosk-user")
        for call in (lambda: k.get_all(user_id=USER), lambda: k.search("where", user_id=USER),
                     lambda: k.get_all(agent_id="bot"), lambda: k.add("I like tea", user_id=USER)):
            with pytest.raises(PermissionDeniedError):
                call()
        feed = list(k.iter_changes(0))
        assert feed and {c["user_id"] for c in feed} == {"kiosk-user"}
