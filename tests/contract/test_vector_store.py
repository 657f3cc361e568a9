"""One behaviour contract for every vector store: Qdrant Edge (embedded) and qdrant-client (server API).

The server store runs against qdrant-client's local mode here (no Qdrant server binary installs on this
machine); it sends the same requests a Qdrant server or cluster receives.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from mem_graph.stores.vector.base import VectorFilter, VectorStore, scroll_all
from mem_graph.timeutil import FAR_FUTURE
from mem_graph.types import MemoryRecord, Scope, Status

DIM = 8
ALICE, BOB = Scope(user_id="alice"), Scope(user_id="bob")
Factory = Callable[[], VectorStore]


def _edge(path: Path) -> VectorStore:
    from mem_graph.stores.vector.edge import EdgeVectorStore

    return EdgeVectorStore(path / "vectors", DIM)


def _qdrant_local(path: Path) -> VectorStore:
    from mem_graph.stores.vector.qdrant import QdrantServerVectorStore

    return QdrantServerVectorStore(dim=DIM, path=str(path / "qdrant"), collection_name="contract")


BACKENDS = {"edge": _edge, "qdrant_local": _qdrant_local}


@pytest.fixture(scope="module")
def _shared() -> Iterator[dict[str, VectorStore]]:
    """One store per backend for the module (opening an Edge shard costs ~1 s); emptied before each test."""
    opened: dict[str, VectorStore] = {}
    yield opened
    for s in opened.values():
        s.close()


@pytest.fixture(params=list(BACKENDS))
def store(request: pytest.FixtureRequest, _shared: dict[str, VectorStore],
          tmp_path_factory: pytest.TempPathFactory) -> VectorStore:
    if request.param not in _shared:
        _shared[request.param] = BACKENDS[request.param](tmp_path_factory.mktemp(request.param))
    s = _shared[request.param]
    s.delete(s.all_ids())
    return s


@pytest.fixture(params=list(BACKENDS))
def open_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Factory]:
    """Opens the parametrized backend on one directory, closing the previous one (for persistence tests)."""
    opened: list[VectorStore] = []

    def factory() -> VectorStore:
        if opened:
            opened[-1].close()
        opened.append(BACKENDS[request.param](tmp_path))
        return opened[-1]

    yield factory
    opened[-1].close()


def vec(i: int) -> np.ndarray:
    """Unit-ish vectors: vec(i) is nearest to itself, and vec(i) ~ vec(i+1) more than vec(i+4)."""
    v = np.zeros(DIM, dtype=np.float32)
    v[i % DIM], v[(i + 1) % DIM] = 1.0, 0.3
    return v


def record(scope: Scope, text: str, **fields: object) -> MemoryRecord:
    t = time.time()
    base = {"id": str(uuid.uuid4()), "text": text, "scope": scope, "hash": text, "created_at": t, "updated_at": t,
            "valid_from": t}
    return MemoryRecord(**{**base, **fields})  # type: ignore[arg-type]


def put(store: VectorStore, *recs: MemoryRecord, start: int = 0) -> list[MemoryRecord]:
    store.upsert(list(recs), np.stack([vec(start + i) for i in range(len(recs))]), [r.text for r in recs])
    return list(recs)


def flt(scope: Scope = ALICE, **kw: object) -> VectorFilter:
    return VectorFilter(scope=scope, alive_at=time.time(), **kw)  # type: ignore[arg-type]


def texts(hits: list) -> list[str]:
    return [getattr(h, "record", h).text for h in hits]


# -- writes and reads ----------------------------------------------------------------------------------
def test_upsert_then_get_round_trips_the_record(store: VectorStore) -> None:
    rec = record(ALICE, "Alice lives in Paris", metadata={"topic": "home", "n": 3}, entities=["alice", "paris"],
                 layer="episodic", source={"client_id": "c1"}, slot="user|lives_in", polarity=1)
    put(store, rec)
    [got] = store.get([rec.id, str(uuid.uuid4())])
    times = ("created_at", "updated_at", "valid_from", "expires_at")
    # Qdrant Edge's JSON payload may round a float by one ulp (~1e-7 s here); nothing else may change
    assert [getattr(got, t) for t in times] == pytest.approx([getattr(rec, t) for t in times], abs=1e-3)
    assert replace(got, **{t: getattr(rec, t) for t in times}) == rec


def test_upsert_same_id_replaces_the_point(store: VectorStore) -> None:
    rec = put(store, record(ALICE, "old text"))[0]
    rec.text, rec.version = "new text", 2
    put(store, rec)
    assert store.count(flt()) == 1
    assert store.get([rec.id])[0].text == "new text"


def test_dense_search_ranks_the_nearest_first(store: VectorStore) -> None:
    recs = put(store, *[record(ALICE, f"fact {i}") for i in range(6)])
    hits = store.search_dense(vec(2), flt(), limit=3)
    assert hits[0].record.id == recs[2].id
    assert hits[0].score == pytest.approx(1.0, abs=1e-4)
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert len(hits) == 3


def test_stored_vectors_come_back_normalised_for_the_ids_that_exist(store: VectorStore) -> None:
    recs = put(store, *[record(ALICE, f"fact {i}") for i in range(3)])
    got = store.dense_vectors([recs[0].id, recs[2].id, str(uuid.uuid4())])
    assert set(got) == {recs[0].id, recs[2].id}
    for rec_id, i in ((recs[0].id, 0), (recs[2].id, 2)):  # cosine-distance stores keep unit vectors
        assert float(got[rec_id] @ (vec(i) / np.linalg.norm(vec(i)))) == pytest.approx(1.0, abs=1e-4)
    assert store.dense_vectors([]) == {}


def test_sparse_bm25_search_matches_keywords_with_idf(store: VectorStore) -> None:
    put(store, record(ALICE, "I adopted a cat named Miso"), record(ALICE, "The cat sleeps all day"),
        record(ALICE, "I drive a red car"))
    hits = store.search_sparse("Miso the cat", flt(), limit=5)
    assert texts(hits)[0] == "I adopted a cat named Miso"  # the rare term outweighs the common one
    assert set(texts(hits)) == {"I adopted a cat named Miso", "The cat sleeps all day"}
    assert store.search_sparse("the a", flt(), limit=5) == []  # stop words only: no query tokens


def test_id_and_score_queries_match_the_record_queries(store: VectorStore) -> None:
    """The search pipeline's payload-free candidate queries: same points, same order, same scores, same filter."""
    put(store, record(ALICE, "I adopted a cat named Miso"), record(ALICE, "The cat sleeps all day"),
        record(BOB, "My cat is called Miso too"), *[record(ALICE, f"fact {i}") for i in range(4)])
    for f in (flt(), flt(BOB)):
        assert store.dense_scores(vec(1), f, 4) == [(h.record.id, h.score) for h in store.search_dense(vec(1), f, 4)]
        assert store.sparse_scores("Miso cat", f, 5) == [(h.record.id, h.score)
                                                         for h in store.search_sparse("Miso cat", f, 5)]
    assert store.sparse_scores("the a", flt(), 5) == []


