"""``MemoryClient`` / ``AsyncMemoryClient``: the ``Memory`` contract over HTTP, against ``mem-graph serve``.

Same method names, arguments and return shapes as ``Memory`` (add, search, get,
get_all, update, delete, delete_all, history, ``.graph.cypher``), so swapping
``Memory(path=…)`` for ``MemoryClient(url, token)`` changes no application code.
Errors come back as the same exception classes (mapped from the hub's error
``code``, else its HTTP status). Calls that are safe to repeat — reads, and
``add``, which always carries an ``event_id`` — are retried with exponential
backoff on connection failures, 429 and 502/503/504; other calls only when the
request never reached the hub.

>>> with MemoryClient("http://127.0.0.1:8765", token="mgh_…") as m:
...     m.add("I live in Beijing.", user_id="alice")
...     m.search("where does the user live?", user_id="alice")
"""

from __future__ import annotations

import asyncio
import functools
import json
import os
import random
import time
import uuid
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar
from urllib.parse import quote

import httpx

from mem_graph.errors import ConflictError, LLMError, MemGraphError, NotFoundError, StoreError, ValidationError
from mem_graph.results import (
    AddResponse,
    ChangesResponse,
    CorrectionResponse,
    DeleteAllResponse,
    DeleteResponse,
    FeedbackResponse,
    GraphRelation,
    HealthResponse,
    HistoryEvent,
    ListResponse,
    MemoryItem,
    SearchResponse,
    UndoResponse,
    UpdateResponse,
    WhoAmIResponse,
)
from mem_graph.server.errors import (
    AuthenticationError,
    HubUnavailableError,
    MalformedRequestError,
    PayloadTooLargeError,
    PermissionDeniedError,
    RateLimitError,
    RequestInProgressError,
)
from mem_graph.validation import check_memory_id

__all__ = [
    "AsyncMemoryClient",
    "AuthenticationError",
    "HubUnavailableError",
    "MalformedRequestError",
    "MemoryClient",
    "PayloadTooLargeError",
    "PermissionDeniedError",
    "RateLimitError",
    "RequestInProgressError",
]

DEFAULT_URL = "http://127.0.0.1:8765"
URL_ENV, TOKEN_ENV = "MEM_GRAPH_URL", "MEM_GRAPH_TOKEN"
_RETRY_STATUS = frozenset({502, 503, 504})
_BY_STATUS: dict[int, type[MemGraphError]] = {
    400: MalformedRequestError, 401: AuthenticationError, 403: PermissionDeniedError, 415: MalformedRequestError,
    404: NotFoundError, 409: ConflictError, 413: PayloadTooLargeError, 422: ValidationError, 429: RateLimitError,
    502: LLMError, 503: StoreError}
R = TypeVar("R")  # what a call answers: a type of mem_graph.results, the hub's response model for it
P = ParamSpec("P")


def _error_classes() -> dict[str, type[MemGraphError]]:
    out: dict[str, type[MemGraphError]] = {}
    todo: list[type[MemGraphError]] = [MemGraphError]
    while todo:
        cls = todo.pop()
        out.setdefault(cls.code, cls)
        todo.extend(cls.__subclasses__())
    return out


@dataclass
class _Call(Generic[R]):
    """One HTTP request and, as its type parameter, the shape of its answer."""

    method: str
    path: str
    params: dict[str, Any] | None = None
    body: Any = None
    idempotent: bool = False
    key: str | None = None  # unwrap this key of the JSON answer


def _scope(user_id: Any, agent_id: Any, run_id: Any, namespace: Any) -> dict[str, Any]:
    return {k: v for k, v in (("user_id", user_id), ("agent_id", agent_id), ("run_id", run_id),
                              ("namespace", namespace)) if v is not None}


def _query(values: dict[str, Any]) -> dict[str, str]:
    out = {}
    for k, v in values.items():
        if v is None:
            continue
        out[k] = ("true" if v else "false") if isinstance(v, bool) else json.dumps(v) if isinstance(v, dict) else str(v)
    return out


def _json_default(value: Any) -> Any:
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} is not JSON-serialisable")


def _mid(memory_id: Any) -> str:
    return quote(check_memory_id(memory_id), safe="")


