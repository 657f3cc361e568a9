"""`check` finds every kind of damage done to the stores on purpose; `repair` fixes it, idempotently."""

from __future__ import annotations

import uuid
from pathlib import Path

import numpy as np
from typer.testing import CliRunner

from mem_graph import Memory
from mem_graph.cli import app
from mem_graph.maintenance import check, maintenance_log, repair, snapshot
from mem_graph.stores.history import EventRow
from mem_graph.types import Message, Scope
from mem_graph.write import WritePlan


def _fill(m: Memory) -> dict[str, str]:
    m.add("I live in Paris. Bob works at Acme.", user_id="alice")
    m.add("I moved to Berlin.", user_id="alice")  # invalidates Paris
    ids = [r["id"] for r in m.add([{"role": "user", "content": "Carol met Dave in Rome"},
                                   {"role": "user", "content": "Erin plays chess with Frank"}],
                                  user_id="bob", infer=False)["results"]]
    m.update(ids[1], "Erin plays golf with Frank in Lima", user_id="bob")
    gone = m.add("Zed likes opera", user_id="carol", infer=False)["results"][0]["id"]
    m.delete(gone, user_id="carol")
    m.flush()  # the deferred graph steps of the verbatim adds have landed: the damage below is done to settled stores
    return {"rome": ids[0], "erin": ids[1]}


def test_a_normal_history_is_consistent_and_repair_does_nothing(memory: Memory) -> None:
    _fill(memory)
    assert check(memory).ok, check(memory).to_dict()
    assert repair(memory) == []


def test_a_vector_point_deleted_behind_our_back_is_restored(memory: Memory) -> None:
    ids = _fill(memory)
    memory.vectors.delete([ids["rome"]])
    report = check(memory)
    assert report.vanished == [ids["rome"]] and report.graph_without_vector == [ids["rome"]]
    actions = repair(memory)
    assert [a["action"] for a in actions] == ["restored_vanished"]
    assert memory.get(ids["rome"], user_id="bob")["memory"] == "Carol met Dave in Rome"
    assert ids["rome"] in {h["id"] for h in memory.search("Carol met Dave in Rome", user_id="bob")["results"]}
    assert check(memory).ok and repair(memory) == []
    assert maintenance_log(memory.history_store)[-1]["action"] == "restored_vanished"


def test_a_graph_node_deleted_behind_our_back_is_rebuilt(memory: Memory) -> None:
    ids = _fill(memory)
    before = snapshot(memory)
    memory.graph_store.cypher_write("MATCH (m:Memory) WHERE m.id = $id DETACH DELETE m", {"id": ids["erin"]})
    memory.graph_store.cypher_write("MATCH ()-[r:RELATES]->() WHERE r.memory_id = $id DELETE r", {"id": ids["erin"]})
    report = check(memory)
    assert report.vectors_without_graph == [ids["erin"]]
    repair(memory)
    after = snapshot(memory)
    assert after.graph_memories == before.graph_memories
    assert after.relation_memory_ids == before.relation_memory_ids
    assert check(memory).ok and repair(memory) == []


def test_a_journal_entry_left_behind_is_replayed(memory: Memory) -> None:
    scope = Scope(user_id="dora")
    [(entities, triples)] = memory.rules.analyse([Message("user", "Dora studies in Oslo")])
    from mem_graph.types import MemoryRecord, text_hash

    rec = MemoryRecord(id=str(uuid.uuid4()), text="Dora studies in Oslo", scope=scope, hash=text_hash("x"),
                       created_at=1.0, updated_at=1.0, valid_from=1.0, entities=[e.key for e in entities],
                       triples=triples)
    plan = WritePlan(scope, new=[(rec, entities)],
                     events=[EventRow(rec.id, "ADD", scope, None, rec.text, "[test] journaled only", "test")])
    memory.history_store.journal_begin("write", plan.to_journal())  # "crashed" before any store write
    assert len(check(memory).pending_journal) == 1
    assert [a["action"] for a in repair(memory)] == ["replayed_journal"]
    assert memory.get(rec.id, user_id="dora")["memory"] == "Dora studies in Oslo"
    assert [e["event"] for e in memory.history(rec.id, user_id="dora")] == ["ADD"]
    assert check(memory).ok


