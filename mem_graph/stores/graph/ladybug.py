"""Embedded graph store: LadybugDB (the maintained successor of Kùzu), in-process Cypher.

Durability: LadybugDB appends every committed write to ``graph.lbug.wal`` and folds the WAL into
the main file only at a checkpoint (by default once the WAL passes 16 MB). A WAL whose tail is
torn by a kill fails its checksum on every later open, taking every write since the last
checkpoint with it; so the store checkpoints after ``checkpoint_writes`` writes, ``checkpoint_s``
seconds after the first unsaved write (a timer, so an idle store does not keep its last writes
in the WAL only), and on close. A graph that still cannot be opened raises
``GraphUnavailableError``; ``mem-graph repair`` moves it aside and rebuilds it from the vector store.
"""

from __future__ import annotations

import logging
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import ladybug

from mem_graph.errors import DirectoryInUseError, GraphUnavailableError, ReadOnlyQueryError, StoreError
from mem_graph.stores.graph import ladybug_compact
from mem_graph.stores.graph.cypher_store import CypherGraphStore
from mem_graph.stores.graph.ladybug_compact import graph_files

log = logging.getLogger(__name__)
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
    def __init__(self, path: str | Path, buffer_pool_mb: int = 256, *, checkpoint_writes: int = 64,
                 checkpoint_s: float = 5.0):
        self.path = Path(path)
        self._buffer_pool = buffer_pool_mb * 1024 * 1024
        self._lock = threading.RLock()
        self.checkpoint_writes = checkpoint_writes  # 0 disables the write-count trigger
        self.checkpoint_s = checkpoint_s  # 0 disables the timer
        self._unsaved = 0  # writes since the last checkpoint
        self._timer: threading.Timer | None = None
        self._open()

    def _open(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        ladybug_compact.finish_compaction(self.path)
        wal = Path(f"{self.path}.wal")
        if wal.exists() and wal.stat().st_size > 0:  # the last session did not close: replay it out of process
            self._probe()
        try:
            self._db = ladybug.Database(str(self.path), buffer_pool_size=self._buffer_pool)
            self._conn = ladybug.Connection(self._db)
            for stmt in SCHEMA:
                self._conn.execute(stmt)
        except Exception as exc:
            if isinstance(exc, RuntimeError) and "lock" in str(exc).lower():
                raise DirectoryInUseError(f"graph store {self.path} is in use by another process") from exc
            self._conn = None  # type: ignore[assignment]
            raise GraphUnavailableError(self._unavailable(f"{type(exc).__name__}: {exc}"),
                                        path=str(self.path)) from exc

    def _probe(self) -> None:
        """Replay the WAL in a child process first: a damaged WAL can crash the engine outright (a bit flip
        has segfaulted it), which in-process would kill the caller instead of raising. The child's clean
        close checkpoints, so the open that follows has nothing to replay."""
        code = ("import sys, ladybug; db = ladybug.Database(sys.argv[1], buffer_pool_size=int(sys.argv[2])); "
                "c = ladybug.Connection(db); c.execute('MATCH (n) RETURN count(n)'); c.close(); db.close()")
        try:
            proc = subprocess.run([sys.executable, "-c", code, str(self.path), str(self._buffer_pool)],
                                  capture_output=True, text=True, timeout=600)
        except subprocess.TimeoutExpired:
            raise GraphUnavailableError(self._unavailable("replaying its write-ahead log took over 600 s"),
                                        path=str(self.path)) from None
        if proc.returncode == 0:
            return
        lines = proc.stderr.strip().splitlines()
        if lines and "lock" in lines[-1].lower():
            raise DirectoryInUseError(f"graph store {self.path} is in use by another process")
        why = (f"replaying its write-ahead log crashed the engine (signal {-proc.returncode})"
               if proc.returncode < 0 else (lines[-1] if lines else f"exit status {proc.returncode}"))
        raise GraphUnavailableError(self._unavailable(why), path=str(self.path))

    def _unavailable(self, why: str) -> str:
        return (f"the graph at {self.path} cannot be opened ({why[:300]}); run `mem-graph repair` to move it "
                "aside and rebuild it from the vector store")

    def _run(self, query: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        with self._lock:
            if self._conn is None:
                raise StoreError(f"graph store {self.path} is closed")
            try:
                result = self._conn.execute(query, params or {})
            except Exception as exc:
                raise StoreError(f"graph query failed: {type(exc).__name__}: {exc}") from exc
            results = result if isinstance(result, list) else [result]
            last = results[-1]
            cols = last.get_column_names()
            return [dict(zip(cols, row, strict=True)) for row in last.get_all()]

    # -- checkpoints ----------------------------------------------------------------------------------
    def checkpoint(self) -> None:
        """Fold the WAL into the main file now."""
        with self._lock:
            self._cancel_timer()
            if self._conn is not None:
                self._run("CHECKPOINT;")
            self._unsaved = 0

    def _wrote(self) -> None:
        with self._lock:
            self._unsaved += 1
            if self.checkpoint_writes and self._unsaved >= self.checkpoint_writes:
                self.checkpoint()
            elif self.checkpoint_s and self._timer is None:
                self._timer = threading.Timer(self.checkpoint_s, self._on_timer)
                self._timer.daemon = True
                self._timer.start()

    def _on_timer(self) -> None:
        with self._lock:
            self._timer = None
            if self._unsaved and self._conn is not None:
                try:
                    self.checkpoint()
                except StoreError:  # the next write or close tries again
                    log.exception("graph checkpoint failed")

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    # -- writes: one transaction each (a WAL cut between statements cannot leave half a write); each may
    # trigger a checkpoint ---------------------------------------------------------------------------------
    @contextmanager
    def _writing(self) -> Iterator[None]:
        with self._lock:
            self._run("BEGIN TRANSACTION;")
            try:
                yield
            except BaseException:
                self._rollback()
                raise
            self._run("COMMIT;")
            self._wrote()

    def _rollback(self) -> None:
        with suppress(StoreError):  # a failed statement may have ended the transaction already
            self._run("ROLLBACK;")

    def _run_read(self, query: str, params: dict[str, Any]) -> list[dict[str, Any]]:
        """The query in a READ ONLY transaction: the engine refuses any write in it."""
        with self._lock:
            self._run("BEGIN TRANSACTION READ ONLY;")
            try:
                rows = self._run(query, params)
            except StoreError as exc:
                self._rollback()
                if "read-only transaction" in str(exc):
                    raise ReadOnlyQueryError(f"this query must not write: {exc}") from exc
                raise
            except BaseException:
                self._rollback()
                raise
            self._run("COMMIT;")
            return rows

    def cypher_write(self, query: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        with self._lock:
            rows = super().cypher_write(query, params)
            self._wrote()
            return rows

    # -- lifecycle ------------------------------------------------------------------------------------
    def compact(self) -> None:
        """Rewrite the graph with only its live rows, so erased text leaves the disk (ladybug_compact.py)."""
        with self._lock:
            tables = self.table_rows()
            new, _ = ladybug_compact.swap_paths(self.path)
            try:
                ladybug_compact.write_new(new, SCHEMA, tables, self._buffer_pool)
            except RuntimeError as exc:
                raise StoreError(f"graph compaction failed: {exc}") from exc
            self.close()
            ladybug_compact.replace_files(self.path)
            self._open()

    def reset(self) -> None:
        with self._lock:
            self.close()
            for p in graph_files(self.path):
                if p.is_dir():
                    shutil.rmtree(p, ignore_errors=True)
                elif p.exists():
                    p.unlink()
            self._open()

    def close(self) -> None:
        with self._lock:
            self._cancel_timer()
            if getattr(self, "_conn", None) is not None:
                try:
                    if self._unsaved:
                        self.checkpoint()
                except StoreError:
                    log.exception("checkpoint on close failed")
                self._conn.close()
                self._db.close()
                self._conn = None  # type: ignore[assignment]


def quarantine(path: Path) -> list[tuple[str, str]]:
    """Move a damaged graph's files aside (``graph.lbug.damaged-<UTC time>`` and its ``.wal``), so a fresh
    graph can be created in its place; returns (from, to) for each file moved. The pair can still be
    opened by LadybugDB for forensics (``throw_on_wal_replay_failure=False`` replays up to the damage)."""
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    target = Path(f"{path}.damaged-{stamp}")
    n = 1
    while any(p.exists() for p in graph_files(target)):
        n += 1
        target = Path(f"{path}.damaged-{stamp}-{n}")
    moved = []
    for src, dst in zip(graph_files(path), graph_files(target), strict=True):
        if src.exists():
            src.rename(dst)
            moved.append((str(src), str(dst)))
    return moved
