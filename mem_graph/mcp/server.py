"""``build_server(resolve)``: the mem_graph MCP server (tools + resources) for any transport.

``resolve`` turns a request's MCP ``Context`` into the caller's ``Session``: the stdio command hands out one
local session, the hub one per HTTP request (``mem_graph.mcp.hub``). Errors are typed: a ``MemGraphError``
(and arguments that fail the tool's schema) come back as an ``isError`` result whose structured content is
``{"error": {"code", "message", "type", "http_status"}}`` with the REST API's code and status.
"""

from __future__ import annotations

import inspect
import json
import logging
from collections.abc import Callable
from typing import Any

import pydantic
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
from mcp.shared.exceptions import MCPError
from mcp.types import INTERNAL_ERROR, INVALID_PARAMS, CallToolResult, TextContent

from mem_graph import __version__
from mem_graph.errors import MemGraphError, NotFoundError, ValidationError
from mem_graph.mcp.access import Session
from mem_graph.mcp.resources import RESOURCES
from mem_graph.mcp.tools import TOOLS

log = logging.getLogger("mem_graph.mcp")
Resolver = Callable[[Context], Session]

INSTRUCTIONS = (
    "Long-term memory for this user. Call search_memories before answering questions about the user, and "
    "add_memory with what the user tells you about themselves (infer=true extracts facts and replaces "
    "outdated ones). Read memgraph://users/{user_id}/profile for their current facts.")


def error_result(exc: MemGraphError) -> CallToolResult:
    """A typed error as an MCP tool error (``isError``), with the code and HTTP status the REST API uses."""
    body = {"error": {"code": exc.code, "message": str(exc), "type": type(exc).__name__,
                      "http_status": exc.http_status}}
    return CallToolResult(content=[TextContent(type="text", text=json.dumps(body, ensure_ascii=False))],
                          structured_content=body, is_error=True)


def describe(exc: pydantic.ValidationError) -> str:
    """Pydantic's errors as one line, ``field: problem; …`` (the hub's 422 wording)."""
    parts = [f"{'.'.join(str(x) for x in e['loc']) or 'arguments'}: {e['msg']}" for e in exc.errors()[:5]]
    return "; ".join(parts) + (f" (+{exc.error_count() - 5} more)" if exc.error_count() > 5 else "")


def _mem_graph_cause(exc: BaseException) -> MemGraphError | None:
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, MemGraphError):
            return seen
        seen = seen.__cause__  # the SDK wraps a tool's or resource's exception with ``raise … from exc``
    return None


class MemGraphMCP(MCPServer):
    """MCPServer whose tool and resource failures keep mem_graph's error codes."""

    def __init__(self, resolve: Resolver, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._resolve = resolve
        self._params: dict[str, frozenset[str]] = {}

    def session(self, ctx: Context) -> Session:
        return self._resolve(ctx)

    def add_typed_tool(self, fn: Callable[..., Any], title: str, annotations: Any) -> None:
        self.add_tool(fn, title=title, annotations=annotations)
        self._params[fn.__name__] = frozenset(p for p in inspect.signature(fn).parameters if p != "ctx")

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        known = self._params.get(name)
        if known is None:
            tools = ", ".join(sorted(self._params))
            return error_result(NotFoundError(f"unknown tool {name!r}; the tools are {tools}"))
        unknown = sorted(set(arguments or {}) - known)
        if unknown:  # a misspelt scope argument must not silently widen or drop the scope
            return error_result(ValidationError(f"unknown argument(s) {', '.join(map(repr, unknown))} for {name}; "
                                                f"it takes {', '.join(sorted(known))}"))
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            cause = _mem_graph_cause(exc)
            if cause is not None:
                if cause.http_status >= 500:
                    log.error("%s in tool %s: %s", type(cause).__name__, name, cause)
                return error_result(cause)
            if isinstance(exc.__cause__, pydantic.ValidationError):
                return error_result(ValidationError(describe(exc.__cause__)))
            if isinstance(exc, UnexpectedToolError):
                log.error("tool %s failed", name, exc_info=exc.__cause__)
                internal = MemGraphError("internal error (see the server's log)")
                return error_result(internal)
            raise

    async def read_resource(self, uri: Any, context: Any = None) -> Any:
        try:
            return await super().read_resource(uri, context)
        except MCPError:
            raise
        except Exception as exc:
            cause = _mem_graph_cause(exc)
            if cause is None:
                raise
            data = {"code": cause.code, "http_status": cause.http_status, "type": type(cause).__name__,
                    "uri": str(uri)}
            raise MCPError(INTERNAL_ERROR if cause.http_status >= 500 else INVALID_PARAMS, str(cause), data) from None


def build_server(resolve: Resolver) -> MemGraphMCP:
    """The mem_graph MCP server: every tool of ``mem_graph.mcp.tools`` and both resources."""
    server = MemGraphMCP(resolve, name="mem_graph", title="mem_graph memory", version=__version__,
                         instructions=INSTRUCTIONS, log_level="WARNING")
    for fn, title, hints in TOOLS:
        server.add_typed_tool(fn, title, hints)
    for fn, uri, name, title in RESOURCES:
        server.resource(uri, name=name, title=title, description=fn.__doc__, mime_type="application/json")(fn)
    return server
