"""Exploration Cypher latency on one scope: ``Memory.graph.cypher`` per query, cold and warm.

Usage: ``python -m pipelines.explore_bench [--memories 1000 10000] [--queries 10] [--json OUT]``.

A synthetic scope (``graph_bench.synthetic_graph``: one memory per relation, entities = memories / 3)
is written through the embedded LadybugDB store with its scope cache, exactly as ``Memory`` builds it;
then ``GraphView.cypher`` runs a small aggregate query ``--queries`` times. ``first`` is the first
query after the writes (it builds the sandbox copy), ``after write`` the first query after one more
write, ``warm`` the median of the rest. Not a timed test: the numbers go in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from mem_graph.config import load_config
from mem_graph.graph_view import GraphView
from mem_graph.stores.factory import build_graph_store
from pipelines.graph_bench import SCOPE, synthetic_graph

QUERY = "MATCH (a:Entity)-[r:RELATES]->(b:Entity) RETURN r.type AS t, count(*) AS n ORDER BY n DESC LIMIT 5"


def _timed(view: GraphView) -> float:
    t0 = time.perf_counter()
    view.cypher(QUERY, user_id=SCOPE.user_id)
    return (time.perf_counter() - t0) * 1000


def run(memories: int, queries: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="mg-explore-bench-") as tmp:
        store = build_graph_store(load_config(path=Path(tmp)))
        view = GraphView(store)
        try:
            items = synthetic_graph(max(3, memories // 3), memories)
            for i in range(0, len(items) - 1, 1000):
                store.write_memories(items[i:min(i + 1000, len(items) - 1)], fresh=True)
            first = _timed(view)
            warm = [_timed(view) for _ in range(queries)]
            store.write_memories(items[-1:], fresh=True)
            after_write = _timed(view)
        finally:
            view.close()
            store.close()
    return {"memories": memories, "first_ms": round(first, 1), "warm_ms_p50": round(statistics.median(warm), 1),
            "after_write_ms": round(after_write, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--memories", type=int, nargs="+", default=[1000, 10000])
    ap.add_argument("--queries", type=int, default=10)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    out = [run(n, args.queries) for n in args.memories]
    for row in out:
        print(row)
    if args.json:
        args.json.write_text(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