class _Api:
    """Builds each call; MemoryClient and AsyncMemoryClient send them."""

    def add(self, messages: Any, *, user_id: str | None = None, agent_id: str | None = None,
            run_id: str | None = None, namespace: str | None = None, metadata: dict[str, Any] | None = None,
            infer: bool = True, timestamp: Any = None, expires_at: Any = None, client_id: str | None = None,
            source_ref: str | None = None, event_id: str | None = None) -> _Call[AddResponse]:
        """Remember what the messages say (Memory.add). ``event_id`` (generated when omitted) makes retries safe."""
        body = {**_scope(user_id, agent_id, run_id, namespace), "messages": messages, "metadata": metadata,
                "infer": infer, "timestamp": timestamp, "expires_at": expires_at, "client_id": client_id,
                "source_ref": source_ref, "event_id": event_id or str(uuid.uuid4())}
        return _Call("POST", "/v1/memories", body={k: v for k, v in body.items() if v is not None}, idempotent=True)

    def search(self, query: str, *, user_id: str | None = None, agent_id: str | None = None,
               run_id: str | None = None, namespace: str | None = None, limit: int = 10,
               filters: dict[str, Any] | None = None, explain: bool = False, include_invalidated: bool = False,
               rerank: bool = True, threshold: float | None = None, as_of: Any = None) -> _Call[SearchResponse]:
        """The memories that answer ``query`` (Memory.search); ``as_of``: what was believed then."""
        body = {**_scope(user_id, agent_id, run_id, namespace), "query": query, "limit": limit, "filters": filters,
                "explain": explain, "include_invalidated": include_invalidated, "rerank": rerank,
                "threshold": threshold, "as_of": as_of}
        return _Call("POST", "/v1/memories/search", body={k: v for k, v in body.items() if v is not None},
                     idempotent=True)

    def get(self, memory_id: str, *, user_id: str | None = None, agent_id: str | None = None,
            run_id: str | None = None, namespace: str | None = None) -> _Call[MemoryItem]:
        """One memory (Memory.get)."""
        return _Call("GET", f"/v1/memories/{_mid(memory_id)}", _query(_scope(user_id, agent_id, run_id, namespace)),
                     idempotent=True)

    def get_all(self, *, user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None,
                namespace: str | None = None, limit: int = 100, filters: dict[str, Any] | None = None,
                include_invalidated: bool = False, as_of: Any = None, offset: int = 0) -> _Call[ListResponse]:
        """Memories of the scope, newest first (Memory.get_all); ``as_of``: those believed then."""
        params = {**_scope(user_id, agent_id, run_id, namespace), "limit": limit, "filters": filters,
                  "offset": offset or None,
                  "include_invalidated": include_invalidated,
                  "as_of": _json_default(as_of) if isinstance(as_of, (datetime, date)) else as_of}
        return _Call("GET", "/v1/memories", _query(params), idempotent=True)

    def update(self, memory_id: str, data: str, *, user_id: str | None = None, agent_id: str | None = None,
               run_id: str | None = None, namespace: str | None = None, metadata: dict[str, Any] | None = None,
               expected_version: int | None = None, reason: str | None = None) -> _Call[UpdateResponse]:
        """Replace a memory's text (Memory.update); ConflictError when ``expected_version`` is stale;
        with ``reason`` the edit is a user correction."""
        body = {**_scope(user_id, agent_id, run_id, namespace), "data": data, "metadata": metadata,
                "expected_version": expected_version, "reason": reason}
        return _Call("PUT", f"/v1/memories/{_mid(memory_id)}", body={k: v for k, v in body.items() if v is not None})

    def delete(self, memory_id: str, *, user_id: str | None = None, agent_id: str | None = None,
               run_id: str | None = None, namespace: str | None = None) -> _Call[DeleteResponse]:
        """Erase one memory (Memory.delete)."""
        return _Call("DELETE", f"/v1/memories/{_mid(memory_id)}", _query(_scope(user_id, agent_id, run_id, namespace)))

    def delete_all(self, *, user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None,
                   namespace: str | None = None) -> _Call[DeleteAllResponse]:
        """Erase every memory of the scope (Memory.delete_all)."""
        return _Call("DELETE", "/v1/memories", _query(_scope(user_id, agent_id, run_id, namespace)), idempotent=True)

    def history(self, memory_id: str, *, user_id: str | None = None, agent_id: str | None = None,
                run_id: str | None = None, namespace: str | None = None) -> _Call[list[HistoryEvent]]:
        """Every event of the memory and its versions, oldest first (Memory.history)."""
        return _Call("GET", f"/v1/memories/{_mid(memory_id)}/history",
                     _query(_scope(user_id, agent_id, run_id, namespace)), idempotent=True)

    def invalidate(self, memory_id: str, *, user_id: str | None = None, agent_id: str | None = None,
                   run_id: str | None = None, namespace: str | None = None, reason: str | None = None
                   ) -> _Call[CorrectionResponse]:
        """Mark a memory no longer true, as a user correction (Memory.invalidate)."""
        body = {**_scope(user_id, agent_id, run_id, namespace), "reason": reason}
        return _Call("POST", f"/v1/memories/{_mid(memory_id)}/invalidate",
                     body={k: v for k, v in body.items() if v is not None})

    def restore(self, memory_id: str, *, user_id: str | None = None, agent_id: str | None = None,
                run_id: str | None = None, namespace: str | None = None, reason: str | None = None
                ) -> _Call[CorrectionResponse]:
        """Make an invalidated memory current again (Memory.restore)."""
        body = {**_scope(user_id, agent_id, run_id, namespace), "reason": reason}
        return _Call("POST", f"/v1/memories/{_mid(memory_id)}/restore",
                     body={k: v for k, v in body.items() if v is not None})

    def undo(self, target: str | int, *, user_id: str | None = None, agent_id: str | None = None,
             run_id: str | None = None, namespace: str | None = None) -> _Call[UndoResponse]:
        """Undo a reconciliation decision: an event seq or a memory id (Memory.undo)."""
        key = "event" if isinstance(target, int) and not isinstance(target, bool) else "memory_id"
        return _Call("POST", "/v1/undo", body={**_scope(user_id, agent_id, run_id, namespace), key: target})

    def feedback(self, memory_id: str, rating: str, *, user_id: str | None = None, agent_id: str | None = None,
                 run_id: str | None = None, namespace: str | None = None, note: str | None = None
                 ) -> _Call[FeedbackResponse]:
        """Rate a memory "useful" or "wrong" (Memory.feedback)."""
        body = {**_scope(user_id, agent_id, run_id, namespace), "rating": rating, "note": note}
        return _Call("POST", f"/v1/memories/{_mid(memory_id)}/feedback",
                     body={k: v for k, v in body.items() if v is not None})

    def changes(self, since: int = 0, limit: int = 100, *, user_id: str | None = None, agent_id: str | None = None,
                run_id: str | None = None, namespace: str | None = None) -> _Call[ChangesResponse]:
        """One page of the sync feed: ``{changes, next_since, has_more, last_seq}``."""
        params = {**_scope(user_id, agent_id, run_id, namespace), "since": since, "limit": limit}
        return _Call("GET", "/v1/changes", _query(params), idempotent=True)

    def whoami(self) -> _Call[WhoAmIResponse]:
        """The token's client id and granted namespaces."""
        return _Call("GET", "/v1/whoami", idempotent=True)

    def health(self) -> _Call[HealthResponse]:
        return _Call("GET", "/v1/health", idempotent=True)


