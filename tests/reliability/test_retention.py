"""Expiry hides, retention erases (and records it), delete_all leaves nothing of the user in any store."""

from __future__ import annotations

import json
import time
from pathlib import Path

from typer.testing import CliRunner

from mem_graph import Memory
from mem_graph.cli import app
from mem_graph.maintenance import apply_retention, check, history_rows, maintenance_log, snapshot

DAY = 86400.0


def _add(m: Memory, text: str, user: str = "u", **kwargs: object) -> str:
    return m.add(text, user_id=user, infer=False, **kwargs)["results"][0]["id"]


def test_expired_memories_are_hidden_from_search_and_lists(memory: Memory) -> None:
    now = time.time()
    old = _add(memory, "The door code is 1234", expires_at=now - 1)
    soon = _add(memory, "The wifi password is tulip", expires_at=now + 3600)
    assert [r["id"] for r in memory.get_all(user_id="u")["results"]] == [soon]
    assert [r["id"] for r in memory.get_all(user_id="u", include_invalidated=True)["results"]] == [soon]
    assert old not in {h["id"] for h in memory.search("door code", user_id="u")["results"]}
    assert soon in {h["id"] for h in memory.search("wifi password", user_id="u")["results"]}
    assert old not in {h["id"] for h in memory.search("door code", user_id="u", rerank=False, explain=True)["results"]}
    assert memory.get(old, user_id="u")["expires_at"]  # still stored (and exportable) until retention erases it


def test_retention_erases_expired_memories_past_the_window_from_every_store(memory: Memory) -> None:
    now = time.time()
    ancient = _add(memory, "Alice parked on level 3", expires_at=now - 40 * DAY)
    recent = _add(memory, "Bob parked on level 5", expires_at=now - 2 * DAY)
    alive = _add(memory, "Carol parks on level 7")
    other = _add(memory, "Dave parked on level 9", user="v", expires_at=now - 35 * DAY)
    erased = apply_retention(memory, 30)
    assert sorted(erased) == sorted([ancient, other])
    snap = snapshot(memory)
    for mid in erased:
        assert mid not in snap.vectors and mid not in snap.graph_memories and mid not in snap.relation_memory_ids
    assert {recent, alive} <= set(snap.vectors)
    assert "alice" not in {e["name"] for e in snap.graph_entities.values()}
    [event] = [e for e in memory.history(ancient, user_id="u") if e["event"] == "DELETE"]
    assert event["reason"].startswith("[retention]") and event["actor"] == "maintenance"
    assert maintenance_log(memory.history_store)[-1]["detail"]["erased"] == erased
    assert check(memory).ok
    assert apply_retention(memory, 30) == []  # idempotent


def test_cli_maintain(tmp_path: Path) -> None:
    with Memory(path=tmp_path / "m") as m:
        gone = _add(m, "Expired long ago", expires_at=time.time() - 10 * DAY)
    res = CliRunner().invoke(app, ["maintain", "--retention-days", "7", "--json", "--path", str(tmp_path / "m")])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["erased"] == [gone]
    res = CliRunner().invoke(app, ["maintain", "--retention-days", "-1", "--path", str(tmp_path / "m")])
    assert res.exit_code != 0


def test_delete_all_leaves_nothing_of_the_user_in_any_store(memory: Memory) -> None:
    memory.add("I live in Paris. Bob works at Acme. I like jazz.", user_id="alice")
    memory.add("I moved to Berlin.", user_id="alice")
    memory.add([{"role": "user", "content": "Carol met Dave in Rome"}], user_id="alice", agent_id="a1", infer=False)
    memory.add("Mallory lives in Oslo.", user_id="mallory")
    keep = snapshot(memory)
    memory.delete_all(user_id="alice")
    snap = snapshot(memory)
    assert not [r for r in snap.vectors.values() if r.scope.user_id == "alice"]
    assert not [n for n in snap.graph_memories.values() if n["user_id"] == "alice"]
    assert not [e for e in snap.graph_entities.values() if e["user_id"] == "alice"]
    rels = memory.graph_store.cypher("MATCH ()-[r:RELATES]->() WHERE r.user_id = 'alice' RETURN count(r) AS n")
    assert rels[0]["n"] == 0
    assert not history_rows(memory.history_store, "SELECT * FROM messages WHERE user_id = 'alice'")
    left = history_rows(memory.history_store, "SELECT event, old_text, new_text FROM events WHERE user_id = 'alice'")
    assert left == [{"event": "DELETE_ALL", "old_text": None, "new_text": None}]  # no text survives
    assert not history_rows(memory.history_store, "SELECT * FROM journal")
    raw = json.dumps([r.to_payload() for r in snap.vectors.values()]) + json.dumps(snap.events, default=str)
    assert "Paris" not in raw and "Berlin" not in raw and "Carol" not in raw
    mallory = {mid for mid, r in keep.vectors.items() if r.scope.user_id == "mallory"}
    assert mallory and mallory <= set(snap.vectors)
    assert check(memory).ok
