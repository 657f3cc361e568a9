"""mem_graph against mem0, call by call, in one process (issue #17).

    python -m pipelines.vs_mem0 --data '/work/shared/data/locomo/*.json' [--limit-turns N] [--json OUT]

Both systems run offline on the same MiniLM weights (mem_graph's packaged folder; mem0 through its
huggingface/sentence-transformers embedder), mem0 on a local Qdrant, ``infer=False`` on both sides (no LLM:
mem0's LLM client is configured against a closed loopback port and never called). mem0's BM25/spaCy parts
need downloads and switch themselves off offline, so its search is dense only (docs/benchmarks.md). torch runs
mem0's embedder on one thread by default (``--torch-threads``): on a loaded 2-core machine that is ~4x faster
per query than torch's default of one thread per core, so mem0 gets its best case.

Calls are interleaved one by one (which system goes first alternates), so background load on a shared
machine hits both alike; the ratios are the result, absolute times move with the load. Measured:

- add, one turn per call (the turns of each LoCoMo conversation in order, speaker and session time kept);
- add, one session per call (fresh stores, throughput in turns/s);
- search, k=10, every category 1-4 question whose evidence was ingested, and evidence recall@10.

mem0ai is an optional benchmark extra (``pip install mem0ai``), never a runtime dependency.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import statistics
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console
from rich.table import Table

from pipelines.locomo_data import CATEGORIES, Turn, load_conversation

SYSTEMS = ("mem0", "mem_graph")


def _pct(values: list[float], q: float) -> float:
    return float(np.percentile(np.asarray(values), q)) if values else float("nan")


class Mem0Side:
    """mem0ai's Memory, offline: local Qdrant, sentence-transformers on the packaged MiniLM folder."""

    def __init__(self, workdir: Path, threads: int = 1):
        os.environ.setdefault("MEM0_TELEMETRY", "False")
        import torch
        from mem0 import Memory as Mem0Memory

        from mem_graph.embed import packaged_model_path

        torch.set_num_threads(threads)
        self.mem = Mem0Memory.from_config({
            "vector_store": {"provider": "qdrant", "config": {
                "path": str(workdir / "qdrant"), "collection_name": "bench", "embedding_model_dims": 384,
                "on_disk": False}},
            "embedder": {"provider": "huggingface", "config": {
                "model": str(packaged_model_path()), "embedding_dims": 384}},
            "llm": {"provider": "openai", "config": {  # never called with infer=False
                "api_key": "unused", "openai_base_url": "http://127.0.0.1:9/v1"}},
            "history_db_path": str(workdir / "history.db"),
        })

    def add(self, user: str, turns: list[Turn]) -> None:
        msgs = [{"role": "user", "content": f"{t.speaker}: {t.text}"} for t in turns]
        meta = {"dia_id": turns[0].dia_id} if len(turns) == 1 else None  # mem0: one metadata per call
        self.mem.add(msgs, user_id=user, infer=False, metadata=meta)

    def search(self, user: str, q: str, k: int) -> list[str | None]:
        hits = self.mem.search(q, filters={"user_id": user}, top_k=k)["results"]
        return [(h.get("metadata") or {}).get("dia_id") for h in hits]

    def drain(self) -> None:
        """mem0 with infer=False leaves no work behind."""

    def close(self) -> None:
        client = getattr(getattr(self.mem, "vector_store", None), "client", None)
        if client is not None:
            client.close()


class MemGraphSide:
    """mem_graph's embedded default (Qdrant Edge + LadybugDB + SQLite), infer=False."""

    def __init__(self, workdir: Path, config: dict[str, Any] | None = None):
        from mem_graph import Memory

        self.mem = Memory(path=workdir / "mem_graph", config=config)

    def add(self, user: str, turns: list[Turn]) -> None:
        msgs = [{"role": "user", "content": t.text, "name": t.speaker, "timestamp": t.timestamp,
                 "metadata": {"dia_id": t.dia_id}} for t in turns]
        self.mem.add(msgs, user_id=user, infer=False)

    def search(self, user: str, q: str, k: int) -> list[str | None]:
        hits = self.mem.search(q, user_id=user, limit=k)["results"]
        return [h["metadata"].get("dia_id") for h in hits]

    def drain(self) -> None:
        """Wait for the deferred graph steps of the adds (``extraction.defer_verbatim_graph``)."""
        self.mem.flush()

    def close(self) -> None:
        self.mem.close()


