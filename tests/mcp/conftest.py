"""MCP tests: the official MCP client (``mcp`` SDK) against a real hub (uvicorn on loopback) and a real
``mem-graph mcp`` subprocess. Tests are sync and drive the async client with ``anyio.run``."""

from __future__ import annotations

import json
import os
import socket
import sys
import threading
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2
import pytest
import uvicorn
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client

from mem_graph.server.app import create_app
from mem_graph.server.settings import HubSettings
from mem_graph.server.state import Hub

TIMEOUT = 120.0  # the first search loads the embedding model


@dataclass
class McpHub:
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


@pytest.fixture(scope="session")
def mcp_hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[McpHub]:
    """A real hub on a free loopback port, serving REST and /mcp."""
    root = tmp_path_factory.mktemp("mcp-hub")
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.bind(("127.0.0.1", 0))
    app = create_app(HubSettings(path=root / "data", rate_limit=1000, rate_burst=1000))
    server = uvicorn.Server(uvicorn.Config(app, log_config=None, access_log=False, timeout_graceful_shutdown=30))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True, name="mcp-hub")
    thread.start()
    deadline = time.monotonic() + 120
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the hub did not start")
        time.sleep(0.05)
    try:
        yield McpHub(f"http://127.0.0.1:{sock.getsockname()[1]}", server, thread, app)
    finally:
        server.should_exit = True
        thread.join(timeout=60)


@pytest.fixture
def uid() -> str:
    """A fresh user id: the tests share one hub."""
    return f"u-{uuid.uuid4().hex[:10]}"


@asynccontextmanager
async def http_session(url: str, token: str | None, *, modern: bool = False) -> AsyncIterator[ClientSession]:
    """An MCP client session over streamable HTTP, sending ``Authorization: Bearer <token>``: initialised with
    the handshake, or (``modern``) through ``server/discover`` and the stateless 2026 protocol."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    async with httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(TIMEOUT)) as http:
        async with streamable_http_client(url, http_client=http) as (read, write):
            async with ClientSession(read, write) as session:
                await (session.discover() if modern else session.initialize())
                yield session


def mem_graph_command() -> str:
    """The ``mem-graph`` console script of this environment."""
    script = Path(sys.executable).with_name("mem-graph")
    assert script.exists(), f"no mem-graph script beside {sys.executable}"
    return str(script)


@asynccontextmanager
async def stdio_session(*args: str) -> AsyncIterator[ClientSession]:
    """A real ``mem-graph mcp ARGS`` subprocess driven by the SDK's stdio client."""
    env = {k: v for k, v in os.environ.items() if k.startswith(("HF_", "TRANSFORMERS_", "TOKENIZERS_", "MEM_GRAPH_",
                                                              "PATH", "HOME", "LANG"))}
    env.update({"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"})
    params = StdioServerParameters(command=mem_graph_command(), args=["mcp", *args], env=env)
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        yield session


async def call(session: ClientSession, tool: str, **arguments: Any) -> dict[str, Any]:
    """Call a tool that must succeed; its structured result (checked against the JSON text)."""
    out = await session.call_tool(tool, arguments, read_timeout_seconds=TIMEOUT)
    assert not out.is_error, f"{tool} failed: {out.content}"
    data = out.structured_content
    assert data == json.loads(out.content[0].text)
    return data  # type: ignore[return-value]


async def call_error(session: ClientSession, tool: str, **arguments: Any) -> dict[str, Any]:
    """Call a tool that must fail with a typed error; returns ``{"code", "message", "type", "http_status"}``."""
    out = await session.call_tool(tool, arguments, read_timeout_seconds=TIMEOUT)
    assert out.is_error, f"{tool} unexpectedly succeeded: {out.content}"
    body = json.loads(out.content[0].text)
    assert body == out.structured_content
    return body["error"]  # type: ignore[no-any-return]


async def read_json(session: ClientSession, uri: str) -> dict[str, Any]:
    got = await session.read_resource(uri)
    return json.loads(got.contents[0].text)  # type: ignore[union-attr, no-any-return]


TOOLS = {"add_memory", "search_memories", "get_memory", "list_memories", "update_memory", "delete_memory",
         "memory_history", "graph_neighbours", "graph_cypher"}
