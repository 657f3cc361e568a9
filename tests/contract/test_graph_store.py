"""One behaviour contract for every graph store: LadybugDB (embedded), LadybugDB behind the
in-process scope cache (the embedded default) and Neo4j (server).

Each test runs unchanged against all; a backend is done when all of them pass. Reads follow
writes in most tests, so a cache that served a stale snapshot would fail them.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from mem_graph.errors import ReadOnlyQueryError
from mem_graph.graph_view import GraphView
from mem_graph.stores.graph.base import GraphMemory, GraphStore
from mem_graph.stores.graph.cypher_store import memory_of
from mem_graph.types import EntityRef, MemoryRecord, Scope, Status, Triple

BACKENDS = ["ladybug", "ladybug+cache", pytest.param("neo4j", marks=pytest.mark.neo4j)]
ALICE, BOB = Scope(user_id="alice"), Scope(user_id="bob")


@pytest.fixture(scope="module")
def _neo4j_store(request: pytest.FixtureRequest) -> Iterator[GraphStore]:
    from mem_graph.stores.graph.neo4j import Neo4jGraphStore

    store = Neo4jGraphStore(url=request.getfixturevalue("neo4j_uri"), username="neo4j", password="test")
    yield store
    store.reset()
    store.close()


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[GraphStore]:
    if request.param == "neo4j":
        s: GraphStore = request.getfixturevalue("_neo4j_store")
        s.reset()
        yield s
        return
    from mem_graph.stores.graph.ladybug import LadybugGraphStore

    s = LadybugGraphStore(tmp_path / "graph.lbug", buffer_pool_mb=64)
    if request.param == "ladybug+cache":
        from mem_graph.stores.graph.scope_cache import ScopeCachedGraphStore

        s = ScopeCachedGraphStore(s)
    yield s
    s.close()


def record(scope: Scope, text: str, triples: list[tuple[str, str, str]] = (), *, invalid: bool = False,
           entities: list[str] = ()) -> MemoryRecord:
    t = time.time()
    return MemoryRecord(
        id=str(uuid.uuid4()), text=text, scope=scope, hash=text, created_at=t, updated_at=t, valid_from=t,
        invalid_at=t if invalid else None, status=Status.INVALIDATED if invalid else Status.ACTIVE,
        entities=list(entities), triples=[Triple(*tr) for tr in triples])


def write(store: GraphStore, *records: MemoryRecord, fresh: bool = True) -> None:
    store.write_memories([memory_of(r) for r in records], fresh=fresh)


def as_tuples(edges: list) -> set[tuple[str, str, str, bool]]:
    return {(e.source, e.relation, e.target, e.valid) for e in edges}


def chain(store: GraphStore, scope: Scope = ALICE) -> list[MemoryRecord]:
    """Ann -knows-> Ben -knows-> Cid -knows-> Dee, one memory per edge."""
    recs = [record(scope, f"{a} knows {b}", [(a, "knows", b)]) for a, b in (("Ann", "Ben"), ("Ben", "Cid"),
                                                                            ("Cid", "Dee"))]
    write(store, *recs)
    return recs


# -- writes and reads -----------------------------------------------------------------------------------
@pytest.mark.parametrize("fresh", [True, False])
def test_written_relations_read_back_with_their_memory(store: GraphStore, fresh: bool) -> None:
    rec = record(ALICE, "Alice works at Acme", [("Alice", "works_at", "Acme")], entities=["Alice", "Acme"])
    write(store, rec, fresh=fresh)

    [edge] = store.relations(ALICE)
    assert (edge.source, edge.relation, edge.target, edge.memory_id, edge.valid) == (
        "Alice", "works_at", "Acme", rec.id, True)
    assert store.counts() == {"entities": 2, "memories": 1, "relations": 1, "mentions": 2}


def test_rewriting_a_memory_is_idempotent(store: GraphStore) -> None:
    rec = record(ALICE, "Alice works at Acme", [("Alice", "works_at", "Acme")])
    for _ in range(3):
        write(store, rec, fresh=False)
    assert store.counts() == {"entities": 2, "memories": 1, "relations": 1, "mentions": 2}


def test_rewrite_replaces_a_memorys_edges(store: GraphStore) -> None:
    rec = record(ALICE, "Alice works at Acme", [("Alice", "works_at", "Acme")])
    write(store, rec)
    rec.triples = [Triple("Alice", "works_at", "Globex")]
    write(store, rec, fresh=False)
    assert as_tuples(store.relations(ALICE)) == {("Alice", "works_at", "Globex", True)}


def test_find_entities_normalises_names(store: GraphStore) -> None:
    write(store, record(ALICE, "I moved to the Big Apple", [("user", "lives_in", "New York")]))
    found = store.find_entities(ALICE, ["new york", "  NEW YORK ", "Paris", ""])
    assert sorted(found.values()) == ["new york"]


def test_entity_display_name_keeps_the_first_spelling(store: GraphStore) -> None:
    write(store, record(ALICE, "a", [("Alice", "likes", "Tea")]))
    write(store, record(ALICE, "b", [("alice", "likes", "Coffee")]))
    assert {e.source for e in store.relations(ALICE)} == {"Alice"}


# -- scope isolation -------------------------------------------------------------------------------------
def test_user_a_never_sees_user_b(store: GraphStore) -> None:
    a = record(ALICE, "Alice's sister is Anna", [("Alice", "sister", "Anna")])
    b = record(BOB, "Bob's sister is Anna", [("Bob", "sister", "Anna")])
    write(store, a, b)

    assert as_tuples(store.relations(ALICE)) == {("Alice", "sister", "Anna", True)}
    assert as_tuples(store.relations(BOB)) == {("Bob", "sister", "Anna", True)}
    anna_a, anna_b = store.find_entities(ALICE, ["Anna"]), store.find_entities(BOB, ["Anna"])
    assert anna_a and anna_b and set(anna_a).isdisjoint(anna_b)
    assert {e.memory_id for e in store.neighbourhood(ALICE, list(anna_a), 2)} == {a.id}
    assert store.neighbourhood(ALICE, list(anna_b), 2) == []  # B's entity id, asked in A's scope
    assert set(store.memories_mentioning(ALICE, [*anna_a, *anna_b], 10)) == {a.id}


def test_scope_fields_are_wildcards_but_namespace_is_exact(store: GraphStore) -> None:
    with_agent = record(Scope(user_id="alice", agent_id="helper"), "x", [("Alice", "likes", "Tea")])
    other_ns = record(Scope(user_id="alice", namespace="work"), "y", [("Alice", "likes", "Coffee")])
    write(store, with_agent, other_ns)
    assert {e.target for e in store.relations(ALICE)} == {"Tea"}
    assert {e.target for e in store.relations(Scope(user_id="alice", namespace="work"))} == {"Coffee"}
    assert store.relations(Scope(user_id="alice", agent_id="other")) == []


# -- invalidation ------------------------------------------------------------------------------------------
def test_invalidated_relations_are_hidden_unless_asked_for(store: GraphStore) -> None:
    old = record(ALICE, "I live in Beijing", [("user", "lives_in", "Beijing")])
    new = record(ALICE, "I moved to Shanghai", [("user", "lives_in", "Shanghai")])
    write(store, old, new)
    old.status, old.invalid_at, old.superseded_by = Status.INVALIDATED, time.time(), new.id
    write(store, old, fresh=False)

    assert as_tuples(store.relations(ALICE)) == {("user", "lives_in", "Shanghai", True)}
    assert as_tuples(store.relations(ALICE, include_invalid=True)) == {
        ("user", "lives_in", "Shanghai", True), ("user", "lives_in", "Beijing", False)}
    user = list(store.find_entities(ALICE, ["user"]))
    assert {e.target for e in store.neighbourhood(ALICE, user, 1)} == {"Shanghai"}
    assert {e.target for e in store.neighbourhood(ALICE, user, 1, include_invalid=True)} == {"Shanghai", "Beijing"}
    assert set(store.memories_mentioning(ALICE, user, 10)) == {new.id}  # only active memories


def test_relations_as_of_are_the_edges_valid_then(store: GraphStore) -> None:
    """as_of (issue #13 item 8): valid_from <= t and invalid_at unset or after t, whatever the status now."""
    t1, t2, t3 = 1_700_000_000.0, 1_700_100_000.0, 1_700_200_000.0
    old = record(ALICE, "I live in Beijing", [("user", "lives_in", "Beijing")])
    new = record(ALICE, "I moved to Shanghai", [("user", "lives_in", "Shanghai")])
    later = record(ALICE, "I drive a Subaru", [("user", "drives", "Subaru")])
    other = record(BOB, "I live in Beijing", [("user", "lives_in", "Beijing")])
    old.valid_from, new.valid_from, later.valid_from, other.valid_from = t1, t2, t3, t1
    write(store, old, new, later, other)
    old.status, old.invalid_at, old.superseded_by = Status.INVALIDATED, t2, new.id
    write(store, old, fresh=False)
    user = list(store.find_entities(ALICE, ["user"]))

    def valid_at(t: float) -> set[str]:
        via_relations = {e.target for e in store.relations(ALICE, as_of=t)}
        assert {e.target for e in store.neighbourhood(ALICE, user, 1, as_of=t)} == via_relations
        return via_relations

    assert valid_at(t1 - 1) == set()
    assert valid_at(t1) == valid_at(t2 - 1) == {"Beijing"}  # invalidated now, valid then
    assert valid_at(t2) == {"Shanghai"}  # invalid_at is exclusive
    assert valid_at(t3) == {"Shanghai", "Subaru"}
    assert {e.target for e in store.relations(ALICE)} == {"Shanghai", "Subaru"}  # without as_of: valid now


# -- neighbourhood --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("hops", "expected"), [
    (0, set()),
    (1, {("Ann", "knows", "Ben", True)}),
    (2, {("Ann", "knows", "Ben", True), ("Ben", "knows", "Cid", True)}),
    (3, {("Ann", "knows", "Ben", True), ("Ben", "knows", "Cid", True), ("Cid", "knows", "Dee", True)}),
])
def test_neighbourhood_follows_edges_hop_by_hop(store: GraphStore, hops: int, expected: set) -> None:
    chain(store)
    ann = list(store.find_entities(ALICE, ["Ann"]))
    assert as_tuples(store.neighbourhood(ALICE, ann, hops)) == expected