class _GraphApi:
    def cypher(self, query: str, params: dict[str, Any] | None = None, *, user_id: str | None = None,
               agent_id: str | None = None, run_id: str | None = None, namespace: str | None = None
               ) -> _Call[list[dict[str, Any]]]:
        """A read-only Cypher query, confined to the scope (Memory.graph.cypher); returns the rows."""
        body = {**_scope(user_id, agent_id, run_id, namespace), "query": query, "params": params}
        return _Call("POST", "/v1/graph/cypher", body={k: v for k, v in body.items() if v is not None},
                     idempotent=True, key="results")

    def relations(self, *, include_invalid: bool = False, limit: int = 1000, user_id: str | None = None,
                  agent_id: str | None = None, run_id: str | None = None, namespace: str | None = None,
                  as_of: Any = None) -> _Call[list[GraphRelation]]:
        """The scope's entity relations (Memory.graph.relations); ``as_of``: those valid then."""
        params = {**_scope(user_id, agent_id, run_id, namespace), "include_invalid": include_invalid, "limit": limit,
                  "as_of": _json_default(as_of) if isinstance(as_of, (datetime, date)) else as_of}
        return _Call("GET", "/v1/graph/relations", _query(params), idempotent=True)


def _sync(build: Callable[Concatenate[Any, P], _Call[R]]) -> Callable[Concatenate[Any, P], R]:
    """A MemoryClient method: build the call, send it, answer its result type."""
    def method(self: Any, /, *args: P.args, **kwargs: P.kwargs) -> R:
        transport: _SyncTransport = self._transport
        return transport.send(build(self, *args, **kwargs))
    functools.update_wrapper(method, build)  # the name, docstring and signature of the _Api method
    return method


