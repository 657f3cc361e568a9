"""The core promises of issue #2, each against the real embedded stores."""

from __future__ import annotations

from pathlib import Path

import pytest

from mem_graph import Memory, ScopeError


def texts(results: list[dict]) -> list[str]:
    return [r["memory"] for r in results]


def test_a_move_updates_the_location_fact(memory: Memory) -> None:
    memory.add("I live in Beijing.", user_id="alice")
    out = memory.add("I moved to Shanghai.", user_id="alice")

    update = out["results"][0]
    assert update["event"] == "UPDATE"
    assert "Beijing" in update["previous_memory"]
    current = texts(memory.get_all(user_id="alice")["results"])
    assert [t for t in current if "Shanghai" in t or "Beijing" in t] == ["User moved to Shanghai"]

    hits = memory.search("where does the user live", user_id="alice")["results"]
    assert "Shanghai" in hits[0]["memory"]
    assert not any("Beijing" in h["memory"] for h in hits)
    with_old = memory.search("where does the user live", user_id="alice", include_invalidated=True)["results"]
    beijing = [h for h in with_old if "Beijing" in h["memory"]]
    assert beijing and beijing[0]["status"] == "invalidated" and beijing[0]["invalid_at"]

    events = memory.history(update["id"], user_id="alice")
    assert [e["event"] for e in events] == ["ADD", "UPDATE"]
    assert "Beijing" in events[0]["new_memory"] and "Shanghai" in events[1]["new_memory"]
    assert all(e["reason"] for e in events)


def test_the_invalidated_location_stays_in_the_graph_as_an_invalid_edge(memory: Memory) -> None:
    memory.add("I live in Beijing.", user_id="alice")
    memory.add("I moved to Shanghai.", user_id="alice")
    rels = memory.graph.relations(user_id="alice", include_invalid=True)
    by_place = {r["destination"]: r["valid"] for r in rels if r["relationship"] == "lives_in"}
    assert by_place == {"Beijing": False, "Shanghai": True}


@pytest.mark.parametrize("repeats", [
    ["I'm vegetarian", "I'm vegetarian", "I'm vegetarian"],
    ["I'm vegetarian", "I am a vegetarian.", "As I said, I'm vegetarian!"],
])
def test_saying_vegetarian_three_times_keeps_one_memory(memory: Memory, repeats: list[str]) -> None:
    first = memory.add(repeats[0], user_id="u")
    later = [memory.add(r, user_id="u") for r in repeats[1:]]

    assert [r["event"] for r in first["results"]] == ["ADD"]
    assert all(r["event"] == "NONE" for out in later for r in out["results"])
    veg = [t for t in texts(memory.get_all(user_id="u")["results"]) if "vegetarian" in t]
    assert len(veg) == 1


def test_switching_databases_invalidates_the_mysql_preference(memory: Memory) -> None:
    memory.add("I like MySQL", user_id="dev")
    out = memory.add("I don't use MySQL anymore, I switched to PostgreSQL", user_id="dev")

    events = {r["event"]: r for r in out["results"]}
    assert "MySQL" in events["DELETE"]["memory"]
    current = texts(memory.get_all(user_id="dev")["results"])
    assert any("PostgreSQL" in t for t in current)
    assert not any("MySQL" in t for t in current)
    everything = memory.get_all(user_id="dev", include_invalidated=True)["results"]
    mysql = [m for m in everything if "MySQL" in m["memory"]]
    assert mysql and all(m["status"] == "invalidated" for m in mysql)
    assert {"source": "User", "relationship": "likes", "destination": "MySQL"} in out["relations"]["invalidated"]


def test_graph_expansion_finds_where_bobs_report_works(memory: Memory) -> None:
    out = memory.add("Alice works at Acme. Bob manages Alice.", user_id="team")
    added = {(r["source"], r["relationship"], r["destination"]) for r in out["relations"]["added"]}
    assert {("Alice", "works_at", "Acme"), ("Bob", "manages", "Alice")} <= added

    res = memory.search("Where does Bob's report work?", user_id="team", explain=True)
    acme = next(h for h in res["results"] if "Acme" in h["memory"])
    assert acme["explain"]["graph"] > 0 and "graph" in acme["explain"]["sources"]
    assert any(r["destination"] == "Acme" for r in res["relations"])


def test_memories_never_cross_users(memory: Memory) -> None:
    memory.add("I live in Lisbon.", user_id="a")
    memory.add("I live in Oslo.", user_id="b")

    assert texts(memory.search("where do I live", user_id="b")["results"]) == ["User lives in Oslo"]
    a_id = memory.get_all(user_id="a")["results"][0]["id"]
    with pytest.raises(KeyError):
        memory.get(a_id, user_id="b")
    assert memory.graph.relations(user_id="b") == [
        {"source": "User", "relationship": "lives_in", "destination": "Oslo",
         "memory_id": memory.get_all(user_id="b")["results"][0]["id"], "valid": True}]


