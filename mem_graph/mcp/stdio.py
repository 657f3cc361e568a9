"""MCP over stdio: one local user's embedded store (``mem-graph mcp --path DIR --user alice``).

The MCP host starts this process and talks JSON-RPC on its stdin/stdout; the process holds the data
directory (one ``Memory``) until the host closes stdin. stdout carries nothing but the protocol.
"""

from __future__ import annotations

import anyio

from mem_graph.mcp.access import LocalSession, MemoryAccess, local_grant
from mem_graph.mcp.resources import add_pinned_resources
from mem_graph.mcp.server import MemGraphMCP, build_server


def stdio_server(memory: MemoryAccess, user_id: str | None = None, namespace: str | None = None) -> MemGraphMCP:
    """The MCP server for ``memory``, pinned to ``user_id`` / ``namespace`` when given (see ``local_grant``)."""
    session = LocalSession(memory, local_grant(user_id, namespace))
    server = build_server(lambda ctx: session)
    if user_id is not None:
        add_pinned_resources(server, session, user_id)
    return server


def serve_stdio(memory: MemoryAccess, user_id: str | None = None, namespace: str | None = None) -> None:
    """Serve until the host closes stdin."""
    anyio.run(stdio_server(memory, user_id, namespace).run_stdio_async)
