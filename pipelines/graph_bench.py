"""Graph store benchmark: batched writes and 2-hop neighbourhood queries, LadybugDB vs Neo4j.

Usage: ``python -m pipelines.graph_bench [--relations 10000] [--entities 10000] [--runs 3]
[--batch 1000] [--queries 200] [--neo4j-url bolt://…] [--json OUT]``.

A synthetic scope of ``--entities`` entities and ``--relations`` relations (one memory per
relation, a seeded random graph) is written through the stores' ``write_memories`` in
batches, then queried: ``neighbourhood(…, hops=2)`` (what search uses) and the README's
variable-length exploration query. Each write is timed from an empty store (median of
``--runs``); query latencies are medians and p95 over ``--queries`` random start entities.
Without ``--neo4j-url`` a throwaway Neo4j Community server is started from the tests'
Maven-built launcher (Java 17 and Maven needed). Not a timed test: the numbers go in notes.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from mem_graph.stores.graph.base import GraphMemory, GraphStore
from mem_graph.stores.graph.cypher_store import entity_id
from mem_graph.types import EntityRef, MemoryRecord, Scope, Triple

SCOPE = Scope(user_id="graph-bench")
TWO_HOPS = ("MATCH (a:Entity {id: $id})-[:RELATES*1..2]-(b:Entity) WHERE b.id <> a.id "
            "RETURN DISTINCT b.id AS id")
RELATIONS = ("knows", "works_at", "lives_in", "likes", "manages")


def synthetic_graph(n_entities: int, n_relations: int, seed: int = 7) -> list[GraphMemory]:
    """One memory per relation from entity ``i mod n`` to a random other entity (a sparse random graph
    in which every entity occurs once there are at least as many relations as entities)."""
    rng = random.Random(seed)
    names = [f"entity {i}" for i in range(n_entities)]
    out: list[GraphMemory] = []
    t = time.time()
    for i in range(n_relations):
        s = names[i % n_entities]
        o = names[(i % n_entities + rng.randrange(1, n_entities)) % n_entities]
        rel = rng.choice(RELATIONS)
        rec = MemoryRecord(id=str(uuid.UUID(int=rng.getrandbits(128), version=4)), text=f"{s} {rel} {o}",
                           scope=SCOPE, hash="", created_at=t, updated_at=t, valid_from=t,
                           entities=[s, o], triples=[Triple(s, rel, o)])
        out.append(GraphMemory(rec, [EntityRef(s), EntityRef(o)]))
    return out


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def bench_store(name: str, open_store: Callable[[], GraphStore], items: list[GraphMemory], *, runs: int,
                batch: int, queries: int, seed: int = 11) -> dict[str, Any]:
    store = open_store()
    try:
        write_s: list[float] = []
        for _ in range(runs):
            store.reset()
            t0 = time.perf_counter()
            for i in range(0, len(items), batch):
                store.write_memories(items[i:i + batch], fresh=True)
            write_s.append(time.perf_counter() - t0)
        counts = store.counts()
        rng = random.Random(seed)
        names = sorted({ref.key for it in items for ref in it.entities})
        starts = [entity_id(SCOPE, rng.choice(names)) for _ in range(queries)]
        for sid in starts:  # one untimed pass: warm caches, query plans and (on Neo4j) the JIT
            store.neighbourhood(SCOPE, [sid], 2)
            store.cypher(TWO_HOPS, {"id": sid})
        hood_ms, cypher_ms, sizes = [], [], []
        for sid in starts:
            t0 = time.perf_counter()
            edges = store.neighbourhood(SCOPE, [sid], 2)
            hood_ms.append((time.perf_counter() - t0) * 1000)
            sizes.append(len(edges))
            t0 = time.perf_counter()
            store.cypher(TWO_HOPS, {"id": sid})
            cypher_ms.append((time.perf_counter() - t0) * 1000)
    finally:
        store.close()
    med = statistics.median(write_s)
    return {
        "backend": name, "counts": counts, "write_runs_s": [round(s, 3) for s in write_s],
        "write_median_s": round(med, 3), "relations_per_s": round(len(items) / med),
        "neighbourhood_ms_p50": round(statistics.median(hood_ms), 2),
        "neighbourhood_ms_p95": round(_pct(hood_ms, 95), 2),
        "cypher_2hop_ms_p50": round(statistics.median(cypher_ms), 2),
        "cypher_2hop_ms_p95": round(_pct(cypher_ms, 95), 2),
        "edges_per_2hop_median": statistics.median(sizes),
    }


@contextmanager
def neo4j_url(url: str | None) -> Iterator[str]:
    """The given server, or a throwaway one started like the tests start theirs."""
    if url:
        yield url
        return
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    import neo4j_fixture  # tests/neo4j_fixture.py

    with tempfile.TemporaryDirectory() as home:
        server = neo4j_fixture.start(Path(home) / "neo4j")
        print(f"neo4j test server: {server.timings}", file=sys.stderr)
        try:
            yield server.uri
        finally:
            server.stop()


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--relations", type=int, default=10_000)
    ap.add_argument("--entities", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--batch", type=int, default=1000)
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--backends", default="ladybug,neo4j")
    ap.add_argument("--neo4j-url")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    items = synthetic_graph(args.entities, args.relations)
    backends = [b.strip() for b in args.backends.split(",") if b.strip()]
    results = []
    opts = {"runs": args.runs, "batch": args.batch, "queries": args.queries}
    with tempfile.TemporaryDirectory() as d:
        if "ladybug" in backends:
            from mem_graph.stores.graph.ladybug import LadybugGraphStore

            results.append(bench_store("ladybug", lambda: LadybugGraphStore(Path(d) / "bench.lbug"), items, **opts))
        if "neo4j" in backends:
            from mem_graph.stores.graph.neo4j import Neo4jGraphStore

            with neo4j_url(args.neo4j_url) as url:
                results.append(bench_store("neo4j", lambda: Neo4jGraphStore(url=url, password="bench"), items, **opts))
    print_table(results, args)
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))
    return results


def print_table(results: list[dict[str, Any]], args: argparse.Namespace) -> None:
    print(f"\n{args.relations} relations over {args.entities} entities, batches of {args.batch}; "
          f"write = median of {args.runs} runs from empty; queries = {args.queries} random start entities")
    cols = [("backend", "backend", 8), ("write 10k (s)", "write_median_s", 13), ("rel/s", "relations_per_s", 7),
            ("hood 2-hop p50 ms", "neighbourhood_ms_p50", 17), ("p95 ms", "neighbourhood_ms_p95", 7),
            ("cypher *1..2 p50 ms", "cypher_2hop_ms_p50", 19), ("p95 ms", "cypher_2hop_ms_p95", 7),
            ("edges/2-hop", "edges_per_2hop_median", 11)]
    print("  ".join(h.rjust(w) for h, _, w in cols))
    for r in results:
        print("  ".join(str(r[k]).rjust(w) for _, k, w in cols))


if __name__ == "__main__":
    main()
