"""MCP over streamable HTTP on the hub: the official client, the hub's tokens, namespaces and user grants."""

from __future__ import annotations

from typing import Any

import anyio
import httpx
import pytest
from mcp import MCPError
from mcp_session import TOOLS, call, call_error, http_session, read_json
from running_hub import RunningHub

from mem_graph.client import MemoryClient


def run(fn: Any, *args: Any) -> Any:
    return anyio.run(fn, *args)


def test_tools_are_listed_with_typed_schemas(mcp_hub: RunningHub) -> None:
    token = mcp_hub.token("mcp-list", ["tools"])

    async def go() -> None:
        async with http_session(mcp_hub.mcp_url, token) as s:
            tools = {t.name: t for t in (await s.list_tools()).tools}
            assert set(tools) == TOOLS
            for tool in tools.values():
                assert tool.description and tool.input_schema["type"] == "object"
            add = tools["add_memory"].input_schema
            assert add["required"] == ["messages"]
            assert add["properties"]["infer"]["type"] == "boolean"
            search = tools["search_memories"].input_schema["properties"]
            assert {"explain", "relations", "as_of", "limit", "namespace"} <= set(search)
            assert search["limit"]["minimum"] == 1 and search["limit"]["type"] == "integer"
            assert tools["search_memories"].annotations.read_only_hint is True
            assert tools["delete_memory"].annotations.destructive_hint is True
            templates = {t.uri_template for t in (await s.list_resource_templates()).resource_templates}
            assert templates == {"memgraph://users/{user_id}/profile{?namespace}",
                                 "memgraph://users/{user_id}/graph{?namespace}"}

    run(go)


def test_every_tool_over_http(mcp_hub: RunningHub, uid: str) -> None:
    token = mcp_hub.token("mcp-tools", ["tools"])

    async def go() -> None:
        async with http_session(mcp_hub.mcp_url, token) as s:
            first = await call(s, "add_memory", messages="I live in Beijing.", user_id=uid,
                               timestamp="2024-01-01T00:00:00Z")
            assert [r["event"] for r in first["results"]] == ["ADD"]
            moved = await call(s, "add_memory", messages=[{"role": "user", "content": "I moved to Shanghai."}],
                               user_id=uid, timestamp="2024-06-01T00:00:00Z")
            assert moved["results"][0]["event"] == "UPDATE"
            assert moved["relations"]["invalidated"][0]["destination"] == "Beijing"
            raw = await call(s, "add_memory", messages="Remember: my locker code is 4711.", user_id=uid, infer=False)
            assert raw["results"][0]["memory"] == "Remember: my locker code is 4711."

            hits = await call(s, "search_memories", query="where does the user live?", user_id=uid, explain=True)
            assert "Shanghai" in hits["results"][0]["memory"]
            assert {"semantic", "keyword", "fused"} <= set(hits["results"][0]["explain"])
            assert any(r["destination"] == "Shanghai" for r in hits["relations"])
            bare = await call(s, "search_memories", query="where does the user live?", user_id=uid, relations=False)
            assert "relations" not in bare
            then = await call(s, "search_memories", query="where does the user live?", user_id=uid,
                              as_of="2024-03-01T00:00:00Z")
            assert "Beijing" in then["results"][0]["memory"]

            listed = await call(s, "list_memories", user_id=uid)
            assert len(listed["results"]) == 2  # Shanghai and the locker code; Beijing is invalidated
            everything = await call(s, "list_memories", user_id=uid, include_invalidated=True)
            assert len(everything["results"]) == 3
            mid = moved["results"][0]["id"]
            got = await call(s, "get_memory", memory_id=mid, user_id=uid)
            assert got["namespace"] == "tools" and got["source"]["client_id"] == "mcp-tools"
            assert got["slot"]

            locker = raw["results"][0]["id"]
            updated = await call(s, "update_memory", memory_id=locker, data="My locker code is 1234.", user_id=uid)
            assert updated["previous_memory"] == "Remember: my locker code is 4711."
            history = await call(s, "memory_history", memory_id=locker, user_id=uid)
            assert [e["event"] for e in history["events"]] == ["ADD", "UPDATE"]

            near = await call(s, "graph_neighbours", entity="Shanghai", user_id=uid)
            assert near["found"] and any(e["relationship"] == "lives_in" for e in near["edges"])
            rows = await call(s, "graph_cypher", user_id=uid,
                              query="MATCH (a:Entity)-[r:RELATES]->(b:Entity) WHERE r.invalid_at < 0 "
                                    "RETURN b.display AS place")
            assert rows == {"results": [{"place": "Shanghai"}], "truncated": False}

            assert (await call(s, "delete_memory", memory_id=locker, user_id=uid))["event"] == "DELETE"
            gone = await call_error(s, "get_memory", memory_id=locker, user_id=uid)
            assert (gone["code"], gone["http_status"]) == ("not_found", 404)

            profile = await read_json(s, f"memgraph://users/{uid}/profile")
            assert [v["memory"] for v in profile["current"].values()] == [got["memory"]]
            assert profile["namespace"] == "tools"
            summary = await read_json(s, f"memgraph://users/{uid}/graph")
            assert summary["relations"] == 1 and summary["entities"] >= 2
            assert summary["relation_types"] == {"lives_in": 1}
            assert {e["name"] for e in summary["top_entities"]} >= {"Shanghai"}

    run(go)


