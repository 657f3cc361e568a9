"""Exploration Cypher under attack: the hub's peak memory and other clients' latency while one token
sends runaway queries.

Usage: ``python -m pipelines.explore_attack [--seconds 60]``.

Starts a real hub (uvicorn, embedded stores) in a child process on a loopback port, with two tokens.
The attacker sends, one after another: ``UNWIND range(1, 1000000000) AS x RETURN count(x)``, three
concurrent ``range(1, 100000000)`` counts and a ``collect`` of 300 million numbers. Meanwhile a second
client calls health, list and search in a loop. Prints each attack's status and time, the hub's peak RSS
(the hub process and, separately, its children: the exploration workers) and the other client's p50 /
max latencies. Not a timed test: the numbers go in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

ATTACKS = [
    ("range 1e9 count", ["UNWIND range(1, 1000000000) AS x RETURN count(x)"]),
    ("3 x range 1e8 count", ["UNWIND range(1, 100000000) AS x RETURN count(x)"] * 3),
    ("collect 3e8", ["UNWIND range(1, 300000000) AS x RETURN collect(x) AS xs"]),
]
_HUB = """
import sys, uvicorn
from mem_graph.server.app import create_app
from mem_graph.server.settings import HubSettings
uvicorn.run(create_app(HubSettings(path=sys.argv[1], rate_limit=1000, rate_burst=1000)), host="127.0.0.1",
            port=int(sys.argv[2]), log_level="warning")
"""


def _rss_mb(pid: int) -> float:
    try:
        return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, IndexError, ValueError):
        return 0.0


def _children(pid: int) -> list[int]:
    """Child processes started by any thread of ``pid``."""
    out: list[int] = []
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            with contextlib.suppress(OSError):
                out += [int(c) for c in (task / "children").read_text().split()]
    return out


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=60.0, help="client timeout per attack request")
    args = ap.parse_args()
    from mem_graph.server.auth import TokenStore

    with tempfile.TemporaryDirectory(prefix="mg-attack-") as tmp:
        tokens = TokenStore(Path(tmp) / "hub.sqlite")
        bad, good = tokens.create("attacker", ["*"])[0], tokens.create("victim", ["*"])[0]
        tokens.close()
        port = _free_port()
        hub = subprocess.Popen([sys.executable, "-c", _HUB, tmp, str(port)])
        url = f"http://127.0.0.1:{port}"
        peak = {"hub": 0.0, "children": 0.0}
        stop = threading.Event()
        lat: dict[str, list[float]] = {"health": [], "list": [], "search": [], "add": []}
        try:
            for _ in range(600):
                try:
                    httpx.get(f"{url}/v1/health", timeout=1).raise_for_status()
                    break
                except httpx.HTTPError:
                    time.sleep(0.2)
            victim = httpx.Client(base_url=url, headers={"Authorization": f"Bearer {good}"}, timeout=120)
            victim.post("/v1/memories", json={"messages": "Alice works at Acme in Paris", "user_id": "v"})

            def watch() -> None:
                while not stop.is_set():
                    peak["hub"] = max(peak["hub"], _rss_mb(hub.pid))
                    peak["children"] = max(peak["children"], sum(_rss_mb(c) for c in _children(hub.pid)))
                    time.sleep(0.05)

            def victim_loop() -> None:
                calls = {"health": ("GET", "/v1/health", None), "list": ("GET", "/v1/memories?user_id=v", None),
                         "search": ("POST", "/v1/memories/search", {"query": "where does alice work", "user_id": "v"}),
                         "add": ("POST", "/v1/memories", {"messages": "Bob likes tea", "user_id": "v", "infer": False})}
                while not stop.is_set():
                    for name, (method, path, body) in calls.items():
                        t0 = time.perf_counter()
                        victim.request(method, path, json=body)
                        lat[name].append((time.perf_counter() - t0) * 1000)
                    time.sleep(0.1)

            threads = [threading.Thread(target=watch, daemon=True), threading.Thread(target=victim_loop, daemon=True)]
            for t in threads:
                t.start()
            headers = {"Authorization": f"Bearer {bad}"}
            for name, queries in ATTACKS:
                results: list[Any] = [None] * len(queries)

                def attack(i: int, q: str, results: list[Any] = results) -> None:
                    t0 = time.perf_counter()
                    try:
                        r = httpx.post(f"{url}/v1/graph/cypher", headers=headers, timeout=args.seconds,
                                       json={"query": q, "user_id": "mallory"})
                        results[i] = (r.status_code, r.json().get("error", {}).get("code", "ok"),
                                      round(time.perf_counter() - t0, 2))
                    except httpx.HTTPError as exc:
                        results[i] = (type(exc).__name__, "", round(time.perf_counter() - t0, 2))

                ts = [threading.Thread(target=attack, args=(i, q)) for i, q in enumerate(queries)]
                for t in ts:
                    t.start()
                for t in ts:
                    t.join()
                print(f"{name}: {results}", flush=True)
            stop.set()
            for t in threads:
                t.join(timeout=130)
            report = {"peak_rss_mb": {k: round(v) for k, v in peak.items()},
                      "victim_ms": {k: {"p50": round(statistics.median(v), 1), "max": round(max(v), 1), "n": len(v)}
                                    for k, v in lat.items() if v}}
            print(json.dumps(report, indent=1))
        finally:
            stop.set()
            hub.terminate()
            try:
                hub.wait(timeout=30)
            except subprocess.TimeoutExpired:
                hub.kill()


if __name__ == "__main__":
    main()
