"""MCP client helpers shared by the MCP tests: sessions over streamable HTTP and stdio, tool calls that must
succeed or fail with a typed error, resource reads."""


from __future__ import annotations

import json
import os
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx2
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client

TIMEOUT = 120.0  # the first search loads the embedding model


@asynccontextmanager
async def http_session(url: str, token: str | None, *, modern: bool = False) -> AsyncIterator[ClientSession]:
    """An MCP client session over streamable HTTP, sending ``Authorization: Bearer <token>``: initialised with
    the handshake, or (``modern``) through ``server/discover`` and the stateless 2026 protocol."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    async with (httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(TIMEOUT)) as http,
                streamable_http_client(url, http_client=http) as (read, write),
                ClientSession(read, write) as session):
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