def test_bad_arguments_are_typed_errors_with_rest_codes(mcp_hub: RunningHub, uid: str) -> None:
    token = mcp_hub.token("mcp-bad", ["bad"])

    async def go() -> None:
        async with http_session(mcp_hub.mcp_url, token) as s:
            cases: list[tuple[str, dict[str, Any], str]] = [
                ("search_memories", {"user_id": uid}, "invalid_input"),  # query missing
                ("search_memories", {"query": "x", "user_id": uid, "limit": 5000}, "invalid_input"),
                ("search_memories", {"query": "x", "user_id": uid, "limit": "many"}, "invalid_input"),
                ("search_memories", {"query": "x", "user": uid}, "invalid_input"),  # misspelt scope argument
                ("search_memories", {"query": "x"}, "invalid_scope"),
                ("search_memories", {"query": "x", "user_id": uid, "as_of": "last tuesday"}, "invalid_input"),
                ("add_memory", {"messages": [{"role": "robot", "content": "hi"}], "user_id": uid}, "invalid_input"),
                ("add_memory", {"messages": "x" * 40_000, "user_id": uid}, "message_too_large"),
                ("get_memory", {"memory_id": "not-a-uuid", "user_id": uid}, "invalid_id"),
                ("graph_neighbours", {"entity": "x", "hops": 9, "user_id": uid}, "invalid_input"),
                ("graph_cypher", {"query": "MATCH (e:Entity) DETACH DELETE e", "user_id": uid}, "read_only"),
                ("no_such_tool", {}, "not_found"),
            ]
            for tool, args, code in cases:
                error = await call_error(s, tool, **args)
                assert error["code"] == code, (tool, args, error)
                assert 400 <= error["http_status"] < 500
            assert (await call(s, "list_memories", user_id=uid))["results"] == []  # nothing half-written

    run(go)
    with MemoryClient(mcp_hub.url, token) as rest:  # the REST API answers the same call with the same code
        with pytest.raises(Exception) as raised:
            rest.get("not-a-uuid", user_id=uid)
        assert getattr(raised.value, "code", None) == "invalid_id"


def test_a_token_sees_nothing_of_a_namespace_it_was_not_granted(mcp_hub: RunningHub, uid: str) -> None:
    team_a = mcp_hub.token("mcp-team-a", ["team-a"])
    team_b = mcp_hub.token("mcp-team-b", ["team-b"])

    async def go() -> None:
        async with http_session(mcp_hub.mcp_url, team_a) as a:
            added = await call(a, "add_memory", messages="I work at Acme in Berlin.", user_id=uid)
            mid = added["results"][0]["id"]
            assert (await call(a, "search_memories", query="Acme", user_id=uid))["results"]
        async with http_session(mcp_hub.mcp_url, team_b) as b:
            assert (await call(b, "search_memories", query="Acme Berlin work", user_id=uid))["results"] == []
            assert (await call(b, "list_memories", user_id=uid, include_invalidated=True))["results"] == []
            assert (await call(b, "graph_neighbours", entity="Acme", user_id=uid))["edges"] == []
            rows = await call(b, "graph_cypher", query="MATCH (n) RETURN count(n) AS n", user_id=uid)
            assert rows["results"] == [{"n": 0}]
            assert (await call_error(b, "get_memory", memory_id=mid, user_id=uid))["code"] == "not_found"
            assert (await call_error(b, "memory_history", memory_id=mid, user_id=uid))["code"] == "not_found"
            assert (await call_error(b, "delete_memory", memory_id=mid, user_id=uid))["code"] == "not_found"
            for tool, args in [("search_memories", {"query": "Acme"}), ("list_memories", {}),
                               ("get_memory", {"memory_id": mid}), ("memory_history", {"memory_id": mid}),
                               ("update_memory", {"memory_id": mid, "data": "hijacked"}),
                               ("delete_memory", {"memory_id": mid}), ("graph_neighbours", {"entity": "Acme"}),
                               ("graph_cypher", {"query": "MATCH (n) RETURN n"}),
                               ("add_memory", {"messages": "planted"})]:
                error = await call_error(b, tool, user_id=uid, namespace="team-a", **args)
                assert (error["code"], error["http_status"]) == ("forbidden", 403), tool
            profile = await read_json(b, f"memgraph://users/{uid}/profile")
            assert profile["current"] == {} and profile["facts"] == []
            for kind in ("profile", "graph"):
                with pytest.raises(MCPError, match="not granted") as refused:
                    await b.read_resource(f"memgraph://users/{uid}/{kind}?namespace=team-a")
                assert refused.value.error.data["code"] == "forbidden"
                assert refused.value.error.data["http_status"] == 403
        async with http_session(mcp_hub.mcp_url, team_a) as a:  # untouched
            assert (await call(a, "get_memory", memory_id=mid, user_id=uid))["memory"] == added["results"][0]["memory"]
            assert len((await call(a, "list_memories", user_id=uid))["results"]) == len(added["results"])

    run(go)


