"""Indexing the vector store (``Memory.optimize`` / ``mem-graph optimize``, issue #17) changes how a search runs,
never what it answers: searches, scope filters, adds and deletes give the same results before and after.

The shard is opened with small thresholds, scaled down from Qdrant's defaults the way a few hundred memories
relate to a large scope: every segment gets an HNSW graph (the default indexes past ~6,500 384-d vectors), a search
over a whole scope (240 memories, ~360 KB of vectors) walks it, and a narrow filter (one entity's ~25 memories)
scores its matches exactly, as Qdrant does below ``full_scan_threshold``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mem_graph import Memory
from mem_graph.config import MemoryConfig
from mem_graph.embed_lazy import LazyEmbedder
from mem_graph.stores.vector.edge import EdgeVectorStore

TOPICS = ["hiking in the alps", "sourdough baking", "rust programming", "jazz piano", "tomato gardening",
          "marathon training", "chess openings", "watercolor painting", "espresso machines", "sailing lessons"]
QUERIES = ["what bread does she bake", "which mountains", "music practice", "what does he grow", "coffee gear"]


def _texts(user: str, n: int) -> list[str]:
    return [f"{user} spent week {i} on {TOPICS[i % len(TOPICS)]} with friend number {i // len(TOPICS)}"
            for i in range(n)]


def _ids(mem: Memory, query: str, user: str, limit: int) -> list[str]:
    return [h["id"] for h in mem.search(query, user_id=user, limit=limit, rerank=False)["results"]]


def _answers(mem: Memory) -> dict[str, list[str]]:
    out = {f"{u}:{q}": _ids(mem, q, u, 8) for u in ("alice", "bob") for q in QUERIES}
    out["alice:all"] = sorted(r["id"] for r in mem.get_all(user_id="alice", limit=1000)["results"])
    return out


@pytest.fixture
def indexed_memory(tmp_path: Path) -> Iterator[Memory]:
    dim = LazyEmbedder(MemoryConfig(path=tmp_path / "mem").embedder).dim
    store = EdgeVectorStore(tmp_path / "vectors", dim, indexing_threshold_kb=1, full_scan_threshold_kb=100)
    try:
        with Memory(path=tmp_path / "mem", vector_store=store) as mem:
            mem.add([{"role": "user", "content": t} for t in _texts("alice", 240)], user_id="alice", infer=False)
            mem.add([{"role": "user", "content": t} for t in _texts("bob", 60)], user_id="bob", infer=False)
            yield mem
    finally:
        store.close()


def test_optimize_builds_the_index_and_answers_stay_the_same(indexed_memory: Memory) -> None:
    mem = indexed_memory
    before = _answers(mem)
    result = mem.optimize()
    assert result.changed and result.points == 300
    assert result.indexed_after is not None and result.indexed_after > result.points  # dense vectors indexed too
    assert _answers(mem) == before
    assert mem.optimize().changed is False  # nothing new to index


def test_an_import_optimized_at_once_stays_indexed_after_its_graph_steps_run(indexed_memory: Memory) -> None:
    """The verbatim adds' graph steps are deferred; optimizing before any read ran them must not leave them to
    rewrite the indexed points afterwards (each payload write moves its point back to an unindexed segment)."""
    mem = indexed_memory
    assert mem.optimize().changed
    mem.search("what bread does she bake", user_id="alice")  # a read runs any graph step still pending
    assert mem.optimize().changed is False  # nothing was moved out of the index


def test_writes_after_optimize_are_searched_and_scoped(indexed_memory: Memory) -> None:
    mem = indexed_memory
    mem.optimize()
    new = mem.add([{"role": "user", "content": "alice adopted a grey parrot called Pixel"}],
                  user_id="alice", infer=False)["results"][0]["id"]
    assert new in _ids(mem, "what pet bird does she have", "alice", 5)
    assert new not in _ids(mem, "what pet bird does she have", "bob", 50)
    gone = _ids(mem, "sourdough baking", "alice", 1)[0]
    mem.delete(gone, user_id="alice")
    assert gone not in _ids(mem, "sourdough baking", "alice", 50)
    before = _answers(mem)
    mem.optimize()  # the new point and the deletion are folded into the indexed segments
    assert _answers(mem) == before


def test_cli_optimize_reports_json(tmp_path: Path) -> None:
    from mem_graph.cli import app

    with Memory(path=tmp_path / "mem") as mem:
        mem.add([{"role": "user", "content": t} for t in _texts("alice", 20)], user_id="alice", infer=False)
    out = CliRunner().invoke(app, ["optimize", "--path", str(tmp_path / "mem"), "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.output)
    assert report["backend"] == "qdrant_edge" and report["points"] == 20
    assert "indexing threshold" in report["note"]  # 20 vectors: exact scan, nothing to index
