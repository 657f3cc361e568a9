"""Scope isolation at scale: many users, many memories, zero cross-scope results from any read.

The default run uses 50 users and 400 memories; ``MEM_GRAPH_SLOW=1`` runs the full size (50 users,
10,000 memories, 3,000 searches).
"""

from __future__ import annotations

import os
import random
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from mem_graph import Memory, NotFoundError

NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi")
CITIES = ("Paris", "Berlin", "Lima", "Oslo", "Kyoto", "Rome", "Quito", "Dakar")
THINGS = ("tea", "chess", "jazz", "sushi", "hiking", "poetry", "golf", "opera")


def build(m: Memory, users: int, per_user: int, rng: random.Random) -> dict[tuple[str, str], set[str]]:
    """Add ``per_user`` memories for each user (a tenth in a second namespace, some with an agent)."""
    owner: dict[tuple[str, str], set[str]] = defaultdict(set)
    for u in range(users):
        user = f"user-{u:02d}"
        texts = [f"{rng.choice(NAMES)} met {rng.choice(NAMES)} in {rng.choice(CITIES)} to talk about "
                 f"{rng.choice(THINGS)} (note {u}-{i})" for i in range(per_user)]
        texts[0] = "Bob works at Acme."  # the same text for everyone: one shared string, many scopes
        split = max(1, per_user // 10)
        for ns, batch, agent in (("default", texts[split:], None), ("team", texts[:split], f"agent-{u % 3}")):
            if batch:
                out = m.add([{"role": "user", "content": t} for t in batch], user_id=user, agent_id=agent,
                            namespace=ns, infer=False)
                owner[(user, ns)].update(r["id"] for r in out["results"])
    return owner


def probe(m: Memory, owner: dict[tuple[str, str], set[str]], searches: int, rng: random.Random) -> dict[str, int]:
    """Searches, gets, lists, histories, deletes and graph queries across scopes; every leak is a failure."""
    scopes = sorted(owner)
    everyone = {mid: s for s, ids in owner.items() for mid in ids}
    texts = {r["id"]: r["memory"] for s in scopes for r in m.get_all(user_id=s[0], namespace=s[1],
                                                                      limit=1000)["results"]}
    counts: dict[str, int] = defaultdict(int)
    for s in scopes:  # lists: exactly the scope's memories
        got = {r["id"] for r in m.get_all(user_id=s[0], namespace=s[1], limit=1000)["results"]}
        assert got == owner[s], f"get_all of {s} differs from what was added"
        counts["lists"] += 1
    ids = list(everyone)
    for _ in range(searches):
        s = rng.choice(scopes)
        other = rng.choice(ids)
        query = texts[other] if rng.random() < 0.7 else rng.choice(("who works at Acme?", "jazz in Paris", "Bob"))
        hits = m.search(query, user_id=s[0], namespace=s[1], limit=10, rerank=False)["results"]
        leaked = [h["id"] for h in hits if h["id"] not in owner[s]]
        assert not leaked, f"search as {s} returned other scopes' memories {leaked}"
        counts["searches"] += 1
        counts["search_hits"] += len(hits)
        if everyone[other] != s:  # someone else's id: invisible, untouchable
            for call in (m.get, m.history, m.delete):
                with pytest.raises(NotFoundError):
                    call(other, user_id=s[0], namespace=s[1])
            counts["foreign_id_calls"] += 3
        else:
            assert m.get(other, user_id=s[0], namespace=s[1])["id"] == other
            counts["gets"] += 1
    for s in scopes[:: max(1, len(scopes) // 25)]:  # graph: cypher, relations, neighbourhoods
        mids = {r["id"] for r in m.graph.cypher("MATCH (x:Memory) RETURN x.id AS id", user_id=s[0], namespace=s[1])}
        assert mids == owner[s]
        users = {r["u"] for r in m.graph.cypher("MATCH (e)-[r]-(f) RETURN DISTINCT e.user_id AS u",
                                                  user_id=s[0], namespace=s[1])}
        assert users <= {s[0]}
        rel_mids = {r["memory_id"] for r in m.graph.relations(user_id=s[0], namespace=s[1], include_invalid=True)}
        assert rel_mids <= owner[s]
        g = m.graph.neighbours("Bob", 2, user_id=s[0], namespace=s[1])
        assert all(d["memory_id"] in owner[s] for *_, d in g.edges(data=True))
        counts["graph_queries"] += 4
    return dict(counts)


def run(tmp: Path, users: int, per_user: int, searches: int) -> dict[str, Any]:
    rng = random.Random(20240607)
    with Memory(path=tmp / "m") as m:
        t0 = time.monotonic()
        owner = build(m, users, per_user, rng)
        t1 = time.monotonic()
        counts = probe(m, owner, searches, rng)
        counts.update(memories=sum(map(len, owner.values())), build_s=round(t1 - t0, 1),
                      probe_s=round(time.monotonic() - t1, 1))
    return counts


def test_no_cross_scope_results(tmp_path: Path) -> None:
    counts = run(tmp_path, users=50, per_user=8, searches=150)
    assert counts["memories"] == 400 and counts["searches"] == 150 and counts["foreign_id_calls"] > 200
    print(counts)


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("MEM_GRAPH_SLOW") != "1", reason="full size: set MEM_GRAPH_SLOW=1")
def test_no_cross_scope_results_at_full_size(tmp_path: Path) -> None:
    counts = run(tmp_path, users=50, per_user=200, searches=3000)
    assert counts["memories"] == 10_000 and counts["searches"] == 3000
    print(counts)
