"""Exploration Cypher through the hub: limits come back as 4xx in the error shape, one token cannot run more than
``max_cypher_per_token`` at once (429), and exploration never holds up health, reads or writes (issue #11 item 2)."""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from running_hub import RunningHub, start_hub

from mem_graph import QueryLimitError
from mem_graph.server.settings import HubSettings

GB = 2**30
BILLION = "UNWIND range(1, 1000000000) AS x RETURN count(x) AS n"
# Runs until the exploration timeout (10^10 rows; the engine interrupts it between batches).
SLOW = "UNWIND range(1, 100000) AS x UNWIND range(1, 100000) AS y WITH x + y AS s WHERE s = 3 RETURN count(*) AS n"
TIMEOUT_S = 8


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningHub]:
    root = tmp_path_factory.mktemp("hub-explore")
    config = root / "config.json"
    config.write_text(json.dumps({"exploration": {"timeout_ms": TIMEOUT_S * 1000, "workers": 2}}))
    running = start_hub(HubSettings(path=root / "data", config=config, rate_limit=1000, rate_burst=1000,
                                    max_cypher_rows=20, max_cypher_per_token=2, read_threads=2))
    try:
        yield running
    finally:
        running.stop()


def _http(hub: RunningHub, client: str) -> httpx.Client:
    token = hub.token(client, ["*"])
    return httpx.Client(base_url=hub.url, headers={"Authorization": f"Bearer {token}"}, timeout=120)


def _explore(http: httpx.Client, query: str, out: list[Any]) -> None:
    r = http.post("/v1/graph/cypher", json={"query": query, "user_id": "u"})
    out.append((r.status_code, r.json(), r.headers))


def _start(threads: list[threading.Thread]) -> None:
    for t in threads:
        t.start()
    time.sleep(1.0)  # the requests are in the hub now; each holds on for TIMEOUT_S seconds


def _rss() -> int:
    return int(Path("/proc/self/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def test_a_runaway_query_gets_a_422_query_limit_and_the_hub_stays_small(hub: RunningHub) -> None:
    base, peak, done = _rss(), [0], threading.Event()

    def watch() -> None:
        while not done.is_set():
            peak[0] = max(peak[0], _rss() - base)
            time.sleep(0.02)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    with _http(hub, "runaway") as http:
        r = http.post("/v1/graph/cypher", json={"query": BILLION, "user_id": "u"})
    done.set()
    watcher.join()
    assert r.status_code == 422, r.text
    err = r.json()["error"]
    assert err["code"] == "query_limit" and err["type"] == "QueryLimitError" and "exploration." in err["message"]
    assert peak[0] < GB  # the hub runs in this process; unbounded, this query took it past 7 GB
    with hub.client(hub.token("runaway-sdk", ["*"])) as client, pytest.raises(QueryLimitError):
        client.graph.cypher(BILLION, user_id="u")


def test_rows_past_max_cypher_rows_come_back_truncated(hub: RunningHub) -> None:
    with _http(hub, "rows") as http:
        r = http.post("/v1/graph/cypher", json={"query": "UNWIND range(1, 200000) AS x RETURN x", "user_id": "u"})
    assert r.status_code == 200, r.text
    assert r.json()["truncated"] is True and [row["x"] for row in r.json()["results"]] == list(range(1, 21))


def test_a_token_running_too_many_explorations_gets_429(hub: RunningHub) -> None:
    out: list[Any] = []
    with _http(hub, "greedy") as http, _http(hub, "bystander") as other:
        threads = [threading.Thread(target=_explore, args=(http, SLOW, out)) for _ in range(2)]
        _start(threads)
        r = http.post("/v1/graph/cypher", json={"query": SLOW, "user_id": "u"})
        assert all(t.is_alive() for t in threads), out  # refused while its two were running
        assert r.status_code == 429, r.text
        assert r.json()["error"]["code"] == "rate_limited" and "max_cypher_per_token" in r.json()["error"]["message"]
        assert int(r.headers["retry-after"]) >= 1
        # another token is not refused (it waits for one of the exploration.workers)
        ok = other.post("/v1/graph/cypher", json={"query": "RETURN 1 AS n", "user_id": "u"})
        assert ok.status_code == 200 and ok.json()["results"] == [{"n": 1}]
        for t in threads:
            t.join()
    assert sorted(status for status, _, _ in out) == [422, 422]
    assert all(body["error"]["code"] == "query_limit" for _, body, _ in out)


def test_exploration_does_not_hold_up_health_reads_or_writes(hub: RunningHub) -> None:
    out: list[Any] = []
    with _http(hub, "heavy-a") as a, _http(hub, "heavy-b") as b, _http(hub, "victim") as victim:
        victim.post("/v1/memories", json={"messages": "Alice works at Acme", "user_id": "v"}).raise_for_status()
        threads = [threading.Thread(target=_explore, args=(c, SLOW, out)) for c in (a, a, b, b)]
        _start(threads)  # two running, two waiting for a worker: more than the hub's read threads
        took = {}
        for name, method, path, body in [
                ("health", "GET", "/v1/health", None),
                ("list", "GET", "/v1/memories?user_id=v", None),
                ("search", "POST", "/v1/memories/search", {"query": "where does alice work", "user_id": "v"}),
                ("add", "POST", "/v1/memories", {"messages": "Bob likes tea", "user_id": "v", "infer": False})]:
            t0 = time.monotonic()
            victim.request(method, path, json=body).raise_for_status()
            took[name] = time.monotonic() - t0
        still_running = sum(t.is_alive() for t in threads)
        for t in threads:
            t.join()
    assert still_running == 4  # the victim's calls overlapped the explorations
    # generous: each of them takes milliseconds; exploration queries hold their worker for TIMEOUT_S seconds
    assert max(took.values()) < TIMEOUT_S / 2, took
    assert sorted(status for status, _, _ in out) == [422] * 4
