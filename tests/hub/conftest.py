"""One real hub per test session: uvicorn on a free loopback port in a background thread, real stores,
and a fake OpenAI upstream (also a real HTTP server) for the chat proxy."""

from __future__ import annotations

import json
import socket
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fake_openai import FakeOpenAI

from mem_graph.client import MemoryClient
from mem_graph.server.app import create_app
from mem_graph.server.settings import HubSettings
from mem_graph.server.state import Hub

MAX_BODY = 256 * 1024


@dataclass
class RunningHub:
    url: str
    server: uvicorn.Server
    thread: threading.Thread
    app: Any

    @property
    def hub(self) -> Hub:
        return self.app.state.hub  # type: ignore[no-any-return]

    def token(self, client: str, namespaces: list[str], **kwargs: Any) -> str:
        return self.hub.tokens.create(client, namespaces, **kwargs)[0]

    def client(self, token: str, **kwargs: Any) -> MemoryClient:
        return MemoryClient(self.url, token, **kwargs)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=60)


def start_hub(settings: HubSettings) -> RunningHub:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)  # proto set: asyncio then disables Nagle
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    app = create_app(settings)
    server = uvicorn.Server(uvicorn.Config(app, log_config=None, access_log=False, timeout_graceful_shutdown=30))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True, name="hub")
    thread.start()
    deadline = time.monotonic() + 120
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the hub did not start")
        time.sleep(0.05)
    return RunningHub(f"http://127.0.0.1:{port}", server, thread, app)


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


def hub_data_dir(hub_server: RunningHub) -> Path:
    return Path(hub_server.hub.memory.config.path)
