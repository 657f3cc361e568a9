"""Embedded vector store: Qdrant Edge (the real Qdrant engine, in-process)."""

from __future__ import annotations

import shutil
import threading
import time
import uuid
from collections import OrderedDict
from pathlib import Path
from typing import Any

import numpy as np
import qdrant_edge as qe

from mem_graph.errors import DirectoryInUseError, StoreError
from mem_graph.stores.boundary import store_errors, unreadable_ids
from mem_graph.stores.vector.base import OptimizeResult, Scored, VectorFilter
from mem_graph.stores.vector.qdrant_common import (
    DENSE,
    SPARSE,
    FilterDialect,
    base_conditions,
    base_key,
    build_filter,
    extra_conditions,
    payload_indexes,
    record_of,
)
from mem_graph.types import MemoryRecord

EDGE_FILTERS = FilterDialect(
    all_of=lambda must: qe.Filter(must=must),
    equals=lambda key, value: qe.FieldCondition(key=key, match=qe.MatchValue(value)),
    any_of=lambda key, values: qe.FieldCondition(key=key, match=qe.MatchAny(values)),
    greater_than=lambda key, value: qe.FieldCondition(key=key, range=qe.RangeFloat(gt=value)),
    at_most=lambda key, value: qe.FieldCondition(key=key, range=qe.RangeFloat(lte=value)),
    none_of=lambda conditions: qe.Filter(must_not=conditions),
    has_id=lambda ids: qe.HasIdCondition(set(ids)),
)
_SCHEMA = {"keyword": qe.PayloadSchemaType.Keyword, "float": qe.PayloadSchemaType.Float}
_MIN_HNSW_EF = 256  # beam width on an indexed segment; at 128 an outlier point was missed in a 300-point test
SHARED_RECORDS = 20_000  # decoded records kept for get_shared (a few KB each)
BASE_FILTERS = 64  # translated base conditions kept by _filter; past it the table starts again
ID_STRINGS = 65_536  # point id -> str kept by _ids (~200 B each); past it the table starts again


class _IdStrings:
    """The string of a returned point id, looked up by the UUID's integer. Edge hands ids back as
    ``uuid.UUID``s, and ``str()`` of one cost as much as the query itself (~130 candidates per query, ~0.6 us
    each); a search sees mostly the same ids again. A UUID's string never changes, so nothing to invalidate."""

    def __init__(self, size: int = ID_STRINGS) -> None:
        self._size = size
        self._table: dict[int, str] = {}

    def __call__(self, point_id: Any) -> str:
        if not isinstance(point_id, uuid.UUID):  # an integer id (not one we write): as str() says it
            return str(point_id)
        key = point_id.int
        text = self._table.get(key)
        if text is None:
            if len(self._table) >= self._size:
                self._table.clear()
            text = self._table[key] = str(point_id)
        return text


def to_edge_filter(flt: VectorFilter) -> qe.Filter:
    built: qe.Filter = build_filter(flt, EDGE_FILTERS)
    return built


def _stored_vector(record: qe.Record) -> qe.Vector:
    """A scrolled point's vectors (scrolled ``with_vector=True``: every stored point has them)."""
    if record.vector is None:
        raise StoreError(f"stored point {record.id} came back without its vectors")
    return record.vector


