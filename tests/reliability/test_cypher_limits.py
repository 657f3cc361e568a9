"""Exploration Cypher is bounded in time, memory, rows and result size, with typed errors naming the limit, and
its cached read-only scope copies see every write and keep none of their own (issue #11 items 2 and 9b)."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import pytest

from mem_graph import MemGraphError, Memory, QueryLimitError
from mem_graph.maintenance import snapshot
from mem_graph.sandbox_pool import WORKER
from mem_graph.validation import make_scope

GB = 2**30
BILLION = "UNWIND range(1, 1000000000) AS x RETURN count(x) AS n"
# Interruptible by the engine's own timeout: 10^10 rows, checked between batches.
CROSS = "UNWIND range(1, 100000) AS x UNWIND range(1, 100000) AS y WITH x + y AS s WHERE s = 3 RETURN count(*) AS n"
# Not interruptible: range() builds its whole list (~720 MB) before the engine checks its timeout.
MATERIALISE = "UNWIND range(1, 90000000) AS x RETURN count(x) AS n"


def _rss(pid: int | str = "self") -> int:
    try:
        return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, IndexError):
        return 0


def _children() -> list[int]:
    """This process's exploration workers: the limit bounds them, not the other suites' servers (a Neo4j JVM or a
    model server is a child of this process too, and its heap may grow while the block runs)."""
    out = []
    for task in Path("/proc/self/task").iterdir():
        with suppress(OSError):
            out += [int(c) for c in (task / "children").read_text().split()]
    return [c for c in out if _is_worker(c)]


def _is_worker(pid: int) -> bool:
    try:
        return WORKER.name.encode() in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


@contextmanager
def peak_memory() -> Iterator[dict[str, int]]:
    """Peak RSS growth of this process, and of its exploration workers together, while the block runs."""
    base = _rss()
    base_children = sum(_rss(c) for c in _children())
    peak = {"growth": 0, "children": 0}
    done = threading.Event()

    def watch() -> None:
        while not done.is_set():
            peak["growth"] = max(peak["growth"], _rss() - base)
            peak["children"] = max(peak["children"], sum(_rss(c) for c in _children()) - base_children)
            time.sleep(0.02)

    t = threading.Thread(target=watch, daemon=True)
    t.start()
    try:
        yield peak
    finally:
        done.set()
        t.join()


def _memory(path: Path, **exploration: Any) -> Memory:
    return Memory(path=path, config={"exploration": exploration} if exploration else None)


@pytest.fixture(scope="module")
def mem(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Memory]:
    with _memory(tmp_path_factory.mktemp("lim") / "m", timeout_ms=2000, max_rows=50) as m:
        m.add("Alice works at Acme. Bob lives in Paris.", user_id="alice")
        yield m


def test_a_billion_row_range_is_stopped_with_a_typed_error_and_bounded_memory(mem: Memory) -> None:
    with peak_memory() as peak, pytest.raises(QueryLimitError) as err:
        mem.graph.cypher(BILLION, user_id="alice")
    assert err.value.limit in ("exploration.memory_mb", "exploration.timeout_ms")
    assert err.value.limit in str(err.value) and err.value.http_status < 500
    assert peak["growth"] < GB, peak  # unbounded, it took 8.7 GB
    assert peak["children"] < mem.config.exploration.memory_mb * 2**20 + GB, peak
    assert mem.graph.cypher("MATCH (e:Entity) RETURN count(e) AS n", user_id="alice") == [{"n": 4}]


@pytest.fixture(scope="module")
def quick_limit_mem(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Memory]:
    # a limit far below what either query needs even on an idle fast machine, so the verdict never depends on speed
    with _memory(tmp_path_factory.mktemp("quick") / "m", timeout_ms=200, memory_mb=4096) as m:
        m.add("Alice works at Acme. Bob lives in Paris.", user_id="alice")
        yield m


@pytest.mark.parametrize("query", [CROSS, MATERIALISE], ids=["interruptible", "uninterruptible"])
def test_a_query_past_the_time_limit_is_stopped(quick_limit_mem: Memory, query: str) -> None:
    mem = quick_limit_mem
    mem.graph.cypher("RETURN 1 AS n", user_id="alice")
    workers = list(mem.graph.sandbox.pool._idle)
    t0 = time.monotonic()
    with pytest.raises(QueryLimitError, match=r"200 ms \(exploration.timeout_ms\)") as err:
        mem.graph.cypher(query, user_id="alice")
    assert err.value.limit == "exploration.timeout_ms"
    assert time.monotonic() - t0 < 30  # a generous bound (unbounded, such queries ran 40 s)
    for killed in [w for w in workers if w.proc.poll() is not None]:  # its scope copies went with it
        assert not any(Path(d).exists() for d in killed.scratch)
    # a killed worker is replaced; the next query answers
    assert mem.graph.cypher("MATCH (e:Entity) RETURN count(e) AS n", user_id="alice") == [{"n": 4}]


def test_a_collect_past_the_memory_cap_fails_with_the_typed_error(tmp_path: Path) -> None:
    with _memory(tmp_path / "m", memory_mb=256) as m:
        m.add("Alice works at Acme.", user_id="alice")
        with peak_memory() as peak, pytest.raises(QueryLimitError, match=r"exploration\.memory_mb") as err:
            m.graph.cypher("UNWIND range(1, 300000000) AS x RETURN collect(x) AS xs", user_id="alice")
        assert err.value.limit == "exploration.memory_mb"
        assert peak["growth"] < GB, peak
        with pytest.raises(QueryLimitError, match=r"exploration\.buffer_pool_mb"):  # fits the RLIMIT, not the pool
            m.graph.cypher("UNWIND range(1, 3000000) AS x RETURN collect(x) AS xs", user_id="alice")
        assert m.graph.cypher("RETURN size(range(1, 1000)) AS n", user_id="alice") == [{"n": 1000}]


def test_rows_past_the_cap_raise_or_come_back_flagged(mem: Memory) -> None:
    with pytest.raises(QueryLimitError, match=r"more than 50 rows \(exploration.max_rows\)") as err:
        mem.graph.cypher("UNWIND range(1, 51) AS x RETURN x", user_id="alice")
    assert err.value.limit == "exploration.max_rows"
    assert len(mem.graph.cypher("UNWIND range(1, 50) AS x RETURN x", user_id="alice")) == 50
    found = mem.graph.explore("UNWIND range(1, 1000000) AS x RETURN x", max_rows=10, user_id="alice")
    assert found.truncated and [r["x"] for r in found.rows] == list(range(1, 11))


def test_a_result_past_the_size_cap_fails_with_the_typed_error(tmp_path: Path) -> None:
    with _memory(tmp_path / "m", max_result_mb=1) as m:
        m.add("Alice works at Acme.", user_id="alice")
        with peak_memory() as peak, pytest.raises(QueryLimitError, match=r"exploration\.max_result_mb"):
            m.graph.cypher("UNWIND range(1, 20) AS i RETURN range(1, 100000) AS xs", user_id="alice")
        assert peak["growth"] < GB, peak


def test_the_cached_copy_sees_every_write(tmp_path: Path) -> None:
    count = "MATCH (m:Memory) RETURN count(m) AS n"
    with _memory(tmp_path / "m") as m:
        first = m.add("Alice works at Acme.", user_id="alice", infer=False)["results"][0]["id"]
        assert m.graph.cypher(count, user_id="alice") == [{"n": 1}]
        assert m.graph.cypher(count, user_id="alice") == [{"n": 1}]  # served from the cached copy
        m.add("Bob lives in Paris.", user_id="alice", infer=False)
        m.add("Mallory lives in Oslo.", user_id="mallory", infer=False)
        assert m.graph.cypher(count, user_id="alice") == [{"n": 2}]
        m.delete(first, user_id="alice")
        names = {r["n"] for r in m.graph.cypher("MATCH (m:Memory) RETURN m.text AS n", user_id="alice")}
        assert names == {"Bob lives in Paris."}
        m.delete_all(user_id="alice")
        assert m.graph.cypher(count, user_id="alice") == [{"n": 0}]
        assert m.graph.cypher(count, user_id="mallory") == [{"n": 1}]


@pytest.mark.parametrize("query", [
    "CREATE (e:Entity {id: 'pwned', name: 'pwned', user_id: 'alice', namespace: 'default'}) RETURN e.name AS n",
    "MATCH (e:Entity) SET e.name = 'pwned' RETURN e.name AS n",
    "MATCH (e:Entity) DETACH DELETE e RETURN 1 AS n",
])
def test_a_write_past_the_text_check_is_refused_by_the_copy_and_never_persists(mem: Memory, query: str) -> None:
    """The text check is bypassed on purpose: the cached copy is opened read-only, so the engine refuses."""
    scope = make_scope("alice")
    before = snapshot(mem)
    mem.graph.cypher("MATCH (e:Entity) RETURN e.name AS n", user_id="alice")  # the copy is cached now
    with pytest.raises(MemGraphError, match="read-only"):
        mem.graph.sandbox.run(scope, query, scope.stored_fields())
    names = {r["n"] for r in mem.graph.cypher("MATCH (e:Entity) RETURN e.name AS n", user_id="alice")}
    assert names == {"alice", "acme", "bob", "paris"}
    after = snapshot(mem)
    assert (after.graph_memories, after.graph_entities) == (before.graph_memories, before.graph_entities)


def test_closing_the_memory_ends_its_exploration_workers(tmp_path: Path) -> None:
    others = set(_children())  # e.g. the module fixture's workers
    with _memory(tmp_path / "m") as m:
        m.graph.cypher("RETURN 1 AS n", user_id="alice")
        workers = [c for c in set(_children()) - others if "sandbox_worker" in Path(f"/proc/{c}/cmdline").read_text()]
        assert workers
        scratch = [d for w in m.graph.sandbox.pool._idle for d in w.scratch]
        assert scratch and all(Path(d).exists() for d in scratch)
    assert not any(Path(d).exists() for d in scratch)
    for pid in workers:
        assert not Path(f"/proc/{pid}").exists() or "sandbox_worker" not in Path(f"/proc/{pid}/cmdline").read_text()


@pytest.mark.neo4j
def test_neo4j_exploration_is_limited_and_sees_writes(tmp_path: Path, neo4j_uri: str) -> None:
    cfg = {"path": str(tmp_path), "graph_store": {"provider": "neo4j", "config": {
        "url": neo4j_uri, "username": "neo4j", "password": "secret"}},
           "vector_store": {"provider": "qdrant", "config": {"location": ":memory:", "collection_name": "lim"}},
           "exploration": {"timeout_ms": 2000}}
    count = "MATCH (m:Memory) RETURN count(m) AS n"
    with Memory.from_config(cfg) as m:
        m.reset()
        try:
            m.add("Alice works at Acme.", user_id="alice", infer=False)
            assert m.graph.cypher(count, user_id="alice") == [{"n": 1}]
            m.add("Bob lives in Paris.", user_id="alice", infer=False)
            assert m.graph.cypher(count, user_id="alice") == [{"n": 2}]
            with peak_memory() as peak, pytest.raises(QueryLimitError):
                m.graph.cypher(BILLION, user_id="alice")
            assert peak["growth"] < GB, peak
        finally:
            m.reset()