@pytest.mark.parametrize("call", ["add", "search", "get_all", "delete_all"])
def test_a_call_without_scope_is_refused(memory: Memory, call: str) -> None:
    args = {"add": ("I like tea",), "search": ("tea",), "get_all": (), "delete_all": ()}[call]
    with pytest.raises(ScopeError, match="user_id, agent_id or run_id"):
        getattr(memory, call)(*args)


def test_memories_survive_close_and_reopen(tmp_path: Path) -> None:
    with Memory(path=tmp_path / "d") as m:
        m.add("My sister Anna lives in Paris.", user_id="u")
        m.add("I'm vegetarian", user_id="u")
    with Memory(path=tmp_path / "d") as m:
        assert len(m.get_all(user_id="u")["results"]) == 2
        hit = m.search("where does the user's sister live", user_id="u")["results"][0]
        assert "Paris" in hit["memory"]
        assert m.graph.relations(user_id="u")


def test_chit_chat_is_not_remembered_but_is_saved_raw(memory: Memory) -> None:
    out = memory.add([{"role": "user", "content": "ok thanks!"}, {"role": "user", "content": "hello"}], user_id="u")
    assert out["results"] == []
    assert [m["content"] for m in memory.messages(user_id="u")] == ["ok thanks!", "hello"]


def test_infer_false_stores_each_message_verbatim(memory: Memory) -> None:
    msgs = [{"role": "user", "content": "Caroline went to the support group."},
            {"role": "assistant", "content": "That sounds great!"}]
    out = memory.add(msgs, user_id="u", infer=False, metadata={"session": 1})
    assert [r["event"] for r in out["results"]] == ["ADD", "ADD"]
    stored = sorted(texts(memory.get_all(user_id="u")["results"]))
    assert stored == ["Caroline went to the support group.", "That sounds great!"]
    assert all(m["metadata"]["session"] == 1 for m in memory.get_all(user_id="u")["results"])


def test_update_and_delete_keep_an_audit_trail(memory: Memory) -> None:
    mid = memory.add("I like green tea", user_id="u")["results"][0]["id"]
    memory.update(mid, "User likes jasmine tea", user_id="u")
    assert memory.get(mid, user_id="u")["memory"] == "User likes jasmine tea"
    memory.delete(mid, user_id="u")
    with pytest.raises(KeyError):
        memory.get(mid, user_id="u")
    assert [e["event"] for e in memory.history(mid, user_id="u")] == ["ADD", "UPDATE", "DELETE"]


def test_delete_all_removes_the_scope_from_every_store(memory: Memory) -> None:
    memory.add("Alice works at Acme.", user_id="gone")
    memory.add("I live in Rome.", user_id="kept")
    memory.delete_all(user_id="gone")
    assert memory.get_all(user_id="gone")["results"] == []
    assert memory.messages(user_id="gone") == []
    assert memory.graph.relations(user_id="gone") == []
    assert memory.get_all(user_id="kept")["results"]


def test_a_turn_the_rules_only_partly_capture_is_kept_as_an_episode(memory: Memory) -> None:
    said = "I went to the pottery workshop yesterday and the teacher showed us how to glaze bowls with ash."
    out = memory.add(said, user_id="u")
    layers = {r["memory"]: m["layer"] for r in out["results"] for m in [memory.get(r["id"], user_id="u")]}
    assert layers[said] == "episodic"
    assert any(layer == "durable" for layer in layers.values())
    hit = memory.search("how do you glaze bowls?", user_id="u")["results"][0]
    assert hit["memory"] == said


def test_two_turns_that_sound_alike_are_both_kept(memory: Memory) -> None:
    """A conversation is a record: a turn is not dropped because another one resembles it (facts
    are deduplicated, what was said at a given moment is not)."""
    first = [{"role": "user", "name": "Melanie", "content": "Wow, Caroline! That's awesome! Taking in kids in need - "
              "you're so kind. Your future family is gonna be so lucky to have you!"}]
    second = [{"role": "user", "name": "Melanie", "content": "You're doing something amazing! Creating a family for "
               "those kids is so lovely. You'll be an awesome mom! Good luck!"}]
    memory.add(first, user_id="u")
    out = memory.add(second, user_id="u")
    assert [r["event"] for r in out["results"]] == ["ADD"]
    assert len(memory.get_all(user_id="u")["results"]) == 2
    again = memory.add(second, user_id="u")  # the very same words again: nothing new to keep
    assert [r["event"] for r in again["results"]] == ["NONE"]
