"""Build the stores a config names; server backends are imported only when chosen."""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from mem_graph.config import MemoryConfig
from mem_graph.errors import ConfigError, DirectoryInUseError, StoreUnavailableError
from mem_graph.provider_settings import LadybugSettings, QdrantEdgeSettings
from mem_graph.stores.graph.base import GraphStore
from mem_graph.stores.vector.base import VectorStore


def build_vector_store(cfg: MemoryConfig, dim: int) -> VectorStore:
    vs = cfg.vector_store.settings
    if isinstance(vs, QdrantEdgeSettings):
        from mem_graph.stores.vector.edge import EdgeVectorStore

        path = vs.path or cfg.path / "vectors"
        with _opening("vector store (Qdrant Edge shard)", path, "restore it from a backup (`mem-graph import`)"):
            return EdgeVectorStore(path, dim, on_disk_payload=vs.on_disk_payload)
    try:
        from mem_graph.stores.vector.qdrant import QdrantServerVectorStore
    except ImportError as exc:
        raise ConfigError(f"vector_store provider 'qdrant' needs `pip install mem-graph[qdrant]` ({exc})") from exc
    return QdrantServerVectorStore(dim=dim, **vs.model_dump())


def build_graph_store(cfg: MemoryConfig) -> GraphStore:
    gs = cfg.graph_store.settings
    if isinstance(gs, LadybugSettings):
        from mem_graph.stores.graph.ladybug import LadybugGraphStore
        from mem_graph.stores.graph.scope_cache import ScopeCachedGraphStore

        store = LadybugGraphStore(gs.path or cfg.path / "graph.lbug", buffer_pool_mb=gs.buffer_pool_mb,
                                  checkpoint_writes=gs.checkpoint_writes, checkpoint_s=gs.checkpoint_s)
        # One process owns the directory, so an in-process read cache stays coherent (scope_cache.py).
        if not gs.read_cache:
            return store
        return ScopeCachedGraphStore(store, max_scopes=gs.read_cache_scopes)
    try:
        from mem_graph.stores.graph.neo4j import Neo4jGraphStore
    except ImportError as exc:
        raise ConfigError(f"graph_store provider 'neo4j' needs `pip install mem-graph[neo4j]` ({exc})") from exc
    return Neo4jGraphStore(**gs.model_dump())


@contextmanager
def _opening(what: str, path: Path | str, advice: str) -> Iterator[None]:
    """An embedded store whose files cannot be opened raises StoreUnavailableError naming them,
    whatever its library raised (a Rust panic included)."""
    try:
        yield
    except (DirectoryInUseError, StoreUnavailableError):
        raise
    except BaseException as exc:
        if not isinstance(exc, Exception) and type(exc).__name__ != "PanicException":
            raise  # Ctrl-C, exit
        raise StoreUnavailableError(f"the {what} at {path} cannot be opened ({str(exc)[:300]}); {advice}",
                                    path=str(path)) from exc


def uses_embedded_store(cfg: MemoryConfig) -> bool:
    return cfg.vector_store.provider == "qdrant_edge" or cfg.graph_store.provider == "ladybug"


class DirectoryLock:
    """An exclusive advisory lock on the data directory, held while a Memory is open."""

    def __init__(self, path: Path):
        path.mkdir(parents=True, exist_ok=True)
        self.path = path / ".lock"
        self._fh: IO[str] | None = open(self.path, "a+")  # noqa: SIM115 - held for the lock's lifetime
        try:
            fcntl.flock(self._fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self._fh.seek(0)
            holder = self._fh.read().strip() or "another process"
            self._fh.close()
            self._fh = None
            raise DirectoryInUseError(
                f"data directory {path} is in use ({holder}); embedded stores allow one open Memory per "
                "directory - share it through `mem-graph serve`, or use another path") from None
        self._fh.seek(0)
        self._fh.truncate()
        self._fh.write(f"pid {os.getpid()}")
        self._fh.flush()

    def release(self) -> None:
        if self._fh is not None:
            fcntl.flock(self._fh, fcntl.LOCK_UN)
            self._fh.close()
            self._fh = None
