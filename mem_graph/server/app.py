"""The hub's FastAPI application: ``create_app(settings)``; ``mem-graph serve`` runs it under uvicorn."""

from __future__ import annotations

import logging
import math
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager, nullcontext
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from mem_graph import __version__
from mem_graph.errors import MemGraphError
from mem_graph.memory import Memory
from mem_graph.server.errors import RateLimitError
from mem_graph.server.logs import current_request_id
from mem_graph.server.middleware import HubMiddleware, error_body
from mem_graph.server.models import ErrorResponse
from mem_graph.server.settings import HubSettings
from mem_graph.server.state import Hub

log = logging.getLogger("mem_graph.hub")

_STATUS_CODES = {400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found",
                 405: "method_not_allowed", 406: "not_acceptable", 415: "unsupported_media_type"}
_ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorResponse, "description": desc} for status, desc in {
        400: "Malformed JSON", 401: "Missing, unknown or revoked token", 403: "Namespace or scope not granted",
        404: "No such memory in the caller's scope", 409: "Stale expected_version or event_id conflict",
        413: "Body or message too large", 422: "Invalid input", 429: "Rate limit exceeded",
        503: "A store failed"}.items()}


def _error(status: int, code: str, message: str, type_: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(error_body(code, message, type_, current_request_id()), status_code=status, headers=headers)


def _describe(errors: list[Any]) -> str:
    parts = []
    for e in errors[:5]:
        loc = ".".join(str(x) for x in e.get("loc", ()) if x != "body") or "body"
        parts.append(f"{loc}: {e.get('msg', 'invalid')}")
    return "; ".join(parts) + (f" (+{len(errors) - 5} more)" if len(errors) > 5 else "")


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(MemGraphError)
    async def on_mem_graph_error(request: Request, exc: MemGraphError) -> JSONResponse:
        headers = {"Retry-After": str(max(1, math.ceil(exc.retry_after)))} if isinstance(exc, RateLimitError) else None
        if exc.http_status == 401:
            headers = {"WWW-Authenticate": "Bearer"}
        if exc.http_status >= 500:
            log.error("%s: %s", type(exc).__name__, exc)
        return _error(exc.http_status, exc.code, str(exc), type(exc).__name__, headers)

    @app.exception_handler(RequestValidationError)
    async def on_validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = list(exc.errors())
        ctype = request.headers.get("content-type", "")
        if ctype and "json" not in ctype and any(e.get("loc", ("",))[0] == "body" for e in errors):
            return _error(415, "unsupported_media_type", f"send the body as JSON (Content-Type: application/json), "
                          f"not {ctype[:60]!r}", "MalformedRequestError")
        if any(e.get("type") == "json_invalid" for e in errors):
            return _error(400, "malformed_request", f"request body is not valid JSON: {_describe(errors)}",
                          "MalformedRequestError")
        return _error(422, "invalid_input", _describe(errors), "ValidationError")

    @app.exception_handler(StarletteHTTPException)
    async def on_http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = _STATUS_CODES.get(exc.status_code, "http_error")
        return _error(exc.status_code, code, str(exc.detail), "HTTPException", dict(exc.headers or {}))


def create_app(settings: HubSettings | None = None, memory: Memory | None = None) -> FastAPI:
    """The hub. It opens one Memory per process at startup (or uses ``memory``, which it then leaves open)."""
    from mem_graph.server.proxy import close_upstream, open_upstream
    from mem_graph.server.proxy import router as proxy_router
    from mem_graph.server.routes import corrections, graph, memories, sync, system, ui

    settings = settings or HubSettings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub = await run_in_threadpool(Hub.open, settings, memory)
        hub.upstream = open_upstream(hub)
        app.state.hub = hub
        log.info("hub ready", extra={"fields": {"data_dir": str(hub.memory.config.path)}})
        try:
            async with mcp_running():
                yield
        finally:
            await close_upstream(hub)
            await run_in_threadpool(hub.close)
            log.info("hub stopped")

    app = FastAPI(title="mem_graph hub", version=__version__, lifespan=lifespan, responses=_ERRORS,
                  strict_content_type=False,  # a body without Content-Type is read as JSON
                  description="Shared long-term memory for LLM agents: the SDK's calls over HTTP, a sync "
                              "feed and an OpenAI-compatible chat proxy. Every call needs "
                              "`Authorization: Bearer <token>` except /v1/health.")
    install_error_handlers(app)
    for module in (memories, corrections, sync, graph, system, ui):
        app.include_router(module.router)
    app.include_router(proxy_router)
    mcp_running = mount_mcp(app)
    app.add_middleware(HubMiddleware, max_body=settings.max_body_bytes)
    return app


def mount_mcp(app: FastAPI) -> Callable[[], AbstractAsyncContextManager[None]]:
    """MCP over streamable HTTP at /mcp (mem_graph/mcp/hub.py) when the ``mcp`` package is installed."""
    try:
        from mem_graph.mcp.hub import mount
    except ModuleNotFoundError as exc:
        if not (exc.name or "").startswith("mcp"):
            raise
        log.info("MCP endpoint disabled: install mem-graph[mcp] to serve /mcp")
        return nullcontext
    return mount(app)


def app_from_env() -> FastAPI:
    """Factory for uvicorn workers: settings come from ``MEM_GRAPH_HUB_SETTINGS``."""
    from mem_graph.server.logs import configure_logging

    settings = HubSettings.from_env()
    configure_logging(settings.log_level)
    return create_app(settings)