def _async(build: Callable[Concatenate[Any, P], _Call[R]]
           ) -> Callable[Concatenate[Any, P], Coroutine[Any, Any, R]]:
    """An AsyncMemoryClient method: the same, awaited."""
    async def method(self: Any, /, *args: P.args, **kwargs: P.kwargs) -> R:
        transport: _AsyncTransport = self._transport
        return await transport.send(build(self, *args, **kwargs))
    functools.update_wrapper(method, build)
    return method


class _Transport:
    """Encoding, retries and error mapping shared by the sync and async transports."""

    _classes = _error_classes()

    def __init__(self, base_url: str | None, token: str | None, retries: int, backoff: float):
        self.base_url = (base_url or os.environ.get(URL_ENV) or DEFAULT_URL).rstrip("/")
        token = token or os.environ.get(TOKEN_ENV)
        self.headers = {"Authorization": f"Bearer {token}"} if token else {}
        self.retries = retries
        self.backoff = backoff

    @staticmethod
    def encode(call: _Call[Any]) -> bytes | None:
        if call.body is None:
            return None
        try:
            return json.dumps(call.body, allow_nan=False, default=_json_default).encode()
        except (TypeError, ValueError, RecursionError) as exc:  # RecursionError: nested past json's stack
            raise ValidationError(f"arguments must be JSON-serialisable: {exc}") from None

    def delay(self, attempt: int, resp: httpx.Response | None = None) -> float | None:
        """Seconds to wait before retrying, or None when the call should not be retried."""
        if attempt >= self.retries:
            return None
        if resp is not None and resp.headers.get("retry-after", "").replace(".", "", 1).isdigit():
            return min(float(resp.headers["retry-after"]), 30.0)
        return min(self.backoff * 2.0 ** attempt, 8.0) * (0.5 + random.random() / 2)

    def retryable(self, call: _Call[Any], resp: httpx.Response) -> bool:
        if resp.status_code == 429:
            return True
        if resp.status_code == 409 and call.idempotent:
            return self._code(resp) == RequestInProgressError.code
        return call.idempotent and resp.status_code in _RETRY_STATUS

    @staticmethod
    def transport_retryable(call: _Call[Any], exc: httpx.TransportError) -> bool:
        return call.idempotent or isinstance(exc, (httpx.ConnectError, httpx.ConnectTimeout))

    def unavailable(self, exc: httpx.TransportError) -> HubUnavailableError:
        return HubUnavailableError(f"cannot reach the hub at {self.base_url}: {type(exc).__name__}: {exc}")

    @staticmethod
    def _code(resp: httpx.Response) -> str | None:
        try:
            code = resp.json()["error"]["code"]
        except (ValueError, KeyError, TypeError):
            return None
        return code if isinstance(code, str) else None

    def result(self, call: _Call[R], resp: httpx.Response) -> R:
        """The answer of a final response; raises the mapped MemGraphError for an error status."""
        if resp.is_success:
            data = resp.json()
            answer: R = data[call.key] if call.key else data  # the hub built it with this very type
            return answer
        try:
            err = resp.json()["error"]
            code, message, rid = err.get("code"), err.get("message") or resp.reason_phrase, err.get("request_id")
        except (ValueError, KeyError, TypeError, AttributeError):
            code, message, rid = None, f"HTTP {resp.status_code}: {resp.text[:200]}", None
        cls = self._classes.get(code or "") or _BY_STATUS.get(resp.status_code) or MemGraphError
        if cls is RateLimitError:
            exc: MemGraphError = RateLimitError(message, float(resp.headers.get("retry-after", "1") or 1))
        else:
            exc = cls(message)
        exc.status_code = resp.status_code
        exc.request_id = rid if isinstance(rid, str) else None
        raise exc


class _SyncTransport(_Transport):
    def __init__(self, base_url: str | None, token: str | None, timeout: float, retries: int, backoff: float,
                 http: httpx.Client | None):
        super().__init__(base_url, token, retries, backoff)
        self.http = http or httpx.Client(base_url=self.base_url, timeout=timeout)

    def send(self, call: _Call[R]) -> R:
        content = self.encode(call)
        headers = {**self.headers, **({"Content-Type": "application/json"} if content is not None else {})}
        attempt = 0
        while True:
            try:
                resp = self.http.request(call.method, call.path, params=call.params, content=content, headers=headers)
            except httpx.TransportError as exc:
                wait = self.delay(attempt) if self.transport_retryable(call, exc) else None
                if wait is None:
                    raise self.unavailable(exc) from exc
            else:
                wait = self.delay(attempt, resp) if self.retryable(call, resp) else None
                if wait is None:
                    return self.result(call, resp)
            time.sleep(wait)
            attempt += 1


