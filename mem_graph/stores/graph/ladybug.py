"""Embedded graph store: LadybugDB (the maintained successor of Kùzu), in-process Cypher."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path
from typing import Any

import ladybug

from mem_graph.errors import DirectoryInUseError, StoreError
from mem_graph.stores.graph.cypher_store import CypherGraphStore

_SCOPE_COLS = "user_id STRING, agent_id STRING, run_id STRING, namespace STRING"
SCHEMA = (
    f"CREATE NODE TABLE IF NOT EXISTS Entity(id STRING, name STRING, display STRING, type STRING, {_SCOPE_COLS}, "
    "PRIMARY KEY(id))",
    f"CREATE NODE TABLE IF NOT EXISTS Memory(id STRING, text STRING, status STRING, created_at DOUBLE, {_SCOPE_COLS}, "
    "PRIMARY KEY(id))",
    "CREATE REL TABLE IF NOT EXISTS RELATES(FROM Entity TO Entity, type STRING, memory_id STRING, "
    f"valid_from DOUBLE, invalid_at DOUBLE, {_SCOPE_COLS})",
    "CREATE REL TABLE IF NOT EXISTS MENTIONS(FROM Memory TO Entity)",
)


class LadybugGraphStore(CypherGraphStore):
    def __init__(self, path: str | Path, buffer_pool_mb: int = 256):
        self.path = Path(path)
        self._buffer_pool = buffer_pool_mb * 1024 * 1024
        self._lock = threading.RLock()
        self._open()

    def _open(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = ladybug.Database(str(self.path), buffer_pool_size=self._buffer_pool)
            self._conn = ladybug.Connection(self._db)
        except RuntimeError as exc:
            if "lock" in str(exc).lower():
                raise DirectoryInUseError(f"graph store {self.path} is in use by another process") from exc
            raise StoreError(f"cannot open LadybugDB at {self.path}: {exc}") from exc
        for stmt in SCHEMA:
            self._conn.execute(stmt)

    def _run(self, query: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        with self._lock:
            try:
                result = self._conn.execute(query, params or {})
            except RuntimeError as exc:
                raise StoreError(f"graph query failed: {exc}") from exc
            results = result if isinstance(result, list) else [result]
            last = results[-1]
            cols = last.get_column_names()
            return [dict(zip(cols, row, strict=True)) for row in last.get_all()]

    def reset(self) -> None:
        with self._lock:
            self.close()
            for p in (self.path, Path(f"{self.path}.wal"), Path(f"{self.path}.shadow")):
                if p.is_dir():
                    shutil.rmtree(p, ignore_errors=True)
                elif p.exists():
                    p.unlink()
            self._open()

    def close(self) -> None:
        with self._lock:
            if getattr(self, "_conn", None) is not None:
                self._conn.close()
                self._db.close()
                self._conn = None  # type: ignore[assignment]