def test_a_batch_of_dense_queries_answers_each_as_alone(store: VectorStore) -> None:
    """``dense_scores_many`` (one engine round trip) gives each (filter, limit) what ``dense_scores`` gives."""
    recs = put(store, *[record(ALICE, f"fact {i}", slot="user|job" if i % 2 else None) for i in range(6)],
               record(BOB, "bob's fact"))
    requests = [(flt(), 4), (flt(ids=(recs[0].id, recs[5].id)), 2), (flt(any_of={"slot": ("user|job",)}), 10),
                (flt(BOB), 3)]
    assert store.dense_scores_many(vec(1), requests) == [store.dense_scores(vec(1), f, n) for f, n in requests]
    assert store.dense_scores_many(vec(1), []) == []


def test_dense_and_bm25_candidates_in_one_call_match_the_two_queries(store: VectorStore) -> None:
    put(store, record(ALICE, "I adopted a cat named Miso"), record(ALICE, "The cat sleeps all day"),
        record(BOB, "My cat is called Miso too"), *[record(ALICE, f"fact {i}") for i in range(4)])
    for f in (flt(), flt(BOB)):
        assert store.candidate_scores(vec(1), "Miso cat", f, 4) == (store.dense_scores(vec(1), f, 4),
                                                                    store.sparse_scores("Miso cat", f, 4))
    assert store.candidate_scores(vec(1), "the a", flt(), 4) == (store.dense_scores(vec(1), flt(), 4), [])


