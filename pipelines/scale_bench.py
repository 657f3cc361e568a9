"""Search latency as one scope grows: the curve at 1k, 10k, 100k memories (issue #17).

    python -m pipelines.scale_bench [--sizes 1000,10000,100000] [--queries 50] [--batch 2000] [--unique 10000]
        [--config JSON] [--optimize]

One scope is filled with synthetic turns (``mem_graph.bench.synthetic``) through the real ``add(infer=False)`` in
calls of ``--batch`` turns. To build 100k memories in minutes on a small machine, the turns cycle through a pool
of ``--unique`` distinct texts (100k = 10 copies of 10k turns, each copy its own memory and message), and this
bench memoises the pool's sentence vectors and entity/triple analyses (a text always gives the same): the
stores (vectors, BM25, graph, history) hold and search every memory. At each size ``--queries`` searches
(k=10, rerank off, each query made unique so the query-embedding cache never answers) are timed. The store
lives in a temporary directory removed at the end: no dataset is left behind. Prints one JSON line per size as
it goes (a long run still reports its first sizes) with the load average, since absolute times move with the
machine's load; the ratio to the first size is the result.

``--optimize``: at each size, after the searches, ``Memory.optimize()`` builds the vector indexes (timed) and the
searches run again (``search_p50_ms`` is then the indexed figure, ``before_optimize_p50_ms`` the scan's). The
points indexed at one size stay indexed at the next, so a later "before" is partly indexed already.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from mem_graph.bench.synthetic import questions, turns


def _memoise_vectors(mem: Any) -> None:
    """The document embedder answers a text it has embedded before from a dict (bench only)."""
    emb = mem.embedder._get()  # the DocumentEmbedder behind the lazy one
    inner = emb.embed_documents
    seen: dict[tuple[str, str | None], np.ndarray] = {}

    def embed_documents(texts: list[str], speakers: list[str | None] | None = None) -> np.ndarray:
        who = speakers if speakers is not None else [None] * len(texts)
        keys = list(zip(texts, who, strict=True))
        todo = list(dict.fromkeys(k for k in keys if k not in seen))
        if todo:
            for k, vec in zip(todo, inner([t for t, _ in todo], [w for _, w in todo]), strict=True):
                seen[k] = vec
        return np.stack([seen[k] for k in keys]) if keys else inner([], None)

    emb.embed_documents = embed_documents


def _memoise_analysis(mem: Any) -> None:
    """The verbatim analysis (entities and triples of a turn) answers a text it has read before (bench only)."""
    inner = mem.rules.analyse
    seen: dict[str, Any] = {}

    def analyse(messages: list[Any]) -> list[Any]:
        todo = list({m.content: m for m in messages if m.content not in seen}.values())
        for m, out in zip(todo, inner(todo) if todo else [], strict=True):
            seen[m.content] = out
        return [seen[m.content] for m in messages]

    mem.rules.analyse = analyse
    indexer = getattr(mem.writer, "indexer", None)  # the deferred graph step holds the method it was given
    if indexer is not None:
        indexer._analyse = analyse


def _search_latencies(mem: Any, qs: list[str], tag: str) -> list[float]:
    lat = []
    for i, q in enumerate(qs):
        t0 = time.perf_counter()
        mem.search(f"{q} #{tag}-{i}", user_id="scale", limit=10, rerank=False)
        lat.append((time.perf_counter() - t0) * 1000)
    return lat


def run(sizes: list[int], n_queries: int, batch: int, unique: int,
        config: dict[str, Any] | None = None, optimize: bool = False) -> list[dict[str, Any]]:
    from mem_graph import Memory

    pool = turns(unique)
    texts = [pool[i % unique] for i in range(max(sizes))]
    qs = questions(n_queries)
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as d, Memory(path=Path(d) / "scale", config=config) as mem:
        _memoise_vectors(mem)
        _memoise_analysis(mem)
        done, add_s = 0, 0.0
        for size in sorted(sizes):
            t0 = time.perf_counter()
            while done < size:
                chunk = texts[done:min(size, done + batch)]
                mem.add([{"role": "user", "content": t} for t in chunk], user_id="scale", infer=False)
                done += len(chunk)
            add_s += time.perf_counter() - t0
            for q in qs[:5]:  # warm-up: the scope's graph snapshot is rebuilt after the writes
                mem.search(q, user_id="scale", rerank=False)
            lat = _search_latencies(mem, qs, str(size))
            extra: dict[str, Any] = {}
            if optimize:
                result = mem.optimize()
                extra = {"before_optimize_p50_ms": round(statistics.median(lat), 2),
                         "optimize_s": round(result.seconds, 1), "indexed_vectors": result.indexed_after,
                         "load_average_before_optimize": os.getloadavg()}
                lat = _search_latencies(mem, qs, f"{size}-2")  # a number: a word would be a query term
            row = {"memories": size, "search_p50_ms": round(statistics.median(lat), 2),
                   "search_p95_ms": round(float(np.percentile(lat, 95)), 2),
                   "add_infer_false_per_s": round(done / add_s, 1), "load_average": os.getloadavg(), **extra}
            row["p50_vs_first"] = round(row["search_p50_ms"] / (rows[0] if rows else row)["search_p50_ms"], 2)
            print(json.dumps(row), flush=True)
            rows.append(row)
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--queries", type=int, default=50)
    ap.add_argument("--batch", type=int, default=2000, help="turns per add() call")
    ap.add_argument("--unique", type=int, default=10000, help="distinct turn texts the memories cycle through")
    ap.add_argument("--config", type=json.loads, help="Memory config overrides as JSON")
    ap.add_argument("--optimize", action="store_true", help="also time Memory.optimize() and search after it")
    args = ap.parse_args()
    from mem_graph.logging_setup import quiet_libraries

    quiet_libraries()
    run([int(s) for s in args.sizes.split(",")], args.queries, args.batch, args.unique, args.config, args.optimize)


if __name__ == "__main__":
    main()
