"""ASGI middleware (request ids, access log, body-size limit) and the per-token rate limiter."""

from __future__ import annotations

import json
import logging
import re
import threading
import time
import uuid
from typing import Any

from mem_graph.server.logs import request_ctx
from mem_graph.stores.boundary import is_panic

log = logging.getLogger("mem_graph.hub.access")
_REQUEST_ID = re.compile(r"^[A-Za-z0-9_.:-]{1,128}$")
Scope = dict[str, Any]


def error_body(code: str, message: str, type_: str, request_id: str | None) -> dict[str, Any]:
    """The hub's error shape (also OpenAI's): ``{"error": {code, message, type, request_id}}``."""
    return {"error": {"code": code, "message": message, "type": type_, "request_id": request_id}}


class HubMiddleware:
    """Assigns a request id (or keeps a sane ``X-Request-ID``), refuses bodies over ``max_body`` with 413
    before the app reads them, and logs one JSON line per request."""

    def __init__(self, app: Any, max_body: int):
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        given = headers.get("x-request-id", "")
        rid = given if _REQUEST_ID.match(given) else uuid.uuid4().hex
        ctx: dict[str, Any] = {"request_id": rid}
        token = request_ctx.set(ctx)
        started = time.perf_counter()
        status: dict[str, Any] = {"code": 500}

        async def send_with_id(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                status["code"], status["started"] = message["status"], True
                message["headers"] = [*message.get("headers", []), (b"x-request-id", rid.encode())]
            await send(message)

        try:
            length = headers.get("content-length")
            if length is not None and (not length.isdigit() or int(length) > self.max_body):
                await self._too_large(send_with_id, rid)
                return
            if length is None and "chunked" in headers.get("transfer-encoding", ""):
                receive = await self._buffered(receive)
                if receive is None:
                    await self._too_large(send_with_id, rid)
                    return
            await self.app(scope, receive, send_with_id)
        except BaseException as exc:
            if not isinstance(exc, Exception) and not is_panic(exc):  # a Rust panic is a BaseException too
                raise
            log.exception("unhandled error")
            if status.get("started"):
                raise
            await self._send_json(send_with_id, 500, error_body(
                "internal_error", "internal server error (see the hub's log for this request id)", "InternalError",
                rid))
        finally:
            log.info("request", extra={"fields": {
                "method": scope.get("method"), "path": scope.get("path"), "status": status["code"],
                "duration_ms": round((time.perf_counter() - started) * 1000, 2)}})
            request_ctx.reset(token)

    async def _buffered(self, receive: Any) -> Any:
        """Read a chunked body up to the limit; returns a replaying ``receive`` or None when too large."""
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            if size > self.max_body:
                return None
            if not message.get("more_body"):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> dict[str, Any]:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            message: dict[str, Any] = await receive()
            return message

        return replay

    async def _too_large(self, send: Any, rid: str) -> None:
        await self._send_json(send, 413, error_body(
            "payload_too_large", f"request body larger than {self.max_body} bytes", "PayloadTooLargeError", rid),
            close=True)

    @staticmethod
    async def _send_json(send: Any, status: int, payload: dict[str, Any], close: bool = False) -> None:
        body = json.dumps(payload).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": status,
                    "headers": headers + ([(b"connection", b"close")] if close else [])})
        await send({"type": "http.response.body", "body": body})


class RateLimiter:
    """Token buckets per API token: ``rate`` requests per second sustained, ``burst`` at once."""

    def __init__(self) -> None:
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def acquire(self, key: str, rate: float, burst: int) -> float:
        """0.0 when the request may proceed, else the seconds to wait before retrying."""
        now = time.monotonic()
        with self._lock:
            tokens, last = self._buckets.get(key, (float(burst), now))
            tokens = min(float(burst), tokens + (now - last) * rate)
            if tokens >= 1.0:
                self._buckets[key] = (tokens - 1.0, now)
                return 0.0
            self._buckets[key] = (tokens, now)
            return (1.0 - tokens) / rate
