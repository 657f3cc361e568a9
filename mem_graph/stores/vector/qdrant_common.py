"""What the two Qdrant backends (Edge, embedded; qdrant-client, server) share.

Both stores use the same named vectors, the same BM25 sparse encoding (Qdrant
Edge's ``Bm25``, so a point is indexed identically by either backend), the
same payload indexes and the same filter translation. Only the constructors of
the filter objects differ between the two client libraries; a ``FilterDialect``
names them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from mem_graph.stores.vector.base import INDEXED_FLOATS, INDEXED_KEYWORDS, VectorFilter
from mem_graph.types import MemoryRecord

DENSE = "dense"
SPARSE = "bm25"


@dataclass(frozen=True)
class FilterDialect:
    """Constructors of one Qdrant client library's filter objects."""

    all_of: Callable[[list[Any]], Any]
    equals: Callable[[str, str | int], Any]
    any_of: Callable[[str, list[Any]], Any]
    greater_than: Callable[[str, float], Any]
    at_most: Callable[[str, float], Any]
    none_of: Callable[[list[Any]], Any]
    has_id: Callable[[list[str]], Any]


def build_filter(flt: VectorFilter, d: FilterDialect) -> Any:
    """Translate a backend-neutral ``VectorFilter`` (every condition must hold)."""
    return d.all_of([*base_conditions(flt, d), *extra_conditions(flt, d)])


def base_key(flt: VectorFilter) -> tuple[Any, ...]:
    """What ``base_conditions`` depends on: equal keys, equal conditions."""
    return (flt.scope, flt.exact_scope, flt.statuses, flt.alive_at, flt.expired_at, flt.valid_at,
            tuple(flt.equals.items()))


def base_conditions(flt: VectorFilter, d: FilterDialect) -> list[Any]:
    """The scope, status, time and equality conditions: what the filters of one search share (the ones its
    pipeline derives add ``any_of`` or ``ids`` to the caller's)."""
    scope = flt.scope.stored_fields() if flt.exact_scope else flt.scope.fields()
    must: list[Any] = [d.equals(k, v) for k, v in scope.items()]
    if flt.statuses is not None:
        must.append(d.any_of("status", list(flt.statuses)))
    if flt.alive_at is not None:
        must.append(d.greater_than("expires_at", flt.alive_at))
    if flt.expired_at is not None:
        must.append(d.at_most("expires_at", flt.expired_at))
    if flt.valid_at is not None:  # a null invalid_at matches no range, so "not <= t" keeps it
        must.append(d.at_most("valid_from", flt.valid_at))
        must.append(d.none_of([d.at_most("invalid_at", flt.valid_at)]))
    must.extend(d.equals(k, v) for k, v in flt.equals.items())
    return must


def extra_conditions(flt: VectorFilter, d: FilterDialect) -> list[Any]:
    """The ``any_of`` and ``ids`` conditions, after the base ones."""
    must: list[Any] = [d.any_of(k, list(vs)) for k, vs in flt.any_of.items()]
    if flt.ids is not None:
        must.append(d.has_id(list(flt.ids)))
    return must


def payload_indexes() -> Iterator[tuple[str, str]]:
    """(field, "keyword" | "float") for every indexed payload field."""
    yield from ((k, "keyword") for k in INDEXED_KEYWORDS)
    yield from ((k, "float") for k in INDEXED_FLOATS)


def record_of(point: Any) -> MemoryRecord:
    """A point (Record / ScoredPoint of either client) as the MemoryRecord its payload holds."""
    return MemoryRecord.from_payload(str(point.id), point.payload)