def test_shared_records_follow_every_write(store: VectorStore) -> None:
    """``get_shared`` may keep decoded records between calls: each write to a point is seen by the next read."""
    a, b = put(store, record(ALICE, "Alice lives in Paris"), record(ALICE, "Alice plays chess"))
    assert [r.text for r in store.get_shared([a.id, b.id])] == ["Alice lives in Paris", "Alice plays chess"]
    store.set_fields([a.id], {"status": "invalidated"})
    assert store.get_shared([a.id])[0].status == Status.INVALIDATED
    put(store, replace(b, text="Alice plays go"))
    assert store.get_shared([b.id])[0].text == "Alice plays go"
    store.delete([a.id])
    assert [r.id for r in store.get_shared([a.id, b.id])] == [b.id]
    store.reset()
    assert store.get_shared([b.id]) == []


def test_both_backends_compute_the_same_bm25_scores(tmp_path: Path) -> None:
    recs = [record(ALICE, t) for t in ("I adopted a cat named Miso", "The cat sleeps all day", "A red car")]
    scores = []
    for factory in (_edge, _qdrant_local):
        s = factory(tmp_path / factory.__name__)
        put(s, *recs)
        scores.append({h.record.id: round(h.score, 4) for h in s.search_sparse("cat Miso", flt(), 5)})
        s.close()
    assert scores[0] == scores[1]


# -- filters ---------------------------------------------------------------------------------------------
def test_user_a_never_sees_user_b(store: VectorStore) -> None:
    put(store, record(ALICE, "Alice likes tea"), record(BOB, "Bob likes tea"))
    for hits in (store.search_dense(vec(0), flt(ALICE), 10), store.search_dense(vec(1), flt(ALICE), 10),
                 store.search_sparse("likes tea", flt(ALICE), 10), scroll_all(store, flt(ALICE))):
        assert texts(hits) == ["Alice likes tea"]
    assert store.count(flt(BOB)) == 1
    assert store.count(flt(Scope(user_id="carol"))) == 0


def test_unset_scope_fields_are_wildcards_and_namespace_is_exact(store: VectorStore) -> None:
    put(store, record(Scope(user_id="alice", agent_id="helper", run_id="r1"), "with agent"),
        record(Scope(user_id="alice", namespace="work"), "other namespace"))
    assert texts(scroll_all(store, flt(ALICE))) == ["with agent"]
    assert texts(scroll_all(store, flt(Scope(agent_id="helper")))) == ["with agent"]
    assert texts(scroll_all(store, flt(Scope(user_id="alice", agent_id="other")))) == []
    assert texts(scroll_all(store, flt(Scope(user_id="alice", namespace="work")))) == ["other namespace"]


def test_exact_scope_matches_only_the_very_same_scope(store: VectorStore) -> None:
    """What a write may reconcile against: every scope field equal, unset == unset (issue #11)."""
    scopes = {"agent": Scope(agent_id="bot"), "user+agent": Scope(user_id="bob", agent_id="bot"),
              "user": Scope(user_id="bob"), "user+run": Scope(user_id="bob", run_id="r1"),
              "other ns": Scope(agent_id="bot", namespace="work")}
    put(store, *(record(s, name) for name, s in scopes.items()))
    for name, s in scopes.items():
        exact = VectorFilter(scope=s, exact_scope=True, alive_at=time.time())
        assert texts(scroll_all(store, exact)) == [name]
        assert texts(store.search_dense(vec(0), exact, 10)) == [name]
        assert texts(store.search_sparse(name, exact, 10)) == [name]
        assert store.count(exact) == 1
    assert sorted(texts(scroll_all(store, flt(Scope(agent_id="bot"))))) == ["agent", "user+agent"]  # a read: wildcard