def _interleave(calls: list[Callable[[str], Any]], times: dict[str, list[float]], i: int) -> list[Any]:
    """Run each system's call once, alternating which goes first; time each."""
    order = list(zip(SYSTEMS, calls, strict=True))
    if i % 2:
        order.reverse()
    out: dict[str, Any] = {}
    for name, call in order:
        t0 = time.perf_counter()
        out[name] = call(name)
        times[name].append((time.perf_counter() - t0) * 1000)
    return [out[n] for n in SYSTEMS]


def _open(workdir: Path, threads: int, config: dict[str, Any] | None = None) -> dict[str, Any]:
    (workdir / "mem0").mkdir(parents=True)
    (workdir / "mg").mkdir(parents=True)
    return {"mem0": Mem0Side(workdir / "mem0", threads), "mem_graph": MemGraphSide(workdir / "mg", config)}


def _warm(sides: dict[str, Any]) -> None:
    """First calls pay for lazy loads (mem0 tries its spaCy download once): not measured."""
    warm = [Turn("W:1", "warm", "Warming up the embedder and the stores.", None)]
    for s in sides.values():
        s.add("warm-up", warm)
        s.search("warm-up", "what warms up?", 10)


def run(data: str, limit_turns: int | None, console: Console, torch_threads: int = 1,
        config: dict[str, Any] | None = None) -> dict[str, Any]:
    convs = [load_conversation(Path(p), set(CATEGORIES)) for p in sorted(glob.glob(data))]
    if not convs:
        raise SystemExit(f"no LoCoMo files match {data!r}")
    for c in convs:
        c.turns = c.turns[:limit_turns] if limit_turns else c.turns
    n_turns = sum(len(c.turns) for c in convs)
    report: dict[str, Any] = {"conversations": [c.name for c in convs], "turns": n_turns,
                              "torch_threads": torch_threads}

    with tempfile.TemporaryDirectory() as d:
        # 1. batched: one session per call, fresh stores
        sides = _open(Path(d) / "batched", torch_threads, config)
        _warm(sides)
        batch_ms: dict[str, list[float]] = {s: [] for s in SYSTEMS}
        sessions = [(c.name, ts) for c in convs for ts in _sessions(c.turns)]
        for i, (user, turns) in enumerate(sessions):
            _interleave([lambda s, u=user, t=turns: sides[s].add(u, t)] * 2, batch_ms, i)
        drain_ms = _drain(sides)
        for s in sides.values():
            s.close()
        # sustained: the adds plus the background work they left (waited for after the last add)
        report["add_session"] = {s: {"calls": len(v), "p50_ms": statistics.median(v), "p95_ms": _pct(v, 95),
                                     "turns_per_s": n_turns / (sum(v) / 1000), "drain_ms": drain_ms[s],
                                     "sustained_turns_per_s": n_turns / ((sum(v) + drain_ms[s]) / 1000)}
                                 for s, v in batch_ms.items()}
        console.print(f"batched add done: {len(sessions)} sessions")

        # 2. one turn per call, then search on those stores
        sides = _open(Path(d) / "turns", torch_threads, config)
        _warm(sides)
        add_ms: dict[str, list[float]] = {s: [] for s in SYSTEMS}
        i = 0
        for c in convs:
            for t in c.turns:
                _interleave([lambda s, u=c.name, tt=t: sides[s].add(u, [tt])] * 2, add_ms, i)
                i += 1
        turn_drain_ms = _drain(sides)  # left over after the last add; the searches below start settled
        console.print(f"per-turn add done: {i} turns")
        search_ms: dict[str, list[float]] = {s: [] for s in SYSTEMS}
        recall: dict[str, list[float]] = {s: [] for s in SYSTEMS}
        i = 0
        for c in convs:
            known = {t.dia_id for t in c.turns}
            for q in c.questions:
                if not set(q.evidence) <= known:
                    continue
                found = _interleave([lambda s, u=c.name, qq=q.question: sides[s].search(u, qq, 10)] * 2,
                                    search_ms, i)
                for s, ids in zip(SYSTEMS, found, strict=True):
                    recall[s].append(len(set(q.evidence) & set(ids)) / len(q.evidence))
                i += 1
        for s in sides.values():
            s.close()
    report["add_turn"] = {s: {"calls": len(v), "p50_ms": statistics.median(v), "p95_ms": _pct(v, 95),
                              "drain_after_last_ms": turn_drain_ms[s]} for s, v in add_ms.items()}
    report["search"] = {s: {"calls": len(v), "p50_ms": statistics.median(v), "p95_ms": _pct(v, 95),
                            "recall@10": float(np.mean(recall[s])) if recall[s] else float("nan")}
                        for s, v in search_ms.items()}
    return report


