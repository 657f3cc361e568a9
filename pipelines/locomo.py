"""LoCoMo evidence-recall benchmark: mem_graph against raw-turn baselines, in the same run.

    python -m pipelines.locomo --data '../shared/data/locomo/*.json' [--k 5,10,20]
        [--systems mem_graph,dense,bm25] [--json OUT]

Each conversation is its own user scope; turns are added in order, one add()
per session, with the session's timestamp and speaker; every memory keeps the
dia_ids it came from. For each question of categories 1-4, evidence recall@k is
the share of its evidence dia_ids covered by the dia_ids of the top-k memories;
hit@k is whether any is. Systems:

- ``mem_graph_raw``   mem_graph, infer=False (raw turns; graph from entity extraction)
- ``mem_graph_rules`` mem_graph, infer=True (rule extraction; unextracted turns kept verbatim)
- ``dense``           the same MiniLM embedder over raw turns (each embedded whole), brute-force cosine
- ``bm25``            BM25 over raw turns (Qdrant's BM25, IDF modifier, in a bare Edge shard)

``mem_graph`` expands to both mem_graph modes.
"""

from __future__ import annotations

import argparse
import glob
import json
import statistics
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from pipelines.locomo_data import CATEGORIES, Conversation, EvidenceStats, Turn, load_conversation

Searcher = Callable[[str, int], list[list[str]]]  # (question, k) -> dia_ids of each of the top-k results
ALL_SYSTEMS = ("mem_graph_raw", "mem_graph_rules", "dense", "bm25")


def _index_text(t: Turn) -> str:
    return f"{t.speaker}: {t.text}"


class MemGraphSystem:
    def __init__(self, workdir: Path, infer: bool, config: dict[str, Any] | None = None):
        from mem_graph import Memory

        self.infer = infer
        self.mem = Memory(path=workdir, config=config)

    def ingest(self, conv: Conversation, progress: Callable[[int], None]) -> None:
        by_session: dict[str, list[Turn]] = defaultdict(list)
        for t in conv.turns:
            by_session[t.dia_id.split(":")[0]].append(t)
        for turns in by_session.values():
            msgs = [{"role": "user", "content": t.text, "name": t.speaker, "timestamp": t.timestamp,
                     "metadata": {"dia_id": t.dia_id}} for t in turns]
            self.mem.add(msgs, user_id=conv.name, infer=self.infer)
            progress(len(turns))

    def searcher(self, conv: Conversation) -> Searcher:
        def search(q: str, k: int) -> list[list[str]]:
            hits = self.mem.search(q, user_id=conv.name, limit=k, rerank=True)["results"]
            return [[h["metadata"].get("dia_id")] if h["metadata"].get("dia_id") else [] for h in hits]

        return search

    def close(self) -> None:
        self.mem.close()


class DenseSystem:
    """Brute-force cosine over raw turns with the same MiniLM, each turn embedded whole (the issue's
    and mem0's baseline; mem_graph itself pools stored texts over their sentences)."""

    def __init__(self) -> None:
        from mem_graph.config import EmbedderConfig
        from mem_graph.embed import build_embedder

        self.embedder = build_embedder(EmbedderConfig(config={"pooling": "whole"}))
        self.index: dict[str, tuple[np.ndarray, list[str]]] = {}

    def ingest(self, conv: Conversation, progress: Callable[[int], None]) -> None:
        vecs = self.embedder.embed_documents([_index_text(t) for t in conv.turns])
        self.index[conv.name] = (vecs, [t.dia_id for t in conv.turns])
        progress(len(conv.turns))

    def searcher(self, conv: Conversation) -> Searcher:
        vecs, ids = self.index[conv.name]

        def search(q: str, k: int) -> list[list[str]]:
            qv = self.embedder.embed_documents([q])[0]
            return [[ids[i]] for i in np.argsort(-(vecs @ qv))[:k]]

        return search

    def close(self) -> None:
        pass