def test_a_token_granted_one_user_is_pinned_to_it(mcp_hub: RunningHub, uid: str) -> None:
    pinned = mcp_hub.token("mcp-pinned", ["pins"], user_ids=[uid])

    async def go() -> None:
        async with http_session(mcp_hub.mcp_url, pinned) as s:
            await call(s, "add_memory", messages="I love green tea.")  # user_id defaults to the granted one
            assert (await call(s, "list_memories"))["results"][0]["user_id"] == uid
            error = await call_error(s, "list_memories", user_id="someone-else")
            assert error["code"] == "forbidden"

    run(go)


def test_requests_without_a_valid_token_get_401(mcp_hub: RunningHub) -> None:
    init = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}}
    headers = {"Accept": "application/json, text/event-stream"}
    for auth in ({}, {"Authorization": "Bearer mgh_nope_nope"}):
        r = httpx.post(f"{mcp_hub.mcp_url}", json=init, headers={**headers, **auth}, timeout=30)
        assert r.status_code == 401
        assert r.json()["error"]["code"] == "unauthorized"
        assert r.headers["www-authenticate"] == "Bearer"
    revoked = mcp_hub.token("mcp-revoked", ["x"])
    mcp_hub.hub.tokens.revoke(client_id="mcp-revoked")

    async def go() -> None:
        async with http_session(mcp_hub.mcp_url, revoked) as s:
            await s.list_tools()

    with pytest.raises(ExceptionGroup) as refused:  # the SDK's task group carries the refused request's error
        run(go)
    assert refused.value.subgroup(lambda e: isinstance(e, MCPError)) is not None


def test_mcp_and_rest_share_one_store(mcp_hub: RunningHub, uid: str) -> None:
    token = mcp_hub.token("mcp-shared", ["shared"])

    async def go() -> str:
        async with http_session(mcp_hub.mcp_url, token) as s:
            out = await call(s, "add_memory", messages="My sister Anna lives in Rome.", user_id=uid)
            return out["results"][0]["id"]  # type: ignore[no-any-return]

    mid = run(go)
    with MemoryClient(mcp_hub.url, token) as rest:
        assert rest.get(mid, user_id=uid)["source"]["client_id"] == "mcp-shared"
        rest.delete(mid, user_id=uid)

    async def after() -> None:
        async with http_session(mcp_hub.mcp_url, token) as s:
            assert (await call_error(s, "get_memory", memory_id=mid, user_id=uid))["code"] == "not_found"

    run(after)


def test_mcp_requests_count_against_the_token_rate_limit(mcp_hub: RunningHub) -> None:
    slow = mcp_hub.token("mcp-slow", ["slow"], rate_limit=0.2)  # one request, then one per 5 s
    init = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}}
    headers = {"Accept": "application/json, text/event-stream", "Authorization": f"Bearer {slow}"}
    first = httpx.post(mcp_hub.mcp_url, json=init, headers=headers, timeout=30)
    assert first.status_code == 200 and first.json()["result"]["serverInfo"]["name"] == "mem_graph"
    second = httpx.post(mcp_hub.mcp_url, json=init, headers=headers, timeout=30)
    assert second.status_code == 429 and second.json()["error"]["code"] == "rate_limited"
    assert int(second.headers["retry-after"]) >= 1


def test_the_modern_protocol_carries_the_same_grant(mcp_hub: RunningHub, uid: str) -> None:
    mine = mcp_hub.token("mcp-modern-a", ["modern-a"])
    theirs = mcp_hub.token("mcp-modern-b", ["modern-b"])

    async def go() -> None:
        async with http_session(mcp_hub.mcp_url, mine, modern=True) as s:
            assert s.discover_result is not None and s.initialize_result is None
            assert {t.name for t in (await s.list_tools()).tools} == TOOLS
            await call(s, "add_memory", messages="I live in Oslo.", user_id=uid)
            assert "Oslo" in (await call(s, "search_memories", query="where?", user_id=uid))["results"][0]["memory"]
        async with http_session(mcp_hub.mcp_url, theirs, modern=True) as s:
            assert (await call(s, "search_memories", query="Oslo", user_id=uid))["results"] == []
            error = await call_error(s, "list_memories", user_id=uid, namespace="modern-a")
            assert error["code"] == "forbidden"

    run(go)
