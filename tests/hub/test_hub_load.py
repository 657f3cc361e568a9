"""Load: 50 concurrent clients on loopback mix adds, searches, lists, gets and Cypher against one hub; no 5xx,
and every acknowledged write is in the stores afterwards.

The suite runs 15 seconds (and at least MIN_OPS requests per client, so a slow machine changes the duration,
not the verdict); ``MEM_GRAPH_LOAD_SECONDS=120`` runs the full two minutes.
"""

from __future__ import annotations

import os
import random
import threading
import time
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
from running_hub import start_hub

from mem_graph.maintenance import check
from mem_graph.server.settings import HubSettings

CLIENTS = 50
SECONDS = float(os.environ.get("MEM_GRAPH_LOAD_SECONDS", "15"))
MIN_OPS = 8  # every client sends at least this many requests, however slow the machine (no throughput assertion)
NS = "load"


def _client_loop(url: str, token: str, user: str, deadline: float, seed: int, out: dict[str, Any]) -> None:
    rng = random.Random(seed)
    statuses: Counter[str] = Counter()
    acked: dict[str, str] = {}
    texts: list[str] = []
    with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {token}"}, timeout=120) as http:

        def send(method: str, path: str, kind: str, **kw: Any) -> httpx.Response | None:
            for _ in range(3):  # a dropped connection is retried; adds carry an event id, so that is safe
                try:
                    resp = http.request(method, path, **kw)
                except httpx.TransportError as exc:
                    statuses[f"{kind} {type(exc).__name__}"] += 1
                    continue
                statuses[f"{kind} {resp.status_code}"] += 1
                return resp
            return None

        i = 0
        while i < MIN_OPS or time.monotonic() < deadline:
            i += 1
            roll = rng.random()
            if roll < 0.45:
                infer = roll < 0.08
                batch = [f"{user} note {i}-{j}: {rng.choice(['Ann', 'Ben', 'Cy'])} likes "
                         f"{rng.choice(['tea', 'chess', 'jazz', 'golf'])}" for j in range(rng.randint(1, 3))]
                if infer:
                    city, drink = rng.choice(["Paris", "Rome", "Oslo"]), rng.choice(["tea", "jazz"])
                    batch = [f"I live in {city}. I like {drink}."]
                body = {"messages": [{"role": "user", "content": t} for t in batch], "user_id": user,
                        "namespace": NS, "infer": infer, "event_id": f"{user}-{i}-{uuid.uuid4().hex[:8]}"}
                resp = send("POST", "/v1/memories", "add", json=body)
                if resp is not None and resp.status_code == 200:
                    texts.extend(batch)
                    acked.update({r["id"]: r["memory"] for r in resp.json()["results"] if r["event"] in ("ADD",
                                                                                                          "UPDATE")})
            elif roll < 0.75:
                send("POST", "/v1/memories/search", "search", json={
                    "query": rng.choice(texts) if texts else "who likes tea?", "user_id": user, "namespace": NS,
                    "limit": 5, "rerank": False})
            elif roll < 0.87:
                send("GET", "/v1/memories", "list", params={"user_id": user, "namespace": NS, "limit": 20})
            elif roll < 0.95 and acked:
                send("GET", f"/v1/memories/{rng.choice(list(acked))}", "get", params={"user_id": user,
                                                                                     "namespace": NS})
            else:
                send("POST", "/v1/graph/cypher", "cypher", json={
                    "query": "MATCH (m:Memory) RETURN count(m) AS n", "user_id": user, "namespace": NS})
    out.update(statuses=statuses, acked=acked, texts=texts)


def run_load(root: Path, clients: int = CLIENTS, seconds: float = SECONDS) -> dict[str, Any]:
    running = start_hub(HubSettings(path=root / "data", rate_limit=100_000, rate_burst=100_000))
    try:
        tokens = [running.token(f"load-{c}", [NS]) for c in range(clients)]
        results: list[dict[str, Any]] = [{} for _ in range(clients)]
        deadline = time.monotonic() + seconds
        threads = [threading.Thread(target=_client_loop, args=(running.url, tokens[c], f"load-user-{c}", deadline,
                                                               c, results[c])) for c in range(clients)]
        t0 = time.monotonic()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.monotonic() - t0
        memory = running.hub.memory
        lost = []
        for c, res in enumerate(results):
            user = f"load-user-{c}"
            stored = {r["id"]: r["memory"] for r in memory.get_all(user_id=user, namespace=NS, limit=1000,
                                                                   include_invalidated=True)["results"]}
            lost += [mid for mid in res["acked"] if mid not in stored]
            processed = Counter(m["content"] for m in memory.messages(user_id=user, namespace=NS, status="processed"))
            lost += [t for t, n in Counter(res["texts"]).items() if processed[t] < n]
        report = check(memory)
    finally:
        running.stop()
    statuses = sum((r["statuses"] for r in results), Counter())
    return {"clients": clients, "seconds": round(elapsed, 1), "requests": sum(statuses.values()),
            "acknowledged_writes": sum(len(r["acked"]) for r in results), "statuses": dict(statuses),
            "server_errors": sum(n for k, n in statuses.items() if k.split()[-1].startswith("5")),
            "transport_errors": sum(n for k, n in statuses.items() if not k.split()[-1].isdigit()),
            "lost": lost, "consistent": report.ok}


def test_fifty_clients_lose_nothing_and_get_no_5xx(tmp_path: Path) -> None:
    out = run_load(tmp_path)
    print(out)
    assert out["server_errors"] == 0, out["statuses"]
    assert out["lost"] == [], out["lost"][:10]
    assert out["consistent"]
    assert out["acknowledged_writes"] > CLIENTS and out["requests"] > 5 * CLIENTS
    assert all(k.split()[-1] == "200" for k in out["statuses"]), out["statuses"]  # nothing refused or dropped
