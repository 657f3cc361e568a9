"""What the MCP tool layer calls: a small memory interface and the caller's session.

``MemoryAccess`` is satisfied by the SDK's ``Memory`` as it is (stdio) and by ``mem_graph.mcp.hub.HubAccess``
(the hub's Memory as one token sees it). A ``Session`` pairs one of them with the caller's grant — a
``mem_graph.server.auth.Principal``, the hub's own grant type, so both transports check scopes with the same
code (``Principal.scope``) — and with the way blocking calls are run (a worker thread; on the hub, its
read / write / exploration limiters).
"""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeVar

from anyio import to_thread

from mem_graph.results import (
    AddResponse,
    DeleteResponse,
    GraphRelation,
    HistoryEvent,
    ListResponse,
    MemoryItem,
    SearchResponse,
    UpdateResponse,
)
from mem_graph.server.auth import Principal

if TYPE_CHECKING:
    import networkx as nx

    from mem_graph.cypher_sandbox import Exploration

Kind = Literal["read", "write", "explore"]
T = TypeVar("T")


class GraphAccess(Protocol):
    """``Memory.graph``: the part the tools use."""

    def relations(self, *, include_invalid: bool = False, limit: int = 1000,
                  **scope_ids: Any) -> list[GraphRelation]: ...

    def neighbours(self, entity: str, hops: int = 1, *, include_invalid: bool = False,
                   **scope_ids: Any) -> nx.MultiDiGraph: ...

    def explore(self, query: str, params: dict[str, Any] | None = None, *, max_rows: int | None = None,
                user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None,
                namespace: str | None = None) -> Exploration: ...


class MemoryAccess(Protocol):
    """The SDK calls the tools make (``mem_graph.Memory`` satisfies it)."""

    @property
    def graph(self) -> GraphAccess: ...

    def add(self, messages: Any, *, user_id: str | None = None, agent_id: str | None = None,
            run_id: str | None = None, namespace: str | None = None, metadata: dict[str, Any] | None = None,
            infer: bool = True, timestamp: Any = None, expires_at: Any = None, client_id: str | None = None,
            source_ref: str | None = None, event_id: str | None = None) -> AddResponse: ...

    def search(self, query: str, *, user_id: str | None = None, agent_id: str | None = None,
               run_id: str | None = None, namespace: str | None = None, limit: int = 10,
               filters: dict[str, Any] | None = None, explain: bool = False, include_invalidated: bool = False,
               rerank: bool = True, threshold: float | None = None, as_of: Any = None) -> SearchResponse: ...

    def get(self, memory_id: str, *, user_id: str | None = None, agent_id: str | None = None,
            run_id: str | None = None, namespace: str | None = None) -> MemoryItem: ...

    def get_all(self, *, user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None,
                namespace: str | None = None, limit: int = 100, filters: dict[str, Any] | None = None,
                include_invalidated: bool = False, as_of: Any = None) -> ListResponse: ...

    def update(self, memory_id: str, data: str, *, user_id: str | None = None, agent_id: str | None = None,
               run_id: str | None = None, namespace: str | None = None, metadata: dict[str, Any] | None = None,
               expected_version: int | None = None, client_id: str | None = None) -> UpdateResponse: ...

    def delete(self, memory_id: str, *, user_id: str | None = None, agent_id: str | None = None,
               run_id: str | None = None, namespace: str | None = None,
               client_id: str | None = None) -> DeleteResponse: ...

    def history(self, memory_id: str, *, user_id: str | None = None, agent_id: str | None = None,
                run_id: str | None = None, namespace: str | None = None) -> list[HistoryEvent]: ...


class Session(ABC):
    """One tool call's view: the memory, what the caller was granted, and how blocking calls run."""

    def __init__(self, memory: MemoryAccess, grant: Principal, max_rows: int | None = None) -> None:
        self.memory = memory
        self.grant = grant
        self.max_rows = max_rows  # cypher rows before ``truncated`` (None: the config's exploration.max_rows)

    def scope(self, user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None,
              namespace: str | None = None) -> dict[str, Any]:
        """Scope kwargs for an SDK call, checked against the grant (403 ``forbidden`` outside it). A caller
        granted exactly one user id may leave ``user_id`` out."""
        if user_id is None and len(self.grant.user_ids) == 1:
            user_id = self.grant.user_ids[0]
        return self.grant.scope(user_id, agent_id, run_id, namespace)

    @abstractmethod
    async def run(self, fn: Callable[..., T], *args: Any, kind: Kind = "read", **kwargs: Any) -> T:
        """Run a blocking SDK call off the event loop."""


class LocalSession(Session):
    """A ``Memory`` in this process (``mem-graph mcp``): every call on a worker thread."""

    async def run(self, fn: Callable[..., T], *args: Any, kind: Kind = "read", **kwargs: Any) -> T:
        return await to_thread.run_sync(functools.partial(fn, *args, **kwargs))


def local_grant(user_id: str | None = None, namespace: str | None = None) -> Principal:
    """The grant of a stdio server: pinned to ``user_id`` and ``namespace`` when given, else any of them."""
    return Principal(token_id="stdio", client_id="mcp-stdio", namespaces=(namespace,) if namespace else ("*",),
                     user_ids=(user_id,) if user_id else ())
