"""What one hub process holds (one Memory, the token and idempotency stores, the background writer)
and the FastAPI dependencies that hand it, and the caller's identity, to the routes."""

from __future__ import annotations

import functools
import logging
import math
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from anyio import CapacityLimiter, to_thread
from fastapi import Request

from mem_graph.memory import Memory
from mem_graph.server.auth import Principal, TokenStore
from mem_graph.server.errors import AuthenticationError, RateLimitError
from mem_graph.server.idempotency import IdempotencyStore
from mem_graph.server.logs import request_ctx
from mem_graph.server.middleware import RateLimiter
from mem_graph.server.settings import HubSettings

T = TypeVar("T")

log = logging.getLogger("mem_graph.hub")


@dataclass
class Hub:
    settings: HubSettings
    memory: Memory
    tokens: TokenStore
    idempotency: IdempotencyStore
    owns_memory: bool = True
    limiter: RateLimiter = field(default_factory=RateLimiter)
    upstream: Any = None  # httpx.AsyncClient for the chat proxy, opened by the app's lifespan
    reads: CapacityLimiter | None = None  # created by the first call(), inside the event loop
    writes: CapacityLimiter | None = None
    _background: ThreadPoolExecutor = field(
        default_factory=lambda: ThreadPoolExecutor(max_workers=1, thread_name_prefix="mem-graph-bg"))
    _pending: int = 0
    _pending_lock: threading.Lock = field(default_factory=threading.Lock)

    @classmethod
    def open(cls, settings: HubSettings, memory: Memory | None = None) -> Hub:
        owns = memory is None
        mem = memory if memory is not None else Memory(config=settings.memory_config())
        try:
            db = settings.hub_db_path(mem.config)
            return cls(settings, mem, TokenStore(db), IdempotencyStore(db, ttl_s=settings.idempotency_ttl_s,
                                                                       lease_s=settings.idempotency_lease_s),
                       owns_memory=owns)
        except BaseException:
            if owns:
                mem.close()
            raise

    async def call(self, fn: Callable[..., T], *args: Any, write: bool = False, **kwargs: Any) -> T:
        """Run a blocking SDK call on a worker thread. Reads and writes wait in separate first-come,
        first-served lines, so a burst of writes (serialised by the Memory) never starves reads."""
        if self.reads is None or self.writes is None:
            self.reads = CapacityLimiter(self.settings.read_threads)
            self.writes = CapacityLimiter(self.settings.write_threads)
        return await to_thread.run_sync(functools.partial(fn, *args, **kwargs),
                                        limiter=self.writes if write else self.reads)

    def submit_background(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Future[Any]:
        """Run a write after the response (one at a time, in order); shutdown waits for all of them."""
        ctx = dict(request_ctx.get() or {})

        def run() -> Any:
            token = request_ctx.set(ctx)
            try:
                return fn(*args, **kwargs)
            except Exception:
                log.exception("background write failed")
                raise
            finally:
                request_ctx.reset(token)
                with self._pending_lock:
                    self._pending -= 1

        with self._pending_lock:
            self._pending += 1
        return self._background.submit(run)

    @property
    def pending_background(self) -> int:
        return self._pending

    def close(self) -> None:
        """Finish queued background writes, then close the stores (in-flight writes hold the write lock)."""
        if self._pending:
            log.info("waiting for %d background write(s) before shutdown", self._pending)
        self._background.shutdown(wait=True)
        self.idempotency.close()
        self.tokens.close()
        if self.owns_memory:
            self.memory.close()


async def get_hub(request: Request) -> Hub:
    return request.app.state.hub  # type: ignore[no-any-return]


async def principal(request: Request) -> Principal:
    """Authenticate the bearer token and charge its rate limit."""
    hub: Hub = request.app.state.hub
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise AuthenticationError("missing bearer token: send 'Authorization: Bearer <token>' "
                                  "(create one with `mem-graph token create`)")
    who = hub.tokens.authenticate(token.strip())
    if who is None:
        raise AuthenticationError("invalid or revoked token")
    ctx = request_ctx.get()
    if ctx is not None:
        ctx["client_id"] = who.client_id
    rate = who.rate_limit or hub.settings.rate_limit
    burst = max(1, math.ceil(who.rate_limit)) if who.rate_limit else hub.settings.rate_burst
    wait = hub.limiter.acquire(who.token_id, rate, burst)
    if wait > 0:
        raise RateLimitError(f"rate limit of {rate:g} requests/s exceeded; retry in {wait:.2f}s", retry_after=wait)
    return who