def test_orphans_strays_duplicates_and_interrupted_messages(memory: Memory) -> None:
    ids = _fill(memory)
    # an entity with no edge, a relation whose memory node is gone
    memory.graph_store.cypher_write("CREATE (:Entity {id: 'stray', name: 'stray', display: 'Stray', type: 'thing', "
                                    "user_id: 'bob', agent_id: '', run_id: '', namespace: 'default'})")
    # a vector with no history, and a duplicate of a memory written from the same messages
    [rome] = memory.vectors.get([ids["rome"]])
    clone = type(rome)(**{**rome.__dict__, "id": str(uuid.uuid4()), "created_at": rome.created_at + 1})
    memory.vectors.upsert([clone], np.zeros((1, memory.embedder.dim), dtype=np.float32) + 0.1, [clone.text])
    # a memory erased in history but still present, and a message whose add never finished
    memory.history_store.commit_events([EventRow(ids["erin"], "DELETE", Scope(user_id="bob"), "x", None,
                                                 "[manual] deleted through the API", "test")])
    [msg] = memory.history_store.save_messages(Scope(user_id="bob"), [Message("user", "half-written")])
    report = check(memory)
    assert report.orphan_entities == ["stray"]
    assert report.duplicates == [sorted([rome.id, clone.id])]
    assert clone.id in report.vectors_without_history and clone.id in report.vectors_without_graph
    assert report.deleted_but_present == [ids["erin"]]
    assert report.interrupted_messages == [msg.id]
    actions = {a["action"] for a in repair(memory)}
    assert {"removed_orphan_entities", "removed_duplicates", "erased_deleted_memory",
            "marked_interrupted_messages"} <= actions
    assert check(memory).ok, check(memory).to_dict()
    assert repair(memory) == []
    assert memory.get(rome.id, user_id="bob")  # the original is kept
    assert [m["status"] for m in memory.messages(user_id="bob") if m["id"] == msg.id] == ["failed"]


def test_cli_check_and_repair(tmp_path: Path) -> None:
    with Memory(path=tmp_path / "m") as m:
        ids = _fill(m)
        m.vectors.delete([ids["rome"]])
    runner = CliRunner()
    bad = runner.invoke(app, ["check", "--path", str(tmp_path / "m"), "--json"])
    assert bad.exit_code == 1 and ids["rome"] in bad.output, bad.output
    fixed = runner.invoke(app, ["repair", "--path", str(tmp_path / "m")])
    assert fixed.exit_code == 0, fixed.output
    assert "restored_vanished" in fixed.output
    assert runner.invoke(app, ["check", "--path", str(tmp_path / "m")]).exit_code == 0


def test_replay_is_idempotent_when_a_plan_is_applied_twice(memory: Memory) -> None:
    """A plan whose stores were (partly) written already is replayed to the same end state."""
    ids = _fill(memory)
    scope = Scope(user_id="bob")
    plan = WritePlan(scope, delete=[ids["rome"]], events=[EventRow(ids["rome"], "DELETE", scope, "Carol met Dave "
                                                                   "in Rome", None, "[manual] deleted", "test")])
    memory.history_store.journal_begin("write", plan.to_journal())
    memory.vectors.delete([ids["rome"]])  # the crash happened after the vectors and the graph's memory node went,
    # the memory node only, not its entities
    memory.graph_store.cypher_write("MATCH (m:Memory {id: $id}) DETACH DELETE m", {"id": ids["rome"]})
    assert check(memory).orphan_entities  # "rome", "carol", "dave" lost their last edge
    assert memory.writer.replay_pending() == 1
    assert memory.writer.replay_pending() == 0
    assert check(memory).ok
    assert [e["event"] for e in memory.history(ids["rome"], user_id="bob")][-1] == "DELETE"
