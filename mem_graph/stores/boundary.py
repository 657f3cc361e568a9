"""The store boundary: whatever a store library raises leaves it as a ``StoreError``.

Qdrant Edge is Rust behind pyo3: a failure arrives as a bare ``Exception`` and
a Rust panic as ``pyo3_runtime.PanicException``, which derives from
``BaseException`` so ``except Exception`` misses it (and the hub would answer
outside its error shape). ``store_errors`` turns both into ``StoreError``.

``get_readable`` is for store-wide scans (check, repair, export, retention,
re-embedding): a point whose stored payload cannot be decoded must not stop
the scan, so a failing batch is split until the unreadable ids are isolated;
the caller reports them and goes on.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from mem_graph.errors import MemGraphError, StoreError

if TYPE_CHECKING:
    from mem_graph.stores.vector.base import VectorStore
    from mem_graph.types import MemoryRecord


def is_panic(exc: BaseException) -> bool:
    """A pyo3 ``PanicException`` (its class lives in a module pyo3 creates at run time, so match by name)."""
    return type(exc).__name__ == "PanicException"


@contextmanager
def store_errors(what: str) -> Iterator[None]:
    """Re-raise anything but a MemGraphError (or Ctrl-C / exit) from the block as a StoreError."""
    try:
        yield
    except MemGraphError:
        raise
    except Exception as exc:
        raise StoreError(f"{what} failed: {type(exc).__name__}: {str(exc)[:500]}") from exc
    except BaseException as exc:
        if is_panic(exc):
            raise StoreError(f"{what} failed: the store panicked: {str(exc)[:500]}") from None
        raise


def get_readable(store: VectorStore, ids: list[str]) -> tuple[list[MemoryRecord], list[str]]:
    """The records of ``ids`` that can be read, and the ids whose stored point cannot be decoded.

    When not one of several ids can be read the store itself is failing: that error is raised instead.
    """
    try:
        return (store.get(ids) if ids else []), []
    except StoreError:
        records, bad = _split(store, ids)
        if not records and len(ids) > 1:
            raise
        return records, bad


def unreadable_ids(store: VectorStore, ids: list[str]) -> list[str]:
    """The ids among ``ids`` whose stored point cannot be decoded (every one of them, if so)."""
    try:
        store.get(ids)
        return []
    except StoreError:
        return _split(store, ids)[1]


def _split(store: VectorStore, ids: list[str]) -> tuple[list[MemoryRecord], list[str]]:
    """``ids`` failed as one batch: read each half, splitting again the halves that fail."""
    if len(ids) == 1:
        return [], list(ids)
    records: list[MemoryRecord] = []
    bad: list[str] = []
    half = len(ids) // 2
    for part in (ids[:half], ids[half:]):
        try:
            records.extend(store.get(part))
        except StoreError:
            more, more_bad = _split(store, part)
            records.extend(more)
            bad.extend(more_bad)
    return records, bad
