"""One real hub per test session: uvicorn on a free loopback port in a background thread, real stores,
and a fake OpenAI upstream (also a real HTTP server) for the chat proxy."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator

import pytest
from fake_openai import FakeOpenAI
from running_hub import MAX_BODY, RunningHub, start_hub

from mem_graph.client import MemoryClient
from mem_graph.server.settings import HubSettings


@pytest.fixture(scope="session")
def upstream() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as fake:
        yield fake


@pytest.fixture(scope="session")
def hub_server(tmp_path_factory: pytest.TempPathFactory, upstream: FakeOpenAI) -> Iterator[RunningHub]:
    root = tmp_path_factory.mktemp("hub")
    config = root / "config.json"
    config.write_text(json.dumps({"llm": {"provider": "openai", "config": {
        "base_url": upstream.url, "api_key": "sk-upstream", "model": "fake-model"}}}))
    running = start_hub(HubSettings(path=root / "data", config=config, max_body_bytes=MAX_BODY,
                                    rate_limit=1000, rate_burst=1000))
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture
def uid() -> str:
    """A fresh user id: tests share one server, so each test writes to its own users."""
    return f"u-{uuid.uuid4().hex[:10]}"


@pytest.fixture(scope="session")
def core_token(hub_server: RunningHub) -> str:
    return hub_server.token("core-tests", ["core"])


@pytest.fixture
def client(hub_server: RunningHub, core_token: str) -> Iterator[MemoryClient]:
    with hub_server.client(core_token) as c:
        yield c