class BM25System:
    """BM25 over raw turns: Qdrant's own BM25 (IDF modifier) in a bare Edge shard."""

    def __init__(self, workdir: Path):
        import qdrant_edge as qe

        self.qe = qe
        self.bm25 = qe.Bm25()
        cfg = qe.EdgeConfig(vectors={}, sparse_vectors={"bm25": qe.EdgeSparseVectorParams(modifier=qe.Modifier.Idf)})
        self.shard = qe.EdgeShard.create(str(workdir), cfg)
        self.shard.update(qe.UpdateOperation.create_field_index("conv", qe.PayloadSchemaType.Keyword))
        self.next_id = 0

    def ingest(self, conv: Conversation, progress: Callable[[int], None]) -> None:
        qe = self.qe
        points = []
        for t in conv.turns:
            self.next_id += 1
            points.append(qe.Point(self.next_id, {"bm25": self.bm25.embed_document(_index_text(t))},
                                   {"conv": conv.name, "dia_id": t.dia_id}))
        self.shard.update(qe.UpdateOperation.upsert_points(points))
        progress(len(conv.turns))

    def searcher(self, conv: Conversation) -> Searcher:
        qe = self.qe
        flt = qe.Filter(must=[qe.FieldCondition(key="conv", match=qe.MatchValue(conv.name))])

        def search(q: str, k: int) -> list[list[str]]:
            sparse = self.bm25.embed_query(q)
            if not sparse.indices:
                return []
            req = qe.QueryRequest(limit=k, query=qe.Query.Nearest(sparse, using="bm25"), filter=flt, with_payload=True)
            return [[p.payload["dia_id"]] for p in self.shard.query(req)]

        return search

    def close(self) -> None:
        self.shard.close()


def evaluate(conversations: list[Conversation], system: Any, ks: list[int], progress: Progress,
             label: str) -> dict[str, Any]:
    total_turns = sum(len(c.turns) for c in conversations)
    task = progress.add_task(f"{label}: add", total=total_turns)
    t0 = time.perf_counter()
    for conv in conversations:
        system.ingest(conv, lambda n: progress.advance(task, n))
    add_s = time.perf_counter() - t0
    kmax = max(ks)
    recalls: dict[int, list[float]] = {k: [] for k in ks}
    hits: dict[int, list[float]] = {k: [] for k in ks}
    by_cat: dict[int, dict[int, list[float]]] = defaultdict(lambda: {k: [] for k in ks})
    latencies: list[float] = []
    per_question: list[dict[str, Any]] = []  # in --json: which questions a change moved
    task = progress.add_task(f"{label}: questions", total=sum(len(c.questions) for c in conversations))
    for conv in conversations:
        search = system.searcher(conv)
        for q in conv.questions:
            t0 = time.perf_counter()
            found = search(q.question, kmax)
            latencies.append((time.perf_counter() - t0) * 1000)
            evidence = set(q.evidence)
            for k in ks:
                covered = evidence & {d for ids in found[:k] for d in ids}
                recall = len(covered) / len(evidence)
                recalls[k].append(recall)
                hits[k].append(1.0 if covered else 0.0)
                by_cat[q.category][k].append(recall)
            per_question.append({"question": q.question, "category": q.category, "evidence": sorted(evidence),
                                 "found": [sorted(ids) for ids in found[:kmax]],
                                 f"recall@{kmax}": recalls[kmax][-1]})
            progress.advance(task)
    out: dict[str, Any] = {f"recall@{k}": round(float(np.mean(recalls[k])), 4) for k in ks}
    out.update({f"hit@{k}": round(float(np.mean(hits[k])), 4) for k in ks})
    out["by_category"] = {str(c): {f"recall@{k}": round(float(np.mean(v[k])), 4) for k in ks}
                          for c, v in sorted(by_cat.items())}
    out["search_p50_ms"] = round(statistics.median(latencies), 2)
    out["search_p95_ms"] = round(float(np.percentile(latencies, 95)), 2)
    out["add_per_s"] = round(total_turns / add_s, 1)
    out["questions"] = len(latencies)
    out["per_question"] = per_question
    return out