class _AsyncTransport(_Transport):
    def __init__(self, base_url: str | None, token: str | None, timeout: float, retries: int, backoff: float,
                 http: httpx.AsyncClient | None):
        super().__init__(base_url, token, retries, backoff)
        self.http = http or httpx.AsyncClient(base_url=self.base_url, timeout=timeout)

    async def send(self, call: _Call[R]) -> R:
        content = self.encode(call)
        headers = {**self.headers, **({"Content-Type": "application/json"} if content is not None else {})}
        attempt = 0
        while True:
            try:
                resp = await self.http.request(call.method, call.path, params=call.params, content=content,
                                               headers=headers)
            except httpx.TransportError as exc:
                wait = self.delay(attempt) if self.transport_retryable(call, exc) else None
                if wait is None:
                    raise self.unavailable(exc) from exc
            else:
                wait = self.delay(attempt, resp) if self.retryable(call, resp) else None
                if wait is None:
                    return self.result(call, resp)
            await asyncio.sleep(wait)
            attempt += 1


class _Graph:
    cypher = _sync(_GraphApi.cypher)
    relations = _sync(_GraphApi.relations)

    def __init__(self, transport: _SyncTransport):
        self._transport = transport


class _AsyncGraph:
    cypher = _async(_GraphApi.cypher)
    relations = _async(_GraphApi.relations)

    def __init__(self, transport: _AsyncTransport):
        self._transport = transport


class MemoryClient:
    """The Memory API of a hub (``base_url`` defaults to $MEM_GRAPH_URL, ``token`` to $MEM_GRAPH_TOKEN)."""

    add = _sync(_Api.add)
    search = _sync(_Api.search)
    get = _sync(_Api.get)
    get_all = _sync(_Api.get_all)
    update = _sync(_Api.update)
    delete = _sync(_Api.delete)
    delete_all = _sync(_Api.delete_all)
    history = _sync(_Api.history)
    invalidate = _sync(_Api.invalidate)
    restore = _sync(_Api.restore)
    undo = _sync(_Api.undo)
    feedback = _sync(_Api.feedback)
    changes = _sync(_Api.changes)
    whoami = _sync(_Api.whoami)
    health = _sync(_Api.health)

    def __init__(self, base_url: str | None = None, token: str | None = None, *, timeout: float = 60.0,
                 retries: int = 3, backoff: float = 0.25, http: httpx.Client | None = None):
        self._transport = _SyncTransport(base_url, token, timeout, retries, backoff, http)
        self.graph = _Graph(self._transport)

    def iter_changes(self, since: int = 0, page: int = 500, **scope: Any) -> Iterator[HistoryEvent]:
        """Every change after ``since``, page by page, until caught up (each event carries its ``seq``)."""
        while True:
            out = self.changes(since, page, **scope)
            yield from out["changes"]
            since = out["next_since"]
            if not out["has_more"]:
                return

    def close(self) -> None:
        self._transport.http.close()

    def __enter__(self) -> MemoryClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class AsyncMemoryClient:
    """``MemoryClient`` with ``async`` methods (one httpx.AsyncClient, safe to share between tasks)."""

    add = _async(_Api.add)
    search = _async(_Api.search)
    get = _async(_Api.get)
    get_all = _async(_Api.get_all)
    update = _async(_Api.update)
    delete = _async(_Api.delete)
    delete_all = _async(_Api.delete_all)
    history = _async(_Api.history)
    invalidate = _async(_Api.invalidate)
    restore = _async(_Api.restore)
    undo = _async(_Api.undo)
    feedback = _async(_Api.feedback)
    changes = _async(_Api.changes)
    whoami = _async(_Api.whoami)
    health = _async(_Api.health)

    def __init__(self, base_url: str | None = None, token: str | None = None, *, timeout: float = 60.0,
                 retries: int = 3, backoff: float = 0.25, http: httpx.AsyncClient | None = None):
        self._transport = _AsyncTransport(base_url, token, timeout, retries, backoff, http)
        self.graph = _AsyncGraph(self._transport)

    async def iter_changes(self, since: int = 0, page: int = 500, **scope: Any) -> AsyncIterator[HistoryEvent]:
        while True:
            out = await self.changes(since, page, **scope)
            for change in out["changes"]:
                yield change
            since = out["next_since"]
            if not out["has_more"]:
                return

    async def aclose(self) -> None:
        await self._transport.http.aclose()

    async def __aenter__(self) -> AsyncMemoryClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()
