"""The vector store contract: memories as points with a dense and a sparse (BM25) vector."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from mem_graph.errors import StoreError
from mem_graph.types import MemoryRecord, Scope

INDEXED_KEYWORDS = (
    "user_id", "agent_id", "run_id", "namespace", "status", "hash", "slot",
    "subject_key", "object_key", "entities", "layer",
)
INDEXED_FLOATS = ("expires_at", "created_at")


@dataclass(frozen=True)
class VectorFilter:
    """Backend-neutral filter; each store translates it into its own dialect.

    ``statuses=None`` matches every status (invalidated included);
    ``alive_at`` hides memories whose ``expires_at`` is at or before it;
    ``expired_at`` keeps only memories whose ``expires_at`` is at or before it;
    ``valid_at`` keeps only memories believed at that time: ``valid_from <= t`` and ``invalid_at`` unset
    or after ``t`` (use with ``statuses=None``: what was true then may be invalidated now).
    ``exact_scope=False`` matches the way a read does (unset scope fields are wildcards);
    ``exact_scope=True`` matches only memories of exactly this scope (every field equal, unset == unset),
    which is what a write may reconcile against.
    """

    scope: Scope
    exact_scope: bool = False
    statuses: tuple[str, ...] | None = ("active",)
    alive_at: float | None = None
    expired_at: float | None = None
    valid_at: float | None = None
    equals: dict[str, str | int] = field(default_factory=dict)
    any_of: dict[str, tuple[str, ...]] = field(default_factory=dict)
    ids: tuple[str, ...] | None = None


@dataclass
class Scored:
    record: MemoryRecord
    score: float


@dataclass(frozen=True)
class OptimizeResult:
    """What ``VectorStore.optimize`` did: ``points`` stored; vectors in an index before and after, as the backend
    counts them (Qdrant counts a point's dense and sparse vector apart: up to two per point; ``None`` where the
    backend does not say); whether any segment was rebuilt; the seconds it took; a note."""

    backend: str
    points: int
    indexed_before: int | None
    indexed_after: int | None
    changed: bool
    seconds: float
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"backend": self.backend, "points": self.points, "indexed_before": self.indexed_before,
                "indexed_after": self.indexed_after, "changed": self.changed, "seconds": round(self.seconds, 2),
                "note": self.note}


class VectorStore(Protocol):
    """Every implementation must pass tests/contract/test_vector_store.py."""

    def upsert(self, records: list[MemoryRecord], dense: np.ndarray, sparse_texts: list[str]) -> None: ...

    def set_fields(self, ids: list[str], fields: dict[str, Any]) -> None: ...

    def delete(self, ids: list[str]) -> None: ...

    def get(self, ids: list[str]) -> list[MemoryRecord]: ...

    def search_dense(self, vector: np.ndarray, flt: VectorFilter, limit: int) -> list[Scored]: ...

    def search_sparse(self, text: str, flt: VectorFilter, limit: int) -> list[Scored]: ...

    def dense_scores(self, vector: np.ndarray, flt: VectorFilter, limit: int) -> list[tuple[str, float]]:
        """``search_dense`` as (id, score) pairs, payloads unread (the search pipeline reads them once per
        candidate, with ``get``)."""
        ...

    def sparse_scores(self, text: str, flt: VectorFilter, limit: int) -> list[tuple[str, float]]:
        """``search_sparse`` as (id, score) pairs, payloads unread."""
        ...

    def candidate_scores(self, vector: np.ndarray, text: str, flt: VectorFilter,
                         limit: int) -> tuple[list[tuple[str, float]], list[tuple[str, float]]]:
        """``dense_scores(vector, ...)`` and ``sparse_scores(text, ...)`` in one engine round trip where the
        backend batches queries."""
        ...

    def dense_scores_many(self, vector: np.ndarray,
                          requests: list[tuple[VectorFilter, int]]) -> list[list[tuple[str, float]]]:
        """``dense_scores`` of one vector under several (filter, limit) pairs, in one engine round trip where
        the backend batches queries; one list per request, in order."""
        ...

    def dense_vectors(self, ids: list[str]) -> dict[str, np.ndarray]:
        """The stored dense vectors of ``ids`` (those that exist), payloads unread: how alike two memories
        are, for ranking (retrieve/newer.py)."""
        ...

    def get_shared(self, ids: list[str]) -> list[MemoryRecord]:
        """``get`` for readers that never change what they read (search): the records may be shared between
        calls (a store may keep them decoded until a write touches them), so they must not be mutated."""
        ...

    def scroll(self, flt: VectorFilter, limit: int,
               offset: str | None = None) -> tuple[list[MemoryRecord], str | None]: ...

    def scroll_ids(self, flt: VectorFilter, limit: int, offset: str | None = None) -> tuple[list[str], str | None]: ...

    def count(self, flt: VectorFilter) -> int: ...

    def all_ids(self) -> list[str]: ...

    def compact(self) -> None:
        """Make deleted points' payloads unreadable on disk (Qdrant Edge rewrites its shard; a server vacuums)."""
        ...

    def optimize(self) -> OptimizeResult:
        """Build the vector (HNSW) and sparse indexes of the points written since the last one, so a search stops
        scanning every vector. Blocking, and long on a large store (minutes at 100k on two cores): run it from
        maintenance (``mem-graph optimize``), never per write."""
        ...

    def reset(self) -> None: ...

    def flush(self) -> None: ...

    def close(self) -> None: ...


def scroll_all(store: VectorStore, flt: VectorFilter, page: int = 512,
               skipped: list[str] | None = None) -> list[MemoryRecord]:
    """Every record matching ``flt`` (paged under the hood).

    With a ``skipped`` list, a page that cannot be read is read again point by point: the ids of points
    whose payload cannot be decoded go to ``skipped`` and the scan goes on. Without one, it raises StoreError.
    """
    from mem_graph.stores.boundary import get_readable

    out: list[MemoryRecord] = []
    offset: str | None = None
    while True:
        try:
            batch, nxt = store.scroll(flt, page, offset)
        except StoreError:
            if skipped is None or not hasattr(store, "scroll_ids"):
                raise
            ids, nxt = store.scroll_ids(flt, page, offset)
            batch, bad = get_readable(store, ids)
            skipped.extend(bad)
        out.extend(batch)
        offset = nxt
        if offset is None:
            return out


def scroll_all_ids(store: VectorStore, flt: VectorFilter, page: int = 1024) -> list[str]:
    """The ids of every point matching ``flt``, payloads unread where the store allows it."""
    if not hasattr(store, "scroll_ids"):
        return [r.id for r in scroll_all(store, flt, page)]
    out: list[str] = []
    offset: str | None = None
    while True:
        ids, offset = store.scroll_ids(flt, page, offset)
        out.extend(ids)
        if offset is None:
            return out
