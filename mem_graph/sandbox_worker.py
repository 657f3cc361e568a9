"""The exploration worker: a child process that runs read-only Cypher on read-only copies of scopes.

Started by ``mem_graph.cypher_sandbox.SandboxPool`` as ``python -P <this file>`` (standard library and
``ladybug`` only, so it starts in a fraction of a second and nothing of the parent is importable here).
It reads requests from stdin and answers on stdout, one pickled frame each (8-byte length, then the body).

Why a process: LadybugDB's own timeout is checked between operator batches, so a single expression such as
``range(1, 1000000000)`` runs to the end (measured: 43 s and 8.7 GB with a 2 s timeout), and its buffer pool
does not bound such allocations. Here every query runs under a soft ``RLIMIT_AS`` of the address space the
worker already holds plus ``memory_mb`` (an allocation past it fails with ``std::bad_alloc`` or
``MemoryError``), and the parent kills the process when it overruns the time limit.

Each scope copy is built once per write generation (the parent says which), written to a fresh directory
with a random name (on tmpfs when there is one: a copy then holds about its size in shared memory) and
reopened ``read_only=True``: the engine itself refuses every write, so a clause that slipped past the text
check cannot change what later queries read.
"""

from __future__ import annotations

import csv
import os
import pickle
import resource
import secrets
import shutil
import struct
import sys
from collections import OrderedDict
from pathlib import Path
from typing import Any, BinaryIO

import ladybug

_LEN = struct.Struct("<Q")
# Substrings of LadybugDB errors that mean "out of memory" (the RLIMIT_AS or the buffer pool).
_OOM = ("bad_alloc", "unable to allocate", "out of memory", "mmap")


def table_bytes(tables: dict[str, list[list[Any]]]) -> int:
    """A rough size of the copy's data."""
    return sum(len(str(v)) + 16 for rows in tables.values() for r in rows for v in r)


