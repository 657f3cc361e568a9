"""Vector store on a Qdrant server or cluster, through ``qdrant-client``.

The same collection layout as the embedded Qdrant Edge store: a named dense
vector ``dense`` (cosine) and a sparse vector ``bm25`` with the IDF modifier,
whose values are computed client-side with Qdrant Edge's ``Bm25`` so both
backends index and query text identically. ``path=`` or ``location=":memory:"``
selects qdrant-client's local mode (a Python emulation, used by the tests).
"""

from __future__ import annotations

import threading
import warnings
from typing import Any

import numpy as np
import qdrant_edge as qe
from pydantic import TypeAdapter
from pydantic import ValidationError as PydanticValidationError
from qdrant_client import QdrantClient, models
from qdrant_client.http.exceptions import ResponseHandlingException, UnexpectedResponse

from mem_graph.errors import ConfigError, StoreError
from mem_graph.stores.boundary import store_errors
from mem_graph.stores.vector.base import OptimizeResult, Scored, VectorFilter
from mem_graph.stores.vector.qdrant_common import DENSE, SPARSE, FilterDialect, build_filter, payload_indexes, record_of
from mem_graph.types import MemoryRecord

CLIENT_FILTERS = FilterDialect(
    all_of=lambda must: models.Filter(must=must),
    equals=lambda key, value: models.FieldCondition(key=key, match=models.MatchValue(value=value)),
    any_of=lambda key, values: models.FieldCondition(key=key, match=models.MatchAny(any=values)),
    greater_than=lambda key, value: models.FieldCondition(key=key, range=models.Range(gt=value)),
    at_most=lambda key, value: models.FieldCondition(key=key, range=models.Range(lte=value)),
    none_of=lambda conditions: models.Filter(must_not=conditions),
    has_id=lambda ids: models.HasIdCondition(has_id=ids),
)
_SCHEMA = {"keyword": models.PayloadSchemaType.KEYWORD, "float": models.PayloadSchemaType.FLOAT}
_QUANTIZATION_SHORTHANDS: dict[str, dict[str, Any]] = {
    "scalar": {"scalar": {"type": "int8", "always_ram": True}},
    "binary": {"binary": {"always_ram": True}},
}
_BATCH = 256


def to_client_filter(flt: VectorFilter) -> models.Filter:
    built: models.Filter = build_filter(flt, CLIENT_FILTERS)
    return built


def _quantization(value: str | dict[str, Any] | None) -> models.QuantizationConfig | None:
    """``"scalar"`` / ``"binary"`` or a Qdrant quantization dict, e.g. ``{"scalar": {"type": "int8"}}``."""
    if value is None:
        return None
    raw = _QUANTIZATION_SHORTHANDS.get(value) if isinstance(value, str) else value
    try:
        return TypeAdapter(models.QuantizationConfig).validate_python(raw)
    except PydanticValidationError as exc:
        raise ConfigError(f"invalid Qdrant quantization config {value!r}: {exc}") from exc


