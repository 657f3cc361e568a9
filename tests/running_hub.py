"""A real hub for the hub, MCP and browser suites: uvicorn on a free loopback port in a background thread.

One shared helper (imported as ``running_hub``; the test folders have no ``__init__.py``, so a helper in a
``conftest.py`` would be ambiguous to import: every folder's conftest is a module named ``conftest``)."""

from __future__ import annotations

import socket
import threading
import time
from dataclasses import dataclass
from typing import Any

import uvicorn

from mem_graph.client import MemoryClient
from mem_graph.server.app import create_app
from mem_graph.server.settings import HubSettings
from mem_graph.server.state import Hub

MAX_BODY = 256 * 1024  # the hub suite's request body limit (tests/hub/conftest.py)


@dataclass
class RunningHub:
    url: str
    server: uvicorn.Server
    thread: threading.Thread
    app: Any

    @property
    def hub(self) -> Hub:
        return self.app.state.hub  # type: ignore[no-any-return]

    @property
    def mcp_url(self) -> str:
        return f"{self.url}/mcp"

    def token(self, client: str, namespaces: list[str], **kwargs: Any) -> str:
        return self.hub.tokens.create(client, namespaces, **kwargs)[0]

    def client(self, token: str, **kwargs: Any) -> MemoryClient:
        return MemoryClient(self.url, token, **kwargs)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=60)


def start_hub(settings: HubSettings, *, name: str = "hub") -> RunningHub:
    """Start a hub on ``settings`` and wait (up to 120 s) until it accepts connections."""
    # the protocol given explicitly: asyncio then disables Nagle on the socket
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    app = create_app(settings)
    server = uvicorn.Server(uvicorn.Config(app, log_config=None, access_log=False, timeout_graceful_shutdown=30))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True, name=name)
    thread.start()
    deadline = time.monotonic() + 120
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the hub did not start")
        time.sleep(0.05)
    return RunningHub(f"http://127.0.0.1:{port}", server, thread, app)
