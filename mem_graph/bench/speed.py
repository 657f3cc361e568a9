"""``mem-graph bench``: add throughput and search latency on the embedded default.

Also ``python -m pipelines.bench [--sizes 1000,10000] [--queries 200] [--workloads synthetic,locomo]
[--json OUT] [--config JSON]`` from a checkout.
Numbers are medians/percentiles measured in this run; the raw-dense baseline
(brute-force cosine over the same embeddings with numpy) is measured alongside
so results can be quoted as ratios on any machine.

Workloads: ``synthetic`` adds short template sentences (~10 words) in batches of 500; ``locomo`` adds turns
whose lengths follow LoCoMo's (median 24 words, 10-80; text generated from the same templates, no LoCoMo
text shipped) in batches of 20, about one LoCoMo session per call.
"""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from mem_graph.bench.synthetic import questions, turns

BATCH = {"synthetic": 500, "locomo": 20}
# words per turn in LoCoMo (2 conversations, 788 turns): the 0/10/25/50/75/90/95/99/100th percentiles
LOCOMO_WORDS = ((0, 1), (10, 10), (25, 15), (50, 24), (75, 37), (90, 48), (95, 56), (99, 70), (100, 80))


def locomo_length_turns(n: int, seed: int = 5) -> list[str]:
    """``n`` generated turns whose word counts are drawn from LoCoMo's distribution."""
    rng = np.random.default_rng(seed)
    pct, words = zip(*LOCOMO_WORDS, strict=True)
    lengths = np.interp(rng.uniform(0, 100, n), pct, words).round().astype(int)
    pool = turns(n * 8, seed=seed)
    out, j = [], 0
    for size in lengths:
        text: list[str] = []
        while len(text) < size:
            text.extend(pool[j % len(pool)].split())
            j += 1
        out.append(" ".join(text[:size]).rstrip(".,;") + ".")
    return out


def _percentile(values: list[float], q: float) -> float:
    return float(np.percentile(np.asarray(values), q)) if values else float("nan")


def bench_size(n: int, n_queries: int, progress: Progress, config: dict[str, Any] | None = None,
               workload: str = "synthetic") -> dict[str, Any]:
    from mem_graph import Memory

    texts = locomo_length_turns(n) if workload == "locomo" else turns(n)
    qs = questions(n_queries)
    batch_size = BATCH[workload]
    with tempfile.TemporaryDirectory() as d, Memory(path=Path(d) / "bench", config=config) as mem:
        task = progress.add_task(f"{workload}: add {n} (infer=False, batches of {batch_size})", total=n)
        t0 = time.perf_counter()
        for i in range(0, n, batch_size):
            batch = [{"role": "user", "content": t} for t in texts[i:i + batch_size]]
            mem.add(batch, user_id="bench", infer=False)
            progress.advance(task, len(batch))
        add_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        mem.flush()  # the deferred graph steps the adds left (extraction.defer_verbatim_graph)
        drain_s = time.perf_counter() - t0

        rule_n = min(200, n)
        task = progress.add_task(f"add {rule_n} (infer=True, rules, one call each)", total=rule_n)
        t0 = time.perf_counter()
        for t in texts[:rule_n]:
            mem.add(t, user_id="bench-rules")
            progress.advance(task)
        rules_s = time.perf_counter() - t0

        for q in qs[:10]:  # warm-up: first calls pay for lazy loads
            mem.search(q, user_id="bench", rerank=False)
        task = progress.add_task(f"search x{len(qs)} at {n}", total=len(qs))
        lat = []
        for i, q in enumerate(qs):
            uncached = f"{q} #{i}"  # defeat the query-embedding cache: measure the full path
            t0 = time.perf_counter()
            mem.search(uncached, user_id="bench", limit=10, rerank=False)
            lat.append((time.perf_counter() - t0) * 1000)
            progress.advance(task)

        # baseline: brute-force dense over the same memories, same embedder, same queries
        vecs = mem.embedder.embed_documents(texts)
        base = []
        for i, q in enumerate(qs):
            t0 = time.perf_counter()
            qv = mem.embedder.embed_query(f"{q} ##{i}")  # not the string search embedded: no cache hit
            np.argsort(-(vecs @ qv))[:10]
            base.append((time.perf_counter() - t0) * 1000)
    return {
        "workload": workload,
        "memories": n,
        "add_infer_false_per_s": round(n / add_s, 1),
        "add_infer_false_sustained_per_s": round(n / (add_s + drain_s), 1),  # the drain included
        "add_rules_per_s": round(rule_n / rules_s, 1),
        "search_p50_ms": round(statistics.median(lat), 2),
        "search_p95_ms": round(_percentile(lat, 95), 2),
        "baseline_dense_p50_ms": round(statistics.median(base), 2),
        "search_vs_baseline_p50": round(statistics.median(lat) / statistics.median(base), 2),
    }


def run_bench(sizes: list[int], queries: int = 200, json_out: Path | None = None,
              console: Console | None = None, config: dict[str, Any] | None = None,
              workloads: tuple[str, ...] = ("synthetic", "locomo")) -> list[dict[str, Any]]:
    """``config``: Memory config overrides (e.g. ``{"embedder": {"config": {"quantize": "int8"}}}``);
    ``workloads``: ``synthetic`` and/or ``locomo`` (LoCoMo-length turns)."""
    unknown = set(workloads) - set(BATCH)
    if unknown:
        raise ValueError(f"unknown workload(s) {sorted(unknown)}; known: {sorted(BATCH)}")
    console = console or Console()
    rows = []
    with Progress(console=console) as progress:
        for workload in workloads:
            for n in sizes:
                rows.append(bench_size(n, queries, progress, config, workload))
    title = "mem_graph bench (embedded default, rerank off)" + (f" config={json.dumps(config)}" if config else "")
    table = Table(title=title)
    for col in rows[0]:
        table.add_column(col, justify="right")
    for r in rows:
        table.add_row(*(str(v) for v in r.values()))
    console.print(table)
    if json_out:
        Path(json_out).write_text(json.dumps({"bench": rows, "config": config or {}}, indent=2))
    return rows
