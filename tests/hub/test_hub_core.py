"""The core SDK promises, through MemoryClient against a running hub (real HTTP on loopback)."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from running_hub import RunningHub

from mem_graph import ConflictError, InvalidIdError, NotFoundError, ScopeError
from mem_graph.client import AsyncMemoryClient, MemoryClient


def texts(results: list[dict]) -> list[str]:
    return [r["memory"] for r in results]


def test_a_move_updates_the_location_fact(client: MemoryClient, uid: str) -> None:
    client.add("I live in Beijing.", user_id=uid)
    out = client.add("I moved to Shanghai.", user_id=uid)

    update = out["results"][0]
    assert update["event"] == "UPDATE" and "Beijing" in update["previous_memory"]
    current = texts(client.get_all(user_id=uid)["results"])
    assert [t for t in current if "Shanghai" in t or "Beijing" in t] == ["User moved to Shanghai"]
    hits = client.search("where does the user live", user_id=uid)["results"]
    assert "Shanghai" in hits[0]["memory"] and not any("Beijing" in h["memory"] for h in hits)
    with_old = client.search("where does the user live", user_id=uid, include_invalidated=True)["results"]
    beijing = [h for h in with_old if "Beijing" in h["memory"]]
    assert beijing and beijing[0]["status"] == "invalidated" and beijing[0]["invalid_at"]
    events = client.history(update["id"], user_id=uid)
    assert [e["event"] for e in events] == ["ADD", "UPDATE"]
    assert all(e["actor"] == "core-tests" for e in events)
    rels = client.graph.relations(user_id=uid, include_invalid=True)
    assert {r["destination"]: r["valid"] for r in rels if r["relationship"] == "lives_in"} == {
        "Beijing": False, "Shanghai": True}


def test_saying_vegetarian_three_times_keeps_one_memory(client: MemoryClient, uid: str) -> None:
    first = client.add("I'm vegetarian", user_id=uid)
    later = [client.add(r, user_id=uid) for r in ("I am a vegetarian.", "As I said, I'm vegetarian!")]
    assert [r["event"] for r in first["results"]] == ["ADD"]
    assert all(r["event"] == "NONE" for out in later for r in out["results"])
    assert len([t for t in texts(client.get_all(user_id=uid)["results"]) if "vegetarian" in t]) == 1


def test_switching_databases_invalidates_the_mysql_preference(client: MemoryClient, uid: str) -> None:
    client.add("I like MySQL", user_id=uid)
    out = client.add("I don't use MySQL anymore, I switched to PostgreSQL", user_id=uid)
    events = {r["event"]: r for r in out["results"]}
    assert "MySQL" in events["DELETE"]["memory"]
    current = texts(client.get_all(user_id=uid)["results"])
    assert any("PostgreSQL" in t for t in current) and not any("MySQL" in t for t in current)
    everything = client.get_all(user_id=uid, include_invalidated=True)["results"]
    assert all(m["status"] == "invalidated" for m in everything if "MySQL" in m["memory"])
    assert {"source": "User", "relationship": "likes", "destination": "MySQL"} in out["relations"]["invalidated"]


def test_graph_expansion_finds_where_bobs_report_works(client: MemoryClient, uid: str) -> None:
    out = client.add("Alice works at Acme. Bob manages Alice.", user_id=uid)
    added = {(r["source"], r["relationship"], r["destination"]) for r in out["relations"]["added"]}
    assert {("Alice", "works_at", "Acme"), ("Bob", "manages", "Alice")} <= added

    res = client.search("Where does Bob's report work?", user_id=uid, explain=True)
    acme = next(h for h in res["results"] if "Acme" in h["memory"])
    assert acme["explain"]["graph"] > 0 and "graph" in acme["explain"]["sources"]
    rows = client.graph.cypher("MATCH (b:Entity {name: 'bob'})-[:RELATES]->(a:Entity)-[r:RELATES]->(c:Entity) "
                               "RETURN a.display AS report, r.type AS rel, c.display AS org", user_id=uid)
    assert rows == [{"report": "Alice", "rel": "works_at", "org": "Acme"}]


def test_memories_never_cross_users(client: MemoryClient, uid: str) -> None:
    client.add("I live in Lisbon.", user_id=f"{uid}-a")
    client.add("I live in Oslo.", user_id=f"{uid}-b")
    assert texts(client.search("where do I live", user_id=f"{uid}-b")["results"]) == ["User lives in Oslo"]
    a_id = client.get_all(user_id=f"{uid}-a")["results"][0]["id"]
    with pytest.raises(KeyError):
        client.get(a_id, user_id=f"{uid}-b")
    with pytest.raises(NotFoundError):
        client.history(a_id, user_id=f"{uid}-b")
    assert [r["destination"] for r in client.graph.relations(user_id=f"{uid}-b")] == ["Oslo"]


@pytest.mark.parametrize("call", ["add", "search", "get_all", "delete_all"])
def test_a_call_without_scope_is_refused(client: MemoryClient, call: str) -> None:
    args = {"add": ("I like tea",), "search": ("tea",), "get_all": (), "delete_all": ()}[call]
    with pytest.raises(ScopeError, match="user_id, agent_id or run_id"):
        getattr(client, call)(*args)


def test_update_delete_and_the_audit_trail(client: MemoryClient, uid: str) -> None:
    mid = client.add("I like green tea", user_id=uid)["results"][0]["id"]
    client.update(mid, "User likes jasmine tea", user_id=uid)
    got = client.get(mid, user_id=uid)
    assert got["memory"] == "User likes jasmine tea" and got["version"] == 2
    client.delete(mid, user_id=uid)
    with pytest.raises(KeyError):
        client.get(mid, user_id=uid)
    assert [e["event"] for e in client.history(mid, user_id=uid)] == ["ADD", "UPDATE", "DELETE"]
    for bad in ("not-a-uuid", "../../etc/passwd", "", 42):
        with pytest.raises(InvalidIdError):
            client.get(bad, user_id=uid)  # type: ignore[arg-type]


def test_concurrent_updates_last_writer_wins_and_expected_version_gives_409(
        hub_server: RunningHub, client: MemoryClient, uid: str) -> None:
    mid = client.add("I like green tea", user_id=uid)["results"][0]["id"]
    with hub_server.client(hub_server.token("phone", ["core"])) as phone:
        seen = phone.get(mid, user_id=uid)["version"]
        client.update(mid, "User likes oolong tea", user_id=uid, expected_version=seen)
        with pytest.raises(ConflictError, match="version 2, not 1"):
            phone.update(mid, "User likes black tea", user_id=uid, expected_version=seen)
        phone.update(mid, "User likes black tea", user_id=uid)  # no expectation: last writer wins
    assert client.get(mid, user_id=uid)["memory"] == "User likes black tea"
    trail = client.history(mid, user_id=uid)
    assert [(e["new_memory"], e["actor"]) for e in trail] == [
        ("User likes green tea", "core-tests"), ("User likes oolong tea", "core-tests"),
        ("User likes black tea", "phone")]


def test_infer_false_metadata_and_provenance(client: MemoryClient, uid: str) -> None:
    msgs = [{"role": "user", "content": "Caroline went to the support group."},
            {"role": "assistant", "content": "That sounds great!"}]
    out = client.add(msgs, user_id=uid, infer=False, metadata={"session": 1}, source_ref="chat-42")
    assert [r["event"] for r in out["results"]] == ["ADD", "ADD"]
    stored = client.get_all(user_id=uid, filters={"session": 1})["results"]
    assert sorted(texts(stored)) == ["Caroline went to the support group.", "That sounds great!"]
    assert all(m["source"]["client_id"] == "core-tests" and m["source"]["source_ref"] == "chat-42"
               and m["namespace"] == "core" for m in stored)


def test_delete_all_erases_the_scope(client: MemoryClient, uid: str) -> None:
    client.add("Alice works at Acme.", user_id=f"{uid}-gone")
    client.add("I live in Rome.", user_id=f"{uid}-kept")
    assert client.delete_all(user_id=f"{uid}-gone")["deleted"] == 1
    assert client.get_all(user_id=f"{uid}-gone")["results"] == []
    assert client.graph.relations(user_id=f"{uid}-gone") == []
    assert client.get_all(user_id=f"{uid}-kept")["results"]


def test_async_client_has_the_same_contract(hub_server: RunningHub, core_token: str, uid: str) -> None:
    async def scenario() -> None:
        async with AsyncMemoryClient(hub_server.url, core_token) as m:
            await asyncio.gather(*(m.add(f"I like {x}", user_id=uid) for x in ("tea", "jazz", "chess")))
            assert len((await m.get_all(user_id=uid))["results"]) == 3
            hit = (await m.search("what music does the user like", user_id=uid, limit=1))["results"][0]
            assert "jazz" in hit["memory"]
            assert await m.graph.cypher("MATCH (e:Entity {name: 'chess'}) RETURN e.display AS n", user_id=uid) == [
                {"n": "chess"}]
            with pytest.raises(ScopeError):
                await m.search("tea")

    asyncio.run(scenario())


def test_the_openapi_document_describes_every_endpoint(hub_server: RunningHub) -> None:
    doc = httpx.get(f"{hub_server.url}/openapi.json").json()
    paths = doc["paths"]
    assert {"/v1/memories", "/v1/memories/search", "/v1/memories/{memory_id}", "/v1/memories/{memory_id}/history",
            "/v1/changes", "/v1/graph/cypher", "/v1/chat/completions", "/v1/health"} <= set(paths)
    assert set(paths["/v1/memories"]) == {"get", "post", "delete"}
    assert set(paths["/v1/memories/{memory_id}"]) == {"get", "put", "delete"}
    add = paths["/v1/memories"]["post"]
    assert add["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith("/AddRequest")
    assert add["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].endswith("/AddResponse")
    assert "event_id" in doc["components"]["schemas"]["AddRequest"]["properties"]
    assert {"401", "403", "422", "429"} <= set(add["responses"])