def test_neighbourhood_goes_against_edge_direction_too(store: GraphStore) -> None:
    chain(store)
    dee = list(store.find_entities(ALICE, ["Dee"]))
    assert {e.source for e in store.neighbourhood(ALICE, dee, 2)} == {"Cid", "Ben"}


def test_a_walk_does_not_continue_through_a_hub(store: GraphStore) -> None:
    """Things the user likes all lead to the user; the walk must not go on through them to everyone
    the user ever met."""
    write(store, record(ALICE, "the user met Ann", [("user", "met", "Ann")]),
          *[record(ALICE, f"user likes thing {i}", [("user", "likes", f"thing {i}")]) for i in range(8)])
    things = list(store.find_entities(ALICE, [f"thing {i}" for i in range(8)]))
    assert "Ann" in {e.target for e in store.neighbourhood(ALICE, things, 2)}
    assert "Ann" not in {e.target for e in store.neighbourhood(ALICE, things, 2, hub_degree=5)}


def test_mention_and_memory_counts_follow_writes_and_invalidation(store: GraphStore) -> None:
    first = record(ALICE, "Ann likes tea", [("Ann", "likes", "tea")])
    write(store, first)
    ann = list(store.find_entities(ALICE, ["Ann"]))
    assert store.mention_counts(ALICE, ann) == {ann[0]: 1}
    write(store, record(ALICE, "Ann likes jazz", [("Ann", "likes", "jazz")]))
    assert store.mention_counts(ALICE, ann) == {ann[0]: 2}
    assert store.active_memories(ALICE) == 2
    first.status, first.invalid_at = Status.INVALIDATED, time.time()
    write(store, first, fresh=False)
    assert store.mention_counts(ALICE, ann) == {ann[0]: 1}
    assert store.active_memories(ALICE) == 1
    assert store.mention_counts(BOB, ann) == {} and store.active_memories(BOB) == 0


