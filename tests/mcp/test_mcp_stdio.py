"""``mem-graph mcp``: a real subprocess on an embedded store, driven by the SDK's stdio client."""

from __future__ import annotations

import subprocess
from pathlib import Path

import anyio
from mcp_session import TOOLS, call, call_error, mem_graph_command, read_json, stdio_session

from mem_graph import Memory


def test_stdio_server_pinned_to_one_user(tmp_path: Path) -> None:
    store = tmp_path / "store"

    async def go() -> None:
        async with stdio_session("--path", str(store), "--user", "alice") as s:
            assert {t.name for t in (await s.list_tools()).tools} == TOOLS
            await call(s, "add_memory", messages="I live in Beijing.", timestamp="2024-01-01T00:00:00Z")
            moved = await call(s, "add_memory", messages="I moved to Shanghai.", timestamp="2024-06-01T00:00:00Z")
            assert moved["results"][0]["event"] == "UPDATE"
            hits = await call(s, "search_memories", query="where does the user live?", explain=True)
            assert "Shanghai" in hits["results"][0]["memory"] and hits["results"][0]["explain"]
            then = await call(s, "search_memories", query="where does the user live?", as_of="2024-03-01")
            assert "Beijing" in then["results"][0]["memory"]
            mid = moved["results"][0]["id"]
            assert (await call(s, "get_memory", memory_id=mid))["user_id"] == "alice"
            assert [e["event"] for e in (await call(s, "memory_history", memory_id=mid))["events"]] == ["ADD", "UPDATE"]
            assert (await call(s, "graph_neighbours", entity="Shanghai"))["found"]
            rows = await call(s, "graph_cypher", query="MATCH (e:Entity) RETURN count(e) AS n")
            assert rows["results"][0]["n"] >= 2
            listed = {str(r.uri) for r in (await s.list_resources()).resources}
            assert listed == {"memgraph://users/alice/profile", "memgraph://users/alice/graph"}
            profile = await read_json(s, "memgraph://users/alice/profile")
            assert [v["memory"] for v in profile["current"].values()] == [moved["results"][0]["memory"]]
            assert (await read_json(s, "memgraph://users/alice/graph"))["relations"] == 1

            refused = await call_error(s, "list_memories", user_id="bob")  # pinned: another user is refused
            assert (refused["code"], refused["http_status"]) == ("forbidden", 403)
            bad = await call_error(s, "search_memories", query="x", limit=0)
            assert bad["code"] == "invalid_input"
            assert (await call_error(s, "graph_cypher", query="CREATE (e:Entity {id: 'x'})"))["code"] == "read_only"
            assert (await call(s, "update_memory", memory_id=mid, data="User lives in Lyon"))["event"] == "UPDATE"
            assert (await call(s, "delete_memory", memory_id=mid))["event"] == "DELETE"
            assert (await call_error(s, "get_memory", memory_id=mid))["code"] == "not_found"

    anyio.run(go)
    with Memory(path=store) as m:  # the subprocess wrote the real store, and released it on exit
        rows = m.get_all(user_id="alice", include_invalidated=True)["results"]
        assert [r["memory"] for r in rows] == ["User lives in Beijing"]
        assert m.get_all(user_id="bob")["results"] == []


def test_stdio_server_without_a_user_needs_a_scope_per_call(tmp_path: Path) -> None:
    async def go() -> None:
        async with stdio_session("--path", str(tmp_path / "store"), "--namespace", "work") as s:
            assert (await call_error(s, "list_memories"))["code"] == "invalid_scope"
            await call(s, "add_memory", messages="I use Postgres.", user_id="carol", infer=False)
            await call(s, "add_memory", messages="I use MySQL.", user_id="dave", infer=False)
            carol = await call(s, "list_memories", user_id="carol")
            assert [r["memory"] for r in carol["results"]] == ["I use Postgres."]
            assert carol["results"][0]["namespace"] == "work"
            other = await call_error(s, "list_memories", user_id="carol", namespace="home")
            assert other["code"] == "forbidden"

    anyio.run(go)


def test_stdio_server_refuses_a_directory_in_use_and_a_bad_user(tmp_path: Path) -> None:
    store = tmp_path / "store"
    with Memory(path=store):
        done = subprocess.run([mem_graph_command(), "mcp", "--path", str(store)], stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == ""  # nothing but the protocol ever goes to stdout
    assert "error:" in done.stderr and "in use" in done.stderr
    done = subprocess.run([mem_graph_command(), "mcp", "--path", str(store), "--user", " "],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "error:" in done.stderr and done.stdout == ""