class EdgeVectorStore:
    """One Qdrant Edge shard per data directory, with named vectors ``dense`` and ``bm25``.

    ``indexing_threshold_kb`` and ``full_scan_threshold_kb`` override Qdrant's defaults (10,000 KB each, about
    6,500 384-d vectors) for a new shard: below the first, ``optimize`` leaves a segment unindexed; below the
    second, a filtered search scores the matching points exactly instead of walking the HNSW graph.
    ``search_threads``: the shard's search pool (Qdrant's default is one thread per CPU). One by default: a
    search reads one or a few segments, and on a loaded machine handing each query to a wider pool cost more
    in waiting for its threads than it saved (docs/benchmarks.md, issue #17); ``None`` restores Qdrant's.
    """

    def __init__(self, path: str | Path, dim: int, on_disk_payload: bool = False, *,
                 indexing_threshold_kb: int | None = None, full_scan_threshold_kb: int | None = None,
                 search_threads: int | None = 1):
        self.path = Path(path)
        self.dim = dim
        self._on_disk_payload = on_disk_payload
        self._search_threads = search_threads
        self._indexing_threshold_kb = indexing_threshold_kb
        self._full_scan_threshold_kb = full_scan_threshold_kb
        self._bm25 = qe.Bm25()
        self._lock = threading.RLock()
        # get_shared's decoded records, dropped by every write that touches them; the data directory's lock
        # makes this process the shard's only writer, so nothing else can make them stale
        self._shared: OrderedDict[str, MemoryRecord] = OrderedDict()
        self._id = _IdStrings()
        self._bases: dict[tuple[Any, ...], list[Any]] = {}  # base_key -> its conditions (see _filter)
        self._shard = self._open()

    def _config(self) -> qe.EdgeConfig:
        return qe.EdgeConfig(
            vectors={DENSE: qe.EdgeVectorParams(size=self.dim, distance=qe.Distance.Cosine)},
            sparse_vectors={SPARSE: qe.EdgeSparseVectorParams(modifier=qe.Modifier.Idf)},
            on_disk_payload=self._on_disk_payload,
            optimizers=(None if self._indexing_threshold_kb is None
                        else qe.EdgeOptimizersConfig(indexing_threshold=self._indexing_threshold_kb)),
            hnsw_config=(None if self._full_scan_threshold_kb is None
                         else qe.HnswIndexConfig(m=16, ef_construct=100,
                                                 full_scan_threshold=self._full_scan_threshold_kb)),
            max_search_threads=self._search_threads,
        )

    def _load_config(self) -> qe.EdgeConfig:
        """What an existing shard is opened with: the same vectors (checked against its segments) and this
        process's search pool; everything else as the shard has it."""
        return qe.EdgeConfig(
            vectors={DENSE: qe.EdgeVectorParams(size=self.dim, distance=qe.Distance.Cosine)},
            sparse_vectors={SPARSE: qe.EdgeSparseVectorParams(modifier=qe.Modifier.Idf)},
            max_search_threads=self._search_threads,
        )

    def _open(self) -> qe.EdgeShard:
        self._finish_compaction()
        try:
            if self.path.exists() and any(self.path.iterdir()):
                return qe.EdgeShard.load(str(self.path), self._load_config())
            shard = qe.EdgeShard.create(str(self.path), self._config())
        except Exception as exc:
            if "WouldBlock" in str(exc):
                raise DirectoryInUseError(f"vector store {self.path} is in use by another process") from exc
            raise StoreError(f"cannot open Qdrant Edge shard at {self.path}: {exc}") from exc
        for key, kind in payload_indexes():
            shard.update(qe.UpdateOperation.create_field_index(key, _SCHEMA[kind]))
        return shard

    # -- writes -----------------------------------------------------------
    def upsert(self, records: list[MemoryRecord], dense: np.ndarray, sparse_texts: list[str]) -> None:
        if not records:
            return
        points = [
            qe.Point(r.id, {DENSE: vec.tolist(), SPARSE: self._bm25.embed_document(text)}, r.to_payload())
            for r, vec, text in zip(records, dense, sparse_texts, strict=True)
        ]
        with self._lock, store_errors("Qdrant Edge upsert"):
            self._forget([r.id for r in records])
            self._shard.update(qe.UpdateOperation.upsert_points(points))

    def set_fields(self, ids: list[str], fields: dict[str, Any]) -> None:
        if ids:
            with self._lock, store_errors("Qdrant Edge set_payload"):
                self._forget(ids)
                self._shard.update(qe.UpdateOperation.set_payload(list(ids), fields))

    def delete(self, ids: list[str]) -> None:
        if ids:
            with self._lock:
                self._forget(ids)
                self._replace_unreadable(list(ids))
                with store_errors("Qdrant Edge delete"):
                    self._shard.update(qe.UpdateOperation.delete_points(list(ids)))

    def _replace_unreadable(self, ids: list[str]) -> None:
        """Deleting a point reads its payload, and a failed update leaves the shard refusing every later one
        ("not recovered from previous error"): a point whose payload cannot be decoded is first replaced by an
        empty one (an upsert does not read the old payload)."""
        bad = [i for start in range(0, len(ids), 1024) for i in unreadable_ids(self, ids[start:start + 1024])]
        if bad:
            with store_errors("Qdrant Edge upsert"):
                self._shard.update(qe.UpdateOperation.upsert_points(
                    [qe.Point(i, {DENSE: [1.0] * self.dim}, {}) for i in bad]))

    def _forget(self, ids: list[str] | None = None) -> None:
        """Drop the shared records of ``ids`` (all when None); called under the lock before a write."""
        if ids is None:
            self._shared.clear()
        else:
            for i in ids:
                self._shared.pop(i, None)

    # -- reads ------------------------------------------------------------
    def get(self, ids: list[str]) -> list[MemoryRecord]:
        if not ids:
            return []
        with self._lock, store_errors("Qdrant Edge retrieve"):  # a payload it cannot decode, or a panic
            return [record_of(p) for p in self._shard.retrieve(list(ids), True, False) if p.payload]

    def dense_vectors(self, ids: list[str]) -> dict[str, np.ndarray]:
        if not ids:
            return {}
        with self._lock, store_errors("Qdrant Edge retrieve"):
            points = self._shard.retrieve(list(ids), False, True)
        out: dict[str, np.ndarray] = {}
        for p in points:
            vector = _stored_vector(p)
            if isinstance(vector, dict) and DENSE in vector:  # named vectors (every shard this store creates)
                out[self._id(p.id)] = np.asarray(vector[DENSE], dtype=np.float32)
        return out

    def get_shared(self, ids: list[str]) -> list[MemoryRecord]:
        """``get`` from the records decoded for earlier calls where no write has touched them since (a search
        reads mostly the same candidates again: reading and decoding their payloads cost more than the
        queries). The records are shared: read them, never mutate them."""
        if not ids:
            return []
        with self._lock:
            shared = self._shared
            missing: list[Any] = [i for i in ids if i not in shared]
            if missing:
                with store_errors("Qdrant Edge retrieve"):
                    for p in self._shard.retrieve(missing, True, False):
                        if p.payload:
                            record = record_of(p)
                            shared[record.id] = record
                while len(shared) > SHARED_RECORDS:
                    shared.popitem(last=False)
            return [shared[i] for i in ids if i in shared]

    def _filter(self, flt: VectorFilter) -> qe.Filter:
        """``to_edge_filter`` with the scope, status and time conditions translated once per distinct set: a
        search's engine calls and the filters it derives (``ids``, ``any_of``) share them. A translation depends
        only on its key, so nothing to invalidate."""
        key = base_key(flt)
        base = self._bases.get(key)
        if base is None:
            if len(self._bases) >= BASE_FILTERS:
                self._bases.clear()
            base = self._bases[key] = base_conditions(flt, EDGE_FILTERS)
        return qe.Filter(must=[*base, *extra_conditions(flt, EDGE_FILTERS)])

    def _points(self, query: Any, flt: VectorFilter, limit: int, payload: bool) -> list[Any]:
        req = qe.QueryRequest(limit=limit, query=query, filter=self._filter(flt), with_payload=payload,
                              params=qe.SearchParams(hnsw_ef=max(_MIN_HNSW_EF, 4 * limit)))
        with self._lock, store_errors("Qdrant Edge query"):
            return self._shard.query(req)

    def _sparse_query(self, text: str) -> Any:
        sparse = self._bm25.embed_query(text)
        return qe.Query.Nearest(sparse, using=SPARSE) if sparse.indices else None

    def search_dense(self, vector: np.ndarray, flt: VectorFilter, limit: int) -> list[Scored]:
        points = self._points(qe.Query.Nearest(vector.tolist(), using=DENSE), flt, limit, True)
        with store_errors("Qdrant Edge query"):
            return [Scored(record_of(p), float(p.score)) for p in points]

    def search_sparse(self, text: str, flt: VectorFilter, limit: int) -> list[Scored]:
        query = self._sparse_query(text)
        if query is None:
            return []
        with store_errors("Qdrant Edge query"):
            return [Scored(record_of(p), float(p.score)) for p in self._points(query, flt, limit, True)]

    def dense_scores(self, vector: np.ndarray, flt: VectorFilter, limit: int) -> list[tuple[str, float]]:
        points = self._points(qe.Query.Nearest(vector.tolist(), using=DENSE), flt, limit, False)
        ids = self._id
        return [(ids(p.id), float(p.score)) for p in points]

    def candidate_scores(self, vector: np.ndarray, text: str, flt: VectorFilter,
                         limit: int) -> tuple[list[tuple[str, float]], list[tuple[str, float]]]:
        """The dense and the BM25 query in one ``query_batch``."""
        queries = [qe.Query.Nearest(vector.tolist(), using=DENSE)]
        sparse = self._sparse_query(text)
        if sparse is not None:
            queries.append(sparse)
        answers = self._batch([(q, flt, limit) for q in queries])
        return answers[0], answers[1] if sparse is not None else []

    def _batch(self, requests: list[tuple[Any, VectorFilter, int]]) -> list[list[tuple[str, float]]]:
        built: dict[int, qe.Filter] = {}  # a filter shared by several requests is translated once
        for _, flt, _ in requests:
            if id(flt) not in built:
                built[id(flt)] = self._filter(flt)
        batch = qe.QueryBatchRequest([qe.QueryRequest(limit=limit, query=query, filter=built[id(flt)],
                                                      with_payload=False,
                                                      params=qe.SearchParams(hnsw_ef=max(_MIN_HNSW_EF, 4 * limit)))
                                      for query, flt, limit in requests])
        with self._lock, store_errors("Qdrant Edge query"):
            answers = self._shard.query_batch(batch)
        ids = self._id
        return [[(ids(p.id), float(p.score)) for p in points] for points in answers]

    def dense_scores_many(self, vector: np.ndarray,
                          requests: list[tuple[VectorFilter, int]]) -> list[list[tuple[str, float]]]:
        """One ``query_batch``: the engine plans the requests together (one call, one pass over the segments)."""
        if not requests:
            return []
        query = qe.Query.Nearest(vector.tolist(), using=DENSE)
        return self._batch([(query, flt, limit) for flt, limit in requests])

    def sparse_scores(self, text: str, flt: VectorFilter, limit: int) -> list[tuple[str, float]]:
        query = self._sparse_query(text)
        ids = self._id
        return [] if query is None else [(ids(p.id), float(p.score)) for p in self._points(query, flt, limit, False)]

    def scroll(self, flt: VectorFilter, limit: int, offset: str | None = None) -> tuple[list[MemoryRecord], str | None]:
        with self._lock, store_errors("Qdrant Edge scroll"):
            records, nxt = self._shard.scroll(
                qe.ScrollRequest(offset=offset, limit=limit, filter=self._filter(flt), with_payload=True)
            )
            return [record_of(p) for p in records], (str(nxt) if nxt is not None else None)

    def scroll_ids(self, flt: VectorFilter, limit: int, offset: str | None = None) -> tuple[list[str], str | None]:
        """Like ``scroll`` without reading payloads (so an undecodable one cannot fail it)."""
        with self._lock, store_errors("Qdrant Edge scroll"):
            records, nxt = self._shard.scroll(
                qe.ScrollRequest(offset=offset, limit=limit, filter=self._filter(flt), with_payload=False)
            )
            return [str(r.id) for r in records], (str(nxt) if nxt is not None else None)

    def count(self, flt: VectorFilter) -> int:
        with self._lock, store_errors("Qdrant Edge count"):
            return int(self._shard.count(qe.CountRequest(filter=to_edge_filter(flt), exact=True)))

    def all_ids(self) -> list[str]:
        out: list[str] = []
        offset = None
        while True:
            with self._lock, store_errors("Qdrant Edge scroll"):
                recs, offset = self._shard.scroll(qe.ScrollRequest(offset=offset, limit=1024, with_payload=False))
            out.extend(str(r.id) for r in recs)
            if offset is None:
                return out

    # -- erasure ------------------------------------------------------------
    def compact(self) -> None:
        """Rewrite the shard with only its live points, so deleted payloads (memory text) leave the disk.

        A delete only marks a point deleted: its payload stays in the segment files and the WAL until
        Qdrant's vacuum rewrites the segment, which its optimizer does only past 20 % deleted points of a
        segment of 1,000+, and which leaves the WAL as it is. So the live points are copied into a new shard
        beside this one (``<path>.compact``), which then takes its place; a crash at any step leaves either
        the old or the complete new shard (``_finish_compaction``). The cost grows with the store (see
        docs/benchmarks.md), so callers batch it (mem_graph/erasure.py).
        """
        with self._lock:
            self._forget()
            new, old = self._swap_paths()
            shutil.rmtree(new, ignore_errors=True)
            with store_errors("Qdrant Edge compaction"):
                shard = qe.EdgeShard.create(str(new), self._config())
                try:
                    for key, kind in payload_indexes():
                        shard.update(qe.UpdateOperation.create_field_index(key, _SCHEMA[kind]))
                    offset = None
                    while True:
                        recs, offset = self._shard.scroll(qe.ScrollRequest(offset=offset, limit=512,
                                                                           with_payload=True, with_vector=True))
                        if recs:
                            shard.update(qe.UpdateOperation.upsert_points(
                                [qe.Point(r.id, _stored_vector(r), r.payload) for r in recs]))
                        if offset is None:
                            break
                    shard.flush()
                finally:
                    shard.close()
            self._shard.close()
            self.path.rename(old)  # from here on the new shard is the store, even after a crash
            new.rename(self.path)
            shutil.rmtree(old, ignore_errors=True)
            self._shard = self._open()

    def _swap_paths(self) -> tuple[Path, Path]:
        return self.path.with_name(self.path.name + ".compact"), self.path.with_name(self.path.name + ".old")

    def _finish_compaction(self) -> None:
        """Complete or undo a compaction a crash interrupted (the new shard is complete once the old one moved)."""
        new, old = self._swap_paths()
        if new.exists() and not self.path.exists():
            new.rename(self.path)
        shutil.rmtree(new, ignore_errors=True)
        shutil.rmtree(old, ignore_errors=True)

    # -- indexing -----------------------------------------------------------
    def optimize(self) -> OptimizeResult:
        """Run Qdrant's segment optimizers until none has work left: segments past the indexing threshold get
        their HNSW graph (filtered by the scope fields' payload indexes) and an immutable sparse index, and
        segments with many deleted points are vacuumed. Holds the store (reads and writes wait) meanwhile."""
        with self._lock, store_errors("Qdrant Edge optimize"):
            before = self._shard.info()
            t0 = time.perf_counter()
            changed = bool(self._shard.optimize())
            seconds = time.perf_counter() - t0
            after = self._shard.info()
        # Edge counts a point's sparse vector as indexed from the start: a dense index adds up to one per point.
        note = ("" if after.indexed_vectors_count > after.points_count or not after.points_count else
                "dense vectors below the indexing threshold: searched by exact scan, fast at this size")
        return OptimizeResult("qdrant_edge", int(after.points_count), int(before.indexed_vectors_count),
                              int(after.indexed_vectors_count), changed, seconds, note)

    # -- lifecycle --------------------------------------------------------
    def reset(self) -> None:
        with self._lock:
            self._forget()
            self._shard.close()
            shutil.rmtree(self.path, ignore_errors=True)
            self._shard = self._open()

    def flush(self) -> None:
        with self._lock:
            self._shard.flush()

    def close(self) -> None:
        with self._lock:
            self._forget()
            if self._shard is not None:
                self._shard.flush()
                self._shard.close()
                self._shard = None  # type: ignore[assignment]