def test_a_write_under_a_narrower_scope_shows_in_a_wider_one(store: GraphStore) -> None:
    assert store.find_entities(ALICE, ["Tea"]) == {}  # a read before the write (a cache would keep it)
    write(store, record(Scope(user_id="alice", agent_id="helper"), "x", [("Alice", "likes", "Tea")]))
    assert store.find_entities(ALICE, ["Tea"])
    tea = list(store.find_entities(ALICE, ["Tea"]))
    assert {e.source for e in store.neighbourhood(ALICE, tea, 1)} == {"Alice"}


def test_memories_mentioning_respects_the_limit(store: GraphStore) -> None:
    write(store, *[record(ALICE, f"Ann likes thing {i}", [("Ann", "likes", f"thing {i}")]) for i in range(5)])
    ann = list(store.find_entities(ALICE, ["Ann"]))
    assert len(store.memories_mentioning(ALICE, ann, 3)) == 3
    assert len(store.memories_mentioning(ALICE, ann, 50)) == 5


# -- deletes -----------------------------------------------------------------------------------------------
def test_delete_removes_edges_and_orphaned_entities_only(store: GraphStore) -> None:
    first, second, third = chain(store)
    store.delete_memories([first.id])
    assert as_tuples(store.relations(ALICE)) == {("Ben", "knows", "Cid", True), ("Cid", "knows", "Dee", True)}
    assert store.find_entities(ALICE, ["Ann"]) == {}  # orphaned
    assert store.find_entities(ALICE, ["Ben"])  # still used by the second memory
    store.delete_memories([second.id, third.id, str(uuid.uuid4())])
    assert store.counts() == {"entities": 0, "memories": 0, "relations": 0, "mentions": 0}