def test_expired_at_selects_only_expired_memories(store: VectorStore) -> None:
    put(store, record(ALICE, "expired", expires_at=time.time() - 1), record(ALICE, "forever", expires_at=FAR_FUTURE))
    assert texts(scroll_all(store, VectorFilter(scope=ALICE, statuses=None, expired_at=time.time()))) == ["expired"]


def test_valid_at_returns_what_was_believed_then_whatever_the_status_now(store: VectorStore) -> None:
    """as_of (issue #13 item 8): valid_from <= t and (invalid_at unset or > t), invalidated or not."""
    t1, t2, t3 = 1_700_000_000.0, 1_700_100_000.0, 1_700_200_000.0
    put(store, record(ALICE, "Beijing", valid_from=t1, invalid_at=t2, status=Status.INVALIDATED),
        record(ALICE, "Shanghai", valid_from=t2), record(ALICE, "later", valid_from=t3),
        record(ALICE, "past fact", valid_from=t1, invalid_at=t1, status=Status.INVALIDATED),
        record(BOB, "Bob in Beijing", valid_from=t1))

    def believed(t: float) -> set[str]:
        f = VectorFilter(scope=ALICE, statuses=None, valid_at=t)
        found = [set(texts(scroll_all(store, f))), set(texts(store.search_dense(vec(0), f, 10))),
                 set(texts(store.search_sparse("Beijing Shanghai later fact", f, 10)))]
        assert found[0] == found[1] and found[2] <= found[0] and store.count(f) == len(found[0])
        return found[0]

    assert believed(t1 - 1) == set()
    assert believed(t1) == {"Beijing"}  # valid from t1; "past fact" ended at t1 (invalid_at is exclusive)
    assert believed(t2 - 1) == {"Beijing"}
    assert believed(t2) == {"Shanghai"}
    assert believed(t3 + 1) == {"Shanghai", "later"}


def test_invalidated_memories_are_hidden_unless_every_status_is_asked_for(store: VectorStore) -> None:
    old, new = put(store, record(ALICE, "I live in Beijing"), record(ALICE, "I live in Shanghai"))
    store.set_fields([old.id], {"status": Status.INVALIDATED.value, "invalid_at": time.time(),
                                "superseded_by": new.id})
    assert texts(store.search_dense(vec(0), flt(), 10)) == ["I live in Shanghai"]
    everything = store.search_dense(vec(0), flt(statuses=None), 10)
    assert set(texts(everything)) == {"I live in Beijing", "I live in Shanghai"}
    got = store.get([old.id])[0]
    assert (got.status, got.superseded_by) == (Status.INVALIDATED, new.id) and got.invalid_at


def test_expired_memories_are_hidden(store: VectorStore) -> None:
    put(store, record(ALICE, "expired", expires_at=time.time() - 1), record(ALICE, "forever",
                                                                              expires_at=FAR_FUTURE))
    assert texts(store.search_dense(vec(0), flt(), 10)) == ["forever"]
    assert store.count(VectorFilter(scope=ALICE)) == 2  # no alive_at: no expiry filter


def test_equals_any_of_and_ids_filters(store: VectorStore) -> None:
    a, b, c = put(store, record(ALICE, "a", metadata={"topic": "food", "n": 1}, layer="episodic"),
                  record(ALICE, "b", metadata={"topic": "work", "n": 2}),
                  record(ALICE, "c", metadata={"topic": "trips", "n": 2}))
    assert texts(scroll_all(store, flt(equals={"metadata.topic": "food"}))) == ["a"]
    assert sorted(texts(scroll_all(store, flt(equals={"metadata.n": 2})))) == ["b", "c"]
    assert texts(scroll_all(store, flt(equals={"layer": "episodic"}))) == ["a"]
    assert sorted(texts(scroll_all(store, flt(any_of={"metadata.topic": ("food", "trips")})))) == ["a", "c"]
    assert sorted(texts(store.search_dense(vec(0), flt(ids=(a.id, c.id)), 10))) == ["a", "c"]
    assert store.count(flt(ids=(b.id,), equals={"metadata.topic": "food"})) == 0


