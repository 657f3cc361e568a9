"""Compaction of a LadybugDB graph: rewrite it with only its live rows, so erased text leaves the disk.

LadybugDB (like Kùzu) marks deleted nodes and leaves their strings in the database file; neither
``CHECKPOINT`` nor overwriting a property first removes them (measured: a deleted memory's text is still
in ``graph.lbug`` after both). So the graph's four tables are read out, bulk-loaded (``COPY``) into a new
database beside it (``<path>.compact``), and the new one takes the old one's place. A crash at any step
leaves either the old or the complete new graph (``finish_compaction``, run before every open).
"""

from __future__ import annotations

import csv
import shutil
import tempfile
from pathlib import Path
from typing import Any

import ladybug


def graph_files(path: Path) -> list[Path]:
    """The files one LadybugDB graph consists of (main file, WAL, checkpoint shadow)."""
    return [path, Path(f"{path}.wal"), Path(f"{path}.shadow")]


def _remove(path: Path) -> None:
    for p in graph_files(path):
        if p.is_dir():
            shutil.rmtree(p, ignore_errors=True)
        elif p.exists():
            p.unlink()


def swap_paths(path: Path) -> tuple[Path, Path]:
    return Path(f"{path}.compact"), Path(f"{path}.old")


def finish_compaction(path: Path) -> None:
    """Complete or undo an interrupted compaction (the new graph is complete once the old one was moved)."""
    new, old = swap_paths(path)
    if new.exists() and not path.exists():
        for src, dst in zip(graph_files(new), graph_files(path), strict=True):
            if src.exists():
                src.rename(dst)
    _remove(new)
    _remove(old)


def write_new(path: Path, schema: tuple[str, ...], tables: dict[str, list[list[Any]]], buffer_pool: int) -> None:
    """Create a complete, checkpointed graph at ``path`` holding ``tables``."""
    _remove(path)
    db = ladybug.Database(str(path), buffer_pool_size=buffer_pool)
    conn = ladybug.Connection(db)
    try:
        for stmt in schema:
            conn.execute(stmt)
        with tempfile.TemporaryDirectory(prefix=".compact-", dir=path.parent) as tmp:  # mode 0700
            for table, rows in tables.items():
                if rows:
                    file = Path(tmp) / f"{table}.csv"
                    with file.open("w", newline="", encoding="utf-8") as f:
                        csv.writer(f, quoting=csv.QUOTE_NONNUMERIC).writerows(rows)  # None becomes NULL
                    conn.execute(f"COPY {table} FROM '{file.as_posix()}' (header=false, parallel=false)")
        conn.execute("CHECKPOINT")
    finally:
        conn.close()
        db.close()


def replace_files(path: Path) -> None:
    """Put the complete new graph in place of the (closed) old one."""
    _, old = swap_paths(path)
    _remove(old)
    for src, dst in zip(graph_files(path), graph_files(old), strict=True):
        if src.exists():
            src.rename(dst)  # from here on the new graph is the store, even after a crash
    finish_compaction(path)