class QdrantServerVectorStore:
    """One collection on a Qdrant server (or in qdrant-client's local mode)."""

    def __init__(self, dim: int, url: str | None = None, api_key: str | None = None,
                 collection_name: str = "mem_graph", path: str | None = None, location: str | None = None,
                 host: str | None = None, port: int | None = None, prefer_grpc: bool = False,
                 timeout: int | None = None, on_disk: bool = False, on_disk_payload: bool = True,
                 quantization: str | dict[str, Any] | None = None, hnsw_config: dict[str, Any] | None = None,
                 shard_number: int | None = None, replication_factor: int | None = None,
                 embedding_model_dims: int | None = None, client_options: dict[str, Any] | None = None,
                 **unknown: Any):
        if unknown:
            raise ConfigError(f"unknown vector_store.config key(s) for qdrant: {', '.join(sorted(unknown))}")
        if embedding_model_dims is not None and int(embedding_model_dims) != dim:
            raise ConfigError(f"vector_store embedding_model_dims={embedding_model_dims} but the embedder gives {dim}")
        self.dim = dim
        self.collection = collection_name
        self._create: dict[str, Any] = {
            "vectors_config": {DENSE: models.VectorParams(size=dim, distance=models.Distance.COSINE, on_disk=on_disk)},
            "sparse_vectors_config": {SPARSE: models.SparseVectorParams(
                modifier=models.Modifier.IDF, index=models.SparseIndexParams(on_disk=on_disk))},
            "on_disk_payload": on_disk_payload,
            "quantization_config": _quantization(quantization),
            "hnsw_config": models.HnswConfigDiff(**hnsw_config) if hnsw_config else None,
            "shard_number": shard_number,
            "replication_factor": replication_factor,
        }
        self.local = path is not None or location is not None
        opts: dict[str, Any] = {k: v for k, v in {"url": url, "api_key": api_key, "path": str(path) if path else None,
                                                   "location": location, "host": host, "port": port,
                                                   "timeout": timeout}.items() if v is not None}
        if prefer_grpc:
            opts["prefer_grpc"] = True
        self._bm25 = qe.Bm25()
        self._lock = threading.RLock()
        try:
            self._client: QdrantClient | None = QdrantClient(**opts, **(client_options or {}))
            self._ensure_collection()
        except (ResponseHandlingException, UnexpectedResponse, RuntimeError, OSError) as exc:
            where = url or host or path or location or "localhost:6333"
            raise StoreError(f"cannot reach Qdrant at {where}: {exc}") from exc

    @property
    def client(self) -> QdrantClient:
        if self._client is None:
            raise StoreError("Qdrant vector store is closed")
        return self._client

    def _ensure_collection(self) -> None:
        """Create the collection and its payload indexes unless they exist (idempotent)."""
        if not self.client.collection_exists(self.collection):
            self.client.create_collection(self.collection, **{k: v for k, v in self._create.items() if v is not None})
        info = self.client.get_collection(self.collection)
        vectors = info.config.params.vectors
        size = vectors[DENSE].size if isinstance(vectors, dict) and DENSE in vectors else None
        if size != self.dim:
            raise ConfigError(f"Qdrant collection {self.collection!r} has no {DENSE!r} vector of size {self.dim} "
                              f"(found {size}); use another collection_name or reset it")
        existing = set(info.payload_schema or {})
        with warnings.catch_warnings():
            if self.local:  # local mode accepts and ignores payload indexes, with a warning each
                warnings.simplefilter("ignore", UserWarning)
            for key, kind in payload_indexes():
                if key not in existing:
                    self.client.create_payload_index(self.collection, key, field_schema=_SCHEMA[kind], wait=True)

    # -- writes -----------------------------------------------------------
    def _sparse(self, vec: qe.SparseVector) -> models.SparseVector:
        return models.SparseVector(indices=list(vec.indices), values=list(vec.values))

    def upsert(self, records: list[MemoryRecord], dense: np.ndarray, sparse_texts: list[str]) -> None:
        points = [
            models.PointStruct(id=r.id, payload=r.to_payload(),
                               vector={DENSE: vec.tolist(), SPARSE: self._sparse(self._bm25.embed_document(text))})
            for r, vec, text in zip(records, dense, sparse_texts, strict=True)
        ]
        with self._lock:
            for i in range(0, len(points), _BATCH):
                self.client.upsert(self.collection, points[i:i + _BATCH], wait=True)

    def set_fields(self, ids: list[str], fields: dict[str, Any]) -> None:
        if ids:
            with self._lock:
                self.client.set_payload(self.collection, payload=fields, points=list(ids), wait=True)

    def delete(self, ids: list[str]) -> None:
        if ids:
            with self._lock:
                self.client.delete(self.collection, models.PointIdsList(points=list(ids)), wait=True)

    # -- reads ------------------------------------------------------------
    def get(self, ids: list[str]) -> list[MemoryRecord]:
        if not ids:
            return []
        with self._lock, store_errors("Qdrant retrieve"):
            points = self.client.retrieve(self.collection, list(ids), with_payload=True, with_vectors=False)
            return [record_of(p) for p in points if p.payload]

    def dense_vectors(self, ids: list[str]) -> dict[str, np.ndarray]:
        if not ids:
            return {}
        with self._lock, store_errors("Qdrant retrieve"):
            points = self.client.retrieve(self.collection, list(ids), with_payload=False, with_vectors=[DENSE])
        return {str(p.id): np.asarray(p.vector[DENSE], dtype=np.float32) for p in points
                if isinstance(p.vector, dict) and DENSE in p.vector}

    def get_shared(self, ids: list[str]) -> list[MemoryRecord]:
        """``get``: other processes may write to a server, so nothing is kept between calls."""
        return self.get(ids)

    def _points(self, query: Any, using: str, flt: VectorFilter, limit: int, payload: bool) -> list[Any]:
        with self._lock, store_errors("Qdrant query"):
            return self.client.query_points(self.collection, query=query, using=using, limit=limit,
                                            query_filter=to_client_filter(flt), with_payload=payload).points

    def _query(self, query: Any, using: str, flt: VectorFilter, limit: int) -> list[Scored]:
        points = self._points(query, using, flt, limit, True)
        with store_errors("Qdrant query"):
            return [Scored(record_of(p), float(p.score)) for p in points]

    def search_dense(self, vector: np.ndarray, flt: VectorFilter, limit: int) -> list[Scored]:
        return self._query(vector.tolist(), DENSE, flt, limit)

    def search_sparse(self, text: str, flt: VectorFilter, limit: int) -> list[Scored]:
        sparse = self._bm25.embed_query(text)
        if not sparse.indices:
            return []
        return self._query(self._sparse(sparse), SPARSE, flt, limit)

    def dense_scores(self, vector: np.ndarray, flt: VectorFilter, limit: int) -> list[tuple[str, float]]:
        return [(str(p.id), float(p.score)) for p in self._points(vector.tolist(), DENSE, flt, limit, False)]

    def candidate_scores(self, vector: np.ndarray, text: str, flt: VectorFilter,
                         limit: int) -> tuple[list[tuple[str, float]], list[tuple[str, float]]]:
        """The dense and the BM25 query in one ``query_batch_points`` call."""
        sparse = self._bm25.embed_query(text)
        batch = [models.QueryRequest(query=vector.tolist(), using=DENSE, limit=limit, filter=to_client_filter(flt),
                                     with_payload=False)]
        if sparse.indices:
            batch.append(models.QueryRequest(query=self._sparse(sparse), using=SPARSE, limit=limit,
                                             filter=to_client_filter(flt), with_payload=False))
        with self._lock, store_errors("Qdrant query"):
            answers = self.client.query_batch_points(self.collection, requests=batch)
        scored = [[(str(p.id), float(p.score)) for p in answer.points] for answer in answers]
        return scored[0], scored[1] if len(scored) > 1 else []

    def dense_scores_many(self, vector: np.ndarray,
                          requests: list[tuple[VectorFilter, int]]) -> list[list[tuple[str, float]]]:
        """One ``query_batch_points`` call (one HTTP round trip) for every request."""
        if not requests:
            return []
        query = vector.tolist()
        batch = [models.QueryRequest(query=query, using=DENSE, limit=limit, filter=to_client_filter(flt),
                                     with_payload=False) for flt, limit in requests]
        with self._lock, store_errors("Qdrant query"):
            answers = self.client.query_batch_points(self.collection, requests=batch)
        return [[(str(p.id), float(p.score)) for p in answer.points] for answer in answers]

    def sparse_scores(self, text: str, flt: VectorFilter, limit: int) -> list[tuple[str, float]]:
        sparse = self._bm25.embed_query(text)
        if not sparse.indices:
            return []
        return [(str(p.id), float(p.score)) for p in self._points(self._sparse(sparse), SPARSE, flt, limit, False)]

    def scroll(self, flt: VectorFilter, limit: int, offset: str | None = None) -> tuple[list[MemoryRecord], str | None]:
        with self._lock, store_errors("Qdrant scroll"):
            points, nxt = self.client.scroll(self.collection, scroll_filter=to_client_filter(flt), limit=limit,
                                             offset=offset, with_payload=True, with_vectors=False)
            return [record_of(p) for p in points], (str(nxt) if nxt is not None else None)

    def scroll_ids(self, flt: VectorFilter, limit: int, offset: str | None = None) -> tuple[list[str], str | None]:
        """Like ``scroll`` without reading payloads (so an undecodable one cannot fail it)."""
        with self._lock, store_errors("Qdrant scroll"):
            points, nxt = self.client.scroll(self.collection, scroll_filter=to_client_filter(flt), limit=limit,
                                             offset=offset, with_payload=False, with_vectors=False)
            return [str(p.id) for p in points], (str(nxt) if nxt is not None else None)

    def count(self, flt: VectorFilter) -> int:
        with self._lock:
            return int(self.client.count(self.collection, count_filter=to_client_filter(flt), exact=True).count)

    def all_ids(self) -> list[str]:
        out: list[str] = []
        offset: Any = None
        while True:
            with self._lock:
                points, offset = self.client.scroll(self.collection, limit=1024, offset=offset, with_payload=False,
                                                    with_vectors=False)
            out.extend(str(p.id) for p in points)
            if offset is None:
                return out

    # -- lifecycle --------------------------------------------------------
    def compact(self) -> None:
        """Nothing to do client-side: a Qdrant server's optimizer vacuums segments with deleted points
        (``optimizers_config.deleted_threshold``); qdrant-client's local mode is a test emulation."""

    def optimize(self) -> OptimizeResult:
        """Nothing to start client-side: a Qdrant server builds indexes in the background as points arrive
        (``optimizers_config.indexing_threshold``). Reports the collection's points, indexed vectors and status."""
        with self._lock, store_errors("Qdrant collection info"):
            info = self.client.get_collection(self.collection)
        points = int(info.points_count or 0)
        indexed = None if self.local else int(info.indexed_vectors_count or 0)
        note = ("qdrant-client local mode keeps no index (every search scans)" if self.local else
                f"the server indexes in the background; collection status {info.status.value}, "
                f"optimizer {info.optimizer_status}")
        return OptimizeResult("qdrant", points, indexed, indexed, False, 0.0, note)

    def reset(self) -> None:
        """Drop and recreate the collection (every scope)."""
        with self._lock:
            self.client.delete_collection(self.collection)
            self._ensure_collection()

    def flush(self) -> None:
        """Writes are acknowledged with ``wait=True``; nothing is buffered client-side."""

    def close(self) -> None:
        with self._lock:
            if self._client is not None:
                self._client.close()
                self._client = None