def test_delete_scope_leaves_other_scopes_alone(store: GraphStore) -> None:
    chain(store, ALICE)
    chain(store, BOB)
    store.delete_scope(ALICE)
    assert store.relations(ALICE) == []
    assert len(store.relations(BOB)) == 3
    assert store.counts()["memories"] == 3


def test_compact_keeps_every_live_row_and_erases_deleted_text(store: GraphStore) -> None:
    """compact() (run after erasures, mem_graph/erasure.py) changes nothing a reader can see (issue #11)."""
    chain(store)
    secret = record(ALICE, "Ann met Qorvath", [("Ann", "met", "Qorvath")])
    write(store, secret, record(ALICE, "Ann knew Eve", [("Ann", "knew", "Eve")], invalid=True),
          record(BOB, "Zed likes Yun", [("Zed", "likes", "Yun")]))
    store.delete_memories([secret.id])

    def seen() -> tuple:
        return (as_tuples(store.relations(ALICE, include_invalid=True)), as_tuples(store.relations(BOB)),
                store.counts(), as_tuples(store.neighbourhood(ALICE, list(store.find_entities(ALICE, ["Ann"])), 2)))

    before = seen()
    store.compact()
    assert seen() == before
    write(store, record(ALICE, "Dee knows Fay", [("Dee", "knows", "Fay")]))  # still writable
    assert ("Dee", "knows", "Fay", True) in as_tuples(store.relations(ALICE))
    path = getattr(getattr(store, "inner", store), "path", None)
    if path is not None:  # embedded: the deleted memory's text and entity are gone from the files
        assert not [p for p in Path(path).parent.iterdir() if p.is_file() and b"qorvath" in p.read_bytes().lower()]


def test_reset_empties_the_store_and_it_stays_usable(store: GraphStore) -> None:
    chain(store)
    store.reset()
    assert store.counts() == {"entities": 0, "memories": 0, "relations": 0, "mentions": 0}
    chain(store, BOB)
    assert len(store.relations(BOB)) == 3


# -- Cypher exploration ---------------------------------------------------------------------------------
def test_cypher_reads_with_params(store: GraphStore) -> None:
    chain(store)
    rows = store.cypher("MATCH (a:Entity)-[r:RELATES]->(b:Entity) WHERE a.user_id = $user_id "
                        "RETURN a.display AS source, b.display AS target ORDER BY source", {"user_id": "alice"})
    assert rows == [{"source": "Ann", "target": "Ben"}, {"source": "Ben", "target": "Cid"},
                    {"source": "Cid", "target": "Dee"}]


