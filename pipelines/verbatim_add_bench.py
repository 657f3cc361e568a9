"""add(infer=False) alone, with its deferred graph step counted: latency per call, sustained turns/s, CPU.

    python -m pipelines.verbatim_add_bench --data ../shared/data/locomo/26.json --turns 100 [--per session]
        [--sync] [--config '{"embedder": {"config": {"quantize": "int8"}}}']

Adds the first ``--turns`` LoCoMo turns (speaker and session time kept) one per call, or one session per
call, then times ``Memory.flush()`` (the graph steps still pending: the drain). ``--sync`` sets
``extraction.defer_verbatim_graph: false`` (parse and graph write inside ``add()``); ``--config`` merges
other Memory settings (an opt-in int8 embedder, say). Run the modes back to back on a shared machine and
compare them, not absolute numbers.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from pipelines.locomo_data import CATEGORIES, Turn, load_conversation


def run(data: Path, n: int, per: str, sync: bool, config: dict[str, Any] | None = None) -> dict[str, Any]:
    from mem_graph import Memory

    turns = load_conversation(data, set(CATEGORIES)).turns[:n]
    calls: list[list[Turn]] = [[t] for t in turns]
    if per == "session":
        by: dict[str, list[Turn]] = {}
        for t in turns:
            by.setdefault(t.dia_id.split(":")[0], []).append(t)
        calls = list(by.values())
    with tempfile.TemporaryDirectory() as d:
        cfg = dict(config or {})
        cfg["extraction"] = {**cfg.get("extraction", {}), "defer_verbatim_graph": not sync}
        m = Memory(path=Path(d), config=cfg)
        m.add("Warming up the embedder and the parser.", user_id="warm", infer=False)
        m.flush()
        ms: list[float] = []
        wall, cpu = time.perf_counter(), time.process_time()
        for call in calls:
            t0 = time.perf_counter()
            m.add([{"role": "user", "content": t.text, "name": t.speaker, "timestamp": t.timestamp}
                   for t in call], user_id="u", infer=False)
            ms.append((time.perf_counter() - t0) * 1000)
        adds = time.perf_counter() - wall
        t0 = time.perf_counter()
        m.flush()
        drain = time.perf_counter() - t0
        cpu = time.process_time() - cpu
        m.close()
    return {"mode": "sync" if sync else "deferred", "per": per, "config": config, "calls": len(ms), "turns": len(turns),
            "p50_ms": round(statistics.median(ms), 1), "mean_ms": round(statistics.mean(ms), 1),
            "turns_per_s": round(len(turns) / adds, 1), "drain_s": round(drain, 3),
            "sustained_turns_per_s": round(len(turns) / (adds + drain), 1),
            "cpu_ms_per_turn": round(cpu / len(turns) * 1000, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, required=True, help="one LoCoMo conversation JSON file")
    ap.add_argument("--turns", type=int, default=100)
    ap.add_argument("--per", choices=("turn", "session"), default="turn")
    ap.add_argument("--sync", action="store_true", help="defer_verbatim_graph: false")
    ap.add_argument("--config", type=json.loads, help="other Memory config as JSON")
    args = ap.parse_args()
    print(json.dumps(run(args.data, args.turns, args.per, args.sync, args.config)))


if __name__ == "__main__":
    main()
