"""What the Edge store keeps between queries (issue #17) never changes an answer: translated filter conditions
are reused only for the very same scope, statuses and times, and point ids come back as the ids written."""

from __future__ import annotations

import time
import uuid
from dataclasses import replace
from pathlib import Path

import numpy as np

from mem_graph.stores.vector.base import VectorFilter
from mem_graph.stores.vector.edge import EdgeVectorStore, _IdStrings
from mem_graph.types import MemoryRecord, Scope

DIM = 8
ALICE, BOB = Scope(user_id="alice"), Scope(user_id="bob")


def _record(scope: Scope, text: str, expires_at: float | None = None) -> MemoryRecord:
    t = time.time()
    fields: dict[str, object] = {"id": str(uuid.uuid4()), "text": text, "scope": scope, "hash": text,
                                 "created_at": t, "updated_at": t, "valid_from": t}
    if expires_at is not None:
        fields["expires_at"] = expires_at
    return MemoryRecord(**fields)  # type: ignore[arg-type]


def _vec(i: int) -> np.ndarray:
    v = np.zeros(DIM, dtype=np.float32)
    v[i % DIM], v[(i + 1) % DIM] = 1.0, 0.3
    return v


def _store(tmp_path: Path, *records: MemoryRecord) -> EdgeVectorStore:
    store = EdgeVectorStore(tmp_path / "vectors", DIM)
    store.upsert(list(records), np.stack([_vec(i) for i in range(len(records))]), [r.text for r in records])
    return store


def test_a_memory_expiring_between_two_searches_is_hidden_from_the_second(tmp_path: Path) -> None:
    t = time.time()
    soon = _record(ALICE, "parking until noon", expires_at=t + 50)
    stays = _record(ALICE, "lives in Paris")
    other = _record(BOB, "lives in Rome")
    store = _store(tmp_path, soon, stays, other)
    try:
        now = VectorFilter(scope=ALICE, alive_at=t)
        assert {m for m, _ in store.dense_scores(_vec(0), now, 10)} == {soon.id, stays.id}
        # the same scope later: the earlier translation must not answer for the new time
        later = VectorFilter(scope=ALICE, alive_at=t + 100)
        assert [m for m, _ in store.dense_scores(_vec(0), later, 10)] == [stays.id]
        # filters derived from one search's (ids, any_of) keep its scope and time conditions
        derived = [replace(now, ids=(soon.id, other.id)), replace(later, ids=(soon.id, stays.id)),
                   replace(now, any_of={"hash": ("lives in Paris",)})]
        got = store.dense_scores_many(_vec(0), [(f, 10) for f in derived])
        assert [[m for m, _ in answer] for answer in got] == [[soon.id], [stays.id], [stays.id]]
        assert [m for m, _ in store.dense_scores(_vec(0), VectorFilter(scope=BOB, alive_at=t), 10)] == [other.id]
    finally:
        store.close()


def test_query_ids_are_the_ids_written_past_the_id_table_bound(tmp_path: Path) -> None:
    records = [_record(ALICE, f"fact {i}") for i in range(5)]
    store = _store(tmp_path, *records)
    try:
        store._id = _IdStrings(size=2)  # the table starts again every two ids
        flt = VectorFilter(scope=ALICE, alive_at=time.time())
        for _ in range(3):
            got = store.dense_scores(_vec(0), flt, 10)
            assert sorted(m for m, _ in got) == sorted(r.id for r in records)
            assert all(type(m) is str for m, _ in got)
        assert _IdStrings()(7) == "7"  # an integer point id reads as str() writes it
    finally:
        store.close()
