"""An expired memory (expires_at <= now) is not active anywhere (issue #11, item 7).

Search and lists already hid it; ``get``, graph relations, neighbours, the graph part of search and
Cypher exploration showed it as active. ``get`` keeps returning it the way it returns an invalidated memory
(the record, with a status that says it is not active: ``"expired"``) until retention erases it.
"""

from __future__ import annotations

import time

from mem_graph import Memory


def _two(memory: Memory) -> tuple[str, str]:
    memory.add("Warm up the extractor.", user_id="someone-else")  # the first add loads models
    gone = memory.add("Alice works at Acme.", user_id="u", expires_at=time.time() + 1.5)["results"][0]["id"]
    kept = memory.add("Bob works at Globex.", user_id="u")["results"][0]["id"]
    rels = {r["destination"] for r in memory.graph.relations(user_id="u")}
    assert {"Acme", "Globex"} <= rels, rels  # before expiry both are active
    time.sleep(1.6)
    return gone, kept


def test_get_reports_an_expired_memory_as_expired_not_active(memory: Memory) -> None:
    gone, kept = _two(memory)
    assert memory.get(gone, user_id="u")["status"] == "expired"
    assert memory.get(kept, user_id="u")["status"] == "active"


def test_graph_relations_and_neighbours_drop_or_mark_expired_edges(memory: Memory) -> None:
    gone, _ = _two(memory)
    assert "Acme" not in {r["destination"] for r in memory.graph.relations(user_id="u")}
    marked = {r["destination"]: r["valid"] for r in memory.graph.relations(user_id="u", include_invalid=True)}
    assert marked["Acme"] is False and marked["Globex"] is True
    g = memory.graph.neighbours("Alice", 1, user_id="u")
    assert not [d for _, _, d in g.edges(data=True) if d["memory_id"] == gone]
    assert all(d["memory_id"] != gone for _, _, d in memory.graph.to_networkx(user_id="u").edges(data=True))


def test_search_relations_never_carry_an_expired_memorys_triples(memory: Memory) -> None:
    memory.add("Warm up the extractor.", user_id="someone-else")  # the first add loads models
    gone = memory.add("Alice works at Acme.", user_id="u", expires_at=time.time() + 1.5)["results"][0]["id"]
    memory.add("Acme is based in Berlin.", user_id="u")
    memory.add("Acme makes rockets.", user_id="u")
    before = memory.search("Where does Alice work?", user_id="u")["relations"]
    assert any(r.get("memory_id") == gone for r in before), before  # the bridge Alice -> Acme, while active
    time.sleep(1.6)
    out = memory.search("Where does Alice work?", user_id="u")
    assert gone not in {r["id"] for r in out["results"]}
    assert all(r.get("memory_id") != gone for r in out["relations"]), out["relations"]


def test_cypher_exploration_sees_an_expired_memory_as_not_active(memory: Memory) -> None:
    gone, kept = _two(memory)
    rows = memory.graph.cypher("MATCH (m:Memory) RETURN m.id AS id, m.status AS status", user_id="u")
    assert {r["id"]: r["status"] for r in rows} == {gone: "expired", kept: "active"}
    valid = memory.graph.cypher("MATCH (a:Entity)-[r:RELATES]->(b:Entity) WHERE r.invalid_at = -1.0 "
                                "RETURN r.memory_id AS mid", user_id="u")
    assert {r["mid"] for r in valid} == {kept}
