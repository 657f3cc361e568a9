"""Hub benchmark: requests/s and p50/p99 latency for search and add, N concurrent clients on loopback.

Usage: ``python -m pipelines.hub_bench [--clients 16] [--seed 2000] [--searches 800] [--adds 320] [--json OUT]``.
Starts ``mem-graph serve`` on a temporary data directory (its own process, rate limit off),
seeds verbatim memories for one user per client, then runs each phase with every
client (its own AsyncMemoryClient and connection) issuing requests back to back.
Latency is measured at the client: HTTP, JSON, auth and the SDK call included.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
import numpy as np
from rich.console import Console
from rich.table import Table

from mem_graph.bench.synthetic import questions, turns
from mem_graph.client import AsyncMemoryClient, MemoryClient
from mem_graph.server.auth import TokenStore


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(data: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-c", "from mem_graph.cli import main; main()", "serve",
                             "--path", str(data), "--port", str(port),
                             "--rate-limit", "1000000", "--rate-burst", "1000000", "--log-level", "warning"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env={**os.environ, "HF_HUB_OFFLINE": "1"})
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("mem-graph serve exited during startup")
        try:
            if httpx.get(f"{url}/v1/health", timeout=2).status_code == 200:
                return proc, url
        except httpx.TransportError:
            pass
        time.sleep(0.25)
    proc.kill()
    raise RuntimeError("mem-graph serve did not come up")


async def run_phase(url: str, token: str, clients: int, total: int,
                    request: Callable[[AsyncMemoryClient, int, int], Awaitable[Any]]) -> dict[str, float]:
    """``clients`` concurrent clients, ``total`` requests in all; returns throughput and latency percentiles."""
    per_client = max(1, total // clients)
    latencies: list[float] = []

    async def worker(c: int) -> None:
        async with AsyncMemoryClient(url, token, retries=0) as m:
            for i in range(per_client):
                t0 = time.perf_counter()
                await request(m, c, i)
                latencies.append(time.perf_counter() - t0)

    t0 = time.perf_counter()
    await asyncio.gather(*(worker(c) for c in range(clients)))
    wall = time.perf_counter() - t0
    ms = np.asarray(latencies) * 1000
    return {"requests": len(latencies), "seconds": round(wall, 2), "rps": round(len(latencies) / wall, 1),
            "p50_ms": round(float(np.percentile(ms, 50)), 1), "p99_ms": round(float(np.percentile(ms, 99)), 1)}


def bench(clients: int, seed: int, searches: int, adds: int, console: Console) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as d:
        data = Path(d) / "hub"
        store = TokenStore(data / "hub.sqlite")
        token = store.create("bench", ["bench"], rate_limit=1e9)[0]
        store.close()
        with console.status("starting mem-graph serve (loading models)…"):
            proc, url = start_server(data)
        try:
            texts = turns(seed)
            with console.status(f"seeding {seed} memories for {clients} users…"), MemoryClient(url, token) as m:
                per_user = max(1, seed // clients)
                for c in range(clients):
                    chunk = texts[c * per_user:(c + 1) * per_user]
                    for i in range(0, len(chunk), 250):
                        m.add([{"role": "user", "content": t} for t in chunk[i:i + 250]], user_id=f"user-{c}",
                              infer=False)
            qs = questions(max(searches, 16))
            new = turns(adds * 2, seed=99)

            async def search(m: AsyncMemoryClient, c: int, i: int) -> Any:
                return await m.search(qs[(c * 7919 + i) % len(qs)], user_id=f"user-{c}", limit=10)

            async def add_rules(m: AsyncMemoryClient, c: int, i: int) -> Any:
                return await m.add(new[(c * 131 + i) % len(new)], user_id=f"user-{c}")

            async def add_raw(m: AsyncMemoryClient, c: int, i: int) -> Any:
                return await m.add(new[(c * 131 + i + 1) % len(new)], user_id=f"user-{c}", infer=False)

            results: dict[str, Any] = {"clients": clients, "seeded_memories": per_user * clients}
            asyncio.run(run_phase(url, token, clients, clients, search))  # warm-up
            for name, fn, n in (("search", search, searches), ("add (infer=True, rules)", add_rules, adds),
                                ("add (infer=False)", add_raw, adds)):
                with console.status(f"{name}: {n} requests from {clients} clients…"):
                    results[name] = asyncio.run(run_phase(url, token, clients, n, fn))
            return results
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clients", type=int, default=16)
    ap.add_argument("--seed", type=int, default=2000, help="verbatim memories stored before measuring")
    ap.add_argument("--searches", type=int, default=800)
    ap.add_argument("--adds", type=int, default=320)
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args(argv)
    console = Console()
    out = bench(args.clients, args.seed, args.searches, args.adds, console)
    table = Table(title=f"mem_graph hub on loopback: {out['clients']} concurrent clients, "
                        f"{out['seeded_memories']} memories, {os.cpu_count()} CPUs")
    for col in ("phase", "requests", "req/s", "p50 ms", "p99 ms"):
        table.add_column(col, justify="right" if col != "phase" else "left")
    for name, r in out.items():
        if isinstance(r, dict):
            table.add_row(name, str(r["requests"]), f"{r['rps']:.1f}", f"{r['p50_ms']:.1f}", f"{r['p99_ms']:.1f}")
    console.print(table)
    if args.json:
        args.json.write_text(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