def test_nodes_and_relationships_come_back_in_one_shape(store: GraphStore) -> None:
    chain(store)
    [row] = store.cypher("MATCH (a:Entity {name: 'ann'})-[r:RELATES]->(b:Entity) RETURN a, r, b")
    a, r, b = row["a"], row["r"], row["b"]
    assert (a["_LABEL"], a["display"], r["_LABEL"], r["type"], b["display"]) == ("Entity", "Ann", "RELATES",
                                                                                   "knows", "Ben")
    assert r["_SRC"] == a["_ID"] and r["_DST"] == b["_ID"]


@pytest.mark.parametrize("query", [
    "CREATE (:Entity {id: 'x'})",
    "MATCH (e:Entity) SET e.name = 'x'",
    "MATCH (e:Entity) DETACH DELETE e",
    "MATCH (e:Entity) WITH e MERGE (x:Entity {id: 'y'}) RETURN x",
])
def test_exploration_refuses_writes(store: GraphStore, query: str) -> None:
    chain(store)
    with pytest.raises(ReadOnlyQueryError):
        GraphView(store).cypher(query, user_id="alice")
    assert store.counts()["entities"] == 4


@pytest.mark.parametrize("query", [
    "CREATE (:Entity {id: 'sneaky'})",
    "MATCH (e:Entity) DETACH DELETE e",
])
def test_store_cypher_is_read_only(store: GraphStore, query: str) -> None:
    """The store's ``cypher`` runs in a read-only transaction (Neo4j: READ; LadybugDB: READ ONLY), so the
    engine refuses a write whatever its text; the store stays usable and ``cypher_write`` still writes."""
    chain(store)
    with pytest.raises(ReadOnlyQueryError):
        store.cypher(query)
    assert store.counts()["entities"] == 4
    assert len(store.relations(ALICE)) == 3
    store.cypher_write("MATCH (e:Entity {name: 'dee'}) DETACH DELETE e")
    assert as_tuples(store.relations(ALICE)) == {("Ann", "knows", "Ben", True), ("Ben", "knows", "Cid", True)}


def test_named_repairs_delete_relations_and_orphans(store: GraphStore) -> None:
    """What check/repair use instead of raw Cypher: a memory's edges, then entities left with no edge."""
    first, second, _ = chain(store)
    store.cypher_write("MATCH (m:Memory {id: $id}) DETACH DELETE m", {"id": second.id})  # its RELATES edge stays
    inventory = store.inventory()
    assert second.id in inventory.relations and second.id not in inventory.memories
    store.delete_relations([second.id])
    inventory = store.inventory()
    assert second.id not in inventory.relations and inventory.orphans == []  # Ben, Cid: still in other edges
    store.cypher_write("MATCH ()-[r:RELATES]->() WHERE r.memory_id = $id DELETE r", {"id": first.id})
    store.cypher_write("MATCH (m:Memory {id: $id}) DETACH DELETE m", {"id": first.id})
    ann, ben = store.entity_id(ALICE, "Ann"), store.entity_id(ALICE, "Ben")  # Ann, Ben: no edge left
    assert sorted(store.inventory().orphans) == sorted([ann, ben]) and store.entity_name(ann) == "ann"
    store.delete_orphans(scope=BOB)  # another scope: they stay
    store.delete_orphans(entity_ids=[ben])
    assert store.inventory().orphans == [ann]
    store.delete_orphans(scope=ALICE)
    assert store.inventory().orphans == [] and not store.find_entities(ALICE, ["Ann", "Ben"])
    assert store.find_entities(ALICE, ["Cid"])


def test_graph_memory_entities_without_triples_are_mentioned(store: GraphStore) -> None:
    rec = record(ALICE, "I like Paris", entities=["Paris"])
    store.write_memories([GraphMemory(rec, [EntityRef("Paris", "place")])], fresh=True)
    paris = list(store.find_entities(ALICE, ["paris"]))
    assert store.memories_mentioning(ALICE, paris, 5) == {rec.id: paris}
    rows = store.cypher("MATCH (e:Entity) RETURN e.type AS type")
    assert rows == [{"type": "place"}]