def _drain(sides: dict[str, Any]) -> dict[str, float]:
    """Time each side's wait for the work its adds left behind."""
    out = {}
    for name, side in sides.items():
        t0 = time.perf_counter()
        side.drain()
        out[name] = (time.perf_counter() - t0) * 1000
    return out


def _sessions(turns: list[Turn]) -> list[list[Turn]]:
    by: dict[str, list[Turn]] = defaultdict(list)
    for t in turns:
        by[t.dia_id.split(":")[0]].append(t)
    return list(by.values())


def print_table(r: dict[str, Any], console: Console) -> None:
    table = Table(title=f"mem0 vs mem_graph, interleaved call by call ({r['turns']} LoCoMo turns, "
                        f"{', '.join(r['conversations'])})")
    for col in ("measure", "mem0", "mem_graph", "mem0 / mem_graph"):
        table.add_column(col, justify="right")

    def row(label: str, key: str, field: str, fmt: str = "{:.1f}", higher_better: bool = False) -> None:
        a, b = r[key]["mem0"][field], r[key]["mem_graph"][field]
        ratio = (b / a if higher_better else a / b) if a and b else float("nan")
        table.add_row(label, fmt.format(a), fmt.format(b), f"{ratio:.2f}x")

    row("add, one turn per call: p50 ms", "add_turn", "p50_ms")
    row("add, one turn per call: p95 ms", "add_turn", "p95_ms")
    row("add, one session per call: p50 ms", "add_session", "p50_ms")
    row("add, one session per call: turns/s", "add_session", "turns_per_s", higher_better=True)
    row("  same, sustained (incl. drain): turns/s", "add_session", "sustained_turns_per_s", higher_better=True)
    row("search k=10: p50 ms", "search", "p50_ms")
    row("search k=10: p95 ms", "search", "p95_ms")
    a, b = r["search"]["mem0"]["recall@10"], r["search"]["mem_graph"]["recall@10"]
    table.add_row(f"recall@10 ({r['search']['mem0']['calls']} questions)", f"{a:.3f}", f"{b:.3f}", "")
    console.print(table)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", required=True, help="glob of LoCoMo conversation JSON files")
    ap.add_argument("--limit-turns", type=int, help="first N turns of each conversation")
    ap.add_argument("--torch-threads", type=int, default=1, help="torch threads for mem0's embedder")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--config", type=json.loads, help="mem_graph Memory config overrides as JSON, e.g. "
                    "'{\"extraction\": {\"defer_verbatim_graph\": false}}'")
    args = ap.parse_args()
    from mem_graph.logging_setup import quiet_libraries

    quiet_libraries()
    console = Console()
    report = run(args.data, args.limit_turns, console, args.torch_threads, args.config)
    report["config"] = args.config
    report["load_average"] = os.getloadavg()
    print_table(report, console)
    console.print(f"load average (1/5/15 min) at the end: {report['load_average']}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