# -- paging, deletes, lifecycle ----------------------------------------------------------------------------
def test_scroll_pages_cover_every_record_once(store: VectorStore) -> None:
    recs = put(store, *[record(ALICE, f"fact {i}") for i in range(7)])
    seen, offset, pages = [], None, 0
    while True:
        batch, offset = store.scroll(flt(), 3, offset)
        seen += [r.id for r in batch]
        pages += 1
        if offset is None:
            break
    assert sorted(seen) == sorted(r.id for r in recs) and pages == 3


def test_compact_keeps_live_points_whole_and_erases_deleted_payloads(store: VectorStore) -> None:
    """compact() (run after erasures, mem_graph/erasure.py) changes nothing a reader can see (issue #11)."""
    keep = put(store, *[record(ALICE, f"kept fact {i}", metadata={"n": i}, entities=["x"]) for i in range(5)],
               record(BOB, "bob fact"))
    [gone] = put(store, record(ALICE, "Qorvath secret fact"), start=6)
    store.set_fields([keep[0].id], {"status": Status.INVALIDATED.value})
    store.delete([gone.id])
    before = {r.id: r for r in scroll_all(store, VectorFilter(scope=Scope(namespace="default"), statuses=None))}
    def ranked(hits: list) -> list:  # ties may come back in either order
        return sorted((round(h.score, 4), h.record.text) for h in hits)

    dense, sparse = ranked(store.search_dense(vec(2), flt(), 10)), texts(store.search_sparse("kept fact", flt(), 10))
    store.compact()
    after = {r.id: r for r in scroll_all(store, VectorFilter(scope=Scope(namespace="default"), statuses=None))}
    assert after.keys() == before.keys() == {r.id for r in keep}
    assert all(after[i].to_payload() == before[i].to_payload() for i in after)
    assert ranked(store.search_dense(vec(2), flt(), 10)) == dense
    # BM25 scores may move: the IDF no longer counts the deleted point
    assert sorted(texts(store.search_sparse("kept fact", flt(), 10))) == sorted(sparse)
    assert texts(scroll_all(store, flt(equals={"metadata.n": 3}))) == ["kept fact 3"]  # payload indexes kept
    put(store, record(ALICE, "written after"), start=7)  # still writable
    assert "written after" in texts(scroll_all(store, flt()))
    path = getattr(store, "path", None)
    if path is not None:  # embedded: the deleted point's text is gone from every file of the shard
        assert [str(p) for p in Path(path).rglob("*") if p.is_file() and b"Qorvath" in p.read_bytes()] == []


def test_delete_and_all_ids(store: VectorStore) -> None:
    a, b = put(store, record(ALICE, "a"), record(BOB, "b"))
    assert sorted(store.all_ids()) == sorted([a.id, b.id])
    store.delete([a.id, str(uuid.uuid4())])
    store.delete([])
    assert store.all_ids() == [b.id]
    assert store.get([a.id]) == []


def test_optimize_reports_the_store_and_changes_no_answer(store: VectorStore) -> None:
    put(store, *[record(ALICE if i % 3 else BOB, f"note {i} about topic {i % 4}") for i in range(24)])
    before = [store.search_dense(vec(i), flt(), 5) for i in range(DIM)], store.sparse_scores("topic", flt(BOB), 10)
    result = store.optimize()
    assert result.points == 24 and result.seconds >= 0
    assert ([store.search_dense(vec(i), flt(), 5) for i in range(DIM)], store.sparse_scores("topic", flt(BOB), 10)
            ) == before


def test_reset_empties_every_scope_and_the_store_stays_usable(store: VectorStore) -> None:
    put(store, record(ALICE, "a"), record(BOB, "b"))
    store.reset()
    assert store.all_ids() == [] and store.count(flt(statuses=None)) == 0
    put(store, record(ALICE, "after reset"))
    assert texts(store.search_sparse("after reset", flt(), 5)) == ["after reset"]


def test_data_survives_close_and_reopen(open_store: Factory) -> None:
    first = open_store()
    rec = put(first, record(ALICE, "durable fact"))[0]
    first.flush()
    second = open_store()
    assert second.get([rec.id])[0].text == "durable fact"
    assert texts(second.search_dense(vec(0), flt(), 5)) == ["durable fact"]
