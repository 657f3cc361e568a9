"""Switching to the server backends (Neo4j, Qdrant) is configuration only: dict, file or environment."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mem_graph import Memory
from mem_graph.config import load_config
from mem_graph.errors import NotFoundError, StoreError

ENV = ("NEO4J_URI", "NEO4J_USER", "NEO4J_PASSWORD", "NEO4J_DATABASE", "QDRANT_URL", "QDRANT_API_KEY")


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for key in ENV:
        monkeypatch.delenv(key, raising=False)


def scenario(m: Memory) -> list[tuple[str, float]]:
    """A short add / search / update / delete round on whatever backends ``m`` uses; returns the search hits."""
    m.reset()
    added = m.add("I live in Beijing and I work at Acme.", user_id="ada")
    assert {r["event"] for r in added["results"]} == {"ADD"}
    m.add("Bob lives in Paris.", user_id="bob")
    moved = m.add("I moved to Shanghai.", user_id="ada")
    assert moved["results"][0]["event"] == "UPDATE"

    hits = m.search("where does the user live?", user_id="ada")["results"]
    assert "Shanghai" in hits[0]["memory"] and not any("Paris" in h["memory"] for h in hits)
    rels = {(r["relationship"], r["destination"], r["valid"]) for r in
            m.graph.relations(user_id="ada", include_invalid=True)}
    assert {("lives_in", "Shanghai", True), ("lives_in", "Beijing", False)} <= rels

    work = next(r for r in m.get_all(user_id="ada")["results"] if "Acme" in r["memory"])
    m.update(work["id"], "I work at Globex.", user_id="ada")
    assert m.get(work["id"], user_id="ada")["memory"] == "I work at Globex."
    work_hits = m.search("where does the user work?", user_id="ada")["results"]
    assert any("Globex" in h["memory"] for h in work_hits)
    assert ("works_at", "Globex", True) in {(r["relationship"], r["destination"], r["valid"])
                                            for r in m.graph.relations(user_id="ada")}

    m.delete(work["id"], user_id="ada")
    with pytest.raises(NotFoundError):
        m.get(work["id"], user_id="ada")
    assert not any(r["destination"] == "Globex" for r in m.graph.relations(user_id="ada"))
    assert m.delete_all(user_id="ada")["deleted"] >= 1
    assert m.get_all(user_id="ada")["results"] == []
    assert [r["memory"] for r in m.get_all(user_id="bob")["results"]] == ["Bob lives in Paris"]
    return [(h["memory"], round(h["score"], 4)) for h in hits + work_hits]


@pytest.fixture(scope="module")
def embedded_hits(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, float]]:
    """The scenario on the embedded default, the reference every other backend must match."""
    with Memory(path=tmp_path_factory.mktemp("embedded")) as m:
        return scenario(m)


@pytest.fixture
def neo4j_config(neo4j_uri: str) -> dict[str, Any]:
    return {"provider": "neo4j", "config": {"url": neo4j_uri, "username": "neo4j", "password": "secret"}}


@pytest.mark.neo4j
def test_neo4j_and_qdrant_from_a_config_dict(tmp_path: Path, neo4j_config: dict[str, Any],
                                             embedded_hits: list[tuple[str, float]]) -> None:
    from mem_graph.stores.graph.neo4j import Neo4jGraphStore
    from mem_graph.stores.vector.qdrant import QdrantServerVectorStore

    cfg = {"path": str(tmp_path), "graph_store": neo4j_config,
           "vector_store": {"provider": "qdrant", "config": {"location": ":memory:", "collection_name": "switch"}}}
    with Memory.from_config(cfg) as m:
        assert isinstance(m.graph_store, Neo4jGraphStore) and isinstance(m.vectors, QdrantServerVectorStore)
        assert scenario(m) == embedded_hits  # same memories, same scores as the embedded default


@pytest.mark.neo4j
def test_neo4j_from_the_environment_and_qdrant_from_a_config_file(tmp_path: Path, neo4j_uri: str,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from mem_graph.stores.graph.neo4j import Neo4jGraphStore
    from mem_graph.stores.vector.qdrant import QdrantServerVectorStore

    monkeypatch.setenv("NEO4J_URI", neo4j_uri)
    monkeypatch.setenv("NEO4J_USER", "neo4j")
    monkeypatch.setenv("NEO4J_PASSWORD", "secret")
    cfg_file = tmp_path / "mem_graph.json"
    cfg_file.write_text(json.dumps({"path": str(tmp_path / "data"), "vector_store": {
        "provider": "qdrant",
        "config": {"path": str(tmp_path / "qdrant"), "on_disk": True, "quantization": "scalar"}}}))
    with Memory(config=str(cfg_file)) as m:
        assert isinstance(m.graph_store, Neo4jGraphStore) and isinstance(m.vectors, QdrantServerVectorStore)
        scenario(m)


def test_qdrant_local_mode_with_the_embedded_graph(memory_qdrant: Memory,
                                                   embedded_hits: list[tuple[str, float]]) -> None:
    assert scenario(memory_qdrant) == embedded_hits


@pytest.fixture
def memory_qdrant(tmp_path: Path) -> Iterator[Memory]:
    with Memory(config={"path": str(tmp_path), "vector_store": {"provider": "qdrant",
                                                                 "config": {"location": ":memory:"}}}) as m:
        yield m


def test_environment_selects_the_server_backends(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEO4J_URI", "neo4j://graph.internal:7687")
    monkeypatch.setenv("NEO4J_USER", "mem")
    monkeypatch.setenv("NEO4J_PASSWORD", "pw")
    monkeypatch.setenv("QDRANT_URL", "https://qdrant.internal:6333")
    monkeypatch.setenv("QDRANT_API_KEY", "key")
    cfg = load_config()
    assert (cfg.graph_store.provider, cfg.graph_store.config) == (
        "neo4j", {"url": "neo4j://graph.internal:7687", "username": "mem", "password": "pw"})
    assert (cfg.vector_store.provider, cfg.vector_store.config) == (
        "qdrant", {"url": "https://qdrant.internal:6333", "api_key": "key"})
    explicit = load_config({"graph_store": {"provider": "ladybug", "config": {}}})
    assert explicit.graph_store.provider == "ladybug"  # an explicit config wins over the environment


def _dead_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_an_unreachable_neo4j_is_a_clear_store_error() -> None:
    from mem_graph.stores.graph.neo4j import Neo4jGraphStore

    with pytest.raises(StoreError, match="cannot connect to Neo4j"):
        Neo4jGraphStore(url=f"bolt://127.0.0.1:{_dead_port()}", password="x",
                        driver_options={"connection_timeout": 2})


def test_an_unreachable_qdrant_is_a_clear_store_error() -> None:
    from mem_graph.stores.vector.qdrant import QdrantServerVectorStore

    with pytest.raises(StoreError, match="cannot reach Qdrant"):
        QdrantServerVectorStore(dim=8, url=f"http://127.0.0.1:{_dead_port()}", timeout=2,
                                client_options={"check_compatibility": False})


def test_unknown_server_config_keys_are_config_errors() -> None:
    from mem_graph.errors import ConfigError
    from mem_graph.stores.graph.neo4j import Neo4jGraphStore
    from mem_graph.stores.vector.qdrant import QdrantServerVectorStore

    with pytest.raises(ConfigError, match="passwrd"):
        Neo4jGraphStore(url="bolt://127.0.0.1:1", passwrd="x")
    with pytest.raises(ConfigError, match="colection_name"):
        QdrantServerVectorStore(dim=8, location=":memory:", colection_name="x")


def test_embedded_graph_cache_gives_the_same_answers_as_the_store(tmp_path: Path) -> None:
    """The in-process graph snapshot is an optimisation only: with it off, search ranks the same."""
    from mem_graph.stores.graph.ladybug import LadybugGraphStore
    from mem_graph.stores.graph.scope_cache import ScopeCachedGraphStore

    rankings = []
    for cached in (True, False):
        with Memory(path=tmp_path / str(cached), config={"graph_store": {"config": {"read_cache": cached}}}) as m:
            assert isinstance(m.graph_store, ScopeCachedGraphStore if cached else LadybugGraphStore)
            scenario(m)
            m.add("My sister Anna lives in Lyon. Anna works at Michelin.", user_id="ada")
            rankings.append([(h["memory"], round(h["score"], 5)) for h in
                             m.search("where does my sister work?", user_id="ada", rerank=False)["results"]])
    assert rankings[0] == rankings[1]
