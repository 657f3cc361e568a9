"""MCP over streamable HTTP on the hub: ``POST /mcp`` with the hub's bearer tokens.

Every HTTP request to /mcp is authenticated and rate-limited by the hub's own dependency
(``mem_graph.server.state.principal``: the same tokens, grants and limits as the REST API); the
``Principal`` rides in the ASGI scope to the tool, whose session checks every scope against it
(``Principal.scope``), runs SDK calls on the hub's read / write limiters and Cypher through the REST
route's exploration gate. The transport is stateless (each POST stands alone, JSON answers), so it works
behind any proxy and with several worker processes.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

from mcp.server.mcpserver import Context
from mcp.server.streamable_http_manager import StreamableHTTPASGIApp
from mcp.server.transport_security import TransportSecuritySettings
from starlette.requests import Request
from starlette.routing import Route

from mem_graph.mcp.access import Kind, Session, T
from mem_graph.mcp.server import build_server
from mem_graph.results import DeleteResponse
from mem_graph.server.auth import Principal
from mem_graph.server.errors import AuthenticationError
from mem_graph.server.routes.graph import exploration_gate
from mem_graph.server.routes.memories import _delete
from mem_graph.server.state import Hub, principal

log = logging.getLogger("mem_graph.hub")
MCP_PATH = "/mcp"
_PRINCIPAL = "mem_graph.principal"  # ASGI scope key: the authenticated caller of this HTTP request


class HubAccess:
    """The hub's Memory for one token's calls (``MemoryAccess``): reads and writes go to the shared Memory; a
    delete also forgets the idempotent-add answers that carry the memory, as DELETE /v1/memories/{id} does."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        memory = hub.memory
        self.graph = memory.graph
        self.add, self.search, self.get, self.get_all = memory.add, memory.search, memory.get, memory.get_all
        self.update, self.history = memory.update, memory.history

    def delete(self, memory_id: str, *, client_id: str | None = None, **scope: Any) -> DeleteResponse:
        return _delete(self.hub, memory_id, scope, client_id or "mcp")


class HubSession(Session):
    """One HTTP request's session: the token's grant, the hub's limiters and exploration gate."""

    def __init__(self, hub: Hub, who: Principal, request: Request) -> None:
        super().__init__(HubAccess(hub), who, hub.settings.max_cypher_rows)
        self.hub = hub
        self.request = request

    async def run(self, fn: Callable[..., T], *args: Any, kind: Kind = "read", **kwargs: Any) -> T:
        if kind == "explore":
            return await exploration_gate(self.request, self.hub).run(self.grant.token_id, fn, *args, **kwargs)
        return await self.hub.call(fn, *args, write=kind == "write", **kwargs)


def hub_session(ctx: Context) -> Session:
    """The session of the HTTP request that carries this MCP message."""
    request = ctx.request_context.request
    who = request.scope.get(_PRINCIPAL) if isinstance(request, Request) else None
    if who is None or not isinstance(request, Request):  # only an authenticated request reaches the MCP app;
        raise AuthenticationError("missing bearer token")  # never serve an anonymous one
    return HubSession(request.app.state.hub, who, request)


class _Authenticated:
    """ASGI wrapper: the hub's bearer-token check and rate limit, then the MCP transport."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        who = await principal(Request(scope))  # 401 / 429 are rendered by the hub's error handlers
        await self.inner({**scope, _PRINCIPAL: who}, receive, send)


def mount(app: Any, path: str = MCP_PATH) -> Callable[[], AbstractAsyncContextManager[None]]:
    """Add the MCP endpoint to the hub app; returns what its lifespan must enter (the session manager)."""
    server = build_server(hub_session)
    server.streamable_http_app(stateless_http=True, json_response=True,  # builds the session manager
                               transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False))
    manager = server.session_manager
    app.router.routes.append(Route(path, endpoint=_Authenticated(StreamableHTTPASGIApp(manager)),
                                   methods=["GET", "POST", "DELETE"]))

    @asynccontextmanager
    async def running() -> AsyncIterator[None]:
        async with manager.run():
            yield

    return running
