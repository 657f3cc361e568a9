"""``Memory(...)`` built from parts the caller opened: real stores, a real embedder, reranker and extractor
replace what the config would build, and stay the caller's to close."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from mem_graph import ConfigError, Memory
from mem_graph.config import EmbedderConfig, MemoryConfig, RerankerConfig
from mem_graph.embed import build_embedder
from mem_graph.extract.rule_mode import Verbatim
from mem_graph.extract.rules import RuleExtractor
from mem_graph.retrieve.rerank import Reranker
from mem_graph.stores.graph.ladybug import LadybugGraphStore
from mem_graph.stores.history import HistoryStore
from mem_graph.stores.vector.base import VectorFilter
from mem_graph.stores.vector.edge import EdgeVectorStore
from mem_graph.types import Scope


@dataclass
class Parts:
    vectors: EdgeVectorStore
    graph: LadybugGraphStore
    history: HistoryStore


@pytest.fixture
def parts(tmp_path: Path) -> Iterator[Parts]:
    dim = build_embedder(EmbedderConfig()).dim
    opened = Parts(EdgeVectorStore(tmp_path / "own" / "vectors", dim), LadybugGraphStore(tmp_path / "own" / "g.lbug"),
                   HistoryStore(tmp_path / "own" / "history.sqlite"))
    yield opened
    for store in (opened.vectors, opened.graph, opened.history):
        store.close()


def test_a_memory_of_ready_made_stores_remembers_supersedes_and_answers(parts: Parts, tmp_path: Path) -> None:
    reranker = Reranker(RerankerConfig(config={"enabled": False}))
    with Memory(path=tmp_path / "data", vector_store=parts.vectors, graph_store=parts.graph,
                history_store=parts.history, embedder=build_embedder(EmbedderConfig()), reranker=reranker) as m:
        assert (m.vectors, m.graph_store, m.history_store) == (parts.vectors, parts.graph, parts.history)
        m.add("I live in Beijing.", user_id="alice")
        m.add("I moved to Shanghai last month.", user_id="alice")
        hits = m.search("where does alice live?", user_id="alice", explain=True)
        assert "Shanghai" in hits["results"][0]["memory"]
        assert hits["rerank"] == "disabled"  # the reranker passed in, not the config's
        old = m.get_all(user_id="alice", include_invalidated=True)["results"]
        assert any("Beijing" in r["memory"] and r["status"] == "invalidated" for r in old)
        assert m.graph.relations(user_id="alice")  # the entities went into the graph store given

    # close() left the caller's stores open: what was written is there, read straight from them
    scope = VectorFilter(scope=Scope(user_id="alice"), statuses=None)
    assert parts.vectors.count(scope) >= 2
    assert parts.history.messages(Scope(user_id="alice"))
    assert not (tmp_path / "data" / "vectors").exists()  # nothing was built from the config


def test_the_extractor_passed_in_decides_each_add(parts: Parts, tmp_path: Path) -> None:
    verbatim = Verbatim(RuleExtractor())  # stores each message as said, where the rules would extract facts
    with Memory(path=tmp_path / "data", vector_store=parts.vectors, graph_store=parts.graph,
                history_store=parts.history, extractor=verbatim) as m:
        m.add("Honestly I'm sick of jazz these days and I moved to Lyon.", user_id="bob")
        texts = [r["memory"] for r in m.get_all(user_id="bob")["results"]]
    assert texts == ["Honestly I'm sick of jazz these days and I moved to Lyon."]


def test_a_vector_store_of_another_width_is_refused_and_left_open(tmp_path: Path) -> None:
    narrow = EdgeVectorStore(tmp_path / "narrow", 8)
    try:
        with pytest.raises(ConfigError, match="8-d"):
            Memory(config=MemoryConfig(path=tmp_path / "data"), vector_store=narrow)
        assert narrow.count(VectorFilter(scope=Scope(user_id="x"))) == 0  # still open: the caller closes it
    finally:
        narrow.close()
    Memory(path=tmp_path / "data").close()  # the failed open released the data directory's lock