def build_system(name: str, workdir: Path, config: dict[str, Any] | None = None) -> Any:
    if name == "mem_graph_raw":
        return MemGraphSystem(workdir / name, infer=False, config=config)
    if name == "mem_graph_rules":
        return MemGraphSystem(workdir / name, infer=True, config=config)
    if name == "dense":
        return DenseSystem()
    if name == "bm25":
        return BM25System(workdir / name)
    raise SystemExit(f"unknown system {name!r}; choose from mem_graph, {', '.join(ALL_SYSTEMS)}")


def expand_systems(spec: str) -> list[str]:
    out: list[str] = []
    for name in (s.strip() for s in spec.split(",") if s.strip()):
        out.extend(["mem_graph_raw", "mem_graph_rules"] if name == "mem_graph" else [name])
    return list(dict.fromkeys(out))


def run(data: str, ks: list[int], systems: list[str], console: Console,
        config: dict[str, Any] | None = None) -> dict[str, Any]:
    paths = sorted(Path(p) for p in glob.glob(data))
    if not paths:
        raise SystemExit(f"no LoCoMo files match {data!r}")
    conversations = [load_conversation(p, set(CATEGORIES)) for p in paths]
    stats = EvidenceStats()
    for c in conversations:
        stats.merge(c.evidence)
    console.print(f"{len(conversations)} conversation(s), {sum(len(c.turns) for c in conversations)} turns, "
                  f"{sum(len(c.questions) for c in conversations)} questions (categories 1-4)")
    console.print(f"evidence ids: {stats.repaired} repaired, {stats.dropped} dropped (no such turn); "
                  f"{stats.skipped_questions} question(s) skipped (no usable evidence)")
    for ex in stats.examples[:5]:
        console.print(f"  [dim]repaired {ex}[/dim]")
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp, Progress(console=console) as progress:
        for name in systems:
            system = build_system(name, Path(tmp), config)
            try:
                results[name] = evaluate(conversations, system, ks, progress, name)
            finally:
                system.close()
    return {"systems": results, "data": [str(p) for p in paths],
            "evidence": {"repaired": stats.repaired, "dropped": stats.dropped, "skipped": stats.skipped_questions}}


def print_table(report: dict[str, Any], ks: list[int], console: Console) -> None:
    table = Table(title="LoCoMo evidence recall (categories 1-4)")
    cols = [f"recall@{k}" for k in ks] + ["hit@10" if 10 in ks else f"hit@{ks[0]}"]
    cats = [f"{c} {CATEGORIES[c]}" for c in CATEGORIES]
    for col in ["system", *cols, *(f"R@{10 if 10 in ks else ks[0]} {c}" for c in cats), "p50 ms", "p95 ms",
                "add/s"]:
        table.add_column(col, justify="right")
    kref = 10 if 10 in ks else ks[0]
    for name, r in report["systems"].items():
        cat_cells = [f"{r['by_category'].get(str(c), {}).get(f'recall@{kref}', float('nan')):.3f}" for c in CATEGORIES]
        table.add_row(name, *(f"{r[c]:.3f}" for c in cols), *cat_cells, f"{r['search_p50_ms']:.1f}",
                      f"{r['search_p95_ms']:.1f}", f"{r['add_per_s']:.0f}")
    console.print(table)


def main() -> None:
    ap = argparse.ArgumentParser(description="LoCoMo evidence-recall benchmark")
    ap.add_argument("--data", required=True, help="glob of LoCoMo v2 per-conversation JSON files")
    ap.add_argument("--k", default="5,10,20")
    ap.add_argument("--systems", default="mem_graph,dense,bm25")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--config", type=json.loads, default=None,
                    help='mem_graph config overrides as JSON, e.g. \'{"retrieval": {"graph_weight": 0}}\' (ablations)')
    args = ap.parse_args()
    from mem_graph.logging_setup import quiet_libraries

    quiet_libraries()
    console = Console(width=200)
    ks = sorted({int(k) for k in args.k.split(",")})
    report = run(args.data, ks, expand_systems(args.systems), console, args.config)
    print_table(report, ks, console)
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))
        console.print(f"wrote {args.json}")


if __name__ == "__main__":
    main()
