"""MCP tests: the official MCP client (``mcp`` SDK) against a real hub (uvicorn on loopback) and a real
``mem-graph mcp`` subprocess. Tests are sync and drive the async client with ``anyio.run``; the session
helpers live in mcp_session.py."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from running_hub import RunningHub, start_hub

from mem_graph.server.settings import HubSettings


@pytest.fixture(scope="session")
def mcp_hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningHub]:
    """A real hub on a free loopback port, serving REST and /mcp."""
    running = start_hub(HubSettings(path=tmp_path_factory.mktemp("mcp-hub") / "data", rate_limit=1000,
                                    rate_burst=1000), name="mcp-hub")
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture
def uid() -> str:
    """A fresh user id: the tests share one hub."""
    return f"u-{uuid.uuid4().hex[:10]}"
