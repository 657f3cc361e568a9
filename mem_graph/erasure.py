"""Erasure that erases: deleted text must not stay readable in the data directory's files.

Every store keeps deleted data on disk until it rewrites the file that held it: Qdrant Edge leaves a
deleted point's payload in its segment and WAL, LadybugDB a deleted node's strings in its database file,
SQLite a deleted row in its WAL and free pages. Each store's ``compact()`` removes them (an Edge shard or
a LadybugDB graph is rewritten with its live data; SQLite runs with ``secure_delete`` and truncates its
WAL). A rewrite costs time in proportion to the store (docs/benchmarks.md), so:

* ``delete_all`` and ``reset`` compact at once, before they return;
* single deletes (``delete``, retention, repair) are batched: the stores are compacted after every
  ``batch`` erased memories, when the Memory closes, and - should the process die first - on the next
  open. A marker file (``.erase_pending``) written *before* the delete makes that last case survive a
  crash, so an erased memory's text is gone from disk at the latest by then.

``secure_tree`` makes the data directory private (0700, files 0600), on open and close: the stores' files
are created with the process umask (typically world-readable 0644 in 0755).
"""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path
from typing import Any

from mem_graph.errors import StoreError

log = logging.getLogger(__name__)
MARKER = ".erase_pending"
DEFAULT_BATCH = 32


# What mem_graph creates in a data directory (prefixes: "-wal", ".wal", ".compact" … follow the name).
_OWN = ("vectors", "graph.lbug", "history.sqlite", "hub.sqlite", ".lock", MARKER)


def secure_tree(root: Path) -> None:
    """Make the data directory private: group and other lose every permission on it and on the stores'
    files and folders inside it (0755 -> 0700, 0644 -> 0600). Anything else a user keeps there is left alone."""
    if not root.is_dir():
        return
    _private(root)
    for child in root.iterdir():
        if not child.name.startswith(_OWN):
            continue
        _private(child)
        if child.is_dir() and not child.is_symlink():
            for dirpath, dirnames, filenames in os.walk(child):
                for name in (*dirnames, *filenames):
                    _private(Path(dirpath, name))


def _private(p: Path) -> None:
    try:
        st = p.lstat()
        if not stat.S_ISLNK(st.st_mode) and stat.S_IMODE(st.st_mode) & 0o077:
            p.chmod(stat.S_IMODE(st.st_mode) & ~0o077)
    except FileNotFoundError:  # a store removed it meanwhile
        pass


class Eraser:
    """Compacts every store after erasures: at once, or once ``batch`` single deletes have accumulated."""

    def __init__(self, data_dir: Path, rewritten: list[Any], history: Any, batch: int = DEFAULT_BATCH):
        self.data_dir = data_dir
        self.marker = data_dir / MARKER
        self.rewritten = rewritten  # stores whose compact() rewrites their files: vector store, graph store
        self.history = history  # SQLite: secure_delete zeroes rows as they go; compact() truncates its WAL
        self.batch = batch
        self.pending = 0

    def before(self) -> None:
        """Called before an erasing write touches a store: a crash from here on leaves the marker behind."""
        if not self.marker.exists():
            self.data_dir.mkdir(parents=True, exist_ok=True)
            self.marker.touch(mode=0o600)

    def after(self, erased: int, *, now: bool, reset: bool = False) -> None:
        """``erased`` memories are gone from the stores; compact now, or once the batch is full.
        After ``reset`` the vector and graph stores are new files: only the history needs compacting."""
        self.pending += erased
        if reset or (now and not self.pending):  # new files, or no memory erased: the history's rows only
            self.settle(rewrite=False)
        elif now or self.pending >= self.batch:
            self.settle()

    def compact(self, *, rewrite: bool = True) -> None:
        """Rewrite every store without its deleted data, then clear the marker."""
        for store in self.rewritten if rewrite else []:
            store.compact()
        self.history.compact()
        self.pending = 0
        self.marker.unlink(missing_ok=True)
        secure_tree(self.data_dir)

    def settle(self, *, rewrite: bool = True) -> None:
        """Compact if an erasure is outstanding (on open after a crash, and on close). Failures are logged:
        the marker stays, so the next open tries again."""
        if self.pending or self.marker.exists():
            try:
                self.compact(rewrite=rewrite)
            except StoreError:
                log.exception("compaction after erasure failed; it is retried on the next open")
