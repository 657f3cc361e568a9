"""The embedded graph's in-process read cache (stores/graph/scope_cache.py): a read through ``cypher`` keeps
every scope's snapshot, anything that writes drops the snapshots it may have changed."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from mem_graph import Memory
from mem_graph.errors import ReadOnlyQueryError
from mem_graph.stores.graph.cypher_store import memory_of
from mem_graph.stores.graph.ladybug import LadybugGraphStore
from mem_graph.stores.graph.scope_cache import ScopeCachedGraphStore
from mem_graph.types import MemoryRecord, Scope, Triple

ALICE = Scope(user_id="alice")


@pytest.fixture
def cached(tmp_path: Path) -> Iterator[ScopeCachedGraphStore]:
    store = ScopeCachedGraphStore(LadybugGraphStore(tmp_path / "graph.lbug", buffer_pool_mb=64))
    yield store
    store.close()


def _knows(a: str, b: str) -> MemoryRecord:
    t = time.time()
    return MemoryRecord(id=str(uuid.uuid4()), text=f"{a} knows {b}", scope=ALICE, hash=a + b, created_at=t,
                        updated_at=t, valid_from=t, triples=[Triple(a, "knows", b)])


def _entity_behind_the_cache(store: ScopeCachedGraphStore, name: str) -> None:
    """A write the cache cannot see (straight to the inner store): only a dropped snapshot would show it."""
    store.inner.cypher_write("CREATE (:Entity {id: $id, name: $name, display: $name, type: '', user_id: 'alice', "
                             "agent_id: '', run_id: '', namespace: 'default'})",
                             {"id": store.entity_id(ALICE, name), "name": name})


def test_a_cypher_read_keeps_the_snapshot(cached: ScopeCachedGraphStore) -> None:
    cached.write_memories([memory_of(_knows("Ann", "Ben"))], fresh=True)
    assert set(cached.find_entities(ALICE, ["ann", "ben"]).values()) == {"ann", "ben"}  # the snapshot is built
    version = cached.sandbox_version(ALICE)
    _entity_behind_the_cache(cached, "zed")
    assert cached.cypher("MATCH (e:Entity) RETURN count(e) AS n") == [{"n": 3}]
    assert cached.find_entities(ALICE, ["zed"]) == {}  # still the snapshot from before: the read dropped nothing
    assert cached.sandbox_version(ALICE) == version  # exploration copies are not rebuilt after a read either


def test_a_refused_write_through_cypher_changes_nothing(cached: ScopeCachedGraphStore) -> None:
    cached.write_memories([memory_of(_knows("Ann", "Ben"))], fresh=True)
    cached.find_entities(ALICE, ["ann"])
    with pytest.raises(ReadOnlyQueryError):
        cached.cypher("MATCH (e:Entity {name: 'ann'}) SET e.name = 'eve'")
    assert set(cached.find_entities(ALICE, ["ann"]).values()) == {"ann"}
    assert cached.counts()["entities"] == 2


@pytest.mark.parametrize("write", ["cypher_write", "write_memories"])
def test_writes_drop_the_snapshot(cached: ScopeCachedGraphStore, write: str) -> None:
    cached.write_memories([memory_of(_knows("Ann", "Ben"))], fresh=True)
    cached.find_entities(ALICE, ["ann"])
    version = cached.sandbox_version(ALICE)
    _entity_behind_the_cache(cached, "zed")
    if write == "cypher_write":
        cached.cypher_write("MATCH (e:Entity {name: 'ann'}) RETURN e.id")
    else:
        cached.write_memories([memory_of(_knows("Cid", "Dee"))], fresh=True)
    assert set(cached.find_entities(ALICE, ["zed"]).values()) == {"zed"}
    assert cached.sandbox_version(ALICE) != version


def test_deleting_orphans_drops_the_snapshot(cached: ScopeCachedGraphStore) -> None:
    cached.write_memories([memory_of(_knows("Ann", "Ben"))], fresh=True)
    _entity_behind_the_cache(cached, "zed")  # an entity with no edge
    assert set(cached.find_entities(ALICE, ["zed"]).values()) == {"zed"}  # in the snapshot
    cached.delete_orphans(scope=ALICE)
    assert cached.find_entities(ALICE, ["zed"]) == {}
    assert set(cached.find_entities(ALICE, ["ann", "ben"]).values()) == {"ann", "ben"}


def test_memory_graph_write_escape_hatch_is_seen_by_the_next_read(memory: Memory) -> None:
    """``Memory.graph.cypher(allow_writes=True)`` (SDK only) writes through ``cypher_write``: the snapshot the
    search and ``neighbours`` read from is dropped, so the next read sees the change."""
    memory.add("Alice works at Acme.", user_id="u1")
    before = memory.graph.neighbours("alice", 1, user_id="u1")
    assert "Acme" in {d["name"] for _, d in before.nodes(data=True)}
    memory.graph.cypher("MATCH (e:Entity {name: 'acme'}) SET e.display = 'Acme Corp'", allow_writes=True,
                        user_id="u1")
    after = memory.graph.neighbours("alice", 1, user_id="u1")
    assert "Acme Corp" in {d["name"] for _, d in after.nodes(data=True)}