class _Copy:
    """One scope's read-only copy on disk."""

    def __init__(self, root: Path, schema: list[str], tables: dict[str, list[list[Any]]], pool_mb: int) -> None:
        self.dir = root / secrets.token_hex(16)  # unguessable: nothing can name another scope's copy
        self.dir.mkdir(mode=0o700)
        try:
            self._build(schema, tables, pool_mb)
        except BaseException:
            shutil.rmtree(self.dir, ignore_errors=True)
            raise

    def _build(self, schema: list[str], tables: dict[str, list[list[Any]]], pool_mb: int) -> None:
        path = str(self.dir / "scope.lbug")
        # LadybugDB reserves address space for max_db_size: keep it a power of two near what the copy needs
        db_size = max(64, 1 << (table_bytes(tables) * 4 // 2**20).bit_length()) * 2**20
        options: dict[str, Any] = {"buffer_pool_size": pool_mb * 2**20, "max_num_threads": 1, "max_db_size": db_size}
        db = ladybug.Database(path, **options)
        conn = ladybug.Connection(db)
        try:
            for stmt in schema:
                conn.execute(stmt)
            for table, data in tables.items():
                if data:
                    file = self.dir / f"{table}.csv"
                    with file.open("w", newline="", encoding="utf-8") as f:
                        csv.writer(f, quoting=csv.QUOTE_NONNUMERIC).writerows(data)  # None becomes NULL
                    conn.execute(f"COPY {table} FROM '{file.as_posix()}' (header=false, parallel=false)")
                    file.unlink()
            conn.execute("CHECKPOINT")
        finally:
            conn.close()
            db.close()
        self.db = ladybug.Database(path, read_only=True, **options)
        self.conn = ladybug.Connection(self.db)

    def close(self) -> None:
        self.conn.close()
        self.db.close()
        shutil.rmtree(self.dir, ignore_errors=True)


class _Roots:
    """Where copies are built: tmpfs while it has room (a copy on disk costs ~10 fsyncs, 0.1-0.3 s on a busy
    disk), else the temp directory. A container's /dev/shm is often 64 MB, hence the room check. The parent
    creates both directories and removes them after this process ends, however it ends."""

    def __init__(self, disk: str, shm: str | None) -> None:
        self.disk = Path(disk)
        self.shm = Path(shm) if shm else None

    def build(self, schema: list[str], tables: dict[str, list[list[Any]]], pool_mb: int) -> _Copy:
        if self.shm is not None and shutil.disk_usage(self.shm).free > 4 * table_bytes(tables) + 256 * 2**20:
            try:
                return _Copy(self.shm, schema, tables, pool_mb)
            except Exception:
                pass
        return _Copy(self.disk, schema, tables, pool_mb)

    def remove(self) -> None:
        for root in (self.disk, self.shm):
            if root is not None:
                shutil.rmtree(root, ignore_errors=True)


def _address_space() -> int | None:
    """This process's address space in bytes; None without /proc (not Linux: no memory cap, the time limit
    still holds)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


def _query(copy: _Copy, query: str, params: dict[str, Any], lim: dict[str, int]) -> tuple[Any, ...]:
    """Run one query under the memory limit; returns the reply frame's fields."""
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    held = _address_space()
    if held is not None:
        soft = held + lim["memory_mb"] * 2**20
        resource.setrlimit(resource.RLIMIT_AS, (soft if hard == resource.RLIM_INFINITY else min(soft, hard), hard))
    try:
        copy.conn.set_query_timeout(lim["timeout_ms"])
        result = copy.conn.execute(query, params)
        last = result[-1] if isinstance(result, list) else result
        cols = last.get_column_names()
        rows: list[dict[str, Any]] = []
        truncated = False
        while last.has_next():
            if len(rows) >= lim["max_rows"]:
                truncated = True
                break
            rows.append(dict(zip(cols, last.get_next(), strict=True)))
        body = pickle.dumps(("ok", rows, truncated), protocol=pickle.HIGHEST_PROTOCOL)
        if len(body) > lim["max_result_bytes"]:
            return ("error", "result_size", f"{len(body)} bytes")
        return ("raw", body)
    except MemoryError:
        return ("error", "memory", "MemoryError")
    except Exception as exc:
        msg = str(exc) or type(exc).__name__
        low = msg.lower()
        if "interrupt" in low or "timeout" in low:
            return ("error", "timeout", msg)
        if "buffer pool is full" in low:
            return ("error", "buffer_pool", msg)
        if any(s in low for s in _OOM):
            return ("error", "memory", msg)
        return ("error", "query", msg)
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (hard, hard))


def _read(stream: BinaryIO) -> Any:
    head = stream.read(_LEN.size)
    if len(head) < _LEN.size:
        return None
    return pickle.loads(stream.read(_LEN.unpack(head)[0]))


def _write(stream: BinaryIO, body: bytes) -> None:
    stream.write(_LEN.pack(len(body)) + body)
    stream.flush()


def main() -> None:
    """Serve requests until stdin closes: ``("run", key, version, tables | None, query, params, limits)``."""
    os.nice(10)  # the parent serves writes and searches; exploration gets what CPU is left
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing but frames on the pipe
    config = _read(stdin)
    roots = _Roots(config["scratch"], config["scratch_shm"])
    copies: OrderedDict[str, tuple[Any, _Copy]] = OrderedDict()
    try:
        while (req := _read(stdin)) is not None:
            _, key, version, tables, query, params, lim = req
            req = None  # only ``tables`` keeps the rows, and only until the copy is built
            cached = copies.get(key)
            if cached is not None and cached[0] != version:
                copies.pop(key)[1].close()
                cached = None
            if cached is None:
                if tables is None:
                    _write(stdout, pickle.dumps(("need_rows",)))
                    continue
                try:
                    copy = roots.build(config["schema"], tables, config["buffer_pool_mb"])
                except Exception as exc:
                    _write(stdout, pickle.dumps(("error", "build", str(exc))))
                    continue
                del tables
                copies[key] = (version, copy)
                while len(copies) > max(1, config["cached_scopes"]):
                    copies.popitem(last=False)[1][1].close()
            copies.move_to_end(key)
            reply = _query(copies[key][1], query, params, lim)
            _write(stdout, reply[1] if reply[0] == "raw" else pickle.dumps(reply))
    finally:
        for _, copy in copies.values():
            copy.close()
        roots.remove()


if __name__ == "__main__":
    main()
