"""Fixtures for the ``llm_real`` suite: one real local model server per session (see tests/llama_fixture.py).

Skips with the reason when llama-cpp-python or the GGUF is missing, unless MEM_GRAPH_REQUIRE_LLM=1 (CI),
which turns that into a failure.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import llama_fixture
import pytest

from mem_graph import Memory
from mem_graph.extract.llm import forget_formats

_TIMINGS: dict[str, float] = {}


@pytest.fixture(scope="session")
def llama(tmp_path_factory: pytest.TempPathFactory) -> Iterator[llama_fixture.LlamaServer]:
    try:
        server = llama_fixture.start(tmp_path_factory.mktemp("llama"))
    except llama_fixture.Unavailable as exc:
        if os.environ.get(llama_fixture.REQUIRE_ENV) == "1":
            pytest.fail(f"a local model server is required ({llama_fixture.REQUIRE_ENV}=1) but unavailable: {exc}",
                        pytrace=False)
        pytest.skip(f"local-model tests skipped: {exc}")
    _TIMINGS.update(server.timings)
    forget_formats()  # probe this server from the top
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def make_memory(tmp_path: Path, llama: llama_fixture.LlamaServer) -> Iterator[Callable[..., Memory]]:
    """Memory on the embedded stores with its LLM pointed at the local model server."""
    opened: list[Memory] = []

    def make(extractor: str = "llm", llm_config: dict[str, Any] | None = None, **extra: Any) -> Memory:
        m = Memory(config={"path": str(tmp_path / f"mem{len(opened)}"), "extractor": extractor,
                           "llm": {"provider": "openai", "config": {
                               "model": llama.model, "base_url": llama.url, "timeout": 120, "max_retries": 0,
                               "retry_backoff": 0, "max_tokens": 150, **(llm_config or {})}}, **extra})
        opened.append(m)
        return m

    yield make
    for m in opened:
        m.close()


@pytest.fixture(scope="session")
def hub_on_llama(tmp_path_factory: pytest.TempPathFactory,
                 llama: llama_fixture.LlamaServer) -> Iterator[llama_fixture.HubOnLlama]:
    hub = llama_fixture.HubOnLlama(tmp_path_factory.mktemp("hub-llama"), llama)
    try:
        yield hub
    finally:
        hub.stop()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _TIMINGS:
        terminalreporter.write_line("local model server: " + ", ".join(f"{k}={v:.1f}" for k, v in _TIMINGS.items()))
