"""Shared fixtures. Every test runs offline against real embedded stores in a temp directory."""

from __future__ import annotations

import os

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

from collections.abc import Iterator
from pathlib import Path

import pytest
from llm_server import MakeMemory, ScriptedLLM, memories_on, scripted_llm

from mem_graph import Memory


@pytest.fixture
def memory(tmp_path: Path) -> Iterator[Memory]:
    """A fresh Memory on the embedded default (Qdrant Edge + LadybugDB + SQLite)."""
    with Memory(path=tmp_path / "mem") as m:
        yield m


# -- Neo4j (issue 4): one real server per session, started only when a test asks for it -----------------
_NEO4J_TIMINGS: dict[str, float] = {}


@pytest.fixture
def llm() -> Iterator[ScriptedLLM]:
    """A scripted OpenAI-compatible endpoint on loopback (tests/llm_server.py): the paid-API test double."""
    with scripted_llm() as server:
        yield server


@pytest.fixture
def make_memory(tmp_path: Path, llm: ScriptedLLM) -> Iterator[MakeMemory]:
    """``make_memory(extractor="llm", **config)``: Memory on the embedded stores, its LLM the scripted server."""
    with memories_on(llm, tmp_path) as make:
        yield make


@pytest.fixture(scope="session")
def neo4j_uri(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Bolt URI of a throwaway Neo4j Community 5.26 server (jars from Maven Central, see neo4j_fixture.py).

    Skips when Java/Maven are missing, unless MEM_GRAPH_REQUIRE_NEO4J=1 (CI), which turns that into a failure.
    """
    import neo4j_fixture

    try:
        server = neo4j_fixture.start(tmp_path_factory.mktemp("neo4j"))
    except neo4j_fixture.Unavailable as exc:
        if os.environ.get(neo4j_fixture.REQUIRE_ENV) == "1":
            pytest.fail(f"Neo4j is required ({neo4j_fixture.REQUIRE_ENV}=1) but unavailable: {exc}", pytrace=False)
        pytest.skip(f"Neo4j tests skipped: {exc}")
    _NEO4J_TIMINGS.update(server.timings)
    try:
        yield server.uri
    finally:
        server.stop()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _NEO4J_TIMINGS:
        timings = ", ".join(f"{k}={v:.1f}" for k, v in _NEO4J_TIMINGS.items())
        terminalreporter.write_line(f"neo4j test server: {timings}")
